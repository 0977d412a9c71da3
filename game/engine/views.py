"""What one player may know, and nothing more: the only thing a client, an AI or a replay
viewer reads. Hidden by default: the opponent's hand, both decks' order and the opponent's
face-down cards never leave the engine for that player, neither in the view nor in events.

A `PlayerView` is plain frozen data, built fresh from the state: it holds no reference to the
duel, so nothing reachable from it (attributes or events) leads to hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from . import events as ev
from .choices import PendingChoice, public_choice, unnamed_prompt
from .commands import Command
from .lines import prompt_hidden_from
from .model import PILE_ZONES
from .query import sees, stats_of
from .viewdata import HIDDEN as HIDDEN
from .viewdata import CardView as CardView
from .viewdata import Player as Player
from .viewdata import PlayerView as PlayerView
from .viewdata import SideView as SideView
from .viewdata import StepView as StepView

if TYPE_CHECKING:
    from .core import DuelCore

FACE_DOWN_LABEL = "a face-down card"  # a choice's option the chooser cannot see


# ----------------------------------------------------------------------------- building
def visible_to(duel: DuelCore, uid: int, viewer: int) -> bool:
    """May `viewer` see what card `uid` is now (`query.sees`, the one answer)?"""
    return sees(duel.state.cards[uid], viewer)


def hidden_from(duel: DuelCore, uid: int) -> int:
    """The seat that may not see card `uid` now: -1 nobody, 0 or 1, 2 both (a deck card).
    Events about a card carry it, so each seat's redaction can leave out what it may not
    learn (RULES.md I12)."""
    v0 = visible_to(duel, uid, 0)
    v1 = visible_to(duel, uid, 1)
    return -1 if v0 and v1 else 1 if v0 else 0 if v1 else 2


def card_label(duel: DuelCore, uid: int, viewer: int) -> str:
    """A card option's label for `viewer`: its name, or what they may know of it."""
    if visible_to(duel, uid, viewer):
        return duel.defs[duel.state.cards[uid].cid].name
    return FACE_DOWN_LABEL


def declined(duel: DuelCore, uid: int) -> ev.AbilityDeclined:
    """An optional trigger not used, named only to a seat that can see its card."""
    h = hidden_from(duel, uid)
    return ev.AbilityDeclined(uid, duel.state.cards[uid].cid, h != -1, 1 - h if h in (0, 1) else -1)


def card_view(duel: DuelCore, uid: int, viewer: int) -> CardView:
    """Card `uid` as `viewer` sees it; kept per viewer until an event names the card again
    (every visible change has an event: the mirror test proves it)."""
    cache = duel.caches.views[viewer]
    got = cache.get(uid)
    if got is None:
        got = cache[uid] = _card_view(duel, uid, viewer)
    return got


def _card_view(duel: DuelCore, uid: int, viewer: int) -> CardView:
    c = duel.state.cards[uid]
    on_field = c.zone not in PILE_ZONES
    pos = c.attack_pos if on_field else True
    if not visible_to(duel, uid, viewer):
        return CardView(uid, c.owner, c.controller, c.zone, c.index, c.face_up, pos, None)
    shown = duel.caches.shown_stats.get(uid)  # kept equal to stats_of at every command's end
    a, h, mh, cost, statuses = shown if shown is not None else stats_of(duel, c)
    return CardView(uid, c.owner, c.controller, c.zone, c.index, c.face_up, pos, c.cid,
                    a, h, mh, cost, statuses)


def _side(duel: DuelCore, p: int, viewer: int) -> SideView:
    ps = duel.state.players[p]
    own = p == viewer
    return SideView(
        p, ps.lp, ps.sp, len(ps.deck),
        tuple(card_view(duel, u, viewer) for u in ps.hand),
        tuple(card_view(duel, u, viewer) for u in ps.extra) if own else (),
        len(ps.extra),
        tuple(card_view(duel, u, viewer) for u in ps.grave),
        {z: tuple(None if u is None else card_view(duel, u, viewer) for u in v)
         for z, v in ps.slots.items()},
    )


def _lines(duel: DuelCore, viewer: int) -> tuple[tuple[StepView, ...], ...]:
    out = []
    for n, line in enumerate(duel.state.lines, 1):
        steps = []
        for k, s in enumerate(line, 1):
            cid = duel.state.cards[s.card].cid if visible_to(duel, s.card, viewer) else None
            steps.append(StepView(n, k, s.player, s.kind, s.speed, s.card, cid, s.ability,
                                  tuple(s.targets), s.trigger))
        out.append(tuple(steps))
    return tuple(out)


