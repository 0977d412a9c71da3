"""The duel screen's promises, each with real pygame events: illegal drops explain, a Counter
breaks the Line on the panel, the curtain hides the hand, choosers, settings, quitting."""

from __future__ import annotations

import threading

import pygame

from game.engine import Activate, Pass, Summon, Zone, state_hash
from game.engine.position import build_position
from game.ui import cite
from game.ui.duel.gestures import Gestures, drop_target, source_of
from game.ui.duel.interaction import Mode
from game.ui.duel.scene import DuelScene
from game.ui.duel.seats import Responses
from game.ui.duel.session import DuelSession
from game.ui.scene import Quit
from tests.kit import base_pool, rules
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene
from tests.ui.events import click, down, feed, key, motion, up


def position_scene(spec: dict, speed: str = "instant", responses=None, humans=(True, True)) -> DuelScene:
    duel = build_position(base_pool(), rules(), spec, seed=1, auto_pass=False)
    session = DuelSession(duel, humans, ("Player 1", "Player 2"),
                          responses=responses or (Responses.WHEN_ABLE, Responses.WHEN_ABLE),
                          threaded=False)
    scene = DuelScene(session, base_pool(), speed=speed)
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    settle(scene)
    return scene


def settle(scene: DuelScene, frames: int = 400) -> None:
    for _ in range(frames):
        scene.update(1 / 60)
        if not scene.anim.busy and not scene.stale and (scene.can_act() or scene.curtain or scene.finished):
            return


def drag(scene, start, end, release: bool = True) -> None:
    feed(scene, motion(start), down(start))
    for t in (0.3, 0.6, 1.0):
        feed(scene, motion((round(start[0] + (end[0] - start[0]) * t),
                            round(start[1] + (end[1] - start[1]) * t)), buttons=(1, 0, 0)))
    if release:
        feed(scene, up(end))


HOUND = {"phase": "main1", "players": [
    {"sp": 1, "hand": ["iron_hound", "stone_sentry"], "deck": ["stone_sentry"] * 3,
     "phantom": [None, "stone_sentry", None]},
    {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3, "back": ["denial"]}]}


def uid_of(scene, seat, cid, zone=None):
    for c in scene.session.duel.cards:
        if c.owner == seat and c.cid == cid and (zone is None or c.zone.value == zone):
            return c.uid
    raise LookupError(cid)


def test_illegal_drop_snaps_back_and_says_the_engines_reason(window) -> None:
    scene = position_scene(HOUND)
    hound = uid_of(scene, 0, "iron_hound")
    start = scene.geo.rect_of(hound).center
    slot = scene.geo.slot_rect(0, Zone.PHANTOM, 0).center
    before = state_hash(scene.session.duel)
    drag(scene, start, slot)
    refusal = scene.session.duel.refusal(Summon(0, hound, "phantom", 0, True, True))
    want = refusal.message
    assert scene.toast.message == cite.said(refusal.code, want) and "SP" in want
    assert scene.session.history == [] and state_hash(scene.session.duel) == before
    assert scene.board.where(hound)[1] is Zone.HAND and scene.input.mode is Mode.IDLE
    # a taken slot: the engine's words again, then where the card can go now (the places its
    # drag lit)
    sentry = uid_of(scene, 0, "stone_sentry", "hand")
    drag(scene, scene.geo.rect_of(sentry).center, scene.geo.slot_rect(0, Zone.PHANTOM, 1).center)
    refusal = scene.session.duel.refusal(Summon(0, sentry, "phantom", 1, True, True))
    where = refusal.message.rstrip(".") + ": drop it on a Phantom slot"
    assert scene.toast.message.startswith(where), scene.toast.message
    assert scene.toast.message.endswith(". " + cite.tag(refusal.code)), scene.toast.message
    scene.draw(window)


def test_while_dragging_exactly_the_legal_targets_light_up(window) -> None:
    scene = position_scene(HOUND)
    sentry = uid_of(scene, 0, "stone_sentry", "hand")
    start = scene.geo.rect_of(sentry).center
    drag(scene, start, (640, 250), release=False)
    assert scene.input.mode is Mode.DRAGGING
    lit = set(scene.input.lit_targets())
    want = {drop_target(c) for c in scene.gest.legal if source_of(c) == sentry}
    assert lit == want and lit
    scene.draw(window)  # the dragged card and the lit slots draw
    feed(scene, up((640, 250)))
    assert scene.input.mode is Mode.IDLE


