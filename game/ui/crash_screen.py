"""After a crash in the window's main loop: say so in the window, if it can still draw, with
where the crash log is, and wait for a key, a click or the close button (game.files.crash wrote the
log and the stderr line already).

Drawn with nothing but the canvas and the bundled font: the scenes may be what broke.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, theme

if TYPE_CHECKING:
    from game.ui.app import App

WAIT_S = 600.0  # the message stays at most this long without an answer


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]


def draw(canvas: pygame.Surface, log: Path | None) -> None:
    """The message, centred on the canvas."""
    canvas.fill((18, 20, 28))
    width = canvas.get_width() - 160
    title = fonts.font(theme.TITLE, bold=True)
    body = fonts.font(theme.BODY)
    where = f"The details are in {log}." if log is not None else \
        "The crash log could not be written; the details went to the terminal."
    texts = [(title, "Phantom Duel stopped on an unexpected error", (240, 236, 226))]
    for part in (where, "Your decks, settings and replays are kept. Press any key or close "
                        "the window to quit."):
        texts += [(body, line, (206, 210, 222)) for line in _wrap(part, body, width)]
    y = canvas.get_height() // 2 - 30 * len(texts) // 2
    for font, text, colour in texts:
        image = font.render(text, True, colour)
        canvas.blit(image, (80, y))
        y += image.get_height() + 10


def show(app: App, log: Path | None, wait: bool = True) -> bool:
    """Draw the message; with `wait`, until a key, a click or quit. False when the window
    could not draw it (the stderr line is then all the player gets)."""
    try:
        draw(app.canvas, log)
        app.present()
        deadline = time.monotonic() + WAIT_S
        while wait and time.monotonic() < deadline:
            for event in pygame.event.get():
                if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return True
            time.sleep(0.05)
        return True
    except Exception:
        return False
