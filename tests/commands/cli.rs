//! The `chessgraph` command line as users and scripts see it: exit codes, what goes to standard
//! output (data) and what to standard error (diagnostics, status).

use crate::helpers::cli::{run as chessgraph, stderr, stdout};
use std::path::PathBuf;

/// `boards/*.toml`, sorted, relative to the crate root.
fn shipped_boards() -> Vec<String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/boards"))
        .expect("boards/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    files
        .iter()
        .map(|p| format!("boards/{}", p.file_name().unwrap().to_str().unwrap()))
        .collect()
}

#[test]
fn check_accepts_every_shipped_board() {
    let boards = shipped_boards();
    let mut args = vec!["check"];
    args.extend(boards.iter().map(String::as_str));
    let o = chessgraph(&args);
    assert!(o.success(), "{}", stderr(&o));
    assert_eq!(o.code, Some(0));
    assert_eq!(stderr(&o), "", "no warning for a shipped board");
    let out = stdout(&o);
    for b in &boards {
        assert!(
            out.lines().any(|l| l == format!("{b}: ok (0 warning(s))")),
            "no `ok` line for {b}:\n{out}"
        );
    }
    insta::assert_snapshot!("check_boards", out);
}

const BROKEN: &str = "tests/fixtures/invalid/several_problems/board.toml";

#[test]
fn check_rejects_a_broken_board_on_stderr() {
    let o = chessgraph(&["check", BROKEN]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "", "nothing on stdout for an invalid file");
    let err = stderr(&o);
    // The snippet's header names the location once; the message does not repeat it.
    assert!(err.contains("× twist `centre` is not declared"), "{err}");
    assert!(err.contains(&format!("╭─[{BROKEN}:28:9]")), "{err}");
    assert!(!err.contains(&format!("{BROKEN}:28:9: twist")), "{err}");
    assert!(err.contains("board::unknown-twist"), "{err}");
    assert!(err.contains("did you mean `center`?"), "{err}");
    assert!(
        err.ends_with(&format!("{BROKEN}: invalid (8 error(s))\n")),
        "{err}"
    );
    assert!(
        !err.contains('\u{1b}'),
        "no colour when stderr is not a terminal"
    );
}

#[test]
fn check_short_prints_one_line_per_problem() {
    let o = chessgraph(&["check", "--short", BROKEN]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 9, "{err}");
    for l in &lines[..8] {
        assert!(l.starts_with(&format!("{BROKEN}:")), "{l}");
        assert!(l.contains(": error[board::"), "{l}");
    }
    insta::assert_snapshot!("check_short_broken", err);
}

#[test]
fn check_reports_every_file_and_fails_if_any_is_invalid() {
    let ok = "boards/chess.toml";
    let warn = "tests/fixtures/warnings/unused_direction/board.toml";
    let missing = "tests/fixtures/no-such-board.toml";
    let o = chessgraph(&["check", ok, BROKEN, warn, missing]);
    assert_eq!(o.code, Some(1));
    let out = stdout(&o);
    assert!(
        out.starts_with(&format!("{ok}: ok (0 warning(s))\n")),
        "{out}"
    );
    assert!(
        out.contains(&format!("{warn}: ok (2 warning(s))\n")),
        "{out}"
    );
    assert!(!out.contains(BROKEN) && !out.contains(missing), "{out}");
    // `--short` prints the problems only: nothing on stdout, not even for the valid files.
    let o = chessgraph(&["check", "--short", ok, BROKEN, warn, missing]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(
        err.contains(&format!(
            "{warn}:15:1: warning[board::unused-direction]: direction `up` has no link"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{missing}:1:1: error[file::unreadable]: cannot read the file"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{missing}: invalid (1 error(s))")),
        "{err}"
    );
}

#[test]
fn check_with_only_warnings_succeeds() {
    let warn = "tests/fixtures/warnings/unreachable_node/board.toml";
    let o = chessgraph(&["check", warn]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("{warn}: ok (1 warning(s))\n")));
    assert!(stderr(&o).contains("board::unreachable-node"));
}

