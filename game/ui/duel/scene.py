"""The duel screen: composes the board, the animator, the input and the panels.

Each frame: the animator plays the last command's events; once it is idle the scene asks
whoever decides now. A computer player thinks in its worker thread; a person whose response
setting does not want this window is passed for; in hotseat a curtain goes up when the seat
that must decide is not the one on screen, before anything private is drawn. Otherwise the
person plays through `Interaction` (drag, click, keys), which sends commands back here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from game.engine import (
    Attack,
    CardDef,
    Command,
    Pass,
    PlayerView,
    Rejected,
    SpecialSummon,
    Zone,
)
from game.engine.events import CoinTossed, DuelEnded
from game.engine.reasons import Refusal
from game.files import folders
from game.play.seat_turns import NEW, QUICK, pass_for
from game.ui import cite, sound
from game.ui.scene import Transition
from game.ui.screen import Modal, Screen
from game.ui.widgets.tooltip import draw_tooltip

from . import battle_ahead, pause, style
from .advice import command_words
from .animator import SPEEDS
from .board import Board
from .catchup import SeatMemory, summary
from .gestures import Entry, Gestures
from .hints import Hints
from .hooks import DuelHooks
from .hud import Hud
from .interaction import Interaction, Mode
from .layout import LAYOUT, ZOOM_W
from .line_panel import LinePanel
from .popups import Curtain, Popup
from .render import Lights
from .seats import Responses
from .session import DuelSession
from .sprites import CardSprites
from .table import DuelTable, OnTable
from .toasts import place_toast
from .tweens import Move
from .undo_aid import UndoAid
from .zoom import ZoomPanel

MID_TOAST = (635, LAYOUT.mid_line)
NEAR_TOAST = (635, LAYOUT.size[1] - 34)  # a toast's last place when the others cover a card
LOG_KEY = ("log",)  # the log's place in the keyboard's Tab order
REFUSAL_SECONDS = 6.0  # a refusal with its rule: time to read it and to hover for the rule
AI_PAUSE = 0.6  # the least seconds a computer player's move waits (none at "instant"), so eyes can follow


class DuelScene(OnTable, Screen):
    """One duel on screen. What the code around it gives it is one `DuelHooks` (hooks.py);
    `hooks.on_over(scene)` gives the transition once the duel has ended."""

    def __init__(self, session: DuelSession, pool: Mapping[str, CardDef], speed: str = "normal",
                 title: str = "", sprites: CardSprites | None = None, best_of: int = 1,
                 hooks: DuelHooks[DuelScene] | None = None) -> None:
        super().__init__(MID_TOAST, 720)
        self.session = session
        self.pool = pool
        self.speed = speed if speed in SPEEDS else "normal"
        self.hooks: DuelHooks[DuelScene] = hooks if hooks is not None else DuelHooks()
        self.title = title
        self.best_of = best_of  # 3: this duel is one of a best of 3 (the pause menu's words)
        self.hotseat = all(session.humans)
        first = session.deciding if session.deciding is not None else 0
        seat = first if self.hotseat else session.humans.index(True) if any(session.humans) else 0
        self.sprites = sprites or CardSprites(pool)
        view = session.view(seat)
        self.table = DuelTable(Board.from_view(view, pool), pool, self.sprites, self.name,
                               self._you(seat), self.speed, on_event=self._applied)
        self.shown = seat
        self.gest = Gestures.empty(seat, pool, self.board)
        self.input = Interaction(self)
        self.input.on_pile = self._pile
        self.curtain: Curtain | None = None
        self.stale = True  # the table changed: rebuild gestures once animations finish
        self.think = 0.0
        self.ai_pause = AI_PAUSE  # the settings (flow.apply_prefs) may change these two
        self.glow = True  # playable cards glow
        self.finished = False
        self._toast_top = False  # the toast was said over the far hand (an instruction)
        # the parts: the Line panel, the player aids (Undo; Hint versus the computer and in
        # puzzles) and the buttons and panels around the board
        self.zoom = ZoomPanel(self)
        self.line_panel = LinePanel(self)
        self.input.line_no = self.line_panel.number
        self.hints = Hints(self)
        self.undo = UndoAid(self)
        self.hud = Hud(self)
        # the keyboard's Tab order among the scene's own buttons: settings, Menu, the log, aids
        for key, rect, act in [*self.hud.targets(), (LOG_KEY, LAYOUT.log, self._enter_log),
                               *self.hud.aid_targets()]:
            self.input.extra_rects[key] = rect
            self.input.extra_actions[key] = act
        for key, works in self.hud.aid_enabled().items():  # Tab skips a greyed Undo or Hint
            self.input.extra_enabled[key] = works
        self.memory = SeatMemory()  # hotseat: the view each seat saw last (catchup.py)
        self.load_seat(seat, view)
        if self.hotseat:
            for s in (0, 1):  # both have seen the duel as it stands (a resumed one too)
                self.memory.leave(s, session.view(s))
            self.raise_curtain(seat)

    # ------------------------------------------------------------ seats
    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def _you(self, seat: int) -> int | None:
        """The one human against the computer (its sounds are "yours"); None in hotseat."""
        humans = self.session.humans
        return seat if humans[seat] and not all(humans) else None

    def _reader(self, seat: int) -> int | None:
        """Whom the log calls "you": the human against the computer, and in hotseat the seat
        at the screen (the curtain makes sure it is the one reading); the other by name."""
        return seat if self.session.humans[seat] else None

    def load_seat(self, seat: int, view: PlayerView | None = None, catch_up: bool = False) -> None:
        """Show `seat`'s view: board, log and panels rebuilt from what that seat knows.
        `catch_up` (hotseat, a seat taking the screen): first the board that seat saw last,
        then its own events since then played onto it, as they would have played live
        (catchup.py); the log says each once, and only those new ones may toast."""
        view = view or self.session.view(seat)
        if seat != self.shown:
            self.memory.leave(self.shown, self.session.view(self.shown))
        missed = self.memory.missed(seat, view) if catch_up and seat != self.shown else None
        start = missed[0] if missed is not None else view
        self.shown = seat
        self.table.load(Board.from_view(start, self.pool), self._reader(seat))
        self.geo.tray_open = False
        self.log.clear()
        for uid, card in self.board.cards.items():  # a start position's cards (a puzzle's) by name
            self.describer.learn(uid, card.card_id, card.controller)
        for e in start.log:  # what was said before: no toast again (an undo, a resume, a curtain)
            self._log_event(e, quiet=True)
        self.input.reset()
        self.input.focus = None
        self._warm = True  # zoom faces are drawn ahead in idle frames, one at a time
        if missed is not None:  # settled once the animator has played them (on_update)
            self.gest = Gestures.empty(seat, self.pool, self.board)
            self.table.play(missed[1])
            return
        self._settle()  # playable from the first event

    def visible_ids(self) -> list[str]:
        """Card ids the shown seat can see now (their zoom faces are drawn ahead)."""
        b = self.board
        out = []
        for side in b.sides:
            for u in (*side.hand, *side.field_uids(), *side.grave[-3:], *side.extra):
                c = b.cards.get(u)
                if c is not None and c.card_id is not None:
                    out.append(c.card_id)
        return out

    def _applied(self, e: object) -> None:
        """An event has started to play: its log line, and its sound (game/ui/sound.py)."""
        self._log_event(e)
        sound.hear(e, self._you(self.shown))

    def _log_event(self, e: object, quiet: bool = False) -> None:
        """The log line of `e`; a negation also toasts unless `quiet` (said before)."""
        entry = self.describer(e)
        if entry is not None:
            self.log.add(entry)
            if isinstance(e, DuelEnded):
                self.log.scroll = 0  # the ending sentence in sight, however far up the log was
            elif entry.negates and not quiet:  # a negation shows on the board as it resolves
                self.say(entry.text, "warn")

    def rewound(self, seat: int) -> None:
        """An undo took the duel back: `seat`'s view again, nothing of the later position."""
        self.finished = False  # a puzzle may take back the move that ended its duel
        self.hints.clear()
        self.line_panel.close_menu()
        self.anim.skip()
        self.load_seat(seat)

    def raise_curtain(self, seat: int, reason: str | None = None) -> None:
        """Hotseat: cover the board until `seat` is at the screen (`reason`: what is new)."""
        if reason is not None:
            self.curtain = Curtain(seat, self.name(seat), self.name(1 - seat), reason, LAYOUT.size)
            return
        view = self.session.view(seat)
        if view.choice is not None:
            reason = "You have a choice to make."
        elif view.lines:
            reason = "You may answer a Step on the Line."
        elif not self.session.history:
            first = view.first_player
            how = "The coin toss says" if any(isinstance(e, CoinTossed) for e in view.log) \
                else "The duel begins:"
            reason = f"{how} {self.name(first)} goes first."
        else:
            reason = f"Round {view.round}: your turn."
        news = self._news(seat, view)
        if news:  # what happened while this seat looked away comes first, then what is asked
            reason = f"{news} {reason}"
        self.curtain = Curtain(seat, self.name(seat), self.name(1 - seat), reason, LAYOUT.size)

    def _news(self, seat: int, view: PlayerView) -> str:
        """One sentence on what `seat` missed since it last looked (its own events)."""
        if seat == self.shown:
            return ""
        missed = self.memory.missed(seat, view)
        if missed is None:
            return ""
        return summary(missed[1], seat, self.name, self._card_name, missed[0].lines)

    def _card_name(self, card_id: str) -> str:
        card = self.pool.get(card_id)
        return card.name if card is not None else card_id

    # ------------------------------------------------------- host for input
    def can_act(self) -> bool:
        return (not self.anim.busy and not self.finished and self.curtain is None
                and not self.stale and self.session.deciding == self.shown and not self.session.is_ai(self.shown))

    def refusal(self, cmd: Command) -> Refusal | None:
        return self.session.refusal(cmd)

    def say(self, text: str, kind: str = "info", over_far_hand: bool = False,
            detail: str = "", seconds: float | None = None, whole: bool = False) -> None:
        """A toast at the middle line; an instruction for picking a place or a target goes over
        the far hand instead, the one row never lit as a place or a target. `detail` shows
        while the pointer rests on the toast."""
        far = LAYOUT.far_hand
        self._toast_top = over_far_hand
        self.toast.centre = far.center if over_far_hand else MID_TOAST
        self.toast.max_width = far.w if over_far_hand else 720
        self.toast.bounds = pygame.Rect(0, 0, *LAYOUT.size)
        self.toast.show(text, kind, seconds, detail=detail, whole=whole)

    def refused(self, refusal: Refusal, lead: str = "", kind: str = "error", rule: str = "") -> None:
        """Say why not with the rule it cites (`rule`: another rule id the screen knows is
        the one meant); hovering the toast shows that rule's words, and the toast stays
        while it is hovered (`on_update`) and long enough to be read and reached."""
        if rule:
            text = f"{lead}: {refusal.message}" if lead else refusal.message
            self.say(f"{text} {cite.tag_of(rule)}", kind, detail=cite.words_of(rule), seconds=REFUSAL_SECONDS)
            return
        self.say(cite.said(refusal.code, refusal.message, lead), kind,
                 detail=cite.words(refusal.code), seconds=REFUSAL_SECONDS)

    def attack_refusal(self, cmd: Attack) -> Refusal | None:
        """Why an attack is refused: in Main Phase 1, why it would be in the Battle Phase."""
        return battle_ahead.refusal(self.session.duel, cmd)

    def pool_name(self, uid: int) -> str:
        return self.gest.name(uid)

    def snap_back(self, uid: int, rect: pygame.Rect) -> None:
        end = self.geo.rect_of(uid)
        card = self.board.cards.get(uid)
        if end is None or card is None or card.card_id is None:
            return
        tween = Move(self.sprites.ghost(card.card_id, 96), rect, end, 0.22)
        tween.blocks = False
        if self.speed != "instant":
            self.anim.tweens.append(tween)

    def send(self, commands: list[Command], decided: bool = True) -> None:
        """Apply commands in order (a multi-pick choice is several); redacted events animate.
        `decided`: a person's own decision (it can be undone), not a pass sent for them or a
        computer player's move."""
        words = ""
        if decided and commands and self.session.humans[commands[0].player]:
            words = command_words(commands[0], self.session.view(commands[0].player), self.pool)
        for i, cmd in enumerate(commands):
            try:
                events = self.session.apply(cmd, self.shown, words if i == 0 else "")
            except Rejected as exc:
                self.say(cite.said(exc.code, exc.reason), "error", detail=cite.words(exc.code))
                break
            self.table.play(events)
        if any(isinstance(c, SpecialSummon) for c in commands):
            self.geo.tray_open = False
        if self.toast.kind == "info":
            self.toast.clear()
        self.input.reset()
        self.stale = True

    def _forced_pass(self) -> Command | None:
        """The Pass of a seat whose only legal action on an open Line is to pass (a computer
        player, or a person whose answers setting would pass it), else None."""
        s = self.session
        seat = s.deciding
        if s.over or seat is None:
            return None
        view = s.view(seat)
        legal = view.legal_actions
        if not view.lines or view.choice is not None or len(legal) != 1 or not isinstance(legal[0], Pass):
            return None
        if s.is_ai(seat):
            # the other seat must not learn from the pace that a face-down card cannot answer:
            # a computer that might answer, by all the other seat sees, takes its usual pause
            # whether or not it can (RULES.md I15)
            return None if s.seems_asked(seat) else legal[0]
        return self._person_pass(seat)

    def _person_pass(self, seat: int) -> Pass | None:
        """The Pass to send for a person now, as their answers setting says; in hotseat,
        judged only by what the other player sees (RULES.md I15): a person who might answer
        is handed the screen (the curtain) and asked, even with nothing but Pass, and is not
        passed for once seated, so the other player cannot tell by the pace either. The
        hotseat decision is game/play/seat_turns.py's (I19: one's own Step is passed for)."""
        s = self.session
        if not self.hotseat:
            return s.auto_pass(seat)
        if s.over or s.hold == len(s.history):  # after an undo they decide there themselves
            return None
        own = s.view(seat)
        waiting = s.yields[seat]  # a yield passes like "never ask", by choice
        if not pass_for(own, s.view(1 - seat), s.duel.pool, setting=s.responses[seat].value,
                        yielding=waiting is not None and waiting.on(own),
                        policy=QUICK if s.quick else NEW):
            return None
        return next(c for c in own.legal_actions if isinstance(c, Pass))

    # -------------------------------------------------------------- update
    def on_update(self, dt: float) -> Transition | None:
        if self.curtain is None and self.dialog is None:
            # passes nobody could avoid join the events of the command before any of them
            # plays, so a Line nobody could answer animates as one short beat (Animator)
            forced = self._forced_pass()
            while forced is not None:
                self.send([forced], decided=False)
                forced = self._forced_pass()
        self.anim.speed = self.speed
        self.table.update(dt, SPEEDS[self.speed])
        self.hud.update(dt)
        if self.toast.detail_at(self.input.pointer):  # a refusal hovered for its rule: it stays
            self.toast.left = max(self.toast.left, 1.0)
        self.log.tick(dt, self.log.rect.collidepoint(self.input.pointer))
        self.hints.poll()
        if self.curtain is None and self.dialog is None and not self.anim.busy:
            self._drive(dt)
            if self._warm and not self.anim.tweens:  # idle: draw ahead the zoom faces of new cards
                self._warm = not self.sprites.warm_zoom(self.visible_ids(), ZOOM_W, budget_s=0.002)
        return None


    def left(self) -> None:
        """Off the screen stack on purpose (game.ui.scene): the flow lets go of its autosave."""
        if self.hooks.on_left is not None:
            self.hooks.on_left(self)

    def _drive(self, dt: float) -> None:
        s = self.session
        if self.stale:
            self._settle()
        if s.over:
            if not self.finished:
                self.finished = True
                self.input.reset()
                self.input.refresh()
                if self.hooks.on_end is not None:
                    self.hooks.on_end(self)
            return
        seat = s.deciding
        if seat is None:
            return
        if s.is_ai(seat):
            worker = s.workers[seat]
            if not worker.thinking:
                worker.start(s.view(seat))
                self.think = self.ai_pause
            self.think -= dt if SPEEDS[self.speed] else 1e9
            if self.think <= 0:
                cmd = worker.poll()
                if cmd is not None:
                    self.send([cmd], decided=False)
            return
        auto = self._person_pass(seat)
        if auto is not None:
            self.send([auto], decided=False)
            return
        if seat != self.shown:
            if self.hotseat:
                self.raise_curtain(seat)
            return

    def _settle(self) -> None:
        """Animations are done: the board is the view again; new legal actions, new prompt."""
        view = self.session.view(self.shown)
        self.table.settle(Board.from_view(view, self.pool))
        board = self.board
        self._warm = True
        legal = view.legal_actions if self.session.deciding == self.shown and \
            not self.session.is_ai(self.shown) else ()
        self.gest = Gestures(self.shown, legal, self.pool, board)
        if legal and board.phase is not None and board.phase.value == "main1":
            self.gest.later = battle_ahead.attacks(self.session.duel, self.shown)
        self.input.refresh()
        self.step_arrows.note(self.session.duel, board, self.pool)  # the board is the duel now

    # --------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if self.curtain is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.open_pause()
            elif self.curtain.handle_event(event):
                seat = self.curtain.seat
                self.curtain = None
                self.load_seat(seat, catch_up=True)
            return None
        if self.line_panel.menu is not None:
            self.line_panel.menu_event(event)
            return None
        if self.hud.menu_event(event) and event.type != pygame.MOUSEMOTION:
            return None
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return None
        if event.type == pygame.MOUSEMOTION:
            self.input.mouse(event)
            self.zoom.unpoint()  # the zoom follows what is under the pointer now
            self.log.hover = self.log.entry_at(event.pos)
            self.line_panel.pointer_moved(event.pos)
            return None
        if self.anim.busy and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))):
            pressed = self.input.card_at(event.pos) if event.type == pygame.MOUSEBUTTONDOWN \
                and event.button == 1 else None  # the card the person sees under the pointer
            self.anim.skip()  # a click or a key finishes the animation; nothing else happens,
            if pressed is not None:
                return self._press_through(pressed, event.pos)  # but a drag begun with it goes on
            return None
        if self.finished:
            return self._finished_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.line_panel.click(event.pos):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.log.focused = self.log.focused and self.log.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._panel_click(event.pos):
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.input.mouse(event)
        elif event.type == pygame.KEYDOWN:
            if self.log.focused and self.log.key(event):  # Up/Down pick a log line
                self.zoom.pin = self.log.selected_card
                if not self.log.focused:
                    self.input.focus = None  # Esc left the log
            elif event.key in (pygame.K_HOME, pygame.K_END) and self.log.rect.collidepoint(self.input.pointer):
                self.log.to_end(newest=event.key == pygame.K_END)  # the pointer's on the log: no click first
            elif not self.input.key(event):
                self._scene_key(event)
            elif self.input.focus == LOG_KEY:  # Tab or the arrows reached the log
                self._enter_log()
        return None

    def _press_through(self, uid: int, pos: tuple[int, int]) -> Transition | None:
        """The press that finished an animation: the table settles now (as the next frames
        would settle it, forced passes included), and if the person may act and card `uid`
        (pressed where it was drawn) may be dragged, the press holds it: a drag begun while
        the last move still played is not lost."""
        went = self.on_update(0.0)
        for _ in range(8):  # the forced passes it sends (nobody could answer) play out too
            if went is not None or not self.anim.busy:
                break
            self.anim.skip()
            went = self.on_update(0.0)
        if went is None and self.can_act():
            self.input.press_through(uid, pos)
        return went

    def _enter_log(self) -> None:
        """The keys move through the log now (as after a click on it), from its newest line."""
        if not self.log.entries:
            return
        self.log.focused = True
        self.input.focus = LOG_KEY
        if self.log.selected is None:
            self.log.selected = len(self.log.entries) - 1
        self.log.show(self.log.selected)
        self.zoom.pin = self.log.selected_card

    def _finished_event(self, event: pygame.event.Event) -> Transition | None:
        go = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and LAYOUT.action.collidepoint(event.pos)) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN))
        if go:
            from game.ui.scene import Pop
            self.go(self.hooks.on_over(self) if self.hooks.on_over is not None else Pop())
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
        elif event.type == pygame.KEYDOWN and self._aid_key(event):
            pass
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.hud.click_aid(event.pos):
                self._panel_click(event.pos)
        return None

    def _wheel(self, event: pygame.event.Event) -> None:
        pos = self.input.pointer
        if self.log.rect.collidepoint(pos):
            self.log.wheel(event.y)
        elif self.input.prompt is not None and self.input.panel.rect.collidepoint(pos):
            self.input.panel.wheel(self.input.prompt, event.y)

    def _panel_click(self, pos: tuple[int, int]) -> bool:
        """Clicks the input does not own: the log, the settings, the Extra Deck tray's close."""
        if self.log.note_at(pos):  # "n newer rows ↓": down to the newest
            return True
        i = self.log.entry_at(pos)
        if i is not None:
            self.log.touched()
        if i is not None:
            self.log.selected = i
            self.zoom.pin = self.log.entries[i].card_id
            self.log.focused = True  # the keys now move through the log
            self.input.focus = None
            return True
        return self.hud.click_setting(pos) or self.hud.click_aid(pos) or self.hud.click_tray_close(pos)

    def _scene_key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.geo.tray_open:
                self.geo.tray_open = False
            else:
                self.open_pause()
        elif event.key == pygame.K_PAGEUP:  # about a page of the log
            self.log.wheel(2)
        elif event.key == pygame.K_PAGEDOWN:
            self.log.wheel(-2)
        elif event.key == pygame.K_x:
            self._pile(("extra", self.shown))
        else:
            self._aid_key(event)

    def _pile(self, key: tuple[str, int]) -> None:
        kind, seat = key
        if kind == "extra" and seat == self.shown:
            self.geo.tray_open = not self.geo.tray_open
            if not self.board.me.extra:
                self.say("Your Extra Deck is empty", "info")
            self.input.focus = next((u for u in self.board.me.extra if u in self.gest.by_source),
                                    self.board.me.extra[0] if self.geo.tray_open and self.board.me.extra else key)
        elif kind == "grave":
            grave = self.board.sides[seat].grave
            if not grave:
                return
            entries = [Entry(self.gest.name(u), [], "now", self.board.card_id(u) or "")
                       for u in reversed(grave)]
            at = self.geo.pile_rect(seat, Zone.GRAVE).topleft
            self.input.popup = Popup(f"{self.name(seat)}'s Graveyard (newest first)", entries[:16],
                                     (at[0] - 220, at[1]), pygame.Rect(0, 0, *LAYOUT.size))
            self.input.mode = Mode.POPUP

    # ---------------------------------------------------------- player aids
    def aid_seat(self) -> int:
        """The person an Undo or a Hint is for: the one on screen (versus the computer, the
        one person)."""
        humans = self.session.humans
        if self.hotseat or not any(humans):
            return self.shown
        return humans.index(True)

    def _aid_key(self, event: pygame.event.Event) -> bool:
        """U or Ctrl+Z: undo; H: hint; Y: the menu of Steps to pass until."""
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if event.key == pygame.K_u or (event.key == pygame.K_z and ctrl):
            self.undo.request()
        elif event.key == pygame.K_h and not ctrl:
            self.hints.request()
        elif event.key == pygame.K_y and not ctrl and not self.finished:
            self.line_panel.open_menu(None)
        else:
            return False
        return True

    # ------------------------------------------------ for the pause menu (host.DuelHost)
    @property
    def suspender(self) -> Callable[[], None] | None:
        return self.hooks.suspender

    def show_dialog(self, dialog: Modal | None) -> None:
        self.dialog = dialog

    def duel_settings(self) -> folders.Settings:
        """The settings the pause menu's Settings edit (read from disk once if none were given)."""
        if self.hooks.settings is None:
            self.hooks.settings = folders.load_settings()
        return self.hooks.settings

    def take_seat(self, seat: int) -> None:
        """Hotseat: the curtain (if up) goes down and `seat` is at the screen (a concession)."""
        if self.curtain is not None:
            self.curtain = None
            self.load_seat(seat)

    def use_prefs(self, ai_pause: float, glow: bool, log_size: str,
                  speed: str | None = None, responses: list[Responses] | None = None) -> None:
        """The duel's settings (prefs.apply_prefs): speed and answers only while it runs."""
        self.ai_pause = ai_pause
        self.glow = glow
        self.log.set_size(log_size)
        if speed is not None:
            self.speed = speed
        if responses is not None:
            self.session.responses[:] = responses

    def open_pause(self) -> None:
        """The pause menu (game/ui/duel/pause.py): the duel waits while it is open."""
        self.input.reset()
        self.dialog = pause.PauseMenu(self)

    def allow_quit(self) -> bool:
        """The window's close button: ask first (offering to save) while the duel is on."""
        if self.session.over:
            return True
        if self.dialog is None or isinstance(self.dialog, pause.PauseMenu):
            self.dialog = pause.quit_dialog(self)
        return False

    # ---------------------------------------------------------------- draw
    def lights(self) -> Lights:
        inp = self.input
        playable = inp.playable() if self.glow else set()
        only = self.hooks.marked() if self.hooks.marked is not None else None
        if only is not None:
            playable &= only
        lights = Lights(playable=playable, targets=inp.lit_targets(), picked=inp.picked_cards(),
                        hover=inp.hover, focus=inp.focus, lift=inp.lifted)
        if inp.mode is Mode.DRAGGING and inp.held is not None:
            uid = inp.held.uid
            lights.dragging = uid
            lights.drag_pos = inp.pointer
            lights.drag_offset = inp.held.offset
            where = self.board.where(uid)
            if where is not None and where[1].value in ("phantom", "side"):
                start = self.geo.rect_of(uid)
                end = inp.pointer
                snap = inp.hover
                if snap in inp.held.drags:
                    from .hits import target_rect
                    r = target_rect(self.geo, snap)
                    if r is not None:
                        end = r.center
                if start is not None:
                    lights.arrow = (start.center, end)
        if self.board.lines and self.board.lines[-1]:
            lights.answering = self.board.lines[-1][-1].card
        return lights

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain is not None:
            self.renderer.drawn = set()
            self.curtain.draw(surface)
            if self.dialog is not None:
                self.dialog.draw(surface)
            return
        inp = self.input
        lights = self.lights()
        self.table.draw_board(surface, lights, self.session.names, self.geo.tray_open)
        if self.geo.tray_open:
            self.hud.draw_tray_close(surface)
        self.anim.draw(surface, 1)
        self.log.draw(surface)  # first: the zoom's long terms may lie over its top rows
        self.zoom.draw(surface)
        self._draw_right(surface)
        self.line_panel.draw_arrows(surface)
        self.anim.draw(surface, 2)
        if self.hooks.overlay is not None:
            self.hooks.overlay(surface)
        self.renderer.draw_drag(surface, self.board, lights)
        if lights.arrow is not None:
            from .render import _arrow
            _arrow(surface, *lights.arrow)
        self.hints.draw(surface)
        if inp.popup is not None:
            inp.popup.draw(surface)
        self.line_panel.draw_menu(surface)
        self.hud.draw_menu(surface)
        if self.toast.visible:  # a top toast may stand at the window's top, growing downwards;
            top = (LAYOUT.far_hand.centerx, 2 + self.toast.box().h // 2)  # moved off it, an
            places = (top, NEAR_TOAST, MID_TOAST) if self._toast_top \
                else (MID_TOAST, top, NEAR_TOAST)  # instruction keeps clear of the field
            field, half = LAYOUT.near_hand, self.toast.box().w // 2  # then the middle line's
            sides = ((field.x + half, LAYOUT.mid_line), (field.right - half, LAYOUT.mid_line))
            place_toast(self.toast, self._toast_avoids(), (*places, *sides),  # ends (a hint's
                        self._toast_rather())  # arrow)
        self.toast.draw(surface)
        detail = self.toast.detail_at(self.input.pointer) if self.dialog is None else ""
        if detail:  # the rule a refusal cites, in its own words
            draw_tooltip(surface, detail, self.input.pointer, max_width=460)
        elif self.dialog is None and inp.popup is None:  # a log row's jargon, explained
            tip = self.log.tip_at(self.input.pointer)
            if tip:
                draw_tooltip(surface, tip, self.input.pointer, max_width=360)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _toast_avoids(self) -> list[pygame.Rect]:
        """Where a toast must not lie: the card the prompt is about (the Step answered, an
        attack's attacker and target), a Step's resolving, the cards the prompt's rows name,
        the Menu button and the match's score, what the overlay keeps clear (a puzzle's
        banner) and the hint's rings and arrow."""
        uids: list[int] = []
        steps = [res.step for res in self.anim.resolving.values()]  # resolving on screen now
        if self.board.lines and self.board.lines[-1]:
            steps.append(self.board.lines[-1][-1])
        for step in steps:
            uids += [step.card, *step.targets]
        prompt = self.input.prompt
        if prompt is not None:
            uids += [r.card for r in prompt.rows if r.card is not None]
        rects = [self.geo.rect_of(u) for u in uids]
        keep = [*self.hud.keep_clear(), *self.hooks.keep_clear]
        return [r for r in rects if r is not None] + keep + self.hints.area()

    def _toast_rather(self) -> list[pygame.Rect]:
        """What a toast had better not cover, when a place clear of `_toast_avoids` allows:
        the opponent's back row (under a toast said over the far hand)."""
        return [LAYOUT.slot(1, Zone.BACK, i).inflate(0, -8) for i in range(3)]

    def why_not(self, uid: int) -> str:
        return self.zoom.why_not(uid)

    def why_not_refusal(self, uid: int) -> Refusal | None:
        return self.zoom.why_not_refusal(uid)

    def _draw_right(self, surface: pygame.Surface) -> None:
        """The HUD's panels, the Line panel (above the prompt when there is one), the buttons."""
        self.hud.draw_panels(surface)
        inp = self.input
        prompt = inp.prompt if self.can_act() or inp.mode is not Mode.IDLE else None
        lit = self.line_panel.lit()
        if prompt is not None:
            area = LAYOUT.lines
            lines_rect = pygame.Rect(area.x, area.y, area.w, inp.panel.rect.y - 6 - area.y)
            self.line_panel.draw(surface, lines_rect, lit)
            colour = style.player_colour(self.shown)
            inp.panel.draw(surface, prompt, colour)
        else:
            self.line_panel.draw(surface, LAYOUT.lines, lit)
        self.line_panel.focus_steps()
        self.hud.draw_buttons(surface)
