//! Board and variant files, mutated: the loader returns every problem located inside the file
//! it is about, never panics, and a variant it accepts has a start position whose text reads
//! back to itself.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use chessgraph::Board;
use chessgraph::Position;
use chessgraph::diagnostic::FileReport;
use proptest::test_runner::TestRunner;

use super::budget;
use super::mutation::{apply, mutation};

/// Checks a report: errors only where the text is, and it renders.
fn check_report(report: &FileReport) {
    let len = report.source.text().len();
    for d in &report.diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.end <= len,
            "span {:?} of {} outside {} ({} bytes): {}",
            d.span,
            d.code(),
            report.source.path().display(),
            len,
            d.message
        );
    }
    let short = report.render_short();
    assert!(short.lines().all(|l| l.contains(':')), "{short}");
    let _ = report.render(false, 100);
}

const BOARDS: [&str; 4] = ["chess", "circular", "cylinder", "three_man_chess"];

#[test]
fn mutated_boards_never_panic_and_every_problem_is_located() {
    let outcomes = RefCell::new(BTreeMap::<String, usize>::new());
    let texts: Vec<String> = BOARDS
        .iter()
        .map(|b| std::fs::read_to_string(format!("boards/{b}.toml")).unwrap())
        .collect();
    let strategy = (0..BOARDS.len(), proptest::collection::vec(mutation(), 1..4));
    TestRunner::new(budget::config(3000))
        .run(&strategy, |(board, mutations)| {
            let mut bytes = texts[board].as_bytes().to_vec();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let outcome = match Board::from_toml(BOARDS[board], &text) {
                Ok(board) => {
                    let _ = (board.summary(), board.listing(), board.to_dot());
                    "ok".to_string()
                }
                Err(e) => {
                    assert!(e.0.has_errors());
                    check_report(&e.0);
                    e.0.diagnostics[0].code().to_string()
                }
            };
            *outcomes.borrow_mut().entry(outcome).or_default() += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The mutants reach every stage, not only the TOML parser.
    let outcomes = outcomes.into_inner();
    for key in [
        "ok",
        "toml::syntax",
        "board::unknown-node",
        "board::unknown-direction",
    ] {
        assert!(
            outcomes.get(key).is_some_and(|&n| n > 0),
            "no mutant gave `{key}`: {outcomes:?}"
        );
    }
}

/// A copy of `boards/` and `variants/` in a temporary folder, where mutants are written beside
/// the shipped variants so that their `board` and `extends` paths still resolve.
fn sandbox() -> tempfile::TempDir {
    let tmp = crate::helpers::temp_dir();
    let root = tmp.path();
    for dir in ["boards", "variants"] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            std::fs::copy(&path, root.join(dir).join(path.file_name().unwrap())).unwrap();
        }
    }
    tmp
}

#[test]
fn mutated_variants_never_panic_and_accepted_ones_read_back() {
    let sandbox = sandbox();
    let root = sandbox.path();
    let names: Vec<PathBuf> = {
        let mut v: Vec<PathBuf> = std::fs::read_dir("variants")
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        v.sort();
        v
    };
    let texts: Vec<String> = names
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let mutant = root.join("variants").join("mutant.toml");
    let outcomes = RefCell::new(BTreeMap::<String, usize>::new());
    let strategy = (0..names.len(), proptest::collection::vec(mutation(), 1..4));
    TestRunner::new(budget::config(400))
        .run(&strategy, |(variant, mutations)| {
            let mut bytes = texts[variant].as_bytes().to_vec();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            std::fs::write(&mutant, &bytes).unwrap();
            // `check`'s path: the load and, for a valid file, the lints (which must not panic
            // on any file that loads, and locate their warnings like every diagnostic).
            let (rules, reports) = chessgraph::lint::check_variant(&mutant);
            for r in &reports {
                check_report(r);
            }
            let outcome = match rules {
                Some(rules) => {
                    let rules = Arc::new(rules);
                    let start = Position::start(&rules);
                    let text = start.to_fen();
                    let again = Position::from_fen(&rules, &text).expect("the start reads back");
                    assert_eq!(again.to_fen(), text);
                    let _ = rules.summary();
                    "ok".to_string()
                }
                None => reports
                    .iter()
                    .flat_map(|r| &r.diagnostics)
                    .next()
                    .map_or("none".to_string(), |d| d.code().to_string()),
            };
            *outcomes.borrow_mut().entry(outcome).or_default() += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let outcomes = outcomes.into_inner();
    assert!(outcomes.get("ok").is_some_and(|&n| n > 0), "{outcomes:?}");
    assert!(
        outcomes.len() >= 4,
        "the mutants reach several stages: {outcomes:?}"
    );
}

/// Found by the mutation test above: a name with a line break (`"ce\nter"`) split its problem's
/// line in the short report. Each problem stays on one line, the break shown escaped.
#[test]
fn a_name_with_a_line_break_stays_on_its_problem_line() {
    let text = std::fs::read_to_string("boards/three_man_chess.toml")
        .unwrap()
        .replacen("twist = \"center\"", "twist = \"ce\\nter\"", 1);
    let Err(e) = Board::from_toml("three_man_chess", &text) else {
        panic!("an undeclared twist is an error");
    };
    let report = e.0;
    check_report(&report);
    let short = report.render_short();
    assert!(
        short.contains("twist `ce\\u{a}ter` is not declared"),
        "{short}"
    );
}
