//! The JSON Schema of board and variant files: the shipped `schema/*.json` are the generated
//! ones, every shipped file names its schema and validates against it (draft-07, as taplo reads
//! it), a mistake gives one error where it is, and the schema's keys, required keys and enumerated values are exactly what the loader
//! accepts, table by table.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chessgraph::FileKind;
use chessgraph::diagnostic::Diagnostic;
use chessgraph::schema::{schema, schema_text};
use chessgraph::testing::Code;
use chessgraph::testing::read_board_spec;
use chessgraph::testing::read_variant_spec;
use serde_json::Value;

/// Keys of which a table needs one at least (a piece: `moves` or `betza`).
const EITHER_OR: &[&[&str]] = &[&["moves", "betza"]];

fn toml_files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Every shipped file with its kind.
fn shipped() -> Vec<(PathBuf, FileKind)> {
    let boards = toml_files("boards")
        .into_iter()
        .map(|p| (p, FileKind::Board));
    let variants = toml_files("variants")
        .into_iter()
        .map(|p| (p, FileKind::Variant));
    boards.chain(variants).collect()
}

fn as_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let value: toml::Value = toml::from_str(&text).unwrap();
    serde_json::to_value(value).unwrap()
}

/// A schema compiled by boon (a validator that passes the JSON-Schema-Test-Suite), for draft-07:
/// the draft the schema's `$schema` names, and against whose meta-schema it is checked here.
struct Validator {
    schemas: boon::Schemas,
    index: boon::SchemaIndex,
}

impl Validator {
    fn is_valid(&self, instance: &Value) -> bool {
        self.schemas.validate(instance, self.index).is_ok()
    }
}

fn validator(kind: FileKind) -> Validator {
    let (mut schemas, mut compiler) = (boon::Schemas::new(), boon::Compiler::new());
    compiler.set_default_draft(boon::Draft::V7);
    let url = "file:///chessgraph/schema.json";
    compiler.add_resource(url, schema(kind)).unwrap();
    let index = compiler
        .compile(url, &mut schemas)
        .unwrap_or_else(|e| panic!("not a valid draft-07 schema: {e:#}"));
    Validator { schemas, index }
}

#[test]
fn shipped_schema_files_are_the_generated_ones() {
    for (file, kind) in [
        ("schema/board.schema.json", FileKind::Board),
        ("schema/variant.schema.json", FileKind::Variant),
    ] {
        let shipped = std::fs::read_to_string(file).unwrap();
        assert!(
            shipped == schema_text(kind),
            "{file} is not the generated schema: run `cargo run -- schema {} > {file}`",
            if kind == FileKind::Board {
                "board"
            } else {
                "variant"
            }
        );
    }
}

#[test]
fn schema_is_plain_draft07() {
    for kind in [FileKind::Board, FileKind::Variant] {
        let text = schema_text(kind);
        assert!(text.contains("\"$schema\": \"http://json-schema.org/draft-07/schema#\""));
        for later in ["\"$defs\"", "\"const\"", "\"null\"", "\"format\""] {
            assert!(!text.contains(later), "{later} is not plain draft-07");
        }
    }
    // No combinator over the whole file: its failure is reported against every key of the file.
    let root = schema(FileKind::Variant);
    for key in ["anyOf", "oneOf", "allOf"] {
        assert!(root.get(key).is_none(), "a root `{key}`");
    }
}

#[test]
fn every_shipped_file_names_its_schema_on_line_1() {
    for (path, kind) in shipped() {
        let text = std::fs::read_to_string(&path).unwrap();
        let want = match kind {
            FileKind::Board => "#:schema ../schema/board.schema.json",
            FileKind::Variant => "#:schema ../schema/variant.schema.json",
        };
        assert_eq!(text.lines().next(), Some(want), "{}", path.display());
    }
}

#[test]
fn every_shipped_file_validates() {
    let (board, variant) = (validator(FileKind::Board), validator(FileKind::Variant));
    for (path, kind) in shipped() {
        let v = if kind == FileKind::Board {
            &board
        } else {
            &variant
        };
        if let Err(e) = v.schemas.validate(&as_json(&path), v.index) {
            panic!("{}: {e:#}", path.display());
        }
    }
}

