"""The AI's work stays in game/ai: the engine holds no AI logic and imports nothing above it
(imports run ai -> engine only)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def test_sampling_is_the_ais_not_the_engines() -> None:
    assert importlib.util.find_spec("game.ai.sampling") is not None
    assert not (REPO / "game" / "engine" / "sampling.py").exists()


def test_the_engine_imports_nothing_above_it() -> None:
    for path in sorted((REPO / "game" / "engine").rglob("*.py")):
        for name in _imports(path):
            if name == "game" or name.startswith("game."):
                assert name.startswith("game.engine"), f"{path.name} imports {name}"
