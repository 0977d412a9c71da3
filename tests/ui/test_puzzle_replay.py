"""A decided puzzle attempt is kept as a replay (issue 19): it starts from the puzzle's
position, keeps its card data and events, is played as recorded by today's game, opens in
the viewer and is listed as a puzzle."""

from __future__ import annotations

from game.engine import state_hash
from game.engine.views import view_to_plain
from game.play import puzzles as pz
from game.play import replay as R
from game.play.replay import store
from game.play.replay.file import load_header
from game.ui.duel.board import Board
from game.ui.duel.flow import rules
from game.ui.puzzle_play import PuzzlePlayScene
from game.ui.replays.viewer import ReplayViewer
from tests.kit import base_pool
from tests.ui.test_puzzles_scene import frames, play_moves, shipped  # noqa: F401 - a fixture


def test_a_solved_puzzle_is_saved_as_a_replay_that_plays_as_it_was(window, home, shipped) -> None:  # noqa: F811
    puzzle = next(e for e in shipped if e.name == "Two Become One")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), threaded=False, speed="instant")
    start_views = [view_to_plain(play.session.duel.view(s)) for s in (0, 1)]
    play_moves(play, pz.run_solution(puzzle).commands)
    frames(play, 600)
    assert play.outcome is pz.Status.SOLVED and play.replay_path is not None
    assert R.replay_files() == [play.replay_path]
    assert play.replay_path.name.endswith(f"_puzzle_{store._slug(puzzle.name)}.yaml")
    replay = R.load_replay(play.replay_path, base_pool())
    assert (replay.mode, replay.reason, replay.winner) == ("puzzle", "puzzle solved", puzzle.seat)
    assert replay.deck_names == f"Puzzle: {puzzle.name}" and replay.position is not None
    assert replay.commands == tuple(play.session.history)
    run = R.ReplayRun.play(replay, base_pool())
    assert run.reproduced and not run.warnings
    assert state_hash(run.final) == state_hash(play.session.duel)
    assert [view_to_plain(run.duel_at(0).view(s)) for s in (0, 1)] == start_views
    assert R.check_replay(replay, base_pool(), rules()).reproduced
    viewer = ReplayViewer(run, base_pool())
    viewer.to_end()
    viewer.update(1 / 60)
    viewer.draw(window)
    assert viewer.verdict.reproduced and viewer.shown.source == "recording"
    assert viewer.board.snapshot() == Board.from_view(run.final.view(0), base_pool()).snapshot()
    header = load_header(play.replay_path, base_pool())
    assert header.mode == "puzzle" and header.winner == puzzle.seat
    frames(play, 5)
    assert R.replay_files() == [play.replay_path]  # saved once, not at every look at the outcome
