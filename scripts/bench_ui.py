"""UI speed benchmark, headless: how long screens take to draw while a player uses them.

    python scripts/bench_ui.py [--json] [--only NAME ...]

Each measurement is one function returning a dict of keys; the results are merged into one
JSON object. To add one (the duel screen: frame_ms_p50, frame_ms_p95, first_frame_menu_s,
first_frame_duel_s), write a function and append it to MEASUREMENTS.

A "frame" is what the app loop does per frame (events, update, draw of the 1280x720 logical
canvas), without the scale to the window and the flip, which the dummy video driver does not
do like a real display. Each measurement runs REPEAT times and reports its best run (on a
shared machine other work only ever slows a run down, as in scripts/bench.py). Targets: scrolling the full card grid p95 <= 4 ms; a keystroke in
the search box to the redrawn grid p95 <= 50 ms; the duel screen's busy board p95 <= 4 ms;
process start to the first drawn frame of the menu and of a duel <= 1 s; while a computer
player thinks (in its thread, for 0.6 s of pure-Python work), no duel frame over 150 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

SIZE = (1280, 720)
REPEAT = 3


def best_of(measure: Callable[[], dict], key: str, repeat: int = REPEAT) -> dict:
    """Run `measure` `repeat` times; keep the run with the lowest `key`."""
    return min((measure() for _ in range(repeat)), key=lambda r: r[key])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def _canvas() -> pygame.Surface:
    if not pygame.display.get_init():
        pygame.display.init()
        pygame.font.init()
    pygame.display.set_mode(SIZE)
    return pygame.Surface(SIZE).convert()


def _builder(tmp_home: Path):
    os.environ["PHANTOM_DUEL_HOME"] = str(tmp_home)  # never the player's own settings
    from game.cards import load_card_set
    from game.ui.deckbuilder.scene import DeckBuilderScene

    return DeckBuilderScene(load_card_set(), open_last=False)


def _frame(scene, canvas: pygame.Surface, events=()) -> float:
    start = time.perf_counter()
    for e in events:
        scene.handle_event(e)
    scene.update(1 / 60)
    scene.draw(canvas)
    return (time.perf_counter() - start) * 1000


def measure_deckbuilder_scroll(frames: int = 600) -> dict:
    """Frame times while the mouse wheel scrolls the full grid up and down."""
    import tempfile

    from game.ui.deckbuilder import layout as L

    canvas = _canvas()
    with tempfile.TemporaryDirectory() as home:
        t0 = time.perf_counter()
        scene = _builder(Path(home))
        _frame(scene, canvas)
        first = time.perf_counter() - t0
        warm_frames = 0
        while scene._warm:  # faces are drawn ahead, a few per frame, before scrolling
            _frame(scene, canvas)
            warm_frames += 1
        warm = time.perf_counter() - t0
        pos = L.GRID.center
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0)))
        times, direction = [], -1
        for i in range(frames):
            events = []
            if i % 3 == 0:  # a wheel notch every third frame: continuous smooth scrolling
                if scene.grid.target >= scene.grid.max_offset:
                    direction = 1
                elif scene.grid.target <= 0:
                    direction = -1
                events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction,
                                                 flipped=False, precise_x=0.0,
                                                 precise_y=float(direction)))
            times.append(_frame(scene, canvas, events))
    return {"deckbuilder_scroll_ms_p50": round(statistics.median(times), 3),
            "deckbuilder_scroll_ms_p95": round(percentile(times, 95), 3),
            "deckbuilder_first_frame_s": round(first, 3),
            "deckbuilder_warm_s": round(warm, 3), "deckbuilder_warm_frames": warm_frames}


def measure_deckbuilder_search(rounds: int = 3) -> dict:
    """Keystroke to redrawn grid: typing and erasing filter words in the search box."""
    import tempfile

    canvas = _canvas()
    typed = "type:phantom level>=3 atk>1000 -extra fire"
    with tempfile.TemporaryDirectory() as home:
        scene = _builder(Path(home))
        while scene._warm:
            _frame(scene, canvas)
        scene.group.set_focus(scene.search)
        times = []
        for _ in range(rounds):
            for ch in typed:
                times.append(_frame(scene, canvas, [pygame.event.Event(pygame.TEXTINPUT, text=ch)]))
            for _ in typed:
                times.append(_frame(scene, canvas, [pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)]))
    return {"deckbuilder_search_ms_p50": round(statistics.median(times), 3),
            "deckbuilder_search_ms_p95": round(percentile(times, 95), 3),
            "deckbuilder_search_keystrokes": len(times)}


def deckbuilder_scroll() -> dict:
    return best_of(measure_deckbuilder_scroll, "deckbuilder_scroll_ms_p95")


def deckbuilder_search() -> dict:
    return best_of(measure_deckbuilder_search, "deckbuilder_search_ms_p95")


def duel_frames() -> dict:
    """The duel screen's busy board with an animation playing (game/ui/duel/benchmark.py)."""
    from game.ui.duel.benchmark import measure_frames

    return best_of(lambda: measure_frames(_canvas()), "frame_ms_p95")


