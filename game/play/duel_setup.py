"""What the duel setup screen hands to the duel: a plain record, no pygame.

The setup scene builds a `DuelSetup` and passes it to game.ui.duel_hook.start_duel, which
the duel screen fills in; tests and tools can build one directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.ai.levels import LEVEL_NAMES
from game.decks.deck import Deck

MODES = ("hotseat", "versus_ai")


@dataclass(frozen=True)
class DuelSetup:
    mode: str  # "hotseat" or "versus_ai"
    deck_paths: tuple[Path, Path]  # player 1 (in versus_ai: the person), player 2
    decks: tuple[Deck, Deck]
    best_of: int = 1  # 1: a single duel, 3: a best-of-3 match
    first: int | None = None  # 0 or 1: who goes first; None: a coin toss
    ai_level: str | None = None  # versus_ai only: a level name (game.ai.levels)
    # hotseat only: "Quick hotseat", ask a person only when they hold a real answer (the
    # curtain then tells the other seat so; RULES.md I19)
    quick: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {self.mode!r}")
        if self.best_of not in (1, 3):
            raise ValueError(f"best_of must be 1 or 3, got {self.best_of!r}")
        if self.first not in (None, 0, 1):
            raise ValueError(f"first must be None, 0 or 1, got {self.first!r}")
        if self.mode == "versus_ai" and self.ai_level not in LEVEL_NAMES:
            raise ValueError(f"ai_level must be one of {LEVEL_NAMES}, got {self.ai_level!r}")
