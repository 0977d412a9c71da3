"""game.files.fileio and game.files.yamlio: the one reading path and the one writing path.

Reading: size limit before parsing, UTF-8 errors with their byte offset, duplicate keys,
nesting and alias expansion bounded, never a stray exception. Writing: temp file + replace,
mode kept, symlinks written through, read-only refused, no folder left behind on failure,
one clear message, the old file intact.
"""

from __future__ import annotations

import os
import stat
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from game.decks.deck import Deck, load_deck, save_deck
from game.files import yamlio
from game.files.fileio import (
    KINDS,
    FileError,
    atomic_write_bytes,
    atomic_write_text,
    load_yaml_file,
    read_bytes,
    read_prefix,
    read_text,
    size_text,
)
from game.files.yamlio import MAX_DEPTH, YamlLimitError, brief, dump_yaml, load_yaml

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes and FIFOs")


def alias_bomb(levels: int = 9, width: int = 9, under: str = "main") -> str:
    """The 'billion laughs' in YAML: each level repeats the one before `width` times."""
    lines = ["name: Bomb", f"{under}:", "  - &a0 [" + ", ".join(["stone_sentry"] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"  - &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- YAML


def test_duplicate_keys_are_refused_naming_the_key_and_both_lines():
    with pytest.raises(yaml.YAMLError) as info:
        load_yaml("name: A\nmain: []\nname: B\n")
    assert info.value.problem == "duplicate key 'name' (first on line 1)"
    assert info.value.problem_mark.line == 2


def test_duplicate_keys_are_refused_at_any_depth_but_a_merge_may_be_overridden():
    with pytest.raises(yaml.YAMLError, match="duplicate key 'card'"):
        load_yaml("main:\n  - {card: a, count: 1, card: b}\n")
    assert load_yaml("base: &b {x: 1, y: 2}\nc: {<<: *b, x: 5}\n")["c"] == {"x": 5, "y": 2}


@pytest.fixture
def composed(monkeypatch) -> Counter:
    """How many nodes the YAML loader composes (an alias counts once, not as its expansion).
    The work a limit saves is shown by this count, not by a clock (timings: bench_files.py)."""
    count: Counter = Counter()
    compose = yamlio._BoundedComposer.compose_node

    def counting(self, parent, index):
        count["nodes"] += 1
        return compose(self, parent, index)

    monkeypatch.setattr(yamlio._BoundedComposer, "compose_node", counting)
    return count


def test_an_alias_bomb_is_refused_at_once(composed):
    with pytest.raises(YamlLimitError, match="more than 100000 values") as info:
        load_yaml(alias_bomb())  # 387 million values once expanded
    assert composed["nodes"] < 100  # refused from the few nodes it is written with
    assert info.value.problem_mark.line < 10
    small = load_yaml(alias_bomb(levels=2, width=3))  # a few aliases are fine
    assert small["main"][1] == [["stone_sentry"] * 3] * 3


def test_an_alias_loop_and_deep_nesting_are_refused(composed, tmp_path):
    """Refused before the text is built, whichever layer refuses: the project's own limits
    (alias loop, MAX_DEPTH) or the YAML library's (a newer libyaml caps flow nesting itself,
    in its own words). The project's outcome is what is pinned: a YAML error near the start
    of the text, and for a file one line naming it, no traceback, the file untouched."""
    with pytest.raises(yaml.YAMLError):
        load_yaml("a: &a [1, *a]\n")
    for text, nodes in (("[" * 100_000 + "]" * 100_000, MAX_DEPTH + 1),
                        ("- " * 100_000 + "x", MAX_DEPTH + 1),
                        ("a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 20 + "*a" + "]" * 20,
                         2 * MAX_DEPTH)):
        composed.clear()
        with pytest.raises(yaml.YAMLError) as info:
            load_yaml(text)
        # refused as soon as it is seen: never more nodes than the limit lets through, and
        # (by the mark) within the first 5,000 characters of a 200,000-character text
        assert composed["nodes"] <= nodes
        mark = getattr(info.value, "problem_mark", None)
        assert mark is None or mark.index < 5_000
        path = tmp_path / "deep.yaml"
        path.write_text("name: D\nmain: " + text.replace("\n", " ") + "\n")
        before = path.read_bytes()
        with pytest.raises(FileError) as refused:
            load_yaml_file(path, "deck")
        message = str(refused.value)
        assert message.startswith(f"{path}: ") and "\n" not in message
        assert "Traceback" not in message and path.read_bytes() == before


def test_the_project_names_its_own_limits_when_it_is_the_one_refusing():
    """Where the project's limit is the first to trip, it says so in its own words."""
    with pytest.raises(YamlLimitError, match="refers to the node that contains it"):
        load_yaml("a: &a [1, *a]\n")
    with pytest.raises(YamlLimitError, match=f"nested more than {MAX_DEPTH} levels"):
        load_yaml("- " * (MAX_DEPTH + 5) + "x")  # block nesting: no library caps it this low


@pytest.mark.parametrize("text", [
    "count: " + "9" * 5000,
    "day: 2001-02-30",
    "!!python/object/apply:os.getcwd []",
    "a: \x00",
    "--- 1\n--- 2\n",
    "a: *nowhere",
])
def test_values_that_cannot_be_built_are_yaml_errors(text):
    with pytest.raises(yaml.YAMLError) as info:
        load_yaml(text)
    problem = yamlio.yaml_problem(info.value)  # the one line a player sees
    assert problem.startswith("not valid YAML: ") and "\n" not in problem


@pytest.mark.parametrize("text", ["count: " + "9" * 5000, "day: 2001-02-30"])
def test_a_value_too_big_or_impossible_is_the_projects_refusal(text):
    with pytest.raises(yaml.YAMLError, match="cannot read this value"):
        load_yaml(text)


def test_dump_yaml_writes_no_aliases_so_the_loader_reads_its_own_files_back():
    shared = ["stone_sentry"] * 3
    text = dump_yaml({"name": "Ärger", "main": shared, "side": shared})
    assert "&" not in text and "*" not in text and "Ärger" in text
    assert load_yaml(text) == {"name": "Ärger", "main": shared, "side": shared}


def test_brief_is_short_whatever_the_value():
    assert brief(list(range(10**6))).startswith("[0, 1, 2, 3, ...")
    assert len(brief("x" * 10**6)) <= 60
    assert brief(10**100) == "a huge number"
    assert brief(True) == "true" and brief(None) == "nothing (null)"


# ---------------------------------------------------------------------------- reading


def test_every_kind_has_a_documented_limit():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "files.md").read_text()
    for kind in KINDS.values():
        assert size_text(kind.max_bytes) in docs, kind
        assert f"{kind.max_nodes:,}" in docs, kind


