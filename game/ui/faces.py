"""Card faces ready to blit: drawn once per (card, width), converted for fast blitting.

Drawing a face takes a millisecond or more, so a screen never draws one inside a frame it
can avoid: `warm` draws the faces a grid will need a few at a time within a time budget
(called from `update`), and `face` draws on demand only what was not warmed yet. Large
faces (the hover zoom) are kept in a small LRU so a long browse does not hold every zoom.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Iterable

import pygame

from game.engine.carddefs import CardDef
from game.ui import look
from game.ui.card_face import render_card_back, render_card_face

LARGE = 200  # faces at least this wide go to the LRU
LARGE_KEEP = 24


def _ready(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


class FaceStore:
    def __init__(self) -> None:
        self._small: dict[tuple[str, int], pygame.Surface] = {}
        self._large: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
        self._backs: dict[int, pygame.Surface] = {}
        self._dim: dict[tuple[str, int], pygame.Surface] = {}
        self._gen = look.generation

    def _fresh(self) -> None:
        """Forget every face drawn under another look (Settings changed the frames)."""
        if self._gen != look.generation:
            self._gen = look.generation
            self._small.clear()
            self._large.clear()
            self._backs.clear()
            self._dim.clear()

    def has(self, card_id: str, width: int) -> bool:
        self._fresh()
        key = (card_id, width)
        return key in self._small or key in self._large

    def face(self, cdef: CardDef, width: int) -> pygame.Surface:
        self._fresh()
        key = (cdef.id, width)
        if width >= LARGE:
            surf = self._large.get(key)
            if surf is None:
                surf = self._large[key] = _ready(render_card_face(cdef, width))
                while len(self._large) > LARGE_KEEP:
                    self._large.popitem(last=False)
            else:
                self._large.move_to_end(key)
            return surf
        surf = self._small.get(key)
        if surf is None:
            surf = self._small[key] = _ready(render_card_face(cdef, width))
        return surf

    def ghost(self, cdef: CardDef, width: int, alpha: int = 190) -> pygame.Surface:
        """A see-through copy of the face, for a card being dragged."""
        key = (cdef.id, width)
        surf = self._dim.get(key)
        if surf is None:
            surf = self.face(cdef, width).copy()
            surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            self._dim = {key: surf}  # only one card is dragged at a time
        return surf

    def back(self, width: int) -> pygame.Surface:
        surf = self._backs.get(width)
        if surf is None:
            surf = self._backs[width] = _ready(render_card_back(width))
        return surf

    def warm(self, cards: Iterable[CardDef], width: int, budget_s: float = 0.004) -> bool:
        """Draw missing faces until `budget_s` is spent; True when all are drawn."""
        start = time.perf_counter()
        for cdef in cards:
            if (cdef.id, width) in self._small:
                continue
            if time.perf_counter() - start > budget_s:
                return False
            self.face(cdef, width)
        return True
