"""Numbers about a deck for the builder's charts, and the test hand. Pure: no pygame.

The Level curve counts Main Deck Phantoms by Level (and Extra Deck Phantoms apart, since
they are not drawn); the type breakdown and the averages are over the Main Deck, the cards
a player actually draws. The test hand shuffles a copy of the Main Deck with its own seeded
random generator, so "new hand" never touches global randomness and tests can fix a seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.decks.deck import Deck
from game.engine.carddefs import CardDef, CardType

TYPE_NAMES = {CardType.PHANTOM: "Phantom", CardType.SPIRIT: "Spirit",
              CardType.COUNTER: "Counter", CardType.ENVIRONMENT: "Environment"}


@dataclass(frozen=True)
class DeckStats:
    main_curve: dict[int, int]  # Level -> Main Deck Phantoms
    extra_curve: dict[int, int]  # Level -> Extra Deck Phantoms
    types: dict[CardType, int]  # Main Deck cards per type
    phantoms: int
    avg_atk: float | None  # over Main Deck Phantoms (None when there are none)
    avg_health: float | None
    unknown: int  # cards whose id is not in the set

    @property
    def max_level(self) -> int:
        return max([*self.main_curve, *self.extra_curve, 0])


def deck_stats(deck: Deck, pool: Mapping[str, CardDef]) -> DeckStats:
    main = [pool[c] for c in deck.main if c in pool]
    extra = [pool[c] for c in deck.extra if c in pool]
    unknown = sum(1 for c in (*deck.main, *deck.side, *deck.extra) if c not in pool)
    phantoms = [c for c in main if c.is_phantom]
    types = Counter(c.type for c in main)
    return DeckStats(
        main_curve=dict(Counter(c.level for c in phantoms)),
        extra_curve=dict(Counter(c.level for c in extra if c.is_phantom)),
        types={t: types.get(t, 0) for t in TYPE_NAMES},
        phantoms=len(phantoms),
        avg_atk=sum(c.atk for c in phantoms) / len(phantoms) if phantoms else None,
        avg_health=sum(c.health for c in phantoms) / len(phantoms) if phantoms else None,
        unknown=unknown,
    )


class TestHand:
    """An opening hand from a shuffled copy of the Main Deck, then one card per draw."""

    __test__ = False  # not a pytest class, despite the name

    def __init__(self, main: Sequence[str], hand_size: int = 5, seed: int | None = None) -> None:
        self.hand_size = hand_size
        self._rng = random.Random(seed)
        self._main = list(main)
        self.new_hand()

    def new_hand(self) -> None:
        self.library = self._main[:]
        self._rng.shuffle(self.library)
        self.hand = self.library[: self.hand_size]
        self.library = self.library[self.hand_size:]

    def draw(self) -> str | None:
        """Draw the next card into the hand; None when the deck is empty."""
        if not self.library:
            return None
        card = self.library.pop(0)
        self.hand.append(card)
        return card

    @property
    def left(self) -> int:
        return len(self.library)
