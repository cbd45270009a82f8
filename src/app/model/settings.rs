//! What the window remembers between runs, and how it is read back without losing anything:
//! each setting is its own storage value (one unreadable value falls back alone), an
//! unreadable storage file is set aside rather than overwritten, and a remembered window
//! position or size is clamped to something a player can see.

use crate::app::model::animation::Speed;
use crate::app::model::setup::NewGameForm;
use crate::app::services::renderer::RendererChoice;
use crate::app::services::store::Kept;
use omweso_rules::Side;
use serde::{Serialize, de::DeserializeOwned};
use std::path::PathBuf;

/// The window's view settings and the last New Game form (eframe persistence).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// Show the hole letters.
    pub letters: bool,
    /// Mark every playable hole.
    pub show_playable: bool,
    /// Which way the board is turned.
    pub board_turn: BoardTurn,
    /// Animate sowing.
    pub animate: bool,
    /// Animation speed.
    pub speed: Speed,
    /// The last New Game form.
    pub form: NewGameForm,
    /// The ids of the lessons finished, in the order they were finished.
    pub lessons_done: Vec<String>,
    /// The ids of the puzzles solved (`assets/puzzles/`), in the order they were solved.
    pub puzzles_solved: Vec<String>,
    /// Show the analysis panel (the engine thinking about the position shown).
    pub analysis: bool,
    /// Mark the holes the opponent could capture next (always on in lessons and against
    /// the Beginner level).
    pub threats: bool,
    /// Against the computer, mark each of your moves against the engine's best.
    pub coach: bool,
    /// The coach speaks to a new player (what a move gave away that the board shows, no
    /// proofs) even once the course is done; before that it always does (issue 51).
    pub plain_coach: bool,
    /// Threads the computer's search uses (every core by default).
    pub threads: usize,
    /// Light, dark, or as the desktop is.
    pub theme: ThemeChoice,
    /// The side panel's tab below the controls.
    pub panel_tab: PanelTab,
    /// The folder a game was last opened from or saved to (where the typed-path prompt
    /// starts).
    pub last_folder: Option<PathBuf>,
    /// Sound → Mute: no sound at all.
    pub muted: bool,
    /// Sound → Volume, 0..1.
    pub volume: f32,
    /// View → Renderer: the renderer tried first at the next start.
    pub renderer: RendererChoice,
    /// The player's unfinished online games, each with its seat's resume token (Game →
    /// Online games): a seat is never dropped while its game is on (issue 48).
    pub online_games: Vec<crate::app::model::online::OnlinePlace>,
}

/// Which way the board is turned: whose half of it is at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BoardTurn {
    /// Always this side's view (Lower's is the usual one; Upper's is the board flipped).
    Fixed(Side),
    /// Turned toward the player to move (or laying out) at every turn.
    FollowsMover,
}

impl Default for BoardTurn {
    fn default() -> BoardTurn {
        BoardTurn::Fixed(Side::Lower)
    }
}

/// The window's theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ThemeChoice {
    /// As the desktop is.
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

impl ThemeChoice {
    /// Every choice, in the menu's order, with its label.
    pub const ALL: [(ThemeChoice, &'static str); 3] =
        [(ThemeChoice::System, "System"), (ThemeChoice::Light, "Light"), (ThemeChoice::Dark, "Dark")];

    /// egui's preference for this choice.
    pub fn preference(self) -> egui::ThemePreference {
        match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        }
    }
}

/// The side panel's tabs under the controls that are always there (status, players,
/// buttons, the message and the coach's word).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PanelTab {
    /// The last move in words, the move list, Analyse game, the position.
    #[default]
    Moves,
    /// The engine's judgement of the position shown, and the review of the game.
    Analysis,
    /// The board's options.
    Board,
}

impl PanelTab {
    /// Every tab, in order, with its label.
    pub const ALL: [(PanelTab, &'static str); 3] =
        [(PanelTab::Moves, "Moves"), (PanelTab::Analysis, "Analysis"), (PanelTab::Board, "Board")];
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            letters: true,
            show_playable: false,
            board_turn: BoardTurn::default(),
            animate: true,
            speed: Speed::Normal,
            form: NewGameForm::default(),
            lessons_done: Vec::new(),
            puzzles_solved: Vec::new(),
            analysis: false,
            threats: false,
            coach: false,
            plain_coach: false,
            threads: crate::app::services::job::cores(),
            theme: ThemeChoice::System,
            panel_tab: PanelTab::Moves,
            last_folder: None,
            muted: false,
            volume: DEFAULT_VOLUME,
            renderer: RendererChoice::Automatic,
            online_games: Vec::new(),
        }
    }
}

/// The volume of a first run (Sound → Volume).
pub const DEFAULT_VOLUME: f32 = 0.8;

/// The prefix of each setting's storage key (`omweso.settings.speed`, …).
pub const PREFIX: &str = "omweso.settings.";

