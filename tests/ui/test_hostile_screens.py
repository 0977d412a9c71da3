"""Screens over hostile player files: a name holding a NUL, a remembered path the OS
refuses, a menu entry whose scene fails. Each is shown or said, never a crash."""

from __future__ import annotations

import pygame

from game.cards import load_card_set
from game.files import folders
from game.ui.deckbuilder.scene import DeckBuilderScene
from game.ui.menu import MenuScene
from game.ui.setup_scene import DuelSetupScene
from tests.ui.events import settle

POOL = load_card_set()
NUL_DECKS = {
    # malformed (count 9): listed with what could be read, its name salvaged
    "nul_broken.yaml": 'name: "Bad\\0Name"\nmain: [{card: stone_sentry, count: 9}]\n',
    # a deck of legal shape whose name is refused at read (not printable)
    "nul_shape.yaml": 'name: "Nul\\0Deck"\nmain: [{card: stone_sentry, count: 3}]\n',
    "tab.yaml": 'name: "Tab\\tand\\u0007bell"\nmain: []\n',
}


def _write_decks(home) -> None:
    folder = home / "decks"
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in NUL_DECKS.items():
        (folder / name).write_text(text, encoding="utf-8")


def test_duel_setup_lists_decks_whose_names_hold_a_nul(window, home) -> None:
    _write_decks(home)
    for mode in ("hotseat", "versus_ai"):
        scene = DuelSetupScene(mode, POOL)
        settle(scene, 5, window)
        shown = [e.name for e in scene.entries]
        assert all(name.isprintable() for name in shown)


def test_deck_builder_opens_and_lists_decks_whose_names_hold_a_nul(window, home) -> None:
    _write_decks(home)
    for name in NUL_DECKS:
        scene = DeckBuilderScene(POOL, 5, open_path=home / "decks" / name)
        settle(scene, 3, window)
        assert scene.editor.name.isprintable()
    scene = DeckBuilderScene(POOL, 5, open_last=False)
    assert all(o.label.isprintable() for o in scene.deck_options())


def test_the_font_renders_a_nul_instead_of_raising(window) -> None:
    from game.ui import fonts

    surf = fonts.font(16).render("a\x00b", True, (255, 255, 255))
    assert surf.get_width() > 0 and fonts.font(16).size("a\x00b")[0] > 0


def test_deck_builder_with_a_remembered_path_too_long_for_the_os(window, home) -> None:
    settings = folders.load_settings()
    for last in ("/tmp/" + "x" * 300 + ".yaml", "/" + "y" * 300 + "/deck.yaml",
                 "nul\x00.yaml"):
        settings.set("deck_builder", "last_deck", last)
        scene = DeckBuilderScene(POOL, 5, settings=settings)
        settle(scene, 3, window)
        assert scene.path is None  # a new deck, and the setting is left as it was


def test_a_menu_entry_whose_scene_fails_is_a_notice(window, home, monkeypatch) -> None:
    from game.ui import routes

    def broken() -> None:
        raise OSError(36, "File name too long")
    monkeypatch.setattr(routes, "deck_builder", broken)
    menu = MenuScene()
    labels = [item.label for item in menu.items]
    assert menu.activate(labels.index("Deck builder")) is None
    assert menu.notice.startswith("Deck builder: ")
    menu.draw(window)


def test_continue_is_offered_for_a_suspended_duel_that_is_a_folder_and_says_why(
        window, home) -> None:
    from game.play import suspend
    from game.ui.duel.resume import ResumeProblem

    suspend.path().mkdir(parents=True)
    menu = MenuScene()
    assert [i.label for i in menu.items][:2] == ["How to play", "Continue"]
    got = menu.activate(1)
    assert isinstance(got.scene, ResumeProblem)
    got.scene.draw(window)
    assert pygame.display.get_surface() is not None
