"""How to play: one lesson (game/play/lessons.py) in the puzzle screen, step by step.

A lesson is a puzzle-like position, so it is played by the puzzle screen (PuzzlePlayScene:
the duel screen, its banner, the scripted opponent, Retry) with three differences:
- the banner says the lesson and what the step asks, and a coach box in the zoom's place
  (top left, while no card is shown large there) gives the step's words, what to do and why;
  Again (F1) and the duel's Hint show them again, then the step's move on the board with
  the step's own words (never the Hard level's evaluation: a lesson's hint asks no AI);
- the PLAY mark goes only on the card the step wants (none while the step is a phase move);
- a move that is not the awaited step is not sent: the screen says what was asked instead
  (nothing is refused silently). Passes sent for the learner, answers to a choice, and any
  move while the awaited one cannot be made now go through, so a lesson never gets stuck;
- once every step is played and the learner may act again, the lesson is marked finished
  (the lessons' progress file) and a dialog leads to the next lesson, or, after the last,
  to Puzzles and a duel against the Easy computer.
No crash autosave is kept; a lesson left on purpose midway (Leave, Back, quitting the
window) keeps its commands (game.play.lessons `save_resume`), and How to play opens that same
lesson again at the step it was left on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine import Choose, Command, Pass
from game.files import folders
from game.files.resources import LESSON_DIR
from game.play import autosave
from game.play import lessons as ls
from game.play import puzzles as pz
from game.play.describe import LogEntry
from game.ui import text as txt
from game.ui import theme
from game.ui.duel.advice import Advice, command_words
from game.ui.duel.layout import LAYOUT
from game.ui.duel.panels import ZOOM_GAP
from game.ui.puzzle_play import BANNER, BUTTON_W, PuzzlePlayScene
from game.ui.scene import Replace, Scene, Transition
from game.ui.widgets import Dialog, DialogButton

if TYPE_CHECKING:
    from game.ui.setup_scene import DuelSetupScene

WAIT_WORDS = "Your opponent plays first; then:"  # the coach box while the scripted side plays
COACH_W = 244  # the coach box: in the zoom's place (the left column) while it is idle
COACH_PAD = 10
BANNER_ROOM = BANNER.w - 2 * (BUTTON_W + 8) - 24  # the banner's text, left of its buttons
REFUSED_SECONDS = 8.0  # long enough to read a sentence and hover it


class LessonPlayScene(PuzzlePlayScene):
    """One lesson of How to play; `lessons` is the whole chain (for Next and the counts)."""

    def __init__(self, lessons: Sequence[ls.Lesson], index: int, progress: pz.Progress,
                 threaded: bool = True, settings: folders.Settings | None = None,
                 speed: str | None = None, resumed: ls.Resume | None = None) -> None:
        self.lessons = list(lessons)
        self.index = index
        self.lesson = self.lessons[index]
        self._restart = False  # Retry: what was played is not kept for later
        super().__init__(self.lesson.puzzle, progress, index + 1, threaded=threaded,
                         speed=speed, settings=settings, resumed=_as_autosave(self.lesson, resumed))
        self.duel.title = f"How to play: {self.lesson.title}"
        # the log opens with the lesson, not a puzzle's goal
        self.duel.log.clear()
        self.duel.log.add(LogEntry(f"Lesson {index + 1} of {len(self.lessons)}: "
                                   f"{self.lesson.title}. {self.lesson.teaches}", -1))
        self.hint_button.label = "Again  F1"
        self.hint_button.tooltip = "Show this step's words again"
        self.retry_button.tooltip = "Start this lesson again from its position"
        self.finished = False  # every step played and the lesson marked
        self.refusals = 0  # moves that were not the step (each one answered in words)
        self._send = self.duel.send
        setattr(self.duel, "send", self._gated_send)  # noqa: B010 - every person's move passes here
        self._coach: pygame.Surface | None = None
        self._coach_key: object = None
        self.duel.hooks.marked = self.marked
        self.duel.hooks.lit_move = self.lit_move
        self.duel.hooks.note = self.note
        self._legal: tuple[object, list[Command]] = ((), [])  # per position: the learner's moves
        self._hint: Advice | None = None  # the step's move and words, shown once Again closes

    # -------------------------------------------------------------- steps
    @property
    def step(self) -> int:
        """The step awaited now (0-based); len(steps) once all are played."""
        return ls.steps_done(self.lesson, self.session.history)

    def step_words(self) -> str:
        if self.step >= len(self.lesson.steps):
            return self.lesson.done
        return self.lesson.steps[self.step]

    def wanted(self) -> Command | None:
        """The awaited step's move (None once every step is played)."""
        n = self.step
        return self.lesson.moves[n] if n < len(self.lesson.moves) and not self.finished else None

    def marked(self) -> set[int] | None:
        """The PLAY mark's cards: only the step's own card (none for a phase move); every
        playable card once the lesson is done."""
        wanted = self.wanted()
        if wanted is None:
            return None
        card = ls.card_of(wanted)
        return set() if card is None else {card}

    def lit_move(self) -> Command | None:
        """The move the phase bar and the big button point to: the step's own when it can be
        made now (a card's move: no button lit, the PLAY mark leads; a phase move: only its
        button); None (every button as usual) when it cannot yet or the lesson is done."""
        wanted = self.wanted()
        if wanted is None:
            return None
        key = (len(self.session.history), self.session.deciding)
        if self._legal[0] != key:
            self._legal = (key, list(self.session.view(self.lesson.seat).legal_actions))
        return next((c for c in self._legal[1] if ls.matches(c, wanted)), None)

    def note(self) -> str:
        """The words under the zoom on a phase step: what to press ("" otherwise: the duel
        screen's own, about the PLAY mark)."""
        move = self.lit_move()
        if move is None or ls.card_of(move) is not None or not self.duel.can_act():
            return ""
        return self.duel.hud.press_words(move)

    def hint_move(self) -> Command | None:
        """The move the hint shows on the board now: the step's move when it can be made
        (its own slot first), else the lesson's line for this situation (a pass, a choice
        the step asked), else None."""
        wanted = self.wanted()
        if wanted is None or self.duel.hints.refusal():
            return None
        legal = self.session.view(self.lesson.seat).legal_actions
        if wanted in legal:
            return wanted
        same = next((c for c in legal if ls.matches(c, wanted)), None)
        if same is not None:
            return same
        line = self.solution.moves if self.solution is not None else ()
        mine = [m for m in line if m.command.player == self.lesson.seat]
        cue = pz.cue_of(self.session.view(self.lesson.seat))
        played = list(self.session.history)
        for m in mine:
            if m.cue == cue and m.command in legal and m.command not in played:
                return m.command
        return next((m.command for m in mine if m.cue == cue and m.command in legal), None)

    def hint_words(self, move: Command) -> str:
        """The hint's words for `move`: the step's own (what to do and why), with a line
        first when the move is only on the way to it (a pass)."""
        words = self.step_words()
        if isinstance(move, Pass):
            return "Pass for now (the button under the phase bar): this step comes after. " + words
        if isinstance(move, Choose) or ls.matches(move, self.wanted() or move):
            return words
        return f"{command_words(move, self.session.view(move.player), self.duel.pool)} first. {words}"

    def refusal_words(self, cmd: Command) -> str:
        """Why `cmd` is not sent now, and what to do instead ("" to send it)."""
        n = self.step
        if n >= len(self.lesson.moves) or not ls.is_step(cmd) and not isinstance(cmd, Pass):
            return ""
        wanted = self.lesson.moves[n]
        if ls.matches(cmd, wanted):
            return ""
        legal = self.session.view(self.lesson.seat).legal_actions
        if not any(ls.matches(c, wanted) for c in legal):
            return ""  # the step's move cannot be made now: never leave the learner stuck
        did = command_words(cmd, self.session.view(cmd.player), self.duel.pool) \
            if not isinstance(cmd, Pass) else "Pass"
        did = did.rstrip(".") or type(cmd).__name__
        return f"Not in this lesson: {did}. {ls.instruction(self.lesson.steps[n])}"

    def _gated_send(self, commands: list[Command], decided: bool = True) -> None:
        """The duel screen's send, with the lesson's word on a person's own move."""
        if decided and commands and self.session.humans[commands[0].player]:
            words = self.refusal_words(commands[0])
            if words:
                self.refusals += 1
                self.duel.say(words, "warn", seconds=REFUSED_SECONDS)
                self.duel.input.reset()
                return
        self._send(commands, decided)

    # ----------------------------------------------------- puzzle overrides
    def _start_journal(self) -> None:
        """No autosave: a lesson left midway starts again from its position."""
        self.journal = None

    def _undo_block(self) -> str:
        return "This lesson is done (Retry plays it again)." if self.finished else ""

    def left(self) -> None:
        """Off the screen on purpose: a lesson left midway is kept to open again at the same
        step; a finished, restarted or untouched one is forgotten."""
        super().left()
        keep = not self.finished and not self._restart and self.step > 0 \
            and not self.session.over
        problem = ls.save_resume(ls.Resume(self.lesson.key, self._header[0],
                                           tuple(self.session.history)) if keep else None)
        if problem:
            self.duel.say(problem, "error")

    def keep_replay(self, solved: bool) -> None:
        """Lessons keep no replays."""

    def retry(self) -> None:
        self._restart = True
        self.go(Replace(LessonPlayScene(self.lessons, self.index, self.progress, self.threaded,
                                        self.settings, self.duel.speed)))

    def show_hint(self) -> None:
        """The step's words again; on the learner's own decision, then the step's move shown
        on the board as the duel's hint shows moves, with the step's words (no AI is asked:
        a lesson's hint never says a score)."""
        move = self.hint_move()
        words = self.step_words()
        self._hint = None
        if move is not None:
            words += " Close this to see the move on the board."
            self._hint = Advice(move, self.hint_words(move), self.lesson.seat,
                                len(self.session.history))
        self.dialog = Dialog(f"Step {min(self.step + 1, len(self.lesson.steps))} of "
                             f"{len(self.lesson.steps)}", words,
                             [DialogButton("Back to the lesson", self._hint_closed)], width=620)

    def _hint_closed(self) -> None:
        """The step's move on the board (the duel's hint arrow) and its words in the toast."""
        hint, self._hint = self._hint, None
        if hint is not None and hint.sent == len(self.session.history):
            self.duel.hints.asking = None
            self.duel.hints.hint = hint
            self.duel.hints.say()

    def _show_outcome(self) -> None:
        if self.finished or self.step >= len(self.lesson.steps):
            self._finish()  # the last step ended the duel (Flare Bolt's 600 damage)
            return
        # the duel ended, or a goal was decided, before the steps were played (not meant to
        # happen in a shipped lesson): say so and offer it again
        self.outcome = pz.Status.FAILED
        self.dialog = Dialog("Lesson not finished",
                             f"The lesson stopped before its last step. {self.step_words()}",
                             [DialogButton("Start the lesson again", self.retry, "primary"),
                              DialogButton("Back to the menu", self.back)], default=0, cancel=1)

    def on_update(self, dt: float) -> Transition | None:
        out = super().on_update(dt)
        if not self.finished and self.step >= len(self.lesson.steps) and self.dialog is None \
                and not self.duel.anim.busy and (self.session.over or self._settled()):
            self._finish()
        return out

    def _settled(self) -> bool:
        """The learner may act again with nothing left over from the last step: no choice
        it asked (materials), no Line still open."""
        view = self.session.view(self.lesson.seat)
        return self.duel.can_act() and view.choice is None and not any(view.lines)

    def _finish(self) -> None:
        """Every step played: the lesson is marked finished (once) and the way on shown."""
        if not self.finished:
            self.finished = True
            self.outcome = pz.Status.SOLVED
            problem = self.progress.mark(self.lesson.key) or ls.save_resume(None)
            if problem:
                self.duel.say(problem, "error")
        self._done_dialog()

    # ------------------------------------------------------------- ending
    @property
    def last(self) -> bool:
        return self.index + 1 >= len(self.lessons)

    def next_lesson(self) -> None:
        self.go(Replace(LessonPlayScene(self.lessons, self.index + 1, self.progress,
                                        self.threaded, self.settings, self.duel.speed)))

    def to_puzzles(self) -> None:
        from game.ui.puzzles_scene import PuzzlesScene

        self.go(Replace(PuzzlesScene()))

    def to_easy_duel(self) -> None:
        from game.ui.loaded import card_pool
        from game.ui.setup_scene import DuelSetupScene as Setup

        setup = Setup("versus_ai", card_pool(), self.settings)
        choose_easy(setup)
        self.go(Replace(setup))

    def _done_dialog(self) -> None:
        n, total = self.index + 1, len(self.lessons)
        if not self.last:
            following = self.lessons[self.index + 1].title
            self.dialog = Dialog(f"Lesson {n} of {total} done", f"{self.lesson.done} "
                                 f"Next: {following}.",
                                 [DialogButton("Next lesson", self.next_lesson, "primary"),
                                  DialogButton("Play it again", self.retry),
                                  DialogButton("Back to the menu", self.back)],
                                 default=0, cancel=2)
            return
        self.dialog = Dialog("How to play: done",
                             f"{self.lesson.done} You have played every lesson. Next, try the "
                             f"Puzzles: short positions that each teach one trick, with hints. "
                             f"Or play a whole duel against the Easy computer.",
                             [DialogButton("Puzzles", self.to_puzzles, "primary"),
                              DialogButton("Duel against Easy", self.to_easy_duel),
                              DialogButton("Back to the menu", self.back)],
                             default=0, cancel=2, width=640)

    # --------------------------------------------------------------- draw
    def _draw_banner(self, surface: pygame.Surface) -> None:
        super()._draw_banner(surface)
        if self.coach_shown():
            surface.blit(self._coach_surface(), self.coach_rect().topleft)

    def coach_shown(self) -> bool:
        """The coach box lies in the zoom's place while no card is shown large there (a
        hovered card takes it; the banner still says what to do)."""
        return self.duel.zoom.target()[0] is None

    def coach_rect(self) -> pygame.Rect:
        """The left column's top: the zoom's place, down to the terms box (laid out by measure:
        it may take room from the zoom at large text) and never onto it."""
        surf = self._coach_surface()
        return pygame.Rect(LAYOUT.zoom.x, LAYOUT.zoom.y, surf.get_width(), surf.get_height())

    def waiting(self) -> bool:
        """The scripted opponent is still playing (its turn, its answer): the step's words
        already show, so the head says they are for when the learner's move comes."""
        d = self.duel
        return self.step < len(self.lesson.steps) and not d.session.duel.over and \
            d.session.deciding != d.shown

    def coach_head(self) -> str:
        if self.step >= len(self.lesson.steps):
            return "Well done"
        return f"Step {self.step + 1} of {len(self.lesson.steps)}"

    def coach_lines(self) -> list[str]:
        """The step's words as the coach box shows them, one row a line."""
        return txt.wrap(self.step_words(), theme.SMALL, COACH_W - 2 * COACH_PAD)

    def coach_wait(self, room: int | None = None) -> list[str]:
        """The coach box's dim first rows while the scripted opponent plays ("Your opponent
        plays first; then:"), or none: not waiting, or no room under the step's words."""
        if not self.waiting():
            return []
        if room is None:
            room = self.duel.zoom.note_box().y - ZOOM_GAP - LAYOUT.zoom.y
        wait = txt.wrap(WAIT_WORDS, theme.SMALL, COACH_W - 2 * COACH_PAD)
        row = txt.font(theme.SMALL).get_linesize()
        rows = len(wait) + len(self.coach_lines()) + 2
        return wait if 2 * COACH_PAD + row + 4 + row * rows <= room else []

    def banner_line(self) -> str:
        """The banner's second line, in full: what the step asks."""
        if self.step >= len(self.lesson.steps):
            return "Done: every step played."
        return f"Step {self.step + 1}: {self.lesson.banners[self.step]}"

    def banner_fits(self) -> bool:
        """The banner's title and step line are shown whole (no "…") at this text size."""
        tag = txt.width(f"LESSON {self.index + 1} OF {len(self.lessons)}", theme.SMALL, bold=True)
        title_room = BANNER_ROOM - tag - 12
        return txt.fit(self.banner_line(), theme.SMALL, BANNER_ROOM) == self.banner_line() and \
            txt.fit(self.lesson.title, theme.SMALL, title_room, bold=True) == self.lesson.title

    def _coach_surface(self) -> pygame.Surface:
        """The step's words in a box, redrawn when the step changes."""
        room = self.duel.zoom.note_box().y - ZOOM_GAP - LAYOUT.zoom.y  # down to the terms box
        key = (self.step, self.finished, txt.scale(), room, self.waiting())
        if self._coach is not None and self._coach_key == key:
            return self._coach
        inner = COACH_W - 2 * COACH_PAD
        head = self.coach_head()
        lines = self.coach_lines()
        row = txt.font(theme.SMALL).get_linesize()
        wait = self.coach_wait(room)
        lines = wait + lines
        h = max(2 * COACH_PAD + row + 4 + row * (len(lines) + 2), room)
        surf = pygame.Surface((COACH_W, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.PANEL_DARK, 255), surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, theme.ACCENT, surf.get_rect(), 2, border_radius=8)
        surf.blit(txt.text(head, theme.SMALL, theme.ACCENT, bold=True), (COACH_PAD, COACH_PAD))
        for i, line in enumerate(lines):
            colour = theme.TEXT_DIM if i < len(wait) else theme.TEXT
            surf.blit(txt.text(line, theme.SMALL, colour), (COACH_PAD, COACH_PAD + row + 4 + i * row))
        more = txt.fit("Hover a card to see it large here", theme.SMALL, inner)
        surf.blit(txt.text(more, theme.SMALL, theme.TEXT_DIM), (COACH_PAD, h - COACH_PAD - row))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._coach, self._coach_key = surf, key
        return surf

    def _banner_surface(self) -> pygame.Surface:
        """LESSON n OF N, its title, and what it teaches."""
        key = ("lesson", self.step, self.finished, txt.scale())
        if self._banner is not None and self._banner_key == key:
            return self._banner
        surf = pygame.Surface(BANNER.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*theme.PANEL_DARK, 238), surf.get_rect(), border_radius=8)
        edge = theme.GOOD if self.finished else theme.ACCENT
        pygame.draw.rect(surf, edge, surf.get_rect(), 1, border_radius=8)
        room = BANNER_ROOM
        tag = txt.text(f"LESSON {self.index + 1} OF {len(self.lessons)}", theme.SMALL,
                       theme.GOOD if self.finished else theme.TEXT_DIM, bold=True)
        surf.blit(tag, (12, 7))
        surf.blit(txt.text(txt.fit(self.lesson.title, theme.SMALL, room - tag.get_width() - 12,
                                   bold=True), theme.SMALL, theme.ACCENT, bold=True),
                  (12 + tag.get_width() + 10, 7))
        surf.blit(txt.text(txt.fit(self.banner_line(), theme.SMALL, room), theme.SMALL, theme.TEXT),
                  (12, 27))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._banner, self._banner_key = surf, key
        return surf


