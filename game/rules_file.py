"""Read the rules file (assets/rules.yaml) into the engine's Rules object."""

from __future__ import annotations

from pathlib import Path

import yaml

from game.engine.rules import Rules
from game.yamlio import load_yaml

RULES_PATH = Path(__file__).resolve().parent.parent / "assets" / "rules.yaml"


class RulesFileError(ValueError):
    pass


def load_rules(path: str | Path = RULES_PATH) -> Rules:
    """The rules in `path`; a clear RulesFileError naming the file on any problem."""
    path = Path(path)
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RulesFileError(f"{path}: cannot read the rules file ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        raise RulesFileError(f"{path}: not valid YAML: {exc}") from None
    if data is None:
        raise RulesFileError(f"{path}: the rules file is empty")
    try:
        return Rules.from_dict(data)
    except ValueError as exc:
        raise RulesFileError(f"{path}: {exc}") from None
