//! Puzzles (issue 20): positions from engine games in which exactly one move wins by force.
//! They are data, `assets/puzzles/puzzles.ron` (embedded at build time), made by the engine's
//! example `make_puzzles` with the solver. Each holds the game state (RULES.md §5), the one
//! winning move, the length of its proof in moves (the grade), the proof itself in the file
//! form of `omweso solve --proof` (its first line is the puzzle's state with the answer), and
//! for every other legal move the opponent's proof of a win after it: the refutation.
//!
//! [`load`] reads the file and checks through the rules what the window relies on: every
//! state and move is read, every move is legal where it stands, every main line is played to
//! its end in the winner's win, and the refutations cover exactly the legal moves other than
//! the answer. That the proofs themselves hold is checked by `tests/puzzles.rs` with the
//! rules-only proof checker.

use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Move, Side};

/// The embedded puzzle file.
pub static PUZZLES_FILE: &str = include_str!("../assets/puzzles/puzzles.ron");

/// One puzzle as written in the file.
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleText {
    /// A short unique name (`s1g28m17`: seed, game and move of the engine game it came
    /// from), kept in the settings when solved.
    pub id: String,
    /// The position, the solver to move (RULES.md §5 full game state).
    pub state: String,
    /// The one move that wins (RULES.md §5 move notation).
    pub answer: String,
    /// The longest line of the answer's proof, in moves of both players, the answer first.
    pub moves: u32,
    /// The proof's main line: the answer, then the longest defence and the winner's replies.
    pub line: Vec<String>,
    /// The proof of the answer, one line `<full game state>\t<move>` each.
    pub proof: Vec<String>,
    /// The opponent's win after each other legal move.
    pub refutations: Vec<RefutationText>,
}

/// A wrong move and the opponent's proven win after it, as written.
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RefutationText {
    /// The wrong move (RULES.md §5).
    pub wrong: String,
    /// The longest line of the opponent's proof, in moves, the opponent's reply first.
    pub moves: u32,
    /// The opponent's main line, its reply first.
    pub line: Vec<String>,
    /// The opponent's proof from the position after the wrong move.
    pub proof: Vec<String>,
}

/// How hard a puzzle is, by the length of its proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// A win within 1 to 3 moves.
    Easy,
    /// 4 to 8 moves.
    Medium,
    /// 9 moves and more.
    Hard,
}

impl Grade {
    /// The grade of a proof `moves` long.
    pub fn of(moves: u32) -> Grade {
        match moves {
            0..=3 => Grade::Easy,
            4..=8 => Grade::Medium,
            _ => Grade::Hard,
        }
    }

    /// `Easy`, `Medium` or `Hard`.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "Easy",
            Grade::Medium => "Medium",
            Grade::Hard => "Hard",
        }
    }
}

/// A proven win from one position: its length, main line and proof text.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvenWin {
    /// The side that wins.
    pub winner: Side,
    /// The longest line, in moves.
    pub moves: u32,
    /// The main line, the winner's first move first.
    pub line: Vec<Move>,
    /// The proof in the file form of `omweso solve --proof`.
    pub proof: String,
}

/// A puzzle checked against the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Its unique name.
    pub id: String,
    /// The position; the side to move is the one to find the win.
    pub state: GameState,
    /// The one winning move.
    pub answer: Move,
    /// The answer's proven win (its line starts with the answer).
    pub win: ProvenWin,
    /// Each other legal move with the opponent's proven win after it.
    pub refutations: Vec<(Move, ProvenWin)>,
}

/// What a move played in a puzzle is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict<'a> {
    /// The answer: it wins.
    Solved,
    /// A wrong move, and the opponent's win after it.
    Refuted(&'a ProvenWin),
}

impl Puzzle {
    /// How hard it is.
    pub fn grade(&self) -> Grade {
        Grade::of(self.win.moves)
    }

    /// The side to move, who has the win to find.
    pub fn solver(&self) -> Side {
        self.state.to_move()
    }

    /// What `mv`, played in the puzzle's position, is; `None` for a move that is not legal
    /// there (a checked puzzle answers every legal move).
    pub fn verdict(&self, mv: &Move) -> Option<Verdict<'_>> {
        if *mv == self.answer {
            return Some(Verdict::Solved);
        }
        self.refutations.iter().find(|(m, _)| m == mv).map(|(_, w)| Verdict::Refuted(w))
    }
}

