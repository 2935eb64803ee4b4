//! `--json` on `moves`, `perft` and `show`: the documented shapes, the same facts as the text.

use serde_json::Value;

use crate::helpers::cli::run;

/// The document, with its top-level keys in the order printed.
fn doc(args: &[&str]) -> Value {
    let r = run(args);
    r.assert_ok();
    let mut v: Value =
        serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
    let order: Vec<String> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("  \""))
        .filter_map(|l| l.split('"').next().map(str::to_string))
        .collect();
    v["__order"] = serde_json::json!(order);
    v
}

fn keys(v: &Value) -> Vec<&str> {
    v["__order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect()
}

const MATE: &str = "f2f3 e7e5 g2g4 d8h4";

#[test]
fn moves_json_lists_the_same_moves_as_the_text() {
    let d = doc(&["moves", "variants/chess.toml", "--moves", "e2e4", "--json"]);
    assert_eq!(
        keys(&d),
        ["variant", "fen", "to_move", "in_check", "outcome", "moves"]
    );
    assert_eq!(d["to_move"], "black");
    assert_eq!(d["outcome"], Value::Null);
    let text = run(&["moves", "variants/chess.toml", "--moves", "e2e4"]).stdout;
    let listed: Vec<&str> = d["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(listed, text.lines().collect::<Vec<_>>());
    assert_eq!(
        d["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn moves_json_after_mate() {
    let d = doc(&["moves", "variants/chess.toml", "--moves", MATE, "--json"]);
    assert_eq!(d["to_move"], Value::Null);
    assert_eq!(d["in_check"], serde_json::json!(["white"]));
    assert_eq!(d["moves"], serde_json::json!([]));
    assert!(d["outcome"].as_str().unwrap().contains("checkmate"), "{d}");
}

#[test]
fn perft_json_counts_as_the_text() {
    let d = doc(&["perft", "variants/chess.toml", "3", "--json"]);
    assert_eq!(keys(&d), ["variant", "fen", "depth", "nodes", "divide"]);
    assert_eq!(
        (d["depth"].as_u64(), d["nodes"].as_u64()),
        (Some(3), Some(8902))
    );
    assert_eq!(d["divide"], Value::Null);
    let d = doc(&[
        "perft",
        "variants/chess.toml",
        "2",
        "--divide",
        "--json",
        "--threads",
        "2",
    ]);
    let divide = d["divide"].as_array().unwrap();
    assert_eq!(divide.len(), 20);
    assert_eq!(divide[0], serde_json::json!(["a2-a3", 20]));
    let sum: u64 = divide.iter().map(|e| e[1].as_u64().unwrap()).sum();
    assert_eq!(sum, 400);
}

#[test]
fn show_json_has_the_board_and_names_checkmate() {
    let d = doc(&["show", "variants/chess.toml", "--json"]);
    assert_eq!(
        keys(&d),
        [
            "variant",
            "fen",
            "to_move",
            "in_check",
            "outcome",
            "eliminated",
            "rows"
        ]
    );
    let rows = d["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    assert_eq!(
        rows[0][4],
        serde_json::json!({ "node": "e8", "piece": "k", "owner": "black" })
    );
    assert_eq!(
        rows[4][0],
        serde_json::json!({ "node": "a4", "piece": null, "owner": null })
    );
    let d = doc(&["show", "variants/chess.toml", "--moves", MATE, "--json"]);
    assert_eq!(
        d["outcome"],
        "black wins: white has no legal move and is in check (checkmate)"
    );
    let three = doc(&["show", "variants/three_man_chess.toml", "--json"]);
    assert_eq!(three["rows"][5][0]["piece"], "wR");
}

#[test]
fn show_text_names_checkmate_and_stalemate() {
    let mate = run(&["show", "variants/chess.toml", "--moves", MATE]);
    mate.assert_ok();
    assert!(
        mate.stdout
            .contains("game over: black wins: white has no legal move and is in check (checkmate)"),
        "{}",
        mate.stdout
    );
    let stalemate = run(&[
        "show",
        "variants/chess.toml",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ]);
    stalemate.assert_ok();
    assert!(
        stalemate.stdout.contains("stalemate"),
        "{}",
        stalemate.stdout
    );
}
