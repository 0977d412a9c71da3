"""Duel setup: each side's deck, single duel or best of 3, who goes first, the AI's level.

Opened from the menu's "Hotseat duel" and "Versus AI". Decks are the starter decks and the
player's own; a deck that is malformed or not legal is listed with its problem and cannot
be chosen (choosing it says why). The last choices are remembered in settings.yaml. Start
builds a `DuelSetup` and asks game.ui.duel_hook.start_duel for the duel scene.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

import pygame

from game.ai.levels import DEFAULT_LEVEL, LEVELS, level
from game.decks import library
from game.engine.carddefs import CardDef
from game.files import folders
from game.play.duel_setup import DuelSetup
from game.ui import duel_hook, theme
from game.ui import text as txt
from game.ui.scene import Pop, Replace, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, Dropdown, ItemState, ListView, Option, WidgetGroup
from game.ui.widgets.base import is_key

W, H = theme.LOGICAL_SIZE
ROW_H = 50
COLUMNS = (pygame.Rect(60, 150, 560, 360), pygame.Rect(660, 150, 560, 360))
OPTIONS_Y = 560
TITLES = {"hotseat": ("Hotseat duel", "Two players, one screen: each picks a deck."),
          "versus_ai": ("Versus AI", "You against a computer opponent.")}
QUICK_NOTE = "Quick hotseat: ask only when you can answer (shows whether you hold an answer)."
PRIVATE_NOTE = "Private: the curtain never shows whether you hold an answer."


class DuelSetupScene(Screen):
    def __init__(self, mode: str, pool: Mapping[str, CardDef],
                 settings: folders.Settings | None = None) -> None:
        super().__init__()
        self.mode = mode
        self.pool = pool
        self.settings = settings if settings is not None else folders.load_settings()
        self.entries = library.list_decks(pool)
        self.chosen: list[library.DeckEntry | None] = [None, None]
        ai = mode == "versus_ai"
        self.side_names = ("Your deck", "AI's deck") if ai else ("Player 1", "Player 2")
        # a row holds a deck's name over what it plays (its description) over its state:
        # taller when Settings' text size is larger
        row_h = max(ROW_H, 14 + txt.font(theme.LABEL, True).get_linesize()
                    + 2 * txt.font(theme.SMALL).get_linesize())
        self.lists = [ListView(pygame.Rect(c.x + 6, c.y + 48, c.w - 12, c.h - 54), row_h, partial(self._draw_row, side=i),
                               on_activate=partial(self.choose, i))
                      for i, c in enumerate(COLUMNS)]
        for view in self.lists:
            view.set_items(self.entries)
        s = self.settings
        self.best_of = Dropdown((60, OPTIONS_Y, 250, 42),
                                [Option("Single duel", 1), Option("Best of 3", 3)],
                                selected=1 if s.get("duel_setup", "best_of") == 3 else 0,
                                label="Match", on_change=lambda v: self._remember("best_of", v))
        first_labels = ("You", "The AI") if ai else ("Player 1", "Player 2")
        firsts = [Option("Coin toss", "coin"), Option(first_labels[0], "p1"),
                  Option(first_labels[1], "p2")]
        saved_first = s.get("duel_setup", "first")
        self.first = Dropdown((330, OPTIONS_Y, 290, 42), firsts,
                              selected=next((i for i, o in enumerate(firsts)
                                             if o.value == saved_first), 0),
                              label="Goes first", on_change=lambda v: self._remember("first", v))
        levels = [Option(lv.label, lv.name) for lv in LEVELS]
        saved_level = s.get("duel_setup", "ai_level") or DEFAULT_LEVEL
        self.ai_level = Dropdown((640, OPTIONS_Y, 300, 42), levels,
                                 selected=next((i for i, o in enumerate(levels)
                                                if o.value == saved_level and o.enabled), 0),
                                 label="Opponent", on_change=lambda v: self._remember("ai_level", v))
        self.ai_level.visible = ai
        # hotseat: "Quick hotseat" (RULES.md I19), off at every setup: it tells each player
        # whether the other holds an answer, so both must agree to it each time
        self.quick = Dropdown((640, OPTIONS_Y, 300, 42),
                              [Option("Private (always)", False), Option("Quick hotseat", True)],
                              selected=0, label="Curtain")
        self.quick.visible = not ai
        self.back = Button((60, H - 74, 150, 46), "Back", self.leave, tooltip="Back to the menu (Esc)")
        self.start = Button((W - 260, H - 74, 200, 46), "Start duel", self.start_duel, "primary",
                            tooltip="Start with these decks and options")
        self.group = WidgetGroup([*self.lists, self.best_of, self.first, self.ai_level,
                                  self.quick, self.back, self.start])
        self.group.on_cancel = self.leave
        for i, key in enumerate(("deck_1", "deck_2")):
            self._restore(i, s.get("duel_setup", key))
        self.group.set_focus(self.lists[0])
        self._refresh_start()
        if self.settings.problem:  # defaults are in use; the file is left as it is
            self.toast.show(self.settings.problem, "warn", seconds=6.0)

    # ------------------------------------------------------------ choices
    def _restore(self, side: int, saved: str) -> None:
        index = next((k for k, e in enumerate(self.entries)
                      if saved and str(e.path) == saved and self._whole(k).legal), None)
        if index is None:  # first time (or the deck went away): the first legal deck
            index = next((k for k, e in enumerate(self.entries) if e.legal), None)
            if index is not None and side == 1:  # a different deck for the other side
                index = next((k for k, e in enumerate(self.entries)
                              if e.legal and k != index), index)
        if index is not None:
            self.chosen[side] = self.entries[index]
            self.lists[side].select(index)

    def _whole(self, index: int) -> library.DeckEntry:
        """The list's entry `index` read whole (the list read only the header of a large
        file: it is checked when it is chosen)."""
        entry = self.entries[index]
        if not entry.complete:
            entry = self.entries[index] = entry.full(self.pool)
            for view in self.lists:
                view.set_items(self.entries)
        return entry

    def choose(self, side: int, entry: library.DeckEntry) -> None:
        if not entry.complete:
            entry = self._whole(next(k for k, e in enumerate(self.entries) if e is entry))
        if not entry.legal:
            self.toast.show(f"{entry.name} cannot be used: {entry.status}", "error")
            return
        self.chosen[side] = entry
        self._remember(("deck_1", "deck_2")[side], str(entry.path))
        self._refresh_start()

    def _remember(self, key: str, value: str | int) -> None:
        self.settings.set("duel_setup", key, value)
        self.settings.save()

    def _refresh_start(self) -> None:
        self.start.enabled = all(e is not None and e.legal for e in self.chosen)

    def setup(self) -> DuelSetup | None:
        """The choices as a DuelSetup (None until both decks are chosen)."""
        one, two = self.chosen
        if one is None or not one.legal or one.deck is None \
                or two is None or not two.legal or two.deck is None:
            return None
        first = {"coin": None, "p1": 0, "p2": 1}[self.first.value]
        ai = self.mode == "versus_ai"
        return DuelSetup(self.mode, (one.path, two.path),
                         (one.deck, two.deck), self.best_of.value, first,
                         self.ai_level.value if ai else None,
                         quick=not ai and bool(self.quick.value))

    def start_duel(self) -> None:
        setup = self.setup()
        if setup is None:
            self.toast.show("Choose a legal deck for both sides first", "error")
            return
        scene = duel_hook.start_duel(setup)
        if scene is None:
            self.toast.show("The duel screen is coming in a later update: your choices are saved",
                            "warn", seconds=3.5)
            return
        self.go(Replace(scene))

    def leave(self) -> None:
        self.go(Pop())

    # ------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for side, view in enumerate(self.lists):
                i = view.index_at(event.pos)
                if i is not None and not any(w.captures_input for w in self.group.widgets):
                    self.group.set_focus(view)
                    view.selected = i
                    self.choose(side, view.items[i])
                    return None
        if is_key(event, pygame.K_SPACE) and self.group.focus in self.lists:
            view = self.group.focus
            if view.selected_item is not None:
                self.choose(self.lists.index(view), view.selected_item)
                return None
        self.group.handle_event(event)
        return None

    # --------------------------------------------------------------- draw
    def draw_body(self, surface: pygame.Surface) -> None:
        title, sub = TITLES[self.mode]
        self.title_block(surface, title, sub)
        for side, rect in enumerate(COLUMNS):
            focused = self.group.focus is self.lists[side]  # the keys choose in this list
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, theme.FOCUS if focused else theme.PANEL_EDGE, rect,
                             width=2 if focused else 1, border_radius=10)
            head = self.side_names[side].upper() + ("  \u00b7  \u2191\u2193 Enter" if focused else "")
            txt.blit_text(surface, head, theme.SMALL, theme.FOCUS if focused else theme.TEXT_DIM,
                          (rect.x + 16, rect.y + 14), bold=True)
            chosen = self.chosen[side]
            label = chosen.name if chosen else "choose a deck"
            txt.blit_text(surface, txt.fit(label, theme.LABEL, rect.w - 160), theme.LABEL,
                          theme.ACCENT if chosen else theme.TEXT_FAINT,
                          (rect.right - 16, rect.y + 11), bold=True, anchor="topright")
            pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + 10, rect.y + 42),
                             (rect.right - 10, rect.y + 42))
        self.group.draw(surface)
        if self.mode == "versus_ai":
            try:
                note = level(str(self.ai_level.value)).description
            except ValueError:
                note = ""
            txt.blit_text(surface, note, theme.SMALL, theme.TEXT_FAINT, (640, OPTIONS_Y + 50))
        else:
            txt.blit_text(surface, txt.fit(QUICK_NOTE if self.quick.value else PRIVATE_NOTE,
                                           theme.SMALL, W - 680), theme.SMALL, theme.TEXT_FAINT,
                          (640, OPTIONS_Y + 50))
        hint = "Click or Enter chooses a deck  \u00b7  Tab moves  \u00b7  Esc goes back"
        txt.blit_text(surface, hint, theme.SMALL, theme.TEXT_FAINT, (W // 2, H - 52), anchor="center")

    def draw_over(self, surface: pygame.Surface) -> None:
        # open dropdown lists must stay on top of the toast and hint
        for w in (self.best_of, self.first, self.ai_level, self.quick):
            if w.open:
                w.draw_overlay(surface)

    def _draw_row(self, surface: pygame.Surface, entry: library.DeckEntry, rect: pygame.Rect,
                  state: ItemState, side: int) -> None:
        chosen = self.chosen[side] is entry
        r = rect.inflate(-4, -4)
        if chosen:
            pygame.draw.rect(surface, (58, 48, 30), r, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT, r, width=2, border_radius=6)
        elif state.hovered:
            pygame.draw.rect(surface, theme.BUTTON_HOVER if entry.legal else theme.BUTTON, r,
                             border_radius=6)
        if state.focused:
            pygame.draw.rect(surface, theme.FOCUS, r, width=2, border_radius=6)
        ink = theme.TEXT if entry.legal else theme.TEXT_FAINT
        tag = "starter" if entry.readonly else "yours"
        tag_img = txt.text(tag, theme.SMALL, theme.INFO if entry.readonly else theme.GOOD)
        surface.blit(tag_img, tag_img.get_rect(topright=(r.right - 12, r.y + 6)))
        txt.blit_text(surface, txt.fit(entry.name, theme.LABEL, r.w - 40 - tag_img.get_width()),
                      theme.LABEL, ink, (r.x + 12, r.y + 4), bold=True)
        if entry.legal and entry.deck is not None:
            d = entry.deck
            status = f"legal  \u00b7  Main {len(d.main)}  Side {len(d.side)}  Extra {len(d.extra)}"
            colour = theme.TEXT_DIM
        else:
            status, colour = entry.status, theme.BAD if entry.complete else theme.TEXT_DIM
        below = max(26, 2 + txt.font(theme.LABEL, True).get_linesize())  # grows with text size
        about = entry.deck.description if entry.deck is not None else ""
        if about:  # what the deck plays, one line (a starter deck's, or the player's own)
            txt.blit_text(surface, txt.fit(about, theme.SMALL, r.w - 24), theme.SMALL, ink,
                          (r.x + 12, r.y + below))
            below += txt.font(theme.SMALL).get_linesize()
        txt.blit_text(surface, txt.fit(status, theme.SMALL, r.w - 24), theme.SMALL, colour,
                      (r.x + 12, r.y + below))
