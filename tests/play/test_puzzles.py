"""Puzzle files: every shipped solution meets its goal, doing nothing does not, each goal
kind is judged right, broken files are listed with their problem, progress is saved
atomically and a corrupt progress file is left exactly as it was."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.levels import LEVEL_NAMES
from game.engine import Activate, Attack, EndTurn
from game.play import puzzles as pz
from game.play.scenario import run_scenario, scenario_files

SHIPPED = sorted(pz.SHIPPED_DIR.glob("*.yaml"))
NOWHERE = Path("/nonexistent-puzzles")


def test_there_are_at_least_sixteen_shipped_puzzles_in_order_of_difficulty() -> None:
    entries = pz.list_puzzles(pz.SHIPPED_DIR, NOWHERE)
    assert len(entries) >= 16
    assert all(isinstance(e, pz.Puzzle) for e in entries), [getattr(e, "problem", "") for e in entries]
    levels = [e.difficulty for e in entries]
    assert levels == sorted(levels) and levels[0] == 1 and levels[-1] >= 4
    for e in entries:
        assert e.description and e.hint and len(e.name) <= 30
        assert e.key == f"shipped/{e.path.stem}"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_solution_passes_as_a_scenario_and_meets_the_goal(path: Path) -> None:
    result = run_scenario(path)
    assert result.status == "PASS", result.summary()
    puzzle = pz.load_puzzle(path)
    run = pz.run_solution(puzzle)
    assert not run.failures
    assert run.status is pz.Status.SOLVED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_playing_the_solution_against_the_puzzle_opponent_solves_it(path: Path) -> None:
    """The person's moves of the solution, the other seat played as the screen plays it
    (every shipped puzzle: the solution's answers where they fit, Normal elsewhere)."""
    puzzle = pz.load_puzzle(path)
    assert (puzzle.opponent, puzzle.otherwise) == ("script", "normal")
    run = pz.run_solution(puzzle)
    mine = pz.ScriptedPlayer([m for m in run.moves if m.command.player == puzzle.seat])
    assert pz.play_out(puzzle, [], mine, pz.opponent_player(puzzle, run.moves)) is pz.Status.SOLVED
    assert pz.check_line(puzzle, run) is None


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_doing_nothing_does_not_solve_a_shipped_puzzle(path: Path) -> None:
    """Passing, ending the turn at once, never answering: the goal is not met."""
    puzzle = pz.load_puzzle(path)
    run = pz.run_solution(puzzle)
    opponent = pz.opponent_player(puzzle, run.moves)
    assert pz.play_out(puzzle, [], pz.PassingPlayer(), opponent) is pz.Status.FAILED


def test_the_survival_puzzle_punishes_the_wrong_counter_first() -> None:
    """Parry spent on Storm Rider leaves nothing that can stop Iron Hound."""
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "10_counter_timing.yaml")
    run = pz.run_solution(puzzle)
    duel = puzzle.build()

    class ParryFirst:
        def choose(self, view):
            for cmd in view.legal_actions:
                if isinstance(cmd, Activate) and duel.cards[cmd.card].cid == "parry":
                    return cmd
            return pz.PassingPlayer().choose(view)

    status = pz.play_out(puzzle, [], ParryFirst(), pz.opponent_player(puzzle, run.moves))
    assert status is pz.Status.FAILED


# ------------------------------------------------------------------ goals
def _view(turn=5, round_=3, lp=(4000, 4000), winner=None):
    from types import SimpleNamespace

    sides = tuple(SimpleNamespace(lp=v) for v in lp)
    return SimpleNamespace(turn=turn, round=round_, sides=sides, winner=winner)


START = pz.Mark(turn=5)


