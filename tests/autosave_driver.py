"""A game process for the autosave proof test (tests/play/test_autosave.py), driven by real
pygame events: `play SEED STEPS` opens the menu, picks Hotseat duel, starts the duel with the
setup's own button, plays STEPS gestures, waits for the autosave to reach the disk, prints
`HASH <state hash> <commands>` and then waits to be killed. `continue` opens the menu, picks
Continue and prints the continued duel's `HASH` the same way (or `NOTICE <text>`);
`continue hold` then waits to be killed too (a window that keeps its duel open)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from game.engine import state_hash
from game.files import folders
from game.play import autosave
from game.ui.app import App
from game.ui.duel.scene import DuelScene
from game.ui.menu import MenuScene
from game.ui.scene import apply_transition
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, key


def main(argv: list[str]) -> int:
    folders.sweep_leftovers()  # as main.run_window does at every start
    app = App((1280, 720))
    stack: list = [MenuScene()]

    def send(*events: pygame.event.Event) -> None:
        for event in events:
            apply_transition(stack, stack[-1].handle_event(event))

    def frames(n: int) -> None:
        for _ in range(n):
            apply_transition(stack, stack[-1].update(1 / 60))
            app.draw(stack)
            app.present()

    frames(2)
    labels = [item.label for item in stack[0].items]
    want = "Hotseat duel" if argv[0] == "play" else "Continue"
    if want not in labels:
        print(f"NOMENU {labels}", flush=True)
        return 1
    send(*[key(pygame.K_DOWN)] * (labels.index(want) + 1), key(pygame.K_RETURN))
    frames(3)
    if argv[0] == "play":
        setup = stack[-1]
        send(*click(setup.start.rect.center))
        frames(3)
    top = stack[-1]
    if not isinstance(top, DuelScene):
        print("NOTICE " + " ".join(str(getattr(top, "message", type(top).__name__)).split()),
              flush=True)
        return 1
    if argv[0] == "play":
        driver = GestureDriver(top, seed=int(argv[1]))
        while len(top.session.history) < int(argv[2]):
            if not driver.step():
                break
            frames(1)
    else:
        frames(3)
    autosave.writer().flush()
    print(f"HASH {state_hash(top.session.duel)} {len(top.session.history)}", flush=True)
    if argv[0] == "play" or argv[1:2] == ["hold"]:
        time.sleep(120)  # killed here with SIGKILL
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
