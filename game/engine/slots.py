"""Free slots: where a Phantom, or a Spirit or Counter, may be placed now.

A low module (it reads only the model) so legality can ask without importing the rules
that move cards (`primitives`).
"""

from __future__ import annotations

from .model import BACKROW_ZONES, PHANTOM_ZONES, PlayerState

_SLOT_NAME_CAP = 16  # more slots than any rules file sets
_PHANTOM_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in PHANTOM_ZONES)
_BACKROW_SLOT_NAMES = tuple((z, tuple((z.value, i) for i in range(_SLOT_NAME_CAP)))
                            for z in BACKROW_ZONES)


def free_slots(player: PlayerState, backrow: bool) -> tuple[tuple[str, int], ...]:
    """Empty (zone name, index) slots of `player` where a Phantom (or, `backrow`, a Spirit
    or Counter) may go, in slot order: Phantom (or back-row) slots first, then Side Balance."""
    slot_map = player.slots
    found = []
    for zone, names in (_BACKROW_SLOT_NAMES if backrow else _PHANTOM_SLOT_NAMES):
        for i, uid in enumerate(slot_map[zone]):
            if uid is None:
                found.append(names[i])
    return tuple(found)
