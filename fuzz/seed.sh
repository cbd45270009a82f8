#!/bin/sh
# Seeds the fuzz corpora from the test corpus (tests/corpus/): whole saved files for
# `savefile`; the game states, positions and moves recorded in them for the others.
# Run from fuzz/: ./seed.sh
set -eu
cd "$(dirname "$0")"
for t in position game_state moves savefile; do mkdir -p "corpus/$t"; done
n=0
for f in ../tests/corpus/good/*.omweso ../tests/corpus/bad/*.omweso; do
    n=$((n + 1))
    cp "$f" "corpus/savefile/seed-$n"
    # Quoted game states (`start: Some("…")`, `after: "…"`) and boards (`board: "…"`).
    grep -oE '(start: Some\(|after: |board: )"[^"]*"' "$f" | sed -E 's/^[^"]*"//; s/"$//' > "/tmp/omweso-seed-$$" || true
    k=0
    while IFS= read -r line; do
        k=$((k + 1))
        printf '%s' "$line" > "corpus/game_state/seed-$n-$k"
        printf '%s' "${line%% / *}" > "corpus/position/seed-$n-$k"
    done < "/tmp/omweso-seed-$$"
    # Each recorded move with the state it was played in: `<state>\n<move>`.
    start=$(grep -oE 'start: Some\("[^"]*"' "$f" | sed -E 's/^[^"]*"//; s/"$//' || true)
    grep -oE '(play|after): "[^"]*"' "$f" | sed -E 's/^(play|after): "//; s/"$//' > "/tmp/omweso-seed-$$" || true
    state=$start; k=0
    while IFS= read -r play && IFS= read -r after; do
        k=$((k + 1))
        printf '%s\n%s' "$state" "$play" > "corpus/moves/seed-$n-$k"
        state=$after
    done < "/tmp/omweso-seed-$$"
done
rm -f "/tmp/omweso-seed-$$"
for t in position game_state moves savefile; do echo "$t: $(ls "corpus/$t" | wc -l) seeds"; done
