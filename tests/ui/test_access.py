"""Access: the colour-blind-safe palette (apart under simulated colour-vision deficiencies,
legible on the table, with each player's shape beside the colour), reduced motion, the text
size (every line still inside its box at 130 %), all changed on the Settings screen and in
effect at once; settings files from before these rows read fine, bad values are refused."""

from __future__ import annotations

import itertools

import pytest

from game.engine import Attack, Summon
from game.files import folders
from game.ui import card_face, look
from game.ui import text as txt
from game.ui.duel import style
from game.ui.duel.animator import JUMP
from game.ui.duel.layout import LAYOUT
from game.ui.duel.tweens import Move, Shatter
from game.ui.settings_scene import SettingsScene
from tests.ui import colour_vision as cv
from tests.ui.drawn import drawn_text
from tests.ui.events import click, feed
from tests.ui.test_duel_features import position_scene, settle, uid_of

KINDS = tuple(cv.MACHADO)


@pytest.fixture(autouse=True)
def standard_look():
    look.reset()
    yield
    look.reset()


def choose(scene: SettingsScene, key_name: str, value) -> None:
    """Click a choice of a row on the Settings screen (scrolled into view first)."""
    row = scene.row(key_name)
    scene.reveal(row)
    i = next(k for k, c in enumerate(row.spec.choices) if c.value == value)
    feed(scene, *click(row.segments()[i].center))


def test_the_colour_blind_player_colours_stay_apart_and_legible() -> None:
    blue, orange = style.PALETTES["colour_blind"]
    for kind in KINDS:  # apart for each colour-vision deficiency, as for normal vision
        apart = cv.delta_e(cv.simulate(blue, kind), cv.simulate(orange, kind))
        assert apart >= 60, (kind, apart)
        standard = cv.delta_e(*(cv.simulate(c, kind) for c in style.PALETTES["standard"]))
        assert apart > standard, kind  # safer than the standard pair for everyone
    assert cv.delta_e(blue, orange) >= 60
    for colour in (blue, orange):  # text and marks on the table and the panels read (WCAG AA)
        for ground in (style.FIELD_NEAR, style.FIELD_FAR, style.TABLE):
            assert cv.contrast(colour, ground) >= 4.5, (colour, ground)
    frames = [*(card_face.SAFE_FRAMES[t] for t in card_face.TYPE_COLOURS), card_face.SAFE_FRAMES["extra"]]
    standard = [*card_face.TYPE_COLOURS.values(), card_face.EXTRA_COLOUR]
    def worst(cs, kind):
        return min(cv.delta_e(cv.simulate(a, kind), cv.simulate(b, kind))
                   for a, b in itertools.combinations(cs, 2))
    for kind in ("protanopia", "deuteranopia"):  # the red-green confusions of the standard frames
        assert worst(frames, kind) > worst(standard, kind), kind


