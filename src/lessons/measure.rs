//! What the course asks of a learner, counted: the road from the first start to the first
//! move of the first game (issue 41), the lesson list's words, and the minutes at a normal
//! pace that `omweso lessons --measure` prints.

use super::{Lesson, Step, Task};

/// What a stretch of the course asks of a learner, counted from its steps: the basis of
/// `omweso lessons --measure` (issue 41's measure of the road to a first game).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    /// Words read: each step's text and the explanation after its move, and for the first
    /// game the guide's words before its first move ([`crate::guide::OPENING`]).
    pub words: usize,
    /// Seconds of sowing watched: each asked move's first accepted move, animated at
    /// `events_a_second`.
    pub sowing_seconds: f64,
    /// Moves the learner is asked to make (the first game's first move among them: it ends
    /// the road).
    pub moves_asked: usize,
    /// Seeds the learner lays out by hand (32 a set-out step; none for the first game,
    /// which starts from a ready-made layout in one click).
    pub seeds_laid_out: usize,
    /// Buttons clicked to go on: each step's Next (Next lesson at a lesson's end, the
    /// ready-made layout's button at the first game), and Start lesson in the list.
    pub clicks: usize,
}

/// The lesson list's first line (Help → Learn Omweso), read at the first start.
pub const LIST_INTRO: &str =
    "Lessons on the real board: each step shows a position, says a few words and asks for a move.";

/// The heading in the lesson list before the lessons off the road to the first game.
pub const LIST_AFTER: &str = "After your first game, when you like:";

/// Words read in the lesson list at the first start: its first line, the titles and the
/// heading before the optional lessons.
pub fn list_words(lessons: &[Lesson]) -> usize {
    let words = |t: &str| t.split_whitespace().count();
    words(LIST_INTRO) + words(LIST_AFTER) + lessons.iter().map(|l| words(&l.title)).sum::<usize>()
}

impl Measure {
    /// Words a minute of a normal reading pace.
    pub const WORDS_A_MINUTE: f64 = 200.0;
    /// Seconds a learner takes to find and make a move they are asked for.
    pub const SECONDS_A_MOVE: f64 = 15.0;
    /// Seconds a learner takes to lay out one seed by hand.
    pub const SECONDS_A_SEED: f64 = 2.0;
    /// Seconds a learner takes to find a button and click it (Next, Start lesson).
    pub const SECONDS_A_CLICK: f64 = 3.0;

    /// What `steps` ask, with sowing animated at `events_a_second` (the window's default
    /// speed: `Speed::Normal.rate()`).
    pub fn of_steps<'a>(steps: impl IntoIterator<Item = &'a Step>, events_a_second: f64) -> Measure {
        let mut m = Measure::default();
        for step in steps {
            m.words += step.text.split_whitespace().count() + step.explain.split_whitespace().count();
            m.clicks += 1;
            match &step.task {
                Task::Play(moves) => {
                    m.moves_asked += 1;
                    if let Ok((_, trace)) = step.state.play(&moves[0]) {
                        m.sowing_seconds += trace.events().len() as f64 / events_a_second;
                    }
                }
                Task::SetOut => m.seeds_laid_out += 32,
                // One click on a ready-made layout, the guide's opening words, then the
                // first move of the game.
                Task::PlayBeginner => {
                    m.words += crate::guide::OPENING.split_whitespace().count();
                    m.moves_asked += 1;
                }
                Task::Look => {}
            }
        }
        m
    }

    /// The minutes it takes at a normal pace: reading, watching the sowing, each asked move
    /// and each seed laid out.
    pub fn minutes(&self) -> f64 {
        self.words as f64 / Self::WORDS_A_MINUTE
            + (self.sowing_seconds
                + self.moves_asked as f64 * Self::SECONDS_A_MOVE
                + self.seeds_laid_out as f64 * Self::SECONDS_A_SEED
                + self.clicks as f64 * Self::SECONDS_A_CLICK)
                / 60.0
    }

    /// The road to the first game's first move ([`road`]) from the first start: the lesson
    /// list read and its Start lesson clicked, then every step, its words, moves and Next.
    pub fn of_road(lessons: &[Lesson], events_a_second: f64) -> Measure {
        let mut m = Measure::of_steps(road(lessons), events_a_second);
        m.words += list_words(lessons);
        m.clicks += 1;
        m
    }
}

/// The road from the first start to the first move of the first game: the lessons in order,
/// less the optional ones, up to and including the first game's step (a
/// [`Task::PlayBeginner`]: its words, the guide's opening and the game's first move are on
/// the road, the rest of its play is not).
pub fn road(lessons: &[Lesson]) -> Vec<&Step> {
    let mut steps = Vec::new();
    for step in lessons.iter().filter(|l| !l.optional).flat_map(|l| &l.steps) {
        steps.push(step);
        if step.task == Task::PlayBeginner {
            break;
        }
    }
    steps
}

impl std::ops::Add for Measure {
    type Output = Measure;

    /// Two stretches one after the other (the road, then the rest of the first game).
    fn add(self, other: Measure) -> Measure {
        Measure {
            words: self.words + other.words,
            sowing_seconds: self.sowing_seconds + other.sowing_seconds,
            moves_asked: self.moves_asked + other.moves_asked,
            seeds_laid_out: self.seeds_laid_out + other.seeds_laid_out,
            clicks: self.clicks + other.clicks,
        }
    }
}
