//! Every refusal of the server as a JSON answer with a 4xx status, and the extractors that turn
//! axum's own rejections (a body too large, not JSON, a bad query) into such answers.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// A refused request: the status, a short code for programs and a message for people, with any
/// further fields.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    extra: Option<Value>,
}

impl ApiError {
    /// A refusal.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            extra: None,
        }
    }

    /// 400: the request cannot be read.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// Adds fields to the answer (they sit beside `error` and `message`).
    pub fn with(mut self, extra: Value) -> ApiError {
        self.extra = Some(extra);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.code, "message": self.message });
        if let (Some(Value::Object(extra)), Value::Object(map)) = (self.extra, &mut body) {
            map.extend(extra);
        }
        (self.status, Json(body)).into_response()
    }
}

/// A JSON request body, refused with a JSON error when it is not one (too large: 413; not
/// `application/json`: 415; not the expected shape: 422 or 400).
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(ApiError::new(r.status(), "bad_body", r.body_text())),
        }
    }
}

/// The query parameters, refused with a JSON error when they cannot be read.
pub struct Params(pub HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Query::<HashMap<String, String>>::from_request_parts(parts, state).await {
            Ok(Query(q)) => Ok(Params(q)),
            Err(r) => Err(ApiError::bad(r.body_text())),
        }
    }
}

impl Params {
    /// A parameter's value, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }
}

/// The one variable segment of a path (a game's or variant's id, a file's name), refused with a
/// JSON 404 when it cannot be read (not UTF-8 once decoded).
pub struct Segment(pub String);

impl<S: Send + Sync> FromRequestParts<S> for Segment {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(s)) => Ok(Segment(s)),
            Err(r) => Err(ApiError::not_found(r.body_text())),
        }
    }
}
