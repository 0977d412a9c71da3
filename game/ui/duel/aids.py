"""The duel screen's player aids on screen: the Undo and Hint buttons, the hint drawn on the
board (a glow on the card, an arrow to its target, the place or button it means), the
hotseat undo question over a covered board, and the menu of a Step on the Line panel
("Pass until this resolves"). The logic lives in session.py, undo.py and advice.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.engine import Activate, Choose, Command, EndTurn, NextPhase, Pass
from game.ui import motion, theme
from game.ui import text as txt
from game.ui.widgets.dialog import Dialog, DialogButton

from . import style
from .geometry import Geometry
from .gestures import drop_target, source_of
from .hits import target_rect
from .interaction import NEXT
from .layout import LAYOUT
from .panels import fit, phase_segments

HINT = (120, 214, 255)  # the hint's own colour: neither a legal drop (green) nor an attack (red)
UNDO_KEY = ("aid", "undo")
HINT_KEY = ("aid", "hint")
GAP = 6


def aid_rects(with_hint: bool) -> dict[tuple[str, str], pygame.Rect]:
    """Undo (and Hint, where there is one: not in hotseat) in the row above the settings."""
    r = LAYOUT.aids
    if not with_hint:
        return {UNDO_KEY: pygame.Rect(r)}
    half = (r.w - GAP) // 2
    return {UNDO_KEY: pygame.Rect(r.x, r.y, half, r.h),
            HINT_KEY: pygame.Rect(r.x + half + GAP, r.y, r.w - half - GAP, r.h)}


def draw_aid_buttons(surface: pygame.Surface, buttons: list[tuple[str, pygame.Rect, bool, bool, bool]]) -> None:
    """(label, rect, enabled, hovered, focused) each; a disabled one is drawn faint but
    still answers a click (with why not)."""
    for label, r, enabled, hovered, focused in buttons:
        fill = theme.BUTTON_HOVER if hovered else theme.BUTTON
        pygame.draw.rect(surface, fill if enabled else theme.BUTTON_DISABLED, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if hovered and enabled else theme.BUTTON_EDGE, r, 1,
                         border_radius=6)
        if focused:
            pygame.draw.rect(surface, style.FOCUS, r.inflate(4, 4), 2, border_radius=7)
        ink = theme.TEXT if enabled else theme.TEXT_FAINT
        img = txt.text(fit(label, 13, r.w - 8), 13, ink)
        surface.blit(img, img.get_rect(center=r.center))


# ------------------------------------------------------------------ the hint on the board
def hint_rects(geo: Geometry, cmd: Command, prompt_rows: list[pygame.Rect] | None = None
               ) -> tuple[pygame.Rect | None, list[pygame.Rect]]:
    """Where the hinted command starts (its card) and what it points at (targets, a place,
    the phase bar or the action button)."""
    src = source_of(cmd)
    start = geo.rect_of(src) if src is not None else None
    ends: list[pygame.Rect] = []
    target = drop_target(cmd)
    if target is not None and not (isinstance(cmd, Activate) and cmd.targets):
        r = target_rect(geo, target)
        if r is not None:
            ends.append(r)
    if isinstance(cmd, Activate):
        for t in cmd.targets:
            r = geo.rect_of(t)
            if r is not None:
                ends.append(r)
    if isinstance(cmd, Pass):
        ends.append(LAYOUT.action)
    elif isinstance(cmd, (NextPhase, EndTurn)):
        key = "end" if isinstance(cmd, EndTurn) else NEXT.get(geo.board.phase.value, "")
        seg = dict(phase_segments(LAYOUT.phase_bar)).get(key)
        ends.append(seg if seg is not None else LAYOUT.action)
    if isinstance(cmd, Choose):
        r = geo.rect_of(cmd.option)
        if r is not None:
            ends.append(r)
        elif prompt_rows:
            ends.extend(prompt_rows)
    return start, ends


def hint_area(geo: Geometry, cmd: Command, prompt_rows: list[pygame.Rect] | None = None
              ) -> list[pygame.Rect]:
    """What the hint draws, as rects a toast keeps off (game.ui.placement): both ends with
    their rings, and the arrow's line as small squares along it (a diagonal's bounding box
    would rule out half the board)."""
    start, ends = hint_rects(geo, cmd, prompt_rows)
    area = [r.inflate(14, 14) for r in ([start] if start is not None else []) + ends]
    if start is not None:
        for end in ends:
            if end.colliderect(start):
                continue
            (x0, y0), (x1, y1) = start.center, end.center
            n = max(1, round(math.hypot(x1 - x0, y1 - y0) / 16))
            area += [pygame.Rect(0, 0, 24, 24).move(round(x0 + (x1 - x0) * k / n) - 12,
                                                     round(y0 + (y1 - y0) * k / n) - 12)
                     for k in range(n + 1)]
    return area


def draw_hint(surface: pygame.Surface, geo: Geometry, cmd: Command, clock: float,
              prompt_rows: list[pygame.Rect] | None = None) -> None:
    start, ends = hint_rects(geo, cmd, prompt_rows)
    pulse = motion.pulse(clock, 5.0, 0.2, 1.0)
    width = 3 + round(2 * pulse)
    for r in ([start] if start is not None else []) + ends:
        pygame.draw.rect(surface, (8, 20, 30), r.inflate(12, 12), width + 2, border_radius=10)
        pygame.draw.rect(surface, HINT, r.inflate(10, 10), width, border_radius=10)
    if start is not None:
        for end in ends:
            if end.colliderect(start):
                continue
            arrow(surface, start.center, end.center, HINT)


def arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
          colour: tuple[int, int, int]) -> None:
    """A thick arrow from the card to what it means, stopping short of the target's centre."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    dist = math.hypot(dx, dy)
    if dist < 40:
        return
    ux, uy = dx / dist, dy / dist
    tip = (end[0] - ux * 14, end[1] - uy * 14)
    base = (tip[0] - ux * 22, tip[1] - uy * 22)
    left = (base[0] - uy * 15, base[1] + ux * 15)
    right = (base[0] + uy * 15, base[1] - ux * 15)
    pygame.draw.line(surface, (8, 20, 30), start, base, 11)
    pygame.draw.line(surface, colour, start, base, 7)
    pygame.draw.polygon(surface, (8, 20, 30), [tip, left, right])
    pygame.draw.polygon(surface, colour, [(tip[0] - ux * 3, tip[1] - uy * 3),
                                          (left[0] + ux * 2, left[1] + uy * 2),
                                          (right[0] + ux * 2, right[1] + uy * 2)])
    pygame.draw.circle(surface, colour, (round(start[0]), round(start[1])), 7)


# ------------------------------------------------------------------ hotseat undo question
class CoverDialog(Dialog):
    """A question for the other person in hotseat: drawn over a covered board, so the
    asking player's hand is not shown to them."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((12, 14, 22))
        super().draw(surface)


def undo_question(asker: str, other: str, words: str, on_yes: Callable[[], None],
                  on_no: Callable[[], None]) -> CoverDialog:
    return CoverDialog(
        f"{other}: take back a move?",
        f"{asker} asks to take back their last decision ({words}) and everything after it. "
        f"{other}, do you agree? Undo in hotseat needs both players.",
        [DialogButton("Agree: undo", on_yes, "primary"), DialogButton("Refuse", on_no)],
        default=1, cancel=1, width=640)

