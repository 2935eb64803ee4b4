//! The computer player at the command line: `play --engine` (its seats, its limits, the errors
//! for a seat that does not exist and a movetime of 0) and `uci`.

use crate::helpers::cli::{run, run_with_input};

#[test]
fn play_against_the_computer_mates_and_ends_the_game() {
    // After 1. f3 e5 2. g4, black (the computer) mates at once with Qh4.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
    let args = [
        "play",
        "variants/chess.toml",
        "--engine",
        "black",
        "--depth",
        "2",
        "--fen",
        fen,
    ];
    let r = run_with_input(&args, b"");
    r.assert_no_crash();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("black (computer) plays d8-h4\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.ends_with("(checkmate)\n"), "{}", r.stdout);
    // A human move first: the computer answers it.
    let r = run_with_input(
        &[
            "play",
            "variants/chess.toml",
            "--engine",
            "black",
            "--depth",
            "1",
        ],
        b"e2e4\nquit\n",
    );
    assert_eq!(
        r.stdout.matches("black (computer) plays").count(),
        1,
        "{}",
        r.stdout
    );
}

#[test]
fn the_computer_plays_two_seats_of_three_man_chess_at_a_node_limit() {
    // White and gray are the computer's; black, at the keyboard, quits at his first turn.
    let r = run_with_input(
        &[
            "play",
            "variants/three_man_chess.toml",
            "--engine",
            "white,gray",
            "--nodes",
            "2000",
        ],
        b"quit\n",
    );
    r.assert_no_crash();
    assert_eq!(
        r.stdout.matches("(computer) plays").count(),
        2,
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("white (computer) plays"));
    assert!(r.stdout.contains("gray (computer) plays"));
    assert!(
        r.stdout.ends_with("black> quit\ngame abandoned\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn an_unknown_seat_and_a_movetime_of_zero_are_refused() {
    let r = run(&["play", "variants/chess.toml", "--engine", "blue"]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.stderr
            .contains("`blue` is not a seat of Orthodox chess: the seats are white, black"),
        "{}",
        r.stderr
    );
    let r = run(&[
        "play",
        "variants/chess.toml",
        "--engine",
        "black",
        "--movetime",
        "0",
    ]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("invalid value '0' for '--movetime <MS>'"),
        "{}",
        r.stderr
    );
    let r = run(&[
        "play",
        "variants/chess.toml",
        "--engine",
        "black",
        "--depth",
        "2",
        "--nodes",
        "5",
    ]);
    assert_eq!(r.code, Some(2), "one limit at a time");
}

/// Runs `chessgraph uci` (on the shipped variants) with `script` as its input.
fn uci(script: &str) -> String {
    let r = run_with_input(&["uci"], script.as_bytes());
    r.assert_no_crash();
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    r.stdout
}

#[test]
fn uci_names_itself_and_its_variants_and_counts_moves() {
    let out = uci("uci\nisready\nposition startpos\ngo perft 1\nquit\n");
    assert!(out.starts_with("id name chessgraph"), "{out}");
    let option = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    for v in [
        "var chess",
        "var crazyhouse",
        "var xiangqi",
        "var shogi",
        "var three_man_chess",
    ] {
        assert!(option.contains(v), "{option}");
    }
    assert!(out.contains("\nuciok\nreadyok\n"));
    assert!(out.contains("\ne2e4: 1\n"));
    assert!(out.ends_with("\nNodes searched: 20\n"), "{out}");
}

#[test]
fn uci_finds_the_mate_and_says_so() {
    let out = uci("position startpos moves f2f3 e7e5 g2g4\ngo depth 3\nisready\nquit\n");
    assert!(out.contains("score mate 1 "), "{out}");
    // `isready` is answered at once, while the search goes on.
    assert!(out.contains("\nbestmove d8h4\n"), "{out}");
    assert!(out.contains("readyok\n"), "{out}");
}

#[test]
fn uci_reads_and_writes_drops_and_promotions_in_fairy_stockfishs_notation() {
    // Crazyhouse: the hand group of the position text, a drop among the moves.
    let out = uci("setoption name UCI_Variant value crazyhouse\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d4\n\
         go perft 1\nquit\n");
    assert!(out.contains("\nP@e6: 1\n"), "{out}");
    // Shogi: a promotion is written with `+` (the bishop may take on h8, promoting or not, once
    // the pawns on c3 and g7 have moved).
    let out = uci(
        "setoption name UCI_Variant value shogi\nposition startpos moves c3c4 g7g6\ngo perft 1\n\
         go depth 1\nquit\n",
    );
    assert!(
        out.contains("\nh2b8+: 1\n") || out.contains("+: 1\n"),
        "{out}"
    );
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    assert!(
        out.contains(&format!("\n{best}: 1\n")),
        "the best move is one of the legal: {best}"
    );
}

#[test]
fn uci_answers_malformed_commands_and_goes_on() {
    let out = uci(
        "hello\nposition startpos moves e2e5\nposition nowhere\ngo depth x\ngo perft 0\n\
         setoption name Hash value 16\nsetoption name UCI_Variant value nowhere\n\
         position startpos moves e2e4\ngo depth 2\nisready\nquit\n",
    );
    let infos = out.lines().filter(|l| l.starts_with("info string")).count();
    assert_eq!(infos, 7, "{out}");
    assert!(out.contains("info string illegal move: e2e5"));
    assert!(out.contains("info string unknown variant: nowhere"));
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    assert!(
        best.len() == 4 && best.starts_with(|c: char| c.is_ascii_lowercase()),
        "{best}"
    );
    assert!(out.contains("readyok\n"));
}

#[test]
fn uci_stop_ends_an_infinite_search() {
    let out = uci("position startpos\ngo infinite\nstop\nquit\n");
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
}

#[test]
fn undo_against_the_computer_takes_back_its_reply_with_the_players_move() {
    let args = [
        "play",
        "variants/chess.toml",
        "--engine",
        "black",
        "--depth",
        "1",
    ];
    let r = run_with_input(&args, b"e2e4\nundo\nd2d4\nundo\nundo\nquit\n");
    r.assert_no_crash();
    let out = &r.stdout;
    // Each undo takes back the computer's reply, then the player's move: white is to move again
    // (the computer does not play at once), and the next move is the player's.
    let reply = out
        .lines()
        .find_map(|l| l.strip_prefix("black (computer) plays "))
        .unwrap_or_else(|| panic!("the computer replies:\n{out}"));
    assert!(
        out.contains(&format!(
            "took back black's (computer) {reply}\ntook back white's e2-e4\n"
        )),
        "{out}"
    );
    assert!(out.contains("took back white's d2-d4\n"), "{out}");
    assert_eq!(out.matches("black (computer) plays").count(), 2, "{out}");
    // Nothing of the player's is left to take back.
    assert!(out.contains("nothing to undo\n"), "{out}");
    assert!(out.ends_with("white> quit\ngame abandoned\n"), "{out}");
}
