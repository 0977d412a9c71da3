"""Read the rules file (assets/rules.yaml) into the engine's Rules object.

Beyond the engine's own checks (known keys, whole numbers >= 0), every number is bounded
here (`RULE_MAX`), so a file cannot ask for a billion-card opening hand or a round limit no
duel reaches. Scenario files' `rules:` overrides are checked the same way.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.rules import Rules
from game.files import resources
from game.files.fileio import FileError, load_yaml_file
from game.files.yamlio import brief

RULES_PATH = resources.RULES_PATH

# The largest value each rule may take (the engine checks the types and the lower bounds).
RULE_MAX = {
    "starting_lp": 1_000_000_000,
    "opening_hand": 60,
    "hand_limit": 100,
    "starting_sp": 1_000_000,
    "sp_per_draw_phase": 1_000_000,
    "sp_cap": 1_000_000,
    "phantom_slots": 16,
    "back_slots": 16,
    "side_slots": 16,
    "loop_limit": 1_000,
    "round_limit": 10_000,
    "draw_phase_cards": 60,
}


class RulesFileError(ValueError):
    pass


def rules_from_data(data: object) -> Rules:
    """Rules from plain data, type-checked and bounded by RULE_MAX before the engine sees
    them; ValueError ('rules: key: ...', one line per problem, bounded excerpts) otherwise."""
    if not isinstance(data, dict):
        raise ValueError(f"rules: expected a mapping of rule names to numbers, got {brief(data)}")
    problems = []
    for key, value in data.items():
        top = RULE_MAX.get(key) if isinstance(key, str) else None
        if top is None:
            problems.append(f"rules: unknown rule {brief(key)}")
        elif value is None and key == "sp_cap":
            continue
        elif type(value) is not int or value < 0:
            problems.append(f"rules: {key}: expected a whole number >= 0, got {brief(value)}")
        elif value > top:
            problems.append(f"rules: {key}: expected at most {top}, got {brief(value)}")
    if problems:
        raise ValueError("\n".join(problems))
    return Rules.from_dict(data)


def load_rules(path: str | Path = RULES_PATH) -> Rules:
    """The rules in `path`; a clear RulesFileError naming the file on any problem."""
    path = Path(path)
    try:
        data = load_yaml_file(path, "rules")
    except FileError as exc:
        raise RulesFileError(str(exc)) from None
    if data is None:
        raise RulesFileError(f"{path}: the rules file is empty")
    try:
        return rules_from_data(data)
    except ValueError as exc:
        problems = [" ".join(line.split()) for line in str(exc).splitlines()]
        raise RulesFileError("\n".join(f"{path}: {p}" for p in problems)) from None
