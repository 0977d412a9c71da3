"""Card data: loading and checking the YAML card files (docs/cards.md).

May import game.engine (the card definitions it builds) and game.files; nothing else, so
every layer above reads cards the same way (docs/architecture.md).
"""

from __future__ import annotations

from game.cards.loader import (
    DEFAULT_CARD_DIR,
    CardDataError,
    load_card_file,
    load_card_set,
    parse_card_pool,
    parse_cards,
)

__all__ = ["DEFAULT_CARD_DIR", "CardDataError", "load_card_file", "load_card_set",
           "parse_card_pool", "parse_cards"]
