"""The members of `model.Phase`, read at module-attribute speed (see the package)."""

from __future__ import annotations

from typing import Final

from ..model import Phase

STANDBY: Final = Phase.STANDBY
MAIN1: Final = Phase.MAIN1
BATTLE: Final = Phase.BATTLE
MAIN2: Final = Phase.MAIN2
END: Final = Phase.END
DRAW: Final = Phase.DRAW
