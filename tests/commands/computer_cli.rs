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