@pytest.mark.parametrize("goal,view,status", [
    (pz.Goal("win_this_turn"), _view(), "playing"),
    (pz.Goal("win_this_turn"), _view(winner=0), "solved"),
    (pz.Goal("win_this_turn"), _view(turn=6), "failed"),
    (pz.Goal("win_this_turn"), _view(winner=1), "failed"),
    (pz.Goal("win_this_turn"), _view(winner=-1), "failed"),  # a draw is not a win
    (pz.Goal("win_by_round", 4), _view(turn=7, round_=4), "playing"),
    (pz.Goal("win_by_round", 4), _view(turn=8, round_=4, winner=0), "solved"),
    (pz.Goal("win_by_round", 4), _view(turn=9, round_=5), "failed"),
    (pz.Goal("win_by_round", 4), _view(winner=1), "failed"),
    (pz.Goal("lp_this_turn", 2000), _view(lp=(4000, 2001)), "playing"),
    (pz.Goal("lp_this_turn", 2000), _view(lp=(4000, 2000)), "solved"),
    (pz.Goal("lp_this_turn", 2000), _view(turn=6, lp=(4000, 2500)), "failed"),
    (pz.Goal("lp_this_turn", 2000), _view(lp=(0, 3000), winner=1), "failed"),
    (pz.Goal("survive_until_round", 4), _view(round_=3), "playing"),
    (pz.Goal("survive_until_round", 4), _view(turn=7, round_=4), "solved"),
    (pz.Goal("survive_until_round", 4), _view(winner=1), "failed"),
    (pz.Goal("survive_until_round", 4), _view(winner=0), "solved"),
])
def test_goal_status_for_each_goal_kind(goal, view, status) -> None:
    assert pz.goal_status(goal, 0, START, view).value == status


def test_goal_is_judged_from_the_puzzle_seat() -> None:
    goal = pz.Goal("lp_this_turn", 1000)
    assert pz.goal_status(goal, 1, START, _view(lp=(900, 5000))) is pz.Status.SOLVED
    assert pz.goal_status(goal, 0, START, _view(lp=(900, 5000))) is pz.Status.PLAYING
    assert pz.goal_status(pz.Goal("win_this_turn"), 1, START, _view(winner=1)) is pz.Status.SOLVED


def test_a_decided_goal_sticks() -> None:
    tracker = pz.GoalTracker(pz.Goal("win_this_turn"), 0, _view())
    assert tracker.check(_view(turn=6)) is pz.Status.FAILED
    assert tracker.check(_view(turn=6, winner=0)) is pz.Status.FAILED  # too late


def test_goal_texts_read_well() -> None:
    assert pz.Goal("win_this_turn").describe() == "Win this turn."
    assert pz.Goal("win_by_round", 3).describe() == "Win by the end of round 3."
    assert pz.Goal("lp_this_turn", 2200).describe() == "Bring your opponent to 2,200 LP or less this turn."
    assert "round 7" in pz.Goal("survive_until_round", 7).describe()


def test_ending_the_turn_fails_a_this_turn_puzzle_in_the_engine() -> None:
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "01_through_the_guard.yaml")
    status = pz.play_out(puzzle, [EndTurn(puzzle.seat)], pz.PassingPlayer(), pz.PassingPlayer())
    assert status is pz.Status.FAILED


# ------------------------------------------------------------ broken files
GOOD = (pz.SHIPPED_DIR / "01_through_the_guard.yaml").read_text()


@pytest.mark.parametrize("puzzle,needle", [
    ("puzzle: {goal: win_yesterday}", "puzzle.goal: unknown goal"),
    ("puzzle: {goal: win_by_round}", "puzzle.goal: win_by_round needs a number"),
    ("puzzle: {goal: {win_by_round: 0}}", "puzzle.goal.win_by_round: expected 1 to"),
    ("puzzle: {goal: {lp_this_turn: -5}}", "puzzle.goal.lp_this_turn"),
    ("puzzle: {player: 3}", "puzzle.player: expected 1 to 2"),
    ("puzzle: {opponent: genius}", "puzzle.opponent: expected one of"),
    ("puzzle: {opponent: {script: genius}}", "puzzle.opponent.script: expected one of pass, "),
    ("puzzle: {opponent: {scripts: normal}}", "puzzle.opponent: expected {script: LEVEL}"),
    ("puzzle: {difficulty: 9}", "puzzle.difficulty"),
    ("puzzle: {hint: [a, b]}", "puzzle.hint: expected text"),
    ("puzzle: {hints: x}", "puzzle: unknown field(s) ['hints']"),
    ("puzzle: [1, 2]", "puzzle: expected a mapping"),
])
def test_a_wrong_puzzle_mapping_names_the_file_and_field(tmp_path, puzzle, needle) -> None:
    body = GOOD.split("puzzle:")[0] + puzzle + "\nstart:" + GOOD.split("\nstart:")[1]
    path = tmp_path / "p.yaml"
    path.write_text(body)
    with pytest.raises(pz.PuzzleError) as err:
        pz.load_puzzle(path)
    assert str(err.value).startswith(str(path)) and needle in str(err.value), str(err.value)