def choose_easy(setup: DuelSetupScene) -> None:
    """The duel setup's opponent set to Easy for this duel (the saved choice is the
    player's own, changed only if they start with it)."""
    levels = setup.ai_level
    i = next((k for k, o in enumerate(levels.options) if o.value == "easy" and o.enabled), None)
    if i is not None:
        levels.selected = i


def _as_autosave(lesson: ls.Lesson, resumed: ls.Resume | None) -> autosave.Autosave | None:
    """A lesson left midway, in the form the puzzle screen replays (its start checked by
    hash, every command replayed: AutosaveError when the lesson file changed)."""
    if resumed is None:
        return None
    ref = autosave.PuzzleRef(lesson.key, lesson.puzzle.path, "lesson", resumed.start_hash,
                             lesson.number, "")
    return autosave.Autosave("puzzle", "", resumed.commands, puzzle=ref)


def how_to_play(threaded: bool = True, folder: Path = LESSON_DIR) -> Scene:
    """How to play from the menu: the lesson left midway at its step, else the first lesson
    not yet finished (all finished: the first again)."""
    lessons = ls.list_lessons(folder)
    progress = ls.load_progress()
    index = ls.resume_index(lessons, progress)
    resume = ls.load_resume()
    if resume is not None:
        at = next((i for i, lesson in enumerate(lessons) if lesson.key == resume.key), None)
        if at is not None and not progress.is_solved(resume.key):
            try:
                return LessonPlayScene(lessons, at, progress, threaded, resumed=resume)
            except (autosave.AutosaveError, ValueError):
                pass  # the lesson changed since: from its position
    return LessonPlayScene(lessons, index, progress, threaded)

