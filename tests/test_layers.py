"""The packages of game/ import one way, and no module of game/ is in an import circle
(docs/architecture.md, "The arrow rule").

Every import statement of every module counts, at module level and inside functions alike (a
function-level import is a late dependency, still a dependency); the one exception is an
import under `if TYPE_CHECKING:`, which never runs. The layers, lowest first:

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

GAME = Path(__file__).resolve().parents[1] / "game"

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


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _targets(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every dotted name `module` imports (each `from X import a` gives X.a and X), outside
    TYPE_CHECKING blocks, relative imports resolved."""
    found: set[str] = set()
    todo = [tree]
    while todo:
        node = todo.pop()
        if _type_checking(node):
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join([*parts, *([base] if base else [])])
            found |= {f"{base}.{alias.name}" for alias in node.names} | {base}
        todo.extend(ast.iter_child_nodes(node))
    return found


def module_graph(root: Path = GAME) -> dict[str, set[str]]:
    """module -> the game's own modules it imports (a package is its __init__)."""
    files: dict[str, tuple[Path, bool]] = {}
    for path in root.rglob("*.py"):
        parts = ["game", *path.relative_to(root).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        files[".".join(parts)] = (path, is_package)
    modules = set(files)

    def resolve(name: str) -> str | None:
        while name:
            if name in modules:
                return name
            name = name.rpartition(".")[0]
        return None

    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out = {resolve(t) for t in _targets(tree, name, is_package)}
        graph[name] = {t for t in out if t and t != name and t != "game"
                       and not (is_package and t.startswith(name + "."))}
    return graph


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


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_every_import_in_game_runs_down_the_layers():
    graph = module_graph()
    assert sum(len(t) for t in graph.values()) > 500  # the whole game was read
    assert against_the_order(graph) == []


def test_no_module_in_game_is_in_an_import_circle():
    assert circles(module_graph()) == []


def test_every_module_belongs_to_a_layer():
    """A new loose module in game/ (or a new package) must be given its place here."""
    assert [m for m in module_graph() if m != "game" and package_of(m) is None] == []


def test_the_check_reads_function_level_imports_and_skips_type_checking_ones():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from game.engine import Duel\n"
        "if TYPE_CHECKING:\n"
        "    from game.ui.scene import Scene\n"
        "def f():\n"
        "    from ..play import replay\n"
        "    import game.files.fileio\n")
    found = _targets(tree, "game.decks.library", is_package=False)
    assert {"game.engine.Duel", "game.play.replay", "game.files.fileio"} <= found
    assert not any(t.startswith("game.ui") for t in found)


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
