//! Semantic lints: variant files that load but probably do not mean what they say.
//!
//! Each case is a directory `tests/fixtures/lints/<case>/` with a valid `variant.toml` (and the
//! board it needs) whose first line `# expect: code ...` names the warnings `lint::check_variant`
//! must give, no more and no fewer; the rendered warnings are snapshotted so that every message,
//! span and help line is reviewed. Every `lint::` code has a case, and no shipped board or
//! variant file gives any warning at all.

use std::collections::BTreeSet;
use std::path::Path;

use chessgraph::Board;
use chessgraph::diagnostic::{FileReport, Severity};
use chessgraph::lint::check_variant;
use chessgraph::testing::Code;

use crate::helpers::{board_files, variant_files};
use crate::invalid_variants::{codes, relative};

const FIXTURES: &str = "tests/fixtures/lints";

fn expected_codes(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("# expect:"))
        .unwrap_or_else(|| panic!("{} has no `# expect:` line", path.display()));
    line.split_whitespace().map(str::to_string).collect()
}

#[test]
fn every_lint_fires_on_its_fixture_with_a_located_warning() {
    insta::glob!("../fixtures/lints", "*/variant.toml", |path| {
        let rel = relative(path);
        let (rules, reports) = check_variant(&rel);
        let short: String = reports.iter().map(FileReport::render_short).collect();
        assert!(rules.is_some(), "{} must load:\n{short}", rel.display());
        assert_eq!(codes(&reports), expected_codes(&rel), "{short}");
        for d in reports.iter().flat_map(|r| &r.diagnostics) {
            assert_eq!(d.severity(), Severity::Warning, "{short}");
            assert!(d.help.is_some(), "every lint has a help line: {short}");
        }
        let mut snapshot = short;
        for r in &reports {
            snapshot.push('\n');
            snapshot.push_str(&r.render(false, 100));
        }
        insta::assert_snapshot!("lint", snapshot);
    });
}

#[test]
fn every_lint_code_has_a_fixture() {
    let mut seen = BTreeSet::new();
    for entry in std::fs::read_dir(FIXTURES).expect("fixture directory") {
        let case = entry.expect("entry").path().join("variant.toml");
        let (_, reports) = check_variant(&case);
        seen.extend(
            reports
                .iter()
                .flat_map(|r| &r.diagnostics)
                .map(|d| d.code()),
        );
    }
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.as_str().starts_with("lint::"))
        .filter(|c| !seen.contains(c.as_str()))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "lints no fixture fires: {missing:?}");
    assert!(
        Code::ALL
            .iter()
            .filter(|c| c.as_str().starts_with("lint::"))
            .all(|c| c.severity() == Severity::Warning)
    );
}

#[test]
fn shipped_boards_and_variants_give_no_warning() {
    let mut noisy = Vec::new();
    for board in board_files() {
        let (result, report) = Board::check_file(&board);
        assert!(result.is_ok(), "{}", report.render_short());
        noisy.push(report.render_short());
    }
    for variant in variant_files() {
        let (rules, reports) = check_variant(&variant);
        let short: String = reports.iter().map(FileReport::render_short).collect();
        assert!(rules.is_some(), "{short}");
        noisy.push(short);
    }
    let noisy: String = noisy.concat();
    assert_eq!(noisy, "", "shipped files with warnings");
}

#[test]
fn an_allowance_is_inherited_and_an_empty_list_brings_the_warning_back() {
    let dir = crate::helpers::temp_dir();
    let clobber = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/clobber.toml");
    let write = |name: &str, lints: &str| {
        let path = dir.path().join(name);
        let text = format!("extends = {:?}\n{lints}", clobber.display().to_string());
        std::fs::write(&path, text).expect("write the variant");
        let (rules, reports) = check_variant(&path);
        assert!(rules.is_some(), "{name} loads");
        codes(&reports)
    };
    assert!(
        write("inherits.toml", "").is_empty(),
        "Clobber's allowance is inherited"
    );
    let back = write("strict.toml", "[lints]\nallow = []\n");
    assert_eq!(back, BTreeSet::from(["lint::start-captures".to_string()]));
    let prefixed = write(
        "prefixed.toml",
        "[lints]\nallow = [\"lint::start-captures\"]\n",
    );
    assert!(prefixed.is_empty(), "the `lint::` prefix may be written");
}
