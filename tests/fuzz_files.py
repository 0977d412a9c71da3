"""The file fuzz harness (tests/test_file_fuzz_all.py, scripts): every kind of file the game
reads, broken every way we know, through the game's one reading path for that kind; and a
writer process killed at random moments during every kind of write.

A campaign writes good files of each kind into a private home, derives hostile versions
(generic: empty, cut short, binary, bad UTF-8, deep nesting, huge numbers, duplicate keys,
an alias bomb, a python tag; structural: a field replaced by a wrong type, a huge number, a
deep nest, a long text, a key dropped or renamed; special: a replay whose commands turn
illegal midway, saves whose state hash does not match), and reads each one. Every outcome
must be a success or one clear line (naming the file when it is the file's fault), the
bytes must be left as they were, and the game must still start. `Stats` counts it all.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path

from game.files.resources import PUZZLE_DIR, starter_deck
from game.files.yamlio import dump_yaml

REPO = Path(__file__).resolve().parent.parent
KINDS = ("settings", "suspended", "autosave", "replay", "replay_v1", "replay_puzzle", "puzzle",
         "progress", "deck", "export")
# format 2 (events, card data), the format 1 of old files, a puzzle's (from a position)
REPLAYS = ("replay", "replay_v1", "replay_puzzle")


@dataclass
class Stats:
    files: int = 0
    kinds: set[str] = field(default_factory=set)
    refused: int = 0  # a clear one-line message
    accepted: int = 0  # read fine (the mutation left it valid)
    screened: int = 0  # files also opened by the CLI and every screen that reads them
    home: Path | None = None  # set: screen (and CLI-check) each file read
    kills: int = 0
    cut_writes: Counter = field(default_factory=Counter)  # temp files a kill left, by target
    left_temps: int = 0  # temp files still there after the next start's sweep
    failures: list[str] = field(default_factory=list)
    slowest_cpu_s: float = 0.0

    def line(self) -> str:
        return (f"{self.files} files of {len(self.kinds)} kinds ({self.refused} refused in one "
                f"line, {self.accepted} read fine; {self.screened} also through the CLI and the "
                f"screens), {self.kills} kills "
                f"({sum(self.cut_writes.values())} cut a write: "
                f"{', '.join(f'{k} {n}' for k, n in sorted(self.cut_writes.items()))}), "
                f"{self.left_temps} temp files left after the sweep, "
                f"{len(self.failures)} failures, slowest read {self.slowest_cpu_s:.3f} s CPU")


# ------------------------------------------------------------------ good files
def pool():
    from tests.kit import base_pool

    return base_pool()


def rules():
    """Today's rules as the client plays them (the shipped rules file)."""
    from game.rules.file import load_rules

    return load_rules()


