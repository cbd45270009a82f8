//! The engine's work for the player, on background threads so that the window never waits:
//! the analysis of the position shown ([`Analyst`]) and the review of a whole game
//! ([`GameReview`]). Each thread stops when its owner is dropped (the panel hidden, the
//! position changed, the game replaced) and wakes the window when it has news.

use super::computer::Waker;
use crate::ai::review::{MoveReview, review_game, review_move};
use crate::ai::{Level, Limits, PROVEN, SearchInfo, WIN, search};
use crate::rules::{GameState, Move, Side};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Stops the thread it belongs to when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn wake(w: &Option<Waker>) {
    if let Some(w) = w {
        w();
    }
}

/// The engine analysing one position until it is dropped.
pub struct Analyst {
    state: GameState,
    rx: Receiver<SearchInfo>,
    latest: Option<SearchInfo>,
    _stop: StopOnDrop,
}

impl Analyst {
    /// Starts analysing `state` (the Master's search, deepening until dropped).
    pub fn start(state: GameState, waker: Option<Waker>) -> Analyst {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let (s, flag) = (state.clone(), Arc::clone(&stop));
        std::thread::spawn(move || {
            let limits = Limits { time: Some(Duration::from_secs(3600)), depth: Some(64), ..Limits::default() };
            search(&s, Level::Master, limits, 7, &flag, &mut |info| {
                let _ = tx.send(info.clone());
                wake(&waker);
            });
        });
        Analyst { state, rx, latest: None, _stop: StopOnDrop(stop) }
    }

    /// The position analysed.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Takes in what the search has found since the last call.
    pub fn poll(&mut self) {
        while let Ok(info) = self.rx.try_recv() {
            self.latest = Some(info);
        }
    }

    /// The deepest result so far.
    pub fn latest(&self) -> Option<&SearchInfo> {
        self.latest.as_ref()
    }
}

/// A score for the side to move, turned into Lower's point of view (positive: Lower is
/// better), in hundredths of a seed.
pub fn for_lower(score: i32, to_move: Side) -> i32 {
    if to_move == Side::Lower { score } else { -score }
}

/// A score (for Lower, hundredths of a seed) in a player's words: `Lower +3.5 seeds`,
/// `even`, or `Upper wins in 3 moves` for a forced result.
pub fn score_words(score_for_lower: i32) -> String {
    let (side, s) = if score_for_lower >= 0 { (Side::Lower, score_for_lower) } else { (Side::Upper, -score_for_lower) };
    if s >= PROVEN {
        // WIN + 1000 p - plies (see ai::search).
        let points = (s - WIN + 999).div_euclid(1000).max(0);
        let plies = (WIN + 1000 * points - s).max(1);
        let moves = (plies + 1) / 2;
        return format!("{side} wins in {moves} move{}", if moves == 1 { "" } else { "s" });
    }
    if s < 10 { "even".to_string() } else { format!("{side} +{:.1} seeds", s as f64 / 100.0) }
}

/// What a review thread sends.
enum ReviewNews {
    Progress(usize, usize),
    Done(Vec<MoveReview>),
}

/// The review of a whole game, running in the background.
pub struct GameReview {
    rx: Receiver<ReviewNews>,
    /// Moves reviewed so far, and in all.
    pub progress: (usize, usize),
    /// The result, once finished.
    pub result: Option<Vec<MoveReview>>,
    _stop: StopOnDrop,
}

impl GameReview {
    /// Reviews `moves` from `start` with `time` for each search.
    pub fn start(start: GameState, moves: Vec<Move>, time: Duration, waker: Option<Waker>) -> GameReview {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let flag = Arc::clone(&stop);
        let total = moves.len();
        std::thread::spawn(move || {
            let limits = Limits { time: Some(time), ..Limits::default() };
            let progress_tx = tx.clone();
            let w = waker.clone();
            let out = review_game(&start, &moves, limits, 3, &flag, &mut |done, total| {
                let _ = progress_tx.send(ReviewNews::Progress(done, total));
                wake(&w);
            });
            let _ = tx.send(ReviewNews::Done(out));
            wake(&waker);
        });
        GameReview { rx, progress: (0, total), result: None, _stop: StopOnDrop(stop) }
    }

    /// Takes in the thread's news; true once the review is finished.
    pub fn poll(&mut self) -> bool {
        while let Ok(news) = self.rx.try_recv() {
            match news {
                ReviewNews::Progress(d, t) => self.progress = (d, t),
                ReviewNews::Done(r) => self.result = Some(r),
            }
        }
        self.result.is_some()
    }
}

/// The coach: one move reviewed in the background (a game against the computer).
pub struct Coach {
    /// The move's number in the game (from 1).
    pub number: usize,
    rx: Receiver<Option<MoveReview>>,
    _stop: StopOnDrop,
}

impl Coach {
    /// Reviews move `mv`, number `number`, played in `state`.
    pub fn start(state: GameState, mv: Move, number: usize, waker: Option<Waker>) -> Coach {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, rx) = channel();
        let flag = Arc::clone(&stop);
        std::thread::spawn(move || {
            let limits = Limits { time: Some(Duration::from_millis(600)), ..Limits::default() };
            let _ = tx.send(review_move(&state, &mv, number, limits, 5, &flag));
            wake(&waker);
        });
        Coach { number, rx, _stop: StopOnDrop(stop) }
    }

    /// The review, once it has come (`Some(None)`: the move could not be reviewed).
    pub fn poll(&mut self) -> Option<Option<MoveReview>> {
        self.rx.try_recv().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_in_words() {
        assert_eq!(score_words(350), "Lower +3.5 seeds");
        assert_eq!(score_words(-120), "Upper +1.2 seeds");
        assert_eq!(score_words(3), "even");
        assert_eq!(score_words(WIN + 1000 - 1), "Lower wins in 1 move");
        assert_eq!(score_words(-(WIN + 2000 - 3)), "Upper wins in 2 moves");
        assert_eq!(for_lower(100, Side::Upper), -100);
    }

    #[test]
    fn the_analyst_reports_and_stops_when_dropped() {
        let s: GameState =
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0".parse().unwrap();
        let mut a = Analyst::start(s, None);
        for _ in 0..200 {
            a.poll();
            if a.latest().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let info = a.latest().expect("a first depth within two seconds");
        assert!(info.score >= PROVEN, "Lower wins by akakyala: {}", info.score);
    }
}
