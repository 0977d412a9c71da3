"""Duel setup (mouse and keys, remembered choices, the start hook) and the headless commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cards import load_card_set
from game.decks import library
from game.play.duel_setup import DuelSetup
from game.ui import duel_hook
from game.ui.menu import MenuScene
from game.ui.scene import Pop, Push, Replace
from game.ui.setup_scene import DuelSetupScene
from tests.ui.events import click, feed, key, settle

POOL = load_card_set()
REPO = Path(__file__).resolve().parents[2]


def test_menu_opens_setup_and_deck_builder(window) -> None:
    menu = MenuScene()
    menu.draw(window)
    rects = menu.button_rects()
    labels = [item.label for item in menu.items]
    for label, kind in (("Hotseat duel", "DuelSetupScene"), ("Versus AI", "DuelSetupScene"),
                        ("Deck builder", "DeckBuilderScene"), ("Settings", "SettingsScene")):
        got = feed(menu, *click(rects[labels.index(label)].center))
        assert len(got) == 1 and isinstance(got[0], Push)
        assert type(got[0].scene).__name__ == kind


def test_setup_by_keyboard_remembers_choices_and_builds_a_duel_setup(window, monkeypatch) -> None:
    scene = DuelSetupScene("versus_ai", POOL)
    settle(scene, 5, window)
    assert [o.value for o in scene.ai_level.options] == ["random", "easy", "normal", "hard"]
    assert scene.ai_level.value == "normal"  # the first time: Normal, not the testing level
    assert all(o.enabled for o in scene.ai_level.options)  # every level plays
    scene.ai_level.selected = 2  # Normal
    assert scene.chosen[0] is not None and scene.chosen[1] is not None
    # keyboard: the first list has focus; Down then Enter picks the second deck
    feed(scene, key(pygame.K_DOWN), key(pygame.K_RETURN))
    mine = scene.entries[1]
    assert scene.chosen[0] is mine
    scene.group.set_focus(scene.best_of)
    feed(scene, key(pygame.K_RIGHT))  # the cycler: Best of 3
    scene.group.set_focus(scene.first)
    feed(scene, key(pygame.K_RIGHT), key(pygame.K_RIGHT))  # "The AI"
    scene.group.set_focus(scene.ai_level)
    feed(scene, key(pygame.K_RIGHT))  # Normal -> Hard
    seen = []
    monkeypatch.setattr(duel_hook, "start_duel", lambda s: seen.append(s) or None)
    scene.group.set_focus(scene.start)
    feed(scene, key(pygame.K_RETURN))
    setup = seen[0]
    assert isinstance(setup, DuelSetup)
    assert (setup.mode, setup.best_of, setup.first, setup.ai_level) == ("versus_ai", 3, 1, "hard")
    assert setup.deck_paths[0] == mine.path and setup.decks[0] == mine.deck
    assert "coming" in scene.toast.message
    again = DuelSetupScene("versus_ai", POOL)  # remembered in settings.yaml
    assert again.chosen[0].path == mine.path
    assert again.best_of.value == 3 and again.first.value == "p2"
    assert again.ai_level.value == "hard"
    assert feed(again, key(pygame.K_ESCAPE)) == [Pop()]


def test_malformed_settings_are_reported_and_left_alone(window, home) -> None:
    from game.ui.deckbuilder.scene import DeckBuilderScene

    home.mkdir(parents=True)
    (home / "settings.yaml").write_bytes(b"duel_setup: [oops\n")
    for scene in (DuelSetupScene("hotseat", POOL), DeckBuilderScene(POOL)):
        assert scene.toast.visible and "settings.yaml" in scene.toast.message
        assert "left as it is" in scene.toast.message
    scene = DuelSetupScene("hotseat", POOL)
    feed(scene, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert (home / "settings.yaml").read_bytes() == b"duel_setup: [oops\n"


def test_setup_start_replaces_itself_with_the_duel(window, monkeypatch) -> None:
    scene = DuelSetupScene("hotseat", POOL)
    monkeypatch.setattr(duel_hook, "start_duel", lambda s: "duel scene")
    assert feed(scene, *click(scene.start.rect.center)) == [Replace("duel scene")]


def test_setup_with_no_legal_deck_cannot_start(window, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(library, "STARTER_DIR", tmp_path / "none")
    monkeypatch.setattr(library, "list_decks",
                        lambda pool, starters=True, starter_dir=None: [])
    scene = DuelSetupScene("hotseat", POOL)
    assert not scene.start.enabled and scene.setup() is None
    scene.start_duel()
    assert "legal deck" in scene.toast.message


def run_main(*args, home: Path, timeout: int = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PHANTOM_DUEL_HOME": str(home)}
    return subprocess.run([sys.executable, str(REPO / "main.py"), *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("scene,extra,size", [
    ("menu", [], (1280, 720)),
    ("deckbuilder", ["--deck", "Ember Rush", "--type", "type:phantom"], (1280, 720)),
    ("setup", ["--mode", "versus_ai", "--window", "800x600"], (800, 600)),
])
def test_snapshot_command(tmp_path, home, scene, extra, size) -> None:
    out = tmp_path / f"{scene}.png"
    proc = run_main("snapshot", scene, "--out", str(out), "--frames", "3", *extra, home=home)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == size


def test_snapshot_refuses_unknown_scenes_and_decks(tmp_path, home) -> None:
    proc = run_main("snapshot", "nowhere", "--out", str(tmp_path / "x.png"), home=home)
    assert proc.returncode == 2 and "unknown scene" in proc.stderr
    proc = run_main("snapshot", "deckbuilder", "--deck", "No Such Deck", "--out",
                    str(tmp_path / "x.png"), home=home)
    assert proc.returncode == 2 and "no deck called" in proc.stderr


def test_simulate_takes_deck_names(home) -> None:
    deck = library.read_deck(library.STARTER_DIR / "hive_swarm.yaml", POOL).deck
    mine = type(deck)("My Swarm", deck.main, deck.side, deck.extra)
    library.save_user_deck(mine, library.new_deck_path("My Swarm"))
    proc = run_main("simulate", "--decks", "Ember Rush", "My Swarm", "--games", "2", "--json",
                    home=home)
    assert proc.returncode == 0, proc.stderr
    report = json.dumps(json.loads(proc.stdout))
    assert "Ember Rush" in report and "My Swarm" in report


def test_setup_rows_say_what_each_starter_deck_plays(window) -> None:
    """Opened from the menu by a real click: every starter deck's row shows its one-line
    description (from the deck's file) between its name and its state, whole, in its row."""
    from game.decks.deck import MAX_DESCRIPTION
    from game.ui import text as txt
    from tests.ui.drawn import drawn_text

    menu = MenuScene()
    menu.draw(window)
    labels = [item.label for item in menu.items]
    got = feed(menu, *click(menu.button_rects()[labels.index("Hotseat duel")].center))
    scene = got[0].scene
    starters = [e for e in scene.entries if e.readonly]
    assert len(starters) == 4
    for scale in (100, 130):
        txt.set_scale(scale)
        try:
            scene = DuelSetupScene("hotseat", POOL)
            settle(scene, 2, window)
            with drawn_text() as seen:
                scene.draw(window)
        finally:
            txt.set_scale(100)
        where = {s: rect for s, rect in seen}
        for entry in starters:
            about = entry.deck.description
            assert about and len(about) <= MAX_DESCRIPTION and about.isprintable()
            assert about in where, (scale, entry.name)  # whole, not cut
            row = next(rect for s, rect in seen if s == entry.name)
            assert where[about].top >= row.bottom - 2  # under the name, inside the column
            assert scene.lists[0].rect.contains(where[about]) or scene.lists[1].rect.contains(where[about])
    by_name = {e.name: e.deck.description for e in starters}
    assert by_name["Ember Rush"].startswith("Aggro") and by_name["Veil Control"].startswith("Control")


def test_help_says_no_command_opens_the_window(home) -> None:
    proc = run_main("--help", home=home)
    assert proc.returncode == 0, proc.stderr
    text = " ".join(proc.stdout.split())
    assert "With no COMMAND it opens the game's window" in text
    assert "every COMMAND runs without a window (headless)" in text
    assert "commands (none: open the window)" in text


def test_simulate_card_tables_name_the_cards(home) -> None:
    proc = run_main("simulate", "--decks", "Ember Rush", "Veil Control", "--games", "2",
                    "--jobs", "1", "--no-progress", home=home)
    assert proc.returncode == 0, proc.stderr
    tables = proc.stdout[proc.stdout.index("Most played cards"):].splitlines()
    rows = [line for line in tables if line.startswith("  ")]
    assert rows and not any(word in POOL for line in rows for word in line.split())
    names = {card.name for card in POOL.values()}
    assert all(any(line.strip().startswith(name) for name in names) for line in rows), rows
