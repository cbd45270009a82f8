//! What the board shows happening, heard: the seeds the animation drops click (thinned
//! out, softer and higher the faster they fall), a capture sounds, a game that has just
//! ended is heard, and the referee's count is said once a word.

use super::{Cue, MIN_CAPTURE_GAP, MIN_CLICK_GAP, REFERENCE_RATE, Sound};
use crate::app::model::animation::Animation;
use crate::app::model::session::Session;
use crate::tournament::{Clock, Count};
use omweso_rules::{Event, GameState};

impl Sound {
    /// Sounds what the board showed since the last frame. Called once a frame before the
    /// play clock moves the session on to `now`: the seeds the animation dropped between
    /// the session's last moment and `now` click (thinned out, see [`thin_clicks`]), a
    /// capture sounds, and a game that has just ended is heard. Skipping the animation or
    /// animating nothing sounds no burst: only what the board shows being done is heard.
    pub fn follow(&mut self, session: &Session, now: f64) {
        let from = session.now();
        if let Some(anim) = session.animation() {
            self.follow_animation(anim, from, now);
        }
        let mark = session.play().map(|p| GameMark {
            start: p.game.start().clone(),
            cursor: p.game.cursor(),
            over: session.shown_result().is_some(),
        });
        if let (Some(before), Some(after)) = (&self.follow.game, &mark)
            && after.ended_since(before)
        {
            self.play(Cue::GameOver);
        }
        self.follow.game = mark;
        let count = session.clock().and_then(Clock::count);
        if let Some(said) = count
            && self.follow.count != count
        {
            self.count(match said {
                Count::Emu => 1,
                Count::Bbiri => 2,
            });
        }
        self.follow.count = count;
    }

    fn follow_animation(&mut self, anim: &Animation, from: f64, now: f64) {
        let mut drops = Vec::new();
        for i in anim.done_between(from, now) {
            let at = anim.event_time(i);
            match anim.events()[i] {
                Event::Drop { .. } => drops.push(at),
                Event::Capture { .. } => {
                    if self.follow.last_capture.is_none_or(|last| at - last >= MIN_CAPTURE_GAP || at < last) {
                        self.follow.last_capture = Some(at);
                        self.play(Cue::Capture);
                    }
                }
                Event::Lift { .. } => {}
            }
        }
        let rate = anim.rate();
        for at in thin_clicks(&drops, self.follow.last_click) {
            self.follow.last_click = Some(at);
            self.seed(click_gain(rate), click_pitch(rate));
        }
    }
}

/// What the sound remembers of the board from one frame to the next.
#[derive(Default)]
pub(super) struct Follower {
    /// The moment (play clock) of the last seed clicked.
    last_click: Option<f64>,
    /// The moment of the last capture sounded.
    last_capture: Option<f64>,
    /// The game on the board at the last frame.
    game: Option<GameMark>,
    /// The referee's count the clock showed at the last frame: each word is heard once,
    /// when the count comes to it.
    count: Option<Count>,
}

/// The game on the board at a frame, as far as its end is concerned.
struct GameMark {
    start: GameState,
    cursor: usize,
    /// Its result is shown (the last move sown, or a resignation).
    over: bool,
}

impl GameMark {
    /// True when the game has just ended by play: the same game, not over before and over
    /// now, by its next move or a resignation (not a game opened from a file, nor an
    /// undo).
    fn ended_since(&self, before: &GameMark) -> bool {
        self.over
            && !before.over
            && self.start == before.start
            && (before.cursor..=before.cursor + 1).contains(&self.cursor)
    }
}

/// The seed clicks to sound out of seeds dropped at the moments `drops` (play clock, in
/// order), the last click having sounded at `last`: each click at least [`MIN_CLICK_GAP`]
/// after the one before, the others left out. At the slower speeds every seed clicks; at
/// the fastest about every other one does. A moment before `last` (a new animation whose
/// clock started over) clicks.
pub fn thin_clicks(drops: &[f64], mut last: Option<f64>) -> Vec<f64> {
    let mut kept = Vec::new();
    for &at in drops {
        if last.is_none_or(|l| at - l >= MIN_CLICK_GAP || at < l) {
            kept.push(at);
            last = Some(at);
        }
    }
    kept
}

/// A click's loudness at `rate` animation events a second: as recorded up to the normal
/// speed, softer the faster the seeds fall (about half at 40 a second).
pub fn click_gain(rate: f64) -> f32 {
    (REFERENCE_RATE / rate.max(0.1)).powf(0.35).clamp(0.45, 1.0) as f32
}

/// A click's pitch at `rate`: a little lower when slow, a little higher (and shorter) when
/// fast, as a seed falls from a hand that moves faster.
pub fn click_pitch(rate: f64) -> f32 {
    (rate.max(0.1) / REFERENCE_RATE).powf(0.08).clamp(0.85, 1.2) as f32
}
