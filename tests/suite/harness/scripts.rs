//! The scripts under `scripts/` that rewrite committed files leave them as they were when
//! they fail: prerequisites are checked first, and results replace a file only at the end.

use std::path::Path;
use std::process::Command;

/// A copy of `results/knights/bench.csv` in a fresh folder, and the script's output when run
/// on it with `boardlab` = `binary`.
fn bench_knights_with(binary: &Path, dir: &Path) -> (std::process::Output, String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let folder = dir.join("knights");
    std::fs::create_dir_all(&folder).unwrap();
    let committed = std::fs::read_to_string(root.join("results/knights/bench.csv")).unwrap();
    std::fs::write(folder.join("bench.csv"), &committed).unwrap();
    let output = Command::new("bash")
        .arg(root.join("scripts/bench-knights.sh"))
        .arg(&folder)
        .env("BOARDLAB", binary)
        .current_dir(dir)
        .output()
        .unwrap();
    let after = std::fs::read_to_string(folder.join("bench.csv")).unwrap_or_default();
    (output, committed, after)
}

#[test]
fn bench_knights_without_a_binary_keeps_the_old_bench_csv() {
    let dir = tempfile::tempdir().unwrap();
    let (output, before, after) =
        bench_knights_with(&dir.path().join("no-such-boardlab"), dir.path());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no boardlab at"), "{stderr}");
    assert!(stderr.contains("BOARDLAB="), "{stderr}");
    assert_eq!(after, before, "bench.csv changed");
}

/// A boardlab that measures the first sizes and then fails: the rows already measured must
/// not replace the committed file, and nothing of the attempt may stay behind.
#[test]
fn bench_knights_failing_midway_keeps_the_old_bench_csv() {
    let dir = tempfile::tempdir().unwrap();
    let fake = dir.path().join("fake-boardlab");
    std::fs::write(
        &fake,
        "#!/usr/bin/env bash\n\
         count_file=\"$(dirname \"$0\")/calls\"\n\
         calls=$(( $(cat \"$count_file\" 2>/dev/null || echo 0) + 1 ))\n\
         echo $calls > \"$count_file\"\n\
         (( calls > 4 )) && { echo 'error: out of memory' >&2; exit 2; }\n\
         for a in \"$@\"; do [[ $prev == --out ]] && echo 'size,rule' >> \"$a\"; prev=$a; done\n\
         echo '{}'\n",
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
    let (output, before, after) = bench_knights_with(&fake, dir.path());
    assert!(!output.status.success());
    assert_eq!(after, before, "bench.csv changed");
    let left: Vec<String> = std::fs::read_dir(dir.path().join("knights"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["bench.csv"], "left behind: {left:?}");
}

/// Every shell script of the project parses (`bash -n`): a script is run by hand, far from
/// the tests, and a syntax error (an unresolved merge, say) would wait for its user.
#[test]
fn every_shell_script_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts = vec![root.join(".ci/run")];
    let mut folders = vec![root.join("scripts")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && !path.ends_with("node_modules") {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "sh") {
                scripts.push(path);
            }
        }
    }
    assert!(scripts.len() > 5, "{scripts:?}");
    for script in scripts {
        let output = std::process::Command::new("bash")
            .arg("-n")
            .arg(&script)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}: {}",
            script.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// `scripts/scaling.py` run with `boardlab` = `binary` and `args`, in a fresh folder.
fn scaling_with(binary: &Path, args: &[&str]) -> std::process::Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    Command::new("python3")
        .arg(root.join("scripts/scaling.py"))
        .args(args)
        .env("BOARDLAB", binary)
        .current_dir(dir.path())
        .output()
        .unwrap()
}

/// Each spec runs at each thread count, its row's checksum is the one a plain `boardlab run`
/// of the same spec and draws records, and a predicted thread count gets a row of its own.
#[test]
fn scaling_script_runs_every_thread_count_and_reads_the_manifests() {
    let binary = Path::new(env!("CARGO_BIN_EXE_boardlab"));
    let output = scaling_with(
        binary,
        &[
            "--threads",
            "2,1",
            "--predict",
            "8",
            "fifteen:300",
            "knights-tour:40",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = crate::common::csv_rows_of(&output.stdout[..]);
    let shape: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["spec"].as_str(), r["threads"].as_str()))
        .collect();
    let expected = [
        ("fifteen", "1"),
        ("fifteen", "2"),
        ("fifteen", "8"),
        ("knights-tour", "1"),
        ("knights-tour", "2"),
        ("knights-tour", "8"),
    ];
    assert_eq!(shape, expected);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (spec, draws) in [("fifteen", "300"), ("knights-tour", "40")] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("run");
        let status = Command::new(binary)
            .arg("run")
            .arg(root.join(format!("experiments/examples/{spec}.toml")))
            .args(["--draws", draws, "--threads", "1", "--quiet", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(status.status.success());
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap())
                .unwrap();
        let checksum = manifest["data"]["xxh3_64"].as_str().unwrap();
        let of_spec: Vec<_> = rows.iter().filter(|r| r["spec"] == spec).collect();
        assert_eq!(of_spec[0]["xxh3_64"], checksum, "{spec}");
        assert_eq!(of_spec[1]["xxh3_64"], checksum, "{spec}");
        assert_eq!(of_spec[0]["speedup"], "1.000");
        assert!(of_spec[2]["seconds"].is_empty() && !of_spec[2]["predicted_speedup"].is_empty());
    }
}

