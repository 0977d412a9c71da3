"""Issue 38, the last polish on the duel screen in and out of How to play: the note under the
zoom laid out by measure (clear of the log and the coach box at 100 % and 130 % text), a
lesson's phase bar and big button lit only for the step's move, the note saying what to press
on a phase step, the hint's toast clear of the hint's arrow, and the Hint's "thinking..." toast
going once the threaded hint arrives or the position moves on."""

from __future__ import annotations

import time

import pygame
import pytest

from game.engine import EndTurn, NextPhase
from game.files import folders
from game.play import lessons as ls
from game.ui import look, theme
from game.ui.duel import panels
from game.ui.duel.hints import THINKING
from game.ui.duel.layout import LAYOUT
from game.ui.duel.zoom import IDLE_NOTE
from game.ui.lessons import LessonPlayScene
from tests.ui.drawn import drawn_text
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene
from tests.ui.events import click, feed, key, motion
from tests.ui.test_how_to_play import press, settle
from tests.ui.test_puzzles_scene import frames

ACCENT_FILL = (70, 56, 30)  # the big button's fill while it is the one to press


@pytest.fixture(autouse=True)
def standard_look():
    """Each test at its own text size; the next test at the standard look again."""
    look.reset()
    yield
    look.reset()


def _look(scale: int) -> None:
    settings = folders.Settings()
    settings.set("access", "text_scale", scale)
    look.apply(settings)


def _lesson(n: int) -> LessonPlayScene:
    """Lesson `n` (1-based) at its start, the learner to decide."""
    play = LessonPlayScene(ls.list_lessons(), n - 1, ls.load_progress(), threaded=False)
    settle(play)
    return play


