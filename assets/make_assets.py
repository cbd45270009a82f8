#!/usr/bin/env python3
"""Draws the board's pictures: the wood, a carved hole, the seeds, the hand and the icon.

Made for this project; everything here is computed from the code below (Python's standard
library only: no photographs, no third-party images). Deterministic: the same script writes
the same PNG files. Run from anywhere:

    python3 assets/make_assets.py

The window embeds the PNG files (`include_bytes!`), so the program never needs Python.
Light comes from the top left (and above) in every picture, as on the board.
"""

import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
# The direction the light comes from: top left, above (x right, y down, z up).
_L = (-0.55, -0.6, 0.58)
_n = math.sqrt(sum(c * c for c in _L))
LIGHT = tuple(c / _n for c in _L)


def write_png(name, width, height, pixels, alpha):
    """pixels: a flat list of (r, g, b) or (r, g, b, a) tuples of ints 0..255."""
    channels = 4 if alpha else 3
    raw = bytearray()
    for y in range(height):
        raw.append(0)  # filter: none
        row = pixels[y * width:(y + 1) * width]
        for p in row:
            raw.extend(p[:channels])

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    color_type = 6 if alpha else 2
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(png)


def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def smooth(t):
    return t * t * (3.0 - 2.0 * t)


def lerp(a, b, t):
    return a + (b - a) * t


def mix(c1, c2, t):
    return tuple(lerp(a, b, t) for a, b in zip(c1, c2))


def to8(c):
    return tuple(int(round(clamp(v / 255.0) * 255.0)) for v in c)


class Noise:
    """Smooth value noise on a periodic lattice."""

    def __init__(self, seed, size=64):
        rnd = random.Random(seed)
        self.size = size
        self.v = [rnd.random() for _ in range(size * size)]

    def at(self, x, y):
        s = self.size
        xi, yi = math.floor(x), math.floor(y)
        fx, fy = smooth(x - xi), smooth(y - yi)
        x0, y0 = xi % s, yi % s
        x1, y1 = (x0 + 1) % s, (y0 + 1) % s
        v = self.v
        a = lerp(v[y0 * s + x0], v[y0 * s + x1], fx)
        b = lerp(v[y1 * s + x0], v[y1 * s + x1], fx)
        return lerp(a, b, fy)

    def fbm(self, x, y, octaves):
        total, amp, norm = 0.0, 1.0, 0.0
        for _ in range(octaves):
            total += amp * self.at(x, y)
            norm += amp
            x, y, amp = x * 2.03 + 17.1, y * 2.03 + 3.7, amp * 0.5
        return total / norm


# ---------------------------------------------------------------------------------------
# Wood: flat-sawn planks of a warm hardwood, the grain along the board's length.

WOOD_EARLY = (184, 122, 68)   # the light early wood
WOOD_MID = (154, 96, 50)
WOOD_LATE = (100, 56, 26)     # the dark late-wood lines


def wood_field(width, height, seed):
    """The grain value (0 light .. 1 dark) at every pixel, row by row."""
    warp = Noise(seed)
    ring_rnd = Noise(seed + 1)
    fib = Noise(seed + 2, 256)
    # A coarse warp field, interpolated: the rings' bends (cathedrals) and waviness.
    step = 8
    gw, gh = width // step + 2, height // step + 2
    coarse = [0.0] * (gw * gh)
    for j in range(gh):
        for i in range(gw):
            u, v = i * step / width, j * step / height
            big = warp.fbm(u * 1.3, v * 2.2, 4) - 0.5
            coarse[j * gw + i] = big * 0.32 + 0.06 * math.sin(u * 2.1 + v * 1.3)
    field = [0.0] * (width * height)
    rings_per_height = 21.0
    for y in range(height):
        gy, fy = divmod(y, step)
        fy /= step
        for x in range(width):
            gx, fx = divmod(x, step)
            fx /= step
            k = gy * gw + gx
            w = lerp(lerp(coarse[k], coarse[k + 1], fx), lerp(coarse[k + gw], coarse[k + gw + 1], fx), fy)
            v = y / height
            # Flat-sawn: the rings are cut across, curving with x.
            t = (v + w + 0.08 * (x / width - 0.5) ** 2) * rings_per_height
            ring = math.floor(t)
            f = t - ring
            strength = 0.55 + 0.45 * ring_rnd.at(ring * 3.1, 0.5)
            width_late = 0.05 + 0.06 * ring_rnd.at(ring * 1.7, 4.5)
            late = math.exp(-((f - 0.8) / width_late) ** 2) * strength
            early = 0.3 * smooth(clamp(f / 0.8))
            # Fine fibres that follow the rings: long streaks along the board.
            fibre = fib.at(x * 0.006, t * 24.0) - 0.5
            field[y * width + x] = clamp(0.2 + early + 0.42 * late + 0.4 * fibre)
    return field


