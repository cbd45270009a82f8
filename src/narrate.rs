//! The move narrator: a few plain sentences, in players' words, saying what a move did and
//! why, generated from the engine's [`Trace`] (RULES.md §3), and what the end of the game
//! means when the move ends it (RULES.md §4, 3.8). The window shows them for the last move
//! and in review; `omweso explain` prints them.

use omweso_rules::{Direction, GameState, Hole, LapEnd, LapSource, Move, Outcome, Position, Side, Trace, WinKind};

/// The sentences that tell what `trace` (a move played in `before`) did, one per lap and
/// one for the end of the game when `outcome` says it ended.
pub fn narrate(before: &GameState, trace: &Trace, outcome: Option<Outcome>) -> Vec<String> {
    let who = trace.mover.to_string();
    let mut board = trace.start;
    let mut out = Vec::new();
    for lap in &trace.laps {
        let dir = match lap.direction {
            Direction::Anticlockwise => "",
            Direction::Clockwise => " clockwise",
        };
        let drops: Vec<Hole> = lap.drops().collect();
        let path = path_text(&drops);
        let mut s = match lap.source {
            LapSource::Start => {
                format!("{who} lifted the {} seeds of {} and sowed them{dir}: {path}.", lap.seeds, lap.origin)
            }
            LapSource::Split => format!(
                "{who} split the 3 seeds of {}: one into {}, then the other two from {}: {path}.",
                lap.origin, drops[0], lap.origin
            ),
            LapSource::Relay => {
                format!("{who} lifted the {} seeds of {} and sowed on{dir}: {path}.", lap.seeds, lap.origin)
            }
            LapSource::Capture => format!(
                "{who} sowed the {} captured seeds from {}, where that lap began{dir}: {path}.",
                lap.seeds, lap.origin
            ),
        };
        if matches!(lap.source, LapSource::Start | LapSource::Split | LapSource::Relay) {
            board.set(lap.origin, 0);
        }
        for &h in &drops {
            board.set(h, board.get(h).saturating_add(1));
        }
        let last = lap.last;
        match lap.end {
            LapEnd::Empty => s.push_str(&format!(" {last} had been empty, so the move ended there.")),
            LapEnd::Relay { seeds } => {
                if !before.captures_allowed() && both_opposite_full(&board, last) {
                    s.push_str(&format!(
                        " {last} was not empty and its opposite holes held seeds, but nothing is \
                         captured on a player's first move, so {who} relayed the {seeds} seeds of {last}."
                    ));
                } else {
                    s.push_str(&format!(" {last} was not empty, so {who} relayed its {seeds} seeds."));
                }
            }
            LapEnd::Capture { front, back, front_seeds, back_seeds } => {
                board.set(front, 0);
                board.set(back, 0);
                let reverse = if lap.direction == Direction::Clockwise { " (a reverse capture)" } else { "" };
                s.push_str(&format!(
                    " {last} was not empty and {front} and {back} both held seeds, so {who} captured {}{reverse}: \
                     {front_seeds} from {front} and {back_seeds} from {back}.",
                    front_seeds + back_seeds
                ));
            }
            LapEnd::Cut => s.push_str(&format!(
                " That was lap {}, the lap limit: the move never ends, so it stops there.",
                lap.number
            )),
        }
        out.push(s);
    }
    if let Some(o) = outcome {
        out.push(ending(o, before.options().points.of(kind_of(o))));
    }
    out
}

/// How a win came, after "wins the game" or "wins too,": `by emitwe-ebiri`, or for the
/// normal win `as the normal win (the other side cannot move)` (a trial read "by normal").
pub fn win_by(kind: WinKind) -> String {
    match kind {
        WinKind::Normal => "as the normal win (the other side cannot move)".to_string(),
        other => format!("by {}", other.name()),
    }
}

