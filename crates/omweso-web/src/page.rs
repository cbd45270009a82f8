//! The page's start ([`start`], called by `index.html`) and what it shows to tests
//! ([`test_state`]): the window's [`App`] on the canvas, with the browser's services.

use omweso::app::services::web::{console, keep};
use omweso::app::{App, Start};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{JsValue, wasm_bindgen};

thread_local! {

    /// What the page shows, as [`test_state`] gives it, updated after each frame.
    static SHOWN: RefCell<String> = const { RefCell::new(String::new()) };
    /// The longest a frame's logic and drawing took since [`test_mark`], in ms.
    static LONGEST: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// The window's app on the page, telling [`SHOWN`] what it shows after each frame.
struct Page {
    app: App,
    frames: u64,
    /// CSS pixels per point.
    zoom: f32,
    /// When the last frame's logic began (the page's clock, ms).
    began: f64,
    /// How long the last frame's logic and drawing took (ms), before egui painted it.
    frame_ms: f64,
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
    /// The side laying out now, in the setup (`lower`, `upper`).
    laying: Option<String>,
    /// The online game, when the page plays or watches one.
    online: Option<OnlineShown>,
    /// The computer is searching its move.
    thinking: bool,
    /// A sowing is being shown seed by seed.
    animating: bool,
    /// The analysis panel's judgement of the position shown (its depth and best move in
    /// notation), once made or while deepening.
    judged: Option<(u32, String)>,
    /// The analysis panel's proof of the position shown: `"none"` when nothing was proven
    /// in its time, else the winner (`lower`, `upper`, or `annulled`) and the line's length.
    proof: Option<String>,
    /// The review of the whole game (Analyse game): moves reviewed and in all while it
    /// runs; then the moves of the game that have a verdict.
    reviewing: Option<(usize, usize)>,
    reviewed: usize,
    /// The layout coach's answer in the setup: whether it found a reply that wins by force
    /// (with its proof), and its words.
    coached: Option<(bool, String)>,
    /// The window's title (the game, the side to move).
    title: String,
    /// Each hole's centre on the canvas, in CSS pixels, by its name in the notation (none
    /// before the board is drawn): where a test taps.
    holes: std::collections::BTreeMap<String, [f32; 2]>,
    /// The width of a hole's target, in CSS pixels.
    cell: f32,
    /// How long the last frame's logic and drawing took, in ms (before egui painted it).
    frame_ms: f64,
    /// The longest that took since [`test_mark`] was called, in ms.
    longest_frame_ms: f64,
}

/// What a test reads of an online game.
#[derive(serde::Serialize)]
struct OnlineShown {
    /// The game's join code, once welcomed.
    code: Option<String>,
    /// The page's seat (`lower`, `upper`), none for a spectator.
    seat: Option<String>,
    /// How the game ended, as the server said (none while it is on).
    end: Option<String>,
    /// The link that Host gives, while the other seat is empty.
    join_link: Option<String>,
}

impl Page {
    fn tell(&self) {
        let s = self.app.session();
        let game = s.game();
        let geometry = self.app.board_geometry();
        let holes = geometry
            .map(|g| {
                (0..32)
                    .map(|i| {
                        let hole = omweso_rules::Hole::from_index(i);
                        let at = g.center(hole) * self.zoom;
                        (hole.to_string(), [at.x, at.y])
                    })
                    .collect()
            })
            .unwrap_or_default();
        let shown = Shown {
            frames: self.frames,
            state: game.map(|g| g.current().to_string()),
            moves: game.map_or(0, |g| g.cursor()),
            record: game.map(|g| g.record_text()),
            reviewing: s.game_review_progress(),
            coached: s.setup().and_then(|setup| {
                let a = s.layout_coach().answer(omweso::app::model::layout_coach::Ask::of(setup))?;
                Some((a.winning_reply().is_some(), a.words()))
            }),
            reviewed: game.map_or(0, |g| g.moves().iter().filter(|e| e.review.is_some()).count()),
            setup: s.setup().is_some(),
            laying: s.setup().map(|b| b.laying.name().to_string()),
            online: s.online().map(|o| OnlineShown {
                code: o.code.clone(),
                seat: o.seat().map(|side| side.name().to_string()),
                end: o.end.map(|end| format!("{end:?}")),
                join_link: o.join_link(),
            }),
            thinking: s.computer_busy(),
            animating: s.animating(),
            judged: s.judgement_shown().map(|(j, _)| (j.depth, j.best().to_string())),
            proof: s.proof_shown().map(|p| match p {
                None => "none".to_string(),
                Some(p) => format!("{} in {}", p.winner.map_or("annulled", |w| w.name()), p.moves),
            }),
            title: s.title(),
            holes,
            cell: geometry.map_or(0.0, |g| g.cell * self.zoom),
            frame_ms: self.frame_ms,
            longest_frame_ms: LONGEST.with(|l| {
                l.set(l.get().max(self.frame_ms));
                l.get()
            }),
        };
        let text = serde_json::to_string(&shown).unwrap_or_default();
        SHOWN.with(|cell| *cell.borrow_mut() = text);
    }
}

impl eframe::App for Page {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        self.began = now();
        eframe::App::logic(&mut self.app, ctx, frame);
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        eframe::App::ui(&mut self.app, ui, frame);
        self.frame_ms = now() - self.began;
        self.frames += 1;
        // CSS pixels per point: the page's width (the canvas fills it) over egui's.
        let css_width = web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|w| w.as_f64());
        let points = ui.ctx().content_rect().width();
        if let Some(css) = css_width.filter(|_| points > 0.0) {
            self.zoom = css as f32 / points;
        }
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
    let asked = crate::address::read(&hash);
    let (store, store_notice) = keep::open();
    let notices: Vec<String> = store_notice.into_iter().chain(asked.notices).collect();
    let start = asked.start.unwrap_or(Start::Fresh);
    let commands = asked.commands;
    let options = eframe::WebOptions::default();
    eframe::WebRunner::new()
        .start(
            canvas,
            options,
            Box::new(move |cc| {
                let mut app = App::from_creation(cc, store, start, notices);
                for command in commands {
                    app.push(command);
                }
                Ok(Box::new(Page { app, frames: 0, zoom: 1.0, began: now(), frame_ms: 0.0 }))
            }),
        )
        .await
}

/// What the page shows, as JSON (see `Shown`): `{"frames", "state", "moves", "record",
/// "setup", "thinking", "title"}`; empty before the first frame. For tests and tools.
#[wasm_bindgen]
pub fn test_state() -> String {
    SHOWN.with(|cell| cell.borrow().clone())
}

/// The page's clock, in milliseconds.
fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Starts measuring the longest frame again (`longest_frame_ms` of [`test_state`]).
#[wasm_bindgen]
pub fn test_mark() {
    LONGEST.with(|l| l.set(0.0));
}