def good_files(home: Path) -> dict[str, Path]:
    """One valid file of every kind in `home` (PHANTOM_DUEL_HOME must point there)."""
    from game.decks import library
    from game.decks.deck import load_deck
    from game.decks.text import deck_to_text
    from game.files import folders
    from game.play import autosave, suspend
    from game.play import puzzles as pz
    from game.play import replay as R
    from game.ui.replays import demo
    from tests.play.test_suspend import capture, played

    out: dict[str, Path] = {}
    settings = folders.load_settings()
    settings.set("duel", "speed", "fast")
    assert settings.save() is None
    out["settings"] = folders.data_dir() / folders.SETTINGS_FILE
    match, duel = played(steps=30)
    suspend.save(capture(match, duel))
    out["suspended"] = suspend.path()
    journal = autosave.Journal(autosave.match_header(capture(match, duel, mode="hotseat")))
    rng = random.Random(3)
    for _ in range(20):
        if duel.over:
            break
        cmd = rng.choice(duel.legal_actions())
        duel.apply(cmd)
        journal.append(cmd)
    journal.flush()
    out["autosave"] = autosave.path()
    replay = demo.demo_replay(pool())
    out["replay"] = R.save_replay(replay, R.replays_dir())
    out["replay_v1"] = R.replays_dir() / "old format.yaml"  # a replay from before format 2
    out["replay_v1"].write_text(dump_yaml(R.Replay(**{
        f.name: getattr(replay, f.name) for f in fields(R.Replay)
        if f.name not in ("cards", "events", "kept", "game_version")}).to_data()), "utf-8")
    chosen = next(p for p in pz.list_puzzles(PUZZLE_DIR, Path("/nonexistent"))
                  if isinstance(p, pz.Puzzle) and p.name == "Two Become One")
    start = chosen.build()
    attempt = start.clone()
    for cmd in pz.run_solution(chosen).commands:
        attempt.apply(cmd)
    out["replay_puzzle"] = R.save_replay(R.record_puzzle(start, attempt, chosen.name, chosen.seat,
                                                         chosen.opponent, True), R.replays_dir())
    puzzles = pz.user_dir()
    puzzles.mkdir(parents=True, exist_ok=True)
    out["puzzle"] = puzzles / "mine.yaml"
    shutil.copyfile(PUZZLE_DIR / "01_through_the_guard.yaml", out["puzzle"])
    progress = pz.load_progress()
    progress.solved = {"shipped/01_through_the_guard", "mine/mine"}
    assert progress.save() is None
    out["progress"] = progress.path or folders.data_dir() / pz.PROGRESS_FILE
    deck = load_deck(starter_deck("ember_rush"))
    out["deck"] = library.save_new_deck(deck)
    exports = folders.exports_dir()
    exports.mkdir(parents=True, exist_ok=True)
    out["export"] = exports / "ember_rush.txt"
    out["export"].write_text(deck_to_text(deck, pool()), encoding="utf-8")
    (exports / "ember_rush.yaml").write_text(library.deck_yaml(deck), encoding="utf-8")
    return out


# ------------------------------------------------------------------ the one reading path
def read(kind: str, path: Path) -> str | None:
    """Read `path` as the game reads a file of `kind`: None when it is fine, else the one
    message the player sees. Anything raised here is a failure of the game."""
    from game.decks import library
    from game.files import folders
    from game.files.fileio import FileError
    from game.play import autosave, suspend
    from game.play import puzzles as pz
    from game.play import replay as R

    if kind == "settings":
        return folders.load_settings(path).problem or None
    if kind == "suspended":
        try:
            suspend.restore(suspend.load(path), pool(), path)
        except FileError as exc:
            return str(exc)
        return None
    if kind == "autosave":
        try:
            save = autosave.load(path)
            if save.match is not None:
                autosave.restore_match(save, pool(), path)
        except FileError as exc:
            return str(exc)
        return None
    if kind in REPLAYS:
        entry = R.read_entry(path, pool())  # the list: its header only
        try:
            replay = R.load_replay(path, pool())  # watching: the whole file, then played
            run = R.ReplayRun.play(replay, pool())
            verdict = R.check_replay(replay, pool(), rules())  # and checked on today's game
        except R.ReplayError as exc:
            return str(exc)
        if entry.replay is None:
            return f"{path}: {entry.problem}"
        if run.stopped:
            return f"{path}: {run.stopped}"
        if run.warnings:
            return f"{path}: {run.warnings[0]}"
        # today's game may play it differently: it still opens (as `main.py replay` does),
        # and the check says why in one line
        assert verdict.reproduced or "\n" not in verdict.sentence(), verdict.sentence()
        return None
    if kind == "puzzle":
        got = pz.list_puzzles(shipped=None, mine=path.parent)
        broken = [p for p in got if isinstance(p, pz.BrokenPuzzle) and p.path == path]
        try:
            pz.load_puzzle(path, "mine")
        except pz.PuzzleError as exc:
            assert broken and broken[0].problem == str(exc), "the list and the reader differ"
            return str(exc)
        assert not broken
        return None
    if kind == "progress":
        return pz.load_progress(path).problem or None
    if kind == "deck":
        listed = library.read_deck(path, pool(), header_only=True)  # the lists: a header
        entry = library.read_deck(path, pool())  # opened or chosen: the whole file
        assert listed.name.isprintable() and entry.name.isprintable()
        assert listed.full(pool()) == entry, "the list and the reader differ"
        return None if entry.legal else entry.problems[0] if entry.problems else entry.status
    if kind == "export":
        deck, problems = library.read_import(path, pool())
        if deck is not None:
            assert deck.name.isprintable()
        return problems[0] if problems else None
    raise ValueError(kind)


