//! The JSON API: variants, games, moves, undo, records, pictures and the stream of changes.
//!
//! | method | path | what |
//! | --- | --- | --- |
//! | GET | `/api/variants` | the variants served |
//! | GET | `/api/variants/{v}/board` | a variant's nodes and links |
//! | POST | `/api/games` | a new game: `{"variant": 0, "position": "...", "moves": [...]}` or `{"variant": 0, "record": "..."}`, with `"computer": ["black"]` for the computer's seats |
//! | GET | `/api/games/{id}` | the game |
//! | POST | `/api/games/{id}/moves[?seat=NAME]` | play `{"move": "e2e4"}` |
//! | POST | `/api/games/{id}/undo[?seat=NAME]` | take back the last move |
//! | GET, POST | `/api/games/{id}/record` | the record (`{"record": TOML}`); POST replaces the game by one |
//! | GET | `/api/games/{id}/svg[?ply=N&rotate=DEG&from=NODE&links=DIR&tags=1]` | the picture |
//! | GET | `/api/games/{id}/inspect?node=NODE` | a node's links and its piece's moves |
//! | GET | `/api/games/{id}/events` | server-sent events: `change` at every change |

use std::convert::Infallible;
use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::cli::game::{Game, Record};
use chessgraph::Position;
use chessgraph::notation::MoveError;
use chessgraph::render::{RenderOptions, render_svg};
use chessgraph::{PlayerId, Rules};

use super::budget::Full;
use super::error::{ApiError, Body, Params, Segment};
use super::state::{Shared, Slot, lock};
use super::view::{board_json, game_json, inspect_json, variant_json};

type App = State<Arc<Shared>>;

/// `GET /api/variants`.
pub async fn variants(State(s): App) -> Json<Value> {
    let variants = lock(&s.variants);
    let list: Vec<Value> = variants
        .iter()
        .enumerate()
        .map(|(i, v)| variant_json(i, v))
        .collect();
    Json(json!({ "variants": list, "watch": s.watch }))
}

/// The rules of variant `id`, or why there are none.
fn rules_of(s: &Shared, id: usize) -> Result<Arc<Rules>, ApiError> {
    let variants = lock(&s.variants);
    let v = variants
        .get(id)
        .ok_or_else(|| ApiError::not_found(format!("no variant {id}")))?;
    match (&v.rules, v.broken) {
        (Some(r), false) => Ok(r.clone()),
        _ => Err(broken(v)),
    }
}

/// 409: the variant's files are broken (author mode), with their problems.
fn broken(v: &super::state::Variant) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "variant_broken",
        format!("{} does not load (see its problems)", v.path.display()),
    )
    .with(json!({ "problems": v.problems }))
}

/// `GET /api/variants/{v}/board`.
pub async fn board(State(s): App, Segment(id): Segment) -> Result<Json<Value>, ApiError> {
    let id = id
        .parse::<usize>()
        .map_err(|_| ApiError::not_found(format!("no variant `{id}`")))?;
    Ok(Json(board_json(rules_of(&s, id)?.board())))
}

/// The body of `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The variant: its index (0 when only one is served), or its name or file name.
    #[serde(default)]
    variant: VariantRef,
    /// Start from this position text.
    position: Option<String>,
    /// Moves played first: a list, or one string separated by spaces.
    moves: Option<Moves>,
    /// A whole record (start position text and moves, TOML) instead.
    record: Option<String>,
    /// The seats the computer plays, by player name (`["black"]`).
    #[serde(default)]
    computer: Vec<String>,
}

/// A variant as a request names it.
pub enum VariantRef {
    /// Its index in `GET /api/variants`.
    Index(usize),
    /// Its name (`Chess`) or its file's name without `.toml` (`chess`), in any case.
    Name(String),
}

impl<'de> Deserialize<'de> for VariantRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = VariantRef;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a variant's index (0, 1, ...) or its name")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<VariantRef, E> {
                usize::try_from(v)
                    .map(VariantRef::Index)
                    .map_err(|_| E::custom("a variant's index (0, 1, ...) or its name"))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<VariantRef, E> {
                Ok(VariantRef::Name(v.to_string()))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl Default for VariantRef {
    fn default() -> Self {
        VariantRef::Index(0)
    }
}

/// The index of the variant a request names.
fn variant_index(s: &Shared, v: &VariantRef) -> Result<usize, ApiError> {
    let name = match v {
        VariantRef::Index(i) => return Ok(*i),
        VariantRef::Name(name) => name,
    };
    let variants = lock(&s.variants);
    let names = |v: &super::state::Variant| {
        let stem = v.path.file_stem().map(|f| f.to_string_lossy().into_owned());
        let title = v.rules.as_deref().map(|r| r.name().to_string());
        [stem, title].into_iter().flatten().collect::<Vec<_>>()
    };
    variants
        .iter()
        .position(|v| names(v).iter().any(|n| n.eq_ignore_ascii_case(name)))
        .ok_or_else(|| {
            let known: Vec<String> = variants.iter().filter_map(|v| names(v).pop()).collect();
            ApiError::not_found(format!(
                "no variant named \"{}\" (served: {})",
                chessgraph::diagnostic::quoted(name),
                known.join(", ")
            ))
        })
}

/// Moves as a list or as one line.
#[derive(Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// `["e2e4", "e7e5"]`.
    List(Vec<String>),
    /// `"e2e4 e7e5"`.
    Line(String),
}

