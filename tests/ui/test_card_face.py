"""Card faces drawn from card data, headless (SDL dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.cards import load_card_set
from game.engine.carddefs import CardDef, CardType, plain_phantom
from game.ui import fonts
from game.ui.card_art import PALETTES, family_of, render_art
from game.ui.card_face import (
    COMPACT_WIDTH,
    ELLIPSIS,
    CardFaceCache,
    face_layout,
    fit_line,
    frame_colour,
    render_card_back,
    render_card_face,
    render_mini_face,
    rim_width,
    speed_of,
)

REPO = Path(__file__).resolve().parents[2]
CARDS = load_card_set()
ALL = list(CARDS.values())
# The design's type colours (screens.md), written out again so a wrong table is caught.
EXPECTED_FRAME = {
    "phantom": (232, 176, 76),  # amber
    "spirit": (56, 182, 170),  # teal
    "counter": (204, 56, 76),  # crimson
    "environment": (96, 178, 92),  # green
    "extra": (152, 108, 224),  # violet
}


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _expected_frame(cdef: CardDef) -> tuple[int, int, int]:
    return EXPECTED_FRAME["extra" if cdef.is_phantom and cdef.extra else cdef.type.value]


@pytest.mark.parametrize("width", [180, 200, 240, 90])
def test_every_card_renders_at_five_by_seven(width):
    for cdef in ALL:
        face = render_card_face(cdef, width)
        assert face.get_size() == (width, round(width * 1.4)), cdef.id
        assert face.get_at((0, 0)).a == 0, f"{cdef.id}: corners are rounded (transparent)"
        centre = face.get_at((width // 2, face.get_height() // 2))
        assert centre.a == 255, cdef.id


@pytest.mark.parametrize("width", [180, 200, 90])
def test_frame_colour_is_the_type_colour(width):
    rim = rim_width(width)
    for cdef in ALL:
        face = render_card_face(cdef, width)
        expected = _expected_frame(cdef)
        assert frame_colour(cdef) == expected, cdef.id
        for point in ((width // 2, rim // 2), (rim // 2, face.get_height() // 2)):
            assert tuple(face.get_at(point))[:3] == expected, (cdef.id, point)


def test_the_set_has_every_type_and_extra_deck_phantoms():
    kinds = {("extra" if c.is_phantom and c.extra else c.type.value) for c in ALL}
    assert kinds == set(EXPECTED_FRAME)


def test_every_card_has_its_own_picture():
    arts = {}
    for cdef in ALL:
        arts.setdefault(_bytes(render_art(cdef, (180, 110))), []).append(cdef.id)
    same = [ids for ids in arts.values() if len(ids) > 1]
    assert not same, f"cards with identical art: {same}"


def test_two_cards_of_one_family_and_type_differ():
    a, b = CARDS["cinder_pup"], CARDS["ember_imp"]
    assert (a.type, family_of(a)) == (b.type, family_of(b))
    assert _bytes(render_card_face(a, 200)) != _bytes(render_card_face(b, 200))


def test_rendering_is_deterministic():
    for cdef in ALL[::7]:
        assert _bytes(render_card_face(cdef, 200)) == _bytes(render_card_face(cdef, 200)), cdef.id
        assert _bytes(render_art(cdef, (100, 60))) == _bytes(render_art(cdef, (100, 60))), cdef.id


@pytest.mark.parametrize("width", [180, 200, 240, 300])
def test_layout_fits_without_clipping(width):
    """Rules text fits its box without an ellipsis; the boxes stack top to bottom in the card."""
    for cdef in ALL:
        lay = face_layout(cdef, width)
        w, h = lay.size
        assert not lay.compact
        assert lay.text is not None and not lay.text.clipped, cdef.id
        assert lay.text.height <= lay.text_box.h, cdef.id
        assert lay.name_bar.bottom <= lay.art.top < lay.art.bottom <= lay.type_line.top, cdef.id
        assert lay.type_line.bottom <= lay.text_box.top, cdef.id
        limit = lay.stats_bar.top if lay.stats_bar.h else h - lay.rim
        assert lay.text_box.bottom <= limit, cdef.id
        assert lay.art.h >= 0.13 * h, f"{cdef.id}: the picture keeps some room"
        assert pygame.Rect(0, 0, w, h).contains(lay.stats_bar), cdef.id


def test_text_at_the_zoom_size_is_legible():
    """From 240 px wide (the card zoom) no rules text is under 13 px."""
    assert min(face_layout(c, 240).text.size for c in ALL) >= 13


def test_only_spirits_counters_and_phantoms_have_a_bottom_bar():
    for cdef in ALL:
        has_bar = face_layout(cdef, 200).stats_bar.h > 0
        assert has_bar == (cdef.type is not CardType.ENVIRONMENT), cdef.id


def test_speed_badge_value():
    for cdef in ALL:
        if cdef.type is CardType.COUNTER:
            assert speed_of(cdef) >= 2, cdef.id
        if cdef.type in (CardType.SPIRIT, CardType.COUNTER):
            assert speed_of(cdef) == cdef.activatable[0][1].speed, cdef.id
    assert speed_of(CARDS["final_word"]) == 3


def test_compact_faces_for_small_icons():
    lay = face_layout(CARDS["ashen_overlord"], COMPACT_WIDTH - 40)
    assert lay.compact and lay.text is None and lay.stats_bar.h > 0


def test_mini_faces_are_frame_and_picture_without_any_text(monkeypatch):
    """At 36 px any printed number would be under the 13 px floor: the mini face prints none."""
    import game.ui.card_face as card_face

    asked: list[int] = []

    def spy(size: int, bold: bool = False) -> pygame.font.Font:
        asked.append(size)
        return fonts.font(size, bold)

    monkeypatch.setattr(card_face, "font", spy)
    for cdef in ALL:
        face = render_mini_face(cdef, 36)
        assert face.get_size() == (36, 50), cdef.id
        assert face.get_at((0, 0)).a == 0, cdef.id
        assert tuple(face.get_at((18, 1)))[:3] == _expected_frame(cdef), cdef.id
    assert asked == []
    render_card_face(CARDS["ashen_overlord"], 36)  # the spy sees a face that does print
    assert asked and min(asked) < 13


def test_odd_cards_still_render():
    """A card outside the set's families, with a long name and no text, draws anyway."""
    odd = plain_phantom("odd", "The Extraordinarily Long-Named Wandering Phantom of Nowhere", 12, 99999,
                        1, tags=("mystery",))
    assert family_of(odd) == "neutral"
    for width in (90, 180, 300):
        face = render_card_face(odd, width)
        assert face.get_size() == (width, round(width * 1.4))
    text, _ = fit_line(odd.name, 120, range(16, 10, -1))
    assert text.endswith(ELLIPSIS)
    spirit = CardDef(id="wordy", name="Wordy", type=CardType.SPIRIT, tags=("veil",),
                     text="Supercalifragilisticexpialidociously " * 40)
    lay = face_layout(spirit, 180)
    assert lay.text.clipped and lay.text.height <= lay.text_box.h
    render_card_face(spirit, 180)


