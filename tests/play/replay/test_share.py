"""Sharing replays (issue 19): export copies a good replay into the exports folder under a
name of its own; import copies a good replay from anywhere into the replays folder as
`imported_...` (never pruned); a bad file is refused in one line and nothing is written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.play import replay as R
from game.play.replay.store import prune
from tests.kit import base_pool

CORPUS = Path(__file__).resolve().parents[2] / "replays"
GOOD = CORPUS / "hotseat.yaml"


@pytest.fixture
def folders(tmp_path):
    replays, exports = tmp_path / "replays", tmp_path / "exports"
    replays.mkdir()
    return replays, exports


def test_export_copies_the_file_byte_for_byte_under_its_own_name_never_over_another(folders) -> None:
    replays, exports = folders
    source = replays / "2026-12-01_135617_ember-rush_vs_veil-control.yaml"
    shutil.copyfile(GOOD, source)
    first = R.export_replay(source, exports)
    second = R.export_replay(source, exports)
    assert first == exports / source.name and second == exports / source.name.replace(".yaml", "-2.yaml")
    assert first.read_bytes() == second.read_bytes() == source.read_bytes()
    assert not list(exports.glob(".*"))  # no temp file left


def test_import_copies_a_good_replay_which_is_never_pruned(folders) -> None:
    replays, exports = folders
    exports.mkdir()
    shared = exports / "2026-12-01_135617_ember-rush_vs_veil-control.yaml"
    shutil.copyfile(GOOD, shared)
    made = R.import_replay(shared, base_pool(), replays)
    assert made == replays / f"imported_{shared.name}" and made.read_bytes() == GOOD.read_bytes()
    again = R.import_replay(made, base_pool(), replays)  # its name is kept, a new one taken
    assert again.name == f"imported_{shared.stem}-2.yaml"
    assert prune(replays, keep=0) == [] and made.exists()  # a player's file: never deleted
    assert R.load_replay(made, base_pool()) == R.load_replay(GOOD, base_pool())
    assert R.import_files(exports) == [shared]


@pytest.mark.parametrize(("content", "expected"), [
    (b"", "the file is empty"),
    (b"name: Ember Rush\nmain: [cinder_pup]\n", "replay file: not a replay of Phantom Duel"),
    (b"\xff\xfe not text", "not UTF-8"),
    (None, "events: "),
    (b"replay: 9\n", "replay: this game reads formats 1, 2"),
])
def test_import_refuses_a_bad_file_in_one_line_and_writes_nothing(folders, content, expected) -> None:
    replays, exports = folders
    exports.mkdir()
    bad = exports / "shared.yaml"
    if content is None:  # a replay whose events were damaged in transit
        text = GOOD.read_text("utf-8")
        start = text.index("\nevents: ") + len("\nevents: ")
        bad.write_text(text[:start] + "AAAA" + text[start + 4:], "utf-8")
    else:
        bad.write_bytes(content)
    before = bad.read_bytes()
    with pytest.raises(R.ReplayError) as err:
        R.import_replay(bad, base_pool(), replays)
    message = str(err.value)
    assert message.startswith(f"{bad}: ") and expected in message and "\n" not in message, message
    assert list(replays.iterdir()) == [] and bad.read_bytes() == before


def test_import_of_a_missing_file_or_a_folder_is_one_line(folders) -> None:
    replays, exports = folders
    for path in (exports / "nothing.yaml", replays):
        with pytest.raises(R.ReplayError) as err:
            R.import_replay(path, base_pool(), replays)
        assert str(err.value).startswith(f"{path}: ") and "\n" not in str(err.value)
    assert list(replays.iterdir()) == []


def test_export_refuses_a_broken_replay_and_a_folder_it_cannot_write(folders) -> None:
    replays, exports = folders
    broken = replays / "broken.yaml"
    broken.write_text("replay: 2\n")
    with pytest.raises(R.ReplayError) as err:
        R.export_replay(broken, exports)
    assert str(err.value).startswith(f"{broken}: replay file: missing ") and not exports.exists()
    good = replays / "good.yaml"
    shutil.copyfile(GOOD, good)
    exports.write_text("a file where the folder goes")
    with pytest.raises(R.ReplayError) as err:
        R.export_replay(good, exports)
    assert "\n" not in str(err.value) and exports.read_text() == "a file where the folder goes"
