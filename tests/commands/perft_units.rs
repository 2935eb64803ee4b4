//! `perft --hash`, and work units: `perft --split K`, `perft --unit LINE`, `perft --merge UNITS
//! RESULTS...`, run through GNU parallel as the README shows, and every refusal.

use std::path::Path;
use std::process::Command;

use crate::helpers::cli::{Run, run as chessgraph};
use crate::helpers::temp_dir;

/// The count of a `Nodes searched: N` output.
fn nodes(r: &Run) -> u64 {
    r.assert_ok();
    let last = r.stdout.lines().last().unwrap_or_default();
    last.strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {:?}", r.stdout))
}

#[test]
fn hashed_perft_prints_the_same_count_and_its_hits() {
    let plain = chessgraph(&["perft", "variants/chess.toml", "5", "--threads", "1"]);
    for threads in ["1", "2"] {
        let hashed = chessgraph(&[
            "perft",
            "variants/chess.toml",
            "5",
            "--hash",
            "16",
            "--threads",
            threads,
        ]);
        assert_eq!(hashed.stdout, plain.stdout);
        assert_eq!(nodes(&hashed), 4_865_609);
        let line = hashed
            .stderr
            .lines()
            .find(|l| l.starts_with("hash: "))
            .unwrap_or_else(|| panic!("no hash line: {}", hashed.stderr));
        let hits: u64 = line
            .split("probes, ")
            .nth(1)
            .and_then(|r| r.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("no hits in {line:?}"));
        assert!(hits > 0, "{line}");
    }
    // With --divide, the split is the same too.
    let args = ["perft", "variants/crazyhouse.toml", "3", "--divide"];
    let plain = chessgraph(&args);
    let hashed = chessgraph(&[&args[..], &["--hash", "1", "--threads", "1"]].concat());
    assert_eq!(hashed.stdout, plain.stdout);
}

#[test]
fn hash_sizes_out_of_range_are_refused() {
    for size in ["0", "1048577", "lots"] {
        chessgraph(&["perft", "variants/chess.toml", "2", "--hash", size])
            .assert_error(&["--hash"]);
    }
}

/// The units of `perft VARIANT DEPTH --split K` plus `extra` arguments.
fn split(variant: &str, depth: &str, k: &str, extra: &[&str]) -> String {
    let r = chessgraph(&[&["perft", variant, depth, "--split", k], extra].concat());
    r.assert_ok();
    assert!(r.stderr.contains("unit(s) of depth"), "{}", r.stderr);
    r.stdout
}

#[test]
fn split_units_count_to_the_plain_perft_one_by_one() {
    for (variant, depth, k, extra) in [
        ("variants/chess.toml", "3", "1", &[][..]),
        ("variants/chess.toml", "3", "1", &["--moves", "e2e4"][..]),
        ("variants/three_man_chess.toml", "2", "1", &[][..]),
        (
            "variants/crazyhouse.toml",
            "2",
            "1",
            &["--fen", "r3k2r/8/8/8/8/8/8/R3K2R[Qq] w KQkq - 0 1"][..],
        ),
        ("variants/chess.toml", "2", "0", &[][..]),
        ("variants/gardner.toml", "2", "2", &[][..]),
    ] {
        let units = split(variant, depth, k, extra);
        let mut total = 0;
        for line in units.lines() {
            assert!(line.starts_with("unit "), "{line}");
            let r = chessgraph(&["perft", variant, "--unit", line]);
            r.assert_ok();
            let result = r.stdout.trim_end();
            assert_eq!(result.lines().count(), 1, "{result}");
            let (count, unit) = result
                .strip_prefix("result ")
                .and_then(|r| r.split_once(' '))
                .unwrap_or_else(|| panic!("not a result line: {result}"));
            assert_eq!(unit, line, "the result names its unit");
            total += count.parse::<u64>().expect("a count");
        }
        let plain = chessgraph(&[&["perft", variant, depth], extra].concat());
        assert_eq!(
            total,
            nodes(&plain),
            "{variant} {depth} split {k} {extra:?}"
        );
    }
}