class Front(Protocol):
    """What a view needs of the duel's front (`Duel`) beyond its core: who decides, the
    legal actions and the event record, which the front keeps (a narrow hook, so this
    module needs only the core)."""

    @property
    def deciding_player(self) -> int | None: ...
    def legal_actions(self) -> tuple[Command, ...]: ...
    def events_for(self, seat: int, since: int | None = None) -> tuple[ev.Event, ...]: ...
    def acted_at(self, seat: int) -> int: ...
    def log_for(self, seat: int) -> tuple[ev.Event, ...]: ...


def player_view(duel: DuelCore, front: Front, viewer: int) -> PlayerView:
    """The view of seat `viewer`, with their legal actions if they decide now (`front` is
    the duel itself: `Duel.view`)."""
    st = duel.state
    choice = None
    if st.choice is not None:
        choice = public_choice(st.choice)
        if st.choice.player != viewer:
            choice = replace(choice, options=(), count=0)
        if prompt_hidden_from(duel, st.choice) in (viewer, 2):
            choice = replace(choice, prompt=unnamed_prompt(st.choice.kind))
    deciding = front.deciding_player
    return PlayerView(
        viewer, st.turn, st.round, st.turn_player, st.first_player, st.phase, st.priority,
        deciding, (_side(duel, 0, viewer), _side(duel, 1, viewer)), _lines(duel, viewer),
        choice, st.winner, st.end_reason,
        front.legal_actions() if deciding == viewer else (),
        front.events_for(viewer, since=front.acted_at(viewer)),
        front.log_for(viewer),
    )


def view_to_plain(view: PlayerView) -> dict[str, Any]:
    """The view's state as plain data (legal actions, events and log left out): what the
    mirror test rebuilds from events alone."""
    def plain(obj: Any) -> Any:
        if isinstance(obj, CardView | SideView | StepView | PendingChoice):
            return {f.name: plain(getattr(obj, f.name)) for f in fields(obj)}
        if isinstance(obj, tuple | list):
            return [plain(x) for x in obj]
        if isinstance(obj, dict):
            return {str(k): plain(v) for k, v in obj.items()}
        if isinstance(obj, Enum):
            return obj.value  # str enums
        if hasattr(obj, "__slots__") and hasattr(obj, "label"):  # ChoiceOption
            return {"value": obj.value, "label": obj.label, "card": obj.card}
        return obj
    skip = {"legal_actions", "events", "log"}
    return {f.name: plain(getattr(view, f.name)) for f in fields(view) if f.name not in skip}


# ---------------------------------------------------------------------------- redaction
def _hidden_to(viewer: int, owner: int, controller: int, zone: str, face_up: bool) -> bool:
    if zone == "deck":
        return True
    if zone in ("hand", "extra"):
        return owner != viewer
    if zone == "grave":
        return False
    return not face_up and controller != viewer


def _moved(e: ev.CardMoved, viewer: int) -> ev.CardMoved:
    """A card arriving where the viewer cannot see it: not what it is, nor its modifiers."""
    if _hidden_to(viewer, e.owner, e.controller, e.to_zone, e.face_up):
        return replace(e, card_id=HIDDEN, mods=(), flags=())
    return e


def _secret(e: Any, viewer: int) -> Any:
    """Events about a face-down card: only its controller sees what it is."""
    if e.secret and e.player != viewer:
        return replace(e, card_id=HIDDEN)
    return e


def _turned(e: ev.PositionChanged, viewer: int) -> ev.PositionChanged:
    """A face-down card's controller alone sees what it is and what modifies it; a card
    turned face up shows both to everyone (RULES.md I12)."""
    if e.secret and e.player != viewer:
        return replace(e, card_id=HIDDEN, mods=(), flags=())
    return e


def _untold(e: Any, viewer: int) -> Any:
    """Events about a card the viewer cannot see (the other's hand, a deck, a face-down
    card of the other side): not sent at all, so not even that something changed reaches
    them (RULES.md I12)."""
    if e.hidden_from == viewer or e.hidden_from == 2:
        return None
    return e


