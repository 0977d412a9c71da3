"""A SIGTERM (a logout, a shutdown, `kill`) closes the game without asking and loses nothing:
the duel on screen comes back from its autosave exactly as it was (game/ui/app.py)."""

from __future__ import annotations

import os
import signal

import pygame

from game.decks.deck import load_deck
from game.engine import state_hash
from game.files.resources import STARTER_DECK_DIR
from game.play import autosave
from game.play.duel_setup import DuelSetup
from game.ui.app import App
from game.ui.duel.flow import MatchFlow
from game.ui.duel.resume import resume_scene
from game.ui.duel.scene import DuelScene
from tests.kit import base_pool
from tests.ui.duel_driver import GestureDriver

PATHS = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")


def test_a_sigterm_mid_duel_closes_at_once_and_continue_brings_the_duel_back(home) -> None:
    app = App((1280, 720))
    try:
        setup = DuelSetup("hotseat", PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])),
                          best_of=1, first=0)
        scene = MatchFlow(setup, base_pool(), seed=11, threaded=False,
                          speed="instant").first_scene()
        driver = GestureDriver(scene, seed=3)
        for _ in range(4):
            assert driver.step()
        driver.settle()
        before = state_hash(scene.session.duel)
        assert scene.session.history  # the duel has moves to lose
        stack: list = [scene]

        def kill_at(frame: int) -> list[pygame.event.Event]:
            if frame == 3:
                os.kill(os.getpid(), signal.SIGTERM)
            return []

        assert app.run(stack, frames=600, fixed_dt=1 / 60, before_frame=kill_at) == 0
        assert stack == []  # it closed, long before the 600 frames
        assert scene.dialog is None  # no "really quit?" nobody would answer
        assert autosave.available()  # kept: the duel was not left
        back = resume_scene()
        assert isinstance(back, DuelScene)
        assert state_hash(back.session.duel) == before
        assert signal.getsignal(signal.SIGTERM) is not app._on_sigterm  # handler given back
    finally:
        app.close()
