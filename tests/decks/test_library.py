"""User data folder, deck listings with problems, atomic saves with backups, settings."""

from __future__ import annotations

import os

import pytest

from game.cards import load_card_set
from game.decks import library
from game.decks.deck import Deck, load_deck
from game.files import fileio, folders

POOL = load_card_set()
LEGAL = Deck("Legal", tuple(sorted([c for c in sorted(POOL) if POOL[c].is_phantom
                                     and not POOL[c].extra][:10] * 3)))

MALFORMED = {  # file name -> (content, words the listed problem contains)
    "not_yaml.yaml": (b"main: [unclosed\n", "line"),
    "a_list.yaml": (b"- ember_imp\n- kindle\n", "expected a mapping"),
    "empty.yaml": (b"", "empty"),
    "bad_entry.yaml": (b"name: Bad\nmain:\n  - {card: ember_imp, count: many}\n", "count"),
    "unknown_key.yaml": (b"name: K\nmian: []\n", "unknown key"),
    "not_utf8.yaml": (b"name: \xff\xfe\n", "UTF-8"),
    "too_big.yaml": (b"#" * (fileio.KINDS["deck"].max_bytes + 1), "at most"),
}
ILLEGAL = {
    "unknown_card.yaml": (b"name: U\nmain:\n  - {card: no_such_card, count: 3}\n", "unknown card"),
    "too_small.yaml": (b"name: Small\nmain:\n  - {card: ember_imp, count: 3}\n", "at least 30"),
}


def test_data_folder_follows_the_env_var(home) -> None:
    assert folders.data_dir() == home
    assert folders.decks_dir() == home / "decks"


def test_starters_are_listed_read_only_and_legal() -> None:
    entries = library.list_decks(POOL)
    starters = [e for e in entries if e.source == "starter"]
    assert {e.name for e in starters} >= {"Ember Rush", "Bastion Wall", "Hive Swarm", "Veil Control"}
    assert all(e.readonly and e.legal and e.status == "legal" for e in starters)


def test_every_malformed_or_illegal_file_is_listed_with_its_problem_and_left_alone() -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True)
    for name, (content, _) in {**MALFORMED, **ILLEGAL}.items():
        (folder / name).write_bytes(content)
    entries = {e.path.name: e for e in library.list_decks(POOL, starters=False)}
    assert set(entries) == set(MALFORMED) | set(ILLEGAL)
    for name, (content, words) in MALFORMED.items():
        e = entries[name]
        assert e.malformed and not e.legal, name
        assert words in " ".join(e.problems), (name, e.problems)
        assert e.status.startswith("cannot be read:"), e.status
        assert (folder / name).read_bytes() == content
    for name, (content, words) in ILLEGAL.items():
        e = entries[name]
        assert not e.malformed and not e.legal and e.deck is not None
        assert words in " ".join(e.problems) and e.status.startswith("not legal:")
        assert (folder / name).read_bytes() == content


def test_a_malformed_deck_keeps_what_can_be_read() -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True)
    path = folder / "half.yaml"
    path.write_text("name: Half\nmain:\n  - {card: ember_imp, count: 2}\n  - {card: kindle, count: x}\n")
    e = library.read_deck(path, POOL)
    assert e.malformed and e.deck is not None
    assert e.deck.name == "Half" and e.deck.main == ("ember_imp", "ember_imp")


def test_save_keeps_a_backup_and_reads_back() -> None:
    path = library.new_deck_path("My Deck")
    assert path.name == "my_deck.yaml"
    library.save_user_deck(LEGAL, path)
    assert load_deck(path) == LEGAL
    changed = Deck("My Deck", LEGAL.main[:-1], ("kindle",))
    library.save_user_deck(changed, path)
    assert load_deck(path) == changed
    backup = path.with_name(path.name + ".bak")
    assert load_deck(backup) == LEGAL
    assert library.new_deck_path("My Deck") == path.with_name("my_deck_2.yaml")
    assert [p.name for p in library.deck_files(path.parent)] == ["my_deck.yaml"]


def test_a_deck_with_too_many_copies_still_saves_readably() -> None:
    path = library.new_deck_path("Over")
    library.save_user_deck(Deck("Over", ("ember_imp",) * 5), path)
    assert load_deck(path).main == ("ember_imp",) * 5


def test_a_failed_save_keeps_the_old_file(monkeypatch) -> None:
    path = library.new_deck_path("Keep")
    library.save_user_deck(LEGAL, path)
    before = path.read_bytes()
    folder = path.parent
    os.chmod(folder, 0o555)
    try:
        if os.access(folder, os.W_OK):  # root ignores the mode: fail the way the OS would
            def refuse(*_a, **_k):
                raise PermissionError(13, "Permission denied")
            monkeypatch.setattr(fileio, "_create_temp", refuse)
        with pytest.raises(fileio.FileError, match="cannot write the file"):
            library.save_user_deck(Deck("Keep", ("kindle",)), path)
    finally:
        os.chmod(folder, 0o755)
    assert path.read_bytes() == before
    assert [p.name for p in folder.iterdir() if p.name.endswith(".tmp")] == []


def test_rename_duplicate_delete() -> None:
    path = library.new_deck_path("First")
    library.save_user_deck(LEGAL, path)
    moved = library.rename_deck_file(path, LEGAL, "Second Name")
    assert moved.name == "second_name.yaml" and not path.exists()
    assert load_deck(moved).name == "Second Name"
    library.delete_deck(moved)
    assert not moved.exists()
    with pytest.raises(fileio.FileError):
        library.delete_deck(library.STARTER_DIR / "ember_rush.yaml")


def test_resolve_by_name_stem_or_path() -> None:
    path = library.new_deck_path("Ember Rush")  # a user deck shadows the starter
    library.save_user_deck(Deck("Ember Rush", LEGAL.main), path)
    assert library.resolve_deck("Ember Rush") == path
    assert library.resolve_deck("veil control") == library.STARTER_DIR / "veil_control.yaml"
    assert library.resolve_deck("hive_swarm") == library.STARTER_DIR / "hive_swarm.yaml"
    assert library.resolve_deck(str(path)) == path
    assert library.resolve_deck("no such deck") is None


def test_settings_round_trip(home) -> None:
    s = folders.load_settings()
    assert s.problem == "" and s.get("duel_setup", "best_of") == 1
    s.set("duel_setup", "best_of", 3)
    assert s.save() is None
    assert folders.load_settings().get("duel_setup", "best_of") == 3


@pytest.mark.parametrize("content", [b"[1, 2", b"- a\n- b\n", b"duel_setup: 5\n",
                                     b"duel_setup: {best_of: three}\n", b"\xff"])
def test_malformed_settings_give_defaults_a_message_and_stay_as_they_were(home, content) -> None:
    home.mkdir(parents=True)
    path = home / "settings.yaml"
    path.write_bytes(content)
    s = folders.load_settings()
    assert s.problem and "left as it is" in s.problem
    assert s.get("duel_setup", "best_of") == 1
    s.set("duel_setup", "best_of", 3)
    assert "not saved" in s.save()
    assert path.read_bytes() == content
