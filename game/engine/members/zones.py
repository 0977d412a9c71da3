"""The members of `model.Zone`, read at module-attribute speed (see the package)."""

from __future__ import annotations

from typing import Final

from ..model import Zone

DECK: Final = Zone.DECK
EXTRA: Final = Zone.EXTRA
HAND: Final = Zone.HAND
GRAVE: Final = Zone.GRAVE
PHANTOM: Final = Zone.PHANTOM
BACK: Final = Zone.BACK
SIDE: Final = Zone.SIDE
ENV: Final = Zone.ENV
