"""`game/engine/members`: each module holds every member of its enum, as the same objects
(hot code reads `Zones.HAND` there instead of `Zone.HAND`: docs/engine.md)."""

from __future__ import annotations

from enum import Enum
from types import ModuleType

import pytest

from game.engine.carddefs import CardType, Start
from game.engine.members import card_types, choice_kinds, phases, starts, zones
from game.engine.model import ChoiceKind, Phase, Zone


@pytest.mark.parametrize(("module", "enum"), [
    (zones, Zone), (phases, Phase), (choice_kinds, ChoiceKind), (card_types, CardType),
    (starts, Start),
])
def test_each_module_holds_every_member_of_its_enum_and_nothing_else(
        module: ModuleType, enum: type[Enum]) -> None:
    held = {name: value for name, value in vars(module).items()
            if name.isupper() and not name.startswith("_")}
    assert held.keys() == enum.__members__.keys()
    for name, member in enum.__members__.items():
        assert held[name] is member
