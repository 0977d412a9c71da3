"""How every screen looks and sounds for this player: Settings' sound and access rows, applied
at once (no restart).

- colours: "standard" or "colour_blind" (player colours and card frames from palettes apart
  under colour-vision deficiencies, and each seat's shape beside its colour: game/ui/duel/style.py,
  game/ui/card_face.py);
- reduced_motion (game/ui/motion.py, read by widgets too: no hover fades, no smooth scrolling,
  no pulsing glows): cards jump instead of travelling, no lunge, no shatter, no sliding banners
  or Steps, numbers do not rise (game/ui/duel/animator.py reads `reduced_motion()`);
- text_scale: 100, 115 or 130 % for every UI line (game/ui/text.py: a label in a box of fixed
  width grows only as far as its box allows);
- sound: volume and mute (game/ui/sound.py).

`apply(settings)` is called when the window opens and after each change on the Settings
screen. A change that alters what cached pictures show (palette, text size) bumps
`generation`; caches of composed pictures compare it and redraw (FaceStore, CardSprites,
the duel table, the Settings screen's background).
"""

from __future__ import annotations

from typing import Any

from game.files import folders
from game.ui import card_face, motion, sound
from game.ui import text as txt
from game.ui.duel import style

generation = 0
_state: tuple[Any, ...] = ()


def reduced_motion() -> bool:
    return motion.calm


def apply(settings: folders.Settings | None) -> None:
    """Take the sound and access settings (defaults when None) into effect now."""
    global _state, generation
    s = settings if settings is not None else folders.Settings()
    colours = s.get("access", "colours")
    scale = s.get("access", "text_scale")
    if scale not in txt.SCALES:
        scale = folders.DEFAULTS["access"]["text_scale"]
    motion.calm = bool(s.get("access", "reduced_motion"))
    sound.apply(s.get("sound", "volume"), s.get("sound", "muted"))
    state = (colours, scale)
    if state == _state:
        return
    _state = state
    style.set_palette(colours)
    card_face.safe_frames = colours == "colour_blind"
    txt.set_scale(scale)
    generation += 1


def reset() -> None:
    """Back to how the game comes (tests that changed the look call this)."""
    apply(None)
