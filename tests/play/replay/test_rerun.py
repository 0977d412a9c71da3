"""Re-playing a replay: a command the engine refuses stops it there, an end that differs says so."""

from __future__ import annotations

from game.engine import state_hash
from game.play import replay as R
from tests.kit import base_pool
from tests.play.replay.recorded import edit_saved


def test_a_command_the_engine_refuses_stops_the_replay_there(saved, duel) -> None:
    def change(data):
        data["commands"][10] = "Attack player=0 attacker=999 target=-1"
    edit_saved(saved, change)
    rp = R.load_replay(saved, base_pool())  # well formed: the engine decides
    run = R.ReplayRun.play(rp, base_pool())
    assert run.length == 10
    assert run.stopped.startswith("command 11 (Attack player=0 attacker=999 target=-1) was refused: ")
    assert state_hash(run.duel_at(10)) == state_hash(run.final)


def test_a_replay_that_ends_differently_says_so(saved) -> None:
    edit_saved(saved, lambda d: d["commands"].pop())
    run = R.ReplayRun.play(R.load_replay(saved, base_pool()), base_pool())
    assert not run.stopped
    assert any("the end differs from the recording" in w for w in run.warnings)