def test_a_drop_with_four_meanings_opens_the_position_chooser(window) -> None:
    scene = position_scene({**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]})
    hound = uid_of(scene, 0, "iron_hound")
    drag(scene, scene.geo.rect_of(hound).center, scene.geo.slot_rect(0, Zone.SIDE, 0).center)
    popup = scene.input.popup
    assert popup is not None
    assert [e.label for e in popup.entries] == [
        "Attack \u00b7 face up", "Defense \u00b7 face up", "Attack \u00b7 face down",
        "Defense \u00b7 face down"]
    feed(scene, *click(popup.row(3).center))
    assert scene.session.history == [Summon(0, hound, "side", 0, False, False)]


def test_a_counter_response_makes_a_line_break_on_the_panel(window) -> None:
    spec = {**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]}
    scene = position_scene(spec, speed="normal")
    hound = uid_of(scene, 0, "iron_hound")
    drag(scene, scene.geo.rect_of(hound).center, scene.geo.slot_rect(0, Zone.PHANTOM, 0).center)
    feed(scene, *click(scene.input.popup.row(0).center))
    settle(scene)
    assert scene.curtain is not None and scene.curtain.seat == 1  # Player 2 may answer
    scene.draw(window)
    assert scene.renderer.drawn == set()
    feed(scene, key(pygame.K_RETURN))
    settle(scene)
    prompt = scene.input.prompt
    assert prompt is not None and prompt.kind == "answer"
    assert "Iron Hound" in prompt.text and prompt.rows[0].label.startswith("Denial")
    scene.draw(window)
    feed(scene, *click(scene.input.panel.row_rect(prompt, 0).center))
    assert isinstance(scene.session.history[-1], Activate)
    shown_with_two_lines = False
    for _ in range(240):
        scene.update(1 / 60)
        scene.draw(window)
        if scene.anim.marker("line_break", 2) is not None and len(scene.board.lines) == 2:
            shown_with_two_lines = True  # the panel draws "LINE BREAK" on the new Line
    assert shown_with_two_lines and "line_break" in scene.anim.seen


def test_the_curtain_hides_everything_private(window) -> None:
    scene = duel_scene(seed=4, speed="instant")
    assert scene.curtain is not None
    scene.draw(window)
    assert scene.renderer.drawn == set()
    first = scene.curtain.seat
    feed(scene, key(pygame.K_SPACE))
    scene.update(1 / 60)
    scene.draw(window)
    mine = {scene.board.cards[u].card_id for u in scene.board.me.hand}
    assert mine <= scene.renderer.drawn
    # end the turn: the other player is asked to take the seat before anything is drawn
    driver = GestureDriver(scene, seed=4)
    while scene.curtain is None:
        driver.perform(scene.gest.end_turn or scene.gest.next_phase or scene.gest.legal[0])
        settle(scene)
    assert scene.curtain.seat == 1 - first
    scene.draw(window)
    assert scene.renderer.drawn == set()
    other = scene.session.duel.view(1 - first)
    feed(scene, *click(scene.curtain.button.center))
    scene.update(1 / 60)
    scene.draw(window)
    theirs = {c.card_id for c in other.me.hand}
    assert scene.shown == 1 - first and theirs <= scene.renderer.drawn


def test_every_legal_command_has_a_gesture() -> None:
    from game.ai.random_player import RandomPlayer
    from game.engine import Choose, Duel, EndTurn, NextPhase
    from game.ui.duel.board import Board
    from tests.ui.duel_kit import specs
    duel = Duel(base_pool(), rules(), specs(), 9, auto_pass=False)
    player = RandomPlayer(9)
    for _ in range(400):
        if duel.over:
            break
        seat = duel.deciding_player
        view = duel.view(seat)
        g = Gestures(seat, view.legal_actions, base_pool(), Board.from_view(view, base_pool()))
        for cmd in view.legal_actions:
            if isinstance(cmd, (Pass, NextPhase, EndTurn, Choose)):
                continue
            uid = source_of(cmd)
            assert any(cmd in e.commands for e in g.menu(uid)), cmd
            t = drop_target(cmd)
            if t is not None:
                assert cmd in g.drags(uid)[t]
        duel.apply(player.choose(view))


