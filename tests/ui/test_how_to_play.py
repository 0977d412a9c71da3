"""How to play, as a newcomer plays it: the menu's first entry, every lesson through real
posted gestures only (drags for Summons and attacks, clicks on cards, menus, prompts and the
phase bar, keys; no engine or session method is called to play), each step's words shown,
its Hint in those words, only its card marked PLAY, a wrong move answered in words and not
played, leaving midway and coming back to the same step, and the end pointing to Puzzles
and a duel against Easy."""

from __future__ import annotations

import itertools
import re
import time

import pygame

from game.engine import Choose, EndTurn, Summon, Zone
from game.play import lessons as ls
from game.play import puzzles as pz
from game.ui.duel.layout import LAYOUT
from game.ui.duel.panels import phase_segments
from game.ui.duel.pause import PauseMenu
from game.ui.lessons import LessonPlayScene
from game.ui.menu import MenuScene
from game.ui.puzzles_scene import PuzzlesScene
from game.ui.scene import Pop, Push, Replace, apply_transition
from game.ui.setup_scene import DuelSetupScene
from tests.ui.duel_driver import GestureDriver
from tests.ui.events import click, drag, feed, key, motion
from tests.ui.test_puzzles_scene import Through, frames, play_moves

# what a lesson's Hint must never say: a score, the evaluation, the AI level
JARGON = re.compile(r"[+\u2212-]\d|evaluation|Hard level")


def open_from_menu(menu: MenuScene, window: pygame.Surface) -> LessonPlayScene:
    """The newcomer clicks the first entry of the title menu."""
    menu.draw(window)
    assert menu.items[0].label == "How to play"
    out = feed(menu, *click(menu.button_rects()[0].center))
    assert out and isinstance(out[0], Push), "How to play opened nothing"
    scene = out[0].scene
    assert isinstance(scene, LessonPlayScene)
    scene.threaded = False  # later lessons are made from this one (Next lesson)
    return scene


def press(scene, label: str) -> list:
    """A click on the dialog's button `label`."""
    dialog = scene.dialog
    assert dialog is not None, f"no dialog to press {label!r} on"
    i = [b.label for b in dialog.buttons_spec].index(label)
    return feed(scene, *click(dialog.buttons[i].rect.center))


def settle(play: LessonPlayScene) -> None:
    """Frames until the learner decides (the opponent thinks in a worker thread)."""
    deadline = time.monotonic() + 60
    for n in itertools.count():
        frames(play, 1)
        if play.duel.can_act() and play.session.deciding == play.lesson.seat:
            return
        if n >= 600:
            assert time.monotonic() < deadline, "the screen never let the learner play"
            time.sleep(0.005)


def step_groups(lesson: ls.Lesson) -> list[list]:
    """Each step's move with the answers to the choices it asks (the lesson's line)."""
    solution = pz.run_solution(lesson.puzzle)
    assert not solution.failures
    groups: list[list] = []
    for cmd in solution.commands:
        if cmd.player == lesson.seat:
            if ls.is_step(cmd) or not groups:
                groups.append([])
            groups[-1].append(cmd)
    return groups


def assert_step_shown(play: LessonPlayScene, window: pygame.Surface) -> None:
    """The step's words on screen: all of them in the coach box, what to do on the banner
    (the pointer is moved off the cards first: a hovered card takes the coach's place)."""
    feed(play, motion(play.coach_rect().center))
    play.draw(window)
    words = play.step_words()
    assert play.coach_shown()
    assert play.coach_head() == f"Step {play.step + 1} of {len(play.lesson.steps)}"
    assert " ".join(play.coach_lines()) == words  # every word, none cut
    assert play.banner_line() == f"Step {play.step + 1}: {play.lesson.banners[play.step]}"
    assert play.banner_fits()  # the banner's line whole, not cut
    assert play.coach_rect().colliderect(play.duel.log.rect) is False


def assert_hint_says_the_step(play: LessonPlayScene) -> None:
    """F1: the step's words; closed: the step's move on the board with the step's words,
    never a score."""
    words = play.step_words()
    feed(play, key(pygame.K_F1))
    assert play.dialog is not None and play.dialog.message.startswith(words)
    press(play, "Back to the lesson")
    assert play.dialog is None
    hint = play.duel.hints.hint
    assert hint is not None and words in hint.words and not JARGON.search(hint.words)
    assert ls.matches(hint.command, play.lesson.moves[play.step])  # the step's own move
    toast = play.duel.toast.message
    assert toast.startswith("Hint: ") and words in toast and not JARGON.search(toast)


