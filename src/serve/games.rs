//! The game endpoints, written once for every game over the library's [`Session`] (the one
//! the terminal games play), so a move, a bot's turn and an undo mean the same in the page and
//! at the terminal. Each game is mounted at its own address (`/api/draughts/games`,
//! `/api/draughts-variants/games`, `/api/fifteen/games`, `/api/fifteen-odd-even/games`); all keep their games in one bounded
//! [`Store`], each game weighed by the bytes its session holds:
//!
//! | endpoint | does |
//! |---|---|
//! | `POST {games}` | starts a game from the game's own request ([`WebGame::NewGame`]) |
//! | `GET {games}/{id}` | the state |
//! | `POST {games}/{id}/move` | a person's move, read by the game's [`crate::game::Game::parse_move`] |
//! | `POST {games}/{id}/bot` | the bot to move plays one move (on an engine thread) |
//! | `POST {games}/{id}/undo` | takes moves back as [`Session::undo`] does |
//!
//! Every answer is the game's state: its id, its address and the game's own view
//! ([`WebGame::View`]). A game adds only its request, its view, its bots and their limits.
//! A bot that forfeits (a Hub engine of `--engine`, [`super::engines`]) ends its game: the
//! answer to `POST .../bot` is then the finished game, its result saying why.

use super::ApiError;
use super::api_error::JsonBody;
use super::engines::Engines;
use super::limits::{Engine, MAX_SEED};
use super::store::{Store, Weighed};
use crate::game::matches::MatchGame;
use crate::game::{Game, Session, SessionError};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// What a game adds to the endpoints.
pub trait WebGame: MatchGame + Clone + Game<Position: Send + Sync, Move: Send + Sync> {
    /// The address of the game's endpoints, e.g. `/api/draughts/games`.
    const PATH: &'static str;
    /// The name of the move's field in [`WebGame::PersonMove`], which starts a bad move's
    /// message (`move: ...`).
    const MOVE_FIELD: &'static str;
    /// The body of `POST {games}`: the game's own fields, each with a default.
    type NewGame: DeserializeOwned + Send + 'static;
    /// The body of `POST {games}/{id}/move`.
    type PersonMove: DeserializeOwned + Send + 'static;
    /// The state the page draws.
    type View: Serialize;

    /// The session a request asks for: its rules, start, seats within the server's limits
    /// (the bots, and the `engines` where the game takes them), and seed (checked by
    /// [`seed`]); a bad value is a 400 naming the field.
    fn new_game(request: Self::NewGame, engines: &Engines) -> Result<Session<Self>, ApiError>;
    /// The move as text for [`crate::game::Game::parse_move`].
    fn requested_move(request: Self::PersonMove) -> String;
    /// The state of `session` as the page draws it, an engine's seat by its name in
    /// `engines`.
    fn view(session: &Session<Self>, engines: &Engines) -> Self::View;
    /// The bytes a position holds outside itself (a history in a vector, say), which a
    /// game's size adds to [`Session::memory_bytes`]; none by default.
    fn heap_bytes(_position: &Self::Position) -> usize {
        0
    }
    /// The game's own endpoints beside the common ones; none by default.
    fn more_routes(router: Router<Arc<Games<Self>>>) -> Router<Arc<Games<Self>>> {
        router
    }
}

/// The games of one kind, and the engine permits they share with the server's other work.
pub struct Games<G: WebGame> {
    store: Arc<Store>,
    engine: Arc<Engine>,
    /// The Hub engines of `--engine`.
    pub engines: Arc<Engines>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: WebGame> Games<G> {
    /// Runs `f` on game `id` of this kind, or a 404 naming the game.
    pub fn with<R>(&self, id: u64, f: impl FnOnce(&mut Session<G>) -> R) -> Result<R, ApiError> {
        self.store.with(id, f)
    }
}

impl<G: WebGame> Weighed for Session<G> {
    fn bytes(&self) -> usize {
        self.memory_bytes(G::heap_bytes)
    }
}

/// Every answer of a game endpoint: the game's number and address, then its view.
#[derive(Serialize)]
pub struct GameState<V> {
    pub id: u64,
    /// Where this game's endpoints are: `{games}/{id}`.
    pub url: String,
    #[serde(flatten)]
    pub view: V,
}

fn state<G: WebGame>(id: u64, session: &Session<G>, engines: &Engines) -> GameState<G::View> {
    GameState {
        id,
        url: format!("{}/{id}", G::PATH),
        view: G::view(session, engines),
    }
}

/// The common endpoints of game `G` and its own, its games kept in `store`.
pub fn routes<G: WebGame, S: Clone + Send + Sync + 'static>(
    store: Arc<Store>,
    engine: Arc<Engine>,
    engines: Arc<Engines>,
) -> Router<S> {
    let games = Arc::new(Games::<G> {
        store,
        engine,
        engines,
        game: std::marker::PhantomData,
    });
    let router = Router::new()
        .route(G::PATH, post(create::<G>))
        .route(&format!("{}/{{id}}", G::PATH), get(show::<G>))
        .route(&format!("{}/{{id}}/move", G::PATH), post(person_move::<G>))
        .route(&format!("{}/{{id}}/bot", G::PATH), post(bot_move::<G>))
        .route(&format!("{}/{{id}}/undo", G::PATH), post(undo::<G>));
    G::more_routes(router).with_state(games)
}

