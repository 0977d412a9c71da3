"""The duel screen's settings (the `duel` section of settings.yaml): read and checked here,
given to a duel screen by `apply_prefs`. Its own module so the pause menu, the match flow and
the puzzle screen share it without importing each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from game.files import folders

from .seats import Responses

if TYPE_CHECKING:
    from .host import DuelHost

PREFS = "duel"  # the settings.yaml section
SPEED_CHOICES = ("slow", "normal", "fast", "instant")  # animator.SPEEDS, slowest first
AI_PAUSES_MS = (0, 300, 600)  # the least time a computer player's move waits, so eyes can follow
LOG_SIZES = ("normal", "large")  # panels.LOG_SIZES


class DuelPrefs(TypedDict):
    """The duel screen's settings as `load_prefs` checked them."""

    speed: str  # one of SPEED_CHOICES
    responses: list[Responses]  # per seat
    ai_pause: float  # seconds
    glow: bool  # playable cards glow
    log_size: str  # one of LOG_SIZES


def load_prefs(settings: folders.Settings | None) -> DuelPrefs:
    """The duel screen's settings, each checked, with defaults when missing or wrong:
    speed, responses (per seat), ai_pause (seconds), glow (playable cards) and log_size."""
    defaults = folders.DEFAULTS[PREFS]
    raw = settings.values.get(PREFS, {}) if settings is not None else {}
    raw = raw if isinstance(raw, dict) else {}
    speed = raw["speed"] if raw.get("speed") in SPEED_CHOICES else defaults["speed"]
    resp = []
    for seat in (0, 1):
        value = raw.get(f"responses_{seat}")
        resp.append(Responses(value) if value in {r.value for r in Responses} else Responses.WHEN_ABLE)
    pause = raw.get("ai_pause_ms")
    pause = pause if type(pause) is int and 0 <= pause <= 5000 else defaults["ai_pause_ms"]
    glow = raw.get("glow")
    glow = glow if isinstance(glow, bool) else defaults["glow"]
    log_size = raw["log_size"] if raw.get("log_size") in LOG_SIZES else defaults["log_size"]
    return {"speed": speed, "responses": resp, "ai_pause": pause / 1000, "glow": glow,
            "log_size": log_size}


def apply_prefs(scene: DuelHost, prefs: DuelPrefs, running: bool = False) -> None:
    """Give a duel screen the settings it reads while it runs. A settings screen opened over
    a running duel calls this again with `running=True`, so the speed and when to ask for
    answers change there at once too (at the start, the flow's own speed stands)."""
    if running:
        scene.use_prefs(prefs["ai_pause"], prefs["glow"], prefs["log_size"], prefs["speed"],
                        prefs["responses"])
    else:
        scene.use_prefs(prefs["ai_pause"], prefs["glow"], prefs["log_size"])
