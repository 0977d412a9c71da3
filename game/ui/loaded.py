"""What the screens share, loaded once per process: the card pool and the opening hand size.

A failure becomes a RouteError with a message the menu can show, never a crash. Its own
module (below game.ui.routes and every scene) so a scene that needs the pool does not import
the routes that open it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from game.engine.carddefs import CardDef


class RouteError(Exception):
    """A scene that cannot open; the message says why in words."""


@cache
def card_pool() -> Mapping[str, CardDef]:
    from game.cards import CardDataError, load_card_set

    try:
        return load_card_set()
    except (CardDataError, OSError, ValueError) as exc:
        raise RouteError(f"the card data cannot be loaded: {str(exc).splitlines()[0]}") from None


@cache
def hand_size() -> int:
    from game.rules.file import load_rules

    try:
        return int(load_rules().opening_hand)
    except Exception:  # the rules file has its own checks; the builder only needs a number
        return 5