# ------------------------------------------------------------------ mutants
JSON_KINDS = {"suspended", "autosave"}
YAML_KINDS = {"settings", "replay", "replay_v1", "replay_puzzle", "puzzle", "progress", "deck"}

ALIAS_BOMB = ("a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n"
    for i in range(8))).encode()
WRONG = [None, True, False, 0, -1, 1.5, float("inf"), "", "x", [], {}, [1, 2], {"a": 1},
         10**30, -10**30, 2**64, "x" * 5000, "\x00", "line\nbreak", "é" * 300]


def _deep(depth: int = 200):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def _places(data, here=()) -> list[tuple]:
    out = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _places(value, (*here, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:40]):  # a long list: its first entries
            out += _places(value, (*here, i))
    return out


def _get(data, place):
    for step in place:
        data = data[step]
    return data


def _load(kind: str, raw: bytes):
    if kind == "autosave":
        head, _, rest = raw.partition(b"\n")
        return json.loads(head), rest
    if kind in JSON_KINDS:
        return json.loads(raw), b""
    from game.files.yamlio import load_yaml

    return load_yaml(raw.decode("utf-8")), b""


def _dump(kind: str, data, rest: bytes) -> bytes:
    if kind == "autosave":
        return json.dumps(data).encode() + b"\n" + rest
    if kind in JSON_KINDS:
        return json.dumps(data).encode()
    from game.files.yamlio import dump_yaml

    try:
        return dump_yaml(data).encode("utf-8")
    except Exception:  # a value YAML cannot write: written as JSON (YAML too)
        return json.dumps(data, default=str).encode()


def structural(kind: str, raw: bytes, rng: random.Random) -> tuple[str, bytes] | None:
    """One field of the parsed file changed (type, huge, deep, dropped, renamed key)."""
    if kind == "export" and not raw.lstrip().startswith(b"name"):
        lines = raw.split(b"\n")
        i = rng.randrange(len(lines))
        lines[i] = rng.choice([b"99999 stone_sentry", b"-3 x", b"x" * 3000, b"\x00\x01",
                               b"3 " + b"y" * 300, b"1e30 iron_hound", b""])
        return f"line {i}", b"\n".join(lines)
    try:
        data, rest = _load(kind if kind != "export" else "deck", raw)
    except Exception:
        return None
    data = copy.deepcopy(data)
    place = rng.choice(_places(data))
    how = rng.choice(["type", "type", "huge", "deep", "drop", "key"])
    if not place:
        return "root", _dump(kind, rng.choice(WRONG[:12]), rest)
    parent, last = _get(data, place[:-1]), place[-1]
    if how == "drop":
        del parent[last]
    elif how == "key" and isinstance(parent, dict):
        parent[rng.choice(["", "x" * 300, "?", "kind"])] = parent.pop(last)
    elif how == "deep":
        parent[last] = _deep(rng.choice([60, 200, 2000]))
    elif how == "huge":
        parent[last] = rng.choice([10**30, -10**30, 2**70, 10**300, 1e308, "9" * 5000])
    else:
        parent[last] = rng.choice(WRONG)
    try:
        return f"{how} {'/'.join(map(str, place))[:80]}", _dump(kind, data, rest)
    except (ValueError, RecursionError):
        return None


