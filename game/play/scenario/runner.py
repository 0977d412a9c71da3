"""Running a scenario: card references resolved in the position, commands sent as written,
expectations checked after each command and at the end."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.engine import events as ev
from game.engine.carddefs import CardDef, Start
from game.engine.commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Command,
    Concede,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
)
from game.engine.duel import Rejected
from game.engine.events import Event
from game.engine.model import BACKROW_ZONES, PHANTOM_ZONES, Card, Zone
from game.engine.serialize import state_hash
from game.files.fileio import is_dir, is_file

from .checks import check_expect
from .model import (
    _SLOT_ZONES,
    EXTRA_FIRST,
    FIELD_FIRST,
    HAND_FIRST,
    CardRef,
    CommandSpec,
    Scenario,
    ScenarioError,
    ScenarioResult,
    Spec,
)
from .notation import event_log, line_log
from .reader import load_scenario


# ---------------------------------------------------------------------- running
class Stop(Exception):
    """A command went otherwise than written: the rest of the scenario cannot follow."""


class Runner:
    def __init__(self, scenario: Scenario) -> None:
        self.sc = scenario
        self.duel = scenario.build()
        self.log: list[str] = []  # every command's Line events
        self.cmd_log: list[str] = []  # the current command's (for its own expect)
        # the event log: a new duel's start events (dealing, the first turn) come first
        self.events: list[str] = event_log(self.duel.start_events, self.duel.cards) \
            if scenario.new_duel else []
        self.cmd_events: list[str] = []
        self.previous: list[Event] = []  # the last accepted command's engine events
        self.failures: list[str] = []

    # -- card references -------------------------------------------------
    def _cards_in(self, seat: int, zone: Zone) -> list[Card]:
        ps = self.duel.players[seat]
        if zone in _SLOT_ZONES.values():
            uids = [u for u in ps.slots[zone] if u is not None]
        elif zone is Zone.DECK:
            uids = list(reversed(ps.deck))  # top card first, as written in start
        else:
            uids = list(ps.pile(zone))
        return [self.duel.cards[u] for u in uids]

    def resolve(self, ref: CardRef, where: str, default_owner: int | None,
                order: Sequence[Zone] = FIELD_FIRST) -> int:
        """The uid a reference means now: the owner's copies in zone order, the n-th one."""
        owner = ref.owner if ref.owner is not None else default_owner
        owners = (owner,) if owner is not None else (0, 1)
        zones = (ref.zone,) if ref.zone is not None else order
        found: list[Card] = []
        for zone in zones:
            tier = [c for seat in owners for c in self._cards_in(seat, zone) if c.cid == ref.cid]
            if owner is None and len({c.owner for c in tier}) > 1 and not found:
                raise ScenarioError(f"{self.sc.source}: {where}: both players have "
                                    f"{ref.cid!r} in their {zone.value}: write "
                                    f"{ref.cid}@1 or {ref.cid}@2")
            found += tier
        if len(found) < ref.copy:
            have = f"only {len(found)} cop{'y' if len(found) == 1 else 'ies'} of" \
                if found else "no"
            whose = f"player {owner + 1} has" if owner is not None else "the players have"
            raise ScenarioError(f"{self.sc.source}: {where}: {whose} {have} {ref.cid!r}")
        return found[ref.copy - 1].uid

    # -- commands ---------------------------------------------------------
    def build_command(self, spec: CommandSpec) -> Command | None:
        d, p, verb = spec.data, spec.player, spec.verb
        here = f"{spec.where}.{verb}"
        duel = self.duel
        if verb == "pass":
            return Pass(p)
        if verb == "next_phase":
            return NextPhase(p)
        if verb == "end_turn":
            return EndTurn(p)
        if verb == "concede":
            return Concede(p)
        if verb == "choose":
            return None  # built per answer in choose_command
        order = {"summon": HAND_FIRST, "set": HAND_FIRST, "play_environment": HAND_FIRST,
                 "special_summon": EXTRA_FIRST}.get(verb, FIELD_FIRST)
        uid = self.resolve(d["_card"], here, p, order)
        card = duel.cards[uid]
        if verb == "summon":
            zone, index = d.get("_slot") or self._first_empty(p, PHANTOM_ZONES)
            return Summon(p, uid, zone, index, d.get("position", "attack") == "attack",
                          d.get("face", "up") == "up")
        if verb == "special_summon":
            zone, index = d.get("_slot") or self._first_empty(p, PHANTOM_ZONES)
            return SpecialSummon(p, uid, zone, index, d.get("position", "attack") == "attack")
        if verb == "set":
            zone, index = d.get("_slot") or self._first_empty(p, BACKROW_ZONES)
            return SetCard(p, uid, zone, index)
        if verb == "play_environment":
            return PlayEnvironment(p, uid)
        if verb == "change_position":
            return ChangePosition(p, uid)
        if verb == "flip":
            return Flip(p, uid)
        if verb == "unsummon":
            return Unsummon(p, uid)
        if verb == "attack":
            if "_target" not in d:
                return Attack(p, uid, -1)
            return Attack(p, uid, self.resolve(d["_target"], f"{spec.where}.target", 1 - p))
        # activate
        cdef = duel.pool[card.cid]
        ability = d["ability"] if "ability" in d else _default_ability(cdef)
        targets = tuple(self.resolve(t, f"{spec.where}.targets[{i}]", None)
                        for i, t in enumerate(d["_targets"]))
        zone, index = "", -1
        if card.zone is Zone.HAND:
            zone, index = d.get("_slot") or self._first_empty(p, BACKROW_ZONES)
        return Activate(p, uid, ability, targets, zone, index)

    def _first_empty(self, seat: int, zones: Sequence[Zone]) -> tuple[str, int]:
        slots = self.duel.players[seat].slots
        for zone in zones:
            for i, uid in enumerate(slots[zone]):
                if uid is None:
                    return zone.value, i
        return zones[0].value, 0  # all full: the engine refuses it with its own reason

    def choose_command(self, spec: CommandSpec, i: int, value: object) -> Choose | None:
        """A Choose for one answer: a card among the options, a label, or an option index.
        None: no choice is pending because the engine answered it itself (its only option),
        and the answer written is that option."""
        p = spec.player
        choice = self.duel.choice
        here = f"{spec.where}.choose"
        ref = spec.data.get("_refs", {}).get(i)
        if choice is None:
            if ref is not None and self._answered_alone(ref):
                return None
            if spec.expect_rejected:  # the engine refuses it with its own reason
                return Choose(p, value if type(value) is int else 0)
            raise Stop(f"{spec.where} ({spec.describe()}): there is no choice to answer: no "
                       "choice is pending")
        if choice.kind not in ("trigger_optional", "choose_option") and ref is not None:
            matching = [u for u in choice.options if self.duel.cards[u].cid == ref.cid
                        and (ref.owner is None or self.duel.cards[u].owner == ref.owner)]
            if len(matching) >= ref.copy:
                return Choose(p, matching[ref.copy - 1])
            return Choose(p, self.resolve(ref, here, None))
        if isinstance(value, bool):
            value = "Yes" if value else "No"
        if isinstance(value, int):
            if 0 <= value < len(choice.options):
                return Choose(p, choice.options[value])
            return Choose(p, value)
        labels = [str(label).lower() for label in choice.labels]
        if str(value).lower() in labels:
            return Choose(p, choice.options[labels.index(str(value).lower())])
        raise Stop(f"{spec.where} ({spec.describe()}): {value!r} is not one of the "
                   f"options {list(choice.labels)}")

    def _answered_alone(self, ref: CardRef) -> bool:
        """The last command's events show the engine taking `ref` as the only option of a
        choice it therefore did not ask: the one card a search could add, the one Phantom an
        effect could Special Summon, the cards discarded when the hand held no more than the
        count (game/engine/verbs/builtin.py, effects.py)."""
        cards = self.duel.cards

        def fits(uid: int) -> bool:
            return 0 <= uid < len(cards) and cards[uid].cid == ref.cid \
                and (ref.owner is None or cards[uid].owner == ref.owner)

        for e in self.previous:
            if isinstance(e, ev.CardMoved) and e.reason in ("search", "discard") and fits(e.card):
                return True
            if isinstance(e, ev.Summoned) and e.special and fits(e.card):
                return True
        return False

    def apply(self, spec: CommandSpec, cmd: Command) -> None:
        duel = self.duel
        if spec.expect_rejected:
            before = state_hash(duel)
            try:
                events = duel.apply(cmd)
            except Rejected as exc:
                self._check_refusal(spec, spec.where, exc.code.value, exc.reason)
                if state_hash(duel) != before:
                    self.failures.append(f"{spec.where}: the refused command changed the state")
                return
            self._record(events)
            raise Stop(f"{spec.where} ({spec.describe()}): expected it to be refused "
                       f"({spec.reason}), but it was accepted")
        try:
            events = duel.apply(cmd)
        except Rejected as exc:
            raise Stop(f"{spec.where} ({spec.describe()}): refused ({exc.code.value}): "
                       f"{exc.reason}") from None
        self._record(events)

    def _check_refusal(self, spec: CommandSpec, where: str, code: str, reason: str) -> None:
        """A refusal must be for the reason code written (and contain `reason_contains`)."""
        if spec.reason is not None and code != spec.reason:
            self.failures.append(f"{where}.reason: expected a refusal for {spec.reason}, got "
                                 f"{code} ({reason!r})")
        if spec.reason_contains and spec.reason_contains.lower() not in reason.lower():
            self.failures.append(f"{where}.reason_contains: expected a reason containing "
                                 f"{spec.reason_contains!r}, got {reason!r}")

    def _record(self, events: list[Event]) -> None:
        self.previous = events
        lines = line_log(events)
        strings = event_log(events, self.duel.cards)
        self.cmd_log += lines
        self.log += lines
        self.cmd_events += strings
        self.events += strings

    def run_command(self, spec: CommandSpec) -> None:
        self.cmd_log = []
        self.cmd_events = []
        for _ in range(spec.repeat):
            if spec.verb == "choose":
                value = spec.data["choose"]
                values = value if isinstance(value, list) else [value]
                for i, v in enumerate(values):
                    cmd = self.choose_command(spec, i, v)
                    if cmd is not None:
                        self.apply(spec, cmd)
                continue
            built = self.build_command(spec)
            assert built is not None  # only `choose` builds none, answered above
            self.apply(spec, built)
            if spec.verb == "special_summon" and not spec.expect_rejected:
                for i, ref in enumerate(spec.data.get("_materials", [])):
                    here = f"{spec.where}.materials[{i}]"
                    choice = self.duel.choice
                    if choice is None or choice.kind != "materials":
                        raise Stop(f"{here}: no material choice is pending")
                    matching = [u for u in choice.options if self.duel.cards[u].cid == ref.cid
                                and (ref.owner is None or self.duel.cards[u].owner == ref.owner)]
                    if len(matching) < ref.copy:
                        raise Stop(f"{here}: {ref.text or ref.cid} is not among the possible "
                                   "materials")
                    self.apply(spec, Choose(spec.player, matching[ref.copy - 1]))
        if spec.expect is not None:
            self.check(spec.expect, self.cmd_log, self.cmd_events, f"{spec.where}.expect")

    def check(self, exp: Spec, log: list[str], events: list[str], where: str) -> None:
        """Every expectation of `exp`, `legal` and `not_legal` included."""
        self.failures += check_expect(self.duel, exp, log, where, events)
        for key in ("legal", "not_legal"):
            for spec in exp.get(key, []):
                self.check_legal(spec, spec.where)

    def check_legal(self, spec: CommandSpec, where: str) -> None:
        """Is the command legal now (`legal`), or refused for its reason (`not_legal`)?
        Judged by the engine without doing it."""
        try:
            if spec.verb == "choose":
                values = spec.data["choose"]
                cmds: list[Command | None] = [self.choose_command(spec, i, v) for i, v in
                        enumerate(values if isinstance(values, list) else [values])]
            else:
                cmds = [self.build_command(spec)]
        except Stop as stop:
            self.failures.append(str(stop))
            return
        for cmd in cmds:
            if cmd is None:
                continue
            refusal = self.duel.refusal(cmd)
            if spec.expect_rejected:
                if refusal is None:
                    self.failures.append(f"{where} ({spec.describe()}): expected not legal now "
                                         f"({spec.reason}), but it is legal")
                else:
                    self._check_refusal(spec, where, refusal.code.value, refusal.message)
            elif refusal is not None:
                self.failures.append(f"{where} ({spec.describe()}): expected legal now, but it "
                                     f"is refused ({refusal.code.value}): {refusal.message}")

    def run(self) -> None:
        try:
            for spec in self.sc.commands:
                self.run_command(spec)
        except Stop as stop:
            self.failures.append(str(stop))
            return
        if self.sc.expect is not None:
            self.check(self.sc.expect, self.log, self.events, "expect")


