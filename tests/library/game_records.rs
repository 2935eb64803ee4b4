//! The game of `play` and `serve` (the command line's `game`): moves as text with undo,
//! eliminations and results, the legal moves grouped by origin, and records saved and replayed.

use crate::helpers::game::{Game, MAX_PLIES, Record, RecordError, choices_by_origin};
use crate::helpers::load;
use chessgraph::PlayerId;
use chessgraph::notation::MoveError;
use chessgraph::{Outcome, Position};

#[test]
fn moves_are_kept_as_text_and_undone() {
    let rules = load("variants/chess.toml");
    let mut game = Game::new(Position::start(&rules), true);
    assert_eq!(game.play_text("e2e4").unwrap().text, "e2-e4");
    game.play_text("e7-e5").unwrap();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.position_at(1).unwrap().to_move(), PlayerId::seat(1));
    assert!(game.position_at(3).is_none());
    let taken = game.undo().unwrap();
    assert_eq!(
        (taken.text.as_str(), taken.mover),
        ("e7-e5", PlayerId::seat(1))
    );
    assert_eq!(game.position().to_move(), PlayerId::seat(1));
    game.undo().unwrap();
    assert!(game.undo().is_none(), "nothing left to undo");
    assert_eq!(game.position().to_fen(), Position::start(&rules).to_fen());
}

#[test]
fn a_refused_move_leaves_the_game_as_it_was() {
    let rules = load("variants/chess.toml");
    let mut game = Game::new(Position::start(&rules), true);
    let before = game.position().to_fen();
    let e = game.play_text("e2e5").unwrap_err();
    assert!(matches!(e, MoveError::Illegal(_)), "{e:?}");
    assert_eq!(e.to_string(), "the pawn on e2 cannot move to e5");
    assert!(matches!(
        game.play_text("zz"),
        Err(MoveError::Malformed { .. })
    ));
    assert_eq!(game.position().to_fen(), before);
    assert!(game.moves().is_empty());
}

#[test]
fn a_finished_game_has_its_result_and_takes_no_move() {
    let rules = load("variants/chess.toml");
    let mut game = Game::new(Position::start(&rules), true);
    game.play_all(&["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Winner(PlayerId::seat(1))));
    assert_eq!(
        game.result_text().unwrap(),
        "black wins: white has no legal move and is in check (checkmate)"
    );
    let e = game.play_text("a2a3").unwrap_err();
    assert!(e.to_string().starts_with("the game is over"), "{e}");
    // Undo reopens it.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn eliminations_are_told_as_events() {
    // Gray's knight on b1 shields white's king on a1 from black's rook on c1; gray moves it away
    // and black takes the king (as in the command-line test of `play`).
    let rules = load("tests/fixtures/render/three_armies.toml");
    let start = Position::from_fen(&rules, "24/24/12gK11/24/24/wKgNbRbK20 g - - 0 1").unwrap();
    let mut game = Game::new(start, true);
    assert!(game.start_events().is_empty());
    game.play_text("b1x2").unwrap();
    let played = game.play_text("c1a1").unwrap();
    assert_eq!(
        played.events,
        ["white's king was captured: white is out, its pieces stay frozen"]
    );
    assert_eq!(game.outcome(), None, "gray and black play on");
}

#[test]
fn records_round_trip_and_replay() {
    let rules = load("variants/chess.toml");
    let mut game = Game::new(Position::start(&rules), true);
    game.play_all(&["e2e4", "e7e5", "g1f3"]).unwrap();
    let text = game.record().to_toml();
    assert_eq!(
        text,
        "variant = \"Orthodox chess\"\nstart = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\nmoves = [\"e2-e4\", \"e7-e5\", \"g1-f3\"]\n"
    );
    let record = Record::parse(&text).unwrap();
    let again = Game::from_record(&rules, &record, true).unwrap();
    assert_eq!(again.position().to_fen(), game.position().to_fen());
    assert_eq!(again.moves(), game.moves());
    // A record of a game started elsewhere keeps its start.
    let start = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    let mut game = Game::new(start, true);
    game.play_text("e1c1").unwrap();
    let again = Game::from_record(&rules, &game.record(), true).unwrap();
    assert_eq!(again.record(), game.record());
}

/// What a refused record's error must be.
type Expected = fn(&RecordError) -> bool;

#[test]
fn bad_records_are_refused_with_the_reason() {
    let rules = load("variants/chess.toml");
    let cases: [(&str, Expected); 5] = [
        ("moves = 3", |e| matches!(e, RecordError::Syntax(_))),
        ("variant = \"x\"\nstart = \"y\"\nextra = 1", |e| {
            matches!(e, RecordError::Syntax(_))
        }),
        ("variant = \"Shogi\"\nstart = \"y\"", |e| {
            matches!(e, RecordError::OtherVariant { .. })
        }),
        ("variant = \"Orthodox chess\"\nstart = \"y\"", |e| {
            matches!(e, RecordError::Start(_))
        }),
        (
            "variant = \"Orthodox chess\"\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nmoves = [\"e1e2\", \"e1e2\"]",
            |e| matches!(e, RecordError::Move(l) if l.index == 2),
        ),
    ];
    for (text, expected) in cases {
        let e = Record::parse(text).and_then(|r| Game::from_record(&rules, &r, true));
        let e = e.err().unwrap_or_else(|| panic!("{text}: accepted"));
        assert!(expected(&e), "{text}: {e:?}");
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn legal_moves_are_grouped_by_origin_with_drops_by_token() {
    let rules = load("variants/chess.toml");
    let groups = choices_by_origin(&Position::start(&rules));
    assert_eq!(groups.len(), 10);
    let g1: Vec<&str> = groups["g1"].iter().map(|c| c.to.as_str()).collect();
    assert_eq!(g1, ["f3", "h3"]);
    let rules = load("variants/crazyhouse.toml");
    let pos = Position::from_fen(&rules, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let groups = choices_by_origin(&pos);
    assert_eq!(groups["P@"].len(), 48);
    assert!(groups["P@"].iter().all(|c| c.text.starts_with("P@")));
}

#[test]
fn a_game_holds_at_most_max_plies() {
    let rules = load("variants/chess.toml");
    let mut game = Game::new(Position::start(&rules), false);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for i in 0..MAX_PLIES {
        game.play_text(shuffle[i % 4]).unwrap();
    }
    assert!(matches!(
        game.play_text("g1f3"),
        Err(MoveError::Malformed { .. })
    ));
}
