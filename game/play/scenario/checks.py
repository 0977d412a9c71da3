"""Expectations: what a scenario expects of the duel, checked against it; every unmet
one is reported as "which: expected X, got Y"."""

from __future__ import annotations

import fnmatch

from game.engine.carddefs import CardType
from game.engine.duel import Duel
from game.engine.model import Card, Zone
from game.engine.query import atk, health, max_health
from game.play.end_words import end_kind

from .model import _PILES, _SLOT_ZONES, Spec


# ---------------------------------------------------------------------- expectations
def _mismatch(where: str, expected: object, got: object) -> str:
    return f"{where}: expected {expected!r}, got {got!r}"


def _player_name(seat: int | None) -> str | int:
    return "none" if seat is None else "draw" if seat == -1 else seat + 1


def check_expect(duel: Duel, exp: Spec, log: list[str], where: str,
                 events: list[str] | None = None) -> list[str]:
    """Every unmet expectation of `exp` as 'which, expected X, got Y'. `log` is the Line log
    and `events` the event log of what the expectation covers. (`legal` and `not_legal`
    need card references resolved: the runner checks those.)"""
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
        out += _check_choice(duel, exp["choice"], f"{where}.choice")
    if "end_reason" in exp:
        got = end_kind(duel.end_reason) or "none"
        if got != exp["end_reason"]:
            out.append(_mismatch(f"{where}.end_reason", exp["end_reason"], got)
                       + (f" ({duel.end_reason})" if duel.end_reason else ""))
    out += _check_log(exp, "line_log", "Line log", log, where)
    out += _check_log(exp, "events", "event log", events or [], where)
    return out


def _check_choice(duel: Duel, want: Spec | None, here: str) -> list[str]:
    choice = duel.choice
    if want is None or choice is None:
        if (want is None) != (choice is None):
            return [_mismatch(here, "none" if want is None else want.get("kind", "a choice"),
                              "none" if choice is None else str(choice.kind))]
        return []
    out = []
    got = {"kind": str(choice.kind), "pick": choice.count, "player": choice.player}
    for key, value in want.items():
        if got[key] != value:
            shown = (value + 1, choice.player + 1) if key == "player" else (value, got[key])
            out.append(_mismatch(f"{here}.{key}", *shown))
    return out


def _check_log(exp: Spec, key: str, what: str, log: list[str], where: str) -> list[str]:
    """`key` (the whole log, exactly), `key_contains` (in order) and `key_excludes`."""
    out = []
    if key in exp:
        want = exp[key]
        if len(want) != len(log) or not all(_log_match(w, g) for w, g in zip(want, log, strict=True)):
            out.append(_log_diff(f"{where}.{key}", want, log))
    if f"{key}_contains" in exp:
        missing = _subsequence_gap(exp[f"{key}_contains"], log)
        if missing is not None:
            out.append(f"{where}.{key}_contains: expected {missing!r} (in this order) in the "
                       f"{what}, got {log!r}")
    for pattern in exp.get(f"{key}_excludes", []):
        hits = [s for s in log if _log_match(pattern, s)]
        if hits:
            out.append(f"{where}.{key}_excludes: expected no {pattern!r}, got {hits!r}")
    return out


def _check_slot(duel: Duel, card: Card, want: Spec, here: str) -> list[str]:
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

