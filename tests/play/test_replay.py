"""Replay files: a recorded duel replays exactly; broken or edited files are refused clearly
and left untouched; the folder keeps the newest replays; `main.py replay` prints the log."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from game.ai.random_player import RandomPlayer
from game.decks.deck import load_deck
from game.engine import Duel, state_hash
from game.files.fileio import MIB
from game.files.resources import STARTER_DECK_DIR
from game.files.yamlio import dump_yaml
from game.play import replay as R
from game.play.replay.store import NAME_RE
from tests.kit import base_pool, rules

REPO = Path(__file__).resolve().parents[2]
WHEN = datetime(2026, 11, 30, 17, 51, 34, tzinfo=timezone.utc)


def _decks():
    return [load_deck(STARTER_DECK_DIR / f"{n}.yaml") for n in ("ember_rush", "veil_control")]


def _played(seed: int = 4, first: int | None = 0, limit: int = 100_000) -> Duel:
    decks = _decks()
    duel = Duel(base_pool(), rules(), [d.spec() for d in decks], seed, first_player=first, auto_pass=False)
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    while not duel.over and len(duel.history) < limit:
        seat = duel.deciding_player
        duel.apply(players[seat].choose(duel.view(seat)))
    return duel


def _record(duel: Duel, when: datetime = WHEN) -> R.Replay:
    decks = _decks()
    return R.record(duel, [d.spec() for d in decks],
                    [R.ReplayPlayer("Player 1", None, decks[0].name),
                     R.ReplayPlayer("AI (Normal)", "normal", decks[1].name)],
                    "versus_ai", duel_number=2, best_of=3, date=when)


@pytest.fixture(scope="module")
def duel() -> Duel:
    return _played()


@pytest.fixture
def saved(duel, tmp_path) -> Path:
    return R.save_replay(_record(duel), tmp_path / "replays")


# ------------------------------------------------------------------ round trip
def test_recorded_duel_replays_to_the_same_final_state(duel, saved) -> None:
    assert duel.over
    back = R.load_replay(saved, base_pool())
    assert back == _record(duel)
    assert saved.name == "2026-11-30_175134_ember-rush_vs_veil-control.yaml"
    run = R.ReplayRun.play(back, base_pool())
    assert run.length == len(duel.history) and not run.stopped and not run.warnings
    assert run.final is not None and state_hash(run.final) == state_hash(duel)
    # every index: the checkpointed duel is the duel replayed from the start
    fresh = back.start(base_pool())
    for i, cmd in enumerate(back.commands[:120]):
        assert state_hash(run.duel_at(i)) == state_hash(fresh)
        fresh.apply(cmd)
    assert back.winner == duel.winner and back.rounds == duel.round
    assert back.players[1].level == "normal" and (back.duel_number, back.best_of) == (2, 3)


def test_a_coin_toss_start_is_recorded_as_such(tmp_path) -> None:
    tossed = _played(seed=9, first=None, limit=60)
    rp = _record(tossed)
    assert rp.first_player is None
    run = R.ReplayRun.play(R.load_replay(R.save_replay(rp, tmp_path), base_pool()), base_pool())
    assert not run.warnings and state_hash(run.final) == state_hash(tossed)


def test_every_command_survives_its_line(duel) -> None:
    seen = set()
    for played in (duel, _played(seed=5), _played(seed=6)):  # enough duels to see each kind
        for cmd in played.history:
            line = R.command_line(cmd)
            assert R.parse_command(line) == cmd
            seen.add(type(cmd).__name__)
    assert {"Summon", "Pass", "Activate", "Attack", "EndTurn", "NextPhase"} <= seen


# ------------------------------------------------------------------ bad files
def _edit(path: Path, change) -> bytes:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(dump_yaml(data))
    return path.read_bytes()


def _set(*keys, value):
    def change(data):
        for k in keys[:-1]:
            data = data[k]
        data[keys[-1]] = value
    return change


EDITS = [
    (_set("replay", value=3), "replay: this game reads formats 1, 2"),
    (_set("date", value="yesterday"), "date: expected a time like"),
    (_set("mode", value="online"), "mode: expected one of hotseat, versus_ai"),
    (_set("result", "winner", value=5), "result.winner: expected 0, 1 or null"),
    (_set("start", "seed", value=-1), "start.seed: expected a whole number from 0"),
    (_set("start", "first_player", value=True), "start.first_player"),
    (_set("start", "rules", "opening_hand", value=10**9), "start.rules: opening_hand: expected at most 60"),
    (_set("start", "decks", 0, "main", 3, value="no_such_card"), "start.decks[0].main[3]: unknown card id"),
    (_set("start", "hash", value="abc"), "start.hash: expected a state hash"),
    (_set("players", 1, "level", value="genius"), "players[1].level: expected null"),
    (_set("players", value=[]), "players: expected a list of two players"),
    (_set("commands", 4, value="Summon player=0 card=x"), "commands[4] (command 5): Summon: card must be a whole number"),
    (_set("commands", 2, value="Pass player=0 colour=red"), "commands[2] (command 3): Pass: unknown field 'colour'"),
    (_set("commands", 2, value="Teleport player=0"), "commands[2] (command 3): unknown command 'Teleport'"),
    (_set("commands", 2, value="Pass"), "commands[2] (command 3): Pass: missing player"),
    (_set("commands", 2, value={"type": "Pass"}), "commands[2] (command 3): expected a line of text"),
    (_set("commands", value="all of them"), "commands: expected a list"),
    (lambda d: d.pop("final_hash"), "replay file: missing final_hash"),
    (_set("surprise", value=1), "replay file: unknown key 'surprise'"),
]


@pytest.mark.parametrize(("change", "expected"), EDITS, ids=[e[1][:30] for e in EDITS])
def test_an_edited_file_is_refused_naming_the_file_and_field(saved, change, expected) -> None:
    before = _edit(saved, change)
    with pytest.raises(R.ReplayError) as err:
        R.load_replay(saved, base_pool())
    message = str(err.value)
    assert message.startswith(f"{saved}: ") and expected in message, message
    assert "\n" not in message
    assert saved.read_bytes() == before  # never rewritten


@pytest.mark.parametrize(("content", "expected"), [
    (b"", "the file is empty"),
    (b"replay: [1, 2\n", "not valid YAML"),
    (b"\xff\xfe\x00garbage", "not a text file (not UTF-8)"),
    (b"- just\n- a list\n", "replay file: expected a mapping"),
    (b"a: &a [*a]\n", "refers to the node that contains it"),
])
def test_a_corrupt_file_is_refused(tmp_path, content, expected) -> None:
    path = tmp_path / "2026-01-01_000000_x_vs_y.yaml"
    path.write_bytes(content)
    with pytest.raises(R.ReplayError) as err:
        R.load_replay(path)
    assert str(err.value).startswith(str(path)) and expected in str(err.value)
    assert path.read_bytes() == content


def test_a_huge_file_is_refused_by_its_size(tmp_path) -> None:
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as fh:
        fh.truncate(4 * MIB + 1)
    with pytest.raises(R.ReplayError, match="a replay may be at most 4 MiB"):
        R.load_replay(path)


def test_a_command_the_engine_refuses_stops_the_replay_there(saved, duel) -> None:
    def change(data):
        data["commands"][10] = "Attack player=0 attacker=999 target=-1"
    _edit(saved, change)
    rp = R.load_replay(saved, base_pool())  # well formed: the engine decides
    run = R.ReplayRun.play(rp, base_pool())
    assert run.length == 10
    assert run.stopped.startswith("command 11 (Attack player=0 attacker=999 target=-1) was refused: ")
    assert state_hash(run.duel_at(10)) == state_hash(run.final)


def test_a_replay_that_ends_differently_says_so(saved) -> None:
    _edit(saved, lambda d: d["commands"].pop())
    run = R.ReplayRun.play(R.load_replay(saved, base_pool()), base_pool())
    assert not run.stopped
    assert any("the end differs from the recording" in w for w in run.warnings)


# ------------------------------------------------------------------ the folder
def test_only_the_newest_replays_are_kept(duel, tmp_path) -> None:
    folder = tmp_path / "replays"
    folder.mkdir()
    for i in range(7):
        when = WHEN - timedelta(days=i + 1)
        (folder / f"{when:%Y-%m-%d_%H%M%S}_old_vs_old.yaml").write_text("old")
    mine = folder / "bug-report-from-alice.yaml"
    mine.write_text("kept")
    os.utime(mine, (0, 0))  # older than everything, but not named by the game
    path = R.save_replay(_record(duel), folder, keep=5)
    left = sorted(p.name for p in folder.iterdir())
    assert path.name in left and mine.name in left
    named = [n for n in left if NAME_RE.match(n)]
    assert len(named) == 5
    assert named[0] == f"{WHEN - timedelta(days=4):%Y-%m-%d_%H%M%S}_old_vs_old.yaml"
    assert R.replay_files(folder)[0] == path and R.replay_files(folder)[-1] == mine


def test_two_duels_in_one_second_get_two_files(duel, tmp_path) -> None:
    a = R.save_replay(_record(duel), tmp_path)
    b = R.save_replay(_record(duel), tmp_path)
    assert a != b and b.name.endswith("-2.yaml") and a.exists() and b.exists()
    assert R.replay_files(tmp_path) == [b, a]  # the later one first


def test_a_save_that_fails_says_why(duel, tmp_path) -> None:
    blocker = tmp_path / "replays"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(R.ReplayError) as err:
        R.save_replay(_record(duel), blocker)
    assert "cannot write the file" in str(err.value)
    assert blocker.read_text() == "a file where the folder should be"


def test_list_shows_broken_files_with_their_problem(saved) -> None:
    bad = saved.parent / "2026-12-01_090000_x_vs_y.yaml"
    bad.write_text("replay: 1\n")
    entries = R.list_replays(base_pool(), saved.parent)
    assert [e.path for e in entries] == [bad, saved]
    assert entries[0].replay is None and entries[0].problem.startswith("replay file: missing")
    assert entries[1].replay is not None and not entries[1].problem


def test_the_default_folder_is_in_the_user_data_folder(tmp_path, monkeypatch, duel) -> None:
    monkeypatch.setenv("PHANTOM_DUEL_HOME", str(tmp_path / "home"))
    path = R.save_replay(_record(duel))
    assert path.parent == tmp_path / "home" / "replays"


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
