"""The Undo (a player aid) on the duel screen: U, Ctrl+Z or the Undo button take back the
person's last decision, at once versus the computer or in a puzzle, after the other player
agrees in hotseat; else the toast says why not, citing the rule. The bookkeeping is
undo.py's and the session's; the question over a covered board is aids.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from game.engine import CardDef
from game.rules import texts as rule_texts
from game.ui import cite
from game.ui.screen import Modal

from . import aids
from .hooks import DuelHooks
from .interaction import Interaction
from .popups import Curtain
from .session import DuelSession


class UndoHost(Protocol):
    """What an undo asks of the duel screen."""

    session: DuelSession
    pool: Mapping[str, CardDef]
    hooks: DuelHooks[Any]
    hotseat: bool
    curtain: Curtain | None
    dialog: Modal | None
    input: Interaction

    def aid_seat(self) -> int: ...
    def name(self, seat: int) -> str: ...
    def say(self, text: str, kind: str = "info", over_far_hand: bool = False,
            detail: str = "", seconds: float | None = None, whole: bool = False) -> None: ...
    def show_dialog(self, dialog: Modal | None) -> None: ...
    def rewound(self, seat: int) -> None: ...
    def raise_curtain(self, seat: int, reason: str | None = None) -> None: ...


class UndoAid:
    """Asks, confirms and performs an undo for the duel screen (no state of its own)."""

    def __init__(self, host: UndoHost) -> None:
        self.host = host

    def possible(self, seat: int) -> bool:
        """Whether the Undo button is lit for `seat` (a click still answers with why not)."""
        s = self.host.session
        return not s.over and s.undos.latest(seat) is not None

    def request(self) -> None:
        """Take back the person's last decision, or say why not."""
        h = self.host
        if h.curtain is not None or h.dialog is not None:
            return
        seat = h.aid_seat()
        why = (h.hooks.undo_block() if h.hooks.undo_block is not None else "") or \
            h.session.undo_refusal(seat, h.pool)
        if why:
            cited = next((r for r in rule_texts.CLIENT_CITED if why.endswith(cite.tag_of(r))), "")
            h.say(why, "warn", detail=cite.words_of(cited) if cited else "")  # hover: the rule
            return
        if h.hotseat:
            words = h.session.undo_words(seat)
            h.input.reset()
            h.show_dialog(aids.undo_question(
                h.name(seat), h.name(1 - seat), words, lambda: self.undo(seat),
                lambda: h.say(f"{h.name(1 - seat)} refused the undo.", "warn")))
            return
        self.undo(seat)

    def undo(self, seat: int) -> None:
        h = self.host
        mark = h.session.undo(seat)
        h.rewound(seat)
        left = h.session.undos.count(seat)
        more = f" ({left} more can be undone this turn)" if left else ""
        if h.hotseat:  # the other player agreed at the screen: the asker takes the seat again
            h.raise_curtain(seat, f"{h.name(1 - seat)} agreed: {mark.words} is taken back.")
            return
        h.say(f"Undone: {mark.words}{more}", "ok")