#[test]
fn links_lists_the_three_man_chess_center() {
    let o = chessgraph(&["links", "boards/three_man_chess.toml", "a6"]);
    assert!(o.success(), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let out = stdout(&o);
    for line in [
        "in m6 ~center",
        "in_cw o6 ~center",
        "in_ccw k6 ~center",
        "out a5",
    ] {
        assert!(out.lines().any(|l| l == line), "no `{line}` in:\n{out}");
    }
    insta::assert_snapshot!("links_three_man_chess_a6", out);
}

#[test]
fn links_shows_tags() {
    let o = chessgraph(&["links", "boards/three_man_chess.toml", "h1"]);
    assert!(o.success());
    assert_eq!(
        stdout(&o),
        "in h2\ncw i1 [moat:white-gray]\nin_cw i2 [moat:white-gray]\nin_ccw g2\nccw g1\n"
    );
}

#[test]
fn links_to_an_unknown_node_suggests_a_name() {
    let o = chessgraph(&["links", "boards/three_man_chess.toml", "a66"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "error: boards/three_man_chess.toml has no node `a66` (did you mean `a6`?)\n"
    );
    // With nothing close, no suggestion.
    let o = chessgraph(&["links", "boards/chess.toml", "zz"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stderr(&o), "error: boards/chess.toml has no node `zz`\n");
}

#[test]
fn links_and_dot_refuse_an_invalid_board() {
    for args in [vec!["links", BROKEN, "a1"], vec!["dot", BROKEN]] {
        let o = chessgraph(&args);
        assert_eq!(o.code, Some(1), "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(&format!("{BROKEN}:28:9")), "{err}");
        assert!(
            err.ends_with(&format!("error: {BROKEN} is not a valid board file\n")),
            "{err}"
        );
    }
}

#[test]
fn dot_exports_every_link_of_chess() {
    let o = chessgraph(&["dot", "boards/chess.toml"]);
    assert!(o.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("digraph \"Orthodox chess\" {\n"), "{out}");
    assert!(out.ends_with("}\n"));
    let edges: Vec<&str> = out.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(edges.len(), 756);
    assert!(edges.contains(&r#"  "e4" -> "e5" [label="n"];"#));
    assert!(edges.contains(&r#"  "g1" -> "f3" [label="nnw"];"#));
    let nodes = out
        .lines()
        .filter(|l| l.starts_with("  \"") && l.ends_with("!\"];"))
        .count();
    assert_eq!(nodes, 64);
}

#[test]
fn dot_marks_twisted_and_tagged_links() {
    let o = chessgraph(&["dot", "boards/three_man_chess.toml"]);
    assert!(o.success());
    let out = stdout(&o);
    let edges: Vec<&str> = out.lines().filter(|l| l.contains(" -> ")).collect();
    assert_eq!(edges.len(), 1080);
    assert_eq!(
        edges.iter().filter(|l| l.contains("style=dashed")).count(),
        72
    );
    assert_eq!(
        edges.iter().filter(|l| l.contains("penwidth=3")).count(),
        30
    );
    assert!(edges.contains(&r#"  "a6" -> "m6" [label="in", style=dashed];"#));
    assert!(
        edges.contains(&r#"  "h1" -> "i1" [label="cw", penwidth=3, tooltip="moat:white-gray"];"#)
    );
}

#[test]
fn help_and_usage() {
    let o = chessgraph(&["--help"]);
    assert!(o.success());
    insta::assert_snapshot!("help", stdout(&o));
    // No subcommand, or no file to check: a usage error (clap's exit code 2).
    for args in [vec![], vec!["check"]] {
        let o = chessgraph(&args);
        assert_eq!(o.code, Some(2), "{args:?}");
        assert_eq!(stdout(&o), "");
        assert!(stderr(&o).contains("Usage: chessgraph"), "{}", stderr(&o));
    }
}

/// The subcommands `chessgraph --help` lists under `Commands:` (clap's `help` among them).
fn subcommands() -> Vec<String> {
    let o = chessgraph(&["--help"]);
    assert!(o.success());
    stdout(&o)
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// `SUB --help` of every subcommand is a snapshot `help_SUB`, the same as `help SUB`: a new
/// subcommand fails here until its help is reviewed and accepted, and a snapshot left by a removed
/// one fails too.
#[test]
fn every_subcommand_help() {
    let names = subcommands();
    assert!(
        names.len() >= 10 && names.iter().any(|n| n == "check"),
        "the subcommands were not found in `chessgraph --help`: {names:?}"
    );
    for name in &names {
        // clap's own `help` takes no `--help`: its help is `help help`.
        let args = if name == "help" {
            ["help", "help"]
        } else {
            [name.as_str(), "--help"]
        };
        let o = chessgraph(&args);
        assert!(o.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?}");
        insta::assert_snapshot!(format!("help_{name}"), stdout(&o));
        let via_help = chessgraph(&["help", name]);
        assert_eq!(
            stdout(&via_help),
            stdout(&o),
            "`help {name}` and {args:?} differ"
        );
    }
    let snapshots = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/commands/snapshots");
    for entry in std::fs::read_dir(snapshots).expect("the snapshots directory") {
        let file = entry.expect("entry").file_name();
        let file = file.to_string_lossy();
        if let Some(name) = file
            .strip_prefix("commands__cli__help_")
            .and_then(|f| f.strip_suffix(".snap"))
        {
            assert!(
                names.iter().any(|n| n == name),
                "{file}: no subcommand `{name}` any more; delete the snapshot"
            );
        }
    }
}

#[test]
fn betza_prints_the_path_programs_of_a_string() {
    let o = chessgraph(&["betza", "WfcFifmnD"]);
    assert!(o.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "leap n w e s\ncapture leap nw ne\nmove step (n n) from:initial\n"
    );
    let o = chessgraph(&["betza", "NN2", "--board", "boards/grid_10x8.toml"]);
    assert!(o.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("ride (nnw nnw stop) (nne nne stop)"));
}

#[test]
fn betza_reports_a_bad_character_with_its_column() {
    let o = chessgraph(&["betza", "WfjF"]);
    assert_eq!(o.code, Some(1));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(err.contains("betza::syntax"), "{err}");
    assert!(err.contains("<betza>:1:3"), "{err}");
    assert!(err.contains("help:"), "{err}");
    // A board without the directions an atom needs.
    let o = chessgraph(&["betza", "W", "--board", "boards/circular.toml"]);
    assert_eq!(o.code, Some(1));
    assert!(
        stderr(&o).contains("betza::missing-direction"),
        "{}",
        stderr(&o)
    );
}
