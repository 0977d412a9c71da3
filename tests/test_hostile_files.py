"""Files a hostile or careless user could make, through the command line.

Each one must give a non-zero exit, one clear line naming the file and the problem, and no
traceback: `main.py check`, `main.py simulate --decks` and `main.py scenario`. A few run as
real processes too. That the limits refuse before the work (nothing read past the size limit,
no alias expanded, nesting refused where it starts) is tested in test_fileio.py by what is
read and composed; how long each file takes is measured by scripts/bench_files.py (target:
well under a second), not here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import main as cli
from game.files.resources import PUZZLE_DIR, STARTER_DECK_DIR

REPO = Path(__file__).resolve().parent.parent
GOOD_DECK = STARTER_DECK_DIR / "ember_rush.yaml"


def alias_bomb_deck() -> str:
    """A 'billion laughs' deck: 9 levels of 9 copies = 387 million card ids under main."""
    text = "name: Bomb\nmain:\n  - &a0 [" + ", ".join(["stone_sentry"] * 9) + "]\n"
    for i in range(1, 9):
        text += f"  - &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n"
    return text


def big_deck() -> str:
    """A 16 MB deck file of ordinary-looking entries."""
    line = "  - {card: stone_sentry, count: 3}\n"
    return "name: Big\nmain:\n" + line * (16 * 1024 * 1024 // len(line))


# (file name, content (str: UTF-8 text, bytes: as is), what the one line must say)
HOSTILE_DECKS = [
    ("count_1e9.yaml", "name: C\nmain: [{card: stone_sentry, count: 1000000000}]\n",
     "main[0].count: expected a whole number from 1 to 3, got 1000000000"),
    ("count_1e10.yaml", "name: C\nmain: [{card: stone_sentry, count: 10000000000}]\n",
     "main[0].count: expected a whole number from 1 to 3, got 10000000000"),
    ("count_1e20.yaml", "name: C\nmain: [{card: stone_sentry, count: 100000000000000000000}]\n",
     "main[0].count: expected a whole number from 1 to 3, got 100000000000000000000"),
    ("count_float.yaml", "name: C\nmain: [{card: stone_sentry, count: 1.0e+9}]\n",
     "main[0].count: expected a whole number from 1 to 3, got 1000000000.0"),
    ("count_bool.yaml", "name: C\nmain: [{card: stone_sentry, count: true}]\n",
     "main[0].count: expected a whole number from 1 to 3, got true"),
    ("count_digits.yaml", "name: C\nmain: [{card: stone_sentry, count: " + "9" * 5000 + "}]\n",
     "not valid YAML: line 2, column 36: cannot read this value (a whole number too long "
     "to read)"),
    ("alias_bomb.yaml", alias_bomb_deck(), "values (aliases counted as expanded)"),
    ("big.yaml", big_deck(), "may be at most"),
    ("duplicate.yaml", "name: D\nmain: [stone_sentry]\nmain: [iron_hound]\n",
     "not valid YAML: line 3, column 1: duplicate key 'main' (first on line 2)"),
    ("deep.yaml", "name: D\nmain: " + "[" * 20_000 + "]" * 20_000 + "\n",
     "line 2, column "),  # the project's limit or libyaml's own, whichever trips first
    ("latin1.yaml", "name: Café\nmain: []\n".encode("latin-1"),
     "not a text file (not UTF-8): byte 0xe9 at byte offset 9 (line 1)"),
    ("binary.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
     "not a text file (not UTF-8)"),
    ("nul.yaml", "name: N\x00\nmain: []\n", "not valid YAML"),
    ("long_name.yaml", "name: " + "x" * 60_000 + "\nmain: []\n",
     "name: expected one line of at most 64 characters, got 'xxxxxxx"),
    ("long_id.yaml", "name: L\nmain: [" + "y" * 60_000 + "]\n",
     "main[0]: expected a card id (at most 64 characters)"),
    ("python_tag.yaml", "name: !!python/object/apply:os.getcwd []\nmain: []\n",
     "not valid YAML: line 1, column 7"),  # the library's own words follow
    ("many_problems.yaml", "name: M\nmain: [" + ", ".join(["{card: x, count: 9}"] * 1000) + "]\n",
     "main[0].count"),
]

HOSTILE_SCENARIOS = [
    ("latin1.yaml", "name: Café\nstart: {}\n".encode("latin-1"),
     "not a text file (not UTF-8): byte 0xe9 at byte offset 9 (line 1)"),
    ("binary.yaml", bytes(range(256)) * 4, "not a text file (not UTF-8)"),
    ("hand_5.yaml", "name: x\nstart: {players: {1: {hand: 5}}}\n",
     "start: players.1.hand: expected a list of cards, got 5"),
    ("deck_text.yaml", "name: x\nstart: {players: {2: {deck: iron_hound}}}\n",
     "start: players.2.deck: expected a list of cards, got 'iron_hound'"),
    ("phantom_5.yaml", "name: x\nstart: {players: {1: {phantom: 5}}}\n",
     "start: players.1.phantom: expected a list of cards, got 5"),
    ("id_list.yaml", "name: x\nstart: {}\ncards: [{id: [], name: X, type: phantom, text: t}]\n",
     "id: expected a non-empty string, got a list"),
    ("mixed_keys.yaml", "name: x\nstart: {players: {1: {7: a, foo: b}}}\n",
     "start: players.1: unknown field(s) ['foo', 7]"),
    ("slot_keys.yaml", "name: x\nstart: {players: {1: {phantom: [{card: iron_hound, 1: x, "
     "hat: y}]}}}\n", "start: players.1.phantom[0]: unknown field(s) ['hat', 1]"),
    ("alias_bomb.yaml", alias_bomb_deck().replace("name: Bomb\nmain:", "name: x\nstart: {}\nnote:"),
     "values (aliases counted as expanded): the limit for a scenario file"),
    ("duplicate.yaml", "name: x\nstart: {}\nstart: {turn: 2}\n",
     "duplicate key 'start' (first on line 2)"),
    ("repeat.yaml", "name: x\nstart: {}\ncommands: [{player: 1, pass: true, repeat: 1000000000}]\n",
     "commands[0].repeat: expected at most 100, got 1000000000"),
    ("slot_digits.yaml", "name: x\nstart: {}\ncommands: [{player: 1, summon: iron_hound, "
     "slot: phantom " + "9" * 5000 + "}]\n", "commands[0].slot: expected a slot like"),
    ("copy_digits.yaml", "name: x\nstart: {}\ncommands: [{player: 1, summon: iron_hound#"
     + "9" * 5000 + "}]\n", "commands[0].summon: cannot read card reference"),
    ("player_float.yaml", "name: x\nstart: {}\ncommands: [{player: 1.0, pass: true}]\n",
     "commands[0].player: expected player 1 or 2, got 1.0"),
    ("zone_list.yaml", "name: x\nstart: {}\ncommands: [{player: 1, flip: {card: iron_hound, "
     "zone: []}}]\n", "commands[0].flip.zone: expected one of"),
    ("turn_huge.yaml", "name: x\nstart: {turn: 100000000000000000000}\n",
     "start.turn: expected at most 10000"),
    ("rules_huge.yaml", "name: x\nstart: {}\nrules: {opening_hand: 1000000000}\n",
     "rules: opening_hand: expected at most 60, got 1000000000"),
    ("ability_huge.yaml", "name: x\nstart: {}\ncommands: [{player: 1, activate: flare_bolt, "
     "ability: 100000000000000000000}]\n", "commands[0].ability: expected an ability index"),
    ("big.yaml", "name: x\nstart: {}\n" + "# padding\n" * 30_000, "may be at most 256 KiB"),
    ("deep.yaml", "name: x\nstart: " + "{a: " * 100 + "1" + "}" * 100 + "\n",
     "nested more than 50 levels deep"),
]


def write(folder: Path, name: str, content) -> Path:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean(text: str) -> None:
    assert "Traceback" not in text and "Error:" not in text.replace("FileError", ""), text


@pytest.mark.parametrize("name, content, needle", HOSTILE_DECKS, ids=[d[0] for d in HOSTILE_DECKS])
def test_check_refuses_a_hostile_deck_file_in_one_line(capsys, tmp_path, name, content, needle):
    path = write(tmp_path, name, content)
    code, out, err = run_main(capsys, "check", str(path))
    assert code != 0
    assert_clean(out + err)
    lines = [line for line in out.splitlines() if line.startswith(f"{path}: ")]
    assert lines and needle in lines[0], out
    if name != "many_problems.yaml":
        assert len(lines) == 1, out
    assert all(len(line.replace(str(path), "F")) < 400 for line in out.splitlines())


@pytest.mark.parametrize("name, content, needle", HOSTILE_DECKS, ids=[d[0] for d in HOSTILE_DECKS])
def test_simulate_refuses_a_hostile_deck_file_in_one_line(capsys, tmp_path, name, content,
                                                          needle):
    path = write(tmp_path, name, content)
    code, out, err = run_main(capsys, "simulate", "--decks", str(path), str(GOOD_DECK),
                                       "--games", "1")
    assert code == 2
    assert_clean(out + err)
    lines = err.splitlines()
    assert lines[0].startswith(f"simulate: {path}: ") and needle in lines[0], err
    if name != "many_problems.yaml":
        assert len(lines) == 1, err
    else:
        assert len(lines) <= 21 and "only the first 20 are listed" in lines[-1]


@pytest.mark.parametrize("name, content, needle", HOSTILE_SCENARIOS,
                         ids=[s[0] for s in HOSTILE_SCENARIOS])
def test_scenario_refuses_a_hostile_file_in_one_line(capsys, tmp_path, name, content, needle):
    path = write(tmp_path, name, content)
    code, out, err = run_main(capsys, "scenario", str(path))
    assert code == 1
    assert_clean(out + err)
    lines = out.splitlines()
    assert len(lines) == 2 and lines[1] == "0 passed, 1 failed, 0 xfailed", out
    assert lines[0].startswith(f"ERROR {path}: ") and needle in lines[0], lines[0]
    assert len(lines[0].replace(str(path), "F")) < 400  # bounded excerpts only


def test_check_refuses_a_folder_named_like_a_file_and_a_fifo(capsys, tmp_path):
    (tmp_path / "deck.yaml").mkdir()
    paths = [str(tmp_path / "deck.yaml")]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.yaml")
        paths.append(str(tmp_path / "fifo.yaml"))
    code, out, err = run_main(capsys, "check", *paths)
    assert code != 0
    assert_clean(out + err)
    assert "deck.yaml: a folder with no *.yaml files" in out
    if len(paths) == 2:
        assert "fifo.yaml: cannot read the file: not a regular file" in out


@pytest.mark.parametrize("command", ["check", "simulate", "scenario"])
def test_a_real_process_exits_cleanly_on_a_hostile_file(tmp_path, command):
    """The same through a real `python main.py ...` (startup included)."""
    if command == "scenario":
        path = write(tmp_path, "s.yaml", "name: x\nstart: {players: {1: {hand: 5}}}\n")
        argv = ["scenario", str(path)]
    else:
        path = write(tmp_path, "d.yaml", alias_bomb_deck())
        argv = ["check", str(path)] if command == "check" else \
            ["simulate", "--decks", str(path), str(GOOD_DECK), "--games", "1"]
    proc = subprocess.run([sys.executable, str(REPO / "main.py"), *argv], cwd=REPO,
                          capture_output=True, text=True, timeout=60)  # a guard against a hang
    assert proc.returncode != 0
    assert_clean(proc.stdout + proc.stderr)
    assert str(path) in proc.stdout + proc.stderr


def test_simulate_plays_under_another_rules_file_and_refuses_a_bad_one(capsys, tmp_path):
    import json

    from game.rules.file import RULES_PATH

    rules = tmp_path / "rules.yaml"
    rules.write_text(RULES_PATH.read_text(encoding="utf-8").replace(
        "starting_lp: 10000", "starting_lp: 100"), encoding="utf-8")
    args = ["simulate", "--games", "2", "--jobs", "1", "--no-progress", "--json"]
    code, out, err = run_main(capsys, *args, "--rules", str(rules))
    assert code == 0, err
    short = json.loads(out)
    code, out, err = run_main(capsys, *args)
    assert code == 0, err
    assert short["avg_rounds"] < json.loads(out)["avg_rounds"]  # 100 LP ends duels at once
    rules.write_text("starting_lp: lots\n", encoding="utf-8")
    before = rules.read_bytes()
    code, out, err = run_main(capsys, *args, "--rules", str(rules))
    assert code == 2 and str(rules) in err and "starting_lp" in err
    assert_clean(err)
    assert rules.read_bytes() == before


# The puzzles the Puzzles screen refuses: `main.py scenario` refuses them too, with the same
# line (one reader of the `puzzle:` mapping, in game/play/scenario/reader.py via game/play/puzzle_spec.py).
BAD_PUZZLES = [
    ("player_3", {"player": 3}, "puzzle.player"),
    ("goal_1e30", {"goal": {"lp_this_turn": 1e30}}, "puzzle.goal.lp_this_turn"),
    ("difficulty_hard", {"difficulty": "hard"}, "puzzle.difficulty"),
    ("unknown_opponent", {"opponent": "grandmaster"}, "puzzle.opponent"),
    ("long_hint", {"hint": "h" * 10_000}, "puzzle.hint"),
    ("unknown_keys", {"timer": 30, "theme": "dark"}, "puzzle: unknown field"),
    ("not_a_mapping", 5, "puzzle"),
]


def _bad_puzzle(folder: Path, name: str, change) -> Path:
    from game.files.yamlio import dump_yaml, load_yaml

    data = load_yaml((PUZZLE_DIR / "01_through_the_guard.yaml").read_text("utf-8"))
    if isinstance(change, dict):
        data["puzzle"].update(change)
    else:
        data["puzzle"] = change
    path = folder / f"{name}.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name, line, needle", BAD_PUZZLES, ids=[b[0] for b in BAD_PUZZLES])
def test_scenario_and_the_puzzles_screen_refuse_the_same_puzzle_the_same_way(
        capsys, tmp_path, name, line, needle):
    from game.play import puzzles as pz

    mine = tmp_path / "mine"
    mine.mkdir()
    path = _bad_puzzle(mine, name, line)
    code, out, err = run_main(capsys, "scenario", str(path))
    assert code == 1
    assert_clean(out + err)
    first = out.splitlines()[0]
    assert first.startswith(f"ERROR {path}: ") and needle in first, first
    listed = pz.list_puzzles(shipped=None, mine=mine)
    assert len(listed) == 1 and isinstance(listed[0], pz.BrokenPuzzle)
    assert listed[0].problem == first.removeprefix("ERROR "), (listed[0].problem, first)
