//! The terminal game driven through piped input: transcripts of whole games (illegal moves refused
//! with the reason, `undo`, `moves`, `fen`, `svg`, mate and the outcome), with two and three players.

use crate::helpers::cli::{run, run_with_input};

use crate::helpers::load;
use crate::helpers::session::{GameEnd, PlayOptions, play};
use chessgraph::PlayerId;
use chessgraph::{Outcome, Position};

const THREE_ARMIES: &str = "tests/fixtures/render/three_armies.toml";

/// Plays `input` from `fen` (the start when `None`); returns the transcript and how it ended.
fn transcript(variant: &str, fen: Option<&str>, input: &str) -> (String, GameEnd) {
    let rules = load(variant);
    let start = match fen {
        Some(f) => Position::from_fen(&rules, f).expect("fen"),
        None => Position::start(&rules),
    };
    let mut out = Vec::new();
    let end = play(
        start,
        input.as_bytes(),
        &mut out,
        &PlayOptions {
            echo: true,
            ..PlayOptions::default()
        },
    )
    .expect("writing to a Vec cannot fail");
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(!text.contains('\x1b'), "no terminal escapes");
    (text, end)
}

#[test]
fn fools_mate_with_an_illegal_move_an_undo_and_the_commands() {
    let dir = crate::helpers::temp_dir();
    let svg = dir.path().join("play_fools_mate.svg");
    let input = format!(
        "help\ne2e5\ne2-e9\nmoves e2\nmoves g8\nmoves e4\nf2f3\nundo\nundo\nf2f3\ne7e5\nfen\n\
         e1g1\ng2g4\nmoves\nsvg {}\nd8h4\nthis line is never read\n",
        svg.display()
    );
    let (text, end) = transcript("variants/chess.toml", None, &input);
    assert_eq!(end, GameEnd::Finished(Outcome::Winner(PlayerId::seat(1))));
    assert!(
        text.ends_with("result: black wins: white has no legal move and is in check (checkmate)\n")
    );
    assert!(!text.contains("never read"));
    // The refused moves say why.
    assert!(text.contains("illegal move `e2e5`: the pawn on e2 cannot move to e5"));
    assert!(text.contains("illegal move `e1g1`: cannot castle e1-g1: f1 is not empty"));
    // The picture written by `svg` shows the position with g2-g4 as the last move.
    let picture = std::fs::read_to_string(&svg).expect("svg written");
    roxmltree::Document::parse(&picture).expect("valid XML");
    assert_eq!(picture.matches("class=\"last-move\"").count(), 2);
    assert!(picture.contains("last move: g2-g4"));
    let text = text.replace(&svg.display().to_string(), "<tmp>/play_fools_mate.svg");
    insta::assert_snapshot!(text);
}

#[test]
fn three_players_mate_eliminates_one_and_the_game_goes_on() {
    // White's rook b3 goes to b1: along ring 1 it attacks gray's king on m1 from both sides (and
    // l1, n1), the rook on c2 holds ring 2 (l2, m2, n2). Gray is mated and out; black moves next.
    let fen = "24/24/4wK15bK3/1wR22/2wR21/12gK11 w - - 0 1";
    let dir = crate::helpers::temp_dir();
    let svg = dir.path().join("play_three.svg");
    let input = format!(
        "m1m2\nb3b1\nmoves m1\nmoves\nsvg {}\nu4u5\nundo\nu4u5\nquit\n",
        svg.display()
    );
    let (text, end) = transcript(THREE_ARMIES, Some(fen), &input);
    assert_eq!(end, GameEnd::Quit);
    assert!(text.contains(
        "gray has no legal move and is in check (checkmate): out, its pieces stay frozen"
    ));
    assert!(text.contains("eliminated: gray"));
    let picture = std::fs::read_to_string(&svg).expect("svg written");
    assert_eq!(picture.matches("class=\"piece frozen\"").count(), 1);
    let text = text.replace(&svg.display().to_string(), "<tmp>/play_three.svg");
    insta::assert_snapshot!(text);
}

#[test]
fn a_captured_king_puts_its_player_out() {
    // Gray's knight on b1 shields white's king on a1 from black's rook on c1 (black's king on d1
    // closes ring 1 the other way round). Gray moves the knight away (legal: only gray's own king
    // must be safe), and black takes the king.
    let fen = "24/24/12gK11/24/24/wKgNbRbK20 g - - 0 1";
    let (text, end) = transcript(THREE_ARMIES, Some(fen), "b1x2\nc1a1\nfen\n");
    assert_eq!(end, GameEnd::EndOfInput);
    assert!(text.contains("white's king was captured: white is out, its pieces stay frozen"));
    assert!(text.ends_with("end of input: the game is left unfinished\n"));
    insta::assert_snapshot!(text);
}

