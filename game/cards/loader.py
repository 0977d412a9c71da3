"""Turn card YAML (vocabulary: docs/cards.md) into the frozen objects of game.engine.carddefs.

Everything is checked once, up front, so a typo in a card file stops start-up with a message
naming the file, the card and the field instead of misbehaving in the middle of a duel. Every
problem in a set is reported together, and a set with any problem is refused as a whole.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.carddefs import (
    ALL_ZONES,
    FIELD_ZONES,
    OPS,
    SELF_TRIGGERS,
    STATS,
    TARGET_REFS,
    TRIGGERS,
    Ability,
    CardDef,
    CardType,
    Condition,
    Cost,
    Effect,
    Selector,
    Start,
    StaticEffect,
    StatTest,
    TargetSpec,
)
from game.engine.index import CardPool
from game.engine.model import BACKROW_ZONES, PHANTOM_ZONES, Phase, Zone
from game.engine.verbs.base import Kind, Param, Scope, VerbRegistry
from game.engine.verbs.builtin import BUILTIN, MODIFY_STATS
from game.files.fileio import FileError, parse_yaml, read_text
from game.files.resources import CARD_DIR, SOURCE_ROOT

REPO_ROOT = SOURCE_ROOT  # shipped files are named relative to it (game/files/resources.py)
DEFAULT_CARD_DIR = CARD_DIR

PathLike = str | os.PathLike[str]

_ID_RE = re.compile(r"^[a-z0-9_]+$")
_KEY_RE = re.compile(r"^[A-Za-z0-9_]{1,40}$")  # a key shown as is in messages
_STAT_TEST_RE = re.compile(r"^\s*(<=|>=|==|!=|<|>)\s*([-+]?\d+)\s*$")

_SIDES = ("you", "opponent", "any")
_COUNTED_PLAYERS = ("you", "opponent")
_PHASES = tuple(p.value for p in Phase)  # the engine's phases, in turn order
_STEP_KINDS = ("summon", "attack", "activate", "action")
_TURN_TRIGGERS = ("turn_start", "turn_end")
MAX_NUMBER = 1_000_000  # the largest amount, ATK, Health or cost a card may name
MAX_COUNT = 99  # the most cards an effect or a target choice may count
# Bounds on a card's words, in a card file and in the card data a saved duel or a replay
# keeps (read by this same reader): a screen shows them whole, so a hostile file's name of
# 100,000 characters must not reach it. The shipped cards: names up to 19, texts up to 212.
MAX_NAME = 64  # characters in a card's name: one printable line, as a deck's name
MAX_TEXT = 1000  # characters in a card's (or an ability's) rules text
MAX_ID = 64  # characters in a card id, as a deck file allows


class CardDataError(ValueError):
    """Card data was refused. `problems` holds every problem found, one message each."""

    def __init__(self, problems: str | Iterable[str]) -> None:
        self.problems: list[str] = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        return "\n".join(self.problems)


# --------------------------------------------------------------------------- bookkeeping


@dataclass
class _Ctx:
    """Where we are (file, card) and what went wrong so far; shared by all parse helpers."""

    source: str
    card: str = ""  # "card 'ember_whelp'" (or "cards[3]" when the id is unusable)
    problems: list[str] = field(default_factory=list)
    refs: list[tuple[str, str]] = field(default_factory=list)  # (card id, where) to cross-check
    verbs: VerbRegistry = BUILTIN  # what effects may say (game/engine/verbs)

    def where(self, path: str) -> str:
        return ": ".join(part for part in (self.source, self.card, path) if part)

    def error(self, path: str, message: str) -> None:
        self.problems.append(f"{self.where(path)}: {message}")


@dataclass
class _Result:
    """One file's (or one inline block's) cards, card-id references and problems."""

    cards: list[CardDef] = field(default_factory=list)
    refs: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)  # card id -> its mapping (JSON)


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _got(value: Any) -> str:
    """Describe a bad value briefly for an error message."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _one_of(choices: Iterable[str]) -> str:
    return ", ".join(choices)


# --------------------------------------------------------------------------- scalar helpers


def _mapping(
    ctx: _Ctx, value: Any, path: str, allowed: Collection[str], required: Iterable[str] = ()
) -> dict[str, Any] | None:
    """Check `value` is a mapping with only `allowed` keys (typos are errors) and all `required`."""
    if not isinstance(value, dict):
        ctx.error(path, f"expected a mapping, got {_got(value)}")
        return None
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key is True:  # YAML 1.1 reads a bare `on` key as boolean true
            key = "on"
        if not isinstance(key, str):
            ctx.error(path, f"keys must be words, got {_got(key)}")
        elif key not in allowed:
            hint = _suggest(key, allowed) or f" (allowed: {_one_of(allowed)})"
            shown = key if _KEY_RE.match(key) else _got(key)  # bounded, one line
            ctx.error(_join(path, shown), f"unknown key{hint}")
        else:
            out[key] = item
    for key in required:
        if key not in out:
            ctx.error(_join(path, key), "required but missing")
    return out


