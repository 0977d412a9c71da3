"""Generated card pictures: no image files, every picture is drawn from the card's data.

The art box shows a family motif (ember flames, bastion bricks and a shield, hive honeycomb,
veil moon and mist, neutral rings, basic shapes) behind a subject that says the card type
(a phantom figure, a spirit orb, a counter sigil, an environment horizon). Everything random
comes from a generator seeded with the card id, so a card looks the same on every run and on
every machine (never `hash()`, which Python salts per process).
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass

import pygame

from game.engine.carddefs import CardDef, CardType

Colour = tuple[int, int, int]
Rgba = tuple[int, int, int, int]
FAMILIES = ("ember", "bastion", "hive", "veil", "neutral", "basic")


@dataclass(frozen=True)
class Palette:
    """A family's colours: sky gradient, the motif's main/accent colours, a glow."""

    top: Colour
    bottom: Colour
    main: Colour
    accent: Colour
    glow: Colour


PALETTES: dict[str, Palette] = {
    "ember": Palette((34, 8, 10), (110, 28, 12), (214, 72, 24), (250, 160, 40), (255, 226, 130)),
    "bastion": Palette((44, 54, 72), (22, 28, 40), (92, 104, 124), (196, 168, 98), (220, 232, 246)),
    "hive": Palette((34, 30, 10), (70, 56, 14), (176, 132, 28), (226, 196, 60), (255, 240, 150)),
    "veil": Palette((12, 12, 36), (48, 36, 92), (120, 104, 190), (196, 188, 240), (236, 234, 255)),
    "neutral": Palette((30, 36, 44), (60, 70, 84), (120, 136, 156), (150, 200, 210), (226, 236, 244)),
    "basic": Palette((58, 48, 38), (34, 28, 24), (150, 124, 92), (196, 170, 120), (240, 226, 200)),
}


def family_of(cdef: CardDef) -> str:
    """The card's family: its first tag that names one (cards without one look neutral)."""
    for tag in cdef.tags:
        if tag in PALETTES:
            return tag
    return "neutral"


def seed_of(card_id: str) -> int:
    """A stable seed for `card_id` (crc32: the same on every run, unlike `hash`)."""
    return zlib.crc32(card_id.encode("utf-8"))


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """`a` moved a fraction `t` of the way to `b`."""
    (ar, ag, ab), (br, bg, bb) = a, b
    return (round(ar + (br - ar) * t), round(ag + (bg - ag) * t), round(ab + (bb - ab) * t))


def vertical_gradient(surface: pygame.Surface, rect: pygame.Rect, top: Colour, bottom: Colour) -> None:
    """Fill `rect` with a top-to-bottom blend (one line per row: cheap at card sizes)."""
    h = max(1, rect.height - 1)
    for i in range(rect.height):
        pygame.draw.line(surface, mix(top, bottom, i / h), (rect.left, rect.top + i),
                         (rect.right - 1, rect.top + i))


def glow(layer: pygame.Surface, centre: tuple[float, float], radius: float, colour: Colour,
         strength: int = 160, rings: int = 12) -> None:
    """A soft radial glow on an alpha layer: rings from faint outside to strong inside."""
    for i in range(rings):
        t = i / rings
        r = radius * (1 - t)
        if r < 1:
            break
        pygame.draw.circle(layer, (*colour, round(strength * t * t)), centre, r)


# ------------------------------------------------------------------ art box
def render_art(cdef: CardDef, size: tuple[int, int]) -> pygame.Surface:
    """The card's picture at `size` (draw at 2x the shown size and smoothscale for soft edges)."""
    w, h = size
    rng = random.Random(seed_of(cdef.id))
    fam = family_of(cdef)
    pal = PALETTES[fam]
    art = pygame.Surface(size, pygame.SRCALPHA)
    vertical_gradient(art, art.get_rect(), pal.top, pal.bottom)
    MOTIFS[fam](art, rng, pal)
    SUBJECTS[cdef.type](art, rng, pal, cdef, fam)
    _vignette(art)
    return art


def _vignette(art: pygame.Surface) -> None:
    """Darken the edges a little so the picture sits inside the frame."""
    w, h = art.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 8
    for i in range(steps):
        inset = round(min(w, h) * 0.04 * i)
        pygame.draw.rect(shade, (0, 0, 0, round(70 * (1 - i / steps) ** 2)),
                         (inset, inset, w - 2 * inset, h - 2 * inset), max(1, round(min(w, h) * 0.04)))
    art.blit(shade, (0, 0))


