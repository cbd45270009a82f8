//! The computer opponent's subcommands: `analyse` and `match`.

use crate::ai::{self, Level, Limits, SearchInfo, choose_layout, greedy_move, random_move};
use crate::rules::{GameState, Layout, Move, Outcome, RuleOptions, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;
use std::io::Write;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

fn io(e: std::io::Error) -> String {
    format!("cannot write the output: {e}")
}

/// A principal variation as `m1 | m2 | …` (a move's own text may contain commas).
pub fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" | ")
}

/// `omweso analyse`: prints `info depth D score S nodes N nps R pv …` after each iteration
/// and finally `bestmove <move>`.
pub fn analyse(state: &GameState, level: Level, limits: Limits, seed: u64, out: &mut dyn Write) -> Result<(), String> {
    if let Some(o) = state.outcome() {
        return Err(format!("no legal moves: the game is over ({o})"));
    }
    let stop = AtomicBool::new(false);
    let mut failed = None;
    let mut on_info = |i: &SearchInfo| {
        let line =
            format!("info depth {} score {} nodes {} nps {} pv {}", i.depth, i.score, i.nodes, i.nps, pv_text(&i.pv));
        if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
            failed.get_or_insert(io(e));
        }
    };
    let result = ai::search(state, level, limits, seed, &stop, &mut on_info);
    if let Some(e) = failed {
        return Err(e);
    }
    match result {
        Some(r) => writeln!(out, "bestmove {}", r.best).map_err(io),
        None => Err("no legal moves".to_string()),
    }
}

/// A player of `omweso match`: an engine level or a baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search at a level.
    Engine(Level),
    /// A uniformly random legal move.
    Random,
    /// The move capturing the most seeds.
    Greedy,
}

impl FromStr for Player {
    type Err = String;

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
        }
    }
}

/// Where a player's layout comes from in `omweso match`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LayoutMode {
    /// A uniformly random layout, the same for both games of a pair (sides swapped).
    Random,
    /// The engine lays out its own seeds ([`choose_layout`]); baselines still use random
    /// layouts.
    Engine,
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
    /// Rule options.
    pub options: RuleOptions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameEnd {
    Won(Side, u32),
    Annulled,
    Capped,
}

fn pick(player: Player, state: &GameState, time: Duration, seed: u64, rng: &mut StdRng) -> Option<Move> {
    match player {
        Player::Random => random_move(state, rng),
        Player::Greedy => greedy_move(state),
        Player::Engine(level) => {
            let stop = AtomicBool::new(false);
            let limits = Limits { time: Some(time), depth: None, nodes: None };
            ai::search(state, level, limits, seed, &stop, &mut |_| {}).map(|r| r.best)
        }
    }
}

fn layout_for(
    player: Player,
    mode: LayoutMode,
    side: Side,
    seen: Option<&Layout>,
    s: &MatchSettings,
    seed: u64,
    random: Layout,
) -> Layout {
    match (player, mode) {
        (Player::Engine(level), LayoutMode::Engine) => choose_layout(side, level, seen, &s.options, seed),
        _ => random,
    }
}

fn play_game(
    lower: Player,
    upper: Player,
    start: GameState,
    s: &MatchSettings,
    seed: u64,
) -> Result<(GameEnd, u32), String> {
    let mut state = start;
    let mut rng = StdRng::seed_from_u64(seed);
    for ply in 0..s.max_moves {
        if let Some(o) = state.outcome() {
            return Ok((end_of(o, &state), ply));
        }
        let player = if state.to_move() == Side::Lower { lower } else { upper };
        let mv = pick(player, &state, s.time, seed ^ (ply as u64) << 32, &mut rng)
            .ok_or_else(|| format!("{player} found no move in {state}"))?;
        let (next, _) = state.play(&mv).map_err(|e| format!("{player} played an illegal move {mv} in {state}: {e}"))?;
        state = next.state;
    }
    Ok(match state.outcome() {
        Some(o) => (end_of(o, &state), s.max_moves),
        None => (GameEnd::Capped, s.max_moves),
    })
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
        let limits = Limits { time: None, depth: Some(4), nodes: Some(200_000) };
        match ai::search(&s, Level::Master, limits, 0, &stop, &mut |_| {}) {
            Some(r) if r.score.abs() < 15 * ai::SEED => return s,
            _ => fallback = s,
        }
    }
    fallback
}

