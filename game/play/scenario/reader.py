"""Reading a scenario file: every field type-checked and bounded before use; a problem is
one `ScenarioError` naming the file and the field (docs/scenarios.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.engine.carddefs import CardDef
from game.engine.model import ChoiceKind
from game.engine.rules import Rules
from game.files.fileio import FileError, load_yaml_file
from game.files.yamlio import brief
from game.play.end_words import END_KINDS
from game.play.puzzle_spec import PuzzleFieldError, read_puzzle_spec
from game.rules.file import rules_from_data

from .model import (
    _COMMON_KEYS,
    _FLAG_VERBS,
    _NEW_DUEL_KEYS,
    _NEW_DUEL_PLAYER_KEYS,
    _PILES,
    _PLAYER_KEYS,
    _SLOT_ZONES,
    _START_KEYS,
    _START_SLOT_KEYS,
    _VERB_KEYS,
    GLOBAL_EXPECTS,
    MAX_ABILITY,
    MAX_REPEAT,
    MAX_SEED,
    MAX_TURN,
    MAX_WHOLE,
    PLAYER_EXPECTS,
    REASON_CODES,
    SLOT_FIELDS,
    TOP_KEYS,
    VERBS,
    CardRef,
    CommandSpec,
    Scenario,
    ScenarioError,
    Spec,
    _base_pool,
    _base_rules,
    _Checker,
    _key_list,
)


def load_scenario(path_or_data: str | Path | Mapping[str, Any]) -> Scenario:
    """Read and check a scenario; ScenarioError (naming file and field) on any problem."""
    if isinstance(path_or_data, Mapping):
        data, source = path_or_data, str(path_or_data.get("name") or "<scenario>")
    else:
        source = str(path_or_data)
        try:  # game.files.fileio: size limit, UTF-8, safe bounded YAML, duplicate keys refused
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
    if puzzle is not None:  # the one reader of `puzzle:` (game/play/puzzle_spec.py)
        try:
            spec = read_puzzle_spec(puzzle, start.get("turn_player", 0))
        except PuzzleFieldError as exc:
            raise check.fail(exc.where, exc.problem) from None
    scenario = Scenario(name.strip(), description, source, pool, rules, start, seed, auto_pass,
                        specs, expect, xfail.strip() if xfail else None, puzzle, spec)
    try:
        scenario.build()
    except ValueError as exc:  # PositionError, or a new duel's decks the engine refuses
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
    from game.cards import CardDataError, parse_card_pool
    from game.engine.index import merged

    pool = _base_pool()
    if data is None:
        return merged(pool)  # a copy, with where each card came from
    if not isinstance(data, list):
        raise check.fail("cards", "expected a list of cards (same vocabulary as assets/cards)")
    for i, card in enumerate(data):
        if isinstance(card, Mapping) and isinstance(card.get("id"), str) and card["id"] in pool:
            raise check.fail(f"cards[{i}].id", f"{card['id']!r} is already in the card set; "
                                               "give the inline card a new id")
    try:
        cards = parse_card_pool(data, f"{check.source}: cards", known_ids=set(pool))
    except CardDataError as exc:
        more = len(exc.problems) - 1  # one clear line: the first, and how many follow
        raise ScenarioError(exc.problems[0] + (f" (and {more} more problem(s) in cards)"
                                               if more > 0 else "")) from None
    return merged(pool, cards)  # a CardPool: each card keeps where it came from


def _read_start(check: _Checker, data: Any) -> Spec:
    """The file's start -> build_position's spec (players and seats counted from 0), or a
    new duel's (`new_duel: true`): first player, shuffle, and each player's decks."""
    if not isinstance(data, Mapping):
        raise check.fail("start", "expected a mapping (see docs/scenarios.md)")
    if data.get("new_duel") is not None:
        return _read_new_duel(check, data)
    unknown = set(data) - _START_KEYS
    if unknown:
        raise check.fail("start", f"unknown field(s) {_key_list(unknown)}; expected some of "
                                  f"{sorted(_START_KEYS)} (or new_duel: true)")
    spec = dict(data)
    for key in ("turn_player", "first_player"):
        if key in spec:
            spec[key] = check.player(spec[key], f"start.{key}")
    for key in ("turn", "round"):
        if key in spec:
            check.whole(spec[key], f"start.{key}", 1, MAX_TURN)
    _check_turn_order(check, spec)
    if "phase" in spec and not isinstance(spec["phase"], str):
        raise check.fail("start.phase", f"expected a phase name, got {brief(spec['phase'])}")
    per = check.per_player(spec.get("players", [{}, {}]), "start.players")
    spec["players"] = [per.get(0) or {}, per.get(1) or {}]
    for seat, pdata in enumerate(spec["players"]):
        _check_start_player(check, pdata, f"start: players.{seat + 1}")
    return spec


def _check_turn_order(check: _Checker, spec: Spec) -> None:
    """Turn, round, turn player and first player must tell one story: odd turns are the
    first player's, even turns the other's, and round R is turns 2R - 1 and 2R. A missing
    turn is the first turn that fits; a missing round the one the turn is in."""
    first = spec.setdefault("first_player", 0)
    turn_player = spec.setdefault("turn_player", 0)
    if "turn" not in spec:
        spec["turn"] = 1 if turn_player == first else 2
    turn = spec["turn"]
    owner = first if turn % 2 == 1 else 1 - first
    if owner != turn_player:
        raise check.fail("start.turn, start.turn_player, start.first_player",
                         f"turn {turn} is player {owner + 1}'s turn when player {first + 1} goes "
                         f"first (odd turns are the first player's), not player "
                         f"{turn_player + 1}'s")
    in_round = (turn + 1) // 2
    if spec.setdefault("round", in_round) != in_round:
        raise check.fail("start.round, start.turn",
                         f"round {spec['round']} does not fit turn {turn}: turn {turn} is in round "
                         f"{in_round} (a round is two turns)")


def _read_new_duel(check: _Checker, data: Mapping[str, Any]) -> Spec:
    """`start: {new_duel: true, first_player, shuffle, players: {1: {deck, extra}, ...}}`."""
    if data["new_duel"] is not True:
        raise check.fail("start.new_duel", f"expected true, got {brief(data['new_duel'])}")
    unknown = set(data) - _NEW_DUEL_KEYS
    if unknown:
        raise check.fail("start", f"unknown field(s) {_key_list(unknown)} for a new duel; "
                                  f"expected some of {sorted(_NEW_DUEL_KEYS)} (a new duel "
                                  "starts at turn 1, round 1, with the rules' LP and SP)")
    spec: dict[str, Any] = {"new_duel": True}
    spec["first_player"] = check.player(data.get("first_player", 1), "start.first_player")
    shuffle = data.get("shuffle", False)
    if not isinstance(shuffle, bool):
        raise check.fail("start.shuffle", f"expected true or false, got {brief(shuffle)}")
    spec["shuffle"] = shuffle
    per = check.per_player(data.get("players", [{}, {}]), "start.players")
    players = []
    for seat in (0, 1):
        pdata = per.get(seat) or {}
        where = f"start: players.{seat + 1}"
        if not isinstance(pdata, Mapping):
            raise check.fail(where, f"expected a mapping of deck, extra, got {brief(pdata)}")
        unknown = set(pdata) - _NEW_DUEL_PLAYER_KEYS
        if unknown:
            raise check.fail(where, f"unknown field(s) {_key_list(unknown)} for a new duel; "
                                    "expected deck and extra (hands are dealt from the deck)")
        decks = {}
        for key in ("deck", "extra"):
            value = pdata.get(key) or []
            if not isinstance(value, list):
                raise check.fail(f"{where}.{key}", f"expected a list of cards, got {brief(value)}")
            for i, cid in enumerate(value):
                _start_card(check, cid, f"{where}.{key}[{i}]")
            decks[key] = list(value)
        for i, cid in enumerate(decks["extra"]):
            if not check.pool[cid].extra:
                raise check.fail(f"{where}.extra[{i}]", f"{cid!r} is not an Extra Deck Phantom")
        players.append(decks)
    spec["players"] = players
    spec["turn_player"] = spec["first_player"]  # the first turn's player (puzzles read it)
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


def _check_start_slot(check: _Checker, entry: Mapping[str, Any], where: str) -> None:
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


def _read_command(check: _Checker, data: Any, where: str,
                  common: frozenset[str] | set[str] = _COMMON_KEYS,
                  refused: bool | None = None) -> CommandSpec:
    """One command. `common`: the extra fields allowed (a `legal`/`not_legal` expectation
    allows fewer); `refused`: the command is expected refused whatever the file says (True,
    `not_legal`) or never (False, `legal`)."""
    if not isinstance(data, Mapping):
        raise check.fail(where, "expected a mapping like {player: 1, summon: iron_hound}")
    verbs = [v for v in VERBS if v in data]
    if len(verbs) != 1:
        found = f"found {verbs}" if verbs else "found none"
        raise check.fail(where, f"expected exactly one of {list(VERBS)}, {found}")
    verb = verbs[0]
    unknown = set(data) - set(common) - _VERB_KEYS[verb] - {verb}
    if unknown:
        raise check.fail(where, f"unknown field(s) {sorted(map(str, unknown))} for {verb}")
    if "player" not in data:
        raise check.fail(f"{where}.player", "required: 1 or 2")
    player = check.player(data["player"], f"{where}.player")
    spec = CommandSpec(where, player, verb, dict(data))
    spec.repeat = check.whole(data.get("repeat", 1), f"{where}.repeat", 1, MAX_REPEAT)
    rejected = data.get("expect_rejected", False) if refused is None else refused
    if not isinstance(rejected, bool):
        raise check.fail(f"{where}.expect_rejected", f"expected true or false, got "
                                                     f"{brief(rejected)}")
    spec.expect_rejected = rejected
    if "reason" in data and not rejected:
        raise check.fail(f"{where}.reason", "only with expect_rejected: true")
    if rejected:
        if "reason" not in data:
            raise check.fail(f"{where}.reason", "required with a refusal: the reason code the "
                                                "engine must give (game/engine/reasons.py, e.g. "
                                                "wrong_phase)")
        code = data["reason"]
        if not isinstance(code, str) or code not in REASON_CODES:
            raise check.fail(f"{where}.reason", "expected a reason code of game/engine/reasons.py "
                                                "(wrong_phase, not_your_decision, cost, speed, "
                                                f"...); got {brief(code)}")
        spec.reason = code
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


def _read_expect(check: _Checker, data: Any, where: str) -> Spec:
    """Check an expectation block's shape and normalise card names to ids."""
    if not isinstance(data, Mapping):
        raise check.fail(where, "expected a mapping of expectations")
    unknown = set(data) - set(PLAYER_EXPECTS) - set(GLOBAL_EXPECTS)
    if unknown:
        raise check.fail(where, f"unknown expectation(s) {sorted(map(str, unknown))}; expected "
                                f"some of {sorted(PLAYER_EXPECTS + GLOBAL_EXPECTS)}")
    out: Spec = {}
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
        out["choice"] = _read_choice(check, data["choice"], f"{where}.choice")
    if "end_reason" in data:
        v = data["end_reason"]
        kinds = (*END_KINDS, "none")
        if v is None:
            v = "none"
        if not isinstance(v, str) or v not in kinds:
            raise check.fail(f"{where}.end_reason", f"expected one of {list(kinds)}, got "
                                                    f"{brief(v)}")
        out["end_reason"] = v
    for key in ("line_log", "line_log_contains", "line_log_excludes", "events", "events_contains",
                "events_excludes"):
        if key in data:
            v = data[key]
            what = "Line log" if key.startswith("line_log") else "event log"
            if not isinstance(v, list) or not all(isinstance(s, str) for s in v):
                raise check.fail(f"{where}.{key}", f"expected a list of {what} strings")
            out[key] = [" ".join(s.split()) for s in v]
    for key, refused in (("legal", False), ("not_legal", True)):
        if key in data:
            v = data[key]
            if not isinstance(v, list):
                raise check.fail(f"{where}.{key}", "expected a list of commands")
            common = {"player", "reason"} if refused else {"player"}
            out[key] = [_read_command(check, c, f"{where}.{key}[{i}]", common, refused)
                        for i, c in enumerate(v)]
    return out


