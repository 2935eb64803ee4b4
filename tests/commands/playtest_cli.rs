//! `playtest`: self-play reports that add up, are reproducible from the seed whatever the
//! threads, count how games ended, write their records and chart, and refuse bad input.

use crate::helpers::cli::{run, run_in};
use serde_json::Value;

/// `playtest ARGS --json`, parsed.
fn report(args: &[&str]) -> (Value, String) {
    let mut all = vec!["playtest"];
    all.extend_from_slice(args);
    all.push("--json");
    let r = run(&all);
    r.assert_ok();
    let v = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}", r.stdout));
    (v, r.stdout.clone())
}

/// A number of the report.
fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

#[test]
fn results_add_up_and_a_seed_gives_the_same_games_with_any_threads() {
    let args = [
        "variants/chess.toml",
        "--games",
        "4",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--seed",
        "7",
    ];
    let (v, one) = report(&[&args[..], &["--threads", "1"]].concat());
    let (_, two) = report(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two, "the same seed, other threads");
    assert_eq!(n(&v["games"]), 4);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    for s in seats {
        assert_eq!(n(&s["wins"]) + n(&s["draws"]) + n(&s["losses"]), 4, "{s}");
    }
    assert_eq!(seats[0]["wins"], seats[1]["losses"]);
    let ends: u64 = (v["ends"].as_array().unwrap().iter())
        .map(|e| n(&e[1]))
        .sum();
    assert_eq!(ends, 4, "{}", v["ends"]);
    let l = &v["length"];
    assert!(n(&l["min"]) <= n(&l["median"]) && n(&l["median"]) <= n(&l["max"]));
    assert!(n(&l["max"]) <= 40, "{l}");
    let histogram: u64 = l["histogram"].as_array().unwrap().iter().map(n).sum();
    assert_eq!(histogram, 4);
    // Another seed opens other games.
    let (_, other) = report(&[&args[..7], &["--seed", "8"]].concat());
    assert_ne!(
        one.replace("\"seed\": 7", ""),
        other.replace("\"seed\": 8", "")
    );
}

/// White mates at once (Ra8#), from the start of every game.
const MATE_IN_ONE: [&str; 10] = [
    "variants/chess.toml",
    "--fen",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "--random-plies",
    "0",
    "--depth",
    "2",
    "--games",
    "3",
    "--threads",
];

#[test]
fn a_mate_in_one_is_found_in_every_game_and_counted_by_its_rule() {
    let (v, _) = report(&[&MATE_IN_ONE[..], &["1"]].concat());
    assert_eq!(v["seats"][0]["wins"], 3);
    assert_eq!(v["seats"][0]["score"], 1.0);
    assert_eq!(v["length"]["max"], 1);
    assert_eq!(v["ends"], serde_json::json!([["checkmate (win)", 3]]));
    // The text report says the same.
    let r = run(&[&["playtest"][..], &MATE_IN_ONE[..], &["2"]].concat());
    r.assert_ok();
    assert!(
        r.stdout.contains("white          3      0       0  100.0%"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("      3  checkmate (win)\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("Q queen "),
        "the piece values: {}",
        r.stdout
    );
}

#[test]
fn three_players_each_have_a_row() {
    let (v, _) = report(&[
        "variants/three_man_chess.toml",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "12",
    ]);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    for s in seats {
        assert_eq!(n(&s["wins"]) + n(&s["draws"]) + n(&s["losses"]), 2, "{s}");
    }
    assert!(v["first_move_elo"].is_null(), "Elo is for two players");
}

#[test]
fn max_n_plays_three_players_reproducibly_and_says_so() {
    let args = [
        "variants/three_man_chess.toml",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "10",
        "--search",
        "max-n",
    ];
    let (v, one) = report(&args);
    assert_eq!(v["limit"], "depth 1 (max-n)", "{one}");
    for s in v["seats"].as_array().unwrap() {
        assert_eq!(n(&s["wins"]) + n(&s["draws"]) + n(&s["losses"]), 2, "{s}");
    }
    let mut threads = args.to_vec();
    threads.extend(["--threads", "1"]);
    let (_, again) = report(&threads);
    assert_eq!(one, again, "the same games with one thread");
    // Two players have no max-n: the report says the plain limit.
    let (v, _) = report(&[
        "variants/chess.toml",
        "--games",
        "1",
        "--depth",
        "1",
        "--max-plies",
        "4",
        "--search",
        "max-n",
    ]);
    assert_eq!(v["limit"], "depth 1");
}

#[test]
fn records_and_chart_are_written() {
    let dir = crate::helpers::temp_dir();
    let variant = format!("{}/variants/chess.toml", env!("CARGO_MANIFEST_DIR"));
    let args = [
        "playtest",
        &variant,
        "--games",
        "3",
        "--depth",
        "1",
        "--max-plies",
        "10",
        "--records",
        "games",
        "--chart",
        "chart.svg",
    ];
    run_in(Some(dir.path()), &args, b"").assert_ok();
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-1.toml", "game-2.toml", "game-3.toml"]);
    let record = std::fs::read_to_string(dir.path().join("games/game-2.toml")).unwrap();
    let moves = record.matches("\", \"").count() + 1;
    assert_eq!(moves, 10, "a game of 10 plies: {record}");
    let svg = std::fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("the chart is XML");
    let bars = doc.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert!(
        bars > 2 * 3,
        "a background, three bars per seat, the histogram: {svg}"
    );
    // The records are never written over: a second run refuses and keeps the first.
    run_in(Some(dir.path()), &args, b"").assert_error(&["already exists"]);
    let again = std::fs::read_to_string(dir.path().join("games/game-2.toml")).unwrap();
    assert_eq!(again, record);
}

#[test]
fn bad_input_is_refused_with_its_reason() {
    run(&["playtest", "variants/chess.toml", "--games", "0"]).assert_error(&["--games", "0"]);
    run(&["playtest", "variants/chess.toml", "--movetime", "0"]).assert_error(&["--movetime", "0"]);
    run(&["playtest", "variants/chess.toml", "--max-plies", "5001"])
        .assert_error(&["--max-plies", "5001"]);
    // Black is stalemated in the start position given.
    run(&[
        "playtest",
        "variants/chess.toml",
        "--fen",
        "k7/8/1QK5/8/8/8/8/8 b - - 0 1",
    ])
    .assert_error(&["the game is over at the start", "stalemate"]);
}
