"""Card data: loading and checking the YAML card files (docs/cards.md)."""

from __future__ import annotations

from game.cards.loader import (
    DEFAULT_CARD_DIR,
    CardDataError,
    load_card_file,
    load_card_set,
    parse_cards,
)

__all__ = ["DEFAULT_CARD_DIR", "CardDataError", "load_card_file", "load_card_set", "parse_cards"]
