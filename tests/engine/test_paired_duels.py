"""Nothing leaks (RULES.md I12-I15): two duels equal in all a seat has seen but dealt
differently where it has not looked (its own undrawn cards, the opponent's hand and Main
Deck), or whose own Main Deck lies in another order (RULES.md I20), give that seat byte-identical views, legal actions, events and logs after every command,
for as long as what it may know is the same in both (tests/engine/paired.py)."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from game.decks.deck import load_deck
from game.engine import Activate, ChoiceKind, Duel, Pass, from_dict, to_dict
from game.files.resources import STARTER_DECK_DIR
from tests.engine.paired import describe, forked_runs, reorder_own_deck
from tests.kit import base_pool, position, uid
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


# --------------------------------------------------------------------------- own deck order


BROOD_DECK = ["stone_sentry", "stone_sentry", "hive_drone", "spore_carrier", "larva_swarmling",
              "hive_drone", "brood_scout", "stone_sentry", "nest_weaver", "larva_swarmling"]


def _brood_position(seed: int = 0) -> Duel:
    return position({"players": [{"deck": BROOD_DECK, "hand": ["call_the_brood"]},
                                 {"deck": ["stone_sentry"] * 6}]}, seed=seed)


def _resolve(duel: Duel) -> None:
    """The other seat passes until the Step has resolved (or the seat has a choice)."""
    while duel.deciding_player == 1 and not duel.over:
        duel.apply(Pass(1))


def test_a_pick_from_the_own_main_deck_tells_nothing_of_its_order() -> None:
    """Call the Brood offers the hive Phantoms of its player's Main Deck, whose order that
    player never saw (as unseen cards, by number): two duels whose own decks differ only in order (below the top card)
    show them the same choice and the same views after the pick (RULES.md I20)."""
    base = _brood_position()
    brood = uid(base, 0, "call_the_brood")
    for k in range(6):
        a = from_dict(to_dict(base), base_pool())
        b_data = to_dict(base)
        moved = reorder_own_deck(b_data, 0, random.Random(k), keep_top=1)
        assert moved, "the pair differs in the own deck's order"
        b = from_dict(b_data, base_pool())
        for d in (a, b):
            d.apply(Activate(0, brood, 0, (), "back", 0))
            _resolve(d)
        assert a.choice is not None and a.choice.kind is ChoiceKind.SUMMON_PICK
        va, vb = a.view(0), b.view(0)
        assert repr(va) == repr(vb), describe(Activate(0, brood, 0, (), "back", 0), va, vb)
        pick = random.Random(k).choice(va.legal_actions)
        a.apply(pick)
        b.apply(pick)
        assert repr(a.view(0)) == repr(b.view(0)), describe(pick, a.view(0), b.view(0))


def test_a_card_taken_from_the_main_deck_by_an_effect_shuffles_it() -> None:
    """After Call the Brood's pick the pile is shuffled (as after a search, RULES.md): the
    cards left are not in their order before the pick, and the same seed shuffles alike."""
    def before_and_after(seed: int) -> tuple[list[int], list[int]]:
        duel = _brood_position(seed)
        duel.apply(Activate(0, uid(duel, 0, "call_the_brood"), 0, (), "back", 0))
        _resolve(duel)
        assert duel.choice is not None and duel.choice.kind is ChoiceKind.SUMMON_PICK
        before = list(duel.players[0].deck)
        pick = duel.legal_actions()[0]
        duel.apply(pick)
        assert duel.cards[pick.option].zone.value == "phantom"
        return [u for u in before if u != pick.option], list(duel.players[0].deck)

    runs = [before_and_after(seed) for seed in range(4)]
    for kept, left in runs:
        assert sorted(kept) == sorted(left)
        assert kept != left, "the deck kept its order after a card was taken from it"
    assert runs == [before_and_after(seed) for seed in range(4)], "the shuffle follows the seed"


@pytest.mark.parametrize("deck_b", STARTERS)
def test_a_seat_sees_the_same_whatever_the_order_of_its_own_main_deck(deck_b: str) -> None:
    """Pairs forked by the Hive Swarm seat's own Main Deck in another order (below its top
    cards) give that seat the same views until a draw shows a different card: its Special
    Summons and searches from the Main Deck included (RULES.md I5, I20)."""
    pool = base_pool()
    leaks: list[str] = []
    parted: Counter = Counter()
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        duel = Duel(pool, rules(), [starter("hive_swarm").spec(), starter(deck_b).spec()], seed)
        for run in forked_runs(duel, rng, pool, 6, reorder_own=True, seat=0):
            while run.steps < 120 and run.step():
                pass
            leaks += [f"hive_swarm v {deck_b} seed {seed}: {d}" for d in run.diffs]
            parted[run.parted or "ran its course"] += 1
    assert not leaks, "\n".join(leaks[:5])
    assert sum(parted.values()) >= 6, parted
