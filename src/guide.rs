//! The guided first game (issue 41): a game against the Beginner level in which each rule
//! the short road to it left out is explained the moment it first comes up on the board,
//! with a plain tip or two on what to aim for. Every note is read off the rules' facts
//! about the game (the [`Trace`] of the move just made, [`GameState::threats`],
//! [`GameState::legal_moves`], the capture counts), never guessed: this module has no
//! window in it, and the window only shows what [`notes`] gives.

use crate::game::Game;
use omweso_rules::{Direction, GameState, Hole, LapEnd, LapSource, Position, Side, Trace, column_partner_track};

/// What a note is about; each is told at most once a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topic {
    /// Before the first move: what to aim for (captures) and what the orange rings mean.
    Aim,
    /// A player's first move had a lap that would have captured, and relayed instead
    /// (RULES.md 3.6).
    FirstMove,
    /// A lap of the learner's ended in a back-row hole whose column's opponent holes both
    /// hold seeds: only the front row captures (RULES.md 3.3).
    BackRow,
    /// A reverse capture is possible for the learner, or the computer has just made one
    /// (RULES.md 3.5): the two arrows.
    Reverse,
    /// Akakyala is near: one side has captured once and the other never, and the side that
    /// captured could capture again (RULES.md §4.3).
    Akakyala,
    /// The computer threatens emitwe-ebiri: one of its moves would capture at both ends of
    /// the learner's side (RULES.md §4.2).
    Emitwe,
}

/// One note of the guide: what it is about, after how many moves of the game it came up
/// (0: before the first), and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// What it is about.
    pub topic: Topic,
    /// The number of moves played when it came up.
    pub ply: usize,
    /// What the learner reads.
    pub text: String,
    /// It speaks of the position at its ply (a capture the learner could make there, a
    /// danger there): true only until the learner has moved on from it.
    pub of_the_moment: bool,
}

/// The words shown before the first move of the guided game (part of the road that
/// `omweso lessons --measure` counts).
pub const OPENING: &str = "Your first game: you play Lower and move first. Aim to capture: end a lap in your \
    front row, in a hole that is not empty, opposite two of Upper's holes that both hold seeds. Keep your own \
    seeds out of reach: an orange ring marks a hole Upper could capture next. New rules are explained here when \
    they first matter.";

/// The guide's notes for `game` up to its cursor, the learner playing `learner`: each
/// topic once, at the first move after which it holds, in the order they came up.
pub fn notes(game: &Game, learner: Side) -> Vec<Note> {
    let mut out = vec![Note { topic: Topic::Aim, ply: 0, text: OPENING.to_string(), of_the_moment: false }];
    for ply in 0..=game.cursor() {
        let now = game.state_at(ply);
        let last = ply
            .checked_sub(1)
            .and_then(|n| game.moves().get(n))
            .filter(|e| e.mv.is_some())
            .map(|e| (game.state_at(ply - 1), &e.trace));
        let moment = found_now(now, learner);
        for (topic, text) in found_after(last, learner).into_iter().chain(moment.iter().cloned()) {
            if !out.iter().any(|n| n.topic == topic) {
                let of_the_moment = moment.iter().any(|(_, t)| *t == text);
                out.push(Note { topic, ply, text, of_the_moment });
            }
        }
    }
    out
}

/// Every topic that holds after `last` (the state before the move just made and its
/// trace), in `now`, for `learner`, with its words.
pub fn found(last: Option<(&GameState, &Trace)>, now: &GameState, learner: Side) -> Vec<(Topic, String)> {
    let mut out = found_after(last, learner);
    out.extend(found_now(now, learner));
    out
}

