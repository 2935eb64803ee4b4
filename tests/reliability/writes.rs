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
    let dir = crate::helpers::temp_dir();
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
    let dir = crate::helpers::temp_dir();
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
    let dir = crate::helpers::temp_dir();
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
    let dir = crate::helpers::temp_dir();
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

/// `import fsf` of 300 sections (600 files) into `work/out`, started and left running.
fn start_import(work: &Path, ini: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_chessgraph"))
        .args(["import", "fsf", ini.to_str().unwrap(), "-o", "out"])
        .current_dir(work)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Sends `signal` to `child`.
fn send(signal: &str, child: &std::process::Child) {
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

#[test]
fn import_interrupted_while_staging_leaves_nothing_and_says_so() {
    // 300 sections (600 files). The signal is sent when the first temporary file appears in
    // `out/`, inside the staging window (the moment a process killed outright would leave
    // temporary files behind), then once before any file and once at an arbitrary moment.
    let dir = crate::helpers::temp_dir();
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
    for (signal, moment) in [
        ("-INT", "staging"),
        ("-TERM", "staging"),
        ("-INT", "at once"),
    ] {
        if work.exists() {
            std::fs::remove_dir_all(&work).unwrap();
        }
        std::fs::create_dir(&work).unwrap();
        let mut child = start_import(&work, &ini);
        if moment == "staging" {
            let staging = || {
                std::fs::read_dir(work.join("out")).is_ok_and(|mut d| {
                    d.any(|e| e.unwrap().file_name().to_string_lossy().starts_with('.'))
                })
            };
            while !staging() {
                assert!(child.try_wait().unwrap().is_none(), "ended before staging");
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
        }
        send(signal, &child);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let left = names(&work);
        match left.as_slice() {
            [] => {}
            [out] if out == "out" && moment != "staging" => {
                assert_eq!(names(&work.join("out")).len(), 600, "{signal} {moment}");
            }
            _ => panic!("{signal} {moment}: {left:?} left behind ({err})"),
        }
        if moment == "staging" {
            assert_eq!(out.status.code(), Some(130), "{signal}: {err}");
            assert!(err.contains("interrupted: nothing was written"), "{err}");
        }
    }
}
