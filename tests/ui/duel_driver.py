"""A test player that plays the duel screen only through real pygame events.

Each step it picks one of the deciding seat's legal commands (biased towards attacks and
summons, so duels end) and performs the gesture a person would: a drag from the card to its
target, a click on a card and a menu entry, a click on the phase bar or the action button,
a pick on the prompt; or, in keyboard mode, Tab/arrows, Enter, Space and Esc only. It then
checks that the screen sent exactly that command.
"""

from __future__ import annotations

import random
import time

import pygame

from game.engine import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Command,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
    Zone,
)
from game.ui.duel.gestures import drop_target, source_of
from game.ui.duel.hits import card_at, target_rect
from game.ui.duel.interaction import Mode
from game.ui.duel.layout import LAYOUT
from game.ui.duel.panels import phase_segments
from tests.ui.events import down, feed, key, motion, up, wheel

WEIGHTS = {Attack: 8.0, Summon: 4.0, SpecialSummon: 6.0, Activate: 2.0, SetCard: 0.6,
           PlayEnvironment: 1.0, ChangePosition: 0.4, Flip: 1.0, Unsummon: 0.15,
           NextPhase: 2.0, EndTurn: 0.4, Pass: 1.0, Choose: 1.0}


class DriverError(AssertionError):
    pass


