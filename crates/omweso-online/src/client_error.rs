//! What can go wrong on a client's side: of its connection ([`crate::client::Connection`])
//! or of what the server sends ([`crate::client::ClientGame`]). Its own module, so that the
//! connection and the client's game both name it without importing each other.

/// What went wrong on the client's side.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server's address is not `host:port`, `ws://…` or `wss://…`.
    #[error("`{0}` is not a server address (host:port, ws://host:port or wss://host:port)")]
    Address(String),
    /// The connection could not be made, or broke (the session reconnects).
    #[error("connection: {0}")]
    Connection(String),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// The server refused the hello.
    #[error("refused by the server: {0}")]
    Refused(String),
    /// The server said this client broke a rule, and closed.
    #[error("the server says: {0}")]
    Server(String),
    /// The server sent what the rules or the protocol do not allow (the client trusts
    /// nothing it is sent).
    #[error("the server sent {0}")]
    Untrusted(String),
}

impl ClientError {
    /// Whether a new connection may mend it (a broken or closed connection).
    pub fn is_transient(&self) -> bool {
        matches!(self, ClientError::Connection(_) | ClientError::Closed)
    }
}
