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
    assert_eq!(o.status.code(), Some(1));
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
    for args in [
        "moves variants/chess.toml",
        "show variants/chess.toml --json",
        "check variants/chess.toml",
        "render variants/chess.toml",
        "dot boards/chess.toml",
    ] {
        let o = shell(&format!("exec \"$0\" {args} >/dev/full"));
        assert_eq!(o.status.code(), Some(1), "{args}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("No space left"),
            "{args}"
        );
    }
    run(&["perft", "variants/chess.toml", "1"]).assert_ok();
}

/// A reader that stops early (`chessgraph ... | head`) ends the command quietly and
/// successfully: the output is over 64 KiB, so the write after the reader left fails.
#[test]
fn a_reader_closing_the_pipe_early_ends_the_command_quietly() {
    use std::io::Read;
    for args in [
        &[
            "render",
            "variants/three_man_chess.toml",
            "--links",
            "in_cw",
            "--tags",
        ][..],
        &[
            "check",
            "variants/three_man_chess.toml",
            "variants/chess.toml",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 1];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's reading end is closed here, as `head` does when it has its lines.
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(
            !stderr.contains("error") && !stderr.contains("panicked"),
            "{args:?}: {stderr}"
        );
    }
    // Through a shell pipe, as a user types it.
    let o =
        shell("\"$0\" render variants/three_man_chess.toml --tags | head -c 10 >/dev/null; exit 0");
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn perft_depth_and_threads_are_bounded_and_checked() {
    for (args, message) in [
        (
            &["-1"][..],
            "invalid value '-1' for '[DEPTH]': -1 is not in 0..=64",
        ),
        (&["65"], "65 is not in 0..=64"),
        (&["4294967295"], "4294967295 is not in 0..=64"),
        (&["100000000"], "100000000 is not in 0..=64"),
        (&["1", "--threads", "0"], "0 is not in 1..=256"),
        (&["1", "--threads", "100000"], "100000 is not in 1..=256"),
        (&["1", "--threads", "257"], "257 is not in 1..=256"),
    ] {
        let mut a = vec!["perft", "variants/chess.toml"];
        a.extend(args);
        let r = run(&a);
        r.assert_error(&[message]);
        assert_eq!(
            r.stderr.matches("error").count(),
            1,
            "one error: {}",
            r.stderr
        );
    }
    // At the limits: depth 0 and 256 threads work.
    run(&["perft", "variants/chess.toml", "2", "--threads", "256"]).assert_ok();
    run(&["perft", "variants/chess.toml", "0", "--threads", "1"]).assert_ok();
}

#[test]
fn perft_depth_zero_is_one_in_every_mode_even_when_the_game_is_over() {
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    for fen in [None, Some(mated)] {
        for extra in [
            vec![],
            vec!["--divide"],
            vec!["--threads", "2"],
            vec!["--divide", "--threads", "2"],
        ] {
            let mut a = vec!["perft", "variants/chess.toml", "0"];
            a.extend(&extra);
            if let Some(f) = fen {
                a.extend(["--fen", f]);
            }
            let r = run(&a);
            r.assert_ok();
            assert!(
                r.stdout.ends_with("Nodes searched: 1\n"),
                "{a:?}: {}",
                r.stdout
            );
        }
    }
}

#[test]
fn angles_and_coordinates_must_be_finite() {
    for bad in ["NaN", "inf", "1e309", "--rotate=-inf"] {
        let r = if bad.starts_with("--") {
            run(&["render", "variants/chess.toml", bad])
        } else {
            run(&["render", "variants/chess.toml", "--rotate", bad])
        };
        r.assert_error(&["--rotate"]);
    }
    let dir = super::runner::scratch_dir("nan_board");
    let board = dir.join("board.toml");
    std::fs::write(
        &board,
        "[board]\nname = \"x\"\nlayout = \"grid\"\n[[node]]\nname = \"a\"\nx = nan\ny = 0\n[[node]]\nname = \"b\"\nx = 1\ny = inf\n[directions]\ne = {}\n",
    )
    .unwrap();
    let board = board.to_str().unwrap();
    run(&["check", "--short", board]).assert_error(&[
        ":6:5: error[schema::invalid-value]: `[[node]]`: a coordinate must be a finite number, not `NaN`",
        ":11:5:",
    ]);
    run(&["render", board]).assert_error(&["not a valid board file"]);
    // A large finite angle is reduced, and no picture holds a non-number.
    let r = run(&[
        "render",
        "variants/three_man_chess.toml",
        "--rotate",
        "1e300",
    ]);
    r.assert_ok();
    assert!(!r.stdout.contains("NaN") && !r.stdout.contains("inf"));
}

#[test]
fn render_never_writes_over_its_inputs_and_dash_is_standard_output() {
    let dir = super::runner::scratch_dir("render_outputs");
    let variant = dir.join("v.toml");
    let text = std::fs::read_to_string("variants/chess.toml")
        .unwrap()
        .replace("../boards/chess.toml", "../../../../boards/chess.toml");
    std::fs::write(&variant, &text).unwrap();
    let v = variant.to_str().unwrap();
    // Onto the variant itself, onto its board (by another spelling of the path).
    let board = dir.join("../../../../boards/chess.toml");
    let board_before = std::fs::read(&board).unwrap();
    for target in [v, board.to_str().unwrap()] {
        run(&["render", v, "-o", target]).assert_error(&["refusing to write over"]);
    }
    assert_eq!(std::fs::read_to_string(&variant).unwrap(), text);
    assert_eq!(std::fs::read(&board).unwrap(), board_before);
    // `-o -` is standard output; no file named `-` appears.
    let r = super::runner::run_in(Some(&dir), &["render", v, "-o", "-"], b"");
    r.assert_ok();
    assert!(r.stdout.starts_with("<svg"));
    assert!(!dir.join("-").exists());
    // A write that fails keeps the old picture whole.
    let picture = dir.join("p.svg");
    std::fs::write(&picture, "old picture").unwrap();
    let missing_dir = dir.join("no/such/dir/p.svg");
    run(&["render", v, "-o", missing_dir.to_str().unwrap()]).assert_error(&["cannot write"]);
    run(&["render", v, "-o", picture.to_str().unwrap()]).assert_ok();
    assert!(
        std::fs::read_to_string(&picture)
            .unwrap()
            .starts_with("<svg")
    );
}

#[test]
fn play_svg_takes_one_file_name_and_never_an_input() {
    let dir = super::runner::scratch_dir("play_svg");
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml");
    let before = std::fs::read(variant).unwrap();
    let input = format!("svg my picture.svg\nsvg \"\"\nsvg -\nsvg {variant}\nsvg ok.svg\nquit\n");
    let r = super::runner::run_in(Some(&dir), &["play", variant], input.as_bytes());
    r.assert_ok();
    assert_eq!(
        r.stdout.matches("usage: svg FILE").count(),
        3,
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("refusing to write over"));
    assert!(r.stdout.contains("wrote ok.svg"));
    assert_eq!(std::fs::read(variant).unwrap(), before);
    assert!(!dir.join("my").exists() && !dir.join("\"\"").exists() && !dir.join("-").exists());
    assert!(
        std::fs::read_to_string(dir.join("ok.svg"))
            .unwrap()
            .starts_with("<svg")
    );
}

#[test]
fn bench_outside_the_repository_is_an_error_not_empty_tables() {
    let dir = super::runner::scratch_dir("bench_elsewhere");
    let r = super::runner::run_in(Some(&dir), &["bench", "--quick"], b"");
    r.assert_error(&["bench runs on the shipped variants", "is not a directory"]);
    assert_eq!(r.stdout, "");
}

#[test]
fn bench_reports_a_variant_that_does_not_load_and_fails() {
    let dir = crate::helpers::temp_dir();
    let variants = dir.path().join("variants");
    std::fs::create_dir(&variants).unwrap();
    std::fs::write(
        variants.join("good.toml"),
        super::runner::chess_variant_text(),
    )
    .unwrap();
    std::fs::write(variants.join("broken.toml"), "[variant]\nname = \"x\"\n").unwrap();
    let root = dir.path().to_str().unwrap();
    let r = run(&["bench", "--quick", "--root", root]);
    r.assert_error(&["1 variant file(s) under", "do not load"]);
    let broken = r
        .stdout
        .lines()
        .find(|l| l.contains("broken.toml"))
        .unwrap_or_else(|| panic!("broken.toml is listed:\n{}", r.stdout));
    assert!(
        broken.contains("FAILS") && broken.contains("error(s)"),
        "{broken}"
    );
    let good = r.stdout.lines().find(|l| l.contains("good.toml"));
    assert!(good.is_some_and(|l| !l.contains("FAILS")), "{}", r.stdout);
}

#[test]
fn coordinates_past_the_limit_are_refused_where_they_are_written() {
    let dir = crate::helpers::temp_dir();
    let board = |name: &str, x: &str, y: &str| {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            format!(
                "[board]\nname = \"x\"\nlayout = \"grid\"\n[[node]]\nname = \"a\"\nx = 0\ny = 0\n[[node]]\nname = \"b\"\nx = {x}\ny = {y}\n[directions]\ne = {{}}\n"
            ),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    // At the limit: drawn, with finite sizes.
    let at_limit = board("at_limit.toml", "1e6", "-1000000");
    run(&["check", &at_limit]).assert_ok();
    let r = run(&["render", &at_limit]);
    r.assert_ok();
    assert!(!r.stdout.contains("inf") && !r.stdout.contains("NaN"));
    // Past it: refused at the value, in every command.
    for (x, y, at, shown) in [
        ("1e308", "0", "10:5", "1e308"),
        ("0", "-1000000.5", "11:5", "-1.0000005e6"),
    ] {
        let past = board("past.toml", x, y);
        run(&["check", "--short", &past]).assert_error(&[&format!(
            "{past}:{at}: error[schema::invalid-value]: `[[node]]`: a coordinate must be from -1000000 to 1000000, not `{shown}`"
        )]);
        let r = run(&["render", &past]);
        r.assert_error(&["not a valid board file"]);
        assert_eq!(r.stdout, "");
    }
}

/// The mode bits of a file (not following a last symbolic link).
#[cfg(unix)]
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::symlink_metadata(path)
        .unwrap()
        .permissions()
        .mode()
        & 0o7777
}

#[cfg(unix)]
#[test]
fn output_files_replace_only_regular_files_and_keep_their_permissions() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
    let dir = crate::helpers::temp_dir();
    let d = dir.path();
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml");
    let render = |out: &str| super::runner::run_in(Some(d), &["render", variant, "-o", out], b"");
    // Special files are refused, never replaced.
    assert!(
        Command::new("mkfifo")
            .arg(d.join("fifo"))
            .status()
            .unwrap()
            .success()
    );
    let _socket = std::os::unix::net::UnixListener::bind(d.join("socket")).unwrap();
    std::fs::create_dir(d.join("sub")).unwrap();
    symlink("fifo", d.join("to_fifo")).unwrap();
    for (out, why) in [
        (
            "fifo",
            "cannot write `fifo`: it is a FIFO, not a regular file",
        ),
        (
            "socket",
            "cannot write `socket`: it is a socket, not a regular file",
        ),
        (
            "sub",
            "cannot write `sub`: it is a directory, not a regular file",
        ),
        (
            "sub/",
            "cannot write `sub/`: it is a directory, not a regular file",
        ),
        (
            "new_dir/",
            "`new_dir/`: it names a directory (it ends with `/`), not a file",
        ),
        (
            "to_fifo",
            "`to_fifo`: it leads to `fifo`, which is a FIFO, not a regular file",
        ),
    ] {
        render(out).assert_error(&[why]);
    }
    assert!(
        std::fs::symlink_metadata(d.join("fifo"))
            .unwrap()
            .file_type()
            .is_fifo()
    );
    // A new file gets the permissions any new file gets (the umask applies).
    std::fs::write(d.join("reference"), "").unwrap();
    render("new.svg").assert_ok();
    assert_eq!(mode(&d.join("new.svg")), mode(&d.join("reference")));
    // An existing file keeps its permissions; a link stays a link and its file is written.
    let old = d.join("old.svg");
    std::fs::write(&old, "old").unwrap();
    std::fs::set_permissions(&old, std::fs::Permissions::from_mode(0o640)).unwrap();
    symlink("old.svg", d.join("link.svg")).unwrap();
    symlink("later.svg", d.join("dangling.svg")).unwrap();
    for out in ["old.svg", "link.svg", "dangling.svg"] {
        render(out).assert_ok();
    }
    assert_eq!(mode(&old), 0o640);
    assert!(std::fs::read_to_string(&old).unwrap().starts_with("<svg"));
    for link in ["link.svg", "dangling.svg"] {
        assert!(
            std::fs::symlink_metadata(d.join(link))
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }
    assert!(
        std::fs::read_to_string(d.join("later.svg"))
            .unwrap()
            .starts_with("<svg")
    );
    // A read-only file is refused and kept.
    let ro = d.join("ro.svg");
    std::fs::write(&ro, "keep").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o444)).unwrap();
    render("ro.svg").assert_error(&["cannot write `ro.svg`: the file is read-only"]);
    assert_eq!(std::fs::read_to_string(&ro).unwrap(), "keep");
    // A link loop is refused; a missing folder is named as the user wrote it.
    symlink("loop_b", d.join("loop_a")).unwrap();
    symlink("loop_a", d.join("loop_b")).unwrap();
    for (out, why) in [
        ("loop_a", "symbolic links in a row"),
        ("no/such/p.svg", "No such file or directory"),
    ] {
        let r = render(out);
        r.assert_error(&[&format!("cannot write `{out}`: "), why]);
        assert!(!r.stderr.contains(".tmp"), "{}", r.stderr);
    }
}

