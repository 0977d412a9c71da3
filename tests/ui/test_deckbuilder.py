"""The deck builder driven by real pygame events, headless: drag, click, keys, files."""

from __future__ import annotations

import os

import pygame
import pytest

from game.cards import load_card_set
from game.decks import library
from game.decks.deck import load_deck
from game.files import fileio, folders
from game.ui import clipboard, duel_hook
from game.ui.deckbuilder import layout as L
from game.ui.deckbuilder.scene import DeckBuilderScene
from game.ui.deckbuilder.testhand import TestHandPanel
from game.ui.scene import Pop, Quit, Replace
from game.ui.setup_scene import DuelSetupScene
from game.ui.widgets import Dialog
from game.ui.widgets.dropdown import ROW_H
from tests.ui.events import click, down, drag, feed, key, motion, settle, text, up, wheel

POOL = load_card_set()
MAIN_PHANTOMS = sorted((c for c in POOL.values() if c.is_phantom and not c.extra),
                       key=lambda c: c.name)[:10]
CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def scene(window):
    s = DeckBuilderScene(POOL, open_last=False)
    settle(s, 5, window)
    return s


def search(scene, query: str) -> None:
    """Click the search box, clear it, and type `query`."""
    feed(scene, *click(L.SEARCH.center))
    while scene.search.value:
        feed(scene, key(pygame.K_BACKSPACE))
    feed(scene, text(query))


def first_cell(scene) -> tuple[int, int]:
    return scene.grid.screen_rect(0).center


def drag_to_main(scene, name: str, times: int = 1) -> None:
    search(scene, name)
    assert scene.results[0].name == name
    for _ in range(times):
        feed(scene, *drag(first_cell(scene), L.MAIN.center))


def type_in_dialog(scene, value: str) -> None:
    field = scene.modal.field
    while field.value:
        feed(scene, key(pygame.K_BACKSPACE))
    feed(scene, text(value), key(pygame.K_RETURN))


def menu_row(dropdown, index: int) -> tuple[int, int]:
    r = dropdown.list_rect()
    return r.x + 20, r.y + 3 + (index - dropdown.top) * ROW_H + ROW_H // 2


def choose(scene, dropdown, value) -> None:
    """Open a dropdown with a click and click the row holding `value`."""
    feed(scene, *click(dropdown.rect.center))
    assert dropdown.open
    index = next(i for i, o in enumerate(dropdown.options) if o.value == value)
    while index >= dropdown.top + 10:
        feed(scene, key(pygame.K_DOWN))
        dropdown.highlight = index
    feed(scene, *click(menu_row(dropdown, index)))


# ------------------------------------------------------------------ building
def test_build_a_legal_deck_by_dragging_save_reopen_and_find_it_in_setup(scene, window,
                                                                           monkeypatch) -> None:
    for cdef in MAIN_PHANTOMS:
        drag_to_main(scene, cdef.name, times=3)
    assert scene.editor.size("main") == 30
    assert scene.editor.legal and scene.problems == []

    feed(scene, *drag(first_cell(scene), L.MAIN.center))  # a fourth copy
    assert scene.editor.count(MAIN_PHANTOMS[-1].id) == 3
    assert scene.toast.kind == "error" and "at most 3" in scene.toast.message
    scene.draw(window)

    feed(scene, *click(scene.buttons["save"].rect.center))  # a new deck asks for a name
    assert isinstance(scene.modal, Dialog) and scene.modal.field is not None
    type_in_dialog(scene, "Dragged Deck")
    assert scene.modal is None and not scene.editor.dirty
    path = folders.decks_dir() / "dragged_deck.yaml"
    assert load_deck(path) == scene.editor.deck()

    again = DeckBuilderScene(POOL)  # remembers and reopens the last deck
    assert again.path == path and again.editor.deck() == scene.editor.deck()

    setup = DuelSetupScene("hotseat", POOL)
    names = [e.name for e in setup.entries]
    assert "Dragged Deck" in names
    i = names.index("Dragged Deck")
    setup.lists[0].scroll_to(setup.lists[0].cell(i).y, smooth=False)
    feed(setup, *click(setup.lists[0].screen_rect(i).center))
    assert setup.chosen[0].path == path
    started = feed(setup, *click(setup.start.rect.center))  # the real duel screen opens
    assert len(started) == 1 and type(started[0].scene).__name__ == "DuelScene"
    made = []
    monkeypatch.setattr(duel_hook, "start_duel", lambda s: made.append(s) or "DUEL")
    assert feed(setup, *click(setup.start.rect.center)) == [Replace("DUEL")]
    assert made[0].decks[0] == scene.editor.deck() and made[0].mode == "hotseat"


