//! What the user asked for. Panels, the board, keyboard shortcuts and tests all record
//! [`Command`]s during a frame; [`crate::app::model::session::Session::apply`] carries them out after drawing, so
//! nothing changes the game in the middle of a frame.

use crate::app::model::animation::Speed;
use crate::app::model::setup::NewGameForm;
use crate::app::model::setup_board::Preset;
use omweso_rules::{Direction, Hole, Layout, Side};

/// The windows that teach the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Teaching {
    /// Help → Learn Omweso: the lessons.
    Learn,
    /// Help → Rules: the rules book and glossary.
    Rules,
    /// Help → What the marks mean.
    Legend,
    /// Help → Rules summary: one page to keep open during a game.
    Summary,
    /// Help → Puzzles: the list of puzzles.
    Puzzles,
}

/// How the place of a save was given: it decides what a file already there means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveAsked {
    /// Typed by the player where no dialog could be shown: another file there is replaced
    /// only when the player says so.
    Typed,
    /// The game's own file, or chosen in the system's dialog (which asked about replacing).
    Chosen,
}

/// One thing the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Start a move from this hole of the player to move (`split`: tournament split).
    PlayHole {
        /// The start hole.
        hole: Hole,
        /// Split a 3-seed hole (RULES.md 3.7), when allowed.
        split: bool,
    },
    /// Answer the decision point the current move is waiting at (RULES.md 3.5).
    Choose(Direction),
    /// Jump to the end of the running animation.
    SkipAnimation,
    /// Take back the last move (or the move being made).
    Undo,
    /// Play the next move of the redo branch again.
    Redo,
    /// Play the moves of the redo branch again up to this many moves from the start.
    RedoTo(usize),
    /// Ask the player on this side to confirm resigning (the Resign button).
    AskResign(Side),
    /// The player on this side resigns.
    Resign(Side),
    /// The board was clicked where nothing takes a click while a window over it pauses
    /// play: the board says which window to finish first (issue 48).
    BoardBlocked,
    /// Open the New Game dialog.
    OpenNewGame,
    /// Start the game described by the form.
    StartGame(Box<NewGameForm>),
    /// The same players again, the other one moving first.
    Rematch,
    /// The next game of the match under way (the game just over joins the match's games;
    /// the file stays the same).
    NextMatchGame,
    /// The clock passed a limit (from [`crate::app::model::session::Session::tick`]).
    ClockRanOut(crate::tournament::ClockEvent),
    /// A lesson's or puzzle's move was played to its end: judge it (from
    /// [`crate::app::model::session::Session::tick`]).
    JudgeMove,
    /// Setup: one more seed from the pool into this hole.
    SetupAdd(Hole),
    /// Setup: one seed from this hole back to the pool.
    SetupRemove(Hole),
    /// Setup: replace the layout being edited by a preset.
    SetupPreset(Preset),
    /// Setup: the player laying out is done.
    SetupDone,
    /// Setup: ask the coach about the layout on the board (Check my layout, or Propose a
    /// reply for the side laying out second: `layout_coach::Ask::of`), in the background.
    AskLayoutCoach,
    /// Setup: lay out the reply the coach proposed, which wins by force.
    UseProposedLayout,
    /// Setup, after the coach found a reply that wins by force: end the setup and show
    /// the game from both layouts with the proof's main line, from its first move.
    StepThroughReply(crate::app::model::layout_coach::Ask),
    /// The computer's layout, for the side it plays, while it lays out (RULES.md §2).
    ComputerLayout(Layout),
    /// Show the position after this many moves, read-only.
    ReviewAt(usize),
    /// Step back one move in review (from the live game: the previous position).
    ReviewPrev,
    /// Step forward one move in review.
    ReviewNext,
    /// Review the start of the game.
    ReviewFirst,
    /// Back to the live game.
    ReviewEnd,
    /// Go on playing from the position shown in review: the later moves become the redo
    /// branch.
    PlayFromHere,
    /// Turn the board round by hand.
    Flip,
    /// Show or hide the hole letters.
    ToggleLetters,
    /// Show or hide every playable hole.
    TogglePlayable,
    /// Turn the board toward the player to move, or not.
    ToggleAutoFlip,
    /// Show or hide the analysis panel.
    ToggleAnalysis,
    /// Light, dark or the desktop's theme (kept in the settings).
    SetTheme(crate::app::model::settings::ThemeChoice),
    /// View → Renderer: the renderer to try first from the next start on.
    SetRenderer(crate::app::services::renderer::RendererChoice),
    /// Show this tab of the side panel.
    ShowPanelTab(crate::app::model::settings::PanelTab),
    /// The analysis panel's "Think longer": judge the position shown again, ten times as
    /// long; the deeper judgement replaces the kept one, and every verdict on a move from
    /// that position is given again from it.
    ThinkLonger,
    /// Mark the threatened holes, or not.
    ToggleThreats,
    /// Against the computer: mark each of your moves, or not.
    ToggleCoach,
    /// Turn on or off the coach's plain words after the course is done.
    TogglePlainCoach,
    /// Review the whole game with the engine, in the background.
    AnalyseGame,
    /// Stop reviewing the game.
    StopAnalysingGame,
    /// Switch the animation on or off.
    ToggleAnimation,
    /// Set the animation speed.
    SetSpeed(Speed),
    /// Set the threads of the computer's search.
    SetThreads(usize),
    /// Sound → Mute: no sound (true), or sound again; at once, a sound under way too.
    SetMuted(bool),
    /// Sound → Volume (0..1).
    SetVolume(f32),
    /// Open or close the keyboard help.
    ToggleHelp,
    /// Help → About: open or close it.
    ToggleAbout,
    /// Open or close one of the windows that teach (the lesson list, the rules book, the
    /// legend of the board's marks).
    ToggleTeaching(Teaching),
    /// Start lesson number `n` of the course (from 0), at its first step.
    StartLesson(usize),
    /// Start lesson number `lesson` of the course at step `step` (both from 0): where the
    /// last run left off.
    StartLessonAt {
        /// The lesson's number.
        lesson: usize,
        /// The step's number in the lesson.
        step: usize,
    },
    /// In a lesson: go on to the next step (or the next lesson after the last).
    LessonNext,
    /// At the course's first game: start it, guided, against the Beginner level, with the
    /// learner's seeds laid out by this preset (issue 41: one click).
    StartGuidedGame(crate::app::model::setup_board::Preset),
    /// In a lesson: take the wrong move back and try again.
    LessonRetry,
    /// In a lesson: play the move the step asks for.
    LessonShowMe,
    /// Leave the lesson.
    LeaveLesson,
    /// Close the game-over dialog.
    DismissGameOver,
    /// Play the computer's move, found for this state.
    ComputerMove(omweso_rules::GameState, omweso_rules::Move),
    /// Ask the computer to move at once with the best move found so far.
    MoveNow,
    /// Ask the computer for a hint for the player to move.
    Hint,
    /// Put puzzle `n` of the list (from 0) on the board.
    StartPuzzle(usize),
    /// Take back the wrong move played in the puzzle, to try again.
    PuzzleRetry,
    /// The next puzzle not solved yet (the list when all are).
    PuzzleNext,
    /// Leave the puzzle, back to the list.
    LeavePuzzle,
    /// The hint's answer: the move suggested in this state (from its kept judgement).
    HintFound(omweso_rules::GameState, omweso_rules::Move),
    /// Verdicts on moves of the game on the board (the coach, the review, a deeper
    /// judgement), each for the move its number names.
    Verdicts(Vec<omweso_engine::review::MoveReview>),
    /// Open a saved game (asks for the file).
    Open,
    /// Save to the game's file (asks for one the first time).
    Save,
    /// Save to a new file.
    SaveAs,
    /// The saved game read at `path` ([`crate::app::model::session::Effect::Read`]) with the
    /// file's stamp, or why it could not be.
    FileRead {
        /// The file asked for.
        path: std::path::PathBuf,
        /// The game and the file's stamp, or the reason in words.
        read: Result<(Box<crate::savefile::SavedGame>, Option<crate::app::services::files::Stamp>), String>,
    },
    /// The game written to `path` ([`crate::app::model::session::Effect::Write`]), with the
    /// file's stamp after, or why it could not be.
    FileWritten {
        /// The file written.
        path: std::path::PathBuf,
        /// The game as written.
        game: Box<crate::savefile::SavedGame>,
        /// The file's stamp after the write, or the reason in words.
        written: Result<Option<crate::app::services::files::Stamp>, String>,
    },
    /// What is at `path`, looked at before a save there
    /// ([`crate::app::model::session::Effect::Look`]).
    Looked {
        /// Where the game is to be saved.
        path: std::path::PathBuf,
        /// How the place was given.
        asked: SaveAsked,
        /// What is there.
        look: crate::app::services::files::Look,
    },
    /// The stamp of the document's file, asked when the document came back without one
    /// ([`crate::app::model::session::Effect::Stamp`]).
    Stamped {
        /// The document's file.
        path: std::path::PathBuf,
        /// Its stamp, when it can be asked.
        stamp: Option<crate::app::services::files::Stamp>,
    },
    /// Open the saved game at this path, typed where no file dialog can be shown.
    OpenPath(std::path::PathBuf),
    /// Open this saved game, asking first about unsaved changes: a file handed to this
    /// window by a later start of the program (a double-click in a file manager).
    OpenHanded(std::path::PathBuf),
    /// Save over the game's file although it changed on disk since this window read or
    /// wrote it (the "changed on disk" prompt's Overwrite).
    OverwriteChanged,
    /// The "Replace …?" question's Replace: the game is written over the file the typed
    /// path names.
    ReplaceFile,
    /// The system's file dialog answered: the path chosen, cancelled, or not shown at all.
    DialogAnswered(crate::app::services::files::DialogAnswer),
    /// Save to this path, typed where no file dialog can be shown.
    SavePath(std::path::PathBuf),
    /// Close the window.
    Quit,
    /// Drop the unsaved changes and carry out the command that was waiting.
    Discard,
    /// Close the window of this kind, if it is open, whatever is on top: the New Game
    /// dialog without starting, the resign question (keep playing), the typed-path prompt
    /// without opening or saving, the unsaved-changes prompt (the changes kept, the command
    /// that waited forgotten), a notice. The system's file dialog answers for itself and
    /// is not closed by it.
    CloseModal(ModalKind),
    /// Esc: close the window on top (New Game, a prompt, a notice, the help).
    CancelModal,
    /// Enter: press the default button of the window on top (Start, Save, Resign, OK).
    ConfirmModal,
    /// Open the New Game dialog set to start from a game state (RULES.md §5): this text,
    /// pasted or empty to type one. With the dialog open, the text replaces the one in
    /// its game state field.
    NewGameFromState(String),
    /// Play on from this game state at once, two people at one computer (`omweso --state`,
    /// from a later start too): a new document, so unsaved changes are asked about first.
    PlayFromState(Box<omweso_rules::GameState>),
    /// Play on from the game of a link: `moves` (`;` between them, `model::link`'s form)
    /// played from `start`, two people at one computer; moves that cannot be played are
    /// said and nothing changes. A new document, as [`Command::PlayFromState`].
    PlayGame {
        /// The game's starting state.
        start: Box<omweso_rules::GameState>,
        /// Its moves.
        moves: String,
    },
    /// Copy a link that opens the game on the board, with its moves, to the clipboard (a
    /// page's; a window has no address to link to).
    CopyGameLink,
    /// Copy the game state shown (RULES.md §5) to the clipboard.
    CopyState,
    /// Copy the move record (RULES.md §5 notation) to the clipboard.
    CopyRecord,
    /// Online play (Game → Play online…), and the connection's events.
    Online(crate::app::model::online::OnlineCommand),
}

