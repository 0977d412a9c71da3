"""Helpers for the AI tests: starter decks, duels played by given players, hidden-card
permutations."""

from __future__ import annotations

import functools
import random
from pathlib import Path

from game.decks.deck import Deck, load_deck
from game.engine import Duel, Zone, from_dict, to_dict
from game.engine.views import HIDDEN
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool
from tests.kit import shipped_rules as rules

REPO = Path(__file__).resolve().parents[2]
STARTERS = ("ember_rush", "hive_swarm", "bastion_wall", "veil_control")


@functools.cache
def starter(name: str) -> Deck:
    return load_deck(STARTER_DECK_DIR / f"{name}.yaml")


def cards_of(deck: Deck) -> tuple[str, ...]:
    return tuple(deck.main) + tuple(deck.extra)


def knowledge(own: Deck, opp: Deck) -> dict:
    return dict(pool=base_pool(), rules=rules(), deck=cards_of(own), opponent_deck=cards_of(opp))


def play(duel: Duel, players, cap: int = 20_000) -> list:
    """Play `duel` to its end; every command must be one of the view's legal actions."""
    n = 0
    while not duel.over:
        seat = duel.deciding_player
        view = duel.view(seat)
        cmd = players[seat].choose(view)
        assert cmd in view.legal_actions, (cmd, view.legal_actions)
        duel.apply(cmd)
        n += 1
        assert n < cap, "the duel does not end"
    return list(duel.history)


def revealed_to(duel: Duel, seat: int) -> set[int]:
    """Cards whose identity `seat` has ever seen in its log."""
    seen = set()
    for e in duel.log_for(seat):
        cid = getattr(e, "card_id", None)
        if cid is not None and cid != HIDDEN and hasattr(e, "card"):
            seen.add(e.card)
    return seen


def with_hidden_cards_shuffled(duel: Duel, seat: int, rng: random.Random) -> Duel:
    """A duel that differs from `duel` only in what `seat` cannot see: the opponent's hand
    cards never shown to `seat` trade identities with the opponent's deck cards, and both
    decks are reordered. Rebuilt through plain data; the events `seat` saw are kept."""
    data = to_dict(duel)
    opp = 1 - seat
    shown = revealed_to(duel, seat)
    players = data["players"]
    hidden = [u for u in players[opp]["hand"] if u not in shown] + list(players[opp]["deck"])
    cids = [data["cards"][u]["cid"] for u in hidden]
    rng.shuffle(cids)
    for u, cid in zip(hidden, cids, strict=True):
        data["cards"][u]["cid"] = cid
    for p in (0, 1):
        rng.shuffle(players[p]["deck"])
    other = from_dict(data, duel.pool)
    other.event_log = list(duel.event_log)  # what was seen so far, as it was seen
    other.last_events = list(duel.last_events)
    assert all(other.cards[u].zone in (Zone.HAND, Zone.DECK) for u in hidden)
    return other
