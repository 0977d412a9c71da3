"""Which gesture sends which command: the one table every way of playing goes through.

Built from the deciding seat's legal actions only, so nothing lights up, glows or is offered
that the engine would refuse. A drag starts at a card (its *source*) and ends on a *target*
(a slot, a card, a player's LP panel, the hand); a click opens the same card's menu; keys move
a focus over the same sources and targets. Pure logic, no pygame: tests check that every
legal command has a gesture.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from game.engine import (
    Activate,
    Attack,
    CardDef,
    CardType,
    ChangePosition,
    Choose,
    Command,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
    Zone,
)

from .board import Board


# ------------------------------------------------------------------ targets
@dataclass(frozen=True)
class SlotTarget:
    seat: int
    zone: Zone
    index: int


@dataclass(frozen=True)
class CardTarget:
    uid: int


@dataclass(frozen=True)
class LpTarget:
    seat: int


@dataclass(frozen=True)
class HandTarget:
    seat: int


Target = SlotTarget | CardTarget | LpTarget | HandTarget
LATER_ATTACK = "Attack\u2026 (goes to Battle Phase)"  # a field Phantom's menu in Main Phase 1

DRAG_TYPES = (Summon, SpecialSummon, SetCard, PlayEnvironment, Attack, Unsummon)


def source_of(cmd: Command) -> int | None:
    """The card a command starts at (None: phase, pass and choice commands)."""
    if isinstance(cmd, Attack):
        return cmd.attacker
    return getattr(cmd, "card", None)


def drop_target(cmd: Command) -> Target | None:
    """Where a dragged card is dropped to send `cmd` (None: not a drag command)."""
    if isinstance(cmd, (Summon, SpecialSummon, SetCard)):
        return SlotTarget(cmd.player, Zone(cmd.zone), cmd.index)
    if isinstance(cmd, PlayEnvironment):
        return SlotTarget(cmd.player, Zone.ENV, 0)
    if isinstance(cmd, Activate) and cmd.zone:
        return SlotTarget(cmd.player, Zone(cmd.zone), cmd.index)
    if isinstance(cmd, Attack):
        return LpTarget(1 - cmd.player) if cmd.target < 0 else CardTarget(cmd.target)
    if isinstance(cmd, Unsummon):
        return HandTarget(cmd.player)
    return None


# ---------------------------------------------------------------- labelling
def ability_text(cdef: CardDef, index: int, limit: int = 60) -> str:
    if index < 0 or index >= len(cdef.abilities):
        return cdef.name
    text = cdef.abilities[index].text or cdef.text
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def position_label(cmd: Command) -> str:
    if isinstance(cmd, Summon):
        return f"{'Attack' if cmd.attack else 'Defense'} \u00b7 face {'up' if cmd.face_up else 'down'}"
    if isinstance(cmd, SpecialSummon):
        return "Attack Position" if cmd.attack else "Defense Position"
    return ""


@dataclass
class Entry:
    """One line of a card menu, a drop chooser or the answer list.

    `mode`: "now" sends the only command; "targets" picks targets on the board first;
    "hold" picks the card up so a slot (or a target) can be chosen."""

    label: str
    commands: list[Command]
    mode: str = "now"
    hint: str = ""

    @property
    def command(self) -> Command:
        return self.commands[0]


def _menu_rank(cmd: Command) -> int:
    """Where a verb stands in a card's menu: what a card is most likely played for first
    (its abilities, an attack, a Summon), then a position change and Set (after Activate),
    Unsummon (it gives the card up) last."""
    if isinstance(cmd, Unsummon):
        return 2
    return 1 if isinstance(cmd, (SetCard, ChangePosition)) else 0


def _mode(commands: Sequence[Command]) -> str:
    if any(drop_target(c) is not None for c in commands):
        return "hold"
    return "now" if len(commands) == 1 else "targets"


# ------------------------------------------------------------------- table
@dataclass
class Gestures:
    """The legal actions of the seat that decides now, sorted by the gesture that sends them."""

    seat: int
    legal: tuple[Command, ...]
    pool: Mapping[str, CardDef]
    board: Board
    by_source: dict[int, list[Command]] = field(default_factory=dict)
    next_phase: NextPhase | None = None
    end_turn: EndTurn | None = None
    pass_: Pass | None = None
    choices: list[Choose] = field(default_factory=list)
    # Main Phase 1: the Attacks each Phantom could declare once in the Battle Phase
    # (battle_ahead.py); a drop or a menu entry sends Next Phase, then the Attack
    later: dict[int, list[Command]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for cmd in self.legal:
            src = source_of(cmd)
            if src is not None:
                self.by_source.setdefault(src, []).append(cmd)
            elif isinstance(cmd, NextPhase):
                self.next_phase = cmd
            elif isinstance(cmd, EndTurn):
                self.end_turn = cmd
            elif isinstance(cmd, Pass):
                self.pass_ = cmd
            elif isinstance(cmd, Choose):
                self.choices.append(cmd)

    @classmethod
    def empty(cls, seat: int, pool: Mapping[str, CardDef], board: Board) -> Gestures:
        return cls(seat, (), pool, board)

    # ------------------------------------------------------------ reading
    def name(self, uid: int) -> str:
        cid = self.board.card_id(uid) or self.board.names.get(uid)
        return self.pool[cid].name if cid is not None and cid in self.pool else "a card"

    def cdef(self, uid: int) -> CardDef | None:
        cid = self.board.card_id(uid)
        return self.pool.get(cid) if cid else None

    def playable(self, uid: int) -> bool:
        """True when the card can do something now (it glows)."""
        return uid in self.by_source

    def drags(self, uid: int, commands: Iterable[Command] | None = None) -> dict[Target, list[Command]]:
        """Drop target -> the commands a drop there may mean."""
        out: dict[Target, list[Command]] = {}
        mine = [*self.by_source.get(uid, ()), *self.later.get(uid, ())]
        for cmd in mine if commands is None else commands:
            t = drop_target(cmd)
            if t is not None:
                out.setdefault(t, []).append(cmd)
        return out

    def is_later(self, cmd: Command) -> bool:
        """Whether `cmd` is an Attack for the Battle Phase (sent after Next Phase)."""
        src = source_of(cmd)
        return src is not None and any(c is cmd for c in self.later.get(src, ()))

    def can_drag(self, uid: int) -> bool:
        """Cards a person may pick up: their own hand, Extra Deck and field Phantoms."""
        where = self.board.where(uid)
        if where is None or where[0] != self.seat:
            return False
        zone = where[1]
        if zone in (Zone.HAND, Zone.EXTRA):
            return True
        card = self.board.card(uid)
        return zone in (Zone.PHANTOM, Zone.SIDE) and card is not None and (
            card.card_id is None or self.pool[card.card_id].type is CardType.PHANTOM)

    # ------------------------------------------------------------- menus
    def menu(self, uid: int) -> list[Entry]:
        """The card's click menu: every command that starts at it, grouped by verb."""
        cmds = self.by_source.get(uid, [])
        groups: dict[str, list[Command]] = {}
        order: list[str] = []

        def add(label: str, cmd: Command) -> None:
            if label not in groups:
                groups[label] = []
                order.append(label)
            groups[label].append(cmd)

        for cmd in cmds:
            if isinstance(cmd, Summon):
                add("Summon\u2026", cmd)
            elif isinstance(cmd, SpecialSummon):
                add("Special Summon\u2026", cmd)
            elif isinstance(cmd, SetCard):
                add("Set face down\u2026", cmd)
            elif isinstance(cmd, PlayEnvironment):
                add("Play Environment", cmd)
            elif isinstance(cmd, Attack):
                add("Attack\u2026", cmd)
            elif isinstance(cmd, Unsummon):
                add("Unsummon (to hand)", cmd)
            elif isinstance(cmd, ChangePosition):
                card = self.board.card(uid)
                to = "Defense" if card is None or card.attack_pos else "Attack"
                add(f"Change to {to} Position", cmd)
            elif isinstance(cmd, Flip):
                add("Flip face up", cmd)
            elif isinstance(cmd, Activate):
                add(self._activate_label(cmd) + ("\u2026" if cmd.zone else ""), cmd)
        for cmd in self.later.get(uid, ()):
            add(LATER_ATTACK, cmd)
        entries = []
        order.sort(key=lambda label: _menu_rank(groups[label][0]))
        for label in order:
            commands = groups[label]
            mode = _mode(commands)
            if isinstance(commands[0], PlayEnvironment):
                mode = "now"
            entries.append(Entry(label, commands, mode))
        return entries

    def _activate_label(self, cmd: Activate) -> str:
        cdef = self.cdef(cmd.card)
        if cdef is None:
            return "Activate"
        if cmd.ability < 0:
            return f"Activate {cdef.name}"
        return f"Activate: {ability_text(cdef, cmd.ability)}"

    def chooser(self, commands: Sequence[Command]) -> list[Entry]:
        """What a drop on one target may mean, one entry per meaning (position and face,
        activate or set, which ability); entries whose commands differ only by targets
        pick those targets next."""
        groups: dict[str, list[Command]] = {}
        for cmd in commands:
            if isinstance(cmd, (Summon, SpecialSummon)):
                label = position_label(cmd)
            elif isinstance(cmd, SetCard):
                label = "Set face down"
            elif isinstance(cmd, PlayEnvironment):
                label = "Play Environment"
            elif isinstance(cmd, Activate):
                label = self._activate_label(cmd)
            elif isinstance(cmd, Attack):
                label = "Attack"
            elif isinstance(cmd, Unsummon):
                label = "Unsummon"
            else:
                label = type(cmd).__name__
            groups.setdefault(label, []).append(cmd)
        # a Spirit dropped on the back row: Activate comes first, Set face down after it
        ordered = sorted(groups.items(), key=lambda kv: isinstance(kv[1][0], SetCard))
        return [Entry(label, cmds, "now" if len(cmds) == 1 else "targets")
                for label, cmds in ordered]

    def answers(self) -> list[Entry]:
        """The answers of a response window (or every activation now), one per ability."""
        groups: dict[tuple[int, int], list[Activate]] = {}
        for cmd in self.legal:
            if isinstance(cmd, Activate):
                groups.setdefault((cmd.card, cmd.ability), []).append(cmd)
        out = []
        for (uid, _ability), cmds in groups.items():
            label = f"{self.name(uid)}: {self._activate_label(cmds[0]).removeprefix('Activate: ')}"
            out.append(Entry(label, [*cmds], _mode(cmds)))
        return out


