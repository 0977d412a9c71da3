"""The members of `model.ChoiceKind`, read at module-attribute speed (see the package)."""

from __future__ import annotations

from typing import Final

from ..model import ChoiceKind

DISCARD_END: Final = ChoiceKind.DISCARD_END
COST_DISCARD: Final = ChoiceKind.COST_DISCARD
MATERIALS: Final = ChoiceKind.MATERIALS
TRIGGER_TARGET: Final = ChoiceKind.TRIGGER_TARGET
TRIGGER_OPTIONAL: Final = ChoiceKind.TRIGGER_OPTIONAL
DISCARD: Final = ChoiceKind.DISCARD
SEARCH: Final = ChoiceKind.SEARCH
SUMMON_PICK: Final = ChoiceKind.SUMMON_PICK
CHOOSE_OPTION: Final = ChoiceKind.CHOOSE_OPTION
