//! Files keep loading: boards written for an earlier format (`tests/fixtures/old_format/`, grid
//! boards from before the generated `rank_N` / `file_x` zones) load with a warning, and `fix`
//! brings them to the current format, touching nothing else.

use std::path::Path;

use super::runner::{run, scratch_dir};

/// The zone lines of `check`'s summary (`zones: ...`), to compare two boards' zones.
fn zone_summary(path: &str) -> String {
    let r = run(&["check", path]);
    r.assert_ok();
    r.stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("zones"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines `fix` removed and added, as a unified diff.
fn diff(old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(1)
        .to_string()
}

#[test]
fn old_grid_boards_load_with_a_warning_and_fix_drops_only_the_redundant_zones() {
    let dir = scratch_dir("old_format");
    insta::glob!("../fixtures/old_format", "*.toml", |path| {
        let name = path.file_name().unwrap().to_str().unwrap();
        let old = std::fs::read_to_string(path).unwrap();
        let copy = dir.join(name);
        std::fs::write(&copy, &old).unwrap();
        let copy = copy.to_str().unwrap();
        let redundant = run(&["check", "--short", copy]).assert_ok().stderr.clone();
        let warned = redundant.matches("warning[lint::redundant-zone]").count();
        let before = zone_summary(copy);

        let r = run(&["fix", copy]);
        r.assert_ok();
        let new = std::fs::read_to_string(copy).unwrap();
        if warned == 0 {
            assert_eq!(r.stdout.trim(), format!("{copy}: nothing to change"));
            assert_eq!(new, old, "{name}: a file without redundant zones changed");
        } else {
            assert_eq!(r.stdout.trim(), format!("{copy}: fixed"));
        }
        // The fixed file loads with no lint, and its zones are the old file's.
        let after = run(&["check", "--short", "--deny-warnings", copy]);
        after.assert_ok();
        assert!(after.stderr.is_empty(), "{name}: {}", after.stderr);
        assert_eq!(zone_summary(copy), before, "{name}: the zones changed");
        // Only whole declarations went: as many lines removed as warnings (one line each here,
        // or the lines of a multi-line array), and no line added.
        let changes = diff(&old, &new);
        assert!(
            !changes
                .lines()
                .any(|l| l.starts_with('+') && !l.starts_with("+++")),
            "{changes}"
        );
        insta::assert_snapshot!(format!("{warned} warning(s) before the fix\n{changes}"));
        // A second run has nothing to do.
        run(&["fix", copy]).assert_ok();
        assert_eq!(std::fs::read_to_string(copy).unwrap(), new);
    });
}

#[test]
fn a_file_fix_need_not_change_is_not_written() {
    let dir = scratch_dir("fix_untouched");
    let board = dir.join("chess.toml");
    std::fs::copy("boards/chess.toml", &board).unwrap();
    // Any write (even of the same bytes, through a temporary file renamed) changes the inode.
    let inode = |p: &Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).unwrap());
    let before = inode(&board);
    let variant = dir.join("variant.toml");
    let text = std::fs::read_to_string("variants/chess.toml").unwrap();
    std::fs::write(&variant, text.replace("../boards/chess.toml", "chess.toml")).unwrap();
    let r = run(&["fix", board.to_str().unwrap(), variant.to_str().unwrap()]);
    r.assert_ok();
    assert_eq!(
        r.stdout.matches(": nothing to change").count(),
        2,
        "{}",
        r.stdout
    );
    assert_eq!(inode(&board), before);
}

#[test]
fn a_different_declaration_of_a_generated_zone_is_refused_and_fix_leaves_it() {
    let dir = scratch_dir("fix_refused");
    let old = std::fs::read_to_string("tests/fixtures/old_format/comments.toml").unwrap();
    let board = dir.join("board.toml");
    let text = old.replace(
        "rank_1 = [\"a1\", \"b1\", \"c1\", \"d1\"]",
        "rank_1 = [\"a1\", \"b1\", \"c1\", \"a2\"]",
    );
    assert_ne!(text, old);
    std::fs::write(&board, &text).unwrap();
    let path = board.to_str().unwrap();
    run(&["check", "--short", path]).assert_error(&[
        "board::generated-zone-name",
        "with other nodes (a2 added, d1 left out)",
    ]);
    run(&["fix", path]).assert_error(&["board.toml: not fixed"]);
    assert_eq!(std::fs::read_to_string(&board).unwrap(), text);
}

#[test]
fn a_variant_on_an_old_board_names_the_board_in_its_warnings() {
    let dir = scratch_dir("fix_variant");
    std::fs::copy("tests/fixtures/old_format/chess.toml", dir.join("old.toml")).unwrap();
    let variant = dir.join("variant.toml");
    let text = std::fs::read_to_string("variants/chess.toml").unwrap();
    std::fs::write(&variant, text.replace("../boards/chess.toml", "old.toml")).unwrap();
    let r = run(&["check", "--short", variant.to_str().unwrap()]);
    r.assert_ok();
    assert!(
        r.stderr
            .contains("old.toml:58:1: warning[lint::redundant-zone]"),
        "{}",
        r.stderr
    );
}

#[test]
fn an_old_variant_whose_pieces_name_no_moves_is_fixed_with_moves_empty() {
    let dir = scratch_dir("fix_no_moves");
    std::fs::copy("boards/chess.toml", dir.join("chess.toml")).unwrap();
    let old = std::fs::read_to_string("tests/fixtures/old_format_variants/no_moves.toml").unwrap();
    let variant = dir.join("no_moves.toml");
    std::fs::write(&variant, &old).unwrap();
    let path = variant.to_str().unwrap();
    run(&["check", "--short", path]).assert_error(&[
        "piece `wall` has neither `moves` nor `betza`",
        "piece `stone` has neither `moves` nor `betza`",
    ]);
    run(&["fix", path]).assert_ok();
    let new = std::fs::read_to_string(&variant).unwrap();
    let after = run(&["check", "--short", "--deny-warnings", path]);
    after.assert_ok();
    assert!(after.stderr.is_empty(), "{}", after.stderr);
    // The walls still have no move: a wall set by position text stays where it is.
    let r = run(&["moves", path, "--fen", "4k3/8/8/3wW3/8/8/8/4K3 w - - 0 1"]);
    r.assert_ok();
    assert!(
        !r.stdout.lines().any(|l| l.starts_with("e5")),
        "{}",
        r.stdout
    );
    insta::assert_snapshot!(diff(&old, &new));
    // No temporary file is left beside it, and a second run has nothing to do.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    run(&["fix", path]).assert_ok();
    assert_eq!(std::fs::read_to_string(&variant).unwrap(), new);
}
