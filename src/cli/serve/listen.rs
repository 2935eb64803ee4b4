//! Accepting connections so that no client can starve the others: hyper's HTTP/1 connections
//! with a deadline for a request's headers (which is also how long a connection may wait idle
//! between requests), a cap on open connections (at the cap, or when the process has no file
//! descriptor left to accept one, the quietest one is closed to make room for the newcomer), and
//! a connection that moves no byte either way for [`IDLE_TIMEOUT`] is closed. A request's body and answer have their deadline in the router
//! ([`super::REQUEST_TIMEOUT`]); event streams their caps in [`super::state`].

use std::collections::HashMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

use super::state::lock;

/// The most connections open at once; the next one closes the quietest (the one that moved a
/// byte least recently) to make room. Room for a few hundred pages, each with its event stream
/// (and below the usual limit of 1,024 open files; under a lower one, a connection that cannot
/// be accepted closes the quietest too).
pub const MAX_CONNECTIONS: usize = 512;

/// How long a connection may take to send a request's headers, counted from its opening or the
/// end of its previous answer (so also the longest a connection waits idle between requests).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection that moves no byte either way for this long is closed (an event stream sends
/// a comment every 15 seconds, so a live one never is).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// How long to wait before accepting again when accepting fails (out of file descriptors),
/// after closing the quietest connection.
const ACCEPT_RETRY: Duration = Duration::from_millis(10);

/// One open connection, as the registry sees it.
struct Open {
    /// When it last moved a byte, in milliseconds since the registry's start.
    last: AtomicU64,
    /// Told when the connection must close to make room.
    close: Notify,
}

/// The open connections.
struct Registry {
    start: Instant,
    open: Mutex<HashMap<u64, Arc<Open>>>,
    next: AtomicU64,
}

impl Registry {
    fn now(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Registers a new connection; at [`MAX_CONNECTIONS`] the quietest one is told to close.
    fn admit(&self) -> (u64, Arc<Open>) {
        let mut open = lock(&self.open);
        while open.len() >= MAX_CONNECTIONS {
            close_quietest(&mut open);
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Arc::new(Open {
            last: AtomicU64::new(self.now()),
            close: Notify::new(),
        });
        open.insert(id, conn.clone());
        (id, conn)
    }

    /// Tells the quietest connection to close (no file descriptor was left to accept one).
    fn make_room(&self) {
        close_quietest(&mut lock(&self.open));
    }

    fn leave(&self, id: u64) {
        lock(&self.open).remove(&id);
    }

    /// Returns once `conn` has moved no byte for [`IDLE_TIMEOUT`].
    async fn idle(&self, conn: &Open) {
        let limit = u64::try_from(IDLE_TIMEOUT.as_millis()).unwrap_or(u64::MAX);
        loop {
            let quiet = self.now().saturating_sub(conn.last.load(Ordering::Relaxed));
            if quiet >= limit {
                return;
            }
            tokio::time::sleep(Duration::from_millis(limit - quiet)).await;
        }
    }
}

/// Tells the connection that moved a byte least recently (the oldest of those) to close.
fn close_quietest(open: &mut HashMap<u64, Arc<Open>>) {
    let quietest = open
        .iter()
        .min_by_key(|(id, c)| (c.last.load(Ordering::Relaxed), **id))
        .map(|(id, _)| *id);
    if let Some(c) = quietest.and_then(|id| open.remove(&id)) {
        c.close.notify_one();
    }
}

/// A connection's socket that notes when it last moved a byte.
struct Watched {
    stream: TcpStream,
    conn: Arc<Open>,
    registry: Arc<Registry>,
}

impl Watched {
    fn moved<T>(&self, result: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if let Poll::Ready(Ok(_)) = &result {
            self.conn.last.store(self.registry.now(), Ordering::Relaxed);
        }
        result
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let result = Pin::new(&mut self.stream).poll_read(cx, buf);
        self.moved(result)
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.moved(result)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Answers connections on `listener` with `app` until the process ends.
pub async fn run(listener: TcpListener, app: Router) {
    let registry = Arc::new(Registry {
        start: Instant::now(),
        open: Mutex::new(HashMap::new()),
        next: AtomicU64::new(0),
    });
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                // Admitted in the order accepted: the newest is never the one closed for room.
                let (id, conn) = registry.admit();
                tokio::spawn(connection(stream, app.clone(), registry.clone(), id, conn));
            }
            Err(_) => {
                // Out of file descriptors (or another passing failure): the quietest
                // connection makes room, and its socket is closed meanwhile.
                registry.make_room();
                tokio::time::sleep(ACCEPT_RETRY).await;
            }
        }
    }
}

/// Serves one connection until it ends, is idle too long or must make room.
async fn connection(
    stream: TcpStream,
    app: Router,
    registry: Arc<Registry>,
    id: u64,
    conn: Arc<Open>,
) {
    // Answers go out as soon as they are written (an event must not wait for more).
    let _ = stream.set_nodelay(true);
    let io = Watched {
        stream,
        conn: conn.clone(),
        registry: registry.clone(),
    };
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT);
    let served = builder.serve_connection(TokioIo::new(io), TowerToHyperService::new(app));
    // Whichever ends first ends the connection: dropping it closes the socket.
    tokio::select! {
        _ = served => {}
        () = conn.close.notified() => {}
        () = registry.idle(&conn) => {}
    }
    registry.leave(id);
}
