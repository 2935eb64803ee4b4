//! Snapshots of the shipped variants (`variants/*.toml`): each loads without any diagnostic, and
//! its rules summary, start position, sorted start moves and perft 1-3 are pinned, so any change to
//! a variant file or to the engine shows up as a reviewable diff.

use chessgraph::notation::move_text;
use chessgraph::perft::perft;
use chessgraph::position::Position;
use chessgraph::rules::Rules;

/// Depth 3 is skipped when its estimated count is above this (debug builds stay fast).
const DEPTH3_LIMIT: u64 = 2_000_000;

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
        let rules = std::sync::Arc::new(rules.expect("a variant without diagnostics loads"));
        let mut pos = Position::start(&rules);
        assert_eq!(
            pos.to_fen(),
            rules.start_fen(),
            "the start text is written as given"
        );

        let mut moves: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .map(|m| move_text(&pos, m))
            .collect();
        moves.sort();
        let mut counts = Vec::new();
        let p1 = perft(&mut pos, 1);
        let p2 = perft(&mut pos, 2);
        counts.push(format!("perft 1: {p1}"));
        counts.push(format!("perft 2: {p2}"));
        // Branching grows roughly geometrically: p3 is about p2 * p2 / p1.
        if p1 > 0 && p2.saturating_mul(p2) / p1 <= DEPTH3_LIMIT {
            counts.push(format!("perft 3: {}", perft(&mut pos, 3)));
        } else {
            counts.push("perft 3: skipped (too many nodes for a debug test)".to_string());
        }
        assert_eq!(p1 as usize, moves.len());

        let text = format!(
            "{}\n{}\nstart moves ({}):\n{}\n\n{}\n",
            rules.summary(),
            pos.to_text(),
            moves.len(),
            moves.join(" "),
            counts.join("\n")
        );
        insta::assert_snapshot!("variant", text);
    });
}
