//! Fairy-Stockfish's built-in variants shipped as data, compared move list by move list: every
//! `tests/games/NAME.games` (written by `scripts/pyffish-oracle --games`, no pyffish needed here)
//! holds seeded random games of pyffish's built-in `NAME` and its legal moves before every ply;
//! `variants/NAME.toml` must start where pyffish starts and list the same moves all along. The
//! perft of the same variants is in `tests/perft/NAME.perft` (tests/library/perft.rs).

use std::path::PathBuf;

use chessgraph::Position;

use crate::helpers::oracle_games;

#[test]
fn shipped_builtins_list_pyffishs_moves_along_random_games() {
    let files = crate::helpers::files_with_extension("tests/games", "games");
    assert!(files.len() >= 10, "only {} games files", files.len());
    let mut compared = 0;
    for path in &files {
        let sections = oracle_games::read(path);
        assert_eq!(sections.len(), 1, "{}: one section", path.display());
        let (name, section) = sections.iter().next().unwrap();
        // The file, the section and the variant file share the pyffish name.
        assert_eq!(path.file_stem().unwrap().to_str(), Some(name.as_str()));
        let variant = section.variant.clone().expect("a `variant` line");
        assert_eq!(variant, PathBuf::from(format!("variants/{name}.toml")));
        let rules = crate::helpers::load(&variant);
        let start = Position::start(&rules);
        let theirs = Position::from_fen(&rules, &section.start)
            .unwrap_or_else(|e| panic!("{name}: pyffish's start `{}`: {e}", section.start));
        assert_eq!(theirs, start, "{name}: pyffish's start is ours");
        assert_eq!(section.games.len(), 3, "{name}: three games");
        compared += oracle_games::compare_games(name, &start, section);
    }
    assert!(compared >= 3 * files.len(), "only {compared} positions");
}
