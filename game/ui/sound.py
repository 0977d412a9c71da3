"""Short sound effects the game makes itself: synthesised at start, played through pygame.mixer.

Nothing is downloaded or shipped: each effect is a few lines of arithmetic (tones that glide,
a noise burst, an arpeggio) turned into 16-bit samples with the standard `array` module, in
a background thread so the window opens at once (scripts/bench_sound.py measures it). The
first effect asked for after that is made into a `pygame.mixer.Sound`; one asked for before
is simply not heard.

Where there is no audio device (a server, SDL_AUDIODRIVER=dummy failing, a broken driver)
the mixer's error is caught once: the game stays silent, says so in one log line (logging,
INFO) and never raises. `SOUND` is the one player every screen uses; Settings set its volume
and mute (`apply`). `effect_of` says which effect an engine event makes (one home).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import math
import os
import random
import sys
import threading
import time
from array import array
from collections.abc import Callable, Iterator

import pygame

EFFECTS = ("place", "attack", "damage", "break", "line_break", "step", "win", "loss")
PEAK = 0.5  # each effect's loudest sample, of full scale (-6 dBFS): never clipped
RATE = 22050  # effects this short need no more; SDL converts for the device
GAP = 0.06  # the same effect again within this many seconds is not played twice

log = logging.getLogger(__name__)

Wave = Callable[[float], float]


TABLE = 1024  # samples in one cycle of a wavetable


@functools.lru_cache(maxsize=16)
def _table(harmonics: tuple[float, ...]) -> list[float]:
    """One cycle of a wave with these harmonic amplitudes (1st, 2nd, ...)."""
    step = 2 * math.pi / TABLE
    return [sum(h * math.sin(k * i * step) for k, h in enumerate(harmonics, 1))
            for i in range(TABLE)]


def _glide(rate: int, seconds: float, f0: float, f1: float, attack: float, decay: float,
           harmonics: tuple[float, ...] = (1.0,)) -> list[float]:
    """A tone gliding from f0 to f1 Hz, with a linear attack and an exponential decay
    (a wavetable and a running envelope: a few multiplications a sample)."""
    n = max(1, int(rate * seconds))
    table = _table(harmonics)
    out = [0.0] * n
    pos = 0.0
    scale = TABLE / rate
    inc, d_inc = f0 * scale, (f1 - f0) * scale / n
    a_n = max(1, int(rate * attack))
    fall = math.exp(-decay / rate)
    env = 1.0
    mask = TABLE - 1
    for i in range(n):
        out[i] = table[int(pos) & mask] * env * (i / a_n if i < a_n else 1.0)
        pos += inc
        inc += d_inc
        env *= fall
    return out


def _noise(rate: int, seconds: float, decay: float, seed: int, smooth: float = 0.0) -> list[float]:
    """A burst of noise that dies away; `smooth` (0..1) dulls it (a one-pole low-pass)."""
    rng = random.Random(seed)
    n = max(1, int(rate * seconds))
    out = [0.0] * n
    last = 0.0
    fall = math.exp(-decay / rate)
    env = 1.0
    keep, take = smooth, 1 - smooth
    rand = rng.random
    for i in range(n):
        last = last * keep + (rand() * 2 - 1) * take
        out[i] = last * env
        env *= fall
    return out


def _mix(*parts: tuple[float, list[float], float]) -> list[float]:
    """(start in samples, samples, gain) laid over each other."""
    length = max(int(start) + len(s) for start, s, _ in parts)
    out = [0.0] * length
    for start, samples, gain in parts:
        o, n = int(start), len(samples)
        out[o:o + n] = [a + b * gain for a, b in zip(out[o:o + n], samples, strict=True)]
    return out


def recipes(rate: int) -> dict[str, list[float]]:
    """Every effect as float samples (not yet normalised), at `rate` samples a second."""
    def at(seconds: float) -> float:
        return seconds * rate

    notes_up = (523.25, 659.25, 783.99, 1046.5)
    notes_down = (392.0, 311.13, 261.63)
    return {
        "place": _mix((0, _glide(rate, 0.09, 180, 110, 0.002, 40, (1.0, 0.3)), 1.0),
                      (0, _noise(rate, 0.03, 120, 1, 0.6), 0.35)),
        "attack": _mix((0, _noise(rate, 0.24, 9, 2, 0.85), 1.0),
                       (0, _glide(rate, 0.22, 260, 620, 0.05, 8, (1.0, 0.5)), 0.45)),
        "damage": _mix((0, _glide(rate, 0.2, 120, 55, 0.003, 18, (1.0, 0.4)), 1.0),
                       (0, _noise(rate, 0.08, 45, 3, 0.5), 0.5)),
        "break": _mix((0, _noise(rate, 0.4, 10, 4, 0.2), 0.8),
                      (0, _glide(rate, 0.35, 520, 180, 0.003, 7, (1.0, 0.5, 0.25)), 0.6)),
        "line_break": _mix((0, _glide(rate, 0.3, 660, 660, 0.005, 9, (1.0, 0.4, 0.2)), 0.8),
                           (at(0.09), _glide(rate, 0.36, 990, 990, 0.005, 8, (1.0, 0.4, 0.2)), 0.8)),
        "step": _glide(rate, 0.12, 880, 860, 0.004, 30, (1.0, 0.2)),
        "win": _mix(*((at(0.14 * k), _glide(rate, 0.5, f, f, 0.01, 6, (1.0, 0.35, 0.12)), 0.7)
                      for k, f in enumerate(notes_up))),
        "loss": _mix(*((at(0.26 * k), _glide(rate, 0.6, f, f * 0.985, 0.02, 4.5, (1.0, 0.25)), 0.7)
                       for k, f in enumerate(notes_down))),
    }


def pcm(samples: list[float], channels: int) -> bytes:
    """Float samples scaled so the loudest is PEAK of full scale, as 16-bit signed PCM (the
    same sample on every channel)."""
    top = max(max(samples, default=0.0), -min(samples, default=0.0)) or 1.0
    k = PEAK * 32767 / top
    data = array("h", [int(v * k) for v in samples])
    if channels > 1:
        wide = array("h", bytes(len(data) * 2 * channels))
        for c in range(channels):
            wide[c::channels] = data
        data = wide
    return data.tobytes()


def synthesise(rate: int, channels: int) -> dict[str, bytes]:
    return {name: pcm(samples, channels) for name, samples in recipes(rate).items()}


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error (file descriptor 2) sent to nowhere for a moment: the C audio
    libraries SDL tries write lines of their own there when there is no device, and the
    game's one note about it is the log line (`Sounds.start`)."""
    try:
        sys.stderr.flush()
        kept = os.dup(2)
        nowhere = os.open(os.devnull, os.O_WRONLY)
    except OSError:  # no descriptor 2 to borrow: say nothing, hide nothing
        yield
        return
    try:
        os.dup2(nowhere, 2)
        yield
    finally:
        os.dup2(kept, 2)
        os.close(kept)
        os.close(nowhere)