def _default_ability(cdef: CardDef) -> int:
    """The card's first activated ability; -1 for a card activated as itself."""
    if cdef.playable_alone:
        return -1
    for i, ab in enumerate(cdef.abilities):
        if ab.start in (Start.MAIN, Start.RESPONSE):
            return i
    return 0


# ---------------------------------------------------------------------- entry points
def run_scenario(path_or_data: str | Path | Mapping[str, Any]) -> ScenarioResult:
    """Load and run one scenario; a file problem comes back as `error`, never a traceback."""
    if isinstance(path_or_data, Mapping):
        fallback = str(path_or_data.get("name") or "<scenario>")
    else:
        fallback = str(path_or_data)
    try:
        scenario = load_scenario(path_or_data)
    except ScenarioError as exc:
        return ScenarioResult(fallback, fallback, False, error=" ".join(str(exc).split()))
    runner = Runner(scenario)
    try:
        runner.run()
    except ScenarioError as exc:  # a card reference that names nothing in this position
        return ScenarioResult(scenario.name, scenario.source, False, runner.failures,
                              scenario.xfail, error=str(exc))
    return ScenarioResult(scenario.name, scenario.source, not runner.failures, runner.failures,
                          scenario.xfail)


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given; directories searched recursively for *.yaml / *.yml, sorted."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if is_dir(path):
            out += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")
                          and is_file(p))
        else:
            out.append(path)
    return out

