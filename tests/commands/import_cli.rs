//! `chessgraph import fsf`: the written files check, play and carry the schema directive; the
//! command never writes over a file; a broken ini file is reported with its line and nothing is
//! written; without `-o` both files of each section go to standard output.

use std::path::Path;

use crate::helpers::cli::{run, run_in};
use crate::helpers::temp_dir;

fn in_dir(dir: &Path, args: &[&str]) -> crate::helpers::cli::Run {
    run_in(Some(dir), args, b"")
}

fn sections() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/import/sections.ini")
        .display()
        .to_string()
}

#[test]
fn import_writes_files_that_check_and_play() {
    let dir = temp_dir();
    let r = in_dir(dir.path(), &["import", "fsf", &sections(), "-o", "out"]);
    r.assert_ok();
    assert!(
        r.stderr.contains("wrote out/imp-wide.board.toml"),
        "{}",
        r.stderr
    );
    let mut variants: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".board.toml"))
        .collect();
    variants.sort();
    let ini = std::fs::read_to_string(sections()).unwrap();
    let headers = ini.lines().filter(|l| l.starts_with('[')).count();
    assert_eq!(variants.len(), headers, "{variants:?}");
    for v in &variants {
        let path = format!("out/{v}");
        let text = std::fs::read_to_string(dir.path().join(&path)).unwrap();
        // No schema near `out`: no `#:schema` line naming a file that is not there.
        assert!(text.starts_with("# Editors that read taplo's"), "{v}");
        assert!(!text.lines().any(|l| l.starts_with("#:schema")), "{v}");
        let board = path.replace(".toml", ".board.toml");
        let check = in_dir(dir.path(), &["check", "--deny-warnings", &path, &board]);
        check.assert_ok();
        assert!(!check.stderr.contains("warning"), "{v}: {}", check.stderr);
    }
    // A section on a shipped parent extends the shipped file: from a folder outside the
    // checkout (only the root in common) by its absolute path.
    let makruk = std::fs::read_to_string(dir.path().join("out/imp-makruk-drops.toml")).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/makruk.toml");
    let want = format!("extends = \"{}\"", shipped.display());
    assert!(makruk.contains(&want), "{want} in\n{makruk}");
    let perft = in_dir(dir.path(), &["perft", "out/imp-capa10.toml", "2"]);
    assert!(
        perft.stdout.ends_with("Nodes searched: 504\n"),
        "{}",
        perft.stdout
    );
}

#[test]
fn import_never_writes_over_a_file() {
    let dir = temp_dir();
    std::fs::write(dir.path().join("imp-flag.toml"), "precious").unwrap();
    in_dir(dir.path(), &["import", "fsf", &sections(), "-o", "."])
        .assert_error(&["imp-flag.toml already exists", "never writes over"]);
    // Nothing was written, not even the files of the sections before it.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["imp-flag.toml"]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("imp-flag.toml")).unwrap(),
        "precious"
    );
    // One section at a time works, and the second time is refused too.
    let one = [
        "import",
        "fsf",
        &sections(),
        "--variant",
        "imp-wide",
        "-o",
        ".",
    ];
    in_dir(dir.path(), &one).assert_ok();
    in_dir(dir.path(), &one).assert_error(&["imp-wide.board.toml already exists"]);
}

#[test]
fn import_one_section_reads_its_parents_and_writes_it_alone() {
    let dir = temp_dir();
    let args = [
        "import",
        "fsf",
        &sections(),
        "--variant",
        "imp-nightrider-slow",
        "-o",
        ".",
    ];
    in_dir(dir.path(), &args).assert_ok();
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["imp-nightrider-slow.board.toml", "imp-nightrider-slow.toml"]
    );
    let text = std::fs::read_to_string(dir.path().join("imp-nightrider-slow.toml")).unwrap();
    // The custom piece comes from the parent section, and says so.
    assert!(
        text.contains("parents:\n# imp-nightrider <- chess")
            || text.contains("parents: imp-nightrider <- chess"),
        "{text}"
    );
    assert!(text.contains("[pieces.custom1]"), "{text}");
    let perft = in_dir(dir.path(), &["perft", "imp-nightrider-slow.toml", "3"]);
    assert!(
        perft.stdout.ends_with("Nodes searched: 5805\n"),
        "{}",
        perft.stdout
    );
}

