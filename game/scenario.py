"""Scenario (puzzle) files: a mid-duel position, commands by player, and expectations.

A scenario pins one rule as data a designer can read and change: `start` is a
`game.engine.position.build_position` spec, `commands` are written with card names instead
of uids, and `expect` checks LP, zones, slots, the winner and the Line log. The format is
documented in docs/scenarios.md. Players are written 1 and 2 everywhere in a file; they are
seats 0 and 1 in the engine.

    python main.py scenario tests/scenarios            # every *.yaml below, sorted
"""

from __future__ import annotations

import fnmatch
import functools
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import events as ev
from game.engine.carddefs import CardDef, CardType, Start
from game.engine.commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
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
from game.engine.duel import Duel, Rejected
from game.engine.model import BACKROW_ZONES, PHANTOM_ZONES, Card, Zone
from game.engine.position import PositionError, build_position
from game.engine.query import atk, health, max_health
from game.engine.rules import Rules
from game.engine.serialize import state_hash
from game.fileio import FileError, exists, is_dir, is_file, load_yaml_file
from game.puzzle_spec import PuzzleFieldError, PuzzleSpec, read_puzzle_spec
from game.rules_file import rules_from_data
from game.yamlio import brief

TOP_KEYS = {"name", "description", "rules", "cards", "start", "seed", "auto_pass", "commands",
            "expect", "xfail", "puzzle"}
VERBS = ("summon", "special_summon", "set", "play_environment", "change_position", "flip",
         "unsummon", "attack", "activate", "choose", "pass", "next_phase", "end_turn")
_COMMON_KEYS = {"player", "expect_rejected", "reason_contains", "expect", "repeat", "note"}
_VERB_KEYS = {
    "summon": {"slot", "position", "face"},
    "special_summon": {"slot", "position", "materials"},
    "set": {"slot"},
    "play_environment": set(),
    "change_position": set(),
    "flip": set(),
    "unsummon": set(),
    "attack": {"target"},
    "activate": {"ability", "targets", "slot"},
    "choose": set(),
    "pass": set(),
    "next_phase": set(),
    "end_turn": set(),
}
_FLAG_VERBS = {"pass", "next_phase", "end_turn"}
PLAYER_EXPECTS = ("lp", "sp", "hand", "grave", "deck", "extra", "field")
GLOBAL_EXPECTS = ("winner", "phase", "turn_player", "turn", "round", "lines_open",
                  "deciding_player", "choice", "line_log", "line_log_contains",
                  "line_log_excludes")
SLOT_FIELDS = ("card", "position", "face", "health", "max_health", "atk")
_SLOT_ZONES = {"phantom": Zone.PHANTOM, "back": Zone.BACK, "side": Zone.SIDE, "env": Zone.ENV}
_PILES = {"hand": Zone.HAND, "grave": Zone.GRAVE, "deck": Zone.DECK, "extra": Zone.EXTRA}
# Where a card reference looks first: the field, then hand, Extra Deck, Graveyard, Main Deck.
FIELD_FIRST = (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV, Zone.HAND, Zone.EXTRA, Zone.GRAVE,
               Zone.DECK)
HAND_FIRST = (Zone.HAND, *[z for z in FIELD_FIRST if z is not Zone.HAND])
EXTRA_FIRST = (Zone.EXTRA, *[z for z in FIELD_FIRST if z is not Zone.EXTRA])
_REF_RE = re.compile(r"^(?P<card>[^@#]+?)\s*(?P<tail>(?:[@#]\s*\d+\s*)*)$")
# Bounds of the numbers a file may write (every number is checked before use).
MAX_WHOLE = 1_000_000_000  # LP, SP, Health, expected counts
MAX_TURN = 10_000  # turn and round numbers
MAX_REPEAT = 100  # `repeat:` (the loop guard is 10)
MAX_COPY = 99  # `#n` copy numbers
MAX_ABILITY = 99  # ability indexes
MAX_SEED = 2**64 - 1
_START_KEYS = {"turn", "round", "turn_player", "first_player", "phase", "players"}
_PLAYER_KEYS = {"lp", "sp", "hand", "deck", "extra", "grave", "phantom", "back", "side", "env"}
_START_SLOT_KEYS = {"card", "position", "face", "health", "summoned", "set", "attacked",
                    "position_changed", "battled", "sp_paid"}


def _key_list(keys) -> str:
    """Unknown keys for a message: sorted, each a bounded excerpt, at most ten."""
    shown = sorted(brief(k, 30) for k in keys)
    return "[" + ", ".join(shown[:10]) + (", ...]" if len(shown) > 10 else "]")


class ScenarioError(ValueError):
    """A problem in a scenario file; the message names the file and the field."""


# ---------------------------------------------------------------------- results
@dataclass
class ScenarioResult:
    """What running one scenario found.

    `passed`: every command went as written and every expectation held. `xfail`: the file's
    reason when it is marked as a known engine problem. `error`: the file itself is wrong
    (then nothing ran). `ok` is what a test run counts: a pass, or an expected failure.
    """

    name: str
    source: str
    passed: bool
    failures: list[str] = field(default_factory=list)
    xfail: str | None = None
    error: str | None = None

    @property
    def status(self) -> str:
        if self.error is not None:
            return "ERROR"
        if self.xfail is not None:
            return "XPASS" if self.passed else "XFAIL"
        return "PASS" if self.passed else "FAIL"

    @property
    def ok(self) -> bool:
        return self.status in ("PASS", "XFAIL")

    def summary(self) -> str:
        """One line: status, name and the first reason."""
        status = self.status
        if self.error is not None:  # status is "ERROR" exactly when there is an error
            if self.error.startswith(self.name):  # a file that could not be read: no name
                return f"ERROR {self.error}"
            return f"ERROR {self.name}: {self.error}"
        if status == "FAIL":
            return f"FAIL {self.name}: {self.failures[0] if self.failures else '?'}"
        if status == "XFAIL":
            return f"XFAIL {self.name}: {self.xfail} ({self.failures[0] if self.failures else ''})"
        if status == "XPASS":
            return (f"XPASS {self.name}: marked xfail ({self.xfail}) but it passes now: "
                    "remove the xfail")
        return f"PASS {self.name}"


