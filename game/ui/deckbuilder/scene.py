"""The deck builder scene: browse the whole set, build Main/Side/Extra, see the deck's
legality and shape, draw test hands, and keep decks in files.

Every edit goes through game.decks.edit.DeckEditor (the book's limits, undo/redo), so the
scene only turns gestures into edits and says why a refused one was refused:

- drag a card from the grid into Main, Side or Extra, between lists, or out to remove;
- double-click a card: Main (Extra Deck Phantoms: Extra); right-click: Side;
- keys: Enter adds to Main, Shift+Enter to Side, Delete removes; in a list Delete/-, +,
  and M/S/E move a copy; Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves, Ctrl+F searches.

What changes only with the deck (list rows, problems, charts) is rebuilt on an edit, never
per frame; the grid draws only its visible cells from cached faces.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

import pygame

from game.decks import library
from game.decks.card_query import CardIndex, deck_counts, parse_query
from game.decks.deck import LISTS, MAX_COPIES, Deck, Refused
from game.decks.edit import LIST_TITLES, DeckEditor, DeckState
from game.decks.stats import TestHand, deck_stats
from game.engine.carddefs import CardDef
from game.files import folders
from game.files.fileio import is_file
from game.ui import cite, placement, theme
from game.ui import text as txt
from game.ui.deckbuilder import layout as L
from game.ui.deckbuilder import panels
from game.ui.deckbuilder.charts import render_stats
from game.ui.deckbuilder.files import FileActions
from game.ui.deckbuilder.testhand import TestHandPanel
from game.ui.faces import FaceStore
from game.ui.scene import Pop, Quit, Transition
from game.ui.screen import Screen
from game.ui.widgets import (
    Button,
    Dialog,
    Dropdown,
    GridView,
    ItemState,
    ListView,
    Option,
    TextField,
    WidgetGroup,
    draw_tooltip,
)
from game.ui.widgets.base import ctrl_held, is_key, shift_held


def said(reason: str) -> str:
    """A refusal as the builder says it: capitalised, and a deck rule's (game.decks.edit.Refused)
    ending with the RULES.md rule it keeps, "(Rule M1)", as the duel screen cites its rules."""
    text = reason[:1].upper() + reason[1:]
    rule = getattr(reason, "rule", "")
    return f"{text} {cite.tag_of(rule)}" if rule else text


_CARD_ID = re.compile(r" \(([a-z0-9_]+)\)")  # "Ember Imp (ember_imp)": the id a file needs
DRAG_START = 6  # pixels the pointer moves before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds
ZOOM_REST = 0.12  # seconds the grid must stand still before a hovered card zooms
SORT_LABELS = {"name": "Name", "level": "Level", "atk": "ATK", "health": "Health", "type": "Type"}
SEARCH_HELP = ("Filters: type:counter  level>=4  atk>1500  hp<=500  family:ember  speed:2  "
               "extra  in:deck  -word (not)")


class Drag:
    """A press on a card that may become a drag: where from, and whether it moved yet."""

    def __init__(self, card_id: str, source: str, pos: tuple[int, int]) -> None:
        self.card_id = card_id
        self.source = source  # "grid" or a list name
        self.start = pos
        self.pos = pos
        self.active = False

    def move(self, pos: tuple[int, int]) -> None:
        self.pos = pos
        if not self.active and (abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1])
                                >= DRAG_START):
            self.active = True


class DeckBuilderScene(FileActions, Screen):
    def __init__(self, pool: Mapping[str, CardDef], hand_size: int = 5,
                 settings: folders.Settings | None = None, open_path: Path | None = None,
                 open_last: bool = True) -> None:
        # inside the browser pane: a long refusal wraps, never past the edge or the divider
        # (`_place_toast` moves it off the grid's cards)
        super().__init__((L.BROWSER.centerx, L.H - 44), L.BROWSER.w - 24)
        self.pool = pool
        self.hand_size = hand_size
        self.settings = settings if settings is not None else folders.load_settings()
        self.index = CardIndex(pool)
        self.faces = FaceStore()
        self.modal: Dialog | TestHandPanel | None = None
        self.drag: Drag | None = None
        self.mouse = (-1, -1)
        self._last_click: tuple[str, float] = ("", 0.0)
        self._warm = True
        self._scroll_rest = ZOOM_REST  # seconds since the grid last moved
        self.results: list[CardDef] = []
        self.query = parse_query("")
        self.sort = self.settings.get("deck_builder", "sort")
        if self.sort not in SORT_LABELS:
            self.sort = "name"
        self._build_widgets()
        self.path: Path | None = None
        self.readonly = False
        self.file_problems: tuple[str, ...] = ()
        self.editor = DeckEditor(Deck("New deck", ()), pool)
        self._seen_state: DeckState | None = None
        self._charts: pygame.Surface | None = None
        start = open_path
        if start is None and open_last:
            last = self.settings.get("deck_builder", "last_deck")
            start = Path(last) if last and is_file(last) else None  # never raises
        if start is not None:
            entry = library.read_deck(start, pool, self._source_of(start))
            self.load_editor(entry.deck or Deck(entry.name, ()), start, entry.readonly,
                             entry.problems if entry.malformed else ())
        self.run_search()
        self._refresh()
        if self.settings.problem:  # said once; the file itself is left as it is
            self.toast.show(self.settings.problem, "warn", seconds=6.0)

    # ------------------------------------------------------------ widgets
    def _build_widgets(self) -> None:
        b = L.top_buttons()
        self.buttons = {
            "undo": Button(b["undo"], "Undo", self.undo, tooltip="Undo the last edit (Ctrl+Z)"),
            "redo": Button(b["redo"], "Redo", self.redo, tooltip="Redo (Ctrl+Y)"),
            "new": Button(b["new"], "New", self.new_deck, tooltip="Start an empty deck"),
            "save": Button(b["save"], "Save", lambda: self.save(), "primary",
                           tooltip="Save to your decks folder (Ctrl+S)"),
            "save_as": Button(b["save_as"], "Save as", lambda: self.save_as(),
                              tooltip="Save under a new name"),
            "back": Button(b["back"], "Back", self.leave, tooltip="Back to the menu (Esc)"),
        }
        self.open_menu = Dropdown(b["open"], [], label="Open", menu=True,
                                  on_change=self.open_entry, list_width=440,
                                  on_open=self.refresh_open_menu,
                                  tooltip="Open a starter deck or one of yours")
        self.deck_menu = Dropdown(b["deck"], [Option("Rename\u2026", "rename"),
                                              Option("Duplicate", "duplicate"),
                                              Option("Delete\u2026", "delete")],
                                  label="Deck", menu=True, on_change=self._deck_action,
                                  list_width=170)
        self.import_menu = Dropdown(b["import"], [
            Option("From the clipboard", "clipboard"), Option("From a file\u2026", "file")],
            label="Import", menu=True, on_change=self._import_action, list_width=220)
        self.export_menu = Dropdown(b["export"], [
            Option("Copy as text list", "copy_text"), Option("Copy as YAML", "copy_yaml"),
            Option("Text list file\u2026", "file_text"), Option("YAML file\u2026", "file_yaml")],
            label="Export", menu=True, on_change=self._export_action, list_width=220)
        self.search = TextField(L.SEARCH, placeholder="Search name or text, e.g. type:counter level>=4",
                                on_change=lambda _v: self.run_search(), tooltip=SEARCH_HELP)
        self.sort_menu = Dropdown(L.SORT, [Option(v, k) for k, v in SORT_LABELS.items()],
                                  selected=list(SORT_LABELS).index(self.sort), label="Sort",
                                  on_change=self._set_sort)
        self.grid = GridView(L.GRID, L.GRID_CELL, self._draw_cell, gap=L.GRID_GAP,
                             on_activate=lambda c: self.add_card(c.id, self.home_list(c.id)))
        self.lists = {name: ListView(L.list_body(rect), L.ROW_H,
                                     partial(self._draw_row, lname=name))
                      for name, rect in L.LISTS.items()}
        self.problem_view = ListView(pygame.Rect(L.LEGALITY.x + 4, L.LEGALITY.y + 44,
                                                 L.LEGALITY.w - 8, L.LEGALITY.h - 50), 20,
                                     panels.problem_row)
        self.problem_view.focusable = False
        hand_rect = pygame.Rect(L.STATS.right - 112, L.STATS.y + 8, 104, 30)
        self.hand_button = Button(hand_rect, "Test hand", self.open_test_hand, px=theme.SMALL,
                                  tooltip="Draw an opening hand from the Main Deck")
        self.group = WidgetGroup([
            self.search, self.sort_menu, self.grid, *self.lists.values(), self.problem_view,
            self.hand_button, self.buttons["undo"], self.buttons["redo"], self.buttons["new"],
            self.open_menu, self.buttons["save"], self.buttons["save_as"], self.deck_menu,
            self.import_menu, self.export_menu, self.buttons["back"]])
        self.group.set_focus(self.grid)

    def _source_of(self, path: Path) -> str:
        try:
            inside = path.resolve().is_relative_to(library.STARTER_DIR.resolve())
        except OSError:
            inside = False
        return "starter" if inside else "user"

    # -------------------------------------------------------- deck state
    def load_editor(self, deck: Deck, path: Path | None, readonly: bool,
                    problems: tuple[str, ...] = ()) -> None:
        """Show `deck` (from `path`, or new when None); `problems`: why its file is broken."""
        self.editor = DeckEditor(deck, self.pool)
        self.path, self.readonly, self.file_problems = path, readonly, tuple(problems)
        self.remember_disk()  # a save first checks that the file is still this one
        for view in self.lists.values():
            view.selected = None
            view.scroll_to(0, smooth=False)
        self._seen_state = None
        self._refresh()

    def _plain(self, problem: str) -> str:
        """A rule problem as the player reads it: card names without their file ids."""
        return _CARD_ID.sub(lambda m: "" if m.group(1) in self.pool else m.group(0), problem)

    def _refresh(self) -> None:
        """Rebuild what depends on the deck (rows, problems, charts) when it changed."""
        state = self.editor.state()
        if state == self._seen_state:
            return
        self._seen_state = state
        for name, view in self.lists.items():
            view.set_items(self.editor.entries(name))
        problems = self.editor.problems()
        lines: list[str] = []
        for p in [*(f"file: {p}" for p in self.file_problems), *problems]:
            rule = getattr(p, "rule", "")  # a deck rule's problem cites it (M1, M2); hover: its words
            said_ = self._plain(p) + (f" {cite.tag_of(rule)}" if rule else "")
            wrapped = txt.wrap(said_, theme.SMALL, self.problem_view.view.w - 20)
            for i, line in enumerate(wrapped):
                line = ("\u2022 " if i == 0 else "") + line
                lines.append(Refused(line, rule) if rule else line)
        self.problem_view.set_items(lines)
        self.problems = problems
        self.in_deck = deck_counts({n: self.editor.lists[n].items() for n in LISTS})
        stats = deck_stats(self.editor.deck(), self.pool)
        self._charts = render_stats(stats, (L.STATS.w - 24, L.STATS.h - 50))
        self.buttons["undo"].enabled = self.editor.can_undo
        self.buttons["redo"].enabled = self.editor.can_redo
        if "in:" in self.search.value:
            self.run_search()

    def run_search(self) -> None:
        """Filter and sort the grid from the search box (cheap: runs on every keystroke)."""
        self.query = parse_query(self.search.value)
        in_deck = getattr(self, "in_deck", {})
        self.results = self.index.search(self.query, self.sort, in_deck)
        self.grid.set_items(self.results, keep_offset=False)
        if self.results and self.grid.selected is None:
            self.grid.selected = 0

    def _set_sort(self, key: str) -> None:
        self.sort = key
        self.settings.set("deck_builder", "sort", key)
        self.settings.save()
        self.run_search()

    # ------------------------------------------------------------- edits
    def home_list(self, card_id: str) -> str:
        cdef = self.pool.get(card_id)
        return "extra" if cdef is not None and cdef.extra else "main"

    def _after_edit(self, reason: str | None, ok_message: str = "") -> bool:
        if reason is not None:
            rule = getattr(reason, "rule", "")  # hovering the toast shows the rule's words
            self.toast.show(said(reason), "error", detail=cite.words_of(rule) if rule else "")
            return False
        self._refresh()
        if ok_message:
            self.toast.show(ok_message, "ok", seconds=1.6)
        return True

    def add_card(self, card_id: str, lname: str) -> bool:
        reason = self.editor.add(card_id, lname)
        return self._after_edit(reason, f"{self.editor.card_name(card_id)} \u2192 "
                                        f"{LIST_TITLES[lname]} ({self.editor.count(card_id)}/"
                                        f"{MAX_COPIES})")

    def remove_card(self, card_id: str, lname: str | None = None) -> bool:
        lname = lname or self.editor.where(card_id)
        if lname is None:
            return self._after_edit(f"{self.editor.card_name(card_id)} is not in the deck")
        return self._after_edit(self.editor.remove(card_id, lname),
                                f"{self.editor.card_name(card_id)} out of the {LIST_TITLES[lname]}")

    def move_card(self, card_id: str, src: str, dst: str) -> bool:
        return self._after_edit(self.editor.move(card_id, src, dst),
                                f"{self.editor.card_name(card_id)} \u2192 {LIST_TITLES[dst]}")

    def undo(self) -> None:
        self._step_history(self.editor.undo, "Undone", "Nothing to undo")

    def redo(self) -> None:
        self._step_history(self.editor.redo, "Redone", "Nothing to redo")

    def _step_history(self, step: Callable[[], bool], done: str, nothing: str) -> None:
        """Undo or redo, and say what it changed (or that there was nothing to change)."""
        before = self.editor.state()
        if not step():
            self.toast.show(nothing, "warn", seconds=1.6)
            return
        self._refresh()
        what = self.editor.change_words(before, self.editor.state())
        self.toast.show(f"{done}: {what}" if what else done, seconds=2.0)

    # --------------------------------------------------------- menus
    def _deck_action(self, action: str) -> None:
        {"rename": self.rename, "duplicate": self.duplicate, "delete": self.delete}[action]()

    def _import_action(self, action: str) -> None:
        (self.import_clipboard if action == "clipboard" else self.import_file)()

    def _export_action(self, action: str) -> None:
        kind, fmt = action.split("_")
        (self.export_clipboard if kind == "copy" else self.export_file)(fmt)

    def ask(self, dialog: Dialog) -> None:
        self.modal = dialog
        self.drag = None

    def open_test_hand(self) -> None:
        deck = self.editor.deck()
        if not deck.main:
            self.toast.show("The Main Deck is empty: add cards to draw a test hand", "error")
            return
        self.modal = TestHandPanel(TestHand(deck.main, self.hand_size, seed=time.time_ns()),
                                   self.pool, self.faces)

    def leave(self) -> None:
        self.unsaved_then(lambda: self.go(Pop()), "leave")

    def allow_quit(self) -> bool:
        """The app asks before closing the window: with unsaved changes, ask the player."""
        if not self.editor.dirty:
            return True
        self.unsaved_then(lambda: self.go(Quit()), "quit")
        return False

    # ------------------------------------------------------------ events

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if self.modal is not None:
            self.modal.handle_event(event)
            if self.modal is not None and self.modal.closed:
                self.modal = None
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self._mouse(event) or self._keys(event):
            return None
        if event.type == pygame.TEXTINPUT and self.group.focus is not self.search \
                and not any(w.captures_input for w in self.group.widgets):
            self.group.set_focus(self.search)  # typing anywhere searches
        used = self.group.handle_event(event)
        if not used and is_key(event, pygame.K_ESCAPE):
            self.leave()
        return None

    def _list_at(self, pos: tuple[int, int]) -> str | None:
        return next((n for n, r in L.LISTS.items() if r.collidepoint(pos)), None)

    def _mouse(self, event: pygame.event.Event) -> bool:
        """Drags, double-clicks, right-clicks and row +/- buttons (True: used)."""
        if any(w.captures_input for w in self.group.widgets):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._press(event)
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.move(event.pos)
            self.group.handle_event(event)  # keep hover up to date underneath
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag.active:
                self._drop(drag, event.pos)
                return True
        return False

    def _press(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        if self.grid.dragging_bar or self.grid.thumb() and self.grid.track().inflate(6, 0) \
                .collidepoint(pos):
            return False
        card = self.grid.item_at(pos)
        if card is not None:
            self.group.set_focus(self.grid)
            self.grid.selected = self.grid.index_at(pos)
            if event.button == 3:
                self.add_card(card.id, "side")
                return True
            now = time.monotonic()
            if self._last_click[0] == card.id and now - self._last_click[1] < DOUBLE_CLICK:
                self._last_click = ("", 0.0)
                self.add_card(card.id, self.home_list(card.id))
                return True
            self._last_click = (card.id, now)
            self.drag = Drag(card.id, "grid", pos)
            return True
        lname = self._list_at(pos)
        if lname is None:
            return False
        view = self.lists[lname]
        i = view.index_at(pos)
        if i is None:
            return False
        cid, _n = view.items[i]
        self.group.set_focus(view)
        view.selected = i
        minus, plus = panels.row_buttons(view.screen_rect(i))
        if event.button == 3 or minus.collidepoint(pos):
            self.remove_card(cid, lname)
        elif plus.collidepoint(pos):
            self.add_card(cid, lname)
        else:
            self.drag = Drag(cid, lname, pos)
        return True

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        target = self._list_at(pos)
        if drag.source == "grid":
            if target is not None:
                self.add_card(drag.card_id, target)
            return
        if target is None:
            self.remove_card(drag.card_id, drag.source)  # dragged out: one copy fewer
        elif target != drag.source:
            self.move_card(drag.card_id, drag.source, target)

    def drop_verdict(self, lname: str) -> str | None:
        """Why the card being dragged may not be dropped on `lname` (None: it may)."""
        d = self.drag
        if d is None:
            return None
        if d.source == "grid":
            return self.editor.check_add(d.card_id, lname)
        if d.source == lname:
            return None
        return self.editor.check_add(d.card_id, lname, moving_from=d.source)

    def _keys(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        ctrl, shift, key = ctrl_held(event), shift_held(event), event.key
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
            return True
        if ctrl and key == pygame.K_y:
            self.redo()
            return True
        if ctrl and key == pygame.K_s:
            self.save()
            return True
        if (ctrl and key == pygame.K_f) or (key == pygame.K_SLASH and self.group.focus is not self.search):
            self.group.set_focus(self.search)
            return True
        focus = self.group.focus
        if focus is self.grid and self.grid.selected_item is not None:
            card = self.grid.selected_item
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.add_card(card.id, "side" if shift else self.home_list(card.id))
                return True
            if key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.remove_card(card.id)
                return True
        for lname, view in self.lists.items():
            if focus is view and view.selected_item is not None:
                return self._list_key(event, lname, view.selected_item[0])
        if focus is self.search and key in (pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.results:
            self.group.set_focus(self.grid)
            self.grid.select(self.grid.selected or 0)
            return True
        return False

    def _list_key(self, event: pygame.event.Event, lname: str, cid: str) -> bool:
        key = event.key
        if key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.remove_card(cid, lname)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) or (
                key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not shift_held(event)):
            self.add_card(cid, lname)
        elif key in (pygame.K_m, pygame.K_s, pygame.K_e):
            dst = {pygame.K_m: "main", pygame.K_s: "side", pygame.K_e: "extra"}[key]
            self.move_card(cid, lname, dst)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.move_card(cid, lname, "side")
        else:
            return False
        return True

    # ------------------------------------------------------------ update
    def on_update(self, dt: float) -> Transition | None:
        if self.modal is not None:
            self.modal.update(dt)
        before = self.grid.offset
        self.group.update(dt)
        moving = self.grid.offset != before or self.grid.offset != self.grid.target
        self._scroll_rest = 0.0 if moving else self._scroll_rest + dt
        if self._warm:  # draw the grid's faces ahead of scrolling, a few per frame
            self._warm = not self.faces.warm(self.results, L.GRID_FACE_W, budget_s=0.004)
        return None

    def refresh_open_menu(self) -> None:
        self.open_menu.set_options(self.deck_options())

    # -------------------------------------------------------------- draw
    def hovered_card(self) -> tuple[CardDef, pygame.Rect, str] | None:
        """The card under the pointer, its on-screen rect and where it is ("grid"/list)."""
        if self.drag is not None and self.drag.active or self.modal is not None:
            return None
        if any(w.captures_input for w in self.group.widgets):
            return None
        i = self.grid.hover_index
        if self._scroll_rest < ZOOM_REST:
            i = None  # no zoom while the grid moves under a still pointer
        if i is not None and i < len(self.grid.items):
            return self.grid.items[i], self.grid.screen_rect(i), "grid"
        for lname, view in self.lists.items():
            j = view.hover_index
            if j is not None and j < len(view.items):
                cdef = self.pool.get(view.items[j][0])
                if cdef is not None:
                    return cdef, view.screen_rect(j), lname
        return None

    def paint_backdrop(self, bg: pygame.Surface) -> None:
        pygame.draw.line(bg, theme.PANEL_EDGE, (0, L.TOP_H), (L.W, L.TOP_H))
        pygame.draw.rect(bg, (14, 17, 24), (0, L.TOP_H + 1, L.BROWSER.w, L.H - L.TOP_H - 1))
        pygame.draw.line(bg, theme.PANEL_EDGE, (L.BROWSER.w, L.TOP_H), (L.BROWSER.w, L.H))

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh()
        surface.blit(self.backdrop(), (0, 0))
        self._draw_title(surface)
        self._draw_hint(surface)
        self._draw_lists(surface)
        self._draw_legality(surface)
        self._draw_stats(surface)
        self.group.tooltips = self.modal is None
        self.group.draw(surface)
        if not self.results:
            txt.blit_text(surface, "No card matches the search", theme.BODY, theme.TEXT_DIM,
                          L.GRID.center, anchor="center")
        self._draw_drag(surface)
        hovered = self.hovered_card()
        if hovered is not None:
            self._draw_zoom(surface, *hovered)
        self._place_toast()
        self.toast.draw(surface)
        detail = self.toast.detail_at(self.mouse) if self.modal is None else ""
        if not detail and self.modal is None:  # a problem row's rule, in its own words
            detail = self._problem_rule_words()
        if detail:  # the rule a refusal cites, in its own words
            draw_tooltip(surface, detail, self.mouse, max_width=420)
        if self.modal is not None:
            self.modal.draw(surface)

    def _problem_rule_words(self) -> str:
        """The words of the deck rule behind the hovered problem row ("" for none)."""
        i = self.problem_view.hover_index
        if i is None or i >= len(self.problem_view.items):
            return ""
        rule = getattr(self.problem_view.items[i], "rule", "")
        return cite.words_of(rule) if rule else ""

    def _draw_title(self, surface: pygame.Surface) -> None:
        x, right = L.MARGIN, min(r.x for r in L.top_buttons().values()) - 12
        name = self.editor.name + (" \u2022" if self.editor.dirty else "")
        title = txt.blit_text(surface, txt.fit(name, theme.HEADING, right - x), theme.HEADING,
                              theme.TEXT, (x, 8 - round(20 * (txt.scale() - 1))), bold=True)
        if self.readonly:
            status, colour = "starter deck \u00b7 read-only \u00b7 Save as to keep a copy", theme.INFO
        elif self.editor.dirty:
            status, colour = "unsaved changes", theme.ACCENT
        elif self.path is None:
            status, colour = "new deck \u00b7 not saved yet", theme.TEXT_DIM
        else:
            status, colour = f"saved \u00b7 {self.path.name}", theme.TEXT_DIM
        txt.blit_text(surface, txt.fit(status, theme.SMALL, right - x), theme.SMALL, colour,
                      (x, max(36, title.bottom - 1)))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        r = L.HINT
        if self.query.problems:
            line, colour = "Not understood: " + "; ".join(self.query.problems), theme.BAD
        else:
            line = (f"{len(self.results)} of {len(self.pool)} cards  \u00b7  drag into a list, "
                    "double-click: Main, right-click: Side")
            colour = theme.TEXT_DIM
        txt.blit_text(surface, txt.fit(line, theme.SMALL, r.w), theme.SMALL, colour, r.topleft)

    def _draw_lists(self, surface: pygame.Surface) -> None:
        for lname, rect in L.LISTS.items():
            glow = None
            if self.drag is not None and self.drag.active:
                verdict = self.drop_verdict(lname)
                hot = rect.collidepoint(self.drag.pos)
                if verdict is None and (self.drag.source != lname):
                    glow = theme.GOOD if hot else theme.mix(theme.PANEL_EDGE, theme.GOOD, 0.5)
                elif verdict is not None and hot:
                    glow = theme.BAD
            panels.panel(surface, rect, glow)
            panels.list_heading(surface, lname, rect, self.editor.size(lname),
                                not self.lists[lname].items)

    def _draw_row(self, surface: pygame.Surface, entry: tuple[str, int], rect: pygame.Rect,
                  state: ItemState, lname: str) -> None:
        over = self.editor.count(entry[0]) > MAX_COPIES or entry[0] not in self.pool
        panels.list_row(surface, entry, rect, state, self.pool, self.mouse, over)

    def _draw_cell(self, surface: pygame.Surface, cdef: CardDef, rect: pygame.Rect,
                   state: ItemState) -> None:
        panels.grid_cell(surface, cdef, rect, state, self.faces, self.in_deck.get(f"deck:{cdef.id}", 0))

    def _draw_legality(self, surface: pygame.Surface) -> None:
        r = L.LEGALITY
        panels.panel(surface, r)
        legal = not self.problems and not self.file_problems
        label, colour = ("LEGAL \u2713", theme.GOOD) if legal else ("NOT LEGAL", theme.BAD)
        txt.blit_text(surface, label, theme.LABEL, colour, (r.x + 12, r.y + 10), bold=True)
        n = len(self.problems) + len(self.file_problems)
        note = "ready for a duel" if legal else f"{n} problem{'s' if n != 1 else ''}"
        txt.blit_text(surface, note, theme.SMALL, theme.TEXT_DIM, (r.right - 12, r.y + 13),
                      anchor="topright")
        if legal:
            txt.blit_text(surface, "Every limit of the book is met.", theme.SMALL, theme.TEXT_DIM,
                          (r.x + 12, r.y + 48))

    def _draw_stats(self, surface: pygame.Surface) -> None:
        r = L.STATS
        panels.panel(surface, r)
        txt.blit_text(surface, txt.fit("MAIN DECK SHAPE", theme.SMALL, self.hand_button.rect.x - r.x - 20,
                                       bold=True), theme.SMALL, theme.TEXT_DIM, (r.x + 12, r.y + 14), bold=True)
        if self._charts is not None:
            surface.blit(self._charts, (r.x + 12, r.y + 44))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        d = self.drag
        if d is None or not d.active:
            return
        cdef = self.pool.get(d.card_id)
        if cdef is None:
            return
        ghost = self.faces.ghost(cdef, L.GRID_FACE_W)
        surface.blit(ghost, ghost.get_rect(center=d.pos))
        target = self._list_at(d.pos)
        if target is not None and target != d.source:
            verdict = self.drop_verdict(target)
            if verdict is not None:
                draw_tooltip(surface, said(verdict), d.pos)
        elif target is None and d.source != "grid":
            draw_tooltip(surface, f"Drop to take one out of the {LIST_TITLES[d.source]}", d.pos)

    def _place_toast(self) -> None:
        """The toast at the browser's foot while no grid card is there (a short search),
        else over the search row above the grid: the first place clear of the grid's cards
        on screen, inside the browser pane (game.ui.placement's one rule)."""
        if not self.toast.visible:
            return
        grid = self.grid
        cards = [grid.screen_rect(i).clip(grid.view) for i in grid.visible_range()]
        avoid = [r for r in cards if r.w and r.h]
        w, h = self.toast.box().size
        foot = (L.BROWSER.centerx, L.H - 44)
        head = (L.BROWSER.centerx, (L.SEARCH.y + L.GRID.y) // 2)  # over the search row
        tries = [(x - w // 2, y - h // 2) for x, y in (foot, head)]
        self.toast.centre = placement.place((w, h), tries, L.BROWSER, avoid).center

    def _draw_zoom(self, surface: pygame.Surface, cdef: CardDef, rect: pygame.Rect, where: str) -> None:
        face = self.faces.face(cdef, L.ZOOM_W)
        w, h = face.get_size()
        top = rect.centery - h // 2
        right, left = (rect.right + 14, top), (rect.left - 14 - w, top)
        if where == "grid":  # stay over the grid, on the side away from the card
            tries = [right, left] if rect.centerx < L.GRID.centerx else [left, right]
        else:
            tries = [(L.LISTS[where].left - 12 - w, top)]
        zr = placement.place((w, h), tries, pygame.Rect(8, L.TOP_H + 8, L.W - 16, L.H - L.TOP_H - 16),
                             [rect])
        shadow = zr.inflate(8, 8).move(3, 5)
        pygame.draw.rect(surface, (4, 5, 8), shadow, border_radius=16)
        surface.blit(face, zr)
        copies = self.editor.count(cdef.id)
        if copies:
            label = txt.text(f"{copies} in this deck", theme.SMALL, theme.ACCENT, bold=True)
            pill = label.get_rect().inflate(16, 6)  # on its own dark pill: never over a card name
            pill.midtop = (zr.centerx, zr.bottom + 6)
            if pill.bottom > L.H - 4:
                pill.midbottom = (zr.centerx, zr.top - 6)
            pygame.draw.rect(surface, theme.PANEL_DARK, pill, border_radius=pill.h // 2)
            pygame.draw.rect(surface, theme.ACCENT, pill, 1, border_radius=pill.h // 2)
            surface.blit(label, label.get_rect(center=pill.center))
