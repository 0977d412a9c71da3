"""Rendered text, cached: a label is rasterised once and blitted every frame after.

Rendering text is the slowest thing a UI frame usually does, and most labels never change,
so every widget asks `text()` instead of calling `Font.render` in `draw`. The cache is a
small LRU keyed by (string, size, bold, colour); a line that changes each frame (a timer)
only ever costs its own new entries.

Settings' text size makes every line larger, but a label in a box of fixed width (a button, a
list row, a panel heading) grows only as far as its box lets it: `fit` first tries the label
at each smaller size down to its 100 % size, and remembers the size that fits (`_shrunk`),
which `text` and `width` then use for that string at that size. So a label whole at 100 % is
whole at every text size; only one too long even at 100 % is cut with an ellipsis.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import lru_cache

import pygame

from game.ui import fonts
from game.ui.theme import MIN_TEXT, Colour

CACHE_SIZE = 4096
ELLIPSIS = "\u2026"

_cache: OrderedDict[tuple[str, float, bool, Colour, float], pygame.Surface] = OrderedDict()
# (string, asked size, text scale) -> the smaller size it is drawn at to fit its box (`fit`)
_shrunk: dict[tuple[str, float, float], float] = {}
SHRUNK_MAX = 8192
SCALES = (100, 115, 130)  # the text sizes Settings offers, in percent
_scale = 1.0  # Settings' text size (game/ui/look.py): every UI line is this much larger


def set_scale(percent: int) -> None:
    """Every UI line from now on is `percent` % of its size (card faces keep theirs)."""
    global _scale
    _scale = max(50, min(200, int(percent))) / 100


def scale() -> float:
    return _scale


@contextlib.contextmanager
def unscaled() -> Iterator[None]:
    """Text drawn inside keeps its own size (words on a card's picture, sized to the card)."""
    global _scale
    kept, _scale = _scale, 1.0
    try:
        yield
    finally:
        _scale = kept


def font(px: float, bold: bool = False) -> pygame.font.Font:
    """The bundled font at `px` times the text scale, never below the legibility floor."""
    return fonts.font(max(MIN_TEXT, round(px * _scale)), bold)


def drawn_px(s: str, px: float) -> float:
    """The size `s` asked at `px` is drawn at: smaller when `fit` found its box too narrow."""
    return _shrunk.get((s, px, _scale), px) if _shrunk else px


def text(s: str, px: float, colour: Colour, bold: bool = False) -> pygame.Surface:
    """`s` rendered antialiased in the bundled font, from the cache when seen before."""
    size = drawn_px(s, px)
    key = (s, size, bold, colour, _scale)
    surf = _cache.get(key)
    if surf is not None:
        _cache.move_to_end(key)
        return surf
    surf = font(size, bold).render(s, True, colour)
    _cache[key] = surf
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return surf


def width(s: str, px: float, bold: bool = False) -> int:
    return font(drawn_px(s, px), bold).size(s)[0]


def _shrink(s: str, px: float, max_width: int, bold: bool) -> float | None:
    """The largest size between `px` at the text scale and `px` at 100 % at which `s` fits
    `max_width` (None: not even at 100 %)."""
    if _scale <= 1.0:
        return None
    least = max(MIN_TEXT, round(px))
    for size in range(round(px * _scale) - 1, least - 1, -1):
        if fonts.font(size, bold).size(s)[0] <= max_width:
            return size / _scale
    return None


def fit(s: str, px: float, max_width: int, bold: bool = False) -> str:
    """`s`, cut with an ellipsis so it fits `max_width` pixels (unchanged if it fits). At a
    larger text size a string too wide is drawn smaller first (down to its 100 % size, see
    the module's docstring) and only cut when even that is too wide."""
    f = font(drawn_px(s, px), bold)
    if f.size(s)[0] <= max_width:
        return s
    small = _shrink(s, px, max_width, bold)
    if small is not None:
        if len(_shrunk) > SHRUNK_MAX:
            clear()  # the fits worked out before are worked out again
        _shrunk[(s, px, _scale)] = small
        return s
    f = font(px, bold)
    lo = _fitting(f, s, max_width, lambda k: s[:k].rstrip() + ELLIPSIS)
    return s[:lo].rstrip() + ELLIPSIS


def _fitting(f: pygame.font.Font, s: str, max_width: int,
             shown: Callable[[int], str] | None = None) -> int:
    """How many leading characters of `s` fit in `max_width` (`shown(k)`: what is measured
    for k characters; the prefix itself by default), found on prefixes that double in length
    and then by halving: about 2 log2(k) measures of at most twice the fitting length, never
    of the whole string, so a 100,000-character word costs what a line of it costs."""
    measure = shown if shown is not None else (lambda k: s[:k])
    lo, hi = 0, 1
    while hi <= len(s) and f.size(measure(hi))[0] <= max_width:
        lo, hi = hi, hi * 2
    if hi > len(s):
        if lo == len(s) or f.size(measure(len(s)))[0] <= max_width:
            return len(s)
        hi = len(s)
    while hi - lo > 1:  # measure(lo) fits (or lo is 0), measure(hi) does not
        mid = (lo + hi) // 2
        if f.size(measure(mid))[0] <= max_width:
            lo = mid
        else:
            hi = mid
    return lo


@lru_cache(maxsize=4096)
def _fit_at(s: str, px: int, max_width: int, bold: bool, at: float) -> str:
    return fit(s, px, max_width, bold)


@lru_cache(maxsize=1024)
def _wrap_at(s: str, px: int, max_width: int, bold: bool, at: float) -> tuple[str, ...]:
    return tuple(wrap(s, px, max_width, bold))


def fit_cached(s: str, px: int, max_width: int, bold: bool = False) -> str:
    """`fit`, worked out once per string, size, width and text scale (labels every frame)."""
    return _fit_at(s, px, max_width, bold, _scale)


def wrap_cached(s: str, px: int, max_width: int, bold: bool = False) -> tuple[str, ...]:
    """`wrap`, worked out once per string, size, width and text scale."""
    return _wrap_at(s, px, max_width, bold, _scale)


def wrap(s: str, px: int, max_width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap of `s` into lines no wider than `max_width` (long words are cut).
    Linear in the length of `s`: a long word is cut by `_fitting`, which never measures
    more than about two lines of it at once."""
    f = font(px, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
            while len(line) > 1:  # a word too long for a line is cut (at least a character a line)
                cut = max(1, _fitting(f, line, max_width))
                if cut >= len(line):
                    break
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def two_lines(s: str, px: int, max_width: int, bold: bool = False) -> list[str]:
    """`s` in at most two lines of `max_width` (a card's name on its band or under its
    picture): one when it fits; else split between words, the most words on the first line,
    the rest cut with an ellipsis only if even that is too long; one line cut when no first
    line of whole words fits."""
    if width(s, px, bold) <= max_width:
        return [s]
    words = s.split()
    for k in range(len(words) - 1, 0, -1):
        top, rest = " ".join(words[:k]), " ".join(words[k:])
        if width(top, px, bold) <= max_width:
            return [top, fit(rest, px, max_width, bold)]
    return [fit(s, px, max_width, bold)]


def blit_text(surface: pygame.Surface, s: str, px: int, colour: Colour, pos: tuple[int, int],
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Blit cached text with its rect anchored at `pos` (e.g. anchor="center")."""
    img = text(s, px, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def clear() -> None:
    """Forget every rendered line (after pygame.quit the surfaces are still valid, but
    tests reset between windows)."""
    _cache.clear()
    _shrunk.clear()
    _fit_at.cache_clear()  # a cached fit would not remember its smaller size again
