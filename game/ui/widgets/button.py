"""A push button: hover glow, pressed look, disabled look, keyboard focus ring.

A click is a press and a release on the button (sliding off cancels, as players expect);
Enter or Space activates it when it has focus.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import text as txt
from game.ui import theme
from game.ui.widgets.base import RectArg, Widget, is_activate

LABEL_PAD = 16  # a button's width beyond its label (the label is fitted to 12 less)
STYLES = {  # idle fill, hover fill, edge at rest, label colour
    "normal": (theme.BUTTON, theme.BUTTON_HOVER, theme.BUTTON_EDGE, theme.TEXT),
    "primary": ((70, 56, 30), (104, 80, 38), theme.ACCENT, (248, 236, 214)),
    "danger": ((64, 30, 34), (96, 40, 46), (150, 64, 70), (246, 220, 222)),
    "quiet": (theme.PANEL, theme.BUTTON_HOVER, theme.PANEL_EDGE, theme.TEXT_DIM),
}


class Button(Widget):
    focusable = True

    def __init__(self, rect: RectArg, label: str, on_click: Callable[[], object] | None = None,
                 style: str = "normal", tooltip: str = "", px: float = theme.LABEL,
                 enabled: bool = True) -> None:
        super().__init__(rect, tooltip)
        self.label = label
        self.on_click = on_click
        self.style = style
        self.px = px
        self.enabled = enabled
        self.pressed = False

    def click(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled or not self.visible:
            self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.click()
            return True
        elif event.type == pygame.MOUSEMOTION and self.pressed:
            return True
        elif self.focused and is_activate(event):
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        idle, hover, edge, ink = STYLES[self.style]
        r = self.rect
        if not self.enabled:
            fill, edge_c, ink = theme.BUTTON_DISABLED, theme.PANEL_EDGE, theme.TEXT_FAINT
        elif self.pressed and self.hovered:
            fill, edge_c = theme.BUTTON_PRESSED, theme.ACCENT
        else:
            t = self.hover_t
            fill = theme.mix(idle, hover, t)
            edge_c = theme.mix(edge, theme.ACCENT, t)
        radius = min(8, r.h // 3)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, edge_c, r, width=1, border_radius=radius)
        if self.focused and self.enabled:
            pygame.draw.rect(surface, theme.FOCUS, r.inflate(4, 4), width=2, border_radius=radius + 2)
        label = txt.fit(self.label, self.px, r.w - 12, bold=True)
        img = txt.text(label, self.px, ink, bold=True)
        dy = 1 if self.pressed and self.hovered else 0
        surface.blit(img, img.get_rect(center=(r.centerx, r.centery + dy)))
