//! The API on the router itself (`tower::ServiceExt::oneshot`): every endpoint, refused moves,
//! malformed requests, unknown games, oversized bodies and the guards.

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use super::budget::MAX_GAMES;
use super::computer::Computer;
use super::state::{Shared, Variant};
use super::{MAX_BODY, router};

const HOST: &str = "127.0.0.1:8080";

pub(super) fn server(files: &[&str]) -> Arc<Shared> {
    let variants = files.iter().map(|f| Variant::load(Path::new(f))).collect();
    Shared::new(
        variants,
        HOST.parse().unwrap(),
        None,
        false,
        quick_computer(),
    )
}

/// A computer that answers at once (depth 1), for the tests that give it seats.
pub(super) fn quick_computer() -> Computer {
    Computer {
        limits: chessgraph::Limits {
            depth: Some(1),
            ..chessgraph::Limits::default()
        },
        max_n: false,
    }
}

/// Sends one request; returns the status, the body as text and the content type.
pub(super) async fn send(s: &Arc<Shared>, req: Request<Body>) -> (StatusCode, String, String) {
    let res = router(s.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let kind = res
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap(), kind)
}

pub(super) fn get(uri: &str) -> Request<Body> {
    Request::get(uri)
        .header("host", HOST)
        .body(Body::empty())
        .unwrap()
}

pub(super) fn post(uri: &str, body: impl Into<String>) -> Request<Body> {
    Request::post(uri)
        .header("host", HOST)
        .header("content-type", "application/json")
        .body(Body::from(body.into()))
        .unwrap()
}

/// A JSON answer with its status; panics on a non-JSON body (every answer of the API is JSON).
pub(super) async fn call(s: &Arc<Shared>, req: Request<Body>) -> (StatusCode, Value) {
    let (status, body, kind) = send(s, req).await;
    assert!(
        kind.starts_with("application/json"),
        "{status} {kind}: {body}"
    );
    (status, serde_json::from_str(&body).unwrap())
}

