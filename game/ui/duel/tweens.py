"""Tweens: small objects moved on by `dt` that say when they are finished.

The loop never waits for one: each frame it calls `update(dt)` and then `draw`. A tween that
`blocks` holds the event queue until it finishes (a card must land before the next event
moves it again); one that does not (a floating number) plays on while the next events run.
`finish()` jumps to the end, for a click that skips an animation and for "instant" speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

import pygame

from game.ui import text as txt

if TYPE_CHECKING:
    from typing_extensions import Unpack

    # what a Marker marks: its kind ("phase", "step_in", ...), then the line and step, the
    # player or the phase it is about
    MarkKey: TypeAlias = tuple[str, Unpack[tuple[object, ...]]]


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(lerp(a.x, b.x, t)), round(lerp(a.y, b.y, t)),
                       round(lerp(a.w, b.w, t)), round(lerp(a.h, b.h, t)))


class Tween:
    """Base: a duration, elapsed time, an optional callback when done."""

    blocks = True
    layer = 1  # 0: under the cards (glows), 1: over them, 2: over the panels
    still = False  # reduced motion (Settings): drawn in place, nothing slides, rises or swells

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self.on_done = on_done
        self._done_called = False

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.done:
            self._finish_once()

    def finish(self) -> None:
        self.elapsed = self.duration
        self._finish_once()

    def _finish_once(self) -> None:
        if not self._done_called:
            self._done_called = True
            if self.on_done is not None:
                self.on_done()

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Wait(Tween):
    """Nothing drawn: a pause so the eye can follow (after a Step resolves, say)."""


class Move(Tween):
    """A card travels from one rect to another (its sprite comes from `sprite(t)`)."""

    def __init__(self, sprite: pygame.Surface, start: pygame.Rect, end: pygame.Rect,
                 duration: float, on_done: Callable[[], None] | None = None,
                 end_sprite: pygame.Surface | None = None) -> None:
        super().__init__(duration, on_done)
        self.sprite = sprite
        self.end_sprite = end_sprite
        self.start = pygame.Rect(start)
        self.end = pygame.Rect(end)
        self.layer = 2

    def draw(self, surface: pygame.Surface) -> None:
        t = ease_in_out(self.t)
        img = self.end_sprite if self.end_sprite is not None and t >= 0.5 else self.sprite
        rect = lerp_rect(self.start, self.end, t)
        if img.get_size() != rect.size:
            img = pygame.transform.smoothscale(img, rect.size)
        shadow = rect.move(4, 6)
        pygame.draw.rect(surface, (4, 5, 8), shadow, border_radius=6)
        surface.blit(img, rect)


class Lunge(Tween):
    """An attacker leans towards its target and back: the card itself stays in its slot."""

    def __init__(self, sprite: pygame.Surface, rect: pygame.Rect, towards: tuple[int, int],
                 duration: float) -> None:
        super().__init__(duration)
        self.sprite = sprite
        self.rect = pygame.Rect(rect)
        self.towards = towards
        self.layer = 2

    def draw(self, surface: pygame.Surface) -> None:
        k = math.sin(math.pi * self.t) * 0.35
        dx = (self.towards[0] - self.rect.centerx) * k
        dy = (self.towards[1] - self.rect.centery) * k
        surface.blit(self.sprite, self.rect.move(round(dx), round(dy)))


class FloatText(Tween):
    """A number rises and fades over a card or a panel (damage red, healing green)."""

    blocks = False

    def __init__(self, text: str, centre: tuple[int, int], colour: tuple[int, int, int],
                 duration: float, px: int = 26) -> None:
        super().__init__(duration)
        self.img = txt.text(text, px, colour, bold=True)
        self.shadow = txt.text(text, px, (0, 0, 0), bold=True)
        self.centre = centre
        self.layer = 2

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        y = self.centre[1] - (0 if self.still else 46 * ease_out(t))
        alpha = 255 if t < 0.6 else round(255 * (1 - (t - 0.6) / 0.4))
        for img, off in ((self.shadow, 2), (self.img, 0)):
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(self.centre[0] + off, round(y) + off)))
            img.set_alpha(None)


class Pulse(Tween):
    """A ring of light around a rect that swells and fades (a Summon, a stat change)."""

    blocks = False

    def __init__(self, rect: pygame.Rect, colour: tuple[int, int, int], duration: float,
                 blocks: bool = False) -> None:
        super().__init__(duration)
        self.rect = pygame.Rect(rect)
        self.colour = colour
        self.blocks = blocks
        self.layer = 2

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        grow = 6 if self.still else round(4 + 14 * ease_out(t))
        width = max(1, round(4 * (1 - t)) + 1)
        pygame.draw.rect(surface, self.colour, self.rect.inflate(grow, grow), width,
                         border_radius=8)


class Shatter(Tween):
    """A Broken card breaks apart: its picture in pieces that fly out, fall and fade."""

    def __init__(self, sprite: pygame.Surface, rect: pygame.Rect, duration: float,
                 seed: int = 0) -> None:
        super().__init__(duration)
        self.layer = 2
        rng = random.Random(seed)
        cols, rows = 3, 4
        w, h = rect.w // cols, rect.h // rows
        self.pieces = []
        img = sprite if sprite.get_size() == rect.size else pygame.transform.smoothscale(sprite, rect.size)
        for r in range(rows):
            for c in range(cols):
                piece = img.subsurface(pygame.Rect(c * w, r * h, w, h)).copy()
                cx, cy = rect.x + c * w + w / 2, rect.y + r * h + h / 2
                vx = (cx - rect.centerx) * rng.uniform(1.5, 3.0) + rng.uniform(-30, 30)
                vy = (cy - rect.centery) * rng.uniform(1.0, 2.0) - rng.uniform(40, 120)
                spin = rng.uniform(-360, 360)
                self.pieces.append((piece, cx, cy, vx, vy, spin))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        s = t * self.duration
        alpha = round(255 * (1 - t))
        for piece, cx, cy, vx, vy, spin in self.pieces:
            x = cx + vx * s
            y = cy + vy * s + 420 * s * s
            img = pygame.transform.rotate(piece, spin * t)
            img.set_alpha(alpha)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))


class Banner(Tween):
    """A wide strip with a line of text across the board: whose turn it is, the duel's end."""

    def __init__(self, text: str, rect: pygame.Rect, colour: tuple[int, int, int],
                 duration: float, blocks: bool = True) -> None:
        super().__init__(duration)
        self.blocks = blocks
        self.text = text
        self.rect = pygame.Rect(rect)
        self.img = txt.text(text, 28, colour, bold=True)
        self.layer = 2
        self._strip = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        self._strip.fill((8, 10, 16, 210))
        pygame.draw.line(self._strip, (*colour, 255), (0, 0), (self.rect.w, 0), 2)
        pygame.draw.line(self._strip, (*colour, 255), (0, self.rect.h - 2), (self.rect.w, self.rect.h - 2), 2)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        a = min(1.0, t / 0.15, (1 - t) / 0.2) if self.duration > 0 else 1.0
        alpha = max(0, round(255 * a))
        self._strip.set_alpha(alpha)
        surface.blit(self._strip, self.rect)
        self.img.set_alpha(alpha)
        dx = 0 if self.still else round((1 - ease_out(min(1.0, t / 0.3))) * 60)
        surface.blit(self.img, self.img.get_rect(center=(self.rect.centerx - dx, self.rect.centery)))
        self.img.set_alpha(None)


