#!/usr/bin/env bash
# Regenerates screenshots/*.png from the real window: runs `omweso` under Xvfb, drives it
# with xdotool and captures the screen with ImageMagick's `import`.
# Needs: apt-get install -y xvfb mesa-vulkan-drivers imagemagick xdotool
set -euo pipefail
cd "$(dirname "$0")/.."
# BIN=path/to/omweso uses a binary already built (e.g. under another CARGO_TARGET_DIR).
if [ -z "${BIN:-}" ]; then
    cargo build --release
    BIN=$PWD/target/release/omweso
fi
OUT=$PWD/screenshots
DISP=:97
Xvfb "$DISP" -screen 0 1280x800x24 >/dev/null 2>&1 &
XPID=$!
trap 'kill $XPID 2>/dev/null || true' EXIT
export DISPLAY=$DISP
sleep 2
# Fresh settings for every shot, so that a picture depends neither on earlier sessions nor
# on the shots before it (the light theme chosen in one, the lessons offered at a first start).
export XDG_DATA_HOME

# shot NAME "KEYS" [omweso args...]: start the window, type KEYS, capture. A key of the form
# click:X,Y clicks there instead, hover:X,Y moves the pointer there (the window is at the
# screen's top left).
shot() {
    local name=$1 keys=$2
    shift 2
    XDG_DATA_HOME=$(mktemp -d)
    "$BIN" "$@" &
    local pid=$!
    sleep "${WAIT:-5}"
    local wid
    wid=$(xdotool search --sync --name Omweso | head -1)
    xdotool windowsize "$wid" 1280 800 windowmove "$wid" 0 0
    xdotool windowfocus "$wid" 2>/dev/null || true # not yet viewable: the first key or click focuses it
    sleep 1
    for k in $keys; do
        case $k in
        click:*)
            local xy=${k#click:}
            xdotool mousemove "${xy%,*}" "${xy#*,}" click 1
            ;;
        hover:*)
            local xy=${k#hover:}
            xdotool mousemove "${xy%,*}" "${xy#*,}"
            ;;
        *) xdotool key "$k" ;;
        esac
        sleep "${DELAY:-2.5}"
    done
    sleep 1
    import -window root "$OUT/$name.png"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
}

# A fresh start offers the lessons over New Game: Esc closes each.
DELAY=0.5 shot setup "Escape Escape i j k l m n o p i i j p p"
shot lesson "m" --lesson sowing
shot decision "i" --state "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0"
shot in-progress "d f m" --state "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"
shot game-over "i" --state "2i, 46p; 1A-P / L none 0,0"
# The light theme: View → Theme → Light, then the pointer on hole e (its first lap's end ringed).
DELAY=0.8 shot light "click:78,15 click:92,304 click:330,336 Escape hover:540,490" \
    --state "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / L none 1,0"
# Help → Puzzles, the second puzzle, a wrong move (d) refuted by the proof.
DELAY=3 shot puzzle "click:180,15 click:204,80 click:793,279 click:432,490 space space space" \
    --state "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0"
# Check my layout: Upper lays out two in every hole and asks the coach (refuted in about
# 0.1 s; the reply stands in Lower's half). Clicks: the lessons' close box, Start, the
# preset, Check my layout.
DELAY=1.5 shot layout-coach "click:826,87 click:509,460 click:1205,362 click:1053,494 hover:1200,790"
# A tournament match (screenshots/tournament.omweso): Okello lost a turn on time, and the
# referee counts Nakato's: caught within the count's two seconds, so no waiting.
WAIT=0 shot tournament "" screenshots/tournament.omweso
# The board's drawing code these pictures were made from, by its SHA-256 (the list is
# tests/screenshots_fresh.rs's): that test fails once the code differs from it, until the
# pictures are made again by this script.
sha256sum $(sed -n 's/^    "\(.*\)",$/\1/p' tests/screenshots_fresh.rs) >"$OUT/board-code.sha256"
echo "screenshots written to $OUT"
