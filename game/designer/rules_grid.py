"""Read a rules grid (`simulate --rules-grid FILE`): the rules numbers a designer wants to
try, each combination one candidate laid over the base rules.

    # every combination is one candidate: 4 x 3 = 12 here
    starting_sp: [6, 7, 8, 9]
    sp_per_draw_phase: [1, 2, 3]
    sp_cap: 9            # one number: the same in every candidate

Keys are the rules file's (game/rules/file.py `RULE_MAX`), each candidate is checked as a
rules file is, and a problem names the file and the key. docs/balance.md shows a run.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

from game.engine.rules import Rules
from game.files.fileio import FileError, load_yaml_file
from game.files.yamlio import brief
from game.rules.file import RULE_MAX, RulesFileError, rules_from_data

MAX_VALUES = 32  # numbers to try for one rule
MAX_CANDIDATES = 256  # combinations in one file: each is a whole balance run


@dataclass(frozen=True)
class Candidate:
    """One combination of the grid: the numbers it sets (in the file's order) and the
    whole rules they make with the base."""

    values: tuple[tuple[str, int | None], ...]
    rules: Rules

    def label(self) -> str:
        return " / ".join("none" if v is None else str(v) for _k, v in self.values)


def load_rules_grid(path: str | Path, base: Rules) -> list[Candidate]:
    """The candidates of the grid in `path` over `base` (first key varies slowest); a
    RulesFileError naming the file and the key on any problem."""
    path = Path(path)
    try:
        data = load_yaml_file(path, "rules_grid")
    except FileError as exc:
        raise RulesFileError(str(exc)) from None
    try:
        return grid_from_data(data, base)
    except ValueError as exc:
        raise RulesFileError("\n".join(f"{path}: {' '.join(line.split())}"
                                       for line in str(exc).splitlines())) from None


def grid_from_data(data: object, base: Rules) -> list[Candidate]:
    """Candidates from plain data (see the module's docstring); ValueError otherwise."""
    if not isinstance(data, dict) or not data:
        raise ValueError(f"expected a mapping of rule names to a number or a list of "
                         f"numbers, got {brief(data)}")
    problems: list[str] = []
    axes: list[tuple[str, list[int]]] = []
    for key, value in data.items():
        if not isinstance(key, str) or key not in RULE_MAX:
            problems.append(f"unknown rule {brief(key)} (one of {', '.join(RULE_MAX)})")
            continue
        values = value if isinstance(value, list) else [value]
        if not values or len(values) > MAX_VALUES:
            problems.append(f"{key}: expected 1 to {MAX_VALUES} numbers, got {len(values)}")
        elif len(set(map(repr, values))) != len(values):
            problems.append(f"{key}: a number is listed twice in {brief(value)}")
        else:
            axes.append((key, values))
    if problems:
        raise ValueError("\n".join(problems))
    count = 1
    for _key, values in axes:
        count *= len(values)
    if count > MAX_CANDIDATES:
        raise ValueError(f"{count} candidates: at most {MAX_CANDIDATES} in one grid")
    keys = [key for key, _values in axes]
    out, seen = [], set()
    for combo in itertools.product(*(values for _key, values in axes)):
        chosen = dict(zip(keys, combo, strict=True))
        try:
            rules = rules_from_data({**base.to_dict(), **chosen})
        except ValueError as exc:
            for line in str(exc).splitlines():
                if line not in seen:
                    seen.add(line)
                    problems.append(line)
            continue
        out.append(Candidate(tuple(chosen.items()), rules))
    if problems:
        raise ValueError("\n".join(problems))
    return out
