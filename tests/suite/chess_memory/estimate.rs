//! `boardlab chess-memory estimate` end to end: its figures bracket the exact counts, do not
//! depend on the number of threads, and bad requests end in one line with exit status 2.

use crate::common::boardlab;

fn estimate_json(args: &[&str]) -> serde_json::Value {
    let output = boardlab()
        .args(["chess-memory", "estimate", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn both_methods_bracket_the_count_of_the_full_4x4_board_for_any_thread_count() {
    // 9,683,712 boards: `chess-memory count --board-size 4` and the Ganak row of
    // results/counts/counts.csv.
    for method in [
        ["--method", "square", "--tail-squares", "6"],
        ["--method", "symbol", "--tail-symbols", "2"],
    ] {
        let mut args = vec!["--board-size", "4", "--probes", "500", "--seed", "9"];
        args.extend(method);
        let one = estimate_json(&[args.as_slice(), &["--threads", "1"]].concat());
        let three = estimate_json(&[args.as_slice(), &["--threads", "3"]].concat());
        for key in ["estimate", "low", "high", "nonzero", "largest_share"] {
            assert_eq!(one[key], three[key], "{method:?} {key}");
        }
        let (low, high) = (one["low"].as_f64().unwrap(), one["high"].as_f64().unwrap());
        assert!(low < 9_683_712.0 && 9_683_712.0 < high, "{method:?}: {one}");
        assert_eq!(one["probes"], 500);
    }
}

#[test]
fn bad_requests_end_in_one_line_with_status_2() {
    for (args, says) in [
        (vec!["--probes", "0"], "give --probes 1 or more"),
        (
            vec!["--pairing", "knight", "--method", "symbol"],
            "use --method square with --pairing",
        ),
        (vec!["--board-size", "9"], "use a side from 4 to 8"),
        (vec!["--method", "census"], "use one of: square, symbol"),
        (vec!["--order", "QNBX"], "--order"),
    ] {
        let output = boardlab()
            .args(["chess-memory", "estimate"])
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
    }
}
