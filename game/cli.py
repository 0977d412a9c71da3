"""Phantom Duel's command line: no command opens the window; sub-commands run headless.

The same entry point is `phantom-duel` (installed), `python -m game` and `python main.py`
(a checkout's shim):

    phantom-duel [--frames N] [--screenshot PATH]        the desktop client
    phantom-duel simulate --decks A B --games N ...       AI-vs-AI balance report
    phantom-duel scenario FILE_OR_LESSON...               check puzzle/scenario files and lessons
    phantom-duel check ...                                project checks
    phantom-duel snapshot SCENE --out FILE.png            render a scene headless to a PNG
    phantom-duel replay FILE                              a replay's duel log as text

pygame is imported only for the window, so headless commands start fast and run anywhere.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.files.resources import TEST_DECKS

if TYPE_CHECKING:  # pygame is imported only for the window
    import pygame

WINDOW_SIZE = (1280, 720)
FPS = 60
# Sub-commands whose modules arrive later; each module has `main(argv) -> int`.
LATER_COMMANDS = {"scenario": "game.designer.scenario_cli", "check": "game.designer.check", "replay": "game.replay_cli"}


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def _prog() -> str:
    """The name the player typed: `phantom-duel`, `main.py`, or `python -m game`."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "phantom-duel"
    return "python -m game" if name == "__main__.py" else name


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_prog(), description="Phantom Duel: a trading card game client. With no COMMAND "
        "it opens the game's window; every COMMAND runs without a window (headless) and "
        "prints to the terminal.",
        epilog=f"`{_prog()} COMMAND --help` says what a command does and takes. Deck "
               "arguments take deck names as the screens show them (\"Ember Rush\") or files; "
               "replay takes a file name as the replays folder lists it (`paths` prints the "
               "folders).")
    parser.add_argument("--frames", type=_positive, default=None,
                        help="close the window after N frames (for headless tests)")
    parser.add_argument("--screenshot", metavar="PATH", default=None,
                        help="save the last frame as a PNG when the window closes")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                title="commands (none: open the window)")
    sim = sub.add_parser("simulate", help="AI-vs-AI duels between two decks: balance report",
                         description="Play random-legal AI duels between two decks headless "
                                     "and print a balance report.")
    sim.add_argument("--decks", nargs="+", metavar="DECK", default=[str(p) for p in TEST_DECKS],
                     help="deck files, or deck names (your decks, then the starter decks; "
                          "default: the plain test decks); more than two: every pairing, "
                          "one: its mirror match")
    from game.ai.levels import LEVEL_NAMES  # cheap: the players are imported when built

    sim.add_argument("--players", nargs=2, metavar=("A", "B"), default=["random", "random"],
                     choices=LEVEL_NAMES,
                     help=f"AI level for deck A and for deck B: {', '.join(LEVEL_NAMES)} "
                          "(random random)")
    sim.add_argument("--jobs", type=_positive, default=None,
                     help="worker processes; same results for any number (default: the "
                          "machine's cores)")
    sim.add_argument("--scheduler", metavar="tcp://HOST:8786", default=None,
                     help="play the duels on this Dask cluster instead of --jobs processes; "
                          "same results (docs/cluster.md; needs requirements-cluster.txt)")
    sim.add_argument("--rules-grid", metavar="FILE", default=None,
                     help="play every pairing and mirror under each rules candidate of this "
                          "YAML file and print a table of the balance figures per candidate "
                          "(docs/balance.md)")
    sim.add_argument("--png", metavar="FILE", default=None,
                     help="also draw the win-rate matrix and per-seat figures as a PNG")
    sim.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                     help="progress bar on stderr (default: when stderr is a terminal)")
    sim.add_argument("--games", type=_positive, default=100, help="number of duels (100)")
    sim.add_argument("--seed", type=int, default=0, help="run seed; same seed, same duels (0)")
    sim.add_argument("--matches", type=_positive, default=None,
                     help="play N best-of-3 matches instead of single duels")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead")
    sim.add_argument("--rules", metavar="FILE", default=None,
                     help="play under this rules file instead of assets/rules.yaml (to try "
                          "new numbers before changing the game's own file)")
    from game.ui.snapshots import SNAPSHOT_SCENES  # no pygame: cheap for every command

    scenes = list(SNAPSHOT_SCENES)
    listed = ", ".join(scenes[:-1]) + " or " + scenes[-1]
    snap = sub.add_parser("snapshot", help="render one scene headless to a PNG",
                          description=f"Render a scene ({', '.join(scenes)}) headless and save "
                                      f"it as a PNG.")
    snap.add_argument("scene", help=listed)
    snap.add_argument("--out", required=True, metavar="FILE.png", help="where to save the PNG")
    snap.add_argument("--window", default="1280x720", metavar="WxH",
                      help="window size; the 1280x720 scene is scaled into it (1280x720)")
    snap.add_argument("--frames", type=_positive, default=30,
                      help="frames to run before saving, at 60 per second (30)")
    snap.add_argument("--deck", help="deckbuilder: open this deck (a name or a path)")
    snap.add_argument("--mode", choices=("hotseat", "versus_ai"), default="hotseat",
                      help="setup: which kind of duel (hotseat)")
    snap.add_argument("--type", dest="type_text", metavar="TEXT",
                      help="type TEXT first (deckbuilder: into the search box)")
    snap.add_argument("--hover", metavar="X,Y", help="put the pointer at X,Y (scene pixels)")
    snap.add_argument("--drag", metavar="X1,Y1,X2,Y2",
                      help="press at X1,Y1 and hold it while moving to X2,Y2 (a drag in progress)")
    snap.add_argument("--scenario", metavar="FILE",
                      help="duel: the start position of this scenario file (default: a busy "
                           "board); puzzles: this puzzle file, open in the duel screen; "
                           "how_to_play: this lesson (its file, title or file name)")
    snap.add_argument("--seat", type=int, choices=(1, 2), default=None,
                      help="duel, replay: whose view is shown (1 or 2)")
    sub.add_parser("paths", help="print the folders the game reads and writes",
                   description="Print each folder the game uses: config (settings.yaml), "
                               "data, decks, replays, saves, puzzles, logs (crash logs), "
                               "exports.")
    for name, help_text in (("bench", "every speed figure in one run (a checkout's "
                                      "scripts/bench_all.py; --quick, --json, --markdown)"),
                            ("scenario", "check scenario (puzzle) files and How to play lessons (a "
                                         "lesson file, title or file name; `lessons`: all)"),
                            ("check", "check card, deck and rules files, deck names and "
                                      "the deck builder's text export"),
                            ("replay", "print the duel log of a replay, its commands in words")):
        later = sub.add_parser(name, help=help_text, add_help=False)
        later.add_argument("args", nargs=argparse.REMAINDER)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the window or a sub-command; returns the process exit code. An uncaught
    exception is a crash: logged to the user log folder, one stderr line says where
    (game/files/crash.py), exit code 70."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _dispatch(argv)
    except Exception as exc:
        from game.files import crash

        return crash.report(exc, [_prog(), *argv])[0]


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] == "bench":  # scripts/bench_all.py's own parser owns the rest
        return run_bench(argv[1:])
    if argv and argv[0] in LATER_COMMANDS:  # their own parsers own the rest of the line
        return run_later(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return run_simulate(args.decks, args.games, args.seed, args.json, args.matches,
                            players=args.players, jobs=args.jobs, png=args.png,
                            progress=args.progress, rules_path=args.rules,
                            scheduler=args.scheduler, rules_grid=args.rules_grid)
    if args.command == "snapshot":
        return run_snapshot(args)
    if args.command == "paths":
        return run_paths()
    return run_window(args.frames, args.screenshot)


# ---------------------------------------------------------------- sub-commands
def run_later(name: str, args: list[str]) -> int:
    """Hand over to game.<name>.main(args), or say it is not there yet."""
    module_name = LATER_COMMANDS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:  # the module exists but something it needs does not
            raise
        print(f"{name}: not available yet", file=sys.stderr)
        return 2
    return int(module.main(args) or 0)


def run_bench(args: list[str]) -> int:
    """`bench`: scripts/bench_all.py of a checkout (benchmarks are a developer's tool and are
    not installed with the package; they reuse the other scripts in scripts/)."""
    from game.files.resources import SOURCE_ROOT

    path = SOURCE_ROOT / "scripts" / "bench_all.py"
    if not path.is_file():
        print("bench: needs a checkout of Phantom Duel (scripts/bench_all.py is not installed "
              "with the package)", file=sys.stderr)
        return 2
    spec = importlib.util.spec_from_file_location("bench_all", path)
    assert spec is not None and spec.loader is not None, "a .py file has a loader"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return int(module.main(args, prog=f"{_prog()} bench") or 0)


def _one_line(message: object) -> str:
    return " ".join(str(message).split())


def _fail(problems: Iterable[str], prefix: str = "simulate") -> int:
    for problem in problems:
        print(f"{prefix}: {_one_line(problem)}", file=sys.stderr)
    return 2


def run_simulate(deck_paths: list[str], games: int, seed: int, as_json: bool,
                 matches: int | None = None, players: list[str] | None = None,
                 jobs: int | None = None, png: str | None = None,
                 progress: bool | None = None, rules_path: str | None = None,
                 scheduler: str | None = None, rules_grid: str | None = None) -> int:
    """Load cards, rules and the legal decks, then print the balance report (or, with a
    rules grid, the table of the balance figures per rules candidate)."""
    from game.cards import CardDataError, load_card_set
    from game.decks.deck import DeckError, load_deck, validate_deck
    from game.designer.balance import BalanceRun, run_balance, run_rules_grid
    from game.designer.cluster import ClusterError
    from game.designer.rules_grid import load_rules_grid
    from game.designer.sim import (
        SimError,
        SimResult,
        default_jobs,
        level_players,
        simulate_matches,
    )
    from game.rules.file import RULES_PATH, RulesFileError, load_rules

    try:
        pool = load_card_set()
    except CardDataError as exc:
        return _fail(exc.problems)
    except (OSError, ValueError) as exc:
        return _fail([f"cannot load the card set: {exc}"])
    try:
        rules = load_rules(rules_path or RULES_PATH)
    except (RulesFileError, OSError, ValueError) as exc:
        return _fail(str(exc).splitlines())
    decks, problems = [], []
    for path in map(_deck_path, deck_paths):
        try:
            deck = load_deck(path)
        except DeckError as exc:
            problems += exc.problems
            continue
        except (OSError, ValueError) as exc:
            problems.append(f"{path}: cannot read the deck file ({exc})")
            continue
        problems += [f"{path}: illegal deck: {p}" for p in validate_deck(deck, pool)]
        decks.append(deck)
    if problems:
        return _fail(problems)
    levels = players or ["random", "random"]
    if matches and len(decks) != 2:
        return _fail(["--matches needs exactly two decks"])
    if matches and (scheduler or rules_grid):
        return _fail(["--matches plays on this machine, without --scheduler or --rules-grid"])
    if rules_grid and png:
        return _fail(["--png draws one run's matrix, not a --rules-grid table"])
    candidates = None
    if rules_grid:
        try:
            candidates = load_rules_grid(rules_grid, rules)
        except (RulesFileError, OSError) as exc:
            return _fail(str(exc).splitlines())
    result: Any
    try:
        if matches:
            result = simulate_matches(pool, rules, decks[0], decks[1], matches, seed,
                                      level_players(levels, decks[0], decks[1]))
        elif candidates is not None:
            result = run_rules_grid(pool, candidates, decks, games, seed, levels,
                                    jobs or default_jobs(), progress, scheduler)
        else:
            result = run_balance(pool, rules, decks, games, seed, levels,
                                 jobs or default_jobs(), progress, scheduler)
    except ClusterError as exc:
        return _fail([str(exc)])
    except (SimError, RuntimeError) as exc:
        print(f"simulate: engine error: {_one_line(exc)}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(result.to_dict()))
    elif isinstance(result, (SimResult, BalanceRun)):  # card tables: names, as the screens show
        print(result.format_report(card_names={cid: card.name for cid, card in pool.items()}))
    else:
        print(result.format_report())
    if png and not matches:
        from game.designer.balance_png import save_png as save_balance_png
        from game.files.fileio import FileError

        try:
            save_balance_png(result, png)
        except (FileError, OSError) as exc:
            print(f"simulate: cannot save {png}: {_one_line(exc)}", file=sys.stderr)
            return 1
    return 0


def _deck_path(given: str) -> str:
    """A deck file from a path or a deck name (the player's decks first, then the starters)."""
    from game.files.fileio import is_file

    if is_file(given):  # never raises, whatever the name (the reader names its problem)
        return given
    from game.decks.library import resolve_deck

    found = resolve_deck(given)
    return str(found) if found is not None else given


def folders() -> dict[str, Path]:
    """Every folder the game uses for the player's files, by name (each module's own)."""
    from game.files import folders
    from game.play import puzzles, suspend
    from game.play.replay import replays_dir

    return {"config": folders.config_dir(), "data": folders.data_dir(),
            "decks": folders.decks_dir(), "replays": replays_dir(),
            "saves": suspend.path().parent, "puzzles": puzzles.user_dir(),
            "logs": folders.log_dir(), "exports": folders.exports_dir()}


def run_paths() -> int:
    """`paths`: one `name: folder` line each (a folder not made yet is still listed)."""
    for name, folder in folders().items():
        print(f"{name + ':':9}{folder}")
    return 0


# ---------------------------------------------------------------------- window
def run_window(frames: int | None = None, screenshot: str | None = None) -> int:
    """The window (game.ui.app: one 1280x720 canvas scaled to the window) on the menu."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.app import App
    from game.ui.menu import MenuScene

    try:
        app = App(WINDOW_SIZE)
    except pygame.error as exc:
        print(f"cannot open a window: {exc}", file=sys.stderr)
        pygame.quit()
        return 1
    try:
        from game.files import folders
        from game.ui import look, sound

        folders.sweep_leftovers()  # temp files of writes a killed run never finished
        settings = folders.load_settings()
        if settings.get("display", "fullscreen"):
            app.toggle_fullscreen(remember=False)
        look.apply(settings)  # colours, motion, text size, volume as Settings say
        sound.SOUND.start()  # the effects are made in the background; silent without a device
        return app.run([MenuScene()], frames, screenshot)
    except Exception as exc:  # a crash in the main loop: logged, said on stderr and in the window
        from game.files import crash
        from game.ui import crash_screen

        code, log = crash.report(exc, [_prog(), *sys.argv[1:]])
        headless = frames is not None or os.environ.get("SDL_VIDEODRIVER") == "dummy"
        crash_screen.show(app, log, wait=not headless)
        return code
    finally:
        app.close()


def run_snapshot(args: argparse.Namespace) -> int:
    """Render one scene headless for `--frames` frames and save the window as a PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.app import App
    from game.ui.loaded import RouteError
    from game.ui.snapshots import SNAPSHOT_SCENES

    if args.scene not in SNAPSHOT_SCENES:
        print(f"snapshot: unknown scene {args.scene!r}; one of {', '.join(SNAPSHOT_SCENES)}",
              file=sys.stderr)
        return 2
    try:
        w, h = (int(v) for v in args.window.lower().split("x"))
        hover = tuple(int(v) for v in args.hover.split(",")) if args.hover else None
        drag = tuple(int(v) for v in args.drag.split(",")) if getattr(args, "drag", None) else None
        if w < 200 or h < 150 or (hover is not None and len(hover) != 2) or (
                drag is not None and len(drag) != 4):
            raise ValueError
    except ValueError:
        print("snapshot: --window is WxH (at least 200x150), --hover is X,Y and --drag is "
              "X1,Y1,X2,Y2", file=sys.stderr)
        return 2
    app = App((w, h))
    try:
        from game.files import folders
        from game.ui import look

        look.apply(folders.load_settings())  # colours and text size as Settings say
        try:
            scene = SNAPSHOT_SCENES[args.scene](args)
        except RouteError as exc:
            print(f"snapshot: {exc}", file=sys.stderr)
            return 2
        events = []
        if args.type_text:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=args.type_text))
        if hover is not None:
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=hover, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        if drag is not None:
            x1, y1, x2, y2 = drag
            events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(x1, y1), rel=(0, 0),
                                             buttons=(0, 0, 0)))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x1, y1), button=1))
            for k in range(1, 5):
                pos = (x1 + (x2 - x1) * k // 4, y1 + (y2 - y1) * k // 4)
                events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
        return app.run([scene], args.frames, args.out, fixed_dt=1 / 60,
                       before_frame=lambda n: events if n == 0 else ())
    finally:
        app.close()


def save_png(surface: pygame.Surface, path: str) -> int:
    """Save `surface` as PNG, atomically (one writer: game.ui.app.save_png)."""
    from game.ui.app import save_png as save

    return save(surface, path)

