//! The API's errors: a status and one line, sent as `{"error": "..."}`. The line names the
//! bad input and, where there is one, the fix, as the command line's errors do.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        // One line, whatever the library's text.
        let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        ApiError { status, message }
    }

    /// 400: the request names something that is not valid (a move, a FEN, a bot, a size).
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game, folder, file or endpoint.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request does not fit the game's state (a move after the end, the bot's turn).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 403: a path outside the results folders.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 503: the server is stopping.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 500: a fault of the server, not of the request.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> ApiError {
        ApiError::new(
            rejection.status(),
            format!("bad JSON body: {}", rejection.body_text()),
        )
    }
}

impl From<axum::extract::rejection::QueryRejection> for ApiError {
    fn from(rejection: axum::extract::rejection::QueryRejection) -> ApiError {
        ApiError::bad_request(format!("bad query: {}", rejection.body_text()))
    }
}

/// A JSON body, its rejection turned into an [`ApiError`].
pub type JsonBody<T> = Result<Json<T>, axum::extract::rejection::JsonRejection>;
/// A query string, its rejection turned into an [`ApiError`].
pub type QueryArgs<T> = Result<axum::extract::Query<T>, axum::extract::rejection::QueryRejection>;

/// Turns any other 4xx answer (a path that is not a number, a method the endpoint does not
/// take) into the API's JSON error, so that every error the API sends has one shape.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !status.is_client_error() || is_json {
        return response;
    }
    let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let message = match text.trim() {
        "" => status
            .canonical_reason()
            .unwrap_or("bad request")
            .to_lowercase(),
        text => text.to_string(),
    };
    ApiError::new(status, message).into_response()
}
