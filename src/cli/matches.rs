//! `omweso match`: players against each other, each setup twice with the sides swapped.
//! A player is an engine level, a baseline, or an external program speaking the engine
//! protocol ([`super::external`]).

use super::external::{ExternalEngine, ExternalError};
use super::stats::{Sprt, SprtVerdict};
use crate::cli::output::io;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use omweso_engine::{self as ai, Level, Limits, choose_layout, greedy_move, random_move};
use omweso_rules::{GameState, Layout, Move, Outcome, RuleOptions, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

mod tally;
use tally::Tally;

/// A player of `omweso match`: an engine level, a baseline, or an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search at a level.
    Engine(Level),
    /// A uniformly random legal move.
    Random,
    /// The move capturing the most seeds.
    Greedy,
    /// A program speaking the engine protocol: the command that starts it (program and
    /// arguments separated by spaces), started afresh for each game.
    External(String),
}

impl FromStr for Player {
    type Err = String;

    /// A level name, `random` or `greedy` (external engines come from `--a-engine`).
    fn from_str(text: &str) -> Result<Player, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            t => t.parse().map(Player::Engine).map_err(|_| {
                format!("unknown player `{t}`: expected beginner, casual, strong, master, random or greedy")
            }),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Engine(l) => f.write_str(l.name()),
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::External(command) => write!(f, "`{command}`"),
        }
    }
}

/// Where a player's layout comes from in `omweso match`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LayoutMode {
    /// A uniformly random layout, the same for both games of a pair (sides swapped).
    Random,
    /// The engine lays out its own seeds ([`choose_layout`]; an external engine through
    /// the protocol's `layout` request, or the pair's random layout if it cannot);
    /// baselines use random layouts.
    Engine,
    /// The pair's layout chosen by omweso's Master (Upper's first, then Lower's seeing it),
    /// the same for both games of the pair whoever plays it: paired setups for any player,
    /// external engines included.
    Master,
}

/// The settings of `omweso match`.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// First player.
    pub a: Player,
    /// Second player.
    pub b: Player,
    /// Number of games (pairs of games with sides swapped; an odd count ends on half a pair).
    pub games: u32,
    /// Time per move of the engine players.
    pub time: Duration,
    /// Seed of the setups and of the players' randomness.
    pub seed: u64,
    /// Layout of a.
    pub a_layout: LayoutMode,
    /// Layout of b.
    pub b_layout: LayoutMode,
    /// A game not over after this many moves counts as annulled.
    pub max_moves: u32,
    /// Random moves played before the players take over, the same in both games of a pair;
    /// chosen again (up to 100 times) until a 4-move search scores the position within
    /// 15 seeds, so that games start balanced. 0: start from the layouts.
    pub opening_moves: u32,
    /// A ballot of openings ([`super::parse_openings`]): pair `k` starts from opening `k`
    /// (round the ballot again when there are more pairs), instead of the layouts.
    pub openings: Option<Vec<GameState>>,
    /// Rule options.
    pub options: RuleOptions,
    /// Games played at the same time (at least 1).
    pub threads: usize,
    /// Threads each search of an engine level uses.
    pub search_threads: usize,
    /// Stop as soon as this test is decided.
    pub sprt: Option<Sprt>,
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum GameEnd {
    Won(Side, u32),
    Annulled,
    Capped,
    /// An external engine failed (no answer in time, ended, illegal move): it loses.
    Forfeit(Side, String),
}

/// One game of a match, as seen by player a.
#[derive(Clone, Debug)]
struct GameRecord {
    a_side: Side,
    end: GameEnd,
    moves: u32,
}

impl GameRecord {
    /// How the game ended, in words.
    fn end_text(&self, s: &MatchSettings) -> String {
        let name = |side: Side| if side == self.a_side { "a" } else { "b" };
        match &self.end {
            GameEnd::Won(w, p) => format!("{} wins {p}", name(*w)),
            GameEnd::Forfeit(loser, why) => format!("{} forfeits: {why}", name(*loser)),
            GameEnd::Annulled => "annulled".into(),
            GameEnd::Capped => format!("capped at {} moves", s.max_moves),
        }
    }

    /// a's result: 1, ½ or 0.
    fn a_score(&self) -> f64 {
        match &self.end {
            GameEnd::Won(w, _) => f64::from(u8::from(*w == self.a_side)),
            GameEnd::Forfeit(loser, _) => f64::from(u8::from(*loser != self.a_side)),
            GameEnd::Annulled | GameEnd::Capped => 0.5,
        }
    }
}

