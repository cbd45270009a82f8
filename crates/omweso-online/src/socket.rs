//! The client's WebSocket to a server (`ws://` or `wss://`, through tokio, tungstenite and
//! rustls): only with the `net` feature, which a browser's build leaves out (the page speaks
//! the same protocol over the browser's own WebSocket).

use crate::client_error::ClientError;
use crate::protocol::{ClientMessage, ServerMessage, decode, encode};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Any byte stream under the WebSocket (plain TCP or TLS).
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Io for T {}

/// One WebSocket connection to a server.
pub struct Connection {
    ws: WebSocketStream<Box<dyn Io>>,
}

/// The URL of `server`: `host:port` means `ws://host:port/`.
pub fn server_url(server: &str) -> String {
    if server.starts_with("ws://") || server.starts_with("wss://") {
        server.to_string()
    } else {
        format!("ws://{server}/")
    }
}

impl Connection {
    /// Connects to `server` (`host:port`, `ws://…`, `wss://…`). For `wss://`, the server's
    /// certificate is checked against Mozilla's roots and `extra_roots_pem` (a club's own
    /// certificate authority or self-signed certificate, PEM).
    ///
    /// # Errors
    /// [`ClientError::Address`] or [`ClientError::Connection`].
    pub async fn open(server: &str, extra_roots_pem: Option<&[u8]>) -> Result<Connection, ClientError> {
        let url = server_url(server);
        let (tls, rest) = if let Some(rest) = url.strip_prefix("wss://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("ws://") {
            (false, rest)
        } else {
            return Err(ClientError::Address(server.to_string()));
        };
        let authority = rest.split('/').next().unwrap_or_default();
        let host = match authority.rsplit_once(':') {
            Some((host, port)) if port.parse::<u16>().is_ok() => host.trim_start_matches('[').trim_end_matches(']'),
            _ => return Err(ClientError::Address(server.to_string())),
        };
        if host.is_empty() {
            return Err(ClientError::Address(server.to_string()));
        }
        let tcp =
            TcpStream::connect(authority).await.map_err(|e| ClientError::Connection(format!("{authority}: {e}")))?;
        let _ = tcp.set_nodelay(true);
        let stream: Box<dyn Io> = if tls {
            let connector = tls_connector(extra_roots_pem)?;
            let name = rustls_pki_types::ServerName::try_from(host.to_string())
                .map_err(|_| ClientError::Address(server.to_string()))?;
            Box::new(connector.connect(name, tcp).await.map_err(|e| ClientError::Connection(format!("TLS: {e}")))?)
        } else {
            Box::new(tcp)
        };
        // Small messages: a 4 KiB read buffer, not tungstenite's eager 128 KiB.
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .max_message_size(Some(crate::protocol::MAX_FRAME_BYTES))
            .max_frame_size(Some(crate::protocol::MAX_FRAME_BYTES));
        let (ws, _) = tokio_tungstenite::client_async_with_config(url.as_str(), stream, Some(config))
            .await
            .map_err(|e| ClientError::Connection(format!("WebSocket: {e}")))?;
        Ok(Connection { ws })
    }

    /// Sends a message.
    ///
    /// # Errors
    /// [`ClientError::Connection`] when the connection broke.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        self.ws.send(Message::text(encode(message))).await.map_err(|e| ClientError::Connection(e.to_string()))
    }

    /// The next message from the server; the server's pings are answered here and not
    /// passed on.
    ///
    /// # Errors
    /// [`ClientError::Closed`], [`ClientError::Connection`], or [`ClientError::Untrusted`] for
    /// a frame that is not a message of the protocol.
    pub async fn recv(&mut self) -> Result<ServerMessage, ClientError> {
        loop {
            let text = match self.ws.next().await {
                None | Some(Ok(Message::Close(_))) => return Err(ClientError::Closed),
                Some(Err(e)) => return Err(ClientError::Connection(e.to_string())),
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Binary(_))) => return Err(ClientError::Untrusted("a binary frame".into())),
                Some(Ok(_)) => continue,
            };
            let message: ServerMessage = decode(text.as_str()).map_err(|e| ClientError::Untrusted(e.to_string()))?;
            if let ServerMessage::Ping { id } = message {
                self.send(&ClientMessage::Pong { id }).await?;
                continue;
            }
            return Ok(message);
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

fn tls_connector(extra_roots_pem: Option<&[u8]>) -> Result<tokio_rustls::TlsConnector, ClientError> {
    use rustls_pki_types::CertificateDer;
    use rustls_pki_types::pem::PemObject;
    use tokio_rustls::rustls;
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(pem) = extra_roots_pem {
        for cert in CertificateDer::pem_slice_iter(pem) {
            let cert = cert.map_err(|e| ClientError::Connection(format!("the certificate authority: {e}")))?;
            roots.add(cert).map_err(|e| ClientError::Connection(format!("the certificate authority: {e}")))?;
        }
    }
    let config = rustls::ClientConfig::builder_with_provider(crate::tls::ring_provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| ClientError::Connection(format!("TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(tokio_rustls::TlsConnector::from(Arc::new(config)))
}
