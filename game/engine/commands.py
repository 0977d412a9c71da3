"""Commands: everything a player (person, AI or test) can send to the engine.

Small slotted dataclasses, hashable, printable for the log. Treat them as immutable
(they are not frozen only because frozen dataclasses are four times slower to build,
and `legal_actions()` builds many).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class Pass:
    """Decline to respond: when both players pass in a row, the top Line resolves."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class NextPhase:
    """Standby -> Main 1 -> Battle -> Main 2 -> End."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class EndTurn:
    """Go straight to the End Phase."""

    player: int


@dataclass(slots=True, unsafe_hash=True)
class Summon:
    """Summon a Phantom from hand paying its SP Cost."""

    player: int
    card: int
    zone: str  # phantom | side
    index: int
    attack: bool
    face_up: bool


@dataclass(slots=True, unsafe_hash=True)
class SpecialSummon:
    """Special Summon an Extra Deck Phantom whose summon condition is met (no SP)."""

    player: int
    card: int
    zone: str
    index: int
    attack: bool


@dataclass(slots=True, unsafe_hash=True)
class SetCard:
    """Set a Spirit or Counter face down in a back-row or Side Balance slot."""

    player: int
    card: int
    zone: str  # back | side
    index: int


@dataclass(slots=True, unsafe_hash=True)
class PlayEnvironment:
    player: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class ChangePosition:
    """Attack <-> Defense, once per turn, not on the turn it was summoned."""

    player: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Flip:
    """Turn your face-down Phantom face up (counts as its position change)."""

    player: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Unsummon:
    """Return your Phantom to hand and receive its SP back."""

    player: int
    card: int


@dataclass(slots=True, unsafe_hash=True)
class Attack:
    player: int
    attacker: int
    target: int  # card uid, or -1 for a direct attack


@dataclass(slots=True, unsafe_hash=True)
class Activate:
    """Activate ability `ability` of `card`; a Spirit from hand also names its slot."""

    player: int
    card: int
    ability: int
    targets: tuple[int, ...] = ()
    zone: str = ""
    index: int = -1


@dataclass(slots=True, unsafe_hash=True)
class Choose:
    """Answer the pending choice with one of its options."""

    player: int
    option: int


@dataclass(slots=True, unsafe_hash=True)
class Concede:
    """Give up the duel: the other player wins at once (RULES.md D12).

    Either player may send it at any moment before the duel is over, whoever's decision it
    is and while Lines are open. `apply` accepts it, but `legal_actions()` never lists it, so
    a player that picks from the legal actions (random, AI) never gives up by chance."""

    player: int


Command = (
    Pass | NextPhase | EndTurn | Summon | SpecialSummon | SetCard | PlayEnvironment
    | ChangePosition | Flip | Unsummon | Attack | Activate | Choose | Concede
)

COMMAND_TYPES = {
    c.__name__: c
    for c in (Pass, NextPhase, EndTurn, Summon, SpecialSummon, SetCard, PlayEnvironment,
              ChangePosition, Flip, Unsummon, Attack, Activate, Choose, Concede)
}


def to_plain(obj: Any) -> dict[str, Any]:
    """A command or event as plain data: its type name and fields (tuples as lists)."""
    data: dict[str, Any] = {"type": type(obj).__name__}
    for name in obj.__slots__:
        value = getattr(obj, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


command_to_dict = to_plain


def command_from_dict(data: object) -> Command:
    """Inverse of command_to_dict; raises ValueError on anything malformed."""
    if not isinstance(data, dict) or data.get("type") not in COMMAND_TYPES:
        raise ValueError(f"not a command: {data!r}")
    cls = COMMAND_TYPES[data["type"]]
    kwargs = {k: v for k, v in data.items() if k != "type"}
    if "targets" in kwargs:
        kwargs["targets"] = tuple(kwargs["targets"])
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ValueError(f"bad {data['type']} command: {exc}") from None
