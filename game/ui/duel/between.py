"""What the screens between duels (result.py, sidedeck.py) read and call of the match going
on: `flow.MatchFlow`, named here by its shape, as the flow opens those screens and they must
not import it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # names for the checker only: a shape costs nothing to import
    from collections.abc import Mapping
    from pathlib import Path

    from game.decks.deck import Deck
    from game.engine import CardDef
    from game.play.match import Match
    from game.ui.scene import Scene, Transition

    from .sprites import CardSprites


class BetweenDuels(Protocol):
    """A match between its duels (flow.MatchFlow)."""

    @property
    def pool(self) -> Mapping[str, CardDef]: ...
    @property
    def match(self) -> Match: ...
    @property
    def humans(self) -> tuple[bool, bool]: ...
    @property
    def names(self) -> tuple[str, str]: ...
    @property
    def sprites(self) -> CardSprites: ...
    @property
    def versus_ai(self) -> bool: ...
    @property
    def best_of(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...  # 0, 1, DRAW, or None while the match goes on
    @property
    def last_reason(self) -> str: ...  # how the last duel ended, a sentence
    @property
    def last_replay(self) -> Path | None: ...  # its replay, once saved

    def describe_result(self, result: int) -> str: ...
    def last_duel_words(self, result: int) -> str: ...
    def choose_first(self, goes_first: bool) -> None: ...
    def after_choice(self) -> Transition: ...
    def rematch(self) -> Transition: ...
    def leave_match(self) -> None: ...
    def side_decked(self, seat: int, deck: Deck) -> list[str]: ...
    def start_duel(self) -> Scene: ...
