"""What the code around a duel screen gives it (the match flow, a puzzle, the demo): one
declared object instead of attributes set on the scene from outside. `S` is the screen the
callbacks are handed (DuelScene), so this module needs nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    import pygame

    from game.engine import Command, Player
    from game.files import folders
    from game.ui.scene import Transition

S = TypeVar("S")


@dataclass
class DuelHooks(Generic[S]):
    """Each is optional; None means the duel screen's own default."""

    on_over: Callable[[S], Transition | None] | None = None  # "See the result": the transition
    on_end: Callable[[S], None] | None = None  # once, when the duel has ended
    on_left: Callable[[S], None] | None = None  # taken off the screen on purpose
    on_setting: Callable[[str, object], None] | None = None  # speed or answers changed on screen
    suspender: Callable[[], None] | None = None  # saves for "Continue" (MatchFlow)
    settings: folders.Settings | None = None  # the pause menu's Settings edit these
    match_note: str = ""  # a best of 3: "Duel 2 · 0–1", drawn by the Menu button
    # drawn over the board but under the Menu button, toasts and dialogs (a puzzle's banner)
    overlay: Callable[[pygame.Surface], None] | None = None
    on_hint: Callable[[], None] | None = None  # a puzzle shows its own hint text too
    undo_block: Callable[[], str] | None = None  # why not, beyond the session's (a solved puzzle)
    hint_maker: Callable[[int, int], Player] | None = None  # the Hard player a hint asks
    # the only cards the PLAY mark may go on (a lesson's step: game/ui/lessons.py); None from
    # the callable, or no callable, marks every card that can act
    marked: Callable[[], set[int] | None] | None = None
    keep_clear: tuple[pygame.Rect, ...] = ()  # what the overlay shows that no toast may cover
    # the move the phase bar and the big action button point to (a lesson's step): only the
    # button that sends it is lit, the others drawn plain (a card's move: none lit, the eye
    # goes to the PLAY mark); None from the callable, or no callable, lights every one that acts
    lit_move: Callable[[], Command | None] | None = None
    # the words under the zoom while no card is shown there ("" or no callable: the screen's
    # own, "Drag a card marked PLAY..."); a lesson's phase step says what to press instead
    note: Callable[[], str] | None = None
