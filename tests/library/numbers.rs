//! Numbers, stacks, captured material and captures by relation as general capabilities: position
//! text round trips, refusals, make/unmake in random games, the section 10 option fixtures.

use chessgraph::Material;
use chessgraph::Position;
use chessgraph::testing::hash_from_scratch;

use crate::helpers::{Rng, load, playout};
use crate::rithmomachia::{play, position_in};

const FILE: &str = "variants/rithmomachia.toml";

/// The start position as the README documents it.
const START: &str = "8/8/s{361}s{225}4s{121}s{49}/p(s{64}.s{49}.t{36}.t{25}.c{16})s{120}t{64}t{56}t{30}t{36}s{66}s{28}/t{100}t{90}c{81}c{49}c{25}c{9}t{12}t{16}/2c{9}c{7}c{5}c{3}2/8/8/8/8/2C{2}C{4}C{6}C{8}2/T{9}T{6}C{4}C{16}C{36}C{64}T{72}T{81}/S{15}S{45}T{25}T{20}T{42}T{49}P(S{36}.S{25}.T{16}.T{9}.C{4}.C{1})S{153}/S{25}S{81}4S{169}S{289}/8/8 w - - 0 1";

#[test]
fn the_start_position_text_round_trips_and_is_the_documented_one() {
    let rules = load(FILE);
    let pos = Position::start(&rules);
    assert_eq!(pos.to_fen(), START);
    let readme = std::fs::read_to_string("README.md").expect("README");
    assert!(
        readme.contains(START),
        "the README documents the start text"
    );
    let again = Position::from_fen(&rules, START).expect("reads");
    assert!(again == pos);
    assert_eq!(again.hash(), pos.hash());
}

#[test]
fn values_stacks_and_captured_material_round_trip() {
    let rules = load(FILE);
    let texts = [
        "8/8/8/8/8/8/8/8/8/8/4p(s{64}.t{25})3/8/8/2C{16}5/8/7c{3} w - - 0 1 captured:w=14/400,b=3/57",
        "8/8/8/8/8/8/8/8/8/8/8/8/8/8/P(C{1})7/7c{65535} b - - 3 9 captured:w=0/0,b=1/1",
        "8/8/8/8/8/8/8/8/8/8/8/8/8/8/T{9}7/7c{3} w - - 0 1",
    ];
    for text in texts {
        let pos = Position::from_fen(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.to_fen(), text);
        assert_eq!(pos.hash(), hash_from_scratch(&pos));
    }
    let pos = Position::from_fen(&rules, texts[0]).expect("reads");
    let [w, b] = [0, 1].map(|i| rules.player_id(i).expect("player"));
    assert_eq!(
        pos.captured(w),
        Material {
            men: 14,
            value: 400,
            digits: 0
        }
    );
    assert_eq!(
        pos.captured(b),
        Material {
            men: 3,
            value: 57,
            digits: 0
        }
    );
    // Captured material, numbers and stack parts are all in the hash.
    let other = Position::from_fen(&rules, &texts[0].replace("b=3/57", "b=3/58")).expect("reads");
    assert_ne!(other.hash(), pos.hash());
    let other = Position::from_fen(&rules, &texts[0].replace("C{16}", "C{17}")).expect("reads");
    assert_ne!(other.hash(), pos.hash());
    let other = Position::from_fen(&rules, &texts[0].replace("t{25}", "t{26}")).expect("reads");
    assert_ne!(other.hash(), pos.hash());
}

