"""The settings screen, driven by real mouse and key events: every row saved and read back
where it matters, keyboard and hover, reset with a question, an unreadable file left alone
until the player changes something, fullscreen through the app shell, Esc back."""

from __future__ import annotations

import pygame
import pytest

from game.files import folders
from game.files.resources import STARTER_DECK_DIR
from game.play.duel_setup import DuelSetup
from game.ui import loaded, routes, snapshots
from game.ui.app import FULLSCREEN_REQUEST, App
from game.ui.duel.flow import MatchFlow
from game.ui.duel.prefs import apply_prefs, load_prefs
from game.ui.duel.seats import Responses
from game.ui.scene import Pop
from game.ui.settings_scene import ROWS, SettingsScene
from tests.ui.duel_kit import duel_scene
from tests.ui.events import click, feed, key, motion

WANT = {"speed": "slow", "ai_pause_ms": 0, "responses_0": "never", "responses_1": "always",
        "glow": False, "log_size": "large"}


def _click_choice(scene: SettingsScene, key_name: str, value) -> None:
    row = scene.row(key_name)
    i = next(k for k, c in enumerate(row.spec.choices) if c.value == value)
    feed(scene, *click(row.segments()[i].center))


def test_route_and_snapshot_name(window) -> None:
    assert isinstance(routes.settings(), SettingsScene)
    assert "settings" in snapshots.SNAPSHOT_SCENES


@pytest.mark.parametrize("key_name", list(WANT))
def test_each_duel_setting_is_saved_and_read_back(window, key_name) -> None:
    scene = SettingsScene()
    scene.draw(window)
    _click_choice(scene, key_name, WANT[key_name])
    assert scene.row(key_name).value == WANT[key_name]
    saved = folders.load_settings()
    assert saved.problem == "" and saved.get("duel", key_name) == WANT[key_name]
    prefs = load_prefs(saved)  # what the duel screen reads when a duel starts
    read = {"speed": prefs["speed"], "ai_pause_ms": round(prefs["ai_pause"] * 1000),
            "responses_0": prefs["responses"][0].value, "responses_1": prefs["responses"][1].value,
            "glow": prefs["glow"], "log_size": prefs["log_size"]}
    assert read[key_name] == WANT[key_name]
    assert scene.toast.message == "Saved"


def test_all_settings_reach_a_started_duel(window) -> None:
    scene = SettingsScene()
    for name, value in WANT.items():
        _click_choice(scene, name, value)
    paths = (STARTER_DECK_DIR / "ember_rush.yaml", STARTER_DECK_DIR / "veil_control.yaml")
    from game.decks.deck import load_deck

    setup = DuelSetup("hotseat", paths, (load_deck(paths[0]), load_deck(paths[1])), best_of=1,
                      first=0)
    flow = MatchFlow(setup, loaded.card_pool(), seed=3, settings=folders.load_settings(),
                     threaded=False)
    duel = flow.first_scene()
    assert duel.speed == "slow" and duel.ai_pause == 0.0 and duel.glow is False
    assert duel.session.responses == [Responses.NEVER, Responses.ALWAYS]
    assert duel.log.px == 17


def test_keyboard_moves_and_changes_and_hover_lights(window) -> None:
    scene = SettingsScene()
    assert scene.group.focus is scene.rows[0]
    feed(scene, key(pygame.K_RIGHT))  # Animation speed: Normal -> Fast
    assert folders.load_settings().get("duel", "speed") == "fast"
    feed(scene, key(pygame.K_DOWN), key(pygame.K_LEFT))  # Computer's pause: 0.6 -> 0.3
    assert scene.group.focus is scene.row("ai_pause_ms")
    assert folders.load_settings().get("duel", "ai_pause_ms") == 300
    feed(scene, key(pygame.K_LEFT), key(pygame.K_LEFT))  # stops at the first choice
    assert folders.load_settings().get("duel", "ai_pause_ms") == 0
    feed(scene, key(pygame.K_RETURN))  # Enter steps on
    assert folders.load_settings().get("duel", "ai_pause_ms") == 300
    feed(scene, key(pygame.K_UP))
    assert scene.group.focus is scene.rows[0]
    # hover: the row and the choice under the pointer light up
    row = scene.row("glow")
    scene.update(0.5)
    scene.draw(window)
    before = window.copy()
    feed(scene, motion(row.segments()[1].center))
    assert row.hovered and row.hover_choice == 1
    scene.update(0.5)
    scene.draw(window)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(window, "RGB")
    # sliding off a choice before letting go changes nothing
    seg = row.segments()[1]
    feed(scene, motion(seg.center), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=seg.center, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(seg.x - 300, seg.centery), button=1))
    assert row.value is True


