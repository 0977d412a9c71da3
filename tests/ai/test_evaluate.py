"""Hard's evaluation reads SP and the Phantoms in hand by when the next Draw Phase comes
(docs/ai.md, "Fourth look"): the playouts stop at Hard's own next turn, where every SP up to
the cap may be spent, and SP saved for a Phantom the hand holds is worth what it will pay for.
Normal's and Easy's evaluation is unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.evaluate import DEFAULT, castable_gain, main_before_draw, next_main, side_worth
from game.ai.search import HARD_WEIGHTS
from game.play.scenario import Runner, load_scenario

DECK = ["stone_sentry"] * 4


def _duel(players: dict, *, turn: int = 3, turn_player: int = 1, first_player: int = 1,
          phase: str = "main1"):
    sc = load_scenario({"name": "evaluate", "start": {
        "turn": turn, "round": (turn + 1) // 2, "turn_player": turn_player,
        "first_player": first_player, "phase": phase, "players": players}, "commands": []})
    runner = Runner(sc)
    runner.run()
    assert not runner.failures, runner.failures
    return runner.duel


QUIET = {1: {"deck": DECK}, 2: {"deck": DECK}}


@pytest.mark.parametrize("turn,turn_player,phase,first,second", [
    (3, 1, "main1", True, False),  # the first player's turn; the second's after the Draw Phase
    (3, 1, "end", False, False),  # at its End both Main Phases come after the Draw Phase
    (4, 2, "standby", True, True),  # the second player's turn, then the first player's
    (4, 2, "end", True, False),  # its End: the first player's turn, then the Draw Phase
])
def test_who_gets_a_main_phase_before_the_next_draw_phase(turn: int, turn_player: int, phase: str,
                                                         first: bool, second: bool) -> None:
    duel = _duel(QUIET, turn=turn, turn_player=turn_player, phase=phase)
    assert (main_before_draw(duel, 0), main_before_draw(duel, 1)) == (first, second)


@pytest.mark.parametrize("turn,turn_player,phase,first,second", [
    (3, 1, "main1", True, False),
    (3, 1, "end", False, True),  # the second player's turn comes next
    (4, 2, "standby", False, True),
    (4, 2, "end", True, False),
])
def test_whose_main_phase_comes_next(turn: int, turn_player: int, phase: str, first: bool,
                                     second: bool) -> None:
    duel = _duel(QUIET, turn=turn, turn_player=turn_player, phase=phase)
    assert (next_main(duel, 0), next_main(duel, 1)) == (first, second)


def test_only_the_side_whose_main_phase_comes_next_counts_its_castable_phantoms() -> None:
    """The other side's next Main Phase comes after this one has changed the board: its hand
    is counted as hand cards only (puzzle 09 was lost when the opponent's Stone Sentry,
    castable but out-hit by Storm Rider, tipped Hard from Rampart Colossus to Storm Rider)."""
    me = {"deck": DECK, "sp": 8, "hand": ["colony_titan"]}
    mine = _duel({1: me, 2: dict(me)}, phase="standby")
    w = HARD_WEIGHTS
    without = replace(w, castable=0.0)
    assert side_worth(mine, 0, w) - side_worth(mine, 0, without) == pytest.approx(
        castable_gain(mine, 0, 8, 0, w))
    assert side_worth(mine, 1, w) == side_worth(mine, 1, without)


def test_hard_counts_sp_up_to_the_cap_when_its_main_phase_comes_first() -> None:
    """8 SP at the start of one's own turn can all be spent before the Draw Phase: Hard counts
    the 7th and 8th at the full SP weight, Normal (and Hard once the Draw Phase comes first)
    at `sp_extra`."""
    hard = replace(HARD_WEIGHTS, castable=0.0)
    rich = {1: {"deck": DECK, "sp": 8}, 2: {"deck": DECK, "sp": 8}}
    poor = {1: {"deck": DECK, "sp": 6}, 2: {"deck": DECK, "sp": 6}}
    now_rich, now_poor = _duel(rich, phase="standby"), _duel(poor, phase="standby")
    assert side_worth(now_rich, 0, hard) - side_worth(now_poor, 0, hard) == 2 * hard.sp
    assert side_worth(now_rich, 0, DEFAULT) - side_worth(now_poor, 0, DEFAULT) == 2 * DEFAULT.sp_extra
    # the second player's Main Phase comes after the Draw Phase: its 7th and 8th SP overflow
    assert side_worth(now_rich, 1, hard) - side_worth(now_poor, 1, hard) == 2 * hard.sp_extra


def test_sp_saved_for_a_level_8_phantom_in_hand_counts_once_it_pays_for_it() -> None:
    """Colony Titan (Level 8) in hand: at 8 SP with a free slot it adds to the hand card,
    at 7 SP (or with every Phantom slot taken) it adds nothing; an Extra Deck Phantom never
    counts; Normal's weights have no such term."""
    def hand(sp: int, full: bool = False) -> dict:
        me: dict = {"deck": DECK, "sp": sp, "hand": ["colony_titan", "brood_tyrant"]}
        if full:  # every Phantom slot and Side Balance slot taken
            me["phantom"] = ["stone_sentry"] * 3
            me["side"] = ["stone_sentry"] * 2
        return {1: me, 2: {"deck": DECK}}

    w = HARD_WEIGHTS
    eight = _duel(hand(8))
    gain = castable_gain(eight, 0, 8, 0, w)
    assert gain == pytest.approx(w.castable * (2500 * w.atk + 1300 * w.health + 8 * w.level)
                                 - 8 * w.sp)
    assert gain > 0
    assert castable_gain(_duel(hand(7)), 0, 7, 0, w) == 0.0
    full = _duel(hand(8, full=True))
    assert castable_gain(full, 0, 8, 0, w) == 0.0
    # a stronger attacker across the field makes the Titan count as exposed: less, not more
    assert castable_gain(eight, 0, 8, 3000, w) < gain
    assert castable_gain(eight, 0, 8, 0, DEFAULT) == 0.0
    # in the whole evaluation: 8 SP and the Titan beat 7 SP by more than one SP's weight
    seven = _duel(hand(7))
    assert side_worth(eight, 0, w) - side_worth(seven, 0, w) == pytest.approx(w.sp + gain)


