"""The hot path's builders (game/engine/builders.py) make exactly what calling the class
makes: same type, same fields, same defaults."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields

import pytest

from game.engine import events as ev
from game.engine.builders import builder
from game.engine.model import Step, new_step


def _sample(cls: type) -> tuple:
    """Distinct arguments for every field without a default."""
    out = []
    for k, f in enumerate(fields(cls)):
        if f.default is not MISSING or f.default_factory is not MISSING:
            break  # the rest have defaults: left out
        out.append(f"v{k}" if "str" in str(f.type) else k + 7)
    return tuple(out)


def test_every_event_builder_makes_what_the_class_makes():
    built = [(name, obj) for name, obj in vars(ev).items()
             if callable(obj) and getattr(obj, "__name__", "").startswith("build_")]
    assert len(built) >= 10
    for name, make in built:
        cls = getattr(ev, make.__name__.removeprefix("build_"))
        args = _sample(cls)
        got, want = make(*args), cls(*args)
        assert type(got) is cls and got == want, name
        names = [f.name for f in fields(cls)]
        if len(names) > len(args):  # defaults, then every field given by name
            kwargs = {n: getattr(want, n) for n in names}
            assert make(**kwargs) == cls(**kwargs)


def test_step_builder():
    assert new_step(3, 1, "ability", 2, 40, 0) == Step(3, 1, "ability", 2, 40, 0)
    step = new_step(3, 1, "attack", 0, 40, extra=5, targets=(5,))
    assert type(step) is Step and step == Step(3, 1, "attack", 0, 40, extra=5, targets=(5,))
    assert step.copy() == step and step.copy() is not step


def test_command_builders_of_the_listing():
    """legal.py builds Activate and Attack commands with builders: the same commands (equal
    and hashing alike, as the interning table and `apply` compare them)."""
    from game.engine.commands import Activate, Attack
    from game.engine.legal import new_activate, new_attack

    for args in [(0, 5, 1, ()), (1, 7, 0, (3, 4)), (0, 9, -1, (), "back", 2)]:
        got, want = new_activate(*args), Activate(*args)
        assert type(got) is Activate and got == want and hash(got) == hash(want)
    got_attack = new_attack(1, 4, -1)
    assert type(got_attack) is Attack and got_attack == Attack(1, 4, -1)
    assert hash(got_attack) == hash(Attack(1, 4, -1))


def test_builder_refuses_what_it_cannot_copy():
    @dataclass
    class Plain:
        a: int

    @dataclass(slots=True)
    class WithFactory:
        a: list[int] = field(default_factory=list)

    @dataclass(slots=True)
    class WithPost:
        a: int

        def __post_init__(self) -> None:
            self.a += 1

    for cls in (Plain, WithFactory, WithPost):
        with pytest.raises(TypeError):
            builder(cls)


def test_shared_events_are_frozen_and_equal_to_new_ones():
    """The small-domain events (Line bookkeeping, priority, phases) are built once and shared
    by every duel: frozen, so no reader can change one for everybody, and each equals the
    event the class would build."""
    shared = [*(e for pair in ev.PRIORITY_PASSED for e in pair), *ev.LINE_RESOLVING,
              *ev.LINE_CLOSED, ev.line_opened(2, 3, 1), ev.phase_changed(-1, "draw")]
    for e in shared:
        with pytest.raises(AttributeError):  # FrozenInstanceError is an AttributeError
            e.__setattr__(fields(e)[0].name, 99)
        assert type(e)(*(getattr(e, f.name) for f in fields(e))) == e
    assert ev.PRIORITY_PASSED[1][True] == ev.PriorityPassed(1, True)
    assert ev.line_opened(2, 3, 1) is ev.line_opened(2, 3, 1)  # shared, not rebuilt
    assert ev.line_closed(40) == ev.LineClosed(40)  # past the table: built
    assert ev.phase_changed(0, "main1") == ev.PhaseChanged(0, "main1")

