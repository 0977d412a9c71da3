"""A replay's events in a file: the engine's events as plain data, packed into one line
(base64 of zlib of compact JSON), the `marks` (where each command's events end) packed the
same way, and one event in words for a designer. Unpacking a hostile file stops at
MAX_EVENT_BYTES (a zip bomb) and says what is wrong in a short reason."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Sequence

from game.engine import event_to_dict
from game.files.fileio import FileError, parse_json
from game.files.yamlio import brief

# one event as `event_to_dict` gives it, as JSON reads it back (type: its class name)
PlainEvent = dict[str, object]
MAX_EVENT_BYTES = 64 * 1024 * 1024  # the unpacked events of one replay (a zip bomb stops here)


def plain_events(events: Sequence[object]) -> tuple[PlainEvent, ...]:
    """Engine events as the plain data a replay keeps (`event_to_dict`, lists for tuples)."""
    return tuple(json.loads(json.dumps([event_to_dict(e) for e in events])))


def _pack(items: Sequence[object]) -> str:
    blob = json.dumps(list(items), separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(blob, 9)).decode("ascii")


def pack_events(events: Sequence[PlainEvent]) -> str:
    """The `events` field: base64 of zlib (level 9) of the compact JSON list."""
    return _pack(events)


def _unpack(text: object, what: str) -> list[object]:
    """A packed list (base64 of zlib of JSON); ValueError with a short reason otherwise
    (never more than MAX_EVENT_BYTES unpacked)."""
    if not isinstance(text, str):
        raise ValueError(f"expected the packed {what} (base64 text), got {brief(text)}")
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise ValueError("not base64 text") from None
    unpack = zlib.decompressobj()
    try:
        blob = unpack.decompress(packed, MAX_EVENT_BYTES)
    except zlib.error:
        raise ValueError("not zlib data") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise ValueError(f"cut short or over {MAX_EVENT_BYTES // (1024 * 1024)} MiB unpacked")
    try:
        data = parse_json(blob.decode("utf-8"), None)
    except (FileError, UnicodeDecodeError) as exc:
        raise ValueError(getattr(exc, "problem", "not UTF-8 text")) from None
    if not isinstance(data, list):
        raise ValueError(f"expected a list of {what}")
    return data


def unpack_events(text: object) -> tuple[PlainEvent, ...]:
    """The inverse of `pack_events`; ValueError with a short reason otherwise."""
    events: list[PlainEvent] = []
    for i, e in enumerate(_unpack(text, "events")):
        if not isinstance(e, dict) or not isinstance(e.get("type"), str) or len(e["type"]) > 40:
            raise ValueError(f"event {i + 1}: expected a mapping with a type, got {brief(e)}")
        events.append(e)
    return tuple(events)


def pack_marks(marks: Sequence[int]) -> str:
    """The `marks` field: how many events the start told, then each command, packed as the
    events are (`marks` in memory counts them up: the events told after i commands)."""
    return _pack([b - a for a, b in zip((0, *marks), marks, strict=False)])


def unpack_marks(text: object) -> tuple[int, ...]:
    """The inverse of `pack_marks`; ValueError with a short reason otherwise."""
    data = _unpack(text, "event counts")
    marks, total = [], 0
    for i, n in enumerate(data):
        if type(n) is not int or not 0 <= n <= MAX_EVENT_BYTES:
            raise ValueError(f"count {i + 1}: expected a whole number, got {brief(n)}")
        total += n
        marks.append(total)
    return tuple(marks)


def event_words(e: PlainEvent | None) -> str:
    """One event in words a designer reads: `LpChanged player=1 amount=-1800 lp=8200`."""
    if e is None:
        return "nothing (the duel had ended)"
    fields_ = " ".join(f"{k}={short(v)}" for k, v in e.items() if k != "type")
    return f"{e.get('type')} {fields_}".strip()


def short(value: object) -> str:
    """A value as at most 60 characters of text, so a sentence about an event stays short."""
    text = json.dumps(value, separators=(",", ":")) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "..."

