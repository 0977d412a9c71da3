"""The Puzzles screen: every shipped puzzle and the player's own, with what each asks.

The list shows the number, name, goal and difficulty of each puzzle and a check mark once it
is solved (game.play.puzzles.Progress); a file that cannot be played is listed with its problem
and cannot be opened (choosing it says why). The pane on the right tells the selected
puzzle's story. Enter, a double click or "Play" opens it in the duel screen
(game.ui.puzzle_play). Files are read once, when the screen opens; coming back from a
puzzle only refreshes the check marks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from game.ai.levels import LEVELS
from game.files import folders
from game.play import puzzles as pz
from game.ui import backdrop, theme
from game.ui import text as txt
from game.ui.scene import Pop, Push, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, ItemState, ListView, WidgetGroup, row_backdrop
from game.ui.widgets.base import is_key

W, H = theme.LOGICAL_SIZE
ROW_H = 50
LIST = pygame.Rect(40, 112, 590, 520)
DETAILS = pygame.Rect(660, 112, 580, 520)
CHECK = "\u2713"
OPPONENT_TEXT = {"pass": "never answers and ends its turns",
                 "script": "plays a fixed plan",
                 **{lv.name: f"is the {lv.label} AI ({lv.description})" for lv in LEVELS}}


def opponent_text(entry: pz.Puzzle) -> str:
    """What the other seat does, in words ("Your opponent ...")."""
    if entry.opponent == "script" and entry.otherwise in _LABELS:
        return (f"plays the puzzle's planned answers, and elsewhere is the "
                f"{_LABELS[entry.otherwise]} AI playing to stop you")
    return OPPONENT_TEXT.get(entry.opponent, entry.opponent)


_LABELS = {lv.name: lv.label for lv in LEVELS}


def _short(path: Path) -> str:
    """`path` with the home folder written ~ (shorter, and the same on every screenshot)."""
    try:
        return "~/" + path.relative_to(Path.home()).as_posix()
    except (ValueError, RuntimeError):
        return str(path)


def pips(n: int) -> str:
    return "\u25cf" * n + "\u25cb" * (pz.MAX_DIFFICULTY - n)


class PuzzlesScene(Screen):
    def __init__(self, entries: list[pz.Puzzle | pz.BrokenPuzzle] | None = None,
                 progress: pz.Progress | None = None, threaded: bool = True) -> None:
        super().__init__((W // 2, H - 96))
        self.entries = pz.list_puzzles() if entries is None else entries
        self.progress = progress if progress is not None else pz.load_progress()
        self.threaded = threaded
        self.settings = folders.load_settings()  # the duel screen's settings, read once
        self.numbers = {e.key: i + 1 for i, e in enumerate(self.entries)}
        # a row holds a name over a goal: taller when Settings' text size is larger
        row_h = max(ROW_H, txt.font(theme.LABEL, True).get_height()
                    + txt.font(theme.SMALL).get_height() + 8)
        self.list = ListView(LIST.inflate(-12, -12), row_h, self._draw_row, on_activate=self.play)
        self.list.set_items(self.entries)
        self.back = Button((40, H - 74, 150, 46), "Back", self.leave, tooltip="Back to the menu (Esc)")
        self.play_button = Button((DETAILS.right - 220, DETAILS.bottom - 62, 200, 46), "Play",
                                  self.play_selected, "primary", tooltip="Open this puzzle (Enter)")
        self.group = WidgetGroup([self.list, self.play_button, self.back])
        self.group.on_cancel = self.leave
        self.group.set_focus(self.list)
        first_open = next((i for i, e in enumerate(self.entries) if isinstance(e, pz.Puzzle)
                           and not self.progress.is_solved(e.key)), 0)
        self.list.select(first_open if self.entries else None)
        self._details_key: tuple[str, bool] | None = None  # (puzzle, solved) shown in the pane
        self._details: list[tuple[str, int, theme.Colour, bool]] = []
        self._where = f"Your own puzzle files: {_short(pz.user_dir())}"
        if self.progress.problem:  # the file is left as it is; nothing is saved over it
            self.toast.show(self.progress.problem, "warn", seconds=8.0)

    # ------------------------------------------------------------ actions
    @property
    def selected(self) -> pz.Puzzle | pz.BrokenPuzzle | None:
        return self.list.selected_item

    def play(self, entry: pz.Puzzle | pz.BrokenPuzzle) -> None:
        if isinstance(entry, pz.BrokenPuzzle):
            self.toast.show(f"{entry.name} cannot be played: {entry.problem}", "error", seconds=6.0)
            return
        from game.ui.puzzle_play import PuzzlePlayScene

        try:
            scene = PuzzlePlayScene(entry, self.progress, number=self.numbers.get(entry.key, 0),
                                    next_puzzle=self._next_after(entry), threaded=self.threaded,
                                    settings=self.settings)
        except Exception as exc:  # a position the engine refuses: say so, keep the list
            self.toast.show(f"{entry.name} cannot be opened: {exc}", "error", seconds=6.0)
            return
        self.go(Push(scene))

    def _next_after(self, entry: pz.Puzzle) -> Callable[[], Screen] | None:
        """A factory for the next playable puzzle after `entry` (None at the end)."""
        i = self.entries.index(entry)
        later = [e for e in self.entries[i + 1:] if isinstance(e, pz.Puzzle)]
        if not later:
            return None
        nxt = later[0]

        def make() -> Screen:
            from game.ui.puzzle_play import PuzzlePlayScene

            self.list.select(self.entries.index(nxt))
            return PuzzlePlayScene(nxt, self.progress, number=self.numbers.get(nxt.key, 0),
                                   next_puzzle=self._next_after(nxt), threaded=self.threaded,
                                   settings=self.settings)
        return make

    def play_selected(self) -> None:
        if self.selected is None:
            self.toast.show("There are no puzzles to play", "error")
            return
        self.play(self.selected)

    def leave(self) -> None:
        self.go(Pop())

    def resume(self) -> None:
        """Back from a puzzle: the check marks may have changed (drawn from `progress`)."""
        self._details_key = None

    # ------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.list.index_at(event.pos)
            if i is not None:
                self.group.set_focus(self.list)
                self.list.select(i)
                if self.double_click(i):
                    self.play(self.entries[i])
                return None
        if is_key(event, pygame.K_SPACE) and self.group.focus is self.list:
            self.play_selected()
            return None
        self.group.handle_event(event)
        return None

    def on_update(self, dt: float) -> Transition | None:
        self.group.update(dt)
        self.play_button.enabled = isinstance(self.selected, pz.Puzzle)
        return None

    # --------------------------------------------------------------- draw
    def paint_backdrop(self, bg: pygame.Surface) -> None:
        for rect in (LIST, DETAILS):
            pygame.draw.rect(bg, theme.PANEL, rect, border_radius=10)
            pygame.draw.rect(bg, theme.PANEL_EDGE, rect, width=1, border_radius=10)

    def draw_body(self, surface: pygame.Surface) -> None:
        backdrop.title_and_rule(surface, "Puzzles", theme.TITLE, 40, 70)
        playable = [e for e in self.entries if isinstance(e, pz.Puzzle)]
        solved = sum(1 for e in playable if self.progress.is_solved(e.key))
        sub = f"Positions to solve from one seat.  Solved {solved} of {len(playable)}."
        txt.blit_text(surface, sub, theme.BODY, theme.TEXT_DIM, (40, 82))
        txt.blit_text(surface, txt.fit(self._where, theme.SMALL, 560), theme.SMALL, theme.TEXT_FAINT,
                      (W - 40, 86), anchor="topright")
        self._draw_details(surface)
        hint = "\u2191\u2193 choose  \u00b7  Enter or double click plays  \u00b7  Esc goes back"
        drawn = txt.blit_text(surface, hint, theme.SMALL, theme.TEXT_FAINT, (W // 2, H - 50),
                              anchor="center")
        self.group.keep_clear = [drawn]  # a tooltip ("Open this puzzle") stays off the keys
        self.group.draw(surface)  # the widgets, then their tooltip over everything
        if not self.entries:
            txt.blit_text(surface, "No puzzle files found.", theme.LABEL, theme.TEXT_DIM,
                          LIST.center, anchor="center")

    def _draw_row(self, surface: pygame.Surface, entry: pz.Puzzle | pz.BrokenPuzzle, rect: pygame.Rect,
                  state: ItemState) -> None:
        r = row_backdrop(surface, rect, state, (50, 44, 32))
        broken = isinstance(entry, pz.BrokenPuzzle)
        number = self.numbers.get(entry.key, 0)
        badge = pygame.Rect(r.x + 10, r.centery - 16, 32, 32)
        solved = not broken and self.progress.is_solved(entry.key)
        pygame.draw.rect(surface, (40, 70, 50) if solved else theme.PANEL_DARK, badge, border_radius=16)
        pygame.draw.rect(surface, theme.GOOD if solved else theme.PANEL_EDGE, badge, 1, border_radius=16)
        txt.blit_text(surface, CHECK if solved else str(number), theme.LABEL,
                      theme.GOOD if solved else theme.TEXT_DIM, badge.center, bold=True, anchor="center")
        x = badge.right + 12
        if isinstance(entry, pz.BrokenPuzzle):  # narrows `entry` (the bool does not)
            name = txt.blit_text(surface, txt.fit(entry.name, theme.LABEL, r.right - x - 12), theme.LABEL,
                                 theme.TEXT_FAINT, (x, r.y + 2), bold=True)
            txt.blit_text(surface, txt.fit("Cannot be played: " + entry.problem, theme.SMALL,
                                           r.right - x - 12), theme.SMALL, theme.BAD,
                          (x, max(r.y + 25, name.bottom)))
            return
        right = txt.blit_text(surface, pips(entry.difficulty), theme.SMALL, theme.ACCENT,
                              (r.right - 12, r.y + 6), anchor="topright")
        tag = "yours" if entry.source == "mine" else ""
        room = right.x - x - 12
        if tag:
            t = txt.blit_text(surface, tag, theme.SMALL, theme.GOOD, (right.x - 10, r.y + 8),
                              anchor="topright")
            room = t.x - x - 10
        name = txt.blit_text(surface, txt.fit(entry.name, theme.LABEL, room), theme.LABEL, theme.TEXT,
                             (x, r.y + 2), bold=True)
        goal = entry.goal.describe() + ("   Solved" if solved else "")
        txt.blit_text(surface, txt.fit(goal, theme.SMALL, r.right - x - 12), theme.SMALL,
                      theme.GOOD if solved else theme.TEXT_DIM, (x, max(r.y + 25, name.bottom)))

    def _details_lines(self, entry: pz.Puzzle | pz.BrokenPuzzle) -> list[tuple[str, int, theme.Colour, bool]]:
        """The pane's lines for `entry`, wrapped once per selection (not every frame)."""
        width = DETAILS.w - 48
        out: list[tuple[str, int, theme.Colour, bool]] = []

        def para(s: str, px: int, colour: theme.Colour, bold: bool = False) -> None:
            for line in txt.wrap(s, px, width, bold):
                out.append((line, px, colour, bold))

        if isinstance(entry, pz.BrokenPuzzle):
            para(entry.name, theme.HEADING, theme.TEXT, True)
            out.append(("", 8, theme.TEXT, False))
            para("This file cannot be played:", theme.BODY, theme.TEXT_DIM)
            para(entry.problem, theme.BODY, theme.BAD)
            out.append(("", 8, theme.TEXT, False))
            para("Fix the file and open this screen again (docs/scenarios.md describes the format).",
                 theme.SMALL, theme.TEXT_FAINT)
            return out
        number = self.numbers.get(entry.key, 0)
        para(entry.name, theme.HEADING, theme.TEXT, True)
        solved = self.progress.is_solved(entry.key)
        para(f"Puzzle {number}  \u00b7  Difficulty {pips(entry.difficulty)}"
             + (f"  \u00b7  {CHECK} Solved" if solved else ""), theme.SMALL,
             theme.GOOD if solved else theme.TEXT_DIM)
        out.append(("", 10, theme.TEXT, False))
        para("GOAL", theme.SMALL, theme.TEXT_DIM, True)
        para(entry.goal.describe(), theme.LABEL, theme.ACCENT, True)
        out.append(("", 10, theme.TEXT, False))
        para(entry.description or "No description.", theme.BODY, theme.TEXT)
        out.append(("", 10, theme.TEXT, False))
        para(f"You play Player {entry.player}. Your opponent "
             f"{opponent_text(entry)}.", theme.SMALL, theme.TEXT_DIM)
        if entry.hint:
            para("A hint is available during the puzzle (F1).", theme.SMALL, theme.TEXT_DIM)
        if entry.source == "mine":
            para(f"File: {entry.path}", theme.SMALL, theme.TEXT_FAINT)
        return out

    def _draw_details(self, surface: pygame.Surface) -> None:
        entry = self.selected
        if entry is None:
            return
        key = (entry.key, self.progress.is_solved(entry.key))
        if key != self._details_key:
            self._details_key, self._details = key, self._details_lines(entry)
        y = DETAILS.y + 20
        bottom = self.play_button.rect.y - 10
        for line, px, colour, bold in self._details:
            step = txt.font(px, bold).get_linesize() + 2 if line else px  # grows with the text size
            if y + step > bottom:
                break
            if line:
                txt.blit_text(surface, line, px, colour, (DETAILS.x + 24, y), bold=bold)
            y += step