class Sounds:
    """The effects and how loud they play. Silent until `start`; silent for good when the
    mixer cannot start (`off` says why)."""

    def __init__(self) -> None:
        self.volume = 70  # percent
        self.muted = False
        self.off = ""  # why there is no sound ("" while it works or before start)
        self.started = False
        self.made_s = 0.0  # how long the synthesis took (seconds), once done
        self.played: list[str] = []  # the effects started, newest last (bounded; for tests)
        self._pcm: dict[str, bytes] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last: dict[str, float] = {}
        self._thread: threading.Thread | None = None

    def start(self, wait: bool = False) -> bool:
        """Open the mixer and make the effects (in the background unless `wait`). False,
        quietly, when there is no audio device."""
        if self.started:
            return not self.off
        self.started = True
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():  # audio libraries print their own complaints (ALSA)
                    pygame.mixer.init(RATE, -16, 1, 512, allowedchanges=0)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("the mixer did not start")
        except (pygame.error, OSError, NotImplementedError) as exc:
            self.off = f"no audio device ({exc})" if str(exc) else "no audio device"
            log.info("sound off: %s", self.off)
            return False
        rate, _size, channels = init
        self._thread = threading.Thread(target=self._make, args=(rate, channels), daemon=True,
                                        name="sound synthesis")
        self._thread.start()
        if wait:
            self._thread.join()
        return True

    def _make(self, rate: int, channels: int) -> None:
        began = time.perf_counter()
        made = synthesise(rate, channels)
        self.made_s = time.perf_counter() - began
        self._pcm = made

    @property
    def ready(self) -> bool:
        return bool(self._pcm) and not self.off

    def set_volume(self, volume: int, muted: bool) -> None:
        self.volume = max(0, min(100, int(volume)))
        self.muted = bool(muted)
        if not pygame.mixer.get_init():  # someone closed the mixer: its sounds are gone with it
            self._sounds.clear()  # (as in `play`; setting their volume would raise)
        for s in self._sounds.values():
            s.set_volume(self.volume / 100)

    def play(self, name: str, again: bool = False) -> bool:
        """Play effect `name` now (True), or nothing: muted, volume 0, no device, not made
        yet, or the same effect a moment ago (unless `again`: the caller spaced it itself)."""
        if name not in EFFECTS or self.muted or self.volume <= 0 or not self.ready:
            return False
        now = time.monotonic()
        if not again and now - self._last.get(name, -1.0) < GAP:
            return False
        self._last[name] = now
        if not pygame.mixer.get_init():  # someone closed the mixer: its sounds are gone with it
            self._sounds.clear()
            return False
        try:
            snd = self._sounds.get(name)
            if snd is None:
                snd = self._sounds[name] = pygame.mixer.Sound(buffer=self._pcm[name])
                snd.set_volume(self.volume / 100)
            snd.play()
        except pygame.error as exc:  # the device went away: silent from now on
            self.off = f"the audio device failed ({exc})"
            log.info("sound off: %s", self.off)
            return False
        self.played.append(name)
        del self.played[:-100]
        return True