def test_the_best_set_fits_the_sp_and_the_slots() -> None:
    """Two Level 3 Phantoms and a Level 8 at 8 SP with one free slot: the single best one;
    with free slots for all, the Titan or the two Level 3 ones, whichever gain more (all
    three would cost 14 SP)."""
    me = {"deck": DECK, "sp": 8, "hand": ["colony_titan", "iron_hound", "iron_hound"],
          "phantom": ["stone_sentry", "stone_sentry"], "side": ["stone_sentry"] * 2}
    w = HARD_WEIGHTS
    one_slot = _duel({1: me, 2: {"deck": DECK}})
    titan = w.castable * (2500 * w.atk + 1300 * w.health + 8 * w.level) - 8 * w.sp
    hound = w.castable * (1100 * w.atk + 1000 * w.health + 3 * w.level) - 3 * w.sp
    assert castable_gain(one_slot, 0, 8, 0, w) == pytest.approx(max(titan, hound))
    three = _duel({1: {**me, "phantom": [], "side": []}, 2: {"deck": DECK}})
    assert castable_gain(three, 0, 8, 0, w) == castable_gain(three, 0, 9, 0, w)  # two fit 8
    assert castable_gain(three, 0, 8, 0, w) == pytest.approx(max(titan, 2 * hound))
    assert castable_gain(three, 0, 6, 0, w) == pytest.approx(2 * hound)


def test_rank_through_ranks_by_the_search_s_own_first_sample() -> None:
    """`HardPlayer(rank_through=True)` (Hard's default, docs/ai.md "Fifth look"): the
    candidates are ranked by playouts through the opponent's turn, which count as the
    search's first sample, so with a budget spent by the ranking alone it plays one sample
    and fewer commands than the default (a rest-of-turn ranking, then that sample)."""
    from game import ai

    players = {1: {"deck": DECK, "sp": 5, "hand": ["iron_hound", "stone_sentry", "dusk_fox"]},
               2: {"deck": DECK, "phantom": ["storm_rider"]}}
    sc = load_scenario({"name": "rank", "start": {
        "turn": 3, "round": 2, "turn_player": 1, "first_player": 1, "phase": "main1",
        "players": players}, "commands": []})
    spent = {}
    for through in (True, False):
        runner = Runner(sc)
        runner.run()
        hard = ai.make_player("hard", 0, pool=sc.pool, rules=sc.rules, budget=1,
                              rank_through=through)
        view = runner.duel.view(0)
        assert hard.choose(view) in view.legal_actions
        assert hard.last_samples == 1
        assert len(hard.last_scores) > 1
        spent[through] = hard.last_simulations
    assert spent[True] < spent[False]