def _int(ctx: _Ctx, value: Any, path: str, lo: int | None = None, hi: int | None = None,
         top: int = MAX_NUMBER) -> int:
    """An integer in [lo, hi] and within +-top (every number of a card is bounded, so a file
    cannot ask for a billion draws); booleans are refused (YAML `yes` would count as 1)."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    if isinstance(value, int) and ok and (lo is None or value >= lo) and (hi is None or value <= hi):
        if -top <= value <= top:
            return value
        ctx.error(path, f"expected a number from {-top if lo is None else lo} to {top}, got "
                        f"{_got(value)}")
        return lo or 0
    if lo is not None and hi is not None:
        want = f"an integer from {lo} to {hi}"
    elif lo is not None:
        want = f"an integer >= {lo}"
    else:
        want = "an integer"
    ctx.error(path, f"expected {want}, got {_got(value)}")
    return lo or 0


def _bool(ctx: _Ctx, value: Any, path: str) -> bool:
    if isinstance(value, bool):
        return value
    ctx.error(path, f"expected true or false, got {_got(value)}")
    return False


def _str(ctx: _Ctx, value: Any, path: str, nonempty: bool = False) -> str:
    if isinstance(value, str) and (value.strip() or not nonempty):
        return value
    want = "a non-empty string" if nonempty else "a string"
    ctx.error(path, f"expected {want}, got {_got(value)}")
    return ""


def _bounded(ctx: _Ctx, value: Any, path: str, limit: int, nonempty: bool = False) -> str:
    """A string of at most `limit` characters."""
    text = _str(ctx, value, path, nonempty)
    if len(text) > limit:
        ctx.error(path, f"expected at most {limit:,} characters, got {len(text):,}")
        return text[:limit]
    return text


def _name(ctx: _Ctx, value: Any, path: str) -> str:
    """A card's name: one printable line of at most MAX_NAME characters."""
    text = _bounded(ctx, value, path, MAX_NAME, nonempty=True)
    if text and not text.isprintable():
        ctx.error(path, f"expected one printable line, got {_got(text)}")
    return text


def _choice(ctx: _Ctx, value: Any, path: str, choices: Collection[str]) -> str | None:
    if isinstance(value, str) and value in choices:
        return value
    hint = _suggest(value, choices) if isinstance(value, str) else ""
    ctx.error(path, f"expected one of {_one_of(choices)}, got {_got(value)}{hint}")
    return None


def _names(
    ctx: _Ctx, value: Any, path: str, choices: Collection[str] | None = None
) -> tuple[str, ...]:
    """One string or a non-empty list of them (zones, types, tags, phases, ...)."""
    items = value if isinstance(value, list) else [value]
    if not items:
        ctx.error(path, "expected a word or a non-empty list, got an empty list")
    out: list[str] = []
    for i, item in enumerate(items):
        where = _join(path, i) if isinstance(value, list) else path
        if choices is not None:
            name = _choice(ctx, item, where, choices)
        else:
            name = _str(ctx, item, where, nonempty=True) or None
        if name is not None and name not in out:
            out.append(name)
    return tuple(out)


def _card_id(ctx: _Ctx, value: Any, path: str) -> str:
    text = _bounded(ctx, value, path, MAX_ID, nonempty=True)
    if text and not _ID_RE.match(text):
        ctx.error(path, f"expected lowercase letters, digits and _ only, got {_got(text)}")
    return text


def _bounds(ctx: _Ctx, m: dict[str, Any], path: str) -> tuple[int | None, int | None]:
    """`min`/`max` of a counting condition: at least one, both >= 0, min <= max."""
    low = _int(ctx, m["min"], _join(path, "min"), lo=0) if "min" in m else None
    high = _int(ctx, m["max"], _join(path, "max"), lo=0) if "max" in m else None
    if low is None and high is None:
        ctx.error(path, "give min, max or both")
    elif low is not None and high is not None and low > high:
        ctx.error(path, f"min ({low}) is greater than max ({high})")
    return low, high


# --------------------------------------------------------------------------- selectors

_SELECTOR_KEYS = (
    "side", "zone", "type", "tag", "position", "face", *STATS, "card", "this", "extra",
)  # fmt: skip
_SELECTOR_CHOICES = {
    "side": _SIDES,
    "position": ("attack", "defense"),
    "face": ("up", "down"),
    "this": ("any", "only", "exclude"),
}
_CARD_TYPES = tuple(t.value for t in CardType)