def test_broken_files_are_listed_with_their_problem_and_never_crash(tmp_path) -> None:
    mine = tmp_path / "puzzles"
    mine.mkdir()
    (mine / "a_good.yaml").write_text(GOOD)
    (mine / "b_bad_yaml.yaml").write_text("name: [\n")
    (mine / "c_binary.yml").write_bytes(b"\xff\xfe\x00garbage")
    (mine / "d_unknown_card.yaml").write_text(GOOD.replace("thorn_sprite\n", "thorn_sprit\n", 1))
    (mine / "e_huge.yaml").write_bytes(b"#" * (300 * 1024))
    (mine / "notes.txt").write_text("not a puzzle")
    entries = pz.list_puzzles(None, mine)
    assert [type(e).__name__ for e in entries] == ["Puzzle"] + ["BrokenPuzzle"] * 4
    assert entries[0].source == "mine" and entries[0].key == "mine/a_good"
    problems = [e.problem for e in entries[1:]]
    assert all(p.startswith(str(mine)) for p in problems)
    assert "not valid YAML" in problems[0]
    assert "UTF-8" in problems[1]
    assert "thorn_sprit" in problems[2]
    assert "at most" in problems[3]


def test_the_players_folder_is_in_the_data_dir(home) -> None:
    folder = home / "puzzles"
    folder.mkdir(parents=True)
    (folder / "mine.yaml").write_text(GOOD)
    entries = pz.list_puzzles(pz.SHIPPED_DIR)
    assert entries[-1].source == "mine" and entries[-1].path == folder / "mine.yaml"
    assert len(entries) == len(SHIPPED) + 1


def test_a_scenario_without_a_puzzle_mapping_is_a_win_this_turn_puzzle() -> None:
    path = next(p for p in scenario_files([Path(__file__).resolve().parents[1] / "scenarios"])
                if p.name == "duel_zero_lp_loses.yaml")
    puzzle = pz.load_puzzle(path)
    assert puzzle.goal == pz.Goal("win_this_turn") and puzzle.opponent == "pass"
    assert puzzle.difficulty == 1 and puzzle.hint == ""


# --------------------------------------------------------------- progress
def test_progress_starts_empty_and_is_saved_atomically(home, monkeypatch) -> None:
    progress = pz.load_progress()
    assert progress.solved == set() and not progress.problem
    writes = []
    real = pz.atomic_write_text
    monkeypatch.setattr(pz, "atomic_write_text", lambda p, t: (writes.append(p), real(p, t)))
    assert progress.mark("shipped/01_through_the_guard") is None
    assert writes == [home / pz.PROGRESS_FILE]
    assert pz.load_progress().solved == {"shipped/01_through_the_guard"}
    assert progress.mark("shipped/01_through_the_guard") is None  # already: nothing written
    assert len(writes) == 1


@pytest.mark.parametrize("content", [
    b"solved: {not: [a list\n",  # not YAML
    b"solved: 5\n",  # not a list
    b"- a\n- b\n",  # not a mapping
    b"\xff\xfe",  # not text
    b"solved: [1, 2]\n",  # not names
])
def test_a_corrupt_progress_file_is_reported_and_left_as_it_was(home, content) -> None:
    home.mkdir(parents=True)
    path = home / pz.PROGRESS_FILE
    path.write_bytes(content)
    before = os.stat(path).st_mtime_ns
    progress = pz.load_progress()
    assert progress.problem and str(path) in progress.problem
    assert progress.solved == set()
    problem = progress.mark("shipped/01_through_the_guard")
    assert problem and problem.startswith("progress not saved")
    assert path.read_bytes() == content and os.stat(path).st_mtime_ns == before
    assert progress.is_solved("shipped/01_through_the_guard")  # still shown for this session


def test_a_progress_file_too_big_is_named_as_what_it_is(home) -> None:
    from game.files import fileio

    home.mkdir(parents=True)
    path = home / pz.PROGRESS_FILE
    path.write_bytes(b"#" * (fileio.KINDS["progress"].max_bytes + 1))
    progress = pz.load_progress()
    assert progress.problem and "puzzle progress file" in progress.problem
    assert "settings" not in progress.problem and progress.solved == set()


