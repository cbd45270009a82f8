//! The model's effects carried out (issue 49): [`crate::app::model::session::Session::apply`]
//! asks for what it needs of the world as [`Effect`]s; the services do the work here (the
//! disk's through [`files`], the connection's through [`Network`]) and their answers go back
//! to the session as [`Command`]s. So the model reads and writes no file and holds no
//! socket (and could run where there is neither), and the order stays the one of a
//! synchronous call: an answer is applied before the frame goes on.

use crate::app::model::command::Command;
use crate::app::model::online::{OnlineCommand, ToServer};
use crate::app::model::session::{Effect, Session};
use crate::app::services::files;
use crate::app::services::job::Waker;
use crate::app::services::online::OnlineLink;

/// The online game's connection, held for the session: opened, written to and closed as
/// the session asks ([`ToServer`]), and read once a frame ([`Network::poll`]).
#[derive(Default)]
pub struct Network {
    link: Option<OnlineLink>,
    /// Called after each event of the connection (the window repaints).
    waker: Option<Waker>,
}

impl Network {
    /// A network service whose connections wake the window through `waker`.
    pub fn new(waker: Option<Waker>) -> Network {
        Network { link: None, waker }
    }

    /// Wakes the window through `waker` after each event of the connections opened from now.
    pub fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }

    /// Hands what the server said since the last call to the session, in order; never
    /// waits.
    pub fn poll(&mut self, session: &mut Session) {
        if let Some(link) = &mut self.link {
            let events = link.poll();
            if !events.is_empty() {
                session.heard_from_server(events);
            }
        }
    }

    /// Carries out `ask`; a connection that cannot be started is an event of the session
    /// like any other failure.
    fn carry_out(&mut self, session: &mut Session, ask: ToServer) {
        match ask {
            ToServer::Connect { server, role } => {
                self.link = None;
                match OnlineLink::start(&server, role, self.waker.clone()) {
                    Ok(link) => self.link = Some(link),
                    Err(e) => {
                        let error = format!("cannot start the connection: {e}");
                        session.apply(Command::Online(OnlineCommand::Heard(omweso_online::Event::Failed { error })));
                    }
                }
            }
            ToServer::Disconnect => self.link = None,
            ask => {
                let Some(link) = &self.link else { return };
                match ask {
                    ToServer::LayOut(layout) => link.lay_out(layout),
                    ToServer::Play { number, mv } => link.play(number, mv),
                    ToServer::OfferTakeBack => link.offer_take_back(),
                    ToServer::AnswerTakeBack(accept) => link.answer_take_back(accept),
                    ToServer::Resign => link.resign(),
                    ToServer::Connect { .. } | ToServer::Disconnect => {}
                }
            }
        }
    }
}

/// Carries out the effects the session asked for that need no window (the files, the
/// connection), and those their answers ask for in turn, until none is left; gives back
/// the ones that need the window (the clipboard, closing), in the order asked.
pub fn serve(session: &mut Session, network: &mut Network) -> Vec<Effect> {
    let mut for_the_window = Vec::new();
    loop {
        let effects = session.take_effects();
        if effects.is_empty() {
            return for_the_window;
        }
        for effect in effects {
            let answer = match effect {
                Effect::Read(path) => {
                    let read = files::read_game(&path).map(|(game, stamp)| (Box::new(game), stamp));
                    Command::FileRead { path, read }
                }
                Effect::Write { path, game } => {
                    let written = files::write_game(&path, &game);
                    Command::FileWritten { path, game, written }
                }
                Effect::Look { path, asked } => {
                    let look = files::look(&path);
                    Command::Looked { path, asked, look }
                }
                Effect::Stamp(path) => {
                    let stamp = files::Stamp::of(&path);
                    Command::Stamped { path, stamp }
                }
                Effect::Network(ask) => {
                    network.carry_out(session, ask);
                    continue;
                }
                window @ (Effect::Copy(_) | Effect::Close) => {
                    for_the_window.push(window);
                    continue;
                }
            };
            session.apply(answer);
        }
    }
}

/// A session with its services and no window: what the window's frame does for the
/// network and the files, for a program or a test that drives the model itself (the online
/// tests play two of them against a server). Reads as the session it holds.
pub struct Headless {
    /// The session.
    pub session: Session,
    /// Its connection.
    pub network: Network,
    /// The effects that need a window, kept for [`Headless::take_effects`].
    for_the_window: Vec<Effect>,
}

impl Headless {
    /// `session` with no connection yet.
    pub fn new(session: Session) -> Headless {
        Headless { session, network: Network::default(), for_the_window: Vec::new() }
    }

    /// Carries out `command` as the window does: applied, then its effects served.
    pub fn apply(&mut self, command: Command) {
        self.session.apply(command);
        self.serve();
    }

    /// The effects asked for that need a window (the clipboard, closing), in order.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.serve();
        std::mem::take(&mut self.for_the_window)
    }

    /// The network's part of a frame: what the server said handed over, the session's
    /// online commands applied ([`Session::drive_online`]), then every effect served.
    pub fn frame_online(&mut self) {
        self.network.poll(&mut self.session);
        for c in self.session.drive_online() {
            self.session.apply(c);
        }
        self.serve();
    }

    /// Serves the session's effects ([`serve`]), keeping those that need a window.
    pub fn serve(&mut self) {
        let left = serve(&mut self.session, &mut self.network);
        self.for_the_window.extend(left);
    }
}

impl std::ops::Deref for Headless {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl std::ops::DerefMut for Headless {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}
