"""A computer player's own state goes back with a person's undo (session.KeepsUndoState):
a puzzle's scripted opponent keeps which of its moves are used with each undo mark."""

from __future__ import annotations

from game.ai.random_player import RandomPlayer
from game.engine import Command, Duel, NextPhase, Player, PlayerView
from game.ui.duel.session import DuelSession, KeepsUndoState
from tests.kit import base_pool, rules
from tests.ui.duel_kit import specs


class Scripted:
    """A computer player with script state, as game.play.puzzles' scripted opponent."""

    def __init__(self) -> None:
        self.state = "at the mark"
        self.restored: list[object] = []

    def choose(self, view: PlayerView) -> Command:
        return view.legal_actions[0]

    def undo_state(self) -> object:
        return self.state

    def undo_restore(self, state: object) -> None:
        self.restored.append(state)


def _session(player: Player) -> DuelSession:
    duel = Duel(base_pool(), rules(), specs(), 1, first_player=0, auto_pass=False)
    return DuelSession(duel, (True, False), ("You", "AI"), {1: player}, threaded=False)


def _decide(session: DuelSession) -> None:
    cmd = next(c for c in session.view(0).legal_actions if isinstance(c, NextPhase))
    session.apply(cmd, 0, decision="go to the next phase")


def test_an_undo_gives_a_scripted_player_the_state_kept_with_the_mark() -> None:
    player = Scripted()
    assert isinstance(player, KeepsUndoState)
    session = _session(player)
    _decide(session)
    player.state = "after the mark"
    session.undo(0)
    assert player.restored == ["at the mark"]


def test_a_player_without_script_state_is_left_alone_by_an_undo() -> None:
    player = RandomPlayer(3)
    assert not isinstance(player, KeepsUndoState)
    session = _session(player)
    _decide(session)
    assert session.undos.marks[-1].players == ()
    session.undo(0)
    assert len(session.history) == 0
