#!/bin/sh
# Seeds the fuzz corpora from the test corpus (tests/corpus/): whole saved files for
# `savefile` (here); the game states, positions and moves recorded in them for the rules
# crate's targets (crates/omweso-rules/fuzz/). Run from fuzz/: ./seed.sh
set -eu
cd "$(dirname "$0")"
rules=../crates/omweso-rules/fuzz
mkdir -p corpus/savefile
for t in position game_state moves; do mkdir -p "$rules/corpus/$t"; done
n=0
for f in ../tests/corpus/good/*.omweso ../tests/corpus/bad/*.omweso; do
    n=$((n + 1))
    cp "$f" "corpus/savefile/seed-$n"
    # Quoted game states (`start: Some("…")`, `after: "…"`) and boards (`board: "…"`).
    grep -oE '(start: Some\(|after: |board: )"[^"]*"' "$f" | sed -E 's/^[^"]*"//; s/"$//' > "/tmp/omweso-seed-$$" || true
    k=0
    while IFS= read -r line; do
        k=$((k + 1))
        printf '%s' "$line" > "$rules/corpus/game_state/seed-$n-$k"
        printf '%s' "${line%% / *}" > "$rules/corpus/position/seed-$n-$k"
    done < "/tmp/omweso-seed-$$"
    # Each recorded move with the state it was played in: `<state>\n<move>`.
    start=$(grep -oE 'start: Some\("[^"]*"' "$f" | sed -E 's/^[^"]*"//; s/"$//' || true)
    grep -oE '(play|after): "[^"]*"' "$f" | sed -E 's/^(play|after): "//; s/"$//' > "/tmp/omweso-seed-$$" || true
    state=$start; k=0
    while IFS= read -r play && IFS= read -r after; do
        k=$((k + 1))
        printf '%s\n%s' "$state" "$play" > "$rules/corpus/moves/seed-$n-$k"
        state=$after
    done < "/tmp/omweso-seed-$$"
done
rm -f "/tmp/omweso-seed-$$"
echo "savefile: $(ls corpus/savefile | wc -l) seeds"
for t in position game_state moves; do echo "$t: $(ls "$rules/corpus/$t" | wc -l) seeds"; done
