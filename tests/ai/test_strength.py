"""Playing strength that must not break (issue 21): Hard and Normal take a win this turn
(across several attacks), the rule-based play never answers a Step that will fizzle and
respects "cannot attack" in its threat checks, Normal keeps a Phantom out of Attack Position
before a bigger attacker at low LP, and Hard solves every shipped puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game import ai
from game.ai.lethal import LethalSolver
from game.ai.policy import EASY, NORMAL, QUICK, Policy
from game.engine import Activate, Attack, ChangePosition, Pass, Unsummon
from game.files.resources import PUZZLE_DIR
from game.play import puzzles as pz
from game.play.scenario import Runner, load_scenario

DECK = ["stone_sentry"] * 3


def _duel(players: dict, phase: str = "main1", commands=()):
    """Turn 3, player 1's turn (seat 0), from a written position."""
    sc = load_scenario({"name": "strength", "start": {
        "turn": 3, "round": 2, "turn_player": 1, "first_player": 1, "phase": phase,
        "players": players}, "commands": list(commands)})
    runner = Runner(sc)
    runner.run()
    assert not runner.failures, runner.failures
    return sc, runner.duel


def _play_turn(sc, duel, player) -> list:
    """Seat 0's whole turn by `player` (seat 1 by Normal); the commands seat 0 sent."""
    other = ai.make_player("normal", 1, pool=sc.pool, rules=sc.rules)
    sent = []
    turn = duel.state.turn
    while not duel.over and duel.state.turn == turn:
        seat = duel.deciding_player
        cmd = (player if seat == 0 else other).choose(duel.view(seat))
        if seat == 0:
            sent.append(cmd)
        duel.apply(cmd)
    return sent


# A trade that opens a direct hit: Siege Titan into Siege Titan Breaks both (scored alone,
# an even trade nobody makes), then Iron Hound's 1,100 goes through for exactly the LP left.
TRADE = {1: {"lp": 3000, "phantom": ["siege_titan", "iron_hound"], "deck": DECK},
         2: {"lp": 1100, "phantom": ["siege_titan"], "deck": DECK, "hand": ["stone_sentry"]}}
# Direct damage into an empty board (no set card, no Phantom), from the Main Phase 1.
EMPTY = {1: {"lp": 3000, "phantom": ["storm_rider"], "deck": DECK},
         2: {"lp": 2200, "deck": DECK, "hand": ["stone_sentry"]}}


