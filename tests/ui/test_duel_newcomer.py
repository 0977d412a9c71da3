"""A newcomer's issue report on the duel screen (issue 38), each item pinned with real pygame
events: a Step row's card in the zoom, every Step's arrows and row light, the materials
prompt, a field Phantom's menu order, dropping on an enemy in Main Phase 1, Undo after
Continue, and the Line panel numbering its Lines as the log does."""

from __future__ import annotations

import pygame

from game.decks.deck import load_deck
from game.engine import (
    Activate,
    Attack,
    NextPhase,
    Pass,
    SpecialSummon,
    Summon,
    state_hash,
)
from game.files.resources import starter_deck
from game.play import autosave
from game.play.duel_setup import DuelSetup
from game.ui import theme
from game.ui.duel import aids, style
from game.ui.duel.flow import MatchFlow
from game.ui.duel.gestures import LATER_ATTACK
from game.ui.duel.resume import resume_scene
from game.ui.duel.scene import DuelScene
from tests.kit import base_pool, uid
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, drag, feed, key, motion
from tests.ui.test_target_arrows import hover_step, scene_after

BACKDRAFT = {"phase": "battle", "players": [
    {"phantom": ["iron_hound", "storm_rider"], "deck": ["stone_sentry"] * 3},
    {"phantom": [None, "stone_sentry"], "back": ["backdraft"], "deck": ["stone_sentry"] * 3}]}


def _backdraft_scene() -> DuelScene:
    return scene_after(BACKDRAFT, lambda d: Attack(0, uid(d, 0, "storm_rider"), uid(d, 1, "stone_sentry", "phantom")),
                       lambda d: Activate(1, uid(d, 1, "backdraft"), 0))


def _row(scene: DuelScene, line: int, step: int) -> pygame.Rect:
    return next(r for r, st in scene.line_panel.hits if (st.line, st.step) == (line, step))


# ------------------------------------------------------------------ 10: the zoom of a Step
def test_hovering_a_step_row_shows_its_card_in_the_zoom(window) -> None:
    scene = _backdraft_scene()
    scene.draw(window)
    assert scene.zoom.target() == (None, None)  # nothing under the pointer: "Hover a card"
    feed(scene, motion(_row(scene, 2, 1).center))
    cid, card = scene.zoom.target()
    assert cid == "backdraft" and card is not None and card.uid == uid(scene.session.duel, 1, "backdraft")
    feed(scene, motion(_row(scene, 1, 1).center))
    assert scene.zoom.target()[0] == "storm_rider"
    scene.draw(window)
    # the zoom is drawn, not the "Hover a card" words: its rect is no longer the plain panel
    from game.ui.duel.layout import LAYOUT
    inside = {tuple(window.get_at((x, LAYOUT.zoom.centery))[:3]) for x in range(LAYOUT.zoom.x + 20, LAYOUT.zoom.right - 20, 4)}
    assert len(inside) > 6
    feed(scene, motion((640, 700)))
    assert scene.zoom.target() == (None, None)


