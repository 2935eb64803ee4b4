//! Criterion benchmarks: variant loading (parse, validate, compile) and single-threaded perft.
//!
//! `cargo bench` runs them; `chessgraph bench` runs the deeper whole-suite measurement. They are
//! a package of their own (`benches/Cargo.toml`), so that `cargo test` does not build criterion.

use std::hint::black_box;
use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::perft::perft;
use criterion::{Criterion, criterion_group, criterion_main};

fn variants() -> Vec<(String, std::path::PathBuf)> {
    // The crate's variants, wherever `cargo bench` is run from (it runs this package's benches in
    // `benches/`).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .expect("the crate's variants folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| {
            (
                p.file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                p,
            )
        })
        .collect();
    v.sort();
    v
}

fn load(c: &mut Criterion) {
    let mut g = c.benchmark_group("load");
    for (name, path) in variants() {
        g.bench_function(&name, |b| b.iter(|| Rules::load(black_box(&path)).is_ok()));
    }
    g.finish();
}

fn perft_start(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, path) in variants() {
        let Ok(rules) = Rules::load(&path) else {
            continue;
        };
        let rules = Arc::new(rules);
        let pos = Position::start(&rules);
        g.bench_function(format!("{name} start d3"), |b| {
            b.iter(|| perft(&mut pos.clone(), black_box(3)))
        });
    }
    g.finish();
}

criterion_group!(benches, load, perft_start);
criterion_main!(benches);
