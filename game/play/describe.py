"""The duel log: every event told in a sentence, with the card it names.

Built from the shown seat's redacted events only, so a hidden card stays "a card". Names of
cards the event itself does not carry (a Health change names a uid) come from what earlier
events told this seat. Each entry is wrapped to the panel width once, when it is made, so the
frame loop only blits cached text.

One row per thing a player cares about (issue 38): a Line's bookkeeping (it opens, each
pass, a Step resolving, done, the Line resolving) is not told; a Line nobody answered whose
one Step is a game action already told (a Summon, a Set, an attack) adds no row at all, so
an unanswered Summon is the one row "You summon X ... for 4 SP". Where something happened on
a Line (an answer, a Line Break, a negation, an ability) its rows stay, and Lines are
numbered by a running count per duel ("Line 7"), so two Lines never read alike. Owners are
worded from the reader's seat (`you`): "you"/"your" for it, the other player's name for
the other; without a reader (replays) every player is named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine import HIDDEN, CardDef
from game.engine import events as ev
from game.engine.carddefs import Start
from game.engine.viewdata import CardView
from game.play.end_words import end_sentence
from game.play.glossary import term_of

ZONE_WORDS = {"phantom": "a Phantom slot", "side": "a Side Balance slot", "back": "a back-row slot",
              "env": "the Environment slot", "hand": "the hand", "grave": "the Graveyard",
              "deck": "the Main Deck", "extra": "the Extra Deck"}
PHASE_WORDS = {"standby": "Standby Phase", "main1": "Main Phase 1", "battle": "Battle Phase",
               "main2": "Main Phase 2", "end": "End Phase", "draw": "Draw Phase"}
KIND_WORDS = {"summon": "Summon", "special_summon": "Special Summon", "set": "Set",
              "environment": "Environment", "attack": "attack", "position": "position change",
              "flip": "Flip", "unsummon": "Unsummon", "ability": "ability"}


@dataclass
class LogEntry:
    text: str
    player: int  # whose action it tells (-1: the game's)
    card: int | None = None  # uid to show when the entry is clicked
    card_id: str | None = None
    lines: tuple[str, ...] = ()  # wrapped for the panel
    quiet: bool = False  # bookkeeping (stats, passes): drawn dimmer
    negates: bool = False  # a Line summary in which a Step negated another
    term: str | None = None  # the glossary word the row uses (game/play/glossary.py), if any


@dataclass
class _Step:
    """What this seat was told of one Step on a Line, kept to sum the Line up when it resolves."""

    player: int
    kind: str
    card: int
    card_id: str
    ability: int
    answers: _Step | None  # the Step it was added on top of (what a negate negates)
    targets: tuple[int, ...] = ()
    told: bool = False  # a game action whose own row told it already (a Summon, an attack)
    shown: bool = False  # an ability whose effects rows told as it resolved (under its name)


def possessive(name: str) -> str:
    return f"{name}'s"


def and_list(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def counted(prompt: str, count: int) -> str:
    """A prompt for one card ("Choose a material for X") worded for the `count` still to
    pick ("Choose 2 materials for X"); the engine words its prompts for one."""
    words = prompt.split(" ", 3)
    if count < 2 or len(words) < 3 or words[1] not in ("a", "an"):
        return prompt
    return " ".join([words[0], str(count), words[2] + "s", *words[3:]])


# Step kinds whose game action has a row of its own when it is made (the card moving, the
# attack declared): a Line holding only such a Step, unanswered, needs no row of its own
TOLD_KINDS = ("summon", "special_summon", "set", "environment", "attack")
TOLD_MOVES = {"summon": "summon", "special_summon": "special_summon", "set": "set", "play": "environment"}


class Describer:
    """Turns events into LogEntry sentences for one seat.

    `you` is the seat that reads the log (the one person against the computer, the seat at
    the screen in hotseat): it is "you" and its cards "your X", the other seat goes by its
    name ("AI's X"). Without it (replays) every player and card takes its owner's name, so
    two cards of one name are never told apart by guesswork.
    """

    def __init__(self, pool: Mapping[str, CardDef], player_name: Callable[[int], str],
                 you: int | None = None) -> None:
        self.pool = pool
        self.player_name = player_name
        self.you = you
        self.names: dict[int, str] = {}
        self.owners: dict[int, int] = {}  # who controls each card, as last told
        self.stats: dict[int, tuple[int | None, ...]] = {}  # last ATK / Health / max Health told per card
        self.lines: list[list[_Step]] = []  # the Lines as this seat saw them built
        self.resolving: _Step | None = None
        self.done: dict[int, list[str]] = {}  # per Line: what each resolved Step did
        self.negated = False  # a Step of the Line being summed up negated another
        self.count = 0  # Lines opened so far this duel: each Line's number in the log
        self.ids: list[int] = []  # per open Line (the engine's 1, 2, ...): its number in the log
        self.broke = False  # a Line Break just numbered the Line its LineOpened opens
        self.opening: int | None = None  # the player whose hidden opening hand a row just told
        self.breaking: str | None = None  # a Line Break's words, told with the Step that made it
        self.busy: set[int] = set()  # Lines (log numbers) on which something was answered
        self.paid: tuple[int, int, int] | None = None  # a Summon's SP (player, paid, left), told with it
        self.moved: tuple[int, str] | None = None  # the card and kind of the action just told
        self.asked: tuple[int, str] | None = None  # the last choice asked: (player, kind)
        self.refused = False  # the last optional trigger asked was answered "No"
        self.broken: int | None = None  # the card a row just told Broken
        self.faced: int | None = None  # the card a row just told turned face up
        self.picking = False  # a multi-card choice is being answered one card at a time
        self.materials: list[str] = []  # sent for the Special Summon about to be told
        self.battle: set[int] = set()  # the Phantoms a battle row just told damage to

    def learn(self, uid: int, card_id: str | None, owner: int | None = None) -> None:
        if card_id and card_id != HIDDEN and card_id in self.pool:
            self.names[uid] = card_id
        if owner in (0, 1):
            self.owners[uid] = owner

    def learn_position(self, cards: Mapping[int, CardView]) -> None:
        """A start position's cards by name and owner: a puzzle's are placed without events,
        so a log built from events alone would call a face-up Thorn Sprite "a card"."""
        for uid, card in cards.items():
            self.learn(uid, card.card_id, card.controller)

    def who(self, seat: int) -> str:
        """The player as subject or object: "you" for the reader, else the player's name."""
        return "you" if seat == self.you else self.p(seat)

    def does(self, seat: int, verb: str, verbs: str) -> str:
        """Subject and verb agreeing: "you pay" for the reader, "AI pays" for the other."""
        return f"you {verb}" if seat == self.you else f"{self.p(seat)} {verbs}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else possessive(self.p(seat))

    def mine(self, uid: int, card_id: str | None = None, fallback: str = "a card") -> str:
        """The card's name with its owner's: "your Blazing Chimera", "AI's face-down card"."""
        name = self.card(uid, card_id, fallback)
        seat = self.owners.get(uid)
        if seat is None:
            return name
        if name == fallback and name.startswith("a "):
            name = name[2:]
        return f"{self.whose(seat)} {name}"

    def card(self, uid: int, card_id: str | None = None, fallback: str = "a card") -> str:
        if card_id and card_id != HIDDEN and card_id in self.pool:
            return self.pool[card_id].name
        cid = self.names.get(uid)
        return self.pool[cid].name if cid else fallback

    def __call__(self, e: object) -> LogEntry | None:
        cid = getattr(e, "card_id", None)
        uid = getattr(e, "card", None)
        if uid is not None:  # a Step's player is who uses it, not whose card it is (issue 38)
            owner = None if isinstance(e, ev.StepAdded) else getattr(e, "controller", getattr(e, "player", None))
            self.learn(uid, cid, owner)
        if not isinstance(e, ev.CardMoved):
            self.paid = None  # a Summon's SP is told with the card it paid for, the next event
        if not isinstance(e, ev.ChoiceMade | ev.ChoiceRequested | ev.CardMoved):
            self.picking = False
        if not isinstance(e, ev.CardMoved | ev.CardBroken):
            self.broken = None
        if not isinstance(e, ev.Revealed | ev.PositionChanged):
            self.faced = None
        if not isinstance(e, ev.HealthChanged | ev.LpChanged | ev.BattleDamage):
            self.battle.clear()
        fn = TOLD.get(type(e))
        if fn is None:
            return LogEntry(type(e).__name__, -1)
        entry = fn(self, e)
        s = self.resolving
        if entry is not None and not entry.quiet and s is not None and s.kind == "ability":
            if not s.shown:  # its first effect row names it: the Line adds no summary to repeat it
                entry.text = f"{self._what(s)}: {entry.text}"
            s.shown = True
        if entry is not None and entry.text[:1].islower():
            entry.text = entry.text[0].upper() + entry.text[1:]
        if entry is not None and entry.card is not None and entry.card_id is None:
            entry.card_id = self.names.get(entry.card)
        if entry is not None and entry.term is None:
            entry.term = term_of(entry.text)
        return entry

    def p(self, seat: int) -> str:
        return self.player_name(seat)

    def line_no(self, line: int) -> int:
        """The log's number of the engine's open Line `line` (a running count per duel)."""
        return self.ids[line - 1] if 0 < line <= len(self.ids) else line

    # ---------------------------------------------------------------- events
    def _DuelStarted(self, e: ev.DuelStarted) -> LogEntry:
        for extras in e.extras:
            for uid, cid in extras:
                self.learn(uid, cid)
        return LogEntry(f"The duel begins. {self.does(e.first_player, 'go', 'goes')} first.", -1)

    def _CoinTossed(self, e: ev.CoinTossed) -> None:
        return None  # the duel's first row, just before, says who goes first

    def _RoundStarted(self, e: ev.RoundStarted) -> LogEntry:
        return LogEntry(f"Round {e.round} begins.", -1)

    def _TurnStarted(self, e: ev.TurnStarted) -> LogEntry:
        return LogEntry(f"{self.whose(e.player)} turn (turn {e.turn}).", e.player)

    def _PhaseChanged(self, e: ev.PhaseChanged) -> LogEntry:
        return LogEntry(f"{PHASE_WORDS.get(e.phase, e.phase)}.", e.player, quiet=True)

    def _CardMoved(self, e: ev.CardMoved) -> LogEntry | None:
        if e.to_zone in ("hand", "extra", "grave", "deck"):
            self.stats.pop(e.card, None)  # its numbers start afresh where it lands
        o, c = e.owner, e.controller
        name = self.card(e.card, e.card_id)
        r = e.reason
        to = ZONE_WORDS.get(e.to_zone, e.to_zone)
        frm = ZONE_WORDS.get(e.from_zone, e.from_zone)
        pos = "Attack" if e.attack_pos else "Defense"
        face = "face up" if e.face_up else "face down"
        if r in TOLD_MOVES:
            self.moved = (e.card, TOLD_MOVES[r])  # its Step, unanswered, adds no row
        if r == "search":
            text = f"{self.does(o, 'add', 'adds')} {name} from {frm} to the hand."
        elif r == "opening" and name == "a card":  # the hidden hand: one row, not one per card
            if self.opening == o:
                return None
            self.opening = o
            text = f"{self.does(o, 'draw', 'draws')} {'your' if o == self.you else 'their'} opening hand."
        elif r in ("draw", "opening", "draw_phase") or (e.from_zone == "deck" and e.to_zone == "hand"):
            text = f"{self.does(o, 'draw', 'draws')} {name}." if name != "a card" \
                else f"{self.does(o, 'draw', 'draws')} a card."
        elif r == "summon":
            text = f"{self.does(c, 'summon', 'summons')} {name} to {to} ({pos}, {face})"
            if self.paid is not None and self.paid[0] == c:
                text += f" for {self.paid[1]} SP ({self.paid[2]} SP left)"
            text += "."
        elif r == "special_summon":
            frm = f" from {'your' if o == self.you else 'the'} Extra Deck" if e.from_zone == "extra" else ""
            text = f"{self.does(c, 'Special Summon', 'Special Summons')} {name}{frm} to {to} ({pos})"
            mats, self.materials = self.materials, []
            if mats:
                text += f", sending {and_list(mats)} to the Graveyard"
            text += "."
        elif r == "set":
            text = f"{self.does(c, 'set', 'sets')} {name} in {to}."
        elif r == "play":
            text = f"{self.does(c, 'play', 'plays')} {name} to {to}."
        elif r == "break":
            if self.broken == e.card:  # "X is Broken." said it
                self.broken = None
                return None
            text = f"{name} goes to {self.whose(o)} Graveyard."
        elif r == "discard":
            text = f"{self.does(o, 'discard', 'discards')} {name}."
        elif r == "material":  # told with the Special Summon it pays for, which follows
            self.materials.append(name)
            self.paid = None
            return None
        elif r == "mill":
            text = f"{name} is sent from {self.whose(o)} Main Deck to the Graveyard."
        elif r in ("unsummon", "return"):
            text = f"{name} returns to {self.whose(o)} {'Extra Deck' if e.to_zone == 'extra' else 'hand'}."
        elif r == "cost":
            text = f"{self.does(o, 'send', 'sends')} {name} to the Graveyard to pay a cost."
        elif r in ("resolved", "negated"):
            text = f"{self.mine(e.card, e.card_id)} goes to the Graveyard."
        else:
            text = f"{name} moves from {frm} to {to} ({r})."
        self.paid = None
        return LogEntry(text, e.controller if e.to_zone in ZONE_WORDS else e.owner, e.card,
                        None if e.card_id == HIDDEN else e.card_id)

    def _LpChanged(self, e: ev.LpChanged) -> LogEntry:
        d = e.after - e.before
        why = {"battle": " in battle", "cost": " to pay a cost", "effect": ""}.get(e.reason, "")
        verb = self.does(e.player, "gain", "gains") if d > 0 else self.does(e.player, "lose", "loses")
        return LogEntry(f"{verb} {abs(d):,} LP{why} ({e.after:,}).", e.player)

    def _SpChanged(self, e: ev.SpChanged) -> LogEntry | None:
        d = e.after - e.before
        if e.reason == "summon" and d < 0:  # told with the Summon it pays for (the next event)
            self.paid = (e.player, -d, e.after)
            return None
        verb = ("gain", "gains") if d > 0 else ("pay", "pays") if e.reason in ("summon", "cost") \
            else ("lose", "loses")
        if e.reason == "unsummon":
            verb = ("get back", "gets back")
        left = f"{e.after} SP left" if d < 0 else f"now {e.after} SP"
        return LogEntry(f"{self.does(e.player, *verb)} {abs(d)} SP ({left}).", e.player)

    def _HealthChanged(self, e: ev.HealthChanged) -> LogEntry | None:
        d = e.after - e.before
        told = self.stats.get(e.card) or self._printed(e.card)
        if told is not None and e.max_health >= 0:  # a stats row will not say it again
            self.stats[e.card] = (told[0], e.after, e.max_health)
        if d < 0 and e.card in self.battle:
            self.battle.discard(e.card)
            return None  # the battle's row said it
        name = self.mine(e.card)
        if e.max_health < 0:  # a face-down Phantom of the other side: its Health is hidden
            return LogEntry(f"{name} {'is healed' if e.healed else 'takes damage'}.", -1, e.card)
        if d < 0:
            text = f"{name} takes {-d} damage ({e.after}/{e.max_health} Health)."
        else:
            text = f"{name} gets {d} Health back ({e.after}/{e.max_health})."
        return LogEntry(text, -1, e.card)

    def _StatModified(self, e: ev.StatModified) -> LogEntry:
        told = self.stats.get(e.card) or self._printed(e.card)
        if e.stat == "atk" and told is not None and told[0] is not None:  # a stats row will not repeat it
            self.stats[e.card] = (told[0] + e.amount, *told[1:])
        stat = {"atk": "ATK", "health": "Health", "sp_cost": "SP Cost"}.get(e.stat, e.stat)
        how = "until the end of the turn" if e.duration == "turn" else "while it stays"
        return LogEntry(f"{self.mine(e.card)}: {e.amount:+d} {stat} {how}.", -1, e.card)

    def _StatusGained(self, e: ev.StatusGained) -> LogEntry:
        what = {"protected": "is protected from being Broken",
                "cannot_attack": "cannot attack"}.get(e.status, f"gains {e.status}")
        return LogEntry(f"{self.mine(e.card)} {what}.", -1, e.card)

    def _StatusLost(self, e: ev.StatusLost) -> LogEntry:
        what = {"protected": "is no longer protected",
                "cannot_attack": "can attack again"}.get(e.status, f"loses {e.status}")
        return LogEntry(f"{self.mine(e.card)} {what}.", -1, e.card)

    def _printed(self, uid: int) -> tuple[int | None, ...] | None:
        """A Phantom's printed stats: what it shows till a row tells others."""
        cid = self.names.get(uid)
        c = self.pool[cid] if cid is not None else None
        return (c.atk, c.health, c.health) if c is not None and c.is_phantom else None

    def _CardStatsChanged(self, e: ev.CardStatsChanged) -> LogEntry | None:
        """Told only when the numbers a player sees change."""
        if e.atk is None or e.atk < 0:
            return None
        now = (e.atk, e.health, e.max_health)
        before = self.stats.get(e.card) or self._printed(e.card)
        self.stats[e.card] = now
        if before is None or before == now:
            return None
        text = f"{self.mine(e.card)} is now ATK {e.atk}, Health {e.health}/{e.max_health}."
        return LogEntry(text, -1, e.card, quiet=True)

    def _PositionChanged(self, e: ev.PositionChanged) -> LogEntry:
        name = self.mine(e.card, e.card_id)
        if e.reason == "flip" or (e.face_up and e.reason in ("attack", "activate")):
            text = f"{name} is turned face up."
            self.faced = e.card
        elif e.reason == "zero_health":
            text = f"{name} has 0 Health and goes to Defense Position."
        else:
            pos = "Attack" if e.attack_pos else "Defense"
            face = "face up" if e.face_up else "face down"
            text = f"{name} is now in {pos} Position, {face}."
        return LogEntry(text, e.player, e.card, None if e.card_id == HIDDEN else e.card_id)

    def _Summoned(self, e: ev.Summoned) -> LogEntry | None:
        s = self.resolving
        if s is not None and s.card == e.card and s.kind in ("summon", "special_summon"):
            return None  # its own Step resolving: the Summon's row (or its Line's) tells it
        how = "Special Summoned" if e.special else "Summoned"
        return LogEntry(f"{self.mine(e.card, e.card_id)} is {how}.", e.player, e.card)

    def _AttackDeclared(self, e: ev.AttackDeclared) -> LogEntry:
        self.moved = (e.attacker, "attack")
        a = self.mine(e.attacker)
        if e.target < 0:
            return LogEntry(f"{a} attacks directly.", -1, e.attacker)
        return LogEntry(f"{a} attacks {self.mine(e.target)}.", -1, e.attacker)

    def _BattleDamage(self, e: ev.BattleDamage) -> LogEntry | None:
        """What each Phantom dealt; the LP lost is the LP row's (with what is left), and the
        Health rows that follow would say this row again, so they are not told."""
        a = self.mine(e.attacker)
        if e.target < 0:
            if e.to_player:
                return None  # "X attacks directly." and "You lose 2,100 LP in battle (7,900)."
            return LogEntry(f"{a} deals no damage to {self.who(e.player)}.", -1, e.attacker)
        self.battle |= {e.target, e.attacker}
        t = self.mine(e.target)
        text = f"{a} deals {e.to_target:,} to {t}; {self.card(e.target)} deals {e.to_attacker:,} back."
        return LogEntry(text, -1, e.attacker)

    def _CardBroken(self, e: ev.CardBroken) -> LogEntry:
        name = self.mine(e.card, e.card_id)
        self.broken = None if e.survived else e.card
        text = f"{name} survives the Break at 0 Health." if e.survived else f"{name} is Broken."
        return LogEntry(text, -1, e.card)

    def _step_name(self, uid: int, card_id: str, kind: str, player: int) -> str:
        """A Step's name, its card under its owner's name; a user other than the owner (a
        shared Environment's ability) is named too."""
        name = self.mine(uid, card_id, fallback="a face-down card")
        owner = self.owners.get(uid)
        by = f" (used by {self.who(player)})" if owner is not None and owner != player else ""
        if kind == "ability":
            return f"{name}'s ability{by}"
        return f"{name}'s {KIND_WORDS.get(kind, kind)}{by}"

    def _StepAdded(self, e: ev.StepAdded) -> LogEntry | None:
        below = [s for line in self.lines for s in line]
        answers = below[-1] if below and e.kind == "ability" else None  # as the engine's responds_to
        step = _Step(e.player, e.kind, e.card, e.card_id, e.ability, answers, tuple(e.targets))
        step.told = self.moved == (e.card, e.kind)
        self.moved = None
        while len(self.lines) < e.line:
            self.lines.append([])
        self.lines[e.line - 1].append(step)
        no = self.line_no(e.line)
        if e.line == 1 and e.step == 1:
            return None  # the Line's own action: its row (or the Line's summary) tells it
        self.busy.update(self.ids[:e.line])  # answered: each Line below keeps its rows
        what = self._step_name(e.card, e.card_id, e.kind, e.player)
        trig = " (trigger)" if e.trigger else ""
        broke, self.breaking = self.breaking, None
        if broke is not None:
            what = f"{what}{trig} answers {self._what(answers)}" if answers is not None else f"{what}{trig}"
            return LogEntry(f"Line Break! {what[:1].upper()}{what[1:]}: {broke}.", e.player, e.card)
        if answers is not None:
            text = f"{what}{trig} answers {self._what(answers)} (Line {no}, Speed {e.speed})."
        else:
            text = f"Line {no}, Step {e.step}: {what}{trig}, Speed {e.speed}."
        return LogEntry(text, e.player, e.card)

    def _LineOpened(self, e: ev.LineOpened) -> None:
        if not self.broke:  # a Line Break numbered it already
            self.count += 1
            self.ids[e.line - 1:] = [self.count]
        self.broke = False

    def _LineBreak(self, e: ev.LineBreak) -> None:
        self.count += 1
        self.ids[e.line - 1:] = [self.count]
        self.broke = True
        self.busy.update(self.ids)
        below = f" on top of Line {self.line_no(e.line - 1)}" if e.line > 1 else ""
        self.breaking = f"Line {self.count} begins{below} at Speed {e.speed}"
        return None  # told with the Step that breaks it, which the engine adds next

    def _LineResolving(self, e: ev.LineResolving) -> None:
        return None

    def _take(self, line: int) -> _Step | None:
        """The Step leaving `line` now (the Line's last), as this seat saw it added."""
        if 0 < line <= len(self.lines) and self.lines[line - 1]:
            self.resolving = self.lines[line - 1].pop()
        else:
            self.resolving = None
        return self.resolving

    def _said(self, line: int, text: str, plain: bool = False) -> None:
        """What a Step did, kept for its Line's summary; `plain`: only what its own row told."""
        self.done.setdefault(line, []).append("" if plain else text)
        self.resolving = None

    def _what(self, s: _Step) -> str:
        return self._step_name(s.card, s.card_id, s.kind, s.player)

    def _did(self, s: _Step) -> str:
        """What a resolved Step did, in a clause of the Line's summary."""
        cdef = self.pool.get(s.card_id) if s.card_id != HIDDEN else None
        who = self.mine(s.card, s.card_id, "a face-down card")
        if s.kind == "ability" and cdef is not None and s.answers is not None:
            try:
                negates = cdef.ability(s.ability).negates
            except (IndexError, KeyError, AttributeError):
                negates = False
            if negates:
                self.negated = True
                return f"{who} negated {self._what(s.answers)}"
        owner = self.owners.get(s.card)
        used = f"{self.does(s.player, 'used', 'used')} {who}'s ability" \
            if s.kind == "ability" and owner is not None and owner != s.player else f"{self._what(s)} resolved"
        text = {"summon": f"{who} was Summoned", "special_summon": f"{who} was Special Summoned",
                "set": f"{who} was Set", "environment": f"{who} took the Environment slot",
                "attack": f"{who} attacked " + (self.mine(s.targets[0]) if s.targets and s.targets[0] >= 0
                                                 else "directly"), "position": f"{who} changed position",
                "flip": f"{who} was flipped face up", "unsummon": f"{who} was Unsummoned"
                }.get(s.kind, used)
        return text

    def _StepResolving(self, e: ev.StepResolving) -> None:
        self._take(e.line)

    def _StepResolved(self, e: ev.StepResolved) -> None:
        s = self.resolving
        if s is not None:
            # an action's own row told it (or, a flip, a move, the rows as it resolved); an
            # ability its rows told, unless it negated something (no row tells that)
            before, self.negated = self.negated, False
            did = self._did(s)
            negates, self.negated = self.negated, before or self.negated
            told = s.shown and not negates if s.kind == "ability" else s.told or s.kind not in TOLD_KINDS
            self._said(e.line, did, plain=told)

    def _StepFizzled(self, e: ev.StepFizzled) -> None:
        if self.resolving is not None:
            self._said(e.line, f"{self._what(self.resolving)} fizzled ({e.reason})")

    def _StepNegated(self, e: ev.StepNegated) -> None:
        if self.resolving is not None:
            self._said(e.line, f"{self._what(self.resolving)} was negated")

    def _LineClosed(self, e: ev.LineClosed) -> LogEntry | None:
        """One sentence for the whole Line: what each of its Steps did, in the order they
        resolved; none for a Line nobody answered whose one Step its own row told."""
        parts = self.done.pop(e.line, [])
        no = self.line_no(e.line)
        del self.lines[e.line - 1:]
        del self.ids[e.line - 1:]
        self.resolving = None
        negated, self.negated = self.negated, False
        busy = no in self.busy
        self.busy.discard(no)
        if not busy and parts and all(p == "" for p in parts):
            return None
        said = [p for p in parts if p]
        if not said:  # each Step's own rows told it (the Line panel shows it go)
            return None
        return LogEntry(f"Line {no} resolved: {'; '.join(said)}.", -1, negates=negated)

    def _WindowOpened(self, e: ev.WindowOpened) -> LogEntry:
        return LogEntry(f"Line {self.line_no(e.line)} may be answered again; "
                        f"{self.does(e.player, 'may', 'may')} answer first.", e.player, quiet=True)

    def _PriorityPassed(self, e: ev.PriorityPassed) -> None:
        return None  # a pass shows in what follows (the Step resolves, or the Line goes on)

    def _ChoiceRequested(self, e: ev.ChoiceRequested) -> LogEntry | None:
        again = self.asked == (e.player, e.kind) and self.picking
        self.asked = (e.player, e.kind)
        self.refused = False
        if e.kind == "materials" or again:  # materials: told with the Summon; again: the rest of one pick
            return None
        return LogEntry(f"{self.does(e.player, 'must', 'must')} choose: {counted(e.prompt, e.count)}.",
                        e.player, quiet=True)

    def _ChoiceMade(self, e: ev.ChoiceMade) -> LogEntry | None:
        self.refused = self.asked == (e.player, "trigger_optional") and e.label == "No"
        self.picking = True  # a ChoiceRequested right after asks for the rest of this pick
        if e.kind == "materials":
            return None  # the material's move, told with its Summon, names it
        label = "a card they may not show" if e.label == HIDDEN else e.label
        return LogEntry(f"{self.does(e.player, 'choose', 'chooses')} {label}.", e.player)

    def _AbilityDeclined(self, e: ev.AbilityDeclined) -> LogEntry:
        """Why it is not used: its player said No, or (the only other way the engine declines
        one) it found no target, said only where this seat can see it has a target to find."""
        why = ""
        cdef = self.pool.get(e.card_id) if e.card_id != HIDDEN else None
        if self.refused and self.asked is not None:
            why = f": {self.does(self.asked[0], 'chose', 'chose')} not to use it"
        elif cdef is not None and any(a.start is Start.TRIGGER and a.target is not None
                                      for a in cdef.abilities):
            why = ": it has no target"
        self.refused = False
        self.asked = None
        return LogEntry(f"{self.mine(e.card, e.card_id)}'s ability is not used{why}.", -1, e.card)

    def _Revealed(self, e: ev.Revealed) -> LogEntry | None:
        if e.card == self.faced:
            return None  # "X is turned face up." showed it
        return LogEntry(f"{self.does(e.player, 'reveal', 'reveals')} {self.card(e.card, e.card_id)}.",
                        e.player, e.card)

    def _DuelEnded(self, e: ev.DuelEnded) -> LogEntry:
        names = tuple("You" if s == self.you else self.p(s) for s in (0, 1))
        why = end_sentence(e.reason, e.winner, names)
        if e.winner not in (0, 1):
            return LogEntry(f"The duel is a draw. {why}", -1)
        return LogEntry(f"{self.does(e.winner, 'win', 'wins')} the duel. {why}", e.winner)


