"""The command notation: one engine command as one line of text, `Summon player=0 card=31
zone=phantom index=0 attack=true face_up=true` (its type, then every field as name=value),
and back. A replay keeps its commands so, and a save (game/play/autosave.py) too; reading a
line checks every field and the command's own shape (the engine's `command_problem`)."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from game.engine import Command, command_from_dict
from game.engine.commands import COMMAND_TYPES
from game.engine.validate import command_problem
from game.files.yamlio import brief

MAX_LINE = 200  # characters of a command line
MAX_NUMBER = 1_000_000_000  # any whole number in a command


def _field_types(cls: type[Command]) -> tuple[tuple[str, str], ...]:
    # the annotation's base name: "tuple[int, ...]" is a "tuple"
    return tuple((f.name, (f.type if isinstance(f.type, str) else f.type.__name__).partition("[")[0])
                 for f in fields(cls))


# each command type's fields in order, with their kind: bool, int, tuple or str (a word)
FIELDS = {name: _field_types(cls) for name, cls in COMMAND_TYPES.items()}
_WORD = re.compile(r"^[a-z_]*$")
_INT = re.compile(r"^-?\d{1,10}$")


def command_line(cmd: Command) -> str:
    """`Summon player=0 card=31 zone=phantom ...`: one command as one line of text."""
    parts = [type(cmd).__name__]
    for name, kind in FIELDS[type(cmd).__name__]:
        value = getattr(cmd, name)
        if kind == "bool":
            text = "true" if value else "false"
        elif kind == "tuple":
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        parts.append(f"{name}={text}")
    return " ".join(parts)


def parse_command(line: object) -> Command:
    """The inverse of `command_line`; ValueError with a short reason otherwise."""
    if not isinstance(line, str):
        raise ValueError(f"expected a line of text like 'Pass player=0', got {brief(line)}")
    if len(line) > MAX_LINE:
        raise ValueError(f"a command line is at most {MAX_LINE} characters")
    words = line.split()
    if not words or words[0] not in FIELDS:
        raise ValueError(f"unknown command {brief(words[0] if words else line)}; one of "
                         f"{', '.join(sorted(FIELDS))}")
    kinds = dict(FIELDS[words[0]])
    data: dict[str, Any] = {"type": words[0]}
    for word in words[1:]:
        name, eq, text = word.partition("=")
        if not eq or name not in kinds:
            raise ValueError(f"{words[0]}: unknown field {brief(name)}; its fields are "
                             f"{', '.join(kinds)}")
        if name in data:
            raise ValueError(f"{words[0]}: {name} given twice")
        data[name] = _value(words[0], name, kinds[name], text)
    missing = [n for n in kinds if n not in data]
    if missing:
        raise ValueError(f"{words[0]}: missing {', '.join(missing)}")
    cmd = command_from_dict(data)
    problem = command_problem(cmd)
    if problem is not None:
        raise ValueError(problem)
    return cmd


def _value(cmd: str, name: str, kind: str, text: str) -> object:
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"{cmd}: {name} must be true or false, got {brief(text)}")
        return text == "true"
    if kind == "int":
        return _number(cmd, name, text)
    if kind == "tuple":
        return tuple(_number(cmd, name, t) for t in text.split(",")) if text else ()
    if not _WORD.match(text) or len(text) > 32:
        raise ValueError(f"{cmd}: {name} must be a word like 'phantom', got {brief(text)}")
    return text


def _number(cmd: str, name: str, text: str) -> int:
    if not _INT.match(text) or abs(int(text)) > MAX_NUMBER:
        raise ValueError(f"{cmd}: {name} must be a whole number (at most {MAX_NUMBER:,}), "
                         f"got {brief(text)}")
    return int(text)

