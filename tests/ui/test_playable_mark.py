"""Playable cards stand out at a glance (issue 38 item 4): a steady white outline and a
"PLAY" badge (game/ui/duel/playable_mark.py) in both palettes and with reduced motion, on a
screenshot's pixels; its colour is no card frame's under any simulated colour vision, and no
card the engine would refuse carries it."""

from __future__ import annotations

import pytest

from game.files import folders
from game.ui import card_face, look
from game.ui.duel import playable_mark, style
from tests.ui import colour_vision as cv
from tests.ui.test_duel_features import position_scene, uid_of

# Cinder Pup costs 1, Sunfire Phoenix 7: with 5 SP only the Pup can be Summoned
HAND = {"phase": "main1", "players": [
    {"sp": 5, "hand": ["cinder_pup", "sunfire_phoenix"], "deck": ["stone_sentry"] * 3},
    {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]}
FRAMES = [*card_face.TYPE_COLOURS.values(), card_face.EXTRA_COLOUR,
          *card_face.SAFE_FRAMES.values()]


@pytest.fixture(autouse=True)
def standard_look():
    look.reset()
    yield
    look.reset()


def test_the_mark_is_no_card_frames_colour_under_any_colour_vision() -> None:
    for kind in (None, *cv.MACHADO):
        seen = (lambda c: c) if kind is None else (lambda c, k=kind: cv.simulate(c, k))
        for frame in FRAMES:
            apart = cv.delta_e(seen(playable_mark.MARK), seen(frame))
            assert apart >= 20, (kind, frame, apart)
    assert style.PLAYABLE == playable_mark.MARK  # the pulse under it is the same colour
    assert style.PLAYABLE not in FRAMES and style.PLAYABLE not in (card_face.TYPE_COLOURS.values())


def _border(surface, rect) -> list[tuple[int, int, int]]:
    """The pixels in the middle of the band just outside `rect`: left, right and bottom, and
    the top a quarter of the way in from each corner (the badge sits on the top's middle)."""
    d = playable_mark.OUTLINE // 2 + 1
    points = [(rect.left - d, rect.centery), (rect.right - 1 + d, rect.centery),
              (rect.centerx, rect.bottom - 1 + d), (rect.left + rect.w // 6, rect.top - d),
              (rect.right - rect.w // 6, rect.top - d)]
    return [tuple(surface.get_at(p))[:3] for p in points]


@pytest.mark.parametrize("colours", ["standard", "colour_blind"])
@pytest.mark.parametrize("reduced_motion", [False, True])
def test_a_playable_card_carries_the_mark_and_an_unplayable_one_does_not(window, colours,
                                                                           reduced_motion) -> None:
    settings = folders.Settings()
    settings.set("access", "colours", colours)
    settings.set("access", "reduced_motion", reduced_motion)
    look.apply(settings)
    assert card_face.safe_frames == (colours == "colour_blind")
    scene = position_scene(HAND)
    pup, phoenix = uid_of(scene, 0, "cinder_pup"), uid_of(scene, 0, "sunfire_phoenix")
    playable = scene.lights().playable
    assert pup in playable and phoenix not in playable
    # nothing is marked that the engine would refuse: each marked card has a legal action
    acting = {getattr(cmd, "card", None) for cmd in scene.session.duel.legal_actions()}
    assert playable <= acting
    for frame in range(0, 40, 7):  # whatever the pulse's phase: the mark is steady
        for _ in range(7):
            scene.update(1 / 60)
        scene.draw(window)
        rects = dict(zip(scene.board.me.hand, scene.geo.hand_rects(scene.board.seat),
                         strict=False))
        for pixel in _border(window, rects[pup]):
            assert pixel == playable_mark.MARK, (colours, frame, pixel)
        for pixel in _border(window, rects[phoenix]):
            assert cv.delta_e(pixel, playable_mark.MARK) > 20, (colours, frame, pixel)
        badge = window.get_at(rects[pup].midtop)[:3]
        assert badge != window.get_at(rects[phoenix].midtop)[:3]


@pytest.mark.parametrize("scale", [100, 130])
def test_the_badge_stays_off_a_sideways_cards_name(window, scale) -> None:
    """Seen playing (issue 38 audit): on a Defense Position card the PLAY badge, centred on
    the top edge, hid the first line of a two-line name ("Flame / Dancer"); on the Extra
    Deck pile the "EXTRA DECK" label hid the badge. A card turned sideways (and the pile)
    carry it standing on their top edge, inside the slot; an upright card keeps it centred on
    its edge (its top holds the art, not the name)."""
    import pygame

    from game.engine import Zone
    from game.ui import text as txt
    from game.ui.duel.layout import LAYOUT

    settings = folders.Settings()
    settings.set("access", "text_scale", scale)
    look.apply(settings)
    bg = (1, 2, 3)
    for zone in (Zone.PHANTOM, Zone.BACK):
        card, slot = LAYOUT.card_rect(0, zone, 1, attack=False), LAYOUT.slot(0, zone, 1)
        assert card.w > card.h
        canvas = pygame.Surface(window.get_size())
        canvas.fill(bg)
        playable_mark.draw(canvas, card)
        face = [canvas.get_at((x, y))[:3] for x in range(card.left + 8, card.right - 8, 2)
                for y in range(card.top + 1, card.bottom - 8, 2)]  # off the band's round corners
        assert set(face) == {bg}, zone  # nothing of the mark over the face (its name)
        badge = playable_mark.badge(txt.scale()).get_rect(midbottom=(card.centerx, card.top + 1))
        assert slot.contains(badge), (zone, badge, slot)
        assert canvas.get_at((card.centerx, card.top - 4))[:3] == playable_mark.MARK
    upright = LAYOUT.card_rect(0, Zone.PHANTOM, 1, attack=True)
    canvas = pygame.Surface(window.get_size())
    canvas.fill(bg)
    playable_mark.draw(canvas, upright)
    assert canvas.get_at((upright.centerx, upright.top + 3))[:3] != bg  # the badge on its edge
