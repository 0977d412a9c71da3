"""Events reach the screens already redacted, from the engine's one door (`Duel.events_for`):
the duel scene and the replay viewer animate exactly what the shown seat may see, and no
module of the game outside the engine redacts (or reads raw events) itself."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pygame

from game.engine import HIDDEN
from game.engine import events as ev
from game.play import replay as R
from game.ui.replays import demo
from game.ui.replays.viewer import ReplayViewer
from tests.kit import base_pool
from tests.ui.duel_kit import duel_scene
from tests.ui.events import feed, key

REPO = Path(__file__).resolve().parents[2]


def _spy(anim, shown) -> list[tuple[int, tuple]]:
    """Record every batch of events pushed to the animator with the seat shown then."""
    got: list[tuple[int, tuple]] = []
    push = anim.push

    def spy(events):
        batch = tuple(events)
        got.append((shown(), batch))
        push(batch)
    anim.push = spy
    return got


def _secret_kept(batches, duel) -> int:
    """Every batch is the engine's redaction for its seat, and no card the seat cannot see
    shows its identity; returns how many hidden identities the batches carried."""
    hidden = 0
    for seat, batch in batches:
        for e in batch:
            if isinstance(e, ev.DuelStarted):
                assert e.seed == -1
                assert all(cid == HIDDEN for u, cid in e.extras[1 - seat])
            if isinstance(e, ev.CardMoved):
                private = e.to_zone == "deck" or (e.to_zone in ("hand", "extra") and e.owner != seat) \
                    or (e.to_zone in ("phantom", "back", "side") and not e.face_up
                        and e.controller != seat)
                if private:
                    assert e.card_id == HIDDEN, (seat, e)
                    hidden += e.to_zone == "hand"
    return hidden


def _drive(scene, seed: int, cap: int = 4000) -> None:
    rng = random.Random(seed)
    for _ in range(cap):
        scene.update(1 / 60)
        if scene.finished:
            return
        if scene.curtain is not None:
            feed(scene, key(pygame.K_RETURN))
        elif scene.can_act():
            legal = list(scene.gest.legal)
            scene.send([rng.choice(legal)])
    raise AssertionError("the duel did not end")


def test_the_duel_scene_animates_only_what_the_shown_seat_may_see(window) -> None:
    for humans, seed in (((True, True), 3), ((True, False), 5)):
        scene = duel_scene(seed=seed, humans=humans)
        batches = _spy(scene.anim, lambda s=scene: s.shown)
        _drive(scene, seed)
        duel = scene.session.duel
        assert duel.over and batches
        seats = {seat for seat, _ in batches}
        assert seats == ({0, 1} if humans == (True, True) else {0})
        assert _secret_kept(batches, duel) > 0  # the other seat drew cards it never saw
        # and each batch is exactly the seat's own log, in order
        for seat in seats:
            mine = [e for s, batch in batches if s == seat for e in batch]
            log = duel.log_for(seat)
            assert all(any(e is x for x in log) for e in mine)


def test_the_replay_viewer_animates_only_what_the_seat_shown_saw(window) -> None:
    run = R.ReplayRun.play(demo.demo_replay(base_pool(), seed=11), base_pool())
    for view in (0, 1):
        v = ReplayViewer(run, base_pool(), view=view)
        batches = _spy(v.anim, lambda v=v: v.seat)
        while not v.at_end:
            v.step_forward()
        assert len(batches) == run.length and {s for s, _ in batches} == {view}
        assert _secret_kept(batches, run.final) > 0
        told = [e for _, batch in batches for e in batch]
        assert told == list(run.log_for(view)[run.event_counts[0]:])


# --------------------------------------------------------------- nobody else redacts
RAW = {"event_log", "last_events", "start_events"}
# tools that see everything, by design (docs/engine.md, "Events"): recording a replay reads
# whether the duel's start tossed a coin and keeps every event unredacted (its record, which
# re-plays are checked against; a seat's view of it is the engine's redaction of a re-play),
# and the designer's `main.py replay` without --seat prints every event unredacted; a scenario file sees everything (docs/scenarios.md), so the
# scenario runner's event log of a brand-new duel starts with its dealing
OMNISCIENT = {("game/play/replay/recording.py", "start_events"),
              ("game/play/replay/recording.py", "event_log"),
              ("game/play/replay/rerun.py", "event_log"),
              ("game/play/scenario/runner.py", "start_events")}


def _game_files() -> list[Path]:
    files = [p for p in (REPO / "game").rglob("*.py") if "engine" not in p.relative_to(REPO).parts]
    return sorted(files) + sorted((REPO / "scripts").glob("*.py")) + [REPO / "main.py"]


def test_no_module_outside_the_engine_redacts_or_reads_raw_events() -> None:
    found = []
    for path in _game_files():
        rel = path.relative_to(REPO).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id == "redact_event" or \
                    isinstance(node, ast.Attribute) and node.attr == "redact_event" or \
                    isinstance(node, ast.alias) and node.name.endswith("redact_event"):
                found.append(f"{rel}: redact_event")
            if isinstance(node, ast.Attribute) and node.attr in RAW and \
                    (rel, node.attr) not in OMNISCIENT:
                found.append(f"{rel}:{node.lineno}: .{node.attr}")
    assert found == []
