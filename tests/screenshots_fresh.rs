//! The README's screenshots (`screenshots/*.png`, made by `screenshots/make.sh` from the
//! real window under Xvfb) are no older than the board's drawing code (issue 37.6).
//!
//! `make.sh` writes `screenshots/board-code.sha256`: the SHA-256 of each file below, as
//! `sha256sum` prints them, when it takes the pictures. This test fails as soon as one of
//! those files differs from what the pictures were made from. A fingerprint of the code,
//! not a fresh render compared within a tolerance: the same build shot twice under Xvfb on
//! llvmpipe differs by 800 to 19,000 pixels (the clock's count, the frame of a sowing the
//! capture falls on, font hinting with Mesa's version), so a tolerance loose enough never
//! to fail on those would also pass a changed board; and a render needs Xvfb, a driver and
//! a minute of CI. The fingerprint is exact, costs nothing and says which file changed.

use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;

/// The board's drawing code and the pictures it paints from: what the screenshots show of
/// the board. `make.sh` reads this list (one quoted path a line, four spaces in).
const BOARD_CODE: &[&str] = &[
    "src/app/model/animation.rs",
    "src/app/ui/board.rs",
    "src/app/ui/carving.rs",
    "src/app/ui/textures.rs",
    "src/app/ui/theme.rs",
    "src/app/ui/view.rs",
    "assets/hand.png",
    "assets/hole.png",
    "assets/seeds.png",
    "assets/wood.png",
];

const STAMP: &str = "screenshots/board-code.sha256";

fn sha256(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_screenshots_are_no_older_than_the_boards_drawing_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join(STAMP)).unwrap_or_else(|e| panic!("{STAMP}: {e}"));
    let made_from: BTreeMap<&str, &str> = text
        .lines()
        .map(|line| {
            let (hash, path) = line.split_once("  ").unwrap_or_else(|| panic!("{STAMP}: not `hash  path`: {line}"));
            (path, hash)
        })
        .collect();
    let listed: Vec<&str> = made_from.keys().copied().collect();
    let mut wanted = BOARD_CODE.to_vec();
    wanted.sort_unstable();
    assert_eq!(listed, wanted, "{STAMP} names other files than the board's code: run screenshots/make.sh");
    let changed: Vec<&str> =
        BOARD_CODE.iter().copied().filter(|path| sha256(&root.join(path)) != made_from[path]).collect();
    assert!(
        changed.is_empty(),
        "the board's drawing code has changed since the screenshots were made ({}): \
         run screenshots/make.sh (see its first lines) and commit the pictures with {STAMP}",
        changed.join(", ")
    );
}