def assert_only_the_step_is_marked(play: LessonPlayScene) -> None:
    """PLAY goes on the step's card alone; a phase step marks none (legal cards stay unmarked)."""
    wanted = play.lesson.moves[play.step]
    card = ls.card_of(wanted)
    marked = play.duel.lights().playable
    assert marked == ({card} if card is not None else set()), (wanted, marked)
    assert marked <= play.duel.input.playable()


def try_a_wrong_move(play: LessonPlayScene) -> bool:
    """A legal move that is not the step's, made by gesture: answered in words (what was
    asked instead), not sent. False when the step's move is the only one."""
    wanted = play.lesson.moves[play.step]
    duel = play.duel
    wrong = next((c for c in duel.gest.legal if not isinstance(c, Choose)
                  and not ls.matches(c, wanted)), None)
    if wrong is None:
        return False
    before, refused = list(play.session.history), play.refusals
    GestureDriver(Through(play)).perform(wrong)
    frames(play, 2)
    assert play.session.history == before, f"{wrong} was played"
    assert play.refusals == refused + 1
    assert duel.toast.visible and duel.toast.message.startswith("Not in this lesson: ")
    assert duel.toast.message.endswith(ls.instruction(play.step_words()))
    if duel.input.popup is not None or duel.dialog is not None:
        feed(play, key(pygame.K_ESCAPE))
    return True


def play_lesson(play: LessonPlayScene, window: pygame.Surface, wrong: bool = True) -> int:
    """Every step of the lesson, from the one awaited now, through gestures: each under its
    own words, with its Hint, its PLAY mark and (`wrong`) a wrong move first. Returns how
    many wrong moves were answered."""
    frames(play, 5)
    start = play.step
    groups = step_groups(play.lesson)
    seen = []
    answered = 0
    for group in groups[start:]:
        settle(play)
        assert_step_shown(play, window)
        seen.append(play.step_words())
        assert_only_the_step_is_marked(play)
        if wrong and try_a_wrong_move(play):
            answered += 1
        assert_hint_says_the_step(play)
        refused = play.refusals
        play_moves(play, group)
        assert play.refusals == refused  # the step's own move is never refused
    assert seen == list(play.lesson.steps[start:])  # each step was awaited under its own words
    frames(play, 600)
    play.draw(window)
    assert play.finished and play.step == len(play.lesson.steps)
    assert play.dialog is not None
    return answered


def test_how_to_play_is_the_first_entry_and_opens_the_first_lesson(window, home) -> None:
    scene = open_from_menu(MenuScene(), window)
    assert scene.index == 0 and scene.lesson.title == "Draw, SP and a Summon"
    scene.draw(window)


def test_a_newcomer_plays_how_to_play_start_to_end_leaving_midway(window, home) -> None:
    menu = MenuScene()
    stack = [menu]
    play = open_from_menu(menu, window)
    apply_transition(stack, Push(play))
    total = len(play.lessons)
    assert total == 6
    titles = []
    answered = 0
    left_at = 1  # one step into the second lesson, the newcomer leaves, then comes back
    while True:
        titles.append(play.lesson.title)
        if play.index == left_at and titles.count(play.lesson.title) == 1:
            frames(play, 5)
            first = step_groups(play.lesson)[0]
            play_moves(play, first)  # the first step: Battle on the phase bar
            frames(play, 30)
            assert play.step == 1 and play.step_words() == play.lesson.steps[1]
            left_after = list(play.session.history)
            feed(play, key(pygame.K_ESCAPE))  # the pause menu, as in any duel
            assert isinstance(play.duel.dialog, PauseMenu)
            feed(play, *click(next(b for b in play.duel.dialog.buttons
                                   if b.label.startswith("Leave")).rect.center))
            out = feed(play, *click(play.duel.dialog.buttons[0].rect.center))  # "Leave"
            out += frames(play, 2)
            assert Pop() in out
            apply_transition(stack, Pop())
            assert stack == [menu]
            # saved like puzzle progress: the two finished lessons, not the one left
            progress = ls.load_progress()
            assert [lesson.key for lesson in play.lessons if progress.is_solved(lesson.key)] \
                == [lesson.key for lesson in play.lessons[:left_at]]
            assert ls.load_resume() is not None  # the lesson left midway is kept
            play = open_from_menu(menu, window)  # How to play again: the same lesson
            assert play.index == left_at and play.lesson.title == titles[-1]
            assert play.step == 1  # at the step it was left on, the board as it was
            assert play.session.history == left_after
            frames(play, 5)
            assert_step_shown(play, window)
            apply_transition(stack, Push(play))
        answered += play_lesson(play, window)
        assert ls.load_resume() is None  # a finished lesson is not kept to resume
        assert ls.load_progress().is_solved(play.lesson.key)
        if play.last:
            break
        assert play.dialog.title == f"Lesson {play.index + 1} of {total} done"
        out = press(play, "Next lesson")
        out += frames(play, 1)
        nexts = [t for t in out if isinstance(t, Replace)]
        assert nexts and isinstance(nexts[0].scene, LessonPlayScene)
        apply_transition(stack, nexts[0])
        play = stack[-1]
        play.threaded = False
    assert titles == [lesson.title for lesson in play.lessons]  # each once, in order
    assert answered >= len(play.lessons)  # at least one wrong move answered in each lesson
    assert "An Extra Deck Summon" in titles and "A Line Break" in titles
    # the end points to Puzzles and to a duel against Easy
    assert play.dialog.title == "How to play: done"
    assert "Puzzles" in play.dialog.message and "Easy" in play.dialog.message
    labels = [b.label for b in play.dialog.buttons_spec]
    assert labels == ["Puzzles", "Duel against Easy", "Back to the menu"]
    out = press(play, "Puzzles") + frames(play, 1)
    assert any(isinstance(t, Replace) and isinstance(t.scene, PuzzlesScene) for t in out)
    # every lesson is finished: How to play starts again at the first
    assert open_from_menu(MenuScene(), window).index == 0


