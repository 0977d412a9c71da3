"""The numbers of the game, as one object built from the rules file's plain data.

The file itself (assets/rules.yaml) is read outside the engine (game/rules/file.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Rules:
    starting_lp: int = 10000
    opening_hand: int = 5
    hand_limit: int = 6
    starting_sp: int = 3
    sp_per_draw_phase: int = 3
    sp_cap: int | None = None
    phantom_slots: int = 3
    back_slots: int = 3
    side_slots: int = 2
    loop_limit: int = 10
    round_limit: int = 60
    draw_phase_cards: int = 1

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Build from plain data; unknown keys and wrong types raise ValueError naming the key."""
        if not isinstance(data, dict):
            raise ValueError("rules: expected a mapping of rule names to numbers")
        known = {f.name for f in fields(cls)}
        problems = []
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                problems.append(f"rules: unknown rule {key!r}")
                continue
            if key == "sp_cap" and value is None:
                values[key] = None
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.append(f"rules: {key}: expected a whole number >= 0, got {value!r}")
                continue
            values[key] = value
        if problems:
            raise ValueError("\n".join(problems))
        rules = cls(**values)
        if rules.starting_lp <= 0 or rules.round_limit < 1 or rules.phantom_slots < 1:
            raise ValueError("rules: starting_lp, round_limit and phantom_slots must be at least 1")
        if max(rules.phantom_slots, rules.back_slots, rules.side_slots) > 16:
            raise ValueError("rules: at most 16 slots of a kind")
        return rules

    def to_dict(self) -> dict[str, int | None]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