/// A request's seed, at most [`MAX_SEED`] (exact in JavaScript).
pub fn seed(seed: u64) -> Result<u64, ApiError> {
    if seed > MAX_SEED {
        return Err(ApiError::bad_request(format!(
            "seed: {seed} is too large; use 0 to {MAX_SEED}"
        )));
    }
    Ok(seed)
}

/// A request that does not fit the game: 409, or 400 for a move that is not legal.
fn session_error<G: WebGame>(error: SessionError) -> ApiError {
    match error {
        SessionError::Illegal(message) => {
            ApiError::bad_request(format!("{}: {message}", G::MOVE_FIELD))
        }
        SessionError::BotToMove(_) => ApiError::conflict(format!("{error} (POST .../bot)")),
        SessionError::PersonToMove => ApiError::conflict(format!("{error} (POST .../move)")),
        SessionError::Bot(message) => ApiError::internal(message),
        SessionError::Forfeited { .. } => ApiError::internal(error.to_string()),
        error => ApiError::conflict(error.to_string()),
    }
}

type Answer<V> = Result<Json<GameState<V>>, ApiError>;

/// Makes `action` on game `id` and answers with the game as it is then.
fn change<G: WebGame>(
    games: &Games<G>,
    id: u64,
    action: impl FnOnce(&mut Session<G>) -> Result<(), SessionError>,
) -> Answer<G::View> {
    let state = games.with(id, |session| {
        action(session).map_err(session_error::<G>)?;
        Ok::<_, ApiError>(state(id, session, &games.engines))
    })??;
    Ok(Json(state))
}

async fn create<G: WebGame>(
    State(games): State<Arc<Games<G>>>,
    body: JsonBody<G::NewGame>,
) -> Result<(StatusCode, Json<GameState<G::View>>), ApiError> {
    let Json(request) = body?;
    let session = G::new_game(request, &games.engines)?;
    let id = games.store.insert(session);
    let state = games.with(id, |session| state(id, session, &games.engines))?;
    Ok((StatusCode::CREATED, Json(state)))
}

async fn show<G: WebGame>(
    State(games): State<Arc<Games<G>>>,
    Path(id): Path<u64>,
) -> Answer<G::View> {
    Ok(Json(
        games.with(id, |session| state(id, session, &games.engines))?,
    ))
}

async fn person_move<G: WebGame>(
    State(games): State<Arc<Games<G>>>,
    Path(id): Path<u64>,
    body: JsonBody<G::PersonMove>,
) -> Answer<G::View> {
    let Json(request) = body?;
    let text = G::requested_move(request);
    change(&games, id, |session| session.person_move(&text).map(drop))
}

async fn bot_move<G: WebGame>(
    State(games): State<Arc<Games<G>>>,
    Path(id): Path<u64>,
) -> Answer<G::View> {
    let turn = games.with(id, |session| session.bot_turn())?;
    let turn = turn.map_err(session_error::<G>)?;
    let choice = games.engine.run(move || turn.think()).await?;
    let choice = choice.map_err(session_error::<G>)?;
    // A forfeit is kept in the session: the game is over, and its state says why.
    change(&games, id, |session| match session.bot_move(choice) {
        Ok(_) | Err(SessionError::Forfeited { .. }) => Ok(()),
        Err(error) => Err(error),
    })
}

async fn undo<G: WebGame>(
    State(games): State<Arc<Games<G>>>,
    Path(id): Path<u64>,
) -> Answer<G::View> {
    change(&games, id, |session| session.undo().map(drop))
}
