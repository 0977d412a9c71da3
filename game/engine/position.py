"""Build a duel in the middle of play from plain data: puzzles, scenarios and rule tests.

    {"turn_player": 0, "phase": "main1", "round": 2, "turn": 3,
     "players": [{"lp": 8000, "sp": 5, "hand": ["iron_hound"], "deck": ["top_card", ...],
                  "extra": [...], "grave": [...],
                  "phantom": [{"card": "storm_rider", "position": "defense", "face": "down",
                               "health": 700, "summoned": "this_turn"}, None, "iron_hound"],
                  "back": [{"card": "mirror_wall", "set": "this_turn"}], "side": [], "env": None},
                 {...}]}

A bare card id in a slot means: a Phantom face up in Attack Position at full Health
summoned on an earlier turn; a Spirit or Counter set face down on an earlier turn; an
Environment face up. Deck lists are written top card first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import primitives as prims
from .carddefs import CardDef, CardType
from .core import DuelCore
from .duel import Duel
from .model import Card, Phase, Zone
from .query import health_bonus, max_health
from .rules import Rules

_SLOT_KEYS = {"phantom": Zone.PHANTOM, "back": Zone.BACK, "side": Zone.SIDE, "env": Zone.ENV}
_SLOT_FIELDS = {"card", "position", "face", "health", "summoned", "set", "attacked",
                "position_changed", "battled", "sp_paid"}
_PLAYER_FIELDS = {"lp", "sp", "hand", "deck", "extra", "grave", *_SLOT_KEYS}


class PositionError(ValueError):
    pass


def _turn_flag(value: object, turn: int, where: str) -> int:
    if value in (None, False, "earlier"):
        return -1
    if value in (True, "this_turn"):
        return turn
    raise PositionError(f"{where}: expected this_turn or earlier, got {value!r}")


def build_position(pool: Mapping[str, CardDef], rules: Rules, spec: dict[str, Any], seed: int = 0,
                   auto_pass: bool = True) -> Duel:
    """A Duel set up exactly as `spec` says; PositionError names the bad field."""
    if not isinstance(spec, dict):
        raise PositionError("position: expected a mapping")
    duel = Duel(pool, rules, [], seed, auto_pass=auto_pass, start=False)
    turn = _int(spec.get("turn", 1), "turn", 1)
    duel.state.turn = turn
    duel.state.round = _int(spec.get("round", (turn + 1) // 2), "round", 1)
    duel.state.turn_player = _int(spec.get("turn_player", 0), "turn_player", 0, 1)
    duel.state.first_player = _int(spec.get("first_player", 0), "first_player", 0, 1)
    duel.state.priority = duel.state.turn_player
    try:
        duel.state.phase = Phase(spec.get("phase", "main1"))
    except ValueError:
        raise PositionError(f"phase: unknown phase {spec.get('phase')!r}") from None
    if duel.state.phase is Phase.DRAW:
        raise PositionError("phase: a position cannot start in the Draw Phase")
    players = spec.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise PositionError("players: expected a list of two players")
    healths: list[tuple[Card, int, str]] = []  # set once every card is in place (continuous effects count)
    for p, pdata in enumerate(players):
        _build_player(duel, p, pdata or {}, f"players[{p}]", healths)
    prims.reindex_field(duel)
    for card, hp, where in healths:
        mh = max_health(duel, card)
        if hp > mh:
            raise PositionError(f"{where}.health: {hp} is above its max Health {mh}")
        card.damage = mh - hp
        if hp == 0:
            card.attack_pos = False
            card.zero_ok = True
    settle_health_bonuses(duel)  # the bonuses the position starts with are settled
    prims.reindex_field(duel)  # again: Health is set now, and the view shows it
    duel.caches.command_applied()
    return duel


def settle_health_bonuses(duel: DuelCore) -> None:
    """Count every Phantom's current Health bonuses as settled, as they are at every decision:
    for a duel written from plain data in mid-play (a position, the AI's rebuilt duels)."""
    for card in duel.state.cards:
        if card.zone in (Zone.PHANTOM, Zone.SIDE) and duel.defs[card.cid].is_phantom:
            card.health_bonus = health_bonus(duel, card)


def _int(value: object, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise PositionError(f"{where}: {value} is out of range")
    return value


def _new(duel: DuelCore, cid: object, owner: int, zone: Zone, where: str) -> Card:
    if not isinstance(cid, str) or cid not in duel.defs:
        raise PositionError(f"{where}: unknown card {cid!r}")
    uid = len(duel.state.cards)
    card = Card(uid, cid, owner, owner, zone)
    duel.state.cards.append(card)
    duel.caches.index_card(uid, cid, duel.index)
    return card


def _build_player(duel: DuelCore, p: int, data: object, where: str,
                  healths: list[tuple[Card, int, str]]) -> None:
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected a mapping")
    unknown = set(data) - _PLAYER_FIELDS
    if unknown:
        raise PositionError(f"{where}: unknown field(s) {sorted(unknown)}")
    ps = duel.state.players[p]
    ps.lp = _int(data.get("lp", duel.rules.starting_lp), f"{where}.lp", 0)
    ps.sp = _int(data.get("sp", duel.rules.starting_sp), f"{where}.sp", 0)
    for key, zone in (("hand", Zone.HAND), ("extra", Zone.EXTRA), ("grave", Zone.GRAVE)):
        for i, cid in enumerate(data.get(key) or []):
            card = _new(duel, cid, p, zone, f"{where}.{key}[{i}]")
            card.face_up = zone is Zone.GRAVE
            ps.pile(zone).append(card.uid)
    for i, cid in enumerate(reversed(data.get("deck") or [])):
        card = _new(duel, cid, p, Zone.DECK, f"{where}.deck[{i}]")
        ps.deck.append(card.uid)
    for key, zone in _SLOT_KEYS.items():
        entries = data.get(key) or []
        if zone is Zone.ENV and not isinstance(entries, list):
            entries = [entries]
        slots = ps.slots[zone]
        if len(entries) > len(slots):
            raise PositionError(f"{where}.{key}: {len(entries)} entries for {len(slots)} slots")
        for i, entry in enumerate(entries):
            if entry is not None:
                _place(duel, p, zone, i, entry, f"{where}.{key}[{i}]", healths)


def _place(duel: DuelCore, p: int, zone: Zone, index: int, entry: object, where: str,
           healths: list[tuple[Card, int, str]]) -> None:
    if isinstance(entry, str):
        entry = {"card": entry}
    if not isinstance(entry, dict):
        raise PositionError(f"{where}: expected a card id or a mapping")
    unknown = set(entry) - _SLOT_FIELDS
    if unknown:
        raise PositionError(f"{where}: unknown field(s) {sorted(unknown)}")
    card = _new(duel, entry.get("card"), p, zone, f"{where}.card")
    cdef = duel.defs[card.cid]
    allowed = {
        CardType.PHANTOM: (Zone.PHANTOM, Zone.SIDE),
        CardType.SPIRIT: (Zone.BACK, Zone.SIDE),
        CardType.COUNTER: (Zone.BACK, Zone.SIDE),
        CardType.ENVIRONMENT: (Zone.ENV,),
    }[cdef.type]
    if zone not in allowed:
        raise PositionError(f"{where}: a {cdef.type.value} cannot stand in a {zone.value} slot")
    card.index = index
    turn = duel.state.turn
    if cdef.type is CardType.PHANTOM:
        pos = entry.get("position", "attack")
        if pos not in ("attack", "defense"):
            raise PositionError(f"{where}.position: expected attack or defense, got {pos!r}")
        card.attack_pos = pos == "attack"
        face = entry.get("face", "up")
        card.summoned_turn = _turn_flag(entry.get("summoned"), turn, f"{where}.summoned")
        card.attacked_turn = _turn_flag(entry.get("attacked"), turn, f"{where}.attacked")
        card.battled_turn = _turn_flag(entry.get("battled"), turn, f"{where}.battled")
        card.pos_changed_turn = _turn_flag(entry.get("position_changed"), turn,
                                           f"{where}.position_changed")
        card.sp_paid = _int(entry.get("sp_paid", cdef.level), f"{where}.sp_paid", 0)
    elif cdef.type is CardType.ENVIRONMENT:
        face = entry.get("face", "up")
    else:
        face = entry.get("face", "down")
        card.set_turn = _turn_flag(entry.get("set"), turn, f"{where}.set")
    if face not in ("up", "down"):
        raise PositionError(f"{where}.face: expected up or down, got {face!r}")
    card.face_up = face == "up"
    duel.state.players[p].slots[zone][index] = card.uid
    duel.caches.slot_changed(p, zone)
    if "health" in entry:
        healths.append((card, _int(entry["health"], f"{where}.health", 0), where))
