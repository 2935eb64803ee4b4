//! The computer's seats of a served game: it answers moves, plays first when its seat starts,
//! is taken back with the move it answered, and unknown seats are refused.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::tests::{call, get, new_game, post, server};

/// The game once it has `ply` moves (the computer plays in a blocking task: wait for it).
async fn at_ply(s: &std::sync::Arc<super::Shared>, id: &str, ply: u64) -> Value {
    for _ in 0..400 {
        let (_, g) = call(s, get(&format!("/api/games/{id}"))).await;
        if g["ply"] == json!(ply) && g["thinking"] == json!(false) {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} never reached ply {ply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_a_move_and_undo_takes_both_back() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "computer": ["black"] })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["computer"], json!(["black"]));
    assert_eq!(
        g["ply"],
        json!(0),
        "white is at the keyboard: nothing is played"
    );
    let play = post(
        &format!("/api/games/{id}/moves?seat=white"),
        json!({ "move": "e2e4" }).to_string(),
    );
    let (status, _) = call(&s, play).await;
    assert_eq!(status, StatusCode::OK);
    let g = at_ply(&s, &id, 2).await;
    assert_eq!(g["last_move"]["mover"], json!("black"), "{g}");
    assert_eq!(g["to_move"], json!("white"));
    // White's undo takes back black's reply with white's move.
    let (status, g) = call(&s, post(&format!("/api/games/{id}/undo?seat=white"), "")).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["ply"], json!(0), "{g}");
    // The computer's seat has no move of its own to take back.
    let (status, e) = call(&s, post(&format!("/api/games/{id}/undo"), "")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moves_first_when_its_seat_starts_and_plays_both_seats_to_the_end() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "computer": ["white"] })).await;
    let g = at_ply(&s, &id, 1).await;
    assert_eq!(g["last_move"]["mover"], json!("white"));
    // Both seats: from a mate in one, the computer mates and stops.
    let mate_in_one = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let id = new_game(
        &s,
        json!({ "position": mate_in_one, "computer": ["white", "black"] }),
    )
    .await;
    let g = at_ply(&s, &id, 1).await;
    assert_eq!(g["last_move"]["text"], json!("a1-a8"), "{g}");
    assert!(g["result"].as_str().unwrap().contains("checkmate"), "{g}");
}

#[tokio::test]
async fn an_unknown_computer_seat_is_refused_with_the_seats() {
    let s = server(&["variants/chess.toml"]);
    let (status, e) = call(
        &s,
        post("/api/games", json!({ "computer": ["gray"] }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        e["message"],
        json!("no seat `gray` for the computer: the seats are white, black")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_moves_for_the_computer_while_it_thinks() {
    let variants = vec![super::Variant::load(std::path::Path::new(
        "variants/chess.toml",
    ))];
    let slow = super::computer::Computer {
        limits: chessgraph::Limits {
            movetime: Some(Duration::from_millis(1500)),
            ..chessgraph::Limits::default()
        },
        max_n: false,
    };
    let addr = "127.0.0.1:8080".parse().unwrap();
    let s = super::Shared::new(variants, addr, None, false, slow);
    let id = new_game(&s, json!({ "computer": ["white"] })).await;
    let play = post(
        &format!("/api/games/{id}/moves"),
        json!({ "move": "e2e4" }).to_string(),
    );
    let (status, e) = call(&s, play).await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], json!("computer_to_move"), "{e}");
    assert_eq!(
        e["message"],
        json!("the computer plays white: wait for its move")
    );
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["thinking"], json!(true), "{g}");
    assert_eq!(
        at_ply(&s, &id, 1).await["last_move"]["mover"],
        json!("white")
    );
}
