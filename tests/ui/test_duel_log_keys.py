"""The duel log by keyboard: a click on a line gives the log the focus, Up/Down then pick the
line above or below (scrolled into view) and show its card in the zoom, like a click; Esc,
Tab or a click elsewhere give the keys back to the board."""

from __future__ import annotations

import pygame

from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene
from tests.ui.events import click, feed, key, motion, wheel


def _scene_with_a_long_log(window):
    scene = duel_scene(seed=7, humans=(True, False), first=0)
    driver = GestureDriver(scene, seed=7)
    for _ in range(200):
        if len(scene.log.rows) > scene.log.visible_rows + 10 or scene.session.duel.over:
            break
        driver.step()
        scene.update(1 / 60)
    scene.update(1 / 60)
    scene.draw(window)
    assert len(scene.log.rows) > scene.log.visible_rows
    return scene


def _row_centre(scene, index: int) -> tuple[int, int]:
    log = scene.log
    for y in range(log.rect.y + 28, log.rect.bottom - 4, 2):
        if log.entry_at((log.rect.centerx, y)) == index:
            return (log.rect.centerx, y + 2)
    raise AssertionError(f"entry {index} is not on screen")


def test_up_down_pick_log_lines_and_show_their_cards(window) -> None:
    scene = _scene_with_a_long_log(window)
    log = scene.log
    entries = log.entries
    with_card = [i for i, e in enumerate(entries) if e.card_id is not None]
    newest = with_card[-1]
    feed(scene, *click(_row_centre(scene, newest)))
    assert log.focused and log.selected == newest and scene.zoom.pin == entries[newest].card_id
    focus_before = scene.input.focus
    steps = 0
    while log.selected is not None and log.selected > with_card[0] and steps < 400:
        feed(scene, key(pygame.K_UP))
        steps += 1
        assert scene.zoom.pin == entries[log.selected].card_id  # the zoom follows, like a click
        assert scene.input.focus == focus_before  # the board's focus did not move
        scene.draw(window)
        assert _row_centre(scene, log.selected)  # scrolled into view
    assert log.selected == with_card[0] and log.scroll > 0
    feed(scene, key(pygame.K_DOWN))
    assert log.selected == with_card[0] + 1
    feed(scene, key(pygame.K_END))
    assert log.selected == len(entries) - 1
    assert _row_centre(scene, log.selected)
    # Esc gives the focus back (it does not ask to leave the duel)
    feed(scene, key(pygame.K_ESCAPE))
    assert not log.focused and scene.dialog is None
    feed(scene, key(pygame.K_DOWN))  # now the board's keys
    assert log.selected == len(entries) - 1 and scene.input.focus is not None


def test_a_click_elsewhere_or_tab_gives_the_keys_back(window) -> None:
    scene = _scene_with_a_long_log(window)
    log = scene.log
    i = log.rows[-1][0]
    feed(scene, *click(_row_centre(scene, i)))
    assert log.focused
    feed(scene, *click((640, 10)))  # the opponent's hand strip: not the log
    assert not log.focused
    feed(scene, *click(_row_centre(scene, i)))
    assert log.focused
    feed(scene, key(pygame.K_TAB))
    assert not log.focused and scene.input.focus is not None


def test_tab_reaches_the_log_and_tab_again_leaves_it(window) -> None:
    """Issue 22 edge 12: the log was entered only by a click."""
    scene = _scene_with_a_long_log(window)
    log = scene.log
    for _ in range(200):
        feed(scene, key(pygame.K_TAB))
        if log.focused:
            break
    assert log.focused and log.selected == len(log.entries) - 1
    feed(scene, key(pygame.K_UP))
    assert log.selected == len(log.entries) - 2
    assert scene.zoom.pin == log.entries[log.selected].card_id
    feed(scene, key(pygame.K_TAB))
    assert not log.focused and scene.input.focus not in (None, ("log",))


# ---------------------------------------------------------------- issue 38 item 5
def test_a_wheel_click_scrolls_several_rows(window) -> None:
    """Before: 3 rows a click, a long duel's log about 90 clicks deep."""
    scene = _scene_with_a_long_log(window)
    feed(scene, motion(scene.log.rect.center), wheel(1))
    assert scene.log.scroll >= 6


def test_home_and_end_work_with_the_pointer_over_the_log_without_a_click(window) -> None:
    """Before: End did nothing until a log row had been clicked."""
    scene = _scene_with_a_long_log(window)
    log = scene.log
    feed(scene, motion(log.rect.center))
    assert not log.focused
    feed(scene, key(pygame.K_HOME))
    assert log.scroll == len(log.rows) - log.visible_rows > 0
    feed(scene, key(pygame.K_END))
    assert log.scroll == 0
    feed(scene, motion((640, 360)), key(pygame.K_HOME))  # the pointer off the log: the board's key
    assert log.scroll == 0


def test_the_newer_rows_note_jumps_down_when_clicked(window) -> None:
    """Before: clicking "182/248 newer rows" did nothing."""
    scene = _scene_with_a_long_log(window)
    log = scene.log
    feed(scene, motion(log.rect.center), wheel(2))
    assert log.scroll > 0
    scene.draw(window)
    assert log.note_rect is not None
    feed(scene, *click(log.note_rect.center))
    assert log.scroll == 0 and not log.focused


def test_the_log_follows_new_rows_unless_the_reader_is_reading(window) -> None:
    """Before: once scrolled up the log stayed there for the rest of the duel."""
    from game.ui.duel.panels import FOLLOW_AFTER

    scene = _scene_with_a_long_log(window)
    log = scene.log
    feed(scene, motion(log.rect.center), wheel(2))
    up = log.scroll
    for _ in range(int(FOLLOW_AFTER * 2 * 10)):  # the pointer rests on the log: reading
        scene.update(0.1)
    assert log.scroll >= up
    feed(scene, motion((640, 360)))  # the reader looks away
    for _ in range(int(FOLLOW_AFTER * 10) + 5):
        scene.update(0.1)
    assert log.scroll == 0


def test_a_jargon_row_explains_its_word_on_hover(window) -> None:
    from game.play.glossary import GLOSSARY

    scene = _scene_with_a_long_log(window)
    log = scene.log
    log.entries[-1].term = "Line"  # whichever row is newest: the hover shows its word
    pos = _row_centre(scene, len(log.entries) - 1)
    assert log.tip_at(pos) == f"Line: {GLOSSARY['Line']}"
    feed(scene, motion(pos))
    scene.draw(window)


def test_the_log_calls_the_seat_at_the_screen_you_in_hotseat() -> None:
    """Decided in issue 38: in hotseat the seat at the screen reads the log as "you"."""
    scene = duel_scene(seed=7, humans=(True, True), first=0)
    assert scene.describer.you == scene.shown
    versus = duel_scene(seed=7, humans=(True, False), first=0)
    assert versus.describer.you == 0
