//! The coach for a new player (issue 51): what a move gave away that a player can see on the
//! board — a capture missed, seeds left open to the opponent's next move, a win in one
//! handed over —, read off the rules alone. A proof that a set-up is lost eighteen moves
//! deep is true and of no use to someone in the first hour: for a new player such a move is
//! told in a sentence of what can be seen, its proof and notation kept for the analysis
//! panel, and `??` stays for what the player could have seen.

use crate::game::Entry;
use crate::verdict::Mark;
use omweso_engine::review::forced;
use omweso_rules::{GameState, Hole, Move, Side};

/// A capture missed of at least this many seeds is there to be seen: a blunder.
pub const MANY_SEEDS: u32 = 8;

/// What a move gave away that a player can see on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The side that moved.
    pub mover: Side,
    /// Seeds the move captured.
    pub captured: u32,
    /// The largest capture the position offered, when larger than the move's: the move
    /// that made it and its seeds.
    pub missed: Option<(Move, u32)>,
    /// The opponent's largest capture on its next move: the holes it empties and the seeds.
    pub open: Option<(Vec<Hole>, u32)>,
    /// The opponent can win on its next move.
    pub win_in_one: bool,
}

impl Seen {
    /// What `mv`, played in `before`, gave away; `None` when it is not legal there.
    pub fn of(before: &GameState, mv: &Move) -> Option<Seen> {
        let successors = before.successors();
        let played = successors.iter().find(|s| &s.mv == mv)?;
        let best = successors.iter().max_by_key(|s| s.captured_seeds)?;
        let missed = (best.captured_seeds > played.captured_seeds).then(|| (best.mv.clone(), best.captured_seeds));
        let after = &played.state;
        let mover = before.to_move();
        let open = after
            .capturing_moves()
            .into_iter()
            .max_by_key(|t| t.seeds)
            .map(|t| (t.captured, t.seeds))
            .filter(|(_, seeds)| *seeds > 0);
        let win_in_one = after.outcome().is_none()
            && after.successors().iter().any(|s| s.state.outcome().and_then(|o| o.winner()) == Some(mover.opponent()));
        Some(Seen { mover, captured: played.captured_seeds, missed, open, win_in_one })
    }

    /// True when a player could have seen it was a blunder: a win in one handed over, a
    /// capture of [`MANY_SEEDS`] or more missed, or as many left for the opponent to take.
    pub fn blunder(&self) -> bool {
        self.win_in_one
            || self.missed.as_ref().is_some_and(|(_, seeds)| *seeds - self.captured >= MANY_SEEDS)
            || self.open.as_ref().is_some_and(|(_, seeds)| *seeds >= MANY_SEEDS)
    }

    /// What a new player is told of the move `played`, in a sentence or two: what it
    /// gave away that the board shows, or that nothing can be seen yet.
    pub fn words(&self, played: &str) -> String {
        let them = self.mover.opponent();
        let mut said = Vec::new();
        if self.win_in_one {
            said.push(format!("{them} can now win on its next move"));
        }
        if let Some((mv, seeds)) = &self.missed {
            let took = match self.captured {
                0 => "captured nothing".to_string(),
                n => format!("captured {n}"),
            };
            said.push(format!("it {took} where {mv} captured {seeds}"));
        }
        if let Some((holes, seeds)) = &self.open {
            let at: Vec<String> = holes.iter().map(ToString::to_string).collect();
            said.push(format!("it leaves {seeds} seeds for {them} to capture next move (from {})", at.join(", ")));
        }
        if said.is_empty() {
            format!(
                "{played} gives away nothing you can see: no capture missed, no seeds left open. The engine \
                 sees further and likes another move better (the Analysis tab has why)."
            )
        } else {
            let mut text = format!("{played}: {}.", said.join("; "));
            if let Some(first) = text.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            text
        }
    }
}

