//! `GET {games}/{id}/pdn`: a draughts game of the page as PDN, what its "Copy PDN" button
//! copies. The text is the library's writer's ([`crate::draughts::pdn::write_session`]), the
//! one `boardlab draughts play --pdn` writes with, so `boardlab draughts replay` reads it
//! back: tags `Event "boardlab page"`, `Site "boardlab"`, `Date` the day it is written,
//! `White` and `Black` the seats as the page names them
//! (an engine of `--engine` by its name),
//! `Result`, `GameType` of the rules, and `SetUp`/`FEN` when the game did not start from the
//! start; then the moves.

use super::ApiError;
use super::games::{Games, WebGame};
use crate::draughts::pdn::{Recordable, write_session};
use crate::game::Sitter;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Arc;

/// The `Event` tag of the page's games.
pub const EVENT: &str = "boardlab page";

/// Adds `GET {games}/{id}/pdn` to a draughts game's endpoints.
pub fn route<G: WebGame + Recordable>(router: Router<Arc<Games<G>>>) -> Router<Arc<Games<G>>> {
    router.route(&format!("{}/{{id}}/pdn", G::PATH), get(pdn::<G>))
}

async fn pdn<G: WebGame + Recordable>(
    State(games): State<Arc<Games<G>>>,
    Path(id): Path<u64>,
) -> Result<impl IntoResponse, ApiError> {
    let text = games.with(id, |session| {
        write_session(
            session,
            EVENT,
            |sitter: &Sitter| games.engines.label(sitter.name()).to_string(),
            session.result(),
        )
    })?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}
