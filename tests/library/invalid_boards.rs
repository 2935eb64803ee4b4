//! Broken board files and what chessgraph says about them.
//!
//! Each case is a directory `tests/fixtures/invalid/<case>/board.toml` (rejected) or
//! `tests/fixtures/warnings/<case>/board.toml` (accepted with warnings): a small, realistic mistake.
//! Its first line `# expect: code code ...` names the codes the file must produce (no more, no
//! fewer); the rendered report (no colour, width 100) is snapshotted so that every message, span and
//! help line is reviewed. Together the cases cover every code of [`Code::ALL`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chessgraph::Board;
use chessgraph::diagnostic::{FileReport, Severity};
use chessgraph::testing::Code;

/// The fixture path relative to the crate root (cargo runs tests there), so printed paths are stable.
fn relative(path: &Path) -> PathBuf {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .expect("fixtures live in the crate")
        .to_path_buf()
}

/// The codes a fixture declares on its `# expect:` line.
fn expected_codes(text: &str, path: &Path) -> BTreeSet<String> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# expect:"))
        .unwrap_or_else(|| panic!("{} has no `# expect:` line", path.display()));
    line.split_whitespace().map(str::to_string).collect()
}

fn codes(report: &FileReport) -> BTreeSet<String> {
    report
        .diagnostics
        .iter()
        .map(|d| d.code().to_string())
        .collect()
}

/// Checks what holds for every report: declared codes, spans inside the file, stable order, and the
/// same answer from `from_toml`; returns the text to snapshot.
fn check_fixture(path: &Path) -> (Result<Board, FileReport>, String) {
    let rel = relative(path);
    let text = std::fs::read_to_string(&rel).expect("fixture readable from the crate root");
    let (result, report) = Board::check_file(&rel);
    assert_eq!(
        codes(&report),
        expected_codes(&text, &rel),
        "codes of {}:\n{}",
        rel.display(),
        report.render_short()
    );
    for d in &report.diagnostics {
        assert!(
            d.span.start <= d.span.end && d.span.end <= text.len(),
            "{}: span {:?} of {} is outside the file",
            rel.display(),
            d.span,
            d.code()
        );
        assert!(!d.message.is_empty());
    }
    let severities: Vec<Severity> = report.diagnostics.iter().map(|d| d.severity()).collect();
    assert!(
        severities.is_sorted(),
        "errors come before warnings: {severities:?}"
    );
    // The text entry point says the same as the file entry point.
    match (&result, Board::from_toml(&rel, &text)) {
        (Ok(_), Ok(_)) => {}
        (Err(a), Err(b)) => assert_eq!(a.diagnostics, b.0.diagnostics),
        _ => panic!("check_file and from_toml disagree on {}", rel.display()),
    }
    let snapshot = format!("{}\n{}", report.render_short(), report.render(false, 100));
    (result, snapshot)
}

#[test]
fn invalid_boards_are_rejected_with_every_problem_located() {
    insta::glob!("../fixtures/invalid", "*/board.toml", |path| {
        let (result, snapshot) = check_fixture(path);
        let report = result.expect_err("an invalid fixture must be rejected");
        assert!(report.has_errors());
        assert_eq!(
            report.error_count(),
            report
                .diagnostics
                .iter()
                .filter(|d| d.severity() == Severity::Error)
                .count()
        );
        insta::assert_snapshot!("invalid", snapshot);
    });
}

#[test]
fn boards_with_warnings_are_accepted_and_the_warnings_shown() {
    insta::glob!("../fixtures/warnings", "*/board.toml", |path| {
        let (result, snapshot) = check_fixture(path);
        let board = match result {
            Ok(b) => b,
            Err(r) => panic!("a warnings fixture must load:\n{}", r.render(false, 100)),
        };
        assert!(board.node_count() > 0);
        let (_, report) = Board::check_file(relative(path));
        assert!(!report.has_errors());
        assert!(!report.diagnostics.is_empty(), "no warning reported");
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| d.severity() == Severity::Warning)
        );
        insta::assert_snapshot!("warnings", snapshot);
    });
}

const MISSING: &str = "tests/fixtures/no-such-board.toml";

#[test]
fn an_unreadable_file_is_reported_not_panicked() {
    for path in [MISSING, "tests/fixtures/invalid"] {
        let (result, report) = Board::check_file(path);
        assert!(result.is_err(), "{path}");
        assert_eq!(report.diagnostics.len(), 1, "{path}");
        let d = &report.diagnostics[0];
        assert_eq!(d.code(), Code::Io.as_str());
        assert!(
            d.message.starts_with("cannot read the file: "),
            "{}",
            d.message
        );
        assert_eq!(report.source.path(), Path::new(path));
        // The OS error text varies by platform, so only the frame of the report is checked.
        assert!(
            report.render_short().starts_with(&format!(
                "{path}:1:1: error[file::unreadable]: cannot read the file:"
            )),
            "{}",
            report.render_short()
        );
        assert!(report.render(false, 100).contains("file::unreadable"));
        assert!(Board::load(path).is_err());
    }
}

/// Every code produced by any fixture (and by a missing file).
fn codes_seen() -> BTreeSet<&'static str> {
    let mut seen = BTreeSet::new();
    for dir in ["tests/fixtures/invalid", "tests/fixtures/warnings"] {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("fixture directory")
            .map(|e| e.expect("directory entry").path().join("board.toml"))
            .collect();
        cases.sort();
        for case in cases {
            assert!(case.is_file(), "{} is missing", case.display());
            let (_, report) = Board::check_file(&case);
            seen.extend(report.diagnostics.iter().map(|d| d.code()));
        }
    }
    let (_, report) = Board::check_file(MISSING);
    seen.extend(report.diagnostics.iter().map(|d| d.code()));
    seen
}