def test_settings_switch_colours_motion_and_text_size_at_once(window) -> None:
    scene = SettingsScene()
    duel = position_scene({"phase": "main1", "players": [
        {"phantom": ["iron_hound"], "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    duel.draw(window)
    before = duel.renderer.background()
    choose(scene, "colours", "colour_blind")
    assert style.player_colour(0) == style.PALETTES["colour_blind"][0] and style.marked
    assert duel.renderer.background() is not before  # the running duel redraws its table
    choose(scene, "reduced_motion", True)
    assert look.reduced_motion()
    height = scene.row("speed").rect.h
    choose(scene, "text_scale", 130)
    assert txt.scale() == 1.3 and scene.row("speed").rect.h > height
    saved = folders.load_settings()
    assert saved.problem == "" and (saved.get("access", "colours"), saved.get("access", "reduced_motion"),
                                    saved.get("access", "text_scale")) == ("colour_blind", True, 130)


def test_colour_blind_mode_puts_each_players_shape_beside_their_colour(window, monkeypatch) -> None:
    settings = folders.Settings()
    settings.set("access", "colours", "colour_blind")
    look.apply(settings)
    scene = position_scene({"phase": "main1", "players": [
        {"phantom": ["iron_hound"], "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    marks = []
    real = style.draw_mark

    def spy(surface, seat, centre, size, colour=None):
        marks.append((seat, centre))
        return real(surface, seat, centre, size, colour)

    monkeypatch.setattr(style, "draw_mark", spy)
    scene.draw(window)
    hound, sentry = uid_of(scene, 0, "iron_hound"), uid_of(scene, 1, "stone_sentry", "phantom")
    on = {seat for seat, c in marks if scene.geo.rect_of(hound).collidepoint(c)}
    assert on == {0} and {s for s, c in marks if scene.geo.rect_of(sentry).collidepoint(c)} == {1}
    for seat in (0, 1):  # on the player's panel too
        assert any(s == seat and scene.geo.lp_rect(seat).collidepoint(c) for s, c in marks)
    assert style.MARKS[0] != style.MARKS[1]
    marks.clear()
    look.reset()
    scene.draw(window)
    assert marks == []  # the standard palette keeps its look


def test_reduced_motion_jumps_and_never_lunges_or_shatters(window, monkeypatch) -> None:
    from game.engine import NextPhase
    from game.ui.duel.animator import Animator

    seen = []
    real = Animator._add

    def spy(self, tween):
        out = real(self, tween)
        seen.append(out)
        return out

    monkeypatch.setattr(Animator, "_add", spy)
    spec = {"phase": "main1", "players": [
        {"sp": 8, "hand": ["iron_hound"], "phantom": [None, "storm_rider"],
         "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]}

    def play() -> list:
        seen.clear()
        scene = position_scene(spec, speed="normal")
        scene.send([Summon(0, uid_of(scene, 0, "iron_hound"), "phantom", 0, True, True)])
        settle(scene)
        scene.send([NextPhase(0)])
        settle(scene)
        scene.send([Attack(0, uid_of(scene, 0, "storm_rider"),
                           uid_of(scene, 1, "stone_sentry", "phantom"))])
        settle(scene)
        return list(seen)

    moving = play()
    names = {type(t).__name__ for t in moving}
    assert {"Lunge", "Shatter", "Move"} <= names  # the full motion, for comparison
    settings = folders.Settings()
    settings.set("access", "reduced_motion", True)
    look.apply(settings)
    calm = play()
    names = {type(t).__name__ for t in calm}
    assert "Lunge" not in names and not any(isinstance(t, Shatter) for t in calm)
    moves = [t for t in calm if isinstance(t, Move)]
    assert moves and all(t.duration <= JUMP for t in moves)
    assert all(t.still for t in calm)  # banners, numbers and rings stay where they appear
    assert sum(t.duration for t in calm) < sum(t.duration for t in moving)


def test_every_line_fits_its_box_at_the_largest_text_size(window) -> None:
    settings = folders.Settings()
    settings.set("access", "text_scale", max(txt.SCALES))
    look.apply(settings)
    scene = SettingsScene(settings)
    for row in scene.rows:
        scene.reveal(row)
        with drawn_text() as seen:
            row.draw(window)
        assert seen
        for s, rect in seen:
            assert row.rect.contains(rect), (row.spec.key, s, rect, row.rect)
        for seg, choice in zip(row.segments(), row.spec.choices, strict=True):
            assert txt.width(choice.label, 16, bold=True) <= seg.w, choice.label  # no label cut
    duel = position_scene({"phase": "main1", "players": [
        {"sp": 8, "hand": ["iron_hound", "denial"], "phantom": ["storm_rider"],
         "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]})
    boxes = (LAYOUT.far_panel, LAYOUT.near_panel, LAYOUT.phase_bar, LAYOUT.action, LAYOUT.lines,
             LAYOUT.log, LAYOUT.menu)
    with drawn_text() as seen:
        duel.draw(window)
    screen = window.get_rect()
    checked = 0
    for s, rect in seen:
        assert screen.contains(rect), (s, rect)
        for box in boxes:
            if box.collidepoint(rect.center):
                assert box.contains(rect), (s, rect, box)
                checked += 1
    assert checked >= 10


def test_settings_from_before_these_rows_read_fine_and_bad_values_are_refused(home, window) -> None:
    home.mkdir(parents=True)
    path = home / "settings.yaml"
    path.write_text("duel:\n  speed: fast\ndisplay:\n  fullscreen: false\n", encoding="utf-8")
    old = folders.load_settings()
    assert old.problem == "" and old.get("duel", "speed") == "fast"
    assert (old.get("access", "text_scale"), old.get("sound", "volume")) == (100, 75)
    for text, words in (("access:\n  text_scale: 200\n", "access.text_scale: expected 100, 115 or 130, got 200"),
                        ("sound:\n  volume: 101\n", "sound.volume: expected a whole number from 0 to 100"),
                        ("access:\n  colours: pink\n", "access.colours: expected 'standard' or 'colour_blind'"),
                        ("access:\n  reduced_motion: maybe\n", "access.reduced_motion: expected bool")):
        path.write_text(text, encoding="utf-8")
        bad = folders.load_settings()
        assert words in bad.problem and "the file is left as it is" in bad.problem, bad.problem
        look.apply(bad)
        assert txt.scale() == 1.0 and not style.marked  # the defaults, not the bad value
        scene = SettingsScene()
        scene.update(0.1)
        scene.draw(window)
        assert any(words[:20] in line for line in scene.problem_lines) or scene.problem_lines
        assert path.read_text(encoding="utf-8") == text  # left as it was
