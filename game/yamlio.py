"""The one way this project reads YAML: safe loading, with the fast C loader when present."""

from __future__ import annotations

import yaml


def load_yaml(text: str):
    """Parse YAML text safely (never arbitrary objects); raises yaml.YAMLError."""
    if hasattr(yaml, "CSafeLoader"):
        return yaml.load(text, Loader=yaml.CSafeLoader)
    return yaml.safe_load(text)
