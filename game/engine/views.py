"""What one player may see: the opponent's hand, both decks' order and the opponent's
face-down cards are hidden. The AI and the hotseat screen read these, never the raw state."""

from __future__ import annotations

from . import events as ev
from .model import PILE_ZONES, Zone
from .query import atk, health, max_health, sp_cost

HIDDEN = "?"


def _card_view(duel, uid: int, viewer: int) -> dict:
    c = duel.state.cards[uid]
    visible = c.face_up or c.controller == viewer
    if c.zone is Zone.HAND:
        visible = c.owner == viewer
    d = {"uid": uid, "owner": c.owner, "controller": c.controller, "zone": c.zone.value,
         "index": c.index, "face_up": c.face_up}
    if c.zone not in PILE_ZONES:
        d["attack_pos"] = c.attack_pos
    if not visible:
        d["card_id"] = HIDDEN
        return d
    d["card_id"] = c.cid
    cdef = duel.pool[c.cid]
    if cdef.is_phantom:
        d["atk"] = atk(duel, c)
        d["health"] = health(duel, c)
        d["max_health"] = max_health(duel, c)
        d["sp_cost"] = sp_cost(duel, c)
    return d


def player_view(duel, viewer: int) -> dict:
    """Plain data of the duel as `viewer` may know it."""
    players = []
    for p, ps in enumerate(duel.state.players):
        players.append({
            "lp": ps.lp, "sp": ps.sp,
            "deck_count": len(ps.deck),
            "extra": [_card_view(duel, u, viewer) for u in ps.extra] if p == viewer
            else len(ps.extra),
            "hand": [_card_view(duel, u, viewer) for u in ps.hand] if p == viewer
            else len(ps.hand),
            "grave": [_card_view(duel, u, viewer) for u in ps.grave],
            "slots": {z.value: [None if u is None else _card_view(duel, u, viewer) for u in v]
                      for z, v in ps.slots.items()},
        })
    lines = []
    for line in duel.state.lines:
        steps = []
        for s in line:
            card = duel.state.cards[s.card]
            hidden = s.kind == "set" and s.player != viewer and not card.face_up
            steps.append({"player": s.player, "kind": s.kind, "speed": s.speed,
                          "card": s.card, "card_id": HIDDEN if hidden else card.cid,
                          "ability": s.ability, "targets": list(s.targets),
                          "trigger": s.trigger})
        lines.append(steps)
    choice = None
    if duel.state.choice is not None:
        c = duel.state.choice
        choice = {"player": c.player, "kind": c.kind, "prompt": c.prompt}
        if c.player == viewer:
            choice.update(options=list(c.options), labels=list(c.labels), count=c.count)
    return {
        "viewer": viewer, "players": players, "turn": duel.state.turn, "round": duel.state.round,
        "turn_player": duel.state.turn_player, "first_player": duel.state.first_player,
        "phase": duel.state.phase.value, "priority": duel.state.priority, "lines": lines,
        "choice": choice, "winner": duel.state.winner, "end_reason": duel.state.end_reason,
        "deciding_player": duel.deciding_player,
    }


def _hidden_to(viewer: int, owner: int, controller: int, zone: str, face_up: bool) -> bool:
    if zone in ("deck",):
        return True
    if zone in ("hand", "extra"):
        return owner != viewer
    if zone == "grave":
        return False
    return not face_up and controller != viewer


def redact_event(event, viewer: int):
    """The event as `viewer` may see it (a copy with hidden card ids replaced)."""
    t = type(event)
    if t is ev.CardMoved:
        to_hidden = _hidden_to(viewer, event.owner, event.controller, event.to_zone, event.face_up)
        if to_hidden:
            return ev.CardMoved(event.card, HIDDEN, event.owner, event.controller,
                                event.from_zone, event.from_index, event.to_zone,
                                event.to_index, event.face_up, event.attack_pos, event.reason)
        return event
    if getattr(event, "secret", False):
        owner = event.player if hasattr(event, "player") else None
        if owner is None or owner != viewer:
            data = {name: getattr(event, name) for name in event.__slots__}
            data["card_id"] = HIDDEN
            return t(**data)
        return event
    if t is ev.ChoiceRequested and event.player != viewer:
        return ev.ChoiceRequested(event.player, event.kind, event.prompt, (), ())
    return event
