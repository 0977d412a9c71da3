"""Every speed figure in one run (`python main.py bench [--json] [--quick]`), not a test.

It calls the measuring functions of the other benchmarks (scripts/bench.py, bench_ai.py,
bench_ui.py and game/ui/duel/benchmark.py) with smaller samples, so each figure means what it
means there:

- engine: random commands per second and duels per second, every pairing of the starter decks
  (bench.play), and the median µs of one Duel.clone() mid-duel (bench.clone_us);
- autosave: µs per accepted command that autosaving adds to the frame, p95
  (bench_autosave.autosave_cost_us: one line formatted and written to the journal file);
- AI: decision latency p50 / p95 per level against Normal (bench_ai.latency);
- card set: seconds to load and check the whole card set (best of a few);
- duel screen: frame p50 / p95 on the busy board and the first drawn frame of a duel and of the
  menu in a fresh process (headless, SDL_VIDEODRIVER=dummy);
- deck builder: scroll frame p95 and search keystroke p95 (bench_ui), listing a folder of
  200 large deck files (bench_files).

`--quick` takes small samples (about 10 s; the test runs it), the full run about a minute
(QUICK_S, FULL_S: measured). Pinned to one core like the engine benchmark. It runs with PHANTOM_DUEL_HOME set to
a temp folder, so the player's own files are never read or written. Targets stay in the
individual scripts; this one reports. docs/benchmarks.md's table comes from a full run
(`--markdown`).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import bench as engine_bench  # noqa: E402
import bench_ai  # noqa: E402
import bench_ui  # noqa: E402

from game.ai.levels import level as ai_level  # noqa: E402
from game.cards import load_card_set  # noqa: E402
from game.decks.deck import load_deck  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.rules.file import load_rules  # noqa: E402

LEVELS = bench_ai.TIMED  # the AI levels whose decisions take time (game/ai/levels.py)
SAMPLES = {  # (quick, full)
    "engine_games": (2, 12),  # duels per starter pairing
    "engine_pairings": (2, 10),  # of the 10 pairings (mirrors included)
    "clone_positions": (2, 8),
    "clones": (60, 300),
    "ai_duels": (1, 4),
    "ai_decisions": (12, None),  # a quick sample stops after this many decisions per level
    "card_loads": (2, 5),
    "frames": (90, 600),
    "first_frames": (1, 3),
    "scroll_frames": (90, 600),
    "search_rounds": (1, 3),
}
# How long a run takes, as --help says (measured on 2 shared cores, AMD EPYC, Python 3.11:
# --quick 5.5 s and 6 s wall, 12 s on a newcomer's machine; the full run 43 s, 44 s wall).
QUICK_S, FULL_S = 10, 60


def machine() -> dict:
    """The CPU's model name and core count (lscpu's words), Python and the OS."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": model or platform.processor() or platform.machine(),
            "cores": os.cpu_count() or 1, "python": platform.python_version(),
            "os": f"{platform.system()} {platform.release()}"}


def engine(pool, rules, decks, quick: bool) -> dict:
    games, pairings = (SAMPLES["engine_games"][not quick], SAMPLES["engine_pairings"][not quick])
    pairs = list(itertools.combinations_with_replacement(range(len(decks)), 2))[:pairings]
    commands = duels = 0
    setup_s = command_s = 0.0
    for k, (i, j) in enumerate(pairs):
        n, s, c = engine_bench.play(pool, rules, decks[i], decks[j], games, seed=k)
        commands, duels, setup_s, command_s = commands + n, duels + games, setup_s + s, command_s + c
    clone = engine_bench.clone_us(pool, rules, decks[0], decks[1], seed=0,
                                  positions=SAMPLES["clone_positions"][not quick],
                                  clones=SAMPLES["clones"][not quick])
    return {"commands_per_second": round(commands / command_s, 1),
            "duels_per_second": round(duels / (setup_s + command_s), 2),
            "engine_duels": duels, "clone_us": round(clone, 1)}


def autosave(quick: bool) -> dict:
    """The autosave's cost per accepted command on the drawing path, p95 (game/play/autosave.py)."""
    from bench_autosave import autosave_cost_us

    r = autosave_cost_us(commands=500 if quick else 5000)
    return {"autosave_us": r["p95_us"]}


def ai(pool, rules, decks, quick: bool) -> dict:
    out: dict = {}
    for level in LEVELS:
        r = bench_ai.latency(pool, rules, decks, level, SAMPLES["ai_duels"][not quick], seed=2024,
                             max_decisions=SAMPLES["ai_decisions"][not quick])
        out[f"ai_{level}_p50_ms"], out[f"ai_{level}_p95_ms"] = r["p50_ms"], r["p95_ms"]
        out[f"ai_{level}_decisions"] = r["decisions"]
    return out


def card_set(quick: bool) -> dict:
    best = float("inf")
    for _ in range(SAMPLES["card_loads"][not quick]):
        t0 = time.perf_counter()
        load_card_set()
        best = min(best, time.perf_counter() - t0)
    return {"card_set_load_s": round(best, 4)}


def duel_screen(quick: bool) -> dict:
    from game.ui.duel.benchmark import first_frame, measure_frames

    r = measure_frames(bench_ui._canvas(), frames=SAMPLES["frames"][not quick])
    n = SAMPLES["first_frames"][not quick]
    return {"frame_ms_p50": r["frame_ms_p50"], "frame_ms_p95": r["frame_ms_p95"],
            "first_frame_duel_s": min(first_frame("duel") for _ in range(n)),
            "first_frame_menu_s": min(first_frame("menu") for _ in range(n))}


