"""Who plays on in Hard's playouts (`HardPlayer(model=...)`, docs/ai.md "Sixth look")."""

from __future__ import annotations

import pytest

from game import ai
from game.ai.policy import NORMAL, QUICK, BySeat, Policy, playout
from game.ai.search import HARD_WEIGHTS, MODELS, HardPlayer
from game.play.scenario import Runner, load_scenario
from game.play.scenario.reader import Scenario

DECK = ["stone_sentry"] * 6


def _runner() -> tuple[Runner, Scenario]:
    players = {1: {"deck": DECK, "sp": 5, "hand": ["iron_hound", "stone_sentry", "dusk_fox"]},
               2: {"deck": DECK, "sp": 5, "hand": ["iron_hound"], "phantom": ["storm_rider"]}}
    sc = load_scenario({"name": "model", "start": {
        "turn": 3, "round": 2, "turn_player": 1, "first_player": 1, "phase": "main1",
        "players": players}, "commands": []})
    runner = Runner(sc)
    runner.run()
    assert not runner.failures, runner.failures
    return runner, sc


class Recording(Policy):
    """A policy that notes the seat of every decision it is asked for."""

    def __init__(self) -> None:
        super().__init__(QUICK)
        self.seats: list[int] = []

    def choose(self, duel, me, legal=None):  # type: ignore[no-untyped-def]
        self.seats.append(me)
        return super().choose(duel, me, legal)


def test_a_playout_by_seat_asks_each_seat_s_own_policy() -> None:
    duel = _runner()[0].duel
    first, second = Recording(), Recording()
    n = playout(duel.clone(), BySeat((first, second)), duel.state.turn + 2, 300)
    assert n > 0
    assert first.seats and set(first.seats) == {0}
    assert second.seats and set(second.seats) == {1}  # the opponent's whole turn was played


@pytest.mark.parametrize("model", MODELS)
def test_each_model_plays_the_opponent_s_seat_as_it_says(model: str) -> None:
    runner, sc = _runner()
    hard = ai.make_player("hard", 0, pool=sc.pool, rules=sc.rules,
                          budget=300, model=model)
    assert isinstance(hard, HardPlayer)
    view = runner.duel.view(0)
    assert hard.choose(view) in view.legal_actions
    play = hard.playouts(0)
    if model == "quick":
        assert play is hard.playout
        return
    assert isinstance(play, BySeat)
    mine, theirs = play.policies
    assert theirs.style is NORMAL and theirs.w is not HARD_WEIGHTS  # Normal plays as Normal
    assert (mine.style is NORMAL) == (model == "both")
    assert mine.w is HARD_WEIGHTS
    assert theirs.simulated > 0  # it looked ahead inside the playouts


def test_an_unknown_model_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="normal"):
        HardPlayer(0, model="clairvoyant")
