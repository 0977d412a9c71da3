"""`main.py scenario` and How to play's lessons (game/designer/scenario_cli.py): a lesson file,
a lesson's title or file name, or `lessons` is checked as a lesson, not refused as a scenario
with an unknown key."""

from __future__ import annotations

from game.cli import build_parser
from game.designer.scenario_cli import USAGE, main
from game.play import lessons as ls

LESSON_01 = ls.LESSON_DIR / "01_draw_and_summon.yaml"


def test_a_lesson_file_passes_as_a_lesson(capsys) -> None:
    assert main([str(LESSON_01)]) == 0
    out = capsys.readouterr().out
    assert "PASS Draw, SP and a Summon (lesson, 2 steps)" in out
    assert "unknown field" not in out


def test_lessons_by_title_file_name_and_all(capsys) -> None:
    assert main(["An attack", "02_attack", "a counter on a faster line"]) == 0
    out = capsys.readouterr().out
    assert out.count("PASS An attack (lesson, 3 steps)") == 2
    assert "PASS A Counter on a faster Line (lesson, 1 step)" in out
    assert main(["lessons"]) == 0
    assert "6 passed, 0 failed" in capsys.readouterr().out


def test_a_broken_lesson_is_reported_naming_its_field(tmp_path, capsys) -> None:
    text = LESSON_01.read_text(encoding="utf-8")
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace("  steps:\n", "  steps:\n    - Only one.\n", 1),
                    encoding="utf-8")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "ERROR" in out and "lesson.steps: 3 step(s) written" in out


def test_an_unknown_name_is_a_usage_error(capsys) -> None:
    assert main(["No such lesson"]) == 2
    assert "nor a lesson's title" in capsys.readouterr().err


def test_help_says_lessons_are_checked() -> None:
    assert "lesson" in USAGE and "`lessons`" in USAGE
    helps = {a.dest: a for a in build_parser()._subparsers._actions}  # the COMMAND list
    choices = next(a for a in helps.values() if getattr(a, "choices", None))._choices_actions
    assert any(c.dest == "scenario" and "lessons" in c.help for c in choices)