#[cfg(unix)]
#[test]
fn play_svg_refuses_special_files_too() {
    let dir = crate::helpers::temp_dir();
    assert!(
        Command::new("mkfifo")
            .arg(dir.path().join("fifo"))
            .status()
            .unwrap()
            .success()
    );
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let variant = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.toml");
    let r = super::runner::run_in(
        Some(dir.path()),
        &["play", variant],
        b"svg fifo\nsvg sub/\nquit\n",
    );
    r.assert_ok();
    assert!(
        r.stdout
            .contains("cannot write `fifo`: it is a FIFO, not a regular file"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("cannot write `sub/`: it is a directory"),
        "{}",
        r.stdout
    );
}

#[test]
fn bench_on_a_root_without_its_cases_says_so_and_fails() {
    let dir = crate::helpers::temp_dir();
    let variants = dir.path().join("variants");
    std::fs::create_dir(&variants).unwrap();
    let root = dir.path().to_str().unwrap();
    run(&["bench", "--quick", "--root", root]).assert_error(&["no variant files under"]);
    std::fs::write(
        variants.join("good.toml"),
        super::runner::chess_variant_text(),
    )
    .unwrap();
    let r = run(&["bench", "--quick", "--root", root]);
    r.assert_error(&["benchmark case(s) could not run"]);
    assert!(
        r.stdout
            .lines()
            .any(|l| l.starts_with("chess start") && l.contains("FAILS")),
        "{}",
        r.stdout
    );
}