#[test]
fn the_binary_plays_from_piped_input() {
    let o = run_with_input(
        &["play", "variants/chess.toml"],
        b"f2f3\ne7e5\ng2g4\nd8h4\n",
    );
    assert!(o.success());
    let out = o.stdout.clone();
    assert!(
        !out.contains('\x1b'),
        "no escapes when stdout is not a terminal"
    );
    // Piped input is echoed after each prompt, so the output reads like a session.
    assert!(out.contains("white> f2f3\n"));
    assert!(
        out.ends_with("result: black wins: white has no legal move and is in check (checkmate)\n")
    );
}

#[test]
fn play_starts_from_fen_and_moves() {
    // --fen and --moves as for the other commands: here a position where white is already mated.
    let o = run(&[
        "play",
        "variants/chess.toml",
        "--moves",
        "f2f3 e7e5 g2g4 d8h4",
    ]);
    assert!(o.success());
    let out = o.stdout.clone();
    assert!(
        out.ends_with("result: black wins: white has no legal move and is in check (checkmate)\n")
    );
}

const THREE_MAN_CHESS: &str = "variants/three_man_chess.toml";

#[test]
fn three_man_chess_opening_with_an_illegal_move_and_an_undo() {
    // A moat blocks the knight's jump across h|i; a queen cannot move through its own pawn; undo
    // takes back Gray's move and Gray plays another.
    let input = "g1i2\ne2e4\nd1h5\nm2m4\nundo\nl2l4\nmoves e4\nu2u3\nfen\nquit\n";
    let (text, end) = transcript(THREE_MAN_CHESS, None, input);
    assert_eq!(end, GameEnd::Quit);
    assert!(
        text.contains(
            "illegal move `g1i2`: the knight on g1 cannot move to i2: the way crosses `white-gray`, which is closed"
        ),
        "{text}"
    );
    assert!(text.contains("illegal move `d1h5`:"), "{text}");
    assert!(text.contains("last move: gray l2-l4"), "{text}");
    insta::assert_snapshot!("play_three_man_chess_opening", text);
}

#[test]
fn three_man_chess_ends_in_mate_with_one_player_already_out() {
    // Gray is out. White's rook a3 goes round ring 3 to u3 and mates Black's king u1: t1/t2 are
    // covered from t4, v1/v2 from v4, u2 from k2 along ring 2 and from u3.
    let fen = "24/24/19wR1wR2/wR23/10wR13/4wK7gK7bK3 w - - 0 1 out:g";
    let (text, end) = transcript(
        THREE_MAN_CHESS,
        Some(fen),
        "a3-u3\nthis line is never read\n",
    );
    assert_eq!(end, GameEnd::Finished(Outcome::Winner(PlayerId::seat(0))));
    assert!(text.contains("checkmate"), "{text}");
    assert!(!text.contains("never read"));
    insta::assert_snapshot!("play_three_man_chess_mate", text);
}

#[test]
fn crazyhouse_drops_are_listed_played_and_refused_with_the_reason() {
    let input = "e2e4\nd7d5\ne4d5\nd8d5\nmoves P@\nP@e8\nN@c3\nP@c6\nfen\nquit\n";
    let (text, end) = transcript("variants/crazyhouse.toml", None, input);
    assert_eq!(end, GameEnd::Quit);
    // White holds the pawn it took: 48 squares of ranks 2-7 less the 15 occupied ones.
    assert!(
        text.contains("33 legal drop(s) of pawn for white (1 in hand):"),
        "{text}"
    );
    assert!(text.contains("illegal move `P@e8`: cannot drop on e8: it is not empty"));
    assert!(text.contains("illegal move `N@c3`: white has no `N` in hand"));
    assert!(text.contains("in hand: white -, black p"));
    assert!(text.contains("rnb1kbnr/ppp1pppp/2P5/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"));
}

#[test]
fn render_marks_the_drops_of_a_kind() {
    let r = run(&[
        "render",
        "variants/shogi.toml",
        "--moves",
        "c3c4 g7g6 b2h8+ g9h8",
        "--drop",
        "B",
    ]);
    r.assert_ok();
    let svg = crate::helpers::cli::stdout(&r);
    // 81 squares less the 38 pieces on the board.
    assert!(
        svg.contains("sente drops bishop (`B`, 1 in hand): 43 node(s)"),
        "{svg}"
    );
    assert_eq!(svg.matches("class=\"destination\"").count(), 43);
    run(&["render", "variants/chess.toml", "--drop", "P"])
        .assert_error(&["--drop: Orthodox chess has no hands: nothing is ever dropped"]);
    run(&["render", "variants/shogi.toml", "--drop", "Z"])
        .assert_error(&["--drop: `Z` is no piece's token"]);
}

