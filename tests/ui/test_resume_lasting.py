"""Save and leave, then Continue, after a card changed (issue 19): the duel comes back on the
card data it was started with, and its screen says so once."""

from __future__ import annotations

import pygame

from game.decks.deck import load_deck
from game.engine import state_hash
from game.play import suspend
from game.play.duel_setup import DuelSetup
from game.ui.duel.flow import MatchFlow
from game.ui.duel.scene import DuelScene
from game.ui.menu import MenuScene
from game.ui.scene import Pop, apply_transition
from tests.kit import base_pool
from tests.play.replay.test_lasting import changed_pool
from tests.ui.events import feed, key
from tests.ui.test_pause_menu import PATHS, _continue, play_a_little, press

CARD = "cinder_pup"


def _flow(pool) -> MatchFlow:
    setup = DuelSetup("hotseat", PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])), best_of=3,
                      first=0)
    return MatchFlow(setup, pool, seed=11, threaded=False, speed="instant")


def _save_and_continue(scene: DuelScene) -> DuelScene:
    stack: list = [MenuScene(), scene]
    feed(scene, key(pygame.K_ESCAPE))
    got = press(scene, scene.dialog, "Save and leave")
    assert got == [Pop()] and suspend.available()
    apply_transition(stack, got[0])
    resumed = _continue(stack[-1])
    assert isinstance(resumed, DuelScene)
    return resumed


def test_a_duel_saved_before_a_card_changed_continues_with_it_and_says_so_once(window, tmp_path) -> None:
    today = base_pool()[CARD]
    then = changed_pool(tmp_path, CARD, atk=today.atk + 800)
    scene = _flow(then).first_scene()
    play_a_little(scene, 6)
    before = state_hash(scene.session.duel)
    resumed = _save_and_continue(scene)
    assert resumed.session.duel.pool[CARD] == then[CARD]  # the card as it was
    assert state_hash(resumed.session.duel) == before
    message = resumed.toast.message
    assert message.startswith("This duel goes on with the cards and rules it was started with "
                              f"(cards changed since: {then[CARD].name} (atk {then[CARD].atk} -> "
                              f"{today.atk}))")
    resumed.update(11.0)  # once: it fades and nothing says it again
    assert not resumed.toast.visible
    resumed.draw(window)
    play_a_little(resumed, 4, seed=9)
    assert not resumed.toast.visible or resumed.toast.message != message


def test_a_duel_whose_cards_did_not_change_continues_without_a_word(window) -> None:
    scene = _flow(base_pool()).first_scene()
    play_a_little(scene, 4)
    resumed = _save_and_continue(scene)
    assert not resumed.toast.visible or "started with" not in resumed.toast.message
