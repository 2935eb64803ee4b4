//! Rithmomachia's remaining victories and siege by immobilisation (section 10a of our ruling,
//! retold with these vectors in docs/rules/rithmomachia.md): each vector a position built as a
//! `Setup`, checked by hand against the ruling.

use chessgraph::render::{RenderOptions, render_svg};
use chessgraph::{EndRule, Material, Outcome, PlayerId, Position};

use crate::rithmomachia::{play, position_with};
use chessgraph::testing::PositionInternals;

const LITE: &str = "tests/fixtures/rule_variants/rithmomachia_de_lite.toml";
const HONORE: &str = "tests/fixtures/rule_variants/rithmomachia_de_honore.toml";
const LITEQUE: &str = "tests/fixtures/rule_variants/rithmomachia_de_honore_liteque.toml";
const DEFAULT: &str = "variants/rithmomachia.toml";

fn material(men: u32, value: u64, digits: u32) -> Material {
    Material { men, value, digits }
}

fn player(pos: &Position, i: usize) -> PlayerId {
    pos.rules().player_id(i).expect("player")
}

/// The name of the victory the game ended by, if it ended by a captured-material one.
fn won_by(pos: &Position) -> Option<(u8, String)> {
    match pos.outcome()? {
        Outcome::WonBy(p, EndRule::Captured(_)) => {
            let w = pos.captured_win(p).expect("the victory");
            Some((p.index() as u8, w.name.clone()))
        }
        other => panic!("ended otherwise: {other:?}"),
    }
}

/// W: C25 c3; B: T25 e5, C3 h16; White to move with material `before`: c3-d4 takes T25 by
/// equality (the circle reaches e5), adding 1 man, value 25 and 2 digits.
fn lite_case(file: &str, before: Material) -> Position {
    let mut pos = position_with(
        file,
        &[("C25", "c3")],
        &[("T25", "e5"), ("C3", "h16")],
        false,
        [before, Material::default()],
    );
    assert_eq!(play(&mut pos, "c3-d4"), ["T25@e5"]);
    pos
}

#[test]
fn captured_digits_are_counted_kept_and_written() {
    let mut pos = lite_case(LITE, material(3, 100, 6));
    let white = player(&pos, 0);
    assert_eq!(pos.captured(white), material(4, 125, 8));
    assert!(
        pos.to_fen().ends_with("captured:w=4/125/8,b=0/0/0"),
        "{}",
        pos.to_fen()
    );
    assert!(pos.outcome().is_none());
    // A stack's parts count their own digits: C8 f3 takes P[S64 S49 T36 T25 C16] by siege.
    pos = position_with(
        LITE,
        &[("C8", "f3")],
        &[("P[S64 S49 T36 T25 C16]", "h1"), ("C3", "h16")],
        false,
        [Material::default(); 2],
    );
    assert_eq!(play(&mut pos, "f3-g2"), ["P190@h1"]);
    assert_eq!(pos.captured(white), material(5, 190, 10));
    // The default game reads no digits: they are not state, and not written.
    let pos = lite_case(DEFAULT, material(3, 100, 0));
    assert_eq!(pos.captured(white), material(4, 125, 0));
    assert!(
        pos.to_fen().ends_with("captured:w=4/125,b=0/0"),
        "{}",
        pos.to_fen()
    );
}

#[test]
fn de_lite_needs_the_value_within_the_digits() {
    // 1300 + 25 = 1325 >= 1315 with 30 + 2 = 32 <= 40 digits: De lite.
    let pos = lite_case(LITE, material(10, 1300, 30));
    assert_eq!(won_by(&pos), Some((0, "De lite".into())));
    // 39 + 2 = 41 digits: too many; the default game's De bonis wins the same move.
    let pos = lite_case(LITE, material(10, 1300, 39));
    assert_eq!(won_by(&pos), None);
    let pos = lite_case(DEFAULT, material(10, 1300, 0));
    assert_eq!(won_by(&pos), Some((0, "De bonis".into())));
    // Exactly 40 digits is within the limit.
    let pos = lite_case(LITE, material(10, 1300, 38));
    assert_eq!(won_by(&pos), Some((0, "De lite".into())));
}

