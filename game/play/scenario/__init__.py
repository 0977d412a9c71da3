"""Scenario (puzzle) files: a position, commands by player, and expectations.

A scenario pins one rule as data a designer can read and change: `start` is a mid-duel
position (a `game.engine.position.build_position` spec) or a brand-new duel, `commands` are
written with card names instead of uids, and `expect` checks LP, zones, slots, the winner,
why the duel ended, the pending choice, what is legal now, the Line log and the full event
log. The format is documented in docs/scenarios.md. Players are written 1 and 2 everywhere
in a file; they are seats 0 and 1 in the engine.

The package's modules, one job each: `model` (vocabulary, checked scenario, results),
`reader` (file -> Scenario), `notation` (events as strings), `checks` (expectations) and
`runner` (commands sent, expectations checked). The package sits in game.play because the
Puzzles screen plays these files; `python main.py scenario` is the designer's
(game/designer/scenario_cli.py). May import what game.play may.
"""

from __future__ import annotations

from .checks import check_expect
from .model import (
    CardRef,
    CommandSpec,
    Scenario,
    ScenarioError,
    ScenarioResult,
)
from .notation import event_entry, event_log, line_log, line_log_entry
from .reader import load_scenario
from .runner import Runner, Stop, run_scenario, scenario_files

__all__ = [
    "CardRef", "CommandSpec", "Runner", "Scenario", "ScenarioError", "ScenarioResult", "Stop",
    "check_expect", "event_entry", "event_log", "line_log", "line_log_entry", "load_scenario",
    "run_scenario", "scenario_files",
]
