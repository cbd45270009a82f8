//! What is under threat: the captures the opponent could make on its next move
//! (RULES.md 3.3, 3.4), asked of the rules so that the window and the command line only
//! show the answer.

use super::hole::Hole;
use super::moves::Move;
use super::state::GameState;
use super::trace::LapEnd;

/// One opponent move that would capture from the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The opponent's complete move.
    pub mv: Move,
    /// The holes of the side to move that it empties by captures, in the order taken
    /// (front hole, then back hole, for each capture).
    pub captured: Vec<Hole>,
    /// The seeds taken from them in all.
    pub seeds: u32,
}

impl GameState {
    /// Every complete move the opponent could make if it were the opponent's turn in this
    /// same position, with the first-move and capture bookkeeping unchanged, that captures
    /// seeds of the side to move; in the order of [`GameState::legal_moves`]. Empty when
    /// nothing is under threat (or the opponent could not move at all).
    ///
    /// ```
    /// use omweso_rules::GameState;
    ///
    /// // Before RULES.md §6's move 3: Lower's m would take A and I, then C and K.
    /// let upper_to_move: GameState = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U none 0,0".parse()?;
    /// let m = upper_to_move.threats().into_iter().find(|t| t.mv.to_string() == "m").unwrap();
    /// let taken: String = m.captured.iter().map(|h| h.letter()).collect();
    /// assert_eq!((taken.as_str(), m.seeds), ("AICK", 12));
    /// # Ok::<(), omweso_rules::notation::StateTextError>(())
    /// ```
    pub fn threats(&self) -> Vec<Threat> {
        GameState { to_move: self.to_move.opponent(), ..self.clone() }.capturing_moves()
    }

    /// Every complete move of the player to move that captures, with the holes it empties
    /// and the seeds it takes; in the order of [`GameState::legal_moves`].
    pub fn capturing_moves(&self) -> Vec<Threat> {
        let them = self;
        them.legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let (_, trace) = them.play(&mv).ok()?;
                let mut captured = Vec::new();
                let mut seeds = 0;
                for lap in &trace.laps {
                    if let LapEnd::Capture { front, back, front_seeds, back_seeds } = lap.end {
                        captured.extend([front, back]);
                        seeds += front_seeds + back_seeds;
                    }
                }
                (!captured.is_empty()).then_some(Threat { mv, captured, seeds })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_position_shows_upper_what_lower_threatens() {
        // After d and F (RULES.md §6) Upper's pairs A/I, C/K and D/L are open; were it
        // Lower's turn, m would take A and I, then C and K.
        let s: GameState = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U none 0,0".parse().unwrap();
        let t = s.threats();
        let m = t.iter().find(|t| t.mv.to_string() == "m").expect("m threatens");
        let holes: Vec<String> = m.captured.iter().map(ToString::to_string).collect();
        assert_eq!(holes, ["A", "I", "C", "K"]);
        assert_eq!(m.seeds, 12);
        assert!(t.iter().all(|t| !t.captured.is_empty() && t.captured.iter().all(|h| h.side() == s.to_move())));
        // On the opponent's first move nothing can be captured.
        let first: GameState = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U both 0,0".parse().unwrap();
        assert!(first.threats().is_empty());
    }
}