def _health(e: ev.HealthChanged, viewer: int) -> ev.HealthChanged:
    """A face-down Phantom's Health is hidden: its opponent sees that it took damage or was
    healed (the Step said so), never the numbers (RULES.md I13)."""
    if e.hidden_from == viewer or e.hidden_from == 2:
        return replace(e, before=-1, after=-1, max_health=-1)
    return e


def _chosen(e: ev.ChoiceMade, viewer: int) -> ev.ChoiceMade:
    if e.secret and e.player != viewer:
        return replace(e, label=HIDDEN)
    return e


def _passed(e: ev.PriorityPassed, viewer: int) -> ev.PriorityPassed:
    """Whether the engine passed for a player (no legal answer) is theirs alone: the other
    seat is told only that they passed (RULES.md I14)."""
    if e.auto and e.player != viewer:
        return ev.PRIORITY_PASSED[e.player][False]
    return e


def _choice(e: ev.ChoiceRequested, viewer: int) -> ev.ChoiceRequested:
    """Another seat's choice without its options; a prompt naming a card the viewer cannot
    see (a face-down card's trigger) unnamed."""
    if e.player != viewer:
        e = replace(e, options=(), labels=(), count=0)
    if e.hidden_from == viewer or e.hidden_from == 2:
        e = replace(e, prompt=unnamed_prompt(e.kind))
    return e


def _started(e: ev.DuelStarted, viewer: int) -> ev.DuelStarted:
    extras = tuple(x if p == viewer else tuple((u, HIDDEN) for u, _ in x)
                   for p, x in enumerate(e.extras))
    return replace(e, seed=-1, extras=extras)


def _public(e: Any, viewer: int) -> Any:
    return e


_RULES: dict[type, Callable[[Any, int], Any]] = {
    ev.DuelStarted: _started,
    ev.CardMoved: _moved,
    ev.StepResolving: _secret,
    ev.PositionChanged: _turned,
    ev.Summoned: _secret,
    ev.StepAdded: _secret,
    ev.StepResolved: _secret,
    ev.StepFizzled: _secret,
    ev.StepNegated: _secret,
    ev.CardBroken: _secret,
    ev.AbilityDeclined: _secret,
    ev.ChoiceRequested: _choice,
    ev.ChoiceMade: _chosen,
    ev.PriorityPassed: _passed,
    ev.CardStatsChanged: _untold,
    ev.StatModified: _untold,
    ev.StatusGained: _untold,
    ev.StatusLost: _untold,
    ev.HealthChanged: _health,
    **{t: _public for t in (
        ev.CoinTossed, ev.RoundStarted, ev.TurnStarted, ev.PhaseChanged,
        ev.LpChanged, ev.SpChanged,
        ev.AttackDeclared, ev.BattleDamage, ev.LineOpened,
        ev.LineBreak, ev.LineResolving, ev.LineClosed, ev.WindowOpened, ev.Revealed,
        ev.DuelEnded)},
}


def _unknown(e: Any, viewer: int) -> Any:
    """An event type without a rule: every card identity in it is hidden (by default)."""
    names = [f.name for f in fields(e)]
    return replace(e, **{n: HIDDEN for n in names if n == "card_id"})


def redact_event(event: Any, viewer: int) -> Any:
    """The event as `viewer` may see it: hidden card ids replaced by HIDDEN, hidden numbers
    by -1; None when the viewer may not even learn that it happened (RULES.md I12)."""
    return _RULES.get(type(event), _unknown)(event, viewer)


def recorded_for(events: Sequence[object], seat: int) -> tuple[Any, ...]:
    """A recorded event stream (plain data as `event_to_dict` gives it: a replay keeps it
    unredacted) as `seat` saw it live: each event redacted exactly as `Duel.events_for`
    redacts it, one per recorded event: None where there is nothing to show, because the
    seat was not told of it (RULES.md I12) or it is of a type this game does not know (a
    newer game's); ValueError for one that is malformed."""
    if seat != 0 and seat != 1:
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    out: list[Any] = []
    for i, data in enumerate(events):
        if isinstance(data, dict) and data.get("type") not in ev.EVENT_TYPES:
            out.append(None)
            continue
        try:
            out.append(redact_event(ev.event_from_dict(data), seat))
        except ValueError as exc:
            raise ValueError(f"event {i + 1}: {exc}") from None
    return tuple(out)