/// The topics of the move just made (`last`: the state before it and its trace).
fn found_after(last: Option<(&GameState, &Trace)>, learner: Side) -> Vec<(Topic, String)> {
    let mut out = Vec::new();
    if let Some((before, trace)) = last {
        out.extend(first_move(before, trace).map(|t| (Topic::FirstMove, t)));
        if trace.mover == learner {
            out.extend(back_row(before, trace).map(|t| (Topic::BackRow, t)));
        } else {
            out.extend(reverse_made(trace).map(|t| (Topic::Reverse, t)));
        }
    }
    out
}

/// The topics of the position `now`, with the learner to move: true of it alone.
fn found_now(now: &GameState, learner: Side) -> Vec<(Topic, String)> {
    let mut out = Vec::new();
    if now.outcome().is_some() || now.to_move() != learner {
        return out;
    }
    out.extend(reverse_possible(now).map(|t| (Topic::Reverse, t)));
    out.extend(akakyala(now, learner).map(|t| (Topic::Akakyala, t)));
    out.extend(emitwe(now, learner).map(|t| (Topic::Emitwe, t)));
    out
}

/// The board after each lap of `trace`, with the lap.
fn laps_with_boards(trace: &Trace) -> Vec<(omweso_rules::Lap, Position)> {
    let mut board = trace.start;
    let mut out = Vec::new();
    for lap in &trace.laps {
        if matches!(lap.source, LapSource::Start | LapSource::Split | LapSource::Relay) {
            board.set(lap.origin, 0);
        }
        for h in lap.drops() {
            board.set(h, board.get(h).saturating_add(1));
        }
        out.push((*lap, board));
        if let LapEnd::Capture { front, back, .. } = lap.end {
            board.set(front, 0);
            board.set(back, 0);
        }
    }
    out
}

/// Both holes of `pair` hold seeds on `board`.
fn both_full(board: &Position, pair: (Hole, Hole)) -> bool {
    board.get(pair.0) > 0 && board.get(pair.1) > 0
}

/// RULES.md 3.6: a first move whose lap ended where it would have captured.
fn first_move(before: &GameState, trace: &Trace) -> Option<String> {
    if before.captures_allowed() {
        return None;
    }
    let (lap, _) = laps_with_boards(trace).into_iter().find(|(lap, board)| {
        matches!(lap.end, LapEnd::Relay { .. }) && lap.last.opposite().is_some_and(|pair| both_full(board, pair))
    })?;
    let (front, back) = lap.last.opposite()?;
    let who = trace.mover;
    Some(format!(
        "No capture on a first move: {who}'s lap ended in {last}, opposite {front} and {back}, which both hold \
         seeds. That would capture, but neither player captures on their own first move, so the seeds of {last} \
         were sown on (a relay). From the next move on, such a lap captures.",
        last = lap.last
    ))
}

/// RULES.md 3.3: a lap of the learner's that ended in an occupied back-row hole whose
/// column holds seeds on both of the opponent's holes: no capture, since only the front
/// row captures.
fn back_row(before: &GameState, trace: &Trace) -> Option<String> {
    if !before.captures_allowed() {
        return None;
    }
    let (lap, _) = laps_with_boards(trace).into_iter().find(|(lap, board)| {
        matches!(lap.end, LapEnd::Relay { .. })
            && !lap.last.is_front()
            && Hole::new(lap.last.side(), column_partner_track(lap.last.track()) as u8)
                .and_then(Hole::opposite)
                .is_some_and(|pair| both_full(board, pair))
    })?;
    let front = Hole::new(lap.last.side(), column_partner_track(lap.last.track()) as u8)?;
    let (them_front, them_back) = front.opposite()?;
    Some(format!(
        "Only the front row captures: your lap ended in {last}, in the column of {them_front} and {them_back}, \
         which both hold seeds, but {last} is in your back row, so its seeds were sown on instead. A lap must \
         end in your front row, here {front}, to take them.",
        last = lap.last
    ))
}