#[test]
fn bad_numbers_are_refused_with_the_reason() {
    let rules = load(FILE);
    let cases = [
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/C7/7c{3} w - - 0 1",
            "the circle needs a number",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/P7/7c{3} w - - 0 1",
            "a stack holds at least one part",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{2}(C{1})7/7c{3} w - - 0 1",
            "the circle is not a stack",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/P(C)7/7c{3} w - - 0 1",
            "the part C needs a number",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{0}7/7c{3} w - - 0 1",
            "1 to 65535",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{2}7/7c{3} w - - 0 1 captured:w=1",
            "PLAYER=MEN/VALUE",
        ),
        (
            "8/8/8/8/8/8/8/8/8/8/8/8/8/8/C{2}7/7c{3} w - - 0 1 captured:x=1/1",
            "PLAYER=MEN/VALUE",
        ),
    ];
    for (text, why) in cases {
        let err = Position::from_fen(&rules, text)
            .expect_err(text)
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    // Chess has no captured material, no numbers.
    let chess = load("variants/chess.toml");
    let err = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 captured:w=1/1")
        .expect_err("no such field")
        .to_string();
    assert!(err.contains("unknown field"), "{err}");
}

#[test]
fn make_and_unmake_restore_numbers_stacks_and_material_in_random_games() {
    let rules = load(FILE);
    let mut rng = Rng::new(21);
    let mut captures = 0;
    for _ in 0..20 {
        playout(Position::start(&rules), &mut rng, 150, |pos, _, chosen| {
            let Some(m) = chosen else { return };
            let before = pos.clone();
            let text = before.to_fen();
            let undo = pos.make(m);
            assert_eq!(pos.hash(), hash_from_scratch(pos));
            let after = pos.to_fen();
            let reread = Position::from_fen(&rules, &after).expect("its own text reads");
            assert!(reread == *pos, "{after}");
            if pos.captured(before.to_move()) != before.captured(before.to_move()) {
                captures += 1;
            }
            pos.unmake(undo);
            assert!(*pos == before, "unmake restores {text}");
            assert_eq!(pos.hash(), before.hash());
        });
    }
    assert!(captures > 20, "the games capture ({captures})");
}

#[test]
fn option_eruption_blocked_by_the_first_man() {
    let white = [("C4", "c3")];
    let black = [("T12", "d6"), ("C5", "d5"), ("C3", "h16")];
    let mut pos = position_in(FILE, &white, &black, false, [(0, 0); 2]);
    assert_eq!(play(&mut pos, "c3-d4"), ["T12@d6"], "default: through C5");
    let blocked = "tests/fixtures/rule_variants/rithmomachia_eruption_blocked.toml";
    let mut pos = position_in(blocked, &white, &black, false, [(0, 0); 2]);
    assert!(play(&mut pos, "c3-d4").is_empty(), "C5 on d5 blocks");
}

#[test]
fn option_ambush_by_sum_and_difference_only() {
    let white = [("C2", "c7"), ("T6", "f6")];
    let black = [("T12", "d8"), ("C3", "h16")];
    let mut pos = position_in(FILE, &white, &black, false, [(0, 0); 2]);
    assert_eq!(play(&mut pos, "f6-f8"), ["T12@d8"], "default: 2 * 6");
    let plus_minus = "tests/fixtures/rule_variants/rithmomachia_ambush_add_subtract.toml";
    let mut pos = position_in(plus_minus, &white, &black, false, [(0, 0); 2]);
    assert!(play(&mut pos, "f6-f8").is_empty(), "no product");
    // A sum still takes: 4 + 8 = 12.
    let mut pos = position_in(
        plus_minus,
        &[("C4", "d8"), ("C8", "g11")],
        &[("T12", "e9"), ("C3", "h16")],
        false,
        [(0, 0); 2],
    );
    assert_eq!(play(&mut pos, "g11-f10"), ["T12@e9"]);
}

#[test]
fn option_custodial_ambush() {
    let white = [("C2", "c7"), ("C4", "f8")];
    let black = [("T12", "e8"), ("C3", "h16")];
    let mut pos = position_in(FILE, &white, &black, false, [(0, 0); 2]);
    assert!(
        play(&mut pos, "c7-d8").is_empty(),
        "default: no relation holds"
    );
    let custodial = "tests/fixtures/rule_variants/rithmomachia_custodial_ambush.toml";
    let mut pos = position_in(custodial, &white, &black, false, [(0, 0); 2]);
    assert_eq!(play(&mut pos, "c7-d8"), ["T12@e8"]);
    let w = pos.rules().player_id(0).expect("white");
    assert_eq!(
        pos.captured(w),
        Material {
            men: 1,
            value: 12,
            digits: 0
        }
    );
}