# ------------------------------------------------------------ 11: every Step's arrow and light
def test_backdraft_points_at_the_attacker_and_its_row_lights(window) -> None:
    scene = _backdraft_scene()
    duel = scene.session.duel
    rider, backdraft = uid(duel, 0, "storm_rider"), uid(duel, 1, "backdraft")
    scene.draw(window)
    row = _row(scene, 2, 1)
    unlit = tuple(window.get_at((row.x + 40, row.y + 1)))[:3]
    (arrow,) = hover_step(scene, window, 2, 1)
    assert (arrow.kind, arrow.target) == ("card", rider)
    assert arrow.start == scene.geo.rect_of(backdraft).center
    assert arrow.end == scene.geo.rect_of(rider).center
    mid = ((arrow.start[0] + arrow.end[0]) // 2, (arrow.start[1] + arrow.end[1]) // 2)
    assert tuple(window.get_at(mid))[:3] == style.player_colour(1)
    # the hovered row is ringed, whoever's Step it is
    assert tuple(window.get_at((row.x + 40, row.y + 1)))[:3] == theme.TEXT != unlit


# ------------------------------------------------------------------ 12: the materials prompt
def test_materials_rows_say_where_each_is_and_the_prompt_counts(window) -> None:
    spec = {"phase": "main1", "players": [
        {"phantom": ["pyre_hound", {"card": "pyre_hound", "position": "defense", "face": "down"}],
         "extra": ["blazing_chimera"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec)
    duel = scene.session.duel
    chimera = uid(duel, 0, "blazing_chimera")
    cmd = next(c for c in scene.gest.legal if isinstance(c, SpecialSummon) and c.card == chimera)
    GestureDriver(scene).perform(cmd)
    for _ in range(3):
        scene.update(1 / 60)
    p = scene.input.prompt
    assert p is not None and p.title == "Materials" and p.need == 2
    assert p.text.startswith("Choose 2 materials for Blazing Chimera (0 chosen).")
    labels = sorted(r.label for r in p.rows)
    assert labels == ["Pyre Hound (slot 1, face-up, Attack)",
                      "Pyre Hound (slot 2, face-down, Defense)"]
    scene.draw(window)
    first = scene.input.panel.row_rect(p, 0)
    feed(scene, *click(first.center))
    assert scene.input.prompt.text.startswith("Choose 2 materials for Blazing Chimera (1 chosen).")


# ------------------------------------------------------------------ 13: the menu's order
MAIN1 = {"turn": 3, "phase": "main1", "players": [
    {"phantom": ["iron_hound", "storm_rider"], "deck": ["stone_sentry"] * 3},
    {"phantom": [None, "stone_sentry"], "deck": ["stone_sentry"] * 3}]}


def test_a_field_phantoms_menu_puts_unsummon_last(window) -> None:
    spec = {"turn": 3, "phase": "main1", "players": [
        {"sp": 5, "phantom": ["ash_hurler"], "deck": ["stone_sentry"] * 3},
        {"deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec)
    hurler = uid(scene.session.duel, 0, "ash_hurler")
    scene.draw(window)
    feed(scene, *click(scene.geo.rect_of(hurler).center))
    labels = [e.label for e in scene.input.popup.entries]
    assert labels[0].startswith("Activate") and labels[-1] == "Unsummon (to hand)"
    assert "Unsummon (to hand)" in labels and len(labels) >= 2
    scene = scene_after(MAIN1)
    rider = uid(scene.session.duel, 0, "storm_rider")
    scene.draw(window)
    feed(scene, *click(scene.geo.rect_of(rider).center))
    labels = [e.label for e in scene.input.popup.entries]
    assert labels[0] == LATER_ATTACK and labels[-1] == "Unsummon (to hand)"


# -------------------------------------------------------- 14: an enemy dropped on in Main 1
def test_dropping_on_an_enemy_in_main_1_goes_to_battle_and_attacks(window) -> None:
    scene = scene_after(MAIN1)
    duel = scene.session.duel
    rider, sentry = uid(duel, 0, "storm_rider"), uid(duel, 1, "stone_sentry", "phantom")
    scene.draw(window)
    feed(scene, *drag(scene.geo.rect_of(rider).center, scene.geo.rect_of(sentry).center))
    assert scene.session.history[:2] == [NextPhase(0), Attack(0, rider, sentry)]
    assert duel.phase.value == "battle"


def test_the_menus_attack_goes_to_battle_by_keys_too(window) -> None:
    scene = scene_after(MAIN1)
    duel = scene.session.duel
    hound, sentry = uid(duel, 0, "iron_hound"), uid(duel, 1, "stone_sentry", "phantom")
    scene.draw(window)
    feed(scene, *click(scene.geo.rect_of(hound).center))
    feed(scene, key(pygame.K_RETURN))  # the first entry: Attack… (goes to Battle Phase)
    assert scene.input.held is not None
    feed(scene, *click(scene.geo.rect_of(sentry).center))
    assert scene.session.history[:2] == [NextPhase(0), Attack(0, hound, sentry)]


def test_an_illegal_drop_on_an_enemy_cites_the_battle_rule_and_stays(window) -> None:
    spec = {"turn": 3, "phase": "main1", "players": [
        {"phantom": [{"card": "storm_rider", "position": "defense"}], "deck": ["stone_sentry"] * 3},
        {"phantom": [None, "stone_sentry"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec)
    duel = scene.session.duel
    rider, sentry = uid(duel, 0, "storm_rider"), uid(duel, 1, "stone_sentry", "phantom")
    scene.draw(window)
    feed(scene, *drag(scene.geo.rect_of(rider).center, scene.geo.rect_of(sentry).center))
    assert scene.session.history == [] and duel.phase.value == "main1"
    said = scene.toast.message
    # the reason it would be refused in the Battle Phase too, not "attacks are in the Battle Phase"
    assert said == "Defense Position Phantoms cannot attack. (Rule B1)"
    for _ in range(60 * 4):  # four seconds on: still there
        scene.update(1 / 60)
    assert scene.toast.visible and scene.toast.message == said
    box = scene.toast.box()
    feed(scene, motion(box.center))
    for _ in range(60 * 10):  # hovered: it stays, with the rule's words
        scene.update(1 / 60)
    assert scene.toast.visible and scene.toast.detail.startswith("Rule B1")
    scene.draw(window)
    # in Main Phase 2 an attack is refused for the phase: B1 (attacks in the Battle Phase), not D8
    spec["phase"] = "main2"
    spec["players"][0]["phantom"] = ["storm_rider"]
    scene = scene_after(spec)
    rider = uid(scene.session.duel, 0, "storm_rider")
    scene.draw(window)
    feed(scene, *drag(scene.geo.rect_of(rider).center, scene.geo.rect_of(sentry).center))
    assert "(Rule B1)" in scene.toast.message and "(Rule D8)" not in scene.toast.message


# ------------------------------------------------------------------ 15: Undo after Continue
PATHS = (starter_deck("ember_rush"), starter_deck("veil_control"))


def _summoned(best_of: int = 1):
    """A duel versus the computer in which the person has just Summoned (their first Summon
    of the turn): the flow, the screen, the Summon, the position and command count before it."""
    setup = DuelSetup("versus_ai", PATHS, (load_deck(PATHS[0]), load_deck(PATHS[1])), best_of=best_of,
                      first=0, ai_level="random")
    flow = MatchFlow(setup, base_pool(), seed=21, threaded=False, speed="instant")
    scene = flow.first_scene()
    driver = GestureDriver(scene, seed=3)
    for _ in range(400):
        driver.settle()
        if scene.can_act() and any(isinstance(c, Summon) for c in scene.gest.legal):
            break
        assert driver.step()
    before = state_hash(scene.session.duel)
    sent = len(scene.session.history)
    summon = next(c for c in scene.gest.legal if isinstance(c, Summon))
    driver.perform(summon)
    driver.settle()
    assert len(scene.session.history) > sent
    return flow, scene, summon, before, sent


def test_undo_takes_back_a_summon_made_before_continue(window, home) -> None:
    _flow, scene, summon, before, sent = _summoned()
    # the game is killed here; Continue brings the duel back through the real path
    autosave.writer().flush()
    back = resume_scene()
    assert isinstance(back, DuelScene) and back is not scene
    for _ in range(5):
        back.update(1 / 60)
    assert state_hash(back.session.duel) == state_hash(scene.session.duel)
    assert back.undo.possible(0)
    feed(back, *click(back.hud.aid_rects[aids.UNDO_KEY].center))
    assert "Nothing to undo" not in back.toast.message
    assert back.toast.message.startswith("Undone: ")
    assert state_hash(back.session.duel) == before and len(back.session.history) == sent
    assert summon.card in back.board.me.hand
    back.draw(window)
    # the autosave starts again from the position the undo restored
    autosave.writer().flush()
    _match, duel = autosave.restore_match(autosave.load(), base_pool())
    assert state_hash(duel) == before


def test_undo_takes_back_a_summon_made_before_save_and_leave(window, home) -> None:
    from game.play import suspend

    flow, scene, summon, before, sent = _summoned(best_of=3)
    flow.save_suspended()  # "Save and leave", then Continue
    _flow, back = MatchFlow.resume(suspend.load(), base_pool(), threaded=False)
    for _ in range(5):
        back.update(1 / 60)
    feed(back, key(pygame.K_u))
    assert back.toast.message.startswith("Undone: ")
    assert state_hash(back.session.duel) == before and len(back.session.history) == sent


# ------------------------------------------------------------ the Line numbers of the log
def test_the_line_panel_numbers_lines_as_the_log_does(window) -> None:
    spec = {"phase": "main1", "players": [
        {"sp": 5, "hand": ["iron_hound", "cinder_pup"], "deck": ["stone_sentry"] * 3},
        {"back": ["denial"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec, lambda d: Summon(0, uid(d, 0, "iron_hound"), "phantom", 0, True, True),
                        lambda d: Pass(1), lambda d: Pass(0),
                        lambda d: Summon(0, uid(d, 0, "cinder_pup"), "phantom", 1, True, True))
    assert len(scene.session.duel.state.lines) == 1  # the engine's Line 1, the duel's second
    scene.draw(window)
    assert scene.line_panel.number(1) == 2
    assert any("Line 2" in e.text for e in scene.log.entries) or scene.describer.ids == [2]
    (row, step), = scene.line_panel.hits
    assert step.line == 1
    hover_step(scene, window, 1, 1)
    scene.line_panel.open_menu(step, row.center)
    assert scene.line_panel.menu is not None and scene.line_panel.menu.title.startswith("2.1")
    scene.session.yield_to(scene.shown, step)  # "pass until this Step resolves" names it alike
    assert "(Line 2, Step 1)" in scene.line_panel.answers_label()


# ------------------------------------------------------- 16: the hint's toast and F1's steps
def test_a_hint_toast_goes_once_the_move_is_made_and_the_pause_covers_it(window) -> None:
    from tests.ui.duel_kit import duel_scene

    scene = duel_scene(seed=4, humans=(True, False))
    driver = GestureDriver(scene, seed=4)
    for _ in range(400):
        driver.settle()
        if scene.can_act() and any(isinstance(c, Summon) for c in scene.gest.legal):
            break
        assert driver.step()
    feed(scene, key(pygame.K_h))
    hint = scene.hints.hint
    assert hint is not None and scene.toast.visible and scene.toast.message == "Hint: " + hint.words
    # the pause menu lies over the toast: the toast's pixels are dimmed under it
    scene.update(1 / 60)
    scene.draw(window)
    box = scene.toast.box()
    lit = tuple(window.get_at((box.x + 3, box.centery)))[:3]
    feed(scene, key(pygame.K_ESCAPE))
    assert scene.dialog is not None
    scene.draw(window)
    under = tuple(window.get_at((box.x + 3, box.centery)))[:3]
    assert sum(under) < sum(lit)
    feed(scene, key(pygame.K_ESCAPE))  # resume
    assert scene.dialog is None
    driver.perform(hint.command)  # the hinted move is played: its toast goes with it
    driver.settle()
    assert scene.hints.hint is None
    assert not (scene.toast.visible and scene.toast.message.startswith("Hint: "))


def _through_the_guard():
    """Puzzle 1 opened as the Puzzles screen opens it, settled: (its entry, its scene)."""
    from pathlib import Path

    from game.play import puzzles as pz
    from game.ui.puzzle_play import PuzzlePlayScene

    shipped = pz.list_puzzles(pz.SHIPPED_DIR, Path("/nonexistent"))
    puzzle = next(e for e in shipped if e.name == "Through the Guard")
    play = PuzzlePlayScene(puzzle, pz.load_progress(), number=1, threaded=False, speed="instant")
    for _ in range(30):
        play.update(1 / 60)
    return puzzle, play


def test_f1_in_a_puzzle_steps_through_its_hints(window, home) -> None:

    from game.ui.puzzle_play import hint_steps

    puzzle, play = _through_the_guard()
    sentences = hint_steps(puzzle.hint)
    assert len(sentences) == 2
    feed(play, key(pygame.K_F1))
    assert play.dialog.title == "Hint 1 of 3" and sentences[0] in play.dialog.message
    assert sentences[1] not in play.dialog.message and play.duel.hints.hint is None
    play.draw(window)
    feed(play, key(pygame.K_RETURN))
    feed(play, key(pygame.K_F1))
    assert play.dialog.title == "Hint 2 of 3" and puzzle.hint in play.dialog.message
    feed(play, key(pygame.K_RETURN))
    feed(play, key(pygame.K_F1))
    assert play.dialog.title == "Hint 3 of 3" and play.duel.hints.hint is not None
    feed(play, key(pygame.K_RETURN))
    assert play.duel.hints.hint.words in play.duel.toast.message
    feed(play, key(pygame.K_F1))  # past the last: the last again
    assert play.dialog.title == "Hint 3 of 3"


def test_a_puzzle_decided_while_paused_waits_under_the_pause(window, home) -> None:

    from game.play import puzzles as pz
    from game.ui.duel.pause import PauseMenu

    puzzle, play = _through_the_guard()
    feed(play, key(pygame.K_ESCAPE))
    assert isinstance(play.duel.dialog, PauseMenu)
    play.tracker.status = pz.Status.FAILED  # decided while the pause menu is open
    for _ in range(10):
        play.update(1 / 60)
    assert play.dialog is None and play.outcome is None  # nothing over the pause menu
    play.draw(window)
    feed(play, key(pygame.K_ESCAPE))  # resume: now the outcome shows
    for _ in range(5):
        play.update(1 / 60)
    assert play.duel.dialog is None and play.dialog is not None and play.dialog.title == "Not solved"


def test_a_drop_where_a_card_cannot_go_says_where_it_can(window) -> None:
    """Flare Bolt (a Spirit) dropped on an enemy Phantom: the toast names the places lit
    while it was held, not only "cannot go there"."""
    spec = {"turn": 3, "phase": "main1", "players": [
        {"sp": 5, "hand": ["flare_bolt"], "deck": ["stone_sentry"] * 3},
        {"phantom": [None, "stone_sentry"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec)
    duel = scene.session.duel
    bolt, sentry = uid(duel, 0, "flare_bolt"), uid(duel, 1, "stone_sentry", "phantom")
    scene.draw(window)
    feed(scene, *drag(scene.geo.rect_of(bolt).center, scene.geo.rect_of(sentry).center))
    assert scene.session.history == []
    said = scene.toast.message
    assert said.startswith("Flare Bolt cannot go there: drop it on "), said
    assert said.endswith("a back-row slot or a Side Balance slot"), said  # where its drag lit


def test_an_extra_deck_phantom_dropped_on_a_full_slot_is_told_where_it_can_go(window) -> None:
    """Puzzle 9's board: three Phantom slots full, Blazing Chimera held from the Extra Deck
    and dropped on a material's slot: the refusal (the slot is taken, Rule F3) goes on with
    the places its drag lit."""
    spec = {"turn": 7, "phase": "main1", "players": [
        {"phantom": ["cinder_pup", "ember_imp", "spark_runner"], "extra": ["blazing_chimera"],
         "deck": ["stone_sentry"] * 3},
        {"phantom": ["stone_sentry"], "deck": ["stone_sentry"] * 3}]}
    scene = scene_after(spec)
    duel = scene.session.duel
    chimera, pup = uid(duel, 0, "blazing_chimera"), uid(duel, 0, "cinder_pup")
    scene.draw(window)
    GestureDriver(scene).reveal_extra(chimera)  # the Extra Deck opened as a person opens it
    scene.draw(window)
    assert scene.geo.rect_of(chimera) is not None, "the Extra Deck is not open"
    feed(scene, *drag(scene.geo.rect_of(chimera).center, scene.geo.rect_of(pup).center))
    assert scene.session.history == []
    said = scene.toast.message
    assert "(Rule F3)" in said and ": drop it on a Side Balance slot" in said, said


def test_the_end_banner_says_you_to_the_one_person_against_the_computer(window) -> None:
    """Seen playing puzzle 9 in a real window: the log said "You win the duel" while the
    banner said "Player 1 wins the duel". Against the computer the person is "you"; in
    hotseat both watch, so the winner is named."""
    from game.engine import events as ev
    from game.ui.duel.tweens import Banner
    from tests.ui.duel_kit import duel_scene

    def banner(scene: DuelScene, winner: int) -> str:
        scene.table.anim._on_DuelEnded(ev.DuelEnded(winner, "lp"))
        return [t for t in scene.table.anim.tweens if isinstance(t, Banner)][-1].text

    versus = duel_scene(seed=4, humans=(True, False))
    assert banner(versus, 0) == "You win the duel"
    assert banner(versus, 1) == f"{versus.name(1)} wins the duel"
    hotseat = duel_scene(seed=4, humans=(True, True))
    assert banner(hotseat, 0) == f"{hotseat.name(0)} wins the duel"
    # the phase bar's words once it is over say the same
    for scene, words in ((versus, "you win"), (hotseat, f"{hotseat.name(0)} wins")):
        scene.session.duel.state.winner = 0
        scene.finished = True
        assert scene.hud.over_words().endswith(words), scene.hud.over_words()
