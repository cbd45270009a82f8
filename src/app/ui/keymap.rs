//! Every keyboard shortcut, in one table that drives the keyboard ([`read`]), the menu labels
//! ([`shortcut_text`], formatted by egui so that macOS shows ⌘) and Help → Keyboard
//! ([`help_rows`]). Each key has one meaning.

use crate::app::model::command::Command;
use egui::{Context, Key, KeyboardShortcut, Modifiers};
use omweso_rules::{Direction, Hole, Side};

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn cmd(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, k)
}

const fn cmd_shift(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), k)
}

/// One line of the table: the keys, what they ask for and the help text.
pub struct Binding {
    /// The keys, the first one shown in menus. More specific ones come first in the table
    /// (Ctrl+Shift+S before Ctrl+S), since egui ignores an extra Shift when matching.
    pub keys: &'static [KeyboardShortcut],
    /// What the keys ask for.
    pub command: Command,
    /// What they do, in Help → Keyboard.
    pub help: &'static str,
    /// True when the keys also work while a window (New Game, a prompt) is open.
    pub over_windows: bool,
}

const fn bind(keys: &'static [KeyboardShortcut], command: Command, help: &'static str) -> Binding {
    Binding { keys, command, help, over_windows: false }
}

const fn global(keys: &'static [KeyboardShortcut], command: Command, help: &'static str) -> Binding {
    Binding { keys, command, help, over_windows: true }
}

/// The table. Esc, Enter and the hole letters are read by [`read`] too; their rows in the
/// help come from [`help_rows`].
pub static BINDINGS: &[Binding] = &[
    bind(&[cmd_shift(Key::Z), cmd(Key::Y)], Command::Redo, "Redo"),
    bind(&[cmd(Key::Z)], Command::Undo, "Undo (also the move being made)"),
    bind(&[cmd(Key::N)], Command::OpenNewGame, "New game"),
    bind(&[cmd_shift(Key::S)], Command::SaveAs, "Save as"),
    global(&[cmd(Key::S)], Command::Save, "Save (also from the unsaved-changes prompt)"),
    bind(&[cmd(Key::O)], Command::Open, "Open a saved game"),
    global(&[key(Key::F1)], Command::ToggleHelp, "This help"),
    bind(&[key(Key::F3)], Command::ToggleLetters, "Hole letters on/off"),
    bind(&[key(Key::F4)], Command::TogglePlayable, "Show all playable holes"),
    bind(&[key(Key::F5)], Command::Flip, "Flip the board"),
    bind(&[key(Key::F6)], Command::ToggleAnimation, "Animation on/off"),
    bind(&[key(Key::F7)], Command::ToggleAnalysis, "Analysis on/off"),
    bind(&[key(Key::F8)], Command::AnalyseGame, "Analyse the whole game: every move reviewed"),
    bind(&[key(Key::F9)], Command::AskLayoutCoach, "Setup: Check my layout, or Propose a reply"),
    bind(&[key(Key::Space)], Command::SkipAnimation, "Skip to the end of the move being animated"),
    bind(&[key(Key::X)], Command::Choose(Direction::Clockwise), "At a decision: sow clockwise (capture)"),
    bind(&[key(Key::R)], Command::Choose(Direction::Anticlockwise), "At a decision: sow anticlockwise"),
    bind(&[key(Key::ArrowLeft)], Command::ReviewPrev, "Review: one move back"),
    bind(&[key(Key::ArrowRight)], Command::ReviewNext, "Review: one move forward"),
    bind(&[key(Key::Home)], Command::ReviewFirst, "Review: the start of the game"),
    bind(&[key(Key::End)], Command::ReviewEnd, "Back to the live game"),
];

/// The keys A..P, which name the holes a..p (A..P) of the player acting now.
const LETTER_KEYS: [Key; 16] = [
    Key::A,
    Key::B,
    Key::C,
    Key::D,
    Key::E,
    Key::F,
    Key::G,
    Key::H,
    Key::I,
    Key::J,
    Key::K,
    Key::L,
    Key::M,
    Key::N,
    Key::O,
    Key::P,
];

/// What the keyboard may do this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyContext {
    /// A window (New Game, a prompt, the help) is open over the board: Esc and Enter are
    /// its.
    pub window_open: bool,
    /// A window that pauses play is open: the board's keys wait.
    pub paused: bool,
    /// The side whose holes the letters name, and whether seeds are being laid out.
    pub acting: Side,
    /// True during setup: a letter adds a seed (Shift+letter takes one back).
    pub setup: bool,
    /// A text field had the keyboard when the frame began: its Esc only leaves the field.
    pub text_had_focus: bool,
}