def test_drag_between_lists_and_out_to_remove(scene) -> None:
    drag_to_main(scene, "Ember Imp", times=2)
    row = scene.lists["main"].screen_rect(0).center
    feed(scene, *drag(row, L.SIDE.center))
    assert (scene.editor.count("ember_imp", "main"), scene.editor.count("ember_imp", "side")) == (1, 1)
    side_row = scene.lists["side"].screen_rect(0).center
    feed(scene, *drag(side_row, L.GRID.center))  # out of the lists: one copy fewer
    assert scene.editor.count("ember_imp") == 1
    feed(scene, *drag(scene.lists["main"].screen_rect(0).center, L.EXTRA.center))
    assert "not an Extra Deck Phantom" in scene.toast.message
    assert scene.editor.count("ember_imp", "main") == 1


def test_extra_deck_phantoms_and_live_refusal_while_dragging(scene, window) -> None:
    extra = next(c for c in POOL.values() if c.extra)
    search(scene, extra.name)
    start = first_cell(scene)
    feed(scene, motion(start), down(start), motion((start[0] + 20, start[1])),
         motion(L.MAIN.center, buttons=(1, 0, 0)))
    assert scene.drag is not None and scene.drag.active
    assert "Extra Deck Phantom" in scene.drop_verdict("main")
    assert scene.drop_verdict("extra") is None
    scene.draw(window)  # the refusal is drawn beside the pointer
    feed(scene, up(L.MAIN.center))
    assert scene.editor.count(extra.id) == 0 and "Extra Deck" in scene.toast.message
    feed(scene, *drag(first_cell(scene), L.EXTRA.center))
    assert scene.editor.count(extra.id, "extra") == 1


def test_clicks_and_keys_edit_too(scene) -> None:
    search(scene, "Ember Imp")
    cell = first_cell(scene)
    feed(scene, *click(cell), *click(cell))  # double-click: Main
    assert scene.editor.count("ember_imp", "main") == 1
    feed(scene, *click(cell, button=3))  # right-click: Side
    assert scene.editor.count("ember_imp", "side") == 1
    assert scene.group.focus is scene.grid
    feed(scene, key(pygame.K_RETURN))
    assert scene.editor.count("ember_imp", "main") == 2
    feed(scene, key(pygame.K_RETURN, SHIFT))
    assert "at most 3" in scene.toast.message
    feed(scene, key(pygame.K_DELETE))
    assert scene.editor.count("ember_imp") == 2
    feed(scene, key(pygame.K_z, CTRL))
    assert scene.editor.count("ember_imp") == 3
    feed(scene, key(pygame.K_y, CTRL))
    assert scene.editor.count("ember_imp") == 2
    # rows: hover shows +/- buttons; keys act on the selected row
    view = scene.lists["main"]
    row = view.screen_rect(0)
    feed(scene, motion(row.center))
    feed(scene, *click((row.right - 15, row.centery)))  # "+"
    assert scene.editor.count("ember_imp", "main") == 2
    feed(scene, key(pygame.K_s))  # move the selected row's card to Side
    assert (scene.editor.count("ember_imp", "main"), scene.editor.count("ember_imp", "side")) == (1, 2)
    feed(scene, key(pygame.K_DELETE))
    assert scene.editor.count("ember_imp", "main") == 0


