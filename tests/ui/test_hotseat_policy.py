"""Who the hotseat screen is handed to (RULES.md I15, I19; game/play/seat_turns.py): one's
own Step is passed for, and "Quick hotseat", chosen at setup, asks only a real answer."""

from __future__ import annotations

import pygame

from game.cards import load_card_set
from game.engine import Summon
from game.ui import duel_hook
from game.ui.setup_scene import QUICK_NOTE, DuelSetupScene
from tests.ui.drawn import strings
from tests.ui.events import click, feed, key, settle
from tests.ui.test_duel_features import position_scene, uid_of
from tests.ui.test_duel_features import settle as settle_duel

POOL = load_card_set()


def _summon_against(back: list[str], quick: bool):
    """Hotseat: player 1 summons while player 2 holds `back` set; the screen after it."""
    scene = position_scene({"phase": "main1", "players": [
        {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3, "back": back}]})
    scene.session.quick = quick
    assert scene.hotseat and scene.shown == 0 and scene.curtain is None
    scene.send([Summon(0, uid_of(scene, 0, "stone_sentry", "hand"), "phantom", 0, True, True)])
    settle_duel(scene)
    return scene


def test_quick_hotseat_is_chosen_at_setup_and_passes_a_card_that_cannot_answer(window, monkeypatch) -> None:
    from game.ui.duel.flow import MatchFlow

    scene = DuelSetupScene("hotseat", POOL)
    settle(scene, 5, window)
    assert scene.quick.visible and scene.quick.value is False  # off by default
    seen = []
    monkeypatch.setattr(duel_hook, "start_duel", lambda s: seen.append(s) or None)
    feed(scene, *click(scene.start.rect.center))
    assert seen[-1].quick is False
    # the option by the keyboard: Tab to it, Right turns it on; its sentence is drawn
    while scene.group.focus is not scene.quick:
        feed(scene, key(pygame.K_TAB))
    feed(scene, key(pygame.K_RIGHT))
    assert scene.quick.value is True
    assert QUICK_NOTE in strings(scene, window)
    feed(scene, *click(scene.start.rect.center))
    setup = seen[-1]
    assert setup.mode == "hotseat" and setup.quick is True
    assert MatchFlow(setup, POOL, seed=1, threaded=False).first_scene().session.quick
    assert not DuelSetupScene("versus_ai", POOL).quick.visible

    # a set Spirit cannot answer on the other's turn: a curtain by default (it might be a
    # Counter, by all player 1 sees), passed for at once in Quick hotseat (nothing to answer)
    private = _summon_against(["flare_bolt"], quick=False)
    assert private.curtain is not None and private.curtain.seat == 1
    quick = _summon_against(["flare_bolt"], quick=True)
    assert quick.curtain is None and quick.shown == 0
    assert not quick.session.duel.state.lines and quick.can_act()  # the Summon resolved
    # a live answer (Denial, its cost paid) is still asked, after a curtain
    live = _summon_against(["denial"], quick=True)
    assert live.curtain is not None and live.curtain.seat == 1


def test_a_player_is_not_handed_the_screen_to_answer_their_own_step(window) -> None:
    """Player 2 passes on player 1's Summon; player 1, who holds a set card, is passed for on
    their own Summon (I19) and simply takes the screen back to go on with their turn."""
    scene = position_scene({"phase": "main1", "players": [
        {"sp": 5, "hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3, "back": ["denial"]},
        {"deck": ["stone_sentry"] * 3, "back": ["denial"]}]})
    scene.send([Summon(0, uid_of(scene, 0, "stone_sentry", "hand"), "phantom", 0, True, True)])
    settle_duel(scene)
    assert scene.curtain is not None and scene.curtain.seat == 1
    feed(scene, key(pygame.K_RETURN))
    settle_duel(scene)
    assert scene.shown == 1 and scene.can_act()
    passes = [c for c in scene.session.view(1).legal_actions if type(c).__name__ == "Pass"]
    scene.send(passes)
    settle_duel(scene)
    history = scene.session.history
    assert type(history[-1]).__name__ == "Pass" and history[-1].player == 0  # passed for
    assert not scene.session.duel.state.lines  # the Summon resolved
    assert scene.curtain is not None and scene.curtain.seat == 0
    assert "answer" not in scene.curtain.reason  # back for their turn, not for a window
