#!/usr/bin/env python3
"""Simulates how `boardlab run` hands out draws to T worker threads, from a draws.csv.

Each worker takes the next chunk of positions from a shared counter when it is free; a draw
costs its `iterations` (plus a fixed per-draw overhead, in iterations), so a chunk costs the
sum of its draws. The script prints, per chunking rule and thread count, the speed-up over
one thread (total cost / makespan) and the efficiency (speed-up / T). It shows the part of
the parallel loss that comes from scheduling alone, without a machine with that many cores.

    scripts/chunk-schedule.py results/default/draws.csv --threads 2 16 --chunks 256 64 guided
"""
import argparse
import csv
import heapq


def costs(path, overhead):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        series, out = None, []
        for row in reader:
            out.append((row["ordering"], int(row["iterations"]) + overhead))
    return out


def fixed_chunks(draws, size):
    """Chunks of `size` positions that never straddle two series (as the runner makes)."""
    chunks, start = [], 0
    while start < len(draws):
        end = start
        label = draws[start][0]
        while end < len(draws) and end - start < size and draws[end][0] == label:
            end += 1
        chunks.append(sum(c for _, c in draws[start:end]))
        start = end
    return chunks


def guided_chunks(draws, threads, smallest=16, largest=256):
    """Chunk sizes shrinking with the draws left: left / (4 T), within [smallest, largest]."""
    chunks, start, n = [], 0, len(draws)
    while start < n:
        size = max(smallest, min(largest, (n - start) // (4 * threads)))
        end = start
        label = draws[start][0]
        while end < n and end - start < size and draws[end][0] == label:
            end += 1
        chunks.append(sum(c for _, c in draws[start:end]))
        start = end
    return chunks


def makespan(chunks, threads):
    free = [0.0] * threads
    heapq.heapify(free)
    for cost in chunks:
        t = heapq.heappop(free)
        heapq.heappush(free, t + cost)
    return max(free)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("draws_csv")
    parser.add_argument("--threads", type=int, nargs="+", default=[2, 16])
    parser.add_argument("--chunks", nargs="+", default=["256", "64", "16", "guided"])
    parser.add_argument("--overhead", type=int, default=50,
                        help="fixed cost of a draw in iterations (stream, validation, row)")
    args = parser.parse_args()
    draws = costs(args.draws_csv, args.overhead)
    total = sum(c for _, c in draws)
    print(f"{len(draws)} draws, {total} iterations")
    print("chunking,threads,chunks,speedup,efficiency")
    for rule in args.chunks:
        for t in args.threads:
            chunks = guided_chunks(draws, t) if rule == "guided" else fixed_chunks(draws, int(rule))
            span = makespan(chunks, t)
            speedup = total / span
            print(f"{rule},{t},{len(chunks)},{speedup:.2f},{speedup / t:.3f}")


if __name__ == "__main__":
    main()
