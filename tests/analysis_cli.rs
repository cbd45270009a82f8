//! `omweso threats` and `omweso review`, run as a process.

use std::process::Command;

fn omweso(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_omweso")).args(args).output().expect("run omweso");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn threats_lists_the_opponents_captures_in_the_order_taken() {
    // RULES.md §6 after d and F, seen from Upper: Lower's m would take A and I, then C and K.
    let (ok, out, err) =
        omweso(&["threats", "--position", "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U none 0,0"]);
    assert!(ok, "{err}");
    assert_eq!(out, "b4xC\tCK\t6\nb4xC, b6xA\tCKAIDL\t18\ne\tCK\t6\nm\tAICK\t12\n");
    // Nothing under threat: no line. (Lower's first move cannot capture.)
    let (ok, out, _) =
        omweso(&["threats", "--position", "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U both 0,0"]);
    assert!(ok && out.is_empty(), "{out}");
}

#[test]
fn review_marks_each_move_and_the_engines_choice_is_best() {
    let (ok, out, err) = omweso(&[
        "review",
        "--position",
        "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0",
        "--depth",
        "3",
        "d",
        "F",
        "m",
        "D, J2xh",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (i, f) in lines.iter().enumerate() {
        assert_eq!(f.len(), 6, "{out}");
        assert_eq!(f[0], (i + 1).to_string());
        assert!(
            ["best", "good", "inaccuracy", "shortens-loss", "mistake", "loss-in-one", "blunder"].contains(&f[5]),
            "{out}"
        );
        let loss: i32 = f[4].parse().expect("loss");
        assert!(loss >= 0);
        if f[1] == f[3] {
            assert_eq!((f[5], loss), ("best", 0), "the engine's own choice: {out}");
        }
    }
    assert_eq!(lines[1][1], "F");
    // Missing an akakyala win in one for a quiet move is a blunder.
    let (ok, out, err) = omweso(&[
        "review",
        "--position",
        "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0",
        "--depth",
        "2",
        "e",
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("1\te\t") && out.trim_end().ends_with("\tblunder"), "{out}");
}

#[test]
fn review_never_calls_a_move_that_hands_over_a_win_in_one_good() {
    // Issue 37: Upper is lost; D holds out four moves, O lets Lower win with its next move.
    let position = "1ac, 3d, 10e, 2f, 4g, 6h, 4i, 3jk, 1mn, 7o, 1p; 1C, 3D, 5E, 1J, 3L, 1M, 2O, 1P / U none 3,1";
    let (ok, out, err) = omweso(&["review", "--position", position, "--depth", "8", "O"]);
    assert!(ok, "{err}");
    assert_eq!(out, "1\tO\t-100992\tD\t6\tloss-in-one\n");
}

#[test]
fn review_reads_a_saved_game_and_refuses_bad_input() {
    let (ok, out, err) = omweso(&["review", "tests/corpus/good/worked-game.omweso", "--depth", "2"]);
    assert!(ok, "{err}");
    assert!(out.lines().count() >= 1 && out.starts_with("1\td\t"), "{out}");
    let (ok, _, err) = omweso(&["review", "--position", "4i-p; 4I-P / L both 0,0", "a"]);
    assert!(!ok && err.contains("move 1"), "{err}");
    let (ok, _, err) = omweso(&["review", "no-such-file.omweso"]);
    assert!(!ok && err.starts_with("omweso: no-such-file.omweso"), "{err}");
}
