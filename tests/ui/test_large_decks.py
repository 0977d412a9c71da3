"""Deck lists read a small header per file (game/decks/library.py `read_deck(header_only=True)`):
a folder of large deck files lists at once, and a large file is read whole only when it is
chosen (duel setup) or opened (the deck builder), through the same reader."""

from __future__ import annotations

import pytest

from game.cards import load_card_set
from game.decks import library
from game.files import fileio, folders
from game.ui.deckbuilder.scene import DeckBuilderScene
from game.ui.setup_scene import DuelSetupScene
from tests.ui.events import settle

POOL = load_card_set()
STARTER = (library.STARTER_DIR / "ember_rush.yaml").read_text("utf-8")
PADDING = "".join(f"# a note the player wrote, line {i}: " + "x" * 60 + "\n" for i in range(500))


def big_illegal(name: str) -> str:
    """About 60 KiB: 1,900 entries (no legal deck has more than 80)."""
    return f"name: {name}\nmain:\n" + "".join(
        f"  - {{card: card_{i:05d}, count: 1}}\n" for i in range(1900))


def large_folder(n: int = 40) -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        (folder / f"big_{i:02d}.yaml").write_text(big_illegal(f"Big {i}"), encoding="utf-8")
    # a legal deck under a long comment: large, yet legal when read whole
    (folder / "noted.yaml").write_text(STARTER.replace("name: Ember Rush", "name: Noted Rush")
                                       + PADDING, encoding="utf-8")


@pytest.fixture
def counted(monkeypatch):
    """Bytes each read takes from disk, by path: the lists must not read a file whole."""
    got: dict[str, int] = {}
    real_prefix, real_bytes = fileio.read_prefix, fileio.read_bytes

    def prefix(path, kind, limit):
        data, size = real_prefix(path, kind, limit)
        got[str(path)] = got.get(str(path), 0) + len(data)
        return data, size

    def whole(path, kind):
        data = real_bytes(path, kind)
        got[str(path)] = got.get(str(path), 0) + len(data)
        return data
    monkeypatch.setattr(library, "read_prefix", prefix)
    monkeypatch.setattr(library, "read_bytes", whole)
    return got


def test_a_folder_of_large_decks_lists_from_headers_only(home, counted) -> None:
    large_folder()
    entries = {e.path.name: e for e in library.list_decks(POOL, starters=False)}
    assert len(entries) == 41
    assert max(counted.values()) <= library.DECK_HEADER_BYTES  # no file read whole
    big = entries["big_07.yaml"]
    assert big.name == "Big 7" and not big.complete and not big.legal and big.deck is None
    assert big.status.startswith("large file (") and "checked when opened" in big.status
    whole = big.full(POOL)  # opened: the same reader, the whole file
    assert whole.complete and whole.deck is not None and len(whole.deck.main) == 1900
    assert whole.status.startswith("not legal: ")
    noted = entries["noted.yaml"].full(POOL)
    assert noted.legal and noted.name == "Noted Rush"
    # a small file is read whole by the list, exactly as when it is opened
    small = library.save_new_deck(library.read_deck(library.STARTER_DIR / "hive_swarm.yaml",
                                                    POOL).deck)
    listed = next(e for e in library.list_decks(POOL, starters=False) if e.path == small)
    assert listed.complete and listed == library.read_deck(small, POOL)
    assert library.resolve_deck("Big 12") == folders.decks_dir() / "big_12.yaml"


def test_a_large_file_over_the_deck_limit_is_refused_by_the_list_as_when_opened(home) -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True)
    path = folder / "huge.yaml"
    path.write_text("name: Huge\n" + "#" * 70_000 + "\n", encoding="utf-8")
    listed = library.read_deck(path, POOL, header_only=True)
    opened = library.read_deck(path, POOL)
    assert listed.malformed and listed.complete and listed.problems == opened.problems


def test_a_header_name_that_is_not_a_valid_name_lists_the_file_name(home) -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True)
    for stem, first in (("nul", 'name: "a\\0b"'), ("list", "name: [1, 2]"), ("none", "x: 1")):
        (folder / f"{stem}.yaml").write_text(first + "\n" + PADDING, encoding="utf-8")
        entry = library.read_deck(folder / f"{stem}.yaml", POOL, header_only=True)
        assert not entry.complete and entry.name == stem


def test_duel_setup_lists_large_decks_and_reads_one_whole_when_chosen(window) -> None:
    large_folder(10)
    scene = DuelSetupScene("hotseat", POOL)
    settle(scene, 3, window)  # draws every row, the large ones included
    k = next(i for i, e in enumerate(scene.entries) if e.path.name == "noted.yaml")
    assert not scene.entries[k].complete
    scene.choose(0, scene.entries[k])
    chosen = scene.chosen[0]
    assert chosen is not None and chosen.complete and chosen.legal
    assert chosen.name == "Noted Rush" and scene.entries[k] is chosen
    big = next(e for e in scene.entries if e.path.name == "big_03.yaml")
    scene.choose(1, big)  # read whole: not legal, said in a toast, not chosen
    assert scene.chosen[1] is not big and scene.chosen[1] is not None
    settle(scene, 2, window)


def test_the_deck_builder_opens_a_large_deck_whole(window) -> None:
    large_folder(3)
    scene = DeckBuilderScene(POOL, open_last=False)
    settle(scene, 3, window)
    options = {o.label: o for o in scene.deck_options()}
    assert options["Noted Rush"].note == "large file" and options["Big 1"].note == "large file"
    scene.open_entry(options["Noted Rush"].value)
    assert scene.path == folders.decks_dir() / "noted.yaml"
    assert len(scene.editor.deck().main) == 40 and scene.editor.name == "Noted Rush"
    settle(scene, 2, window)
