"""Sound: the game's own effects, heard for the right events on a (dummy) mixer, loud enough
and never clipped, and silence without an error where the mixer cannot start."""

from __future__ import annotations

from array import array

import pygame
import pytest

from game.engine import Attack, Concede, Summon
from game.files import folders
from game.ui import look, sound
from tests.ui.events import feed, key
from tests.ui.test_duel_features import position_scene, settle, uid_of


@pytest.fixture
def player(monkeypatch):
    """A fresh player on the dummy audio driver, its effects made before the test goes on."""
    fresh = sound.Sounds()
    monkeypatch.setattr(sound, "SOUND", fresh)
    yield fresh
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_every_effect_is_audible_and_never_clipped() -> None:
    made = sound.synthesise(sound.RATE, 1)
    assert set(made) == set(sound.EFFECTS)
    for name, data in made.items():
        samples = array("h", data)
        peak = max(abs(v) for v in samples) / 32768
        rms = (sum(v * v for v in samples) / len(samples)) ** 0.5 / 32768
        assert 0.45 <= peak <= 0.5, (name, peak)  # -6 dBFS: loud, with headroom
        assert rms > 0.03, (name, rms)  # not a click nobody hears
        assert len(samples) / sound.RATE <= 1.2, name  # short effects
    stereo = sound.pcm([0.0, 1.0, -1.0], 2)
    assert array("h", stereo).tolist() == [0, 0, 16383, 16383, -16383, -16383]


def test_a_duel_plays_the_effects_of_its_events(window, player) -> None:
    assert player.start(wait=True) and player.ready and player.made_s > 0
    scene = position_scene({"phase": "main1", "players": [
        {"sp": 8, "hand": ["iron_hound"], "phantom": [None, "storm_rider", None],
         "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]}, speed="normal",
        humans=(True, False))
    hound = uid_of(scene, 0, "iron_hound")
    scene.send([Summon(0, hound, "phantom", 0, True, True)])
    settle(scene)
    assert "place" in player.played and "step" in player.played
    assert "attack" not in player.played
    from game.engine import NextPhase
    scene.send([NextPhase(0)])
    settle(scene)
    rider, sentry = uid_of(scene, 0, "storm_rider"), uid_of(scene, 1, "stone_sentry", "phantom")
    scene.send([Attack(0, rider, sentry)])
    settle(scene)
    assert {"attack", "damage", "break"} <= set(player.played), player.played
    scene.send([Concede(0)])
    settle(scene)
    assert player.played[-1] == "loss"  # you gave up: the computer's win is your loss


def test_mute_and_volume_come_from_settings_at_once(player) -> None:
    assert player.start(wait=True)
    settings = folders.Settings()
    settings.set("sound", "muted", True)
    look.apply(settings)
    assert not player.play("step") and player.played == []
    settings.set("sound", "muted", False)
    settings.set("sound", "volume", 25)
    look.apply(settings)
    assert player.play("step") and player.volume == 25
    look.reset()
    assert player.volume == folders.DEFAULTS["sound"]["volume"]


def test_no_audio_device_is_silence_without_an_error(window, monkeypatch, capsys) -> None:
    fresh = sound.Sounds()
    monkeypatch.setattr(sound, "SOUND", fresh)
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert fresh.start() is False and "no audio device" in fresh.off
    assert fresh.play("place") is False
    scene = position_scene({"phase": "main1", "players": [
        {"sp": 8, "hand": ["iron_hound"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]}, speed="instant")
    scene.send([Summon(0, uid_of(scene, 0, "iron_hound"), "phantom", 0, True, True)])
    settle(scene)
    feed(scene, key(pygame.K_SPACE))
    assert fresh.played == []
    out = capsys.readouterr()
    assert out.err == "" and out.out == ""
    from game.ui.settings_scene import SettingsScene
    note = SettingsScene().row("muted").note
    assert note.startswith("Silent here: no audio device"), note


def test_a_loss_of_lp_or_health_is_damage_a_gain_is_silent() -> None:
    from game.engine import events as ev

    assert sound.effect_of(ev.LpChanged(0, 8000, 7000, "battle"), 0) == "damage"
    assert sound.effect_of(ev.LpChanged(0, 7000, 8000, "heal"), 0) is None
    fields = {f: 1 for f in ev.HealthChanged.__dataclass_fields__}
    hurt = ev.HealthChanged(**{**fields, "before": 5, "after": 2})
    healed = ev.HealthChanged(**{**fields, "before": 2, "after": 5})
    assert sound.effect_of(hurt, None) == "damage"
    assert sound.effect_of(healed, None) is None


def test_a_volume_change_after_the_mixer_closed_does_not_crash(player) -> None:
    if not player.start(wait=True):
        pytest.skip("no audio device here")
    assert player.play("place")  # a Sound made with this mixer
    pygame.mixer.quit()  # another screen or test closes the mixer
    player.set_volume(40, False)  # Settings (look.apply) after that: no "mixer not initialized"
    assert player.volume == 40 and player._sounds == {}