/// A player seated for one game: external engines run for the length of the game.
enum Seat<'a> {
    Builtin(&'a Player),
    External(ExternalEngine),
}

impl Seat<'_> {
    fn take(player: &Player) -> Result<Seat<'_>, String> {
        match player {
            Player::External(command) => ExternalEngine::start(command).map(Seat::External).map_err(|e| e.to_string()),
            p => Ok(Seat::Builtin(p)),
        }
    }

    /// The seat's move; an error is a forfeit.
    fn pick(&mut self, state: &GameState, s: &MatchSettings, seed: u64, rng: &mut StdRng) -> Result<Move, String> {
        let time = s.time;
        let found = match self {
            Seat::External(engine) => return engine.best_move(state, time).map_err(|e| e.to_string()),
            Seat::Builtin(Player::Random) => random_move(state, rng),
            Seat::Builtin(Player::Greedy) => greedy_move(state),
            Seat::Builtin(Player::Engine(level)) => engine_move(state, *level, time, s.search_threads, seed),
            Seat::Builtin(Player::External(_)) => None,
        };
        found.ok_or_else(|| format!("no move found in {state}"))
    }
}

/// The move the engine at `level` plays in `state` within `time` on `threads` threads:
/// how `omweso match` and `omweso online --computer` pick an engine's move. `None` when the
/// game is over.
pub(crate) fn engine_move(state: &GameState, level: Level, time: Duration, threads: usize, seed: u64) -> Option<Move> {
    let stop = AtomicBool::new(false);
    let limits = Limits { time: Some(time), threads, ..Limits::default() };
    ai::search(state, level, limits, seed, &stop, &mut |_| {}).map(|r| r.best)
}

fn play_game(lower: &Player, upper: &Player, start: GameState, s: &MatchSettings, seed: u64) -> (GameEnd, u32) {
    let mut seats = [None, None];
    for (side, player) in [(Side::Lower, lower), (Side::Upper, upper)] {
        match Seat::take(player) {
            Ok(seat) => seats[side.index()] = Some(seat),
            Err(why) => return (GameEnd::Forfeit(side, why), 0),
        }
    }
    let mut state = start;
    let mut rng = StdRng::seed_from_u64(seed);
    for ply in 0..s.max_moves {
        if let Some(o) = state.outcome() {
            return (end_of(o, &state), ply);
        }
        let side = state.to_move();
        let Some(seat) = seats[side.index()].as_mut() else { return (GameEnd::Capped, ply) };
        let mv = match seat.pick(&state, s, seed ^ (ply as u64) << 32, &mut rng) {
            Ok(mv) => mv,
            Err(why) => return (GameEnd::Forfeit(side, why), ply),
        };
        let next = match state.play(&mv) {
            Ok((next, _)) => next,
            Err(e) => return (GameEnd::Forfeit(side, format!("illegal move {mv} in {state}: {e}")), ply),
        };
        if let Some(o) = next.outcome() {
            return (end_of(o, &next.state), ply + 1);
        }
        state = next.state;
    }
    (GameEnd::Capped, s.max_moves)
}

fn end_of(o: Outcome, state: &GameState) -> GameEnd {
    match o {
        Outcome::Win { winner, kind } => GameEnd::Won(winner, state.options().points.of(kind)),
        Outcome::Annulled => GameEnd::Annulled,
    }
}

