//! The `marginals` command on a small run: a fair and an unfair generator told apart by kind
//! per square, pair shape and edge pairs against the weighted uniform reference, the data
//! independent of the thread count, the report made again from the files, bad input refused
//! in one line. (The reference's means against an exact enumeration are unit tests.)

use crate::common::{boardlab, csv_rows};

fn marginals(out: &std::path::Path, threads: &str) -> std::process::Output {
    boardlab()
        .args(["chess-memory", "marginals", "--board-size", "4"])
        .args(["--algorithms", "seed,uniform", "--orders", "QNBR"])
        .args(["--draws", "20000", "--proposals", "20000", "--quiet"])
        .args(["--threads", threads, "--out"])
        .arg(out)
        .output()
        .unwrap()
}

const TABLES: [&str; 4] = ["pairs.csv", "kinds.csv", "uniform.csv", "marginals.json"];

#[test]
fn the_study_tells_the_seed_from_the_uniform_sampler_at_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        let output = marginals(out, threads);
        assert!(output.status.success(), "{output:?}");
    }
    let read = |dir: &std::path::Path, file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
    for table in &TABLES[..3] {
        assert_eq!(read(&one, table), read(&two, table), "{table}");
    }
    for file in ["kinds.svg", "pairs.png"] {
        assert!(one.join(file).is_file(), "{file}");
    }
    let kinds = csv_rows(&one.join("kinds.csv"));
    let generators: Vec<&str> = kinds.iter().map(|r| r["generator"].as_str()).collect();
    assert_eq!(generators, ["seed/QNBR", "uniform/QNBR"]);
    let smallest_p = |generator: &str| {
        (kinds.iter().chain(&csv_rows(&one.join("pairs.csv"))))
            .filter(|r| r["generator"] == generator)
            .map(|r| r["p_holm"].parse::<f64>().unwrap())
            .fold(1.0, f64::min)
    };
    assert!(smallest_p("seed/QNBR") < 1e-6);
    assert!(smallest_p("uniform/QNBR") > 0.01);
    let report = read(&one, "REPORT.md");
    assert!(
        report.contains("1 of the 2 generators with enough boards to test: seed/QNBR"),
        "{report}"
    );
    // The report is made again from the files alone.
    std::fs::remove_file(one.join("REPORT.md")).unwrap();
    let replot = boardlab()
        .args(["chess-memory", "marginals", "--replot", "--out"])
        .arg(&one)
        .output()
        .unwrap();
    assert!(replot.status.success(), "{replot:?}");
    assert_eq!(read(&one, "REPORT.md"), report);
    // A second study into the same folder is refused, and the first one is kept.
    let again = marginals(&one, "1");
    assert_eq!(again.status.code(), Some(2));
    let stderr = String::from_utf8(again.stderr).unwrap();
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("already holds"), "{stderr}");
    assert_eq!(read(&one, "kinds.csv"), read(&two, "kinds.csv"));
}

#[test]
fn bad_input_is_refused_in_one_line_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for (args, names) in [
        (&["--draws", "1"][..], "--draws"),
        (&["--proposals", "0"][..], "--proposals"),
        (&["--board-size", "9"][..], "--board-size"),
        (&["--orders", "QNBX"][..], "--orders"),
        (&["--algorithms", "uniform"][..], "--algorithms"),
    ] {
        let out = dir.path().join("study");
        let output = boardlab()
            .args(["chess-memory", "marginals", "--quiet"])
            .args(args)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(names), "{args:?}: {stderr}");
        assert!(!out.exists(), "{args:?} made the folder");
    }
    // --replot of a folder that does not exist, or holds no study.
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    for (folder, says) in [
        (dir.path().join("nothing"), "cannot open the folder"),
        (empty, "holds no marginals study"),
    ] {
        let output = boardlab()
            .args(["chess-memory", "marginals", "--replot", "--out"])
            .arg(&folder)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
}
