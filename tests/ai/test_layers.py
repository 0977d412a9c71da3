"""The AI's work stays in game/ai: the engine holds no AI logic and imports nothing above it
(imports run ai -> engine only). The imports are read by tests/layers_kit.py, as every layer
test reads them (TYPE_CHECKING imports and function-level ones included)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.layers_kit import module_graph

REPO = Path(__file__).resolve().parents[2]


def test_sampling_is_the_ais_not_the_engines() -> None:
    assert importlib.util.find_spec("game.ai.sampling") is not None
    assert not (REPO / "game" / "engine" / "sampling.py").exists()


def test_the_engine_imports_nothing_above_it() -> None:
    graph = module_graph()
    engine = {m: targets for m, targets in graph.items()
              if m == "game.engine" or m.startswith("game.engine.")}
    assert len(engine) > 30  # the whole engine was read
    for module, targets in sorted(engine.items()):
        for name in sorted(targets):
            assert name.startswith("game.engine"), f"{module} imports {name}"
    assert any(t.startswith("game.engine") for t in graph["game.ai.sampling"])
