//! What the board shows, read off the session: the counts of the moment, the marks, the
//! holes that take clicks. Nothing here plays a move again: the last move's captures come
//! from the trace kept in the game's record.

use crate::app::model::animation::Hand;
use crate::app::model::session::{Phase, Session};
use crate::app::ui::board::BoardView;
use omweso_rules::{GameState, Hole, LapEnd, Side};

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

/// The threatened holes of a state (or, with a hovered hole, of the state after playing
/// it), remembered for the state and hole they were worked out for.
#[derive(Clone, Debug, Default)]
pub struct ThreatCache(Option<(GameState, Option<Hole>, Vec<Threatened>)>);

/// A threatened hole and the seeds at stake in it.
pub type Threatened = (Hole, u32);

impl ThreatCache {
    /// The holes of the player to move in `state` that the opponent could capture next,
    /// with the most seeds at stake in each; with `hovered`, those the player would leave
    /// exposed by playing it (its plain move, anticlockwise at every choice).
    pub fn get(&mut self, state: &GameState, hovered: Option<Hole>) -> &[Threatened] {
        let fresh = !matches!(&self.0, Some((s, h, _)) if s == state && *h == hovered);
        if fresh {
            // The threats, and the board on which they would be made.
            let (threats, board) = match hovered {
                None => (state.threats(), *state.position()),
                Some(h) => omweso_rules::notation::parse_move(state, &h.to_string())
                    .ok()
                    .and_then(|mv| state.play(&mv).ok())
                    .map(|(succ, _)| (succ.state.capturing_moves(), *succ.state.position()))
                    .unwrap_or_default(),
            };
            let mut holes: Vec<Threatened> = Vec::new();
            for t in &threats {
                for &h in &t.captured {
                    let seeds = u32::from(board.get(h));
                    if !holes.iter().any(|(x, _)| *x == h) {
                        holes.push((h, seeds));
                    }
                }
            }
            self.0 = Some((state.clone(), hovered, holes));
        }
        self.0.as_ref().map_or(&[], |(_, _, h)| h.as_slice())
    }
}

/// The board as the session shows it now, with `hovered` the hole under the pointer.
pub fn board_view(
    session: &Session,
    hovered: Option<Hole>,
    cache: &mut PreviewCache,
    threats: &mut ThreatCache,
) -> BoardView {
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
    let shown = p.shown();
    let state = p.game.state_at(shown);
    // The holes the lesson's words are about, while the step's position is on the board.
    if let Some(run) = p.lesson()
        && shown == 0
        && p.review.is_none()
    {
        v.named = run.lesson.steps[run.step].named.clone();
    }
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
        // The way the hint chose at this decision, while the move follows it.
        v.hint_choice = session.hint_followed().and_then(|(_, way)| way);
        // The seeds lifted at the decision point are in hand until a direction is chosen.
        v.hand = v.offer.map(|dp| Hand { from: dp.hole, to: dp.hole, t: 1.0, seeds: dp.seeds });
        v.to_move = Some(s.mover());
        v.captured = captured_holes(s.laps());
        return v;
    }
    if shown > 0
        && let Some(entry) = p.game.all_entries().get(shown - 1)
    {
        v.last_start = entry.mv.as_ref().map(|m| m.start());
        v.captured = captured_holes(&entry.trace.laps);
    }
    v.hint = session.hint_start();
    if session.human_to_move() && !session.paused() {
        v.clickable = state.playable_holes().collect();
        if let Some(h) = hovered.filter(|h| v.clickable.contains(h)) {
            v.preview = cache.get(state, h);
        }
    }
    if session.show_threats() && session.review().is_none() && state.outcome().is_none() {
        let over = hovered.filter(|h| v.clickable.contains(h));
        v.threats = threats.get(state, over).to_vec();
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
fn captured_holes(laps: &[omweso_rules::Lap]) -> Vec<Hole> {
    laps.iter()
        .filter_map(|l| match l.end {
            LapEnd::Capture { front, back, .. } => Some([front, back]),
            _ => None,
        })
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{model::command::Command, model::settings::Settings};

    /// The holes named by the words of the step on the board are ringed, and only then.
    #[test]
    fn a_lesson_step_rings_the_holes_its_text_names() {
        let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings::default(), state);
        let view = |s: &Session| board_view(s, None, &mut PreviewCache::default(), &mut ThreatCache::default());
        assert!(view(&s).named.is_empty(), "a game names no hole");
        let capture = s.lessons().unwrap().iter().position(|l| l.id == "capture").unwrap();
        s.apply(Command::StartLessonAt { lesson: capture, step: 1 });
        let named: String = view(&s).named.iter().map(|h| h.letter()).collect();
        assert_eq!(named, "mnophAI", "\"Play m: n, o, p, then h, which faces A and I\"");
    }

    /// The danger marks show in the lessons from the one that explains them on, never
    /// before it (issue 41: they appeared in "Relay sowing", before "Capturing").
    #[test]
    fn lessons_mark_threats_only_once_they_are_explained() {
        let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings::default(), state);
        let id = |s: &Session, id: &str| s.lessons().unwrap().iter().position(|l| l.id == id).unwrap();
        let relay = id(&s, "relay");
        s.apply(Command::StartLessonAt { lesson: relay, step: 0 });
        assert!(!s.show_threats(), "relay sowing comes before the marks are explained");
        let capture = id(&s, "capture");
        s.apply(Command::StartLessonAt { lesson: capture, step: 0 });
        assert!(s.show_threats(), "the capture lesson explains them");
    }
}
