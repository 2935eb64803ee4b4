//! Snapshots of the shipped variants (`variants/*.toml`): each loads without any diagnostic, and
//! its report is pinned, so any change to a variant file or to the engine shows up as a
//! reviewable diff. The report is `chessgraph snapshot`'s (`snapshot::report`, the command line's):
//! the rules summary with zones, the start position, its sorted moves, perft to the deepest
//! depth with at most 1,000,000 leaves and the divide there, the same bytes an author gets.

use std::sync::Arc;

use crate::helpers::snapshot::{Options, report};
use chessgraph::Position;
use chessgraph::Rules;

#[test]
fn shipped_variants_load_cleanly_and_match_their_snapshots() {
    insta::glob!("../../variants", "*.toml", |path| {
        let (rules, reports) = Rules::check_file(path);
        let rendered: String = reports.iter().map(|r| r.render(false, 100)).collect();
        assert!(
            reports.iter().all(|r| r.diagnostics.is_empty()),
            "{} should load without errors or warnings:\n{rendered}",
            path.display()
        );
        let rules = Arc::new(rules.expect("a variant without diagnostics loads"));
        let pos = Position::start(&rules);
        assert_eq!(
            pos.to_fen(),
            rules.start_fen(),
            "the start text is written as given"
        );
        let r = report(&rules, &Options::default());
        let start = &r.positions[0];
        assert_eq!(start.perft[0], (1, start.moves.len() as u64));
        insta::assert_snapshot!("variant", r.to_text());
    });
}
