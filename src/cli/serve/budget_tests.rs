//! The server's bounds: games and moves refused or dropped to make room, event streams
//! capped, and a reload that holds no lock while it reads the files.

use std::sync::{Arc, mpsc};
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::json;
use tower::ServiceExt;

use super::budget::{Limits, MAX_STREAMS_PER_GAME};
use super::router;
use super::state::{Shared, Variant, lock};
use super::tests::{call, get, new_game, post, server};

/// A chess server with these bounds.
fn bounded(games: usize, plies: usize, idle: Duration) -> Arc<Shared> {
    let mut s = server(&["variants/chess.toml"]);
    Arc::get_mut(&mut s).unwrap().limits = Limits { games, plies, idle };
    s
}

#[tokio::test]
async fn past_the_move_bound_new_games_and_moves_are_refused() {
    let s = bounded(10, 4, Duration::from_secs(3600));
    let id = new_game(&s, json!({"moves": "e2e4 e7e5 g1f3"})).await;
    let (status, e) = call(&s, post("/api/games", r#"{"moves":"d2d4 d7d5"}"#)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert_eq!(e["error"], "too_many_moves");
    assert!(e["message"].as_str().unwrap().contains("4 moves"), "{e}");
    let play = |m: &str| {
        post(
            &format!("/api/games/{id}/moves"),
            json!({"move": m}).to_string(),
        )
    };
    assert_eq!(call(&s, play("b8c6")).await.0, StatusCode::OK);
    let (status, e) = call(&s, play("f1b5")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert_eq!(e["error"], "too_many_moves");
    let (status, game) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(4), "{game}");
}

#[tokio::test]
async fn the_game_left_alone_longest_is_dropped_to_make_room_and_its_pages_told() {
    let s = bounded(2, 100, Duration::ZERO);
    let first = new_game(&s, json!({})).await;
    let second = new_game(&s, json!({})).await;
    tokio::time::sleep(Duration::from_millis(5)).await;
    // Asking about the first game makes the second the one left alone longest.
    call(&s, get(&format!("/api/games/{first}"))).await;
    let mut told = s.changes.subscribe();
    let third = new_game(&s, json!({})).await;
    assert_eq!(told.try_recv().unwrap().to_string(), second);
    for (id, status) in [
        (&first, StatusCode::OK),
        (&second, StatusCode::NOT_FOUND),
        (&third, StatusCode::OK),
    ] {
        assert_eq!(call(&s, get(&format!("/api/games/{id}"))).await.0, status);
    }
}

#[tokio::test]
async fn event_streams_are_capped_per_game_and_a_closed_one_frees_its_place() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({})).await;
    let other = new_game(&s, json!({})).await;
    let open = |id: &str| router(s.clone()).oneshot(get(&format!("/api/games/{id}/events")));
    let mut streams = Vec::new();
    for _ in 0..MAX_STREAMS_PER_GAME {
        let res = open(&id).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        streams.push(res);
    }
    let (status, e) = call(&s, get(&format!("/api/games/{id}/events"))).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{e}");
    assert_eq!(e["error"], "too_many_streams");
    assert_eq!(open(&other).await.unwrap().status(), StatusCode::OK);
    drop(streams.pop());
    assert_eq!(open(&id).await.unwrap().status(), StatusCode::OK);
}

#[test]
fn a_reload_reads_the_files_without_holding_a_lock() {
    let s = server(&["variants/chess.toml"]);
    // The file looks changed.
    lock(&s.variants)[0].stamps[0].1 = None;
    let (loading, started) = mpsc::channel();
    let (go, wait) = mpsc::channel::<()>();
    let reloading = std::thread::spawn({
        let s = s.clone();
        move || {
            s.reload_changed_with(|path| {
                loading.send(()).unwrap();
                wait.recv().unwrap();
                Variant::load(path)
            });
        }
    });
    started.recv().unwrap();
    assert!(s.variants.try_lock().is_ok(), "the variants are free");
    assert!(s.games.try_lock().is_ok(), "the games are free");
    go.send(()).unwrap();
    reloading.join().unwrap();
    let stamps = &lock(&s.variants)[0].stamps;
    assert!(
        stamps.iter().all(|(_, t)| t.is_some()),
        "the new load is swapped in"
    );
}