/// A refused move or record as a 422 answer with the reason.
fn unplayable(code: &'static str, message: String) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
}

/// `POST /api/games`.
pub async fn create(State(s): App, Body(req): Body<NewGame>) -> Result<Response, ApiError> {
    let variant = variant_index(&s, &req.variant)?;
    let rules = rules_of(&s, variant)?;
    let game = match (&req.record, &req.position, &req.moves) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(ApiError::bad(
                "give a record, or a position and moves, not both",
            ));
        }
        (Some(text), None, None) => from_record(&rules, text)?,
        (None, position, moves) => {
            let start = match position {
                Some(text) => Position::from_fen(&rules, text)
                    .map_err(|e| unplayable("bad_position", format!("position text: {e}")))?,
                None => Position::start(&rules),
            };
            let mut game = Game::new(start, true);
            let list: Vec<String> = match moves {
                None => Vec::new(),
                Some(Moves::List(l)) => l.clone(),
                Some(Moves::Line(l)) => l.split_whitespace().map(String::from).collect(),
            };
            game.play_all(&list)
                .map_err(|e| unplayable("bad_moves", e.to_string()))?;
            game
        }
    };
    let seats = super::computer::seats(&rules, &req.computer).map_err(ApiError::bad)?;
    let id = s.add_game(game, variant, seats).map_err(|f| full(&s, f))?;
    let body = with_game(&s, id, |slot, s| Ok(game_json(id, slot, s)))?;
    super::computer::think(&s, id);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// 429: no room for another game or more moves (see [`super::budget`]).
fn full(s: &Shared, why: Full) -> ApiError {
    let (code, message) = why.explain(&s.limits);
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message)
}

fn from_record(rules: &Arc<Rules>, text: &str) -> Result<Game, ApiError> {
    Record::parse(text)
        .and_then(|r| Game::from_record(rules, &r, true))
        .map_err(|e| unplayable("bad_record", e.to_string()))
}

/// A game's id from the path.
fn game_id(text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| {
        ApiError::not_found(format!(
            "no game `{}`",
            chessgraph::diagnostic::quoted(text)
        ))
    })
}

/// Runs `f` on game `id` (with its variant), under the lock; the game counts as used now.
fn with_game<T>(
    s: &Shared,
    id: u64,
    f: impl FnOnce(&mut Slot, &super::state::Variant) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let variants = lock(&s.variants);
    let mut games = lock(&s.games);
    let slot = games
        .get_mut(&id)
        .ok_or_else(|| ApiError::not_found(format!("no game {id}")))?;
    slot.used = std::time::Instant::now();
    let variant = &variants[slot.variant];
    f(slot, variant)
}

/// [`with_game`] for a request that changes the game: refused (409) while its variant's files
/// are broken.
fn with_live_game<T>(
    s: &Shared,
    id: u64,
    f: impl FnOnce(&mut Slot, &super::state::Variant) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    with_game(s, id, |slot, v| {
        if v.broken {
            return Err(broken(v));
        }
        f(slot, v)
    })
}

/// `GET /api/games/{id}`.
pub async fn game(State(s): App, Segment(id): Segment) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    with_game(&s, id, |slot, v| Ok(Json(game_json(id, slot, v))))
}

/// The seat a page plays for (`?seat=NAME`), checked against the player who must act.
fn check_seat(params: &Params, game: &Game, acting: PlayerId, what: &str) -> Result<(), ApiError> {
    let Some(seat) = seat_of(params, game)? else {
        return Ok(());
    };
    if seat == acting {
        return Ok(());
    }
    let rules = game.rules();
    Err(ApiError::new(
        StatusCode::FORBIDDEN,
        "not_your_turn",
        format!(
            "this page plays for {}; {what} is {}'s",
            rules.player(seat).name,
            rules.player(acting).name
        ),
    ))
}

/// The player the request's `?seat=NAME` names, if it names one; an unknown name is refused.
fn seat_of(params: &Params, game: &Game) -> Result<Option<PlayerId>, ApiError> {
    let Some(seat) = params.get("seat") else {
        return Ok(None);
    };
    let names: Vec<&str> = game
        .rules()
        .players()
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    match names.iter().position(|n| n.eq_ignore_ascii_case(seat)) {
        Some(i) => Ok(Some(PlayerId::seat(i as u8))),
        None => Err(ApiError::bad(format!(
            "no seat `{}`: the seats are {}",
            chessgraph::diagnostic::quoted(seat),
            names.join(", ")
        ))),
    }
}