def first_frames() -> dict:
    """Process start to the first drawn frame of the menu and of a duel (fresh processes)."""
    from game.ui.duel.benchmark import first_frame

    return {"first_frame_menu_s": min(first_frame("menu") for _ in range(REPEAT)),
            "first_frame_duel_s": min(first_frame("duel") for _ in range(REPEAT))}


class _BusyPlayer:
    """A computer player that computes for `seconds` (pure Python, as a search does: it holds
    the interpreter in turns with the window) before it answers."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view):
        end = time.perf_counter() + self.seconds
        while time.perf_counter() < end:
            sum(i * i for i in range(500))
        return view.legal_actions[0]


def measure_ai_thinking(think_s: float = 0.6) -> dict:
    """Frames of the duel screen while a computer player thinks in its thread."""
    from game.cards import load_card_set
    from game.engine.position import build_position
    from game.rules.file import load_rules
    from game.ui.duel.scene import DuelScene
    from game.ui.duel.session import DuelSession

    canvas = _canvas()
    pool = load_card_set()
    duel = build_position(pool, load_rules(), {"turn_player": 1, "phase": "main1", "players": [
        {"deck": ["stone_sentry"] * 3}, {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]},
        seed=1, auto_pass=False)
    session = DuelSession(duel, (True, False), ("You", "AI"), {1: _BusyPlayer(think_s)},
                          threaded=True)
    scene = DuelScene(session, pool, speed="fast")
    worker = session.workers[1]
    times = []
    for _ in range(100_000):
        if session.history:
            break
        thinking = worker.thinking  # the frame starts while the computer player thinks
        ms = _frame(scene, canvas)
        if thinking:
            times.append(ms)
    return {"ai_thinking_frame_ms_p95": round(percentile(times, 95), 3),
            "ai_thinking_frame_ms_max": round(max(times, default=0.0), 3),
            "ai_thinking_frames": len(times)}


def ai_thinking() -> dict:
    return best_of(measure_ai_thinking, "ai_thinking_frame_ms_max")


MEASUREMENTS: list[Callable[[], dict]] = [deckbuilder_scroll, deckbuilder_search, duel_frames,
                                          first_frames, ai_thinking]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="run only these measurements (deckbuilder_scroll, ...)")
    args = parser.parse_args(argv)
    chosen = [m for m in MEASUREMENTS
              if not args.only or m.__name__ in args.only]
    results: dict = {}
    try:
        for measure in chosen:
            results.update(measure())
    finally:
        pygame.quit()
    if args.json:
        print(json.dumps(results))
    else:
        width = max(map(len, results), default=0)
        for k, v in results.items():
            print(f"{k:<{width}}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
