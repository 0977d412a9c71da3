"""The widget base class and the group that routes events and keyboard focus.

Widgets know nothing about the game: a rect, hover/focus/enabled state, `handle_event`
(True when it used the event), `update(dt)` and `draw`. Actions are plain callbacks; a scene
that must change the stack from a callback stores the transition and returns it from its own
`handle_event`. A `WidgetGroup` sends the mouse to every widget, the keyboard to the focused
one first, and moves focus with Tab / Shift+Tab and the arrow keys when the focused widget
does not use them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeAlias

import pygame

from game.ui import motion
from game.ui.widgets.tooltip import draw_tooltip

TOOLTIP_DELAY = 0.45  # seconds of hovering before a tooltip shows
NEXT_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
PREV_KEYS = (pygame.K_UP, pygame.K_LEFT)
RectArg: TypeAlias = pygame.Rect | tuple[int, int, int, int]  # what a widget is placed with


def is_key(event: pygame.event.Event, *keys: int) -> bool:
    return event.type == pygame.KEYDOWN and event.key in keys


def shift_held(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


def ctrl_held(event: pygame.event.Event) -> bool:
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))


def is_activate(event: pygame.event.Event) -> bool:
    return is_key(event, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """A rectangle that can be hovered, focused and disabled; subclasses draw and act."""

    focusable = False

    def __init__(self, rect: RectArg, tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.enabled = True
        self.visible = True
        self.focused = False
        self.hovered = False
        self.hover_t = 0.0  # 0..1, eased towards `hovered` for soft feedback

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; True when this widget used it (others then skip keys)."""
        return False

    def track_hover(self, pos: tuple[int, int]) -> None:
        self.hovered = self.visible and self.enabled and self.rect.collidepoint(pos)

    def update(self, dt: float) -> None:
        target = 1.0 if (self.hovered or self.focused) and self.enabled else 0.0
        self.hover_t = motion.ease(self.hover_t, target, dt, 12.0)
        if abs(target - self.hover_t) < 0.02:
            self.hover_t = target

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn after every widget of the group (open dropdown lists)."""

    @property
    def captures_input(self) -> bool:
        """True while this widget wants every event first (an open dropdown list)."""
        return False


class WidgetGroup:
    """Widgets of one screen or dialog: event routing, focus order, tooltips."""

    def __init__(self, widgets: Iterable[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.mouse = (-1, -1)
        self._hover_time = 0.0
        self._hover_widget: Widget | None = None
        self.on_cancel: Callable[[], object] | None = None  # Esc when no widget used it
        self.tooltips = True  # off while a dialog covers the group: no tooltip peeks from under it
        self.keep_clear: list[pygame.Rect] = []  # what tooltips must not cover (a key-hint line)
        self.tooltip_box: pygame.Rect | None = None  # where the last tooltip was drawn

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    def set_focus(self, widget: Widget | None) -> None:
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget if widget is not None and widget.can_focus else None
        if self.focus is not None:
            self.focus.focused = True

    def focus_step(self, step: int) -> None:
        order = [w for w in self.widgets if w.can_focus]
        if not order:
            return
        if self.focus not in order:
            self.set_focus(order[0] if step > 0 else order[-1])
            return
        i = order.index(self.focus)
        self.set_focus(order[(i + step) % len(order)])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route `event`; True when a widget (or focus movement) used it."""
        for w in self.widgets:  # an open list sees everything first
            if w.visible and w.captures_input:
                w.handle_event(event)
                return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for w in self.widgets:
                w.track_hover(event.pos)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL):
            if event.type == pygame.MOUSEBUTTONDOWN:
                hit = next((w for w in reversed(self.widgets)
                            if w.visible and w.rect.collidepoint(event.pos)), None)
                if hit is not None and hit.can_focus:
                    self.set_focus(hit)
            used = False
            for w in reversed(self.widgets):
                if w.visible and w.handle_event(event):
                    used = True
                    if event.type != pygame.MOUSEMOTION:
                        break
            return used
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.KEYUP):
            if self.focus is not None and self.focus.visible and self.focus.handle_event(event):
                return True
            if event.type != pygame.KEYDOWN:
                return False
            if event.key == pygame.K_TAB:
                self.focus_step(-1 if shift_held(event) else 1)
                return True
            if event.key in NEXT_KEYS:
                self.focus_step(1)
                return True
            if event.key in PREV_KEYS:
                self.focus_step(-1)
                return True
            if event.key == pygame.K_ESCAPE and self.on_cancel is not None:
                self.on_cancel()
                return True
        return False

    def rehover(self) -> None:
        """Hover worked out again from where the pointer is (after the widgets moved under
        it: a scroll), so no highlight stays on a widget that has left the pointer."""
        for w in self.widgets:
            w.track_hover(self.mouse)

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)
        hovered = next((w for w in reversed(self.widgets) if w.hovered), None)
        if hovered is not self._hover_widget:
            self._hover_widget, self._hover_time = hovered, 0.0
        else:
            self._hover_time += dt

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)
        for w in self.widgets:
            if w.visible:
                w.draw_overlay(surface)
        self.draw_tooltip(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The hovered widget's tooltip, once the pointer has rested (a screen that draws its
        widgets itself calls this last)."""
        hover = self._hover_widget
        self.tooltip_box = None
        if hover is not None and hover.tooltip and self._hover_time >= TOOLTIP_DELAY \
                and self.tooltips and not any(x.captures_input for x in self.widgets):
            self.tooltip_box = draw_tooltip(surface, hover.tooltip, self.mouse,
                                            avoid=[hover.rect, *self.keep_clear], anchor=hover.rect)

