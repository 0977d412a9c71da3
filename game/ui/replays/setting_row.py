"""The replay viewer's settings row: Speed and View side by side, each label whole.

A long player name ("Puzzle opponent (script)") does not fit the View button beside Speed
at any text size, and a cut name ("View: Puzzle oppon…") tells nothing. So the row is
worked out from the labels: each button takes what its label needs at the label size, then
at the legibility floor (theme.MIN_TEXT) where the row is too narrow, and where even that
does not hold the whole name the View button says the player's short name
(`shown.short_name`: "View: Puzzle opponent"). A label is cut only when none of that fits
(no name the game gives does; tests/ui/test_replays_scene.py pins it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import text as txt
from game.ui import theme
from game.ui.widgets.button import LABEL_PAD

PX = 14  # the buttons' label size
GAP = 6


@dataclass(frozen=True)
class SettingRow:
    speed: pygame.Rect
    speed_px: float
    view: pygame.Rect
    view_label: str
    view_px: float


def floor_px() -> float:
    """The asked size that draws at the legibility floor at the current text size."""
    return theme.MIN_TEXT / txt.scale()


def _w(s: str, px: float) -> int:
    return txt.font(px, True).size(s)[0]


def setting_row(row: pygame.Rect, speed_labels: Sequence[str], view_labels: Sequence[str]) -> SettingRow:
    """Speed (wide enough for its widest label) and View (the first of `view_labels`, the
    preferred first, that fits whole) sharing `row`: label size first, then the floor."""
    sizes = (PX, floor_px()) if floor_px() < PX else (PX,)
    half = (row.w - GAP) // 2
    for label in view_labels:
        for speed_px in sizes:
            speed_need = max(_w(s, speed_px) for s in speed_labels) + LABEL_PAD
            for view_px in sizes:
                view_need = _w(label, view_px) + LABEL_PAD
                if speed_need + GAP + view_need <= row.w:
                    speed_w = max(speed_need, min(half, row.w - GAP - view_need))
                    return _row(row, speed_w, speed_px, label, view_px)
    # nothing fits whole (no name the game gives): the last label, cut by the button
    speed_w = max(_w(s, sizes[-1]) for s in speed_labels) + LABEL_PAD
    return _row(row, min(speed_w, half), sizes[-1], view_labels[-1], sizes[-1])


def _row(row: pygame.Rect, speed_w: int, speed_px: float, label: str, view_px: float) -> SettingRow:
    speed = pygame.Rect(row.x, row.y, speed_w, row.h)
    view = pygame.Rect(speed.right + GAP, row.y, row.right - speed.right - GAP, row.h)
    return SettingRow(speed, speed_px, view, label, view_px)