def generic(kind: str, raw: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    cut = rng.randrange(1, max(2, len(raw)))
    at = rng.randrange(0, max(1, len(raw)))
    out = [("empty", b""), ("truncated", raw[:cut]), ("binary", bytes(rng.randrange(256)
                                                                  for _ in range(2048))),
           ("invalid utf-8", raw[:at] + b"\xff\xfe\xc3" + raw[at:]),
           ("deep nesting", b"[" * 100_000 + b"]" * 100_000),
           ("huge number", b"x: " + b"9" * 20_000 + b"\n" if kind not in JSON_KINDS
            else b'{"kind": ' + b"9" * 20_000 + b"}"),
           ("nul", raw[:at] + b"\x00" + raw[at:])]
    if kind in YAML_KINDS or kind == "export":
        first = raw.split(b"\n", 1)[0]
        out += [("duplicate keys", first + b"\n" + raw),
                ("alias bomb", ALIAS_BOMB),
                ("python tag", b"name: !!python/object/apply:os.getcwd []\n" + raw),
                ("python tag 2", raw.replace(b": ", b": !!python/name:os.system ", 1))]
    else:
        out += [("duplicate keys", raw.replace(b"{", b'{"format": 9, ', 1)),
                ("json nan", raw.replace(b'"format":1', b'"format":NaN', 1))]
    return out


def special(kind: str, raw: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    """A replay whose commands turn illegal midway; saves whose hash does not match."""
    out: list[tuple[str, bytes]] = []
    if kind in REPLAYS:
        lines = raw.split(b"\n")
        cmds = [i for i, ln in enumerate(lines) if ln.startswith(b"- ") and b"player=" in ln]
        if cmds:
            i = cmds[len(cmds) // 2]
            illegal = b"- Summon player=0 card=9999 zone=phantom index=0 attack=true face_up=true"
            out.append(("illegal midway", b"\n".join(lines[:i] + [illegal] + lines[i + 1:])))
        data, _ = _load(kind, raw)
        data["final_hash"] = "0" * 64
        out.append(("final hash differs", _dump(kind, data, b"")))
    if kind == "replay_puzzle":
        data, _ = _load(kind, raw)
        position = json.loads(data["start"]["position"])
        for change in ({"cards": "x"}, {"players": [{"lp": "x"}] * 2}, {"phase": "tea"},
                       {"choice": {"player": 9}}):
            bad = {**data, "start": {**data["start"], "position": json.dumps({**position, **change})}}
            out.append((f"position {next(iter(change))}", _dump(kind, bad, b"")))
        no_position = {**data, "start": {k: v for k, v in data["start"].items() if k != "position"}}
        out.append(("no position", _dump(kind, no_position, b"")))
    if kind == "replay":
        from game.play.replay.codec import pack_events, unpack_events

        data, _ = _load(kind, raw)
        events = list(unpack_events(data["events"]))
        events[len(events) // 2] = {**events[len(events) // 2], "type": "Teleported"}
        out.append(("an event differs", _dump(kind, {**data, "events": pack_events(events)}, b"")))
        out.append(("events cut", _dump(kind, {**data, "events": pack_events(events[:9])}, b"")))
        out.append(("events not zlib", _dump(kind, {**data, "events": "AAAA"}, b"")))
        import zlib
        bomb = __import__("base64").b64encode(zlib.compress(b"[" + b" " * 80_000_000 + b"]", 9))
        out.append(("events zip bomb", _dump(kind, {**data, "events": bomb.decode()}, b"")))
        cards = copy.deepcopy(data["cards"])
        phantom = next(c for c in cards if c.get("type") == "phantom")
        phantom["atk"] = phantom["atk"] + 700
        out.append(("a kept card differs", _dump(kind, {**data, "cards": cards}, b"")))
        out.append(("a kept card broken", _dump(kind, {**data, "cards": [{"id": "x"}] + cards}, b"")))
        out.append(("no kept cards", _dump(kind, {k: v for k, v in data.items() if k != "cards"}, b"")))
        lines = raw.split(b"\n")  # the card lines as the game writes them (JSON), one broken
        at = max(i for i, ln in enumerate(lines) if ln.startswith(b"- {"))
        for broken in (b"- {\"id\": ", b"- {\"id\": \"x\", \"id\": \"y\"}", b"- {\"atk\": NaN}",
                       b"- [1, 2]", b"- " + b"[" * 5000):
            out.append((f"card line {broken[:12]!r}", b"\n".join(lines[:at] + [broken] + lines[at + 1:])))
    if kind in ("suspended", "autosave"):
        data, rest = _load(kind, raw)
        duel = data["duel"] if kind == "suspended" else data["match"]["duel"]
        duel["players"][0]["lp"] = duel["players"][0]["lp"] + 1
        out.append(("hash does not match", _dump(kind, data, rest)))
    if kind in ("deck", "export"):  # large: a list reads its header only
        note = b"".join(b"# a long note, line %d: " % i + b"x" * 70 + b"\n" for i in range(200))
        out += [("large", raw + note), ("large, note first", note + raw)]
    if kind == "autosave":
        out.append(("illegal midway", raw + b"Summon player=0 card=9999 zone=phantom index=0 "
                                            b"attack=true face_up=true\nPass player=0\n"))
        out.append(("not a command", raw + b"Teleport player=0\n"))
        out.append(("note before the end", raw + b'@{"note":"first","player":0,"goes_first":true}\n'))
        out.append(("damaged note", raw + b'@{"note":"side","player":0,"main":[1e999]}\n'))
    return out


# ------------------------------------------------------------------ the CLI and the screens
CLI_OF = {"replay": "replay", "replay_v1": "replay", "replay_puzzle": "replay", "deck": "check",
          "puzzle": "scenario"}  # kinds the CLI reads


def cli_disagrees(kind: str, path: Path, message: str | None) -> str | None:
    """The command that reads a file of `kind` (`main.py replay`, `check`, `scenario`) must
    accept it when the screens do and refuse it when they do; None when it agrees."""
    import contextlib
    import io

    from game.cli import main

    if kind not in CLI_OF:
        return None
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = main([CLI_OF[kind], str(path)])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    except Exception as exc:  # this is what the harness looks for
        return f"main.py {CLI_OF[kind]} raised {type(exc).__name__}: {exc}"
    text = out.getvalue()
    if "Traceback" in text:
        return f"main.py {CLI_OF[kind]} printed a traceback"
    if kind == "puzzle":  # a puzzle that reads fine may still FAIL, or stop (ERROR under
        # its name) while its own line of commands runs: the screens do not run that line
        refused = any(line.startswith(f"ERROR {path}:") for line in text.splitlines())
        if refused and message is not None and message not in text:
            return f"main.py scenario refuses it with another line: {text[:200]!r}"
    else:
        refused = code != 0
    if refused != (message is not None):
        return (f"main.py {CLI_OF[kind]} {'refuses' if refused else 'accepts'} it, the screens "
                f"{'refuse' if message is not None else 'accept'} it: {text[:200]!r}")
    return None


_WINDOW: list = []


def _window():
    """A headless pygame window for the screens (made once)."""
    if not _WINDOW:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        pygame.display.init()
        pygame.font.init()
        _WINDOW.append(pygame.display.set_mode((1280, 720)))
    return _WINDOW[0]


def _open_screens(kind: str, path: Path) -> None:
    """Every screen that reads a file of `kind`, built over the one at `path`, drawn, and
    the action that opens the file taken (and what it leads to drawn)."""
    from game.ui.deckbuilder.scene import DeckBuilderScene
    from game.ui.duel.resume import resume_scene
    from game.ui.menu import MenuScene
    from game.ui.puzzles_scene import PuzzlesScene
    from game.ui.replays.list_scene import ReplaysScene
    from game.ui.settings_scene import SettingsScene
    from game.ui.setup_scene import DuelSetupScene

    window = _window()
    shown: list = [MenuScene()]
    if kind == "settings":
        shown += [SettingsScene(), DuelSetupScene("hotseat", pool()), DeckBuilderScene(pool())]
    elif kind in ("suspended", "autosave"):
        shown.append(resume_scene())  # Continue
    elif kind in REPLAYS:
        scene = ReplaysScene(pool(), threaded=False)
        scene.wait_loaded()
        for entry in scene.entries:
            scene.watch(entry)
        shown += [scene, *(t.scene for t in [scene.pending] if t is not None)]
    elif kind in ("puzzle", "progress"):
        scene = PuzzlesScene(threaded=False)
        for entry in scene.entries:
            if getattr(entry, "path", None) == path:
                scene.play(entry)
        shown += [scene, *(t.scene for t in [scene.pending] if t is not None)]
    elif kind == "deck":
        setup = DuelSetupScene("hotseat", pool())
        for entry in list(setup.entries):
            if entry.path == path:
                setup.choose(0, entry)
        builder = DeckBuilderScene(pool(), open_last=False)
        for option in builder.deck_options():
            if option.value.path == path:
                builder.open_entry(option.value)
        shown += [setup, builder]
    elif kind == "export":
        builder = DeckBuilderScene(pool(), open_last=False)
        builder.import_file()
        dialog = builder.modal
        assert dialog is not None and dialog.field is not None
        dialog.field.value = str(path)
        action = dialog.buttons_spec[0].action
        assert action is not None
        action()
        shown.append(builder)
    for scene in shown:
        scene.draw(window)


def screens_fail(kind: str, path: Path, home: Path) -> str | None:
    """The screens over the file (`_open_screens`); None when none raised. Whatever the
    screens wrote (a resumed duel's autosave, settings they saved) is undone after."""
    from game.play import autosave

    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    try:
        _open_screens(kind, path)
        problem = None
    except Exception as exc:  # this is what the harness looks for
        problem = f"a screen raised {type(exc).__name__}: {exc}"
    autosave.writer().flush()
    for p in home.rglob("*"):
        if p.is_file() and p not in before:
            p.unlink()
    for p, data in before.items():
        if not p.is_file() or p.read_bytes() != data:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
    return problem


def check_one(kind: str, path: Path, stats: Stats, label: str) -> None:
    """Read one file; record a failure unless the outcome is clean."""
    before = path.read_bytes() if path.is_file() else None
    cpu = time.process_time()
    try:
        message = read(kind, path)
    except Exception as exc:  # this is what the harness looks for
        stats.failures.append(f"{kind} {label}: raised {type(exc).__name__}: {exc}"[:300])
        return
    finally:
        stats.slowest_cpu_s = max(stats.slowest_cpu_s, time.process_time() - cpu)
        stats.files += 1
        stats.kinds.add(kind)
    if message is None:
        stats.accepted += 1
    else:
        ok = isinstance(message, str) and message.strip() and "\n" not in message \
            and "Traceback" not in message and len(message) < 2000
        if not ok:
            stats.failures.append(f"{kind} {label}: unclear message {message!r}"[:300])
        stats.refused += 1
    after = path.read_bytes() if path.is_file() else None
    if after != before:
        stats.failures.append(f"{kind} {label}: the file was changed by reading it")
    if stats.home is not None:  # the CLI and every screen that reads it, over it too
        for problem in (cli_disagrees(kind, path, message),
                        screens_fail(kind, path, stats.home)):
            if problem:
                stats.failures.append(f"{kind} {label}: {problem}"[:300])
        stats.screened += 1


def campaign(home: Path, rounds: int, seed: int = 0, stats: Stats | None = None,
             screen_every: int = 0) -> Stats:
    """Write good files into `home`, then for each kind every generic and special mutant
    and `rounds` structural ones, each read through the game's path. `screen_every` > 0:
    the good file, every generic and special mutant and every `screen_every`-th structural
    one are also read by the CLI and opened in every screen that reads that kind (about
    0.3 s a file)."""
    stats = stats or Stats()
    rng = random.Random(seed)
    good = good_files(home)
    originals = {k: p.read_bytes() for k, p in good.items()}
    for kind, path in good.items():
        raw = originals[kind]
        fixed = [("good", raw), *generic(kind, raw, rng), *special(kind, raw, rng)]
        changed = []
        for _ in range(rounds):
            got = structural(kind, raw, rng)
            if got is not None:
                changed.append(got)
        for i, (label, data) in enumerate(fixed + changed):
            path.write_bytes(data)
            screened = screen_every > 0 and (i < len(fixed) or i % screen_every == 0)
            stats.home = home if screened else None
            check_one(kind, path, stats, label)
        path.write_bytes(raw)
    stats.home = None
    return stats


def screened_sample(home: Path, stats: Stats | None = None) -> Stats:
    """The default run's look at the CLI and the screens: for each kind the good file and
    three broken ones (empty, cut short, binary)."""
    stats = stats or Stats()
    rng = random.Random(2)
    good = good_files(home)
    for kind, path in good.items():
        raw = path.read_bytes()
        cases = [("good", raw), *[c for c in generic(kind, raw, rng)
                                  if c[0] in ("empty", "truncated", "binary")]]
        stats.home = home
        for label, data in cases:
            path.write_bytes(data)
            check_one(kind, path, stats, label)
        path.write_bytes(raw)
    stats.home = None
    return stats


def game_starts(home: Path) -> str | None:
    """The menu (and what it reads at start) over whatever is in `home`; None when fine."""
    try:
        from game.files import folders
        from game.ui import routes

        folders.sweep_leftovers()
        folders.load_settings()
        routes.resume_available()
        from game.ui.menu import MenuScene

        MenuScene()
    except Exception as exc:
        return f"the game does not start: {type(exc).__name__}: {exc}"
    return None


# ------------------------------------------------------------------ killed writes
# One writer server per campaign: it imports the game and builds what it writes (a duel, a
# replay: about a second) once, then forks a writer child per kill, which the harness kills
# with SIGKILL. Starting a fresh interpreter per kill cost that second every time (and the
# pygame banner on stdout, when nothing hid it, left the harness waiting for "READY" forever).
WRITER = r'''
import os, sys
sys.path.insert(0, {repo!r})
os.environ["PHANTOM_DUEL_HOME"] = {home!r}
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from tests.fuzz_files import writer_server
writer_server()
'''


@dataclass
class WriterWork:
    """What a writer child writes, built once by the server."""

    decks: list
    saved: object
    other: object
    header: dict
    after: list
    replay: object


def writer_work() -> WriterWork:
    from game.decks.deck import load_deck
    from game.play import autosave
    from game.ui.replays import demo
    from tests.play.test_suspend import capture, played

    rng = random.Random(0)
    decks = [load_deck(starter_deck(n)) for n in ("ember_rush", "veil_control")]
    match, duel = played(steps=20)
    saved = capture(match, duel)
    other = capture(match, duel, mode="hotseat")
    header = autosave.match_header(saved)
    after = []  # commands after the header's position: what the journal appends
    for _ in range(30):
        if duel.over:
            break
        cmd = rng.choice(duel.legal_actions())
        duel.apply(cmd)
        after.append(cmd)
    return WriterWork(decks, saved, other, header, after, demo.demo_replay(pool()))


def writer_loop(seed: int, work: WriterWork | None = None) -> None:
    """Write every kind of file over and over, alternating two versions (a child process
    that the harness kills at random moments)."""
    from game.decks import library
    from game.decks.deck import Deck
    from game.files import folders
    from game.files.fileio import atomic_write_text
    from game.play import autosave, suspend
    from game.play import puzzles as pz
    from game.play import replay as R

    w = work or writer_work()
    rng = random.Random(seed)
    big = "x" * 200_000
    n = rng.randrange(1000)
    while True:
        n += 1
        v = n % 2
        s = folders.load_settings()
        s.set("test", "v", v)
        s.set("test", "pad", big[: 1000 + v])
        s.save()
        suspend.save(w.saved if v else w.other)
        journal = autosave.Journal(w.header)
        for cmd in w.after:
            journal.append(cmd)
        journal.flush()
        library.save_user_deck(w.decks[v], folders.decks_dir() / "kill.yaml")
        library.save_new_deck(Deck(f"Kill {n % 5}", w.decks[v].main))
        atomic_write_text(folders.exports_dir() / "kill.txt", f"version {v}\n" + big)
        progress = pz.Progress(solved={f"v{v}"}, path=folders.data_dir() / pz.PROGRESS_FILE)
        progress.save()
        if rng.random() < 0.2:
            R.save_replay(w.replay, R.replays_dir(), keep=5)


def writer_server() -> None:
    """Build the work once, then for each `go SEED` line on stdin fork a writer child, print
    its pid, wait for it (the harness kills it) and print how it ended."""
    import traceback

    work = writer_work()
    print("READY", flush=True)
    for line in sys.stdin:
        seed = int(line.split()[1])
        pid = os.fork()
        if pid == 0:  # the writer child: writes until it is killed
            try:
                writer_loop(seed, work)
            except BaseException:  # reported to the harness, then out
                traceback.print_exc()
                sys.stderr.flush()
            os._exit(1)
        print(pid, flush=True)
        _, status = os.waitpid(pid, 0)
        killed = os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        print("KILLED" if killed else f"ENDED {status}", flush=True)


def check_after_kill(home: Path, stats: Stats) -> None:
    """Every file is whole (one version or the other, read fine), the temp files of the
    killed write go at the next start, and none is left after that."""
    from game.decks import library
    from game.files import folders
    from game.play import autosave, suspend
    from game.play import puzzles as pz
    from game.play import replay as R

    os.environ["PHANTOM_DUEL_HOME"] = str(home)
    problems = []
    s = folders.load_settings()
    if s.problem:
        problems.append(s.problem)
    if suspend.available():
        try:
            suspend.load()
        except Exception as exc:
            problems.append(str(exc))
    if autosave.available():
        try:
            save = autosave.load()
            autosave.restore_match(save, pool())
        except Exception as exc:
            problems.append(str(exc))
    for path in [folders.decks_dir() / "kill.yaml", *folders.decks_dir().glob("kill_*.yaml")]:
        if path.exists():
            entry = library.read_deck(path, pool())
            if entry.malformed:
                problems.append(entry.status)
            if path.name != "kill.yaml":  # "Save as" makes a new one each round: not kept
                path.unlink()
    export = folders.exports_dir() / "kill.txt"
    if export.exists():
        text = export.read_text("utf-8")
        if not text.startswith(("version 0\n", "version 1\n")) or len(text) != 10 + 200_000:
            problems.append(f"{export}: torn ({len(text)} characters)")
    progress = pz.load_progress()
    if progress.problem:
        problems.append(progress.problem)
    for entry in R.list_replays(pool(), R.replays_dir()):
        if entry.replay is None:
            problems.append(entry.problem)
    for temp in home.rglob(".*.tmp"):  # `.<name>.<12 hex>.tmp`: a write the kill cut
        stats.cut_writes[_kind_written(home, temp)] += 1
    folders.sweep_leftovers()
    left = [str(p) for p in home.rglob("*.tmp")]
    stats.left_temps += len(left)
    if left:
        problems.append(f"temp files outlived their write: {left[:3]}")
    stats.failures += [f"after kill {stats.kills}: {p}"[:300] for p in problems]


def _kind_written(home: Path, temp: Path) -> str:
    """Which kind of file a temp file (`.<name>.<12 hex>.tmp`) was being written as."""
    target = temp.name[1:].rsplit(".", 2)[0]
    by_folder = {"replays": "replay", "decks": "deck", "exports": "export",
                 "autosave": "autosave", "puzzles": "puzzle"}
    by_name = {"settings.yaml": "settings", "suspended.json": "suspended",
               "puzzle_progress.yaml": "progress"}
    if temp.parent != home:
        return by_folder.get(temp.parent.name, temp.parent.name)
    return by_name.get(target, target)


def kill_campaign(home: Path, kills: int, seed: int = 0, stats: Stats | None = None) -> Stats:
    """A writer child killed with SIGKILL `kills` times at random moments (0 to 0.3 s into
    its writing: a round of every kind of write takes about 0.1 s), each kill followed by
    the checks of the next start."""
    stats = stats or Stats()
    rng = random.Random(seed)
    script = WRITER.format(repo=str(REPO), home=str(home))
    env = {**os.environ, "PHANTOM_DUEL_HOME": str(home)}
    with subprocess.Popen([sys.executable, "-c", script], env=env, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as server:
        assert server.stdin is not None and server.stdout is not None
        try:
            if server.stdout.readline().strip() != "READY":
                server.kill()
                stats.failures.append(f"the writer did not start: {server.communicate()[1][-300:]}")
                return stats
            for k in range(kills):
                server.stdin.write(f"go {seed + k}\n")
                server.stdin.flush()
                pid = int(server.stdout.readline())
                time.sleep(rng.uniform(0.0, 0.3))
                with contextlib.suppress(ProcessLookupError):  # it may have died already
                    os.kill(pid, signal.SIGKILL)
                ended = server.stdout.readline().strip()
                if ended != "KILLED":
                    stats.failures.append(f"the writer ended before its kill ({ended})")
                stats.kills += 1
                check_after_kill(home, stats)
        finally:
            err = server.communicate(timeout=60)[1]  # closes stdin: the server ends
        if "Traceback" in err:
            stats.failures.append(f"the writer failed: {err[-300:]}")
    return stats