def test_a_failed_write_says_why(home, tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    progress = pz.Progress(path=blocker / "progress.yaml")
    problem = progress.mark("shipped/x")
    assert problem and problem.startswith("progress not saved")


# --------------------------------------------------------- puzzle opponents
SHIELDED = {
    "name": "Two Counters",
    "puzzle": {"player": 1, "goal": "win_this_turn", "opponent": {"script": "pass"}},
    "start": {"turn": 3, "phase": "battle", "players": {
        1: {"phantom": ["storm_rider", "iron_hound"], "deck": ["stone_sentry"]},
        2: {"lp": 1000, "back": ["parry", "sudden_collapse"], "deck": ["stone_sentry"]}}},
    "commands": [
        {"player": 1, "attack": "storm_rider", "target": "direct"},
        {"player": 2, "activate": "sudden_collapse"},
        {"player": 2, "pass": True},
        {"player": 1, "attack": "iron_hound", "target": "direct"},
        {"player": 2, "activate": "parry"},
        {"player": 1, "end_turn": True}],
}


def _puzzle_from(data: dict) -> pz.Puzzle:
    from game.play.scenario import load_scenario

    return pz.puzzle_from(load_scenario(data), Path("x.yaml"), "mine/x", "mine")


def test_the_scripted_opponent_answers_what_happens_not_an_index() -> None:
    """Its two Counters, recorded against Storm Rider then Iron Hound, answer the attacks in
    the other order too: Parry meets Iron Hound and Sudden Collapse meets Storm Rider."""
    puzzle = _puzzle_from(SHIELDED)
    run = pz.run_solution(puzzle)
    assert not run.failures
    opponent = pz.opponent_player(puzzle, run.moves)
    duel = puzzle.build()
    hound, rider = (next(c.uid for c in duel.cards if c.cid == cid and c.owner == 0)
                    for cid in ("iron_hound", "storm_rider"))
    plan = [Attack(0, hound, -1), Attack(0, rider, -1), EndTurn(0)]
    while duel.deciding_player is not None and duel.turn == 3:
        seat = duel.deciding_player
        view = duel.view(seat)
        if seat == 1:
            duel.apply(opponent.choose(view))
        elif plan and plan[0] in view.legal_actions:
            duel.apply(plan.pop(0))
        else:
            duel.apply(pz.PassingPlayer().choose(view))
    grave = sorted(duel.cards[u].cid for u in duel.players[1].grave)
    assert grave == ["parry", "sudden_collapse"]
    assert duel.players[1].lp == 1000 and opponent.scripted == 2


def _still_standing_with(lp: int) -> pz.Puzzle:
    """04b_still_standing with the puzzle player at `lp`: enough to live through a wrong
    answer's first attack, so what the opponent does next decides."""
    from game.files.fileio import load_yaml_file

    data = dict(load_yaml_file(pz.SHIPPED_DIR / "04b_still_standing.yaml", "scenario"))
    players = dict(data["start"]["players"])
    players[1] = {**players[1], "lp": lp}
    return _puzzle_from({**data, "start": {**data["start"], "players": players},
                         "expect": {}})


def test_once_a_wrong_answer_leaves_the_recording_the_level_plays_on() -> None:
    """No answer to Siege Titan's attack: Shield Bearer is Broken (800 goes through), so the
    recorded attacks on it cannot happen. The script does not play its recorded End Turn
    there: Normal takes over for the rest of the duel and attacks directly with Storm Rider
    and Iron Hound (4,000 - 800 - 2,200 - 1,100 = -100: the puzzle fails)."""
    puzzle = _still_standing_with(4000)
    run = pz.run_solution(puzzle)
    assert not run.failures and run.status is pz.Status.SOLVED
    opponent = pz.opponent_player(puzzle, run.moves)
    assert isinstance(opponent, pz.ScriptedPlayer)
    duel = puzzle.build()
    tracker = pz.GoalTracker(puzzle.goal, puzzle.seat, duel.view(puzzle.seat))
    while tracker.status is pz.Status.PLAYING and duel.deciding_player is not None:
        seat = duel.deciding_player
        player = opponent if seat != puzzle.seat else pz.PassingPlayer()
        duel.apply(player.choose(duel.view(seat)))
        tracker.check(duel.view(puzzle.seat))
    assert tracker.status is pz.Status.FAILED and duel.winner == 1 - puzzle.seat
    assert opponent.departed and opponent.scripted == 2  # Next Phase, Siege Titan's attack
    attacks = [c for c in duel.history if isinstance(c, Attack)]
    assert [duel.cards[a.attacker].cid for a in attacks] == ["siege_titan", "storm_rider", "iron_hound"]
    assert [a.target for a in attacks[1:]] == [-1, -1]  # straight at the player


def test_a_plain_script_opponent_that_leaves_the_recording_moves_on() -> None:
    """`script` without a level: off the recording it passes and walks through the phases
    (nothing attacks after the broken Shield Bearer), so the player survives at 3,200."""
    puzzle = _still_standing_with(4000)
    puzzle = replace(puzzle, otherwise="pass")
    run = pz.run_solution(puzzle)
    assert pz.play_out(puzzle, [], pz.PassingPlayer(), pz.opponent_player(puzzle, run.moves)) \
        is pz.Status.SOLVED


def test_a_resumed_attempt_tells_the_scripted_opponent_what_it_already_played() -> None:
    """Catching up on the journal marks the recorded moves played, so the rest of the
    recording still fits; a journal that left the recording leaves it after resuming too;
    an undo mark takes back both the moves used and the leaving."""
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "04b_still_standing.yaml")
    run = pz.run_solution(puzzle)
    first_two = run.commands[:2]  # Next Phase, Siege Titan's attack
    opponent = pz.opponent_player(puzzle, run.moves)
    pz.catch_up(opponent, puzzle, first_two)
    assert isinstance(opponent, pz.ScriptedPlayer) and not opponent.departed
    assert opponent.used[:2] == [True, True] and not any(opponent.used[2:])
    mark = opponent.undo_state()  # a person's undo mark here
    mine = pz.ScriptedPlayer([m for m in run.moves if m.command.player == puzzle.seat])
    assert pz.play_out(puzzle, first_two, mine, opponent) is pz.Status.SOLVED
    assert all(opponent.used) and not opponent.departed
    opponent.departed = True
    opponent.undo_restore(mark)
    assert opponent.used[:2] == [True, True] and not any(opponent.used[2:])
    assert not opponent.departed

    wrong = _still_standing_with(4000)  # no answer: the level took the turn over
    wrong_run = pz.run_solution(wrong)
    live = pz.opponent_player(wrong, wrong_run.moves)
    duel = wrong.build()
    while duel.deciding_player is not None and not duel.over and duel.turn == 12:
        seat = duel.deciding_player
        duel.apply((live if seat != wrong.seat else pz.PassingPlayer()).choose(duel.view(seat)))
    assert isinstance(live, pz.ScriptedPlayer) and live.departed
    resumed = pz.opponent_player(wrong, wrong_run.moves)
    pz.catch_up(resumed, wrong, duel.history)
    assert isinstance(resumed, pz.ScriptedPlayer) and resumed.departed
    assert resumed.used == live.used


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_solution_holds_and_doing_nothing_fails_against_every_script_level(
        path: Path, level: str) -> None:
    """Against `{script: L}` for each level L: the solution's moves solve the puzzle, and
    passing and ending the turn at once fails it (the script, or L once the duel has left
    the recording, punishes it)."""
    puzzle = replace(pz.load_puzzle(path), opponent="script", otherwise=level)
    run = pz.run_solution(puzzle)
    assert pz.check_line(puzzle, run) is None
    nothing = pz.play_out(puzzle, [], pz.PassingPlayer(), pz.opponent_player(puzzle, run.moves))
    assert nothing is pz.Status.FAILED


