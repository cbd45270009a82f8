//! The page's side of online play (the browser's build, in place of `services/online.rs`,
//! whose session runs on tokio's sockets): the browser's own WebSocket, driven by the same
//! [`Conversation`] as the window's session, so that a page and a window speak the protocol
//! alike (the same hello, resumption with the seat's token, a layout or move sent again
//! after a broken connection). Everything happens on the page's thread, in the socket's
//! callbacks; the model reads the events once a frame, as it does the window's.

use crate::app::services::job::Waker;
use omweso_online::protocol::{ServerMessage, decode, encode};
use omweso_online::{Ask, ClientError, ClientMessage, Conversation, Event, Role};
use omweso_rules::{Layout, Move};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// How long a link keeps trying to come back after its connection drops.
pub const RECONNECT_FOR: Duration = Duration::from_secs(120);

/// How long to wait before connecting again.
const RETRY_MS: i32 = 500;

/// The server a page plays on unless told otherwise: the one that served it (`ws://` or,
/// for a page served over HTTPS, `wss://`, at the page's host and port).
pub fn default_server() -> String {
    let location = web_sys::window().map(|w| w.location());
    let host = location.as_ref().and_then(|l| l.host().ok()).unwrap_or_default();
    let secure = location.and_then(|l| l.protocol().ok()).is_some_and(|p| p == "https:");
    if host.is_empty() { "127.0.0.1:8642".into() } else { format!("{}://{host}/", if secure { "wss" } else { "ws" }) }
}

/// The link that opens this page already joining game `code` on `server`, when `server`
/// is the one that served the page (a link to another server's game would open this page
/// on a server that does not know it).
pub fn join_link(server: &str, code: &str) -> Option<String> {
    (url_of(server) == url_of(&default_server()))
        .then(|| crate::app::services::address::page_link(&format!("join={code}")))
        .flatten()
}

/// The WebSocket's URL of `server`: `host:port` means `ws://host:port/`.
fn url_of(server: &str) -> String {
    let server = server.trim();
    if server.starts_with("ws://") || server.starts_with("wss://") {
        server.to_string()
    } else {
        format!("ws://{server}/")
    }
}

/// One online game's connection: what the page sends, and the events it has not read
/// yet.
pub struct OnlineLink {
    inner: Rc<RefCell<Inner>>,
    /// The last event was read and no more will come.
    ended: bool,
}

impl std::fmt::Debug for OnlineLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineLink").field("ended", &self.ended).finish_non_exhaustive()
    }
}

/// The link's state, shared with the socket's callbacks.
struct Inner {
    url: String,
    talk: Conversation,
    socket: Option<web_sys::WebSocket>,
    /// The handlers of the socket's events (kept alive as long as it is).
    handlers: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    /// The handlers of closed sockets: one may be running when its socket closes, so they
    /// are dropped at the next connection, from the timer.
    retired: Vec<Closure<dyn FnMut(web_sys::Event)>>,
    /// The timer's callback that connects again (made once: it may be running when it is
    /// needed again).
    retry: Option<Rc<Closure<dyn FnMut()>>>,
    /// The timer set to call `retry`, cleared when the link is dropped.
    timer: Option<i32>,
    events: Vec<Event>,
    /// No more events will come (the game ended, the owner left, or it failed).
    finished: bool,
    /// When the connection broke, in the page's milliseconds (until it is mended).
    dropped_at: Option<f64>,
    wake: Option<Waker>,
}

impl Inner {
    fn tell(&mut self, event: Event) {
        self.events.push(event);
        if let Some(wake) = &self.wake {
            wake();
        }
    }

    fn send(&self, message: &ClientMessage) -> bool {
        self.socket
            .as_ref()
            .filter(|s| s.ready_state() == web_sys::WebSocket::OPEN)
            .is_some_and(|s| s.send_with_str(&encode(message)).is_ok())
    }

    /// Closes the socket without hearing of it again.
    fn close(&mut self) {
        if let Some(socket) = self.socket.take() {
            socket.set_onopen(None);
            socket.set_onmessage(None);
            socket.set_onclose(None);
            socket.set_onerror(None);
            let _ = socket.close();
        }
        let handlers = std::mem::take(&mut self.handlers);
        self.retired.extend(handlers);
    }
}

impl OnlineLink {
    /// Connects to `server` (`host:port`, `ws://…`, `wss://…`) as `role`, in the
    /// background: the first events (the welcome, or why it failed) come through
    /// [`OnlineLink::poll`]. `wake` is called after each event.
    ///
    /// # Errors
    /// None on the page (the browser refusing the address comes as [`Event::Failed`]).
    pub fn start(server: &str, role: Role, wake: Option<Waker>) -> std::io::Result<OnlineLink> {
        let talk = Conversation::new(role, format!("omweso {} (page)", env!("OMWESO_VERSION")));
        let inner = Rc::new(RefCell::new(Inner {
            url: url_of(server),
            talk,
            socket: None,
            handlers: Vec::new(),
            retired: Vec::new(),
            retry: None,
            timer: None,
            events: Vec::new(),
            finished: false,
            dropped_at: None,
            wake,
        }));
        let weak = Rc::downgrade(&inner);
        let retry = Closure::<dyn FnMut()>::new(move || {
            if let Some(inner) = weak.upgrade()
                && !inner.borrow().finished
            {
                connect(&inner);
            }
        });
        inner.borrow_mut().retry = Some(Rc::new(retry));
        connect(&inner);
        Ok(OnlineLink { inner, ended: false })
    }

