"""What the pause menu and the duel settings may ask of a duel screen: a narrow Protocol,
low in the package, so pause.py and prefs.py never import the scene (no import circle) and
never write its fields or call its private methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.engine import Command
    from game.files import folders
    from game.ui.scene import Transition
    from game.ui.screen import Modal

    from .seats import Responses
    from .session import DuelSession


class DuelHost(Protocol):
    """A duel on screen, as its pause menu and settings see it."""

    @property
    def session(self) -> DuelSession: ...

    @property
    def hotseat(self) -> bool: ...

    @property
    def shown(self) -> int: ...

    @property
    def title(self) -> str: ...

    @property
    def best_of(self) -> int: ...

    @property
    def suspender(self) -> Callable[[], None] | None: ...

    def name(self, seat: int) -> str: ...
    def go(self, transition: Transition | None) -> None: ...
    def show_dialog(self, dialog: Modal | None) -> None: ...
    def allow_quit(self) -> bool: ...
    def duel_settings(self) -> folders.Settings: ...
    def take_seat(self, seat: int) -> None: ...
    def send(self, commands: list[Command], decided: bool = True) -> None: ...
    def use_prefs(self, ai_pause: float, glow: bool, log_size: str,
                  speed: str | None = None, responses: list[Responses] | None = None) -> None: ...
