"""File-limit benchmark (not a test): how long hostile and broken files take to be refused.

    python scripts/bench_files.py [--json] [--repeat 3] [--check]

The tests prove what the limits do: a file over its size limit is not read, an alias bomb or
deep nesting is refused from the first few nodes (tests/files/test_fileio.py), and every hostile
or mutated file gets one clear line (tests/test_hostile_files.py, tests/test_file_fuzz.py).
This measures how long that takes. Each timing is the best of `--repeat` runs (on a shared
machine other work only ever slows a run down, as in scripts/bench.py). Targets:

- the alias bomb, and each deeply nested text, refused by load_yaml: at most 0.5 s;
- a sparse 16 MB deck file refused by its size: at most 0.1 s;
- each hostile deck through `main.py check` and `main.py simulate --decks`, and each hostile
  scenario through `main.py scenario` (the lists in tests/test_hostile_files.py): at most 1 s;
- every huge value (tests/test_file_fuzz.py's HUGE) at every field of a deck file and of the
  fuzzed scenario files, loaded or run: at most 1 s each;
- a real `python main.py check` of the alias-bomb deck, startup included: at most 10 s
  (about 0.2 s);
- the autosave's cost on the drawing path per accepted command (`autosave_cost_us`, what
  `DuelSession.apply` adds: one line formatted and queued for the writer thread): p95 at
  most 1000 us (about 5 us); and how long the writer takes to get a burst to disk;
- a decks folder of 200 large files (about 60 KiB each) listed as duel setup and the deck
  builder list it, a header per file (`deck_list_large_s`): at most 0.5 s; and one of them
  read whole as opening it does (`deck_open_large_s`, for comparison).

Prints one line per measurement (`--json`: one JSON object); `--check` exits 1 when a target
is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import io
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

from bench_autosave import autosave_cost_us  # noqa: E402 - `main.py bench` calls it

import main as cli  # noqa: E402
from game.decks.deck import DeckError, load_deck  # noqa: E402
from game.files.fileio import FileError, read_text  # noqa: E402
from game.files.resources import starter_deck  # noqa: E402
from game.files.yamlio import YamlLimitError, dump_yaml, load_yaml  # noqa: E402
from game.play.scenario import run_scenario  # noqa: E402
from tests.files.test_fileio import alias_bomb  # noqa: E402
from tests.test_file_fuzz import HUGE, SCENARIOS, get, paths, source  # noqa: E402
from tests.test_hostile_files import (  # noqa: E402
    GOOD_DECK,
    HOSTILE_DECKS,
    HOSTILE_SCENARIOS,
    alias_bomb_deck,
    write,
)

DEEP = ["[" * 100_000 + "]" * 100_000, "- " * 100_000 + "x",
        "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 20 + "*a" + "]" * 20]

# measurement key -> target (seconds, at most)
TARGETS = {"alias_bomb_s": 0.5, "deep_nesting_s": 0.5, "size_refusal_s": 0.1,
           "hostile_cli_s": 1.0, "mutant_s": 1.0, "hostile_process_s": 10.0,
           "autosave_p95_us": 1000.0, "deck_list_large_s": 0.5}


def timed(action: Callable[[], object], repeat: int) -> float:
    """Best of `repeat` wall-clock runs of `action`, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - t0)
    return best


def refused(action: Callable[[], object], *errors: type[BaseException]) -> Callable[[], None]:
    def run() -> None:
        try:
            action()
        except errors:
            return
        raise AssertionError("expected a refusal")
    return run


def loader_limits(repeat: int, folder: Path) -> dict:
    bomb = alias_bomb()
    big = folder / "big.yaml"
    with big.open("wb") as fh:  # sparse: costs nothing to make
        fh.truncate(16 * 1024 * 1024)
    return {
        "alias_bomb_s": timed(refused(lambda: load_yaml(bomb), YamlLimitError), repeat),
        "deep_nesting_s": max(timed(refused(lambda t=text: load_yaml(t), YamlLimitError), repeat)
                              for text in DEEP),
        "size_refusal_s": timed(refused(lambda: read_text(big, "deck"), FileError), repeat),
    }