#[test]
fn a_file_with_extends_needs_no_other_key_but_one_without_needs_variant() {
    let v = validator(FileKind::Variant);
    assert!(v.is_valid(&serde_json::json!({ "extends": "chess.toml" })));
    assert!(v.is_valid(
        &serde_json::json!({ "extends": "chess.toml", "pieces": { "queen": { "moves": [] } } })
    ));
    assert!(!v.is_valid(&serde_json::json!({ "pieces": {} })));
    assert!(!v.is_valid(&serde_json::json!({ "variant": { "name": "x" } })));
    assert!(!v.is_valid(&serde_json::json!({ "variant": { "name": "x", "board": "b", "start": "s" }, "pieces": { "queen": { "moves": [] } } })));
}

/// The innermost errors of a validation (where the validator says what is wrong), each as its
/// instance location and message.
fn leaf_errors(v: &Validator, instance: &Value) -> Vec<(String, String)> {
    fn leaves(e: &boon::ValidationError, out: &mut Vec<(String, String)>) {
        if e.causes.is_empty() {
            out.push((e.instance_location.to_string(), e.kind.to_string()));
        }
        e.causes.iter().for_each(|c| leaves(c, out));
    }
    let mut out = Vec::new();
    if let Err(e) = v.schemas.validate(instance, v.index) {
        leaves(&e, &mut out);
    }
    out
}

/// One mistake, one error where it is (the issue: taplo printed 289 errors for one misspelt key,
/// from a failed `anyOf` over the whole file): a misspelt required key is one unknown key in its
/// table, not a missing key as well; a missing one is one missing key in its table.
#[test]
fn one_mistake_gives_one_error_in_its_table() {
    let v = validator(FileKind::Variant);
    let start = "start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n";
    let strat = start.replace("start", "strat");
    // What is replaced by what, where the one error must be, a word it must name.
    let cases = [
        ("letter = \"N\"", "lettr = \"N\"", "/pieces/knight", "lettr"),
        ("letter = \"N\"", "", "/pieces/knight", "letter"),
        ("[variant]", "[varient]", "", "varient"),
        (start, strat.as_str(), "/variant", "strat"),
        (start, "", "/variant", "start"),
    ];
    for (old, new, place, word) in cases {
        let what = format!("{old:?} -> {new:?}");
        let text = std::fs::read_to_string("variants/chess.toml").unwrap();
        assert!(text.contains(old), "{what}");
        let value: toml::Value = toml::from_str(&text.replacen(old, new, 1)).unwrap();
        let errors = leaf_errors(&v, &serde_json::to_value(value).unwrap());
        assert_eq!(errors.len(), 1, "{what}: {errors:#?}");
        assert_eq!(errors[0].0, place, "{what}: {errors:#?}");
        assert!(errors[0].1.contains(word), "{what}: {errors:#?}");
    }
    // A file that extends another needs no letter in a piece it changes, misspelt keys are still
    // one error each.
    let child =
        serde_json::json!({ "extends": "chess.toml", "pieces": { "queen": { "lettr": "Q" } } });
    let errors = leaf_errors(&v, &child);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].0, "/pieces/queen");
}

/// One step into a document: a key or an array item.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Item(usize),
}

/// What the schema says of one place in a document: its keys (`None`: an open table of
/// user-chosen names), its required keys, and its enumerated values.
#[derive(Debug, Default)]
struct Says {
    keys: Option<BTreeSet<String>>,
    required: BTreeSet<String>,
    enumerated: Option<BTreeSet<String>>,
}