# ---------------------------------------------------------------- motifs
def _ember(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """Rows of flame tongues rising from the bottom, sparks drifting above."""
    w, h = art.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, (w * rng.uniform(0.3, 0.7), h * 1.05), w * 0.7, pal.accent, 150)
    art.blit(layer, (0, 0))
    rows = ((pal.main, 0.55, 0.85), (mix(pal.main, pal.accent, 0.5), 0.42, 0.92),
            (pal.accent, 0.28, 1.0))
    for colour, reach, base in rows:
        x = -rng.uniform(0, w * 0.1)
        while x < w:
            fw = w * rng.uniform(0.12, 0.22)
            fh = h * reach * rng.uniform(0.6, 1.2)
            _flame(art, (x + fw / 2, h * base + h * 0.1), fw, fh, rng.uniform(-0.5, 0.5), colour)
            x += fw * rng.uniform(0.55, 0.8)
    layer.fill((0, 0, 0, 0))
    for _ in range(rng.randint(14, 24)):
        p = (rng.uniform(0, w), rng.uniform(h * 0.05, h * 0.7))
        r = rng.uniform(1.5, 4.0) * w / 360
        glow(layer, p, r * 4, pal.glow, 110, 5)
        pygame.draw.circle(layer, (*pal.glow, 255), p, r)
    art.blit(layer, (0, 0))


def _flame(surf: pygame.Surface, base: tuple[float, float], width: float, height: float,
           lean: float, colour: Colour | Rgba) -> None:
    """One flame tongue: wide round base narrowing to a leaning tip."""
    bx, by = base
    left, right = [], []
    n = 14
    for i in range(n + 1):
        t = i / n
        half = width / 2 * math.sin(math.pi * (0.5 + 0.5 * t)) ** 0.6 * (1 - t) ** 0.5
        half = max(half, 0.0)
        cx = bx + lean * width * t * t
        y = by - height * t
        left.append((cx - half, y))
        right.append((cx + half, y))
    pygame.draw.polygon(surf, colour, left + right[::-1])


def _bastion(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """A stone wall of bricks under a pale sky-light."""
    w, h = art.get_size()
    bh = h / rng.choice((6, 7, 8))
    bw = bh * rng.uniform(1.9, 2.4)
    wall_top = h * rng.uniform(0.25, 0.42)
    mortar = mix(pal.bottom, (0, 0, 0), 0.4)
    pygame.draw.rect(art, mortar, (0, wall_top, w, h - wall_top))
    row = 0
    y = wall_top
    while y < h:
        x = -bw * (0.5 if row % 2 else 0.0) - rng.uniform(0, bw * 0.2)
        while x < w:
            tone = mix(pal.main, pal.bottom, rng.uniform(0.1, 0.55))
            rect = pygame.Rect(round(x + 2), round(y + 2), round(bw - 4), round(bh - 4))
            pygame.draw.rect(art, tone, rect, border_radius=round(bh * 0.12))
            pygame.draw.line(art, mix(tone, (255, 255, 255), 0.18), rect.topleft, rect.topright, 2)
            x += bw
        y += bh
        row += 1
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, (w * rng.uniform(0.3, 0.7), -h * 0.1), h * 0.9, pal.glow, 70)
    art.blit(layer, (0, 0))
    for x in rng.sample((0.14, 0.86), rng.randint(1, 2)):  # crests hung on the wall, clear of the middle
        _shield(art, (w * x, wall_top + h * rng.uniform(0.12, 0.2)), h * 0.16, pal, rng)


def _shield(surf: pygame.Surface, top: tuple[float, float], r: float, pal: Palette,
            rng: random.Random) -> None:
    """A heater shield with a gold rim and a simple device (cross, chevron or band)."""
    cx, ty = top
    pts = [(cx - r, ty), (cx + r, ty), (cx + r, ty + r * 0.9), (cx, ty + r * 2.0), (cx - r, ty + r * 0.9)]
    field = rng.choice(((60, 84, 130), (120, 40, 48), (40, 92, 72)))
    pygame.draw.polygon(surf, field, pts)
    device = rng.randrange(3)
    gold = pal.accent
    if device == 0:
        pygame.draw.rect(surf, gold, (cx - r * 0.14, ty + r * 0.2, r * 0.28, r * 1.5))
        pygame.draw.rect(surf, gold, (cx - r * 0.7, ty + r * 0.55, r * 1.4, r * 0.28))
    elif device == 1:
        pygame.draw.lines(surf, gold, False, [(cx - r * 0.75, ty + r * 1.2), (cx, ty + r * 0.45),
                                              (cx + r * 0.75, ty + r * 1.2)], max(2, round(r * 0.28)))
    else:
        pygame.draw.polygon(surf, gold, [(cx - r, ty + r * 0.15), (cx - r * 0.7, ty), (cx + r, ty + r * 1.0),
                                         (cx + r * 0.62, ty + r * 1.35)])
    pygame.draw.polygon(surf, gold, pts, max(2, round(r * 0.14)))


