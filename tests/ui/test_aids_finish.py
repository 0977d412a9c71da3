"""The rest of the first hour's player aids (issue 22), driven by real pygame events: an undo
never waits for the computer's thinking, widget fades follow reduced motion, a long hint is
shown whole, the keyboard reaches "Pass until this resolves", arrows for effects on every
matching card, and the replay viewer's sounds and arrows."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.engine import Summon, state_hash
from game.files import folders
from game.ui import look
from game.ui.duel.seats import AiWorker
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene
from tests.ui.events import feed, key, motion
from tests.ui.test_player_aids import _summon_ready, _until


class Held:
    """A computer player that thinks until the test lets it go (a slow search)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.go = threading.Event()
        self.asked = threading.Event()
        self.calls: list[str] = []

    def choose(self, view):
        self.asked.set()
        self.go.wait(30)
        self.calls.append("chose")
        return self.inner.choose(view)

    def forget(self) -> None:
        self.calls.append("forgot")


# ------------------------------------------------------------------ 9: undo never waits
def test_an_undo_while_the_computer_thinks_drops_its_move_at_once(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    before, sent = state_hash(scene.session.duel), len(scene.session.history)
    held = Held(scene.session.workers[1].player)
    worker = scene.session.workers[1] = AiWorker(held, threaded=True)
    scene.session.seems_asked = lambda seat: True  # type: ignore[method-assign]  # asked, not passed for
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    for _ in range(30):
        scene.update(1 / 60)
        if held.asked.is_set():
            break
    assert held.asked.wait(10) and worker.thinking  # the computer thinks about answering
    thread = worker._thread
    feed(scene, key(pygame.K_u))  # the person takes back the Summon
    # done at once: the thread still thinks, the position is back, the move is dropped
    assert thread is not None and thread.is_alive()
    assert state_hash(scene.session.duel) == before and len(scene.session.history) == sent
    assert not worker.thinking and "forgot" not in held.calls  # its memory waits for it
    scene.draw(window)
    held.go.set()
    thread.join(10)
    for _ in range(30):
        scene.update(1 / 60)
    # the late answer never landed
    assert len(scene.session.history) == sent and scene.session.deciding == 0
    assert held.calls == ["chose"]
    # the memory is put back after that thinking ended, before the next question is asked
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    for _ in range(200):
        scene.update(1 / 60)
        if len(held.calls) >= 3:
            break
        threading.Event().wait(0.01)
    assert held.calls[:3] == ["chose", "forgot", "chose"]


# ------------------------------------------------------------ 7: reduced motion everywhere
def _reduced(on: bool) -> None:
    settings = folders.Settings()
    settings.set("access", "reduced_motion", on)
    look.apply(settings)


def test_reduced_motion_stops_hover_fades_smooth_scrolling_and_pulses(window) -> None:
    from game.ui.menu import MenuScene
    from game.ui.widgets import Button, WidgetGroup
    from game.ui.widgets.scroll import ScrollView

    def one_frame(on: bool):
        _reduced(on)
        button = Button((100, 100, 200, 40), "Play")
        group = WidgetGroup([button])
        feed(group, motion((150, 120)))  # the pointer comes onto the button
        group.update(1 / 60)
        menu = MenuScene()
        feed(menu, key(pygame.K_DOWN))  # the keys light the first menu row
        menu.update(1 / 60)
        view = ScrollView((0, 0, 300, 200))
        view.content_height = 2000
        view.scroll_to(600)
        view.update(1 / 60)
        renderer = duel_scene().renderer
        pulses = {round(renderer._pulse(), 3) for renderer.clock in (0.0, 0.2, 0.4, 0.6)}
        return button.hover_t, menu.items[0].hover, view.offset, pulses

    hover, glow, offset, pulses = one_frame(False)
    assert 0 < hover < 1 and 0 < glow < 1 and 0 < offset < 600 and len(pulses) > 1  # easing
    hover, glow, offset, pulses = one_frame(True)
    assert (hover, glow, offset) == (1.0, 1.0, 600) and len(pulses) == 1  # at once, steady
    _reduced(False)


# ------------------------------------------------------------------ 8: the whole hint
def test_the_longest_hint_is_shown_whole_inside_the_screen(window) -> None:
    import dataclasses
    from pathlib import Path

    from game.play import puzzles as pz
    from game.ui import text as txt
    from game.ui import theme
    from tests.ui.drawn import SpySurface, named_text

    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    feed(scene, key(pygame.K_h))
    assert scene.hints.hint is not None
    written = max((p.hint for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
                   if isinstance(p, pz.Puzzle)), key=len)
    words = f"{scene.hints.hint.words}; {written} {written}"  # longer than any hint the game gives
    scene.hints.hint = dataclasses.replace(scene.hints.hint, words=words)
    feed(scene, key(pygame.K_h))  # H again: the same position's hint is said again
    assert scene.toast.message == "Hint: " + words
    scene.draw(window)
    canvas = SpySurface(window.get_size())
    with named_text(canvas):
        scene.toast._layer = None  # the toast drawn afresh while the spy names its lines
        scene.toast.draw(canvas)
    lines = list(canvas.names.values())
    assert " ".join(lines).split() == ("Hint: " + words).split()  # every word, none cut
    box = scene.toast.box()
    step = txt.font(theme.BODY, True).get_linesize()
    assert window.get_rect().contains(box) and len(lines) > 3 and box.h >= step * len(lines)


# ------------------------------------------------------- 10: yield by the keyboard alone
def test_tab_reaches_a_step_on_the_line_panel_and_enter_yields_to_it(window) -> None:
    from game.ui.duel.line_panel import STEP_KEY
    from game.ui.duel.seats import Responses

    scene = duel_scene(seed=2, first=0)
    for s in (0, 1):
        scene.session.responses[s] = Responses.ALWAYS
    driver = GestureDriver(scene, seed=2, keyboard=True)
    _until(scene, driver, lambda s: s.shown == 0 and _summon_ready(s))
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    seat = scene.shown
    scene.draw(window)
    step = scene.line_panel.hits[0][1]
    want = (STEP_KEY, step.line, step.step)
    for _ in range(80):  # Tab until the Step's row has the focus
        if scene.input.focus == want:
            break
        feed(scene, key(pygame.K_TAB))
        scene.draw(window)
    assert scene.input.focus == want
    assert scene.line_panel.lit() == (step.line, step.step)  # lit on the panel, its arrows drawn
    assert scene.line_panel.arrows or step.kind not in ("summon", "attack")
    feed(scene, key(pygame.K_RETURN))
    assert scene.line_panel.menu is not None
    feed(scene, key(pygame.K_RETURN))  # "Pass until this resolves"
    assert scene.line_panel.menu is None and scene.session.yields[seat] is not None
    assert "Passing until" in scene.line_panel.answers_label()


# ------------------------------------------- 5: arrows for effects on every matching card
FIRESTORM = {"phase": "main1", "players": [
    {"hand": ["stone_sentry"], "back": [{"card": "firestorm", "set": "earlier"}],
     "phantom": ["iron_hound"], "deck": ["stone_sentry"] * 3},
    {"phantom": ["stone_sentry", {"card": "storm_rider", "position": "defense", "face": "down"}],
     "back": ["denial"], "deck": ["stone_sentry"] * 3}]}


def test_an_effect_on_every_matching_card_points_at_each_card_it_would_reach(window) -> None:
    import dataclasses

    from game.engine import Activate, Choose
    from game.engine.carddefs import Selector, StatTest
    from game.engine.query import select
    from game.ui.duel import arrows
    from tests.kit import base_pool, uid
    from tests.ui.test_target_arrows import hover_step, scene_after

    def activate(d):
        return Activate(0, uid(d, 0, "firestorm"), 0)

    def discard(d):
        c = d.state.choice
        return Choose(0, c.options[0]) if c is not None else None

    scene = scene_after(FIRESTORM, activate, discard)
    duel = scene.session.duel
    step = next(st for line in scene.board.lines for st in line if st.card == uid(duel, 0, "firestorm"))
    drawn = hover_step(scene, window, step.line, step.step)
    sentry, rider = uid(duel, 1, "stone_sentry", "phantom"), uid(duel, 1, "storm_rider")
    want = set(select(duel, Selector(side="opponent"), 0, step.card))  # the engine's query
    assert want == {sentry, rider}
    assert {a.target for a in drawn if a.kind == "card"} == want  # the face-down one too:
    # "each Phantom your opponent controls" asks nothing the face-down card hides
    # a filter that asks what a card is never points at a face-down card it would match
    pool = dict(base_pool())
    fire = pool["firestorm"]
    ability = fire.abilities[0]
    picky = dataclasses.replace(ability.effects[0], target=Selector(
        side="opponent", stats=(StatTest("atk", ">=", 0),)))
    pool["firestorm"] = dataclasses.replace(fire, abilities=(dataclasses.replace(ability, effects=(picky,)),))
    from game.ui.duel.board import Board

    mine, theirs = (Board.from_view(duel.view(seat), base_pool()) for seat in (0, 1))
    assert set(arrows.matching(duel, mine, pool, step)) == {sentry}  # the rider is face down
    assert set(arrows.matching(duel, theirs, pool, step)) == {sentry, rider}  # to its owner


# ----------------------------------------------- 6: the replay viewer's sounds and arrows
def test_the_replay_viewer_plays_the_duels_sounds_and_draws_its_arrows(window, monkeypatch) -> None:
    import argparse

    from game.ui import snapshots, sound

    fresh = sound.Sounds()
    monkeypatch.setattr(sound, "SOUND", fresh)
    was_open = pygame.mixer.get_init()
    assert fresh.start(wait=True)
    viewer = snapshots.SNAPSHOT_SCENES["replay"](argparse.Namespace(seat=None))
    viewer.draw(window)
    assert viewer.board.lines and viewer.line_hits
    row, step = viewer.line_hits[0]
    feed(viewer, motion(row.center))  # the pointer on a Step: its arrows, as in a duel
    viewer.draw(window)
    assert viewer.hover_step == (step.line, step.step) and viewer.step_arrows.arrows
    arrow = viewer.step_arrows.arrows[0]
    assert arrow.seat == step.player
    feed(viewer, motion((5, 5)))
    viewer.draw(window)
    assert viewer.step_arrows.arrows == []
    for _ in range(40):  # play on: the events sound as they play
        feed(viewer, key(pygame.K_RIGHT))
        for _ in range(90):
            viewer.update(1 / 30)
        if {"place", "step"} <= set(fresh.played):
            break
    assert {"place", "step"} <= set(fresh.played), fresh.played
    if pygame.mixer.get_init() and not was_open:  # as it was: the game's own player keeps its sounds
        pygame.mixer.quit()


# ------------------------------------------------ 4: a failed puzzle is undone and retried
def test_a_failed_puzzle_is_undone_to_the_last_decision_and_played_again(window, home) -> None:
    from pathlib import Path

    from game.engine import Attack, EndTurn, NextPhase
    from game.play import puzzles as pz
    from game.ui.puzzle_play import PuzzlePlayScene
    from tests.ui.events import click

    shipped = pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
    puzzle = next(e for e in shipped if isinstance(e, pz.Puzzle) and e.name == "Through the Guard")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), number=1, threaded=False, speed="instant")
    for _ in range(30):
        play.update(1 / 60)
    seat = puzzle.seat
    driver = GestureDriver(play.duel, seed=1)
    driver.perform(NextPhase(seat))
    for _ in range(30):
        play.update(1 / 60)
    battle = state_hash(play.session.duel)
    driver.perform(EndTurn(seat))  # no attack: the turn ends, the puzzle is failed
    for _ in range(900):
        play.update(1 / 60)
    assert play.status is pz.Status.FAILED and play.dialog is not None
    assert play.dialog.title == "Not solved"
    # the opponent's turn showed the person cards (a draw): a duel would refuse; a puzzle
    # offers Undo, back to the last decision
    assert play.session.undo_refusal(seat, puzzle.scenario.pool) == ""
    labels = [spec.label for spec in play.dialog.buttons_spec]
    undo = play.dialog.buttons[labels.index("Undo")]
    feed(play, *click(undo.rect.center))
    assert state_hash(play.session.duel) == battle and play.dialog is None
    assert play.status is pz.Status.PLAYING and play.outcome is None and not play.duel.finished
    feed(play, key(pygame.K_u))  # and again: the start of the turn
    assert play.session.history == [] and "Undone" in play.duel.toast.message
    # played again to the end: the solution's first attack now leads on as any attempt
    for _ in range(10):
        play.update(1 / 60)
    assert play.duel.can_act() and any(isinstance(c, Attack) or isinstance(c, NextPhase)
                                       for c in play.session.view(seat).legal_actions)
    play.draw(window)