def quiet_main(*argv: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return cli.main(list(argv))


def hostile_cli(repeat: int, folder: Path) -> dict:
    runs: list[tuple[float, str]] = []
    for name, content, _needle in HOSTILE_DECKS:
        path = write(folder, name, content)
        runs.append((timed(lambda p=path: quiet_main("check", str(p)), repeat), f"check {name}"))
        runs.append((timed(lambda p=path: quiet_main("simulate", "--decks", str(p),
                                                     str(GOOD_DECK), "--games", "1"), repeat),
                     f"simulate {name}"))
    for name, content, _needle in HOSTILE_SCENARIOS:
        path = write(folder, f"scenario_{name}", content)
        runs.append((timed(lambda p=path: quiet_main("scenario", str(p)), repeat),
                     f"scenario {name}"))
    worst, which = max(runs)
    return {"hostile_cli_s": worst, "hostile_cli_slowest": which, "hostile_cli_runs": len(runs)}


def _mutants(path: Path):
    """(where, value, data): every HUGE value at every field of the file at `path`."""
    for where in paths(source(path)):
        if not where:
            continue
        for value in HUGE:
            data = copy.deepcopy(source(path))
            get(data, where[:-1])[where[-1]] = value
            yield where, value, data


def _load_deck(path: Path) -> None:
    try:
        load_deck(path)
    except DeckError:
        pass


def mutants(repeat: int, folder: Path) -> dict:
    """Every huge value at every field, timed once; the slowest five again, best of `repeat`."""
    runs: list[tuple[float, str, Callable[[], object]]] = []
    files = [(starter_deck("hive_swarm"), _load_deck)]
    files += [(REPO / "tests" / "scenarios" / f"{name}.yaml", run_scenario) for name in SCENARIOS]
    for k, (original, run) in enumerate(files):
        for i, (where, value, data) in enumerate(_mutants(original)):
            path = folder / f"m{k}_{i}" / original.name
            path.parent.mkdir()
            path.write_text(dump_yaml(data), encoding="utf-8")
            action = functools.partial(run, path)
            label = f"{original.name} {'.'.join(map(str, where))} = {str(value)[:12]}"
            runs.append((timed(action, 1), label, action))
    slowest = sorted(runs, key=lambda r: r[0], reverse=True)[:5]
    again = [(timed(action, repeat), label) for _t, label, action in slowest]
    worst, which = max(again)
    return {"mutant_s": worst, "mutant_slowest": which, "mutant_runs": len(runs)}


def hostile_process(repeat: int, folder: Path) -> dict:
    path = write(folder, "bomb.yaml", alias_bomb_deck())

    def run() -> None:
        proc = subprocess.run([sys.executable, str(REPO / "main.py"), "check", str(path)],
                              cwd=REPO, capture_output=True, text=True, timeout=120)
        assert proc.returncode != 0
    return {"hostile_process_s": timed(run, repeat)}


def autosave(repeat: int, folder: Path) -> dict:
    got = autosave_cost_us(2000, folder)
    return {"autosave_p50_us": got["p50_us"], "autosave_p95_us": got["p95_us"],
            "autosave_max_us": got["max_us"], "autosave_flush_ms": got["flush_ms"]}


LARGE_DECKS = 200


def deck_list(repeat: int, folder: Path) -> dict:
    """A decks folder of LARGE_DECKS large files (about 60 KiB each: 1,900 entries, where a
    legal deck has at most 80) listed as duel setup and the deck builder list them (a header
    per file), and one of them read whole, as opening it does."""
    import os

    from game.cards import load_card_set
    from game.decks import library
    from game.files import folders

    pool = load_card_set()
    saved = os.environ.get(folders.ENV_HOME)
    os.environ[folders.ENV_HOME] = str(folder)
    try:
        decks = folders.decks_dir()
        decks.mkdir(parents=True)
        body = "main:\n" + "".join(f"  - {{card: card_{i:05d}, count: 1}}\n" for i in range(1900))
        for i in range(LARGE_DECKS):
            (decks / f"big_{i:03d}.yaml").write_text(f"name: Big {i}\n{body}", encoding="utf-8")
        listed = timed(lambda: library.list_decks(pool, starters=False), repeat)
        whole = timed(lambda: library.read_deck(decks / "big_000.yaml", pool), repeat)
    finally:
        if saved is None:
            os.environ.pop(folders.ENV_HOME, None)
        else:
            os.environ[folders.ENV_HOME] = saved
    return {"deck_list_large_s": listed, "deck_list_large_files": LARGE_DECKS,
            "deck_open_large_s": whole}


MEASUREMENTS: list[Callable[[int, Path], dict]] = [loader_limits, hostile_cli, mutants,
                                                    hostile_process, autosave, deck_list]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object only")
    parser.add_argument("--repeat", type=int, default=3, help="runs per timing; the best counts")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="run only these measurements (loader_limits, hostile_cli, ...)")
    args = parser.parse_args(argv)
    repeat = max(1, args.repeat)
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for measure in MEASUREMENTS:
            if not args.only or measure.__name__ in args.only:
                folder = Path(tmp) / measure.__name__
                folder.mkdir()
                results.update(measure(repeat, folder))
    results = {k: round(v, 4) if isinstance(v, float) else v for k, v in results.items()}
    missed = [k for k, limit in TARGETS.items() if k in results and results[k] > limit]
    if args.json:
        print(json.dumps({**results, "targets_missed": missed}))
    else:
        width = max(map(len, results), default=0)
        for k, v in results.items():
            unit = "us" if k.endswith("_us") else "s"
            target = f"  (target <= {TARGETS[k]} {unit}{', MISSED' if k in missed else ''})" \
                if k in TARGETS else ""
            print(f"{k:<{width}}  {v}{target}")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
