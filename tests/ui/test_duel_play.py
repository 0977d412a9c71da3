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


def test_keyboard_only_hotseat_duel(window) -> None:
    scene = duel_scene(seed=11)
    driver = GestureDriver(scene, seed=11, keyboard=True)
    driver.play()
    assert scene.session.duel.over
    assert state_hash(scene.session.duel) == replay_hash(11, scene.session.history)


def test_versus_ai_duel_the_computer_plays_its_seat(window) -> None:
    scene = duel_scene(seed=5, humans=(True, False))
    assert scene.curtain is None and scene.shown == 0
    driver = GestureDriver(scene, seed=5)
    driver.play()
    history = scene.session.history
    assert scene.session.duel.over
    assert any(c.player == 1 for c in history) and any(c.player == 0 for c in history)
    assert state_hash(scene.session.duel) == replay_hash(5, history)


def test_animations_play_with_dt_and_a_click_skips_them(window) -> None:
    from tests.ui.events import down, feed

    scene = duel_scene(seed=2, speed="normal")
    driver = GestureDriver(scene, seed=2)
    for _ in range(60):  # a few turns at normal speed, drawing every frame
        if scene.session.duel.over:
            break
        driver.step()
        for _ in range(3):
            scene.update(1 / 60)
            scene.draw(window)
        if scene.anim.busy:
            feed(scene, down((640, 300)))  # a click finishes the animation
            assert not scene.anim.busy
    assert len(scene.session.history) >= 20


def test_other_decks_by_mouse_and_keys_reach_every_kind_of_command(window) -> None:
    """Hive Swarm and Bastion Wall: Special Summons with materials, Spirits with targets from
    hand, searches, position changes, all as gestures; each duel replays to the same state."""
    seen = set()
    for seed, keyboard in ((1, False), (3, True)):
        scene = duel_scene(seed=seed, names=("hive_swarm", "bastion_wall"))
        GestureDriver(scene, seed=seed, keyboard=keyboard).play()
        history = scene.session.history
        assert state_hash(scene.session.duel) == replay_hash(seed, history, ("hive_swarm", "bastion_wall"))
        for c in history:
            kind = type(c).__name__
            if kind == "Activate":
                kind += "+targets" if c.targets else ""
                kind += "+hand" if c.zone else ""
            seen.add(kind)
    assert {"SpecialSummon", "Activate+targets", "Activate+hand", "Choose", "ChangePosition",
            "Unsummon", "SetCard", "Summon", "Attack", "EndTurn", "Pass"} <= seen, seen