impl Settings {
    /// The settings kept in `storage`, each read on its own: a value that is missing takes
    /// its default silently; one that cannot be read takes its default and is named in the
    /// returned list (for a notice), and the other settings are kept.
    pub fn load(storage: &dyn Kept) -> (Settings, Vec<String>) {
        let mut bad = Vec::new();
        let d = Settings::default();
        let s = Settings {
            letters: field(storage, "letters", d.letters, &mut bad),
            show_playable: field(storage, "show_playable", d.show_playable, &mut bad),
            board_turn: board_turn(storage, &mut bad),
            animate: field(storage, "animate", d.animate, &mut bad),
            speed: field(storage, "speed", d.speed, &mut bad),
            form: field(storage, "form", d.form, &mut bad),
            lessons_done: field(storage, "lessons_done", d.lessons_done, &mut bad),
            puzzles_solved: field(storage, "puzzles_solved", d.puzzles_solved, &mut bad),
            analysis: field(storage, "analysis", d.analysis, &mut bad),
            threats: field(storage, "threats", d.threats, &mut bad),
            coach: field(storage, "coach", d.coach, &mut bad),
            plain_coach: field(storage, "plain_coach", d.plain_coach, &mut bad),
            threads: field(storage, "threads", d.threads, &mut bad).clamp(1, 256),
            theme: field(storage, "theme", d.theme, &mut bad),
            panel_tab: field(storage, "panel_tab", d.panel_tab, &mut bad),
            last_folder: field(storage, "last_folder", d.last_folder, &mut bad),
            muted: field(storage, "muted", d.muted, &mut bad),
            volume: volume(field(storage, "volume", d.volume, &mut bad)),
            renderer: field(storage, "renderer", d.renderer, &mut bad),
            online_games: field(storage, "online_games", d.online_games, &mut bad),
        };
        (s, bad)
    }

    /// Writes every setting to `storage`, each under its own key.
    pub fn store(&self, storage: &mut dyn Kept) {
        put(storage, "letters", &self.letters);
        put(storage, "show_playable", &self.show_playable);
        put(storage, "board_turn", &self.board_turn);
        put(storage, "animate", &self.animate);
        put(storage, "speed", &self.speed);
        put(storage, "form", &self.form);
        put(storage, "lessons_done", &self.lessons_done);
        put(storage, "puzzles_solved", &self.puzzles_solved);
        put(storage, "analysis", &self.analysis);
        put(storage, "threats", &self.threats);
        put(storage, "coach", &self.coach);
        put(storage, "plain_coach", &self.plain_coach);
        put(storage, "threads", &self.threads);
        put(storage, "theme", &self.theme);
        put(storage, "panel_tab", &self.panel_tab);
        put(storage, "last_folder", &self.last_folder);
        put(storage, "muted", &self.muted);
        put(storage, "volume", &self.volume);
        put(storage, "renderer", &self.renderer);
        put(storage, "online_games", &self.online_games);
    }
}

/// The way the board is turned, as kept in `storage`: under `board_turn`, or, kept by an
/// older version, as the two flags `flipped` (Upper's view) and `auto_flip` (turned toward
/// the player to move), which it replaces.
fn board_turn(storage: &dyn Kept, bad: &mut Vec<String>) -> BoardTurn {
    if storage.kept(&format!("{PREFIX}board_turn")).is_some() {
        return field(storage, "board_turn", BoardTurn::default(), bad);
    }
    if field(storage, "auto_flip", false, bad) {
        BoardTurn::FollowsMover
    } else if field(storage, "flipped", false, bad) {
        BoardTurn::Fixed(Side::Upper)
    } else {
        BoardTurn::default()
    }
}

/// A volume made fit to use: 0..1, and the default for what is not a number.
pub fn volume(v: f32) -> f32 {
    if v.is_finite() { v.clamp(0.0, 1.0) } else { DEFAULT_VOLUME }
}

fn field<T: DeserializeOwned>(storage: &dyn Kept, name: &str, default: T, bad: &mut Vec<String>) -> T {
    match storage.kept(&format!("{PREFIX}{name}")) {
        None => default,
        Some(text) => ron::from_str(&text).unwrap_or_else(|_| {
            bad.push(name.replace('_', " "));
            default
        }),
    }
}

fn put<T: Serialize>(storage: &mut dyn Kept, name: &str, value: &T) {
    if let Ok(text) = ron::to_string(value) {
        storage.keep(&format!("{PREFIX}{name}"), text);
    }
}

/// The smallest window the layout works in (points).
pub const MIN_WINDOW: egui::Vec2 = egui::vec2(640.0, 420.0);

