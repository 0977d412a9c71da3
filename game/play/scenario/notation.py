"""The Line log and the event log: each engine event as a short documented string
(docs/scenarios.md, "The Line log" and "The event log")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine import events as ev
from game.engine.model import Card
from game.play.end_words import end_kind


# ---------------------------------------------------------------------- the Line log
def line_log_entry(event: ev.Event) -> str | None:
    """The short string for a Line event (docs/scenarios.md), None for other events."""
    if type(event) is ev.StepAdded:
        kind = "trigger" if event.trigger else event.kind
        return f"step {event.line}.{event.step} {kind} {event.card_id} speed {event.speed}"
    if type(event) is ev.LineBreak:
        return f"break {event.line}"
    if type(event) is ev.LineResolving:
        return f"resolving {event.line}"
    if type(event) is ev.StepResolved:
        return f"resolved {event.line}.{event.step} {event.card_id}"
    if type(event) is ev.StepFizzled:
        return f"fizzled {event.line}.{event.step} {event.card_id}"
    if type(event) is ev.StepNegated:
        return f"negated {event.line}.{event.step} {event.card_id}"
    if type(event) is ev.LineClosed:
        return f"closed {event.line}"
    if type(event) is ev.WindowOpened:
        return f"window {event.line} player {event.player + 1}"
    if type(event) is ev.AbilityDeclined:
        return f"declined {event.card_id}"
    return None


def line_log(events: Iterable[ev.Event]) -> list[str]:
    return [s for s in map(line_log_entry, events) if s is not None]



# ---------------------------------------------------------------------- the event log
def _place(zone: str, index: int) -> str:
    """`hand`, `deck`, `grave`, `extra`, or a slot: `phantom 0`, `back 2`, `side 1`, `env`."""
    if zone in ("phantom", "back", "side"):
        return f"{zone} {index}"
    return zone


def event_entry(event: ev.Event, cards: Sequence[Card]) -> str:
    """The short string for any engine event (docs/scenarios.md, "The event log"). Line
    events keep their Line log string; other cards are written `card_id@owner`."""
    line = line_log_entry(event)
    if line is not None:
        return line

    def card(uid: int) -> str:
        if 0 <= uid < len(cards):
            return f"{cards[uid].cid}@{cards[uid].owner + 1}"
        return "direct" if uid == -1 else f"card#{uid}"

    if type(event) is ev.DuelStarted:
        return f"duel started first player {event.first_player + 1}"
    if type(event) is ev.CoinTossed:
        return f"coin toss player {event.winner + 1}"
    if type(event) is ev.RoundStarted:
        return f"round {event.round}"
    if type(event) is ev.TurnStarted:
        return f"turn {event.turn} player {event.player + 1}"
    if type(event) is ev.PhaseChanged:
        return f"phase {event.phase}" + (f" player {event.player + 1}" if event.player >= 0 else "")
    if type(event) is ev.CardMoved:
        to = _place(event.to_zone, event.to_index)
        if event.to_zone in ("phantom", "back", "side", "env") and event.controller != event.owner:
            to += f" of player {event.controller + 1}"
        return (f"moved {card(event.card)} {_place(event.from_zone, event.from_index)} -> {to} "
                f"({event.reason})")
    if type(event) is ev.LpChanged or type(event) is ev.SpChanged:
        what = "lp" if type(event) is ev.LpChanged else "sp"
        return f"{what} {event.player + 1} {event.before} -> {event.after} ({event.reason})"
    if type(event) is ev.HealthChanged:
        return f"health {card(event.card)} {event.before} -> {event.after} (max {event.max_health})"
    if type(event) is ev.StatModified:
        return f"modified {card(event.card)} {event.stat} {event.amount:+d} ({event.duration})"
    if type(event) is ev.StatusGained:
        return f"status {card(event.card)} +{event.status} ({event.duration})"
    if type(event) is ev.StatusLost:
        return f"status {card(event.card)} -{event.status}"
    if type(event) is ev.CardStatsChanged:
        text = f"shown {card(event.card)}"
        if event.atk is not None:
            text += f" atk {event.atk}"
        if event.health is not None:
            text += f" health {event.health}/{event.max_health}"
        if event.sp_cost is not None:
            text += f" cost {event.sp_cost}"
        return text + "".join(f" {s}" for s in event.statuses)
    if type(event) is ev.PositionChanged:
        pos = "attack" if event.attack_pos else "defense"
        return f"position {card(event.card)} {pos} {'up' if event.face_up else 'down'} ({event.reason})"
    if type(event) is ev.Summoned:
        return f"{'special_summoned' if event.special else 'summoned'} {card(event.card)}"
    if type(event) is ev.AttackDeclared:
        return f"attack {card(event.attacker)} -> {card(event.target)}"
    if type(event) is ev.BattleDamage:
        who = "none" if event.player < 0 else event.player + 1
        return (f"battle {card(event.attacker)} -> {card(event.target)} target {event.to_target} "
                f"attacker {event.to_attacker} lp {event.to_player} player {who}")
    if type(event) is ev.CardBroken:
        return f"broken {card(event.card)}" + (" (survived)" if event.survived else "")
    if type(event) is ev.LineOpened:
        return f"opened {event.line} speed {event.speed} player {event.player + 1}"
    if type(event) is ev.StepResolving:
        return f"resolving {event.line}.{event.step} {event.card_id}"
    if type(event) is ev.PriorityPassed:
        return f"pass player {event.player + 1}" + (" (auto)" if event.auto else "")
    if type(event) is ev.ChoiceRequested:
        return f"choice player {event.player + 1} {event.kind} pick {event.count}"
    if type(event) is ev.ChoiceMade:
        return f"chose player {event.player + 1} {event.kind} {event.label}"
    if type(event) is ev.Revealed:
        return f"revealed {card(event.card)}"
    if type(event) is ev.DuelEnded:
        who = "draw" if event.winner < 0 else f"winner {event.winner + 1}"
        return f"ended {who} ({end_kind(event.reason)})"
    return type(event).__name__  # an event this table does not know yet: its type at least


def event_log(events: Iterable[ev.Event], cards: Sequence[Card]) -> list[str]:
    return [event_entry(e, cards) for e in events]
