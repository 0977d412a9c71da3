"""Where the duel screen's toast goes: never over the card a prompt is about.

A toast is said at one place (the middle line, or over the far hand for an instruction);
while it shows, the prompt may come to be about a card under it (the attacker whose ATK the
answering player must read). Each frame the toast keeps its place if it covers none of those
cards, else takes the first of the other places that covers none (else the one covering
least), so the words and the card are both readable.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.widgets.toast import Toast


def place_toast(toast: Toast, avoid: Sequence[pygame.Rect], places: Sequence[tuple[int, int]]) -> None:
    """Move `toast` (if it shows) off every rect of `avoid`, trying its own place, then `places`."""
    if not toast.visible or not avoid:
        return

    def covered(centre: tuple[int, int]) -> int:
        toast.centre = centre
        box = toast.box()
        return sum(box.clip(r).w * box.clip(r).h for r in avoid)

    own = toast.centre
    best, least = own, covered(own)
    for centre in places:
        if least == 0:
            break
        area = covered(centre)
        if area < least:
            best, least = centre, area
    toast.centre = best
