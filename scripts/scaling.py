#!/usr/bin/env python3
"""How much faster `boardlab run` is on T threads than on one, on this machine.

Runs each experiment spec at every thread count given, into scratch folders, and prints one
CSV row per run: the process's wall time, the parts its manifest records (the draws'
computing in thread-seconds, the writing thread, its syncs, the outputs), the speed-up over
the run on the fewest threads, and the speed-up the one-thread run's manifest predicts. Every
run of a spec must write the same `draws.csv` (the manifests' checksums are compared); if
they differ the script says so and exits 1.

    scripts/scaling.py --threads 1,16 --ceiling
    scripts/scaling.py --threads 1,2 --predict 16 fifteen:200000 knights-tour:20000
    scripts/scaling.py --threads 1,2 --predict 16 --compress fifteen:200000

A SPEC:DRAWS argument names a spec (an example under experiments/examples/, or a path to a
.toml file) and the `--draws` to run it with. Without any, the four example specs run at sizes
that take 12-31 s on one thread of a 2.5 GHz Xeon. `BOARDLAB` names the binary (default:
target/release/boardlab). The prediction is Amdahl's law on the one-thread run: its draws'
computing and its outputs shared among the threads, no faster than its writing thread, and
everything else (start, setup, the run's own overhead) serial.

`--ceiling` also runs, at the most threads asked for, that many one-thread runs at once as
separate processes. They share nothing but the machine, so `ceiling_speedup` (that many
times the lone one-thread run's computing rate over theirs) is the most any program gets
there: when every core is busy, clocks fall and caches and memory are shared.
"""
import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RUNS = ["chess-memory:6000", "draughts:15000", "knights-tour:800000", "fifteen:5000000"]
COLUMNS = [
    "spec", "draws", "threads", "seconds", "run_seconds", "compute_seconds", "writer_seconds",
    "sync_seconds", "outputs_seconds", "speedup", "predicted_speedup", "ceiling_speedup",
    "xxh3_64", "compress_seconds",
]


class Failure(Exception):
    """Bad input or a failed run: one line, exit status 2."""


def spec_path(name):
    if name.endswith(".toml"):
        path = name
    else:
        path = os.path.join(ROOT, "experiments", "examples", name + ".toml")
    if not os.path.isfile(path):
        examples = sorted(
            f[:-5] for f in os.listdir(os.path.join(ROOT, "experiments", "examples"))
            if f.endswith(".toml")
        )
        raise Failure(f"no spec {path}; name an example ({', '.join(examples)}) or a .toml file")
    return path


def parse_run(text):
    name, sep, draws = text.rpartition(":")
    if not sep or not draws.isdigit() or int(draws) == 0:
        raise Failure(f"{text!r} is not SPEC:DRAWS; write e.g. fifteen:200000")
    return name, spec_path(name), int(draws)


def start_run(binary, spec, draws, threads, out, options=()):
    shutil.rmtree(out, ignore_errors=True)
    command = [binary, "run", spec, "--draws", str(draws), "--threads", str(threads),
               "--out", out, "--quiet", *options]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    return command, process, started


def finish_run(command, process, started, out):
    """Waits for a run; its measures, `seconds` the process's wall time (the scratch folder is
    removed after, untimed: deleting a large draws.csv can take a good part of a second)."""
    _, stderr = process.communicate()
    seconds = time.perf_counter() - started
    if process.returncode != 0:
        lines = stderr.strip().splitlines() or [f"exit status {process.returncode}"]
        raise Failure(f"{' '.join(command[1:])} failed: {lines[-1]}")
    with open(os.path.join(out, "manifest.json")) as f:
        manifest = json.load(f)
    shutil.rmtree(out, ignore_errors=True)
    session = manifest["sessions"][-1]
    return {
        "seconds": seconds,
        "run_seconds": session["wall_seconds"],
        "compute_seconds": sum(manifest["series_seconds"].values()),
        "writer_seconds": session.get("writer_seconds", 0.0),
        "sync_seconds": session.get("sync_seconds", 0.0),
        "outputs_seconds": manifest.get("outputs_seconds") or 0.0,
        "xxh3_64": manifest["data"].get("xxh3_64", ""),
        "compress_seconds": session.get("compress_seconds", 0.0),
    }


def run_once(binary, spec, draws, threads, scratch, options):
    out = os.path.join(scratch, f"t{threads}")
    return finish_run(*start_run(binary, spec, draws, threads, out, options), out)


def ceiling_speedup(binary, spec, draws, copies, one, scratch, options):
    """`copies` one-thread runs at once, as separate processes that share nothing but the
    machine: `copies` times the one-thread run's computing rate over theirs is the speed-up
    that no program can pass on this machine at `copies` threads (clock speeds fall and
    caches and memory are shared when every core is busy)."""
    outs = [os.path.join(scratch, f"copy{i}") for i in range(copies)]
    started = []
    try:
        for out in outs:
            started.append(start_run(binary, spec, draws, 1, out, options))
        loaded = [finish_run(*run, out) for run, out in zip(started, outs)]
    finally:
        # A failed or interrupted copy stops the others before their scratch folder goes.
        for _, process, _ in started:
            if process.poll() is None:
                process.kill()
                process.wait()
    mean = sum(m["compute_seconds"] for m in loaded) / copies
    return copies * one["compute_seconds"] / mean


def predicted_seconds(one, threads):
    """The one-thread run's time on `threads` threads by Amdahl's law (see the module doc)."""
    workers = one["compute_seconds"] + one["compress_seconds"]
    parallel = workers + one["outputs_seconds"]
    serial = max(one["seconds"] - parallel, 0.0)
    computing = max(workers / threads, one["writer_seconds"])
    return serial + computing + one["outputs_seconds"] / threads