/// The schema nodes that apply at `path`: the schema's own, and the root's `then` that a file
/// without `extends` must also satisfy (its tables' required keys under their own `then`).
fn says(root: &Value, path: &[Seg], complete: bool) -> Says {
    let mut own = root.clone();
    let then = own.as_object_mut().and_then(|o| o.remove("then"));
    let mut nodes = vec![own];
    if complete {
        nodes.extend(then);
    }
    for seg in path {
        nodes = nodes
            .iter()
            .flat_map(|n| resolve(root, n))
            .filter_map(|n| match seg {
                Seg::Key(k) => n
                    .get("properties")
                    .and_then(|p| p.get(k))
                    .or_else(|| n.get("additionalProperties").filter(|a| a.is_object()))
                    .cloned(),
                Seg::Item(_) => n.get("items").cloned(),
            })
            .collect();
    }
    let mut out = Says::default();
    for n in nodes.iter().flat_map(|n| resolve(root, n)) {
        if let Some(Value::Object(p)) = n.get("properties") {
            out.keys
                .get_or_insert_with(BTreeSet::new)
                .extend(p.keys().cloned());
        }
        if let Some(Value::Array(r)) = n.get("required") {
            out.required
                .extend(r.iter().map(|k| k.as_str().unwrap().to_string()));
        }
        let mut alts = vec![n.clone()];
        if let Some(Value::Array(one_of)) = n.get("oneOf") {
            alts.extend(one_of.iter().cloned());
        }
        for a in alts {
            if let Some(Value::Array(e)) = a.get("enum") {
                out.enumerated
                    .get_or_insert_with(BTreeSet::new)
                    .extend(e.iter().map(|k| k.as_str().unwrap().to_string()));
            }
        }
    }
    out
}

/// A node with its `$ref`, `allOf` and `then` followed (past the root, a `then` holds a table's
/// required keys, behind an `if` that holds whenever the table has no unknown key).
fn resolve(root: &Value, node: &Value) -> Vec<Value> {
    let mut out = vec![node.clone()];
    if let Some(then) = node.get("then") {
        out.extend(resolve(root, then));
    }
    if let Some(r) = node.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/definitions/");
        out.extend(resolve(root, &root["definitions"][name]));
    }
    if let Some(Value::Array(all)) = node.get("allOf") {
        for a in all {
            out.extend(resolve(root, a));
        }
    }
    out
}