def test_the_last_lesson_offers_a_duel_against_easy(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, len(lessons) - 1, ls.load_progress(), threaded=False)
    play_lesson(play, window)
    out = press(play, "Duel against Easy") + frames(play, 1)
    setups = [t.scene for t in out if isinstance(t, Replace)]
    assert setups and isinstance(setups[0], DuelSetupScene)
    assert setups[0].mode == "versus_ai" and setups[0].ai_level.value == "easy"


def test_a_wrong_move_gets_words_not_silence(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 0, ls.load_progress(), threaded=False)
    frames(play, 5)
    play.draw(window)
    duel = play.duel
    # step 1 asks to end the turn; the newcomer drags Stone Sentry onto a Phantom slot instead
    sentry = next(c for c in duel.gest.legal if isinstance(c, Summon))
    assert sentry in duel.gest.legal  # a legal move in the duel, just not this step's
    start = duel.geo.rect_of(sentry.card).center
    from game.ui.duel.gestures import drop_target
    from game.ui.duel.hits import target_rect

    end = target_rect(duel.geo, drop_target(sentry)).center
    feed(play, *drag(start, end))
    if duel.input.popup is not None:  # a chooser (position), as the driver would pick
        feed(play, *click(duel.input.popup.row(0).center))
    assert play.session.history == []  # not sent
    assert play.refusals == 1
    assert duel.toast.visible and "Not in this lesson" in duel.toast.message
    assert "End on the phase bar" in duel.toast.message  # what to do instead
    play.draw(window)
    # Next Phase (Space) is not this step either: words again
    feed(play, key(pygame.K_SPACE))
    assert play.session.history == [] and play.refusals == 2
    assert "End on the phase bar" in duel.toast.message
    # the asked move goes through
    feed(play, *click(dict(phase_segments(LAYOUT.phase_bar))["end"].center))
    assert play.session.history[:1] == [EndTurn(0)]


def test_a_wrong_attack_is_answered_with_the_step(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 1, ls.load_progress(), threaded=False)
    frames(play, 5)
    # step 1 asks for the Battle Phase; ending the turn instead is answered in words
    feed(play, *click(dict(phase_segments(LAYOUT.phase_bar))["end"].center))
    assert play.session.history == []
    assert "Battle" in play.duel.toast.message and "Not in this lesson" in play.duel.toast.message
    feed(play, key(pygame.K_F1))  # the step's words again, on request
    assert play.dialog is not None and play.dialog.message.startswith(lessons[1].steps[0])


def test_the_coach_gives_way_to_a_hovered_card(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 5, ls.load_progress(), threaded=False)
    frames(play, 5)
    assert play.coach_shown()
    pile = play.duel.geo.pile_rect(play.duel.shown, Zone.EXTRA)
    feed(play, *click(pile.center))  # the Extra Deck tray opens
    play.draw(window)