@pytest.mark.parametrize("position", [TRADE, EMPTY], ids=["trade", "empty_board"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_win_this_turn_is_taken(level: str, position: dict) -> None:
    for seed in range(2):
        sc, duel = _duel(position)
        player = ai.make_player(level, seed, pool=sc.pool, rules=sc.rules)
        _play_turn(sc, duel, player)
        assert duel.state.winner == 0, (level, seed)


def test_hard_never_declines_a_winning_attack() -> None:
    """The Bastion opponent (its decklist known, Mirrorwall Golem in its Extra Deck) cannot
    stop a direct attack into an empty board: Hard makes it, and the solver decided it."""
    from tests.ai.kit import cards_of, starter

    bastion = cards_of(starter("bastion_wall"))
    for phase in ("main1", "battle"):
        sc, duel = _duel(EMPTY, phase)
        hard = ai.make_player("hard", 7, pool=sc.pool, rules=sc.rules, opponent_deck=bastion)
        sent = _play_turn(sc, duel, hard)
        assert duel.state.winner == 0
        assert any(isinstance(c, Attack) and c.target < 0 for c in sent)
        assert hard.lethal_lines >= 1  # type: ignore[attr-defined]


def test_the_solver_finds_the_trade_and_counts_a_set_answer() -> None:
    sc, duel = _duel(TRADE, "battle")
    line = LethalSolver(0).solve(duel)
    assert line is not None and [type(c) for c in line] == [Attack, Attack]
    assert line[0].target >= 0 and line[1].target < 0  # the trade first, then the direct hit
    # a set Parry may negate either attack: no certain win is left
    guarded = {**TRADE, 2: {**TRADE[2], "back": ["parry"]}}
    sc, duel = _duel(guarded, "battle")
    assert LethalSolver(0).solve(duel) is None


def _fizzling_window():
    """Puzzle 10 after Sudden Collapse Broke Storm Rider: the window on Storm Rider's attack,
    whose attacker is gone, offers Parry."""
    data = yaml.safe_load((PUZZLE_DIR / "10_counter_timing.yaml").read_text())
    data.pop("puzzle")
    data.pop("expect")
    data["commands"] = data["commands"][:3]
    sc = load_scenario(data)
    runner = Runner(sc)
    runner.run()
    assert not runner.failures
    duel = runner.duel
    assert any(isinstance(c, Activate) for c in duel.legal_actions())
    return sc, duel


@pytest.mark.parametrize("style", [QUICK, NORMAL, EASY], ids=["quick", "normal", "easy"])
def test_no_answer_to_a_step_that_will_fizzle(style) -> None:
    from dataclasses import replace

    sc, duel = _fizzling_window()
    policy = Policy(replace(style, responses=1.0))
    assert isinstance(policy.choose(duel, 0), Pass)


def test_every_level_passes_a_step_that_will_fizzle() -> None:
    sc, duel = _fizzling_window()
    for name in ("easy", "normal", "hard"):
        player = ai.make_player(name, 0, pool=sc.pool, rules=sc.rules)
        assert isinstance(player.choose(duel.view(0)), Pass), name


@pytest.mark.parametrize("foe,protects", [("rampart_colossus", False), ("granite_golem", True)])
def test_threat_checks_respect_cannot_attack(foe: str, protects: bool) -> None:
    """A hurt burn engine (Rampart Colossus at 500 Health) is kept where it is when the only
    opposing Phantom "cannot attack" (another Colossus), and taken back or turned to Defense
    when it can (Granite Golem's 1,500 ATK)."""
    players = {1: {"lp": 6000, "phantom": [{"card": "rampart_colossus", "health": 500}],
                   "deck": DECK},
               2: {"lp": 8000, "phantom": [foe], "deck": DECK}}
    sc, duel = _duel(players, "main2")
    normal = ai.make_player("normal", 0, pool=sc.pool, rules=sc.rules)
    sent = _play_turn(sc, duel, normal)
    moved = any(isinstance(c, (Unsummon, ChangePosition)) for c in sent)
    assert moved == protects, sent


@pytest.mark.parametrize("lp,attacks", [(550, False), (8000, True)])
def test_normal_stays_in_defense_before_a_bigger_attacker_at_low_lp(lp: int, attacks: bool) -> None:
    """River Serpent could Break the Iron Hound in Defense, but in Attack Position Storm
    Rider's 2,200 would then go through its 1,200 Health for 1,000: at 550 LP it stays put."""
    players = {1: {"lp": lp, "sp": 0, "deck": DECK,
                   "phantom": [{"card": "river_serpent", "position": "defense"}]},
               2: {"lp": 8000, "deck": DECK,
                   "phantom": ["storm_rider", {"card": "iron_hound", "position": "defense"}]}}
    sc, duel = _duel(players)
    normal = ai.make_player("normal", 0, pool=sc.pool, rules=sc.rules)
    sent = _play_turn(sc, duel, normal)
    assert any(isinstance(c, ChangePosition) for c in sent) == attacks


def _shipped() -> list[pz.Puzzle]:
    return [p for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
            if isinstance(p, pz.Puzzle)]


def test_hard_solves_every_shipped_puzzle() -> None:
    failed = []
    for puzzle in _shipped():
        run = pz.run_solution(puzzle)
        me = pz.level_player(puzzle, "hard", puzzle.seat)
        status = pz.play_out(puzzle, [], me, pz.opponent_player(puzzle, run.moves))
        if status is not pz.Status.SOLVED:
            failed.append(puzzle.path.stem)
    assert not failed


def _still_standing_window(lp: int = 400):
    """Puzzle 04b when Siege Titan has declared its attack on the Shield Bearer: seat 0 (the
    puzzle's player 1, at 400 LP) may pass, Parry or answer with Iron Resolve."""
    data = yaml.safe_load((PUZZLE_DIR / "04b_still_standing.yaml").read_text())
    data["start"]["players"][1]["lp"] = lp
    data.pop("puzzle")
    data.pop("expect")
    data["commands"] = data["commands"][:2]
    sc = load_scenario(data)
    runner = Runner(sc)
    runner.run()
    assert not runner.failures
    return sc, runner.duel


def test_the_survival_solver_finds_the_one_answer_that_survives() -> None:
    """Only Iron Resolve now survives the turn (the Bearer Broken to 0 Health then blocks
    in Defense Position); passing loses to the excess damage and Parry stops one attack of
    three. Both are proven to lose, Iron Resolve to survive every attack order."""
    from game.ai.goals import PlayGoal
    from game.ai.survival import SurvivalSolver, threatened

    sc, duel = _still_standing_window()
    me = duel.deciding_player
    legal = duel.legal_actions()
    cards = duel.state.cards
    names = {c: sc.pool[cards[c.card].cid].id for c in legal if isinstance(c, Activate)}
    assert sorted(names.values()) == ["iron_resolve", "parry"]
    assert threatened(duel, me, None)
    for goal in (None, PlayGoal("survive", duel.state.turn)):
        solver = SurvivalSolver(me, goal, budget=5000)
        safe = solver.safe(duel, list(legal))
        assert safe is not None and [names.get(c) for c in safe] == ["iron_resolve"]


def test_hard_answers_with_iron_resolve_in_a_plain_duel() -> None:
    """Without the puzzle's goal too: Hard's candidates are cut to the ones that survive."""
    sc, duel = _still_standing_window()
    me = duel.deciding_player
    hard = ai.make_player("hard", 3, pool=sc.pool, rules=sc.rules)
    cmd = hard.choose(duel.view(me))
    assert isinstance(cmd, Activate)
    assert sc.pool[duel.state.cards[cmd.card].cid].id == "iron_resolve"


def test_the_survival_solver_cuts_nothing_when_every_answer_survives() -> None:
    """At 8,000 LP no attack order can finish us this turn: every candidate is proven safe
    (so Hard's search keeps them all) and no cheap bound calls the turn a threat at 20,000."""
    from game.ai.survival import SurvivalSolver, threatened

    sc, duel = _still_standing_window(8000)
    me = duel.deciding_player
    legal = list(duel.legal_actions())
    safe = SurvivalSolver(me, None, budget=5000).safe(duel, legal)
    assert safe == legal
    sc, duel = _still_standing_window(20000)
    assert not threatened(duel, me, None)


@pytest.mark.parametrize("style", [QUICK, EASY], ids=["quick", "easy"])
def test_a_harmful_targeted_play_aims_at_the_most_valuable_phantom(style) -> None:
    """Banishing Whisper against a Hive Drone, a Brood Tyrant and a Larva Swarmling: the
    rules of thumb (those that play both seats inside Hard's playouts, and Easy's) bounce the
    Tyrant, as Normal does by trying each target. Before, every target scored alike and the
    first listed went back (the Drone), so Hard's playouts never saw Veil's Banishing Whisper
    send an Extra Deck Phantom and its three materials' worth back to the Extra Deck."""
    from dataclasses import replace

    players = {1: {"lp": 8000, "sp": 3, "hand": ["banishing_whisper"], "deck": DECK},
               2: {"lp": 8000, "phantom": ["hive_drone", "brood_tyrant", "larva_swarmling"],
                   "deck": DECK}}
    sc, duel = _duel(players)
    cmd = Policy(replace(style, mistakes=0.0)).choose(duel, 0)
    assert isinstance(cmd, Activate), cmd
    assert [sc.pool[duel.state.cards[u].cid].id for u in cmd.targets] == ["brood_tyrant"]


# Bastion at 6,450 LP with an empty field and no set card, three Mirrorwall Golems (free
# once its LP are 6,000 or less) in its Extra Deck; Siege Titan's 2,600 cannot win this turn.
# Hard's Main Deck (9 cards) is the smaller: in a stall it decks out first.
GOLEMS = {1: {"lp": 9000, "phantom": ["siege_titan"], "deck": DECK * 3},
          2: {"lp": 6450, "deck": DECK * 4, "hand": ["stone_sentry"],
              "extra": ["mirrorwall_golem"] * 3}}


@pytest.mark.parametrize("latent,attacks", [(None, True), (0.0, False)],
                         ids=["hard", "without_latent_extra"])
def test_hard_takes_damage_that_lets_mirrorwall_golems_come(latent: float | None,
                                                            attacks: bool) -> None:
    """The Bastion stall (issue 21): scored only once summoned, the three Golems a direct hit
    lets come looked like a board handed over, so Hard never took Bastion below 6,000 LP and
    decked out first. Counted before they come (`Weights.latent_extra`, wholly while Hard's
    deck is the smaller: `latent_clock`), the 2,600 damage is taken with Hard's own weights;
    without those terms (the weights before) it is declined, every seed. (With the share
    fitted to duel outcomes alone, 0.32, the stall came back: docs/ai.md "Seventh look".)"""
    from dataclasses import replace

    from game.ai.search import HARD_WEIGHTS

    for seed in range(3):
        sc, duel = _duel(GOLEMS)
        hard = ai.make_player("hard", seed, pool=sc.pool, rules=sc.rules,
                              deck=["stone_sentry"] * 12 + ["siege_titan"],
                              opponent_deck=["stone_sentry"] * 13 + ["mirrorwall_golem"] * 3,
                              weights=HARD_WEIGHTS if latent is None
                              else replace(HARD_WEIGHTS, latent_extra=latent,
                                           latent_clock=latent))
        sent = _play_turn(sc, duel, hard)
        direct = [c for c in sent if isinstance(c, Attack) and c.target < 0]
        assert bool(direct) == attacks, (seed, sent)


def test_the_golems_count_wholly_while_the_side_facing_them_has_the_smaller_deck() -> None:
    """`latent_clock`: the Golems' side counts them wholly while the other side's Main Deck is
    the smaller (a stall decks it out first), at `latent_extra` otherwise."""
    from game.ai.evaluate import _latent_extra, side_worth
    from game.ai.search import HARD_WEIGHTS as W

    sc, smaller = _duel(GOLEMS)
    even = {**GOLEMS, 1: {**GOLEMS[1], "deck": DECK * 4}}
    sc, same = _duel(even)
    golems = _latent_extra(smaller, 1, W)
    assert golems == _latent_extra(same, 1, W) > 0
    assert W.latent_clock == 1.0 and W.latent_extra < W.latent_clock
    gap = side_worth(smaller, 1, W) - side_worth(same, 1, W)
    assert gap == pytest.approx((W.latent_clock - W.latent_extra) * golems)


def test_the_latent_extra_deck_counts_only_above_the_threshold() -> None:
    """`evaluate._latent_extra`: the Golems count while their player is above 6,000 LP and
    stop counting once it is not (then they may come and count on the field)."""
    from game.ai.evaluate import _latent_extra
    from game.ai.search import HARD_WEIGHTS

    sc, duel = _duel(GOLEMS)
    assert _latent_extra(duel, 1, HARD_WEIGHTS) > 3 * 1000  # three Golems, free slots for them
    assert _latent_extra(duel, 0, HARD_WEIGHTS) == 0.0  # no such card in seat 0's Extra Deck
    duel.state.players[1].lp = 6000
    assert _latent_extra(duel, 1, HARD_WEIGHTS) == 0.0


# Issue 40's position: every Phantom and Side Balance slot of seat 0 is taken, one by a
# Stone Sentry at 0 Health. The win: Unsummon the Sentry to free a slot, Special Summon Brood
# Tyrant (2,200 ATK) from the three hive Phantoms, Break the Shield Bearer in Defense
# Position (1,800 Health) with it, and Iron Hound attacks directly for the 1,100 LP left. No
# other line wins: the hive Phantoms and the Hound cannot Break the Bearer and still hit.
CROWDED = {1: {"lp": 3000, "sp": 0, "deck": DECK, "extra": ["brood_tyrant"],
               "phantom": ["brood_scout", "brood_scout", "larva_swarmling"],
               "side": [{"card": "stone_sentry", "position": "defense", "health": 0},
                        "iron_hound"]},
           2: {"lp": 1100, "sp": 0, "deck": DECK,
               "phantom": [{"card": "shield_bearer", "position": "defense"}]}}


def test_hard_frees_a_slot_for_the_extra_deck_summon_and_wins_every_seed() -> None:
    """The solver tries slot-freeing Unsummons and Extra Deck Summons before moving on to
    the battle, so Hard finds the line within its budget (the clock's safety net off) and
    plays it on every seed."""
    import math

    from game.ai.search import LETHAL_BUDGET

    sc, duel = _duel(CROWDED)
    # the plain order (Next Phase first, Unsummons last) runs out of Hard's budget first
    assert LethalSolver(0, budget=LETHAL_BUDGET).solve(duel) is None
    solver = LethalSolver(0, budget=LETHAL_BUDGET, eager=True)
    line = solver.solve(duel)
    assert line is not None and not solver.exhausted
    for seed in range(10):
        sc, duel = _duel(CROWDED)
        hard = ai.make_player("hard", seed, pool=sc.pool, rules=sc.rules, max_seconds=math.inf)
        first = hard.choose(duel.view(0))
        # the solver decided it (before issue 40 the search did, the solver out of budget)
        assert hard.lethal_lines == 1, seed  # type: ignore[attr-defined]
        duel.apply(first)
        sent = [first, *_play_turn(sc, duel, hard)]
        assert duel.state.winner == 0, seed
        names = [type(c).__name__ for c in sent]
        assert names[:2] == ["Unsummon", "SpecialSummon"], (seed, names)
        assert sc.pool[duel.state.cards[sent[0].card].cid].name == "Stone Sentry"
        assert any(isinstance(c, Attack) and c.target < 0 for c in sent)
        assert hard.timeouts == 0  # type: ignore[attr-defined]


def test_hard_looks_wider_before_the_turns_last_chance(monkeypatch) -> None:
    """When the solver ran out of budget and the search would end the turn, Hard looks once
    more with the wider budget and plays the win it finds instead."""
    from game.ai import search
    from game.engine import EndTurn, NextPhase, Phase

    sc, duel = _duel(CROWDED)
    assert search.last_chance(duel, EndTurn(0))
    assert not search.last_chance(duel, NextPhase(0))  # Main Phase 1: the battle follows
    monkeypatch.setattr(search, "LETHAL_BUDGET", 2)
    monkeypatch.setattr(search.HardPlayer, "search",
                        lambda self, view, duel, cands, spent: (EndTurn(0), spent))
    hard = ai.make_player("hard", 0, pool=sc.pool, rules=sc.rules)
    cmd = hard.choose(duel.view(0))
    assert isinstance(cmd, Unsummon) and hard.lethal_lines == 1  # type: ignore[attr-defined]
    duel.state.phase = Phase.MAIN2
    assert search.last_chance(duel, NextPhase(0))


def test_told_a_goal_it_cannot_meet_hard_still_plays_its_best_try() -> None:
    """Told to win this turn where no line wins (the opponent at 1,500 LP), every candidate
    fails the goal in every sample; Hard then ranks them by the plain evaluation and plays
    on (it once only moved through the phases)."""
    import math

    from game.ai.goals import PlayGoal

    worse = {**CROWDED, 2: {**CROWDED[2], "lp": 1500}}
    for seed in range(2):
        sc, duel = _duel(worse)
        hard = ai.make_player("hard", seed, pool=sc.pool, rules=sc.rules, max_seconds=math.inf,
                              goal=PlayGoal("win_by", duel.state.turn))
        sent = _play_turn(sc, duel, hard)
        assert any(isinstance(c, Attack) for c in sent), (seed, sent)
        assert any(isinstance(c, Unsummon) for c in sent)