/// Elo difference for a score fraction `p`.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// `omweso match`: computer against computer from random setups, each setup twice with the
/// sides swapped (Lower always moves first, so each player moves first in one game of the
/// pair). Prints the result, the score and an Elo difference with a 95% interval; shows
/// progress on stderr.
pub fn play_match(s: &MatchSettings, out: &mut dyn Write) -> Result<(), String> {
    let started = Instant::now();
    let (mut wins, mut losses, mut annulled, mut capped) = (0u32, 0u32, 0u32, 0u32);
    let (mut points_a, mut points_b) = (0u32, 0u32);
    let mut results: Vec<f64> = Vec::new();
    let mut total_moves = 0u64;
    for game in 0..s.games {
        let pair = (game / 2) as u64;
        let swapped = game % 2 == 1;
        let mut setup = StdRng::seed_from_u64(ai_seed(s.seed, pair));
        let (random_lower, random_upper) = (Layout::random(&mut setup), Layout::random(&mut setup));
        let (lower, upper, lower_mode, upper_mode) =
            if swapped { (s.b, s.a, s.b_layout, s.a_layout) } else { (s.a, s.b, s.a_layout, s.b_layout) };
        let game_seed = ai_seed(s.seed, 1_000_000 + game as u64);
        // RULES.md §2: the loser of the toss (Upper, moving second) lays out first; Lower
        // lays out second, seeing Upper's layout.
        let upper_layout = layout_for(upper, upper_mode, Side::Upper, None, s, game_seed ^ 1, random_upper);
        let lower_layout =
            layout_for(lower, lower_mode, Side::Lower, Some(&upper_layout), s, game_seed ^ 2, random_lower);
        let mut start = GameState::from_layouts(&lower_layout, &upper_layout, Side::Lower, s.options);
        if s.opening_moves > 0 {
            start = balanced_opening(&start, s.opening_moves, ai_seed(s.seed, 2_000_000 + pair));
        }
        let (end, moves) = play_game(lower, upper, start, s, game_seed)?;
        total_moves += moves as u64;
        let a_side = if swapped { Side::Upper } else { Side::Lower };
        let text = match end {
            GameEnd::Won(w, p) if w == a_side => {
                wins += 1;
                points_a += p;
                results.push(1.0);
                format!("a ({}) wins {p}", s.a)
            }
            GameEnd::Won(_, p) => {
                losses += 1;
                points_b += p;
                results.push(0.0);
                format!("b ({}) wins {p}", s.b)
            }
            GameEnd::Annulled | GameEnd::Capped => {
                annulled += 1;
                if end == GameEnd::Capped {
                    capped += 1;
                }
                results.push(0.5);
                if end == GameEnd::Capped { format!("capped at {} moves", s.max_moves) } else { "annulled".into() }
            }
        };
        eprintln!(
            "game {}/{}: a is {}, {text} after {moves} moves; a {wins} b {losses} annulled {annulled} ({:.0} s)",
            game + 1,
            s.games,
            a_side.name(),
            started.elapsed().as_secs_f64()
        );
    }
    let n = results.len().max(1) as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let (lo, hi) = (elo(mean - 1.96 * se), elo(mean + 1.96 * se));
    // What each player actually laid out with: baselines always lay out at random.
    let mode = |p: Player, m: LayoutMode| match (p, m) {
        (Player::Engine(_), LayoutMode::Engine) => "engine-chosen",
        _ => "random",
    };
    let w = |r: std::io::Result<()>| r.map_err(io);
    w(writeln!(
        out,
        "a: {}  b: {}  games: {}  time: {} ms/move  layouts: a {}, b {}  opening moves: {}  seed: {}",
        s.a,
        s.b,
        results.len(),
        s.time.as_millis(),
        mode(s.a, s.a_layout),
        mode(s.b, s.b_layout),
        s.opening_moves,
        s.seed
    ))?;
    w(writeln!(
        out,
        "a wins {wins}, b wins {losses}, annulled {annulled} (of which capped at {} moves: {capped})",
        s.max_moves
    ))?;
    w(writeln!(out, "points: a {points_a}, b {points_b}; average game length {:.1} moves", total_moves as f64 / n))?;
    w(writeln!(out, "score of a: {:.1}/{} = {:.1}%", mean * n, results.len(), 100.0 * mean))?;
    w(writeln!(out, "elo difference (a - b): {:+.0}, 95% interval [{:+.0}, {:+.0}]", elo(mean), lo, hi))?;
    w(writeln!(out, "time: {:.1} s", started.elapsed().as_secs_f64()))
}

fn ai_seed(seed: u64, n: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(n.wrapping_mul(0xD1B5_4A32_D192_ED03)) ^ n
}
