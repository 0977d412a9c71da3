"""Every card name under the deck builder's grid faces reads whole, at every text size.

Issue 38 audit, item 22: at 130 % the first column's names were cut at the grid's left edge
("shen Overlord", "lazing Chimera"): they were centred on the cell but as wide as the cell
and half the gaps, so they ran past the view. Drawn here through the real scene, scrolled
over every row; each name's drawn lines are recorded with their rects.
"""

from __future__ import annotations

import pytest

from game.cards import load_card_set
from game.ui import fonts, theme
from game.ui import text as txt
from game.ui.deckbuilder import panels
from game.ui.deckbuilder.scene import DeckBuilderScene
from tests.ui.events import settle

POOL = load_card_set()


@pytest.mark.parametrize("percent", [100, 115, 130])
def test_every_card_name_in_the_grid_is_whole_and_inside_the_view(window, monkeypatch, percent) -> None:
    txt.set_scale(percent)
    txt.clear()
    try:
        scene = DeckBuilderScene(POOL, open_last=False)
        settle(scene, 5, window)
        grid = scene.grid
        drawn: dict[str, list[tuple[str, object]]] = {}
        now: list[str] = []
        cells: dict[str, object] = {}
        real_cell, real_blit = panels.grid_cell, panels.txt.blit_text

        def cell(surface, cdef, rect, *args):
            now[:] = [cdef.name]
            cells[cdef.name] = rect
            drawn[cdef.name] = []
            real_cell(surface, cdef, rect, *args)
            now.clear()

        def blit(surface, s, px, *args, **kwargs):
            r = real_blit(surface, s, px, *args, **kwargs)
            if now and s != "" and not s.isdigit():  # the name's lines, not the copies badge
                drawn[now[0]].append((s, r, txt.font(txt.drawn_px(s, px)).get_height()))
            return r

        monkeypatch.setattr(panels, "grid_cell", cell)
        monkeypatch.setattr(panels.txt, "blit_text", blit)
        step = grid.cell_size[1] + grid.gap
        offset = 0.0
        while True:
            grid.scroll_to(offset, smooth=False)
            scene.draw(window)
            if offset >= grid.max_offset:
                break
            offset = min(grid.max_offset, offset + step)
        names = [c.name for c in grid.items]
        assert set(drawn) == set(names), set(names) - set(drawn)
        for name in names:
            lines = drawn[name]
            assert 1 <= len(lines) <= 2, (name, lines)
            assert " ".join(s for s, _r, _h in lines) == name, (name, lines)  # whole, no ellipsis
            for _s, r, h in lines:
                assert grid.view.left <= r.left and r.right <= grid.view.right, (name, r, grid.view)
                assert cells[name].top <= r.top and r.bottom <= cells[name].bottom + 1, (name, r)
                assert h >= fonts.font(theme.MIN_TEXT).get_height()  # never below the floor
    finally:
        txt.set_scale(100)
        txt.clear()


def test_a_name_too_wide_for_one_line_takes_two_centred_in_the_cell() -> None:
    """The first column's room is centred on its cell and inside the view; a long name
    splits between words."""
    import pygame

    view = pygame.Rect(16, 100, 650, 500)
    first = pygame.Rect(16, 100, 100, 160)
    inner = pygame.Rect(126, 100, 100, 160)
    assert panels.caption_room(first, view) == 100
    assert panels.caption_room(inner, view) == 108
    txt.set_scale(100)
    assert panels.caption_lines("Crossroads Market", 100) == ["Crossroads", "Market"]
    assert panels.caption_lines("Ash Hurler", 100) == ["Ash Hurler"]