def test_the_size_limit_is_checked_before_reading(tmp_path, monkeypatch):
    big = tmp_path / "big.yaml"
    with big.open("wb") as fh:  # a sparse 16 MB file: costs nothing to make or to refuse
        fh.truncate(16 * 1024 * 1024)
    reads: list[int] = []
    real_read = os.read

    def counting_read(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    with monkeypatch.context() as m, pytest.raises(FileError) as info:
        m.setattr(os, "read", counting_read)
        read_text(big, "deck")
    assert reads == []  # refused from its size alone: not a byte was read
    assert str(info.value) == (f"{big}: the file is 16777216 bytes; a deck file may be at most "
                               "64 KiB (see docs/files.md)")


def test_invalid_utf8_is_reported_with_its_byte_offset(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes("name: Café\nmain: [stone_sentry]\n# \xff\n".encode("latin-1"))
    with pytest.raises(FileError) as info:
        read_text(path, "deck")
    assert str(info.value) == (f"{path}: not a text file (not UTF-8): byte 0xe9 at byte offset "
                               "9 (line 1)")


def test_a_byte_order_mark_is_fine(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: X\n")
    assert load_yaml_file(path, "deck") == {"name": "X"}


@posix_only
def test_a_fifo_a_device_and_a_folder_are_refused_without_waiting(tmp_path):
    fifo = tmp_path / "deck.yaml"
    os.mkfifo(fifo)
    for path, needle in ((fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                         (tmp_path, "is a folder")):
        with pytest.raises(FileError, match=needle):
            read_text(path, "deck")


@posix_only
def test_the_whole_file_and_a_header_read_refuse_the_same_names_the_same_way(tmp_path):
    """read_bytes and read_prefix share one open-and-check: the same line for each."""
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path, tmp_path / "nope.yaml", tmp_path / ("x" * 300),
                 f"{tmp_path}/a\0b.yaml"):
        with pytest.raises(FileError) as whole:
            read_bytes(path, "deck")
        with pytest.raises(FileError) as header:
            read_prefix(path, "deck", 100)
        assert str(whole.value) == str(header.value) and "cannot read the file" in str(whole.value)


def test_a_header_read_takes_the_start_and_tells_the_size(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_bytes(b"0123456789" * 10_000)  # 100,000 bytes: over a deck's limit
    assert read_prefix(path, "deck", 25) == (b"0123456789012345678901234", 100_000)
    assert read_prefix(path, "replay", 10**6) == (path.read_bytes(), 100_000)
    small = tmp_path / "s.yaml"
    small.write_bytes(b"name: X\n")
    assert read_prefix(small, "deck", 100) == (b"name: X\n", 8)
    assert read_bytes(small, "deck") == b"name: X\n"
    with pytest.raises(FileError, match="the file is 100000 bytes"):
        read_bytes(path, "deck")


def test_a_file_that_grows_past_its_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "g.yaml"
    path.write_bytes(b"x" * 10)
    real_fstat = os.fstat

    def small_fstat(fd):  # the size seen at open: 10 bytes; then it grew
        st = real_fstat(fd)
        return os.stat_result((*st[:6], 10, *st[7:]))

    path.write_bytes(b"x" * (64 * 1024 + 5))
    monkeypatch.setattr(os, "fstat", small_fstat)
    with pytest.raises(FileError, match="the file is 65537 bytes"):
        read_bytes(path, "deck")


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(FileError, match="cannot read the file: no such file"):
        read_text(tmp_path / "nope.yaml", "deck")
    with pytest.raises(ValueError, match="unknown file kind"):
        read_text(tmp_path / "nope.yaml", "spreadsheet")


def test_yaml_limits_are_per_kind_and_name_the_kind(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text(alias_bomb(levels=5, width=9), encoding="utf-8")  # 66,000 values
    with pytest.raises(FileError) as info:
        load_yaml_file(path, "deck")
    assert "more than 10000 values" in str(info.value)
    assert "the limit for a deck file" in str(info.value)
    assert load_yaml_file(path, "cards")["name"] == "Bomb"  # within a card file's budget


# ---------------------------------------------------------------------------- writing


@posix_only
def test_a_new_file_gets_the_usual_mode_and_an_old_one_keeps_its_mode(tmp_path):
    path = tmp_path / "deck.yaml"
    umask = os.umask(0o022)
    try:
        atomic_write_text(path, "a\n")
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        atomic_write_text(path, "b\n")
        assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_text() == "b\n"
    finally:
        os.umask(umask)


@posix_only
def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "real.yaml"
    real.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    atomic_write_text(link, "new\n")
    assert link.is_symlink() and real.read_text() == "new\n"


@posix_only
def test_a_read_only_target_is_refused_and_kept(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("old\n")
    path.chmod(0o444)
    with pytest.raises(FileError) as info:
        atomic_write_text(path, "new\n")
    assert str(info.value) == f"{path}: cannot write the file: it is read-only (the old file " \
                              "is unchanged)"
    assert path.read_text() == "old\n" and sorted(os.listdir(tmp_path)) == ["deck.yaml"]


def test_a_failed_write_creates_no_folder_and_leaves_no_temp_file(tmp_path, monkeypatch):
    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    target = tmp_path / "a" / "b" / "deck.yaml"
    with pytest.raises(FileError) as info:
        atomic_write_bytes(target, b"data")
    assert str(info.value) == f"{target}: cannot write the file: no space left on the disk"
    assert os.listdir(tmp_path) == []


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "deck.yaml"
    path.write_bytes(b"old")
    real_fsync = os.fsync

    def failing_fsync(fd):
        real_fsync(fd)
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(FileError, match="input/output error; the old file is unchanged"):
        atomic_write_bytes(path, b"new" * 1000)
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["deck.yaml"]


def test_writing_onto_a_folder_or_under_a_file_is_one_clear_message(tmp_path):
    (tmp_path / "deck.yaml").mkdir()
    with pytest.raises(FileError, match="is a folder, not a file"):
        atomic_write_text(tmp_path / "deck.yaml", "x")
    (tmp_path / "plain").write_text("x")
    with pytest.raises(FileError, match="cannot write the file"):
        atomic_write_text(tmp_path / "plain" / "deck.yaml", "x")


def test_missing_folders_are_created_when_the_write_succeeds(tmp_path):
    atomic_write_text(tmp_path / "a" / "b" / "deck.yaml", "x")
    assert (tmp_path / "a" / "b" / "deck.yaml").read_text() == "x"


# ---------------------------------------------------------------------------- save_deck


def a_deck(name: str = "Mine") -> Deck:
    return Deck(name, ("stone_sentry",) * 3 + ("iron_hound",) * 3)


@posix_only
def test_save_deck_keeps_mode_writes_through_links_and_refuses_read_only(tmp_path):
    path = tmp_path / "deck.yaml"
    save_deck(a_deck("One"), path)
    path.chmod(0o644)
    save_deck(a_deck("Two"), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644 and load_deck(path).name == "Two"
    link = tmp_path / "link.yaml"
    link.symlink_to(path)
    save_deck(a_deck("Three"), link)
    assert link.is_symlink() and load_deck(path).name == "Three"
    path.chmod(0o444)
    with pytest.raises(FileError, match="read-only"):
        save_deck(a_deck("Four"), link)
    assert load_deck(path).name == "Three"


def test_save_deck_failure_is_a_file_error_and_creates_no_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(PermissionError(13, "x")))
    with pytest.raises(FileError, match="cannot write the file: permission denied"):
        save_deck(a_deck(), tmp_path / "new" / "deck.yaml")
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------------------- screenshot


def test_screenshot_is_written_atomically(tmp_path, monkeypatch):
    pygame = pytest.importorskip("pygame")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import main

    surface = pygame.Surface((8, 8))
    target = tmp_path / "shot.png"
    target.write_bytes(b"old picture")
    assert main.save_png(surface, str(target)) == 0
    assert target.read_bytes().startswith(b"\x89PNG")

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    target.write_bytes(b"old picture")
    assert main.save_png(surface, str(target)) == 1
    assert target.read_bytes() == b"old picture"  # not truncated, not half-written
    assert os.listdir(tmp_path) == ["shot.png"]
