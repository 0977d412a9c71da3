"""The whole duel state to plain data (JSON-ready) and back, and a stable state hash.

Used for saves, resume, replays and the property tests' "rejected command changes nothing"
check. The card pool is not stored: cards are referred to by id.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Any

from . import primitives as prims
from .carddefs import CardDef
from .commands import command_from_dict, command_to_dict
from .model import Card, Choice, ChoiceKind, PendingTrigger, Phase, PlayerState, Step, Zone
from .rules import Rules
from .validate import command_problem

if TYPE_CHECKING:
    from .core import DuelCore
    from .duel import Duel

# JSON-ready plain data: field name -> value (what saves hold)
Plain = dict[str, Any]

_CARD_FIELDS = [f for f in Card.__slots__ if f not in ("zone",)]
_OPTIONAL = {"health_bonus"}  # saves made before the Health-bonus ruling lack it
_STEP_FIELDS = list(Step.__slots__)
_TRIG_FIELDS = list(PendingTrigger.__slots__)


def _step_to(step: Step) -> Plain:
    d = {f: getattr(step, f) for f in _STEP_FIELDS}
    d["targets"] = list(step.targets)
    d["target_moves"] = list(step.target_moves)
    return d


def _step_from(d: Plain) -> Step:
    s = Step(**{f: d[f] for f in _STEP_FIELDS})
    s.targets = tuple(d["targets"])
    s.target_moves = tuple(d["target_moves"])
    return s


def _trig_to(t: PendingTrigger) -> Plain:
    return {f: getattr(t, f) for f in _TRIG_FIELDS}


def _ctx_to(ctx: dict[str, Any]) -> Plain:
    out: Plain = {}
    for k, v in ctx.items():
        if isinstance(v, Step):
            out[k] = {"__step__": _step_to(v)}
        elif isinstance(v, PendingTrigger):
            out[k] = {"__trigger__": _trig_to(v)}
        elif isinstance(v, tuple):
            out[k] = {"__tuple__": list(v)}
        else:
            out[k] = v
    return out


def _ctx_from(ctx: Plain) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in ctx.items():
        if isinstance(v, dict) and "__step__" in v:
            out[k] = _step_from(v["__step__"])
        elif isinstance(v, dict) and "__trigger__" in v:
            out[k] = PendingTrigger(**v["__trigger__"])
        elif isinstance(v, dict) and "__tuple__" in v:
            out[k] = tuple(v["__tuple__"])
        else:
            out[k] = v
    return out


def to_dict(duel: DuelCore) -> Plain:
    """Everything that decides what happens next, as plain data."""
    players = []
    for ps in duel.state.players:
        players.append({
            "deck": list(ps.deck), "extra": list(ps.extra), "hand": list(ps.hand),
            "grave": list(ps.grave), "lp": ps.lp, "sp": ps.sp,
            "slots": {z.value: list(v) for z, v in ps.slots.items()},
        })
    cards = []
    for c in duel.state.cards:
        d = {f: getattr(c, f) for f in _CARD_FIELDS}
        d["zone"] = c.zone.value
        d["mods"] = [list(m) for m in c.mods]
        d["flags"] = [list(f) for f in c.flags]
        cards.append(d)
    ch = duel.state.choice
    data = {
        "format": 1,
        "seed": duel.state.seed,
        "rules": duel.rules.to_dict(),
        "auto_pass": duel.state.auto_pass,
        "rng": duel.state.rng.state,
        "players": players,
        "cards": cards,
        "turn": duel.state.turn,
        "round": duel.state.round,
        "turn_player": duel.state.turn_player,
        "first_player": duel.state.first_player,
        "phase": duel.state.phase.value,
        "lines": [[_step_to(s) for s in line] for line in duel.state.lines],
        "priority": duel.state.priority,
        "passes": duel.state.passes,
        "choice": None if ch is None else {
            "player": ch.player, "kind": ch.kind.value, "prompt": ch.prompt,
            "options": list(ch.options), "labels": list(ch.labels), "count": ch.count,
            "context": _ctx_to(ch.context),
        },
        "pending_triggers": [_trig_to(t) for t in duel.state.pending_triggers],
        "trigger_queue": [_trig_to(t) for t in duel.state.trigger_queue],
        "resolving": duel.state.resolving,
        "current": None if duel.state.current is None else _step_to(duel.state.current),
        "cur_line": duel.state.cur_line,
        "cur_step": duel.state.cur_step,
        "work": [list(p) for p in duel.state.work],
        "winner": duel.state.winner,
        "end_reason": duel.state.end_reason,
        "counts": [[list(k), v] for k, v in sorted(duel.state.counts.items(), key=repr)],
        "used": sorted([list(k) for k in duel.state.used]),
        "next_sid": duel.state.next_sid,
        "last_attack": list(duel.state.last_attack),
        "history": [command_to_dict(c) for c in duel.state.history],
    }
    if duel.state.ending is not None:  # only mid-Step: saves without it stay as they were
        data["ending"] = list(duel.state.ending)
    return data


def card_defaults() -> Plain:
    """Every saved field of a card that has a default, with it: what a tool writing its own
    `from_dict` data (the AI's rebuilt duels) starts each card from, so a field added to the
    engine later still gets a value there."""
    out: Plain = {}
    for f in fields(Card):
        if f.default is not MISSING:
            out[f.name] = f.default
        elif f.default_factory is not MISSING:
            out[f.name] = f.default_factory()
    return out


def from_dict(data: Plain, pool: Mapping[str, CardDef]) -> Duel:
    """Rebuild a Duel from `to_dict` output; raises ValueError on malformed data."""
    from .duel import Duel

    try:
        rules = Rules.from_dict(data["rules"])
        duel = Duel(pool, rules, [], data["seed"], auto_pass=data.get("auto_pass", True),
                    start=False)
        duel.state.rng.state = data["rng"]
        for p, pd in enumerate(data["players"]):
            ps = PlayerState(pd["lp"], pd["sp"], 0, 0, 0)
            ps.deck, ps.extra, ps.hand, ps.grave = (list(pd[k]) for k in ("deck", "extra", "hand", "grave"))
            ps.slots = {Zone(z): list(v) for z, v in pd["slots"].items()}
            duel.state.players[p] = ps
        for cd in data["cards"]:
            if cd["cid"] not in pool:
                raise ValueError(f"unknown card id {cd['cid']!r}")
            card = Card(**{f: cd[f] for f in _CARD_FIELDS if f in cd or f not in _OPTIONAL},
                        zone=Zone(cd["zone"]))
            card.mods = tuple((m[0], m[1], m[2]) for m in cd["mods"])
            card.flags = tuple((f[0], f[1]) for f in cd["flags"])
            if any(m[2] >= 0 for m in card.mods) or any(f[1] >= 0 for f in card.flags):
                duel.caches.timed_change(card.uid)
            duel.state.cards.append(card)
            duel.caches.index_card(card.uid, card.cid, duel.index)
        duel.state.turn, duel.state.round = data["turn"], data["round"]
        duel.state.turn_player, duel.state.first_player = data["turn_player"], data["first_player"]
        duel.state.phase = Phase(data["phase"])
        duel.state.lines = [[_step_from(s) for s in line] for line in data["lines"]]
        duel.state.priority, duel.state.passes = data["priority"], data["passes"]
        ch = data["choice"]
        duel.state.choice = None if ch is None else Choice(
            ch["player"], ChoiceKind(ch["kind"]), ch["prompt"], list(ch["options"]), list(ch["labels"]),
            ch["count"], _ctx_from(ch["context"]))
        duel.state.pending_triggers = [PendingTrigger(**t) for t in data["pending_triggers"]]
        duel.state.trigger_queue = [PendingTrigger(**t) for t in data["trigger_queue"]]
        duel.state.resolving = data["resolving"]
        duel.state.current = None if data["current"] is None else _step_from(data["current"])
        duel.state.cur_line, duel.state.cur_step = data["cur_line"], data["cur_step"]
        duel.state.work = [tuple(p) for p in data["work"]]
        duel.state.winner, duel.state.end_reason = data["winner"], data["end_reason"]
        ending = data.get("ending")
        duel.state.ending = None if ending is None else (int(ending[0]), str(ending[1]))
        duel.state.counts = {tuple(k): v for k, v in data["counts"]}
        duel.state.used = {tuple(k) for k in data["used"]}
        duel.state.next_sid = data["next_sid"]
        duel.state.last_attack = tuple(data["last_attack"])
        duel.state.history = [command_from_dict(c) for c in data.get("history", [])]
        for cmd in duel.state.history:  # a hand-edited save gets the same door as apply()
            problem = command_problem(cmd)
            if problem is not None:
                raise ValueError(f"not a saved duel: history: {problem}")
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"not a saved duel: {exc!r}") from None
    prims.reindex_field(duel)
    return duel


def state_hash(duel: DuelCore) -> str:
    """A stable hash of the state (history excluded: two paths to one state hash alike)."""
    data = to_dict(duel)
    del data["history"]
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()
