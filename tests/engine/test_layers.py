"""The engine's modules form layers: no import circle among them (docs/engine.md "Inside").

Every import statement of every module in game/engine counts, at module level, inside
functions (a late dependency, still a dependency) and under `if TYPE_CHECKING:` (a module
naming another's type for its annotations depends on it all the same): the imports are read
by tests/layers_kit.py, the one reader of every layer test. The rules annotate the duel's
core (`core.DuelCore`), which sits below them, so nothing of the rules needs the `Duel` front.
"""

from __future__ import annotations

import ast

from tests.layers_kit import circles, imported_names, module_graph, reach, subgraph

# The layers of docs/engine.md ("Inside"), lowest first: a module imports only its own layer
# and those below it (and, with no circle, nothing of its own layer imports it back).
LAYERS: list[set[str]] = [
    {"model", "carddefs", "events", "commands", "choices", "reasons", "rules", "state", "rng",
     "builders", "validate", "slots", "index", "viewdata", "members", "members.card_types",
     "members.choice_kinds", "members.phases", "members.starts", "members.zones", "verbs"},
    {"caches", "core"},
    {"query", "legal", "asking", "verbs.base"},
    {"notice", "lines", "views"},
    {"primitives", "battle", "effects", "verbs.builtin"},
    {"resolution", "triggers"},
    {"flow"},
    {"duel"},
    {"serialize", "position"},
]


def engine_imports() -> dict[str, set[str]]:
    """module (dotted below game.engine) -> the engine modules it imports. The engine's own
    __init__ is the package front and left out; a subpackage's __init__ counts as a module."""
    return subgraph(module_graph(), "game.engine")


def test_the_engine_modules_import_each_other_without_a_circle():
    graph = engine_imports()
    assert {"duel", "core", "query", "verbs.base", "verbs.builtin"} <= set(graph)
    assert circles(graph) == []


def test_every_engine_module_has_its_layer_and_imports_only_down():
    graph = engine_imports()
    layer = {m: n for n, group in enumerate(LAYERS) for m in group}
    assert sum(len(group) for group in LAYERS) == len(layer)  # one layer each
    assert set(layer) == set(graph)  # a new module must be given its place here
    wrong = [f"{m} -> {t}" for m, targets in sorted(graph.items()) for t in sorted(targets)
             if layer[t] > layer[m]]
    assert wrong == []


def test_the_check_reads_imports_inside_functions_and_type_checking_ones():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import query\n"
        "if TYPE_CHECKING:\n"
        "    from .duel import Duel\n"
        "def f():\n"
        "    from .flow import run\n"
        "    import game.engine.views\n")
    found = imported_names(tree, "game.engine.effects", is_package=False)
    assert {"game.engine.query", "game.engine.duel", "game.engine.flow",
            "game.engine.views"} <= found
    found = imported_names(tree, "game.engine.effects", is_package=False, types=False)
    assert "game.engine.duel" not in found and "game.engine.flow" in found


def test_the_check_resolves_imports_in_subpackages():
    tree = ast.parse("from .. import primitives\nfrom ..query import select\n"
                     "from .base import Verb\nfrom game.engine.verbs import base\n")
    found = imported_names(tree, "game.engine.verbs.builtin", is_package=False)
    assert {"game.engine.primitives", "game.engine.query.select", "game.engine.verbs.base",
            "game.engine.verbs.base.Verb"} <= found


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_primitives_and_queries_sit_below_the_rules_that_use_them():
    """The layers of docs/engine.md: what a lower module must never import."""
    graph = engine_imports()
    upper = {"duel", "flow", "resolution", "triggers", "effects", "battle"}
    for low in ("query", "notice", "lines", "primitives", "state", "caches", "index",
                "legal", "core", "carddefs", "viewdata"):
        assert not reach(graph, low) & upper, (low, reach(graph, low) & upper)
    assert "duel" not in reach(graph, "flow")
    assert not reach(graph, "primitives") & {"flow", "triggers", "resolution"}


def test_only_what_builds_a_duel_imports_the_front():
    """The rules take the core; only the modules that make a `Duel` (a saved duel read back,
    a position built) import duel.py, and they sit above it."""
    graph = engine_imports()
    assert {m for m, targets in graph.items() if "duel" in targets} == {"serialize", "position"}
    assert not reach(graph, "duel") & {"serialize", "position"}


def test_the_core_and_the_card_data_sit_below_every_rule():
    graph = engine_imports()
    rules = {"battle", "effects", "flow", "legal", "lines", "notice", "primitives", "query",
             "resolution", "triggers", "views", "verbs.base", "verbs.builtin"}
    assert not reach(graph, "core") & rules
    assert not reach(graph, "carddefs") & (rules | {"core"})