/// The mark a new player sees for a move whose search's mark is `mark` (`None` not
/// judged yet) and which `thrown` a proven win away or not: `??` only for what could be
/// seen ([`Seen::blunder`]); a proof or a forced score found deep down is at most a `?`.
pub fn newcomer_mark(mark: Option<Mark>, thrown: bool, seen: &Seen) -> Option<Mark> {
    let bad = thrown || mark.is_some_and(|m| m >= Mark::Mistake);
    if bad && seen.blunder() {
        // A win in one handed over in a lost position keeps its own mark.
        return Some(if mark == Some(Mark::LossInOne) { Mark::LossInOne } else { Mark::Blunder });
    }
    match mark {
        Some(Mark::Blunder | Mark::LossInOne) => Some(Mark::Mistake),
        Some(m) => Some(m),
        None if thrown => Some(Mark::Inaccuracy),
        None => None,
    }
}

/// For a new player, the verdict on `entry` (played in `before`) when it rests on a proof
/// (`thrown`: it threw a proven win away) or on a forced result the search found: what the
/// board showed of it and the mark to show. `None` when the verdict is in seeds, as it
/// stands for everyone.
pub fn for_newcomer(before: &GameState, entry: &Entry, thrown: bool) -> Option<(Seen, Mark)> {
    let mark = entry.review.as_ref().map(|r| r.mark);
    let forced_score =
        entry.review.as_ref().is_some_and(|r| r.mark > Mark::Inaccuracy && forced(r.score_before - r.loss).is_some());
    if !thrown && !forced_score {
        return None;
    }
    let seen = Seen::of(before, entry.mv.as_ref()?)?;
    let mark = newcomer_mark(mark, thrown, &seen)?;
    Some((seen, mark))
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::{Layout, RuleOptions};

    fn every_first_move(layout: Layout) -> Vec<(GameState, Move)> {
        [Side::Lower, Side::Upper]
            .into_iter()
            .flat_map(|first| {
                let state = GameState::from_layouts(&layout, &layout, first, RuleOptions::default());
                state.legal_moves().into_iter().map(move |mv| (state.clone(), mv))
            })
            .collect()
    }

    #[test]
    fn no_first_move_of_a_symmetric_set_up_is_a_blunder_to_a_new_player() {
        // The worst the engine can say of it: the search calls it a blunder and the
        // solver proves it threw a win away (as "4 in each back hole" is a proven win
        // for the side moving first, and p loses it, eighteen moves deep).
        let mut moves = every_first_move(Layout::back_row_fours());
        moves.extend(every_first_move(Layout::twos()));
        assert!(moves.len() > 20, "{} first moves", moves.len());
        for (state, mv) in &moves {
            let seen = Seen::of(state, mv).expect("legal");
            let mark = newcomer_mark(Some(Mark::Blunder), true, &seen);
            assert_ne!(mark, Some(Mark::Blunder), "{mv} from {state}: {seen:?}");
            let words = seen.words(&mv.to_string());
            assert!(!words.contains("??") && !words.contains(" | "), "no proof, no line: {words}");
        }
    }

    #[test]
    fn what_a_player_could_see_stays_a_blunder() {
        // Lower to move can capture 8 from E and M by c, a3xE; p sows on and takes nothing.
        let state: GameState = "2a, 2c, 1d, 27p; 24A, 4EM / L none 0,0".parse().expect("state");
        let missed = omweso_rules::notation::parse_move(&state, "p").expect("legal");
        let seen = Seen::of(&state, &missed).expect("legal");
        assert!(seen.missed.as_ref().is_some_and(|(_, s)| *s >= MANY_SEEDS), "{seen:?}");
        assert_eq!(newcomer_mark(Some(Mark::Good), true, &seen), Some(Mark::Blunder));
        assert!(seen.words("p").contains("captured nothing where c, a3xE captured 8"), "{}", seen.words("p"));
        // The move that takes them is no blunder, whatever a deep proof says.
        let took = omweso_rules::notation::parse_move(&state, "c, a3xE").expect("legal");
        let seen = Seen::of(&state, &took).expect("legal");
        assert_eq!(seen.missed, None);
        assert_ne!(newcomer_mark(Some(Mark::Blunder), true, &seen), Some(Mark::Blunder));
    }
}
