"""The duel's input state machine: pointer and keys in, exactly one command out.

idle --press--> pressed --move--> dragging --drop--> command | chooser | targets | refusal
idle --click--> card menu --entry--> command | holding (pick a slot) | targets
keys move a focus over the same cards, targets and rows; Enter does what a click does,
Space presses the action button (pass, next phase, confirm), Esc cancels one level.

Every command comes from the Gestures table (the legal actions), so a drop can only light,
offer or send what the engine accepts; an illegal drop asks the engine why and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

import pygame

from game.engine import Activate, Attack, ChoiceKind, Choose, Command, PendingChoice, Refusal, Zone
from game.engine.reasons import ATTACKS_IN_BATTLE_PHASE
from game.ui.widgets.base import is_key, shift_held

from . import hits
from .board import Board
from .geometry import Geometry
from .gestures import CardTarget, Entry, Gestures, LpTarget, SlotTarget, Target, TargetPick, guess
from .layout import LAYOUT
from .panels import phase_segments
from .popups import Popup, Prompt, PromptPanel, PromptRow

# RULES.md B1: attacks are declared in the Battle Phase; cited for an attack refused for the
# phase (ATTACKS_IN_BATTLE_PHASE), rather than the D8 (the list of phases) its code names
ATTACK_RULE = "B1"
DRAG_START = 6  # pixels of movement that turn a press into a drag
NEXT = {"standby": "main1", "main1": "battle", "battle": "main2", "main2": "end"}
PHASE_NAMES = {"main1": "Main 1", "battle": "Battle", "main2": "Main 2", "end": "End"}

# What the keyboard focus (or the pointer's hover) can be on: a card's uid, a drop target
# while a card is held, or a keyed place: ("row", i), ("phase", key), ("action",),
# ("extra" | "grave", seat), or a scene button's key.
FocusKey = int | Target | tuple[Any, ...]
# which choice is pending (a new one resets what was picked): who, what kind, its prompt,
# its option values and the answers still to pick
ChoiceKey = tuple[int, ChoiceKind, str, tuple[int, ...], int]


class Mode(Enum):
    """What the pointer and the keys are doing with the table now."""

    IDLE = "idle"  # nothing in hand
    PRESSED = "pressed"  # the button is down on a card, not yet a drag
    DRAGGING = "dragging"  # a card follows the pointer to a place
    HOLDING = "holding"  # a card picked up by a click or the keys, waiting for a place
    POPUP = "popup"  # a card's menu of actions is open
    TARGETS = "targets"  # a play waits for its targets to be picked


class Host(Protocol):
    """What the scene lends the input: the current table and a way to act."""

    gest: Gestures

    @property
    def board(self) -> Board: ...

    @property
    def geo(self) -> Geometry: ...

    def send(self, commands: list[Command]) -> None: ...
    def refusal(self, cmd: Command) -> Refusal | None: ...
    def say(self, text: str, kind: str = "info", over_far_hand: bool = False) -> None: ...
    def snap_back(self, uid: int, rect: pygame.Rect) -> None: ...
    def can_act(self) -> bool: ...
    def pool_name(self, uid: int) -> str: ...
    def why_not(self, uid: int) -> str: ...
    def why_not_refusal(self, uid: int) -> Refusal | None: ...
    def attack_refusal(self, cmd: Attack) -> Refusal | None: ...
    def refused(self, refusal: Refusal, lead: str = "", kind: str = "error", rule: str = "") -> None: ...


@dataclass
class Held:
    """A card picked up: by the mouse (dragging) or from a menu / the keyboard (holding)."""

    uid: int
    drags: dict[Target, list[Command]]
    by_mouse: bool
    offset: tuple[int, int] = (0, 0)


class Interaction:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.mode = Mode.IDLE
        self.press_uid: int | None = None
        self.skip_press = False  # the press that finished an animation: a drag, never a click
        self.press_pos = (0, 0)
        self.held: Held | None = None
        self.popup: Popup | None = None
        self.pick: TargetPick | None = None
        self.pick_label = ""
        self.selected: list[int] = []  # option values picked for the pending choice
        self.choice_key: ChoiceKey | None = None
        self.focus: FocusKey | None = None
        self.hover: FocusKey | None = None
        self.pointer = (0, 0)
        self.last = "mouse"  # the last kind of input: the zoom follows the keyboard focus
        self.prompt: Prompt | None = None
        self.panel = PromptPanel(LAYOUT.lines)
        self.extra_actions: dict[FocusKey, Callable[[], None]] = {}  # scene buttons by focus key
        self.extra_rects: dict[FocusKey, pygame.Rect] = {}
        self.line_no: Callable[[int], int] = lambda line: line  # a Line's number as the log says it
        # a scene button that can be greyed out: whether it works now (Tab and the arrows skip it when not)
        self.extra_enabled: dict[FocusKey, Callable[[], bool]] = {}
        self.on_pile: Callable[[tuple[str, int]], None] = lambda key: None  # a pile clicked: ("grave", seat)

    # ---------------------------------------------------------------- state
    def reset(self) -> None:
        """Back to idle (a command was sent, the table changed, or Esc)."""
        self.mode = Mode.IDLE
        self.held = None
        self.popup = None
        self.pick = None
        self.press_uid = None
        self.skip_press = False

    def refresh(self) -> None:
        """The table changed (new legal actions): rebuild the prompt, keep what still holds."""
        b = self.host.board
        key = _choice_key(b.choice)
        if key != self.choice_key:
            self.choice_key = key
            self.selected = []
        self.prompt = self._make_prompt()
        if self.prompt is not None:
            self.panel.fit(self.prompt, LAYOUT.lines)
        if self.focus is not None and self.focus not in self.focus_rects():
            self.focus = None

    @property
    def choice(self) -> PendingChoice | None:
        c = self.host.board.choice
        if c is not None and c.player == self.host.board.seat and self.host.gest.choices:
            return c
        return None

    def _make_prompt(self) -> Prompt | None:
        g = self.host.gest
        b = self.host.board
        if self.mode is Mode.TARGETS and self.pick is not None:
            rows = [PromptRow(g.name(u), u, u) for u in sorted(self.pick.options())]
            left = self.pick.left
            return Prompt("Choose a target", f"{self.pick_label}: pick {left} more "
                          f"target{'s' if left != 1 else ''} (lit on the board). Esc cancels.",
                          rows, 0, "targets")
        c = self.choice
        if c is not None:
            cards = c.kind.picks_cards
            legal = {cmd.option for cmd in g.choices}
            rows = [PromptRow(self._option_label(c, o.label, o.card), o.value, o.card if cards else None,
                              o.value in self.selected)
                    for o in c.options if o.value in legal]
            need = min(c.count, len(rows)) if cards else 0
            if c.kind is ChoiceKind.MATERIALS:  # how many, and how many are picked so far
                return Prompt("Materials", materials_words(c.prompt, need, len(self.selected)) +
                              " Click cards on the board or rows here, then Confirm.", rows, need, "choice")
            title = {ChoiceKind.DISCARD_END: "Hand limit", ChoiceKind.MATERIALS: "Materials",
                     ChoiceKind.TRIGGER_OPTIONAL: "Use it?", ChoiceKind.COST_DISCARD: "Pay the cost",
                     ChoiceKind.SEARCH: "Search", ChoiceKind.CHOOSE_OPTION: "Choose one"}.get(c.kind, "Choose")
            hint = " Click cards on the board or rows here, then Confirm." if cards else ""
            return Prompt(title, c.prompt + "." + hint, rows, need, "choice")
        if g.pass_ is not None and b.lines:
            top = b.lines[-1][-1] if b.lines[-1] else None
            what = "the top Step"
            if top is not None:
                cid = b.step_card_id(top)
                name = g.pool[cid].name if cid is not None and cid in g.pool else "a face-down card"
                what = f"{name} (Line {self.line_no(top.line)}, Speed {top.speed})"
            entries = g.answers()
            text = f"Answer {what}? Lit cards can answer; or pass." if entries else \
                f"Nothing can answer {what}. Pass to let it resolve."
            rows = [PromptRow(e.label, e, e.commands[0].card if hasattr(e.commands[0], "card") else None)
                    for e in entries]
            return Prompt("Your answer", text, rows, 0, "answer")
        return None

    def _option_label(self, c: PendingChoice, label: str, uid: int | None) -> str:
        """A choice's row: a material also says where it is and how it lies, so two cards
        of one name read apart ("Pyre Hound (slot 2, face-up, Attack)")."""
        if c.kind is not ChoiceKind.MATERIALS or uid is None:
            return label
        card = self.host.board.cards.get(uid)
        if card is None:
            return label
        return f"{label} ({place_words(card.zone, card.index, card.face_up, card.attack_pos)})"

    # --------------------------------------------------------- what is lit
    def lit_targets(self) -> dict[Target, str]:
        g = self.host.gest
        out: dict[Target, str] = {}
        if self.held is not None and self.mode in (Mode.DRAGGING, Mode.HOLDING):
            for t in self.held.drags:
                enemy = isinstance(t, (CardTarget, LpTarget))
                out[t] = "enemy" if enemy else "ok"
        elif self.mode is Mode.TARGETS and self.pick is not None:
            for u in self.pick.options():
                out[CardTarget(u)] = "pick"
        elif self.choice is not None and self.choice.kind.picks_cards:
            b = self.host.board
            for cmd in g.choices:
                if cmd.option in b.cards and cmd.option not in self.selected:
                    out[CardTarget(cmd.option)] = "pick"
        return out

    def picked_cards(self) -> set[int]:
        if self.mode is Mode.TARGETS and self.pick is not None:
            return set(self.pick.picked)
        return set(self.selected) if self.choice is not None else set()

    def playable(self) -> set[int]:
        if not self.host.can_act() or self.mode in (Mode.TARGETS,) or self.choice is not None:
            return set()
        return set(self.host.gest.by_source)

    # ------------------------------------------------------------- actions
    def action(self) -> tuple[str, Callable[[], None] | None]:
        """The big button under the phase bar (Space presses it)."""
        g = self.host.gest
        if self.mode in (Mode.HOLDING, Mode.TARGETS, Mode.POPUP):
            return ("Cancel (Esc)", self.cancel)
        p = self.prompt
        if p is not None and p.kind == "choice" and p.need > 0:
            n = len(self.selected)
            return (f"Confirm ({n}/{p.need})", self.confirm if p.ready else None)
        if g.pass_ is not None:
            return ("Pass  \u25b8", lambda: self.host.send([g.pass_]))
        if g.next_phase is not None:
            nxt = NEXT.get(self.host.board.phase.value, "")
            return (f"Next: {PHASE_NAMES.get(nxt, nxt)}  \u25b8", lambda: self.host.send([g.next_phase]))
        if g.end_turn is not None:
            return ("End turn  \u25b8", lambda: self.host.send([g.end_turn]))
        return ("", None)

    def action_command(self) -> Command | None:
        """The command the action button sends now (None while it cancels, confirms or does
        nothing): the same order as `action`."""
        g = self.host.gest
        p = self.prompt
        if self.mode in (Mode.HOLDING, Mode.TARGETS, Mode.POPUP) or (
                p is not None and p.kind == "choice" and p.need > 0):
            return None
        return next((c for c in (g.pass_, g.next_phase, g.end_turn) if c is not None), None)

    def phase_clicks(self) -> dict[str, Command]:
        g = self.host.gest
        out: dict[str, Command] = {}
        if self.mode is not Mode.IDLE or self.choice is not None:
            return out
        if g.end_turn is not None:
            out["end"] = g.end_turn
        if g.next_phase is not None:
            nxt = NEXT.get(self.host.board.phase.value)
            if nxt:
                out[nxt] = g.next_phase
        return out

    def confirm(self) -> None:
        c = self.choice
        if c is None:
            return
        self.host.send([Choose(c.player, v) for v in self.selected])
        self.selected = []

    def cancel(self) -> None:
        self.reset()
        self.refresh()

    def toggle_option(self, value: int) -> None:
        p = self.prompt
        if p is None or p.kind != "choice":
            return
        c = self.choice
        if c is None:
            return
        if p.need == 0:  # yes/no and options act at once
            self.host.send([Choose(c.player, value)])
            return
        if value in self.selected:
            self.selected.remove(value)
        elif len(self.selected) < p.need:
            self.selected.append(value)
        elif p.need == 1:
            self.selected = [value]
        else:
            self.host.say(f"Pick at most {p.need}: click a picked one to drop it first", "warn")
        self.refresh()

    def use_entry(self, entry: Entry, uid: int | None = None) -> None:
        """A menu, chooser or answer entry was picked."""
        self.popup = None
        if entry.mode == "now":
            self.reset()
            g = self.host.gest
            if g.next_phase is not None and g.is_later(entry.command):  # Main 1: to Battle, then attack
                self.host.send([g.next_phase, entry.command])
            else:
                self.host.send([entry.command])
        elif entry.mode == "targets":
            self.start_targets(entry)
        else:
            source = uid if uid is not None else getattr(entry.command, "card", None)
            assert source is not None, "an entry to hold is a card's, or its commands name it"
            self.held = Held(source, self.host.gest.drags(source, entry.commands), by_mouse=False)
            self.mode = Mode.HOLDING
            self.focus = next(iter(self.held.drags), None)
            what = ("what to attack: click a lit target" if isinstance(entry.commands[0], Attack)
                    else "where to put it: click a lit place")
            self.host.say(f"Now choose {what} (or arrows and Enter); Esc cancels", "info",
                          over_far_hand=True)
        self.refresh()

    def start_targets(self, entry: Entry) -> None:
        commands = [c for c in entry.commands if isinstance(c, Activate)]
        assert len(commands) == len(entry.commands), "only activations pick targets"
        self.pick = TargetPick(commands)
        self.pick_label = entry.label.split(":")[0]
        self.mode = Mode.TARGETS
        self.popup = None
        opts = sorted(self.pick.options())
        self.focus = opts[0] if opts else None
        self.refresh()

    def pick_target(self, uid: int) -> None:
        if self.pick is None:
            return
        cmd = self.pick.pick(uid)
        if cmd is not None:
            self.reset()
            self.host.send([cmd])
        else:
            opts = sorted(self.pick.options())
            self.focus = opts[0] if opts else None
        self.refresh()

    def drop(self, target: Target | None, uid: int, at: tuple[int, int]) -> None:
        """A held card lands on `target`: one command, a chooser, targets or the reason."""
        held = self.held
        self.held = None
        self.mode = Mode.IDLE
        if held is not None and target in held.drags:
            entries = self.host.gest.chooser(held.drags[target])
            if len(entries) == 1:
                self.use_entry(entries[0], uid)
            else:
                name = self.host.pool_name(uid)
                self.popup = Popup(f"{name}: how?", entries, at, LAYOUT_BOUNDS, source=uid)
                self.mode = Mode.POPUP
            self.refresh()
            return
        rect = self.host.geo.rect_of(uid)
        if held is not None and held.by_mouse and rect is not None:
            ghost = pygame.Rect(0, 0, 96, 134)
            ghost.topleft = (at[0] - held.offset[0], at[1] - held.offset[1])
            self.host.snap_back(uid, ghost)
        if target is None:
            if held is not None and held.by_mouse:
                self.host.say("Drop a card on a lit place to play it", "warn")
            self.refresh()
            return
        cmd = guess(self.host.board, self.host.gest.pool, self.host.board.seat, uid, target)
        if isinstance(cmd, Attack):  # in Main 1: why not in the Battle Phase either
            refusal = self.host.attack_refusal(cmd)
        else:
            refusal = self.host.refusal(cmd) if cmd is not None else None
        if refusal is not None:
            where = drop_places(held.drags) if held is not None and not isinstance(cmd, Attack) else ""
            if where:  # the refusal, then where the card can go now
                refusal = refusal._replace(message=f"{refusal.message.rstrip('.')}: drop it on {where}.")
            self.host.refused(refusal, rule=ATTACK_RULE if refusal == ATTACKS_IN_BATTLE_PHASE else "")
        else:
            self.host.say(wrong_place_words(self.host.pool_name(uid), held.drags if held else {}),
                          "error")
        self.refresh()

    def open_menu(self, uid: int) -> None:
        g = self.host.gest
        entries = g.menu(uid) if self.host.can_act() else []
        if not entries:
            where = self.host.board.where(uid)
            if where is not None and where[0] == self.host.board.seat and self.host.can_act():
                why = self.host.why_not_refusal(uid)
                if why is not None:
                    self.host.refused(why, g.name(uid), "warn")
                else:
                    self.host.say(f"{g.name(uid)} cannot act now", "info")
            return
        rect = self.host.geo.rect_of(uid) or pygame.Rect(self.pointer, (1, 1))
        self.popup = Popup(g.name(uid), entries, rect.topright, LAYOUT_BOUNDS, source=uid)
        self.mode = Mode.POPUP

    def activate_row(self, i: int) -> None:
        p = self.prompt
        if p is None or not 0 <= i < len(p.rows):
            return
        row = p.rows[i]
        value = row.value  # an option value, a target uid or an answer Entry, as `p.kind` says
        if p.kind == "choice" and isinstance(value, int):
            self.toggle_option(value)
        elif p.kind == "targets" and isinstance(value, int):
            self.pick_target(value)
        elif p.kind == "answer" and isinstance(value, Entry):
            self.use_entry(value, row.card)

    def click_card(self, uid: int) -> None:
        """A click (or Enter) on a card: pick it for a choice or targets, else its menu."""
        if self.mode is Mode.TARGETS and self.pick is not None:
            if uid in self.pick.options():
                self.pick_target(uid)
            else:
                self.host.say("Pick one of the lit cards (Esc cancels)", "warn")
            return
        c = self.choice
        if c is not None and c.kind.picks_cards:
            if any(cmd.option == uid for cmd in self.host.gest.choices):
                self.toggle_option(uid)
            return
        self.open_menu(uid)

    # -------------------------------------------------------------- mouse
    @property
    def lifted(self) -> int | None:
        """The near hand card that rises: held, hovered, or focused by the keyboard."""
        if self.held is not None and self.mode is Mode.HOLDING and self.held.uid in self.host.board.me.hand:
            return self.held.uid
        for k in ((self.focus, self.hover) if self.last == "keys" else (self.hover, self.focus)):
            if isinstance(k, int) and k in self.host.board.me.hand:
                return k
        return None

    def mouse(self, event: pygame.event.Event) -> bool:
        """Pointer input on the board, the prompt, the phase bar and the action button."""
        geo = self.host.geo
        self.last = "mouse"
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self.mode is Mode.POPUP and self.popup is not None:
                self.popup.handle_event(event)  # the row under the pointer lights; the zoom shows it
            self._hover(event.pos)
            if self.mode is Mode.PRESSED and self.press_uid is not None:
                dx = event.pos[0] - self.press_pos[0]
                dy = event.pos[1] - self.press_pos[1]
                if dx * dx + dy * dy >= DRAG_START * DRAG_START and self.host.gest.can_drag(self.press_uid):
                    self._start_drag(self.press_uid)
            return self.mode in (Mode.DRAGGING, Mode.PRESSED)
        if self.mode is Mode.POPUP and self.popup is not None:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                got = self.popup.handle_event(event) if event.type == pygame.MOUSEBUTTONDOWN else None
                if got is not None:
                    kind, entry = got
                    src = self.popup.source if isinstance(self.popup.source, int) else None
                    self.popup = None
                    self.mode = Mode.IDLE
                    if kind == "pick" and entry is not None and entry.commands:
                        self.use_entry(entry, src)
                    self.refresh()
                return True
            return False
        pos = getattr(event, "pos", self.pointer)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.mode is not Mode.IDLE:
                self.cancel()
                return True
            uid = hits.card_at(geo, pos, self.lifted)
            if uid is not None:
                self.open_menu(uid)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.prompt is not None:
                i = self.panel.index_at(self.prompt, pos)
                if i is not None:
                    self.activate_row(i)
                    return True
            if LAYOUT.action.collidepoint(pos):
                _label, act = self.action()
                if act is not None:
                    act()
                return True
            clicks = self.phase_clicks()
            for key, r in phase_segments(LAYOUT.phase_bar):
                if r.collidepoint(pos) and key in clicks:
                    self.host.send([clicks[key]])
                    return True
            if self.mode is Mode.HOLDING and self.held is not None:
                target = hits.target_at(geo, pos)
                if target in self.held.drags:
                    self.drop(target, self.held.uid, pos)
                else:
                    self.cancel()
                return True
            uid = hits.card_at(geo, pos, self.lifted)
            if uid is not None:
                self.mode = Mode.PRESSED if self.mode is Mode.IDLE else self.mode
                self.press_uid = uid
                self.press_pos = pos
                return True
            pile = hits.pile_at(geo, pos)
            if pile is not None:
                self.on_pile(pile)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.mode is Mode.DRAGGING and self.held is not None:
                self.drop(hits.target_at(geo, pos), self.held.uid, pos)
                return True
            if self.skip_press and self.mode is Mode.PRESSED:  # it only finished the animation
                self.reset()
                return True
            if self.press_uid is not None and self.mode in (Mode.PRESSED, Mode.TARGETS):
                uid = self.press_uid
                self.press_uid = None
                if self.mode is Mode.PRESSED:
                    self.mode = Mode.IDLE
                self.click_card(uid)
                return True
        return False

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The card drawn under `pos` now (mid-animation too)."""
        return hits.card_at(self.host.geo, pos, self.lifted)

    def press_through(self, uid: int, pos: tuple[int, int]) -> bool:
        """The press that finished an animation landed on card `uid`, which the person may
        drag now: it is held as pressed, so moving on picks the card up as if the animation
        had ended first. Let go without moving, and the press only finished the animation
        (no menu opens)."""
        if self.mode is not Mode.IDLE or not self.host.gest.can_drag(uid):
            return False
        self.mode = Mode.PRESSED
        self.press_uid = uid
        self.press_pos = pos
        self.skip_press = True
        return True

    def _start_drag(self, uid: int) -> None:
        rect = self.host.geo.rect_of(uid)
        off = (48, 67)
        if rect is not None and rect.w > 0:  # keep the grip point where the card was taken
            # (clamped: a card pressed mid-animation may have settled elsewhere since)
            fx = min(1.0, max(0.0, (self.press_pos[0] - rect.x) / rect.w))
            fy = min(1.0, max(0.0, (self.press_pos[1] - rect.y) / rect.h))
            off = (round(fx * 96), round(fy * 134))
        drags = self.host.gest.drags(uid) if self.host.can_act() else {}
        self.held = Held(uid, drags, True, off)
        self.mode = Mode.DRAGGING
        self.press_uid = None
        self.skip_press = False

    def _hover(self, pos: tuple[int, int]) -> None:
        geo = self.host.geo
        if self.mode in (Mode.DRAGGING, Mode.HOLDING):
            self.hover = hits.target_at(geo, pos)
            return
        if self.prompt is not None:
            i = self.panel.index_at(self.prompt, pos)
            self.panel.hover = i
            if i is not None:
                self.hover = ("row", i)
                return
        uid = hits.card_at(geo, pos, self.lifted)
        if uid is not None:
            self.hover = uid
            return
        pile = hits.pile_at(geo, pos)
        if pile is not None:
            self.hover = pile
            return
        for key, r in phase_segments(LAYOUT.phase_bar):
            if r.collidepoint(pos):
                self.hover = ("phase", key)
                return
        self.hover = ("action",) if LAYOUT.action.collidepoint(pos) else None

    # --------------------------------------------------------------- keys
    def focus_rects(self) -> dict[FocusKey, pygame.Rect]:
        geo = self.host.geo
        b = self.host.board
        out: dict[FocusKey, pygame.Rect] = {}
        if self.mode is Mode.HOLDING and self.held is not None:
            for t in self.held.drags:
                r = hits.target_rect(geo, t)
                if r is not None:
                    out[t] = r
            return out
        if self.prompt is not None:  # every row: focusing one scrolls it into view
            for i in range(len(self.prompt.rows)):
                out[("row", i)] = self.panel.any_row_rect(self.prompt, i)
        if self.mode is Mode.TARGETS and self.pick is not None:
            for u in sorted(self.pick.options()):
                r = geo.rect_of(u)
                if r is not None:
                    out[u] = r
            return out
        for uid, r in zip(b.me.hand, geo.hand_rects(b.seat), strict=False):
            out[uid] = r
        if geo.tray_open:
            for uid, r in zip(b.me.extra, geo.tray_rects(), strict=False):
                out[uid] = r
        for seat in (b.seat, 1 - b.seat):
            for uid in b.sides[seat].field_uids():
                r = geo.rect_of(uid)
                if r is not None:
                    out[uid] = r
        out[("extra", b.seat)] = geo.pile_rect(b.seat, Zone.EXTRA)
        for seat in (b.seat, 1 - b.seat):
            if b.sides[seat].grave:
                out[("grave", seat)] = geo.pile_rect(seat, Zone.GRAVE)
        for key, r in phase_segments(LAYOUT.phase_bar):
            if key in self.phase_clicks():
                out[("phase", key)] = r
        if self.action()[1] is not None:
            out[("action",)] = LAYOUT.action
        for extra_key, r in self.extra_rects.items():
            enabled = self.extra_enabled.get(extra_key)
            if enabled is None or enabled():
                out[extra_key] = r
        return out

    def key(self, event: pygame.event.Event) -> bool:
        """Keyboard input; True when used."""
        self.last = "keys"
        if self.mode is Mode.POPUP and self.popup is not None:
            got = self.popup.handle_event(event)
            if got is not None:
                kind, entry = got
                src = self.popup.source if isinstance(self.popup.source, int) else None
                self.popup = None
                self.mode = Mode.IDLE
                if kind == "pick" and entry is not None and entry.commands:
                    self.use_entry(entry, src)
                self.refresh()
            return True
        if is_key(event, pygame.K_ESCAPE):
            if self.mode is not Mode.IDLE or self.selected:
                self.selected = []
                self.cancel()
                return True
            return False
        if is_key(event, pygame.K_SPACE):
            _label, act = self.action()
            if act is not None:
                act()
            return True
        if is_key(event, pygame.K_TAB):
            self._step_focus(-1 if shift_held(event) else 1)
            return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if event.type == pygame.KEYDOWN and event.key in arrows:
            rects = self.focus_rects()
            if self.focus not in rects:
                self.focus = next(iter(rects), None)
            else:
                nxt = hits.nearest(rects, self.focus, arrows[event.key])
                if nxt is not None:
                    self.focus = nxt
            self._show_focus()
            return True
        if is_key(event, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press_focus()
            return True
        return False

    def _step_focus(self, step: int) -> None:
        keys = list(self.focus_rects())
        if not keys:
            return
        if self.focus not in keys:
            self.focus = keys[0] if step > 0 else keys[-1]
        else:
            self.focus = keys[(keys.index(self.focus) + step) % len(keys)]
        self._show_focus()

    def _show_focus(self) -> None:
        if isinstance(self.focus, tuple) and self.focus and self.focus[0] == "row" and self.prompt:
            self.panel.ensure_visible(self.prompt, self.focus[1])
            self.panel.focus = self.focus[1]
        else:
            self.panel.focus = None

    def press_focus(self) -> None:
        """Enter on the focused thing does what a click on it does."""
        f = self.focus
        if f is None:
            return
        if self.mode is Mode.HOLDING and self.held is not None and not isinstance(f, tuple | int):
            r = hits.target_rect(self.host.geo, f)
            self.drop(f, self.held.uid, r.center if r is not None else self.pointer)
            return
        if isinstance(f, int):
            self.click_card(f)
            return
        assert isinstance(f, tuple), "a drop target has the focus only while a card is held"
        if f[0] == "row":
            self.activate_row(f[1])
        elif f[0] == "phase":
            cmd = self.phase_clicks().get(f[1])
            if cmd is not None:
                self.host.send([cmd])
        elif f[0] == "action":
            _label, act = self.action()
            if act is not None:
                act()
        elif f[0] in ("extra", "grave"):
            self.on_pile(f)
        elif f in self.extra_actions:
            self.extra_actions[f]()


ZONE_WORDS = {Zone.PHANTOM: "slot", Zone.SIDE: "Side slot", Zone.BACK: "back slot"}


def place_words(zone: Zone, index: int, face_up: bool, attack_pos: bool) -> str:
    """Where a card lies and how, in words, the slot first (a narrow row cuts the end):
    "slot 2, face-up, Attack"."""
    if zone in ZONE_WORDS:
        how = f"{ZONE_WORDS[zone]} {index + 1}, face-{'up' if face_up else 'down'}"
        if zone is not Zone.BACK:
            how += ", Attack" if attack_pos else ", Defense"
        return how
    return {Zone.HAND: "in hand", Zone.GRAVE: "in the Graveyard", Zone.DECK: "in the Main Deck",
            Zone.EXTRA: "in the Extra Deck"}.get(zone, zone.value)


DROP_PLACES = {Zone.PHANTOM: "a Phantom slot", Zone.BACK: "a back-row slot",
               Zone.SIDE: "a Side Balance slot", Zone.ENV: "the Environment"}


def wrong_place_words(name: str, drags: Mapping[Target, object]) -> str:
    """A drop where the card cannot go, said with where it can go now (the places lit while
    it was held), so a newcomer learns the place, not only the refusal."""
    where = drop_places(drags)
    if not where:
        return f"{name} cannot be played by a drag now: click it for its menu"
    return f"{name} cannot go there: drop it on {where}"


def drop_places(drags: Mapping[Target, object]) -> str:
    """The kinds of place a held card's drag lit, in words ("a back-row slot or a Side
    Balance slot"); empty when it lit none."""
    places: list[str] = []
    for t in drags:
        if isinstance(t, SlotTarget):
            words = DROP_PLACES.get(t.zone, "a lit place")
        elif isinstance(t, LpTarget):
            words = "your opponent's LP panel"
        else:
            words = "a lit card"
        if words not in places:
            places.append(words)
    if not places:
        return ""
    return places[0] if len(places) == 1 else ", ".join(places[:-1]) + " or " + places[-1]


def materials_words(prompt: str, need: int, chosen: int) -> str:
    """The materials question with its count: "Choose 2 materials for Chimera (1 chosen)."
    (`prompt`: the engine's "Choose a material for NAME")."""
    name = prompt.split(" for ", 1)[1] if " for " in prompt else ""
    what = f"Choose {need} material{'s' if need != 1 else ''}" + (f" for {name}" if name else "")
    return f"{what} ({chosen} chosen)."


def _choice_key(choice: PendingChoice | None) -> ChoiceKey | None:
    if choice is None:
        return None
    return (choice.player, choice.kind, choice.prompt, tuple(o.value for o in choice.options), choice.count)


LAYOUT_BOUNDS = pygame.Rect(0, 0, *LAYOUT.size)