def _selector(ctx: _Ctx, value: Any, path: str) -> Selector:
    """A selector mapping; see the defaults table in docs/cards.md."""
    m = _mapping(ctx, value, path, _SELECTOR_KEYS)
    if m is None:
        return Selector()
    kw: dict[str, Any] = {"zones": _TYPE_ZONES["phantom"], "types": ("phantom",)}
    if "zone" in m:
        kw["zones"] = _zones(ctx, m["zone"], _join(path, "zone"))
        kw["types"] = ()
    if "type" in m:
        kw["types"] = _names(ctx, m["type"], _join(path, "type"), _CARD_TYPES)
        if "zone" not in m:  # a type alone means: such cards where they stand on the field
            kw["zones"] = _zones_for_types(kw["types"])
    if "tag" in m:
        kw["tags"] = _names(ctx, m["tag"], _join(path, "tag"))
    for key, choices in _SELECTOR_CHOICES.items():
        if key in m:
            kw[key] = _choice(ctx, m[key], _join(path, key), choices)
    if "card" in m:
        kw["card"] = _card_id(ctx, m["card"], _join(path, "card"))
        ctx.refs.append((kw["card"], ctx.where(_join(path, "card"))))
    if "extra" in m:
        kw["extra"] = _bool(ctx, m["extra"], _join(path, "extra"))
    kw["stats"] = tuple(_stat_test(ctx, s, m[s], _join(path, s)) for s in STATS if s in m)
    return Selector(**{k: v for k, v in kw.items() if v is not None})


# where each card type stands on the field: the engine's slots for it
_TYPE_ZONES = {
    CardType.PHANTOM.value: tuple(z.value for z in PHANTOM_ZONES),
    CardType.SPIRIT.value: tuple(z.value for z in BACKROW_ZONES),
    CardType.COUNTER.value: tuple(z.value for z in BACKROW_ZONES),
    CardType.ENVIRONMENT.value: (Zone.ENV.value,),
}


def _zones_for_types(types: tuple[str, ...]) -> tuple[str, ...]:
    zones: list[str] = []
    for t in types:
        for z in _TYPE_ZONES.get(t, ()):
            if z not in zones:
                zones.append(z)
    return tuple(zones) or _TYPE_ZONES["phantom"]


def _zones(ctx: _Ctx, value: Any, path: str) -> tuple[str, ...]:
    zones: list[str] = []
    for name in _names(ctx, value, path, (*ALL_ZONES, "field")):
        for zone in FIELD_ZONES if name == "field" else (name,):
            if zone not in zones:
                zones.append(zone)
    return tuple(zones)


def _stat_test(ctx: _Ctx, stat: str, value: Any, path: str) -> StatTest:
    match = _STAT_TEST_RE.match(value) if isinstance(value, str) else None
    if match is None:
        ctx.error(
            path,
            f"expected a comparison like '>= 1500' (one of {' '.join(OPS)} and an integer), "
            f"got {_got(value)}",
        )
        return StatTest(stat, "==", 0)
    return StatTest(stat, match.group(1), int(match.group(2)))


def _target_spec(ctx: _Ctx, value: Any, path: str) -> TargetSpec:
    """`{select, count}`: an ability's chosen targets, or an Extra Phantom's materials."""
    m = _mapping(ctx, value, path, ("select", "count"), required=("select",))
    if m is None:
        return TargetSpec(Selector())
    select = _selector(ctx, m["select"], _join(path, "select")) if "select" in m else Selector()
    count = _int(ctx, m["count"], _join(path, "count"), lo=1, top=MAX_COUNT) \
        if "count" in m else 1
    return TargetSpec(select, count)


# --------------------------------------------------------------------------- conditions


def _condition(ctx: _Ctx, value: Any, path: str) -> Condition:
    """A one-key mapping `kind: body` (docs/cards.md, Conditions)."""
    if not isinstance(value, dict) or len(value) != 1:
        ctx.error(path, f"expected a one-key mapping like {{lp: {{min: 1000}}}}, got {_got(value)}")
        return Condition("all")
    ((kind, body),) = value.items()
    parser = _CONDITIONS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        hint = _suggest(kind, _CONDITIONS) if isinstance(kind, str) else ""
        ctx.error(
            path, f"unknown condition {_got(kind)}{hint} (expected one of {_one_of(_CONDITIONS)})"
        )
        return Condition("all")
    return parser(ctx, kind, body, _join(path, kind))