def test_search_box_typing_filters_and_paste(scene, window) -> None:
    feed(scene, text("t"))  # typing anywhere goes to the search box
    assert scene.group.focus is scene.search and scene.search.value == "t"
    feed(scene, key(pygame.K_BACKSPACE), text("type:counter"))
    assert scene.results and all(c.type.value == "counter" for c in scene.results)
    feed(scene, text(" -speed:2"))
    assert all(not any(ab.speed == 2 for _, ab in c.activatable) for c in scene.results)
    search(scene, "")
    clipboard.put_text("family:ember extra")
    feed(scene, key(pygame.K_v, CTRL))
    assert scene.search.value == "family:ember extra"
    assert scene.results and all(c.extra and "ember" in c.tags for c in scene.results)
    search(scene, "colour:red")
    assert scene.query.problems and len(scene.results) == len(POOL)
    scene.draw(window)
    search(scene, "level>=4 atk>1500")
    assert all(c.level >= 4 and c.atk > 1500 for c in scene.results)
    feed(scene, *click(scene.sort_menu.rect.center), *click(menu_row(scene.sort_menu, 2)))
    assert scene.sort == "atk"
    atks = [c.atk for c in scene.results]
    assert atks == sorted(atks, reverse=True)


def test_grid_scrolls_with_wheel_and_scrollbar(scene, window) -> None:
    feed(scene, motion(L.GRID.center), wheel(-2))
    settle(scene, 60)
    assert scene.grid.offset > 0
    thumb = scene.grid.thumb()
    feed(scene, down(thumb.center), motion((thumb.centerx, L.GRID.bottom - 5), buttons=(1, 0, 0)),
         up((thumb.centerx, L.GRID.bottom - 5)))
    assert scene.grid.offset == scene.grid.max_offset
    last = len(scene.results) - 1
    assert L.GRID.contains(scene.grid.screen_rect(last).clip(L.GRID)) and \
        scene.grid.screen_rect(last).bottom <= L.GRID.bottom + 2


def test_test_hand(scene) -> None:
    for cdef in MAIN_PHANTOMS[:3]:
        drag_to_main(scene, cdef.name, times=3)
    feed(scene, *click(scene.hand_button.rect.center))
    assert isinstance(scene.modal, TestHandPanel)
    assert len(scene.modal.hand.hand) == 5
    feed(scene, key(pygame.K_SPACE))
    assert len(scene.modal.hand.hand) == 6 and scene.modal.hand.left == 3
    feed(scene, key(pygame.K_n))
    assert len(scene.modal.hand.hand) == 5
    feed(scene, key(pygame.K_ESCAPE))
    assert scene.modal is None


# --------------------------------------------------------------------- files
def starter(scene, name: str = "Ember Rush") -> None:
    choose(scene, scene.open_menu, next(o.value for o in scene.open_menu.options
                                        if o.label == name))


def test_starter_opens_read_only_and_save_asks_for_a_new_name(scene) -> None:
    scene.refresh_open_menu()
    starter(scene)
    assert scene.readonly and scene.editor.name == "Ember Rush"
    before = (library.STARTER_DIR / "ember_rush.yaml").read_bytes()
    feed(scene, key(pygame.K_s, CTRL))
    assert scene.modal is not None and scene.modal.field.value == "My Ember Rush"
    feed(scene, key(pygame.K_RETURN))
    assert (library.STARTER_DIR / "ember_rush.yaml").read_bytes() == before
    assert load_deck(folders.decks_dir() / "my_ember_rush.yaml").main == \
        load_deck(library.STARTER_DIR / "ember_rush.yaml").main
    assert not scene.readonly


