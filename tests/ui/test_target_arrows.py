"""Target arrows: hovering a Step on the Line panel (a real mouse motion) draws arrows from
its card to its targets, and a Step draws its own while it resolves; checked on the scene's
table of arrows and on the pixels drawn."""

from __future__ import annotations

import pygame

from game.engine import Activate, Attack, Summon
from game.engine.position import build_position
from game.ui.duel import style
from game.ui.duel.scene import DuelScene
from game.ui.duel.seats import Responses
from game.ui.duel.session import DuelSession
from tests.kit import base_pool, rules, uid
from tests.ui.events import feed, key, motion


def scene_after(spec: dict, *commands, speed: str = "instant") -> DuelScene:
    """A hotseat duel at `spec` after `commands`, on screen with the Lines they opened (both
    players asked to answer always, so nothing resolves by itself)."""
    duel = build_position(base_pool(), rules(), spec, seed=1, auto_pass=False)
    for make in commands:
        duel.apply(make(duel))
    session = DuelSession(duel, (True, True), ("Player 1", "Player 2"),
                          responses=(Responses.ALWAYS, Responses.ALWAYS), threaded=False)
    scene = DuelScene(session, base_pool(), speed=speed)
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    for _ in range(3):
        scene.update(1 / 60)
    return scene


def hover_step(scene: DuelScene, window, line: int, step: int) -> list:
    scene.draw(window)
    row = next(r for r, st in scene.line_panel.hits if (st.line, st.step) == (line, step))
    feed(scene, motion(row.center))
    scene.draw(window)
    return scene.line_panel.arrows


def drawn_in_colour(window, arrow, colour) -> bool:
    """The pixel halfway along the arrow has the Step's player's colour: the arrow is drawn."""
    mid = ((arrow.start[0] + arrow.end[0]) // 2, (arrow.start[1] + arrow.end[1]) // 2)
    return tuple(window.get_at(mid))[:3] == colour


DENIAL = {"phase": "main1", "players": [
    {"sp": 5, "hand": ["iron_hound"], "deck": ["stone_sentry"] * 3,
     "phantom": [None, "stone_sentry", None]},
    {"deck": ["stone_sentry"] * 3, "back": ["denial"]}]}


def test_hovering_a_summon_and_its_negation_points_at_the_slot_and_the_summoned_card(window) -> None:
    scene = scene_after(DENIAL, lambda d: Summon(0, uid(d, 0, "iron_hound"), "phantom", 0, True, True),
                        lambda d: Activate(1, uid(d, 1, "denial"), 0))
    hound, denial = uid(scene.session.duel, 0, "iron_hound"), uid(scene.session.duel, 1, "denial")
    assert scene.line_panel.arrows == []  # nothing hovered, nothing resolving
    summon = hover_step(scene, window, 1, 1)
    row = next(r for r, st in scene.line_panel.hits if (st.line, st.step) == (1, 1))
    assert [(a.kind, a.end) for a in summon] == [("slot", scene.geo.rect_of(hound).center)]
    assert row.collidepoint(summon[0].start[0] + 3, summon[0].start[1])  # from its row
    assert drawn_in_colour(window, summon[0], style.player_colour(0))
    negate = hover_step(scene, window, 2, 1)
    assert [(a.kind, a.start, a.end) for a in negate] == [
        ("step", scene.geo.rect_of(denial).center, scene.geo.rect_of(hound).center)]
    assert drawn_in_colour(window, negate[0], style.player_colour(1))
    feed(scene, motion((640, 700)))
    scene.draw(window)
    assert scene.line_panel.arrows == []


ATTACK = {"phase": "battle", "players": [
    {"phantom": ["iron_hound", "storm_rider"], "deck": ["stone_sentry"] * 3},
    {"phantom": [None, "stone_sentry"], "back": ["denial"], "deck": ["stone_sentry"] * 3}]}


def test_an_attack_points_at_its_target_and_a_direct_attack_at_the_lp(window) -> None:
    scene = scene_after(ATTACK, lambda d: Attack(0, uid(d, 0, "storm_rider"),
                                                 uid(d, 1, "stone_sentry", "phantom")))
    duel = scene.session.duel
    rider, sentry = uid(duel, 0, "storm_rider"), uid(duel, 1, "stone_sentry", "phantom")
    (arrow,) = hover_step(scene, window, 1, 1)
    assert (arrow.kind, arrow.start, arrow.end) == (
        "card", scene.geo.rect_of(rider).center, scene.geo.rect_of(sentry).center)
    empty = {"phase": "battle", "players": [ATTACK["players"][0],
                                            {"back": ["denial"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(empty, lambda d: Attack(0, uid(d, 0, "iron_hound"), -1))
    (arrow,) = hover_step(scene, window, 1, 1)
    assert arrow.kind == "lp" and arrow.target == 1
    assert arrow.end == scene.geo.lp_rect(1).center


def test_an_effect_on_a_player_points_at_their_panel(window) -> None:
    spec = {"phase": "main1", "players": [
        {"sp": 5, "phantom": ["ash_hurler"], "deck": ["stone_sentry"] * 3},
        {"back": ["denial"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec, lambda d: Activate(0, uid(d, 0, "ash_hurler"), 0))
    (arrow,) = hover_step(scene, window, 1, 1)
    hurler = uid(scene.session.duel, 0, "ash_hurler")
    assert (arrow.kind, arrow.target) == ("lp", 1)
    assert arrow.start == scene.geo.rect_of(hurler).center
    assert arrow.end == scene.geo.lp_rect(1).center


def test_a_resolving_step_draws_its_arrows_unhovered(window) -> None:
    scene = scene_after(ATTACK, lambda d: Attack(0, uid(d, 0, "storm_rider"),
                                                 uid(d, 1, "stone_sentry", "phantom")),
                        speed="slow")
    sentry = uid(scene.session.duel, 1, "stone_sentry", "phantom")
    from game.engine import Pass
    scene.send([Pass(scene.session.deciding)])
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    scene.send([Pass(scene.session.deciding)])
    seen = []
    for _ in range(200):
        scene.update(1 / 60)
        scene.draw(window)
        seen.extend((a.kind, a.target) for a in scene.line_panel.arrows)
        if scene.anim.resolving:
            assert scene.line_panel.hover is None
    assert ("card", sentry) in seen