class GestureDriver:
    def __init__(self, scene, seed: int = 0, keyboard: bool = False) -> None:
        self.scene = scene
        self.rng = random.Random(seed)
        self.keyboard = keyboard
        self.gestures = 0

    # --------------------------------------------------------------- loop
    def settle(self, limit: int = 2000, seconds: float = 60.0) -> None:
        """Frames until a person may act. A computer seat thinks in a worker thread, so on a
        loaded machine frames alone can outrun it: after `limit` frames each further frame
        also yields a little real time, up to `seconds` in all."""
        s = self.scene
        deadline = time.monotonic() + seconds
        frames = 0
        while True:
            s.update(1 / 60)
            if s.curtain is not None or s.finished or s.can_act():
                return
            frames += 1
            if frames >= limit:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.005)
        raise DriverError("the screen never came back to a person")

    def step(self) -> bool:
        """One gesture; False once the duel is over (and its end was confirmed)."""
        self.settle()
        s = self.scene
        if s.curtain is not None:
            if self.keyboard:
                feed(s, key(pygame.K_RETURN))
            else:
                feed(s, motion(s.curtain.button.center), down(s.curtain.button.center),
                     up(s.curtain.button.center))
            return True
        if s.finished:
            return False
        legal = list(s.gest.legal)
        cmd = self.rng.choices(legal, [WEIGHTS.get(type(c), 1.0) for c in legal])[0]
        before = len(s.session.history)
        sent = self.perform(cmd)
        got = s.session.history[before:]
        if got[:1] != [sent[0]] or len(got) != len(sent):
            raise DriverError(f"gesture for {sent} sent {got}")
        self.gestures += 1
        return True

    def play(self, max_steps: int = 20000) -> None:
        for _ in range(max_steps):
            if not self.step():
                return
        raise DriverError("the duel did not end")

    # ------------------------------------------------------------ helpers
    def click(self, pos) -> None:
        feed(self.scene, motion(pos), down(pos), up(pos))

    def drag(self, start, end) -> None:
        s = self.scene
        feed(s, motion(start), down(start))
        for t in (0.25, 0.5, 0.75, 1.0):
            feed(s, motion((round(start[0] + (end[0] - start[0]) * t),
                            round(start[1] + (end[1] - start[1]) * t)), buttons=(1, 0, 0)))
        feed(s, up(end))

    def tab_to(self, want, limit: int = 120) -> None:
        s = self.scene
        for _ in range(limit):
            if s.input.focus == want:
                return
            feed(s, key(pygame.K_TAB))
        raise DriverError(f"Tab never reached {want!r}; focus is {s.input.focus!r}")

    def popup_pick(self, cmd: Command) -> None:
        s = self.scene
        p = s.input.popup
        if p is None:
            raise DriverError(f"no menu opened for {cmd}")
        i = next((k for k, e in enumerate(p.entries) if cmd in e.commands), None)
        if i is None:
            raise DriverError(f"{cmd} is in no entry of {[e.label for e in p.entries]}")
        if self.keyboard:
            for _ in range(len(p.entries)):
                if p.index == i:
                    break
                feed(s, key(pygame.K_DOWN))
            feed(s, key(pygame.K_RETURN))
        else:
            self.click(p.row(i).center)

    def after_drop(self, cmd: Command) -> None:
        """A drop or an entry may open a chooser, then ask for targets."""
        s = self.scene
        if s.input.popup is not None:
            self.popup_pick(cmd)
        if s.input.mode is Mode.TARGETS:
            for t in getattr(cmd, "targets", ()):
                if self.keyboard:
                    self.tab_to(t)
                    feed(s, key(pygame.K_RETURN))
                else:
                    self.click(s.geo.rect_of(t).center)

    def reveal_extra(self, uid: int) -> None:
        s = self.scene
        if uid in s.board.me.extra and not s.geo.tray_open:
            if self.keyboard:
                self.tab_to(("extra", s.shown))
                feed(s, key(pygame.K_RETURN))
            else:
                self.click(s.geo.pile_rect(s.shown, Zone.EXTRA).center)

    # ----------------------------------------------------------- gestures
    def perform(self, cmd: Command) -> list[Command]:
        s = self.scene
        if isinstance(cmd, Choose):
            return self.choose(cmd)
        if isinstance(cmd, Pass):
            if self.keyboard:
                feed(s, key(pygame.K_SPACE))
            else:
                self.click(LAYOUT.action.center)
            return [cmd]
        if isinstance(cmd, (NextPhase, EndTurn)):
            keyname = "end" if isinstance(cmd, EndTurn) else \
                {"standby": "main1", "main1": "battle", "battle": "main2", "main2": "end"}[s.board.phase.value]
            if self.keyboard:
                if isinstance(cmd, NextPhase):
                    feed(s, key(pygame.K_SPACE))
                else:
                    self.tab_to(("phase", "end"))
                    feed(s, key(pygame.K_RETURN))
            else:
                rect = dict(phase_segments(LAYOUT.phase_bar))[keyname]
                self.click(rect.center)
            return [cmd]
        uid = source_of(cmd)
        self.reveal_extra(uid)
        target = drop_target(cmd)
        if self.keyboard:
            self.tab_to(uid)
            feed(s, key(pygame.K_RETURN))
            self.popup_pick(cmd)
            if s.input.mode is Mode.HOLDING:
                self.tab_to(target)
                feed(s, key(pygame.K_RETURN))
            self.after_drop(cmd)
            return [cmd]
        if target is not None:
            start = s.geo.rect_of(uid).center
            end = target_rect(s.geo, target).center
            self.drag(start, end)
        else:
            self.click(s.geo.rect_of(uid).center)
            self.popup_pick(cmd)
        self.after_drop(cmd)
        return [cmd]

    def choose(self, cmd: Choose) -> list[Command]:
        s = self.scene
        p = s.input.prompt
        if p is None or p.kind != "choice":
            raise DriverError("a choice without a prompt")
        values = [r.value for r in p.rows]
        picks = [cmd.option]
        if p.need > 1:
            others = [v for v in values if v != cmd.option]
            picks += self.rng.sample(others, p.need - 1)
        for v in picks:
            i = values.index(v)
            rect = s.geo.rect_of(v) if p.rows[i].card is not None else None
            on_board = rect is not None and card_at(s.geo, rect.center, s.input.lifted) == v
            if self.keyboard:
                self.tab_to(v if on_board and v in s.input.focus_rects() else ("row", i))
                feed(s, key(pygame.K_RETURN))
            elif on_board and self.rng.random() < 0.5:
                self.click(s.geo.rect_of(v).center)
            else:
                p = s.input.prompt  # a pick rebuilds the prompt (its scroll starts again)
                while s.input.panel.row_rect(p, i) is None:
                    feed(s, motion(s.input.panel.rect.center),
                         wheel(-1 if i >= p.scroll else 1))
                    p = s.input.prompt
                self.click(s.input.panel.row_rect(p, i).center)
        if p.need > 0:
            if self.keyboard:
                feed(s, key(pygame.K_SPACE))
            else:
                self.click(LAYOUT.action.center)
        return [Choose(cmd.player, v) for v in picks]