# ---------------------------------------------------------------------- loading
@functools.cache
def _base_pool() -> dict[str, CardDef]:
    from game.cards import load_card_set

    return load_card_set()


@functools.cache
def _base_rules() -> Rules:
    from game.rules_file import load_rules

    return load_rules()


@dataclass
class CardRef:
    """A card written by id or name, with an optional owner (@1/@2) and copy number (#n)."""

    cid: str
    owner: int | None = None  # seat
    copy: int = 1
    zone: Zone | None = None
    text: str = ""


@dataclass
class CommandSpec:
    where: str
    player: int  # seat
    verb: str
    data: dict
    repeat: int = 1
    expect_rejected: bool = False
    reason_contains: str | None = None
    expect: dict | None = None

    def describe(self) -> str:
        value = self.data.get(self.verb)
        text = f"player {self.player + 1} {self.verb}"
        if self.verb not in _FLAG_VERBS:
            text += f" {value}"
        if self.verb == "attack":
            text += f" -> {self.data.get('target')}"
        return text


@dataclass
class Scenario:
    """A checked scenario file, ready to run (or to open as a puzzle in the client)."""

    name: str
    description: str
    source: str
    pool: dict[str, CardDef]
    rules: Rules
    start: dict
    seed: int
    auto_pass: bool
    commands: list[CommandSpec]
    expect: dict | None
    xfail: str | None
    puzzle: Any = None  # the `puzzle:` mapping as written
    puzzle_spec: PuzzleSpec | None = None  # that mapping checked (None: no `puzzle:`)

    def build(self) -> Duel:
        """The duel at the start position."""
        return build_position(self.pool, self.rules, self.start, self.seed,
                              auto_pass=self.auto_pass)