@pytest.mark.parametrize("fmt", ["copy_text", "copy_yaml"])
def test_export_import_round_trip_through_the_clipboard(scene, fmt) -> None:
    scene.refresh_open_menu()
    starter(scene)
    original = scene.editor.deck()
    choose(scene, scene.export_menu, fmt)
    assert "Copied" in scene.toast.message
    feed(scene, *click(scene.buttons["new"].rect.center))
    assert scene.editor.size("main") == 0
    choose(scene, scene.import_menu, "clipboard")
    got = scene.editor.deck()
    assert got.name == original.name
    for lname in ("main", "side", "extra"):
        assert sorted(getattr(got, lname)) == sorted(getattr(original, lname))
    assert scene.path is None and scene.editor.dirty  # an import is not a file yet


def test_import_reports_bad_lines_with_numbers(scene) -> None:
    clipboard.put_text("3 Ember Imp\n2 Embr Imp\nSide:\nbanana bread x 0\n")
    choose(scene, scene.import_menu, "clipboard")
    assert scene.editor.count("ember_imp", "main") == 3
    assert isinstance(scene.modal, Dialog)
    details = " | ".join(scene.modal.details)
    assert "line 2: unknown card 'Embr Imp' (did you mean Ember Imp?)" in details
    assert "line 4:" in details


def test_export_and_import_files(scene, home, tmp_path) -> None:
    scene.refresh_open_menu()
    starter(scene, "Hive Swarm")
    original = scene.editor.deck()
    for fmt, suffix in (("file_text", ".txt"), ("file_yaml", ".yaml")):
        choose(scene, scene.export_menu, fmt)
        target = tmp_path / f"out{suffix}"
        type_in_dialog(scene, str(target))
        assert target.is_file(), fmt
        feed(scene, *click(scene.buttons["new"].rect.center))
        if scene.modal is not None:  # the last import was not saved: discard it
            assert scene.modal.title == "Unsaved changes"
            feed(scene, *click(scene.modal.buttons[1].rect.center))
        choose(scene, scene.import_menu, "file")
        type_in_dialog(scene, str(target))
        assert sorted(scene.editor.deck().main) == sorted(original.main), fmt
        assert scene.modal is None


def test_malformed_files_are_listed_open_and_stay_as_they_were(scene, window) -> None:
    folder = folders.decks_dir()
    folder.mkdir(parents=True)
    files = {
        "broken.yaml": b"name: Broken\nmain: [unclosed\n",
        "wrong.yaml": b"name: Wrong\nmain:\n  - {card: ember_imp, count: 2}\n  - {card: kindle, count: lots}\n",
        "unknown.yaml": b"name: Unknown cards\nmain:\n  - {card: no_such_card, count: 3}\n",
        "listy.yaml": b"- a\n- b\n",
    }
    for name, content in files.items():
        (folder / name).write_bytes(content)
    scene.refresh_open_menu()
    notes = {o.value.path.name: o.note for o in scene.open_menu.options if not o.value.readonly}
    assert notes == {"broken.yaml": "broken", "wrong.yaml": "broken",
                     "unknown.yaml": "not legal", "listy.yaml": "broken"}
    for name in files:
        entry = next(o.value for o in scene.open_menu.options if o.value.path.name == name)
        choose(scene, scene.open_menu, entry)
        scene.draw(window)
        if entry.malformed:
            assert isinstance(scene.modal, Dialog) and scene.modal.details
            feed(scene, key(pygame.K_RETURN))
        assert scene.modal is None
        assert scene.problems or scene.file_problems  # every problem is on screen
    for name, content in files.items():
        assert (folder / name).read_bytes() == content
    wrong = library.read_deck(folder / "wrong.yaml", POOL)
    assert wrong.deck.main == ("ember_imp", "ember_imp")  # what could be read opens

    setup = DuelSetupScene("versus_ai", POOL)
    bad = [i for i, e in enumerate(setup.entries) if not e.legal]
    assert len(bad) == 4
    i = bad[0]
    before = setup.chosen[0]
    setup.lists[0].scroll_to(setup.lists[0].cell(i).y, smooth=False)
    feed(setup, *click(setup.lists[0].screen_rect(i).center))
    assert setup.chosen[0] is before and "cannot be used" in setup.toast.message


