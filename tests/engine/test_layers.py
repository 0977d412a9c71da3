"""The engine's modules form layers: no import circle among them (docs/engine.md "Inside").

Every import statement of every module in game/engine counts, at module level and inside
functions alike (a function-level import is still a dependency, only a late one). The one
exception is an import under `if TYPE_CHECKING:`, which never runs: modules name `Duel` that
way for their annotations while the `Duel` front imports them.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_layers import circles as cycles  # one Tarjan for both layer tests

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"
PACKAGE = "game.engine"


def _type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _imported(node: ast.AST, here: str, modules: set[str]) -> set[str]:
    """Engine modules imported anywhere under `node` (in module `here`, dotted below
    game.engine, a package's own name for its __init__), TYPE_CHECKING blocks left out."""
    found: set[str] = set()
    if _type_checking_block(node):
        return found
    if isinstance(node, ast.ImportFrom):
        if node.level:
            package = here.split(".") if here in _PACKAGES else here.split(".")[:-1]
            parts = package[:len(package) - (node.level - 1)] if node.level > 1 else package
            base = ".".join([*parts, *(node.module.split(".") if node.module else [])])
        elif node.module and (node.module + ".").startswith(PACKAGE + "."):
            base = node.module[len(PACKAGE) + 1:]
        else:
            base = None
        if base is not None:
            for alias in node.names:  # from . import a: module a; from .m import f: module m
                sub = f"{base}.{alias.name}" if base else alias.name
                if sub in modules:
                    found.add(sub)
                elif base in modules:
                    found.add(base)
    elif isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(PACKAGE + "."):
                name = alias.name[len(PACKAGE) + 1:]
                while name and name not in modules:
                    name = name.rpartition(".")[0]
                if name:
                    found.add(name)
    for child in ast.iter_child_nodes(node):
        found |= _imported(child, here, modules)
    return found & modules


_PACKAGES: set[str] = set()


def engine_imports() -> dict[str, set[str]]:
    """module (dotted below game.engine) -> the engine modules it imports. The engine's own
    __init__ is the package front and left out; a subpackage's __init__ counts as a module."""
    files: dict[str, Path] = {}
    for path in ENGINE.rglob("*.py"):
        parts = list(path.relative_to(ENGINE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
            if not parts:
                continue
            _PACKAGES.add(".".join(parts))
        files[".".join(parts)] = path
    modules = set(files)
    return {name: _imported(ast.parse(path.read_text(encoding="utf-8")), name, modules) - {name}
            for name, path in files.items()}


def test_the_engine_modules_import_each_other_without_a_circle():
    assert cycles(engine_imports()) == []


def test_the_check_reads_imports_inside_functions_and_skips_type_checking_ones():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import query\n"
        "if TYPE_CHECKING:\n"
        "    from .duel import Duel\n"
        "def f():\n"
        "    from .flow import run\n"
        "    import game.engine.views\n")
    modules = {"query", "duel", "flow", "views"}
    assert _imported(tree, "effects", modules) == {"query", "flow", "views"}


def test_the_check_resolves_imports_in_subpackages():
    tree = ast.parse("from .. import primitives\nfrom ..query import select\n"
                     "from .base import Verb\nfrom game.engine.verbs import base\n")
    modules = {"primitives", "query", "verbs", "verbs.base", "verbs.builtin"}
    assert _imported(tree, "verbs.builtin", modules) == {"primitives", "query", "verbs.base"}


def test_the_check_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_primitives_and_queries_sit_below_the_rules_that_use_them():
    """The layers of docs/engine.md: what a lower module must never import."""
    graph = engine_imports()

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    upper = {"duel", "flow", "resolution", "triggers", "effects", "battle"}
    for low in ("query", "notice", "lines", "primitives", "state", "caches", "index",
                "legal"):
        assert not reach(low) & upper, (low, reach(low) & upper)
    assert "duel" not in reach("flow")
    assert not reach("primitives") & {"flow", "triggers", "resolution"}
