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



def test_replay_command_takes_a_name_as_the_replays_folder_lists_it(duel, home, capsys) -> None:
    import main
    from game.play import replay as R
    from tests.play.replay.recorded import record_duel

    path = R.save_replay(record_duel(duel))  # the replays folder of the user data folder
    assert path.parent == home / "replays" and R.replay_files() == [path]
    for name in (path.name, path.stem):
        assert main.main(["replay", "--no-commands", name]) == 0
        assert "Ember Rush vs Veil Control" in capsys.readouterr().out
    assert main.main(["replay", "--check", path.name]) in (0, 1)  # its rules are the test's
    assert capsys.readouterr().out.startswith(f"{path}: ")
    assert main.main(["replay", "nothing_like_it.yaml"]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and f"nor a replay of {home / 'replays'}" in err


def test_replay_command_says_each_command_in_words(saved, capsys) -> None:
    import main
    from game.play import replay as R
    from tests.kit import base_pool

    replay = R.load_replay(saved)
    assert main.main(["replay", str(saved)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    assert len(lines) == len(replay.commands) and not any("player=" in line for line in lines)
    first = replay.commands[0]
    assert type(first).__name__ == "Summon"
    name = base_pool()[R.ReplayRun.play(replay, base_pool()).final.state.cards[first.card].cid].name
    assert lines[0].startswith(f"#1 [round 1] Player 1: summons {name} to ")
    assert any(": passes" in line for line in lines) and any(": ends the turn" in line
                                                            for line in lines)
    # a card the seat could not see stays hidden: the other seat's face-down Set
    sets = [i for i, c in enumerate(replay.commands) if type(c).__name__ == "SetCard"
            and c.player == 1]
    assert sets and "sets " in lines[sets[0]] and "a hidden card" not in lines[sets[0]]
    assert main.main(["replay", "--seat", "1", str(saved)]) == 0
    seat = [line for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    assert seat[sets[0]].endswith(f"sets a hidden card face down in {seat[sets[0]].split(' in ')[-1]}")
    assert main.main(["replay", "--raw", str(saved)]) == 0  # the file's notation, kept for tools
    raw = [line for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    assert raw[0] == f"#1 [round 1] Player 1: {R.command_line(first)}"
    assert "player=0 card=" in raw[0]


def _puzzle_replay(tmp_path):
    """Puzzle 1 solved, saved as the client saves it: its cards are placed by the position,
    not by events."""
    from game.files.resources import PUZZLE_DIR
    from game.play import puzzles as pz
    from game.play import replay as R

    puzzle = pz.load_puzzle(PUZZLE_DIR / "01_through_the_guard.yaml")
    start = puzzle.build()
    attempt = start.clone()
    for cmd in pz.run_solution(puzzle).commands:
        attempt.apply(cmd)
    return R.save_replay(R.record_puzzle(start, attempt, puzzle.name, puzzle.seat, "script", True,
                                         level="normal"), tmp_path)


def test_replay_command_names_a_puzzles_start_cards_and_its_opponent_once(tmp_path, capsys) -> None:
    """Before: "A card attacks a card." and "A card takes 600 damage" for the face-up Thorn
    Sprite of a puzzle's position (told by no event), in everything's view and in Player 1's;
    the header said "Puzzle opponent (script) (normal)" where the screens say
    "Puzzle opponent (script, Normal)"."""
    import main

    path = _puzzle_replay(tmp_path)
    for args in ([], ["--seat", "1"], ["--seat", "2"]):
        assert main.main(["replay", *args, str(path)]) == 0
        out = capsys.readouterr().out
        # the battle's one row (its Health rows, which said it again, are folded: issue 38)
        assert "deals 2,200 to Puzzle opponent (script)'s Thorn Sprite; Thorn Sprite deals 500 back" in out, out
        assert "A card" not in out and "a card" not in out, out
    assert main.main(["replay", str(path)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert "vs Puzzle opponent (script, Normal);" in head and "(script) (" not in head
