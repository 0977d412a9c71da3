"""The hotseat curtain follows only what the other seat sees (RULES.md I15, I19): two duels
equal in all one seat has seen, dealt differently in the other seat's hidden cards (its hand,
Main Deck and face-down cards; tests/engine/paired.py), give the same sequence of "who must
decide, passed for or handed the screen" through game/play/seat_turns.py, the function the
duel screen calls. Quick hotseat, which the players choose knowing it tells, does differ."""

from __future__ import annotations

import random

import pytest

from game.engine import Duel, Pass
from game.play.seat_turns import NEW, QUICK, pass_for
from tests.engine.paired import forked_runs
from tests.engine.test_paired_duels import STARTERS, starter
from tests.kit import base_pool
from tests.kit import shipped_rules as rules


def _turn(duel: Duel, policy: str) -> tuple:
    """Who decides now and, in a window, whether they are passed for (hotseat, defaults)."""
    seat = duel.deciding_player
    if seat is None or duel.over:
        return (seat,)
    return (seat, pass_for(duel.view(seat), duel.view(1 - seat), duel.pool,
                           setting="when_able", policy=policy))


def _pairs(deck_a: str, seed: int, policy: str) -> tuple[list[str], int]:
    """Pairs forked for a random seat along random duels of `deck_a` against each starter;
    returns where the seat-handing sequences of a pair differed, and how many windows of
    the other seat were compared."""
    pool = base_pool()
    found: list[str] = []
    compared = 0
    for deck_b in STARTERS:
        rng = random.Random(seed * 101 + STARTERS.index(deck_b))
        duel = Duel(pool, rules(), [starter(deck_a).spec(), starter(deck_b).spec()], seed,
                    auto_pass=False)
        for run in forked_runs(duel, rng, pool, 5):
            a, b, seat = run.a, run.b, run.seat
            while run.steps < 120 and run.step():
                ta, tb = _turn(a, policy), _turn(b, policy)
                compared += ta[0] == 1 - seat and len(ta) > 1 and bool(a.state.lines)
                if ta != tb:
                    found.append(f"{deck_a} v {deck_b} seed {seed} seat {seat} after "
                                 f"{run.steps} commands: {ta} / {tb}")
                    break
    return found, compared


@pytest.mark.parametrize("deck_a", STARTERS)
def test_the_curtain_never_depends_on_cards_the_other_seat_cannot_see(deck_a: str) -> None:
    found, compared = [], 0
    for seed in (1, 2):
        f, c = _pairs(deck_a, seed, NEW)
        found += f
        compared += c
    assert not found, "\n".join(found[:5])
    assert compared > 20, compared


def test_quick_hotseat_does_tell_and_the_pairs_see_it() -> None:
    """The same pairs find Quick hotseat's difference (so they would find a leak)."""
    found = [f for deck_a in STARTERS for seed in (1, 2) for f in _pairs(deck_a, seed, QUICK)[0]]
    assert found


def test_ones_own_step_is_passed_for_whatever_one_holds() -> None:
    """I19: after the other seat passes on your Step you are passed for, even holding an
    answer; "Answers: always ask" asks you."""
    from game.engine import Summon
    from game.engine.position import build_position
    from tests.kit import play, pool_with, uid
    from tests.kit import rules as kit_rules

    duel = build_position(pool_with(), kit_rules(), {"phase": "main1", "turn_player": 0,
                          "players": [
                              {"sp": 5, "lp": 2000, "hand": ["stone_sentry"],
                               "deck": ["stone_sentry"] * 3, "back": ["last_ember"]},
                              {"sp": 5, "deck": ["stone_sentry"] * 3, "back": ["denial"]}]},
                          auto_pass=False)
    play(duel, Summon(0, uid(duel, 0, "stone_sentry"), "phantom", 0, True, True), Pass(1))
    assert duel.deciding_player == 0 and duel.state.lines
    own, other = duel.view(0), duel.view(1)
    assert any(not isinstance(c, Pass) for c in own.legal_actions)  # Last Ember could answer
    assert pass_for(own, other, duel.pool, setting="when_able")
    assert not pass_for(own, other, duel.pool, setting="always")