def test_response_settings_never_and_always(window) -> None:
    spec = {**HOUND, "players": [{**HOUND["players"][0], "sp": 5},
                                 {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]}
    # always: Player 2 is asked even with nothing but Pass
    scene = position_scene(spec, responses=(Responses.WHEN_ABLE, Responses.ALWAYS))
    hound = uid_of(scene, 0, "iron_hound")
    drag(scene, scene.geo.rect_of(hound).center, scene.geo.slot_rect(0, Zone.PHANTOM, 0).center)
    feed(scene, *click(scene.input.popup.row(0).center))
    settle(scene)
    assert scene.curtain is not None and scene.curtain.seat == 1
    feed(scene, key(pygame.K_RETURN))
    settle(scene)
    assert scene.input.action()[0].startswith("Pass")
    feed(scene, key(pygame.K_SPACE))
    assert scene.session.history[-1] == Pass(1)
    # never: Player 2's Denial is not even offered
    spec2 = {**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]}
    scene = position_scene(spec2, responses=(Responses.WHEN_ABLE, Responses.NEVER))
    hound = uid_of(scene, 0, "iron_hound")
    drag(scene, scene.geo.rect_of(hound).center, scene.geo.slot_rect(0, Zone.PHANTOM, 0).center)
    feed(scene, *click(scene.input.popup.row(0).center))
    settle(scene)
    assert scene.curtain is None and Pass(1) in scene.session.history
    assert not scene.board.lines


def test_the_settings_cycle_by_click_and_key(window) -> None:
    scene = position_scene(HOUND, speed="normal")
    speed_rect = scene.hud.setting_rects[("set", "speed")]
    feed(scene, *click(speed_rect.center))
    assert scene.speed == "fast"
    scene.input.focus = ("set", "resp")
    feed(scene, key(pygame.K_RETURN))
    assert scene.session.responses[0] is Responses.ALWAYS


def test_closing_the_window_mid_duel_asks_first(window) -> None:
    scene = position_scene(HOUND)
    assert scene.allow_quit() is False and scene.dialog is not None
    quit_button = scene.dialog.buttons[0]
    got = feed(scene, *click(quit_button.rect.center))
    assert got == [Quit()]


def test_escape_cancels_a_held_card_and_the_log_shows_a_card(window) -> None:
    scene = position_scene({**HOUND, "players": [{**HOUND["players"][0], "sp": 5}, HOUND["players"][1]]})
    hound = uid_of(scene, 0, "iron_hound")
    feed(scene, *click(scene.geo.rect_of(hound).center))
    popup = scene.input.popup
    assert popup is not None and popup.entries[0].label.startswith("Summon")
    feed(scene, key(pygame.K_RETURN))
    assert scene.input.mode is Mode.HOLDING and scene.input.lit_targets()
    feed(scene, key(pygame.K_ESCAPE))
    assert scene.input.mode is Mode.IDLE and scene.session.history == []
    # a log entry that names a card shows that card in the zoom
    scene = duel_scene(seed=6)
    feed(scene, key(pygame.K_RETURN))
    scene.update(1 / 60)
    log = scene.log
    start = max(0, len(log.rows) - log.visible_rows)
    k = next(k for k in range(len(log.rows) - 1, start - 1, -1) if log.entries[log.rows[k][0]].card_id)
    y = log.rect.y + 28 + (k - start) * 18 + 5
    feed(scene, *click((log.rect.x + 40, y)))
    assert scene.zoom.pin is not None and scene.zoom.pin == log.entries[log.rows[k][0]].card_id


