"""The members of `carddefs.CardType`, read at module-attribute speed (see the package)."""

from __future__ import annotations

from typing import Final

from ..carddefs import CardType

PHANTOM: Final = CardType.PHANTOM
SPIRIT: Final = CardType.SPIRIT
COUNTER: Final = CardType.COUNTER
ENVIRONMENT: Final = CardType.ENVIRONMENT