class _Checker:
    """Validates the plain data of one file; every message starts with the file's name."""

    def __init__(self, source: str, pool: Mapping[str, CardDef], rules: Rules | None = None) -> None:
        self.source = source
        self.pool = pool
        self.rules = rules
        self.by_name = {cdef.name.lower(): cid for cid, cdef in pool.items()}

    def fail(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {where}: {message}")

    def card_id(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a card id or name, got {brief(value)}")
        text = value.strip()
        if text in self.pool:
            return text
        cid = self.by_name.get(text.lower())
        if cid is None:
            raise self.fail(where, f"unknown card {brief(text)}")
        return cid

    def ref(self, value: Any, where: str) -> CardRef:
        if isinstance(value, Mapping):
            unknown = set(value) - {"card", "owner", "copy", "zone"}
            if unknown:
                raise self.fail(where, f"unknown field(s) {_key_list(unknown)}; a card "
                                       "reference has card, owner, copy, zone")
            ref = self.ref(value.get("card"), f"{where}.card")
            if "owner" in value:
                ref.owner = self.player(value["owner"], f"{where}.owner")
            if "copy" in value:
                ref.copy = self.whole(value["copy"], f"{where}.copy", 1, MAX_COPY)
            if "zone" in value:
                zones = {**_SLOT_ZONES, **_PILES}
                if not isinstance(value["zone"], str) or value["zone"] not in zones:
                    raise self.fail(f"{where}.zone", f"expected one of {sorted(zones)}, got "
                                                     f"{brief(value['zone'])}")
                ref.zone = zones[value["zone"]]
            return ref
        if not isinstance(value, str):
            raise self.fail(where, f"expected a card reference like iron_hound, "
                                   f"iron_hound#2 or iron_hound@2, got {brief(value)}")
        m = _REF_RE.match(value.strip())
        if not m:
            raise self.fail(where, f"cannot read card reference {brief(value)}")
        ref = CardRef(self.card_id(m.group("card"), where), text=value.strip())
        for mark, num in re.findall(r"([@#])\s*(\d+)", m.group("tail")):
            if not num.isascii() or len(num) > 3:
                raise self.fail(where, f"cannot read card reference {brief(value)}: "
                                       f"{mark}{brief(num, 10)} is not 1, 2, ... {MAX_COPY}")
            if mark == "@":
                ref.owner = self.player(int(num), where)
            else:
                ref.copy = self.whole(int(num), where, 1, MAX_COPY)
        return ref

    def player(self, value: Any, where: str) -> int:
        if isinstance(value, str) and value.strip().lower() in ("1", "2", "p1", "p2"):
            value = int(value.strip()[-1])
        if type(value) is not int or value not in (1, 2):  # exact: not 1.0, not true
            raise self.fail(where, f"expected player 1 or 2, got {brief(value)}")
        return value - 1

    def whole(self, value: Any, where: str, lo: int = 0, hi: int = MAX_WHOLE) -> int:
        if type(value) is not int or value < lo:
            raise self.fail(where, f"expected a whole number >= {lo}, got {brief(value)}")
        if value > hi:
            raise self.fail(where, f"expected at most {hi}, got {brief(value)}")
        return value

    def slot(self, value: Any, where: str) -> tuple[str, int]:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a slot like 'phantom 0', 'back 2', 'side 1', got "
                                   f"{brief(value)}")
        parts = value.split()
        if parts and parts[0] == "env" and len(parts) == 1:
            parts.append("0")
        if len(parts) != 2 or parts[0] not in _SLOT_ZONES or not parts[1].isascii() \
                or not parts[1].isdigit() or len(parts[1]) > 2:
            raise self.fail(where, f"expected a slot like 'phantom 0', 'back 2', 'side 1', got "
                                   f"{brief(value)}")
        return parts[0], int(parts[1])

    def per_player(self, value: Any, where: str) -> dict[int, Any]:
        """{1: x, 2: y} or [x, y] -> {seat: x}."""
        if isinstance(value, list):
            if len(value) != 2:
                raise self.fail(where, "expected a list of two (player 1, player 2) or a mapping "
                                       "{1: ..., 2: ...}")
            return {0: value[0], 1: value[1]}
        if not isinstance(value, Mapping):
            raise self.fail(where, "expected a mapping {1: ..., 2: ...} or a list of two")
        return {self.player(k, f"{where}.{k}"): v for k, v in value.items()}


def load_scenario(path_or_data: str | Path | Mapping) -> Scenario:
    """Read and check a scenario; ScenarioError (naming file and field) on any problem."""
    if isinstance(path_or_data, Mapping):
        data, source = path_or_data, str(path_or_data.get("name") or "<scenario>")
    else:
        source = str(path_or_data)
        try:  # game.fileio: size limit, UTF-8, safe bounded YAML, duplicate keys refused
            data = load_yaml_file(path_or_data, "scenario")
        except FileError as exc:
            raise ScenarioError(str(exc)) from None
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{source}: expected a mapping with name, start, commands, expect")
    base = _Checker(source, {})
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise base.fail("(top level)", f"unknown field(s) {_key_list(unknown)}; "
                                       f"expected some of {sorted(TOP_KEYS)}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise base.fail("name", "required: a short name for the scenario")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise base.fail("description", "expected text")
    xfail = data.get("xfail")
    if xfail is not None and (not isinstance(xfail, str) or not xfail.strip()):
        raise base.fail("xfail", "expected the reason, as text")
    rules = _read_rules(base, data.get("rules"))
    pool = _read_cards(base, data.get("cards"))
    check = _Checker(source, pool, rules)
    if "start" not in data:
        raise check.fail("start", "required: the position (see docs/scenarios.md)")
    start = _read_start(check, data["start"])
    seed = check.whole(data.get("seed", 0), "seed", 0, MAX_SEED)
    auto_pass = data.get("auto_pass", True)
    if not isinstance(auto_pass, bool):
        raise check.fail("auto_pass", f"expected true or false, got {brief(auto_pass)}")
    commands = data.get("commands") or []
    if not isinstance(commands, list):
        raise check.fail("commands", "expected a list of commands")
    specs = [_read_command(check, c, f"commands[{i}]") for i, c in enumerate(commands)]
    expect = data.get("expect")
    if expect is not None:
        expect = _read_expect(check, expect, "expect")
    puzzle = data.get("puzzle")
    spec = None
    if puzzle is not None:  # the one reader of `puzzle:` (game/puzzle_spec.py)
        try:
            spec = read_puzzle_spec(puzzle, start.get("turn_player", 0))
        except PuzzleFieldError as exc:
            raise check.fail(exc.where, exc.problem) from None
    scenario = Scenario(name.strip(), description, source, pool, rules, start, seed, auto_pass,
                        specs, expect, xfail.strip() if xfail else None, puzzle, spec)
    try:
        scenario.build()
    except PositionError as exc:
        message = " ".join(_seat_names(str(exc)).split())
        raise check.fail("start", message if len(message) <= 300 else message[:297] + "...") \
            from None
    return scenario


def _seat_names(message: str) -> str:
    """position.py counts players from 0; files count from 1."""
    return re.sub(r"players\[(\d)\]", lambda m: f"players.{int(m.group(1)) + 1}", message)


def _read_rules(check: _Checker, data: Any) -> Rules:
    base = _base_rules()
    if data is None:
        return base
    if not isinstance(data, Mapping):
        raise check.fail("rules", "expected a mapping of rules-file keys to numbers")
    try:
        return rules_from_data({**base.to_dict(), **data})
    except ValueError as exc:
        raise check.fail("rules", str(exc).replace("rules: ", "").replace("\n", "; ")) from None


def _read_cards(check: _Checker, data: Any) -> dict[str, CardDef]:
    from game.cards import CardDataError, parse_cards

    pool = dict(_base_pool())
    if data is None:
        return pool
    if not isinstance(data, list):
        raise check.fail("cards", "expected a list of cards (same vocabulary as game/data/cards)")
    for i, card in enumerate(data):
        if isinstance(card, Mapping) and isinstance(card.get("id"), str) and card["id"] in pool:
            raise check.fail(f"cards[{i}].id", f"{card['id']!r} is already in the card set; "
                                               "give the inline card a new id")
    try:
        cards = parse_cards(data, f"{check.source}: cards", known_ids=set(pool))
    except CardDataError as exc:
        more = len(exc.problems) - 1  # one clear line: the first, and how many follow
        raise ScenarioError(exc.problems[0] + (f" (and {more} more problem(s) in cards)"
                                               if more > 0 else "")) from None
    for card in cards:
        pool[card.id] = card
    return pool


def _read_start(check: _Checker, data: Any) -> dict:
    """The file's start -> build_position's spec (players and seats counted from 0)."""
    if not isinstance(data, Mapping):
        raise check.fail("start", "expected a mapping (see docs/scenarios.md)")
    unknown = set(data) - _START_KEYS
    if unknown:
        raise check.fail("start", f"unknown field(s) {_key_list(unknown)}; expected some of "
                                  f"{sorted(_START_KEYS)}")
    spec = dict(data)
    for key in ("turn_player", "first_player"):
        if key in spec:
            spec[key] = check.player(spec[key], f"start.{key}")
    for key in ("turn", "round"):
        if key in spec:
            check.whole(spec[key], f"start.{key}", 1, MAX_TURN)
    if "phase" in spec and not isinstance(spec["phase"], str):
        raise check.fail("start.phase", f"expected a phase name, got {brief(spec['phase'])}")
    per = check.per_player(spec.get("players", [{}, {}]), "start.players")
    spec["players"] = [per.get(0) or {}, per.get(1) or {}]
    for seat, pdata in enumerate(spec["players"]):
        _check_start_player(check, pdata, f"start: players.{seat + 1}")
    return spec


def _check_start_player(check: _Checker, data: Any, where: str) -> None:
    """Type-check and bound one player's start before build_position reads it."""
    if not isinstance(data, Mapping):
        raise check.fail(where, f"expected a mapping of {sorted(_PLAYER_KEYS)}, got "
                                f"{brief(data)}")
    unknown = set(data) - _PLAYER_KEYS
    if unknown:
        raise check.fail(where, f"unknown field(s) {_key_list(unknown)}; expected some of "
                                f"{sorted(_PLAYER_KEYS)}")
    for key in ("lp", "sp"):
        if key in data:
            check.whole(data[key], f"{where}.{key}")
    for key in ("hand", "deck", "extra", "grave", "phantom", "back", "side", "env"):
        value = data.get(key)
        if value is None or (key == "env" and isinstance(value, (str, Mapping))):
            continue
        if not isinstance(value, list):
            raise check.fail(f"{where}.{key}", f"expected a list of cards, got {brief(value)}")
        for i, entry in enumerate(value):
            here = f"{where}.{key}[{i}]"
            if isinstance(entry, Mapping) and key not in _PILES:
                _check_start_slot(check, entry, here)
            elif entry is not None or key in _PILES:
                _start_card(check, entry, here if key in _PILES else f"{here}.card")
    if isinstance(data.get("env"), Mapping):
        _check_start_slot(check, data["env"], f"{where}.env")


def _start_card(check: _Checker, value: Any, where: str) -> None:
    """A card of the start position: an id of the set or of the file's own cards."""
    if not isinstance(value, str):
        raise check.fail(where, f"expected a card id, got {brief(value)}")
    if value not in check.pool:
        raise check.fail(where, f"unknown card {brief(value)}")


def _check_start_slot(check: _Checker, entry: Mapping, where: str) -> None:
    unknown = set(entry) - _START_SLOT_KEYS
    if unknown:
        raise check.fail(where, f"unknown field(s) {_key_list(unknown)}; expected some of "
                                f"{sorted(_START_SLOT_KEYS)}")
    _start_card(check, entry.get("card"), f"{where}.card")
    for key in ("health", "sp_paid"):
        if key in entry:
            check.whole(entry[key], f"{where}.{key}")
    for key in ("position", "face", "summoned", "set", "attacked", "position_changed",
                "battled"):
        value = entry.get(key)
        if value is not None and not isinstance(value, (str, bool)):
            raise check.fail(f"{where}.{key}", f"expected a word, got {brief(value)}")


def _read_command(check: _Checker, data: Any, where: str) -> CommandSpec:
    if not isinstance(data, Mapping):
        raise check.fail(where, "expected a mapping like {player: 1, summon: iron_hound}")
    verbs = [v for v in VERBS if v in data]
    if len(verbs) != 1:
        found = f"found {verbs}" if verbs else "found none"
        raise check.fail(where, f"expected exactly one of {list(VERBS)}, {found}")
    verb = verbs[0]
    unknown = set(data) - _COMMON_KEYS - _VERB_KEYS[verb] - {verb}
    if unknown:
        raise check.fail(where, f"unknown field(s) {sorted(map(str, unknown))} for {verb}")
    if "player" not in data:
        raise check.fail(f"{where}.player", "required: 1 or 2")
    player = check.player(data["player"], f"{where}.player")
    spec = CommandSpec(where, player, verb, dict(data))
    spec.repeat = check.whole(data.get("repeat", 1), f"{where}.repeat", 1, MAX_REPEAT)
    rejected = data.get("expect_rejected", False)
    if not isinstance(rejected, bool):
        raise check.fail(f"{where}.expect_rejected", f"expected true or false, got "
                                                     f"{brief(rejected)}")
    spec.expect_rejected = rejected
    if "reason_contains" in data:
        if not rejected:
            raise check.fail(f"{where}.reason_contains", "only with expect_rejected: true")
        if not isinstance(data["reason_contains"], str):
            raise check.fail(f"{where}.reason_contains", "expected text")
        spec.reason_contains = data["reason_contains"]
    if data.get("expect") is not None:
        spec.expect = _read_expect(check, data["expect"], f"{where}.expect")
    value = data[verb]
    here = f"{where}.{verb}"
    if verb in _FLAG_VERBS:
        if value is not True:
            raise check.fail(here, f"expected true, got {brief(value)}")
    elif verb == "choose":
        values = value if isinstance(value, list) else [value]
        if not values:
            raise check.fail(here, "expected an option")
        for i, v in enumerate(values):
            if not isinstance(v, (int, str, Mapping)):
                raise check.fail(here, f"expected an option index, a label or a card, got "
                                       f"{brief(v)}")
            if type(v) is int and not 0 <= v <= MAX_WHOLE:
                raise check.fail(here, f"expected an option index from 0, got {brief(v)}")
            if isinstance(v, (str, Mapping)) and not isinstance(v, bool):
                spec.data.setdefault("_refs", {})[i] = _maybe_ref(check, v, here)
    else:
        spec.data["_card"] = check.ref(value, here)
    if "slot" in data:
        # Any slot is accepted here: a wrong kind of slot is the engine's to refuse.
        spec.data["_slot"] = check.slot(data["slot"], f"{where}.slot")
    if "position" in data and data["position"] not in ("attack", "defense"):
        raise check.fail(f"{where}.position", f"expected attack or defense, got "
                                              f"{brief(data['position'])}")
    if "face" in data and data["face"] not in ("up", "down"):
        raise check.fail(f"{where}.face", f"expected up or down, got {brief(data['face'])}")
    if verb == "attack":
        if "target" not in data:
            raise check.fail(f"{where}.target", "required: a card of the opponent, or direct")
        if data["target"] != "direct":
            spec.data["_target"] = check.ref(data["target"], f"{where}.target")
    if verb == "activate":
        if "ability" in data:
            ability = data["ability"]
            if type(ability) is not int or not -1 <= ability <= MAX_ABILITY:
                raise check.fail(f"{where}.ability", f"expected an ability index (0, 1, ...; "
                                                     f"-1: the card itself), got "
                                                     f"{brief(ability)}")
        targets = data.get("targets", [])
        if not isinstance(targets, list):
            targets = [targets]
        spec.data["_targets"] = [check.ref(t, f"{where}.targets[{i}]")
                                 for i, t in enumerate(targets)]
    if verb == "special_summon" and "materials" in data:
        mats = data["materials"]
        if not isinstance(mats, list):
            raise check.fail(f"{where}.materials", "expected a list of cards")
        spec.data["_materials"] = [check.ref(m, f"{where}.materials[{i}]")
                                   for i, m in enumerate(mats)]
    return spec


def _maybe_ref(check: _Checker, value: Any, where: str) -> CardRef | None:
    """A choose answer that names a card (else it is a label such as Yes)."""
    try:
        return check.ref(value, where)
    except ScenarioError:
        if isinstance(value, Mapping):
            raise
        return None


def _read_expect(check: _Checker, data: Any, where: str) -> dict:
    """Check an expectation block's shape and normalise card names to ids."""
    if not isinstance(data, Mapping):
        raise check.fail(where, "expected a mapping of expectations")
    unknown = set(data) - set(PLAYER_EXPECTS) - set(GLOBAL_EXPECTS)
    if unknown:
        raise check.fail(where, f"unknown expectation(s) {sorted(map(str, unknown))}; expected "
                                f"some of {sorted(PLAYER_EXPECTS + GLOBAL_EXPECTS)}")
    out: dict = {}
    for key in ("lp", "sp"):
        if key in data:
            per = check.per_player(data[key], f"{where}.{key}")
            out[key] = {p: check.whole(v, f"{where}.{key}.{p + 1}") for p, v in per.items()}
    for key in _PILES:
        if key in data:
            per = check.per_player(data[key], f"{where}.{key}")
            out[key] = {}
            for p, v in per.items():
                here = f"{where}.{key}.{p + 1}"
                if isinstance(v, list):
                    out[key][p] = [check.card_id(c, f"{here}[{i}]") for i, c in enumerate(v)]
                else:
                    out[key][p] = check.whole(v, here)
    if "field" in data:
        per = check.per_player(data["field"], f"{where}.field")
        out["field"] = {p: _read_field(check, v, f"{where}.field.{p + 1}")
                        for p, v in per.items()}
    if "winner" in data:
        w = data["winner"]
        if type(w) not in (int, str, type(None)) or w not in (1, 2, "draw", "none", None):
            raise check.fail(f"{where}.winner", f"expected 1, 2, draw or none, got {brief(w)}")
        out["winner"] = {1: 0, 2: 1, "draw": -1}.get(w)
    if "phase" in data:
        phases = ("standby", "main1", "battle", "main2", "end", "draw")
        if data["phase"] not in phases:
            raise check.fail(f"{where}.phase", f"expected one of {list(phases)}, got "
                                               f"{brief(data['phase'])}")
        out["phase"] = data["phase"]
    for key in ("turn_player", "deciding_player"):
        if key in data:
            v = data[key]  # a turn always has a player; nobody decides once the duel is over
            none = key == "deciding_player" and v in (None, "none")
            out[key] = None if none else check.player(v, f"{where}.{key}")
    for key in ("turn", "round", "lines_open"):
        if key in data:
            out[key] = check.whole(data[key], f"{where}.{key}")
    if "choice" in data:
        v = data["choice"]
        if v is not None and not isinstance(v, str):
            raise check.fail(f"{where}.choice", f"expected a choice kind or none, got {brief(v)}")
        out["choice"] = None if v in (None, "none") else v
    for key in ("line_log", "line_log_contains", "line_log_excludes"):
        if key in data:
            v = data[key]
            if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
                raise check.fail(f"{where}.{key}", "expected a list of Line log strings")
            out[key] = [" ".join(s.split()) for s in v]
    return out


def _read_field(check: _Checker, data: Any, where: str) -> dict[tuple[str, int], Any]:
    """{'phantom 0': iron_hound, 'back': [x, empty, empty], ...} -> {(zone, i): spec}."""
    if not isinstance(data, Mapping):
        raise check.fail(where, "expected a mapping of slots ('phantom 0': ..., back: [...])")
    out: dict[tuple[str, int], Any] = {}
    for key, value in data.items():
        if key in _SLOT_ZONES and isinstance(value, list):
            for i, v in enumerate(value):
                out[(key, i)] = _read_slot(check, v, f"{where}.{key}[{i}]")
            continue
        zone, index = check.slot(key, f"{where}.{key}")
        out[(zone, index)] = _read_slot(check, value, f"{where}.{key}")
    if check.rules is not None:
        sizes = {"phantom": check.rules.phantom_slots, "back": check.rules.back_slots,
                 "side": check.rules.side_slots, "env": 1}
        for zone, index in out:
            if index >= sizes[zone]:
                raise check.fail(f"{where}.{zone} {index}", f"there is no such slot ({zone} "
                                                            f"has {sizes[zone]})")
    return out


def _read_slot(check: _Checker, value: Any, where: str):
    if value in (None, "empty"):
        return None
    if isinstance(value, str):
        return {"card": check.card_id(value, where)}
    if not isinstance(value, Mapping):
        raise check.fail(where, "expected empty, a card id or a mapping of "
                                f"{list(SLOT_FIELDS)}")
    unknown = set(value) - set(SLOT_FIELDS)
    if unknown:
        raise check.fail(where, f"unknown field(s) {_key_list(unknown)}; expected some of "
                                f"{list(SLOT_FIELDS)}")
    out = dict(value)
    if "card" in out:
        out["card"] = check.card_id(out["card"], f"{where}.card")
    if "position" in out and out["position"] not in ("attack", "defense"):
        raise check.fail(f"{where}.position", f"expected attack or defense, got "
                                              f"{brief(out['position'])}")
    if "face" in out and out["face"] not in ("up", "down"):
        raise check.fail(f"{where}.face", f"expected up or down, got {brief(out['face'])}")
    for key in ("health", "max_health", "atk"):
        if key in out:
            check.whole(out[key], f"{where}.{key}")
    return out


# ---------------------------------------------------------------------- the Line log
def line_log_entry(event) -> str | None:
    """The short string for a Line event (docs/scenarios.md), None for other events."""
    t = type(event)
    if t is ev.StepAdded:
        kind = "trigger" if event.trigger else event.kind
        return f"step {event.line}.{event.step} {kind} {event.card_id} speed {event.speed}"
    if t is ev.LineBreak:
        return f"break {event.line}"
    if t is ev.LineResolving:
        return f"resolving {event.line}"
    if t is ev.StepResolved:
        return f"resolved {event.line}.{event.step} {event.card_id}"
    if t is ev.StepFizzled:
        return f"fizzled {event.line}.{event.step} {event.card_id}"
    if t is ev.StepNegated:
        return f"negated {event.line}.{event.step} {event.card_id}"
    if t is ev.LineClosed:
        return f"closed {event.line}"
    if t is ev.WindowOpened:
        return f"window {event.line} player {event.player + 1}"
    if t is ev.AbilityDeclined:
        return f"declined {event.card_id}"
    return None


def line_log(events) -> list[str]:
    return [s for s in map(line_log_entry, events) if s is not None]


# ---------------------------------------------------------------------- running
class _Stop(Exception):
    """A command went otherwise than written: the rest of the scenario cannot follow."""


class _Runner:
    def __init__(self, scenario: Scenario) -> None:
        self.sc = scenario
        self.duel = scenario.build()
        self.log: list[str] = []  # every command's Line events
        self.cmd_log: list[str] = []  # the current command's (for its own expect)
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
                order=FIELD_FIRST) -> int:
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
    def build_command(self, spec: CommandSpec):
        d, p, verb = spec.data, spec.player, spec.verb
        here = f"{spec.where}.{verb}"
        duel = self.duel
        if verb == "pass":
            return Pass(p)
        if verb == "next_phase":
            return NextPhase(p)
        if verb == "end_turn":
            return EndTurn(p)
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

    def _first_empty(self, seat: int, zones) -> tuple[str, int]:
        slots = self.duel.players[seat].slots
        for zone in zones:
            for i, uid in enumerate(slots[zone]):
                if uid is None:
                    return zone.value, i
        return zones[0].value, 0  # all full: the engine refuses it with its own reason

    def choose_command(self, spec: CommandSpec, i: int, value):
        """A Choose for one answer: a card among the options, a label, or an option index."""
        p = spec.player
        choice = self.duel.choice
        here = f"{spec.where}.choose"
        ref = spec.data.get("_refs", {}).get(i)
        if choice is not None and choice.kind not in ("trigger_optional", "choose_option") \
                and ref is not None:
            matching = [u for u in choice.options if self.duel.cards[u].cid == ref.cid
                        and (ref.owner is None or self.duel.cards[u].owner == ref.owner)]
            if len(matching) >= ref.copy:
                return Choose(p, matching[ref.copy - 1])
            return Choose(p, self.resolve(ref, here, None))
        if isinstance(value, bool):
            value = "Yes" if value else "No"
        if isinstance(value, int):
            if choice is not None and 0 <= value < len(choice.options):
                return Choose(p, choice.options[value])
            return Choose(p, value)
        if choice is not None:
            labels = [str(label).lower() for label in choice.labels]
            if str(value).lower() in labels:
                return Choose(p, choice.options[labels.index(str(value).lower())])
            raise _Stop(f"{spec.where} ({spec.describe()}): {value!r} is not one of the "
                        f"options {list(choice.labels)}")
        if ref is not None:
            return Choose(p, self.resolve(ref, here, None))
        raise _Stop(f"{spec.where} ({spec.describe()}): there is no choice to answer")

    def apply(self, spec: CommandSpec, cmd) -> None:
        duel = self.duel
        if spec.expect_rejected:
            before = state_hash(duel)
            try:
                events = duel.apply(cmd)
            except Rejected as exc:
                if spec.reason_contains and spec.reason_contains.lower() not in exc.reason.lower():
                    self.failures.append(
                        f"{spec.where}.reason_contains: expected a reason containing "
                        f"{spec.reason_contains!r}, got {exc.reason!r}")
                if state_hash(duel) != before:
                    self.failures.append(f"{spec.where}: the refused command changed the state")
                return
            self.log += line_log(events)
            raise _Stop(f"{spec.where} ({spec.describe()}): expected it to be refused, but it "
                        "was accepted")
        try:
            events = duel.apply(cmd)
        except Rejected as exc:
            raise _Stop(f"{spec.where} ({spec.describe()}): refused: {exc.reason}") from None
        self.cmd_log += line_log(events)
        self.log += line_log(events)

    def run_command(self, spec: CommandSpec) -> None:
        self.cmd_log = []
        for _ in range(spec.repeat):
            if spec.verb == "choose":
                value = spec.data["choose"]
                values = value if isinstance(value, list) else [value]
                for i, v in enumerate(values):
                    self.apply(spec, self.choose_command(spec, i, v))
                continue
            self.apply(spec, self.build_command(spec))
            if spec.verb == "special_summon" and not spec.expect_rejected:
                for i, ref in enumerate(spec.data.get("_materials", [])):
                    here = f"{spec.where}.materials[{i}]"
                    choice = self.duel.choice
                    if choice is None or choice.kind != "materials":
                        raise _Stop(f"{here}: no material choice is pending")
                    matching = [u for u in choice.options if self.duel.cards[u].cid == ref.cid
                                and (ref.owner is None or self.duel.cards[u].owner == ref.owner)]
                    if len(matching) < ref.copy:
                        raise _Stop(f"{here}: {ref.text or ref.cid} is not among the possible "
                                    "materials")
                    self.apply(spec, Choose(spec.player, matching[ref.copy - 1]))
        if spec.expect is not None:
            self.failures += check_expect(self.duel, spec.expect, self.cmd_log,
                                          f"{spec.where}.expect")

    def run(self) -> None:
        try:
            for spec in self.sc.commands:
                self.run_command(spec)
        except _Stop as stop:
            self.failures.append(str(stop))
            return
        if self.sc.expect is not None:
            self.failures += check_expect(self.duel, self.sc.expect, self.log, "expect")


def _default_ability(cdef: CardDef) -> int:
    """The card's first activated ability; -1 for a card activated as itself."""
    if cdef.playable_alone:
        return -1
    for i, ab in enumerate(cdef.abilities):
        if ab.start in (Start.MAIN, Start.RESPONSE):
            return i
    return 0


# ---------------------------------------------------------------------- expectations
def _mismatch(where: str, expected, got) -> str:
    return f"{where}: expected {expected!r}, got {got!r}"


def _player_name(seat: int | None) -> str | int:
    return "none" if seat is None else "draw" if seat == -1 else seat + 1


def check_expect(duel: Duel, exp: dict, log: list[str], where: str) -> list[str]:
    """Every unmet expectation of `exp` as 'which, expected X, got Y'."""
    out: list[str] = []
    for key in ("lp", "sp"):
        for p, want in exp.get(key, {}).items():
            got = getattr(duel.players[p], key)
            if got != want:
                out.append(_mismatch(f"{where}.{key}.{p + 1}", want, got))
    for key, zone in _PILES.items():
        for p, want in exp.get(key, {}).items():
            ps = duel.players[p]
            uids = list(reversed(ps.deck)) if zone is Zone.DECK else list(ps.pile(zone))
            ids = [duel.cards[u].cid for u in uids]
            if isinstance(want, int):
                if len(ids) != want:
                    out.append(_mismatch(f"{where}.{key}.{p + 1} (count)", want, len(ids)))
            elif key in ("hand", "extra"):
                if sorted(ids) != sorted(want):
                    out.append(_mismatch(f"{where}.{key}.{p + 1}", sorted(want), sorted(ids)))
            elif ids != want:
                out.append(_mismatch(f"{where}.{key}.{p + 1}", want, ids))
    for p, slots in exp.get("field", {}).items():
        for (zname, index), want in slots.items():
            here = f"{where}.field.{p + 1}.{zname} {index}"
            row = duel.players[p].slots[_SLOT_ZONES[zname]]
            if index >= len(row):
                out.append(f"{here}: there is no such slot ({zname} has {len(row)})")
                continue
            uid = row[index]
            if want is None:
                if uid is not None:
                    out.append(_mismatch(here, "empty", duel.cards[uid].cid))
                continue
            if uid is None:
                out.append(_mismatch(here, want.get("card", "a card"), "empty"))
                continue
            out += _check_slot(duel, duel.cards[uid], want, here)
    if "winner" in exp and duel.winner != exp["winner"]:
        out.append(_mismatch(f"{where}.winner", _player_name(exp["winner"]),
                             _player_name(duel.winner)))
    if "phase" in exp and duel.phase.value != exp["phase"]:
        out.append(_mismatch(f"{where}.phase", exp["phase"], duel.phase.value))
    if "turn_player" in exp and duel.turn_player != exp["turn_player"]:
        out.append(_mismatch(f"{where}.turn_player", exp["turn_player"] + 1,
                             duel.turn_player + 1))
    if "deciding_player" in exp and duel.deciding_player != exp["deciding_player"]:
        out.append(_mismatch(f"{where}.deciding_player", _player_name(exp["deciding_player"]),
                             _player_name(duel.deciding_player)))
    for key, got in (("turn", duel.turn), ("round", duel.round), ("lines_open", len(duel.lines))):
        if key in exp and got != exp[key]:
            out.append(_mismatch(f"{where}.{key}", exp[key], got))
    if "choice" in exp:
        got = duel.choice.kind if duel.choice is not None else None
        if got != exp["choice"]:
            out.append(_mismatch(f"{where}.choice", exp["choice"] or "none", got or "none"))
    if "line_log" in exp:
        want = exp["line_log"]
        if len(want) != len(log) or not all(_log_match(w, g) for w, g in zip(want, log, strict=True)):
            out.append(_log_diff(f"{where}.line_log", want, log))
    if "line_log_contains" in exp:
        missing = _subsequence_gap(exp["line_log_contains"], log)
        if missing is not None:
            out.append(f"{where}.line_log_contains: expected {missing!r} (in this order) in the "
                       f"Line log, got {log!r}")
    for pattern in exp.get("line_log_excludes", []):
        hits = [s for s in log if _log_match(pattern, s)]
        if hits:
            out.append(f"{where}.line_log_excludes: expected no {pattern!r}, got {hits!r}")
    return out


def _check_slot(duel: Duel, card: Card, want: dict, here: str) -> list[str]:
    out = []
    got: dict[str, object] = {
        "card": card.cid,
        "position": "attack" if card.attack_pos else "defense",
        "face": "up" if card.face_up else "down",
    }
    is_phantom = duel.pool[card.cid].type is CardType.PHANTOM
    if is_phantom:
        got.update(health=health(duel, card), max_health=max_health(duel, card),
                   atk=atk(duel, card))
    for key, value in want.items():
        if key not in got:
            out.append(f"{here}.{key}: {card.cid} is not a Phantom")
        elif got[key] != value:
            out.append(_mismatch(f"{here}.{key}", value, got[key]))
    return out


def _log_match(pattern: str, entry: str) -> bool:
    return fnmatch.fnmatchcase(entry, pattern) if "*" in pattern else pattern == entry


def _subsequence_gap(want: list[str], log: list[str]) -> str | None:
    """The first wanted entry not found (in order) in `log`; None if all are there."""
    i = 0
    for pattern in want:
        while i < len(log) and not _log_match(pattern, log[i]):
            i += 1
        if i >= len(log):
            return pattern
        i += 1
    return None


def _log_diff(where: str, want: list[str], got: list[str]) -> str:
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if not _log_match(w, g):
            return f"{where}[{i}]: expected {w!r}, got {g!r} (whole log: {got!r})"
    if len(want) > len(got):
        return f"{where}[{len(got)}]: expected {want[len(got)]!r}, got the end of the log " \
               f"(whole log: {got!r})"
    return f"{where}[{len(want)}]: expected the end of the log, got {got[len(want)]!r} " \
           f"(whole log: {got!r})"


# ---------------------------------------------------------------------- entry points
def run_scenario(path_or_data: str | Path | Mapping) -> ScenarioResult:
    """Load and run one scenario; a file problem comes back as `error`, never a traceback."""
    if isinstance(path_or_data, Mapping):
        fallback = str(path_or_data.get("name") or "<scenario>")
    else:
        fallback = str(path_or_data)
    try:
        scenario = load_scenario(path_or_data)
    except ScenarioError as exc:
        return ScenarioResult(fallback, fallback, False, error=" ".join(str(exc).split()))
    runner = _Runner(scenario)
    try:
        runner.run()
    except ScenarioError as exc:  # a card reference that names nothing in this position
        return ScenarioResult(scenario.name, scenario.source, False, runner.failures,
                              scenario.xfail, error=str(exc))
    return ScenarioResult(scenario.name, scenario.source, not runner.failures, runner.failures,
                          scenario.xfail)


def scenario_files(paths) -> list[Path]:
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


USAGE = """usage: main.py scenario [-v] [-x] FILE_OR_DIR...

Run scenario (puzzle) files and print PASS/FAIL/XFAIL/ERROR per scenario.
  -v, --verbose    print every failure, not only the first
  -x, --exitfirst  stop at the first scenario that does not pass
Exit code: 0 all passed (or failed as marked xfail), 1 some failed, 2 bad usage."""


def main(argv: list[str] | None = None) -> int:
    """`python main.py scenario FILE_OR_DIR...`: one line per scenario; non-zero if any fails."""
    argv = list(sys.argv[1:] if argv is None else argv)
    verbose = exitfirst = False
    paths = []
    for arg in argv:
        if arg in ("-h", "--help"):
            print(USAGE)
            return 0
        if arg in ("-v", "--verbose"):
            verbose = True
        elif arg in ("-x", "--exitfirst"):
            exitfirst = True
        elif arg.startswith("-"):
            print(f"scenario: unknown option {arg}\n{USAGE}", file=sys.stderr)
            return 2
        else:
            paths.append(arg)
    if not paths:
        print(USAGE, file=sys.stderr)
        return 2
    missing = [p for p in paths if not exists(p)]  # never raises, whatever the name
    if missing:
        for p in missing:
            print(f"scenario: {p}: no such file or directory", file=sys.stderr)
        return 2
    files = scenario_files(paths)
    if not files:
        print(f"scenario: no scenario files (*.yaml) in {' '.join(paths)}", file=sys.stderr)
        return 2
    counts = {"PASS": 0, "FAIL": 0, "XFAIL": 0, "XPASS": 0, "ERROR": 0}
    for path in files:
        result = run_scenario(path)
        counts[result.status] += 1
        print(result.summary())
        if verbose and result.status in ("FAIL", "XFAIL"):
            for failure in result.failures[1:]:
                print(f"    {failure}")
        if exitfirst and not result.ok:
            break
    failed = counts["FAIL"] + counts["XPASS"] + counts["ERROR"]
    print(f"{counts['PASS']} passed, {failed} failed, {counts['XFAIL']} xfailed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