#[test]
fn option_distant_siege() {
    // Black's T97 on e8 with an empty square on each side, White's men one square further.
    let white = [("C2", "c8"), ("C4", "e10"), ("C6", "e6"), ("C8", "h9")];
    let black = [("T97", "e8"), ("C3", "h16")];
    let mut pos = position_in(FILE, &white, &black, false, [(0, 0); 2]);
    assert!(
        play(&mut pos, "h9-g8").is_empty(),
        "default: neighbours only"
    );
    let distant = "tests/fixtures/rule_variants/rithmomachia_distant_siege.toml";
    let mut pos = position_in(distant, &white, &black, false, [(0, 0); 2]);
    assert_eq!(
        play(&mut pos, "h9-g8"),
        ["T97@e8"],
        "the first man met closes each side"
    );
    // A black man between on one side keeps that side open.
    let black_between = [("T97", "e8"), ("C3", "f8")];
    let mut pos = position_in(distant, &white, &black_between, false, [(0, 0); 2]);
    assert!(play(&mut pos, "h9-g8").is_empty(), "f8 is Black's");
    // Lines open to the edge close nothing: a lone man is not besieged.
    let mut pos = position_in(
        distant,
        &[("C8", "h9")],
        &[("T97", "e8"), ("C3", "h16")],
        false,
        [(0, 0); 2],
    );
    assert!(play(&mut pos, "h9-g8").is_empty(), "open lines");
}

#[test]
fn option_victoria_magna() {
    use chessgraph::{EndRule, Outcome};
    let magna = "tests/fixtures/rule_variants/rithmomachia_victoria_magna.toml";
    // White's C2 steps to c9 in Black's half: c9, c11 (the first man north, 2 away), c13 (2 on):
    // 2, 4, 6 is an arithmetic progression.
    let white = [("C2", "d8"), ("C8", "a1")];
    let straight = [("C4", "c11"), ("C6", "c13"), ("C3", "h16")];
    let mut pos = position_in(FILE, &white, &straight, false, [(0, 0); 2]);
    assert!(play(&mut pos, "d8-c9").is_empty());
    assert_eq!(
        pos.outcome(),
        None,
        "the default rules have no Victoria magna"
    );
    let mut pos = position_in(magna, &white, &straight, false, [(0, 0); 2]);
    assert!(play(&mut pos, "d8-c9").is_empty());
    let w = pos.rules().player_id(0).expect("white");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::WonBy(w, EndRule::Progression(0)))
    );
    // After a quarter turn at the middle man: c11 then e11 (the square between empty).
    let turned = [("C4", "c11"), ("C6", "e11"), ("C3", "h16")];
    let mut pos = position_in(magna, &white, &turned, false, [(0, 0); 2]);
    play(&mut pos, "d8-c9");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::WonBy(w, EndRule::Progression(0)))
    );
    // A man between the middle and the last breaks it; so does a number out of progression.
    let blocked = [("C4", "c11"), ("T9", "c12"), ("C6", "c13"), ("C3", "h16")];
    let mut pos = position_in(magna, &white, &blocked, false, [(0, 0); 2]);
    play(&mut pos, "d8-c9");
    assert_eq!(pos.outcome(), None);
    let off = [("C4", "c11"), ("C7", "c13"), ("C3", "h16")];
    let mut pos = position_in(magna, &white, &off, false, [(0, 0); 2]);
    play(&mut pos, "d8-c9");
    assert_eq!(pos.outcome(), None);
    // In White's own half nothing counts: the same men four ranks lower.
    let low = [("C4", "c7"), ("C6", "c9"), ("C3", "h16")];
    let mut pos = position_in(
        magna,
        &[("C2", "d4"), ("C8", "a1")],
        &low,
        false,
        [(0, 0); 2],
    );
    play(&mut pos, "d4-c5");
    assert_eq!(pos.outcome(), None);
}