/// RULES.md 3.5: a clockwise capture the learner can make now, from the legal moves.
fn reverse_possible(now: &GameState) -> Option<String> {
    let (mv, choice) = now.legal_moves().into_iter().find_map(|mv| {
        let c = mv.choices().iter().copied().find(|c| c.direction == Direction::Clockwise)?;
        Some((mv, c))
    })?;
    let at = if choice.lap == 1 {
        format!("Click {}: two arrows", choice.hole)
    } else {
        format!("Play {}: when a lap of it ends in {} and relays, two arrows", mv.start(), choice.hole)
    };
    Some(format!(
        "A reverse capture is possible. From your four leftmost holes (a, b, i, j) a lap may go clockwise, but \
         only to capture: {} seeds from {} clockwise would take {} and the hole behind it. {at} ask which way to \
         sow; the clockwise one captures, the other sows on as usual.",
        choice.seeds, choice.hole, choice.takes
    ))
}

/// RULES.md 3.5: the computer's move just made had a clockwise lap.
fn reverse_made(trace: &Trace) -> Option<String> {
    let lap = trace.laps.iter().find(|l| l.direction == Direction::Clockwise)?;
    let LapEnd::Capture { front, back, .. } = lap.end else { return None };
    Some(format!(
        "That was a reverse capture: {who} sowed {seeds} seeds clockwise from {origin} and took {front} and \
         {back}. From the four leftmost holes (yours are a, b, i and j) a lap may go clockwise, but only when \
         it captures. When you can, two arrows ask which way to sow.",
        who = trace.mover,
        seeds = lap.seeds,
        origin = lap.origin
    ))
}

/// RULES.md §4.3: one side has captured once, the other never, and the side that captured
/// has a capture ready (the learner's own, or the computer's [`GameState::threats`]).
fn akakyala(now: &GameState, learner: Side) -> Option<String> {
    if !now.options().akakyala || !now.captures_allowed() {
        return None;
    }
    let captures = now.captures();
    let (mine, theirs) = (captures[learner.index()], captures[learner.opponent().index()]);
    let them = learner.opponent();
    if theirs >= 1 && mine == 0 && !now.threats().is_empty() {
        return Some(format!(
            "Danger: akakyala. {them} has captured once and you not yet. If {them} captures again before you \
             capture at all, {them} wins at once: akakyala, two captures before the other side's first. Capture \
             now if you can, or move the seeds in the orange rings out of reach."
        ));
    }
    if mine >= 1 && theirs == 0 && !now.capturing_moves().is_empty() {
        return Some(format!(
            "A chance to win: you have captured once and {them} not yet. Capture again now and you win at once: \
             akakyala, two captures before the other side's first."
        ));
    }
    None
}

/// RULES.md §4.2: one of the computer's capturing moves, were it its turn, would take the
/// learner's holes at both ends of the front row (a and h).
fn emitwe(now: &GameState, learner: Side) -> Option<String> {
    let ends = ['a', 'h'].map(|c| Hole::all(learner).find(|h| h.letter().eq_ignore_ascii_case(&c)));
    let [Some(left), Some(right)] = ends else { return None };
    let threat = now.threats().into_iter().find(|t| t.captured.contains(&left) && t.captured.contains(&right))?;
    let partner = |h: Hole| Hole::new(learner, column_partner_track(h.track()) as u8);
    // In the order the move takes them (a trial read "a and i, then h and p" of a move
    // that takes h and p on its first lap).
    let at = |h: Hole| threat.captured.iter().position(|c| *c == h);
    let (first, second) = if at(left) <= at(right) { (left, right) } else { (right, left) };
    let (first_back, second_back) = (partner(first)?, partner(second)?);
    Some(format!(
        "Danger: emitwe-ebiri, \"two heads\". {them}'s move {mv} would capture at both ends of your side, \
         {first} and {first_back}, then {second} and {second_back}, in one move, and that wins at once. Empty one \
         of those holes, or capture first.",
        them = learner.opponent(),
        mv = threat.mv
    ))
}

#[cfg(test)]
mod tests;
