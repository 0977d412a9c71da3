"""A one-line text field: typing (TEXTINPUT), cursor keys, backspace/delete, Ctrl+V paste,
a selection (Ctrl+A, Shift+arrows; the whole text when the field gains focus or starts with a
default, so typing replaces a default name instead of appending to it).

Typed text arrives as TEXTINPUT events (so every keyboard layout and IME works); editing
keys arrive as KEYDOWN. The rendered text is cached and redrawn only when it changes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import clipboard, theme
from game.ui import text as txt
from game.ui.widgets.base import RectArg, Widget, ctrl_held

BLINK = 0.53  # seconds per cursor blink phase


class TextField(Widget):
    focusable = True

    def __init__(self, rect: RectArg, value: str = "", placeholder: str = "",
                 on_change: Callable[[str], object] | None = None,
                 on_submit: Callable[[str], object] | None = None,
                 max_length: int = 200, px: int = theme.BODY, tooltip: str = "") -> None:
        super().__init__(rect, tooltip)
        self.value = value
        self.cursor = len(value)
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_submit = on_submit
        self.max_length = max_length
        self.px = px
        self._blink = 0.0
        self._scroll = 0  # pixels of text hidden on the left when the text is long
        self.anchor: int | None = 0 if value else None  # the selection's other end (a default: all)

    @property
    def focused(self) -> bool:
        return self._focused

    @focused.setter
    def focused(self, on: bool) -> None:
        had = bool(self.__dict__.get("_focused", False))  # unset while the base class starts
        if on and not had and self.__dict__.get("value"):
            self.select_all()  # focus gained (Tab, a dialog opening): the text is selected
        self._focused = on

    # ------------------------------------------------------------ editing
    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self.value)

    @property
    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected text; start == end when nothing is selected."""
        if self.anchor is None:
            return (self.cursor, self.cursor)
        return (min(self.anchor, self.cursor), max(self.anchor, self.cursor))

    def _cut_selection(self) -> bool:
        start, end = self.selection
        self.anchor = None
        if start == end:
            return False
        self.value = self.value[:start] + self.value[end:]
        self.cursor = start
        return True

    def set_value(self, value: str, notify: bool = False) -> None:
        value = value[: self.max_length]
        changed = value != self.value
        self.value = value
        self.cursor = min(self.cursor, len(value)) if not changed else len(value)
        if changed:
            self.anchor = None
        if changed and notify and self.on_change is not None:
            self.on_change(self.value)

    def insert(self, s: str) -> None:
        s = " ".join(s.replace("\t", " ").splitlines())  # one line: newlines become spaces
        cut = self._cut_selection()  # typing replaces what is selected
        room = self.max_length - len(self.value)
        s = s[: max(0, room)]
        if not s:
            if cut:
                self._changed()
            return
        self.value = self.value[: self.cursor] + s + self.value[self.cursor:]
        self.cursor += len(s)
        self._changed()

    def paste(self) -> None:
        self.insert(clipboard.get_text())

    def _changed(self) -> None:
        self._blink = 0.0
        if self.on_change is not None:
            self.on_change(self.value)

    def _word_left(self) -> int:
        i = self.cursor
        while i > 0 and self.value[i - 1] == " ":
            i -= 1
        while i > 0 and self.value[i - 1] != " ":
            i -= 1
        return i

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.anchor = None
                self.cursor = self._index_at(event.pos[0])
                self._blink = 0.0
                return True
            return False
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key, ctrl = event.key, ctrl_held(event)
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        moves = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)
        if key in moves:
            start, end = self.selection
            if shift and self.anchor is None:
                self.anchor = self.cursor
            elif not shift and start != end and key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.anchor = None  # an arrow ends a selection at its own side
                self.cursor = start if key == pygame.K_LEFT else end
                self._blink = 0.0
                return True
            elif not shift:
                self.anchor = None
        if key == pygame.K_v and ctrl:
            self.paste()
        elif key == pygame.K_c and ctrl:
            start, end = self.selection
            clipboard.put_text(self.value[start:end] if start != end else self.value)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.selection[0] != self.selection[1]:
            self._cut_selection()
            self._changed()
        elif key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                start = self._word_left() if ctrl else self.cursor - 1
                self.value = self.value[:start] + self.value[self.cursor:]
                self.cursor = start
                self._changed()
        elif key == pygame.K_DELETE:
            if self.cursor < len(self.value):
                self.value = self.value[: self.cursor] + self.value[self.cursor + 1:]
                self._changed()
        elif key == pygame.K_LEFT:
            self.cursor = self._word_left() if ctrl else max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(len(self.value), self.cursor + 1)
        elif key == pygame.K_HOME:
            self.cursor = 0
        elif key == pygame.K_END:
            self.cursor = len(self.value)
        elif key == pygame.K_a and ctrl:
            self.select_all()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_submit is not None:
            self.on_submit(self.value)
        elif key == pygame.K_ESCAPE and self.value:
            self.set_value("", notify=True)
        else:
            # printable keys arrive again as TEXTINPUT; claim them so focus keys stay put
            return bool(event.unicode and event.unicode.isprintable())
        self._blink = 0.0
        return True

    def _index_at(self, x: int) -> int:
        f = txt.font(self.px)
        local = x - (self.rect.x + 10) + self._scroll
        for i in range(len(self.value) + 1):
            if f.size(self.value[:i])[0] >= local:
                return i
        return len(self.value)

    # ---------------------------------------------------------------- draw
    def update(self, dt: float) -> None:
        super().update(dt)
        self._blink = (self._blink + dt) % (2 * BLINK)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        edge = theme.FOCUS if self.focused else theme.mix(theme.BUTTON_EDGE, theme.TEXT_DIM,
                                                           self.hover_t * 0.6)
        pygame.draw.rect(surface, theme.FIELD, r, border_radius=6)
        pygame.draw.rect(surface, edge, r, width=2 if self.focused else 1, border_radius=6)
        inner = r.inflate(-20, 0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        f = txt.font(self.px)
        cursor_x = f.size(self.value[: self.cursor])[0]
        if cursor_x - self._scroll > inner.w - 2:
            self._scroll = cursor_x - inner.w + 2
        elif cursor_x < self._scroll:
            self._scroll = cursor_x
        start, end = self.selection
        if self.focused and start != end:
            x0, x1 = f.size(self.value[:start])[0], f.size(self.value[:end])[0]
            h = f.get_height()
            pygame.draw.rect(surface, theme.mix(theme.FIELD, theme.ACCENT, 0.45),
                             (inner.x + x0 - self._scroll, r.centery - h // 2, x1 - x0, h))
        if self.value:
            img = txt.text(self.value, self.px, theme.TEXT)
            surface.blit(img, (inner.x - self._scroll, r.centery - img.get_height() // 2))
        elif self.placeholder and not self.focused:
            img = txt.text(txt.fit(self.placeholder, self.px, inner.w), self.px, theme.TEXT_FAINT)
            surface.blit(img, (inner.x, r.centery - img.get_height() // 2))
        elif self.placeholder:
            img = txt.text(txt.fit(self.placeholder, self.px, inner.w - 6), self.px,
                           theme.mix(theme.FIELD, theme.TEXT_FAINT, 0.6))
            surface.blit(img, (inner.x + 4, r.centery - img.get_height() // 2))
        if self.focused and self._blink < BLINK:
            x = inner.x + cursor_x - self._scroll
            h = f.get_height()
            pygame.draw.line(surface, theme.ACCENT, (x, r.centery - h // 2),
                             (x, r.centery + h // 2), 2)
        surface.set_clip(clip)


class PickField(TextField):
    """A text field whose Up/Down step through a list of values (the files to import); a
    dialog given one lists the values as rows the mouse picks from (game/ui/widgets/dialog.py)."""

    def __init__(self, rect: RectArg, value: str, choices: list[str], max_length: int = 200) -> None:
        super().__init__(rect, value, max_length=max_length)
        self.choices = choices

    @property
    def picked(self) -> int | None:
        """The index of the value in `choices` (None: typed, none of them)."""
        return self.choices.index(self.value) if self.value in self.choices else None

    def pick(self, index: int) -> None:
        self.set_value(self.choices[index])
        self.select_all()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.focused and self.choices and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_UP, pygame.K_DOWN):
            at = -1 if self.picked is None else self.picked
            self.pick((at + (1 if event.key == pygame.K_DOWN else -1)) % len(self.choices))
            return True
        return super().handle_event(event)