class Marker(Tween):
    """State other drawing code reads while it lives (a Step sliding in, a glow): it draws
    nothing itself; `key` says what it marks."""

    def __init__(self, key: MarkKey, duration: float, blocks: bool = True,
                 on_done: Callable[[], None] | None = None) -> None:
        super().__init__(duration, on_done)
        self.key = key
        self.blocks = blocks


class Glide:
    """One card easing from where it was drawn to where the layout now puts it."""

    __slots__ = ("start", "end", "elapsed")

    def __init__(self, start: pygame.Rect, end: pygame.Rect, elapsed: float) -> None:
        self.start, self.end, self.elapsed = pygame.Rect(start), pygame.Rect(end), elapsed

    def rect(self, duration: float) -> pygame.Rect:
        if self.elapsed >= duration:
            return self.end
        return lerp_rect(self.start, self.end, ease_out(self.elapsed / duration))


class HandSlide:
    """Hand cards slide to their new places when a card leaves or joins the hand instead of
    jumping there ("nothing teleports except at instant speed").

    Asked where a hand's cards are drawn (`place`), it compares each card's place in the
    layout with the one it last had: a changed place starts a glide from where the card is
    drawn now. A card new to the hand starts in its place (it arrives by its own Move). The
    animator moves time on with the speed-scaled `dt`; `instant` (and `snap`) put every card
    where it belongs at once. Never blocks the event queue."""

    def __init__(self, duration: float = 0.2) -> None:
        self.duration = duration
        self.instant = False
        self.hands: dict[int, dict[int, Glide]] = {0: {}, 1: {}}  # seat -> uid -> glide

    def place(self, seat: int, uids: list[int], targets: list[pygame.Rect]) -> list[pygame.Rect]:
        """Where each of `uids` (a seat's hand, in order) is drawn now."""
        cards = self.hands.setdefault(seat, {})
        if len(cards) > len(uids) or any(u not in cards for u in uids):
            keep = set(uids)
            for uid in [u for u in cards if u not in keep]:
                del cards[uid]
        out = []
        for uid, target in zip(uids, targets, strict=False):
            glide = cards.get(uid)
            if glide is None or self.instant:
                glide = cards[uid] = Glide(target, target, self.duration)
            elif glide.end != target:
                glide.start = glide.rect(self.duration).copy()
                glide.end = pygame.Rect(target)
                glide.elapsed = 0.0
            out.append(glide.rect(self.duration))
        return out

    def update(self, dt: float) -> None:
        for cards in self.hands.values():
            for glide in cards.values():
                if glide.elapsed < self.duration:
                    glide.elapsed += dt

    @property
    def moving(self) -> bool:
        return any(g.elapsed < self.duration for cards in self.hands.values() for g in cards.values())

    def snap(self, seat: int, uids: list[int], targets: list[pygame.Rect]) -> None:
        """Every card of the hand in its place now (a skipped animation)."""
        self.hands[seat] = {u: Glide(t, t, self.duration)
                            for u, t in zip(uids, targets, strict=False)}

    def clear(self) -> None:
        """Forget every card (another seat's view took the screen)."""
        self.hands = {0: {}, 1: {}}