def _hive(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """A honeycomb: hexagon cells, some filled with glowing honey."""
    w, h = art.get_size()
    r = w / rng.uniform(7.5, 10.0)
    dx, dy = r * math.sqrt(3), r * 1.5
    edge = mix(pal.main, pal.top, 0.55)
    ox, oy = rng.uniform(0, dx), rng.uniform(0, dy)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    row = -1
    while -dy + oy + row * dy < h + r:
        cy = oy + row * dy
        col = -1
        while col * dx < w + dx:
            cx = ox + col * dx + (dx / 2 if row % 2 else 0)
            pts = _hexagon((cx, cy), r * 0.9)
            roll = rng.random()
            if roll < 0.2:  # a few cells of glowing honey; the rest stay dim behind the subject
                fill = mix(mix(pal.accent, pal.main, rng.uniform(0, 0.6)), pal.top, 0.25)
                pygame.draw.polygon(art, fill, pts)
                pygame.draw.polygon(art, mix(fill, pal.glow, 0.4), _hexagon((cx, cy - r * 0.15), r * 0.4))
                glow(layer, (cx, cy), r * 1.5, pal.accent, 40, 5)
            elif roll < 0.65:
                pygame.draw.polygon(art, mix(pal.top, pal.bottom, rng.uniform(0.2, 0.8)), pts)
            pygame.draw.polygon(art, edge, pts, max(2, round(r * 0.12)))
            col += 1
        row += 1
    art.blit(layer, (0, 0))


def _hexagon(centre: tuple[float, float], r: float, turn: float = math.pi / 6) -> list[tuple[float, float]]:
    cx, cy = centre
    return [(cx + r * math.cos(turn + k * math.pi / 3), cy + r * math.sin(turn + k * math.pi / 3))
            for k in range(6)]


def _veil(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """A night sky: stars, a crescent moon, bands of drifting mist."""
    w, h = art.get_size()
    for _ in range(rng.randint(25, 45)):
        p = (rng.uniform(0, w), rng.uniform(0, h * 0.75))
        pygame.draw.circle(art, mix(pal.accent, pal.glow, rng.random()), p, rng.uniform(1, 2.6) * w / 360)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    mr = min(h, w * 0.6) * rng.uniform(0.13, 0.18)  # in a top corner, clear of the subject
    mc = (w * rng.choice((rng.uniform(0.1, 0.2), rng.uniform(0.8, 0.9))), h * rng.uniform(0.18, 0.28))
    glow(layer, mc, mr * 2.4, pal.accent, 90)
    art.blit(layer, (0, 0))
    moon = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(moon, (*pal.glow, 255), mc, mr)
    side = rng.choice((-1, 1))
    pygame.draw.circle(moon, (0, 0, 0, 0), (mc[0] + side * mr * 0.45, mc[1] - mr * 0.2), mr * 0.88)
    art.blit(moon, (0, 0))
    for _ in range(rng.randint(4, 6)):
        mist = pygame.Surface((w, h), pygame.SRCALPHA)
        mw, mh = w * rng.uniform(0.6, 1.1), h * rng.uniform(0.1, 0.2)
        rect = pygame.Rect(0, 0, round(mw), round(mh))
        rect.center = (round(rng.uniform(0, w)), round(rng.uniform(h * 0.45, h * 0.95)))
        pygame.draw.ellipse(mist, (*mix(pal.main, pal.glow, 0.4), rng.randint(40, 75)), rect)
        art.blit(mist, (0, 0))


def _neutral(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """Calm geometry: concentric rings and orbiting dots."""
    w, h = art.get_size()
    c = (w * rng.uniform(0.3, 0.7), h * rng.uniform(0.35, 0.65))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(rng.randint(4, 7)):
        r = h * (0.12 + 0.13 * i)
        pygame.draw.circle(layer, (*pal.main, 110 - i * 10), c, r, max(2, round(w / 180)))
        a = rng.uniform(0, math.tau)
        pygame.draw.circle(layer, (*pal.accent, 200), (c[0] + r * math.cos(a), c[1] + r * math.sin(a)),
                           w / 90)
    for _ in range(3):
        a = rng.uniform(0, math.pi)
        d = (math.cos(a) * w, math.sin(a) * w)
        pygame.draw.line(layer, (*pal.main, 60), (c[0] - d[0], c[1] - d[1]), (c[0] + d[0], c[1] + d[1]), 2)
    art.blit(layer, (0, 0))


def _basic(art: pygame.Surface, rng: random.Random, pal: Palette) -> None:
    """Simple flat shapes in earth tones: the plainest family looks plain."""
    w, h = art.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    hues = rng.sample(BASIC_HUES, 3)
    for _ in range(rng.randint(5, 8)):
        colour = (*mix(rng.choice(hues), pal.accent, rng.uniform(0, 0.3)), rng.randint(120, 190))
        c = (rng.uniform(0, w), rng.uniform(0, h))
        r = h * rng.uniform(0.15, 0.4)
        kind = rng.randrange(3)
        if kind == 0:
            pygame.draw.circle(layer, colour, c, r)
        else:
            sides = 3 if kind == 1 else 4
            a0 = rng.uniform(0, math.tau)
            pts = [(c[0] + r * math.cos(a0 + k * math.tau / sides), c[1] + r * math.sin(a0 + k * math.tau / sides))
                   for k in range(sides)]
            pygame.draw.polygon(layer, colour, pts)
    art.blit(layer, (0, 0))
    pygame.draw.rect(art, mix(pal.bottom, (0, 0, 0), 0.3), (0, h * 0.82, w, h))


BASIC_HUES: tuple[Colour, ...] = ((150, 124, 92), (118, 140, 108), (108, 124, 150), (160, 108, 96),
                                  (136, 118, 160), (170, 150, 96))

MOTIFS = {"ember": _ember, "bastion": _bastion, "hive": _hive, "veil": _veil,
          "neutral": _neutral, "basic": _basic}


# -------------------------------------------------------------- subjects
def _phantom(art: pygame.Surface, rng: random.Random, pal: Palette, cdef: CardDef, fam: str) -> None:
    """A phantom figure: bigger for a higher Level, crowned if it comes from the Extra Deck."""
    w, h = art.get_size()
    size = h * min(0.72, 0.48 + 0.03 * cdef.level)  # room above the head for crown and features
    cx = w * rng.uniform(0.38, 0.62)
    bottom = h * rng.uniform(0.93, 1.0)
    body_w = size * rng.uniform(0.52, 0.66)
    top = bottom - size
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, (cx, top + size * 0.45), size * 0.8, pal.glow, 110)
    body = mix(pal.glow, pal.accent, rng.uniform(0.1, 0.35))
    colour = (*body, 235)
    head_r = body_w / 2
    head_c = (cx, top + head_r)
    waves = rng.randint(3, 5)
    sway = rng.uniform(-0.12, 0.12) * body_w
    pts = []
    steps = 24
    for i in range(steps + 1):  # left side down, wavy hem across, right side up
        t = i / steps
        pts.append((cx - head_r - sway * t * 0.5 - body_w * 0.08 * t, head_c[1] + (bottom - head_c[1]) * t))
    for i in range(1, waves * 6):
        t = i / (waves * 6)
        x = cx - head_r - sway * 0.5 - body_w * 0.08 + (body_w * 1.16 + sway) * t
        pts.append((x, bottom - abs(math.sin(t * waves * math.pi)) * size * 0.1))
    for i in range(steps, -1, -1):
        t = i / steps
        pts.append((cx + head_r + sway * t * 0.5 + body_w * 0.08 * t, head_c[1] + (bottom - head_c[1]) * t))
    outline = (*mix(pal.top, (0, 0, 0), 0.5), 255)
    line = max(2, round(size * 0.03))
    pygame.draw.polygon(layer, outline, pts, line * 2)
    pygame.draw.circle(layer, outline, head_c, head_r + line)
    pygame.draw.polygon(layer, colour, pts)
    pygame.draw.circle(layer, colour, head_c, head_r)
    _phantom_feature(layer, rng, pal, fam, head_c, head_r, body)
    if cdef.extra:
        _crown(layer, (cx, top), head_r, pal)
    eye_y = head_c[1] + head_r * 0.1
    eye = (round(head_r * 0.2), round(head_r * rng.uniform(0.3, 0.42)))
    for side in (-1, 1):
        r = pygame.Rect(0, 0, *eye)
        r.center = (round(cx + side * head_r * 0.36), round(eye_y))
        pygame.draw.ellipse(layer, (*mix(pal.top, (0, 0, 0), 0.5), 255), r)
    art.blit(layer, (0, 0))


def _phantom_feature(layer: pygame.Surface, rng: random.Random, pal: Palette, fam: str,
                     c: tuple[float, float], r: float, body: Colour) -> None:
    """A family mark on the figure's head: flame tuft, helmet, antennae, hood or halo."""
    cx, cy = c
    if fam == "ember":
        for dx, hh in ((-0.45, 0.8), (0.0, 1.25), (0.45, 0.8)):
            _flame(layer, (cx + dx * r, cy - r * 0.55), r * 0.7, r * hh, rng.uniform(-0.4, 0.4),
                   (*pal.accent, 255))
    elif fam == "bastion":
        pygame.draw.circle(layer, (*pal.main, 255), c, r * 1.02, draw_top_left=True, draw_top_right=True)
        pygame.draw.rect(layer, (*pal.accent, 255), (cx - r * 1.05, cy - r * 0.12, r * 2.1, r * 0.24))
        pygame.draw.rect(layer, (*pal.accent, 255), (cx - r * 0.1, cy - r * 1.0, r * 0.2, r * 0.9))
    elif fam == "hive":
        for side in (-1, 1):
            tip = (cx + side * r * 0.9, cy - r * 1.7)
            pygame.draw.line(layer, (*pal.accent, 255), (cx + side * r * 0.3, cy - r * 0.8), tip,
                             max(2, round(r * 0.1)))
            pygame.draw.circle(layer, (*pal.accent, 255), tip, r * 0.18)
    elif fam == "veil":
        hood = mix(pal.main, pal.top, 0.3)
        pygame.draw.polygon(layer, (*hood, 255), [(cx - r * 1.12, cy + r * 0.4), (cx, cy - r * 1.6),
                                                  (cx + r * 1.12, cy + r * 0.4)])
        pygame.draw.circle(layer, (*body, 255), (cx, cy + r * 0.12), r * 0.8)
    elif fam == "neutral":
        ring = pygame.Rect(0, 0, round(r * 1.6), round(r * 0.45))
        ring.center = (round(cx), round(cy - r * 1.25))
        pygame.draw.ellipse(layer, (*pal.accent, 255), ring, max(2, round(r * 0.12)))


def _crown(layer: pygame.Surface, top: tuple[float, float], r: float, pal: Palette) -> None:
    """Extra Deck Phantoms wear a crown of violet-lit spikes."""
    cx, ty = top
    gem = (200, 160, 255, 255)
    pts = [(cx - r * 0.8, ty + r * 0.15)]
    for k, dx in enumerate((-0.8, -0.4, 0.0, 0.4, 0.8)):
        pts.append((cx + dx * r, ty - r * (0.75 if k % 2 == 0 else 0.3)))
    pts.append((cx + r * 0.8, ty + r * 0.15))
    pygame.draw.polygon(layer, gem, pts)
    pygame.draw.polygon(layer, (*pal.top, 255), pts, max(2, round(r * 0.08)))


def _spirit(art: pygame.Surface, rng: random.Random, pal: Palette, cdef: CardDef, fam: str) -> None:
    """A spirit: a glowing orb with motes circling it."""
    w, h = art.get_size()
    c = (w * rng.uniform(0.35, 0.65), h * rng.uniform(0.4, 0.55))
    r = min(h, w * 0.6) * rng.uniform(0.16, 0.22)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, c, r * 3.2, pal.glow, 170, 16)
    pygame.draw.circle(layer, (*pal.glow, 255), c, r)
    pygame.draw.circle(layer, (255, 255, 255, 255), (c[0] - r * 0.3, c[1] - r * 0.3), r * 0.35)
    for i in range(rng.randint(3, 6)):
        a = rng.uniform(0, math.tau)
        d = r * (1.5 + 0.35 * i)
        p = (c[0] + d * math.cos(a), c[1] + d * math.sin(a) * 0.6)
        pygame.draw.circle(layer, (*pal.accent, 230), p, r * rng.uniform(0.1, 0.18))
    art.blit(layer, (0, 0))


def _counter(art: pygame.Surface, rng: random.Random, pal: Palette, cdef: CardDef, fam: str) -> None:
    """A counter: a warding dial, a ring of notches around a diamond (no star shapes)."""
    w, h = art.get_size()
    c = (w * 0.5, h * 0.5)
    r = h * rng.uniform(0.3, 0.38)
    ink = (*mix(pal.glow, (255, 120, 130), 0.35), 235)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, c, r * 1.6, (255, 90, 100), 90)
    pygame.draw.circle(layer, (*mix(pal.top, (0, 0, 0), 0.5), 200), c, r * 1.08)  # reads on any motif
    line = max(3, round(r * 0.06))
    pygame.draw.circle(layer, ink, c, r, line)
    pygame.draw.circle(layer, ink, c, r * 0.82, max(2, line // 2))
    notches = rng.choice((8, 10, 12, 16))
    a0 = rng.uniform(0, math.tau)
    for k in range(notches):
        a = a0 + k * math.tau / notches
        inner, outer = r * 0.82, r * (0.98 if k % 2 else 0.9)
        pygame.draw.line(layer, ink, (c[0] + inner * math.cos(a), c[1] + inner * math.sin(a)),
                         (c[0] + outer * math.cos(a), c[1] + outer * math.sin(a)), line)
    d = r * rng.uniform(0.5, 0.62)
    diamond = [(c[0], c[1] - d), (c[0] + d * 0.72, c[1]), (c[0], c[1] + d),
               (c[0] - d * 0.72, c[1])]
    pygame.draw.polygon(layer, ink, diamond, line)
    pygame.draw.line(layer, ink, (c[0] - d * 0.72, c[1]), (c[0] + d * 0.72, c[1]),
                     max(2, line // 2))
    pygame.draw.circle(layer, ink, c, r * 0.14)
    art.blit(layer, (0, 0))


def _environment(art: pygame.Surface, rng: random.Random, pal: Palette, cdef: CardDef, fam: str) -> None:
    """An environment: a lit horizon and ridges fading into the distance."""
    w, h = art.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    glow(layer, (w * rng.uniform(0.3, 0.7), h * 0.62), w * 0.55, pal.glow, 150, 16)
    art.blit(layer, (0, 0))
    for depth in range(3):
        base = h * (0.6 + 0.12 * depth)
        tone = mix(mix(pal.main, pal.top, 0.35), (0, 0, 0), 0.2 + 0.22 * depth)
        pts: list[tuple[float, float]] = [(0, h), (0, base)]
        x = 0.0
        while x < w:
            x += w * rng.uniform(0.08, 0.2)
            pts.append((x, base - h * rng.uniform(0.0, 0.2 - 0.04 * depth)))
        pts.append((w, h))
        pygame.draw.polygon(art, tone, pts)
        pygame.draw.lines(art, mix(tone, pal.glow, 0.35), False, pts[1:-1], max(2, round(h / 90)))


SUBJECTS = {CardType.PHANTOM: _phantom, CardType.SPIRIT: _spirit, CardType.COUNTER: _counter,
            CardType.ENVIRONMENT: _environment}


# ---------------------------------------------------------------- emblems
def draw_emblem(surface: pygame.Surface, family: str, centre: tuple[float, float], r: float,
                colour: Colour) -> None:
    """The family's glyph, about 2r across: flame, shield, hexagon, crescent, star, diamond."""
    cx, cy = centre
    if family == "ember":
        _flame(surface, (cx, cy + r * 0.95), r * 1.35, r * 1.9, 0.15, colour)
    elif family == "bastion":
        pts = [(cx - r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.85), (cx + r * 0.85, cy - r * 0.05),
               (cx, cy + r), (cx - r * 0.85, cy - r * 0.05)]
        pygame.draw.polygon(surface, colour, pts)
    elif family == "hive":
        pygame.draw.polygon(surface, colour, _hexagon(centre, r, 0.0))
    elif family == "veil":
        side = math.ceil(r * 2) + 2
        moon = pygame.Surface((side, side), pygame.SRCALPHA)
        mc = (side / 2, side / 2)
        pygame.draw.circle(moon, (*colour, 255), mc, r)
        pygame.draw.circle(moon, (0, 0, 0, 0), (mc[0] + r * 0.45, mc[1] - r * 0.2), r * 0.85)
        surface.blit(moon, (round(cx - side / 2), round(cy - side / 2)))
    elif family == "neutral":
        pts = []
        for k in range(8):
            d = r if k % 2 == 0 else r * 0.38
            a = -math.pi / 2 + k * math.pi / 4
            pts.append((cx + d * math.cos(a), cy + d * math.sin(a)))
        pygame.draw.polygon(surface, colour, pts)
    else:
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)])
