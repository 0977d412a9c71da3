"""Events: every visible change, in order, so a client can animate and a log can tell it.

`card_id` fields name what the card is; `views.redact_event` hides it from a player who may
not see the card (opponent's hand, decks, face-down cards).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields

from .builders import builder
from .commands import to_plain
from .model import Phase


@dataclass(slots=True)
class DuelStarted:
    seed: int  # hidden from players (it would tell the deck order): -1 in their views
    first_player: int  # decided by the coin toss (or the match)
    deck_counts: tuple[int, ...] = ()  # Main Deck sizes
    extras: tuple[tuple[tuple[int, str], ...], ...] = ()  # per player: ((uid, card_id), ...) of the Extra Deck


@dataclass(slots=True)
class CoinTossed:
    winner: int  # this player goes first


@dataclass(slots=True)
class RoundStarted:
    round: int


@dataclass(slots=True)
class TurnStarted:
    player: int
    turn: int
    round: int


@dataclass(slots=True, frozen=True)
class PhaseChanged:
    player: int  # whose turn (-1 in the shared Draw Phase)
    phase: str


@dataclass(slots=True)
class CardMoved:
    card: int
    card_id: str
    owner: int
    controller: int
    from_zone: str
    from_index: int
    to_zone: str
    to_index: int
    face_up: bool
    attack_pos: bool
    reason: str  # draw | summon | set | play | break | discard | return | mill | search | ...
    # the card's stat modifiers and statuses as it arrives ((stat, amount, last turn or -1:
    # lasting), (status, last turn or -1)): a seat that sees it there learns them with it,
    # though it was told none while the card was hidden from it (RULES.md I12)
    mods: tuple[tuple[str, int, int], ...] = ()
    flags: tuple[tuple[str, int], ...] = ()


@dataclass(slots=True)
class LpChanged:
    player: int
    before: int
    after: int
    reason: str


@dataclass(slots=True)
class SpChanged:
    player: int
    before: int
    after: int
    reason: str


@dataclass(slots=True)
class HealthChanged:
    """A field Phantom's Health went down (damage) or up (`healed`). A seat that cannot see
    the card (it is face down on the other side) is told only that: its numbers are -1."""

    card: int
    before: int
    after: int
    max_health: int
    healed: bool = False
    hidden_from: int = -1  # the seat that may not see the card (-1: nobody)


@dataclass(slots=True)
class StatModified:
    card: int
    stat: str
    amount: int
    duration: str
    hidden_from: int = -1  # the seat that may not see the card, not told (-1: nobody; 2: both)


@dataclass(slots=True)
class StatusGained:
    card: int
    status: str  # protected | cannot_attack
    duration: str
    hidden_from: int = -1  # the seat that may not see the card, not told (-1: nobody; 2: both)


@dataclass(slots=True)
class StatusLost:
    card: int
    status: str  # an "until the end of this turn" status ran out
    hidden_from: int = -1  # the seat that may not see the card, not told (-1: nobody; 2: both)


@dataclass(slots=True)
class CardStatsChanged:
    """What a player sees of a card now: sent when a card's shown ATK, Health, max Health,
    SP Cost or statuses change for any reason (a continuous effect coming or going, a
    modifier ending, a move) and after every move of a card that is not in a deck."""

    card: int
    atk: int | None  # None: not a Phantom, or hidden (see hidden_from)
    health: int | None
    max_health: int | None
    sp_cost: int | None
    statuses: tuple[str, ...]
    hidden_from: int  # the seat that may not see the card (-1: nobody; 2: both): not told


@dataclass(slots=True)
class PositionChanged:
    card: int
    card_id: str
    attack_pos: bool
    face_up: bool
    reason: str  # change | flip | zero_health | effect | attack
    secret: bool = False  # the card is face down: hidden from its opponent
    player: int = -1  # its controller
    # its modifiers and statuses now, as CardMoved's: what a seat learns when it is turned up
    mods: tuple[tuple[str, int, int], ...] = ()
    flags: tuple[tuple[str, int], ...] = ()


@dataclass(slots=True)
class Summoned:
    card: int
    card_id: str
    player: int
    special: bool
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True)
class AttackDeclared:
    attacker: int
    target: int  # -1: direct


@dataclass(slots=True)
class BattleDamage:
    attacker: int
    target: int  # -1: direct
    to_target: int
    to_attacker: int
    to_player: int
    player: int  # who lost LP (-1 if nobody)


@dataclass(slots=True)
class CardBroken:
    card: int
    card_id: str
    survived: bool  # protected: it stays at 0 Health
    secret: bool = False  # the card is face down: hidden from its opponent
    player: int = -1  # its controller


@dataclass(slots=True)
class StepAdded:
    line: int  # 1-based Line number, bottom Line is 1
    step: int  # 1-based Step number within the Line
    speed: int
    player: int
    kind: str
    card: int
    card_id: str
    ability: int
    targets: tuple[int, ...]
    trigger: bool
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True, frozen=True)
class LineOpened:
    line: int  # the new Line's number (1: a game action's own Line)
    speed: int
    player: int


@dataclass(slots=True)
class LineBreak:
    line: int  # the new Line's number
    speed: int


@dataclass(slots=True, frozen=True)
class LineResolving:
    line: int


@dataclass(slots=True)
class StepResolving:
    """The Step leaves its Line and resolves now (its effects follow, then StepResolved,
    or StepFizzled / StepNegated at once)."""

    line: int
    step: int
    player: int
    card_id: str
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True)
class StepResolved:
    line: int
    step: int
    player: int
    card_id: str
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True)
class StepFizzled:
    line: int
    step: int
    player: int
    card_id: str
    reason: str
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True)
class StepNegated:
    line: int
    step: int
    player: int
    card_id: str
    secret: bool = False  # the card is face down: hidden from its opponent


@dataclass(slots=True, frozen=True)
class LineClosed:
    line: int


@dataclass(slots=True)
class WindowOpened:
    line: int  # the broken Line that may now be extended or broken again
    player: int  # who may respond first


@dataclass(slots=True, frozen=True)
class PriorityPassed:
    player: int
    auto: bool  # passed for them: no legal response (told only to them: RULES.md I14)


@dataclass(slots=True)
class ChoiceRequested:
    player: int
    kind: str  # a model.ChoiceKind value
    prompt: str
    options: tuple[int, ...]  # what Choose(option=...) may send
    labels: tuple[str, ...]  # one per option, for people
    count: int = 1  # answers still to pick
    # the seat (2: both) that cannot see the card the prompt names (a trigger's card): that
    # seat is told the kind's unnamed prompt instead (views; -1: none)
    hidden_from: int = -1


@dataclass(slots=True)
class ChoiceMade:
    player: int
    kind: str
    option: int
    label: str
    secret: bool = False  # the chosen card is one the other seat cannot see: not named to it


@dataclass(slots=True)
class AbilityDeclined:
    card: int
    card_id: str
    secret: bool = False  # the card is one its opponent cannot see
    player: int = -1  # whose card


@dataclass(slots=True)
class Revealed:
    card: int
    card_id: str
    player: int  # whose card


@dataclass(slots=True)
class DuelEnded:
    winner: int  # -1: a draw
    reason: str


Event = (
    DuelStarted | CoinTossed | RoundStarted | TurnStarted | PhaseChanged | CardMoved | LpChanged
    | SpChanged | HealthChanged | StatModified | StatusGained | StatusLost | CardStatsChanged
    | PositionChanged | Summoned | AttackDeclared | BattleDamage | CardBroken | StepAdded
    | LineOpened | LineBreak | LineResolving | StepResolving
    | StepResolved | StepFizzled | StepNegated | LineClosed | WindowOpened | PriorityPassed
    | ChoiceRequested | ChoiceMade | AbilityDeclined | Revealed | DuelEnded
)

event_to_dict = to_plain  # same shape as commands: type name and fields

EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in Event.__args__}
_KINDS = {"int": (int,), "str": (str,), "bool": (bool,), "None": (type(None),)}


def _tuples(value: object) -> object:
    return tuple(_tuples(v) for v in value) if isinstance(value, list | tuple) else value


def event_from_dict(data: object) -> Event:
    """Inverse of `event_to_dict` (lists back to tuples), for events kept as plain data (a
    replay's record). ValueError naming the problem for anything that is not one: an unknown
    type, a missing or unknown field, a value of the wrong kind."""
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
        kind = data.get("type") if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"not an event of this game: {str(kind)[:40]!r}")
    cls = EVENT_TYPES[data["type"]]
    kwargs = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING:
                raise ValueError(f"{cls.__name__}: missing {f.name}")
            continue
        value = data[f.name]
        allowed: tuple[type, ...] = ()
        for part in str(f.type).split("|"):
            part = part.strip()
            allowed += (list, tuple) if part.startswith("tuple") else _KINDS.get(part, ())
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise ValueError(f"{cls.__name__}: {f.name} is {type(value).__name__}, expected {f.type}")
        kwargs[f.name] = _tuples(value)
    unknown = set(data) - {"type", *(f.name for f in fields(cls))}
    if unknown:
        raise ValueError(f"{cls.__name__}: unknown field {sorted(unknown)[0]!r}")
    event: Event = cls(**kwargs)
    return event


# The hot path's builders (builders.py): `card_moved(...)` is `CardMoved(...)`, built faster.
card_moved = builder(CardMoved)
step_added = builder(StepAdded)
step_resolving = builder(StepResolving)
step_resolved = builder(StepResolved)
sp_changed = builder(SpChanged)
summoned = builder(Summoned)
turn_started = builder(TurnStarted)
choice_requested = builder(ChoiceRequested)
choice_made = builder(ChoiceMade)
card_stats_changed = builder(CardStatsChanged)
position_changed = builder(PositionChanged)


# Events of a small domain, built once and shared by every duel: an event is never changed
# after it is made (`tests/engine/test_builders.py` pins that these classes are frozen), so one object
# tells "seat 1 passed" as well as a new one would, and the record keeps no copy of it.
# Line bookkeeping is most of a command's events (a Summon's Line: opened, passed twice,
# resolving, closed), so this spares their building and the collector's walks over them.
_LINES = 16  # Line numbers 1-15 shared (deeper Lines, never seen in play, are built)
PRIORITY_PASSED = ((PriorityPassed(0, False), PriorityPassed(0, True)),
                   (PriorityPassed(1, False), PriorityPassed(1, True)))  # [player][auto]
LINE_RESOLVING = tuple(LineResolving(n) for n in range(_LINES))  # [line]
LINE_CLOSED = tuple(LineClosed(n) for n in range(_LINES))  # [line]
_PHASE_CHANGED = {(p, ph.value): PhaseChanged(p, ph.value) for p in (-1, 0, 1) for ph in Phase}
_LINE_OPENED = {(n, speed, p): LineOpened(n, speed, p) for n in range(1, _LINES)
                for speed in range(4) for p in (0, 1)}  # speed 0: a game action


def line_resolving(line: int) -> LineResolving:
    return LINE_RESOLVING[line] if line < _LINES else LineResolving(line)


def line_closed(line: int) -> LineClosed:
    return LINE_CLOSED[line] if line < _LINES else LineClosed(line)


def phase_changed(player: int, phase: str) -> PhaseChanged:
    got = _PHASE_CHANGED.get((player, phase))
    return got if got is not None else PhaseChanged(player, phase)


def line_opened(line: int, speed: int, player: int) -> LineOpened:
    got = _LINE_OPENED.get((line, speed, player))
    return got if got is not None else LineOpened(line, speed, player)