def test_a_failed_save_keeps_the_old_file(scene, monkeypatch) -> None:
    path = library.new_deck_path("Mine")
    deck = load_deck(library.STARTER_DIR / "veil_control.yaml")
    library.save_user_deck(deck, path)
    before = path.read_bytes()
    scene.load_editor(deck, path, False)
    drag_to_main(scene, MAIN_PHANTOMS[0].name)
    os.chmod(path.parent, 0o555)
    try:
        if os.access(path.parent, os.W_OK):  # running as root: fail as the OS would
            def refuse(*_a, **_k):
                raise PermissionError(13, "Permission denied")
            monkeypatch.setattr(fileio, "_create_temp", refuse)
        feed(scene, *click(scene.buttons["save"].rect.center))
    finally:
        os.chmod(path.parent, 0o755)
    assert isinstance(scene.modal, Dialog) and "not saved" in scene.modal.title
    assert path.read_bytes() == before and scene.editor.dirty


def test_leaving_or_quitting_with_unsaved_changes_asks(scene) -> None:
    assert feed(scene, key(pygame.K_ESCAPE)) == [Pop()]  # nothing to lose: just leaves
    drag_to_main(scene, "Ember Imp")
    feed(scene, *click(L.GRID.center))
    assert feed(scene, key(pygame.K_ESCAPE)) == []
    assert isinstance(scene.modal, Dialog) and scene.modal.title == "Unsaved changes"
    assert feed(scene, *click(scene.modal.buttons[2].rect.center)) == []  # Cancel
    assert scene.modal is None and scene.editor.dirty
    assert scene.allow_quit() is False and scene.modal is not None
    assert feed(scene, *click(scene.modal.buttons[1].rect.center)) == [Quit()]  # Discard


def test_undo_redo_buttons_and_rename_duplicate_delete(scene, home) -> None:
    drag_to_main(scene, "Ember Imp")
    feed(scene, *click(scene.buttons["undo"].rect.center))
    assert scene.editor.size("main") == 0
    feed(scene, *click(scene.buttons["redo"].rect.center))
    assert scene.editor.size("main") == 1
    feed(scene, key(pygame.K_s, CTRL))
    type_in_dialog(scene, "Alpha")
    first = scene.path
    choose(scene, scene.deck_menu, "rename")
    type_in_dialog(scene, "Beta")
    assert scene.path.name == "beta.yaml" and not first.exists()
    assert load_deck(scene.path).name == "Beta"
    choose(scene, scene.deck_menu, "duplicate")
    assert scene.editor.name == "Beta copy" and scene.path.is_file()
    copy = scene.path
    choose(scene, scene.deck_menu, "delete")
    assert "Delete" in scene.modal.title
    feed(scene, *click(scene.modal.buttons[0].rect.center))
    assert not copy.exists() and (folders.decks_dir() / "beta.yaml").exists()


def test_import_refuses_a_main_deck_phantom_in_the_extra_deck_and_problems_show_names(scene) -> None:
    """Issue 22 edge 6: the import refuses what a drag refuses; no internal id on screen."""
    clipboard.put_text("3 Ember Imp\nExtra:\n2 Ember Imp\n")
    choose(scene, scene.import_menu, "clipboard")
    assert scene.editor.count("ember_imp", "main") == 3 and scene.editor.size("extra") == 0
    assert isinstance(scene.modal, Dialog)
    assert "line 3: Ember Imp is not an Extra Deck Phantom" in " | ".join(scene.modal.details)
    from game.decks.deck import Deck

    scene.modal = None
    scene.load_editor(Deck("Odd", ("ember_imp",) * 4, (), ("iron_hound",)), None, False)
    scene.update(1 / 60)
    shown = " ".join(scene.problem_view.items)
    assert "Ember Imp: 4 copies" in shown and "Iron Hound: only Extra Deck Phantoms" in shown, shown
    assert "(ember_imp)" not in shown and "(iron_hound)" not in shown