/// A suggested move in sentences, as the hint gives it (issue 41): where to start and
/// which way, each choice the player makes on the way (at a relay, with captured seeds),
/// what each capture takes, the relays, and how the move ends; e.g. `Sow D anticlockwise;
/// at the relay from J, sow clockwise (a reverse capture): it captures 10 from h and p and
/// sows them on from J, then relays at J, then ends in the empty J. 10 seeds captured.`
/// `None` when `mv` is not legal in `before`.
pub fn advice(before: &GameState, mv: &Move) -> Option<String> {
    let (after, trace) = before.play(mv).ok()?;
    let chosen = |lap: &omweso_rules::Lap| mv.choices().iter().any(|c| c.lap == lap.number);
    let way = |d: Direction| match d {
        Direction::Clockwise => "clockwise (a reverse capture)",
        Direction::Anticlockwise => "anticlockwise",
    };
    let first = trace.laps.first()?;
    let head = match first.source {
        LapSource::Split => format!("Split the 3 seeds of {}", mv.start()),
        _ => format!("Sow {} {}", mv.start(), way(first.direction)),
    };
    // Each choice starts a sentence part of its own: what to do, then what follows.
    let mut parts: Vec<(String, Vec<String>)> = vec![(head, Vec::new())];
    let mut relays: Vec<Hole> = Vec::new();
    let flush = |relays: &mut Vec<Hole>, parts: &mut Vec<(String, Vec<String>)>| {
        let at = list(relays);
        let clause = match relays.len() {
            0 => return,
            1 => format!("relays at {at}"),
            2 => format!("relays twice, at {at}"),
            3 => format!("relays 3 times, at {at}"),
            n => format!("relays {n} times"),
        };
        relays.clear();
        if let Some((_, clauses)) = parts.last_mut() {
            clauses.push(clause);
        }
    };
    let mut captured = 0;
    for (i, lap) in trace.laps.iter().enumerate() {
        if i > 0 {
            match lap.source {
                LapSource::Capture if chosen(lap) => {
                    flush(&mut relays, &mut parts);
                    let again = if lap.direction == Direction::Clockwise { " again" } else { "" };
                    parts.push((
                        format!("sow the captured seeds {}{again} from {}", way(lap.direction), lap.origin),
                        Vec::new(),
                    ));
                }
                LapSource::Capture => {
                    if let Some(last) = parts.last_mut().and_then(|(_, c)| c.last_mut()) {
                        last.push_str(&format!(" and sows them on from {}", lap.origin));
                    }
                }
                LapSource::Relay if chosen(lap) => {
                    flush(&mut relays, &mut parts);
                    parts.push((format!("at the relay from {}, sow {}", lap.origin, way(lap.direction)), Vec::new()));
                }
                LapSource::Relay | LapSource::Start | LapSource::Split => {}
            }
        }
        let clause = match lap.end {
            LapEnd::Relay { .. } => {
                // A relay that the next part names as a choice is told there.
                if !trace.laps.get(i + 1).is_some_and(chosen) {
                    relays.push(lap.last);
                }
                continue;
            }
            LapEnd::Capture { front, back, front_seeds, back_seeds } => {
                captured += front_seeds + back_seeds;
                format!("captures {} from {front} and {back}", front_seeds + back_seeds)
            }
            LapEnd::Empty => format!("ends in the empty {}", lap.last),
            LapEnd::Cut => "never ends: it stops at the lap limit".to_string(),
        };
        flush(&mut relays, &mut parts);
        if let Some((_, clauses)) = parts.last_mut() {
            clauses.push(clause);
        }
    }
    flush(&mut relays, &mut parts);
    let said: Vec<String> = parts
        .into_iter()
        .map(|(what, clauses)| match clauses.is_empty() {
            true => what,
            false => format!("{what}: it {}", clauses.join(", then ")),
        })
        .collect();
    let mut text = format!("{}.", said.join("; "));
    match captured {
        0 => {}
        1 => text.push_str(" 1 seed captured."),
        n => text.push_str(&format!(" {n} seeds captured.")),
    }
    match after.outcome() {
        Some(Outcome::Win { winner, kind }) if winner == trace.mover => {
            text.push_str(&format!(" It wins the game {}.", win_by(kind)));
        }
        Some(Outcome::Annulled) => text.push_str(" The game is annulled."),
        _ => {}
    }
    Some(text)
}

