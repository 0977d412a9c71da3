"""The duel table: one seat's board on screen, built once, for every screen that shows a duel.

What a seat sees of a duel is put together here and nowhere else: the `Board` (rebuilt from
that seat's redacted view or record, never from the duel itself), its `Geometry`, the
`Animator` that plays the seat's redacted events onto it, the `BoardRenderer`, the log panel
with its `Describer`, the LP/SP tickers and the target arrows. The duel screen
(scene.py, and through it the puzzle screen) feeds it `Duel.events_for(seat)` as commands
are applied; the replay viewer (game/ui/replays/viewer.py) feeds it the recorded events the
engine redacted for the seat shown. Neither redacts anything: the engine did.

The cycle is: `load(board)` shows a board without animation (a new seat, a jump);
`play(events)` animates one command's events and marks the table stale; once the animator
is idle the screen calls `settle(board)` with the board rebuilt from the view, which keeps
the names learnt from the events (a face-down card a seat saw revealed).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, TypeVar

import pygame

from game.engine import CardDef, StepView
from game.play.describe import Describer

from . import panels
from .animator import Animator
from .arrows import Arrow, StepArrows
from .board import Board
from .geometry import Geometry
from .layout import LAYOUT
from .render import BoardRenderer, Lights
from .sprites import CardSprites

T = TypeVar("T")
TICKED = ("lp", "sp")  # the numbers that count up and down on the player panels


class DuelTable:
    """Board, layout, animator, renderer, log and settle for one seat's view of a duel."""

    def __init__(self, board: Board, pool: Mapping[str, CardDef], sprites: CardSprites,
                 names: Callable[[int], str], you: int | None = None, speed: str = "normal",
                 on_event: Callable[[object], None] | None = None) -> None:
        """`names(seat)`: a player's name; `you`: the seat the log calls "you" (None: by
        name); `on_event(e)` hears each event as it starts to play (the log line, the sound)."""
        self.pool = pool
        self.names = names
        self.sprites = sprites
        self.board = board
        self.geo = Geometry(board)
        self.anim = Animator(board, self.geo, sprites, speed, names=names, you=you)
        self.anim.on_applied = on_event
        self.renderer = BoardRenderer(sprites, self.geo)
        self.log = panels.LogPanel(LAYOUT.log)
        self.describer = self.describer_for(you)
        self.tickers: dict[tuple[str, int], panels.Ticker] = {}
        self.step_arrows = StepArrows()
        self.stale = False  # events were played: settle once the animator is idle

    # ------------------------------------------------------------ the cycle
    def describer_for(self, you: int | None = None) -> Describer:
        """A new describer for one seat's log: it learns card names from that seat's events
        only (`you`: the seat it calls "you")."""
        return Describer(self.pool, self.names, you)

    def load(self, board: Board, you: int | None = None) -> None:
        """Show `board` from scratch, without animation (another seat, a jump): nothing in
        flight, numbers and arrows as the board says, a new describer for the log."""
        self.describer = self.describer_for(you)
        self.board = board
        self.geo.board = board
        self.anim.reset(board)
        self.stale = False
        self.step_arrows.clear()  # what another seat knew is not kept
        self.tickers = {(k, s): panels.Ticker(getattr(board.sides[s], k))
                        for s in (0, 1) for k in TICKED}

    def play(self, events: Iterable[object]) -> None:
        """Animate one command's events, as the seat shown was told them."""
        self.anim.push(events)
        self.stale = True

    def settle(self, board: Board) -> None:
        """The animations are over: the board is `board` again (rebuilt from the seat's view),
        keeping the names the events told."""
        board.names.update(self.board.names)
        self.board = board
        self.geo.board = board
        self.anim.board = board
        self.stale = False

    def update(self, dt: float, rate: float, anim_dt: float | None = None) -> None:
        """One frame: the animator (`anim_dt`, default `dt`), the renderer's clock and the
        tickers at `rate` (0: jump to the number)."""
        self.anim.update(dt if anim_dt is None else anim_dt)
        self.renderer.clock += dt
        for (kind, seat), t in self.tickers.items():
            t.set(getattr(self.board.sides[seat], kind), instant=rate == 0)
            t.update(dt, rate)

    # ------------------------------------------------------------ drawing
    def draw_board(self, surface: pygame.Surface, lights: Lights, names: tuple[str, str],
                   tray_open: bool = False) -> None:
        """The board and the cards in flight under the panels."""
        self.renderer.draw(surface, self.board, lights, self.anim.flying, names, tray_open)

    def draw_arrows(self, surface: pygame.Surface, line_hits: list[tuple[pygame.Rect, StepView]],
                    lit: tuple[int, int] | None) -> list[Arrow]:
        """Each resolving Step's and the lit Step's arrows to their targets (arrows.py)."""
        resolving = [res.step for res in self.anim.resolving.values() if res.state == "resolving"]
        return self.step_arrows.draw(surface, self.board, self.geo, self.pool, resolving,
                                     line_hits, lit)


class _Part(Generic[T]):
    """One of the table's parts read (and for `stale`, written) as the screen's own."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, screen: OnTable, owner: type | None = None) -> T:
        part: T = getattr(screen.table, self.name)  # DuelTable's attribute of the same name
        return part

    def __set__(self, screen: OnTable, value: T) -> None:
        setattr(screen.table, self.name, value)


class OnTable:
    """A screen showing a `DuelTable` (`self.table`): its parts read as the screen's own, as
    the interaction, the panels and the tests read them (`scene.board` is
    `scene.table.board`)."""

    table: DuelTable
    board: _Part[Board] = _Part()
    geo: _Part[Geometry] = _Part()
    anim: _Part[Animator] = _Part()
    renderer: _Part[BoardRenderer] = _Part()
    log: _Part[panels.LogPanel] = _Part()
    describer: _Part[Describer] = _Part()
    tickers: _Part[dict[tuple[str, int], panels.Ticker]] = _Part()
    step_arrows: _Part[StepArrows] = _Part()
    stale: _Part[bool] = _Part()
