"""Import and export on the Replays screen through real key and mouse events (issue 19):
E exports the selected replay into the exports folder; I lists the exports folder, a bad
file is refused in one line, a good one joins the list selected; O takes a typed path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from game.ui.replays.import_scene import ImportScene
from game.ui.replays.list_scene import ReplaysScene
from game.ui.scene import Pop, Push
from tests.kit import base_pool
from tests.ui.events import click, feed, key, text

GOOD = Path(__file__).resolve().parents[1] / "replays" / "hotseat.yaml"
NAME = "2026-12-01_135617_ember-rush_vs_veil-control.yaml"


def _scene(home: Path) -> ReplaysScene:
    (home / "replays").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(GOOD, home / "replays" / NAME)
    scene = ReplaysScene(base_pool(), threaded=False)
    scene.wait_loaded()
    return scene


def test_export_writes_the_selected_replay_to_the_exports_folder(window, home) -> None:
    scene = _scene(home)
    feed(scene, key(pygame.K_e))
    made = home / "exports" / NAME
    assert made.read_bytes() == GOOD.read_bytes()
    assert scene.toast.kind == "ok" and scene.toast.message == f"Exported to {made}"
    feed(scene, *click(scene.export_button.rect.center))  # the button: a name of its own
    assert (home / "exports" / NAME.replace(".yaml", "-2.yaml")).read_bytes() == GOOD.read_bytes()
    scene.draw(window)


def test_a_replay_that_cannot_be_read_is_not_exported(window, home) -> None:
    (home / "replays").mkdir(parents=True)
    (home / "replays" / "broken.yaml").write_text("replay: 2\n")
    scene = ReplaysScene(base_pool(), threaded=False)
    scene.wait_loaded()
    assert not scene.export_button.enabled
    feed(scene, key(pygame.K_e))
    assert scene.toast.kind == "error" and not (home / "exports").exists()


def test_import_lists_the_exports_folder_refuses_a_bad_file_and_takes_a_good_one(window, home) -> None:
    scene = _scene(home)
    exports = home / "exports"
    exports.mkdir()
    shared = exports / "from_alice.yaml"
    shutil.copyfile(GOOD, shared)
    deck = exports / "ember_rush.yaml"
    deck.write_text("name: Ember Rush\nmain: [cinder_pup]\n")
    got = feed(scene, key(pygame.K_i))
    assert isinstance(got[0], Push) and isinstance(got[0].scene, ImportScene)
    picker = got[0].scene
    picker.draw(window)
    assert {e.path for e in picker.entries} == {shared, deck}
    bad = [e.path for e in picker.entries].index(deck)
    feed(picker, key(pygame.K_HOME), *[key(pygame.K_DOWN)] * bad)
    assert picker.list.selected_item.path == deck
    assert feed(picker, key(pygame.K_RETURN)) == []  # refused: the picker stays
    assert picker.toast.kind == "error"
    assert picker.toast.message.startswith(f"Not imported: {deck}: replay file: not a replay")
    assert sorted(p.name for p in (home / "replays").iterdir()) == [NAME]
    picker.draw(window)
    feed(picker, key(pygame.K_HOME), *[key(pygame.K_DOWN)] * (1 - bad))
    assert feed(picker, key(pygame.K_RETURN)) == [Pop()]
    made = home / "replays" / "imported_from_alice.yaml"
    assert made.read_bytes() == GOOD.read_bytes()
    scene.wait_loaded()
    scene.update(1 / 60)
    assert scene.list.selected_item.path == made and scene.list.selected_item.replay is not None
    assert scene.toast.message == "Imported imported_from_alice.yaml"
    scene.draw(window)


def test_import_takes_a_typed_path_and_says_why_a_bad_one_is_refused(window, home, tmp_path) -> None:
    scene = _scene(home)
    elsewhere = tmp_path / "mail" / "duel.yaml"
    elsewhere.parent.mkdir()
    shutil.copyfile(GOOD, elsewhere)
    picker = feed(scene, key(pygame.K_i))[0].scene
    feed(picker, key(pygame.K_o))
    assert picker.dialog is not None
    feed(picker, key(pygame.K_ESCAPE), text(str(tmp_path / "mail" / "nothing.yaml")),
         key(pygame.K_RETURN))
    assert picker.dialog is not None and picker.dialog.error.startswith("Not imported: ")
    assert "\n" not in picker.dialog.error
    picker.draw(window)
    got = feed(picker, key(pygame.K_ESCAPE), text(str(elsewhere)), key(pygame.K_RETURN))
    assert (home / "replays" / "imported_duel.yaml").read_bytes() == GOOD.read_bytes()
    assert got == [Pop()] and picker.dialog is None
