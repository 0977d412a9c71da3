"""`main.py snapshot`: one scene by name, made from the parsed snapshot options.

`SNAPSHOT_SCENES` maps a scene name to a factory taking the parsed options; the duel screen
adds "duel" (with --scenario) here. Scenes open through game.ui.routes as the menu opens them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.loaded import RouteError, card_pool
from game.ui.routes import deck_builder, duel_setup, puzzles, settings

if TYPE_CHECKING:  # main.py reads SNAPSHOT_SCENES for its --help: no pygame import here
    from game.ui.scene import Scene


def menu() -> Scene:
    from game.ui.menu import MenuScene

    return MenuScene()


def _snap_deckbuilder(opts: argparse.Namespace) -> Scene:
    from game.decks import library

    path = None
    if getattr(opts, "deck", None):
        path = library.resolve_deck(opts.deck)
        if path is None:
            raise RouteError(f"no deck called {opts.deck!r}")
    return deck_builder(path, open_last=path is None)


def _snap_duel(opts: argparse.Namespace) -> Scene:
    """The duel screen: a scenario's start position (--scenario), else the busy demo board."""
    from game.ui.duel import demo

    seat = getattr(opts, "seat", None)
    seat = None if seat is None else seat - 1
    path = getattr(opts, "scenario", None)
    if path:
        from game.play.scenario import ScenarioError

        try:
            return demo.scenario_scene(path, seat=seat)
        except (ScenarioError, OSError, ValueError) as exc:
            raise RouteError(f"the scenario cannot be opened: {str(exc).splitlines()[0]}") from None
    return demo.busy_scene(card_pool(), seat=1 if seat is None else seat)


def _snap_sidedeck(opts: argparse.Namespace) -> Scene:
    from game.ui.duel import demo
    from game.ui.duel.sidedeck import SideDeckScene

    return SideDeckScene(demo.played_match(card_pool()), 0, [], curtain=False)


def _snap_puzzles(opts: argparse.Namespace) -> Scene:
    """The puzzles list; with --scenario FILE, that puzzle open in the duel screen."""
    path = getattr(opts, "scenario", None)
    if not path:
        return puzzles()
    from game.play import puzzles as pz
    from game.ui.puzzle_play import PuzzlePlayScene

    try:
        puzzle = pz.load_puzzle(Path(path))
    except pz.PuzzleError as exc:
        raise RouteError(f"the puzzle cannot be opened: {str(exc).splitlines()[0]}") from None
    return PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False)


def _snap_result(opts: argparse.Namespace) -> Scene:
    from game.ui.duel import demo
    from game.ui.duel.result import ResultScene

    return ResultScene(demo.played_match(card_pool()))


def _snap_result_watch(opts: argparse.Namespace) -> Scene:
    """The result of a duel against the computer, whose replay was saved: "Watch replay"
    offered (hover it with --hover for its tooltip). Nothing is written: the replay's path
    is a made-up one, so the button is shown, not opened."""
    from game.ui.duel import demo
    from game.ui.duel.result import ResultScene

    flow = demo.played_match(card_pool(), versus_ai=True)
    flow.last_replay = Path("demo duel.replay")
    return ResultScene(flow)


def _snap_replays(opts: argparse.Namespace) -> Scene:
    """The replays list: the player's replays, or made-up ones when there are none yet."""
    from game.play.replay import list_replays
    from game.ui.replays import demo
    from game.ui.replays.list_scene import ReplaysScene

    entries = list_replays(card_pool())
    return ReplaysScene(card_pool(), entries or demo.demo_entries(card_pool()))


def _snap_replay(opts: argparse.Namespace) -> Scene:
    """The replay viewer on a made-up duel, part way through, at a moment with an open Line
    and cards in both hands; --seat 1|2: whose view (default: both hands open)."""
    from game.play.replay import ReplayRun
    from game.ui.replays import demo
    from game.ui.replays.viewer import BOTH, ReplayViewer

    run = ReplayRun.play(demo.demo_replay(card_pool()), card_pool())
    seat = getattr(opts, "seat", None)
    viewer = ReplayViewer(run, card_pool(), view=BOTH if seat is None else seat - 1)
    for i in range(run.length // 3, run.length):
        view = run.duel_at(i).view(0)
        if view.lines and min(len(s.hand) for s in view.sides) >= 3:
            viewer.goto(i)
            break
    return viewer


def _snap_how_to_play(opts: argparse.Namespace) -> Scene:
    """How to play where the menu would open it (game/ui/lessons.py); with --scenario, that
    lesson (a shipped lesson's file, title or file name) at its start."""
    from game.play import lessons as ls
    from game.ui.lessons import LessonPlayScene, how_to_play

    name = getattr(opts, "scenario", None)
    if not name:
        return how_to_play(threaded=False)
    lessons = ls.list_lessons()
    path = ls.find_lesson(name) or Path(name)
    at = next((i for i, lesson in enumerate(lessons)
               if lesson.puzzle.path.resolve() == path.resolve()), None)
    if at is None:
        raise RouteError(f"{name}: not a shipped lesson (assets/lessons/: a file, title or "
                         f"file name)")
    return LessonPlayScene(lessons, at, ls.load_progress(), threaded=False)


SNAPSHOT_SCENES: dict[str, Callable[[argparse.Namespace], Scene]] = {
    "menu": lambda opts: menu(),
    "deckbuilder": _snap_deckbuilder,
    "setup": lambda opts: duel_setup(getattr(opts, "mode", None) or "hotseat"),
    "duel": _snap_duel,
    "sidedeck": _snap_sidedeck,
    "result": _snap_result,
    "result_watch": _snap_result_watch,
    "settings": lambda opts: settings(),
    "puzzles": _snap_puzzles,
    "how_to_play": _snap_how_to_play,
    "replays": _snap_replays,
    "replay": _snap_replay,
}