class BlockedPlayer:
    """A computer player that keeps thinking until the test says `release`: slow for as long
    as the test needs, with no clock. Called on the test's own thread (the window's), it does
    not block, so a screen that decides on the drawing path fails instead of hanging."""

    def __init__(self, window_thread: threading.Thread) -> None:
        self.window_thread = window_thread
        self.asked = threading.Event()
        self.release = threading.Event()
        self.threads: list[threading.Thread] = []
        self.answer = None

    def choose(self, view):
        self.threads.append(threading.current_thread())
        self.answer = view.legal_actions[0]
        self.asked.set()
        if threading.current_thread() is not self.window_thread:
            self.release.wait(timeout=60)  # a guard against a hung run, not a speed target
        return self.answer


def test_a_slow_computer_player_never_freezes_the_window(window) -> None:
    """While the computer player is still deciding, the screen keeps updating, drawing and
    handling input; its move is played once it answers. (Frame times: scripts/bench_ui.py.)"""
    duel = build_position(base_pool(), rules(), {"turn_player": 1, "phase": "main1", "players": [
        {"deck": ["stone_sentry"] * 3}, {"hand": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]},
        seed=1, auto_pass=False)
    player = BlockedPlayer(threading.current_thread())
    session = DuelSession(duel, (True, False), ("You", "AI"), {1: player}, threaded=True)
    scene = DuelScene(session, base_pool(), speed="fast")
    worker = session.workers[1]
    try:
        for _ in range(600):  # the opening settles, then the computer player is asked
            scene.update(1 / 60)
            scene.draw(window)
            if worker.thinking:
                break
        assert worker.thinking and player.asked.wait(timeout=60)
        assert player.threads[0] is not threading.current_thread()  # off the drawing path

        frames = 0
        for _ in range(30):  # it is blocked: frames still come
            scene.update(1 / 60)
            scene.draw(window)
            frames += 1
        speed = scene.hud.setting_rects[("set", "speed")].center
        feed(scene, *click(speed))  # and input is still handled: the speed setting cycles
        assert scene.input.pointer == speed and scene.speed == "instant"
        for _ in range(30):
            scene.update(1 / 60)
            scene.draw(window)
            frames += 1
        assert frames == 60 and not session.history and worker.thinking
    finally:
        player.release.set()
    player.threads[0].join(timeout=60)
    assert not player.threads[0].is_alive()
    for _ in range(600):  # its answer is picked up on a later frame and played
        scene.update(1 / 60)
        scene.draw(window)
        if session.history:
            break
    assert session.history == [player.answer]


def test_a_drag_begun_while_the_last_move_still_plays_is_not_lost(window) -> None:
    """The press that finishes an animation on a card the person may drag picks it up: the
    drag goes on and drops as usual; the same press let go without moving only skipped."""
    two = {"phase": "main1", "players": [
        {"sp": 5, "hand": ["stone_sentry", "stone_sentry"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]}

    def summon(scene, uid: int, slot: int) -> None:
        drag(scene, scene.geo.rect_of(uid).center, scene.geo.slot_rect(0, Zone.PHANTOM, slot).center)
        if scene.input.popup is not None:  # the position chooser: Attack, face up
            feed(scene, *click(scene.input.popup.row(0).center))

    def summoned_once():
        scene = position_scene(two, speed="normal")
        first, second = [c.uid for c in scene.session.duel.cards
                         if c.owner == 0 and c.zone is Zone.HAND]
        summon(scene, first, 0)
        assert [c.card for c in scene.session.history] == [first]
        scene.update(1 / 60)
        assert scene.anim.busy and not scene.can_act()
        return scene, second

    scene, second = summoned_once()  # a press let go without moving: the animation ends
    spot = scene.geo.rect_of(second).center
    feed(scene, motion(spot), down(spot), up(spot))
    assert not scene.anim.busy and scene.input.mode is Mode.IDLE and scene.input.popup is None
    assert [type(c).__name__ for c in scene.session.history] == ["Summon", "Pass", "Pass"]  # the
    # Line's passes, forced (nobody could answer): the click itself sent nothing

    scene, second = summoned_once()  # a drag begun by the press that ends the animation
    summon(scene, second, 2)
    got = [c for c in scene.session.history if type(c).__name__ == "Summon"]
    assert [(c.card, c.index) for c in got[1:]] == [(second, 2)], got
