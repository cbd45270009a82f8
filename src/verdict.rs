//! A move's verdict as the game record keeps it (`Entry::review`) and a saved game writes it
//! (`MoveRecord::review` in `.omweso` files): the record's own types, so that a change of the
//! engine's review (`omweso_engine::review`) cannot move the file format (issue 49). The
//! engine's verdicts come in through `From`, at the one place the window records them.

use std::fmt;

/// How good a move was against the engine's best, gravest last: `mark >= Mark::Inaccuracy`
/// is a move worth taking back, `mark >= Mark::Mistake` a key moment of the game. The same
/// marks as the engine's ([`omweso_engine::review::Mark`]), written in files by these names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Mark {
    /// The engine's own choice.
    Best,
    /// Gave away less than one seed.
    Good,
    /// Gave away one to three seeds.
    Inaccuracy,
    /// In a position already proven lost, a move that lets the opponent win sooner than the
    /// best defence does.
    ShortensLoss,
    /// Gave away three to eight seeds.
    Mistake,
    /// In a position proven lost, a move that hands the opponent a win in one where a longer
    /// defence existed.
    LossInOne,
    /// Gave away eight seeds or more, or handed the opponent a forced win when another move
    /// did not.
    Blunder,
}

impl Mark {
    /// The mark's name, one word as `omweso review` prints it: `best`, `good`,
    /// `inaccuracy`, `shortens-loss`, `mistake`, `loss-in-one`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::ShortensLoss => "shortens-loss",
            Mark::Mistake => "mistake",
            Mark::LossInOne => "loss-in-one",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<omweso_engine::review::Mark> for Mark {
    fn from(mark: omweso_engine::review::Mark) -> Mark {
        use omweso_engine::review::Mark as E;
        match mark {
            E::Best => Mark::Best,
            E::Good => Mark::Good,
            E::Inaccuracy => Mark::Inaccuracy,
            E::ShortensLoss => Mark::ShortensLoss,
            E::Mistake => Mark::Mistake,
            E::LossInOne => Mark::LossInOne,
            E::Blunder => Mark::Blunder,
        }
    }
}

/// The verdict on one move of a game, as kept with it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// The move played, in canonical notation (RULES.md §5).
    pub played: String,
    /// The score before the move, for the player who made it, in hundredths of a seed
    /// (a forced result as the engine scores one: `omweso_engine::review::forced`).
    pub score_before: i32,
    /// The engine's best move there, in canonical notation.
    pub best: String,
    /// What the move gave away against the best (0 or more), in the score's units.
    pub loss: i32,
    /// The mark.
    pub mark: Mark,
}

impl From<omweso_engine::review::MoveReview> for MoveReview {
    fn from(r: omweso_engine::review::MoveReview) -> MoveReview {
        MoveReview {
            number: r.number,
            played: r.played,
            score_before: r.score_before,
            best: r.best,
            loss: r.loss,
            mark: r.mark.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_engine::review::Mark as E;

    /// Every engine mark becomes the record's mark of the same name, in the same order.
    #[test]
    fn every_engine_mark_is_the_records_mark_of_its_name_in_its_order() {
        let marks: Vec<Mark> = E::ALL.iter().map(|&m| Mark::from(m)).collect();
        for (e, m) in E::ALL.iter().zip(&marks) {
            assert_eq!(e.name(), m.name());
            assert_eq!(format!("{e:?}"), format!("{m:?}"), "written in files by the same name");
        }
        assert!(marks.windows(2).all(|w| w[0] < w[1]), "gravest last, as the engine orders them");
    }
}