def test_undo_and_redo_name_what_they_changed_and_say_when_there_is_nothing(scene) -> None:
    """Issue 22 edge 24."""
    search(scene, "Ember Imp")
    cell = first_cell(scene)
    feed(scene, *click(cell), *click(cell))  # double-click: one Ember Imp to Main
    feed(scene, key(pygame.K_z, CTRL))
    assert scene.toast.message == "Undone: Ember Imp -1 in the Main Deck"
    feed(scene, key(pygame.K_y, CTRL))
    assert scene.toast.message == "Redone: Ember Imp +1 in the Main Deck"
    feed(scene, key(pygame.K_y, CTRL))
    assert scene.toast.visible and scene.toast.message == "Nothing to redo"


def test_a_long_refusal_stays_inside_the_browser_pane(scene, window) -> None:
    """Issue 22 edge 7: the toast ran past the left edge and over the pane divider."""
    scene.toast.show("A very long refusal that names a card, a list and a rule: " * 4, "error")
    box = scene.toast.box()
    assert L.BROWSER.contains(box), (box, L.BROWSER)
    scene.draw(window)


def test_no_tooltip_peeks_from_behind_the_test_hand(scene, window) -> None:
    """Issue 22 edge 25."""
    from tests.ui.drawn import SpySurface, named_text

    for cdef in MAIN_PHANTOMS[:3]:
        drag_to_main(scene, cdef.name, times=3)
    at = scene.hand_button.rect.center
    feed(scene, motion(at))
    for _ in range(40):
        scene.update(1 / 60)
    tip = scene.hand_button.tooltip
    surface = SpySurface((1280, 720))
    with named_text(surface):
        scene.draw(surface)
    assert any(s == tip for s, _ in surface.placed)  # hovered long enough: the tip shows
    feed(scene, *click(at))
    assert isinstance(scene.modal, TestHandPanel)
    for _ in range(40):
        scene.update(1 / 60)
    surface = SpySurface((1280, 720))
    with named_text(surface):
        scene.draw(surface)
    assert not any(s == tip for s, _ in surface.placed)


def test_import_from_a_file_lists_the_exports_folder_and_picks_by_keys(scene) -> None:
    """Issue 22 edge 5: no typed path needed for a file in the exports folder."""
    import os

    folder = folders.exports_dir()
    folder.mkdir(parents=True)
    (folder / "older.txt").write_text("Name: Older\n3 Ember Imp\n", encoding="utf-8")
    (folder / "newer.txt").write_text("Name: Newer\n2 Kindle\n", encoding="utf-8")
    (folder / "notes.md").write_text("not a deck", encoding="utf-8")
    os.utime(folder / "older.txt", (1_000_000, 1_000_000))
    choose(scene, scene.import_menu, "file")
    dialog = scene.modal
    assert isinstance(dialog, Dialog) and dialog.details == ["newer.txt", "older.txt"]
    assert dialog.field.value == str(folder / "newer.txt") and dialog.field.selection == (0, len(dialog.field.value))
    feed(scene, key(pygame.K_DOWN))
    assert dialog.field.value == str(folder / "older.txt")
    feed(scene, key(pygame.K_RETURN))
    assert scene.modal is None and scene.editor.deck().name == "Older"
    assert scene.editor.count("ember_imp", "main") == 3


