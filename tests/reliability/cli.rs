//! The command line's numbers, output files and output streams.

use std::process::{Command, Stdio};

use super::runner::run;

/// Runs the binary through `sh -c SCRIPT` with `$0` the binary, from the crate root.
fn shell(script: &str) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chessgraph"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn a_full_standard_error_does_not_crash_any_command() {
    for args in [
        "perft variants/chess.toml 2",
        "perft variants/chess.toml 2 --divide --threads 2",
        "moves variants/chess.toml",
        "show variants/chess.toml",
        "render variants/chess.toml",
        "check variants/chess.toml boards/chess.toml",
        "check tests/fixtures/invalid/several_problems/board.toml",
        "moves variants/chess.toml --moves e2e5",
    ] {
        let o = shell(&format!("exec \"$0\" {args} 2>/dev/full"));
        assert!(
            matches!(o.status.code(), Some(0..=2)),
            "{args}: exit {:?}",
            o.status.code()
        );
    }
}

#[test]
fn a_closed_standard_output_is_an_error_not_a_lost_result() {
    let o = shell("exec \"$0\" perft variants/chess.toml 1 >&-");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("standard output is closed"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Redirected to /dev/null on purpose is fine.
    let o = shell("exec \"$0\" perft variants/chess.toml 1 >/dev/null");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn a_full_standard_output_is_an_error() {
    let o = shell("exec \"$0\" moves variants/chess.toml >/dev/full");
    assert!(matches!(o.status.code(), Some(1 | 2)), "{:?}", o.status);
    assert!(String::from_utf8_lossy(&o.stderr).contains("No space left"));
    run(&["perft", "variants/chess.toml", "1"]).assert_ok();
}