/// Reads the keyboard once into commands, from the table. Esc asks the top window to close
/// (or goes back to the live game); Enter presses the top window's default button.
pub fn read(ctx: &Context, at: KeyContext) -> Vec<Command> {
    let mut out = Vec::new();
    if ctx.egui_wants_keyboard_input() {
        return out;
    }
    ctx.input_mut(|i| {
        // Esc in a text field only leaves the field (egui does that); the key is left for
        // a window that reads it itself (the typed-path prompt).
        if !at.text_had_focus && i.consume_key(Modifiers::NONE, Key::Escape) {
            out.push(if at.window_open { Command::CancelModal } else { Command::ReviewEnd });
        }
        if at.window_open && i.consume_key(Modifiers::NONE, Key::Enter) {
            out.push(Command::ConfirmModal);
        } else if at.setup && !at.window_open && i.consume_key(Modifiers::NONE, Key::Enter) {
            // Setup from the keyboard: the letters add seeds, Enter is Done.
            out.push(Command::SetupDone);
        }
        // Every press, in the order pressed, however many came in this frame (ten Ctrl+Z in
        // one slow frame undo ten moves; egui's `consume_shortcut` would take them all as
        // one). The first line of the table that matches, as egui matches a shortcut.
        i.events.retain(|e| {
            let egui::Event::Key { key, pressed: true, modifiers, .. } = e else { return true };
            let matches = |k: &KeyboardShortcut| k.logical_key == *key && modifiers.matches_logically(k.modifiers);
            let binding = BINDINGS.iter().find(|b| (b.over_windows || !at.paused) && b.keys.iter().any(matches));
            match binding {
                Some(b) => {
                    out.push(b.command.clone());
                    false
                }
                None => true,
            }
        });
        // Pasted text (Ctrl+V, or the dialog's Paste button) when no text field has the
        // keyboard: a game state to start from.
        for e in &i.events {
            if let egui::Event::Paste(text) = e {
                out.push(Command::NewGameFromState(text.clone()));
            }
        }
        if at.paused {
            return;
        }
        // Each letter press with the Shift it had itself (a quick Shift+letter must not
        // read the modifiers at the frame's end), in order, and taken out of the input.
        i.events.retain(|e| {
            let egui::Event::Key { key, pressed: true, modifiers, .. } = e else { return true };
            let Some(n) = LETTER_KEYS.iter().position(|k| k == key) else { return true };
            if modifiers.command || modifiers.alt || modifiers.ctrl {
                return true;
            }
            if let Some(hole) = Hole::all(at.acting).nth(n) {
                out.push(match (at.setup, modifiers.shift) {
                    (true, false) => Command::SetupAdd(hole),
                    (true, true) => Command::SetupRemove(hole),
                    (false, _) => Command::PlayHole { hole, split: false },
                });
            }
            false
        });
    });
    out
}

/// The keys of `command` as egui writes them on this system (`Ctrl+S`, `⌘S`), for menus.
pub fn shortcut_text(ctx: &Context, command: &Command) -> Option<String> {
    let b = BINDINGS.iter().find(|b| &b.command == command)?;
    Some(b.keys.iter().map(|k| ctx.format_shortcut(k)).collect::<Vec<_>>().join(", "))
}

/// Every key and its meaning, for Help → Keyboard: the table, then the keys read by hand.
pub fn help_rows(ctx: &Context) -> Vec<(String, &'static str)> {
    let mut rows = vec![
        ("a … p  (with or without Shift)".to_string(), "Play that hole of the player to move (Upper: A … P)"),
        ("a … p  in setup".to_string(), "Add a seed to that hole; Shift+letter takes one back"),
        ("Enter  in setup".to_string(), "Done: the layout is finished"),
    ];
    rows.extend(BINDINGS.iter().map(|b| {
        let keys: Vec<String> = b.keys.iter().map(|k| ctx.format_shortcut(k)).collect();
        (keys.join(", "), b.help)
    }));
    rows.push((ctx.format_shortcut(&cmd(Key::V)), "Paste a game state: New Game starting from it"));
    rows.push(("Enter".into(), "The default button of the window on top (Start, Save, Resign, OK…)"));
    rows.push(("Esc".into(), "Close the window on top (first leaves a text field); else back to the live game"));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The commands `read` makes of `events`, all arriving in one frame.
    fn read_frame(events: Vec<egui::Event>) -> Vec<Command> {
        let ctx = Context::default();
        let at =
            KeyContext { window_open: false, paused: false, acting: Side::Lower, setup: false, text_had_focus: false };
        let mut out = Vec::new();
        let _ = ctx.run_ui(egui::RawInput { events, ..Default::default() }, |ui| out = read(ui.ctx(), at));
        out
    }

    fn press(key: Key, modifiers: Modifiers) -> egui::Event {
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers }
    }

    #[test]
    fn every_press_in_a_slow_frame_is_a_command() {
        let ten_undos = read_frame(vec![press(Key::Z, Modifiers::COMMAND); 10]);
        assert_eq!(ten_undos, vec![Command::Undo; 10]);
        let mixed = read_frame(vec![
            press(Key::F3, Modifiers::NONE),
            press(Key::Z, Modifiers::COMMAND),
            press(Key::F3, Modifiers::NONE),
            press(Key::Y, Modifiers::COMMAND),
            press(Key::Z, Modifiers::COMMAND.plus(Modifiers::SHIFT)),
        ]);
        let expected = [Command::ToggleLetters, Command::Undo, Command::ToggleLetters, Command::Redo, Command::Redo];
        assert_eq!(mixed, expected, "in the order pressed; Ctrl+Shift+Z is Redo");
    }

    #[test]
    fn each_key_has_one_meaning() {
        let mut seen = std::collections::HashSet::new();
        for b in BINDINGS {
            for k in b.keys {
                assert!(seen.insert((k.modifiers.command, k.modifiers.shift, k.logical_key)), "{k:?} twice");
                assert!(!LETTER_KEYS.contains(&k.logical_key) || k.modifiers.command, "{k:?} shadows a hole letter");
            }
        }
    }
}
