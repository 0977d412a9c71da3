"""Regenerate the replay corpus of tests/replays/ through the client's own code paths.

    SDL_VIDEODRIVER=dummy python -m tests.replays.make_corpus [--only NAME]

Each duel is played on the real duel screen (MatchFlow, DuelScene) by the gesture driver of
the UI tests (tests/ui/duel_driver.py: real pygame events for the person's seat, the computer
levels in theirs), and saved when it ends by the client's own recording (MatchFlow's
`keep_replay` -> game/ui/replays/record.py -> game/play/replay/) into a private user data folder;
the file is then copied here under the case's name. Nothing here writes a replay itself.
Regenerating rewrites every file of a case: only do it when a change is meant to make the old
replays differ (then say so in KNOWN_DIFFERENCES.yaml instead, to keep the old ones) or to
add a case.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))


def _setup(mode: str, best_of: int = 1, level: str | None = None):
    from game.decks.deck import load_deck
    from game.files.resources import STARTER_DECK_DIR
    from game.play.duel_setup import DuelSetup

    paths = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")
    return DuelSetup(mode, paths, (load_deck(paths[0]), load_deck(paths[1])), best_of=best_of,
                     first=0, ai_level=level)


def _saved() -> list[Path]:
    from game.play.replay import replay_files

    return replay_files()


def _play(scene, seed: int) -> None:
    from tests.ui.duel_driver import GestureDriver

    GestureDriver(scene, seed=seed).play()
    assert scene.finished, "the duel did not end"


def duel(name: str, mode: str, seed: int, level: str | None = None) -> list[tuple[str, Path]]:
    """One duel played to its end on the screen."""
    from game.ui.duel.flow import MatchFlow

    flow = MatchFlow(_setup(mode, level=level), _pool(), seed=seed, threaded=False,
                     speed="instant")
    scene = flow.first_scene()
    _play(scene, seed)
    assert flow.last_replay is not None, scene.toast.message
    return [(name, flow.last_replay)]


def best_of_3(name: str, seed: int) -> list[tuple[str, Path]]:
    """A best-of-3 match versus Normal, every duel played to its end (side-decking skipped,
    as the match's own tests do); each duel's replay."""
    from game.ui.duel.flow import MatchFlow

    flow = MatchFlow(_setup("versus_ai", 3, "normal"), _pool(), seed=seed, threaded=False,
                     speed="instant")
    scene = flow.first_scene()
    out = []
    for n in range(1, 4):
        _play(scene, seed + n)
        assert flow.last_replay is not None
        out.append((f"{name}_duel{n}", flow.last_replay))
        flow.duel_over(scene)
        if flow.over:
            break
        scene = flow.start_duel()
    return out


def concede(name: str, seed: int) -> list[tuple[str, Path]]:
    """A hotseat duel conceded from the pause menu a few gestures in."""
    import pygame

    from game.ui.duel.flow import MatchFlow
    from tests.ui.duel_driver import GestureDriver
    from tests.ui.events import click, feed, key, settle

    flow = MatchFlow(_setup("hotseat"), _pool(), seed=seed, threaded=False, speed="instant")
    scene = flow.first_scene()
    driver = GestureDriver(scene, seed=seed)
    for _ in range(12):
        driver.step()
    driver.settle()
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    row = next(b for b in menu.buttons if b.label.startswith("Concede"))
    feed(scene, *click(row.rect.center))
    feed(scene, *click(scene.dialog.buttons[0].rect.center))  # "Concede"
    settle(scene, 5)
    assert scene.finished and scene.session.duel.end_reason == "concede"
    assert flow.last_replay is not None
    return [(name, flow.last_replay)]


def puzzle(name: str, title: str) -> list[tuple[str, Path]]:
    """A shipped puzzle solved on the puzzle screen (its recorded solution played through
    the screen by gestures, the puzzle's opponent in its seat); the attempt's replay."""
    from game.play import puzzles as pz
    from game.ui.puzzle_play import PuzzlePlayScene
    from tests.ui.test_puzzles_scene import frames, play_moves

    chosen = next(p for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
                  if isinstance(p, pz.Puzzle) and p.name == title)
    play = PuzzlePlayScene(chosen, pz.load_progress(), threaded=False, speed="instant")
    play_moves(play, pz.run_solution(chosen).commands)
    frames(play, 600)
    assert play.outcome is pz.Status.SOLVED and play.replay_path is not None
    return [(name, play.replay_path)]


def _pool():
    from game.cards import load_card_set

    return load_card_set()


def cases() -> dict:
    from game.ai.levels import LEVEL_NAMES

    out = {"hotseat": lambda: duel("hotseat", "hotseat", 31),
           "best_of_3": lambda: best_of_3("best_of_3", 45),
           "concede": lambda: concede("concede", 51),
           "puzzle": lambda: puzzle("puzzle", "Two Become One")}
    for i, level in enumerate(LEVEL_NAMES):
        out[f"versus_{level}"] = (lambda lv=level, s=61 + i: duel(f"versus_{lv}", "versus_ai", s, lv))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", action="append", help="regenerate only this case (repeatable)")
    args = p.parse_args(argv)
    import pygame

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    home = Path(tempfile.mkdtemp(prefix="phantom-corpus-"))
    os.environ["PHANTOM_DUEL_HOME"] = str(home)
    chosen = cases()
    for key in args.only or list(chosen):
        for stale in HERE.glob(f"{key}*.yaml"):
            stale.unlink()
        for name, path in chosen[key]():
            shutil.copyfile(path, HERE / f"{name}.yaml")
            print(f"{name}.yaml <- {path.name} ({path.stat().st_size:,} bytes)")
    shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