def test_esc_and_back_leave(window) -> None:
    scene = SettingsScene()
    assert feed(scene, key(pygame.K_ESCAPE)) == [Pop()]
    scene = SettingsScene()
    assert feed(scene, *click(scene.back.rect.center)) == [Pop()]


def test_reset_to_defaults_asks_first(window) -> None:
    scene = SettingsScene()
    for name, value in WANT.items():
        _click_choice(scene, name, value)
    feed(scene, *click(scene.reset.rect.center))
    assert scene.dialog is not None
    feed(scene, key(pygame.K_RETURN))  # the default answer of a destructive question: Cancel
    assert scene.dialog is None and folders.load_settings().get("duel", "speed") == "slow"
    feed(scene, *click(scene.reset.rect.center))
    assert scene.dialog is not None
    feed(scene, *click(scene.dialog.buttons[0].rect.center))  # Reset
    assert scene.dialog is None
    saved = folders.load_settings()
    for spec in ROWS:
        assert saved.get(spec.section, spec.key) == folders.DEFAULTS[spec.section][spec.key]
    assert scene.row("speed").value == "normal" and scene.row("glow").value is True


def test_other_screens_settings_survive_a_change_here(window) -> None:
    other = folders.load_settings()  # the duel setup screen, open at the same time
    scene = SettingsScene()
    other.set("duel_setup", "best_of", 3)
    assert other.save() is None
    _click_choice(scene, "speed", "fast")
    saved = folders.load_settings()
    assert saved.get("duel_setup", "best_of") == 3 and saved.get("duel", "speed") == "fast"
    other.set("duel_setup", "first", "p2")  # and the other way round
    assert other.save() is None
    assert folders.load_settings().get("duel", "speed") == "fast"


@pytest.mark.parametrize("content", [b"duel: [1, 2\n", b"duel: {speed: 5}\n", b"\xff\xfe"])
def test_unreadable_file_is_shown_and_left_until_a_change(window, home, content) -> None:
    home.mkdir(parents=True)
    path = home / "settings.yaml"
    path.write_bytes(content)
    scene = SettingsScene()
    assert scene.problem_lines and "cannot be read" in scene.problem_lines[0]
    assert scene.row("speed").value == "normal"  # the defaults are shown
    feed(scene, key(pygame.K_DOWN), key(pygame.K_UP), *click(scene.reset.rect.center))
    feed(scene, key(pygame.K_ESCAPE))  # a question asked and declined changes nothing
    for _ in range(5):
        scene.update(0.1)
        scene.draw(window)
    assert path.read_bytes() == content
    _click_choice(scene, "log_size", "large")  # the player changes something: replaced
    assert "replaced" in scene.toast.message and scene.toast.kind == "warn"
    assert not scene.problem_lines
    assert (home / "settings.yaml.bak").read_bytes() == content
    saved = folders.load_settings()
    assert saved.problem == "" and saved.get("duel", "log_size") == "large"
    scene.draw(window)


def test_fullscreen_goes_through_the_app_shell_and_follows_f11(window) -> None:
    app = App((1280, 720))
    stack = [SettingsScene()]
    scene = stack[0]
    pygame.event.clear()
    _click_choice(scene, "fullscreen", True)
    requests = pygame.event.get(FULLSCREEN_REQUEST)
    assert [e.on for e in requests] == [True]
    app.dispatch(stack, requests[0])
    assert app.fullscreen and folders.load_settings().get("display", "fullscreen") is True
    scene.update(1 / 60)
    assert scene.row("fullscreen").value is True
    app.dispatch(stack, key(pygame.K_F11))  # F11 on this screen: the row follows it
    assert not app.fullscreen
    scene.update(1 / 60)
    assert scene.row("fullscreen").value is False
    assert folders.load_settings().get("display", "fullscreen") is False