pub(super) async fn new_game(s: &Arc<Shared>, body: Value) -> String {
    let (status, game) = call(s, post("/api/games", body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn variants_and_boards_are_listed() {
    let s = server(&["variants/chess.toml", "variants/three_man_chess.toml"]);
    let (status, v) = call(&s, get("/api/variants")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        v["variants"][1]["players"],
        json!(["white", "gray", "black"])
    );
    assert_eq!(v["variants"][0]["broken"], json!(false));
    let (status, b) = call(&s, get("/api/variants/0/board")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(b["nodes"].as_array().unwrap().len(), 64);
    let (status, _) = call(&s, get("/api/variants/7/board")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&s, get("/api/variants/x/board")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_game_is_played_undone_saved_and_loaded() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "variant": 0 })).await;
    let (status, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(g["to_move"], "white");
    assert_eq!(g["legal"]["e2"][1]["text"], "e2-e4");
    assert_eq!(g["legal"].as_object().unwrap().len(), 10);
    let (status, g) = call(
        &s,
        post(&format!("/api/games/{id}/moves"), r#"{"move":"e2e4"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["last_move"]["text"], "e2-e4");
    assert_eq!(g["to_move"], "black");
    let (_, r) = call(&s, get(&format!("/api/games/{id}/record"))).await;
    let record = r["record"].as_str().unwrap().to_string();
    assert!(record.contains(r#"moves = ["e2-e4"]"#), "{record}");
    let (status, g) = call(&s, post(&format!("/api/games/{id}/undo"), "")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(g["ply"], 0);
    let (status, e) = call(&s, post(&format!("/api/games/{id}/undo"), "")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(e["error"], "nothing_to_undo");
    let body = json!({ "record": record }).to_string();
    let (status, g) = call(&s, post(&format!("/api/games/{id}/record"), body)).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["moves"][0]["text"], "e2-e4");
    // A new game from the record, and from a position with moves.
    let other = new_game(&s, json!({ "record": record })).await;
    assert_ne!(other, id);
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let id = new_game(&s, json!({ "position": fen, "moves": "e1d1 e8d8" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    let promotions: Vec<&str> = g["legal"]["a7"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["promotion"].as_str().unwrap())
        .collect();
    assert_eq!(promotions.len(), 4, "{promotions:?}");
}

#[tokio::test]
async fn refused_moves_say_why() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let uri = format!("/api/games/{id}/moves");
    let (status, e) = call(&s, post(&uri, r#"{"move":"e2e5"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"], "illegal_move");
    assert_eq!(e["kind"], "CannotReach");
    assert_eq!(e["reason"], "the pawn on e2 cannot move to e5");
    let (status, e) = call(&s, post(&uri, r#"{"move":"zz9-e4"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["error"], "malformed_move", "{e}");
    // Not the expected shape, not JSON, not JSON's content type.
    let (status, _) = call(&s, post(&uri, r#"{"mv":"e2e4"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _) = call(&s, post(&uri, "e2e4")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let plain = Request::post(&uri)
        .header("host", HOST)
        .body(Body::from(r#"{"move":"e2e4"}"#))
        .unwrap();
    let (status, _) = call(&s, plain).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // The game is unchanged by all of that.
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["ply"], 0);
    assert_eq!(g["version"], 1);
}

#[tokio::test]
async fn seats_move_only_for_themselves() {
    let s = server(&["variants/three_man_chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    let (origin, choices) = g["legal"].as_object().unwrap().iter().next().unwrap();
    let text = choices[0]["text"].as_str().unwrap().to_string();
    let body = json!({ "move": text }).to_string();
    let (status, e) = call(
        &s,
        post(&format!("/api/games/{id}/moves?seat=gray"), &*body),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {e}");
    assert_eq!(
        e["message"],
        "this page plays for gray; the move is white's"
    );
    let (status, _) = call(
        &s,
        post(&format!("/api/games/{id}/moves?seat=nobody"), &*body),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(
        &s,
        post(&format!("/api/games/{id}/moves?seat=white"), &*body),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Gray may not take back white's move; white may.
    let (status, _) = call(&s, post(&format!("/api/games/{id}/undo?seat=gray"), "")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&s, post(&format!("/api/games/{id}/undo?seat=white"), "")).await;
    assert_eq!(status, StatusCode::OK);
    // No seat may replace the whole game (the other seats' moves with it); an unseated page may.
    let (_, r) = call(&s, get(&format!("/api/games/{id}/record"))).await;
    let record = json!({ "record": r["record"] }).to_string();
    for seat in ["white", "gray"] {
        let url = format!("/api/games/{id}/record?seat={seat}");
        let (status, e) = call(&s, post(&url, &*record)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{seat}: {e}");
        assert_eq!(e["error"], "seated_page", "{e}");
    }
    let url = format!("/api/games/{id}/record?seat=nobody");
    assert_eq!(
        call(&s, post(&url, &*record)).await.0,
        StatusCode::BAD_REQUEST
    );
    let url = format!("/api/games/{id}/record");
    assert_eq!(call(&s, post(&url, &*record)).await.0, StatusCode::OK);
}

#[tokio::test]
async fn pictures_and_the_inspector() {
    let s = server(&["variants/three_man_chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let (status, svg, kind) = send(&s, get(&format!("/api/games/{id}/svg"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "image/svg+xml");
    let (_, board) = call(&s, get("/api/variants/0/board")).await;
    let nodes = board["nodes"].as_array().unwrap().len();
    assert_eq!(svg.matches("<path class=\"cell ").count(), nodes);
    let dir = board["nodes"][0]["links"][0]["direction"].as_str().unwrap();
    let uri = format!("/api/games/{id}/svg?ply=0&rotate=120&links={dir}&tags=1&from=a2");
    let (status, _, _) = send(&s, get(&uri)).await;
    assert_eq!(status, StatusCode::OK);
    for bad in ["ply=3", "rotate=x", "links=nowhere", "from=zz"] {
        let (status, _) = call(&s, get(&format!("/api/games/{id}/svg?{bad}"))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let node = board["nodes"][0]["name"].as_str().unwrap().to_string();
    let (status, i) = call(&s, get(&format!("/api/games/{id}/inspect?node={node}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!i["links"].as_array().unwrap().is_empty(), "{i}");
    let (status, _) = call(&s, get(&format!("/api/games/{id}/inspect"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn unknown_games_and_addresses_are_404() {
    let s = server(&["variants/chess.toml"]);
    for uri in [
        "/api/games/9",
        "/api/games/x",
        "/api/games/9/svg",
        "/api/games/9/record",
        "/api/games/9/events",
        "/api/nothing",
        "/secret.txt",
    ] {
        let (status, e) = call(&s, get(uri)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {e}");
    }
    let (status, _) = call(&s, post("/api/games/9/moves", r#"{"move":"e2e4"}"#)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&s, post("/api/games/9/undo", "")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&s, post("/api/variants", "{}")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, _) = call(&s, post("/api/games", r#"{"variant":3}"#)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_games_are_refused() {
    let s = server(&["variants/chess.toml"]);
    for body in [
        json!({ "position": "not a position" }),
        json!({ "moves": ["e2e4", "e2e4"] }),
        json!({ "record": "variant = 3" }),
        json!({ "record": "variant = \"Shogi\"\nstart = \"x\"" }),
    ] {
        let (status, e) = call(&s, post("/api/games", body.to_string())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {e}");
    }
    let both = json!({ "record": "", "moves": [] }).to_string();
    let (status, _) = call(&s, post("/api/games", both)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn oversized_bodies_are_413() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let big = format!(r#"{{"move":"{}"}}"#, "a".repeat(MAX_BODY));
    let (status, e) = call(&s, post(&format!("/api/games/{id}/moves"), big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{e}");
    let long = format!(r#"{{"move":"{}"}}"#, "a".repeat(MAX_BODY / 2));
    let (status, _) = call(&s, post(&format!("/api/games/{id}/moves"), long)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_game_limit_is_429() {
    let s = server(&["variants/chess.toml"]);
    for _ in 0..MAX_GAMES {
        new_game(&s, json!({})).await;
    }
    let (status, e) = call(&s, post("/api/games", "{}")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(e["error"], "too_many_games");
    let (status, _) = call(&s, get("/api/games/1")).await;
    assert_eq!(status, StatusCode::OK, "no game was evicted");
}

#[tokio::test]
async fn other_hosts_and_cross_origin_writes_are_refused() {
    let s = server(&["variants/chess.toml"]);
    let req = Request::get("/api/variants")
        .header("host", "evil.example:8080")
        .body(Body::empty())
        .unwrap();
    let (status, e) = call(&s, req).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(e["error"], "wrong_host");
    let req = Request::get("/api/variants").body(Body::empty()).unwrap();
    let (status, _) = call(&s, req).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(&s, get("/api/variants")).await;
    assert_eq!(status, StatusCode::OK);
    let mut req = post("/api/games", "{}");
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let (status, e) = call(&s, req).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(e["error"], "cross_origin");
    let mut req = post("/api/games", "{}");
    req.headers_mut()
        .insert("origin", "http://localhost:8080".parse().unwrap());
    let (status, _) = call(&s, req).await;
    assert_eq!(status, StatusCode::CREATED);
    let mut req = post("/api/games", "{}");
    req.headers_mut()
        .insert("sec-fetch-site", "cross-site".parse().unwrap());
    let (status, _) = call(&s, req).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_page_is_served() {
    let s = server(&["variants/chess.toml"]);
    let (status, html, kind) = send(&s, get("/")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"));
    assert!(html.contains("app.js"));
    let (status, _, kind) = send(&s, get("/app.js")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"));
}

#[tokio::test]
async fn every_change_is_an_event() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let res = router(s.clone())
        .oneshot(get(&format!("/api/games/{id}/events")))
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    call(
        &s,
        post(&format!("/api/games/{id}/moves"), r#"{"move":"e2e4"}"#),
    )
    .await;
    let frame = loop {
        let frame = body.frame().await.unwrap().unwrap();
        if let Ok(data) = frame.into_data() {
            break String::from_utf8(data.to_vec()).unwrap();
        }
    };
    assert!(frame.contains("event: change"), "{frame}");
}

#[tokio::test]
async fn drops_are_offered_from_the_hand() {
    let s = server(&["variants/crazyhouse.toml"]);
    let id = new_game(
        &s,
        json!({ "position": "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1" }),
    )
    .await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["players"][0]["hand"][0]["token"], "P");
    assert_eq!(g["players"][0]["hand"][0]["count"], 1);
    let drops = g["legal"]["P@"].as_array().unwrap();
    assert_eq!(drops.len(), 48, "{drops:?}");
    let (status, g) = call(
        &s,
        post(&format!("/api/games/{id}/moves"), r#"{"move":"P@e4"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["last_move"]["from"], Value::Null);
    let (status, e) = call(
        &s,
        post(&format!("/api/games/{id}/moves"), r#"{"move":"P@e5"}"#),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["kind"], "NoneInHand", "{e}");
}

#[tokio::test]
async fn bound_to_every_address_any_ip_is_a_host_but_no_name() {
    let variants = vec![Variant::load(Path::new("variants/chess.toml"))];
    let s = Shared::new(
        variants,
        "0.0.0.0:8080".parse().unwrap(),
        None,
        false,
        quick_computer(),
    );
    for (host, status) in [
        ("192.0.2.7:8080", StatusCode::OK),
        ("[::1]:8080", StatusCode::OK),
        ("localhost:8080", StatusCode::FORBIDDEN),
        ("evil.example:8080", StatusCode::FORBIDDEN),
        ("192.0.2.7:9999", StatusCode::FORBIDDEN),
    ] {
        let req = Request::get("/api/variants")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(call(&s, req).await.0, status, "{host}");
    }
}

#[tokio::test]
async fn a_finished_game_offers_no_move_and_says_why() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "moves": "f2f3 e7e5 g2g4 d8h4" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(
        g["result"],
        "black wins: white has no legal move and is in check (checkmate)"
    );
    assert_eq!(g["legal"], json!({}));
    assert_eq!(g["to_move"], Value::Null);
    let (status, e) = call(
        &s,
        post(
            &format!("/api/games/{id}/moves?seat=black"),
            r#"{"move":"a2a3"}"#,
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["kind"], "GameOver", "{e}");
}

#[tokio::test]
async fn unreadable_queries_and_paths_are_400_or_404() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({})).await;
    for uri in [
        format!("/api/games/{id}/svg?from=%ff"),
        format!("/api/games/{id}/inspect?node=%ff"),
        format!("/api/games/{id}/svg?ply=-1"),
        format!("/api/games/{id}/svg?ply=99999999999999999999999"),
    ] {
        let (status, _) = call(&s, get(&uri)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}");
    }
    for uri in [
        "/api/games/%ff",
        "/api/games/-1",
        "/api/games/1%2F2/svg",
        "/%2e%2e/Cargo.toml",
    ] {
        let (status, _) = call(&s, get(uri)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn every_shipped_variant_plays_a_move_and_draws() {
    let mut files: Vec<String> = std::fs::read_dir("variants")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    files.sort();
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    let s = server(&names);
    for (i, file) in files.iter().enumerate() {
        let (status, g) = call(&s, post("/api/games", json!({ "variant": i }).to_string())).await;
        assert_eq!(status, StatusCode::CREATED, "{file}: {g}");
        let id = g["id"].as_str().unwrap();
        let (_, choices) = g["legal"].as_object().unwrap().iter().next().unwrap();
        let body = json!({ "move": choices[0]["text"] }).to_string();
        let (status, g) = call(&s, post(&format!("/api/games/{id}/moves"), body)).await;
        assert_eq!(status, StatusCode::OK, "{file}: {g}");
        let (status, svg, _) = send(&s, get(&format!("/api/games/{id}/svg"))).await;
        assert_eq!(status, StatusCode::OK, "{file}");
        assert!(svg.contains("data-node="), "{file}");
    }
}

#[tokio::test]
async fn web_dir_serves_only_the_page_files_from_disk() {
    let variants = vec![Variant::load(Path::new("variants/chess.toml"))];
    let web = Some(std::path::PathBuf::from("web"));
    let s = Shared::new(
        variants,
        HOST.parse().unwrap(),
        web,
        false,
        quick_computer(),
    );
    let (status, css, kind) = send(&s, get("/style.css")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/css"));
    assert_eq!(css, std::fs::read_to_string("web/style.css").unwrap());
    for uri in ["/Cargo.toml", "/README.md", "/..%2FCargo.toml"] {
        let (status, _) = call(&s, get(uri)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn a_broken_variant_in_author_mode_shows_its_problems_and_takes_no_move() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("variants")).unwrap();
    std::fs::create_dir_all(dir.path().join("boards")).unwrap();
    std::fs::copy("boards/chess.toml", dir.path().join("boards/chess.toml")).unwrap();
    let file = dir.path().join("variants/chess.toml");
    let good = std::fs::read_to_string("variants/chess.toml").unwrap();
    std::fs::write(&file, &good).unwrap();
    let s = Shared::new(
        vec![Variant::load(&file)],
        HOST.parse().unwrap(),
        None,
        true,
        quick_computer(),
    );
    let id = new_game(&s, json!({ "moves": ["e2e4"] })).await;
    std::fs::write(&file, good.replace("[variant]", "[variant]\nnot_a_key = 1")).unwrap();
    // The watcher's step, as the server's loop runs it.
    s.reload_changed();
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["broken"], true);
    let problem = &g["problems"][0];
    assert_eq!(problem["severity"], "error", "{g}");
    assert!(
        problem["location"]
            .as_str()
            .unwrap()
            .contains("chess.toml:")
    );
    assert_eq!(g["version"], 2);
    for (uri, body) in [("moves", r#"{"move":"e7e5"}"#), ("undo", "")] {
        let (status, e) = call(&s, post(&format!("/api/games/{id}/{uri}"), body)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{uri}");
        assert_eq!(e["error"], "variant_broken");
    }
    let (status, _) = call(&s, post("/api/games", "{}")).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // Fixed: the game goes on from its record.
    std::fs::write(&file, &good).unwrap();
    s.reload_changed();
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["broken"], false);
    assert_eq!(g["moves"][0]["text"], "e2-e4");
}

/// A small deterministic generator (the test must not depend on a seed to fail the same way).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[tokio::test]
async fn random_requests_never_get_a_server_error() {
    let s = server(&["variants/three_man_chess.toml", "variants/crazyhouse.toml"]);
    let id = new_game(&s, json!({})).await;
    let paths = [
        "/api/variants",
        "/api/variants/1/board",
        "/api/games",
        "/api/games/ID",
        "/api/games/ID/moves",
        "/api/games/ID/undo",
        "/api/games/ID/record",
        "/api/games/ID/svg",
        "/api/games/ID/inspect",
    ];
    let ids = [id.as_str(), "0", "x", "%00", "18446744073709551616"];
    let queries = [
        "",
        "?seat=gray",
        "?seat=%ff",
        "?ply=0",
        "?node=a1",
        "?from=c1&rotate=1e308",
    ];
    let bodies = [
        "",
        "{}",
        "null",
        "[]",
        r#"{"move":"d2d4"}"#,
        r#"{"move":"P@a1"}"#,
        r#"{"move":""}"#,
        r#"{"move":"d2-d4=Q"}"#,
        r#"{"move":3}"#,
        r#"{"variant":1,"moves":"e2e4 e7e5"}"#,
        r#"{"record":"variant = \"x\""}"#,
        "{\"move\":\"\u{202e}d2d4\"}",
    ];
    let mut rng = Lcg(24);
    for _ in 0..300 {
        let path = paths[rng.next(paths.len())].replace("ID", ids[rng.next(ids.len())]);
        let uri = format!("{path}{}", queries[rng.next(queries.len())]);
        let req = if rng.next(2) == 0 {
            get(&uri)
        } else {
            post(&uri, bodies[rng.next(bodies.len())])
        };
        let (status, body, kind) = send(&s, req).await;
        assert!(
            status.is_success() || status.is_client_error(),
            "{uri}: {status} {body}"
        );
        if !status.is_success() {
            assert!(kind.starts_with("application/json"), "{uri}: {kind}");
        }
    }
}