/// With `--compress` every run writes `draws.csv.zst`: the checksums agree between thread
/// counts, and the workers' compressing is read from the manifests.
#[test]
fn scaling_script_runs_compressed_data_and_reads_their_compressing_time() {
    let binary = Path::new(env!("CARGO_BIN_EXE_boardlab"));
    let output = scaling_with(binary, &["--threads", "1,2", "--compress", "fifteen:20000"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = crate::common::csv_rows_of(&output.stdout[..]);
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["xxh3_64"], rows[1]["xxh3_64"]);
    for row in &rows {
        let seconds: f64 = row["compress_seconds"].parse().unwrap();
        assert!(seconds > 0.0, "{row:?}");
    }
}

/// A stand-in for `boardlab run` that writes a manifest with the given parts and a checksum
/// made from `checksum` (a shell expression that may use `$threads`). Its computing takes 8
/// thread-seconds, except in one-thread runs after the first, which take 10.
fn fake_run(dir: &Path, checksum: &str) -> std::path::PathBuf {
    let fake = dir.join("fake-boardlab");
    std::fs::write(
        &fake,
        format!(
            "#!/usr/bin/env bash\n\
             while (( $# )); do case $1 in --out) out=$2;; --threads) threads=$2;; esac; shift; done\n\
             mkdir -p \"$out\"\n\
             b=2; if [[ $threads == 1 ]]; then [[ -e one-thread-ran ]] && b=4; touch one-thread-ran; fi\n\
             cat > \"$out/manifest.json\" <<END\n\
             {{\"sessions\": [{{\"wall_seconds\": 9, \"writer_seconds\": 0.5, \"sync_seconds\": 0.1}}],\n\
             \"series_seconds\": {{\"a\": 6, \"b\": $b}}, \"outputs_seconds\": 2,\n\
             \"data\": {{\"xxh3_64\": \"{checksum}\"}}}}\n\
             END\n"
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
    fake
}

/// The prediction is Amdahl's law on the one-thread run: computing (8 thread-seconds) and
/// outputs (2) shared among the threads, no faster than the writing thread (0.5), the rest of
/// the measured time serial.
#[test]
fn scaling_script_predicts_by_amdahls_law_from_the_one_thread_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_run(dir.path(), "same");
    let output = scaling_with(
        &fake,
        &["--threads", "1", "--predict", "4,32", "fifteen:10"],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = crate::common::csv_rows_of(&output.stdout[..]);
    let seconds: f64 = rows[0]["seconds"].parse().unwrap();
    let serial = (seconds - 10.0).max(0.0);
    for (row, threads) in rows[1..].iter().zip([4.0f64, 32.0]) {
        let expected = seconds / (serial + (8.0 / threads).max(0.5) + 2.0 / threads);
        let got: f64 = row["predicted_speedup"].parse().unwrap();
        assert!(
            (got - expected).abs() < 2e-3,
            "{threads}: {got} against {expected}"
        );
    }
}

/// `--ceiling` runs as many one-thread copies at once as the most threads asked for: the
/// fake's copies compute 10 thread-seconds against the lone run's 8, so the ceiling on 4
/// threads is 4 × 8 / 10.
#[test]
fn scaling_script_measures_the_ceiling_with_one_thread_copies() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_run(dir.path(), "same");
    let output = scaling_with(&fake, &["--threads", "1,2,4", "--ceiling", "fifteen:10"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows = crate::common::csv_rows_of(&output.stdout[..]);
    let ceilings: Vec<&str> = rows.iter().map(|r| r["ceiling_speedup"].as_str()).collect();
    assert_eq!(ceilings, ["", "", "3.200"]);
}

#[test]
fn scaling_script_says_when_thread_counts_write_different_data() {
    let dir = tempfile::tempdir().unwrap();
    let fake = fake_run(dir.path(), "data-of-$threads");
    let output = scaling_with(&fake, &["--threads", "1,3", "fifteen:10"]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("draws.csv differs between thread counts"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn scaling_script_rejects_bad_input_in_one_line() {
    let binary = Path::new(env!("CARGO_BIN_EXE_boardlab"));
    for (args, says) in [
        (
            &["--threads", "0,2", "fifteen:10"][..],
            "thread counts from 1",
        ),
        (&["no-such-spec:10"], "name an example"),
        (&["fifteen"], "is not SPEC:DRAWS"),
        (
            &["--threads", "2", "--predict", "16", "fifteen:10"],
            "needs a one-thread run",
        ),
        (
            &["--threads", "2,4", "--ceiling", "fifteen:10"],
            "--ceiling needs a one-thread run",
        ),
        (
            &["--out", "no/such/folder/scaling.csv", "fifteen:10"],
            "no such folder",
        ),
    ] {
        let output = scaling_with(binary, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let missing = scaling_with(Path::new("/no/such/boardlab"), &["fifteen:10"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("BOARDLAB="));
}
