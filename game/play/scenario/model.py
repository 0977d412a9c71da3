"""The scenario vocabulary: its keys, bounds, the checked `Scenario`, results, and the
field checker every reader uses (every message starts with the file's name)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.carddefs import CardDef
from game.engine.duel import DeckSpec, Duel
from game.engine.model import Zone
from game.engine.position import build_position
from game.engine.reasons import Code
from game.engine.rules import Rules
from game.files.yamlio import brief
from game.play.puzzle_spec import PuzzleSpec

# a part of a scenario file as the reader checked it (a start, a command's fields, the
# expectations: docs/scenarios.md); its values are the YAML data of the shapes checked there
Spec = dict[str, Any]

TOP_KEYS = {"name", "description", "rules", "cards", "start", "seed", "auto_pass", "commands",
            "expect", "xfail", "puzzle"}
VERBS = ("summon", "special_summon", "set", "play_environment", "change_position", "flip",
         "unsummon", "attack", "activate", "choose", "pass", "next_phase", "end_turn", "concede")
_COMMON_KEYS = {"player", "expect_rejected", "reason", "reason_contains", "expect", "repeat",
                "note"}
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
    "concede": set(),
}
_FLAG_VERBS = {"pass", "next_phase", "end_turn", "concede"}
# The reason codes a refusal expectation may name: the engine's own (game/engine/reasons.py).
REASON_CODES: tuple[str, ...] = tuple(code.value for code in Code)
PLAYER_EXPECTS = ("lp", "sp", "hand", "grave", "deck", "extra", "field")
GLOBAL_EXPECTS = ("winner", "phase", "turn_player", "turn", "round", "lines_open",
                  "deciding_player", "choice", "end_reason", "line_log", "line_log_contains",
                  "line_log_excludes", "events", "events_contains", "events_excludes", "legal",
                  "not_legal")
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
# A brand-new duel (`start: {new_duel: true, ...}`): decks in, opening hands dealt.
_NEW_DUEL_KEYS = {"new_duel", "first_player", "shuffle", "players"}
_NEW_DUEL_PLAYER_KEYS = {"deck", "extra"}
_PLAYER_KEYS = {"lp", "sp", "hand", "deck", "extra", "grave", "phantom", "back", "side", "env"}
_START_SLOT_KEYS = {"card", "position", "face", "health", "summoned", "set", "attacked",
                    "position_changed", "battled", "sp_paid"}


def _key_list(keys: Iterable[object]) -> str:
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
    from game.rules.file import load_rules

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
    data: Spec
    repeat: int = 1
    expect_rejected: bool = False
    reason: str | None = None  # the reason code a refusal must have (game/engine/reasons.py)
    reason_contains: str | None = None
    expect: Spec | None = None

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
    start: Spec
    seed: int
    auto_pass: bool
    commands: list[CommandSpec]
    expect: Spec | None
    xfail: str | None
    puzzle: Any = None  # the `puzzle:` mapping as written
    puzzle_spec: PuzzleSpec | None = None  # that mapping checked (None: no `puzzle:`)

    @property
    def new_duel(self) -> bool:
        """The file starts a brand-new duel (decks given) rather than a mid-duel position."""
        return bool(self.start.get("new_duel"))

    def build(self) -> Duel:
        """The duel at the start position: a built position, or a new duel whose opening
        hands are dealt and whose first turn has begun (ValueError/PositionError if the
        file's cards cannot make it)."""
        if self.new_duel:
            decks = [DeckSpec(tuple(p.get("deck") or ()), tuple(p.get("extra") or ()))
                     for p in self.start["players"]]
            return Duel(self.pool, self.rules, decks, self.seed, self.start.get("first_player", 0),
                        auto_pass=self.auto_pass, shuffle=bool(self.start.get("shuffle")))
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