/// Holes in words: `f`, `f and i`, `f, i and k`.
fn list(holes: &[Hole]) -> String {
    let names: Vec<String> = holes.iter().map(ToString::to_string).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The words for a turn lost on time (the referee's count ran out before `mover` started a
/// move, issue 21), and the end of the game when the turn lost ends it (the opponent, now
/// to move, has no hole of two or more seeds: RULES.md §4).
pub fn turn_lost(mover: Side, outcome: Option<Outcome>) -> Vec<String> {
    let mut out = vec![format!(
        "{mover} did not start a move in time: the turn passed to {}, and the board stays as it was.",
        mover.opponent()
    )];
    if let Some(o) = outcome {
        out.push(ending(o, 1));
    }
    out
}

fn kind_of(o: Outcome) -> WinKind {
    match o {
        Outcome::Win { kind, .. } => kind,
        Outcome::Annulled => WinKind::Normal,
    }
}

/// What an end of the game means, in players' words (RULES.md §4, 3.8).
pub fn ending(outcome: Outcome, points: u32) -> String {
    let worth = if points == 1 { "1 point".to_string() } else { format!("{points} points") };
    match outcome {
        Outcome::Win { winner, kind } => {
            let (w, l) = (winner.to_string(), winner.opponent().to_string());
            match kind {
                WinKind::Normal => format!(
                    "{l} has no hole with two or more seeds left and cannot move: {w} wins (a normal win, {worth})."
                ),
                WinKind::Akakyala => format!(
                    "{w} has now captured in two separate moves while {l} has not captured at all: \
                     akakyala, a win worth {worth}."
                ),
                WinKind::EmitweEbiri => format!(
                    "In this one move {w} captured at both ends of {l}'s side (the heads of the board): \
                     emitwe-ebiri, \"two heads\", a win worth {worth}."
                ),
                WinKind::Akawumbi => format!(
                    "In this one move {w} captured in all eight columns, every one of {l}'s holes: \
                     akawumbi, the rarest win, worth {worth}."
                ),
            }
        }
        Outcome::Annulled => "The move never ends (it reached the lap limit with no win for the mover): \
                              the game is annulled, and nobody wins."
            .to_string(),
    }
}

/// True when both opposite holes of `hole` hold seeds on `board` (`hole` in a front row).
fn both_opposite_full(board: &Position, hole: Hole) -> bool {
    hole.opposite().is_some_and(|(front, back)| board.get(front) > 0 && board.get(back) > 0)
}

/// The holes a lap drops into: all of them when there are a few, else the first and last.
fn path_text(drops: &[Hole]) -> String {
    let names: Vec<String> = drops.iter().map(ToString::to_string).collect();
    if names.len() <= 8 {
        names.join(", ")
    } else {
        format!("{}, {}, … and on round to {}", names[0], names[1], names[names.len() - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::Side;
    use omweso_rules::notation::parse_move;

    fn tell(state: &str, mv: &str) -> Vec<String> {
        let s: GameState = state.parse().unwrap();
        let m = parse_move(&s, mv).unwrap();
        let (succ, trace) = s.play(&m).unwrap();
        narrate(&s, &trace, succ.outcome())
    }

    fn advise(state: &str, mv: &str) -> String {
        let s: GameState = state.parse().unwrap();
        advice(&s, &parse_move(&s, mv).unwrap()).unwrap()
    }

    /// The hint's words read as sentences: where to sow and which way, each choice on the
    /// way, what each capture takes, the relays and the end (issue 41).
    #[test]
    fn a_hint_says_the_whole_move_in_sentences() {
        // Plain sowing.
        let book = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";
        assert_eq!(advise(book, "d"), "Sow d anticlockwise: it ends in the empty i.");
        // A relay.
        let second = "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0";
        assert_eq!(advise(second, "F"), "Sow F anticlockwise: it relays at B, then ends in the empty L.");
        // Captures, their seeds sown on, and two relays.
        let third = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0";
        assert_eq!(
            advise(third, "m"),
            "Sow m anticlockwise: it captures 6 from A and I and sows them on from m, then captures 6 from C and K \
             and sows them on from m, then relays twice, at f and i, then ends in the empty k. 12 seeds captured."
        );
        // A reverse capture on a relay: the choice is the player's, named where it comes.
        let fourth = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0";
        assert_eq!(
            advise(fourth, "D, J2xh"),
            "Sow D anticlockwise; at the relay from J, sow clockwise (a reverse capture): it captures 10 from h and \
             p and sows them on from J, then relays at E, then ends in the empty J. 10 seeds captured."
        );
        // A reverse capture at the start, then the captured seeds clockwise again.
        let reverse = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";
        assert_eq!(
            advise(reverse, "i3xF, i2xG"),
            "Sow i clockwise (a reverse capture): it captures 2 from F and N; sow the captured seeds clockwise (a \
             reverse capture) again from i: it captures 4 from G and O and sows them on from i, then ends in the \
             empty m. 6 seeds captured."
        );
        // A win.
        let emitwe = "1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0";
        assert!(advise(emitwe, "o").ends_with("It wins the game by emitwe-ebiri."), "{}", advise(emitwe, "o"));
        let s: GameState = book.parse().unwrap();
        let other: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let d = parse_move(&s, "d").unwrap();
        assert_eq!(advice(&other, &d), None, "not a move there");
    }

    #[test]
    fn the_worked_game_is_told_lap_by_lap() {
        let t = tell("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0", "d");
        assert_eq!(
            t,
            vec![
                "Lower lifted the 4 seeds of d and sowed them: c, b, a, i. i had been empty, so the move ended there."
            ]
        );
        let t = tell("10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0", "F");
        assert_eq!(t.len(), 2);
        assert!(t[0].ends_with("B was not empty, so Upper relayed its 5 seeds."), "{}", t[0]);
        let t = tell("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0", "m");
        assert!(t[0].contains("h was not empty and A and I both held seeds, so Lower captured 6"), "{}", t[0]);
        assert!(t[1].starts_with("Lower sowed the 6 captured seeds from m, where that lap began"), "{}", t[1]);
        assert!(t[1].contains("so Lower captured 6: 5 from C and 1 from K"), "{}", t[1]);
        assert!(t[2].ends_with("f was not empty, so Lower relayed its 6 seeds."), "{}", t[2]);
        assert!(t.last().unwrap().ends_with("k had been empty, so the move ended there."));
    }

    #[test]
    fn a_first_move_relays_where_it_would_capture_and_a_reverse_capture_is_named() {
        // Lower's first move ends in h, facing A and I, which hold seeds: no capture.
        let t = tell("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L both 0,0", "m");
        assert!(t[0].contains("nothing is captured on a player's first move"), "{}", t[0]);
        let t = tell("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0", "i3xF");
        assert!(t[0].contains("sowed them clockwise: a, b, c") && t[0].contains("(a reverse capture)"), "{}", t[0]);
    }

    #[test]
    fn the_end_of_the_game_is_explained() {
        let t = tell("2i, 46p; 1A-P / L none 0,0", "i");
        assert!(t.last().unwrap().starts_with("Upper has no hole with two or more seeds left"), "{t:?}");
        let e = ending(Outcome::Win { winner: Side::Upper, kind: WinKind::EmitweEbiri }, 2);
        assert!(e.contains("emitwe-ebiri") && e.contains("2 points"));
        assert!(ending(Outcome::Annulled, 0).contains("annulled"));
    }
}
