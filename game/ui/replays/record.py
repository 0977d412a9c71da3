"""Recording: the duel a MatchFlow just finished, or a puzzle attempt just decided, saved
as a replay (game/play/replay/).

Called once per duel when it ends on screen (hotseat, versus the computer, every duel of a
best-of-3), and once per puzzle attempt when it is decided (solved or not). Nothing here may lose the duel's result: every failure becomes one sentence for
a toast, and the match goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from game.engine import Duel
from game.play.duel_setup import DuelSetup
from game.play.match import Match
from game.play.replay import ReplayError, ReplayPlayer, record, record_puzzle, save_replay


class FinishedFlow(Protocol):
    """What recording reads of the match flow that calls it (game.ui.duel.flow.MatchFlow),
    named here so this module need not import the duel screen."""

    @property
    def match(self) -> Match: ...
    @property
    def setup(self) -> DuelSetup: ...
    @property
    def humans(self) -> tuple[bool, bool]: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def best_of(self) -> int: ...


def save_match_duel(flow: FinishedFlow) -> tuple[Path | None, str]:
    """Save the duel in progress of `flow` (a game.ui.duel.flow.MatchFlow): the file saved
    (for the result screen's "Watch replay") and "", or None and the sentence to show."""
    m = flow.match
    duel = m.duel
    if duel is None or not duel.history:
        return None, ""
    levels = [None if flow.humans[s] else (flow.setup.ai_level or "random") for s in (0, 1)]
    players = [ReplayPlayer(flow.names[s], levels[s], m.decks[s].name) for s in (0, 1)]
    try:
        replay = record(duel, [d.spec() for d in m.decks], players, flow.setup.mode,
                        duel_number=len(m.results) + 1, best_of=flow.best_of)
        path = save_replay(replay)
    except ReplayError as exc:
        return None, f"The replay was not saved: {exc.problem}"
    except Exception as exc:  # a recording bug must never end the match
        return None, f"The replay was not saved: {type(exc).__name__}: {exc}"
    return path, ""


def save_puzzle_attempt(start: Duel, duel: Duel, title: str, seat: int, opponent: str,
                        solved: bool, level: str | None = None) -> tuple[Path | None, str]:
    """Save a decided puzzle attempt: `start` is the duel at the puzzle's position (before
    any command), `duel` the attempt. The file, or None and the sentence to show."""
    if len(duel.history) <= len(start.history):
        return None, ""
    try:
        path = save_replay(record_puzzle(start, duel, title, seat, opponent, solved, level=level))
    except ReplayError as exc:
        return None, f"The replay was not saved: {exc.problem}"
    except Exception as exc:  # a recording bug must never end the puzzle
        return None, f"The replay was not saved: {type(exc).__name__}: {exc}"
    return path, ""
