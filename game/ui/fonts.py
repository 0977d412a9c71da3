"""The one bundled font (DejaVu Sans Condensed, licence in assets/fonts/LICENSE-DejaVu.txt).

Every piece of UI text goes through `font()` so the whole client shares one face, numbers can
use the bold file, and each size is opened once. Works headless: pygame.font needs no window.
If the font files are missing (a broken install) it falls back to pygame's built-in font
rather than refusing to start.
"""

from __future__ import annotations

from typing import Any, overload

import pygame

from game.files import resources

FONT_DIR = resources.FONT_DIR
REGULAR = resources.FONT_REGULAR
BOLD = resources.FONT_BOLD
MIN_PX = 6  # below this glyphs are noise; callers enforce their own legibility floors


_cache: dict[tuple[int, bool], pygame.font.Font] = {}


@overload
def _shown(text: str | bytes) -> str | bytes: ...
@overload
def _shown(text: None) -> None: ...
def _shown(text: str | bytes | None) -> str | bytes | None:
    """Text the renderer accepts: a NUL (which SDL_ttf refuses with a ValueError) becomes
    U+FFFD, so a name read from a player's file can never take a screen down."""
    return text.replace("\x00", "\ufffd") if isinstance(text, str) and "\x00" in text else text


class SafeFont(pygame.font.Font):
    """pygame's Font whose `render` and `size` never fail on a NUL character."""

    # the rest is pygame's own (callers see Font.render's signature: `font()` returns a Font)
    def render(self, text: str | bytes | None, *args: Any, **kwargs: Any) -> pygame.Surface:
        return super().render(_shown(text), *args, **kwargs)

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        return super().size(_shown(text))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at `size` pixels (em size), bold face if asked; cached per (size, bold).

    A font opened before `pygame.quit()` is dead afterwards, so a stale entry is reopened
    (tests and the scene loop may quit and re-init pygame)."""
    if not pygame.font.get_init():
        pygame.font.init()
        _cache.clear()
    key = (max(MIN_PX, int(size)), bold)
    cached = _cache.get(key)
    if cached is not None:
        try:
            cached.get_height()
            return cached
        except pygame.error:
            _cache.clear()
    made = _open(*key)
    _cache[key] = made
    return made


def _open(size: int, bold: bool) -> pygame.font.Font:
    path = BOLD if bold else REGULAR
    if path.is_file():
        return SafeFont(path, size)
    fallback = SafeFont(None, round(size / 0.6875))  # Font(None) scales by 0.6875
    fallback.set_bold(bold)
    return fallback
