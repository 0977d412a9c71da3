"""The engine's door: an exact-type check of a command's fields before anything else reads it.

A command equal by `==` to a legal one can still carry a float, a bool or a string where an
int belongs (`2.0 == 2`, `False == 0`); such a command would pass the legality check and then
fail, or leave a different state, deep in the engine. `Duel.apply` calls `command_problem`
first and refuses a malformed command with its own reason, changing nothing.

Cheap by design: one dict lookup for the class, then one `type(x) is T` per field (random
play sends thousands of commands a second).
"""

from __future__ import annotations

from dataclasses import fields

from .commands import COMMAND_TYPES, Command

_TYPE_NAMES = {int: "a whole number", bool: "true or false", str: "text", tuple: "a tuple"}


def _field_table(cls: type[Command]) -> tuple[tuple[str, type], ...]:
    """(field name, exact type) for each field of a command class, from its annotations."""
    out = []
    for f in fields(cls):
        annotation = f.type if isinstance(f.type, str) else f.type.__name__
        base = annotation.partition("[")[0]  # "tuple[int, ...]": a tuple
        out.append((f.name, {"int": int, "bool": bool, "str": str, "tuple": tuple}[base]))
    return tuple(out)


_FIELDS: dict[type, tuple[tuple[str, type], ...]] = {
    cls: _field_table(cls) for cls in COMMAND_TYPES.values()
}


def _describe(value: object) -> str:
    """A short description of a wrong value (never a long repr)."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"


def command_problem(command: object) -> str | None:
    """None if `command` is a well-formed command; else a short reason naming the field."""
    table = _FIELDS.get(type(command))
    if table is None:
        return f"Not a command: {_describe(command)}."
    for name, expected in table:
        value = getattr(command, name, None)
        if type(value) is not expected:
            return (f"Malformed {type(command).__name__} command: {name} must be "
                    f"{_TYPE_NAMES[expected]}, got {_describe(value)}.")
        if type(value) is tuple:
            for i, item in enumerate(value):
                if type(item) is not int:
                    return (f"Malformed {type(command).__name__} command: {name}[{i}] must be "
                            f"a whole number (a card), got {_describe(item)}.")
    return None