def test_every_family_has_a_palette():
    assert {family_of(c) for c in ALL} == set(PALETTES)


def test_card_back():
    back = render_card_back(200)
    assert back.get_size() == (200, 280)
    assert back.get_at((0, 0)).a == 0 and back.get_at((100, 140)).a == 255
    assert _bytes(back) == _bytes(render_card_back(200))
    assert _bytes(back) != _bytes(render_card_face(ALL[0], 200))
    assert render_card_back(90).get_size() == (90, 126)


def test_cache_draws_each_face_once():
    cache = CardFaceCache()
    cdef = CARDS["silence"]
    first = cache.face(cdef, 200)
    assert cache.face(cdef, 200) is first
    assert cache.face(cdef, 180) is not first
    assert cache.back(200) is cache.back(200)
    assert len(cache) == 3
    cache.clear()
    assert len(cache) == 0 and cache.face(cdef, 200) is not first


def test_bundled_font_and_licence():
    assert fonts.REGULAR.is_file() and fonts.BOLD.is_file()
    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").is_file()
    assert fonts.font(13) is fonts.font(13)
    assert fonts.font(13) is not fonts.font(13, bold=True)
    assert fonts.font(13).get_height() >= 13


def test_fonts_survive_font_module_restart():
    """Fonts cached before pygame.font.quit() are reopened, not used dead (own process, so
    fonts other tests cached stay alive)."""
    code = (
        "import pygame\n"
        "from game.ui.fonts import font\n"
        "font(14)\n"
        "pygame.font.quit()\n"
        "pygame.font.init()\n"  # re-initialised by someone else: the cached font is stale
        "assert font(14).render('ok', True, (255, 255, 255)).get_width() > 0\n"
        "pygame.font.quit()\n"  # not initialised at all: font() does it
        "assert font(14).render('ok', True, (255, 255, 255)).get_width() > 0\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_art_colours_mix_channel_by_channel() -> None:
    from game.ui.card_art import mix

    assert mix((0, 100, 200), (100, 100, 0), 0.0) == (0, 100, 200)
    assert mix((0, 100, 200), (100, 100, 0), 0.25) == (25, 100, 150)
    assert mix((0, 100, 200), (100, 100, 0), 1.0) == (100, 100, 0)


def test_every_name_reads_whole_on_the_table_and_on_full_faces() -> None:
    """Issue 38 item 22: "Sunfire Phoe...", "Blazing...": a name shrinks to its floor, then
    takes two lines between words, before it is ever cut."""
    from game.ui import text as txt
    from game.ui.card_face import fit_name
    from game.ui.duel.layout import CARD_W, DEF_W, HAND_W
    from game.ui.duel.sprites import NAME_PX, name_lines, name_room

    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    for cdef in ALL:
        for width in (CARD_W, DEF_W, HAND_W):
            lines = name_lines(cdef.name, name_room(width))
            assert 1 <= len(lines) <= 2 and " ".join(lines) == cdef.name, (cdef.name, width)
            assert all(txt.width(line, NAME_PX, True) <= name_room(width) for line in lines)
        for width in (COMPACT_WIDTH, 200, 240):
            lay = face_layout(cdef, width)
            s = width / 200
            room = lay.name_bar.w - 2 * round(7 * s) - (lay.name_bar.h if cdef.is_phantom else 0)
            names, size = fit_name(cdef.name, room, lay.name_bar.h,
                                   range(max(9, round(16 * s)), max(8, round(11 * s)) - 1, -1))
            assert " ".join(names) == cdef.name and ELLIPSIS not in "".join(names), (cdef.name, width)
    assert name_lines("Sunfire Phoenix", name_room(CARD_W)) == ["Sunfire", "Phoenix"]
