//! The files `new` and `import fsf -o` write: all or none (a full disk leaves no file behind,
//! so the rerun works), never over a file, and never through a symbolic link to a folder
//! unless `--follow` says so.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::runner::run_in;

/// The imported sections the command tests use.
fn sections() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/import/sections.ini")
        .display()
        .to_string()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `chessgraph ARGS` in `dir` with files limited to 3,072 bytes (`ulimit -f 6`): a longer write
/// fails as on a full disk (EFBIG, its signal ignored).
fn with_small_files(dir: &Path, args: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("trap '' XFSZ; ulimit -f 6; exec \"$0\" {args}"))
        .arg(env!("CARGO_BIN_EXE_chessgraph"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs")
}

#[test]
fn new_on_a_full_disk_leaves_no_file_and_the_rerun_writes_both() {
    let dir = tempfile::tempdir().unwrap();
    // The board (about 2 KB) fits, the variant (about 4 KB) does not.
    let out = with_small_files(dir.path(), "new variant foo");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write foo.toml"), "{err}");
    assert!(!err.contains(".chessgraph-"), "no temporary name: {err}");
    assert_eq!(
        names(dir.path()),
        Vec::<String>::new(),
        "not even the board"
    );
    run_in(Some(dir.path()), &["new", "variant", "foo"], b"").assert_ok();
    assert_eq!(names(dir.path()), ["foo.board.toml", "foo.toml"]);
    run_in(Some(dir.path()), &["check", "foo.toml"], b"").assert_ok();
}

#[test]
fn import_refuses_a_symlinked_output_folder_unless_follow() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("elsewhere")).unwrap();
    std::os::unix::fs::symlink("elsewhere", dir.path().join("link")).unwrap();
    for target in ["link", "link/"] {
        run_in(
            Some(dir.path()),
            &["import", "fsf", &sections(), "-o", target],
            b"",
        )
        .assert_error(&["link is a symbolic link (to elsewhere)", "--follow"]);
    }
    assert!(names(&dir.path().join("elsewhere")).is_empty());
    let args = ["import", "fsf", &sections(), "-o", "link", "--follow"];
    run_in(Some(dir.path()), &args, b"").assert_ok();
    let written = names(&dir.path().join("elsewhere"));
    assert!(
        written.contains(&"imp-wide.board.toml".to_string()),
        "{written:?}"
    );
    assert!(written.iter().all(|n| !n.starts_with('.')), "{written:?}");
}

#[test]
fn import_into_a_file_says_it_is_a_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("out"), "precious").unwrap();
    run_in(
        Some(dir.path()),
        &["import", "fsf", &sections(), "-o", "out"],
        b"",
    )
    .assert_error(&["out is a file, not a folder", "-o names the folder"]);
    assert_eq!(std::fs::read(dir.path().join("out")).unwrap(), b"precious");
}

#[test]
fn import_writes_every_board_before_any_variant_and_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let r = run_in(
        Some(dir.path()),
        &["import", "fsf", &sections(), "-o", "out"],
        b"",
    );
    r.assert_ok();
    let wrote: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("wrote"))
        .collect();
    let first_variant = wrote.iter().position(|l| !l.ends_with(".board.toml"));
    let last_board = wrote.iter().rposition(|l| l.ends_with(".board.toml"));
    assert!(last_board < first_variant, "{wrote:?}");
    let written = names(&dir.path().join("out"));
    assert_eq!(written.len(), wrote.len(), "{written:?}");
    assert!(written.iter().all(|n| !n.starts_with('.')), "{written:?}");
}

// Known bug (issue 34 item 5, open): SIGINT kills the process before the staged temporary files
// are dropped, and the output folder is made before staging, so an interruption in the staging
// window leaves `out/` with `.chessgraph-*` files (seen on a clean-clone CI run: 551 of 600).
// The fix is a SIGINT handler or a staging folder renamed into place; until then this test
// documents the requirement and is run by hand: `cargo test --test reliability -- --ignored`.
#[test]
#[ignore = "known bug: an import interrupted while staging leaves temporary files (issue 34 item 5)"]
fn import_interrupted_by_sigint_leaves_all_or_nothing() {
    // 300 sections (600 files): the import takes long enough on any machine to be interrupted
    // at several points, and each interruption leaves either no folder or a complete one, and
    // no temporary file or folder beside it.
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("many.ini");
    let text: String = (0..300)
        .map(|i| {
            format!(
                "[v{i}:chess]\nstartFen = 8/8/8/8/8/8/8/K1k5 w - - 0 {}\n\n",
                i + 1
            )
        })
        .collect();
    std::fs::write(&ini, text).unwrap();
    let work = dir.path().join("work");
    for wait_ms in [50, 300, 1000] {
        if work.exists() {
            std::fs::remove_dir_all(&work).unwrap();
        }
        std::fs::create_dir(&work).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessgraph"))
            .args(["import", "fsf", ini.to_str().unwrap(), "-o", "out"])
            .current_dir(&work)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        let left = names(&work);
        match left.as_slice() {
            [] => {}
            [out] if out == "out" => {
                let files = names(&work.join("out"));
                assert_eq!(files.len(), 600, "after {wait_ms} ms ({status}): {files:?}");
            }
            _ => panic!("after {wait_ms} ms ({status}): {left:?} left behind"),
        }
    }
}
