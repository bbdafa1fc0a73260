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
