"""A match from setup to the last result: which scene comes next, and what it is told.

duel -> result (who won and why, the score) -> [the loser chooses who goes first]
-> side-decking (each person, behind a curtain in hotseat) -> the next duel ... -> the
match result (rematch, back to the menu). A single duel is a match that ends after one.
The engine's `Match` keeps the score, the first players and the Decks; this only sequences
scenes and remembers the screen settings (animation speed, when to ask for answers, the
computer player's pause, the glow on playable cards, the log's text size).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from game.ai.levels import level as ai_level
from game.ai.seeds import player_seed
from game.decks.deck import Deck
from game.engine import CardDef, Duel, Player, Rules, state_hash
from game.files import folders
from game.play import autosave, suspend
from game.play.duel_setup import DuelSetup
from game.play.end_words import end_sentence
from game.play.match import DRAW, Match
from game.ui.scene import Replace, Scene, Transition

from .advice import command_words
from .hooks import DuelHooks
from .prefs import PREFS, apply_prefs, load_prefs
from .scene import DuelScene
from .seats import Responses, make_ai
from .session import DuelSession
from .sprites import CardSprites


@cache
def rules() -> Rules:
    from game.rules.file import load_rules

    return load_rules()


def end_text(duel: Duel, names: tuple[str, str]) -> str:
    """Why the duel ended, as the result screen says it (game/play/end_words.py)."""
    return end_sentence(duel.end_reason or "", duel.winner, names)


class MatchFlow:
    def __init__(self, setup: DuelSetup, pool: Mapping[str, CardDef], match_rules: Rules | None = None,
                 seed: int | None = None, settings: folders.Settings | None = None,
                 threaded: bool = True, speed: str | None = None) -> None:
        self.setup = setup
        self.pool = pool
        self.rules = match_rules or rules()
        self.seed = seed if seed is not None else secrets.randbits(48)
        self.settings = settings
        self.threaded = threaded
        self.match = Match(pool, self.rules, setup.decks[0], setup.decks[1], self.seed, first=setup.first)
        self.versus_ai = setup.mode == "versus_ai"
        self.humans = (True, False) if self.versus_ai else (True, True)
        level = ai_level(setup.ai_level or "random").label
        self.names = ("Player 1", f"AI ({level})") if self.versus_ai else ("Player 1", "Player 2")
        prefs = load_prefs(settings)
        self.speed = speed or prefs["speed"]
        self.responses = prefs["responses"]
        self.sprites = CardSprites(pool)
        self.session: DuelSession | None = None
        self.scene: DuelScene | None = None  # the duel on screen (its speed may have changed)
        self.last_reason = ""
        self.last_replay: Path | None = None  # the replay of the duel just ended, once saved
        self.journal: autosave.Journal | None = None  # the autosave of the duel on screen

    # ----------------------------------------------------------- the score
    @property
    def best_of(self) -> int:
        return self.setup.best_of

    @property
    def over(self) -> bool:
        return self.match.over or (self.best_of == 1 and bool(self.match.results))

    @property
    def winner(self) -> int | None:
        """The match's winner: 0, 1, DRAW, or None while it goes on."""
        if not self.over:
            return None
        if self.best_of == 1:
            return self.match.results[0]
        return self.match.winner

    @property
    def duel_number(self) -> int:
        return len(self.match.results) + (1 if self.match.duel is not None else 0)

    def humans_order(self) -> list[int]:
        return [s for s in (0, 1) if self.humans[s]]

    # -------------------------------------------------------------- scenes
    def first_scene(self) -> DuelScene:
        return self.start_duel()

    def start_duel(self) -> DuelScene:
        return self._scene(self.match.start_duel(auto_pass=False))

    def _scene(self, duel: Duel) -> DuelScene:
        """The duel screen for `duel`, the match's duel in progress (new or resumed)."""
        ai = {}
        for s in (0, 1):
            if not self.humans[s]:
                deck = self.match.decks[s]
                seed = player_seed(self.seed, "match", len(self.match.results), s)
                ai[s] = make_ai(self.setup.ai_level, seed,
                                pool=self.pool, rules=self.rules, deck=[*deck.main, *deck.extra])
        self.last_replay = None  # until this duel's own replay is saved
        self.session = DuelSession(duel, self.humans, self.names, ai, self.responses, self.threaded)
        self.session.history = list(duel.history)  # a resumed duel: what was sent before
        if duel.history:  # and this turn's decisions can be taken back as before it was left
            self._rebuild_undo(duel)
        self.session.quick = self.setup.quick and not self.versus_ai
        title = f"Duel {len(self.match.results) + 1} of 3" if self.best_of == 3 else "The duel"
        hooks = DuelHooks(on_over=self.duel_over, on_end=self.keep_replay, on_left=self.left_duel,
                          on_setting=self.remember, suspender=self.save_suspended,
                          settings=self.settings,  # the pause menu's Settings change these, saved
                          match_note=self.score_note(), hint_maker=self.hint_player)
        scene = DuelScene(self.session, self.pool, self.speed, title=title,
                          sprites=self.sprites, best_of=self.best_of, hooks=hooks)
        apply_prefs(scene, load_prefs(self.settings))
        self.scene = scene
        self.start_autosave(duel)
        # an undo starts the autosave again from the position it restored: the journal never
        # holds a command that was taken back (docs/files.md, "Undo")
        self.session.on_rewind.append(lambda mark: self.start_autosave(duel))
        return scene

    def _rebuild_undo(self, duel: Duel) -> None:
        """The resumed duel's undo marks, from its commands played again from its start
        (DuelSession.rebuild_undo); a duel that does not replay the same keeps none."""
        assert self.session is not None
        try:
            start = Duel(duel.pool, duel.rules, [d.spec() for d in self.match.decks], duel.seed,
                         first_player=self.match.firsts[-1], auto_pass=duel.state.auto_pass)
            self.session.rebuild_undo(start, lambda cmd, view: command_words(cmd, view, duel.pool))
        except Exception:  # an undo aid never stops a duel from resuming
            self.session.undos.clear()

    def hint_player(self, seat: int, seed: int) -> Player:
        """The Hard level for a person's hint, knowing that seat's own decklist."""
        deck = self.match.decks[seat]
        from .advice import HINT_MAX_SECONDS

        return make_ai("hard", seed, pool=self.match.pool, rules=self.rules,
                       deck=[*deck.main, *deck.extra], max_seconds=HINT_MAX_SECONDS)

    # ------------------------------------------------------------ autosave
    def start_autosave(self, duel: Duel) -> None:
        """Keep the duel (and the match) on disk after every accepted command from now on
        (game/play/autosave.py): the header now, one line per command after it."""
        old, self.journal = self.journal, None
        if duel.over:  # restored from an autosave after its last command: kept until the
            self.journal = autosave.Journal(None)  # match ends or the next duel starts
            return
        session, header = self.session, None
        if session is not None:
            try:
                header = autosave.match_header(self.suspended())
            except ValueError:
                header = None
        # the new header replaces the old journal's file in one step (atomic): no moment
        # without an autosave between the duels of a match
        self.journal = autosave.Journal(header, ()) if header is not None else None
        if old is not None and (self.journal is None or not self.journal.token):
            old.discard()  # nothing replaces it: the old duel must not come back
        if session is None or self.journal is None:
            return
        session.on_apply = self.journal.append
        self.journal.hasher = lambda: state_hash(session.duel)
        if self.scene is not None:
            self.journal.on_problem = lambda text: self.scene.say(text, "error") \
                if self.scene is not None else None

    def left_duel(self, scene: DuelScene) -> None:
        """The duel screen was left on purpose (Leave, Save and leave, Quit): nothing to
        continue from the autosave (a saved duel is in suspended.json)."""
        if not scene.session.over and self.journal is not None:
            self.journal.discard()
            self.journal = None

    def keep_replay(self, scene: DuelScene) -> None:
        """The duel has just ended on screen: save it as a replay (game/play/replay.py). A failure
        only says so in a toast; the duel's result is the match's and is never touched."""
        from game.ui.replays.record import save_match_duel

        self.last_replay, problem = save_match_duel(self)
        if problem:
            scene.say(problem, "error")

    # ------------------------------------------------------------ suspend
    def suspended(self) -> suspend.SuspendedDuel:
        """The duel in progress and its match, as "Save and leave" keeps them."""
        duel = self.match.duel
        if duel is None or self.session is None:
            raise ValueError("no duel is in progress")
        setup = self.setup
        return suspend.capture(
            self.match, duel, mode=setup.mode, ai_level=setup.ai_level if self.versus_ai else None,
            ai_seat=self.humans.index(False) if self.versus_ai else None, names=self.names,
            deck_paths=(str(setup.deck_paths[0]), str(setup.deck_paths[1])),
            setup_decks=setup.decks, best_of=setup.best_of, first=setup.first,
            speed=self.scene.speed if self.scene is not None else self.speed,
            responses=(self.session.responses[0].value, self.session.responses[1].value))

    def save_suspended(self) -> None:
        """Write the duel in progress to the suspended-duel file (FileError if it cannot)."""
        suspend.save(self.suspended())

    @classmethod
    def resume(cls, saved: suspend.SuspendedDuel, pool: Mapping[str, CardDef],
               settings: folders.Settings | None = None, threaded: bool = True,
               where: Path | None = None) -> tuple[MatchFlow, DuelScene]:
        """The flow and the duel screen of a suspended duel, exactly where it was left;
        the computer player is made again with the same level. SuspendError says why not."""
        match, duel = suspend.restore(saved, pool, where)
        return cls.restored(saved, match, duel, pool, settings, threaded)

    @classmethod
    def restored(cls, saved: suspend.SuspendedDuel, match: Match, duel: Duel,
                 pool: Mapping[str, CardDef], settings: folders.Settings | None = None,
                 threaded: bool = True) -> tuple[MatchFlow, DuelScene]:
        """The flow and the duel screen around a match and duel already restored (from the
        suspended-duel file or the autosave). The match goes on with the card data and rules
        it was started with (`match.pool`, `match.rules`); when they changed since, the
        screen says so once."""
        flow = cls._around(saved, match, pool, settings, threaded)
        scene = flow._scene(duel)
        changes = suspend.changes_since(saved, pool, rules())
        if changes:
            scene.toast.show(f"This duel goes on with the cards and rules it was started with "
                             f"({changes})", "info", 10.0)
        return flow, scene

    @classmethod
    def _around(cls, saved: suspend.SuspendedDuel, match: Match, pool: Mapping[str, CardDef],
                settings: folders.Settings | None, threaded: bool) -> MatchFlow:
        """A flow around a restored match, with the setup and screen settings it was saved
        with, and the card data it goes on with (`match.pool`)."""
        setup = DuelSetup(saved.mode, (Path(saved.deck_paths[0]), Path(saved.deck_paths[1])),
                          saved.setup_decks, saved.best_of, saved.first, saved.ai_level)
        flow = cls(setup, match.pool, match.rules, seed=saved.match_seed, settings=settings,
                   threaded=threaded, speed=saved.speed)
        flow.match = match
        flow.responses = [Responses(r) for r in saved.responses]
        return flow

    @classmethod
    def continued(cls, save: autosave.Autosave, match: Match, duel: Duel,
                  pool: Mapping[str, CardDef], settings: folders.Settings | None = None,
                  threaded: bool = True) -> tuple[MatchFlow, Scene]:
        """The flow and the screen of an autosaved match (`autosave.restore_match` gave the
        match and duel): the duel where it was, or, when the autosave holds notes of the
        match after the duel's end, the side-decking (or next duel) they lead to."""
        assert save.match is not None
        if match.duel is not None:
            return cls.restored(save.match, match, duel, pool, settings, threaded)
        flow = cls._around(save.match, match, pool, settings, threaded)
        flow.journal = autosave.Journal(None)  # the notes go on after the ones it holds
        return flow, flow.between_scene({n.player for n in save.notes if n.what == "side"})

    def duel_over(self, scene: DuelScene) -> Transition:
        from .result import ResultScene

        self.speed = scene.speed  # changed on the duel screen or its Settings: kept for the next
        self.responses = list(scene.session.responses)
        duel = self.match.duel
        self.last_reason = end_text(duel, self.names) if duel is not None else ""
        if duel is not None and duel.over:
            self.match.finish_duel()
        if self.over and self.journal is not None:  # the match is over: nothing to continue
            self.journal.discard()
            self.journal = None
        return Replace(ResultScene(self))

    def remember(self, key: str, value: object) -> None:
        if key == "speed":
            self.speed = str(value)
        if self.settings is None:
            return
        self.settings.set(PREFS, key, value)
        self.settings.save()

    def choose_first(self, goes_first: bool) -> None:
        """The last duel's loser says whether they go first next (an AI loser goes first);
        autosaved as a note of the match."""
        chooser = self.match.chooser
        if chooser is not None:
            self.match.choose_first(chooser, goes_first)
            if self.journal is not None:
                self.journal.note(autosave.first_note(chooser, goes_first))

    def side_decked(self, seat: int, deck: Deck) -> list[str]:
        """`seat` is done side-decking into `deck` ([] if the match took it, else why not);
        autosaved as a note of the match, so a kill before the next duel keeps it."""
        problems = self.match.side_deck(seat, deck)
        if not problems and self.journal is not None:
            self.journal.note(autosave.side_note(seat, deck))
        return problems

    def leave_match(self) -> None:
        """The match is left on purpose between duels (Leave the match): nothing to continue."""
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def between_scene(self, sided: set[int]) -> Scene:
        """Where a match continued between duels picks up: side-decking for the first person
        who had not finished it (`sided`: the seats that had), else the next duel."""
        from .sidedeck import SideDeckScene

        seats = [s for s in self.humans_order() if s not in sided]
        if seats:
            return SideDeckScene(self, seats[0], seats[1:])
        return self.start_duel()

    def after_choice(self) -> Transition:
        """Side-decking for each person, then the next duel."""
        from .sidedeck import SideDeckScene

        seats = self.humans_order()
        return Replace(SideDeckScene(self, seats[0], seats[1:]))

    def rematch(self) -> Transition:
        fresh = MatchFlow(self.setup, self.pool, self.rules, None, self.settings, self.threaded,
                          self.speed)
        fresh.sprites = self.sprites
        return Replace(fresh.first_scene())

    def last_duel_words(self, result: int) -> str:
        """The match's last duel in a sentence, under the match's headline."""
        n = len(self.match.results)
        if result == DRAW:
            return f"Duel {n} was a draw."
        return f"{self.names[result]} won duel {n}."

    def score_note(self) -> str:
        """On the board in a best of 3: this duel's number and the wins so far ("Duel 2 · 0–1")."""
        if self.best_of != 3:
            return ""
        wins = self.match.wins
        return f"Duel {len(self.match.results) + 1} \u00b7 {wins[0]}\u2013{wins[1]}"

    def describe_result(self, result: int) -> str:
        if result == DRAW:
            return "The duel is a draw"
        return f"{self.names[result]} win{'' if self.names[result] == 'You' else 's'} the duel"
