//! `chessgraph render` as users call it: output to a file or standard output, the same bytes every
//! time, the last of `--moves` highlighted, and plain errors for what cannot be drawn.

use crate::helpers::cli::{run as chessgraph, stderr};

#[test]
fn render_writes_the_same_picture_to_a_file_and_to_stdout() {
    let dir = crate::helpers::temp_dir();
    let file = dir.path().join("render_cli_chess.svg");
    let f = file.to_str().unwrap();
    let args = [
        "render",
        "variants/chess.toml",
        "--moves",
        "e2e4 d7d5",
        "--from",
        "e4",
    ];
    let to_file = chessgraph(&[&args[..], &["-o", f]].concat());
    assert!(to_file.success(), "{}", stderr(&to_file));
    assert_eq!(stderr(&to_file), format!("wrote {f}\n"));
    let to_stdout = chessgraph(&args);
    assert!(to_stdout.success());
    let written = std::fs::read(&file).expect("written");
    assert_eq!(written, to_stdout.stdout.as_bytes(), "same bytes");
    let svg = String::from_utf8(written).unwrap();
    // d7-d5 (the last of --moves) is highlighted; the pawn on e4 can take on d5 or go to e5.
    assert!(svg.contains("class=\"last-move\" data-node=\"d7\""));
    assert!(svg.contains("class=\"last-move\" data-node=\"d5\""));
    assert!(svg.contains("class=\"capture\" data-node=\"d5\""));
    assert!(svg.contains("class=\"destination\" data-node=\"e5\""));
}

#[test]
fn render_a_board_with_links_and_tags() {
    let o = chessgraph(&[
        "render",
        "boards/three_man_chess.toml",
        "--links",
        "in_cw",
        "--tags",
    ]);
    assert!(o.success(), "{}", stderr(&o));
    let svg = o.stdout.clone();
    assert_eq!(svg.matches("class=\"link twisted\"").count(), 24);
    assert!(svg.contains("class=\"tag\""));
}

#[test]
fn render_errors_are_plain_and_helpful() {
    let o = chessgraph(&["render", "boards/chess.toml", "--from", "e2"]);
    assert!(!o.success());
    assert_eq!(
        stderr(&o),
        "error: --fen, --moves, --from and --drop need a variant file; boards/chess.toml is a board file\n"
    );
    let o = chessgraph(&["render", "variants/chess.toml", "--from", "e9"]);
    assert!(!o.success());
    assert!(
        stderr(&o).starts_with("error: --from: the board has no node `e9`"),
        "{}",
        stderr(&o)
    );
    let o = chessgraph(&["render", "boards/three_man_chess.toml", "--links", "inn"]);
    assert!(!o.success());
    assert!(stderr(&o).contains("no direction `inn`"), "{}", stderr(&o));
    assert!(stderr(&o).contains("`in`"), "{}", stderr(&o));
    let o = chessgraph(&["render", "variants/chess.toml", "--moves", "e2e4 e2e4"]);
    assert!(!o.success());
    assert!(
        stderr(&o).starts_with("error: --moves: move 2 `e2e4`"),
        "{}",
        stderr(&o)
    );
}

/// The pictures under `docs/` and the commands that make them: each must be what the command
/// draws today (regenerate with the command when the drawing changes on purpose).
const DOCS: &[(&str, &[&str])] = &[
    (
        "docs/three_man_chess_board.svg",
        &["render", "boards/three_man_chess.toml", "--rotate", "120"],
    ),
    (
        "docs/three_man_chess.svg",
        &["render", "variants/three_man_chess.toml"],
    ),
    (
        "docs/three_man_chess_bishop_loop.svg",
        &[
            "render",
            "variants/three_man_chess.toml",
            "--moves",
            "d2d4",
            "--from",
            "c1",
        ],
    ),
    (
        "docs/three_man_chess_center.svg",
        &[
            "render",
            "boards/three_man_chess.toml",
            "--links",
            "in_cw",
            "--rotate",
            "120",
        ],
    ),
];

#[test]
fn docs_pictures_are_up_to_date() {
    for (file, args) in DOCS {
        let o = chessgraph(args);
        assert!(o.success(), "{}", stderr(&o));
        let committed = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(
            committed == o.stdout.as_bytes(),
            "{file} is stale: run `chessgraph {} -o {file}`",
            args.join(" ")
        );
    }
}