def test_the_pass_opponent_never_acts_on_its_own_turn() -> None:
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "10_counter_timing.yaml")
    duel = puzzle.build()  # player 2's Main Phase 1, two Phantoms ready to attack
    assert isinstance(pz.PassingPlayer().choose(duel.view(1)), EndTurn)


def test_check_line_fails_a_solution_that_only_a_friendly_opponent_allows() -> None:
    """A recorded line where the opponent ends its turn without attacking: fine against the
    script, not against a Normal opponent playing to win before round 7."""
    from game.files.fileio import load_yaml_file

    data = dict(load_yaml_file(pz.SHIPPED_DIR / "10_counter_timing.yaml", "scenario"))
    data["commands"] = [{"player": 2, "end_turn": True}]
    friendly = _puzzle_from({**data, "puzzle": {**data["puzzle"], "opponent": "script"}})
    assert pz.check_line(friendly) is None
    level = _puzzle_from({**data, "puzzle": {**data["puzzle"], "opponent": "normal"}})
    problem = pz.check_line(level)
    assert problem is not None and problem.startswith(
        "puzzle: the solution's moves for player 1 do not meet the goal (Survive: still be "
        "standing when round 7 begins.) against the puzzle's opponent (normal): failed")


def test_main_py_scenario_checks_a_puzzles_line_against_its_opponent(tmp_path, capsys) -> None:
    from game.designer.scenario_cli import main

    text = (pz.SHIPPED_DIR / "10_counter_timing.yaml").read_text()
    head, _, _ = text.partition("\ncommands:")
    lazy = head.replace("opponent: {script: normal}", "opponent: hard") + (
        "\ncommands:\n  - {player: 2, end_turn: true}\nexpect: {round: 7, winner: none}\n")
    (tmp_path / "lazy.yaml").write_text(lazy)
    (tmp_path / "good.yaml").write_text(text)
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "PASS Hold the Line"
    assert out[1].startswith("FAIL Hold the Line: puzzle: the solution's moves for player 1 do "
                             "not meet the goal") and "(hard): failed" in out[1]
    assert out[-1] == "1 passed, 1 failed, 0 xfailed"