#[test]
fn de_honore_needs_the_value_with_few_men() {
    // 12 + 1 = 13 men <= 15: De honore.
    let pos = lite_case(HONORE, material(12, 1300, 0));
    assert_eq!(won_by(&pos), Some((0, "De honore".into())));
    // 13 + 1 = 14 men, 1290 + 25 = 1315: exactly the value.
    let pos = lite_case(HONORE, material(13, 1290, 0));
    assert_eq!(won_by(&pos), Some((0, "De honore".into())));
    // 1289 + 25 = 1314: one short.
    let pos = lite_case(HONORE, material(13, 1289, 0));
    assert_eq!(won_by(&pos), None);
    // 15 men and the value: both hold; De corpore, first in the order, is reported.
    let pos = lite_case(HONORE, material(14, 1300, 0));
    assert_eq!(won_by(&pos), Some((0, "De corpore".into())));
}

#[test]
fn de_honore_liteque_needs_all_three() {
    let pos = lite_case(LITEQUE, material(10, 1300, 30));
    assert_eq!(won_by(&pos), Some((0, "De honore liteque".into())));
    let pos = lite_case(LITEQUE, material(10, 1300, 39));
    assert_eq!(won_by(&pos), None, "41 digits");
    // Black's numbers: 984 and 36 digits. Black T9 b2-d2 takes S45 d6 (eruption 9 * 5).
    let case = |before: Material| {
        let mut pos = position_with(
            LITEQUE,
            &[("S45", "d6"), ("C2", "a1")],
            &[("T9", "b2"), ("C3", "h16")],
            true,
            [Material::default(), before],
        );
        assert_eq!(play(&mut pos, "b2-d2"), ["S45@d6"]);
        pos
    };
    assert_eq!(
        won_by(&case(material(10, 950, 34))),
        Some((1, "De honore liteque".into()))
    );
    assert_eq!(won_by(&case(material(10, 950, 35))), None, "37 digits > 36");
    assert_eq!(won_by(&case(material(10, 938, 20))), None, "983 < 984");
}

#[test]
fn a_royal_taken_by_a_judged_capture_puts_its_player_out() {
    let file = "tests/fixtures/rule_variants/rithmomachia_royal.toml";
    // W: K9 e5, C2 a1; B: C9 c3, C3 h16; Black to move: c3-d4 takes K9 by equality (the circle
    // reaches e5), White has no royal left and is out: Black, the last player standing, wins.
    let mut pos = position_with(
        file,
        &[("K9", "e5"), ("C2", "a1")],
        &[("C9", "c3"), ("C3", "h16")],
        true,
        [Material::default(); 2],
    );
    let before = pos.clone();
    assert_eq!(play(&mut pos, "c3-d4"), ["K9@e5"]);
    let black = player(&pos, 1);
    assert_eq!(pos.outcome(), Some(Outcome::Winner(black)));
    // The same by make and unmake: White is out, and unmake puts him back.
    let mut again = before.clone();
    let mut moves = Vec::new();
    let _ = again.resolve(&mut moves);
    let wanted = chessgraph::notation::parse_move(&again, "c3-d4").expect("legal");
    let m = *moves.iter().find(|m| m.mv() == wanted).expect("generated");
    let undo = again.make(m);
    assert!(!again.is_alive(player(&again, 0)));
    again.unmake(undo);
    assert!(again == before);
    assert_eq!(again.hash(), before.hash());
    // Taking a plain man leaves White in: W: C9 e5, K9 a1; the same move takes C9.
    let mut pos = position_with(
        file,
        &[("C9", "e5"), ("K9", "a1")],
        &[("C9", "c3"), ("C3", "h16")],
        true,
        [Material::default(); 2],
    );
    assert_eq!(play(&mut pos, "c3-d4"), ["C9@e5"]);
    assert_eq!(pos.outcome(), None);
}

const IMMOBILISE: &str = "tests/fixtures/rule_variants/rithmomachia_siege_immobilise.toml";