    /// The events that came since the last call, in order; never waits.
    pub fn poll(&mut self) -> Vec<Event> {
        let mut inner = self.inner.borrow_mut();
        self.ended = inner.finished;
        std::mem::take(&mut inner.events)
    }

    /// Whether the link has ended (after its last event).
    pub fn ended(&self) -> bool {
        self.ended
    }

    fn ask(&self, ask: Ask) {
        let mut inner = self.inner.borrow_mut();
        let message = inner.talk.ask(ask);
        // Not open: a layout or a move goes again once the seat is resumed; the rest the
        // player asks again.
        inner.send(&message);
    }

    /// Sends the seat's layout.
    pub fn lay_out(&self, layout: Layout) {
        self.ask(Ask::Layout(layout));
    }

    /// Sends move `number` of the game.
    pub fn play(&self, number: usize, mv: Move) {
        self.ask(Ask::Move(number, mv));
    }

    /// Resigns.
    pub fn resign(&self) {
        self.ask(Ask::Resign);
    }

    /// Offers to take back the seat's last move.
    pub fn offer_take_back(&self) {
        self.ask(Ask::OfferTakeBack);
    }

    /// Answers the other side's offer of a take-back.
    pub fn answer_take_back(&self, accept: bool) {
        self.ask(Ask::AnswerTakeBack(accept));
    }
}

impl Drop for OnlineLink {
    /// The owner left: the connection closes, and the server keeps the game to resume.
    fn drop(&mut self) {
        let mut inner = self.inner.borrow_mut();
        inner.finished = true;
        inner.close();
        if let (Some(window), Some(timer)) = (web_sys::window(), inner.timer.take()) {
            window.clear_timeout_with_handle(timer);
        }
    }
}

/// The page's clock, in milliseconds.
fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Opens a socket to the link's server and listens to it.
fn connect(inner: &Rc<RefCell<Inner>>) {
    let url = {
        let mut i = inner.borrow_mut();
        i.retired.clear();
        i.url.clone()
    };
    let socket = match web_sys::WebSocket::new(&url) {
        Ok(s) => s,
        Err(e) => {
            let why = e.as_string().unwrap_or_else(|| format!("{e:?}"));
            lost(inner, ClientError::Address(format!("{url}: {why}")));
            return;
        }
    };
    let on_open = handler(inner, |inner, _| {
        let mut i = inner.borrow_mut();
        let hello = i.talk.hello();
        i.send(&hello);
    });
    let on_message = handler(inner, |inner, event| {
        let Some(text) = event.dyn_ref::<web_sys::MessageEvent>().and_then(|m| m.data().as_string()) else {
            return;
        };
        match decode::<ServerMessage>(&text) {
            Ok(message) => heard(inner, message),
            Err(e) => failed(inner, ClientError::Untrusted(format!("a message that is not the protocol's: {e}"))),
        }
    });
    let on_close = handler(inner, |inner, event| {
        let why = event.dyn_ref::<web_sys::CloseEvent>().map(|c| (c.code(), c.reason())).unwrap_or_default();
        let error = match why {
            (1000, _) => ClientError::Closed,
            (code, reason) => ClientError::Connection(format!("closed ({code}) {reason}")),
        };
        inner.borrow_mut().close();
        lost(inner, error);
    });
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut i = inner.borrow_mut();
    i.socket = Some(socket);
    i.handlers = vec![on_open, on_message, on_close];
}

/// A handler of the socket's events that reaches the link while it lives.
fn handler(
    inner: &Rc<RefCell<Inner>>,
    on: impl Fn(&Rc<RefCell<Inner>>, web_sys::Event) + 'static,
) -> Closure<dyn FnMut(web_sys::Event)> {
    let weak = Rc::downgrade(inner);
    Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        if let Some(inner) = weak.upgrade() {
            on(&inner, event);
        }
    })
}

/// One message from the server, through the conversation.
fn heard(inner: &Rc<RefCell<Inner>>, message: ServerMessage) {
    let mut i = inner.borrow_mut();
    let heard = match i.talk.heard(message) {
        Ok(h) => h,
        Err(e) => {
            drop(i);
            failed(inner, e);
            return;
        }
    };
    if heard.welcomed && i.dropped_at.take().is_some() {
        i.tell(Event::Connection { connected: true, why: "resumed".into() });
    }
    for event in heard.events {
        i.tell(event);
    }
    if heard.over {
        i.finished = true;
        i.close();
    } else if let Some(message) = heard.send {
        i.send(&message);
    }
}

/// An error that ends the connection: made again if the conversation can be resumed.
fn failed(inner: &Rc<RefCell<Inner>>, error: ClientError) {
    inner.borrow_mut().close();
    lost(inner, error);
}

/// The connection is gone with `error`: connect again while it may be resumed and there is
/// time, or tell the owner it failed.
fn lost(inner: &Rc<RefCell<Inner>>, error: ClientError) {
    let mut i = inner.borrow_mut();
    if i.finished {
        return;
    }
    let resumable = i.talk.resumable(&error);
    let since = match i.dropped_at {
        Some(at) => at,
        None => {
            if resumable {
                i.tell(Event::Connection { connected: false, why: error.to_string() });
            }
            *i.dropped_at.insert(now_ms())
        }
    };
    if !resumable || now_ms() - since > RECONNECT_FOR.as_secs_f64() * 1000.0 {
        i.tell(Event::Failed { error: error.to_string() });
        i.finished = true;
        return;
    }
    if let (Some(window), Some(retry)) = (web_sys::window(), &i.retry) {
        i.timer = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(retry.as_ref().as_ref().unchecked_ref(), RETRY_MS)
            .ok();
    }
}