def test_each_side_plays_for_its_own_goal() -> None:
    from game.ai.goals import SURVIVE, WIN_BY, PlayGoal

    assert pz.opponent_goal(pz.Goal("survive_until_round", 7), 12) == PlayGoal(WIN_BY, 12, draw_ok=True)
    assert pz.opponent_goal(pz.Goal("win_this_turn"), 5) == PlayGoal(SURVIVE, 5, draw_ok=True)
    assert pz.opponent_goal(pz.Goal("lp_this_turn", 2200), 5) == PlayGoal(SURVIVE, 5, 2200, draw_ok=True)
    assert pz.opponent_goal(pz.Goal("win_by_round", 6), 9) == PlayGoal(SURVIVE, 12, draw_ok=True)
    assert pz.player_goal(pz.Goal("survive_until_round", 7), 12) == PlayGoal(SURVIVE, 12)
    assert pz.player_goal(pz.Goal("win_by_round", 6), 9) == PlayGoal(WIN_BY, 12)
    assert pz.player_goal(pz.Goal("lp_this_turn", 2200), 5) == PlayGoal(WIN_BY, 5, lp_target=2200)
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "10_counter_timing.yaml")
    player = pz.level_player(puzzle, "normal", 1)
    assert player.goal == PlayGoal(WIN_BY, 12, draw_ok=True)  # type: ignore[attr-defined]


# --------------------------------------------------------- the rules taught
RULE_PUZZLES = {  # issue 22: each rule in turn, each with a puzzle that teaches it
    "excess damage": "01_through_the_guard",
    "Unsummon refunds": "04_unsummon_refund",
    "a Line Break": "04a_break_the_line",
    "survival at 0 Health": "04b_still_standing",
    "a lone Environment": "06_volcanic_rift",
    "an Extra Deck summon": "07_chimera",
    "a lone Environment used by both players": "07a_borrowed_ground",
    "a pair of Environments": "07b_not_yours_any_more",
    "the window after a broken Line": "09a_second_chance",
    "the loop limit": "09b_ten_and_no_more",
}


def _line_log(stem: str) -> list[str]:
    run = pz.run_solution(pz.load_puzzle(pz.SHIPPED_DIR / f"{stem}.yaml"))
    from game.play.scenario.notation import line_log

    return line_log(run.duel.event_log)


def test_each_rule_of_the_list_has_a_puzzle_and_they_come_in_order() -> None:
    order = [e.key.removeprefix("shipped/") for e in pz.list_puzzles(pz.SHIPPED_DIR, NOWHERE)]
    assert set(RULE_PUZZLES.values()) <= set(order)
    assert order.index("04a_break_the_line") < order.index("09a_second_chance")
    assert order.index("07a_borrowed_ground") < order.index("07b_not_yours_any_more")


def _first_then_pass(puzzle: pz.Puzzle, *cids: str):
    """A player who activates the named cards at the first chance, in order, and otherwise
    passes: a wrong answer to a puzzle."""
    duel = puzzle.build()
    wanted = list(cids)

    class Player:
        def choose(self, view):
            for cmd in view.legal_actions:
                if wanted and isinstance(cmd, Activate) and duel.cards[cmd.card].cid == wanted[0]:
                    wanted.pop(0)
                    return cmd
            return pz.PassingPlayer().choose(view)
    return Player()


