"""Nothing leaks (RULES.md I12-I15): two duels equal in all a seat has seen but dealt
differently where it has not looked (its own undrawn cards, the opponent's hand and Main
Deck) give that seat byte-identical views, legal actions, events and logs after every command,
for as long as what it may know is the same in both (tests/engine/paired.py)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from game.decks.deck import load_deck
from game.engine import Duel
from game.files.resources import STARTER_DECK_DIR
from tests.engine.paired import forked_runs
from tests.kit import base_pool
from tests.kit import shipped_rules as rules

STARTERS = ("bastion_wall", "ember_rush", "hive_swarm", "veil_control")


@cache
def starter(name: str):
    return load_deck(STARTER_DECK_DIR / f"{name}.yaml")


def play_pairs(deck_a: str, deck_b: str, seed: int, forks: int = 6,
               pair_steps: int = 120, auto_pass: bool = False) -> tuple[list[str], Counter]:
    """Random duels between two starters; at a few open states along the way, a pair is
    forked for one seat and played on. Returns the leaks found and how the pairs parted."""
    pool = base_pool()
    rng = random.Random(seed)
    duel = Duel(pool, rules(), [starter(deck_a).spec(), starter(deck_b).spec()], seed,
                auto_pass=auto_pass)
    leaks: list[str] = []
    parted: Counter = Counter()
    for run in forked_runs(duel, rng, pool, forks):
        while run.steps < pair_steps and run.step():
            pass
        leaks += [f"{deck_a} v {deck_b} seed {seed} seat {run.seat}: {d}" for d in run.diffs]
        parted[run.parted or "ran its course"] += 1
    return leaks, parted


@pytest.mark.parametrize("deck_a", STARTERS)
@pytest.mark.parametrize("deck_b", STARTERS)
def test_a_seat_sees_the_same_in_two_duels_dealt_differently_where_it_has_not_looked(
        deck_a: str, deck_b: str) -> None:
    leaks: list[str] = []
    parted: Counter = Counter()
    for seed in (1, 2, 3):
        found, how = play_pairs(deck_a, deck_b, seed)
        leaks += found
        parted += how
    assert not leaks, "\n".join(leaks[:5])
    # the pairs really ran: most of them for many commands before parting or ending
    assert sum(parted.values()) >= 6, parted


@pytest.mark.parametrize("deck_a", STARTERS)
def test_with_the_engines_auto_pass_a_seat_cannot_tell_asked_from_passed_for(deck_a: str) -> None:
    """Programs' duels pass for a player with no legal answer; where the other seat is asked
    in one duel of the pair and passed for in the other, it passes there, and from the
    seat's own next view on nothing differs (RULES.md I14)."""
    leaks: list[str] = []
    parted: Counter = Counter()
    for deck_b in STARTERS:
        found, how = play_pairs(deck_a, deck_b, 7, forks=4, auto_pass=True)
        leaks += found
        parted += how
    assert not leaks, "\n".join(leaks[:5])
    assert sum(parted.values()) >= 6, parted
