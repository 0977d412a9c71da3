"""The duel screen's speed, measured for scripts/bench_ui.py (headless, 1280x720).

- `measure_frames`: frame times on the busy board (every slot filled, six cards in hand,
  three open Lines, a long log) while an animation plays and the pointer moves over cards.
  A frame is what the app loop does: events, update, draw of the logical canvas. Its time
  is the CPU time the frame took (`frame_ms_*`): on a shared machine the wall clock also
  counts the slices other processes get (reported too, as `frame_wall_ms_p95`).
- `first_frame(scene)`: seconds from starting a fresh Python process to its first drawn
  frame of the menu or of a duel (the child is this module run with --first-frame). Python
  may cache compiled modules, as an installed game does; the best of several runs counts.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

from game.files.resources import SOURCE_ROOT, starter_deck

if TYPE_CHECKING:
    import pygame

    from game.ui.scene import Scene

REPO = SOURCE_ROOT  # the folder holding the game package (checkout or site-packages)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def measure_frames(canvas: pygame.Surface, frames: int = 600) -> dict[str, float]:
    import pygame

    from game.engine import Zone
    from game.ui import loaded
    from game.ui.duel.demo import busy_scene
    from game.ui.duel.tweens import FloatText, Move, Pulse

    pool = loaded.card_pool()
    scene = busy_scene(pool, seat=1, long_log=True)
    for _ in range(200):  # idle frames draw the zoom faces ahead, one per frame
        scene.update(1 / 60)
        scene.draw(canvas)
        if not scene._warm:
            break
    b = scene.board
    hand = list(b.me.hand)
    field = [u for u in b.opponent.field_uids()] + [u for u in b.me.field_uids()]
    slot = scene.geo.slot_rect(b.seat, Zone.PHANTOM, 0)
    times, walls = [], []
    for i in range(frames):
        if not scene.anim.tweens:  # keep an animation playing: a card flies, numbers float
            uid = hand[i % len(hand)]
            start = scene.geo.rect_of(uid)
            cid = b.cards[uid].card_id
            assert start is not None and cid is not None, "a card in the near hand is shown"
            scene.anim.tweens.append(Move(scene.sprites.hand(cid, start.w), start, slot, 0.5))
            scene.anim.tweens.append(FloatText("-300", slot.center, (246, 98, 92), 0.9))
            scene.anim.tweens.append(Pulse(slot, (240, 220, 150), 0.6))
        target = scene.geo.rect_of(field[(i // 20) % len(field)])
        assert target is not None, "a card on the field is shown"
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=target.center, rel=(0, 0),
                                     buttons=(0, 0, 0))] if i % 20 == 0 else []
        t0, c0 = time.perf_counter(), time.thread_time()
        for e in events:
            scene.handle_event(e)
        scene.update(1 / 60)
        scene.draw(canvas)
        walls.append((time.perf_counter() - t0) * 1000)
        times.append((time.thread_time() - c0) * 1000)
    return {"frame_ms_p50": round(statistics.median(times), 3),
            "frame_ms_p95": round(_percentile(times, 95), 3),
            "frame_wall_ms_p95": round(_percentile(walls, 95), 3),
            "frame_lines_open": len(scene.board.lines),
            "frame_hand_cards": len(scene.board.me.hand)}


def first_frame(scene: str) -> float:
    """Wall time from launching a fresh interpreter to its first drawn frame of `scene`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: modules compiled once, then cached
    with tempfile.TemporaryDirectory() as home:
        env["PHANTOM_DUEL_HOME"] = home
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "game.ui.duel.benchmark", "--first-frame", scene],
                                cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "drawn":
                elapsed = time.perf_counter() - t0
                break
        else:
            elapsed = float("nan")
        proc.wait(timeout=30)
    return round(elapsed, 3)


def _child(scene: str) -> None:
    """Open the window as main.py does and draw one frame of `scene`, then say so."""
    sys.path.insert(0, str(REPO))
    from game.ui.app import App

    app = App((1280, 720))
    top: Scene | None
    if scene == "menu":
        from game.ui.menu import MenuScene

        top = MenuScene()
    else:
        from game.decks.deck import load_deck
        from game.play.duel_setup import DuelSetup
        from game.ui import duel_hook

        paths = (starter_deck("ember_rush"), starter_deck("veil_control"))
        setup = DuelSetup("versus_ai", paths, (load_deck(paths[0]), load_deck(paths[1])), 1, 0,
                          "random")
        top = duel_hook.start_duel(setup)
    assert top is not None, "the duel screen opens for a legal setup"
    stack = [top]
    top.update(1 / 60)
    app.draw(stack)
    app.present()
    print("drawn", flush=True)
    app.close()


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--first-frame":
        _child(sys.argv[2])
