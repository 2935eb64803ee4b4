//! Reading board and variant files: size, kind, encoding, locations, floods, names.

use super::runner::{run, scratch_dir};

#[test]
fn an_error_past_column_65535_is_reported_and_check_goes_on() {
    let dir = scratch_dir("long_line");
    let long = dir.join("long.toml");
    let text = format!(
        "[board]\nname = \"x\"\n[grid]\nfiles = \"ab\"\nranks = 2\n[directions]\nn = {{}}\n{}bogus = 1\n",
        " ".repeat(70_000)
    );
    std::fs::write(&long, text).unwrap();
    let long = long.to_str().unwrap();
    let r = run(&["check", long]);
    r.assert_error(&["long.toml:8:70009", "the line is too long to show"]);
    let r = run(&["check", "boards/chess.toml", long, "boards/cylinder.toml"]);
    r.assert_error(&["long.toml: invalid"]);
    assert!(
        r.stdout.contains("boards/cylinder.toml: ok"),
        "{}",
        r.stdout
    );
    run(&["check", "--short", long]).assert_error(&["long.toml:8:70009: error"]);
}