#[test]
fn siege_by_immobilisation() {
    let case = |file: &str, black: &[(&str, &str)], mv: &str| {
        let mut pos = position_with(
            file,
            &[("C9", "c2"), ("C2", "h1")],
            black,
            false,
            [Material::default(); 2],
        );
        play(&mut pos, mv)
    };
    // B: C3 a4, C5 b5: c2-b3 leaves C3 no move (b5 its own man, b3 White's, the west off the
    // board) with White's C9 next to it: taken. No other rule takes it (no relation of 9 and 3
    // by reach or line, and Black's b5 keeps the diagonal siege open). The default game: nothing.
    let black = [("C3", "a4"), ("C5", "b5")];
    assert_eq!(case(IMMOBILISE, &black, "c2-b3"), ["C3@a4"]);
    assert!(case(DEFAULT, &black, "c2-b3").is_empty());
    // A pyramid of circles is taken whole (both parts, total 5).
    let black = [("P[C4 C1]", "a4"), ("C5", "b5")];
    assert_eq!(case(IMMOBILISE, &black, "c2-b3"), ["P5@a4"]);
    // Without a man of the mover next to it an immobile man stays: C3 a4 shut in by its own C5
    // b5 and C7 b3, White plays h1-g2 far away.
    let black = [("C3", "a4"), ("C5", "b5"), ("C7", "b3")];
    assert!(case(IMMOBILISE, &black, "h1-g2").is_empty());
    // One move left is enough: C3 on b4 with a5, c5, c3 Black's own and b3 White's after c2-b3
    // still has a3: it stays.
    let black = [("C3", "b4"), ("C5", "a5"), ("C7", "c5"), ("C11", "c3")];
    assert!(case(IMMOBILISE, &black, "c2-b3").is_empty());
    // ... and with a3 Black's too it has none: taken.
    let black = [
        ("C3", "b4"),
        ("C5", "a5"),
        ("C7", "c5"),
        ("C11", "c3"),
        ("C13", "a3"),
    ];
    assert_eq!(case(IMMOBILISE, &black, "c2-b3"), ["C3@b4"]);
}

const PROPER: &str = "variants/rithmomachia_proper.toml";

/// The name of the progression victory the game ended by.
fn progression_won(pos: &Position) -> Option<(usize, String)> {
    match pos.outcome()? {
        Outcome::WonBy(p, EndRule::Progression(i)) => {
            let text = Outcome::WonBy(p, EndRule::Progression(i)).describe(pos.rules());
            Some((p.index(), text))
        }
        other => panic!("ended otherwise: {other:?}"),
    }
}

/// White's men of the Victoria excellentissima: d12-c11 completes 3 4 6 9 on the c file.
const EXCELLENTISSIMA_WHITE: [(&str, &str); 5] = [
    ("C3", "c9"),
    ("C4", "c10"),
    ("T9", "c12"),
    ("C6", "d12"),
    ("C2", "a1"),
];
/// Black's men far from it.
const FAR_BLACK: [(&str, &str); 2] = [("C5", "h16"), ("C7", "a16")];

/// The position before d12-c11, White to move.
fn excellentissima_before() -> Position {
    let none = [Material::default(); 2];
    position_with(PROPER, &EXCELLENTISSIMA_WHITE, &FAR_BLACK, false, none)
}

#[test]
fn progressions_of_four_and_the_order_they_are_reported_in() {
    // W: C3 c9, C4 c10, T9 c12, C6 d12 (on Black's half); d12-c11 completes 3 4 6 9 on the c
    // file, k = 1: 3-6-9 arithmetic, 4-6-9 geometric, 3-4-6 harmonic: Victoria excellentissima,
    // reported before the Victoria magna 3 4 6 holds too.
    let mut pos = excellentissima_before();
    let (white, black) = (EXCELLENTISSIMA_WHITE, FAR_BLACK);
    assert!(pos.outcome().is_none());
    assert!(play(&mut pos, "d12-c11").is_empty());
    let (who, text) = progression_won(&pos).expect("a progression");
    assert_eq!(who, 0);
    assert!(
        text.starts_with("white wins: Victoria excellentissima"),
        "{text}"
    );
    // The default game has none of them.
    let mut pos = position_with(DEFAULT, &white, &black, false, [Material::default(); 2]);
    play(&mut pos, "d12-c11");
    assert_eq!(pos.outcome(), None);
    // With 5 instead of 4 on c10: of 3 5 6 9 only 3-6-9 is in a mean (one kind: neither four-man
    // victory), and no three in line order are (3 5 6, 5 6 9): nothing.
    let white5 = [
        ("C3", "c9"),
        ("C5", "c10"),
        ("T9", "c12"),
        ("C6", "d12"),
        ("C2", "a1"),
    ];
    let mut pos = position_with(PROPER, &white5, &black, false, [Material::default(); 2]);
    play(&mut pos, "d12-c11");
    assert_eq!(pos.outcome(), None);

    // Black on White's half: B: C1 f5, C2 f6, C4 f8, C3 e8; e8-f7 completes 1 2 3 4 on the f
    // file: 1-2-3, 2-3-4 arithmetic, 1-2-4 geometric, no harmonic: Victoria major (and 1 2 3 is
    // a Victoria magna, reported after it).
    let white = [("C2", "a1"), ("C8", "h1")];
    let black = [
        ("C1", "f5"),
        ("C2", "f6"),
        ("C4", "f8"),
        ("C3", "e8"),
        ("C5", "h16"),
    ];
    let mut pos = position_with(PROPER, &white, &black, true, [Material::default(); 2]);
    assert!(play(&mut pos, "e8-f7").is_empty());
    let (who, text) = progression_won(&pos).expect("a progression");
    assert_eq!(who, 1);
    assert!(text.starts_with("black wins: Victoria major"), "{text}");

    // Only three: B: C1 f5, C2 f6, C3 e8 -> f7: 1 2 3 arithmetic: Victoria magna.
    let black = [("C1", "f5"), ("C2", "f6"), ("C3", "e8"), ("C5", "h16")];
    let mut pos = position_with(PROPER, &white, &black, true, [Material::default(); 2]);
    play(&mut pos, "e8-f7");
    let (_, text) = progression_won(&pos).expect("a progression");
    assert!(text.starts_with("black wins: Victoria magna"), "{text}");

    // A turn at M: A c9 (3), M c10 (4) k = 1, then east: E d10 (6), F e10 (9); e11-d10
    // completes it (before it, no three or four are in line with the squares between empty).
    let white = [
        ("C3", "c9"),
        ("C4", "c10"),
        ("T9", "e10"),
        ("C6", "e11"),
        ("C2", "a1"),
    ];
    let black = [("C5", "h16"), ("C7", "a16")];
    let mut pos = position_with(PROPER, &white, &black, false, [Material::default(); 2]);
    assert_eq!(pos.outcome(), None);
    assert!(play(&mut pos, "e11-d10").is_empty());
    let (_, text) = progression_won(&pos).expect("a progression");
    assert!(
        text.starts_with("white wins: Victoria excellentissima"),
        "{text}"
    );
}