/// `moves` random moves from `start`, tried again until the position is balanced.
fn balanced_opening(start: &GameState, moves: u32, seed: u64) -> GameState {
    let mut rng = StdRng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    let mut fallback = start.clone();
    for _ in 0..100 {
        let mut s = start.clone();
        let mut ok = true;
        for _ in 0..moves {
            let Some(mv) = random_move(&s, &mut rng) else {
                ok = false;
                break;
            };
            match s.play(&mv) {
                Ok((next, _)) if next.outcome().is_none() => s = next.state,
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        let limits = Limits { time: None, depth: Some(4), nodes: Some(200_000), threads: 1 };
        match ai::search(&s, Level::Master, limits, 0, &stop, &mut |_| {}) {
            Some(r) if r.score.abs() < 15 * ai::SEED => return s,
            _ => fallback = s,
        }
    }
    fallback
}

/// The layout `player` plays with on `side` in one game.
struct PairLayouts {
    random: [Layout; 2],
    master: Option<[Layout; 2]>,
}

impl PairLayouts {
    fn new(s: &MatchSettings, pair: u64) -> PairLayouts {
        let mut setup = StdRng::seed_from_u64(ai_seed(s.seed, pair));
        let random = [Layout::random(&mut setup), Layout::random(&mut setup)];
        let master = (s.a_layout == LayoutMode::Master || s.b_layout == LayoutMode::Master).then(|| {
            let seed = ai_seed(s.seed, 3_000_000 + pair);
            let upper = choose_layout(Side::Upper, Level::Master, None, &s.options, seed ^ 1);
            let lower = choose_layout(Side::Lower, Level::Master, Some(&upper), &s.options, seed ^ 2);
            [lower, upper]
        });
        PairLayouts { random, master }
    }

    fn layout(
        &self,
        player: &Player,
        mode: LayoutMode,
        side: Side,
        seen: Option<&Layout>,
        seed: u64,
        s: &MatchSettings,
    ) -> Layout {
        match (player, mode, &self.master) {
            (Player::Engine(level), LayoutMode::Engine, _) => choose_layout(side, *level, seen, &s.options, seed),
            // An external engine lays out through the protocol; one that cannot (an older
            // build, an engine without `layout`) takes the pair's random layout.
            (Player::External(command), LayoutMode::Engine, _) => ExternalEngine::start(command)
                .and_then(|mut e| e.layout(side, seen, seed, &s.options))
                .unwrap_or(self.random[side.index()]),
            (_, LayoutMode::Master, Some(master)) => master[side.index()],
            _ => self.random[side.index()],
        }
    }
}

/// Plays game number `game` (from 0) of the match: everything about it follows from the
/// match seed and `game` alone (the setup from the pair `game / 2`), so games can be
/// played in any order.
fn play_game_at(s: &MatchSettings, game: u32) -> GameRecord {
    let pair = (game / 2) as u64;
    let swapped = game % 2 == 1;
    let (lower, upper, lower_mode, upper_mode) =
        if swapped { (&s.b, &s.a, s.b_layout, s.a_layout) } else { (&s.a, &s.b, s.a_layout, s.b_layout) };
    let game_seed = ai_seed(s.seed, 1_000_000 + game as u64);
    let start = match s.openings.as_ref().filter(|b| !b.is_empty()) {
        Some(ballot) => ballot[pair as usize % ballot.len()].clone(),
        None => {
            // RULES.md §2: the loser of the toss (Upper, moving second) lays out first;
            // Lower lays out second, seeing Upper's layout.
            let layouts = PairLayouts::new(s, pair);
            let upper_layout = layouts.layout(upper, upper_mode, Side::Upper, None, game_seed ^ 1, s);
            let lower_layout = layouts.layout(lower, lower_mode, Side::Lower, Some(&upper_layout), game_seed ^ 2, s);
            let start = GameState::from_layouts(&lower_layout, &upper_layout, Side::Lower, s.options);
            match s.opening_moves {
                0 => start,
                n => balanced_opening(&start, n, ai_seed(s.seed, 2_000_000 + pair)),
            }
        }
    };
    let (end, moves) = play_game(lower, upper, start, s, game_seed);
    GameRecord { a_side: if swapped { Side::Upper } else { Side::Lower }, end, moves }
}

/// What each player actually laid out with.
fn layout_name(p: &Player, m: LayoutMode) -> &'static str {
    match (p, m) {
        (Player::Engine(_), LayoutMode::Engine) => "engine-chosen",
        (Player::External(_), LayoutMode::Engine) => "engine-chosen (random if it cannot)",
        (_, LayoutMode::Master) => "master-chosen",
        _ => "random",
    }
}

/// `omweso match`: players against each other from paired setups, each setup twice with
/// the sides swapped (Lower always moves first, so each player moves first in one game of
/// the pair). Games are played [`MatchSettings::threads`] at a time; every game follows from the seed and
/// its number alone, so the results do not depend on the number of threads. With an
/// [`Sprt`] ([`MatchSettings::sprt`]) the match stops at the first whole pair, in game order, after which the test
/// is decided. Prints the result, the score and an Elo difference with a 95% interval;
/// shows progress on stderr (a progress bar on a terminal, a line a game otherwise).
///
/// # Errors
/// A readable line when the output cannot be written or the threads cannot be started.
pub fn play_match(s: &MatchSettings, out: &mut dyn Write) -> Result<(), String> {
    // An engine that cannot even be started fails the match at once, instead of forfeiting
    // every game; one that starts and later misbehaves loses only the game it spoils.
    for (name, player) in [("a", &s.a), ("b", &s.b)] {
        if let Player::External(command) = player
            && let Err(e @ (ExternalError::Spawn { .. } | ExternalError::EmptyCommand)) = ExternalEngine::start(command)
        {
            return Err(format!("player {name}: {e}"));
        }
    }
    let (threads, sprt) = (s.threads, s.sprt);
    let started = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let progress = Progress::new(s.games);
    let next_game = AtomicU32::new(0);
    let halt = AtomicBool::new(false);
    let (tx, rx) = channel::<(u32, GameRecord)>();
    let mut finished: Vec<Option<GameRecord>> = vec![None; s.games as usize];
    let mut tally = Tally::default();
    let mut counted = 0usize;
    let mut pairs: Vec<f64> = Vec::new();
    let mut verdict = SprtVerdict::Continue;
    std::thread::scope(|scope| {
        // The games are handed out in order, so that an early stop wastes little.
        scope.spawn(|| {
            pool.scope(|ps| {
                for _ in 0..threads {
                    let tx = tx.clone();
                    let (next_game, halt) = (&next_game, &halt);
                    ps.spawn(move |_| {
                        loop {
                            let game = next_game.fetch_add(1, Ordering::Relaxed);
                            if game >= s.games || halt.load(Ordering::Relaxed) {
                                break;
                            }
                            if tx.send((game, play_game_at(s, game))).is_err() {
                                break;
                            }
                        }
                    });
                }
            });
            drop(tx);
        });
        for (game, record) in rx.iter() {
            progress.game_done(game, &record, s);
            finished[game as usize] = Some(record);
            // Count the games in order, up to the first one still being played.
            while counted < finished.len() && verdict == SprtVerdict::Continue {
                let Some(r) = &finished[counted] else { break };
                tally.add(r, s);
                counted += 1;
                if counted.is_multiple_of(2) {
                    let n = tally.results.len();
                    pairs.push(tally.results[n - 2] + tally.results[n - 1]);
                    if let Some(test) = &sprt {
                        verdict = test.verdict(&pairs);
                    }
                }
            }
            progress.update(&tally, sprt.as_ref().map(|t| t.llr(&pairs)));
            if verdict != SprtVerdict::Continue {
                halt.store(true, Ordering::Relaxed);
            }
        }
    });
    progress.finish();
    tally.report(s, started.elapsed(), out)?;
    if let Some(test) = sprt {
        let (lower, upper) = test.bounds();
        let said = match verdict {
            SprtVerdict::AcceptH0 => format!("H0 accepted (a - b is {} Elo or less)", test.elo0),
            SprtVerdict::AcceptH1 => format!("H1 accepted (a - b is {} Elo or more)", test.elo1),
            SprtVerdict::Continue => "no decision yet".to_string(),
        };
        writeln!(
            out,
            "sprt elo0 {} elo1 {} (alpha {}, beta {}): llr {:.2} in [{lower:.2}, {upper:.2}] after {} pairs: {said}",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            test.llr(&pairs),
            pairs.len()
        )
        .map_err(io)?;
    }
    Ok(())
}

/// Progress on stderr: an indicatif bar with the running score and the time left when
/// stderr is a terminal; one plain line a game otherwise.
struct Progress {
    bar: Option<ProgressBar>,
    games: u32,
    started: Instant,
}

impl Progress {
    fn new(games: u32) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(games as u64), ProgressDrawTarget::stderr());
            if let Ok(style) =
                ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {pos}/{len} games  {msg}  ETA {eta}")
            {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar, games, started: Instant::now() }
    }

    fn game_done(&self, game: u32, r: &GameRecord, s: &MatchSettings) {
        match &self.bar {
            Some(bar) => bar.inc(1),
            None => eprintln!(
                "game {}/{}: a ({}) is {}, {} after {} moves ({:.0} s)",
                game + 1,
                self.games,
                s.a,
                r.a_side.name(),
                r.end_text(s),
                r.moves,
                self.started.elapsed().as_secs_f64()
            ),
        }
    }

    fn update(&self, t: &Tally, llr: Option<f64>) {
        if let Some(bar) = &self.bar {
            let n = t.results.len().max(1) as f64;
            let score = 100.0 * t.results.iter().sum::<f64>() / n;
            let llr = llr.map_or_else(String::new, |l| format!("  llr {l:.2}"));
            bar.set_message(format!("a {} b {} = {}  ({score:.1}%){llr}", t.wins, t.losses, t.annulled));
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

fn ai_seed(seed: u64, n: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(n.wrapping_mul(0xD1B5_4A32_D192_ED03)) ^ n
}