def deck_builder(quick: bool) -> dict:
    """Scroll and search frames, and listing a folder of large deck files (a header each)."""
    from bench_files import deck_list

    with tempfile.TemporaryDirectory() as folder:
        listing = deck_list(1 if quick else 3, Path(folder) / "home")
    scroll = bench_ui.measure_deckbuilder_scroll(frames=SAMPLES["scroll_frames"][not quick])
    search = bench_ui.measure_deckbuilder_search(rounds=SAMPLES["search_rounds"][not quick])
    return {"deckbuilder_scroll_ms_p95": scroll["deckbuilder_scroll_ms_p95"],
            "deckbuilder_first_frame_s": scroll["deckbuilder_first_frame_s"],
            "deckbuilder_search_ms_p95": search["deckbuilder_search_ms_p95"],
            "deck_list_large_s": listing["deck_list_large_s"]}


ROWS = (  # key, what it is, unit (docs/benchmarks.md's table order)
    ("commands_per_second", "random commands per second (starter decks)", "/s"),
    ("duels_per_second", "random duels per second (starter decks)", "/s"),
    ("clone_us", "Duel.clone() mid-duel, median", "µs"),
    ("autosave_us", "autosave per accepted command (frame cost), p95", "µs"),
    *((f"ai_{lv}_p{q}_ms", f"AI {ai_level(lv).label} decision, p{q}", "ms")
      for lv in LEVELS for q in (50, 95)),
    ("card_set_load_s", "card set load and check", "s"),
    ("frame_ms_p50", "duel screen frame (busy board), p50", "ms"),
    ("frame_ms_p95", "duel screen frame (busy board), p95", "ms"),
    ("first_frame_duel_s", "process start to first duel frame", "s"),
    ("first_frame_menu_s", "process start to first menu frame", "s"),
    ("deckbuilder_scroll_ms_p95", "deck builder scroll frame, p95", "ms"),
    ("deckbuilder_search_ms_p95", "deck builder search keystroke, p95", "ms"),
    ("deckbuilder_first_frame_s", "deck builder first frame", "s"),
    ("deck_list_large_s", "list 200 large deck files (a header each)", "s"),
)


def run(quick: bool) -> dict:
    """Every figure, with the machine and how long the run took."""
    t0 = time.perf_counter()
    pinned = engine_bench.pin_one_core()
    saved = os.environ.get("PHANTOM_DUEL_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["PHANTOM_DUEL_HOME"] = home
        try:
            pool, rules = load_card_set(), load_rules()
            decks = [load_deck(starter_deck(name)) for name in bench_ai.STARTERS]
            figures: dict = {}
            figures.update(engine(pool, rules, decks, quick))
            figures.update(autosave(quick))
            figures.update(ai(pool, rules, decks, quick))
            figures.update(card_set(quick))
            figures.update(duel_screen(quick))
            figures.update(deck_builder(quick))
        finally:
            if saved is None:
                os.environ.pop("PHANTOM_DUEL_HOME", None)
            else:
                os.environ["PHANTOM_DUEL_HOME"] = saved
            import pygame

            pygame.quit()
    return {"figures": figures, "machine": {**machine(), "pinned": pinned},
            "quick": quick, "run_s": round(time.perf_counter() - t0, 1)}


def shown(value: object, unit: str = "") -> str:
    """A figure for people: three significant digits, thousands separated (29,125 /s,
    83.4 /s, 0.0239 s), not every digit the clock gave; text (not available) as it is."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return str(value)
    if abs(value) >= 100:
        text = f"{round(value):,}"
    else:
        text = f"{value:.3g}"
        if "e" in text:  # below 0.0001: plain digits all the same
            text = f"{value:.6f}".rstrip("0").rstrip(".")
    return f"{text} {unit}".rstrip()


def markdown(result: dict) -> str:
    m = result["machine"]
    lines = [f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, {m['os']} "
             f"({'quick' if result['quick'] else 'full'} run, {shown(result['run_s'], 's')})", "",
             "| Figure | Value |", "| --- | --- |"]
    for key, label, unit in ROWS:
        lines.append(f"| {label} (`{key}`) | {shown(result['figures'][key], unit)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None, prog: str = "python scripts/bench_all.py") -> int:
    """`prog` is how the player called it (`main.py bench` passes its own name)."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Every speed figure of the game in one run: engine, autosave, "
        "AI, card set, duel screen and deck builder (docs/benchmarks.md says what each means "
        "and its target). Runs headless on one core, with a temporary user data folder: your "
        "own files are neither read nor written. Prints a table; exit code 0.")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument("--quick", action="store_true",
                        help=f"small samples: about {QUICK_S} s instead of about {FULL_S} s "
                             "(the figures are rougher)")
    parser.add_argument("--markdown", action="store_true",
                        help="print docs/benchmarks.md's table (figures and machine)")
    args = parser.parse_args(argv)
    result = run(args.quick)
    if args.json:
        print(json.dumps(result))
    elif args.markdown:
        print(markdown(result))
    else:
        width = max(len(label) for _, label, _ in ROWS)
        for key, label, unit in ROWS:
            print(f"{label:<{width}}  {shown(result['figures'][key], unit)}")
        m = result["machine"]
        print(f"\n{m['cpu']}, {m['cores']} cores ({m['pinned']}), Python {m['python']}; "
              f"{shown(result['run_s'], 's')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