/// Which window a [`Modal`](crate::app::model::modal::Modal) is, without what it holds ([`Modal::kind`](crate::app::model::modal::Modal::kind)), for
/// [`Command::CloseModal`]. It stands here, beside the command, so that the commands need
/// not import the modal stack (which holds a command waiting for an answer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModalKind {
    /// [`Modal::NewGame`](crate::app::model::modal::Modal::NewGame).
    NewGame,
    /// [`Modal::Unsaved`](crate::app::model::modal::Modal::Unsaved).
    Unsaved,
    /// [`Modal::Path`](crate::app::model::modal::Modal::Path).
    Path,
    /// [`Modal::FileDialog`](crate::app::model::modal::Modal::FileDialog) (it answers for itself: no command closes it).
    FileDialog,
    /// [`Modal::Resign`](crate::app::model::modal::Modal::Resign).
    Resign,
    /// [`Modal::Problem`](crate::app::model::modal::Modal::Problem).
    Problem,
    /// [`Modal::ChangedOnDisk`](crate::app::model::modal::Modal::ChangedOnDisk).
    ChangedOnDisk,
    /// [`Modal::Replace`](crate::app::model::modal::Modal::Replace).
    Replace,
    /// [`Modal::Help`](crate::app::model::modal::Modal::Help).
    Help,
    /// [`Modal::About`](crate::app::model::modal::Modal::About).
    About,
    /// [`Modal::Learn`](crate::app::model::modal::Modal::Learn).
    Learn,
    /// [`Modal::Puzzles`](crate::app::model::modal::Modal::Puzzles).
    Puzzles,
    /// [`Modal::Rules`](crate::app::model::modal::Modal::Rules).
    Rules,
    /// [`Modal::Legend`](crate::app::model::modal::Modal::Legend).
    Legend,
    /// [`Modal::Online`](crate::app::model::modal::Modal::Online).
    Online,
    /// [`Modal::Summary`](crate::app::model::modal::Modal::Summary).
    Summary,
    /// [`Modal::Leave`](crate::app::model::modal::Modal::Leave).
    Leave,
    /// [`Modal::OnlineGames`](crate::app::model::modal::Modal::OnlineGames).
    OnlineGames,
}
