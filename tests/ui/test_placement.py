"""One placement rule for popups (game/ui/placement.py), and the popups that use it: the
deck builder's drop-down lists, the test hand's zoom, tooltips off what they must not hide,
the duel screen's toasts off a puzzle's banner, the match's score and the opponent's back
row (issue 38, item 25)."""

from __future__ import annotations

import argparse

import pygame

from game.ui import placement
from game.ui.widgets.tooltip import draw_tooltip, pointer_rect

WINDOW = pygame.Rect(0, 0, 1280, 720)


def test_place_keeps_inside_and_takes_the_first_clear_place() -> None:
    box = placement.place((200, 100), [(1200, 680)], WINDOW)
    assert WINDOW.contains(box) and box.size == (200, 100)
    wall = pygame.Rect(0, 0, 1280, 300)
    box = placement.place((200, 100), [(10, 10), (10, 400), (10, 600)], WINDOW, [wall])
    assert box.topleft == (10, 400)  # the first clear one, not a later one
    both = [pygame.Rect(0, 0, 1280, 360), pygame.Rect(0, 380, 1280, 340)]
    box = placement.place((100, 40), [(0, 0), (0, 350)], WINDOW, both)
    assert box.topleft == (0, 350)  # none is clear: the one covering least
    assert placement.covered(box, both) == min(placement.covered(pygame.Rect(p, (100, 40)), both)
                                               for p in [(0, 0), (0, 350)])


def test_a_tooltip_never_hides_the_pointer_or_what_it_must_avoid(window) -> None:
    keys = pygame.Rect(300, 660, 680, 20)  # a key-hint line along the bottom
    for pos in [(5, 5), (1275, 715), (640, 650), (1270, 300), (640, 360)]:
        box = draw_tooltip(window, "Watch this duel again, move by move", pos, avoid=[keys])
        assert WINDOW.contains(box)
        assert not box.colliderect(pointer_rect(pos)), pos
        if pos[1] < 700:
            assert not box.colliderect(keys), (pos, box)


def test_the_puzzles_and_result_tooltips_stay_off_their_key_hints(window, home) -> None:
    from game.ui import snapshots
    from tests.ui.drawn import SpySurface
    from tests.ui.events import feed, motion

    opts = argparse.Namespace(deck=None, mode="hotseat", type_text=None, scenario=None, seat=None)
    for name, button in (("puzzles", "play_button"), ("result", "watch")):
        scene = snapshots.SNAPSHOT_SCENES[name](opts)
        widget = getattr(scene, button) or scene.buttons[-1]  # a result between duels: no Watch
        tip = widget.tooltip or "Watch this duel again, move by move"
        at = (widget.rect.right - 6, widget.rect.bottom - 6)
        feed(scene, motion(at))
        for _ in range(60):
            scene.update(1 / 60)
        canvas = SpySurface((1280, 720))
        scene.draw(canvas)
        keep = scene.group.keep_clear
        assert keep, name
        box = draw_tooltip(pygame.Surface((1280, 720)), tip, at,
                           avoid=[widget.rect, *keep])
        assert not any(box.colliderect(k) for k in keep), (name, box, keep)
        assert not box.colliderect(widget.rect)


def test_the_export_list_opens_inside_the_window(window, home) -> None:
    from game.cards import load_card_set
    from game.ui.deckbuilder.scene import DeckBuilderScene

    scene = DeckBuilderScene(load_card_set(), open_last=False)
    for menu in (scene.export_menu, scene.import_menu, scene.open_menu):
        r = menu.list_rect()
        assert WINDOW.contains(r), (menu.rect, r)
        assert r.y >= menu.rect.bottom or r.bottom <= menu.rect.y  # beside its box, not over it
        assert r.x == menu.rect.x or r.right == menu.rect.right


def test_the_test_hand_zoom_stays_off_the_toolbar(window) -> None:
    from game.ui.deckbuilder import layout as L
    from game.ui.deckbuilder.testhand import PANEL, zoom_rect

    size = (L.ZOOM_W, round(L.ZOOM_W * 1.4))
    w, h = L.HAND_FACE_W, round(L.HAND_FACE_W * 1.4)
    for x in range(PANEL.x + 30, PANEL.right - 30 - w, 40):
        card = pygame.Rect(x, PANEL.y + 84, w, h)
        z = zoom_rect(card, size)
        assert WINDOW.contains(z) and z.y >= L.TOP_H and not z.colliderect(card), (card, z)


def test_a_top_toast_stays_off_the_puzzle_banner_and_the_back_row(window, home) -> None:
    from game.engine import Zone
    from game.play import puzzles as pz
    from game.ui.duel.layout import LAYOUT
    from game.ui.puzzle_play import BANNER, PuzzlePlayScene

    puzzle = pz.load_puzzle(sorted(pz.SHIPPED_DIR.glob("*.yaml"))[0])
    play = PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False, speed="instant")
    for _ in range(5):
        play.update(1 / 60)
    duel = play.duel
    back_row = [LAYOUT.slot(1, Zone.BACK, i).inflate(0, -8) for i in range(3)]
    for words in ("Pick a Phantom to attack",
                  "Choose where to Summon it: one of your free Phantom slots, or drag it onto "
                  "the slot you want; Esc puts it back in your hand and nothing is spent"):
        duel.say(words, "info", over_far_hand=True)
        play.draw(window)
        box = duel.toast.box()
        assert WINDOW.contains(box)
        assert not box.colliderect(BANNER), (words, box)
        assert not any(box.colliderect(r) for r in back_row), (words, box)
        assert not any(box.colliderect(r) for r in duel.hud.keep_clear())
