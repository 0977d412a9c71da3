"""A computer level told a puzzle's goal plays for it (game/ai/goals.py): the goal is judged
on the duel, its evaluation scores a met goal as a win and a failed one as a loss, and a
level whose choice the goal changes makes the other choice."""

from __future__ import annotations

import pytest

from game import ai
from game.ai.evaluate import DEFAULT, WIN, Weights, evaluate
from game.ai.goals import FAILED, MET, OPEN, SURVIVE, WIN_BY, PlayGoal
from game.engine import Attack
from game.play.scenario import Runner, load_scenario

GNAT = {"id": "gnat", "name": "Gnat", "type": "phantom", "level": 1, "atk": 100,
        "health": 100, "text": "A small Phantom."}


def _duel(turn: int = 3, lp: tuple[int, int] = (10000, 2500), commands=()):
    sc = load_scenario({
        "name": "goal", "cards": [GNAT],
        "start": {"turn": turn, "phase": "battle", "turn_player": 2 - turn % 2, "players": {
            1: {"lp": lp[0], "phantom": ["gnat"], "deck": ["stone_sentry"]},
            2: {"lp": lp[1], "back": ["parry"], "deck": ["stone_sentry"]}}},
        "commands": list(commands)})
    runner = Runner(sc)
    runner.run()
    assert not runner.failures
    return sc, runner.duel


def test_round_goals_become_turn_deadlines() -> None:
    assert PlayGoal.survive_until_round(7) == PlayGoal(SURVIVE, 12)  # round 7 begins at turn 13
    assert PlayGoal.win_by_round(6) == PlayGoal(WIN_BY, 12)  # round 6 ends with turn 12
    with pytest.raises(ValueError):
        PlayGoal("thrive", 3)


@pytest.mark.parametrize("goal,turn,lp,status", [
    (PlayGoal(SURVIVE, 3), 3, (10000, 2500), OPEN),
    (PlayGoal(SURVIVE, 3), 4, (10000, 2500), MET),  # turn 3 is over, still standing
    (PlayGoal(SURVIVE, 3, lp_floor=2500), 3, (10000, 2500), FAILED),  # at the floor
    (PlayGoal(WIN_BY, 3), 3, (10000, 2500), OPEN),
    (PlayGoal(WIN_BY, 3), 4, (10000, 2500), FAILED),  # too late
    (PlayGoal(WIN_BY, 3, lp_target=3000), 3, (2900, 2500), MET),  # seat 1: its opponent at 2900
])
def test_a_goal_is_judged_on_the_duel(goal, turn, lp, status) -> None:
    _, duel = _duel(turn, lp)
    assert goal.status(duel, 1) == status


def test_a_won_or_lost_duel_decides_the_goal() -> None:
    _, duel = _duel(commands=[{"player": 2, "concede": True}])
    assert PlayGoal(SURVIVE, 9).status(duel, 1) == FAILED
    assert PlayGoal(WIN_BY, 9).status(duel, 0) == MET
    assert PlayGoal(SURVIVE, 9).status(duel, 0) == MET


def test_the_evaluation_scores_a_met_goal_as_a_win_and_a_failed_one_as_a_loss() -> None:
    _, duel = _duel(turn=4)  # turn 3 is over
    plain = evaluate(duel, 1)
    assert abs(plain) < WIN / 10
    assert evaluate(duel, 1, Weights(goal=PlayGoal(SURVIVE, 3))) >= WIN
    assert evaluate(duel, 1, Weights(goal=PlayGoal(WIN_BY, 3))) <= -WIN
    assert evaluate(duel, 1, Weights(goal=PlayGoal(SURVIVE, 5))) == plain  # open: the duel decides
    assert DEFAULT.goal is None


def test_normal_answers_a_small_attack_only_when_its_goal_needs_it() -> None:
    """Gnat's 100 damage is not worth a Parry in a duel, but it would take the LP to the
    puzzle's floor (2450): told the goal, Normal spends the Parry."""
    sc, duel = _duel(commands=[{"player": 1, "attack": "gnat", "target": "direct"}])
    view = duel.view(1)
    plain = [ai.make_player("normal", seed, pool=sc.pool, rules=sc.rules).choose(view)
             for seed in range(3)]
    goal = PlayGoal(SURVIVE, 3, lp_floor=2450, draw_ok=True)
    told = [ai.make_player("normal", seed, pool=sc.pool, rules=sc.rules, goal=goal).choose(view)
            for seed in range(3)]
    assert all(type(c).__name__ == "Pass" for c in plain)
    assert all(type(c).__name__ == "Activate" for c in told)


@pytest.mark.parametrize("name", ai.LEVEL_NAMES)
def test_every_level_takes_a_goal(name: str) -> None:
    sc, duel = _duel()
    player = ai.make_player(name, 0, pool=sc.pool, rules=sc.rules, goal=PlayGoal(SURVIVE, 3),
                            **({"budget": 50} if name == "hard" else {}))
    assert player.choose(duel.view(0)) in duel.legal_actions()


def _facing(phase: str, commands=()):
    """Player 2 (seat 1) at 2,000 LP with a Parry set; player 1's Storm Rider can attack."""
    sc = load_scenario({
        "name": "goal", "start": {"turn": 3, "round": 2, "turn_player": 1, "first_player": 1,
                                  "phase": phase, "players": {
            1: {"lp": 2000, "phantom": ["storm_rider"], "deck": ["stone_sentry"] * 3},
            2: {"lp": 2000, "back": ["parry"], "deck": ["stone_sentry"] * 3}}},
        "commands": list(commands)})
    runner = Runner(sc)
    runner.run()
    assert not runner.failures
    return sc, runner.duel


@pytest.mark.parametrize("name", ai.LEVEL_NAMES)
def test_every_level_plays_for_a_survive_goal(name: str) -> None:
    """Storm Rider's direct attack would end the duel: told to survive, every level (Random
    and Easy included, whose answers are otherwise a coin toss) negates it with Parry."""
    sc, duel = _facing("battle", [{"player": 1, "attack": "storm_rider", "target": "direct"}])
    view = duel.view(1)
    goal = PlayGoal(SURVIVE, 4, draw_ok=True)
    picks = [ai.make_player(name, seed, pool=sc.pool, rules=sc.rules, goal=goal).choose(view)
             for seed in range(8)]
    assert all(type(c).__name__ == "Activate" for c in picks), picks


@pytest.mark.parametrize("name", ai.LEVEL_NAMES)
def test_every_level_plays_for_a_win_this_turn_goal(name: str) -> None:
    """In the Battle Phase with Storm Rider's lethal direct attack open, every level told to
    win this turn makes it (Random included, which otherwise picks any of five commands)."""
    sc = load_scenario({
        "name": "goal", "start": {"turn": 3, "round": 2, "turn_player": 1, "first_player": 1,
                                  "phase": "battle", "players": {
            1: {"lp": 2000, "phantom": ["storm_rider", "stone_sentry"],
                "deck": ["stone_sentry"] * 3},
            2: {"lp": 2000, "deck": ["stone_sentry"] * 3}}},
        "commands": []})
    runner = Runner(sc)
    runner.run()
    duel = runner.duel
    rider = next(c.uid for c in duel.cards if c.cid == "storm_rider")
    view = duel.view(0)
    goal = PlayGoal(WIN_BY, 3)
    for seed in range(8):
        cmd = ai.make_player(name, seed, pool=sc.pool, rules=sc.rules, goal=goal).choose(view)
        assert cmd == Attack(0, rider, -1), (seed, cmd)
