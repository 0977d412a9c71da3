"""The replay file: a recorded duel reads back exactly (and replays to the same end), every
command survives its line, and a broken or edited file is refused clearly, left untouched."""

from __future__ import annotations

import pytest

from game.engine import state_hash
from game.files.fileio import MIB
from game.play import replay as R
from tests.kit import base_pool
from tests.play.replay.recorded import edit_saved, play_duel, record_duel


# ------------------------------------------------------------------ round trip
def test_recorded_duel_replays_to_the_same_final_state(duel, saved) -> None:
    assert duel.over
    back = R.load_replay(saved, base_pool())
    assert back == record_duel(duel)
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
    tossed = play_duel(seed=9, first=None, limit=60)
    rp = record_duel(tossed)
    assert rp.first_player is None
    run = R.ReplayRun.play(R.load_replay(R.save_replay(rp, tmp_path), base_pool()), base_pool())
    assert not run.warnings and state_hash(run.final) == state_hash(tossed)


def test_every_command_survives_its_line(duel) -> None:
    seen = set()
    for played in (duel, play_duel(seed=5), play_duel(seed=6)):  # enough duels to see each kind
        for cmd in played.history:
            line = R.command_line(cmd)
            assert R.parse_command(line) == cmd
            seen.add(type(cmd).__name__)
    assert {"Summon", "Pass", "Activate", "Attack", "EndTurn", "NextPhase"} <= seen


# ------------------------------------------------------------------ bad files

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
    before = edit_saved(saved, change)
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


