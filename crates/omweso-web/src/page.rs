//! The page's start ([`start`], called by `index.html`) and what it shows to tests
//! ([`test_state`]): the window's [`App`] on the canvas, with the browser's services.

use omweso::app::App;
use omweso::app::services::web::{console, keep};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{JsValue, wasm_bindgen};

thread_local! {
    /// What the page shows, as [`test_state`] gives it, updated after each frame.
    static SHOWN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The window's app on the page, telling [`SHOWN`] what it shows after each frame.
struct Page {
    app: App,
    frames: u64,
}

/// What a test reads of the page after a frame: the game (its position in the rules'
/// notation, its moves played and its record), the setup, the computer thinking.
#[derive(serde::Serialize)]
struct Shown {
    /// Frames drawn so far.
    frames: u64,
    /// The position on the board (`GameState`'s text), none in the setup.
    state: Option<String>,
    /// Moves played (the history's cursor).
    moves: usize,
    /// The game's record (notation), none in the setup.
    record: Option<String>,
    /// The seeds are being laid out.
    setup: bool,
    /// The computer is searching its move.
    thinking: bool,
    /// The window's title (the game, the side to move).
    title: String,
}

impl Page {
    fn tell(&self) {
        let s = self.app.session();
        let game = s.game();
        let shown = Shown {
            frames: self.frames,
            state: game.map(|g| g.current().to_string()),
            moves: game.map_or(0, |g| g.cursor()),
            record: game.map(|g| g.record_text()),
            setup: s.setup().is_some(),
            thinking: s.computer_busy(),
            title: s.title(),
        };
        let text = serde_json::to_string(&shown).unwrap_or_default();
        SHOWN.with(|cell| *cell.borrow_mut() = text);
    }
}

impl eframe::App for Page {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        eframe::App::logic(&mut self.app, ctx, frame);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        eframe::App::ui(&mut self.app, ui, frame);
        self.frames += 1;
        self.tell();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::App::save(&mut self.app, storage);
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// Starts the program on the canvas whose id is `canvas_id`: the game kept from the last
/// visit (or what the address asks for, see [`crate::address`]), drawn with WebGL.
///
/// # Errors
/// No such canvas, or no WebGL: the reason, for the page to show.
#[wasm_bindgen]
pub async fn start(canvas_id: String) -> Result<(), JsValue> {
    console::init();
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas = document
        .get_element_by_id(&canvas_id)
        .ok_or_else(|| format!("no element `{canvas_id}`"))?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .map_err(|_| format!("`{canvas_id}` is not a canvas"))?;
    let hash = window.location().hash().unwrap_or_default();
    let (start, link_notice) = crate::address::start_from(&hash);
    let (store, store_notice) = keep::open();
    let notices: Vec<String> = store_notice.into_iter().chain(link_notice).collect();
    let options = eframe::WebOptions::default();
    eframe::WebRunner::new()
        .start(
            canvas,
            options,
            Box::new(move |cc| Ok(Box::new(Page { app: App::from_creation(cc, store, start, notices), frames: 0 }))),
        )
        .await
}

/// What the page shows, as JSON (see `Shown`): `{"frames", "state", "moves", "record",
/// "setup", "thinking", "title"}`; empty before the first frame. For tests and tools.
#[wasm_bindgen]
pub fn test_state() -> String {
    SHOWN.with(|cell| cell.borrow().clone())
}