def _idle(play: LessonPlayScene, window: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
    """One frame with the pointer on the coach box (no card shown large); the lines drawn."""
    feed(play, motion(play.coach_rect().center))
    with drawn_text() as seen:
        play.draw(window)
    return seen


# ------------------------------------------------------------- 1: the note by measure
@pytest.mark.parametrize("scale", (100, 130))
@pytest.mark.parametrize("n", range(1, 7))
def test_the_note_under_the_zoom_is_clear_of_the_log_and_the_coach(window, home, scale, n) -> None:
    _look(scale)
    play = _lesson(n)
    seen = _idle(play, window)
    note = play.duel.zoom.note_box()
    coach = play.coach_rect()
    log = play.duel.log.rect
    assert not note.colliderect(log) and not coach.colliderect(note) and not coach.colliderect(log)
    words = [(s, r) for s, r in seen if note.contains(r)]
    assert words, "the note's words are not inside its box"
    # every line of the note's words is drawn whole inside the box (none under the coach)
    said = " ".join(s for s, _ in words)
    shown = play.note() or IDLE_NOTE
    assert said.split() == shown.split()
    # the pixels: the log's title row starts after the note's box
    assert note.bottom + panels.ZOOM_GAP <= log.y


@pytest.mark.parametrize("scale", (100, 130))
def test_the_duel_screens_note_and_a_cards_terms_stay_above_the_log(window, home, scale) -> None:
    _look(scale)
    scene = duel_scene(seed=4, humans=(True, False))
    feed(scene, motion((LAYOUT.log.centerx, LAYOUT.log.bottom - 4)))
    scene.draw(window)
    note = scene.zoom.note_box()
    assert not note.colliderect(scene.log.rect)
    # a hand card hovered: its terms take room from the zoom, never the log's
    uid = scene.board.me.hand[0]
    feed(scene, motion(scene.geo.rect_of(uid).center))
    with drawn_text() as seen:
        scene.draw(window)
    box = scene.zoom.note_box()
    assert not box.colliderect(scene.log.rect)
    assert all(r.bottom <= box.bottom for s, r in seen if r.x == box.x + 8)


# --------------------------------------------------- 2 and 4: the step's button, its note
def _edge(window: pygame.Surface, r: pygame.Rect) -> tuple[int, int, int]:
    return tuple(window.get_at((r.centerx, r.y))[:3])


def test_a_phase_step_lights_only_its_button_and_the_note_says_press_it(window, home) -> None:
    play = _lesson(1)  # step 1: End on the phase bar
    seen = _idle(play, window)
    duel = play.duel
    assert isinstance(play.lit_move(), EndTurn)
    assert duel.hud.lit() == {"end"}
    segs = dict(panels.phase_segments(LAYOUT.phase_bar))
    assert _edge(window, segs["end"]) == theme.ACCENT
    assert _edge(window, segs["battle"]) != theme.ACCENT  # BP can be clicked, but drawn plain
    fill = tuple(window.get_at((LAYOUT.action.x + 30, LAYOUT.action.centery))[:3])
    assert fill != ACCENT_FILL and _edge(window, LAYOUT.action) != theme.ACCENT
    note = " ".join(s for s, r in seen if duel.zoom.note_box().contains(r))
    assert "Click End on the phase bar" in note and "PLAY" not in note
    # the learner clicks End: step 2 wants a card played, so no button is lit
    feed(play, *click(segs["end"].center))
    settle(play)
    assert play.step == 1
    seen = _idle(play, window)
    assert duel.hud.lit() == set()
    fill = tuple(window.get_at((LAYOUT.action.x + 30, LAYOUT.action.centery))[:3])
    assert fill != ACCENT_FILL and duel.input.action()[1] is not None  # it acts, drawn plain
    assert all(_edge(window, segs[k]) != theme.ACCENT for k in duel.input.phase_clicks())
    note = " ".join(s for s, r in seen if duel.zoom.note_box().contains(r))
    assert note.split() == IDLE_NOTE.split()  # the PLAY mark leads


def test_a_next_phase_step_lights_the_big_button_and_its_phase(window, home) -> None:
    play = _lesson(2)  # step 1: to the Battle Phase (BP or the Next: Battle button)
    seen = _idle(play, window)
    assert isinstance(play.lit_move(), NextPhase)
    assert play.duel.hud.lit() == {"battle", "action"}
    fill = tuple(window.get_at((LAYOUT.action.x + 30, LAYOUT.action.centery))[:3])
    assert fill == ACCENT_FILL
    note = " ".join(s for s, r in seen if play.duel.zoom.note_box().contains(r))
    assert "Press Next: Battle (or Space)" in note


def test_a_duel_lights_every_button_as_before(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    GestureDriver(scene, seed=4).settle()
    scene.draw(window)
    assert scene.hud.lit() is None
    if scene.input.action()[1] is not None:
        fill = tuple(window.get_at((LAYOUT.action.x + 30, LAYOUT.action.centery))[:3])
        assert fill == ACCENT_FILL


# ------------------------------------------------------------ 3: the toast off the arrow
def test_a_lessons_hint_toast_lies_clear_of_the_hint_arrow(window, home) -> None:
    play = _lesson(6)  # an arrow from the Extra Deck to a Phantom slot, across the middle
    feed(play, key(pygame.K_F1))
    press(play, "Back to the lesson")
    play.draw(window)
    area = play.duel.hints.area()
    assert len(area) > 3  # both ends and the line between them
    toast = play.duel.toast
    assert toast.visible and toast.message.startswith("Hint: ")
    assert toast.box().collidelist(area) == -1
    assert toast.box().collidelist(list(play.duel.hooks.keep_clear)) == -1  # nor the banner


# ------------------------------------------------------------- 7: "thinking..." goes
def _threaded_hint_scene():
    from tests.ui.test_player_aids import _summon_ready, _until

    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    scene.session.threaded = True  # the hint's worker thinks in its own thread, as in play
    return scene, driver


def _until_answered(scene, window: pygame.Surface, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while scene.hints.asking is not None:
        assert time.monotonic() < deadline, "the hint's worker never answered"
        scene.update(1 / 60)
        scene.draw(window)
        time.sleep(0.005)


def test_thinking_goes_once_the_threaded_hint_arrives(window) -> None:
    scene, _driver = _threaded_hint_scene()
    feed(scene, key(pygame.K_h))
    assert scene.hints.asking is not None and scene.toast.message == THINKING
    _until_answered(scene, window)
    assert scene.hints.hint is not None
    assert scene.toast.visible and scene.toast.message == "Hint: " + scene.hints.hint.words
    assert scene.toast.box().collidelist(scene.hints.area()) == -1  # clear of its arrow


def test_thinking_goes_when_the_position_moves_on_first(window) -> None:
    scene, driver = _threaded_hint_scene()
    feed(scene, key(pygame.K_h))
    assert scene.toast.message == THINKING
    sent = len(scene.session.history)
    summon = next(c for c in scene.gest.legal if c.__class__.__name__ == "Summon")
    driver.perform(summon)  # played before the hint came: the hint is for another position
    assert len(scene.session.history) > sent
    _until_answered(scene, window)
    frames(scene, 2)
    assert scene.hints.hint is None
    assert not (scene.toast.visible and scene.toast.message == THINKING)


# ------------------------------------------------------- 5: the deck builder at 130 %
@pytest.mark.parametrize("scale", (100, 115, 130))
def test_the_deck_builders_menu_labels_keep_clear_of_their_arrows(window, home, scale) -> None:
    from game.ui.deckbuilder import layout as L
    from game.ui.deckbuilder.scene import DeckBuilderScene
    from tests.kit import base_pool

    _look(scale)
    from tests.ui.drawn import SpySurface, named_text

    scene = DeckBuilderScene(base_pool(), open_last=False)
    scene.draw(window)
    bar = sorted(L.top_buttons().values(), key=lambda r: r.x)
    assert all(a.right < b.x for a, b in zip(bar, bar[1:], strict=False))  # none overlap
    assert bar[0].x > 16 and bar[-1].right <= L.W - L.MARGIN
    for menu in (scene.import_menu, scene.export_menu, scene.open_menu, scene.deck_menu):
        canvas = SpySurface(window.get_size())
        with named_text(canvas):
            menu.draw(canvas)
        label = [(s, r) for s, r in canvas.placed if s is not None]
        assert [s for s, _ in label] == [menu.label]  # whole, never cut
        assert label[0][1].right + 6 <= menu.arrow_rect().x, (scale, menu.label)


def test_the_deck_builders_toast_keeps_off_the_grids_cards(window, home) -> None:
    from game.ui.deckbuilder import layout as L
    from game.ui.deckbuilder.scene import DeckBuilderScene
    from tests.kit import base_pool
    from tests.ui.events import drag

    _look(130)
    scene = DeckBuilderScene(base_pool(), open_last=False)
    scene.draw(window)
    for _ in range(4):  # a fourth copy: refused in words
        feed(scene, *drag(scene.grid.screen_rect(0).center, L.MAIN.center))
    scene.draw(window)
    toast = scene.toast
    assert toast.visible and toast.kind == "error"
    grid = scene.grid
    cards = [grid.screen_rect(i).clip(grid.view) for i in grid.visible_range()]
    assert toast.box().collidelist([r for r in cards if r.w and r.h]) == -1
    assert L.BROWSER.contains(toast.box())


# ------------------------------------------- 6: the result screen's Watch, with its tooltip
def test_the_result_snapshot_offers_watch_and_its_tooltip_keeps_off_the_key_hints(window, home) -> None:
    import argparse

    from game.ui import snapshots
    from tests.ui.drawn import SpySurface, named_text

    scene = snapshots.SNAPSHOT_SCENES["result_watch"](argparse.Namespace(
        deck=None, mode=None, scenario=None, seat=None))
    watch = scene.watch
    assert watch is not None and watch.enabled and watch.label == "Watch replay"
    feed(scene, motion(watch.rect.center))
    frames(scene, 90)  # the pointer rests on the button: its tooltip shows
    canvas = SpySurface(window.get_size())
    with named_text(canvas):
        scene.draw(canvas)
    tip = [r for s, r in canvas.placed if s == "Watch this duel again, move by move"]
    keys = [r for s, r in canvas.placed if s is not None and s.startswith("Tab moves")]
    assert tip and keys, "the tooltip or the key hints were not drawn"
    assert not tip[0].colliderect(keys[0])  # next to the pointer, off the key hints
    assert window.get_rect().contains(tip[0])


@pytest.mark.parametrize("scale", (100, 130))
def test_while_the_opponent_plays_the_coach_says_the_step_comes_after(window, home, scale) -> None:
    """Lesson 1: End played, the next step's words show at once; while the scripted
    opponent plays its turn, the coach box says they are for after it (the audit saw step 2
    shown during Player 2's turn as if it were the learner's move now)."""
    from game.ui.lessons import WAIT_WORDS

    _look(scale)
    play = _lesson(1)
    feed(play, motion(play.coach_rect().center))
    play.draw(window)
    feed(play, *click(dict(panels.phase_segments(LAYOUT.phase_bar))["end"].center))
    assert play.step == 1 and play.waiting()
    assert " ".join(play.coach_wait()) == WAIT_WORDS
    play.draw(window)
    assert not play.coach_rect().colliderect(play.duel.zoom.note_box())
    settle(play)  # the learner's turn again: the words stand alone
    assert not play.waiting() and play.coach_wait() == []
