"""One puzzle being played: the duel screen, with the goal in a banner above the board.

The person plays the puzzle's seat; the other seat is a computer player (game.play.puzzles:
`pass`, `script` or an AI level) run by the duel screen's own seat machinery, off the
drawing path. After every accepted command the goal is judged from the person's own view
(game.play.puzzles.GoalTracker). Once it is met and the board has finished moving, "Solved!"
is shown and the progress file records it; once it can no longer be met, "Not solved".
Retry (F5) starts the puzzle again from its position; Hint (F1) shows the hint at any time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from game.engine import Command, Pass, Player, PlayerView, state_hash
from game.files import folders
from game.play import autosave
from game.play import puzzles as pz
from game.play.describe import LogEntry
from game.ui import text as txt
from game.ui import theme
from game.ui.duel import prefs as duel_prefs
from game.ui.duel.advice import HINT_MAX_SECONDS
from game.ui.duel.hooks import DuelHooks
from game.ui.duel.layout import FAR_HAND_H, FAR_HAND_Y, LAYOUT
from game.ui.duel.scene import DuelScene
from game.ui.duel.session import DuelSession
from game.ui.duel.undo import Mark
from game.ui.scene import Pop, Replace, Scene, Transition
from game.ui.screen import Screen
from game.ui.widgets import Button, Dialog, DialogButton

# above the board, up to the duel's "☰ Menu" button (which stays where it is in every duel),
# over the whole of the opponent's hand strip (its count is in their panel): no card peeks out
BANNER = pygame.Rect(LAYOUT.columns[0], FAR_HAND_Y, LAYOUT.menu.x - 8 - LAYOUT.columns[0], FAR_HAND_H)
BUTTON_W = 80
HINT_KEY = pygame.K_F1
RETRY_KEY = pygame.K_F5


def _solution(puzzle: pz.Puzzle) -> pz.SolutionRun | None:
    """The solution of a puzzle whose opponent is no script: only the hint uses it, so a
    solution that cannot be played (a player's own file) leaves the hint to the Hard level."""
    try:
        return pz.run_solution(puzzle)
    except Exception:  # the puzzle itself is played without it
        return None


NO_HINT = "This puzzle has no hint: read the goal and the cards again."


def hint_steps(written: str) -> list[str]:
    """The written hint as the steps F1 shows one at a time: its sentences."""
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+(?=[A-Z])", written or "") if p.strip()]
    return parts or [NO_HINT]


class SolutionHint:
    """The Hint's player in a puzzle. While the person's own moves so far are the solution's
    (its passes aside), it gives the solution's next move for this situation (matched by
    situation, as the scripted opponent plays: `game.play.puzzles.cue_of`): the author's tested
    line wins where a search, cut short for a hint, may wander (an End turn in Burn Budget).
    Off that line, or where the line has no move for the situation, the Hard level playing for
    the puzzle's goal decides. Everything else (the explanation's rebuild, weights and
    playouts) is the Hard player's."""

    def __init__(self, line: Sequence[pz.Move], played: Sequence[Command], hard: Player) -> None:
        self.hard = hard
        used = [False] * len(line)
        self.on_line = True
        for cmd in played:
            k = next((i for i, m in enumerate(line) if not used[i] and m.command == cmd), None)
            if k is not None:
                used[k] = True
            elif not isinstance(cmd, Pass):  # a move of the person's own, off the line
                self.on_line = False
        self.left = [m for m, u in zip(line, used, strict=True) if not u]
        self.from_line = False  # the last choice was the solution's

    def choose(self, view: PlayerView) -> Command:
        if self.on_line:
            cue = pz.cue_of(view)
            for m in self.left:
                if m.cue == cue and m.command in view.legal_actions:
                    self.from_line = True
                    return m.command
        self.from_line = False
        return self.hard.choose(view)

    def __getattr__(self, name: str) -> object:  # the Hard player's own parts
        return getattr(self.hard, name)


class PuzzlePlayScene(Screen):
    def __init__(self, puzzle: pz.Puzzle, progress: pz.Progress, number: int = 0,
                 next_puzzle: Callable[[], Scene] | None = None, threaded: bool = True,
                 speed: str | None = None, settings: folders.Settings | None = None,
                 resumed: autosave.Autosave | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.progress = progress
        self.number = number
        self.next_puzzle = next_puzzle
        self.threaded = threaded
        self.settings = settings if settings is not None else folders.load_settings()
        prefs = duel_prefs.load_prefs(self.settings)  # the duel screen's settings, as in any duel
        seat = puzzle.seat
        # the author's tested line: the scripted opponent's answers, and the hint's first choice
        self.solution = pz.run_solution(puzzle) if puzzle.opponent == "script" else _solution(puzzle)
        script = self.solution.moves if self.solution is not None else ()
        duel = puzzle.build()
        self.start = duel.clone()  # the position as built: a decided attempt's replay starts here
        start_hash = state_hash(duel)
        tracker = pz.GoalTracker(puzzle.goal, seat, duel.view(seat))
        done: Sequence[Command] = ()
        if resumed is not None and resumed.puzzle is not None:  # Continue after a crash
            autosave.check_puzzle_start(resumed.puzzle, duel, autosave.path())
            done = resumed.commands
            autosave.replay_onto(duel, done, autosave.path(),
                                 each=lambda d: tracker.check(d.view(seat)),
                                 checkpoints=resumed.checkpoints)
        humans = (seat == 0, seat == 1)
        names = ("Player 1", "Player 2")
        opponent = pz.opponent_player(puzzle, script)
        pz.catch_up(opponent, puzzle, done)  # a resumed attempt: the moves it has made
        session = DuelSession(duel, humans, names, {1 - seat: opponent}, prefs["responses"],
                              threaded=threaded)
        hooks: DuelHooks[DuelScene] = DuelHooks(on_over=self._over, on_setting=self._remember,
                                                on_hint=self.show_hint, hint_maker=self._hint_player,
                                                undo_block=self._undo_block, overlay=self._draw_banner,
                                                settings=self.settings, keep_clear=(BANNER,))
        self.duel = DuelScene(session, puzzle.scenario.pool, speed or prefs["speed"],
                              title=puzzle.name, hooks=hooks)
        duel_prefs.apply_prefs(self.duel, prefs)
        self.duel.log.add(LogEntry(f"Puzzle: {puzzle.name}. {puzzle.goal.describe()}", -1))
        self.tracker = tracker
        session.history = list(done)
        self._seen = len(done)  # commands judged so far
        # the puzzle in progress is autosaved after every accepted command (game/play/autosave.py)
        self._header = (start_hash, speed or prefs["speed"])
        self.journal: autosave.Journal | None = None
        self._start_journal()
        self.outcome: pz.Status | None = None  # shown once the board has settled
        # player aids: an undo takes the goal's status back too, and starts the autosave
        # again from the restored position; the hint is the written one and Hard's move
        session.memo = lambda: self.tracker.status
        session.practice = True  # a failed attempt can be taken back to try again (RULES.md)
        session.on_rewind.append(self._rewound)
        self.hints_seen = 0  # how many of the puzzle's hints F1 has shown (show_hint)
        self.replay_path: Path | None = None  # the decided attempt's replay, once saved
        self.saved_note = ""
        self.hint_button = Button((BANNER.right - 2 * (BUTTON_W + 8), BANNER.y + (BANNER.h - 30) // 2, BUTTON_W, 30),
                                  "Hint  F1", self.show_hint, px=theme.SMALL, tooltip="Show the hint")
        self.retry_button = Button((BANNER.right - (BUTTON_W + 8), BANNER.y + (BANNER.h - 30) // 2, BUTTON_W, 30),
                                   "Retry  F5", self.retry, px=theme.SMALL,
                                   tooltip="Start again from the puzzle's position")
        self.buttons = [self.hint_button, self.retry_button]
        self._banner: pygame.Surface | None = None
        self._banner_key: object = None

    def _undo_block(self) -> str:
        """Why no undo beyond the session's own reasons: a solved puzzle is done."""
        return "Solved: the puzzle is done (Retry plays it again)." \
            if self.outcome is pz.Status.SOLVED else ""

    def _hint_player(self, seat: int, seed: int) -> SolutionHint:
        """The Hint's player for `seat` now (made on the drawing path, cheap; it chooses in
        the hint's worker thread)."""
        hard = pz.level_player(self.puzzle, "hard", seat, seed, max_seconds=HINT_MAX_SECONDS)
        line = self.solution.moves if self.solution is not None and not self.solution.failures else []
        return SolutionHint([m for m in line if m.command.player == seat],
                            [c for c in self.session.history if c.player == seat], hard)

    @property
    def session(self) -> DuelSession:
        return self.duel.session

    @property
    def status(self) -> pz.Status:
        return self.tracker.status

    # ------------------------------------------------------------ actions
    def _remember(self, key: str, value: object) -> None:
        """A setting changed on the duel screen (speed, answers): saved as in any duel."""
        self.settings.set(duel_prefs.PREFS, key, value)
        self.settings.save()

    def retry(self) -> None:
        self.go(Replace(PuzzlePlayScene(self.puzzle, self.progress, self.number,
                                        self.next_puzzle, self.threaded, self.duel.speed,
                                        self.settings)))

    def back(self) -> None:
        self.go(Pop())

    def left(self) -> None:
        """Off the screen on purpose (Back, Retry, Next, Leave, Quit): no autosave to keep."""
        self.forget_autosave()

    def _start_journal(self) -> None:
        """The autosave from the position now: the header and every command so far (a new
        file replacing the old in one step)."""
        old = self.journal
        start_hash, speed = self._header
        self.journal = autosave.Journal(autosave.puzzle_header(
            self.puzzle.key, self.puzzle.path, self.puzzle.source, start_hash, self.number,
            speed), self.session.history)
        if old is not None and not self.journal.token:
            old.discard()
        self.session.on_apply = self.journal.append
        duel = self.session.duel
        self.journal.hasher = lambda: state_hash(duel)
        self.journal.on_problem = lambda text: self.duel.say(text, "error")

    def _rewound(self, mark: Mark) -> None:
        """An undo: the goal as it stood then, undecided again unless it was decided then;
        the autosave begins again without the commands taken back."""
        status = mark.memo if isinstance(mark.memo, pz.Status) else pz.Status.PLAYING
        self.tracker.status = status
        self._seen = len(self.session.history)
        self.outcome = None
        self._start_journal()

    def undo(self) -> None:
        """The outcome dialog's Undo: take back the last move and play on."""
        self.duel.undo.request()

    def forget_autosave(self) -> None:
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def play_next(self) -> None:
        if self.next_puzzle is not None:
            self.go(Replace(self.next_puzzle()))

    def show_hint(self) -> None:
        """The next hint, one more each time (F1, the Hint button): the puzzle's written
        hint a sentence more at a time, then, while the puzzle is being played, the
        strongest level's move on the board (seen once this closes: an arrow and why, in
        words). The title counts them ("Hint 2 of 3"); past the last, the last again."""
        sentences = hint_steps(self.puzzle.hint)
        computed = self.outcome is None and not self.duel.hints.refusal()
        total = len(sentences) + (1 if computed else 0)
        self.hints_seen = min(self.hints_seen + 1, total)
        n = self.hints_seen
        hint = " ".join(sentences[:n])
        if n > len(sentences):  # the last: the written hint whole, and the move on the board
            hint += " Close this to see the Hard level's move for you on the board, with why."
        elif n < total:
            hint += " (F1 again: the next hint.)"
        self.dialog = Dialog(f"Hint {n} of {total}", hint,
                             [DialogButton("Back to the puzzle", self._hint_closed)], width=620)
        if n > len(sentences):
            self.duel.hints.start()

    def _hint_closed(self) -> None:
        self.duel.hints.say()

    def _over(self, scene: DuelScene) -> Transition | None:
        """The duel's own "See the result" button: the puzzle's outcome instead."""
        self._judge()
        self._show_outcome()
        return None

    def _judge(self) -> None:
        stamp = len(self.session.history)
        if stamp != self._seen:
            self._seen = stamp
            self.tracker.check(self.session.view(self.puzzle.seat))

    def _show_outcome(self) -> None:
        status = self.tracker.status
        if status is pz.Status.PLAYING:
            status = pz.Status.FAILED  # the duel ended without deciding the goal
        first = self.outcome is None
        self.outcome = status
        self.forget_autosave()  # decided: nothing left to continue
        if first:
            self.keep_replay(status is pz.Status.SOLVED)
        if status is pz.Status.SOLVED:
            problem = self.progress.mark(self.puzzle.key)
            self.saved_note = problem or ""
            buttons = [DialogButton("Retry", self.retry), DialogButton("Back to puzzles", self.back)]
            if self.next_puzzle is not None:
                buttons.insert(0, DialogButton("Next puzzle", self.play_next, "primary"))
            message = f"{self.puzzle.goal.describe()} Well played."
            if problem:
                message += f" ({problem})"
            self.dialog = Dialog("Solved!", message, buttons, default=0, cancel=len(buttons) - 1)
        else:
            why = self._why_not()
            buttons = [DialogButton("Retry", self.retry, "primary"),
                       DialogButton("Hint", self.show_hint),
                       DialogButton("Back to puzzles", self.back)]
            if not self.session.undo_refusal(self.puzzle.seat, self.puzzle.scenario.pool):
                buttons.insert(1, DialogButton("Undo", self.undo))
                why += " Or undo your last move and play on."
            self.dialog = Dialog("Not solved", why, buttons, default=0, cancel=len(buttons) - 1)

    def keep_replay(self, solved: bool) -> None:
        """The decided attempt is saved as a replay (a failure only says so)."""
        from game.ui.replays.record import save_puzzle_attempt

        self.replay_path, problem = save_puzzle_attempt(
            self.start, self.session.duel, self.puzzle.name, self.puzzle.seat,
            self.puzzle.opponent, solved, self.puzzle.otherwise)
        if problem:
            self.duel.say(problem, "error")

    def _why_not(self) -> str:
        view = self.session.view(self.puzzle.seat)
        seat = self.puzzle.seat
        if view.winner is not None and view.winner != seat:
            what = "The duel ended in a draw." if view.winner not in (0, 1) else "You lost the duel."
        elif self.puzzle.goal.kind in ("win_this_turn", "lp_this_turn"):
            what = "The turn ended."
        elif self.puzzle.goal.kind == "win_by_round":
            what = f"Round {self.puzzle.goal.value} ended."
        else:
            what = "The duel ended."
        return f"{what} The goal was: {self.puzzle.goal.describe()} Retry to start again."

    # ------------------------------------------------------------- events
    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if self.duel.dialog is not None:  # the pause menu (or its questions) has every event
            return self.duel.handle_event(event)
        if event.type == pygame.KEYDOWN and event.key == HINT_KEY:
            self.show_hint()
            return None
        if event.type == pygame.KEYDOWN and event.key == RETRY_KEY:
            self.retry()
            return None
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pos = getattr(event, "pos", (-1, -1))
            for b in self.buttons:
                b.track_hover(pos)
            used = any(b.handle_event(event) for b in self.buttons)
            if used and event.type != pygame.MOUSEMOTION:
                return None
            if self.outcome is not None and event.type == pygame.MOUSEBUTTONDOWN and \
                    LAYOUT.action.collidepoint(pos):
                self._show_outcome()  # the decided puzzle: the action button shows it again
                return None
        if self.outcome is not None and event.type == pygame.KEYDOWN and \
                event.key in (pygame.K_SPACE, pygame.K_RETURN) and not self.duel.anim.busy:
            self._show_outcome()
            return None
        return self.duel.handle_event(event)

    def on_update(self, dt: float) -> Transition | None:
        for b in self.buttons:
            b.update(dt)
        out = self.duel.update(dt)
        self._judge()
        # the outcome waits for the pause menu to close: the pause lies over everything
        if self.outcome is None and self.tracker.status is not pz.Status.PLAYING \
                and not self.duel.anim.busy and self.dialog is None and self.duel.dialog is None:
            self._show_outcome()
        return out

    def allow_quit(self) -> bool:
        return self.duel.allow_quit()

    # --------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        self.duel.draw(surface)  # the banner too, through its overlay
        if self.dialog is not None:
            self.dialog.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        surface.blit(self._banner_surface(), BANNER.topleft)
        for b in self.buttons:
            b.draw(surface)

    def _banner_surface(self) -> pygame.Surface:
        """The banner behind the buttons, redrawn only when the status changes."""
        status = self.outcome
        if self._banner is not None and self._banner_key == status:
            return self._banner
        surf = pygame.Surface(BANNER.size, pygame.SRCALPHA)
        edge = {pz.Status.SOLVED: theme.GOOD, pz.Status.FAILED: theme.BAD}.get(status, theme.ACCENT) \
            if status is not None else theme.ACCENT
        pygame.draw.rect(surf, (*theme.PANEL_DARK, 238), surf.get_rect(), border_radius=8)
        pygame.draw.rect(surf, edge, surf.get_rect(), 1, border_radius=8)
        label = f"PUZZLE {self.number}" if self.number else "PUZZLE"
        if status is pz.Status.SOLVED:
            label, colour = "SOLVED!", theme.GOOD
        elif status is pz.Status.FAILED:
            label, colour = "NOT SOLVED", theme.BAD
        else:
            colour = theme.TEXT_DIM
        tag = txt.text(label, theme.SMALL, colour, bold=True)
        surf.blit(tag, (12, 7))
        room = BANNER.w - 2 * (BUTTON_W + 8) - 24
        name = txt.text(txt.fit(self.puzzle.name, theme.SMALL, room - tag.get_width() - 12),
                        theme.SMALL, theme.TEXT_DIM)
        surf.blit(name, (12 + tag.get_width() + 10, 7))
        line = "Goal: " + self.puzzle.goal.describe()
        px = theme.LABEL if txt.text(line, theme.LABEL, theme.ACCENT, bold=True).get_width() <= room \
            else theme.SMALL  # a long goal in smaller letters rather than cut short
        goal = txt.text(txt.fit(line, px, room, bold=True), px, theme.ACCENT, bold=True)
        surf.blit(goal, (12, 25))
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._banner, self._banner_key = surf, status
        return surf


def resume_puzzle(save: autosave.Autosave) -> PuzzlePlayScene:
    """The autosaved puzzle back on screen after its last accepted command; AutosaveError
    or PuzzleError when it cannot be (the file changed or went)."""
    ref = save.puzzle
    assert ref is not None
    puzzle = pz.load_puzzle(ref.path, ref.source)
    if puzzle.key != ref.key:
        raise autosave.AutosaveError(autosave.path(), f"the puzzle {ref.key} is not at "
                                                      f"{ref.path} any more")
    return PuzzlePlayScene(puzzle, pz.load_progress(), ref.number, speed=ref.speed,
                           resumed=save)