_CHOICE_KINDS = tuple(kind.value for kind in ChoiceKind)


def _read_choice(check: _Checker, value: Any, where: str) -> Spec | None:
    """`none`, a choice kind, or `{kind: K, pick: N, player: P}` (only what is written)."""
    if value in (None, "none"):
        return None
    if isinstance(value, str):
        value = {"kind": value}
    if not isinstance(value, Mapping):
        raise check.fail(where, f"expected a choice kind, none, or a mapping of kind, pick, "
                                f"player; got {brief(value)}")
    unknown = set(value) - {"kind", "pick", "player"}
    if unknown:
        raise check.fail(where, f"unknown field(s) {_key_list(unknown)}; expected some of "
                                "['kind', 'pick', 'player']")
    out: dict[str, Any] = {}
    if "kind" in value:
        if value["kind"] not in _CHOICE_KINDS:
            raise check.fail(f"{where}.kind", f"expected one of {list(_CHOICE_KINDS)}, got "
                                              f"{brief(value['kind'])}")
        out["kind"] = value["kind"]
    if "pick" in value:
        out["pick"] = check.whole(value["pick"], f"{where}.pick", 1, MAX_WHOLE)
    if "player" in value:
        out["player"] = check.player(value["player"], f"{where}.player")
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


def _read_slot(check: _Checker, value: Any, where: str) -> Spec | None:
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