# how each event class is told (typed: keyed by the class, so a renamed event fails the
# import, not silently); an event with none is logged by its class name
TOLD: dict[type, Callable[[Describer, Any], LogEntry | None]] = {
    ev.DuelStarted: Describer._DuelStarted,
    ev.CoinTossed: Describer._CoinTossed,
    ev.RoundStarted: Describer._RoundStarted,
    ev.TurnStarted: Describer._TurnStarted,
    ev.PhaseChanged: Describer._PhaseChanged,
    ev.CardMoved: Describer._CardMoved,
    ev.LpChanged: Describer._LpChanged,
    ev.SpChanged: Describer._SpChanged,
    ev.HealthChanged: Describer._HealthChanged,
    ev.StatModified: Describer._StatModified,
    ev.StatusGained: Describer._StatusGained,
    ev.StatusLost: Describer._StatusLost,
    ev.CardStatsChanged: Describer._CardStatsChanged,
    ev.PositionChanged: Describer._PositionChanged,
    ev.Summoned: Describer._Summoned,
    ev.AttackDeclared: Describer._AttackDeclared,
    ev.BattleDamage: Describer._BattleDamage,
    ev.CardBroken: Describer._CardBroken,
    ev.StepAdded: Describer._StepAdded,
    ev.LineOpened: Describer._LineOpened,
    ev.LineBreak: Describer._LineBreak,
    ev.LineResolving: Describer._LineResolving,
    ev.StepResolving: Describer._StepResolving,
    ev.StepResolved: Describer._StepResolved,
    ev.StepFizzled: Describer._StepFizzled,
    ev.StepNegated: Describer._StepNegated,
    ev.LineClosed: Describer._LineClosed,
    ev.WindowOpened: Describer._WindowOpened,
    ev.PriorityPassed: Describer._PriorityPassed,
    ev.ChoiceRequested: Describer._ChoiceRequested,
    ev.ChoiceMade: Describer._ChoiceMade,
    ev.AbilityDeclined: Describer._AbilityDeclined,
    ev.Revealed: Describer._Revealed,
    ev.DuelEnded: Describer._DuelEnded,
}
