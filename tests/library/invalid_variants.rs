//! Broken variant files and what chessgraph says about them.
//!
//! Each case is a directory `tests/fixtures/invalid_variants/<case>/` with a `variant.toml` (and the
//! board or extended files it needs): one small, realistic mistake. Its first line
//! `# expect: code code ...` names the codes the load must produce, over every file involved (no
//! more, no fewer); the rendered reports (no colour, width 100) are snapshotted so that every
//! message, span and help line is reviewed. Together the cases cover every `variant::`, `path::`
//! and `betza::` code of [`Code::ALL`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chessgraph::Rules;
use chessgraph::diagnostic::FileReport;
use chessgraph::testing::Code;

const FIXTURES: &str = "tests/fixtures/invalid_variants";

/// The fixture path relative to the crate root (cargo runs tests there), so printed paths are stable.
pub(crate) fn relative(path: &Path) -> PathBuf {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
        .to_path_buf()
}

fn expected_codes(text: &str, path: &Path) -> BTreeSet<String> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# expect:"))
        .unwrap_or_else(|| panic!("{} has no `# expect:` line", path.display()));
    line.split_whitespace().map(str::to_string).collect()
}

pub(crate) fn codes(reports: &[FileReport]) -> BTreeSet<String> {
    reports
        .iter()
        .flat_map(|r| &r.diagnostics)
        .map(|d| d.code().to_string())
        .collect()
}

/// Loads a fixture, checks what holds for every case, and returns the reports and the snapshot text.
fn check_case(path: &Path) -> (Vec<FileReport>, String) {
    let rel = relative(path);
    let text = std::fs::read_to_string(&rel).expect("fixture readable from the crate root");
    let (rules, reports) = Rules::check_file(&rel);
    assert!(rules.is_none(), "{} must be rejected", rel.display());
    let short: String = reports.iter().map(FileReport::render_short).collect();
    assert_eq!(
        codes(&reports),
        expected_codes(&text, &rel),
        "codes of {}:\n{short}",
        rel.display()
    );
    assert!(reports.iter().any(FileReport::has_errors));
    // The main file always has a report, first.
    assert_eq!(reports[0].source.path(), rel.as_path());
    for r in &reports {
        for d in &r.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end <= r.source.text().len(),
                "{}: span {:?} of {} is outside the file",
                r.source.path().display(),
                d.span,
                d.code()
            );
            assert!(!d.message.is_empty());
        }
    }
    // `load` fails with the same reports.
    match Rules::load(&rel) {
        Ok(_) => panic!("{} loads", rel.display()),
        Err(e) => assert_eq!(
            e.0.iter().map(FileReport::render_short).collect::<String>(),
            short
        ),
    }
    let mut snapshot = short;
    for r in &reports {
        snapshot.push('\n');
        let drawn = r.render(false, 100);
        // Every label, the related ones too, points into the file it is drawn with.
        assert!(
            !drawn.contains("Failed to read contents"),
            "{}: a label outside its file:\n{drawn}",
            r.source.path().display()
        );
        snapshot.push_str(&drawn);
    }
    (reports, snapshot)
}

#[test]
fn invalid_variants_are_rejected_with_every_problem_located() {
    insta::glob!("../fixtures/invalid_variants", "*/variant.toml", |path| {
        let (_, snapshot) = check_case(path);
        insta::assert_snapshot!("invalid", snapshot);
    });
}

fn cases() -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(FIXTURES)
        .expect("fixture directory")
        .map(|e| e.expect("directory entry").path().join("variant.toml"))
        .collect();
    cases.sort();
    cases
}

#[test]
fn every_variant_and_path_code_has_a_fixture() {
    let mut seen = BTreeSet::new();
    for case in cases() {
        assert!(case.is_file(), "{} is missing", case.display());
        let (_, reports) = Rules::check_file(&case);
        seen.extend(
            reports
                .iter()
                .flat_map(|r| &r.diagnostics)
                .map(|d| d.code()),
        );
    }
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| {
            let c = c.as_str();
            c.starts_with("variant::") || c.starts_with("path::") || c.starts_with("betza::")
        })
        .filter(|c| !seen.contains(c.as_str()))
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "codes no fixture produces: {}",
        missing.join(", ")
    );
}

