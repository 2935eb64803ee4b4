//! What the web board's defects of issues 34 and 41 asked of the API: `check` at checkmate, a
//! variant named by its name, the favicon, the picture's caption for drops and promotions, the
//! position text of an earlier ply, promotions with their piece names, stale moves refused.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::tests::{call, get, new_game, post, send, server};

#[tokio::test]
async fn check_is_true_at_checkmate_and_false_at_stalemate() {
    let s = server(&["variants/chess.toml"]);
    let mate = new_game(&s, json!({ "moves": "f2f3 e7e5 g2g4 d8h4" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{mate}"))).await;
    assert_eq!(g["check"], json!(true), "{}", g["text"]);
    assert!(g["text"].as_str().unwrap().contains("in check: white"));
    let stalemate = new_game(&s, json!({ "position": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{stalemate}"))).await;
    assert!(g["result"].as_str().unwrap().contains("stalemate"), "{g}");
    assert_eq!(g["check"], json!(false));
}

#[tokio::test]
async fn a_game_names_its_variant_by_index_name_or_file() {
    let s = server(&["variants/crazyhouse.toml", "variants/chess.toml"]);
    for (variant, expected) in [
        (json!(1), 1),
        (json!("chess"), 1),
        (json!("CRAZYHOUSE"), 0),
        (json!("Chess"), 1),
    ] {
        let (status, g) = call(
            &s,
            post("/api/games", json!({ "variant": variant }).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{variant}: {g}");
        assert_eq!(g["variant"], json!(expected), "{variant}");
    }
    let (status, e) = call(&s, post("/api/games", r#"{"variant":"chesss"}"#)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("no variant named \"chesss\""), "{message}");
    assert!(message.contains("chess"), "{message}");
    let (status, e) = call(&s, post("/api/games", r#"{"variant":-1}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("expected a variant's index (0, 1, ...) or its name"),
        "{message}"
    );
}

#[tokio::test]
async fn the_favicon_is_answered_with_the_svg_icon() {
    let s = server(&["variants/chess.toml"]);
    for path in ["/favicon.ico", "/favicon.svg"] {
        let (status, body, kind) = send(&s, get(path)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(kind, "image/svg+xml");
        roxmltree::Document::parse(&body).expect("the icon is SVG");
    }
    let (_, page, _) = send(&s, get("/")).await;
    assert!(page.contains(r#"<link rel="icon" href="favicon.svg""#));
}

/// The caption's status line of the picture after `ply` moves.
async fn caption(s: &std::sync::Arc<super::state::Shared>, id: &str, ply: usize) -> String {
    let (status, svg, _) = send(s, get(&format!("/api/games/{id}/svg?ply={ply}"))).await;
    assert_eq!(status, StatusCode::OK);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let caption = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("caption"))
        .expect("a caption");
    caption
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .find(|t| t.contains("to move") || t.contains("game over"))
        .unwrap_or_default()
        .to_string()
}

#[tokio::test]
async fn the_caption_writes_drops_and_promotions_as_the_move_list_does() {
    let s = server(&["variants/crazyhouse.toml", "variants/chess.toml"]);
    let drop = new_game(
        &s,
        json!({ "variant": 0, "position": "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "moves": "P@e4" }),
    )
    .await;
    assert!(caption(&s, &drop, 1).await.contains("last move: P@e4"));
    assert!(!caption(&s, &drop, 0).await.contains("last move"));
    let promotion = new_game(
        &s,
        json!({ "variant": 1, "position": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "moves": ["a7a8n", "e8d7"] }),
    )
    .await;
    assert!(
        caption(&s, &promotion, 1)
            .await
            .contains("last move: a7-a8=N")
    );
    assert!(
        caption(&s, &promotion, 2)
            .await
            .contains("last move: e8-d7")
    );
}

#[tokio::test]
async fn the_position_text_of_an_earlier_ply() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "moves": "e2e4 e7e5" })).await;
    let one = new_game(&s, json!({ "moves": "e2e4" })).await;
    let (_, after_one) = call(&s, get(&format!("/api/games/{one}"))).await;
    let (_, now) = call(&s, get(&format!("/api/games/{id}"))).await;
    for (query, expected) in [("?ply=1", &after_one["position"]), ("", &now["position"])] {
        let (status, p) = call(&s, get(&format!("/api/games/{id}/position{query}"))).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(&p["position"], expected, "{query}");
    }
    let (status, e) = call(&s, get(&format!("/api/games/{id}/position?ply=3"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(e["message"], Value::from("ply: a number from 0 to 2"));
}

#[tokio::test]
async fn promotions_name_their_piece() {
    let s = server(&["variants/chess.toml"]);
    let id = new_game(&s, json!({ "position": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert!(
        g["legal"]["e1"].as_array().is_some_and(|a| !a.is_empty()),
        "{g}"
    );
    // Each promotion names the piece beside its letter; other moves have no name.
    let named: Vec<(&str, &str)> = g["legal"]["a7"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["promotion"].as_str().unwrap(),
                c["promotion_name"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        named,
        [
            ("B", "bishop"),
            ("N", "knight"),
            ("Q", "queen"),
            ("R", "rook")
        ]
    );
    assert!(
        g["legal"]["e1"][0].get("promotion_name").is_none(),
        "{}",
        g["legal"]["e1"]
    );
}

/// A move sent with the game's version it was chosen in: played while the game is at that
/// version, refused (409 `stale_move`, nothing played) once another move or an undo changed it.
#[tokio::test]
async fn a_move_chosen_in_an_older_version_is_refused() {
    let s = server(&["variants/chess.toml"]);
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let id = new_game(&s, json!({ "position": fen })).await;
    let uri = format!("/api/games/{id}/moves");
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    let seen = g["version"].as_u64().unwrap();
    let (status, g) = call(
        &s,
        post(&uri, json!({ "move": "e1d1", "version": seen }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    // Black moves; then White's promotion chosen before it is stale, whichever move it is.
    let now = g["version"].as_u64().unwrap();
    let (status, _) = call(
        &s,
        post(&uri, json!({ "move": "e8d8", "version": now }).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, e) = call(
        &s,
        post(
            &uri,
            json!({ "move": "a7a8=Q", "version": now }).to_string(),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["error"], "stale_move");
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(g["ply"], 2, "{g}");
    // An undo changes the version too; without a version the move is judged as things stand.
    let (status, g) = call(&s, post(&format!("/api/games/{id}/undo"), "")).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let stale = g["version"].as_u64().unwrap() - 1;
    let (status, e) = call(
        &s,
        post(
            &uri,
            json!({ "move": "e8e7", "version": stale }).to_string(),
        ),
    )
    .await;
    assert_eq!(
        (status, e["error"].as_str()),
        (StatusCode::CONFLICT, Some("stale_move"))
    );
    let (status, g) = call(&s, post(&uri, r#"{"move":"e8e7"}"#)).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["ply"], 2);
}

#[tokio::test]
async fn a_progression_victory_names_its_squares_in_the_game_and_the_picture() {
    let s = server(&["variants/rithmomachia_proper.toml"]);
    let fen = "c{7}6c{5}/8/8/8/2T{9}C{6}4/8/2C{4}5/2C{3}5/8/8/8/8/8/8/8/C{2}7 w - - 0 1";
    let id = new_game(&s, json!({ "position": fen, "moves": "d12-c11" })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{id}"))).await;
    assert_eq!(
        g["result"],
        "white wins: Victoria excellentissima (white has four numbers in progression on c9 c10 c11 c12)"
    );
    assert_eq!(g["ending_squares"], json!(["c9", "c10", "c11", "c12"]));
    let (status, svg, _) = send(&s, get(&format!("/api/games/{id}/svg"))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(svg.matches("class=\"ending\"").count(), 4, "{svg}");
    // The position before the last move is not finished: nothing named, nothing marked.
    let (_, svg, _) = send(&s, get(&format!("/api/games/{id}/svg?ply=0"))).await;
    assert!(!svg.contains("class=\"ending\""));
    let other = new_game(&s, json!({ "position": fen })).await;
    let (_, g) = call(&s, get(&format!("/api/games/{other}"))).await;
    assert_eq!(g["ending_squares"], json!([]));
}

#[tokio::test]
async fn duck_moves_are_refused_with_the_reason() {
    let s = server(&["variants/duck.toml"]);
    let id = new_game(&s, json!({ "moves": "e2e4,e4d5" })).await;
    let uri = format!("/api/games/{id}/moves");
    for (mv, kind, reason) in [
        (
            "e7e5,e5e8",
            "BlockerOnPiece",
            "cannot put the duck on e8: it is not empty",
        ),
        (
            "e7e5,*@d5",
            "BlockerMustMove",
            "the duck must move: it stands on d5 already",
        ),
    ] {
        let (status, e) = call(&s, post(&uri, json!({ "move": mv }).to_string())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["kind"], kind, "{e}");
        assert_eq!(e["reason"], reason, "{e}");
    }
    let (status, e) = call(&s, post(&uri, r#"{"move":"e7e5"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["kind"], "BlockerMissing", "{e}");
    let (status, g) = call(&s, post(&uri, r#"{"move":"e7e5,e5e7"}"#)).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["last_move"]["text"], "e7-e5,*@e7");
}
