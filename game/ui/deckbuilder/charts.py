"""The deck's pictures: Level curve, type breakdown, average ATK/Health.

Drawn once into a surface whenever the deck changes (never per frame) from
game.decks.stats; the scene just blits it.
"""

from __future__ import annotations

import pygame

from game.decks.stats import TYPE_NAMES, DeckStats
from game.engine.carddefs import CardType
from game.ui import text as txt
from game.ui import theme
from game.ui.card_face import EXTRA_COLOUR, TYPE_COLOURS

MIN_LEVELS = 8


def render_stats(stats: DeckStats, size: tuple[int, int]) -> pygame.Surface:
    """The charts for `stats` on a transparent surface of `size`."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    y = _level_curve(out, stats, pygame.Rect(0, 0, w, 82))
    y = _types(out, stats, pygame.Rect(0, y + 6, w, 48))
    _averages(out, stats, pygame.Rect(0, y + 2, w, max(20, h - y - 2)))
    return out


def _level_curve(out: pygame.Surface, stats: DeckStats, box: pygame.Rect) -> int:
    levels = max(MIN_LEVELS, stats.max_level)
    txt.blit_text(out, "Level curve", theme.SMALL, theme.TEXT_DIM, (box.x, box.y))
    legend = txt.text("Extra", theme.SMALL, EXTRA_COLOUR)
    out.blit(legend, (box.right - legend.get_width(), box.y))
    main_l = txt.text("Main", theme.SMALL, TYPE_COLOURS[CardType.PHANTOM])
    out.blit(main_l, (box.right - legend.get_width() - main_l.get_width() - 10, box.y))
    top, base = box.y + 34, box.bottom - 16
    peak = max([1, *(stats.main_curve.get(lv, 0) + stats.extra_curve.get(lv, 0)
                     for lv in range(1, levels + 1))])
    slot = box.w / levels
    bar_w = max(6, int(slot * 0.62))
    for i, lv in enumerate(range(1, levels + 1)):
        cx = round(box.x + slot * (i + 0.5))
        m, e = stats.main_curve.get(lv, 0), stats.extra_curve.get(lv, 0)
        hm = round((base - top) * m / peak)
        he = round((base - top) * e / peak)
        pygame.draw.line(out, theme.PANEL_EDGE, (cx - bar_w // 2, base), (cx + bar_w // 2, base))
        if hm:
            pygame.draw.rect(out, TYPE_COLOURS[CardType.PHANTOM],
                             (cx - bar_w // 2, base - hm, bar_w, hm), border_radius=3)
        if he:
            pygame.draw.rect(out, EXTRA_COLOUR, (cx - bar_w // 2, base - hm - he, bar_w, he),
                             border_radius=3)
        if m + e:
            txt.blit_text(out, str(m + e), theme.MIN_TEXT, theme.TEXT, (cx, base - hm - he - 1),
                          bold=True, anchor="midbottom")
        txt.blit_text(out, str(lv), theme.MIN_TEXT, theme.TEXT_DIM, (cx, base + 1), anchor="midtop")
    return box.bottom


def _types(out: pygame.Surface, stats: DeckStats, box: pygame.Rect) -> int:
    total = sum(stats.types.values())
    bar = pygame.Rect(box.x, box.y, box.w, 10)
    pygame.draw.rect(out, theme.PANEL_DARK, bar, border_radius=6)
    x = bar.x
    for t in TYPE_NAMES:
        n = stats.types[t]
        if not n or not total:
            continue
        part = round(bar.w * n / total)
        pygame.draw.rect(out, TYPE_COLOURS[t], (x, bar.y, max(2, part), bar.h))
        x += part
    pygame.draw.rect(out, theme.PANEL_EDGE, bar, width=1, border_radius=6)
    # legend: two columns of "Phantom 24"
    for i, t in enumerate(TYPE_NAMES):
        col, row = i % 2, i // 2
        px = box.x + col * (box.w // 2)
        step = max(17, txt.font(theme.SMALL).get_height())  # rows part as the text grows
        py = bar.bottom + 4 + row * step
        pygame.draw.rect(out, TYPE_COLOURS[t], (px, py + 3, 10, 10), border_radius=2)
        label = f"{TYPE_NAMES[t]} {stats.types[t]}"
        txt.blit_text(out, txt.fit(label, theme.SMALL, box.w // 2 - 20), theme.SMALL, theme.TEXT, (px + 16, py))
    return bar.bottom + 4 + 2 * max(17, txt.font(theme.SMALL).get_height())


def _averages(out: pygame.Surface, stats: DeckStats, box: pygame.Rect) -> None:
    if stats.avg_atk is None:
        line = "No Phantoms in the Main Deck yet"
        txt.blit_text(out, txt.fit(line, theme.SMALL, box.w), theme.SMALL, theme.TEXT_DIM, (box.x, box.y))
        return
    atk = txt.text(f"{stats.avg_atk:,.0f}", theme.BODY, theme.TEXT, bold=True)
    hp = txt.text(f"{stats.avg_health:,.0f}", theme.BODY, theme.TEXT, bold=True)
    x = box.x
    for label, img, colour in (("avg ATK", atk, (255, 206, 150)), ("avg HP", hp, (160, 228, 170))):
        lab = txt.text(label, theme.SMALL, colour, bold=True)
        out.blit(lab, (x, box.y + 2))
        out.blit(img, (x + lab.get_width() + 6, box.y))
        # the second pair at the box's middle, or past the first where larger text needs it
        # (at 130 % "avg ATK 1,303" ran into "avg HP")
        x = max(x + box.w // 2, x + lab.get_width() + 6 + img.get_width() + 12)
