"""Shared helpers for tests: the card pool, inline cards, positions, playing commands."""

from __future__ import annotations

import functools

import yaml

from game.cards import load_card_set, parse_cards
from game.engine import Duel, Rules
from game.engine.position import build_position
from game.rules.file import load_rules


@functools.cache
def base_pool() -> dict:
    return load_card_set()


def rules() -> Rules:
    """The numbers rules-decisions.md gives (the engine's defaults: 3 SP, +3 SP per Draw
    Phase, no cap, 5 cards). The shipped rules file tunes some of them for balance
    (docs/balance.md); a test of a mechanism must not move when it does. Tests of the file
    itself call `shipped_rules()`."""
    return Rules()


@functools.cache
def shipped_rules() -> Rules:
    return load_rules()


def pool_with(cards_yaml: str | None = None) -> dict:
    """The whole card set plus cards written inline as YAML (a list of cards)."""
    pool = dict(base_pool())
    if cards_yaml:
        for card in parse_cards(yaml.safe_load(cards_yaml), "<test>", known_ids=set(pool)):
            pool[card.id] = card
    return pool


def position(spec: dict, cards_yaml: str | None = None, seed: int = 0, **rule_changes) -> Duel:
    """A duel built from a position spec (see game/engine/position.py)."""
    r = rules()
    if rule_changes:
        r = type(r).from_dict({**r.to_dict(), **rule_changes})
    return build_position(pool_with(cards_yaml), r, spec, seed)


def play(duel: Duel, *commands) -> list:
    """Apply commands in order; returns all their events."""
    events = []
    for cmd in commands:
        events.extend(duel.apply(cmd))
    return events


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def uid(duel: Duel, player: int, card_id: str, zone: str | None = None) -> int:
    """The uid of player's first card with that id (in `zone`, else the field first, then
    hand, Graveyard, Extra Deck and Main Deck)."""
    order = [zone] if zone else ["phantom", "side", "back", "env", "hand", "grave", "extra", "deck"]
    for z in order:
        for card in duel.cards:
            if card.owner == player and card.cid == card_id and card.zone.value == z:
                return card.uid
    raise LookupError(f"player {player} has no {card_id} in {zone or 'any zone'}")