/// The body of a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    /// The move's text.
    #[serde(rename = "move")]
    text: String,
    /// The game's `version` the move was chosen in: a move chosen before the game changed (the
    /// other seat moved, a move was taken back) is refused, never played in a position its
    /// player did not see. Without it, the move is judged in the position as it stands.
    version: Option<u64>,
}

/// Why a move was refused, as JSON: `illegal` with the generator's reason (and its kind), or a
/// move text that does not read.
fn refused(text: &str, e: MoveError) -> ApiError {
    let (code, kind) = match &e {
        MoveError::Illegal(why) => ("illegal_move", format!("{why:?}")),
        MoveError::Ambiguous { .. } => ("ambiguous_move", "Ambiguous".to_string()),
        MoveError::Malformed { .. } => ("malformed_move", "Malformed".to_string()),
    };
    let kind: String = kind.chars().take_while(|c| c.is_alphanumeric()).collect();
    let reason = match &e {
        MoveError::Illegal(why) => why.to_string(),
        other => other.to_string(),
    };
    unplayable(
        code,
        format!("`{}`: {reason}", chessgraph::diagnostic::quoted(text)),
    )
    .with(json!({ "move": text, "reason": reason, "kind": kind }))
}

/// `POST /api/games/{id}/moves`.
pub async fn play(
    State(s): App,
    Segment(id): Segment,
    params: Params,
    Body(body): Body<MoveBody>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    s.room_for_moves(id, 1).map_err(|f| full(&s, f))?;
    let answer = with_live_game(&s, id, |slot, v| {
        if let Some(seen) = body.version.filter(|&v| v != slot.version) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "stale_move",
                format!(
                    "`{}` was chosen in version {seen} of the game, which is now at version {}: choose again",
                    chessgraph::diagnostic::quoted(&body.text),
                    slot.version
                ),
            ));
        }
        let game = &mut slot.game;
        if game.outcome().is_none() {
            let to_move = game.position().to_move();
            if slot.computer.contains(to_move) {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "computer_to_move",
                    format!(
                        "the computer plays {}: wait for its move",
                        game.rules().player(to_move).name
                    ),
                ));
            }
            check_seat(&params, game, to_move, "the move")?;
        }
        game.play_text(&body.text)
            .map_err(|e| refused(&body.text, e))?;
        slot.version += 1;
        Ok(game_json(id, slot, v))
    })?;
    s.changed(id);
    super::computer::think(&s, id);
    Ok(Json(answer))
}

/// `POST /api/games/{id}/undo`: a seated page takes back only its own move. The computer's
/// replies are taken back with the move before them (else the computer would play again at
/// once): an undo goes back to the last move of a seat the computer does not play.
pub async fn undo(
    State(s): App,
    Segment(id): Segment,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    let answer = with_live_game(&s, id, |slot, v| {
        let game = &mut slot.game;
        let computer = slot.computer;
        let own = game
            .moves()
            .iter()
            .rposition(|m| !computer.contains(m.mover));
        let Some(own) = own else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "nothing_to_undo",
                "no move has been played (by a seat the computer does not play)",
            ));
        };
        check_seat(&params, game, game.moves()[own].mover, "the last move")?;
        while game.moves().len() > own {
            game.undo();
        }
        slot.version += 1;
        Ok(game_json(id, slot, v))
    })?;
    s.changed(id);
    Ok(Json(answer))
}

/// `GET /api/games/{id}/record`.
pub async fn record(State(s): App, Segment(id): Segment) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    with_game(&s, id, |slot, _| {
        Ok(Json(json!({ "record": slot.game.record().to_toml() })))
    })
}

/// The body of `POST /api/games/{id}/record`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordBody {
    record: String,
}

/// `POST /api/games/{id}/record`: the game becomes the one the record holds. A seated page may
/// not do that: it would replace the other seats' moves too.
pub async fn load(
    State(s): App,
    Segment(id): Segment,
    params: Params,
    Body(body): Body<RecordBody>,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    // Room for the record's moves (more than needed: the game's own moves are counted too).
    let plies = Record::parse(&body.record).map_or(0, |r| r.moves.len());
    s.room_for_moves(id, plies).map_err(|f| full(&s, f))?;
    let answer = with_live_game(&s, id, |slot, v| {
        if let Some(seat) = seat_of(&params, &slot.game)? {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "seated_page",
                format!(
                    "this page plays for {}; loading a record replaces every seat's moves, which only an unseated page may do",
                    slot.game.rules().player(seat).name
                ),
            ));
        }
        slot.game = from_record(slot.game.rules(), &body.record)?;
        slot.version += 1;
        Ok(game_json(id, slot, v))
    })?;
    s.changed(id);
    super::computer::think(&s, id);
    Ok(Json(answer))
}

