"""The "win this turn" solver: a depth-first search over one's own-turn commands on a
rebuilt duel, looking for a line that wins the duel (or meets the player's goal) before the
turn ends.

It reads a duel the AI rebuilt from its own view (game.ai.sampling), never the real one. The
opponent's part is played by `hostile_reply`: it answers every Step of ours that would not
fizzle with whatever answer it holds (negations first), and makes any Extra Deck Summon it
may. So a line only counts as a win when the opponent's possible answers in that sample
cannot stop it; Hard tries several samples of the hidden cards (search.py), so a set card
that may be an answer is counted by how often it is one.

Every play of distinct effect is tried (slots and duplicate copies folded together, Summons
face up in Attack Position, Unsummons for their SP refund, position changes toward Attack,
on to the Battle Phase and past it); attacks and damage come first, positions already
searched are not searched again, and the budget counts simulated commands, as every
lookahead of the AI does. Hard's order (`eager`) tries Extra Deck Summons, and the Unsummons
that free a slot for one, before moving on to the battle: three Phantoms becoming one that
Breaks the blocker is a line the plain order reaches last.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import (
    Activate,
    CardDef,
    ChangePosition,
    Choose,
    Command,
    Duel,
    EndTurn,
    Pass,
    Phase,
    Rejected,
    SpecialSummon,
    Unsummon,
)
from game.engine.model import PHANTOM_ZONES, Card, Step
from game.engine.query import atk, health
from game.engine.resolution import fizzle_reason

from .goals import MET, PlayGoal
from .moves import distinct_answers, turn_moves
from .policy import static_answer
from .worth import ability_harms

MAX_DEPTH = 40  # own commands in one line at most
CHOICE_OPTIONS = 6  # options of one choice tried at most


def met(duel: Duel, me: int, goal: PlayGoal | None) -> bool:
    """Has `me` won (or met its goal) in `duel`?"""
    if goal is not None and goal.status(duel, me) == MET:
        return True
    return duel.state.winner == me


# where moves() keeps each kind of command (ai/moves.py turn_moves)
_PLACES = {"play": "plays", "burn": "burns", "undo": "later", "position": "later",
           "next": "advance", "end": "advance"}


def _top_step(duel: Duel) -> Step | None:
    for line in reversed(duel.state.lines):
        if line:
            return line[-1]
    return None


def hostile_reply(duel: Duel, seat: int, legal: Sequence[Command]) -> Command:
    """The opponent at its most obstructive in the solver: every answer it holds is played
    against a live Step of ours (a negation first), every Extra Deck Summon it may make is
    made; choices by rules of thumb."""
    st = duel.state
    if st.choice is not None:
        return static_answer(duel, seat, legal)
    passing = next((c for c in legal if isinstance(c, Pass)), None)
    top = _top_step(duel)
    if top is not None and top.player != seat and not fizzle_reason(duel, top):
        pool = duel.defs
        cards = st.cards
        best: Command | None = None
        best_rank = -1
        for cmd in legal:
            if isinstance(cmd, Activate):
                ab = pool[cards[cmd.card].cid].ability(cmd.ability)
                rank = 3 if ab.negates else 2 if ability_harms(ab) else 1
            elif isinstance(cmd, SpecialSummon):
                rank = 0
            else:
                continue
            if rank > best_rank:
                best, best_rank = cmd, rank
        if best is not None:
            return best
    if passing is not None:
        return passing
    return legal[0]


def _signature(duel: Duel) -> tuple[object, ...]:
    """What distinguishes one open position of a turn from another (commands in a different
    order often reach the same one)."""
    st = duel.state
    cards = st.cards
    field: list[tuple[object, ...]] = []
    for ps in st.players:
        for zone, slots in ps.slots.items():
            for i, uid in enumerate(slots):
                if uid is not None:
                    c = cards[uid]
                    field.append((uid, zone, i, c.attack_pos, c.face_up, c.damage,
                                  c.attacked_turn, c.pos_changed_turn, c.summoned_turn,
                                  len(c.mods), len(c.flags)))
    return (st.phase, st.priority, tuple(ps.lp for ps in st.players),
            tuple(ps.sp for ps in st.players), tuple(tuple(ps.hand) for ps in st.players),
            tuple(len(ps.grave) for ps in st.players), tuple(len(ps.deck) for ps in st.players),
            tuple(field))


class LethalSolver:
    """Finds a line of own commands that wins this turn within `budget` simulated
    commands; `solve` returns it (the first command is the one to play) or None."""

    def __init__(self, me: int, goal: PlayGoal | None = None, budget: int = 1500,
                 battle_only: bool = False, eager: bool = False) -> None:
        self.me = me
        self.battle_only = battle_only  # only attacks, answers and moving to the battle
        # Hard's order: Extra Deck Summons, and Unsummons that free a slot for one, before
        # moving on to the battle (`eager_plays`); Normal keeps the plain order
        self.eager = eager
        self.goal = goal
        self.budget = budget
        self.spent = 0
        self.exhausted = False  # the budget ran out before every line was tried
        self._failed: set[tuple[object, ...]] = set()
        self._turn = -1

    def solve(self, duel: Duel) -> list[Command] | None:
        self.spent = 0
        self.exhausted = False
        self._failed = set()
        self._turn = duel.state.turn
        if duel.state.turn_player != self.me:
            return None
        return self._search(duel.clone(), 0)

    def wins_with(self, duel: Duel, cmd: Command) -> bool:
        """Does playing `cmd` now still leave a winning line this turn in `duel`?"""
        self.spent = 0
        self.exhausted = False
        self._failed = set()
        self._turn = duel.state.turn
        child = duel.clone()
        try:
            child.apply(cmd)
        except Rejected:
            return False
        self.spent += 1
        return self._search(child, 1) is not None

    def _search(self, duel: Duel, depth: int) -> list[Command] | None:
        me = self.me
        st = duel.state
        while True:
            if met(duel, me, self.goal):
                return []
            if st.winner is not None or st.turn != self._turn or depth > MAX_DEPTH:
                return None
            if self.spent >= self.budget:
                self.exhausted = True
                return None
            seat = duel.deciding_player
            if seat is None:
                return None
            if seat == me:
                break
            duel.apply(hostile_reply(duel, seat, duel.legal_actions()))
            self.spent += 1
        key = None
        if st.choice is None and not st.lines:
            key = _signature(duel)
            if key in self._failed:
                return None
        for cmd in self.moves(duel):
            child = duel.clone()
            try:
                child.apply(cmd)
            except Rejected:
                continue
            self.spent += 1
            rest = self._search(child, depth + 1)
            if rest is not None:
                return [cmd, *rest]
            if self.spent >= self.budget:
                self.exhausted = True
                return None
        if key is not None:
            self._failed.add(key)
        return None

    def moves(self, duel: Duel) -> list[Command]:
        """Own commands worth trying now, the likeliest winners first."""
        me = self.me
        st = duel.state
        legal = duel.legal_actions()
        if st.choice is not None:
            first = static_answer(duel, me, legal)
            opts = [c for c in legal if isinstance(c, Choose) and c != first]
            return [first, *opts[:CHOICE_OPTIONS - 1]]
        if st.lines:  # our own Step waits, or an answer of theirs
            passing: list[Command] = [c for c in legal if isinstance(c, Pass)]
            return passing + distinct_answers(duel, [c for c in legal if isinstance(c, Activate)])
        out, sorted_ = turn_moves(duel, legal, _PLACES)
        burns, plays, later = sorted_["burns"], sorted_["plays"], sorted_["later"]
        # ending the turn only when the End Phase's damage may finish the duel this turn
        advance = [c for c in sorted_["advance"] if not isinstance(c, EndTurn) or _end_burn(duel)]
        if self.battle_only:
            turn = [c for c in later if isinstance(c, ChangePosition)]
            return out + (turn + advance if st.phase is Phase.MAIN1 else [])
        out += burns
        if self.eager:
            early, plays, later = eager_plays(duel, me, plays, later)
            out += early
        if st.phase is Phase.MAIN1 and _can_attack_soon(duel, me):
            return out + advance + plays + later
        return out + plays + later + advance


def eager_plays(duel: Duel, me: int, plays: list[Command], later: list[Command]
                ) -> tuple[list[Command], list[Command], list[Command]]:
    """The plays a winning line most often hides behind, taken out of `plays` and `later`
    to be tried before moving on: every Extra Deck Summon (three Phantoms may become one
    that Breaks the blocker), and, when every Phantom and Side Balance slot is taken and an
    Extra Deck card waits, the Unsummons that free a slot, the least worth first (a
    0-Health Phantom before anything that can still attack). Also what is left of both."""
    extra: list[Command] = [c for c in plays if isinstance(c, SpecialSummon)]
    rest: list[Command] = [c for c in plays if not isinstance(c, SpecialSummon)]
    ps = duel.state.players[me]
    full = all(uid is not None for zone in PHANTOM_ZONES
               for uid in ps.slots[zone])
    if not (full and ps.extra):
        return extra, rest, later
    cards = duel.state.cards
    freeing = [c for c in later if isinstance(c, Unsummon)]
    freeing.sort(key=lambda c: _unsummon_rank(duel, cards[c.card]))  # stable: legal order
    keep: list[Command] = [c for c in later if not isinstance(c, Unsummon)]
    return [*extra, *freeing], rest, keep


def _unsummon_rank(duel: Duel, card: Card) -> tuple[bool, int]:
    """Which of our Phantoms to take back to free a slot first: one at 0 Health (it can
    neither attack nor block for long), then the weakest attacker."""
    return health(duel, card) > 0, atk(duel, card)


def plausible(duel: Duel, me: int, slack: int = 300) -> bool:
    """Could `me` deal the opponent's LP this turn at all? A cheap bound before the search:
    the ATK of every Phantom of ours that may still attack this turn, the damage printed on
    our cards in hand and on the field, twice every ATK boost they print, and `slack`."""
    from game.engine.legal import phantoms_of
    from game.engine.query import has_status, health

    st = duel.state
    if st.turn_player != me or st.winner is not None or st.phase is Phase.END:
        return False
    turn = st.turn
    power = slack
    for c in phantoms_of(duel, me):
        if (health(duel, c) > 0 and c.attacked_turn != turn
                and not has_status(duel, c, "cannot_attack")
                and (c.attack_pos or st.phase is Phase.MAIN1)):
            power += atk(duel, c)
    pool = duel.defs
    cards = st.cards
    ps = st.players[me]
    mine = list(ps.hand) + [u for slots in ps.slots.values() for u in slots if u is not None]
    for uid in mine:
        power += _printed_damage(pool[cards[uid].cid])
    return st.players[1 - me].lp <= power


def _printed_damage(cdef: CardDef) -> int:
    total = 0
    for ab in cdef.abilities:
        for eff in ab.effects:
            if eff.impl.burns and eff.player != "you":
                total += eff.amount
            elif (gain := eff.impl.atk_gain(eff)) > 0:
                total += 2 * gain
            elif eff.then or eff.options:
                total += 1000  # a conditional or a choice: not read closely
    return total


def _end_burn(duel: Duel) -> bool:
    """Does a card on the field deal damage at the end of a turn (an End Phase may win)?"""
    pool = duel.defs
    cards = duel.state.cards
    for ps in duel.state.players:
        for slots in ps.slots.values():
            for uid in slots:
                if uid is None:
                    continue
                for ab in pool[cards[uid].cid].abilities:
                    if ab.trigger == "turn_end" and any(
                            e.impl.burns for e in ab.effects):
                        return True
    return False


def _can_attack_soon(duel: Duel, me: int) -> bool:
    from game.engine.legal import can_attack, phantoms_of

    return any(can_attack(duel, c) for c in phantoms_of(duel, me))