#[test]
fn a_unit_line_is_the_arguments_of_a_plain_perft() {
    let units = split("variants/chess.toml", "4", "2", &["--moves", "d2d4"]);
    let line = units.lines().nth(7).expect("units");
    // `unit HASH base 1 2 --moves "d2d4 ..."`: after `base N`, the arguments of perft.
    let rest = line.split_once(" base 1 ").expect("base 1").1;
    let (depth, moves) = rest.split_once(" --moves ").expect("--moves");
    let moves = moves.trim_matches('"');
    let plain = chessgraph(&["perft", "variants/chess.toml", depth, "--moves", moves]);
    let unit = chessgraph(&["perft", "variants/chess.toml", "--unit", line]);
    let count = unit.stdout.split_whitespace().nth(1).expect("count");
    assert_eq!(count, nodes(&plain).to_string());
}

/// Writes `text` to `dir/name` and returns the path as text.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

/// The result lines of every unit, counted one by one.
fn results(variant: &str, units: &str) -> Vec<String> {
    units
        .lines()
        .map(|u| {
            let r = chessgraph(&["perft", variant, "--unit", u]);
            r.assert_ok();
            r.stdout.trim_end().to_string()
        })
        .collect()
}

#[test]
fn merge_adds_up_and_refuses_missing_duplicate_and_foreign_results() {
    let dir = temp_dir();
    let units = split("variants/chess.toml", "3", "1", &[]);
    let res = results("variants/chess.toml", &units);
    let u = write(dir.path(), "units.txt", &units);
    let (first, rest) = res.split_at(7);
    let a = write(dir.path(), "a.txt", &(first.join("\n") + "\n"));
    let b = write(dir.path(), "b.txt", &(rest.join("\n") + "\n"));
    assert_eq!(nodes(&chessgraph(&["perft", "--merge", &u, &a, &b])), 8902);

    // A unit without a result.
    chessgraph(&["perft", "--merge", &u, &b]).assert_error(&[
        "--merge: 7 unit(s) have no result; the first is",
        "units.txt:1: `unit ",
    ]);
    // A second result of one unit (even an equal one).
    let again = write(dir.path(), "again.txt", &(first[2].clone() + "\n"));
    chessgraph(&["perft", "--merge", &u, &a, &b, &again]).assert_error(&[
        "again.txt:1: a second result of the unit of",
        "units.txt:3 (the first is",
        "a.txt:3)",
    ]);
    // Results of another split: other files, other depth.
    let other = split("variants/crazyhouse.toml", "3", "1", &[]);
    let foreign = write(
        dir.path(),
        "foreign.txt",
        &(results("variants/crazyhouse.toml", &other)[0].clone() + "\n"),
    );
    chessgraph(&["perft", "--merge", &u, &a, &b, &foreign]).assert_error(&[
        "foreign.txt:1: the result of no unit of",
        "it is of other variant files (content hash",
    ]);
    let deeper = split("variants/chess.toml", "2", "1", &[]);
    let deeper = write(
        dir.path(),
        "deeper.txt",
        &(results("variants/chess.toml", &deeper)[0].clone() + "\n"),
    );
    chessgraph(&["perft", "--merge", &u, &a, &b, &deeper])
        .assert_error(&["deeper.txt:1: the result of no unit of", "another split"]);
    // Lines that are no result, units of two splits in one file, a unit listed twice.
    let junk = write(dir.path(), "junk.txt", "Nodes searched: 8902\n");
    chessgraph(&["perft", "--merge", &u, &junk]).assert_error(&["junk.txt:1: expected `result`"]);
    let mixed = write(dir.path(), "mixed.txt", &(units.clone() + &other));
    chessgraph(&["perft", "--merge", &mixed, &a, &b])
        .assert_error(&["mixed.txt:21: this unit is of another split than the first one"]);
    let twice = write(
        dir.path(),
        "twice.txt",
        &(units.clone() + units.lines().next().unwrap()),
    );
    chessgraph(&["perft", "--merge", &twice, &a, &b])
        .assert_error(&["twice.txt:21: the unit of", "twice.txt:1 again"]);
    let missing = dir.path().join("missing.txt").display().to_string();
    chessgraph(&["perft", "--merge", &u, &missing]).assert_error(&["missing.txt: cannot read"]);
    // No unit at all (a failed --split redirected to the file): nothing to add up, not 0 nodes.
    for (name, text) in [("empty.txt", ""), ("comments.txt", "# nothing\n\n")] {
        let none = write(dir.path(), name, text);
        chessgraph(&["perft", "--merge", &none, &a])
            .assert_error(&[&format!("{name}: the file of units holds no unit")]);
    }
}