def wood_color(g, shade=1.0):
    c = mix(WOOD_EARLY, WOOD_MID, clamp(g * 1.6)) if g < 0.62 else mix(WOOD_MID, WOOD_LATE, clamp((g - 0.62) / 0.38))
    return tuple(v * shade for v in c)


def make_wood(width=1024, height=640, seed=11):
    field = wood_field(width, height, seed)
    rnd = random.Random(seed + 5)
    pixels = [wood_color(g) for g in field]
    # Pores: short dark dashes along the grain.
    for _ in range(width * height // 180):
        x, y = rnd.randrange(width), rnd.randrange(height)
        length = rnd.randint(3, 9)
        dark = 0.82 + 0.1 * rnd.random()
        for dx in range(length):
            i = y * width + min(width - 1, x + dx)
            pixels[i] = tuple(v * dark for v in pixels[i])
    # A slight patina: darker toward the ends, as a board handled for years.
    out = []
    for y in range(height):
        for x in range(width):
            u = x / width - 0.5
            v = y / height - 0.5
            patina = 1.0 - 0.10 * (u * u * 3.0 + v * v * 2.0)
            out.append(to8(tuple(c * patina for c in pixels[y * width + x])))
    write_png("wood.png", width, height, out, alpha=False)
    return field


# ---------------------------------------------------------------------------------------
# A carved hole: shading to lay over the wood (dark with alpha where it is in shadow,
# light with alpha where it catches the light). The hole's edge is at RIM of the half size.

HOLE_RIM = 0.82  # the hole's radius as a part of the picture's half width


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def normalize(v):
    n = math.sqrt(dot(v, v))
    return (v[0] / n, v[1] / n, v[2] / n)


def hole_pixel(px, py):
    """Shading of a bowl of radius 1 centred at 0; (px, py) in hole radii."""
    r = math.hypot(px, py)
    depth_max = 0.62
    if r >= 1.0:
        # Outside: a soft darkening close to the edge (worn, oiled) and the lit outer lip
        # on the side away from the light.
        if r > 1.0 / HOLE_RIM:
            return (0, 0, 0, 0)
        t = (r - 1.0) / (1.0 / HOLE_RIM - 1.0)
        a = (1.0 - t) ** 2 * 0.28
        return (40, 20, 8, a)
    # The chamfered lip (0.86..1) and the bowl inside.
    if r > 0.86:
        slope = (r - 0.86) / 0.14  # 0 where the bowl starts, 1 at the surface
        tilt = 0.9 * (1.0 - slope) + 0.35
    else:
        tilt = 0.9 * (r / 0.86) ** 1.5
    # The surface's normal: tilted toward the centre.
    nx, ny = (-px / r, -py / r) if r > 1e-6 else (0.0, 0.0)
    n = normalize((nx * math.sin(tilt), ny * math.sin(tilt), math.cos(tilt)))
    lit = dot(n, LIGHT)
    # Depth of the bowl here (0 at the lip).
    depth = depth_max * (1.0 - (min(r, 0.86) / 0.86) ** 2) if r < 0.86 else 0.0
    # Cast shadow: the lip on the light's side hides this point if the ray toward the
    # light leaves the hole before it climbs above the surface.
    ldir = (LIGHT[0], LIGHT[1])
    lh = math.hypot(*ldir)
    rise = LIGHT[2] / lh  # height gained per unit of horizontal travel
    travel = depth / rise
    sx, sy = px + ldir[0] / lh * travel, py + ldir[1] / lh * travel
    shadow = clamp((math.hypot(sx, sy) - 0.9) / 0.12)
    occl = 0.45 + 0.5 * depth / depth_max  # deeper is darker
    flat = LIGHT[2]
    light = lit * (1.0 - 0.75 * shadow)
    if light >= flat:
        a = clamp((light - flat) * 1.3) * 0.32
        base = (255, 232, 196, a)
        # Mix in the occlusion as darkness: blend toward a dark with occlusion when lit is weak.
        if a < occl * 0.4:
            return (52, 28, 12, occl * 0.6 - a)
        return base
    a = clamp((flat - light) * 1.1 + occl * 0.6)
    return (46, 24, 10, a)


def supersample(fn, size, samples=3):
    out = []
    for y in range(size):
        for x in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for j in range(samples):
                for i in range(samples):
                    u = ((x + (i + 0.5) / samples) / size) * 2.0 - 1.0
                    v = ((y + (j + 0.5) / samples) / size) * 2.0 - 1.0
                    r, g, b, a = fn(u, v)
                    acc[0] += r * a
                    acc[1] += g * a
                    acc[2] += b * a
                    acc[3] += a
            n = samples * samples
            a = acc[3] / n
            if a <= 0.0:
                out.append((0, 0, 0, 0))
            else:
                out.append((int(acc[0] / acc[3] + 0.5), int(acc[1] / acc[3] + 0.5), int(acc[2] / acc[3] + 0.5),
                            int(clamp(a) * 255 + 0.5)))
    return out


def make_hole(size=192):
    pixels = supersample(lambda u, v: hole_pixel(u / HOLE_RIM, v / HOLE_RIM), size)
    write_png("hole.png", size, size, pixels, alpha=True)


# ---------------------------------------------------------------------------------------
# Seeds (empiki, the grey nicker nuts of Caesalpinia bonduc): round, smooth, glossy, light
# grey, with faint lines around them. Drawn light and neutral so that the window can tint
# each seed (grey to grey-brown); each variant has its own lines and shape. The seed's
# radius is SEED_R of the picture's half width; the rest holds its soft shadow.

SEED_R = 0.72
SEED_VARIANTS = 4


def seed_pixel(u, v, shape):
    sx, sy, rot, lines, phase, spot = shape
    # Shadow first (below right), under the seed.
    cu, cv = u / SEED_R, v / SEED_R
    c, s = math.cos(rot), math.sin(rot)
    x, y = (cu * c + cv * s) / sx, (-cu * s + cv * c) / sy
    r2 = x * x + y * y
    if r2 >= 1.0:
        du, dv = cu - 0.16, cv - 0.24
        d = math.hypot(du, dv)
        a = clamp((1.18 - d) / 0.35) ** 2 * 0.55
        return (0, 0, 0, a)
    z = math.sqrt(1.0 - r2)
    # Normal in picture space.
    nx, ny = x * c - y * s, x * s + y * c
    n = normalize((nx, ny, z))
    diffuse = clamp(dot(n, LIGHT))
    # The faint lines: rings around the seed's axis, and the small dark hilum.
    ring = math.sin(math.atan2(y, x) * 0 + (y * lines + phase) * math.pi)
    crack = 0.06 * (1.0 - abs(ring)) ** 8
    hilum = math.exp(-((x - spot[0]) ** 2 + (y - spot[1]) ** 2) / 0.012)
    albedo = 0.9 - crack - 0.35 * hilum
    # Ambient and diffuse, then a soft gloss.
    shade = 0.46 + 0.6 * diffuse
    h = normalize((LIGHT[0], LIGHT[1], LIGHT[2] + 1.0))
    spec = clamp(dot(n, h)) ** 24 * 0.32 + clamp(dot(n, h)) ** 6 * 0.06
    base = 232 * albedo * shade
    col = (base + 255 * spec, base * 0.99 + 255 * spec, base * 0.95 + 250 * spec)
    # The rim darkens a little (a sphere's edge), smoothed over a pixel by the sampling.
    edge = clamp((1.0 - r2) / 0.06)
    return (clamp(col[0], 0, 255), clamp(col[1], 0, 255), clamp(col[2], 0, 255), 0.55 + 0.45 * edge if edge < 1 else 1.0)


def make_seeds(size=96):
    rnd = random.Random(7)
    tiles = []
    for _ in range(SEED_VARIANTS):
        shape = (1.0 + 0.05 * rnd.random(), 0.92 + 0.06 * rnd.random(), rnd.random() * math.pi,
                 2.0 + 3.0 * rnd.random(), rnd.random(), (rnd.uniform(-0.5, 0.5), rnd.uniform(0.2, 0.6)))
        tiles.append(supersample(lambda u, v, sh=shape: seed_pixel(u, v, sh), size))
    width = size * SEED_VARIANTS
    pixels = []
    for y in range(size):
        for t in tiles:
            pixels.extend(t[y * size:(y + 1) * size])
    write_png("seeds.png", width, size, pixels, alpha=True)
    return tiles


# ---------------------------------------------------------------------------------------
# The hand that carries the seeds while they are sown: a cupped palm seen from above.

def _segment_distance(px, py, ax, ay, bx, by):
    vx, vy = bx - ax, by - ay
    t = clamp(((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy))
    return math.hypot(px - ax - vx * t, py - ay - vy * t)


# The hand's parts as capsules (from, to, radius) in -1..1: the palm, four fingers curled
# a little toward the viewer, and the thumb.
HAND_PARTS = [
    ((-0.18, 0.12), (0.22, 0.12), 0.5),
    ((0.38, -0.42), (0.78, -0.62), 0.13),
    ((0.5, -0.16), (0.9, -0.26), 0.13),
    ((0.52, 0.12), (0.9, 0.1), 0.12),
    ((0.46, 0.38), (0.8, 0.46), 0.11),
    ((-0.52, -0.2), (-0.86, -0.58), 0.15),
]


def hand_height(u, v):
    h = 0.0
    for (ax, ay), (bx, by), r in HAND_PARTS:
        d = _segment_distance(u, v, ax, ay, bx, by)
        if d < r:
            h = max(h, math.sqrt(r * r - d * d) * (0.6 if r > 0.3 else 1.0))
    if h > 0.0:
        # The cupped palm: a hollow in its middle.
        hollow = max(0.0, 1.0 - ((u - 0.02) ** 2 + (v - 0.12) ** 2) / 0.16)
        h -= 0.16 * hollow
    return h


def hand_pixel(u, v):
    h = hand_height(u, v)
    if h <= 0.0:
        # The soft shadow on the board, below right.
        s = hand_height(u - 0.08, v - 0.12)
        return (0, 0, 0, 0.4 if s > 0.0 else 0.0)
    e = 0.01
    dx = (hand_height(u + e, v) - hand_height(u - e, v)) / (2 * e)
    dy = (hand_height(u, v + e) - hand_height(u, v - e)) / (2 * e)
    n = normalize((-dx, -dy, 1.0))
    light = 0.42 + 0.7 * clamp(dot(n, LIGHT))
    skin = (164, 108, 74)
    col = tuple(clamp(c * light, 0, 255) for c in skin)
    return (*col, clamp(h / 0.02))


def make_hand(w=160, h=128):
    samples = 3
    pixels = []
    for y in range(h):
        for x in range(w):
            acc = [0.0] * 4
            for j in range(samples):
                for i in range(samples):
                    u = ((x + (i + 0.5) / samples) / w) * 2.0 - 1.0
                    v = ((y + (j + 0.5) / samples) / h) * 2.0 - 1.0
                    r, g, b, a = hand_pixel(u, v)
                    acc = [acc[0] + r * a, acc[1] + g * a, acc[2] + b * a, acc[3] + a]
            a = acc[3] / samples ** 2
            pixels.append((0, 0, 0, 0) if a <= 0 else
                          (int(acc[0] / acc[3]), int(acc[1] / acc[3]), int(acc[2] / acc[3]), int(clamp(a) * 255)))
    write_png("hand.png", w, h, pixels, alpha=True)


# ---------------------------------------------------------------------------------------
# The application icon: a small carved board, 2 × 2 holes with seeds, on a rounded square.

def blend(dst, src):
    r, g, b, a = src
    a /= 255.0
    return (dst[0] * (1 - a) + r * a, dst[1] * (1 - a) + g * a, dst[2] * (1 - a) + b * a)


def sample(tile, size, u, v):
    """Nearest pixel of a square RGBA tile at (u, v) in -1..1, or transparent."""
    x, y = int((u + 1) / 2 * size), int((v + 1) / 2 * size)
    if 0 <= x < size and 0 <= y < size:
        return tile[y * size + x]
    return (0, 0, 0, 0)


def make_icon(size=256, seed_tiles=None):
    field = wood_field(size, size, 23)
    hole_size = 192
    hole = supersample(lambda u, v: hole_pixel(u / HOLE_RIM, v / HOLE_RIM), hole_size, samples=1)
    holes = [(0.29, 0.3), (0.71, 0.3), (0.29, 0.72), (0.71, 0.72)]
    hole_r = 0.2  # of the icon's size
    seeds_in = [3, 1, 0, 2]
    tint = [(0.9, 0.9, 0.88), (0.82, 0.78, 0.72), (0.95, 0.93, 0.9)]
    corner = 0.16 * size
    pixels = []
    for y in range(size):
        for x in range(size):
            # The rounded square.
            px, py = x + 0.5, y + 0.5
            dx = max(corner - px, 0, px - (size - corner))
            dy = max(corner - py, 0, py - (size - corner))
            dist = math.hypot(dx, dy) - corner  # < 0 inside
            cover = clamp(0.5 - dist - 6)  # 6 px margin
            if cover <= 0:
                pixels.append((0, 0, 0, 0))
                continue
            u, v = px / size, py / size
            # Bevel: lighter toward the top left edge, darker toward the bottom right.
            edge_d = -(dist + 6)
            bevel = clamp(1.0 - edge_d / 10.0)
            side = (-(u - 0.5) - (v - 0.5))
            shade = 1.0 + bevel * 0.45 * side * 2
            c = wood_color(field[y * size + x], shade)
            for (hx, hy), n in zip(holes, seeds_in):
                hu, hv = (u - hx) / (hole_r / HOLE_RIM), (v - hy) / (hole_r / HOLE_RIM)
                c = blend(c, sample(hole, hole_size, hu, hv))
                for k in range(n):
                    ang = k * 2.4 + hx * 5
                    off = 0.0 if n == 1 else 0.075
                    su = (u - hx - off * math.cos(ang)) / (0.085 / SEED_R)
                    sv = (v - hy - off * math.sin(ang) * 0.9) / (0.085 / SEED_R)
                    sp = sample(seed_tiles[k % SEED_VARIANTS], 96, su, sv)
                    tt = tint[k % len(tint)]
                    c = blend(c, (sp[0] * tt[0], sp[1] * tt[1], sp[2] * tt[2], sp[3]))
            pixels.append((*to8(c), int(cover * 255)))
    write_png("icon.png", size, size, pixels, alpha=True)


if __name__ == "__main__":
    import sys
    which = sys.argv[1:] or ["wood", "hole", "seeds", "hand", "icon"]
    tiles = None
    if "wood" in which:
        make_wood()
    if "hole" in which:
        make_hole()
    if "seeds" in which or "icon" in which:
        tiles = make_seeds()
    if "hand" in which:
        make_hand()
    if "icon" in which:
        make_icon(seed_tiles=tiles)
