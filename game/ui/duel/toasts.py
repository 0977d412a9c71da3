"""Where the duel screen's toast goes: never over the card a prompt is about, nor over
what the screen keeps clear (the Menu button and the match's score, a puzzle's banner, the
hint's rings and arrow), and, where a place allows, not over the opponent's back row (under
a toast said over the far hand).

A toast is said at one place (the middle line, or over the far hand for an instruction);
while it shows, the prompt may come to be about a card under it (the attacker whose ATK the
answering player must read). Each frame the toast keeps its place if it covers none of those
rects, else takes the first of the other places that covers none (else the one covering
least), so the words and the card are both readable: game.ui.placement's one rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import placement
from game.ui.widgets.toast import Toast


def place_toast(toast: Toast, avoid: Sequence[pygame.Rect], places: Sequence[tuple[int, int]],
                rather: Sequence[pygame.Rect] = ()) -> None:
    """Move `toast` (if it shows) off every rect of `avoid`, trying its own place, then
    `places` (centres), each kept inside the toast's bounds; among the places clear of
    `avoid`, one clear of `rather` too (what it had better not cover: the far back row) is
    taken first, else the one covering least of it."""
    if not toast.visible or not (avoid or rather):
        return
    w, h = toast.box().size
    bounds = toast.bounds if toast.bounds is not None else pygame.Rect(-10**6, -10**6, 2 * 10**6, 2 * 10**6)
    tries = [(x - w // 2, y - h // 2) for x, y in (toast.centre, *places)]
    clear = [at for at in tries if not placement.covered(pygame.Rect(at, (w, h)).clamp(bounds), avoid)]
    if clear:
        toast.centre = placement.place((w, h), clear, bounds, rather).center
    else:
        toast.centre = placement.place((w, h), tries, bounds, [*avoid, *rather]).center
