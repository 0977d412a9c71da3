"""Player aids on the duel screen, driven by real pygame events: Undo (versus the computer, in
hotseat with both players agreeing, in puzzles), the Hint (Hard's move for the person, shown
on the board with why) and yielding to a Step ("Pass until this resolves")."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.ai.levels import make_player
from game.decks.deck import load_deck
from game.engine import Concede, EndTurn, NextPhase, Pass, Summon, state_hash
from game.files.resources import starter_deck
from game.play import autosave
from game.play import puzzles as pz
from game.play.duel_setup import DuelSetup
from game.ui.duel import aids
from game.ui.duel.advice import HINT_MAX_SECONDS, hint_seed
from game.ui.duel.flow import MatchFlow
from game.ui.duel.seats import Responses
from game.ui.duel.undo import Mark, learned_since
from game.ui.puzzle_play import PuzzlePlayScene
from tests.kit import base_pool
from tests.ui.duel_driver import GestureDriver
from tests.ui.duel_kit import duel_scene, replay_hash
from tests.ui.events import click, feed, key

PATHS = (starter_deck("ember_rush"), starter_deck("veil_control"))


@pytest.fixture
def shipped():
    return pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))


def _until(scene, driver, want, steps: int = 400):
    """Random gestures until the person may act and `want(scene)` holds."""
    for _ in range(steps):
        driver.settle()
        if scene.can_act() and want(scene):
            return
        assert driver.step(), "the duel ended first"
    raise AssertionError("never reached")


def _summon_ready(scene) -> bool:
    return any(isinstance(c, Summon) for c in scene.gest.legal)


def _flow(mode: str = "versus_ai", seed: int = 21) -> MatchFlow:
    setup = DuelSetup(mode, PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])), best_of=1,
                      first=0, ai_level="random" if mode == "versus_ai" else None)
    return MatchFlow(setup, base_pool(), seed=seed, threaded=False, speed="instant")


# ------------------------------------------------------------------------------ undo
def test_undo_versus_the_computer_restores_the_exact_earlier_positions(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    duel = scene.session.duel
    first_hash, first_sent = state_hash(duel), len(scene.session.history)
    summon = next(c for c in scene.gest.legal if isinstance(c, Summon))
    driver.perform(summon)
    driver.settle()
    second_hash, second_sent = state_hash(duel), len(scene.session.history)
    nxt = next(c for c in scene.gest.legal if isinstance(c, NextPhase))
    driver.perform(nxt)
    driver.settle()
    assert len(scene.session.history) > second_sent
    # U takes back the last decision (Next Phase) and everything after it
    feed(scene, key(pygame.K_u))
    assert state_hash(duel) == second_hash and len(scene.session.history) == second_sent
    assert "Undone: Go on to the Battle Phase" in scene.toast.message
    # Ctrl+Z again: back to the start of the turn, the Summon taken back too
    feed(scene, key(pygame.K_z, pygame.KMOD_CTRL))
    assert state_hash(duel) == first_hash and len(scene.session.history) == first_sent
    assert summon.card in scene.board.me.hand  # the board shows it back in hand
    assert state_hash(duel) == replay_hash(4, scene.session.history)
    # nothing left: the button answers with why, and the duel goes on as before
    feed(scene, *click(scene.hud.aid_rects[aids.UNDO_KEY].center))
    assert "Nothing to undo" in scene.toast.message and state_hash(duel) == first_hash
    driver.perform(summon)
    driver.settle()
    assert state_hash(duel) == second_hash  # the same decision leads to the same position
    scene.draw(window)


def test_after_an_undo_no_pass_carries_the_duel_past_the_restored_position(window) -> None:
    scene = duel_scene(seed=6, humans=(True, False))
    scene.session.responses[0] = Responses.ALWAYS
    driver = GestureDriver(scene, seed=6)

    def only_pass(s) -> bool:
        view = s.session.view(0)
        return bool(view.lines) and list(view.legal_actions) == [Pass(0)]
    _until(scene, driver, only_pass, steps=2000)
    restored = state_hash(scene.session.duel)
    sent = len(scene.session.history)
    driver.perform(Pass(0))  # the person's own decision: marked
    driver.settle()
    feed(scene, key(pygame.K_u))
    assert state_hash(scene.session.duel) == restored
    # "when I can" would pass this window for them: not at the restored position
    scene.session.responses[0] = Responses.WHEN_ABLE
    for _ in range(120):
        scene.update(1 / 60)
    assert len(scene.session.history) == sent and scene.session.deciding == 0
    assert scene.can_act()
    feed(scene, key(pygame.K_SPACE))  # the person passes: the duel goes on
    assert len(scene.session.history) > sent


def test_hotseat_undo_needs_the_other_player_to_agree(window) -> None:
    scene = duel_scene(seed=2, first=0)
    driver = GestureDriver(scene, seed=2)
    _until(scene, driver, lambda s: s.shown == 0 and _summon_ready(s))
    before = state_hash(scene.session.duel)
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    assert scene.curtain is None and scene.shown == 0
    after = state_hash(scene.session.duel)
    feed(scene, key(pygame.K_u))
    ask = scene.dialog
    assert isinstance(ask, aids.CoverDialog) and "Player 2" in ask.title
    scene.draw(window)  # the question covers the board: no hand is drawn under it
    assert len({tuple(window.get_at((x, 650))[:3]) for x in range(270, 1000, 5)}) == 1
    feed(scene, *click(ask.buttons[1].rect.center))  # Player 2 refuses
    assert scene.dialog is None and state_hash(scene.session.duel) == after
    assert "refused" in scene.toast.message
    feed(scene, key(pygame.K_u))
    feed(scene, *click(scene.dialog.buttons[0].rect.center))  # Player 2 agrees
    assert state_hash(scene.session.duel) == before
    # Player 2 is at the screen: a curtain, before Player 1's side is shown again
    assert scene.curtain is not None and scene.curtain.seat == 0
    scene.draw(window)
    assert not scene.renderer.drawn
    feed(scene, key(pygame.K_RETURN))
    assert scene.curtain is None and scene.shown == 0 and scene.can_act()


def test_undo_never_takes_back_what_a_decision_showed(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    session = scene.session
    now = session.view(0)
    # the view at the mark: one card of the hand not known yet (as before a draw)
    drawn = now.me.hand[0]
    hand = (dataclasses.replace(drawn, card_id=None), *now.me.hand[1:])
    then = dataclasses.replace(now, sides=(dataclasses.replace(now.me, hand=hand), now.sides[1]),
                               log=())
    mark = Mark(session.duel.checkpoint(), 0, 0, session.duel.turn, then, "Summon")
    assert learned_since(mark, then) == []
    assert (drawn.uid, drawn.card_id) in learned_since(mark, now)
    session.undos.keep(mark)
    name = base_pool()[drawn.card_id].name
    why = session.undo_refusal(0, base_pool())
    assert why.startswith("Cannot undo") and name in why
    feed(scene, key(pygame.K_u))
    assert scene.toast.message == why and len(session.undos.marks) == 1


def test_the_duel_is_over_its_result_stands(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    scene.session.apply(Concede(0), 0)
    driver.settle()
    feed(scene, key(pygame.K_u))
    assert "result stands" in scene.toast.message and scene.session.over


def test_an_undo_restarts_the_autosave_and_the_replay_keeps_only_what_was_played(window, home) -> None:
    flow = _flow()
    scene = flow.first_scene()
    driver = GestureDriver(scene, seed=3)
    _until(scene, driver, _summon_ready)
    summon = next(c for c in scene.gest.legal if isinstance(c, Summon))
    driver.perform(summon)
    driver.settle()
    undone = list(scene.session.history)
    feed(scene, key(pygame.K_u))
    kept = list(scene.session.history)
    restored = state_hash(scene.session.duel)
    assert len(kept) < len(undone)
    # killed now: Continue brings back the position after the undo, not the undone one
    autosave.writer().flush()
    match, duel = autosave.restore_match(autosave.load(), base_pool())
    assert state_hash(duel) == restored and list(duel.history) == kept
    # a different decision now is journaled after the kept ones
    other = next(c for c in scene.gest.legal if isinstance(c, EndTurn))
    driver.perform(other)
    driver.settle()
    autosave.writer().flush()
    _, duel = autosave.restore_match(autosave.load(), base_pool())
    assert state_hash(duel) == state_hash(scene.session.duel)
    # the replay of the duel holds the commands played, never the undone Summon
    scene.session.apply(Concede(0), 0)
    driver.settle()
    from game.play.replay import load_replay

    assert flow.last_replay is not None
    replay = load_replay(flow.last_replay)
    assert list(replay.commands) == list(scene.session.duel.history)
    assert summon not in replay.commands[len(kept):len(kept) + 1]


# ------------------------------------------------------------------------------ hint
def test_hint_is_hards_legal_choice_for_the_persons_view_shown_on_the_board(window) -> None:
    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)
    view = scene.session.view(0)
    sent = len(scene.session.history)
    feed(scene, key(pygame.K_h))
    hint = scene.hints.hint
    assert hint is not None and hint.sent == sent and hint.seat == 0
    assert hint.command in view.legal_actions
    duel = scene.session.duel
    hard = make_player("hard", hint_seed(duel.seed, 0, sent), pool=base_pool(), rules=duel.rules,
                       deck=[c.cid for c in duel.cards if c.owner == 0], max_seconds=HINT_MAX_SECONDS)
    assert hard.choose(view) == hint.command
    assert scene.toast.message.startswith("Hint: ") and hint.words in scene.toast.message
    # on the board: the hint's colour around the card it moves
    scene.update(1 / 60)
    scene.draw(window)
    start, ends = aids.hint_rects(scene.geo, hint.command)
    assert start is not None or ends
    edge = (start or ends[0]).inflate(10, 10)
    colours = {tuple(window.get_at((x, edge.y + 1))[:3]) for x in range(edge.x + 12, edge.right - 12)}
    assert any(abs(c[0] - aids.HINT[0]) < 40 and abs(c[2] - aids.HINT[2]) < 40 for c in colours)
    # the hint goes once the position moves on
    driver.perform(hint.command)
    driver.settle()
    assert scene.hints.hint is None


def test_hint_is_not_for_hotseat_nor_for_the_other_players_decision(window) -> None:
    scene = duel_scene(seed=2, first=0)
    feed(scene, key(pygame.K_RETURN))  # the curtain
    feed(scene, key(pygame.K_h))
    assert scene.hints.hint is None and "against the computer" in scene.toast.message
    assert aids.HINT_KEY not in scene.hud.aid_rects


def test_puzzle_hint_keeps_its_text_and_adds_hards_move_then_undo_plays_on(window, home, shipped) -> None:
    puzzle = next(e for e in shipped if e.name == "Through the Guard")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), number=1, threaded=False, speed="instant")
    for _ in range(30):
        play.update(1 / 60)
    start = state_hash(play.session.duel)
    feed(play, key(pygame.K_h))  # the first step: the written hint's first sentence
    assert play.dialog is not None and play.dialog.title == "Hint 1 of 3"
    feed(play, key(pygame.K_RETURN))
    feed(play, key(pygame.K_h))  # the written hint whole
    assert play.dialog is not None and play.dialog.title == "Hint 2 of 3"
    assert (puzzle.hint or "no hint") in play.dialog.message
    feed(play, key(pygame.K_RETURN))
    feed(play, key(pygame.K_h))  # then Hard's move (issue 38: F1 steps through the hints)
    assert play.dialog is not None and play.dialog.title == "Hint 3 of 3"
    assert (puzzle.hint or "no hint") in play.dialog.message
    hint = play.duel.hints.hint
    assert hint is not None and hint.command in play.session.view(puzzle.seat).legal_actions
    duel = play.session.duel
    hard = pz.level_player(puzzle, "hard", puzzle.seat, hint_seed(duel.seed, puzzle.seat, 0),
                           max_seconds=HINT_MAX_SECONDS)
    assert hard.choose(play.session.view(puzzle.seat)) == hint.command
    feed(play, key(pygame.K_RETURN))  # closes the text: the move is on the board
    assert play.dialog is None and hint.words in play.duel.toast.message
    play.draw(window)
    # a move taken back: the goal's status and the autosave go back with it
    driver = GestureDriver(play.duel, seed=1)
    driver.perform(NextPhase(puzzle.seat))
    for _ in range(30):
        play.update(1 / 60)
    feed(play, key(pygame.K_u))
    assert state_hash(play.session.duel) == start and play.session.history == []
    autosave.writer().flush()
    assert autosave.load().commands == ()
    # decided (as if the move had failed it): the outcome offers Undo, which plays on
    driver.perform(NextPhase(puzzle.seat))
    for _ in range(30):
        play.update(1 / 60)
    play.tracker.status = pz.Status.FAILED
    for _ in range(5):
        play.update(1 / 60)
    assert play.dialog is not None and play.dialog.title == "Not solved"
    assert "undo your last move" in play.dialog.message
    undo = next(b for b, spec in zip(play.dialog.buttons, play.dialog.buttons_spec, strict=True)
                if spec.label == "Undo")
    feed(play, *click(undo.rect.center))
    assert state_hash(play.session.duel) == start
    assert play.status is pz.Status.PLAYING and play.outcome is None and play.dialog is None
    # ending the turn fails it; in a puzzle that too can be taken back
    # (tests/ui/test_aids_finish.py::test_a_failed_puzzle_is_undone_to_the_last_decision_and_played_again)
    driver.perform(EndTurn(puzzle.seat))
    for _ in range(900):
        play.update(1 / 60)
    assert play.status is pz.Status.FAILED and play.dialog.title == "Not solved"
    assert "Undo" in [spec.label for spec in play.dialog.buttons_spec]


# ------------------------------------------------------------------------------ yield
def test_pass_until_a_step_resolves_from_the_line_panel(window) -> None:
    scene = duel_scene(seed=2, first=0)
    for s in (0, 1):
        scene.session.responses[s] = Responses.ALWAYS
    driver = GestureDriver(scene, seed=2)
    _until(scene, driver, lambda s: s.shown == 0 and _summon_ready(s))
    summon = next(c for c in scene.gest.legal if isinstance(c, Summon))
    driver.perform(summon)
    driver.settle()
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    seat = scene.shown
    assert scene.board.lines, "the Summon's Step is on Line 1"
    scene.draw(window)  # the Line panel, as the person sees it
    rect, step = next((r, st) for r, st in scene.line_panel.hits)
    feed(scene, *click(rect.center, button=3))
    assert scene.line_panel.menu is not None
    scene.draw(window)
    feed(scene, *click(scene.line_panel.menu.row(0).center))
    assert scene.line_panel.menu is None and scene.session.yields[seat] is not None
    assert "Passing until" in scene.line_panel.answers_label()
    sent = len(scene.session.history)

    def waiting() -> bool:
        return any(st == step for line in scene.session.view(seat).lines for st in line)
    for _ in range(20):  # the other player answers nothing: Pass, each time they are asked
        driver.settle()
        if not waiting():
            break
        if scene.curtain is not None:
            feed(scene, key(pygame.K_RETURN))
            continue
        assert scene.shown != seat, "the yielding player was asked before the Step resolved"
        feed(scene, key(pygame.K_SPACE))
    assert not waiting()
    assert Pass(seat) in scene.session.history[sent:]  # passed for them, not asked
    assert scene.session.yields[seat] is None  # the Step resolved: asked again as before
    assert scene.line_panel.answers_label() == Responses.ALWAYS.label


def test_yield_by_keys_and_the_answers_button_stops_it(window) -> None:
    scene = duel_scene(seed=2, first=0)
    scene.session.responses[0] = Responses.ALWAYS
    scene.session.responses[1] = Responses.ALWAYS
    driver = GestureDriver(scene, seed=2)
    _until(scene, driver, lambda s: s.shown == 0 and _summon_ready(s))
    feed(scene, key(pygame.K_y))
    assert scene.line_panel.menu is None and "No Step" in scene.toast.message
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    if scene.curtain is not None:
        feed(scene, key(pygame.K_RETURN))
    feed(scene, key(pygame.K_y), key(pygame.K_RETURN))
    seat = scene.shown
    assert scene.session.yields[seat] is not None
    feed(scene, *click(scene.hud.setting_rects[("set", "resp")].center))
    assert scene.session.yields[seat] is None
    assert scene.session.responses[seat] is Responses.ALWAYS  # the click ended the yield only


def test_tab_skips_a_greyed_undo_and_stops_on_it_once_it_works(window) -> None:
    """Issue 38 item 26: Tab stopped on Undo while it was greyed out (nothing to undo)."""
    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    _until(scene, driver, _summon_ready)

    def tab_stops() -> list:
        seen = []
        for _ in range(300):
            feed(scene, key(pygame.K_TAB))
            if scene.input.focus in seen:
                break
            seen.append(scene.input.focus)
        return seen

    assert not scene.undo.possible(scene.aid_seat())
    assert aids.UNDO_KEY not in tab_stops()
    driver.perform(next(c for c in scene.gest.legal if isinstance(c, Summon)))
    driver.settle()
    assert scene.undo.possible(scene.aid_seat())
    assert aids.UNDO_KEY in tab_stops()
