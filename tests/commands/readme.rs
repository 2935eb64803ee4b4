//! The README as a reference: its key tables name every key of the schema (and no other), and
//! its complete example files check and play.

use std::collections::BTreeSet;

use chessgraph::FileKind;
use chessgraph::schema::schema;
use serde_json::Value;

use crate::helpers::cli::run_in;
use crate::helpers::temp_dir;

/// The README's reference part, between its markers.
fn reference() -> String {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme
        .find("<!-- reference: start")
        .expect("the reference's start marker");
    let end = readme
        .find("<!-- reference: end -->")
        .expect("the reference's end marker");
    readme[start..end].to_string()
}

/// The keys of the table under `#### {kind} files`: the first column's backquoted text.
fn table_keys(reference: &str, kind: &str) -> BTreeSet<String> {
    let heading = format!("#### {kind} files");
    let at = reference
        .find(&heading)
        .unwrap_or_else(|| panic!("no `{heading}`"));
    reference[at + heading.len()..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.strip_prefix("| `"))
        .map(|l| l[..l.find('`').unwrap()].to_string())
        .collect()
}

/// Every key path of a schema: `board.name`, `node[].x`, `pieces.NAME.promotion.zone`.
fn schema_keys(root: &Value) -> BTreeSet<String> {
    fn resolve<'a>(root: &'a Value, n: &'a Value) -> &'a Value {
        if let Some(r) = n.get("$ref").and_then(Value::as_str) {
            return resolve(
                root,
                &root["definitions"][r.trim_start_matches("#/definitions/")],
            );
        }
        match n.get("allOf") {
            Some(Value::Array(all)) if all.len() == 1 => resolve(root, &all[0]),
            _ => n,
        }
    }
    fn walk(root: &Value, n: &Value, path: &str, out: &mut BTreeSet<String>) {
        let n = resolve(root, n);
        if let Some(Value::Object(props)) = n.get("properties") {
            for (k, sub) in props {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                out.insert(p.clone());
                walk(root, sub, &p, out);
            }
        } else if let Some(add) = n.get("additionalProperties").filter(|a| a.is_object()) {
            walk(root, add, &format!("{path}.NAME"), out);
        } else if let Some(items) = n.get("items").filter(|i| i.is_object()) {
            walk(root, items, &format!("{path}[]"), out);
        }
    }
    let mut out = BTreeSet::new();
    walk(root, root, "", &mut out);
    out
}

#[test]
fn the_key_tables_document_every_key_of_the_schema() {
    let reference = reference();
    for (kind, name) in [(FileKind::Board, "board"), (FileKind::Variant, "variant")] {
        let documented = table_keys(&reference, name);
        let keys = schema_keys(&schema(kind));
        let missing: Vec<_> = keys.difference(&documented).collect();
        let stale: Vec<_> = documented.difference(&keys).collect();
        assert!(
            missing.is_empty(),
            "{name} keys the README does not document: {missing:?}"
        );
        assert!(
            stale.is_empty(),
            "{name} keys the README documents but the schema lacks: {stale:?}"
        );
    }
}

#[test]
fn the_complete_examples_check_and_play() {
    let reference = reference();
    let dir = temp_dir();
    let mut written = Vec::new();
    for part in reference.split("<!-- example: ").skip(1) {
        let name = &part[..part.find(" -->").unwrap()];
        let body = &part[part.find("```toml\n").unwrap() + 8..];
        let body = &body[..body.find("```").unwrap()];
        std::fs::write(dir.path().join(name), body).unwrap();
        written.push(name.to_string());
    }
    assert_eq!(written, ["tiny.board.toml", "tiny.toml"]);
    let check = run_in(
        Some(dir.path()),
        &["check", "tiny.board.toml", "tiny.toml"],
        b"",
    );
    check.assert_ok();
    assert!(!check.stderr.contains("warning["), "{}", check.stderr);
    let perft = run_in(Some(dir.path()), &["perft", "tiny.toml", "2"], b"");
    perft.assert_ok();
    let nodes: u64 = perft
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes > 0);
    let perft = run_in(Some(dir.path()), &["perft", "tiny.toml", "3"], b"");
    assert_eq!(
        perft.stdout.trim(),
        "Nodes searched: 227",
        "the count the README gives"
    );
}

#[test]
fn every_variant_names_its_rules_page_in_the_repository() {
    for dir in ["variants", "boards"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                !text.contains("shared/"),
                "{}: points outside the repository",
                path.display()
            );
            if dir == "boards" {
                continue;
            }
            let marker = "# The rules in our own words: ../";
            let line = text
                .lines()
                .find_map(|l| l.strip_prefix(marker))
                .unwrap_or_else(|| panic!("{} names no docs/rules page", path.display()));
            assert!(
                line.starts_with("docs/rules/") && line.ends_with(".md"),
                "{line}"
            );
            assert!(
                std::path::Path::new(line).is_file(),
                "{}: {line} does not exist",
                path.display()
            );
        }
    }
}