/// A node of the game's board named by a parameter.
fn node_param(
    rules: &Rules,
    params: &Params,
    key: &str,
) -> Result<Option<chessgraph::NodeId>, ApiError> {
    params
        .get(key)
        .map(|name| {
            rules.board().node(name).ok_or_else(|| {
                ApiError::bad(format!(
                    "{key}: the board has no node `{}`",
                    chessgraph::diagnostic::quoted(name)
                ))
            })
        })
        .transpose()
}

/// `?ply=N`: a number of moves from 0 to the game's (default: all of them).
fn ply_param(params: &Params, game: &Game) -> Result<usize, ApiError> {
    match params.get("ply") {
        None => Ok(game.moves().len()),
        Some(p) => p
            .parse::<usize>()
            .ok()
            .filter(|&p| p <= game.moves().len())
            .ok_or_else(|| {
                ApiError::bad(format!("ply: a number from 0 to {}", game.moves().len()))
            }),
    }
}

/// `GET /api/games/{id}/position?ply=N`: the position text after `ply` moves (default: now), for
/// the page's position field while it shows an earlier position.
pub async fn position(
    State(s): App,
    Segment(id): Segment,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    with_game(&s, id, |slot, _| {
        let game = &slot.game;
        let ply = ply_param(&params, game)?;
        let pos = game.position_at(ply).unwrap_or(game.position());
        Ok(Json(json!({ "ply": ply, "position": pos.to_fen() })))
    })
}

/// `GET /api/games/{id}/svg`: the picture of the position after `ply` moves (default: now).
pub async fn svg(
    State(s): App,
    Segment(id): Segment,
    params: Params,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    let picture = with_game(&s, id, |slot, _| {
        let game = &slot.game;
        let rules = game.rules();
        let ply = ply_param(&params, game)?;
        let pos = game.position_at(ply).unwrap_or(game.position());
        let rotation = match params.get("rotate") {
            None => None,
            Some(r) => Some(
                r.parse::<f64>()
                    .ok()
                    .filter(|d| d.is_finite())
                    .ok_or_else(|| ApiError::bad("rotate: a number of degrees"))?,
            ),
        };
        let links = match params.get("links") {
            None => None,
            Some(d) => Some(rules.board().direction(d).ok_or_else(|| {
                ApiError::bad(format!(
                    "links: no direction `{}`",
                    chessgraph::diagnostic::quoted(d)
                ))
            })?),
        };
        let last = ply
            .checked_sub(1)
            .and_then(|i| game.moves().get(i))
            .map(|m| (m.from.unwrap_or(m.to), m.to));
        let last_text = ply.checked_sub(1).and_then(|i| game.moves().get(i));
        let options = RenderOptions {
            last_move_text: last_text.map(|m| m.text.clone()),
            from: node_param(rules, &params, "from")?,
            last_move: last,
            rotation,
            links,
            tags: params.get("tags").is_some(),
            ..RenderOptions::default()
        };
        Ok(render_svg(rules.board(), Some(pos), &options))
    })?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], picture).into_response())
}

/// `GET /api/games/{id}/inspect?node=NODE`.
pub async fn inspect(
    State(s): App,
    Segment(id): Segment,
    params: Params,
) -> Result<Json<Value>, ApiError> {
    let id = game_id(&id)?;
    with_game(&s, id, |slot, _| {
        let pos = slot.game.position();
        let node = node_param(pos.rules(), &params, "node")?
            .ok_or_else(|| ApiError::bad("node: which node to inspect"))?;
        Ok(Json(inspect_json(pos, node)))
    })
}

/// `GET /api/games/{id}/events`: an event `change` (its data the game's id) at every change.
pub async fn events(
    State(s): App,
    Segment(id): Segment,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let id = game_id(&id)?;
    with_game(&s, id, |_, _| Ok(()))?;
    let ticket = s
        .open_stream(id)
        .map_err(|m| ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_streams", m))?;
    let rx = s.changes.subscribe();
    // The ticket lives as long as the stream: dropped when the page goes.
    let stream = futures_util::stream::unfold((rx, ticket), move |(mut rx, ticket)| async move {
        use tokio::sync::broadcast::error::RecvError;
        loop {
            match rx.recv().await {
                Ok(g) if g != id => continue,
                // A page that fell behind is told to look again.
                Ok(_) | Err(RecvError::Lagged(_)) => {
                    let event = Event::default().event("change").data(id.to_string());
                    return Some((Ok(event), (rx, ticket)));
                }
                Err(RecvError::Closed) => return None,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