#[test]
fn a_mistake_in_an_extended_file_is_reported_against_that_file() {
    let (reports, _) = check_case(Path::new(&format!(
        "{FIXTURES}/error_in_extended_file/variant.toml"
    )));
    let [child, parent] = &reports[..] else {
        panic!("expected a report for the variant and one for its parent: {reports:?}")
    };
    assert!(
        child.diagnostics.is_empty(),
        "the child file itself is fine"
    );
    assert_eq!(
        parent.source.path(),
        Path::new(&format!("{FIXTURES}/error_in_extended_file/parent.toml"))
    );
    let [d] = &parent.diagnostics[..] else {
        panic!("one problem in the parent: {}", parent.render_short())
    };
    assert_eq!(d.code(), Code::PathUnknownDirection.as_str());
    // The span is in the parent's own text: it points at the bad word.
    assert_eq!(&parent.source.text()[d.span.clone()], "wx");
    assert_eq!(parent.source.line_col(d.span.start), (28, 22));
}

#[test]
fn a_broken_board_is_reported_with_its_own_problems() {
    let (reports, _) = check_case(Path::new(&format!("{FIXTURES}/bad_board/variant.toml")));
    let [variant, board] = &reports[..] else {
        panic!("expected the variant's and the board's reports")
    };
    assert_eq!(variant.diagnostics[0].code(), Code::BadBoard.as_str());
    assert_eq!(
        &variant.source.text()[variant.diagnostics[0].span.clone()],
        "\"board.toml\""
    );
    assert!(board.source.path().ends_with("bad_board/board.toml"));
    assert!(board.has_errors());
}

#[test]
fn path_errors_point_at_the_offending_token() {
    // (case, the text under the primary span)
    let cases = [
        ("path_unclosed_paren", "("),
        ("path_unknown_kind", "slide"),
        ("path_stop_outside_parens", "stop"),
        ("path_nested_parens", "("),
        ("path_unknown_modifier", "from-home"),
        ("path_unknown_direction", "nwe"),
    ];
    for (case, token) in cases {
        let path = PathBuf::from(format!("{FIXTURES}/{case}/variant.toml"));
        let (_, reports) = Rules::check_file(&path);
        let d = &reports[0].diagnostics[0];
        assert_eq!(&reports[0].source.text()[d.span.clone()], token, "{case}");
    }
}

/// The codes of every report of a variant file, in order.
fn variant_codes(path: &str) -> Vec<String> {
    let (_, reports) = Rules::check_file(path);
    reports
        .iter()
        .flat_map(|r| {
            r.diagnostics
                .iter()
                .map(|d| format!("{}:{}", r.source.line_col(d.span.start).0, d.code()))
        })
        .collect()
}

/// Regression: a mark that is not `upper`/`lower` (here the typo `Lower`) made the builder believe
/// prefix marks were in use, so the other player's correct `mark = "upper"` was reported too
/// ("when one player uses a prefix mark, all must"): one typo, two errors, one of them on a
/// correct line. Only a usable prefix mark obliges the others now.
#[test]
fn a_mistyped_mark_is_the_only_error() {
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/bad_mark/variant.toml"),
        ["19:variant::bad-mark"]
    );
}

/// Regression: a frame declared but invalid (not a permutation, or naming an unknown direction)
/// was dropped, and then every player using it got a second error, "unknown frame `black`" with
/// the help "declared: identity", although the frame is declared a few lines above. A frame
/// declared but rejected is now reported once, where it is declared.
#[test]
fn an_invalid_frame_is_not_also_reported_as_unknown() {
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/frame_not_permutation/variant.toml"),
        ["9:variant::frame-not-permutation"]
    );
    assert_eq!(
        variant_codes("tests/fixtures/invalid_variants/frame_unknown_direction/variant.toml"),
        ["9:variant::unknown-name"]
    );
}
