"""Hand cards slide, never jump: when a card leaves (or joins) the hand, the others ease from
where they were to their new places; at "instant" speed and after a skip they are there at once."""

from __future__ import annotations

import pygame

from game.ui.duel.tweens import HandSlide
from tests.ui.duel_kit import duel_scene
from tests.ui.events import down, feed


def _between(a: int, x: int, b: int) -> bool:
    return min(a, b) <= x <= max(a, b)


def _play_a_hand_card(speed: str):
    scene = duel_scene(seed=4, humans=(True, False), speed=speed, first=0)
    for _ in range(400):  # the opening animations
        if scene.can_act():
            break
        scene.update(1 / 60)
    seat = scene.shown
    hand = list(scene.board.me.hand)
    # a card from the left of the hand leaves: every card to its right moves
    uid = min((u for u in hand if u in scene.gest.by_source), key=hand.index)
    old = {u: r.copy() for u, r in zip(hand, scene.geo.hand_rects(seat), strict=True)}
    scene.send([scene.gest.by_source[uid][0]])
    return scene, seat, uid, old


def test_hand_cards_ease_to_their_new_places(window) -> None:
    scene, seat, played, old = _play_a_hand_card("normal")
    frames = 0
    while played in scene.board.sides[seat].hand and frames < 300:
        scene.update(1 / 60)
        scene.draw(window)
        frames += 1
    assert played not in scene.board.sides[seat].hand
    rest = list(scene.board.sides[seat].hand)
    targets = dict(zip(rest, scene.geo.hand_targets(seat), strict=True))
    moved = [u for u in rest if targets[u] != old[u]]
    assert moved  # the hand closed up
    scene.update(0.08)  # part of the way
    scene.draw(window)
    now = dict(zip(rest, scene.geo.hand_rects(seat), strict=True))
    for u in rest:
        assert _between(old[u].x, now[u].x, targets[u].x)
        assert _between(old[u].y, now[u].y, targets[u].y)
    assert any(now[u].x not in (old[u].x, targets[u].x) for u in moved)  # truly in between
    assert scene.geo.slide.moving
    for _ in range(30):  # 0.5 s: long done
        scene.update(1 / 60)
    scene.draw(window)
    assert scene.geo.hand_rects(seat) == scene.geo.hand_targets(seat)
    assert not scene.geo.slide.moving


def test_instant_speed_and_a_skip_put_cards_in_place_at_once(window) -> None:
    scene, seat, played, _old = _play_a_hand_card("instant")
    assert played not in scene.board.sides[seat].hand
    scene.update(1 / 60)
    assert scene.geo.hand_rects(seat) == scene.geo.hand_targets(seat)
    scene, seat, played, _old = _play_a_hand_card("normal")
    scene.update(1 / 60)
    feed(scene, down((640, 300)))  # a click skips the animation: hands settle too
    assert not scene.anim.busy
    assert scene.geo.hand_rects(seat) == scene.geo.hand_targets(seat)


def test_slide_joins_and_leaves() -> None:
    slide = HandSlide(0.2)
    a, b, c = (pygame.Rect(x, 0, 10, 10) for x in (0, 100, 200))
    assert slide.place(0, [1, 2], [a, b]) == [a, b]  # new cards start in place
    got = slide.place(0, [1, 3, 2], [a, b, c])  # 3 joins between: 2 slides from b to c
    assert got[1] == b and got[2] == b
    slide.update(0.1)
    mid = slide.place(0, [1, 3, 2], [a, b, c])[2]
    assert b.x < mid.x < c.x
    slide.update(0.1)
    assert slide.place(0, [1, 3, 2], [a, b, c])[2] == c
    assert slide.place(0, [2], [a]) == [c]  # 1 and 3 left: 2 starts back towards a
    slide.instant = True
    assert slide.place(0, [2], [b]) == [b]
