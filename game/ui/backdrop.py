"""What every full screen stands on: the table's gradient and the title block.

One place for them, so the menu, the setup, puzzles, replays, settings, the deck builder and
the duel table share one look; each screen draws its own panels onto the gradient once and
keeps the result.
"""

from __future__ import annotations

import pygame

from game.ui import text as txt
from game.ui import theme


def gradient(size: tuple[int, int]) -> pygame.Surface:
    """A new Surface of `size` shading from theme.BG_TOP down to theme.BG_BOTTOM."""
    w, h = size
    bg = pygame.Surface((w, h))
    for y in range(h):
        bg.fill(theme.mix(theme.BG_TOP, theme.BG_BOTTOM, y / max(1, h - 1)), (0, y, w, 1))
    return bg


def title_and_rule(surface: pygame.Surface, title: str, px: int, x: int, rule_y: int,
                   rule_w: int = 80, rule_h: int = 3, gap: int = 11) -> pygame.Rect:
    """A title and the amber rule under it: the title stands on the rule's gap whatever the
    text size (a larger title grows upward), so the rule never cuts its descenders ("g")."""
    height = txt.font(px, True).get_height()
    drawn = txt.blit_text(surface, title, px, theme.TEXT, (x, rule_y - gap - height), bold=True)
    pygame.draw.rect(surface, theme.ACCENT, (x, rule_y, rule_w, rule_h))
    return drawn


def draw_header(surface: pygame.Surface, title: str, subtitle: str, x: int = 60,
                width: int | None = None) -> None:
    """A screen's title, the amber rule under it and one line saying what the screen is for
    (`width`: the room it has, when something stands to its right)."""
    if width is not None:
        subtitle = txt.fit(subtitle, theme.BODY, width)
    title_and_rule(surface, title, theme.TITLE, x, 78)
    # larger text (Settings' text size) moves the line up so it stays above the screen's body
    txt.blit_text(surface, subtitle, theme.BODY, theme.TEXT_DIM,
                  (x, 92 - round((txt.scale() - 1) * 20)))
