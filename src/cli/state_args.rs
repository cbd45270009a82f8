//! The state flags shared by the subcommands (`--to-move`, `--first-moves`, `--captures`,
//! rule options) and how they make a [`GameState`].

use omweso_rules::notation::StateTextError;
use omweso_rules::{FirstMoves, GameState, Position, RuleOptions, Side};

/// Side names on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    /// Lower (lowercase holes).
    Lower,
    /// Upper (uppercase holes).
    Upper,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::Lower => Side::Lower,
            SideArg::Upper => Side::Upper,
        }
    }
}

/// `--first-moves` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FirstMovesArg {
    /// Neither player has moved.
    Both,
    /// Lower has still to make a first move.
    Lower,
    /// Upper has still to make a first move.
    Upper,
    /// Both have moved.
    None,
}

impl From<FirstMovesArg> for FirstMoves {
    fn from(f: FirstMovesArg) -> FirstMoves {
        match f {
            FirstMovesArg::Both => FirstMoves::Both,
            FirstMovesArg::Lower => FirstMoves::Lower,
            FirstMovesArg::Upper => FirstMoves::Upper,
            FirstMovesArg::None => FirstMoves::None,
        }
    }
}

/// A position (RULES.md §5) plus the state flags. The position may also be a whole game
/// state (`… / U none 1,0`); flags given explicitly override what it says.
#[derive(Clone, Debug, clap::Args)]
pub struct StateArgs {
    /// The position in RULES.md notation, e.g. "9a, 3b, 4d-fhm; 4A-F, 3G, 5P", or a game
    /// state `"<position> / L both 0,0"`.
    #[arg(long, short = 'p', allow_hyphen_values = true)]
    pub position: String,
    /// What a position alone does not say (who moves, first moves, captures) and the rules.
    #[command(flatten)]
    pub flags: StateFlags,
}

/// The state flags: what a position alone does not say, and the rule options.
#[derive(Clone, Debug, clap::Args)]
pub struct StateFlags {
    /// The player to move [default: lower].
    #[arg(long, value_enum)]
    pub to_move: Option<SideArg>,
    /// Which players have still to make their first move [default: none].
    #[arg(long, value_enum)]
    pub first_moves: Option<FirstMovesArg>,
    /// Moves in which Lower and Upper have captured so far, as L,U [default: 0,0].
    #[arg(long, value_parser = parse_captures_arg)]
    pub captures: Option<[u16; 2]>,
    /// The rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
}

impl StateFlags {
    /// These flags with `position` as a whole [`StateArgs`].
    pub fn with_position(&self, position: String) -> StateArgs {
        StateArgs { position, flags: self.clone() }
    }
}

/// Rule options as flags (RULES.md **\[choice\]**s).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct RuleArgs {
    /// Allow the tournament split of a 3-seed hole until the first capture (RULES.md 3.7).
    #[arg(long)]
    pub split_three: bool,
    /// Do not count akakyala as a win (RULES.md §4.3).
    #[arg(long)]
    pub no_akakyala: bool,
    /// Akawumbi also needs the last capture at an end column (RULES.md §4.1).
    #[arg(long)]
    pub akawumbi_end_column: bool,
    /// The lap at which a move is stopped as never-ending (RULES.md 3.8), 1 to 1000000.
    #[arg(long, default_value_t = 200, value_parser = parse_lap_limit)]
    pub lap_limit: u32,
}

impl RuleArgs {
    /// The rule options these flags give.
    pub fn options(&self) -> RuleOptions {
        RuleOptions {
            tournament_split: self.split_three,
            akakyala: !self.no_akakyala,
            akawumbi_needs_end_column: self.akawumbi_end_column,
            lap_limit: self.lap_limit,
            ..RuleOptions::default()
        }
    }
}

/// Reads `--lap-limit`: a whole number checked by the rules' one bound.
fn parse_lap_limit(text: &str) -> Result<u32, String> {
    let laps: u64 = text.trim().parse().map_err(|_| format!("`{text}` is not a whole number of laps"))?;
    omweso_rules::check_lap_limit(laps).map_err(|e| e.to_string())
}

fn parse_captures_arg(text: &str) -> Result<[u16; 2], String> {
    omweso_rules::notation::parse_captures(text).map_err(|e| e.to_string())
}

impl StateArgs {
    /// The game state these arguments describe.
    ///
    /// # Errors
    /// A readable error when the position or the state is not valid.
    pub fn state(&self) -> Result<GameState, StateTextError> {
        let f = &self.flags;
        let options = f.rules.options();
        let (position, to_move, first_moves, captures) = if self.position.contains('/') {
            let s: GameState = self.position.parse()?;
            (*s.position(), s.to_move(), s.first_moves(), s.captures())
        } else {
            let p: Position = self.position.parse()?;
            (p, Side::Lower, FirstMoves::None, [0, 0])
        };
        Ok(GameState::new(
            position,
            f.to_move.map_or(to_move, Side::from),
            f.first_moves.map_or(first_moves, FirstMoves::from),
            f.captures.unwrap_or(captures),
            options,
        )?)
    }
}
