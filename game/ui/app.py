"""The app shell: one window, one 1280x720 logical canvas, the scene stack and the loop.

Every scene draws on the same logical canvas whatever the window size; the shell scales it
into the window with black bars where the aspect differs (letterbox) and maps mouse
positions back, so no scene ever sees a window pixel. F11 (or Alt+Enter) toggles fullscreen
(a scene may ask with `request_fullscreen`); the choice is saved for the next start.
Closing the window asks the scenes first (`scene.allows_quit`): one with unsaved work vetoes
and asks the player itself. A SIGTERM (a logout, a shutdown, `kill`) asks nobody: nothing
would answer; the loop ends at the next frame, like a kill that waits for the autosave
(`terminate`). The loop never blocks beyond `clock.tick`.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.ui.scene import Scene, allows_quit, apply_transition
from game.ui.theme import LOGICAL_SIZE

FPS = 60
# the smallest window the player can make: half the canvas, where the 13 px text floor
# (theme.MIN_TEXT) still reads at 6.5 px; every screen is the same canvas, only scaled
MIN_WINDOW = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
MAX_DT = 0.1  # a stall must not make animations jump
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


@dataclass(frozen=True)
class Viewport:
    """Where the logical canvas lands in the window: offset and uniform scale."""

    x: int
    y: int
    w: int
    h: int
    scale: float

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.w, self.h)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window pixel as a logical pixel (may fall outside the canvas, on a bar)."""
        return (int((pos[0] - self.x) / self.scale), int((pos[1] - self.y) / self.scale))


