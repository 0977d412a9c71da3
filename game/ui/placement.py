"""Where a popup goes: the one placement rule for every box that stands over a screen (a
tooltip, a toast, a drop-down list, a zoom, a menu).

A box is tried at a few places in the order its owner prefers (below the pointer, then
above it, ...); each is first kept inside the bounds (the window), and the first that covers
none of the rects to avoid (the text or buttons it must not hide) wins, else the one that
covers least. No pygame display needed: rects in, a rect out.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def covered(box: pygame.Rect, avoid: Sequence[pygame.Rect]) -> int:
    """How many pixels of `avoid` the box hides (overlaps counted per rect)."""
    total = 0
    for r in avoid:
        c = box.clip(r)
        total += c.w * c.h
    return total


def place(size: tuple[int, int], tries: Sequence[tuple[int, int]], bounds: pygame.Rect,
          avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A box of `size` at the first of `tries` (top-left corners, preferred first) that,
    kept inside `bounds`, covers none of `avoid`; else the one covering least (the first of
    equals). Never outside `bounds` (a box larger than them is pinned to their top-left)."""
    best: pygame.Rect | None = None
    least = -1
    for at in tries or [bounds.topleft]:
        box = pygame.Rect(at, size).clamp(bounds)
        area = covered(box, avoid)
        if best is None or area < least:
            best, least = box, area
        if area == 0:
            break
    assert best is not None
    return best


def around(anchor: pygame.Rect, size: tuple[int, int], gap: int = 4) -> list[tuple[int, int]]:
    """The usual places for a box beside `anchor` (a button, a card, the pointer's spot), in
    order: below it (left edges lined up), above it, then right-aligned below and above,
    then to its right and its left."""
    w, h = size
    return [(anchor.x, anchor.bottom + gap), (anchor.x, anchor.y - gap - h),
            (anchor.right - w, anchor.bottom + gap), (anchor.right - w, anchor.y - gap - h),
            (anchor.right + gap, anchor.y), (anchor.x - gap - w, anchor.y)]


def near_pointer(pos: tuple[int, int], size: tuple[int, int]) -> list[tuple[int, int]]:
    """The places for a tooltip at the pointer: below-right of it (clear of the arrow), then
    above-right, below-left and above-left."""
    x, y = pos
    w, h = size
    return [(x + 16, y + 20), (x + 16, y - 8 - h), (x - 16 - w, y + 20), (x - 16 - w, y - 8 - h)]