def test_passing_instead_of_the_counter_is_answered_with_the_step(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 3, ls.load_progress(), threaded=False)
    for _ in range(600):  # the opponent's turn: Battle Phase, Iron Hound attacks
        play.update(1 / 60)
        if play.duel.can_act():
            break
    assert play.duel.can_act() and play.session.view(0).lines
    before = list(play.session.history)
    feed(play, *click(LAYOUT.action.center))  # "Pass"
    assert play.session.history == before and play.refusals == 1
    assert play.duel.toast.message == ("Not in this lesson: Pass. Iron Hound attacks you. Click "
                                       "your face-down Parry (your back row) and choose Activate.")
    play.draw(window)


def test_a_legal_card_that_is_not_the_step_is_not_marked_play(window, home) -> None:
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 0, ls.load_progress(), threaded=False)
    frames(play, 5)
    duel = play.duel
    sentry = next(c.card for c in duel.gest.legal if isinstance(c, Summon))
    assert sentry in duel.input.playable()  # Stone Sentry could be Summoned...
    assert duel.lights().playable == set()  # ...but step 1 is End on the phase bar: no mark
    play.draw(window)


def test_retry_forgets_the_lesson_left_midway(window, home) -> None:
    lessons = ls.list_lessons()
    stack: list = []
    play = LessonPlayScene(lessons, 1, ls.load_progress(), threaded=False)
    apply_transition(stack, Push(play))
    play_moves(play, step_groups(play.lesson)[0])
    frames(play, 30)
    assert play.step == 1
    out = feed(play, key(pygame.K_F5)) + frames(play, 1)  # Retry: the lesson from its start
    apply_transition(stack, next(t for t in out if isinstance(t, Replace)))
    assert ls.load_resume() is None
    apply_transition(stack, Pop())  # left at step 0: nothing to resume either
    assert ls.load_resume() is None


def test_every_lesson_opening_fits_at_130_percent_text(window, home) -> None:
    """Each lesson's first screen at the largest text size: the banner whole, the step's words
    in the coach box within the zoom's place (above the note and the log), nothing cut."""
    from game.files import folders
    from game.ui import look

    settings = folders.Settings()
    settings.set("access", "text_scale", 130)
    look.apply(settings)
    try:
        lessons = ls.list_lessons()
        for i in range(len(lessons)):
            play = LessonPlayScene(lessons, i, ls.load_progress(), threaded=False)
            settle(play)
            assert_step_shown(play, window)
            assert play.coach_rect().bottom <= LAYOUT.zoom.bottom, play.lesson.title
            assert play.coach_rect().right <= LAYOUT.columns[0], play.lesson.title
    finally:
        look.reset()


def test_snapshot_opens_a_named_lesson(tmp_path, home) -> None:
    from tests.ui.test_setup_and_cli import run_main

    out = tmp_path / "l.png"
    proc = run_main("snapshot", "how_to_play", "--scenario", "An Extra Deck Summon", "--out",
                    str(out), "--frames", "3", home=home)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
    proc = run_main("snapshot", "how_to_play", "--scenario", "No such lesson", "--out",
                    str(out), home=home)
    assert proc.returncode == 2 and "not a shipped lesson" in proc.stderr


def test_the_duels_hint_button_gives_the_steps_words_not_a_score(window, home) -> None:
    """The duel's own Hint button (H) in a lesson is the lesson's hint: no AI, no score."""
    lessons = ls.list_lessons()
    play = LessonPlayScene(lessons, 1, ls.load_progress(), threaded=False)
    play_moves(play, step_groups(play.lesson)[0])  # Battle Phase: step 2 is the attack
    settle(play)
    play.draw(window)
    from game.ui.duel import aids

    feed(play, *click(play.duel.hud.aid_rects[aids.HINT_KEY].center))  # Hint  (H)
    assert play.dialog is not None and play.dialog.message.startswith(lessons[1].steps[1])
    press(play, "Back to the lesson")
    frames(play, 30)  # no worker is asked: the words stand at once, and stay
    assert play.duel.hints.asking is None
    hint = play.duel.hints.hint
    assert hint is not None and hint.words == lessons[1].steps[1]
    assert not JARGON.search(play.duel.toast.message)


def test_a_kept_lesson_whose_start_changed_starts_from_its_position(window, home) -> None:
    from game.engine import NextPhase
    from game.ui.lessons import how_to_play

    lessons = ls.list_lessons()
    assert ls.save_resume(ls.Resume(lessons[1].key, "not-its-start", (NextPhase(0),))) is None
    play = how_to_play(threaded=False)
    assert play.index == 0 and play.step == 0 and play.session.history == []
