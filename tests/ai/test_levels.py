"""One list of AI levels (game/ai/levels.py): every screen, file check and tool reads it, and
no other module of the game spells the list out."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.ai import levels
from game.ai.levels import LEVEL_NAMES, LEVELS, level, make_player

REPO = Path(__file__).resolve().parents[2]
NAMES = set(LEVEL_NAMES)
LISTED = re.compile(r"\b(\w+)(?:\s*,\s*(?:or\s+|and\s+)?(\w+))+")


def test_each_level_has_a_name_label_description_and_factory() -> None:
    assert LEVEL_NAMES == ("random", "easy", "normal", "hard")
    assert len(NAMES) == len(LEVELS)
    for lv in LEVELS:
        assert lv.label and lv.description and "\n" not in lv.description
        assert level(lv.name) is lv
        player = lv.factory(1)
        assert callable(getattr(player, "choose", None))
    assert levels.DEFAULT_LEVEL in NAMES
    with pytest.raises(ValueError, match="grandmaster"):
        level("grandmaster")
    with pytest.raises(ValueError):
        make_player("grandmaster", 1)


def _listings(tree: ast.AST) -> list[tuple[int, list[str]]]:
    """Literal collections (and dict keys) naming three or more levels, and strings that
    list three or more level names separated by commas."""
    out = []
    for node in ast.walk(tree):
        items: list[ast.expr | None] = []
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        names = {i.value for i in items if isinstance(i, ast.Constant) and i.value in NAMES}
        if len(names) >= 3:
            out.append((node.lineno, sorted(names)))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for m in LISTED.finditer(node.value):
                words = set(re.findall(r"\w+", m.group(0))) & NAMES
                if len(words) >= 3:
                    out.append((node.lineno, sorted(words)))
    return out


def test_no_other_module_spells_the_level_list() -> None:
    files = sorted((REPO / "game").rglob("*.py")) + sorted((REPO / "scripts").glob("*.py")) \
        + [REPO / "main.py"]
    home = REPO / "game" / "ai" / "levels.py"
    found = [f"{p.relative_to(REPO)}:{line}: {names}" for p in files if p != home
             for line, names in _listings(ast.parse(p.read_text(encoding="utf-8")))]
    assert found == []
    for spelled in ('X = ("random", "easy", "normal", "hard")', 'X = {"easy": 1, "normal": 2, "hard": 3}',
                    'X = "one of random, easy, normal or hard"'):
        assert _listings(ast.parse(spelled)), spelled  # what the scan would catch


def test_every_place_that_offers_or_checks_a_level_reads_the_registry() -> None:
    from game.cli import build_parser
    from game.play import duel_setup, puzzles, suspend
    from game.play.replay import file as replay_file
    from game.play.replay import recording

    # the one tuple of names is shared, not copied
    assert duel_setup.LEVEL_NAMES is LEVEL_NAMES and suspend.LEVEL_NAMES is LEVEL_NAMES
    assert replay_file.LEVEL_NAMES is LEVEL_NAMES and recording.LEVEL_NAMES is LEVEL_NAMES
    assert puzzles.OPPONENTS[2:] == LEVEL_NAMES
    sim = build_parser()._subparsers._group_actions[0].choices["simulate"]
    players = next(a for a in sim._actions if a.dest == "players")
    assert tuple(players.choices) == LEVEL_NAMES


def test_the_readme_offers_the_levels_the_code_offers() -> None:
    """Issue 38 item 26: the README said three opponents (Easy, Normal, Hard) where the
    duel setup offers four; its sentence names the labels of LEVELS, in order."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    said = re.search(r"against the computer \((\w+) levels: ([^)]*)\)", text)
    assert said is not None
    words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
    assert words[said.group(1)] == len(LEVELS)
    named = re.split(r",\s*|\s+or\s+", " ".join(said.group(2).split()))
    assert named == [lv.label for lv in LEVELS]
