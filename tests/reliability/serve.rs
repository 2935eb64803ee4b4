//! `serve` under hostile clients: half-sent requests, idle connections, floods of connections
//! and event streams, games past the bounds, and a reload while requests come. Each test runs
//! its own server on a free port and talks raw HTTP/1.1 to it. No test times anything: each
//! waits at most a generous [`PATIENCE`] for what must happen.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a test waits for an answer or for the server to close a connection (the
/// server's own deadlines are 10 and 30 seconds).
const PATIENCE: Duration = Duration::from_secs(90);

/// The server's cap on open connections (`MAX_CONNECTIONS`).
const MAX_CONNECTIONS: usize = 512;

/// The server's cap on event streams per game (`MAX_STREAMS_PER_GAME`).
const MAX_STREAMS_PER_GAME: usize = 16;

/// A `chessgraph serve` process, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    /// Starts `chessgraph serve --port 0 ARGS` in `dir` (the crate root when `None`).
    fn start(dir: Option<&Path>, args: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_chessgraph"));
        command.args(["serve", "--port", "0"]).args(args);
        Server::spawn(command, dir)
    }

    /// Starts `chessgraph serve --port 0 variants/chess.toml` allowed only `files` open files.
    fn start_with_open_files(files: u32) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -n {files}; exec \"$0\" serve --port 0 variants/chess.toml"
            ))
            .arg(env!("CARGO_BIN_EXE_chessgraph"));
        Server::spawn(command, None)
    }

    /// Runs `command` in `dir` and reads the address from its first line.
    fn spawn(mut command: Command, dir: Option<&Path>) -> Server {
        let mut child = command
            .current_dir(dir.unwrap_or(Path::new(env!("CARGO_MANIFEST_DIR"))))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut err = BufReader::new(child.stderr.take().expect("stderr"));
        let mut line = String::new();
        err.read_line(&mut line).expect("a first line");
        // The rest of standard error is drained, so that the server never blocks on it.
        std::thread::spawn(move || std::io::copy(&mut err, &mut std::io::sink()));
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// A connection to the server, waiting at most [`PATIENCE`] for any read.
    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(&self.addr).expect("the server accepts");
        s.set_read_timeout(Some(PATIENCE)).unwrap();
        s
    }

    /// The start of a request (without the blank line that ends the headers).
    fn head(&self, method: &str, path: &str) -> String {
        format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n",
            self.addr
        )
    }

    /// Sends a whole request on a new connection; the status and the body of the answer.
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut s = self.connect();
        let head = self.head(method, path);
        let length = body.len();
        write!(
            s,
            "{head}Connection: close\r\nContent-Length: {length}\r\n\r\n{body}"
        )
        .unwrap();
        answer(&mut s)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads an answer to its end (the server closes the connection); its status and body.
fn answer(s: &mut TcpStream) -> (u16, String) {
    let mut text = Vec::new();
    s.read_to_end(&mut text).expect("an answer in time");
    let text = String::from_utf8_lossy(&text).into_owned();
    let status = text
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// Reads an answer's head only (an event stream goes on after it): its status and the head.
fn answer_head(s: &mut TcpStream) -> (u16, String) {
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            other => panic!("the head ended early: {other:?} after {head:?}"),
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    (head[9..12].parse().unwrap(), head)
}

/// Whether the server closes `s` within [`PATIENCE`] (whatever it sends first).
fn closed_by_server(s: &mut TcpStream) -> bool {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    while start.elapsed() < PATIENCE {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return false;
            }
            Err(_) => return true,
        }
    }
    false
}

#[test]
fn serve_closes_half_sent_requests_and_idle_connections_and_answers_others_meanwhile() {
    let server = Server::start(None, &["variants/chess.toml"]);
    let mut half = server.connect();
    write!(
        half,
        "{}X-Unfinished: ",
        server.head("GET", "/api/variants")
    )
    .unwrap();
    let mut idle = server.connect();
    let (status, body) = server.request("GET", "/api/variants", "");
    assert_eq!(status, 200, "{body}");
    assert!(
        closed_by_server(&mut half),
        "half-sent headers are given up"
    );
    assert!(closed_by_server(&mut idle), "an idle connection is closed");
}

#[test]
fn serve_answers_408_to_a_request_whose_body_never_ends() {
    let server = Server::start(None, &["variants/chess.toml"]);
    let mut s = server.connect();
    let head = server.head("POST", "/api/games");
    write!(s, "{head}Content-Length: 100\r\n\r\n{{").unwrap();
    let (status, body) = answer(&mut s);
    assert_eq!(status, 408, "{body}");
    assert!(body.contains("\"request_timeout\""), "{body}");
}

