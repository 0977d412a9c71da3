"""Whole duels played through the duel screen with real pygame events only."""

from __future__ import annotations

from game.engine import state_hash
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene, replay_hash


def test_hotseat_duel_by_mouse_gestures_replays_to_the_same_state(window) -> None:
    scene = duel_scene(seed=3)
    driver = GestureDriver(scene, seed=3)
    driver.play()
    duel = scene.session.duel
    assert duel.over and scene.finished
    assert driver.gestures > 30
    kinds = {type(c).__name__ for c in scene.session.history}
    assert {"Summon", "Attack", "NextPhase"} <= kinds
    assert state_hash(duel) == replay_hash(3, scene.session.history)
    scene.draw(window)
