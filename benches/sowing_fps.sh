#!/usr/bin/env bash
# Frames a second of a sowing in a real window at 1280×800 on Mesa's software renderer
# (llvmpipe, two rasterizer threads; lavapipe on Vulkan), counted as buffer swaps by gdb
# (benches/swaps.py): what a virtual machine or a computer without a graphics driver sees
# (issue 42). The frame bench beside it (frame.rs) measures our layout alone; this measures
# the pixels too.
#
#   benches/sowing_fps.sh BINARY [ROUNDS]      e.g. benches/sowing_fps.sh target/release/omweso 3
#
# The renderer is the program's own choice; OMWESO_ARGS adds arguments (`--renderer glow`)
# and the environment is passed on (`WGPU_BACKEND=gl`, `VK_ICD_FILENAMES=/nonexistent`,
# `MESA_GL_VERSION_OVERRIDE=2.1`). Each round starts the window on the same game, waits for
# it to settle, plays Lower's h (seven laps, longer than 7 s), and prints the frames a
# second over 6 s of the sowing and the median interval between two swaps. Needs Xvfb, xdotool and gdb (Debian packages).
set -euo pipefail
bin=$(realpath "$1")
rounds=${2:-3}
here=$(dirname "$(realpath "$0")")
display=:${DISPLAY_NUMBER:-97}
work=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
Xvfb "$display" -screen 0 1600x1000x24 >/dev/null 2>&1 &
xvfb=$!
sleep 2
export DISPLAY=$display LP_NUM_THREADS=${LP_NUM_THREADS:-2} XDG_RUNTIME_DIR=$work OMWESO_NO_DIALOG=1
unset WAYLAND_DISPLAY
# wgpu's Vulkan present, by its symbol in this binary.
SWAPS_EXTRA=$(nm "$bin" 2>/dev/null | awk '/NativeSwapchain.*Swapchain.*7present/ {print $3}' | head -1 || true)
export SWAPS_EXTRA
state="11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / L none 1,0"
for round in $(seq "$rounds"); do
    rm -rf "$work/data" && mkdir -p "$work/data"
    swaps=$work/swaps.txt
    : >"$swaps"
    # shellcheck disable=SC2086
    SWAPS_FILE=$swaps XDG_DATA_HOME=$work/data gdb -q -batch -x "$here/swaps.py" \
        --args "$bin" ${OMWESO_ARGS:-} --state "$state" >"$work/gdb.log" 2>&1 &
    gdb_pid=$!
    id=$(xdotool search --sync --onlyvisible --name Omweso | head -1)
    xdotool windowsize --sync "$id" 1280 800 || true
    sleep 4
    xdotool windowfocus --sync "$id"
    start=$(python3 -c 'import time; print(time.monotonic())')
    xdotool key h
    sleep 7
    pkill -P "$gdb_pid" 2>/dev/null || true
    sleep 1
    kill "$gdb_pid" 2>/dev/null || true
    wait "$gdb_pid" 2>/dev/null || true
    python3 - "$swaps" "$start" <<'PY'
import statistics, sys
times = [float(t) for t in open(sys.argv[1]) if t.strip()]
start = float(sys.argv[2])
# Six seconds of the sowing (it lasts longer), from half a second after the key.
run = [t for t in times if start + 0.5 <= t < start + 6.5]
gaps = [b - a for a, b in zip(run, run[1:])]
if len(gaps) < 2:
    print(f"swaps {len(times)}, during the sowing {len(run)}: too few to measure")
else:
    med = statistics.median(gaps)
    print(f"{len(run) / 6:.1f} frames/s ({len(run)} swaps in 6 s of sowing); median {med * 1000:.1f} ms between swaps")
PY
done
