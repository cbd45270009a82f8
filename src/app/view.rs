//! What the board shows, read off the session: the counts of the moment, the marks, the
//! holes that take clicks. Nothing here plays a move again: the last move's captures come
//! from the trace kept in the game's record.

use super::animation::Hand;
use super::board::BoardView;
use super::session::{Phase, Session};
use crate::rules::{GameState, Hole, LapEnd, Side};

/// Where the first lap from a hovered hole ends, remembered for the state and hole it was
/// worked out for (the pointer rests on a hole for many frames).
#[derive(Clone, Debug, Default)]
pub struct PreviewCache(Option<(GameState, Hole, Option<Hole>)>);

impl PreviewCache {
    /// Where the first lap from `hole` ends in `state`.
    pub fn get(&mut self, state: &GameState, hole: Hole) -> Option<Hole> {
        if let Some((s, h, p)) = &self.0
            && s == state
            && *h == hole
        {
            return *p;
        }
        let p = state.start_move(hole, false).ok().and_then(|mut s| {
            s.advance();
            s.laps().first().map(|l| l.last)
        });
        self.0 = Some((state.clone(), hole, p));
        p
    }
}

/// The board as the session shows it now, with `hovered` the hole under the pointer.
pub fn board_view(session: &Session, hovered: Option<Hole>, cache: &mut PreviewCache) -> BoardView {
    let settings = session.settings();
    let mut v = BoardView {
        flipped: session.flipped(),
        letters: settings.letters,
        show_clickable: settings.show_playable,
        names: Side::BOTH.map(|side| session.player_label(side)),
        counts: session.shown_counts(),
        ..BoardView::default()
    };
    let p = match session.phase() {
        Phase::Setup(s) => {
            let human = session.computer().is_none_or(|c| c.opponent.side != s.laying);
            v.clickable = if human && !session.paused() { Hole::all(s.laying).collect() } else { Vec::new() };
            v.to_move = Some(s.laying);
            v.show_clickable = false;
            return v;
        }
        Phase::Play(p) => p,
    };
    let shown = p.review.unwrap_or(p.game.cursor());
    let state = p.game.state_at(shown);
    v.to_move = if p.review.is_none() && session.shown_result().is_some() { None } else { Some(state.to_move()) };
    if let Some(anim) = session.animation() {
        let f = anim.frame(session.now());
        v.hand = f.hand;
        v.captured = f.captured;
        v.lifted = f.lifted;
        v.to_move = Some(anim.mover());
        return v;
    }
    if let Some(s) = p.sowing() {
        v.offer = s.decision();
        // The seeds lifted at the decision point are in hand until a direction is chosen.
        v.hand = v.offer.map(|dp| Hand { from: dp.hole, to: dp.hole, t: 1.0, seeds: dp.seeds });
        v.to_move = Some(s.mover());
        v.captured = captured_holes(s.laps());
        return v;
    }
    if shown > 0
        && let Some(entry) = p.game.all_entries().get(shown - 1)
    {
        v.last_start = Some(entry.mv.start());
        v.captured = captured_holes(&entry.trace.laps);
    }
    v.hint = session.hint_holes();
    if session.human_to_move() && !session.paused() {
        v.clickable = state.playable_holes().collect();
        if let Some(h) = hovered.filter(|h| v.clickable.contains(h)) {
            v.preview = cache.get(state, h);
        }
    }
    v
}

/// The seeds in hand now, and whose they are: while a move is sown, and at a decision
/// point (lifted from the hole, not yet sown).
pub fn in_hand(session: &Session) -> Option<(Side, u32)> {
    if let Some(anim) = session.animation() {
        return anim.frame(session.now()).hand.map(|h| (anim.mover(), h.seeds));
    }
    let s = session.sowing()?;
    s.decision().map(|dp| (s.mover(), dp.seeds))
}

/// Opponent holes captured in these laps.
fn captured_holes(laps: &[crate::rules::Lap]) -> Vec<Hole> {
    laps.iter()
        .filter_map(|l| match l.end {
            LapEnd::Capture { front, back, .. } => Some([front, back]),
            _ => None,
        })
        .flatten()
        .collect()
}