# ------------------------------------------------- 3: following the hints wins each puzzle
def _shipped_puzzles():
    from pathlib import Path

    from game.play import puzzles as pz

    return [p for p in pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent")) if isinstance(p, pz.Puzzle)]


@pytest.mark.parametrize("puzzle", _shipped_puzzles(), ids=lambda p: p.key)
def test_following_the_hints_from_the_start_wins_the_puzzle(window, home, puzzle) -> None:
    from game.play import puzzles as pz
    from game.ui.puzzle_play import PuzzlePlayScene

    play = PuzzlePlayScene(puzzle, pz.load_progress(), number=1, threaded=False, speed="instant")
    driver = GestureDriver(play.duel, seed=1)
    first = None
    for _ in range(60):  # hints asked and followed, until the puzzle is decided
        for _ in range(400):
            play.update(1 / 60)
            if play.outcome is not None or (play.duel.can_act() and play.dialog is None):
                break
        if play.outcome is not None:
            break
        assert play.duel.can_act(), "the person never got to decide"
        for _ in range(8):  # the hint: its written text a step at a time, then the move computed
            feed(play, key(pygame.K_h))
            assert play.dialog is not None and play.dialog.title.startswith("Hint ")
            seen, total = play.dialog.title.removeprefix("Hint ").split(" of ")
            feed(play, key(pygame.K_RETURN))
            if seen == total:
                break
        assert seen == total
        hint = play.duel.hints.hint
        assert hint is not None and hint.command in play.session.view(puzzle.seat).legal_actions
        if first is None:
            first = hint.command
        driver.perform(hint.command)
    assert play.outcome is pz.Status.SOLVED, (puzzle.name, play.session.history)
    # the first hinted move is the solution's own first move
    mine = [m.command for m in play.solution.moves if m.command.player == puzzle.seat]
    assert first == mine[0]


# ------------------------------------------- 2: the deck builder and pause menu cite rules
def test_deck_builder_refusals_cite_their_deck_rule_and_hover_shows_it(window) -> None:
    from game.cards import load_card_set
    from game.rules import texts as rule_texts
    from game.ui.deckbuilder.scene import DeckBuilderScene
    from tests.ui.events import settle
    from tests.ui.test_rule_citations_ui import seen

    pool = load_card_set()
    scene = DeckBuilderScene(pool, open_last=False)
    settle(scene, 5, window)
    extra = next(c for c in pool.values() if c.extra)
    for _ in range(3):
        scene.editor.add(extra.id, "extra")
    scene._refresh()
    assert scene.editor.count(extra.id) == 3
    assert not scene.add_card(extra.id, "extra")  # a fourth copy
    assert scene.toast.message.endswith("(Rule M1)") and scene.toast.detail.startswith("Rule M1: ")
    assert rule_texts.words("M1") in scene.toast.detail
    feed(scene, motion((5, 5)))
    assert "Rule M1: At most" not in seen(scene)  # the words only on hover
    feed(scene, motion(scene.toast.box().center))
    assert "Rule M1: At most 3 copies" in seen(scene)
    # an Extra Deck Phantom into the Main Deck: M2
    scene.editor.remove(extra.id, "extra")
    scene._refresh()
    assert not scene.add_card(extra.id, "main")
    assert scene.toast.message.endswith("(Rule M2)") and "Rule M2: Main Deck 30 to 50" in scene.toast.detail


def test_deck_builder_problem_rows_cite_their_deck_rule_and_hover_shows_it(window) -> None:
    """The NOT LEGAL list's lines (game.decks.deck.validate_deck) cite M1 or M2 as the refusals
    do, and hovering a row shows that rule's words; a problem no deck rule names (an unknown
    card) cites none."""
    from game.cards import load_card_set
    from game.ui.deckbuilder.scene import DeckBuilderScene
    from tests.ui.events import settle
    from tests.ui.test_rule_citations_ui import seen

    pool = load_card_set()
    scene = DeckBuilderScene(pool, open_last=False)
    settle(scene, 5, window)
    plain = next(c for c in pool.values() if not c.extra)
    for _ in range(4):  # one over M1, and a Main Deck far under M2's 30
        scene.editor.lists["main"][plain.id] += 1
    scene._refresh()
    rows = [str(r) for r in scene.problem_view.items]
    copies = next(i for i, r in enumerate(rows) if "copies" in r)
    size = next(i for i, r in enumerate(rows) if r.startswith("\u2022 Main Deck has"))
    text = " ".join(rows)
    assert "(Rule M1)" in text and "(Rule M2)" in text
    assert scene.problem_view.items[copies].rule == "M1"
    assert scene.problem_view.items[size].rule == "M2"
    feed(scene, motion((5, 5)))
    assert "Rule M2: Main Deck 30 to 50" not in seen(scene)  # the words only on hover
    feed(scene, motion(scene.problem_view.screen_rect(size).center))
    assert "Rule M2: Main Deck 30 to 50" in seen(scene)


def test_the_pause_menus_greyed_rows_cite_their_rule(window) -> None:
    from game.rules import texts as rule_texts
    from game.ui.duel import pause
    from tests.ui.test_rule_citations_ui import seen

    scene = duel_scene(seed=3, humans=(True, False))  # opened on its own: no match to save
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert isinstance(menu, pause.PauseMenu)
    save = next(b for b, row in zip(menu.buttons, menu.rows, strict=True) if row.label == "Save and leave")
    assert not save.enabled and menu.rows[3].rule == "U1"
    away = seen(scene)
    assert "(Rule U1)" in away and "Rule U1: Only a hotseat" not in away
    feed(scene, motion(save.rect.center))  # hovering the greyed row: the rule in its words
    shown = seen(scene)
    assert "Rule U1: Only a hotseat or versus-AI duel" in shown, shown
    assert {"U1", "U2", "D11"} <= set(rule_texts.CLIENT_CITED) and rule_texts.words("U2")
    # a finished duel: Concede and Save are greyed by the end (D11, U2)
    feed(scene, key(pygame.K_ESCAPE))
    from game.engine import Concede

    scene.send([Concede(0)])
    for _ in range(5):
        scene.update(1 / 60)
    feed(scene, key(pygame.K_ESCAPE))
    menu = scene.dialog
    assert isinstance(menu, pause.PauseMenu)
    assert [r.rule for r in menu.rows if r.why_not] == ["D11", "U1"]  # (never a match's)
    assert "The duel is over: nothing to concede or save. (Rule U2)" in seen(scene)


def test_an_undo_refused_after_the_end_cites_its_rule(window) -> None:
    from game.engine import Concede

    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    scene.send([Concede(0)])
    for _ in range(5):
        scene.update(1 / 60)
    feed(scene, key(pygame.K_u))
    assert scene.toast.message.endswith("(Rule U2)") and scene.toast.detail.startswith("Rule U2: ")


def test_a_closed_mixer_makes_the_player_silent_not_crash(window, monkeypatch) -> None:
    from game.ui import sound

    fresh = sound.Sounds()
    if not fresh.start(wait=True):
        pytest.skip("no audio device here")
    assert fresh.play("place")  # a Sound made with this mixer
    pygame.mixer.quit()  # another screen or test closes the mixer
    monkeypatch.setattr(sound.time, "monotonic", lambda: 1e9)  # past the repeat gap
    assert not fresh.play("place") and fresh._sounds == {}
