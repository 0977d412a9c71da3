"""The system clipboard for text, with an in-process fallback.

pygame.scrap reaches the system clipboard on desktops; headless (or where the platform
refuses) the game still copies and pastes within itself, so Export-then-Import and Ctrl+V
in a text field always work.
"""

from __future__ import annotations

import pygame

_local = ""


def _scrap_ready() -> bool:
    scrap = getattr(pygame, "scrap", None)
    if scrap is None or not pygame.display.get_init():
        return False
    try:
        if hasattr(scrap, "get_text"):  # pygame-ce 2.2+: SDL's clipboard, no init needed
            return True
        if not scrap.get_init():
            scrap.init()
        return True
    except pygame.error:
        return False


def put_text(value: str) -> None:
    """Copy `value` to the clipboard (and to the in-process copy)."""
    global _local
    _local = value
    if not _scrap_ready():
        return
    try:
        if hasattr(pygame.scrap, "put_text"):
            pygame.scrap.put_text(value)
        else:
            pygame.scrap.put(pygame.SCRAP_TEXT, value.encode("utf-8"))
    except (pygame.error, TypeError):
        pass


def get_text() -> str:
    """The clipboard's text: the system's when it has any, else what the game copied."""
    if _scrap_ready():
        try:
            if hasattr(pygame.scrap, "get_text"):
                value = pygame.scrap.get_text()
            else:
                raw = pygame.scrap.get(pygame.SCRAP_TEXT)
                value = raw.decode("utf-8", "replace").rstrip("\x00") if raw else ""
            if value:
                return value
        except (pygame.error, TypeError):
            pass
    return _local
