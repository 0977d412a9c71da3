"""The lessons of How to play (game/play/lessons.py): every shipped lesson reads and plays,
its steps are the learner's moves, a wrong file names its problem, progress resumes."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import Attack, EndTurn, NextPhase, Summon
from game.play import lessons as ls
from game.play import puzzles as pz
from game.play.scenario.notation import line_log

LESSON_01 = ls.LESSON_DIR / "01_draw_and_summon.yaml"


def test_every_shipped_lesson_reads_and_its_script_plays() -> None:
    lessons = ls.list_lessons()
    assert [lesson.title for lesson in lessons] == [
        "Draw, SP and a Summon", "An attack", "A Spirit", "A Counter", "A Line Break",
        "An Extra Deck Summon"]
    for lesson in lessons:
        assert lesson.key.startswith("lessons/") and lesson.seat == 0
        assert len(lesson.steps) == len(lesson.moves) >= 1
        run = pz.run_solution(lesson.puzzle)
        assert not run.failures
        # the learner's step moves, played by situation against the lesson's own opponent,
        # all get played (the scripted opponent answers as the lesson needs)
        mine = pz.ScriptedPlayer([m for m in run.moves if m.command.player == lesson.seat])
        duel = lesson.puzzle.build()
        other = pz.opponent_player(lesson.puzzle, run.moves)
        for _ in range(60):
            seat = duel.deciding_player
            if duel.over or seat is None or all(mine.used):
                break
            duel.apply((mine if seat == lesson.seat else other).choose(duel.view(seat)))
        assert all(mine.used), lesson.title


def test_the_counter_and_line_break_lessons_show_a_line_break() -> None:
    by_title = {lesson.title: lesson for lesson in ls.list_lessons()}
    for title in ("A Counter", "A Line Break"):
        lesson = by_title[title]
        duel = lesson.puzzle.build()
        events = [e for cmd in pz.run_solution(lesson.puzzle).commands for e in duel.apply(cmd)]
        log = line_log(events)
        assert "break 2" in log, (title, log)  # the Counter answered on a faster Line


def test_a_step_is_matched_by_kind_and_card_not_by_slot() -> None:
    lesson = ls.load_lesson(LESSON_01)
    end, summon = lesson.moves
    assert isinstance(end, EndTurn) and isinstance(summon, Summon)
    elsewhere = Summon(0, summon.card, summon.zone, (summon.index + 1) % 3, False, True)
    assert ls.matches(elsewhere, summon)  # another slot, another position: still the step
    assert not ls.matches(Summon(0, summon.card + 1, "phantom", 0, True, True), summon)
    assert not ls.matches(NextPhase(0), end)
    assert not ls.matches(Attack(0, 1, -1), Attack(0, 1, 5))  # another target
    assert ls.steps_done(lesson, [end]) == 1
    assert ls.steps_done(lesson, [end, EndTurn(1), elsewhere]) == 2
    assert ls.steps_done(lesson, [NextPhase(0)]) == 0


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_steps_that_do_not_fit_the_moves_name_the_file_and_field(tmp_path) -> None:
    text = LESSON_01.read_text(encoding="utf-8")
    one_step = text.replace("  steps:\n", "  steps:\n    - Only one.\n", 1)
    path = _write(tmp_path, one_step)
    with pytest.raises(ls.LessonError, match=r"lesson\.yaml: lesson\.steps: 3 step\(s\) written"):
        ls.load_lesson(path)
    path = _write(tmp_path, text.replace("  done: >-", "  colour: red\n  done: >-"))
    with pytest.raises(ls.LessonError, match=r"lesson: unknown field\(s\) \['colour'\]"):
        ls.load_lesson(path)
    path = _write(tmp_path, text.replace("lesson:\n", "lessen:\n", 1))
    with pytest.raises(ls.LessonError, match="lesson: required"):
        ls.load_lesson(path)


def test_progress_resumes_at_the_first_lesson_not_finished(home) -> None:
    lessons = ls.list_lessons()
    progress = ls.load_progress()
    assert ls.resume_index(lessons, progress) == 0
    assert progress.mark(lessons[0].key) is None and progress.mark(lessons[1].key) is None
    again = ls.load_progress()
    assert again.path == home / ls.PROGRESS_FILE and again.path.exists()
    assert ls.resume_index(lessons, again) == 2
    for lesson in lessons:
        again.mark(lesson.key)
    assert ls.resume_index(lessons, ls.load_progress()) == 0  # all done: from the start


def test_a_lesson_left_midway_is_kept_and_read_back(home) -> None:
    assert ls.load_resume() is None
    kept = ls.Resume("lessons/02_attack", "abc", (NextPhase(0), Attack(0, 3, 7)))
    assert ls.save_resume(kept) is None
    assert ls.load_resume() == kept
    assert ls.save_resume(None) is None  # forgotten
    assert ls.load_resume() is None


def test_a_resume_file_not_understood_starts_the_lesson_again(home) -> None:
    path = ls.resume_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("lesson: [", "lesson: x\nstart_hash: y\ncommands: [{type: Nope}]\n", "- 1\n"):
        path.write_text(text, encoding="utf-8")
        assert ls.load_resume() is None


def test_a_step_may_give_its_banner_line_and_it_is_checked(tmp_path) -> None:
    lesson = ls.load_lesson(LESSON_01)
    assert lesson.banners == ("Click End on the phase bar (right).",
                              "Drag Pyre Hound onto a Phantom slot.")
    assert all(len(b) <= ls.MAX_BANNER for lesson in ls.list_lessons() for b in lesson.banners)
    text = LESSON_01.read_text(encoding="utf-8")
    # plain text still works: the banner is then the words up to "Why:"
    plain = text.replace('    - banner: "Click End on the phase bar (right)."\n      words: >-\n',
                         "    - >-\n", 1)
    assert ls.load_lesson(_write(tmp_path, plain)).banners[0] == \
        "Click End on the phase bar (right) to end your turn."
    long = text.replace('"Click End on the phase bar (right)."', '"' + "x" * 45 + '"', 1)
    with pytest.raises(ls.LessonError, match=r"lesson\.steps\[0\]\.banner: at most 44"):
        ls.load_lesson(_write(tmp_path, long))
    odd = text.replace("      words: >-", "      colour: red\n      words: >-", 1)
    with pytest.raises(ls.LessonError, match=r"lesson\.steps\[0\]: unknown field\(s\) \['colour'\]"):
        ls.load_lesson(_write(tmp_path, odd))
