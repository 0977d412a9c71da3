"""The replay viewer on a replay saved before a card changed, or before the engine changed
how it plays (issue 19): opened from the Replays screen with real key events, it shows the
duel as it was recorded, step for step, each seat's board equal to the view that seat had
while it was played, the card zoomed as it was; the line under the transport says today's
game plays it differently and C names the first event that differs, in words."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Duel
from game.engine import primitives as prims
from game.play import replay as R
from game.play.replay.codec import plain_events
from game.ui.duel.board import Board
from game.ui.replays.list_scene import ReplaysScene
from game.ui.replays.viewer import BOTH, ReplayViewer
from game.ui.scene import Push
from tests.kit import base_pool
from tests.play.replay.test_lasting import _play, _record, changed_pool, first_summoned
from tests.ui.events import feed, key


def _seen(pool) -> tuple[Duel, list[tuple]]:
    """A duel played on `pool`, and what each seat saw after each command while it was
    played: (Player 1's board, Player 2's board, both hands open), as snapshots."""
    from dataclasses import replace

    boards: list[tuple] = []

    def look(duel: Duel) -> None:
        mine, theirs = duel.view(0), duel.view(1)
        both = replace(mine, sides=(mine.sides[0], theirs.sides[1]))
        boards.append(tuple(Board.from_view(v, pool).snapshot() for v in (mine, theirs, both)))
    return _play(pool, each=look), boards


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
    played, seen = _seen(then)
    folder = tmp_path / "replays"
    R.save_replay(_record(played), folder)
    return folder, cid, then, played, seen


def test_the_viewer_shows_a_replay_saved_before_a_card_changed_as_it_was_played(
        window, old_replay) -> None:
    folder, cid, then, played, seen = old_replay
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
        assert v.index == i and v.board.snapshot() == seen[i][0], f"step {i}"
        v.draw(window)
    assert len(v.log.entries) > 0
    # the other seat's view, and both hands open, at the end: the views they had
    for mode, seat, which in ((pygame.K_2, 1, 1), (pygame.K_3, BOTH, 2)):
        feed(v, key(mode))
        assert v.view_mode == seat and v.board.snapshot() == seen[-1][which]


def _halved_damage(monkeypatch) -> None:
    """Today's engine plays the same commands differently: a rules fix halves every LP loss
    to battle or an effect (the replay was recorded before it)."""
    change_lp = prims.change_lp

    def halved(duel, player, delta, reason, check=True):
        fixed = delta // 2 if delta < 0 and reason in ("battle", "effect") else delta
        change_lp(duel, player, fixed, reason, check)
    monkeypatch.setattr(prims, "change_lp", halved)


@pytest.fixture
def before_an_engine_fix(tmp_path, monkeypatch):
    """A replay recorded before today's engine changed how it plays (the views each seat had
    while it was played), then the engine changed."""
    played, seen = _seen(base_pool())
    path = R.save_replay(_record(played), tmp_path)
    _halved_damage(monkeypatch)
    replay = R.load_replay(path, base_pool())
    run = R.ReplayRun.play(replay, base_pool())
    assert run.warnings and run.difference is not None  # the engine does play it differently
    return replay, run, played, seen


def test_a_replay_recorded_before_an_engine_fix_is_shown_as_recorded_step_for_step(
        window, before_an_engine_fix) -> None:
    replay, run, played, seen = before_an_engine_fix
    v = ReplayViewer(run, base_pool())
    assert v.shown.source == "recording" and v.length == len(played.history)
    differs = 0
    for i in range(1, v.length + 1):  # forward, animated, as Player 1 saw it
        feed(v, key(pygame.K_RIGHT))
        _idle(v)
        assert v.index == i and v.board.snapshot() == seen[i][0], f"step {i}"
        if i <= run.length:  # what today's engine would have shown instead
            differs += Board.from_view(run.duel_at(i).view(0), base_pool()).snapshot() != seen[i][0]
        v.draw(window)
    assert differs > 0, "the engine's re-play shows another duel: the test would prove nothing"
    assert v.board.winner == (played.winner if played.over else None)
    for i in range(v.length - 1, max(0, v.length - 40), -1):  # and back, each seat and both
        feed(v, key(pygame.K_LEFT))
        assert v.index == i and v.board.snapshot() == seen[i][0]
    for mode, seat in ((pygame.K_2, 1), (pygame.K_3, 2), (pygame.K_1, 0)):
        feed(v, key(mode))
        for i in (0, v.length // 3, v.length // 2, v.length):
            v.goto(i)
            assert v.board.snapshot() == seen[i][seat], (seat, i)
    # the log each seat reads is the recorded events as the engine redacted them live
    # (one entry per event: None where the seat was told nothing, RULES.md I12)
    assert v.shown.log(0) == played.told_for(0) and v.shown.log(1) == played.told_for(1)


def test_the_check_names_the_first_event_that_differs(window, before_an_engine_fix) -> None:
    replay, run, _played, _seen = before_an_engine_fix
    assert replay.events is not None and run.final is not None
    now = plain_events(run.final.event_log)
    first = next(i for i, (a, b) in enumerate(zip(replay.events, now, strict=False)) if a != b)
    assert replay.events[first]["type"] == "LpChanged"  # an LP loss, halved now
    v = ReplayViewer(run, base_pool())
    v.update(1 / 60)
    v.draw(window)
    assert v.check_left > 0 and v.check_text()[0] == "Today's engine plays it differently (C: why)"
    said = " ".join(t for t, _ in v.check_lines())
    assert f"event {first + 1} (LpChanged)" in said
    recorded, played_now = replay.events[first], now[first]
    assert f"after recorded {recorded['after']}, now {played_now['after']}" in said
    assert f"at command {run.difference.command} (" in said


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
    """A recorded event edited (a file changed by hand, or an engine that told it otherwise):
    the viewer shows the record as it stands, and its panel and line say where the re-play
    differs."""
    from dataclasses import replace

    played = _play(base_pool())
    replay = _record(played)
    events = list(replay.events or ())
    at = next(i for i, e in enumerate(events) if i > 40 and e["type"] == "LpChanged")
    events[at] = {**events[at], "after": 1234}
    path = R.save_replay(replace(replay, events=tuple(events)), tmp_path)
    run = R.ReplayRun.play(R.load_replay(path), base_pool())
    assert not run.reproduced and run.difference is not None and run.difference.event == at
    v = ReplayViewer(run, base_pool())
    v.update(1 / 60)
    v.draw(window)
    assert v.check_left > 0 and v.check_text()[0] == "Today's engine plays it differently (C: why)"
    said = " ".join(t for t, _ in v.check_lines())
    assert "own card data and rules, it differs from the recording too: the engine changed" in said
    assert f"event {at + 1}" in said and "after recorded 1234" in said
    command, player = run.difference.command, events[at]["player"]
    marks = R.load_replay(path).marks
    assert marks is not None and marks[command - 1] <= at < marks[command]
    recorded = [e["after"] for e in events[:marks[command]]
                if e["type"] == "LpChanged" and e["player"] == player]
    v.goto(command)
    assert v.board.sides[player].lp == recorded[-1]  # shown as recorded, edit and all
    assert 1234 in recorded
