"""Import a replay someone shared: the files of the exports folder, or a path typed in.

Each *.yaml of the exports folder is a row: its name and what it holds (the decks, players
and result of a replay, or why it is not one). Import (Enter, double-click) checks the whole
file and copies a good replay into the replays folder (game/play/replay/ `import_replay`); a
bad one is refused in one line and nothing is copied. "Other file…" asks for a path.

Keys: Up/Down move, Enter imports, O other file, Tab moves over the buttons, Esc back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pygame

from game.engine import CardDef
from game.play.replay import ReplayEntry, ReplayError, import_files, import_replay, read_entry
from game.ui import text as txt
from game.ui import theme
from game.ui.scene import Pop, Transition
from game.ui.screen import Screen, list_panel
from game.ui.widgets import (
    Button,
    ItemState,
    ListView,
    WidgetGroup,
    prompt,
    row_backdrop,
)

W, H = theme.LOGICAL_SIZE
ROW_H = 56
LIST = list_panel(150)


class ImportScene(Screen):
    """Pushed over the Replays list; `on_imported(path)` is told the new replay's file."""

    def __init__(self, pool: Mapping[str, CardDef], on_imported: Callable[[Path], None],
                 source: Path | None = None, target: Path | None = None) -> None:
        from game.play.replay import exports_dir

        super().__init__((W // 2, H - 112))
        self.pool = pool
        self.on_imported = on_imported
        self.source = source if source is not None else exports_dir()
        self.target = target  # the replays folder (None: the user's)
        self.entries: list[ReplayEntry] = [read_entry(p, pool) for p in import_files(self.source)]
        self.list = ListView(LIST.inflate(-12, -12), ROW_H, self._draw_row, on_activate=self.take)
        self.list.set_items(self.entries)
        self.back = Button((60, H - 74, 150, 46), "Back", self.leave, tooltip="Back to the replays (Esc)")
        self.other = Button((W - 470, H - 74, 190, 46), "Other file\u2026", self.ask_path,
                            tooltip="Import a replay file from another folder (O)")
        self.go_button = Button((W - 260, H - 74, 200, 46), "Import", self.take_selected, "primary",
                         tooltip="Copy the selected replay into your replays (Enter)")
        self.group = WidgetGroup([self.list, self.back, self.other, self.go_button])
        self.group.on_cancel = self.leave
        self.group.set_focus(self.list)
        if self.entries:
            self.list.select(0)
        self._refresh()

    # ------------------------------------------------------------ actions
    def _refresh(self) -> None:
        self.go_button.enabled = self.list.selected_item is not None

    def take_selected(self) -> None:
        if self.list.selected_item is not None:
            self.take(self.list.selected_item)

    def take(self, entry: ReplayEntry) -> str | None:
        """Import `entry`'s file: back to the list with it, or the one line why not (also
        returned, so the path question keeps asking)."""
        return self.take_path(entry.path)

    def take_path(self, path: Path) -> str | None:
        try:
            made = import_replay(path, self.pool, self.target)
        except ReplayError as exc:
            line = f"Not imported: {exc}"
            self.toast.show(line, "error", 6.0)
            return line
        self.on_imported(made)
        self.go(Pop())
        return None

    def ask_path(self) -> None:
        def ok(text: str) -> str | None:
            if not text:
                return "Type the path of a replay file"
            return self.take_path(Path(text).expanduser())

        self.dialog = prompt("Import a replay file", "Path of a replay .yaml file:",
                             str(self.source) + "/", ok, ok="Import", max_length=1000)

    def leave(self) -> None:
        self.go(Pop())

    # ------------------------------------------------------------ events
    def dialog_closed(self) -> None:
        self.group.set_focus(self.list)

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.ask_path()
            return None
        i = self.double_clicked_row(self.list, event)
        if i is not None:
            self.take(self.entries[i])
            return None
        self.group.handle_event(event)
        self._refresh()
        return None

    # ------------------------------------------------------------ drawing
    def paint_backdrop(self, bg: pygame.Surface) -> None:
        pygame.draw.rect(bg, theme.PANEL, LIST, border_radius=10)
        pygame.draw.rect(bg, theme.PANEL_EDGE, LIST, width=1, border_radius=10)

    def draw_body(self, surface: pygame.Surface) -> None:
        self.title_block(surface, "Import a replay", "A replay someone shared with you: put "
                             "its file in your exports folder, or type where it is (Other file).")
        txt.blit_text(surface, txt.fit(f"Exports folder: {self.source}", theme.SMALL, W - 120),
                      theme.SMALL, theme.TEXT_DIM, (60, 118))
        if not self.entries:
            txt.blit_text(surface, "No .yaml files in the exports folder.", theme.HEADING,
                          theme.TEXT_DIM, (LIST.centerx, LIST.centery - 16), anchor="center", bold=True)
            txt.blit_text(surface, "Export a replay from the Replays screen, or use Other file.",
                          theme.BODY, theme.TEXT_FAINT, (LIST.centerx, LIST.centery + 14), anchor="center")
        self.group.draw(surface)
        hint = "Enter or double-click imports  \u00b7  O other file  \u00b7  Tab moves  \u00b7  Esc goes back"
        txt.blit_text(surface, hint, theme.SMALL, theme.TEXT_FAINT, (W // 2, H - 88), anchor="center")

    def _draw_row(self, surface: pygame.Surface, entry: ReplayEntry, rect: pygame.Rect,
                  state: ItemState) -> None:
        r = row_backdrop(surface, rect, state)
        txt.blit_text(surface, txt.fit(entry.path.name, theme.LABEL, r.w - 28), theme.LABEL,
                      theme.TEXT if entry.replay is not None else theme.TEXT_FAINT,
                      (r.x + 14, r.y + 5), bold=True)
        rp = entry.replay
        if rp is None:
            line, ink = f"not a replay that can be imported: {entry.problem}", theme.BAD
        else:
            line = f"{rp.deck_names}  \u00b7  {rp.player_names}  \u00b7  {rp.winner_text}  \u00b7  " \
                   f"{rp.date:%d %b %Y %H:%M} UTC"
            ink = theme.TEXT_DIM
        txt.blit_text(surface, txt.fit(line, theme.SMALL, r.w - 28), theme.SMALL, ink,
                      (r.x + 14, r.y + 30))
