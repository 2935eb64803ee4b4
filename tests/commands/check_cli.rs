//! `check`'s flags and the file kinds every command recognises: lints as warnings,
//! `--deny-warnings`, `--short` (silent on clean files), `--json`, and a board file where a
//! variant file is needed (or a misspelt top table).

use crate::helpers::cli::{run as chessgraph, stderr, stdout};

const LINTED: &str = "tests/fixtures/lints/unused_frame/variant.toml";
const BROKEN: &str = "tests/fixtures/invalid/several_problems/board.toml";

#[test]
fn lints_are_warnings_and_deny_warnings_makes_them_fail() {
    let o = chessgraph(&["check", LINTED]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("{LINTED}: ok (1 warning(s))\n")));
    assert!(stderr(&o).contains("lint::unused-frame"), "{}", stderr(&o));
    assert!(stderr(&o).contains("help: give a player `frame = \"red\"`"));

    let o = chessgraph(&["check", "--deny-warnings", LINTED, "variants/chess.toml"]);
    assert_eq!(o.code, Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("lint::unused-frame"), "{err}");
    assert!(
        err.ends_with(&format!(
            "{LINTED}: invalid (1 warning(s), denied by --deny-warnings)\n"
        )),
        "{err}"
    );
    // The clean file still passes and is summarised.
    assert!(stdout(&o).starts_with("variants/chess.toml: ok (0 warning(s))\n"));
}

#[test]
fn check_short_prints_nothing_for_clean_files() {
    let o = chessgraph(&[
        "check",
        "--short",
        "variants/chess.toml",
        "boards/chess.toml",
    ]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "");
    let o = chessgraph(&["check", "--short", LINTED]);
    assert_eq!(o.code, Some(0));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        format!(
            "{LINTED}:10:1: warning[lint::unused-frame]: frame `red` is declared, but no player or piece uses it\n"
        )
    );
}

#[test]
fn check_json_lists_every_diagnostic_with_its_location() {
    let o = chessgraph(&["check", "--json", "variants/chess.toml", LINTED, BROKEN]);
    assert_eq!(o.code, Some(1), "{}", stderr(&o));
    assert_eq!(stderr(&o), "", "--json prints everything on stdout");
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON document");
    assert_eq!(doc["valid"], false);
    let files = doc["files"].as_array().expect("files");
    assert_eq!(files.len(), 3);
    let chess = &files[0];
    assert_eq!(chess["file"], "variants/chess.toml");
    assert_eq!(chess["kind"], "variant");
    assert_eq!(chess["valid"], true);
    assert_eq!(chess["diagnostics"].as_array().map(Vec::len), Some(0));
    assert_eq!(chess["summary"][0], "variant: Orthodox chess");

    let linted = &files[1];
    assert_eq!(linted["valid"], true);
    assert_eq!(linted["warnings"], 1);
    let d = &linted["diagnostics"][0];
    let expected = serde_json::json!({
        "code": "lint::unused-frame",
        "severity": "warning",
        "file": LINTED,
        "line": 10,
        "column": 1,
        "end_line": 10,
        "end_column": 4,
        "message": "frame `red` is declared, but no player or piece uses it",
        "label": "never used",
        "help": "give a player `frame = \"red\"` (or a `start_frames` entry), or remove the frame",
    });
    assert_eq!(d, &expected);

    let broken = &files[2];
    assert_eq!(broken["kind"], "board");
    assert_eq!(broken["valid"], false);
    assert_eq!(broken["errors"], 8);
    assert_eq!(broken["summary"].as_array().map(Vec::len), Some(0));
    let codes: Vec<&str> = broken["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["code"].as_str().expect("code"))
        .collect();
    assert!(codes.contains(&"board::unknown-twist"), "{codes:?}");
}

#[test]
fn commands_say_which_kind_of_file_they_expected() {
    for args in [
        vec!["perft", "boards/chess.toml", "1"],
        vec!["moves", "boards/chess.toml"],
        vec!["show", "boards/chess.toml"],
    ] {
        let o = chessgraph(&args);
        assert_eq!(o.code, Some(1), "{args:?}");
        assert_eq!(
            stderr(&o),
            "error: boards/chess.toml is a board file (a `[board]` table); this command needs a variant file (a `[variant]` table or `extends`)\n"
        );
    }
    // Board commands take a variant file's board.
    let o = chessgraph(&["links", "variants/chess.toml", "e2"]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        stdout(&chessgraph(&["links", "boards/chess.toml", "e2"]))
    );
    let o = chessgraph(&["dot", "variants/chess.toml"]);
    assert_eq!(o.code, Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("digraph \"Orthodox chess\""));
}

#[test]
fn a_misspelt_top_table_gets_did_you_mean() {
    let dir = crate::helpers::temp_dir();
    let chess = std::fs::read_to_string("variants/chess.toml").expect("chess");
    let board = std::path::absolute("boards/chess.toml").expect("absolute path");
    let text = chess
        .replace("[variant]", "[varient]")
        .replace("../boards/chess.toml", board.to_str().expect("UTF-8 path"));
    let file = dir.path().join("varient.toml");
    std::fs::write(&file, text).expect("write");
    let o = chessgraph(&["check", file.to_str().expect("UTF-8 path")]);
    assert_eq!(o.code, Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("unknown key `varient` in the variant file"),
        "{err}"
    );
    assert!(err.contains("help: did you mean `variant`?"), "{err}");
    assert!(!err.contains("has no `[variant]` table"), "{err}");
    assert!(err.contains("invalid (1 error(s))"), "{err}");

    // A misspelt `[bord]` in the variant's board: the board's own report says it.
    let board_text = std::fs::read_to_string("boards/chess.toml").expect("board");
    std::fs::write(
        dir.path().join("bord.toml"),
        board_text.replace("[board]", "[bord]"),
    )
    .expect("write");
    let variant = dir.path().join("variant.toml");
    std::fs::write(&variant, chess.replace("../boards/chess.toml", "bord.toml")).expect("write");
    let o = chessgraph(&["check", variant.to_str().expect("UTF-8 path")]);
    assert_eq!(o.code, Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("unknown key `bord` in the board file"),
        "{err}"
    );
    assert!(err.contains("help: did you mean `board`?"), "{err}");
}

#[test]
fn check_json_writes_a_strange_file_name_as_json_escapes_it() {
    let dir = crate::helpers::temp_dir();
    let name = dir.path().join("evil\nx\t\"y\".toml");
    let mut text = std::fs::read_to_string("variants/chess.toml").expect("chess");
    text = text.replace(
        "../boards/",
        &format!("{}/boards/", env!("CARGO_MANIFEST_DIR")),
    );
    text.push_str("\n[frames]\nunused = {}\n");
    std::fs::write(&name, text).expect("write");
    let path = name.to_str().expect("utf-8");
    let o = chessgraph(&["check", "--json", path]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("one JSON document");
    assert_eq!(
        doc["files"][0]["file"], path,
        "the name as given, not a Rust escape"
    );
    let diagnostics = doc["files"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics");
    assert!(!diagnostics.is_empty(), "{doc}");
    for d in diagnostics {
        assert_eq!(d["file"], path);
    }
}