def _cond_list(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    if not isinstance(body, list) or not body:
        ctx.error(path, f"expected a non-empty list of conditions, got {_got(body)}")
        return Condition(kind)
    children = tuple(_condition(ctx, c, _join(path, i)) for i, c in enumerate(body))
    return Condition(kind, children=children)


def _cond_not(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    return Condition(kind, children=(_condition(ctx, body, path),))


def _cond_count(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    m = _mapping(ctx, body, path, ("select", "min", "max"), required=("select",))
    if m is None:
        return Condition(kind)
    select = _selector(ctx, m["select"], _join(path, "select")) if "select" in m else None
    low, high = _bounds(ctx, m, path)
    return Condition(kind, select=select, min=low, max=high)


def _cond_player(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    m = _mapping(ctx, body, path, ("player", "min", "max"))
    if m is None:
        return Condition(kind)
    player = "you"
    if "player" in m:
        player = _choice(ctx, m["player"], _join(path, "player"), _COUNTED_PLAYERS) or "you"
    low, high = _bounds(ctx, m, path)
    return Condition(kind, player=player, min=low, max=high)


def _cond_round(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    m = _mapping(ctx, body, path, ("min", "max"))
    if m is None:
        return Condition(kind)
    low, high = _bounds(ctx, m, path)
    return Condition(kind, min=low, max=high)


def _cond_phase(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    return Condition(kind, values=_names(ctx, body, path, _PHASES))


def _cond_turn(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    whose = _choice(ctx, body, path, ("own", "opponent"))
    return Condition(kind, values=(whose,) if whose else ())


def _cond_responding(ctx: _Ctx, kind: str, body: Any, path: str) -> Condition:
    m = _mapping(ctx, body, path, ("kind", "player", "select"), required=("kind",))
    if m is None:
        return Condition(kind)
    kinds = _names(ctx, m["kind"], _join(path, "kind"), _STEP_KINDS) if "kind" in m else ()
    player = "any"
    if "player" in m:
        player = _choice(ctx, m["player"], _join(path, "player"), _SIDES) or "any"
    select = _selector(ctx, m["select"], _join(path, "select")) if "select" in m else None
    return Condition(kind, values=kinds, player=player, select=select)


_CONDITIONS: dict[str, Callable[[_Ctx, str, Any, str], Condition]] = {
    "all": _cond_list,
    "any": _cond_list,
    "not": _cond_not,
    "count": _cond_count,
    "lp": _cond_player,
    "sp": _cond_player,
    "hand": _cond_player,
    "grave": _cond_player,
    "phase": _cond_phase,
    "turn": _cond_turn,
    "round": _cond_round,
    "responding_to": _cond_responding,
}


# --------------------------------------------------------------------------- effects
# Each verb's parameters, defaults and cross-checks are its Verb's (game/engine/verbs); the
# loader only knows how to read each kind of parameter.


def _effects(ctx: _Ctx, value: Any, path: str, scope: Scope) -> tuple[Effect, ...]:
    """A non-empty effect list; `modify` may expand into several Effects."""
    if not isinstance(value, list) or not value:
        ctx.error(path, f"expected a non-empty list of effects, got {_got(value)}")
        return ()
    out: list[Effect] = []
    for i, item in enumerate(value):
        out.extend(_effect(ctx, item, _join(path, i), scope))
    return tuple(out)


def _effect(ctx: _Ctx, value: Any, path: str, scope: Scope) -> tuple[Effect, ...]:
    if not isinstance(value, dict) or len(value) != 1:
        ctx.error(
            path, f"expected a one-key mapping like {{draw: {{count: 1}}}}, got {_got(value)}"
        )
        return ()
    ((name, params),) = value.items()
    verb = ctx.verbs.get(name) if isinstance(name, str) else None
    if verb is None:
        hint = _suggest(name, ctx.verbs) if isinstance(name, str) else ""
        ctx.error(path, f"unknown verb {_got(name)}{hint}")
        return ()
    vpath = _join(path, name)
    required = verb.required
    params = {} if params is None else params  # `draw:` with nothing after it means defaults
    m = _mapping(ctx, params, vpath, verb.param_names, required)
    if m is None or any(key not in m for key in required):
        return ()  # already reported
    values: dict[str, Any] = {}
    for param in verb.params:
        if param.name in m:
            got = _PARAM_READERS[param.kind](ctx, param, m[param.name], _join(vpath, param.name),
                                             scope)
            if got is not _BAD:
                values[param.name] = param.convert(got) if param.convert else got
    if any(key not in values for key in required):
        return ()  # already reported
    for where, problem in verb.check(values, scope):
        ctx.error(_join(vpath, where) if where else vpath, problem)
    return verb.build(verb, values, scope)


_BAD = object()  # a parameter value that was refused (and reported)


def _read_int(lo: int | None, top: int = MAX_NUMBER) -> Callable[..., Any]:
    def read(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
        return _int(ctx, value, path, lo=lo, top=top)
    return read


def _read_flag(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    return _bool(ctx, value, path)


def _read_choice(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    got = _choice(ctx, value, path, param.choices)
    return _BAD if got is None else got


def _read_target(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    """A TARGET_REFS name or a selector (docs/cards.md); `chosen` needs a `target:`."""
    if isinstance(value, dict):
        return _selector(ctx, value, path)
    ref = _choice(ctx, value, path, TARGET_REFS)
    if ref == "chosen" and not scope.has_target:
        ctx.error(path, "'chosen' needs the ability to have a `target:`")
    return _BAD if ref is None else ref


def _read_selector(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    return _selector(ctx, value, path)


def _read_condition(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    return _condition(ctx, value, path)


def _read_effects(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    return _effects(ctx, value, path, scope)


def _read_options(ctx: _Ctx, param: Param, value: Any, path: str, scope: Scope) -> Any:
    """At least 2 `{label, effects}`: ((label, effects), ...)."""
    if not isinstance(value, list) or len(value) < 2:
        got = f"{len(value)}" if isinstance(value, list) else _got(value)
        ctx.error(path, f"expected a list of at least 2 options, got {got}")
        return _BAD
    out: list[tuple[str, tuple[Effect, ...]]] = []
    for i, option in enumerate(value):
        where = _join(path, i)
        o = _mapping(ctx, option, where, ("label", "effects"), required=("label", "effects"))
        if o is None:
            continue
        label = _str(ctx, o["label"], _join(where, "label"), nonempty=True) if "label" in o else ""
        effects = _effects(ctx, o["effects"], _join(where, "effects"), scope) \
            if "effects" in o else ()
        out.append((label, effects))
    return tuple(out)


_PARAM_READERS: dict[Kind, Callable[[_Ctx, Param, Any, str, Scope], Any]] = {
    Kind.AMOUNT: _read_int(lo=0),
    Kind.NUMBER: _read_int(lo=None),
    Kind.COUNT: _read_int(lo=1, top=MAX_COUNT),
    Kind.FLAG: _read_flag,
    Kind.CHOICE: _read_choice,
    Kind.TARGET: _read_target,
    Kind.SELECTOR: _read_selector,
    Kind.CONDITION: _read_condition,
    Kind.EFFECTS: _read_effects,
    Kind.OPTIONS: _read_options,
}
if set(_PARAM_READERS) != set(Kind):  # a new kind of parameter: teach the loader to read it
    raise RuntimeError(f"loader lacks readers for {sorted(set(Kind) - set(_PARAM_READERS))}")


# --------------------------------------------------------------------------- abilities

_NOT_STATIC = (Start.MAIN, Start.TRIGGER, Start.RESPONSE)
# Which starts each optional ability key belongs to (start, condition, text fit them all).
_ABILITY_KEY_STARTS: dict[str, tuple[Start, ...]] = {
    "speed": _NOT_STATIC,
    "on": (Start.TRIGGER,),
    "of": (Start.TRIGGER,),
    "whose": (Start.TRIGGER,),
    "optional": (Start.TRIGGER,),
    "cost": _NOT_STATIC,
    "target": _NOT_STATIC,
    "once_per_turn": _NOT_STATIC,
    "face_down": _NOT_STATIC,
    "effects": _NOT_STATIC,
    "affects": (Start.STATIC,),
    "modify": (Start.STATIC,),
    "cannot_attack": (Start.STATIC,),
    "protected": (Start.STATIC,),
}
_ABILITY_KEYS = ("start", "condition", "text", *_ABILITY_KEY_STARTS)
_STARTS = tuple(s.value for s in Start)


def _ability(ctx: _Ctx, value: Any, path: str, card_type: CardType | None) -> Ability | None:
    m = _mapping(ctx, value, path, _ABILITY_KEYS, required=("start",))
    if m is None or "start" not in m:
        return None
    start_name = _choice(ctx, m["start"], _join(path, "start"), _STARTS)
    if start_name is None:
        return None
    start = Start(start_name)
    for key in m:
        starts = _ABILITY_KEY_STARTS.get(key)
        if starts is not None and start not in starts:
            ctx.error(_join(path, key), f"not allowed on a {start.value} ability")
    common: dict[str, Any] = {}
    if "condition" in m:
        common["condition"] = _condition(ctx, m["condition"], _join(path, "condition"))
    if "text" in m:
        common["text"] = _bounded(ctx, m["text"], _join(path, "text"), MAX_TEXT)
    if start is Start.STATIC:
        return _static_ability(ctx, m, path, common)
    return _active_ability(ctx, m, path, start, card_type, common)


def _static_ability(ctx: _Ctx, m: dict[str, Any], path: str, common: dict[str, Any]) -> Ability:
    """A continuous effect: `affects` plus modifiers/flags, wrapped in a speed-0 Ability."""
    kw: dict[str, Any] = {}
    if "affects" not in m:
        ctx.error(_join(path, "affects"), "required but missing (a static ability needs it)")
    affects = _selector(ctx, m.get("affects", {}), _join(path, "affects"))
    if "modify" in m:
        mpath = _join(path, "modify")
        mods = _mapping(ctx, m["modify"], mpath, MODIFY_STATS) or {}
        if isinstance(m["modify"], dict) and not mods:
            ctx.error(mpath, f"give at least one of {_one_of(MODIFY_STATS)}")
        for stat, amount in mods.items():
            kw[stat] = _int(ctx, amount, _join(mpath, stat))
    for flag in ("cannot_attack", "protected"):
        if flag in m:
            kw[flag] = _bool(ctx, m[flag], _join(path, flag))
    if not any(key in m for key in ("modify", "cannot_attack", "protected")):
        ctx.error(path, "a static ability needs modify, cannot_attack or protected")
    return Ability(
        start=Start.STATIC, speed=0, static=StaticEffect(affects=affects, **kw), **common
    )


def _active_ability(
    ctx: _Ctx,
    m: dict[str, Any],
    path: str,
    start: Start,
    card_type: CardType | None,
    common: dict[str, Any],
) -> Ability:
    """main / trigger / response: cost, target and the effects that resolve."""
    kw: dict[str, Any] = dict(common)
    kw["speed"] = 2 if card_type is CardType.COUNTER else 1
    if "speed" in m:
        kw["speed"] = _int(ctx, m["speed"], _join(path, "speed"), lo=1)
    if start is Start.TRIGGER:
        kw.update(_trigger_fields(ctx, m, path))
    if "cost" in m:
        kw["cost"] = _cost(ctx, m["cost"], _join(path, "cost"))
    if "target" in m:
        kw["target"] = _target_spec(ctx, m["target"], _join(path, "target"))
    for flag in ("once_per_turn", "optional", "face_down"):
        if flag in m:
            kw[flag] = _bool(ctx, m[flag], _join(path, flag))
    if kw.get("face_down") and card_type not in (None, CardType.PHANTOM):
        ctx.error(_join(path, "face_down"), "only Phantom abilities can work face down")
    scope = Scope(start, "target" in m, card_type)
    kw["effects"] = _effects(ctx, m.get("effects"), _join(path, "effects"), scope)
    return Ability(start=start, **kw)


def _trigger_fields(ctx: _Ctx, m: dict[str, Any], path: str) -> dict[str, Any]:
    """`on` (required), `of` (card triggers only) and `whose` (turn_start/turn_end only)."""
    if "on" not in m:
        ctx.error(_join(path, "on"), f"required but missing (one of {_one_of(TRIGGERS)})")
        return {}
    trigger = _choice(ctx, m["on"], _join(path, "on"), TRIGGERS)
    kw: dict[str, Any] = {"trigger": trigger}
    if "of" in m:
        kw["of"] = _selector(ctx, m["of"], _join(path, "of"))
        of_ok = (*SELF_TRIGGERS, "opponent_summons", "opponent_activates")
        if trigger is not None and trigger not in of_ok:
            ctx.error(_join(path, "of"), f"only for {_one_of(of_ok)}; not for {trigger!r}")
    if "whose" in m:
        kw["whose"] = _choice(ctx, m["whose"], _join(path, "whose"), _SIDES) or "any"
        if trigger is not None and trigger not in _TURN_TRIGGERS:
            ctx.error(
                _join(path, "whose"), f"only for {_one_of(_TURN_TRIGGERS)}; not for {trigger!r}"
            )
    return kw


def _cost(ctx: _Ctx, value: Any, path: str) -> Cost:
    m = _mapping(ctx, value, path, ("sp", "lp", "discard", "break_self"))
    if m is None:
        return Cost()
    kw: dict[str, Any] = {
        k: _int(ctx, m[k], _join(path, k), lo=0) for k in ("sp", "lp", "discard") if k in m
    }
    if "break_self" in m:
        kw["break_self"] = _bool(ctx, m["break_self"], _join(path, "break_self"))
    return Cost(**kw)


# --------------------------------------------------------------------------- cards

_CARD_KEYS = (
    "id", "name", "type", "level", "atk", "health", "extra", "summon_condition", "materials",
    "lasting", "tags", "text", "abilities",
)  # fmt: skip
_PHANTOM_STATS = (("level", 1, 12), ("atk", 0, None), ("health", 1, None))


def _card_label(value: Any, index: int) -> str:
    card_id = value.get("id") if isinstance(value, dict) else None
    return f"card {card_id!r}" if isinstance(card_id, str) and card_id else f"cards[{index}]"


def _card(ctx: _Ctx, value: Any, index: int) -> CardDef | None:
    ctx.card = _card_label(value, index)
    m = _mapping(ctx, value, "", _CARD_KEYS, required=("id", "name", "type", "text"))
    if m is None:
        return None
    kw: dict[str, Any] = {
        "id": _card_id(ctx, m.get("id"), "id") if "id" in m else "",
        "name": _name(ctx, m.get("name"), "name") if "name" in m else "",
        "text": _bounded(ctx, m.get("text"), "text", MAX_TEXT) if "text" in m else "",
    }
    type_name = _choice(ctx, m["type"], "type", _CARD_TYPES) if "type" in m else None
    card_type = CardType(type_name) if type_name else None
    kw["type"] = card_type or CardType.PHANTOM
    if card_type is CardType.PHANTOM:
        kw.update(_phantom_fields(ctx, m))
    elif card_type is not None:
        _refuse(ctx, m, ("level", "atk", "health", "extra"), "only Phantoms have this")
        _refuse(ctx, m, ("summon_condition", "materials"), "only Extra Deck Phantoms have this")
    if "lasting" in m:
        kw["lasting"] = _bool(ctx, m["lasting"], "lasting")
        if card_type in (CardType.PHANTOM, CardType.ENVIRONMENT):
            ctx.error("lasting", "only Spirit and Counter cards can be lasting")
    if "tags" in m:
        kw["tags"] = _names(ctx, m["tags"], "tags")
    if "abilities" in m:
        kw["abilities"] = _abilities(ctx, m["abilities"], card_type)
    return CardDef(**kw)


def _refuse(ctx: _Ctx, m: dict[str, Any], keys: Iterable[str], message: str) -> None:
    for key in keys:
        if key in m:
            ctx.error(key, message)


def _phantom_fields(ctx: _Ctx, m: dict[str, Any]) -> dict[str, Any]:
    """Level/ATK/Health (all required) and the Extra Deck summoning rules."""
    kw: dict[str, Any] = {}
    for key, lo, hi in _PHANTOM_STATS:
        if key in m:
            kw[key] = _int(ctx, m[key], key, lo=lo, hi=hi)
        else:
            ctx.error(key, "required for a Phantom but missing")
    extra = _bool(ctx, m["extra"], "extra") if "extra" in m else False
    kw["extra"] = extra
    if extra:
        if "summon_condition" not in m:
            ctx.error("summon_condition", "required for an Extra Deck Phantom but missing")
        else:
            kw["summon_condition"] = _condition(ctx, m["summon_condition"], "summon_condition")
        if "materials" in m:
            kw["materials"] = _target_spec(ctx, m["materials"], "materials")
    else:
        _refuse(
            ctx,
            m,
            ("summon_condition", "materials"),
            "only Extra Deck Phantoms (extra: true) have this",
        )
    return kw


def _abilities(ctx: _Ctx, value: Any, card_type: CardType | None) -> tuple[Ability, ...]:
    if not isinstance(value, list):
        ctx.error("abilities", f"expected a list of abilities, got {_got(value)}")
        return ()
    found = (_ability(ctx, item, _join("abilities", i), card_type) for i, item in enumerate(value))
    return tuple(a for a in found if a is not None)


# --------------------------------------------------------------------------- files and sets


def _card_entries(ctx: _Ctx, data: Any) -> list[Any]:
    """The card list of a file: a list, or a mapping whose only key is `cards`."""
    if isinstance(data, list):
        return data
    if not isinstance(data, dict) or "cards" not in data:
        ctx.error(
            "", f"expected a list of cards (or a mapping with a 'cards:' list), got {_got(data)}"
        )
        return []
    for key in data:
        if key != "cards":
            ctx.error(str(key), "unknown top-level key (only 'cards' is allowed)")
    if not isinstance(data["cards"], list):
        ctx.error("cards", f"expected a list of cards, got {_got(data['cards'])}")
        return []
    return data["cards"]


def _read_cards(data: Any, source: str, verbs: VerbRegistry) -> _Result:
    """Parse one block of card data, collecting every problem instead of stopping at the first."""
    ctx = _Ctx(source, verbs=verbs)
    cards: list[CardDef] = []
    sources: dict[str, str] = {}
    seen: dict[str, int] = {}
    for index, entry in enumerate(_card_entries(ctx, data)):
        try:
            card = _card(ctx, entry, index)
        except RecursionError:
            ctx.error("", "nested too deeply (a recursive YAML alias?)")
            continue
        if card is None or not card.id:
            continue
        if card.id in seen:
            ctx.error("id", f"duplicate id (also cards[{seen[card.id]}] in this file)")
            continue
        seen[card.id] = index
        cards.append(card)
        text = _source_text(entry)
        if text is not None:
            sources[card.id] = text
    return _Result(cards, ctx.refs, ctx.problems, sources)


def _plain_keys(data: Any) -> Any:
    """The mapping with YAML 1.1's boolean `on` key spelt "on" (as `_mapping` reads it), so
    it is plain JSON data that reads back the same."""
    if isinstance(data, dict):
        return {("on" if k is True else k): _plain_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain_keys(v) for v in data]
    return data


def _source_text(entry: Any) -> str | None:
    """A card's own YAML mapping, as read, as JSON text: what a saved duel keeps of a card
    (game/play/played_under.py) so it can be shown and played again after the card files
    change. The pool the card joins holds it (`CardPool.sources`), for as long as it lives."""
    try:
        return json.dumps(_plain_keys(entry), sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # a YAML date or a non-text key: not plain data
        return None


def card_source(pool: Mapping[str, CardDef], card_id: str) -> dict[str, Any] | None:
    """The pool's card's own mapping as its card file wrote it (plain data, a fresh copy),
    or None for a card not read from card data (built in code: a test's plain Phantom) or a
    pool that is not a CardPool the card reader made."""
    text = pool.sources.get(card_id) if isinstance(pool, CardPool) else None
    return None if text is None else json.loads(text)


def _missing_refs(refs: Iterable[tuple[str, str]], known: Collection[str]) -> list[str]:
    return [
        f"{where}: unknown card id {card_id!r}{_suggest(card_id, known)}"
        for card_id, where in refs
        if card_id and card_id not in known
    ]


def parse_cards(
    data: Any, source: str, *, known_ids: Collection[str] | None = None,
    verbs: VerbRegistry = BUILTIN,
) -> list[CardDef]:
    """Cards from already-parsed YAML (e.g. inline in a scenario file).

    `card:` references are only checked when `known_ids` is given (the ids of the card set the
    data will join; the block's own ids count too), since inline cards usually refer to it.
    `verbs` is the vocabulary of effects (game/engine/verbs; a test may pass its own).
    """
    return _parse(data, source, known_ids, verbs).cards


def parse_card_pool(
    data: Any, source: str, *, known_ids: Collection[str] | None = None,
    verbs: VerbRegistry = BUILTIN,
) -> CardPool:
    """`parse_cards`' cards as a CardPool that holds where each came from (its mapping, which
    a saved duel keeps): for card data a duel is played on (kept cards, a scenario's own)."""
    result = _parse(data, source, known_ids, verbs)
    return CardPool({c.id: c for c in result.cards}, result.sources)


def _parse(data: Any, source: str, known_ids: Collection[str] | None,
           verbs: VerbRegistry) -> _Result:
    result = _read_cards(data, source, verbs)
    problems = list(result.problems)
    if known_ids is not None:
        problems += _missing_refs(result.refs, {*known_ids, *(c.id for c in result.cards)})
    if problems:
        raise CardDataError(problems)
    return result


def _display(path: Path) -> str:
    """Paths inside the checkout are shown relative to it (`assets/cards/ember.yaml`)."""
    try:
        return Path(os.path.abspath(path)).relative_to(REPO_ROOT).as_posix()
    except ValueError:
        return str(path)


def _load(path: Path, verbs: VerbRegistry) -> _Result:
    source = _display(path)
    try:
        data = parse_yaml(read_text(path, "cards"), None, "cards")
    except FileError as exc:
        return _Result(problems=[f"{source}: {exc.problem}"])
    if data is None:
        return _Result(problems=[f"{source}: the file is empty (expected a list of cards)"])
    return _read_cards(data, source, verbs)


def load_card_file(path: PathLike, verbs: VerbRegistry = BUILTIN) -> list[CardDef]:
    """Cards of one YAML file. `card:` references are checked by load_card_set, not here."""
    result = _load(Path(path), verbs)
    if result.problems:
        raise CardDataError(result.problems)
    return result.cards


def _expand(paths: PathLike | Iterable[PathLike]) -> Iterator[Path]:
    """Directories become their `*.yaml` files (sorted); anything else is taken as a file."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    for item in items:
        path = Path(item)
        if path.is_dir():
            yield from sorted(path.glob("*.yaml"))
        else:
            yield path


def load_card_set(
    paths: PathLike | Iterable[PathLike] = DEFAULT_CARD_DIR, verbs: VerbRegistry = BUILTIN
) -> dict[str, CardDef]:
    """Every card of a directory's `*.yaml` files (sorted) or of the given files, by id.

    All or nothing: any problem anywhere (including duplicate ids across files and `card:`
    references to ids not in the set) refuses the whole set, listing every problem. `verbs`
    is the vocabulary of effects (game/engine/verbs; a test may pass its own).
    """
    files = list(_expand(paths))
    if not files:
        shown = _display(Path(paths)) if isinstance(paths, (str, os.PathLike)) else "card set"
        raise CardDataError(f"{shown}: no card files (*.yaml) found")
    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    sources: dict[str, str] = {}
    origin: dict[str, str] = {}
    refs: list[tuple[str, str]] = []
    for path in files:
        result = _load(path, verbs)
        problems += result.problems
        refs += result.refs
        for card in result.cards:
            if card.id in origin:
                problems.append(
                    f"{_display(path)}: card {card.id!r}: id: duplicate id, already defined in "
                    f"{origin[card.id]}"
                )
                continue
            origin[card.id] = _display(path)
            cards[card.id] = card
            if card.id in result.sources:
                sources[card.id] = result.sources[card.id]
    problems += _missing_refs(refs, cards)
    if problems:
        raise CardDataError(problems)
    # holds the engine's index of the set, shared by its duels, and where each card came from
    return CardPool(cards, sources)
