"""Plain functions that build slotted dataclass objects, for the engine's hot paths.

On Python 3.11 calling a class runs its `__init__` through C (`type.__call__`), which the
interpreter cannot inline; a plain function that makes the object with `object.__new__` and
sets its fields is a Python-to-Python call, about a third cheaper. The engine builds about
ten events and Steps per command, so its hot paths build them with `builder(cls)`; the
object is the one `cls(...)` would make (same fields, same defaults: `test_builders.py`).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar, cast

T = TypeVar("T")


def builder(cls: type[T]) -> type[T]:
    """A function taking the same arguments as `cls` and returning the same object (typed
    as the class, so its callers are checked against the fields). Only for slotted
    dataclasses without `__post_init__` or default factories."""
    if not is_dataclass(cls) or not hasattr(cls, "__slots__") or \
            hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: not a plain slotted dataclass")
    names: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params = []
    body = []
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory")
        if f.default is MISSING:
            params.append(f.name)
        else:
            names[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        body.append(f"    e.{f.name} = {f.name}\n")
    source = (f"def build_{cls.__name__}({', '.join(params)}):\n    e = _new(_cls)\n"
              + "".join(body) + "    return e\n")
    exec(source, names)  # as dataclasses writes __init__
    return cast("type[T]", names[f"build_{cls.__name__}"])
