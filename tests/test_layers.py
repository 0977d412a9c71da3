"""The packages of game/ import one way, and no module of game/ is in an import circle
(docs/architecture.md, "The arrow rule").

Every import statement of every module counts, at module level, inside functions (a late
dependency, still a dependency) and under `if TYPE_CHECKING:` (a module naming another's type
depends on it): tests/layers_kit.py reads them, for every layer test. The layers, lowest first:

    engine  <  files  <  cards | rules | decks  <  ai  <  play  <  designer  <  ui  <  the fronts

A module may import its own package and any package of a lower layer, except that
`game.files` imports no other package of the game (not even the engine) and
`game.engine` imports nothing outside itself; the three packages of one layer (cards,
rules, decks) do not import each other. The fronts are the command line (game/cli.py,
game/__main__.py, game/replay_cli.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.layers_kit import circles, imported_names, module_graph

LAYER = {
    "game.engine": 0,
    "game.files": 1,
    "game.cards": 2, "game.rules": 2, "game.decks": 2,
    "game.ai": 3,
    "game.play": 4,
    "game.designer": 5,
    "game.ui": 6,
    "fronts": 7,
}
FRONTS = {"game.cli", "game.__main__", "game.replay_cli"}  # the command line: one layer
ALONE = {"game.engine", "game.files"}  # import nothing of the game outside themselves


def package_of(module: str) -> str | None:
    """The layered package (or front) a module belongs to; None for game/__init__."""
    head = ".".join(module.split(".")[:2])
    if head in FRONTS:
        return "fronts"
    return head if head in LAYER else None


def against_the_order(graph: dict[str, set[str]]) -> list[str]:
    """Each import that runs against the layers, as 'importer -> imported'."""
    wrong = []
    for module, targets in sorted(graph.items()):
        here = package_of(module)
        if here is None:
            continue
        for target in sorted(targets):
            there = package_of(target)
            if there is None or there == here:
                continue
            if here in ALONE or LAYER[there] >= LAYER[here]:
                wrong.append(f"{module} -> {target}")
    return wrong


def test_every_import_in_game_runs_down_the_layers():
    graph = module_graph()
    assert sum(len(t) for t in graph.values()) > 500  # the whole game was read
    assert against_the_order(graph) == []


def test_no_module_in_game_is_in_an_import_circle():
    assert circles(module_graph()) == []


def test_every_module_belongs_to_a_layer():
    """A new loose module in game/ (or a new package) must be given its place here."""
    assert [m for m in module_graph() if m != "game" and package_of(m) is None] == []


def test_the_check_reads_function_level_and_type_checking_imports():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from game.engine import Duel\n"
        "if TYPE_CHECKING:\n"
        "    from game.ui.scene import Scene\n"
        "def f():\n"
        "    from ..play import replay\n"
        "    import game.files.fileio\n")
    found = imported_names(tree, "game.decks.library", is_package=False, types=False)
    assert {"game.engine.Duel", "game.play.replay", "game.files.fileio"} <= found
    assert not any(t.startswith("game.ui") for t in found)
    found = imported_names(tree, "game.decks.library", is_package=False)  # what the tests read
    assert {"game.engine.Duel", "game.play.replay", "game.files.fileio",
            "game.ui.scene.Scene", "game.ui.scene"} <= found


def test_a_circle_through_a_type_checking_import_fails_the_check(tmp_path: Path):
    """Planted in a tree of files read the way game/ is read: b names a's type only, a
    imports b at run time. Only the type import closes the circle, and it counts."""
    engine = tmp_path / "game" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("from .a import A\n")
    (engine / "a.py").write_text("from .b import helper\nclass A: ...\n")
    (engine / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .a import A\n"
        "def helper(a: 'A') -> None: ...\n")
    graph = module_graph(tmp_path / "game")
    assert circles(graph) == [["game.engine.a", "game.engine.b"]]
    assert circles(module_graph(tmp_path / "game", types=False)) == []


def test_the_check_finds_a_wrong_way_import_and_a_circle():
    graph = {
        "game.decks.deck": {"game.ai.levels"},           # decks reaching up to the AI
        "game.files.fileio": {"game.engine.rules"},      # files importing the engine
        "game.cards.loader": {"game.rules.file"},        # one layer, two packages
        "game.engine.duel": {"game.engine.flow"},
        "game.engine.flow": {"game.engine.duel"},
        "game.ui.menu": {"game.play.replay", "game.files.folders"},  # fine
    }
    assert against_the_order(graph) == [
        "game.cards.loader -> game.rules.file", "game.decks.deck -> game.ai.levels",
        "game.files.fileio -> game.engine.rules"]
    assert circles(graph) == [["game.engine.duel", "game.engine.flow"]]