/// A remembered window rectangle (outer position and inner size, in points) made fit for
/// `monitor` (the monitor's size in points, when known): the size at least
/// [`MIN_WINDOW`] and at most the monitor, and the position such that the whole window is
/// on the monitor (a window remembered half off it is moved back, not left as a corner). Without a monitor size only the size is
/// clamped (to the minimum) and a position that is not a number is dropped.
pub fn clamp_window(
    position: Option<egui::Pos2>,
    size: egui::Vec2,
    monitor: Option<egui::Vec2>,
) -> (Option<egui::Pos2>, egui::Vec2) {
    let finite = |v: egui::Vec2| if v.x.is_finite() && v.y.is_finite() { v } else { MIN_WINDOW };
    let mut size = finite(size).max(MIN_WINDOW);
    let Some(monitor) = monitor.filter(|m| m.x >= MIN_WINDOW.x && m.y >= MIN_WINDOW.y) else {
        return (position.filter(|p| p.x.is_finite() && p.y.is_finite()), size);
    };
    size = size.min(monitor);
    let position = position
        .filter(|p| p.x.is_finite() && p.y.is_finite())
        .map(|p| egui::pos2(p.x.clamp(0.0, monitor.x - size.x), p.y.clamp(0.0, monitor.y - size.y)));
    (position, size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::services::store::Memory;

    #[test]
    fn settings_round_trip_through_storage() {
        let mut m = Memory::default();
        let s = Settings {
            letters: false,
            speed: Speed::Fast,
            board_turn: BoardTurn::FollowsMover,
            puzzles_solved: vec!["s1g28m17".into()],
            renderer: RendererChoice::Glow,
            ..Settings::default()
        };
        s.store(&mut m);
        assert_eq!(Settings::load(&m), (s, vec![]));
    }

    #[test]
    fn the_board_turn_kept_by_an_older_version_as_two_flags_is_read() {
        let kept = |pairs: &[(&str, &str)]| {
            let mut m = Memory::default();
            for (k, v) in pairs {
                m.0.insert(format!("{PREFIX}{k}"), v.to_string());
            }
            Settings::load(&m).0.board_turn
        };
        assert_eq!(kept(&[]), BoardTurn::Fixed(Side::Lower));
        assert_eq!(kept(&[("flipped", "true"), ("auto_flip", "false")]), BoardTurn::Fixed(Side::Upper));
        assert_eq!(kept(&[("flipped", "true"), ("auto_flip", "true")]), BoardTurn::FollowsMover);
        assert_eq!(kept(&[("flipped", "true"), ("board_turn", "Fixed(Lower)")]), BoardTurn::Fixed(Side::Lower));
    }

    #[test]
    fn mute_and_volume_round_trip_through_storage_each_under_its_own_key() {
        let mut m = Memory::default();
        let s = Settings { muted: true, volume: 0.35, ..Settings::default() };
        s.store(&mut m);
        assert_eq!(m.0.get(&format!("{PREFIX}muted")).map(String::as_str), Some("true"));
        assert_eq!(m.0.get(&format!("{PREFIX}volume")).map(String::as_str), Some("0.35"));
        assert_eq!(Settings::load(&m), (s.clone(), vec![]));
        // A volume out of range is brought back into it; an unreadable one falls back alone.
        m.0.insert(format!("{PREFIX}volume"), "7.0".into());
        assert_eq!(Settings::load(&m).0.volume, 1.0);
        m.0.insert(format!("{PREFIX}volume"), "loud".into());
        assert_eq!(Settings::load(&m), (Settings { volume: DEFAULT_VOLUME, ..s }, vec!["volume".to_string()]));
        // A storage from before the Sound menu: sound on, at the default volume.
        let (old, bad) = Settings::load(&Memory::default());
        assert_eq!((old.muted, old.volume, bad), (false, DEFAULT_VOLUME, vec![]));
    }

    #[test]
    fn one_unreadable_setting_falls_back_alone() {
        let mut m = Memory::default();
        let s = Settings {
            letters: false,
            board_turn: BoardTurn::Fixed(Side::Upper),
            speed: Speed::Slow,
            ..Settings::default()
        };
        s.store(&mut m);
        m.0.insert(format!("{PREFIX}speed"), "Ludicrous".into());
        let (back, bad) = Settings::load(&m);
        assert_eq!(bad, vec!["speed".to_string()]);
        assert_eq!(back, Settings { speed: Speed::Normal, ..s });
    }

    #[test]
    fn a_remembered_window_is_clamped_to_the_monitor_and_the_minimum_size() {
        let monitor = Some(egui::vec2(1920.0, 1080.0));
        let (p, s) = clamp_window(Some(egui::pos2(30_000.0, -5_000.0)), egui::vec2(1.0, 1.0), monitor);
        assert_eq!(s, MIN_WINDOW);
        assert_eq!(p, Some(egui::pos2(1920.0 - MIN_WINDOW.x, 0.0)), "the whole window on the monitor");
        // Far off to the right and below: all of it comes back, not a corner.
        let (p, _) = clamp_window(Some(egui::pos2(1800.0, 1000.0)), egui::vec2(1280.0, 800.0), monitor);
        assert_eq!(p, Some(egui::pos2(640.0, 280.0)));
        let (p, s) = clamp_window(Some(egui::pos2(100.0, 50.0)), egui::vec2(1280.0, 800.0), monitor);
        assert_eq!((p, s), (Some(egui::pos2(100.0, 50.0)), egui::vec2(1280.0, 800.0)), "a sane one is kept");
        let (_, s) = clamp_window(None, egui::vec2(9_000.0, 9_000.0), monitor);
        assert_eq!(s, egui::vec2(1920.0, 1080.0));
        let (_, s) = clamp_window(None, egui::vec2(f32::NAN, 3.0), None);
        assert_eq!(s, MIN_WINDOW);
    }
}