/// `-o DIR` in a checkout (a `schema/` folder in DIR or above it): each file's first line names
/// the schema by its path from DIR, and that path exists.
#[test]
fn import_into_a_checkout_names_the_schema_by_a_path_that_exists() {
    let dir = temp_dir();
    std::fs::create_dir(dir.path().join("schema")).unwrap();
    for kind in ["board", "variant"] {
        let file = format!("schema/{kind}.schema.json");
        std::fs::copy(&file, dir.path().join(&file)).unwrap();
    }
    for (out, up) in [("variants", "../"), ("deep/er", "../../"), (".", "")] {
        let r = in_dir(
            dir.path(),
            &[
                "import",
                "fsf",
                &sections(),
                "--variant",
                "imp-house",
                "-o",
                out,
            ],
        );
        r.assert_ok();
        for (file, kind) in [
            ("imp-house.board.toml", "board"),
            ("imp-house.toml", "variant"),
        ] {
            let written = dir.path().join(out).join(file);
            let text = std::fs::read_to_string(&written).unwrap();
            let want = format!("#:schema {up}schema/{kind}.schema.json");
            assert_eq!(text.lines().next(), Some(want.as_str()), "{out} {file}");
            let named = want.trim_start_matches("#:schema ");
            assert!(dir.path().join(out).join(named).is_file(), "{out} {file}");
            std::fs::remove_file(written).unwrap();
        }
    }
}

#[test]
fn import_without_output_prints_both_files() {
    let r = run(&["import", "fsf", &sections(), "--variant", "imp-house"]);
    r.assert_ok();
    let board = r
        .stdout
        .find("# ==> imp-house.board.toml <==\n# Editors that read taplo's `#:schema PATH`")
        .unwrap();
    let variant = r
        .stdout
        .find("# ==> imp-house.toml <==\n# Editors that read taplo's `#:schema PATH`")
        .unwrap();
    assert!(board < variant);
    assert!(r.stdout.contains("captured = \"to-hand\""), "{}", r.stdout);
    assert_eq!(r.stdout.matches("# ==> ").count(), 2);
}

#[test]
fn a_broken_ini_is_reported_and_only_its_good_sections_are_written() {
    let dir = temp_dir();
    let broken =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/import/broken/unsupported_keys.ini");
    let r = in_dir(
        dir.path(),
        &["import", "fsf", broken.to_str().unwrap(), "-o", "out"],
    );
    r.assert_error(&[
        "unsupported_keys.ini:4:1]",
        "`gating` cannot be imported",
        "cannot be imported: 3 problem(s)",
    ]);
    assert!(!dir.path().join("out").exists());
    // The sections that import are written; the others are reported, and the status is 1.
    std::fs::write(
        dir.path().join("mixed.ini"),
        "[fine:chess]\n[broken:chess]\ngating = true\n[later:fine]\ncastling = false\n",
    )
    .unwrap();
    let r = in_dir(dir.path(), &["import", "fsf", "mixed.ini", "-o", "out"]);
    r.assert_error(&[
        "mixed.ini:3:1]",
        "`gating` cannot be imported",
        "the other 2 section(s) were imported",
    ]);
    let mut written: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "fine.board.toml",
            "fine.toml",
            "later.board.toml",
            "later.toml"
        ]
    );
    run(&["import", "fsf", &sections(), "--variant", "nope"])
        .assert_error(&["no section `[nope]`"]);
    run(&["import", "fsf", "missing.ini"]).assert_error(&["missing.ini"]);
}

/// `-o x/../y` with no folder `x`: the files go to `y` (as the path says once `x/..` is read),
/// and no folder `x` is left behind.
#[test]
fn import_output_through_a_missing_folder_and_back_writes_beside_it() {
    let dir = temp_dir();
    let args = [
        "import",
        "fsf",
        &sections(),
        "--variant",
        "imp-nightrider-slow",
        "-o",
        "x/../y",
    ];
    let r = in_dir(dir.path(), &args);
    r.assert_ok();
    assert!(!dir.path().join("x").exists(), "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("y"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["imp-nightrider-slow.board.toml", "imp-nightrider-slow.toml"]
    );
    let check = in_dir(dir.path(), &["check", "y/imp-nightrider-slow.toml"]);
    check.assert_ok();
}
