"""The command line around replays: `main.py simulate` writes none, `main.py replay` prints
the log (everything, or one seat's view) and refuses a broken file in one line."""

from __future__ import annotations


# ------------------------------------------------------------------ tools
def test_simulate_writes_no_replays(tmp_path, monkeypatch, capsys) -> None:
    import main

    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(tmp_path / "home"))
    assert main.main(["simulate", "--games", "2", "--jobs", "1", "--no-progress"]) == 0
    assert not (tmp_path / "home" / "replays").exists()


def test_replay_command_prints_the_log(saved, capsys) -> None:
    import main

    assert main.main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Ember Rush vs Veil Control; Player 1 vs AI (Normal); versus_ai, duel 2 of 3" in out
    assert "#1 [round 1] Player 1: " in out and "Replayed all" in out
    assert "AI (Normal) draws a card" not in out  # the designer's log hides nothing
    assert main.main(["replay", "--seat", "1", "--no-commands", str(saved)]) == 0
    seat_one = capsys.readouterr().out
    assert "AI (Normal) draws a card" in seat_one and "#1 [" not in seat_one


def test_replay_command_on_a_broken_file(tmp_path, capsys) -> None:
    import main

    path = tmp_path / "broken.yaml"
    path.write_text("replay: 7\n")
    assert main.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"replay: {path}: ") and len(err.strip().splitlines()) == 1