#[test]
fn every_error_code_has_a_fixture() {
    let seen = codes_seen();
    // Variant, path and Betza codes cannot occur in a board file; tests/library/invalid_variants.rs
    // covers them, tests/library/lints.rs the lints of variant files, and tests/library/import.rs
    // the codes of `import fsf`.
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| {
            !["variant::", "path::", "lint::", "betza::", "import::"]
                .iter()
                .any(|area| c.as_str().starts_with(area))
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
fn codes_are_unique_and_named_by_area() {
    let names: BTreeSet<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(names.len(), Code::ALL.len(), "two codes print the same");
    for c in Code::ALL {
        let (area, what) = c.as_str().split_once("::").expect("`area::what`");
        assert!(!area.is_empty() && !what.is_empty(), "{c}");
        assert_eq!(c.to_string(), c.as_str());
        let warning = matches!(
            c,
            Code::NonReciprocalLink
                | Code::TwistedRoundTrip
                | Code::UnreachableNode
                | Code::UnusedDirection
        ) || c.as_str().starts_with("lint::");
        assert_eq!(c.severity() == Severity::Warning, warning, "{c}");
    }
}

// ---------------------------------------------------------------------------------------------
// Regressions: mistakes once accepted silently or explained badly, each on a board text.
// ---------------------------------------------------------------------------------------------

/// The validated board (if any) and the report of a board file's text.
fn check(text: &str) -> (Option<Board>, FileReport) {
    let (result, report) =
        Board::check_source(chessgraph::diagnostic::SourceFile::new("board.toml", text));
    (result.ok(), report)
}

/// A 4x2 grid with the four orthogonal directions, and no `[map]` yet.
pub(crate) const STRIP: &str = r#"
[board]
name = "Strip"

[grid]
files = "abcd"
ranks = 2

[directions]
n = { opposite = "s" }
s = {}
e = { opposite = "w" }
w = {}
"#;

/// Regression: `[map]` offsets were read as `[i32; 2]`, and the TOML reader does not check for
/// trailing elements, so `n = [0, 1, 7]` was taken as `[0, 1]` without a word. An offset is now
/// read as an array and one of another length is refused at the array.
#[test]
fn a_map_offset_with_three_numbers_is_rejected() {
    let text =
        format!("{STRIP}\n[map.offsets]\nn = [0, 1, 7]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n");
    let (board, report) = check(&text);
    assert!(board.is_none(), "accepted:\n{}", report.render_short());
    assert!(
        report.diagnostics.iter().any(
            |d| d.code() == Code::InvalidValue.as_str() && &text[d.span.clone()] == "[0, 1, 7]"
        ),
        "{}",
        report.render_short()
    );
}

/// Regression: TOML trims the newline that starts a multi-line string (`'''` or `"""`), but the
/// spans of its words were computed as if it were part of the value, so every word of such a string
/// was reported one byte too early (`string_content_start` now skips it).
#[test]
fn spans_of_words_in_a_multi_line_string_are_exact() {
    let text = format!(
        "{STRIP}\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\nw = [-1, 0]\n\n\
         [[tag]]\nname = \"door\"\nlinks = ['''\na1 e b9''']\n"
    );
    let (_, report) = check(&text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code(), Code::UnknownNode.as_str());
    assert_eq!(&text[d.span.clone()], "b9");
}

/// Regression: tagging or unlinking a link of a composite direction said "`a1` has no `nne`
/// link", while `chessgraph links` shows `nne b3` for `a1`. It is now refused as a composite
/// direction (`bad-composite`), with the links to tag instead.
#[test]
fn tagging_a_composite_link_says_why_it_is_refused() {
    let text = format!(
        "{}nne = {{ path = \"n n e\" }}\n\n[map.offsets]\nn = [0, 1]\ns = [0, -1]\ne = [1, 0]\n\
         w = [-1, 0]\n\n[[tag]]\nname = \"jump\"\nlinks = [\"a1 nne b3\"]\n",
        STRIP.replace("ranks = 2", "ranks = 3")
    );
    let (board, report) = check(&text);
    assert!(board.is_none());
    let d = &report.diagnostics[0];
    assert!(
        d.code() == Code::BadComposite.as_str()
            || !d
                .help
                .as_deref()
                .unwrap_or("")
                .contains("has no `nne` link"),
        "{}",
        report.render(false, 100)
    );
}

/// Regression: a direction written as a bare string (`n = "s"`) was reported as "invalid type:
/// string \"s\", expected struct DirectionBody", naming a private Rust type; type messages now
/// speak of the file's tables, arrays and numbers.
#[test]
fn a_direction_that_is_not_a_table_is_explained_in_file_terms() {
    let text = STRIP.replace("n = { opposite = \"s\" }", "n = \"s\"");
    let (_, report) = check(&text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code(), Code::WrongType.as_str());
    assert!(!d.message.contains("DirectionBody"), "{}", d.message);
}

/// Regression: unknown keys found by serde (in `[[node]]`, `[[link]]`, ...) got no did-you-mean,
/// unlike those found by the table reader, and their help read "the keys allowed here are one of
/// `name`, ...". Both now suggest the nearest key.
#[test]
fn an_unknown_key_in_a_node_suggests_the_right_one() {
    let text = "[board]\nname = \"x\"\n\n[[node]]\nname = \"a\"\nx = 0\ny = 0\ncolor = \"dark\"\n\n\
                [directions]\nn = {}\n";
    let (_, report) = check(text);
    let d = &report.diagnostics[0];
    assert_eq!(d.code(), Code::UnknownKey.as_str());
    assert_eq!(d.help.as_deref(), Some("did you mean `colour`?"));
}