def fastest(binary, spec, draws, threads, runs, scratch, options):
    best = None
    for _ in range(runs):
        measured = run_once(binary, spec, draws, threads, scratch, options)
        if best is not None and measured["xxh3_64"] != best["xxh3_64"]:
            raise Failure(f"{spec}: two runs on {threads} threads wrote different draws.csv")
        if best is None or measured["seconds"] < best["seconds"]:
            best = measured
    return best


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Exit status: 0 measured, 1 a spec's data differ between thread counts, "
        "2 bad input or a failed run, 130 interrupted.",
    )
    parser.add_argument("runs", nargs="*", metavar="SPEC:DRAWS", default=DEFAULT_RUNS)
    parser.add_argument("--threads", metavar="T,T,...",
                        default=f"1,{os.cpu_count() or 1}",
                        help="thread counts to run, comma-separated (default: 1 and this "
                        "machine's CPUs)")
    parser.add_argument("--predict", metavar="T,T,...", default="",
                        help="thread counts to predict without running them (rows with only "
                        "the prediction)")
    parser.add_argument("--ceiling", action="store_true",
                        help="also run as many one-thread copies at once as the most threads "
                        "asked for, and give the speed-up the machine itself allows there")
    parser.add_argument("--runs", type=int, default=1, dest="repeat", metavar="N",
                        help="time each run N times and keep the fastest (default 1)")
    parser.add_argument("--compress", action="store_true",
                        help="run with --compress: the data in draws.csv.zst, compressed on "
                        "the worker threads (compress_seconds, counted as parallel work)")
    parser.add_argument("--out", metavar="FILE", help="write the CSV to FILE (default: stdout)")
    args = parser.parse_args()
    try:
        if args.out is not None and not os.path.isdir(os.path.dirname(args.out) or "."):
            raise Failure(f"--out {args.out}: no such folder; create it or name a file in one")
        rows = measure(args)
    except KeyboardInterrupt:
        print("scaling.py: interrupted; nothing written", file=sys.stderr)
        return 130
    except Failure as failure:
        print(f"scaling.py: {failure}", file=sys.stderr)
        return 2
    except DataDiffer as differ:
        print(f"scaling.py: {differ}", file=sys.stderr)
        return 1
    write_rows(rows, args.out)
    return 0


class DataDiffer(Exception):
    """Runs of one spec at different thread counts wrote different data."""


def measure(args):
    threads = thread_counts("--threads", args.threads)
    predicted = [t for t in thread_counts("--predict", args.predict) if t not in threads]
    if args.repeat < 1:
        raise Failure(f"--runs {args.repeat}: write a whole number from 1, e.g. --runs 3")
    for option, wanted, example in [("--predict", predicted, "--threads 1,2 --predict 16"),
                                    ("--ceiling", args.ceiling, "--threads 1,16 --ceiling")]:
        if wanted and threads[0] != 1:
            raise Failure(f"{option} needs a one-thread run; write e.g. {example}")
    runs = [parse_run(text) for text in args.runs]
    binary = os.environ.get("BOARDLAB", os.path.join(ROOT, "target", "release", "boardlab"))
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        raise Failure(f"no boardlab at {binary}; run cargo build --release or set BOARDLAB=")
    rows = []
    with tempfile.TemporaryDirectory(prefix="boardlab-scaling-") as scratch:
        for name, spec, draws in runs:
            options = ["--compress"] if args.compress else []
            measured = {t: fastest(binary, spec, draws, t, args.repeat, scratch, options)
                        for t in threads}
            base = measured[threads[0]]
            checksums = {m["xxh3_64"] for m in measured.values()}
            if len(checksums) != 1:
                raise DataDiffer(f"{name}: draws.csv differs between thread counts {threads}")
            for t in threads:
                row = {"spec": name, "draws": draws, "threads": t, **measured[t]}
                row["speedup"] = base["seconds"] / measured[t]["seconds"]
                row["predicted_speedup"] = (
                    base["seconds"] / predicted_seconds(base, t) if threads[0] == 1 else ""
                )
                if args.ceiling and t == threads[-1]:
                    row["ceiling_speedup"] = ceiling_speedup(binary, spec, draws, t, base,
                                                             scratch, options)
                rows.append(row)
                print(f"{name} --draws {draws}: {t} thread(s) {measured[t]['seconds']:.2f} s, "
                      f"{row['speedup']:.2f}x", file=sys.stderr, flush=True)
            for t in predicted:
                rows.append({"spec": name, "draws": draws, "threads": t,
                             "predicted_speedup": base["seconds"] / predicted_seconds(base, t)})
    return rows


def thread_counts(option, text):
    counts = [c for c in text.split(",") if c]
    if not all(c.isdigit() and int(c) > 0 for c in counts) or (option == "--threads" and not counts):
        raise Failure(f"{option} {text}: write thread counts from 1, comma-separated, e.g. 1,16")
    return sorted({int(c) for c in counts})


def write_rows(rows, path):
    def write(out):
        writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: f"{v:.3f}" if isinstance(v, float) else v for k, v in row.items()})

    if path is None:
        write(sys.stdout)
        return
    # Written beside the target and renamed, so a failed run leaves no half file.
    partial = path + ".partial"
    with open(partial, "w", newline="") as f:
        write(f)
    os.replace(partial, path)


if __name__ == "__main__":
    sys.exit(main())