#[test]
fn serve_past_the_connection_cap_closes_the_quietest_and_answers_the_newcomer() {
    let server = Server::start(None, &["variants/chess.toml"]);
    let mut hanging = Vec::new();
    for _ in 0..MAX_CONNECTIONS + 32 {
        let mut s = server.connect();
        write!(s, "{}X-Unfinished: ", server.head("GET", "/")).unwrap();
        hanging.push(s);
    }
    let (status, body) = server.request("GET", "/api/variants", "");
    assert_eq!(status, 200, "{body}");
    // The first ones were the quietest: closed to make room (or by the header deadline).
    assert!(closed_by_server(&mut hanging[0]));
}

#[test]
fn serve_out_of_file_descriptors_closes_the_quietest_and_answers_the_newcomer() {
    let server = Server::start_with_open_files(64);
    let mut hanging = Vec::new();
    for _ in 0..100 {
        let mut s = server.connect();
        write!(s, "{}X-Unfinished: ", server.head("GET", "/")).unwrap();
        hanging.push(s);
    }
    let (status, body) = server.request("GET", "/api/variants", "");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn serve_caps_the_event_streams_of_a_game() {
    let server = Server::start(None, &["variants/chess.toml"]);
    let (status, game) = server.request("POST", "/api/games", "{}");
    assert_eq!(status, 201, "{game}");
    let events = server.head("GET", "/api/games/1/events") + "\r\n";
    let mut streams = Vec::new();
    for _ in 0..MAX_STREAMS_PER_GAME {
        let mut s = server.connect();
        s.write_all(events.as_bytes()).unwrap();
        let (status, head) = answer_head(&mut s);
        assert_eq!(status, 200, "{head}");
        streams.push(s);
    }
    let (status, body) = server.request("GET", "/api/games/1/events", "");
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("\"too_many_streams\""), "{body}");
    assert!(body.contains("16 event streams"), "{body}");
    // The streams still stand, and other requests are answered.
    assert_eq!(server.request("GET", "/api/games/1", "").0, 200);
}

/// `count` knight moves back and forth (chess has no draw rules: the game goes on).
fn shuffles(count: usize) -> String {
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = (0..count).map(|i| cycle[i % 4]).collect();
    format!(r#"{{"moves": "{}"}}"#, moves.join(" "))
}

#[test]
fn serve_bounds_each_game_and_all_games_together() {
    let server = Server::start(None, &["variants/chess.toml"]);
    let (status, body) = server.request("POST", "/api/games", &shuffles(5_001));
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("5000 moves"), "{body}");
    // 20 games of 5,000 moves: the 100,000 moves all games may hold together.
    for _ in 0..20 {
        let (status, body) = server.request("POST", "/api/games", &shuffles(5_000));
        assert_eq!(status, 201, "{}", &body[..body.len().min(300)]);
    }
    let (status, body) = server.request("POST", "/api/games", &shuffles(2));
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("\"too_many_moves\""), "{body}");
    assert!(body.contains("100000 moves"), "{body}");
    let (status, body) = server.request("POST", "/api/games/1/moves", r#"{"move": "g1f3"}"#);
    assert_eq!(status, 429, "{body}");
    // Nothing was dropped (no game was left alone for an hour).
    assert_eq!(server.request("GET", "/api/games/1/record", "").0, 200);
}

#[test]
fn serve_watch_reloads_a_changed_variant_and_answers_meanwhile() {
    let dir = crate::helpers::temp_dir();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["boards", "variants"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
        std::fs::copy(
            root.join(sub).join("chess.toml"),
            dir.path().join(sub).join("chess.toml"),
        )
        .unwrap();
    }
    let server = Server::start(Some(dir.path()), &["--watch", "variants/chess.toml"]);
    let (_, list) = server.request("GET", "/api/variants", "");
    assert!(list.contains("\"Orthodox chess\""), "{list}");
    let variant = dir.path().join("variants/chess.toml");
    let text = std::fs::read_to_string(&variant).unwrap();
    std::fs::write(
        &variant,
        text.replace("\"Orthodox chess\"", "\"Watched chess\""),
    )
    .unwrap();
    let start = Instant::now();
    loop {
        let (status, list) = server.request("GET", "/api/variants", "");
        assert_eq!(status, 200, "{list}");
        if list.contains("\"Watched chess\"") {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "never reloaded: {list}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
