"""The replays list: every recorded duel, newest first; open one in the viewer, delete it,
export it to share it, or import one someone shared.

Each row: when, the decks, the players (and the computer's level), who won and why, rounds,
single duel or which duel of a match. A file that cannot be read is listed with its
problem; it cannot be opened (saying why) but can be deleted. Only each file's header (all
but its commands, at most 64 KiB at its start) is read, in a worker thread started when the
scene opens, and rows appear as they are read; the frame loop never reads a file. The
whole file is read when it is watched.

Export copies the selected replay's file (checked whole first) into the exports folder under
a name of its own, never over another file; Import opens the list of the exports folder's
files (game/ui/replays/import_scene.py) and a good replay joins the list, selected.

Keys: Up/Down/Home/End/PageUp/PageDown move, Enter watches, Delete deletes (after asking),
E exports, I imports, Tab moves over the buttons, Esc goes back. Mouse: click selects,
double-click watches.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from game.engine import CardDef
from game.play.replay import (
    KEEP,
    ReplayEntry,
    ReplayError,
    ReplayRun,
    delete_replay,
    export_replay,
    read_entry,
    replay_files,
)
from game.ui import text as txt
from game.ui import theme
from game.ui.replays.shown import player_label
from game.ui.scene import Pop, Push, Scene, Transition
from game.ui.screen import Screen, list_panel
from game.ui.widgets import (
    Button,
    ItemState,
    ListView,
    WidgetGroup,
    confirm,
    row_backdrop,
)

W, H = theme.LOGICAL_SIZE
ROW_H = 62
LIST = list_panel(130)


def when(entry: ReplayEntry) -> str:
    r = entry.replay
    return r.date.astimezone().strftime("%d %b %Y  %H:%M") if r is not None else ""


class Loader:
    """Reads every replay file of a folder in a thread (no pygame there), newest first."""

    def __init__(self, pool: Mapping[str, CardDef], folder: Path | None, threaded: bool = True) -> None:
        self.pool = pool
        self.paths = replay_files(folder)
        self.entries: list[ReplayEntry] = []
        self.thread: threading.Thread | None = None
        if threaded:
            self.thread = threading.Thread(target=self._run, name="replays", daemon=True)
            self.thread.start()
        else:
            self._run()

    def _run(self) -> None:
        for path in self.paths:
            self.entries.append(read_entry(path, self.pool))

    @property
    def done(self) -> bool:
        return len(self.entries) >= len(self.paths)

    def wait(self) -> None:
        if self.thread is not None:
            self.thread.join()


class ReplaysScene(Screen):
    def __init__(self, pool: Mapping[str, CardDef], entries: list[ReplayEntry] | None = None,
                 folder: Path | None = None,
                 open_viewer: Callable[[ReplayRun], Scene] | None = None,
                 threaded: bool = True) -> None:
        super().__init__((W // 2, H - 112))
        self.pool = pool
        self.folder = folder
        self.threaded = threaded
        self.exports: Path | None = None  # the exports folder (None: the user's)
        self.wanted: Path | None = None  # select this file once it is listed (just imported)
        self.loader = Loader(pool, folder, threaded) if entries is None else None
        self.entries: list[ReplayEntry] = list(entries) if entries is not None else []
        self.deleted: set[Path] = set()
        self.open_viewer = open_viewer
        self.list = ListView(LIST.inflate(-12, -12), ROW_H, self._draw_row, on_activate=self.watch)
        self.list.set_items(self.entries)
        self.back = Button((60, H - 74, 150, 46), "Back", self.leave, tooltip="Back to the menu (Esc)")
        self.delete = Button((W - 470, H - 74, 190, 46), "Delete\u2026", self.ask_delete, "danger",
                             tooltip="Delete the selected replay (Delete)")
        self.open = Button((W - 260, H - 74, 200, 46), "Watch", self.watch_selected, "primary",
                           tooltip="Watch the selected replay (Enter, or double-click it)")
        self.import_button = Button((230, H - 74, 150, 46), "Import\u2026", self.ask_import,
                                    tooltip="Import a replay someone shared with you (I)")
        self.export_button = Button((396, H - 74, 150, 46), "Export", self.export_selected,
                                    tooltip="Copy the selected replay into the exports folder to "
                                            "share it (E)")
        self.group = WidgetGroup([self.list, self.back, self.import_button, self.export_button,
                                  self.delete, self.open])
        self.group.on_cancel = self.leave
        self.group.set_focus(self.list)
        self._take_loaded()
        if self.entries:
            self.list.select(0)
        self._refresh()

    # ------------------------------------------------------------ loading
    @property
    def loading(self) -> bool:
        return self.loader is not None

    def _take_loaded(self) -> None:
        """Rows read by the loader so far join the list (the selection stays put)."""
        loader = self.loader
        if loader is None:
            return
        got = loader.entries[:]  # appended by the thread; a copy is a consistent prefix
        fresh = [e for e in got if e.path not in self.deleted]
        if len(fresh) != len(self.entries):
            first = not self.entries
            self.entries = fresh
            self.list.set_items(self.entries)
            if first and self.entries:
                self.list.select(0)
            self._refresh()
        if len(got) >= len(loader.paths):
            self.loader = None
        self._select_wanted()

    def _select_wanted(self) -> None:
        if self.wanted is None:
            return
        for i, e in enumerate(self.entries):
            if e.path == self.wanted:
                self.list.select(i)
                self.wanted = None
                self._refresh()
                return

    def wait_loaded(self) -> None:
        """Block until every file is read (tests and snapshots only)."""
        if self.loader is not None:
            self.loader.wait()
            self._take_loaded()

    # ------------------------------------------------------------ actions
    def _refresh(self) -> None:
        chosen = self.list.selected_item
        self.open.enabled = chosen is not None and chosen.replay is not None
        self.export_button.enabled = self.open.enabled
        self.delete.enabled = chosen is not None

    def export_selected(self) -> None:
        """Copy the selected replay into the exports folder; a toast says where, or why not."""
        entry = self.list.selected_item
        if entry is None or entry.replay is None:
            self.toast.show("Choose a replay that can be read to export it", "error")
            return
        try:
            made = export_replay(entry.path, self.exports)
        except ReplayError as exc:
            self.toast.show(f"Not exported: {exc}", "error", 6.0)
            return
        self.toast.show(f"Exported to {made}", "ok", 5.0)

    def ask_import(self) -> None:
        from game.ui.replays.import_scene import ImportScene

        self.go(Push(ImportScene(self.pool, self.imported, self.exports, self.folder)))

    def imported(self, path: Path) -> None:
        """A replay was imported: the list is read again and the new one selected."""
        self.toast.show(f"Imported {path.name}", "ok", 5.0)
        self.wanted = path
        self.deleted.clear()
        self.entries = []
        self.list.set_items(self.entries)
        self.loader = Loader(self.pool, self.folder, self.threaded)
        self._take_loaded()
        self._refresh()

    def watch_selected(self) -> None:
        if self.list.selected_item is not None:
            self.watch(self.list.selected_item)

    def watch(self, entry: ReplayEntry) -> None:
        if entry.replay is None:
            self.toast.show(f"This replay cannot be opened: {entry.problem}", "error", 5.0)
            return
        try:  # the list read only the header: the whole file now
            run = ReplayRun.play(entry.full(self.pool), self.pool)
        except ReplayError as exc:
            self.toast.show(f"This replay cannot be opened: {exc.problem}", "error", 5.0)
            return
        if self.open_viewer is not None:
            self.go(Push(self.open_viewer(run)))
            return
        from game.ui.replays.viewer import ReplayViewer

        self.go(Push(ReplayViewer(run, self.pool)))

    def ask_delete(self) -> None:
        entry = self.list.selected_item
        if entry is None:
            self.toast.show("Choose a replay to delete first", "error")
            return
        what = f"{when(entry)}: {entry.replay.deck_names}" if entry.replay else entry.path.name
        self.dialog = confirm("Delete this replay?", f"{what}. This cannot be undone.",
                              lambda: self._delete(entry), yes="Delete", danger=True)

    def _delete(self, entry: ReplayEntry) -> None:
        try:
            delete_replay(entry.path)
        except ReplayError as exc:
            self.toast.show(str(exc.problem), "error", 5.0)
            return
        self.deleted.add(entry.path)
        i = self.entries.index(entry)
        self.entries.remove(entry)
        self.list.set_items(self.entries)
        self.list.select(min(i, len(self.entries) - 1) if self.entries else None)
        self.toast.show("Replay deleted", "info")
        self._refresh()

    def leave(self) -> None:
        self.go(Pop())

    # ------------------------------------------------------------ events
    def dialog_closed(self) -> None:
        self.group.set_focus(self.list)

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.ask_delete()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_e, pygame.K_i):
            (self.export_selected if event.key == pygame.K_e else self.ask_import)()
            return None
        i = self.double_clicked_row(self.list, event)
        if i is not None:
            self.watch(self.entries[i])
            self._refresh()
            return None
        self.group.handle_event(event)
        self._refresh()
        return None

    def on_update(self, dt: float) -> Transition | None:
        self._take_loaded()
        self.group.update(dt)
        return None

    # ------------------------------------------------------------ drawing
    def paint_backdrop(self, bg: pygame.Surface) -> None:
        pygame.draw.rect(bg, theme.PANEL, LIST, border_radius=10)
        pygame.draw.rect(bg, theme.PANEL_EDGE, LIST, width=1, border_radius=10)

    def draw_body(self, surface: pygame.Surface) -> None:
        broken = sum(1 for e in self.entries if e.replay is None)
        count = f"{len(self.entries)} replay{'s' if len(self.entries) != 1 else ''}"
        if broken:
            count += f"  \u00b7  {broken} cannot be read"
        if self.loader is not None:
            count = f"Reading replays\u2026 {len(self.entries)} / {len(self.loader.paths)}"
        counted = txt.blit_text(surface, count, theme.SMALL, theme.TEXT_DIM, (W - 60, 96), anchor="topright")
        self.title_block(surface, "Replays", f"Every duel played here is kept: the newest "
                             f"{KEEP}. Watch one step by step, from either player's side.",
                             width=counted.x - 16 - 60)
        if not self.entries and self.loader is None:
            txt.blit_text(surface, "No replays yet.", theme.HEADING, theme.TEXT_DIM,
                          (LIST.centerx, LIST.centery - 16), anchor="center", bold=True)
            txt.blit_text(surface, "Every duel you finish (hotseat or versus the AI) is saved here "
                                   "when it ends.", theme.BODY, theme.TEXT_FAINT,
                          (LIST.centerx, LIST.centery + 14), anchor="center")
        self.group.draw(surface)
        hint = "Enter or double-click watches  \u00b7  Delete deletes  \u00b7  E export  \u00b7  I import  " \
               "\u00b7  Tab moves  \u00b7  Esc goes back"
        txt.blit_text(surface, hint, theme.SMALL, theme.TEXT_FAINT, (W // 2, H - 88), anchor="center")

    def _draw_row(self, surface: pygame.Surface, entry: ReplayEntry, rect: pygame.Rect,
                  state: ItemState) -> None:
        r = row_backdrop(surface, rect, state)
        rp = entry.replay
        if rp is None:
            txt.blit_text(surface, txt.fit(entry.path.name, theme.LABEL, r.w - 240), theme.LABEL,
                          theme.TEXT_FAINT, (r.x + 14, r.y + 6), bold=True)
            txt.blit_text(surface, "cannot be read", theme.SMALL, theme.BAD, (r.right - 14, r.y + 8),
                          anchor="topright", bold=True)
            txt.blit_text(surface, txt.fit(entry.problem, theme.SMALL, r.w - 28), theme.SMALL,
                          theme.BAD, (r.x + 14, r.y + 33))
            return
        date = when(entry)
        txt.blit_text(surface, date, theme.SMALL, theme.TEXT_DIM, (r.x + 14, r.y + 9))
        left = r.x + max(170, 14 + txt.width("30 Nov 2026  18:40", theme.SMALL) + 16)  # past the dates
        txt.blit_text(surface, txt.fit(rp.deck_names, theme.LABEL, r.w - 470), theme.LABEL, theme.TEXT,
                      (left, r.y + 6), bold=True)
        colour = theme.TEXT_DIM if rp.winner is None else (
            theme.GOOD if rp.players[rp.winner].level is None else theme.BAD)
        txt.blit_text(surface, txt.fit(rp.winner_text, theme.LABEL, 260), theme.LABEL, colour,
                      (r.right - 14, r.y + 6), bold=True, anchor="topright")
        players = "  vs  ".join(player_label(p.name, p.level) for p in rp.players)
        mode = {"hotseat": "hotseat", "versus_ai": "versus AI", "puzzle": "puzzle"}.get(rp.mode, rp.mode)
        info = f"{players}  \u00b7  {mode}, {rp.match_text}  \u00b7  {_count(rp.rounds, 'round')}  " \
               f"\u00b7  {_count(rp.command_count, 'command')}"
        txt.blit_text(surface, txt.fit(info, theme.SMALL, r.w - 470), theme.SMALL, theme.TEXT_DIM,
                      (left, r.y + 33))
        if rp.reason:
            txt.blit_text(surface, txt.fit(rp.reason_text, theme.SMALL, 280), theme.SMALL, theme.TEXT_FAINT,
                          (r.right - 14, r.y + 34), anchor="topright")


def _count(n: int, noun: str) -> str:
    """ "1 round", "7 rounds"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
