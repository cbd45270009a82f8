//! The proof checker, written against the rules alone (it uses nothing of the engine):
//! [`check`] reads a proof in the file form of `omweso solve --proof` (one line
//! `<full game state>\t<move>` for each position where the winner is to move, the root
//! first; when the loser is to move at the root, the first line is the root with `*` for
//! its move) and checks it by playing it: from the root, the proof's move, then every legal
//! reply of the loser, and so on, until every line has ended in the winner's win. A line
//! that ends otherwise, a position the proof does not answer, a move that is not legal, a
//! repeated position on a line or a malformed line is an error naming the line.
//!
//! The example `check_proof` and the engine's tests include this file.

use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Move, RuleOptions, Side};
use std::collections::{HashMap, HashSet};

/// What a checked proof proves.
#[derive(Debug, PartialEq, Eq)]
pub struct Checked {
    /// The root's state.
    pub root: GameState,
    /// The side proven to win (the side to move at the root).
    pub winner: Side,
    /// Positions of the proof visited (winner to move).
    pub positions: usize,
}

/// Checks `text` as a proof under `options`.
///
/// # Errors
/// A sentence saying what is wrong and on which line (1-based) or in which position.
pub fn check(text: &str, options: RuleOptions) -> Result<Checked, String> {
    let mut answers: HashMap<String, (usize, Move)> = HashMap::new();
    let mut root = None;
    let mut root_loses = false;
    for (n, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
        let (state_text, move_text) =
            line.split_once('\t').ok_or_else(|| format!("line {n}: expected `<game state>\\t<move>`"))?;
        let state: GameState = state_text.parse().map_err(|e| format!("line {n}: {e}"))?;
        let state = state.with_options(options).map_err(|e| format!("line {n}: {e}"))?;
        if n == 1 && move_text == "*" {
            root_loses = true;
            root = Some(state);
            continue;
        }
        let mv = parse_move(&state, move_text).map_err(|e| format!("line {n}: {e}"))?;
        let key = state.to_string();
        if answers.insert(key, (n, mv)).is_some() {
            return Err(format!("line {n}: the position is answered twice"));
        }
        root.get_or_insert(state);
    }
    let root = root.ok_or("the proof is empty")?;
    let winner = if root_loses { root.to_move().opponent() } else { root.to_move() };
    let mut checked = HashSet::new();
    // Depth-first, with an explicit stack: (state, replies still to check after it).
    let mut on_line: HashSet<String> = HashSet::new();
    let mut stack: Vec<(String, Vec<GameState>)> = Vec::new();
    let mut next = Some(root.clone());
    if root_loses {
        next = None;
        stack.push((String::new(), open_replies(&root, winner).map_err(|e| format!("line 1: {e}"))?));
    }
    loop {
        if let Some(state) = next.take() {
            let key = state.to_string();
            if checked.contains(&key) {
                // Already proven from here.
            } else if !on_line.insert(key.clone()) {
                return Err(format!("the position `{key}` repeats on a line of the proof"));
            } else {
                let (n, mv) = answers.get(&key).ok_or_else(|| format!("the proof has no move for `{key}`"))?;
                let (after, _) = state.play(mv).map_err(|e| format!("line {n}: {e}"))?;
                let replies = match after.outcome() {
                    Some(o) if o.winner() == Some(winner) => Vec::new(),
                    Some(o) => return Err(format!("line {n}: the move ends the game otherwise ({o})")),
                    None => open_replies(&after.state, winner).map_err(|e| format!("line {n}: {e}"))?,
                };
                stack.push((key, replies));
            }
        }
        let Some((key, replies)) = stack.last_mut() else { break };
        match replies.pop() {
            Some(s) => next = Some(s),
            None => {
                on_line.remove(key.as_str());
                checked.insert(std::mem::take(key));
                stack.pop();
            }
        }
    }
    Ok(Checked { positions: checked.len() - usize::from(root_loses), root, winner })
}

/// The replies of `state` (the loser to move) that do not end the game; an error when one
/// ends it other than in `winner`'s win.
fn open_replies(state: &GameState, winner: Side) -> Result<Vec<GameState>, String> {
    let mut open = Vec::new();
    for reply in state.successors() {
        match reply.outcome() {
            Some(o) if o.winner() == Some(winner) => {}
            Some(o) => return Err(format!("the reply {} ends the game otherwise ({o})", reply.mv)),
            None => open.push(reply.state),
        }
    }
    Ok(open)
}