def _against_the_opponent(stem: str, player_for) -> pz.Status:
    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / f"{stem}.yaml")
    run = pz.run_solution(puzzle)
    return pz.play_out(puzzle, [], player_for(puzzle), pz.opponent_player(puzzle, run.moves))


def test_the_line_break_puzzle_breaks_the_line_twice() -> None:
    log = _line_log("04a_break_the_line")
    assert log[:5] == ["step 1.1 ability flare_bolt speed 1", "break 2",
                       "step 2.1 ability silence speed 2", "break 3",
                       "step 3.1 ability final_word speed 3"]
    assert log[-1] == "resolved 1.1 flare_bolt"


@pytest.mark.parametrize("answers", [("parry",), ("parry", "iron_resolve")])
def test_the_0_health_puzzle_needs_the_survivor_not_a_parry(answers) -> None:
    """Parry stops one attack; the next breaks Shield Bearer in Attack Position and the
    excess (or the third attack) finishes you. Iron Resolve on the first attack survives."""
    assert _against_the_opponent("04b_still_standing",
                                 lambda p: _first_then_pass(p, *answers)) is pz.Status.FAILED
    assert _against_the_opponent("04b_still_standing",
                                 lambda p: _first_then_pass(p, "iron_resolve")) is pz.Status.SOLVED
    duel = pz.run_solution(pz.load_puzzle(pz.SHIPPED_DIR / "04b_still_standing.yaml")).duel
    bearer = next(c for c in duel.cards if c.cid == "shield_bearer")
    view = duel.view(0).card(bearer.uid)
    assert view is not None and view.health == 0 and not view.attack_pos  # at 0, in Defense


@pytest.mark.parametrize(("stem", "environment"), [
    ("07a_borrowed_ground", "volcanic_rift"),  # then the Citadel is theirs alone
    ("07b_not_yours_any_more", "ancient_battlefield"),  # then the Rift is theirs alone
])
def test_playing_a_second_environment_fails_the_environment_puzzles(stem, environment) -> None:
    from game.engine import PlayEnvironment

    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / f"{stem}.yaml")
    run = pz.run_solution(puzzle)
    duel = puzzle.build()
    play = next(c for c in duel.legal_actions() if isinstance(c, PlayEnvironment)
                and duel.cards[c.card].cid == environment)

    def mine() -> pz.ScriptedPlayer:
        return pz.ScriptedPlayer([m for m in run.moves if m.command.player == puzzle.seat])
    assert pz.play_out(puzzle, [play], mine(), pz.opponent_player(puzzle, run.moves)) \
        is pz.Status.FAILED
    assert pz.play_out(puzzle, [], mine(), pz.opponent_player(puzzle, run.moves)) \
        is pz.Status.SOLVED


def test_the_window_puzzle_answers_again_in_the_window() -> None:
    """One Silence, then passing in the window on Flare Bolt's Line, is not enough."""
    assert _against_the_opponent("09a_second_chance",
                                 lambda p: _first_then_pass(p, "silence")) is pz.Status.FAILED
    log = _line_log("09a_second_chance")
    window = log.index("window 1 player 1")
    assert log[window + 1:window + 3] == ["break 2", "step 2.1 ability silence speed 2"]
    assert log[-2:] == ["negated 1.1 flare_bolt", "closed 1"]


def test_the_loop_puzzle_refuses_the_eleventh_use_and_cinder_pup_falls_short() -> None:
    from game.engine import Code, Rejected, Summon

    puzzle = pz.load_puzzle(pz.SHIPPED_DIR / "09b_ten_and_no_more.yaml")
    duel = puzzle.build()
    tinker = next(c for c in duel.legal_actions() if isinstance(c, Activate))
    for _ in range(10):
        duel.apply(tinker)
    with pytest.raises(Rejected) as refused:
        duel.apply(tinker)
    assert refused.value.code is Code.LOOP_GUARD
    for cid in ("cinder_pup", "ash_hurler"):  # both Summoned: no SP left for the ability
        duel.apply(next(c for c in duel.legal_actions() if isinstance(c, Summon)
                        and duel.cards[c.card].cid == cid))
    assert duel.view(0).sides[1].lp == 100 and duel.players[0].sp == 0