SOUND = Sounds()
SAMPLE = "step"  # what a volume change plays, at the new level, so the player hears it


def sample() -> bool:
    """Play the volume sample now (Settings, once a volume change has settled: it spaces
    the samples itself)."""
    return SOUND.play(SAMPLE, again=True)


def apply(volume: int, muted: bool) -> None:
    """The Settings' volume and mute, at once."""
    SOUND.set_volume(volume, muted)


def effect_of(event: object, you: int | None) -> str | None:
    """The effect an engine event makes, if any. `you`: the seat whose win is a win (None in
    hotseat: any win is one)."""
    name = type(event).__name__
    if name == "CardMoved":
        to = getattr(event, "to_zone", "")
        return "place" if to in ("phantom", "side", "back", "env") and \
            getattr(event, "from_zone", "") != to else None
    if name == "AttackDeclared":
        return "attack"
    if name in ("LpChanged", "HealthChanged"):
        return "damage" if getattr(event, "after", 0) < getattr(event, "before", 0) else None
    if name == "CardBroken":
        return None if getattr(event, "survived", False) else "break"
    if name == "LineBreak":
        return "line_break"
    if name == "StepResolved":
        return "step"
    if name == "DuelEnded":
        winner = getattr(event, "winner", -1)
        if winner < 0:
            return "loss"  # a draw is nobody's win
        return "win" if you is None or winner == you else "loss"
    return None


def hear(event: object, you: int | None) -> None:
    """Play the effect `event` makes, if any (`effect_of`): what every screen that shows a
    duel's events calls as each one plays (the duel screen, the replay viewer)."""
    effect = effect_of(event, you)
    if effect is not None:
        SOUND.play(effect)
