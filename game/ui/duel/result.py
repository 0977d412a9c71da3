"""After a duel: who won and why, the score; then the loser's choice, or the match result.

Mouse or keys (Tab / arrows move, Enter presses, Esc goes back to the menu). Between duels
of a match the loser chooses who goes first (a computer loser goes first); at the end of
the match: rematch or back to the menu. "Watch replay" opens the replay viewer on the duel
just saved (game/ui/replays/); between the duels of a hotseat match it is not offered, so
neither player sees the other's hand before the next duel (the Replays list has it after).
"""

from __future__ import annotations

import pygame

from game.play.match import DRAW
from game.ui import text as txt
from game.ui import theme
from game.ui.scene import Pop, Push
from game.ui.screen import Screen
from game.ui.widgets import Button, WidgetGroup

from . import style
from .between import BetweenDuels

W, H = 1280, 720


def _goes(name: str) -> str:
    return "You go first" if name == "You" else f"{name} goes first"


class ResultScene(Screen):
    def __init__(self, flow: BetweenDuels) -> None:
        super().__init__()
        self.flow = flow
        m = flow.match
        self.result = m.results[-1] if m.results else DRAW
        self.reason = flow.last_reason  # a sentence already (game/play/end_words.py)
        buttons: list[Button] = []
        self.question = ""
        if flow.over:
            winner = flow.winner
            assert winner is not None, "a match that is over has a winner (0, 1 or DRAW)"
            if flow.best_of == 1:
                self.headline = flow.describe_result(self.result)
            elif winner == DRAW:
                self.headline = "The match is a draw"
            else:
                self.headline = f"{flow.names[winner]} win{'' if flow.names[winner] == 'You' else 's'} the match"
            buttons.append(Button((0, 0, 240, 50), "Rematch", self._rematch, "primary"))
            buttons.append(Button((0, 0, 240, 50), "Back to the menu", self._menu))
        else:
            self.headline = flow.describe_result(self.result)
            chooser = m.chooser
            nxt = len(m.results) + 1
            if chooser is not None and flow.humans[chooser]:
                other = flow.names[1 - chooser]
                self.question = f"{flow.names[chooser]} lost: who goes first in duel {nxt}?"
                buttons.append(Button((0, 0, 260, 50), _goes(flow.names[chooser]),
                                      lambda: self._first(True), "primary"))
                buttons.append(Button((0, 0, 260, 50), _goes(other), lambda: self._first(False)))
            elif chooser is not None:
                self.question = f"{flow.names[chooser]} lost and goes first in duel {nxt}."
                buttons.append(Button((0, 0, 300, 50), "Continue to side-decking", lambda: self._first(True),
                                      "primary"))
            else:
                self.question = f"A drawn duel: a coin toss decides who goes first in duel {nxt}."
                buttons.append(Button((0, 0, 300, 50), "Continue to side-decking", self._next, "primary"))
            buttons.append(Button((0, 0, 200, 50), "Leave the match", self._menu))
        total = sum(b.rect.w for b in buttons) + 20 * (len(buttons) - 1)
        x = (W - total) // 2
        for b in buttons:
            b.rect.topleft = (x, 540)
            x += b.rect.w + 20
        self.note = ""  # why the replay cannot be watched, after a try
        self.watch: Button | None = None
        if flow.over or flow.versus_ai:  # hotseat mid-match: the next duel's hands stay private
            saved = flow.last_replay is not None
            self.watch = Button((W // 2 - 120, 612, 240, 44), "Watch replay", self._watch,
                                enabled=saved, tooltip="Watch this duel again, move by move" if saved
                                else "This duel's replay was not saved")
            buttons.append(self.watch)
        self.buttons = buttons
        self.group = WidgetGroup(buttons)
        self.group.set_focus(buttons[0])
        self.group.on_cancel = self._menu

    # ------------------------------------------------------------- actions
    def _first(self, goes_first: bool) -> None:
        self.flow.choose_first(goes_first)
        self.go(self.flow.after_choice())

    def _next(self) -> None:
        self.go(self.flow.after_choice())

    def _rematch(self) -> None:
        self.go(self.flow.rematch())

    def _menu(self) -> None:
        if not self.flow.over:  # Leave the match, between duels: left on purpose
            self.flow.leave_match()
        self.go(Pop())

    def _watch(self) -> None:
        """The replay viewer on this duel's saved replay, from the person's own seat."""
        from game.play.replay import ReplayError, ReplayRun, load_replay
        from game.ui.replays.viewer import ReplayViewer

        path = self.flow.last_replay
        if path is None:
            return
        try:
            run = ReplayRun.play(load_replay(path, self.flow.pool), self.flow.pool)
        except (ReplayError, OSError) as exc:
            self.note = f"The replay cannot be opened: {getattr(exc, 'problem', exc)}"
            return
        seat = self.flow.humans.index(True) if self.flow.versus_ai else 0
        self.go(Push(ReplayViewer(run, self.flow.pool, view=seat, sprites=self.flow.sprites)))


    # ---------------------------------------------------------------- draw
    def paint_backdrop(self, bg: pygame.Surface) -> None:
        """The table's gradient tinted with the winner's colour."""
        colour = style.player_colour(self.result) if self.result != DRAW else (150, 150, 170)
        for y in range(H):
            bg.fill(theme.mix(theme.mix(theme.BG_TOP, colour, 0.12), theme.BG_BOTTOM, y / H), (0, y, W, 1))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop(), (0, 0))
        f = self.flow
        colour = style.player_colour(self.result) if self.result != DRAW else theme.TEXT
        if f.over and f.best_of == 3 and f.winner not in (None, DRAW):
            colour = style.player_colour(f.winner)
        txt.blit_text(surface, self.headline, 44, colour, (W // 2, 120), bold=True, anchor="center")
        y = 176
        if f.over and f.best_of == 3:
            txt.blit_text(surface, f.last_duel_words(self.result), 20, theme.TEXT,
                          (W // 2, y), anchor="center")
            y += 34
        if self.reason:
            txt.blit_text(surface, self.reason, 20, theme.TEXT_DIM, (W // 2, y), anchor="center")
        self._score(surface, 260)
        if self.question:
            txt.blit_text(surface, self.question, 22, theme.TEXT, (W // 2, 500), bold=True, anchor="center")
        if self.note:
            txt.blit_text(surface, txt.fit(self.note, 15, W - 200), 15, theme.BAD, (W // 2, 601),
                          anchor="center")
        keys = txt.blit_text(surface, "Tab moves  \u00b7  Enter presses  \u00b7  Esc leaves to the menu",
                             14, theme.TEXT_FAINT, (W // 2, H - 40), anchor="center")
        self.group.keep_clear = [keys]  # "Watch this duel again" stays off the key hints
        self.group.draw(surface)  # the buttons, then their tooltip over everything

    def _score(self, surface: pygame.Surface, y: int) -> None:
        f = self.flow
        m = f.match
        wins = m.wins
        box = pygame.Rect(W // 2 - 300, y, 600, 60 + 30 * len(m.results))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=12)
        for seat, x, anchor in ((0, box.x + 30, "midleft"), (1, box.right - 30, "midright")):
            txt.blit_text(surface, f.names[seat], 22, style.player_colour(seat), (x, box.y + 30),
                          bold=True, anchor=anchor)
        draws = m.results.count(DRAW)
        score = f"{wins[0]}  \u2013  {wins[1]}"
        txt.blit_text(surface, score, 30, theme.TEXT, (box.centerx, box.y + 30), bold=True, anchor="center")
        if draws:
            txt.blit_text(surface, f"{draws} drawn", 14, theme.TEXT_DIM, (box.centerx, box.y + 52),
                          anchor="center")
        for i, r in enumerate(m.results):
            first = m.firsts[i] if i < len(m.firsts) else None
            who = "draw" if r == DRAW else f"{f.names[r]} won"
            went = f"  \u00b7  {f.names[first]} went first" if first is not None else ""
            txt.blit_text(surface, f"Duel {i + 1}: {who}{went}", 16, theme.TEXT_DIM,
                          (box.centerx, box.y + 72 + 30 * i), anchor="center")