#[test]
fn perft_zero_counts_the_position_itself_however_it_is_run() {
    for extra in [
        &[][..],
        &["--divide"],
        &["--divide", "--threads", "1"],
        &["--divide", "--threads", "2"],
        &["--threads", "2"],
    ] {
        let mut args = vec!["perft", "variants/chess.toml", "0"];
        args.extend_from_slice(extra);
        assert_eq!(nodes(&chessgraph(&args)), 1, "perft 0 {extra:?}");
    }
}

#[test]
fn units_of_other_files_and_bad_lines_are_refused() {
    let units = split("variants/chess.toml", "2", "1", &[]);
    let line = units.lines().next().expect("a unit");
    // Antichess starts from the same position: only the content hash tells them apart.
    chessgraph(&["perft", "variants/antichess.toml", "--unit", line]).assert_error(&[
        "--unit: the unit is of other variant files: its content hash is",
        "variants/antichess.toml",
        "count it with the files it was split from",
    ]);
    for (bad, says) in [
        ("", "expected `unit`, found the end of the line"),
        (
            "unit 12 base 0 1 --moves \"\"",
            "16 hexadecimal digits), found `12`",
        ),
        (
            "unit 0123456789abcdef base 2 1 --moves \"e2-e4\"",
            "`base 2` names more moves than the 1 of --moves",
        ),
        (
            "unit 0123456789abcdef base 0 1 --moves \"e2-e4",
            "the value of --moves has no closing `\"`",
        ),
        (
            "unit 0123456789abcdef base 0 99 --moves \"\"",
            "the depth 99 is past the largest, 64",
        ),
        (
            "unit 0123456789abcdef base 0 1 --moves \"\" extra",
            "unexpected `extra` after the moves",
        ),
    ] {
        chessgraph(&["perft", "variants/chess.toml", "--unit", bad])
            .assert_error(&["--unit: ", says]);
    }
    // A unit whose moves do not play (a hand-edited line of the right files).
    let broken = line.replace("a2-a3", "a2-a5");
    chessgraph(&["perft", "variants/chess.toml", "--unit", &broken])
        .assert_error(&["--unit: the unit's --moves: move 1 `a2-a5`"]);
    chessgraph(&[
        "perft",
        "variants/chess.toml",
        "--unit",
        line,
        "--moves",
        "e2e4",
    ])
    .assert_error(&["--unit: the unit line holds its position"]);
    chessgraph(&["perft", "variants/chess.toml", "2", "--split", "3"])
        .assert_error(&["--split 3: the units are at most DEPTH (2) plies down"]);
    chessgraph(&["perft", "variants/chess.toml", "2", "--unit", line])
        .assert_error(&["cannot be used with"]);
}

/// Whether GNU parallel is installed; on CI (`CI=true`) its absence fails the test.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| {
            o.status.success() && String::from_utf8_lossy(&o.stdout).contains("GNU parallel")
        });
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "GNU parallel is not installed (scripts/test installs Debian's `parallel`)"
        );
        eprintln!("skipped: GNU parallel is not installed (scripts/test installs it)");
    }
    found
}

#[test]
fn split_and_merge_through_gnu_parallel_equal_the_plain_perft() {
    if !gnu_parallel() {
        return;
    }
    let dir = temp_dir();
    let bin = env!("CARGO_BIN_EXE_chessgraph");
    for (variant, depth, k, moves) in [
        ("variants/chess.toml", "4", "1", "e2e4 e7e5"),
        ("variants/three_man_chess.toml", "3", "1", ""),
        ("variants/xiangqi.toml", "3", "2", ""),
    ] {
        let units = write(
            dir.path(),
            "units.txt",
            &split(variant, depth, k, &["--moves", moves]),
        );
        let results = dir.path().join("results.txt");
        let log = dir.path().join("jobs.log");
        let _ = std::fs::remove_file(&log);
        // As the README runs it over ssh; `:` is this machine without ssh.
        let out = Command::new("parallel")
            .args(["--will-cite", "--joblog"])
            .arg(&log)
            .args(["--resume-failed", "--retries", "3", "--sshlogin", "2/:"])
            .args([bin, "perft", variant, "--unit", "{}", "::::", &units])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("parallel runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::write(&results, &out.stdout).expect("results");
        let merged = chessgraph(&["perft", "--merge", &units, &results.display().to_string()]);
        let plain = chessgraph(&["perft", variant, depth, "--moves", moves]);
        assert_eq!(nodes(&merged), nodes(&plain), "{variant} {depth} split {k}");
    }
}