@pytest.mark.parametrize("answer", ["Keep mine", "Load theirs", "Save mine as a copy"])
def test_a_deck_file_changed_on_disk_is_not_overwritten_without_asking(scene, answer) -> None:
    """The deck's file is changed by someone else (another window, an editor) while it is
    open here: Ctrl+S asks first, and each answer keeps what it says."""
    path = library.new_deck_path("Shared")
    deck = load_deck(library.STARTER_DIR / "veil_control.yaml")
    deck = type(deck)("Shared", deck.main, deck.side, deck.extra)
    library.save_user_deck(deck, path)
    scene.load_editor(deck, path, False)
    drag_to_main(scene, MAIN_PHANTOMS[0].name)  # my change
    mine = scene.editor.deck()
    theirs = type(deck)("Shared", deck.main[:-1], deck.side, deck.extra)
    library.save_user_deck(theirs, path)  # the outside edit
    on_disk = path.read_bytes()
    feed(scene, key(pygame.K_s, CTRL))
    assert isinstance(scene.modal, Dialog) and scene.modal.title == "The deck changed on disk"
    assert path.read_bytes() == on_disk  # nothing written while it asks
    labels = [b.label for b in scene.modal.buttons]
    feed(scene, *click(scene.modal.buttons[labels.index(answer)].rect.center))
    assert scene.modal is None
    if answer == "Keep mine":
        assert load_deck(path).main == mine.main and not scene.editor.dirty
        assert path.with_name(path.name + ".bak").read_bytes() == on_disk  # theirs kept aside
    elif answer == "Load theirs":
        assert path.read_bytes() == on_disk and scene.editor.deck().main == theirs.main
        assert not scene.editor.dirty
    else:
        assert path.read_bytes() == on_disk and scene.path != path
        assert load_deck(scene.path).main == mine.main
        assert load_deck(scene.path).name == "Shared (mine)" and not scene.editor.dirty
    # what is on disk now is what this screen knows: the next save asks nothing
    drag_to_main(scene, MAIN_PHANTOMS[1].name)
    feed(scene, key(pygame.K_s, CTRL))
    assert scene.modal is None and not scene.editor.dirty


def test_import_dialog_rows_take_the_mouse(scene, window) -> None:
    """The Import dialog's file list: hover lights a row, a click picks it, the wheel scrolls,
    a click on the picked row imports it (issue 38, item 17)."""
    exports = folders.exports_dir()
    exports.mkdir(parents=True)
    names = [f"deck{i:02d}.txt" for i in range(14)]
    for i, name in enumerate(names):
        (exports / name).write_text("3 Ember Imp\n", encoding="utf-8")
        os.utime(exports / name, (1000 + i, 1000 + i))  # newest last: deck13 first in the list
    choose(scene, scene.import_menu, "file")
    dialog = scene.modal
    assert isinstance(dialog, Dialog) and dialog.pick is not None
    assert dialog.detail_lines[0] == "deck13.txt" and dialog.pick_rows < len(names)
    assert dialog.detail_box.collidelist([b.rect for b in dialog.buttons]) == -1
    assert dialog.rect.contains(dialog.detail_box)
    second = dialog.pick_rect(1)
    feed(scene, motion(second.center))
    assert dialog.pick_hover == 1
    feed(scene, *click(second.center))
    assert dialog.field.value.endswith("deck12.txt") and scene.modal is dialog
    feed(scene, motion(dialog.detail_box.center), wheel(-3))
    assert dialog.pick_top == 3
    assert dialog.pick_hover == dialog.pick_at(dialog.detail_box.center)  # hover follows the scroll
    last = len(names) - 1
    feed(scene, wheel(-20))
    assert dialog.pick_rect(last) is not None and dialog.pick_rect(0) is None
    feed(scene, *click(dialog.pick_rect(last).center))
    assert dialog.field.value.endswith("deck00.txt")
    feed(scene, key(pygame.K_UP))  # the keys still step, and the picked row stays in view
    assert dialog.field.value.endswith("deck01.txt") and dialog.pick_rect(last - 1) is not None
    feed(scene, *click(dialog.pick_rect(last - 1).center))  # the picked row again: import
    assert scene.modal is None or scene.modal.title == "Unsaved changes"
    if scene.modal is not None:
        feed(scene, *click(scene.modal.buttons[1].rect.center))
    assert sorted(scene.editor.deck().main) == ["ember_imp"] * 3
