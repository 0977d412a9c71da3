"""One duel table (game/ui/duel/table.py) for every screen that shows a duel, and the typed
event tables: a drag-and-drop Summon with real events goes to the engine and back to the
board through the table, which settles to the seat's view."""

from __future__ import annotations

import inspect

import pygame

from game.engine import Summon, Zone, events
from game.play.replay import ReplayRun
from game.ui.duel import animator
from game.ui.duel.board import Board
from game.ui.duel.interaction import Mode
from game.ui.duel.table import DuelTable
from game.ui.replays import demo
from game.ui.replays.viewer import ReplayViewer
from tests.kit import base_pool
from tests.ui.events import feed, key
from tests.ui.test_duel_features import HOUND, drag, position_scene, settle, uid_of

ENGINE_EVENTS = {cls for _, cls in inspect.getmembers(events, inspect.isclass)
                 if cls.__module__ == events.__name__}


def test_a_dragged_summon_plays_through_the_table_and_settles_to_the_view(window) -> None:
    scene = position_scene(HOUND, speed="normal")
    table = scene.table
    assert isinstance(table, DuelTable) and scene.board is table.board and scene.anim is table.anim
    sentry = uid_of(scene, 0, "stone_sentry", "hand")
    drag(scene, scene.geo.rect_of(sentry).center, scene.geo.slot_rect(0, Zone.PHANTOM, 0).center)
    if scene.input.mode is Mode.POPUP:  # a chooser (position, face): the first way
        feed(scene, key(pygame.K_RETURN))
    assert any(isinstance(c, Summon) for c in scene.session.history)
    assert table.stale and table.anim.busy  # the events play before the board is the view
    settle(scene)
    assert not table.stale and scene.table is table  # the same table, settled
    want = Board.from_view(scene.session.view(0), scene.pool)
    assert scene.board.where(sentry) == want.where(sentry) and scene.board.where(sentry)[1] is Zone.PHANTOM
    scene.draw(window)


def test_the_replay_viewer_steps_through_the_same_table(window) -> None:
    run = ReplayRun.play(demo.demo_replay(base_pool(), seed=11), base_pool())
    viewer = ReplayViewer(run, base_pool(), view=0)
    table = viewer.table
    assert isinstance(table, DuelTable) and viewer.board is table.board
    for _ in range(3):
        feed(viewer, key(pygame.K_RIGHT))  # one command forward: its recorded events play
        assert table.stale
        for _ in range(600):
            viewer.update(1 / 60)
            if not table.anim.busy and not table.stale:
                break
        assert not table.stale and viewer.table is table
        want = viewer.shown.board(0, viewer.index)  # the board the record gives, settled to
        assert {u: (c.zone, c.card_id) for u, c in viewer.board.cards.items()} == \
            {u: (c.zone, c.card_id) for u, c in want.cards.items()}
    viewer.draw(window)
    src = inspect.getsource(ReplayViewer)
    for built_here in ("Animator(", "Geometry(", "BoardRenderer(", "LogPanel(", "Describer("):
        assert built_here not in src  # the table builds them, once


def test_each_event_consumer_has_one_typed_table() -> None:
    assert set(animator.ANIMATIONS) <= ENGINE_EVENTS
    handlers = {n for n, _ in inspect.getmembers(animator.Animator) if n.startswith("_on_")}
    assert {f.__name__ for f in animator.ANIMATIONS.values()} == handlers  # none is dead
    for cls, fn in animator.ANIMATIONS.items():
        assert fn.__name__ == "_on_" + cls.__name__


def test_the_log_describer_tells_events_through_its_typed_table() -> None:
    from game.play import describe

    assert set(describe.TOLD) <= ENGINE_EVENTS
    told = {n for n, _ in inspect.getmembers(describe.Describer)
            if n.startswith("_") and n[1:2].isupper()}
    assert {f.__name__ for f in describe.TOLD.values()} == told  # none is dead
    for cls, fn in describe.TOLD.items():
        assert fn.__name__ == "_" + cls.__name__
