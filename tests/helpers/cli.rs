//! Running the binary: arguments, standard input, a time limit, and what came out.

#![allow(dead_code)] // each test module uses a different part of the runner

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a run of the binary produced.
#[derive(Debug)]
pub struct Run {
    /// Exit status code (`None`: killed by a signal).
    pub code: Option<i32>,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

impl Run {
    /// Asserts the run ended by itself with a status of a handled outcome (0, 1 or 2), not a
    /// panic (101) or an abort (134 / a signal).
    pub fn assert_no_crash(&self) -> &Self {
        assert!(
            matches!(self.code, Some(0..=2)),
            "exit {:?}\nstdout:\n{}\nstderr:\n{}",
            self.code,
            self.stdout,
            self.stderr
        );
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
        self
    }

    /// Asserts a clean failure (exit 1 or 2) whose standard error contains every one of `parts`.
    pub fn assert_error(&self, parts: &[&str]) -> &Self {
        self.assert_no_crash();
        assert!(
            matches!(self.code, Some(1 | 2)),
            "expected a failure, got exit {:?}\nstdout:\n{}\nstderr:\n{}",
            self.code,
            self.stdout,
            self.stderr
        );
        for p in parts {
            assert!(
                self.stderr.contains(p),
                "stderr lacks {p:?}:\n{}",
                self.stderr
            );
        }
        self
    }

    /// Asserts success (exit 0).
    pub fn assert_ok(&self) -> &Self {
        assert_eq!(
            self.code,
            Some(0),
            "stdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
        self
    }
}

impl Run {
    /// Whether the command exited with status 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
}

/// What the command printed on standard output.
pub fn stdout(r: &Run) -> String {
    r.stdout.clone()
}

/// What the command printed on standard error.
pub fn stderr(r: &Run) -> String {
    r.stderr.clone()
}

/// The longest any single run may take before the test calls it a hang.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// Runs `chessgraph ARGS` in `dir` (the crate root when `None`) with `stdin` as standard input,
/// killing it after [`TIME_LIMIT`].
pub fn run_in(dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
        .args(args)
        .current_dir(dir.unwrap_or(Path::new(env!("CARGO_MANIFEST_DIR"))))
        .env_remove("CLICOLOR_FORCE")
        // The program behaves differently on CI (no FILE.new); tests pick that themselves.
        .env_remove("CI")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may stop reading early (quit, a refused line): a broken pipe is fine.
        let _ = input.write_all(&bytes);
    });
    // Both outputs are drained while the program runs, so a full pipe never stalls it.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout")));
    let err = drain(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            panic!("chessgraph {args:?} did not finish within {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out.join().expect("stdout reader")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr reader")).into_owned(),
    }
}

/// Runs `chessgraph ARGS` from the crate root with empty standard input.
pub fn run(args: &[&str]) -> Run {
    run_in(None, args, b"")
}

/// Runs `chessgraph ARGS` from the crate root with `stdin` as standard input.
pub fn run_with_input(args: &[&str], stdin: &[u8]) -> Run {
    run_in(None, args, stdin)
}

/// A fresh empty folder at a fixed place under the target directory (`target/tmp/reliability/NAME`,
/// four levels below the crate root), for the reliability tests of files: some of their files
/// name the repository's by relative paths (`../../../../boards/chess.toml`). Every other test
/// uses [`temp_dir`](super::temp_dir).
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("reliability")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The text of `variants/chess.toml` with its board named by an absolute path, so that a copy
/// loads from any directory.
pub fn chess_variant_text() -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/variants/chess.toml")).expect("chess");
    let moved = text.replace(
        "\"../boards/chess.toml\"",
        &format!("{:?}", format!("{root}/boards/chess.toml")),
    );
    assert_ne!(moved, text, "the board line was replaced");
    moved
}