def fit_viewport(window: tuple[int, int], logical: tuple[int, int] = LOGICAL_SIZE) -> Viewport:
    """The largest centred rectangle of the logical aspect that fits in `window`."""
    ww, wh = max(1, window[0]), max(1, window[1])
    scale = min(ww / logical[0], wh / logical[1])
    w, h = max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale))
    return Viewport((ww - w) // 2, (wh - h) // 2, w, h, scale)


def map_event(event: pygame.event.Event, view: Viewport) -> pygame.event.Event:
    """`event` with its mouse position (and motion) in logical pixels; others unchanged."""
    if event.type not in MOUSE_EVENTS or not hasattr(event, "pos"):
        return event
    attrs = dict(event.dict)
    attrs["pos"] = view.to_logical(event.pos)
    if "rel" in attrs:
        attrs["rel"] = (round(attrs["rel"][0] / view.scale), round(attrs["rel"][1] / view.scale))
    return pygame.event.Event(event.type, attrs)


# A scene asks for fullscreen on or off (the settings screen) by posting this event with
# `on`; the shell does it as F11 would. Every change is remembered in settings.yaml.
FULLSCREEN_REQUEST = pygame.event.custom_type()


def request_fullscreen(on: bool) -> None:
    """Ask the app shell for fullscreen (True) or a window (False), as F11 would."""
    pygame.event.post(pygame.event.Event(FULLSCREEN_REQUEST, on=bool(on)))


def is_fullscreen_now() -> bool:
    """True while the window is fullscreen (False with no window)."""
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    return window is not None and bool(window.get_flags() & pygame.FULLSCREEN)


def remember_fullscreen(on: bool) -> None:
    """Save the choice so the next start opens the same way (an unreadable settings file
    is left as it is: then it is simply not remembered)."""
    from game.files import folders

    settings = folders.load_settings()
    if settings.get("display", "fullscreen") != on:
        settings.set("display", "fullscreen", on)
        settings.save()


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    if event.type != pygame.KEYDOWN:
        return False
    alt_enter = event.key == pygame.K_RETURN and getattr(event, "mod", 0) & pygame.KMOD_ALT
    return event.key == pygame.K_F11 or bool(alt_enter)


class App:
    """The window and the loop; scenes get logical events and draw on `canvas`."""

    def __init__(self, window_size: tuple[int, int] = LOGICAL_SIZE, title: str = "Phantom Duel",
                 logical_size: tuple[int, int] = LOGICAL_SIZE) -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        self.logical_size = logical_size
        self.windowed_size = window_size
        self.fullscreen = False
        self.window = pygame.display.set_mode(window_size, pygame.RESIZABLE)
        pygame.display.set_caption(title)
        self.canvas = pygame.Surface(logical_size).convert()
        self.view = fit_viewport(self.window.get_size(), logical_size)
        self._scaled: pygame.Surface | None = None
        self.terminating = False  # a SIGTERM came: the loop ends at the next frame

    # ------------------------------------------------------------ window
    def resized(self) -> None:
        """Recompute the viewport after the window changed size (a window made smaller than
        MIN_WINDOW is put back to it)."""
        window = pygame.display.get_surface()
        assert window is not None, "resized() runs only while the window is open"
        w, h = window.get_size()
        if not self.fullscreen and (w < MIN_WINDOW[0] or h < MIN_WINDOW[1]):
            window = pygame.display.set_mode((max(w, MIN_WINDOW[0]), max(h, MIN_WINDOW[1])),
                                             pygame.RESIZABLE)
        self.window = window
        self.view = fit_viewport(self.window.get_size(), self.logical_size)
        self._scaled = None

    def toggle_fullscreen(self, remember: bool = True) -> None:
        if self.fullscreen:
            pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.window.get_size()
            pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self.resized()
        if remember:
            remember_fullscreen(self.fullscreen)

    def present(self) -> None:
        """Scale the canvas into the window, bars black, and flip."""
        view = self.view
        if view.rect.size == self.logical_size and view.rect.topleft == (0, 0):
            self.window.blit(self.canvas, (0, 0))
        else:
            if self._scaled is None or self._scaled.get_size() != view.rect.size:
                self._scaled = pygame.Surface(view.rect.size).convert()
                self.window.fill((0, 0, 0))
            pygame.transform.smoothscale(self.canvas, view.rect.size, self._scaled)
            self.window.blit(self._scaled, view.rect)
        pygame.display.flip()

    # -------------------------------------------------------------- loop
    def dispatch(self, stack: list[Scene], event: pygame.event.Event) -> None:
        """One window event: shell keys and quit here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            if all(allows_quit(scene) for scene in reversed(stack)):
                stack.clear()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized()
            return
        if is_fullscreen_key(event):
            self.toggle_fullscreen()
            return
        if event.type == FULLSCREEN_REQUEST:
            if bool(getattr(event, "on", False)) != self.fullscreen:
                self.toggle_fullscreen()
            return
        apply_transition(stack, stack[-1].handle_event(map_event(event, self.view)))

    def draw(self, stack: list[Scene]) -> None:
        """Draw the top scene (and the scenes under an overlay scene) on the canvas."""
        first = len(stack) - 1
        while first > 0 and stack[first].is_overlay:
            first -= 1
        for scene in stack[first:]:
            scene.draw(self.canvas)

    def terminate(self, stack: list[Scene]) -> None:
        """The system asked the game to close (SIGTERM): no question is asked (nobody may be
        there to answer it) and nothing is lost: the duel's autosave journal is flushed and
        kept, so Continue brings the duel back exactly as it was, as after a kill (docs/files.md,
        "Autosave"); no screen is told it was left, which would drop it."""
        from game.play import autosave

        autosave.flush_pending()
        stack.clear()

    def _on_sigterm(self, signum: int, frame: object) -> None:
        self.terminating = True

    def run(self, stack: list[Scene], frames: int | None = None,
            screenshot: str | None = None, fixed_dt: float | None = None,
            before_frame: Callable[[int], Iterable[pygame.event.Event]] | None = None) -> int:
        """Run until the stack is empty (or `frames` frames); save the last frame if asked.

        `fixed_dt` steps time without waiting (headless snapshots); `before_frame(n)` may
        return extra events to deliver before frame n (already in logical coordinates)."""
        clock = pygame.time.Clock()
        self.terminating = False
        previous = None
        if threading.current_thread() is threading.main_thread():  # signals reach only it
            previous = signal.signal(signal.SIGTERM, self._on_sigterm)
        try:
            return self._loop(stack, clock, frames, screenshot, fixed_dt, before_frame)
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)

    def _loop(self, stack: list[Scene], clock: pygame.time.Clock, frames: int | None,
              screenshot: str | None, fixed_dt: float | None,
              before_frame: Callable[[int], Iterable[pygame.event.Event]] | None) -> int:
        drawn, dt = 0, 0.0
        while stack:
            if self.terminating:
                self.terminate(stack)
                break
            for event in pygame.event.get():
                self.dispatch(stack, event)
                if not stack:
                    break
            if stack and before_frame is not None:
                for event in before_frame(drawn):
                    apply_transition(stack, stack[-1].handle_event(event))
                    if not stack:
                        break
            if not stack:
                break
            apply_transition(stack, stack[-1].update(dt))
            if not stack:
                break
            self.draw(stack)
            self.present()
            drawn += 1
            if frames is not None and drawn >= frames:
                break
            if fixed_dt is None:
                dt = min(clock.tick(FPS) / 1000.0, MAX_DT)
            else:
                dt = fixed_dt
        if screenshot and drawn:
            return save_png(self.window, screenshot)
        return 0

    def close(self) -> None:
        pygame.quit()


def save_png(surface: pygame.Surface, path: str) -> int:
    """Save `surface` as PNG whatever the file name ends with; 0 or 1 like a command. The
    PNG is made in memory, then written atomically (game.files.fileio): a failed save leaves the
    old file whole."""
    import io

    from game.files.fileio import FileError, atomic_write_bytes

    buffer = io.BytesIO()
    try:
        pygame.image.save(surface, buffer, "screenshot.png")
        atomic_write_bytes(path, buffer.getvalue())
    except FileError as exc:
        print(f"cannot save the screenshot: {exc}", file=sys.stderr)
        return 1
    except pygame.error as exc:
        print(f"cannot save the screenshot {path}: {str(exc).splitlines()[0][:200]}",
              file=sys.stderr)
        return 1
    return 0
