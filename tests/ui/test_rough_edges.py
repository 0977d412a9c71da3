"""Issue 22's rough edges found in play, each pinned through the real screens."""

from __future__ import annotations

import pygame

from game.ui.duel.panels import scroll_note
from game.ui.duel.pause import PauseMenu
from tests.ui.drawn import strings
from tests.ui.events import feed, key, motion, settle, wheel
from tests.ui.test_pause_menu import flow, play_a_little, press


def test_15_the_log_scroll_note_points_down_to_the_newer_rows() -> None:
    assert scroll_note(90) == "90 newer rows \u2193" and scroll_note(1) == "1 newer row \u2193"


def test_20_a_single_duel_versus_the_computer_pauses_as_the_duel_and_concedes_plainly(window) -> None:
    scene = flow("versus_ai").first_scene()
    feed(scene, key(pygame.K_ESCAPE))
    assert isinstance(scene.dialog, PauseMenu)
    drawn = strings(scene, window)
    assert "The duel waits until you resume." in drawn, drawn
    assert "Concede\u2026" in [b.label for b in scene.dialog.buttons]
    assert not any("Duel 1" in s for s in drawn)


def test_22_and_21_a_best_of_3_shows_the_duel_and_score_and_ends_in_plain_words(window) -> None:
    f = flow("versus_ai", best_of=3)
    scene = f.first_scene()
    settle(scene, 5)
    assert "Duel 1 \u00b7 0\u20130" in strings(scene, window)
    f.match.results.extend([1, 1])  # as if AI had won two duels: the match is over
    assert f.last_duel_words(1) == "AI (Easy) won duel 2."
    assert f.score_note() == "Duel 3 \u00b7 0\u20132"


def test_27_paying_sp_says_what_is_left() -> None:
    from game.engine import events as ev
    from game.ui.duel.log import Describer
    from tests.kit import base_pool

    d = Describer(base_pool(), lambda s: ("Player 1", "AI")[s])
    assert d(ev.SpChanged(0, 4, 2, "summon")).text == "Player 1 pays 2 SP (2 SP left)."


def test_29_a_concede_with_the_log_scrolled_up_shows_the_end_on_the_board(window) -> None:
    scene = flow("versus_ai").first_scene()
    play_a_little(scene, 6)
    feed(scene, motion(scene.log.rect.center), wheel(3), wheel(3))
    assert scene.log.scroll > 0
    feed(scene, key(pygame.K_ESCAPE))
    press(scene, scene.dialog, "Concede")
    press(scene, scene.dialog, "Concede")
    settle(scene, 60)
    assert scene.session.over and scene.log.scroll == 0
    drawn = strings(scene, window)
    assert any(s.startswith("Duel over") and "AI (Easy) wins" in s for s in drawn), drawn


def test_04_a_default_name_is_selected_so_typing_replaces_it_and_ctrl_a_selects_all(window) -> None:
    from game.ui.widgets import TextField, WidgetGroup, prompt
    from tests.ui.events import click, text

    got = []
    ask = prompt("Save deck", "A name:", "New deck", lambda v: got.append(v))
    feed(ask, text("My Ember"))
    assert ask.field.value == "My Ember"
    ctrl = pygame.KMOD_CTRL
    f = TextField((10, 10, 300, 40))
    g = WidgetGroup([f])
    feed(g, *click((50, 30)), text("hello world"))
    assert f.selection == (11, 11)
    feed(g, key(pygame.K_a, ctrl))
    assert f.selection == (0, 11)
    g.draw(window)  # the selection is drawn under the text
    feed(g, text("x"))
    assert f.value == "x"
    feed(g, text("yz"), key(pygame.K_LEFT, pygame.KMOD_SHIFT), key(pygame.K_LEFT, pygame.KMOD_SHIFT),
         key(pygame.K_BACKSPACE))
    assert f.value == "x"
    other = TextField((10, 60, 300, 40), "Ember")
    g.add(other)
    feed(g, key(pygame.K_TAB))  # focus gained by Tab: the whole text is selected
    assert g.focus is other and other.selection == (0, 5)