def test_duel_screen_reads_glow_log_size_and_ai_pause(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False), first=0)
    for _ in range(5):
        scene.update(1 / 60)
    assert scene.can_act() and scene.lights().playable  # glowing by default
    settings = folders.load_settings()
    settings.set("duel", "glow", False)
    settings.set("duel", "log_size", "large")
    rows_before = len(scene.log.rows)
    apply_prefs(scene, load_prefs(settings))
    assert not scene.lights().playable
    assert scene.log.px == 17 and len(scene.log.rows) >= rows_before
    scene.draw(window)


@pytest.mark.parametrize("pause", [0.0, 0.3, 0.6])
def test_computer_pause_waits_real_time_without_blocking(window, pause) -> None:
    scene = duel_scene(seed=5, humans=(False, True), speed="fast", first=0)
    scene.ai_pause = pause
    worker = scene.session.workers[0]
    for _ in range(300):  # the opening animations play first
        if worker.thinking or scene.session.history:
            break
        scene.update(1 / 60)
    frames = 0
    while not scene.session.history and frames < 200:
        scene.update(1 / 60)  # every frame returns at once: the wait is a countdown
        frames += 1
    assert scene.session.history
    waited = (frames + 1) / 60  # the frame it started thinking counted too
    assert pause - 1e-9 <= waited <= pause + 0.05


def test_settings_opened_over_a_running_duel_change_it_at_once(window) -> None:
    duel = duel_scene(seed=6, humans=(True, False), first=0, speed="normal")
    settings = folders.load_settings()
    scene = SettingsScene(settings, on_change=lambda *_: apply_prefs(duel, load_prefs(settings),
                                                                     running=True))
    _click_choice(scene, "speed", "fast")
    _click_choice(scene, "responses_0", "never")
    _click_choice(scene, "glow", False)
    assert duel.speed == "fast" and duel.session.responses[0] is Responses.NEVER
    assert not duel.lights().playable
    assert folders.load_settings().get("duel", "speed") == "fast"


def test_a_volume_change_plays_one_sample_at_the_new_level(window, monkeypatch) -> None:
    """Changing the volume (or turning sound on) plays the sample once the changes stop: a
    run of changes (keys held, clicks in a row) is one sample, at the last level."""
    from game.ui import sound

    player = sound.Sounds()
    monkeypatch.setattr(sound, "SOUND", player)
    assert player.start(wait=True)
    try:
        scene = SettingsScene()
        scene.reveal(scene.row("volume"))
        _click_choice(scene, "volume", 25)
        assert player.volume == 25
        scene.update(0.1)
        assert player.played == []  # not yet: the player may still be changing it
        for _ in range(3):
            feed(scene, key(pygame.K_RIGHT))
            scene.update(0.1)
        assert player.played == []
        scene.update(sound.GAP + 0.3)
        assert player.played == [sound.SAMPLE] and player.volume == 100
        scene.update(1.0)
        assert player.played == [sound.SAMPLE]  # once
        _click_choice(scene, "muted", True)
        scene.update(1.0)
        assert player.played == [sound.SAMPLE]  # muted: nothing to hear
        _click_choice(scene, "muted", False)
        scene.update(1.0)
        assert player.played == [sound.SAMPLE] * 2
        _click_choice(scene, "glow", False)
        scene.update(1.0)
        assert player.played == [sound.SAMPLE] * 2  # other rows are silent
    finally:
        if pygame.mixer.get_init():
            pygame.mixer.quit()


def test_hover_follows_the_rows_under_a_still_pointer_when_the_wheel_scrolls(window) -> None:
    scene = SettingsScene()
    assert scene._content_bottom > scene.view.bottom  # the rows scroll at 1280x720
    point = scene.rows[3].rect.center
    feed(scene, motion(point))
    assert scene.rows[3].hovered
    feed(scene, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                   precise_x=0.0, precise_y=-1.0))
    under = [r for r in scene.rows if r.rect.collidepoint(point)]
    assert [r for r in scene.rows if r.hovered] == under and scene.rows[3] not in under