/// Every table of a document (by path) with its keys.
fn tables(v: &toml::Value, path: &mut Vec<Seg>, out: &mut Vec<(Vec<Seg>, Vec<String>)>) {
    match v {
        toml::Value::Table(t) => {
            out.push((path.clone(), t.keys().cloned().collect()));
            for (k, sub) in t {
                path.push(Seg::Key(k.clone()));
                tables(sub, path, out);
                path.pop();
            }
        }
        toml::Value::Array(items) => {
            for (i, sub) in items.iter().enumerate() {
                path.push(Seg::Item(i));
                tables(sub, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut toml::Value, path: &[Seg]) -> &'a mut toml::Value {
    path.iter().fold(v, |v, seg| match seg {
        Seg::Key(k) => &mut v[k.as_str()],
        Seg::Item(i) => &mut v[*i],
    })
}

/// The problems the loader finds in a changed copy of a shipped file (paths it names made
/// absolute, so the copy loads from a temporary folder).
fn load_changed(path: &Path, kind: FileKind, doc: &toml::Value, dir: &Path) -> Vec<Diagnostic> {
    let mut doc = doc.clone();
    let base = std::fs::canonicalize(path.parent().unwrap()).unwrap();
    if let Some(t) = doc.as_table_mut() {
        if let Some(toml::Value::String(e)) = t.get_mut("extends") {
            *e = base.join(&*e).display().to_string();
        }
        if let Some(toml::Value::String(b)) = t.get_mut("variant").and_then(|v| v.get_mut("board"))
        {
            *b = base.join(&*b).display().to_string();
        }
    }
    let text = toml::to_string(&doc).unwrap();
    match kind {
        FileKind::Board => read_board_spec(&text).err().unwrap_or_default(),
        FileKind::Variant => {
            let file = dir.join("changed.toml");
            std::fs::write(&file, text).unwrap();
            read_variant_spec(&file, &chessgraph::testing::declared_keys())
                .1
                .err()
                .unwrap_or_default()
        }
    }
}

/// The backquoted words of a text (the keys a help line lists).
fn quoted_words(text: &str) -> BTreeSet<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn show(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => k.clone(),
            Seg::Item(i) => i.to_string(),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// For every table of every shipped file: an unknown key is refused by the loader and by the
/// schema, and the loader's list of allowed keys is the schema's; a key the schema requires is
/// missed by the loader when it is taken out, and one it does not require is not.
#[test]
fn schema_keys_and_required_keys_are_the_loaders() {
    let dir = crate::helpers::temp_dir();
    let mut checked = BTreeSet::new();
    for (path, kind) in shipped() {
        let root = schema(kind);
        let v = validator(kind);
        let doc: toml::Value = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let complete = doc.get("extends").is_none();
        let mut found = Vec::new();
        tables(&doc, &mut Vec::new(), &mut found);
        for (place, present) in found {
            let said = says(&root, &place, complete);
            let Some(keys) = said.keys else { continue };
            let shape = format!(
                "{kind:?} {}",
                show(&place).replace(|c: char| c.is_ascii_digit(), "#")
            );
            if !checked.insert(format!("{shape} {complete}")) {
                continue;
            }
            let mut changed = doc.clone();
            if let toml::Value::Table(t) = at(&mut changed, &place) {
                t.insert("zzzz_not_a_key".into(), toml::Value::Integer(1));
            }
            assert!(
                !v.is_valid(&serde_json::to_value(&changed).unwrap()),
                "{shape}: schema took an unknown key"
            );
            let diags = load_changed(&path, kind, &changed, dir.path());
            let unknown = diags
                .iter()
                .find(|d| d.code() == Code::UnknownKey.as_str())
                .unwrap_or_else(|| panic!("{shape}: the loader took an unknown key: {diags:?}"));
            let help = unknown.help.as_deref().unwrap_or("");
            let allowed = quoted_words(help.rsplit(" are ").next().unwrap_or(help));
            assert_eq!(
                allowed,
                keys,
                "{shape} ({}): the loader's keys, then the schema's",
                path.display()
            );
            for key in present.iter().filter(|k| complete && keys.contains(*k)) {
                let mut without = doc.clone();
                if let toml::Value::Table(t) = at(&mut without, &place) {
                    t.remove(key);
                }
                let missed = load_changed(&path, kind, &without, dir.path())
                    .iter()
                    .any(|d| d.code() == Code::MissingKey.as_str());
                // A key of an either-or group is needed when no other key of its group is there;
                // the schema (without `oneOf` per table) leaves such keys optional.
                let group_needs = EITHER_OR.iter().any(|g| {
                    g.contains(&key.as_str())
                        && g.iter()
                            .all(|k| *k == key.as_str() || !present.contains(&k.to_string()))
                });
                assert_eq!(
                    missed,
                    said.required.contains(key) || group_needs,
                    "{shape}: key `{key}` taken out of {}: the loader missed it (left) / the schema requires it (right)",
                    path.display()
                );
            }
        }
    }
    assert!(checked.len() > 30, "only {} tables checked", checked.len());
}

/// Every enumerated value of the schema met in a shipped file: the loader's list of values is
/// the schema's.
#[test]
fn schema_enums_are_the_loaders() {
    let dir = crate::helpers::temp_dir();
    let mut checked = 0;
    for (path, kind) in shipped() {
        let root = schema(kind);
        let doc: toml::Value = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut found = Vec::new();
        tables(&doc, &mut Vec::new(), &mut found);
        for (place, present) in found {
            for key in present {
                let mut p = place.clone();
                p.push(Seg::Key(key));
                let Some(values) = says(&root, &p, false).enumerated else {
                    continue;
                };
                let mut changed = doc.clone();
                *at(&mut changed, &p) = toml::Value::String("zzzz".into());
                let diags = load_changed(&path, kind, &changed, dir.path());
                let d = diags
                    .iter()
                    .find(|d| d.message.contains("unknown variant"))
                    .unwrap_or_else(|| {
                        panic!("{}: {} took `zzzz`: {diags:?}", path.display(), show(&p))
                    });
                let listed = quoted_words(d.message.split("expected").nth(1).unwrap_or(""));
                assert_eq!(listed, values, "{}: {}", path.display(), show(&p));
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "only {checked} values checked");
}