# --------------------------------------------------------------- targets
@dataclass
class TargetPick:
    """Targets picked one at a time on the board for commands that differ only by targets."""

    commands: list[Activate]
    picked: list[int] = field(default_factory=list)

    @property
    def count(self) -> int:
        return max((len(c.targets) for c in self.commands), default=0)

    @property
    def left(self) -> int:
        return self.count - len(self.picked)

    def options(self) -> set[int]:
        chosen = set(self.picked)
        out: set[int] = set()
        for c in self.commands:
            ts = set(c.targets)
            if chosen <= ts:
                out |= ts - chosen
        return out

    def pick(self, uid: int) -> Command | None:
        """Add a target; the command once all are picked (None: pick more)."""
        if uid not in self.options():
            return None
        self.picked.append(uid)
        if self.left > 0:
            return None
        chosen = set(self.picked)
        return next(c for c in self.commands if set(c.targets) == chosen)


# ---------------------------------------------------------------- refusals
def guess(board: Board, pool: Mapping[str, CardDef], seat: int, uid: int,
          target: Target) -> Command | None:
    """The command a drop of card `uid` on `target` would most likely mean, to ask the
    engine why it is refused (an illegal drop shows the engine's reason)."""
    where = board.where(uid)
    card = board.card(uid)
    if where is None or card is None:
        return None
    zone = where[1]
    cdef = pool.get(card.card_id) if card.card_id else None
    if zone is Zone.HAND and cdef is not None and isinstance(target, SlotTarget):
        if target.zone is Zone.ENV or cdef.type is CardType.ENVIRONMENT:
            return PlayEnvironment(seat, uid)
        if cdef.type is CardType.PHANTOM:
            return Summon(seat, uid, target.zone.value, target.index, True, True)
        if cdef.type is CardType.SPIRIT:
            ability = cdef.activatable[0][0] if cdef.activatable else -1
            return Activate(seat, uid, ability, (), target.zone.value, target.index)
        return SetCard(seat, uid, target.zone.value, target.index)
    if zone is Zone.EXTRA and isinstance(target, SlotTarget):
        return SpecialSummon(seat, uid, target.zone.value, target.index, True)
    if zone in (Zone.PHANTOM, Zone.SIDE):
        if isinstance(target, CardTarget):
            return Attack(seat, uid, target.uid)
        if isinstance(target, LpTarget):
            return Attack(seat, uid, -1)
        if isinstance(target, HandTarget):
            return Unsummon(seat, uid)
    return None