/// The names of the squares a finished game's end names.
fn ending_names(pos: &Position) -> Vec<String> {
    let outcome = pos.outcome().expect("a finished game");
    let board = pos.rules().board();
    (pos.ending_squares(outcome).into_iter())
        .map(|n| board.node_name(n).to_string())
        .collect()
}

/// The nodes a picture of `pos` marks as named by the end of the game, in picture order.
fn marked_as_ending(pos: &Position) -> Vec<String> {
    let svg = render_svg(pos.rules().board(), Some(pos), &RenderOptions::default());
    svg.split("class=\"ending\" data-node=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().expect("a node name").to_string())
        .collect()
}

#[test]
fn a_progression_victory_names_its_squares_in_words_and_in_the_picture() {
    // The Victoria excellentissima above: d12-c11 completes 3 4 6 9 on c9 c10 c11 c12.
    let mut pos = excellentissima_before();
    let black = FAR_BLACK;
    assert!(marked_as_ending(&pos).is_empty(), "not finished yet");
    play(&mut pos, "d12-c11");
    assert_eq!(ending_names(&pos), ["c9", "c10", "c11", "c12"]);
    let outcome = pos.outcome().expect("finished");
    assert_eq!(
        pos.result_text(outcome),
        "white wins: Victoria excellentissima (white has four numbers in progression on c9 c10 c11 c12)"
    );
    let mut marked = marked_as_ending(&pos);
    marked.sort();
    assert_eq!(marked, ["c10", "c11", "c12", "c9"]);
    let svg = render_svg(pos.rules().board(), Some(&pos), &RenderOptions::default());
    assert!(
        svg.contains("Victoria excellentissima"),
        "the caption names it"
    );

    // The turned line (A c9, M c10, then east: E d10, F e10) is named in line order.
    let white = [
        ("C3", "c9"),
        ("C4", "c10"),
        ("T9", "e10"),
        ("C6", "e11"),
        ("C2", "a1"),
    ];
    let mut pos = position_with(PROPER, &white, &black, false, [Material::default(); 2]);
    play(&mut pos, "e11-d10");
    assert_eq!(ending_names(&pos), ["c9", "c10", "d10", "e10"]);

    // A victory by captured material names no square, and the picture marks none.
    let pos = lite_case(LITE, material(10, 1300, 30));
    assert_eq!(won_by(&pos), Some((0, "De lite".into())));
    assert!(ending_names(&pos).is_empty());
    assert!(marked_as_ending(&pos).is_empty());
    let text = pos.result_text(pos.outcome().expect("finished"));
    assert_eq!(
        text,
        "white wins: De lite (white captured value 1315 and at most 40 digits)"
    );
}
