"""The members of `carddefs.Start`, read at module-attribute speed (see the package)."""

from __future__ import annotations

from typing import Final

from ..carddefs import Start

MAIN: Final = Start.MAIN
TRIGGER: Final = Start.TRIGGER
RESPONSE: Final = Start.RESPONSE
STATIC: Final = Start.STATIC