#[test]
fn save_and_load_carry_a_game_between_sessions() {
    let dir = crate::helpers::temp_dir();
    let file = dir.path().join("game.toml");
    let (text, _) = transcript(
        "variants/chess.toml",
        None,
        &format!("e2e4\ne7e5\nsave {}\nquit\n", file.display()),
    );
    assert!(text.contains("saved the game to"), "{text}");
    let record = std::fs::read_to_string(&file).expect("the record");
    assert!(record.contains(r#"moves = ["e2-e4", "e7-e5"]"#), "{record}");
    // Loaded in a new session, the game goes on where it was, and undo takes back its moves.
    let (text, end) = transcript(
        "variants/chess.toml",
        None,
        &format!(
            "load {}\nundo\nfen\nload {}\n",
            file.display(),
            dir.path().display()
        ),
    );
    assert_eq!(end, GameEnd::EndOfInput);
    assert!(text.contains("loaded"), "{text}");
    assert!(text.contains("took back black's e7-e5"), "{text}");
    assert!(
        text.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        "{text}"
    );
    assert!(
        text.contains("cannot load"),
        "a folder is no record: {text}"
    );
    // A record of another variant is refused, and the game is unchanged.
    let (text, _) = transcript(
        "variants/three_man_chess.toml",
        None,
        &format!("load {}\nquit\n", file.display()),
    );
    assert!(text.contains("is a game of Orthodox chess"), "{text}");
}

/// Rithmomachia with every proper victory: White's C3 c9, C4 c10, T9 c12 and C6 d12 on Black's
/// half; d12-c11 completes 3 4 6 9 on the c file (Victoria excellentissima).
const PROPER: &str = "variants/rithmomachia_proper.toml";
const FOUR_IN_LINE: &str =
    "c{7}6c{5}/8/8/8/2T{9}C{6}4/8/2C{4}5/2C{3}5/8/8/8/8/8/8/8/C{2}7 w - - 0 1";

#[test]
fn a_progression_victory_is_reported_by_name_with_its_squares_and_marked() {
    let o = run_with_input(&["play", PROPER, "--fen", FOUR_IN_LINE], b"d12-c11\n");
    assert!(o.success());
    assert!(
        o.stdout.ends_with(
            "result: white wins: Victoria excellentissima (white has four numbers in progression on c9 c10 c11 c12)\n"
        ),
        "{}",
        o.stdout
    );
    // `render` of the finished position marks the four squares and writes the result under it
    // (the long line broken to stay in the picture).
    let r = run(&[
        "render",
        PROPER,
        "--fen",
        FOUR_IN_LINE,
        "--moves",
        "d12-c11",
    ]);
    r.assert_ok();
    let svg = crate::helpers::cli::stdout(&r);
    for n in ["c9", "c10", "c11", "c12"] {
        assert!(
            svg.contains(&format!("class=\"ending\" data-node=\"{n}\"")),
            "{n}: {svg}"
        );
    }
    assert_eq!(svg.matches("class=\"ending\"").count(), 4);
    assert!(
        svg.contains(">game over: white wins: Victoria excellentissima (white has four</text>"),
        "{svg}"
    );
    assert!(
        svg.contains(">numbers in progression on c9 c10 c11 c12) · last move: d12-c11</text>"),
        "{svg}"
    );
    // Before the move nothing is marked.
    let r = run(&["render", PROPER, "--fen", FOUR_IN_LINE]);
    assert!(!crate::helpers::cli::stdout(&r).contains("class=\"ending\""));
}

#[test]
fn duck_moves_are_refused_with_the_reason_and_played_in_both_forms() {
    let (text, _) = transcript(
        "variants/duck.toml",
        None,
        "e2e4\ne2e4,e4e2\ne7e5,e5e2\ne7e5,*@e2\ne7e5,e5d4\nfen\n",
    );
    assert!(
        text.contains(
            "illegal move `e2e4`: e2-e4 needs its second part: the duck must be placed too"
        ),
        "{text}"
    );
    assert!(
        text.contains("illegal move `e7e5,e5e2`: the duck must move: it stands on e2 already"),
        "{text}"
    );
    assert!(text.contains("rnbqkbnr/pppp1ppp/8/4p3/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
}

#[test]
fn amazons_arrows_are_refused_with_the_reason_and_a_player_without_a_move_loses() {
    let (text, _) = transcript(
        "variants/amazons.toml",
        Some("10/10/10/10/10/10/10/10/**6**/Q1*5*q w - - 0 1"),
        "a1b1\na1b1,b1b2\na1b1,b1e1\na1b1,*@a1\n",
    );
    assert!(
        text.contains(
            "illegal move `a1b1`: a1-b1 needs its second part: the arrow must be placed too"
        ),
        "{text}"
    );
    assert!(
        text.contains("illegal move `a1b1,b1b2`: cannot put the arrow on b2: it is not empty"),
        "{text}"
    );
    assert!(
        text.contains(
            "illegal move `a1b1,b1e1`: cannot put the arrow on e1: it is out of reach of the amazon on b1"
        ),
        "{text}"
    );
    assert!(
        text.ends_with(
            "result: white wins: black has no legal move and is not in check (stalemate)\n"
        ),
        "{text}"
    );
}
