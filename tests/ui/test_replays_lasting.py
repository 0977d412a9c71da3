"""The replay viewer on a replay saved before a card changed (issue 19): opened from the
Replays screen with real key events, it shows the duel as it was played, step for step,
each seat's board equal to the view that seat had, the card zoomed as it was; the line
under the transport says today's game plays it differently and C says where and why."""

from __future__ import annotations

import pygame
import pytest

from game import replay as R
from game.engine import state_hash
from game.engine.views import view_to_plain
from game.ui.duel.board import Board
from game.ui.replays.list_scene import ReplaysScene
from game.ui.replays.viewer import BOTH, ReplayViewer
from game.ui.scene import Push
from tests.kit import base_pool
from tests.test_replay_lasting import _play, _record, changed_pool, first_summoned
from tests.ui.events import feed, key


def _idle(v: ReplayViewer, frames: int = 900) -> None:
    for _ in range(frames):
        v.update(1 / 60)
        if not v.anim.busy and not v.stale:
            return
    raise AssertionError("the animation never finished")


@pytest.fixture
def old_replay(tmp_path):
    today = base_pool()
    cid = first_summoned(_play(today))
    then = changed_pool(tmp_path, cid, atk=today[cid].atk + 900, health=today[cid].health + 500)
    played = _play(then)
    folder = tmp_path / "replays"
    R.save_replay(_record(played), folder)
    return folder, cid, then, played


def test_the_viewer_shows_a_replay_saved_before_a_card_changed_as_it_was_played(
        window, old_replay) -> None:
    folder, cid, then, played = old_replay
    today = base_pool()
    scene = ReplaysScene(today, folder=folder, threaded=False)
    scene.wait_loaded()
    got = feed(scene, key(pygame.K_RETURN))
    assert isinstance(got[0], Push) and isinstance(got[0].scene, ReplayViewer)
    v = got[0].scene
    v.update(1 / 60)
    v.draw(window)
    assert v.pool[cid] == then[cid] != today[cid]  # drawn with the card as it was
    assert not v.verdict.reproduced and v.check_text()[0].startswith("Today's game plays it differently")
    assert v.check_left > 0  # said once, on opening, in full
    said = " ".join(t for t, _ in v.check_lines())
    assert today[cid].name in said and "First difference: at command" in said
    assert v.verdict.difference in said and v.verdict.changes[1:] in said
    feed(v, key(pygame.K_c))
    assert v.check_left == 0  # C hides it, and shows it again
    feed(v, key(pygame.K_c))
    assert v.check_left > 0
    for i in range(1, len(played.history) + 1):  # step by step, as it was played
        feed(v, key(pygame.K_RIGHT))
        _idle(v)
        assert v.index == i and state_hash(v.duel) == state_hash(v.run.duel_at(i))
        assert v.board.snapshot() == Board.from_view(v.duel.view(0), then).snapshot()
        v.draw(window)
    assert state_hash(v.duel) == state_hash(played)
    assert len(v.log.entries) > 0
    # the other seat's view, and both hands open, at the end: the views they had
    for mode, seat in ((pygame.K_2, 1), (pygame.K_3, BOTH)):
        feed(v, key(mode))
        assert v.view_mode == seat
        assert v.board.snapshot() == Board.from_view(v.view_now(), then).snapshot()
    feed(v, key(pygame.K_2))
    assert view_to_plain(v.view_now()) == view_to_plain(played.view(1))


def test_a_replay_of_today_says_today_s_game_plays_it_the_same(window, tmp_path) -> None:
    played = _play(base_pool())
    path = R.save_replay(_record(played), tmp_path)
    run = R.ReplayRun.play(R.load_replay(path), base_pool())
    v = ReplayViewer(run, base_pool())
    v.update(1 / 60)
    v.draw(window)
    assert v.verdict.reproduced and v.check_text()[0] == "Today's game plays it the same"
    assert v.check_left == 0 and v.toast.message == ""  # nothing to say on opening
    feed(v, key(pygame.K_c))
    assert v.check_left > 0 and v.check_lines()[0][0].startswith("Today's game plays this replay exactly")


def test_a_replay_whose_own_re_play_differs_from_its_events_says_so(window, tmp_path) -> None:
    """The engine changed how it plays the same cards (here: a recorded event edited):
    the viewer still opens, and its panel and line say where it differs."""
    from dataclasses import replace

    played = _play(base_pool())
    replay = _record(played)
    events = list(replay.events)
    events[40] = {**events[40], "type": "SomethingElse"}
    path = R.save_replay(replace(replay, events=tuple(events)), tmp_path)
    run = R.ReplayRun.play(R.load_replay(path), base_pool())
    assert not run.reproduced and run.difference is not None and run.difference.event == 40
    v = ReplayViewer(run, base_pool())
    v.update(1 / 60)
    v.draw(window)
    assert v.check_left > 0 and v.check_text()[0] == "Differs from the recording (C: why)"
    said = " ".join(t for t, _ in v.check_lines())
    assert "own card data and rules, it differs from the recording too" in said
    assert "event 41" in said and "SomethingElse" in said
    feed(v, key(pygame.K_END))
    assert state_hash(v.duel) == state_hash(played)  # still shown, to its end
