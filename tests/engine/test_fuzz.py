"""Property test: hundreds of random duels, invariants checked after every command.

Cards are conserved per player, LP/SP/Health stay consistent, every duel ends, and a random
illegal command is refused leaving the state hash unchanged.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.decks.deck import load_deck, validate_deck
from game.engine import Activate, Attack, Duel, Rejected, SpecialSummon
from game.engine.commands import COMMAND_TYPES
from game.engine.events import DuelEnded
from game.engine.model import PILE_ZONES
from game.engine.query import health, max_health
from game.engine.serialize import state_hash
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool
from tests.kit import shipped_rules as rules

ROOT = Path(__file__).resolve().parents[2]
MAX_COMMANDS = 30_000


@cache
def decks() -> list:
    """Every legal deck in decks/ (starters and test decks)."""
    pool = base_pool()
    found = []
    for path in sorted(STARTER_DECK_DIR.glob("**/*.yaml")):
        deck = load_deck(path)
        if not validate_deck(deck, pool):
            found.append(deck)
    assert len(found) >= 2
    return found


def check_invariants(duel: Duel, owned: list[int]) -> None:
    seen = {}
    for p, ps in enumerate(duel.players):
        for zone_name in ("deck", "extra", "hand", "grave"):
            for u in getattr(ps, zone_name):
                assert u not in seen
                seen[u] = (p, zone_name)
        for zone, slots in ps.slots.items():
            for i, u in enumerate(slots):
                if u is not None:
                    assert u not in seen
                    seen[u] = (p, zone.value)
                    card = duel.cards[u]
                    assert card.zone is zone and card.index == i and card.controller == p
    assert len(seen) == len(duel.cards)  # every card is somewhere, exactly once
    for p in (0, 1):
        assert sum(1 for c in duel.cards if c.owner == p) == owned[p]
        for zone_name in ("deck", "extra", "hand", "grave"):
            for u in getattr(duel.players[p], zone_name):
                assert duel.cards[u].owner == p
        assert duel.players[p].lp >= 0 and duel.players[p].sp >= 0
        if duel.winner is None:
            assert duel.players[p].lp > 0
    for line in duel.lines:  # no Step joins a Line of another Speed (RULES.md L14)
        assert len({step.speed for step in line}) <= 1, [(s.kind, s.speed) for s in line]
    for card in duel.cards:
        if card.zone not in PILE_ZONES and duel.pool[card.cid].is_phantom:
            h = health(duel, card)
            assert 0 <= h <= max_health(duel, card)
            if h == 0:
                assert not card.attack_pos


def random_command(rng: random.Random, duel: Duel):
    cls = rng.choice(list(COMMAND_TYPES.values()))
    values = {"player": rng.choice([0, 1, 2]), "card": rng.randrange(-1, len(duel.cards) + 2),
              "zone": rng.choice(["phantom", "side", "back", "env", "hand", "x"]),
              "index": rng.randrange(-1, 4), "attack": rng.random() < 0.5,
              "face_up": rng.random() < 0.5, "attacker": rng.randrange(len(duel.cards)),
              "target": rng.randrange(-1, len(duel.cards)), "ability": rng.randrange(-1, 3),
              "targets": (rng.randrange(len(duel.cards)),) if rng.random() < 0.5 else (),
              "option": rng.randrange(-1, len(duel.cards))}
    return cls(**{k: values[k] for k in cls.__slots__})


AGGRESSIVE = (Activate, SpecialSummon, Attack)


def uniform(rng: random.Random, legal) -> object:
    return rng.choice(legal)


def aggressive(rng: random.Random, legal) -> object:
    """Plays like someone who attacks: 80 % of the time an ability, a Special Summon or an
    attack when one is legal, so Breaks, Lines and continuous effects are common."""
    keen = [c for c in legal if isinstance(c, AGGRESSIVE)]
    if keen and rng.random() < 0.8:
        return rng.choice(keen)
    return rng.choice(legal)


def play_checked(seed: int, deck_a, deck_b, hash_every: int, policy=uniform) -> Duel:
    duel = Duel(base_pool(), rules(), [deck_a.spec(), deck_b.spec()], seed)
    owned = [len(deck_a.main) + len(deck_a.extra), len(deck_b.main) + len(deck_b.extra)]
    rng = random.Random(seed)
    n = 0
    while not duel.over:
        assert n < MAX_COMMANDS, "the duel did not end"
        legal = duel.legal_actions()
        assert legal, "a live duel always has a legal action"
        if n % hash_every == 0:
            bad = random_command(rng, duel)
            if bad not in legal and duel.refusal(bad) is not None:  # Concede is never listed
                before = state_hash(duel)
                try:
                    duel.apply(bad)
                except Rejected as rej:
                    assert rej.reason
                else:  # pragma: no cover
                    raise AssertionError(f"illegal {bad} was accepted")
                assert state_hash(duel) == before
        events = duel.apply(policy(rng, legal))
        check_invariants(duel, owned)  # the final state of the duel included
        n += 1
    assert isinstance(events[-1], DuelEnded), "DuelEnded is the last event of its command"
    assert duel.legal_actions() == ()
    return duel


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), a=st.integers(0, 50), b=st.integers(0, 50),
       keen=st.booleans())
def test_random_duels_keep_every_invariant_and_end(seed, a, b, keen):
    pool = decks()
    play_checked(seed, pool[a % len(pool)], pool[b % len(pool)], hash_every=25,
                 policy=aggressive if keen else uniform)


def _pairings() -> list[tuple[int, int]]:
    n = len(decks())
    return [(i, j) for i in range(n) for j in range(i, n)]  # mirrors included


@pytest.mark.parametrize("policy", [uniform, aggressive], ids=["uniform", "aggressive"])
def test_every_deck_pairing_with_both_policies_keeps_every_invariant(policy):
    pool = decks()
    for i, j in _pairings():
        for seed in range(3):
            play_checked(1000 * i + 100 * j + seed, pool[i], pool[j], hash_every=40,
                         policy=policy)
