"""Card faces drawn from card data: frame by type, name, Level, picture, rules text, stats.

No image files: the game draws every face itself (issue "card set"), so a new card in YAML
has a face the moment it loads. Shapes are drawn at twice the size and smoothscaled for soft
edges; text is drawn afterwards at the real size so it stays crisp. Sizes scale with the
width (designed at 200 px wide, 5:7); from 240 px wide no text is under 13 px, the legibility
floor at 1280x720. Below COMPACT_WIDTH a face drops its words and keeps picture and numbers,
for small field icons; `render_mini_face` drops the numbers too, for faces smaller still.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pygame

from game.engine.carddefs import CardDef, CardType
from game.ui.card_art import PALETTES, Colour, draw_emblem, family_of, glow, mix, render_art
from game.ui.fonts import font

ASPECT = 1.4  # height / width: the 5:7 of a real card
DESIGN_WIDTH = 200
COMPACT_WIDTH = 130
SS = 2  # supersampling for shapes

TYPE_COLOURS: dict[CardType, Colour] = {
    CardType.PHANTOM: (232, 176, 76),  # amber
    CardType.SPIRIT: (56, 182, 170),  # teal
    CardType.COUNTER: (204, 56, 76),  # crimson
    CardType.ENVIRONMENT: (96, 178, 92),  # green
}
EXTRA_COLOUR: Colour = (152, 108, 224)  # violet: Extra Deck Phantoms
# Settings' colour-blind-safe frames (Okabe-Ito hues; the type is also written on every face
# that has room for words): Phantom yellow, Spirit sky blue, Counter vermillion, Environment
# bluish green, Extra Deck Phantom reddish purple
SAFE_FRAMES: dict[CardType | str, Colour] = {
    CardType.PHANTOM: (240, 228, 66), CardType.SPIRIT: (86, 180, 233),
    CardType.COUNTER: (213, 94, 0), CardType.ENVIRONMENT: (0, 158, 115),
    "extra": (204, 121, 167),
}
safe_frames = False  # game/ui/look.py sets it from Settings
BACK_COLOUR: Colour = (96, 104, 140)  # a card back belongs to no type
INK = (10, 12, 18)
TEXT = (234, 236, 242)
TEXT_DIM = (170, 178, 194)
ELLIPSIS = "\u2026"
NUMBER = re.compile(r"[+-]?\d[\d,]*[.,;:)]?")

TYPE_LABELS = {
    CardType.PHANTOM: "PHANTOM",
    CardType.SPIRIT: "SPIRIT",
    CardType.COUNTER: "COUNTER",
    CardType.ENVIRONMENT: "ENVIRONMENT",
}


def frame_colour(cdef: CardDef) -> Colour:
    """The frame colour a player reads the card type from (Extra Deck Phantoms violet)."""
    if cdef.is_phantom and cdef.extra:
        return SAFE_FRAMES["extra"] if safe_frames else EXTRA_COLOUR
    return SAFE_FRAMES[cdef.type] if safe_frames else TYPE_COLOURS[cdef.type]


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * ASPECT)


def rim_width(width: int) -> int:
    """Thickness of the coloured frame: wide enough to read the type at icon size."""
    return max(3, round(7 * width / DESIGN_WIDTH))


def speed_of(cdef: CardDef) -> int:
    """The speed shown on a Spirit/Counter: its first ability a player activates."""
    acts = cdef.activatable
    if acts:
        return acts[0][1].speed
    return 2 if cdef.type is CardType.COUNTER else 1


# ------------------------------------------------------------------ text
@dataclass(frozen=True)
class TextFit:
    """Rules text broken into lines of words at one size; `clipped` if it needed an ellipsis."""

    size: int
    lines: tuple[tuple[str, ...], ...]
    line_height: int
    clipped: bool = False

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height


def _word_font(word: str, size: int) -> pygame.font.Font:
    """Numbers in rules text are bold, so "deal 300 damage" scans at a glance."""
    return font(size, bold=bool(NUMBER.fullmatch(word)))


def _line_width(words: tuple[str, ...] | list[str], size: int) -> int:
    space = font(size).size(" ")[0]
    return sum(_word_font(w, size).size(w)[0] for w in words) + space * max(0, len(words) - 1)


def wrap_words(text: str, size: int, width: int) -> list[list[str]]:
    """Greedy word wrap; a word wider than the line is cut into pieces that fit."""
    lines: list[list[str]] = []
    line: list[str] = []
    for word in text.split():
        pieces = [word]
        if _line_width([word], size) > width:
            pieces = _split_long(word, size, width)
        for piece in pieces:
            if line and _line_width([*line, piece], size) > width:
                lines.append(line)
                line = []
            line.append(piece)
    if line:
        lines.append(line)
    return lines


def _split_long(word: str, size: int, width: int) -> list[str]:
    f = _word_font(word, size)
    out, cur = [], ""
    for ch in word:
        if cur and f.size(cur + ch)[0] > width:
            out.append(cur)
            cur = ""
        cur += ch
    return [*out, cur] if cur else out


def fit_text(text: str, width: int, height: int, sizes: range | list[int]) -> TextFit | None:
    """The largest size in `sizes` at which `text` fits the box, or None if none does."""
    for size in sizes:
        lh = font(size).get_linesize()
        lines = wrap_words(text, size, width)
        if len(lines) * lh <= height:
            return TextFit(size, tuple(tuple(x) for x in lines), lh)
    return None


def clip_text(text: str, width: int, height: int, size: int) -> TextFit:
    """`text` at `size`, cut to the lines that fit with an ellipsis on the last one."""
    lh = font(size).get_linesize()
    lines = wrap_words(text, size, width)
    keep = max(1, height // lh)
    if len(lines) <= keep:
        return TextFit(size, tuple(tuple(x) for x in lines), lh)
    last = list(lines[keep - 1])
    while last and _line_width([*last[:-1], last[-1] + ELLIPSIS], size) > width:
        last.pop()
    last = [*last[:-1], last[-1] + ELLIPSIS] if last else [ELLIPSIS]
    return TextFit(size, tuple(tuple(x) for x in [*lines[: keep - 1], last]), lh, clipped=True)


def fit_line(text: str, width: int, sizes: range | list[int], bold: bool = True) -> tuple[str, int]:
    """One line (a name): the largest size that fits, else the smallest size ellipsized."""
    for size in sizes:
        if font(size, bold).size(text)[0] <= width:
            return text, size
    size = list(sizes)[-1]
    f = font(size, bold)
    cut = text
    while cut and f.size(cut.rstrip() + ELLIPSIS)[0] > width:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS, size


def fit_name(text: str, width: int, height: int, sizes: range | list[int]) -> tuple[list[str], int]:
    """A card's name in its bar: one line at the largest size that fits; else two lines (split
    between words, at the largest size whose two lines fit `height`); only then one line cut
    with an ellipsis at the smallest size."""
    for size in sizes:
        if font(size, True).size(text)[0] <= width:
            return [text], size
    words = text.split()
    for size in sizes:
        f = font(size, True)
        if 2 * f.get_linesize() - 2 > height:
            continue
        for k in range(len(words) - 1, 0, -1):  # the most words on the first line that fit
            top, rest = " ".join(words[:k]), " ".join(words[k:])
            if f.size(top)[0] <= width:
                if f.size(rest)[0] <= width:
                    return [top, rest], size
                break
    return [fit_line(text, width, sizes)[0]], list(sizes)[-1]


def _draw_words(surface: pygame.Surface, fit: TextFit, x: int, y: int, colour: Colour) -> None:
    space = font(fit.size).size(" ")[0]
    for line in fit.lines:
        cx = x
        for word in line:
            img = _word_font(word, fit.size).render(word, True, colour)
            surface.blit(img, (cx, y))
            cx += img.get_width() + space
        y += fit.line_height


# ---------------------------------------------------------------- layout
@dataclass(frozen=True)
class FaceLayout:
    """Where everything goes on a face of `size` (1x pixels); rects are empty when absent."""

    size: tuple[int, int]
    rim: int
    radius: int
    name_bar: pygame.Rect
    art: pygame.Rect
    type_line: pygame.Rect
    text_box: pygame.Rect
    stats_bar: pygame.Rect
    text: TextFit | None
    compact: bool


def face_layout(cdef: CardDef, width: int) -> FaceLayout:
    """Lay the face out; long rules text takes room from the picture before its font shrinks."""
    w, h = card_size(width)
    s = width / DESIGN_WIDTH
    rim = rim_width(width)
    radius = max(4, round(12 * s))
    gap = max(2, round(4 * s))
    inner = pygame.Rect(rim, rim, w - 2 * rim, h - 2 * rim)
    has_stats = cdef.type is not CardType.ENVIRONMENT
    stats_h = round(28 * s) if has_stats else 0
    if width < COMPACT_WIDTH:
        stats_h = round(0.22 * width) if has_stats else 0  # numbers must read at icon size
        art = pygame.Rect(inner.x, inner.y, inner.w, inner.h - stats_h - (gap if stats_h else 0))
        stats = pygame.Rect(inner.x, inner.bottom - stats_h, inner.w, stats_h)
        empty = pygame.Rect(0, 0, 0, 0)
        return FaceLayout((w, h), rim, radius, empty, art, empty, empty, stats, None, True)

    name_h, type_h = round(28 * s), round(20 * s)
    name_bar = pygame.Rect(inner.x + gap, inner.y + gap, inner.w - 2 * gap, name_h)
    stats = pygame.Rect(inner.x + gap, inner.bottom - gap - stats_h, inner.w - 2 * gap, stats_h)
    bottom = stats.top - gap if stats_h else inner.bottom - gap
    free = bottom - name_bar.bottom - type_h - 3 * gap  # shared by picture and text box
    pad_x, pad_y = round(7 * s), round(5 * s)
    text_w = name_bar.w - 2 * pad_x
    base, floor = max(9, round(14 * s)), max(8, round(11 * s))
    fit = None
    passes = ((0.3, range(base, base - 2, -1)), (0.2, range(base, floor - 1, -1)), (0.14, [floor]))
    for art_min, sizes in passes:
        fit = fit_text(cdef.text, text_w, round(free - art_min * h - 2 * pad_y), sizes)
        if fit:
            break
    if fit is None:
        fit = clip_text(cdef.text, text_w, round(free - 0.14 * h - 2 * pad_y), floor)
    text_h = max(fit.height + 2 * pad_y, round(free - 0.46 * h))
    art_h = free - text_h
    art = pygame.Rect(name_bar.x, name_bar.bottom + gap, name_bar.w, art_h)
    type_line = pygame.Rect(name_bar.x, art.bottom + gap, name_bar.w, type_h)
    text_box = pygame.Rect(name_bar.x, type_line.bottom + gap, name_bar.w, bottom - type_line.bottom - gap)
    return FaceLayout((w, h), rim, radius, name_bar, art, type_line, text_box, stats, fit, False)


# --------------------------------------------------------------- drawing
def _x2(rect: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(rect.x * SS, rect.y * SS, rect.w * SS, rect.h * SS)


def _rounded(surface: pygame.Surface, radius: int) -> None:
    """Cut `surface` to a rounded rectangle (alpha outside the corners becomes 0)."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def render_card_face(cdef: CardDef, width: int) -> pygame.Surface:
    """The face of `cdef`, `width` pixels wide and 1.4x as tall, with transparent corners."""
    lay = face_layout(cdef, width)
    w, h = lay.size
    s = width / DESIGN_WIDTH
    frame = frame_colour(cdef)
    fam = family_of(cdef)
    body = mix(frame, INK, 0.8)
    panel = mix(frame, INK, 0.9)
    edge = mix(frame, INK, 0.45)

    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pygame.draw.rect(big, frame, big.get_rect(), border_radius=lay.radius * SS)
    inner = big.get_rect().inflate(-2 * lay.rim * SS, -2 * lay.rim * SS)
    pygame.draw.rect(big, body, inner, border_radius=max(2, (lay.radius - lay.rim // 2) * SS))
    pygame.draw.rect(big, mix(frame, INK, 0.35), inner, max(1, SS), border_radius=max(2, (lay.radius - lay.rim // 2) * SS))

    art_big = _x2(lay.art)
    art = render_art(cdef, art_big.size)
    _rounded(art, round(6 * s * SS))
    big.blit(art, art_big)
    pygame.draw.rect(big, edge, art_big, max(1, SS), border_radius=round(6 * s * SS))

    for rect in (lay.name_bar, lay.text_box):
        if rect.w:
            pygame.draw.rect(big, panel, _x2(rect), border_radius=round(5 * s * SS))
            pygame.draw.rect(big, edge, _x2(rect), max(1, SS), border_radius=round(5 * s * SS))
    if lay.type_line.w:
        tl = _x2(lay.type_line)
        pygame.draw.rect(big, mix(frame, INK, 0.7), tl, border_radius=tl.h // 2)
        er = tl.h * 0.34
        draw_emblem(big, fam, (tl.right - tl.h * 0.6, tl.centery), er, PALETTES[fam].glow)
    badges = _badges(big, cdef, lay, frame, panel, edge, s)

    out = pygame.transform.smoothscale(big, (w, h))
    _text(out, cdef, lay, frame, fam, s, badges)
    return out


def render_mini_face(cdef: CardDef, width: int) -> pygame.Surface:
    """A face too small for any legible word or number: the type frame colour and the picture
    only. No text at all (at 36 px even the compact face's numbers fall to 6-8 px, under the
    13 px floor), so whoever draws it adds what must be read at a legible size on top."""
    w, h = card_size(width)
    rim = rim_width(width)
    radius = max(4, round(12 * width / DESIGN_WIDTH))
    frame = frame_colour(cdef)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pygame.draw.rect(big, frame, big.get_rect(), border_radius=radius * SS)
    inner = big.get_rect().inflate(-2 * rim * SS, -2 * rim * SS)
    art = render_art(cdef, inner.size)
    _rounded(art, max(2, (radius - rim // 2) * SS))
    big.blit(art, inner)
    pygame.draw.rect(big, mix(frame, INK, 0.45), inner, max(1, SS),
                     border_radius=max(2, (radius - rim // 2) * SS))
    return pygame.transform.smoothscale(big, (w, h))


@dataclass(frozen=True)
class _Badge:
    rect: pygame.Rect  # 1x
    label: str
    value: str
    colour: Colour


def _badges(big: pygame.Surface, cdef: CardDef, lay: FaceLayout, frame: Colour, panel: Colour,
            edge: Colour, s: float) -> list[_Badge]:
    """Level disc, ATK/HP and speed/LASTING pills: shapes now, their words in `_text`."""
    out: list[_Badge] = []
    if cdef.is_phantom:
        d = round(lay.name_bar.h - 4 * s) if not lay.compact else round(0.26 * lay.size[0])
        disc = pygame.Rect(0, 0, d, d)
        if lay.compact:
            disc.topright = (lay.art.right - round(3 * s), lay.art.top + round(3 * s))
        else:
            disc.midright = (lay.name_bar.right - round(3 * s), lay.name_bar.centery)
        pygame.draw.ellipse(big, frame, _x2(disc))
        pygame.draw.ellipse(big, INK, _x2(disc).inflate(-4 * SS * s, -4 * SS * s))
        out.append(_Badge(disc, "", str(cdef.level), TEXT))
    sb = lay.stats_bar
    if not sb.h:
        return out
    gap = max(2, round(4 * s))
    half = (sb.w - gap) // 2
    left = pygame.Rect(sb.x, sb.y, half, sb.h)
    right = pygame.Rect(sb.right - half, sb.y, half, sb.h)
    if cdef.is_phantom:
        pills = [(left, "ATK", str(cdef.atk), (255, 206, 150)), (right, "HP", str(cdef.health), (160, 228, 170))]
    else:
        pills = [(left, "SPEED", str(speed_of(cdef)), mix(frame, TEXT, 0.5))]
        if cdef.lasting:
            pills.append((right, "LASTING", "", TEXT))
    for rect, label, value, colour in pills:
        fill = mix(frame, INK, 0.35) if label == "LASTING" else panel
        pygame.draw.rect(big, fill, _x2(rect), border_radius=rect.h * SS // 2)
        pygame.draw.rect(big, edge, _x2(rect), max(1, SS), border_radius=rect.h * SS // 2)
        out.append(_Badge(rect, "" if lay.compact and label != "LASTING" else label, value, colour))
    return out


def _blit_centred(surface: pygame.Surface, img: pygame.Surface, centre: tuple[int, int]) -> None:
    surface.blit(img, img.get_rect(center=centre))


def _text(out: pygame.Surface, cdef: CardDef, lay: FaceLayout, frame: Colour, fam: str, s: float,
          badges: list[_Badge]) -> None:
    """All the words and numbers, at 1x so they stay sharp."""
    for b in badges:
        r = b.rect
        if not b.label:  # level disc or compact number: just the number, as big as fits
            _, size = fit_line(b.value, r.w - round(6 * s), range(max(8, round(r.h * 0.62)), 5, -1))
            _blit_centred(out, font(size, True).render(b.value, True, b.colour), r.center)
        elif not b.value:  # LASTING
            text, size = fit_line(b.label, r.w - round(10 * s), range(max(8, round(12 * s)), 5, -1))
            _blit_centred(out, font(size, True).render(text, True, TEXT), r.center)
        else:
            lab = font(max(8, round(11 * s)), True).render(b.label, True, b.colour)
            _, size = fit_line(b.value, r.w - lab.get_width() - round(16 * s), range(max(9, round(17 * s)), 5, -1))
            num = font(size, True).render(b.value, True, TEXT)
            x = r.x + (r.w - lab.get_width() - num.get_width() - round(5 * s)) // 2
            out.blit(lab, lab.get_rect(midleft=(x, r.centery)))
            out.blit(num, num.get_rect(midleft=(x + lab.get_width() + round(5 * s), r.centery)))
    if lay.compact:
        return
    nb = lay.name_bar
    pad = round(7 * s)
    room = nb.w - 2 * pad - (nb.h if cdef.is_phantom else 0)
    names, size = fit_name(cdef.name, room, nb.h,
                           range(max(9, round(16 * s)), max(8, round(11 * s)) - 1, -1))
    step = font(size, True).get_linesize() - 1
    for i, name in enumerate(names):
        img = font(size, True).render(name, True, TEXT)
        y = nb.centery + round((i - (len(names) - 1) / 2) * step)
        out.blit(img, img.get_rect(midleft=(nb.x + pad, y)))

    tl = lay.type_line
    label = TYPE_LABELS[cdef.type]
    if cdef.is_phantom and cdef.extra:
        label = "EXTRA DECK PHANTOM"
    tsize = max(8, round(11 * s))
    lab = font(tsize, True).render(label, True, mix(frame, TEXT, 0.35))
    out.blit(lab, lab.get_rect(midleft=(tl.x + round(8 * s), tl.centery)))
    fam_img = font(tsize).render(fam.capitalize(), True, TEXT_DIM)
    fam_right = tl.right - round(tl.h * 1.15)
    if fam_right - fam_img.get_width() > tl.x + round(8 * s) + lab.get_width() + round(6 * s):
        out.blit(fam_img, fam_img.get_rect(midright=(fam_right, tl.centery)))

    if lay.text:
        tb = lay.text_box
        _draw_words(out, lay.text, tb.x + pad, tb.y + round(5 * s), TEXT)


# ------------------------------------------------------------------- back
def render_card_back(width: int) -> pygame.Surface:
    """The face-down side: the same for every card, so it gives nothing away."""
    w, h = card_size(width)
    rim = rim_width(width)
    radius = max(4, round(12 * width / DESIGN_WIDTH))
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pygame.draw.rect(big, BACK_COLOUR, big.get_rect(), border_radius=radius * SS)
    inner = big.get_rect().inflate(-2 * rim * SS, -2 * rim * SS)
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill((20, 22, 40))
    cell = inner.w / 6
    line = (44, 48, 80)
    for k in range(-8, 16):
        x = k * cell
        pygame.draw.line(field, line, (x, 0), (x + inner.h, inner.h), max(1, SS))
        pygame.draw.line(field, line, (x, 0), (x - inner.h, inner.h), max(1, SS))
    c = (inner.w / 2, inner.h / 2)
    r = inner.w * 0.36
    layer = pygame.Surface(inner.size, pygame.SRCALPHA)
    glow(layer, c, r * 1.6, (150, 130, 230), 120, 16)
    field.blit(layer, (0, 0))
    pygame.draw.circle(field, (30, 30, 58), c, r)
    pygame.draw.circle(field, (170, 160, 230), c, r, max(2, round(r * 0.06)))
    pygame.draw.circle(field, (120, 110, 190), c, r * 0.84, max(1, round(r * 0.03)))
    # the phantom mark: a hooded figure with a wavy hem
    hr = r * 0.3
    hc = (c[0], c[1] - r * 0.22)
    ghost = (214, 208, 250)
    pts = [(hc[0] - hr, hc[1])]
    for i in range(13):
        t = i / 12
        pts.append((hc[0] - hr * 1.1 + hr * 2.2 * t, c[1] + r * 0.52 - abs(_wave(t)) * r * 0.1))
    pts.append((hc[0] + hr, hc[1]))
    pygame.draw.polygon(field, ghost, pts)
    pygame.draw.circle(field, ghost, hc, hr)
    for side in (-1, 1):
        eye = pygame.Rect(0, 0, round(hr * 0.3), round(hr * 0.5))
        eye.center = (round(hc[0] + side * hr * 0.4), round(hc[1] + hr * 0.15))
        pygame.draw.ellipse(field, (30, 30, 58), eye)
    _rounded(field, max(2, (radius - rim // 2) * SS))
    big.blit(field, inner)
    return pygame.transform.smoothscale(big, (w, h))


def _wave(t: float) -> float:
    return math.sin(t * 3 * math.pi)


# ------------------------------------------------------------------ cache
class CardFaceCache:
    """Faces keyed by (card id, width): a face is drawn once, then blitted every frame."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, int], pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}

    def face(self, cdef: CardDef, width: int) -> pygame.Surface:
        key = (cdef.id, width)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = render_card_face(cdef, width)
        return surf

    def back(self, width: int) -> pygame.Surface:
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs[width] = render_card_back(width)
        return surf

    def clear(self) -> None:
        """Forget every face (after a resize, or when card data changes)."""
        self._faces.clear()
        self._backs.clear()

    def __len__(self) -> int:
        return len(self._faces) + len(self._backs)