/// Why a puzzle file does not load.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The file is not the puzzles' RON.
    #[error("puzzle file: {0}")]
    File(String),
    /// Two puzzles have one id.
    #[error("puzzle file: the id `{0}` is used twice")]
    DuplicateId(String),
    /// One puzzle is wrong.
    #[error("puzzle `{id}`: {message}")]
    Puzzle {
        /// The puzzle's id.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads a puzzle file (a RON list of [`PuzzleText`]) and checks each puzzle through the
/// rules (see the module's words).
///
/// # Errors
/// [`PuzzleError`] naming the puzzle and what is wrong in it.
pub fn load(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let texts: Vec<PuzzleText> = ron::from_str(text).map_err(|e| PuzzleError::File(e.to_string()))?;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(texts.len());
    for t in &texts {
        if !seen.insert(t.id.as_str()) {
            return Err(PuzzleError::DuplicateId(t.id.clone()));
        }
        out.push(check(t).map_err(|message| PuzzleError::Puzzle { id: t.id.clone(), message })?);
    }
    Ok(out)
}

/// The embedded puzzles, in the file's order (easiest first).
///
/// # Errors
/// As [`load`]; a test keeps the embedded file loading.
pub fn all() -> Result<Vec<Puzzle>, PuzzleError> {
    load(PUZZLES_FILE)
}

/// The embedded puzzles, read and checked once for the whole program (the window's list).
///
/// # Errors
/// Why the embedded file did not load, as [`load`] says it.
pub fn course() -> Result<&'static [Puzzle], &'static str> {
    static COURSE: std::sync::OnceLock<Result<Vec<Puzzle>, String>> = std::sync::OnceLock::new();
    COURSE.get_or_init(|| all().map_err(|e| e.to_string())).as_deref().map_err(String::as_str)
}

fn check(t: &PuzzleText) -> Result<Puzzle, String> {
    let state: GameState = t.state.parse().map_err(|e| format!("state: {e}"))?;
    if state.outcome().is_some() {
        return Err("the game is over in its state".into());
    }
    let answer = parse_move(&state, &t.answer).map_err(|e| format!("answer `{}`: {e}", t.answer))?;
    let win = proven(&state, state.to_move(), t.moves, &t.line, &t.proof)?;
    if win.line.first() != Some(&answer) {
        return Err("the main line does not start with the answer".into());
    }
    let mut refutations = Vec::new();
    for r in &t.refutations {
        let wrong = parse_move(&state, &r.wrong).map_err(|e| format!("wrong move `{}`: {e}", r.wrong))?;
        if wrong == answer || refutations.iter().any(|(m, _)| *m == wrong) {
            return Err(format!("the move `{}` is answered twice", r.wrong));
        }
        let (after, _) = state.play(&wrong).map_err(|e| format!("wrong move `{}`: {e}", r.wrong))?;
        let win = proven(&after.state, state.to_move().opponent(), r.moves, &r.line, &r.proof)
            .map_err(|e| format!("after `{}`: {e}", r.wrong))?;
        refutations.push((wrong, win));
    }
    for mv in state.legal_moves() {
        if mv != answer && !refutations.iter().any(|(m, _)| *m == mv) {
            return Err(format!("the move `{mv}` has no refutation"));
        }
    }
    Ok(Puzzle { id: t.id.clone(), state, answer, win, refutations })
}

/// A proven win of `winner` from `state`: its main line read and played to the winner's win,
/// `moves` long.
fn proven(state: &GameState, winner: Side, moves: u32, line: &[String], proof: &[String]) -> Result<ProvenWin, String> {
    let mut at = state.clone();
    let mut played = Vec::with_capacity(line.len());
    for text in line {
        let mv = parse_move(&at, text).map_err(|e| format!("main line `{text}`: {e}"))?;
        at = at.play(&mv).map_err(|e| format!("main line `{text}`: {e}"))?.0.state;
        played.push(mv);
    }
    if at.outcome().and_then(|o| o.winner()) != Some(winner) {
        return Err(format!("the main line does not end in {}'s win", winner.name()));
    }
    if played.len() as u32 != moves {
        return Err(format!("the main line is {} moves long, not {moves}", played.len()));
    }
    if proof.is_empty() {
        return Err("the proof is empty".into());
    }
    let mut text = proof.join("\n");
    text.push('\n');
    Ok(ProvenWin { winner, moves, line: played, proof: text })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grades_follow_the_proof_length() {
        assert_eq!(
            [1, 3, 4, 8, 9, 30].map(Grade::of),
            [Grade::Easy, Grade::Easy, Grade::Medium, Grade::Medium, Grade::Hard, Grade::Hard]
        );
    }

    #[test]
    fn a_file_that_is_not_ron_is_a_one_line_error() {
        let e = load("[ (id: ").unwrap_err();
        assert!(matches!(e, PuzzleError::File(_)), "{e}");
        assert!(!e.to_string().contains('\n'));
    }
}
