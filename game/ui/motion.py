"""Whether the screens may move things that need not move: Settings' "Reduced motion".

One switch, read by everything that eases, slides or pulses (widget hover fades, smooth
scrolling, the menu's glow, pulsing outlines, the duel's tweens): with it on, each jumps to
where it would end and glows hold steady. It lives apart from game/ui/look.py (which sets it)
so the widgets, which know nothing about the game, can read it.
"""

from __future__ import annotations

import math

calm = False  # Reduced motion is on


def ease(current: float, target: float, dt: float, rate: float) -> float:
    """`current` eased towards `target` at `rate` per second; `target` at once when calm."""
    if calm:
        return target
    return current + (target - current) * min(1.0, dt * rate)


def pulse(clock: float, rate: float, low: float, high: float) -> float:
    """A value swinging between `low` and `high` (a glow that breathes); steady at the
    bright end when calm."""
    if calm:
        return high
    return low + (high - low) * (0.5 + 0.5 * math.sin(clock * rate))
