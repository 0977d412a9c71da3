"""Rule-based play on a rebuilt duel: the decisions of the Easy and Normal levels and of
Hard's playouts.

A policy reads a duel the AI rebuilt from its own view (game.ai.sampling), so nothing
here can see the real hidden cards. It decides one command at a time, the same way in every
kind of decision:

- a pending choice: rules of thumb per kind (discard the least useful card, send the weakest
  material, aim harmful effects at the opponent's best card), or, looking ahead, the answer
  whose outcome scores best;
- a response window: answer a Step only when the answer gains more than the card is worth
  kept (a Counter set face down counts as an answer in waiting);
- its own turn: Extra Deck, Spirits and abilities, Environments, Summons, sets, Flips,
  position changes and Unsummons in the Main Phases, attacks in the Battle Phase, each taken
  only when it pays; then on to the next phase.

With `Style.lookahead` a play "pays" when trying it on a copy of the duel (every Line
resolved, both players passing) raises the evaluation (evaluate.py) by `Style.margin`;
without it, the rules of thumb below decide alone (fast enough for thousands of playout moves).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine import (
    Activate,
    Attack,
    CardDef,
    CardType,
    ChangePosition,
    ChoiceKind,
    Choose,
    Command,
    Duel,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    Phase,
    PlayEnvironment,
    Rejected,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
)
from game.engine.legal import phantoms_of
from game.engine.model import PHANTOM_ZONES, Card, Step, Zone
from game.engine.query import atk, health, max_health, sp_cost
from game.engine.resolution import fizzle_reason

from .evaluate import DEFAULT, Weights, attackers, evaluate, free_phantom_slots, phantom_worth
from .goals import FAILED, MET
from .worth import ability_harms, draws, hand_worth, has_flip_trigger, printed_worth

LETHAL = 1_000_000.0  # the threat of a Step that would end the duel
SETTLE_CAP = 60  # commands a lookahead may spend resolving one play's Lines
TURN_CAP = 120  # commands a lookahead may spend playing out the rest of a turn
TARGET_SHARE = 0.25  # share of a target's worth a harmful targeted play is scored by


@dataclass(frozen=True)
class Style:
    """How a level plays (see the module docstring)."""

    # how far a play is tried on a copy before it is made: NONE (rules of thumb only),
    # SETTLE (Spirits, abilities, Extra Deck, answers and choices: until their Lines have
    # resolved), TURN (every play, then the rest of the turn by `then`)
    lookahead: str = "settle"
    margin: float = 60.0  # a play must gain at least this much to be made
    mistakes: float = 0.0  # share of own-turn decisions made carelessly (Easy)
    responses: float = 1.0  # chance of even looking for an answer in a response window
    extra_deck: float = 1.0  # chance of noticing an Extra Deck Summon
    smart_attacks: bool = True  # pick attacks that trade well (Easy attacks anything)
    # simulated commands the "win this turn" solver (lethal.py) may spend on its own turn,
    # when a win is in reach at all (0: it never looks for one)
    lethal_budget: int = 0


NONE, SETTLE, TURN = "none", "settle", "turn"
NORMAL = Style(lookahead=SETTLE, lethal_budget=150)
QUICK = Style(lookahead=NONE)
PLANNER = Style(lookahead=TURN)  # Hard's ranking of its candidates
EASY = Style(lookahead=NONE, margin=0.0, mistakes=0.3, responses=0.35, extra_deck=0.4,
             smart_attacks=False)
_EFFECT_PLAYS = (Activate, SpecialSummon, PlayEnvironment)

_DISCARDS = (ChoiceKind.DISCARD_END, ChoiceKind.DISCARD, ChoiceKind.COST_DISCARD)


def settle(duel: Duel, cap: int = SETTLE_CAP) -> int:
    """Resolve what is open: both players pass, choices by rules of thumb. Returns the
    number of commands applied (the search counts them as simulations)."""
    st = duel.state
    n = 0
    while st.winner is None and n < cap and (st.lines or st.choice is not None):
        if st.choice is not None:
            cmd = static_answer(duel, st.choice.player, duel.legal_actions())
        else:
            cmd = Pass(st.priority)
        duel.apply(cmd)
        n += 1
    return n


class BySeat:
    """A playout's play with a policy per seat (search.py: a model of Hard's opponent for
    the opponent's seat)."""

    def __init__(self, policies: tuple[Policy, Policy]) -> None:
        self.policies = policies

    def choose(self, duel: Duel, me: int, legal: Iterable[Command] | None = None) -> Command:
        return self.policies[me].choose(duel, me, legal)


def playout(duel: Duel, policy: Policy | BySeat, until_turn: int, cap: int) -> int:
    """Play on with `policy` for both seats until turn `until_turn` begins (or the duel
    ends, or `cap` commands); returns the commands applied."""
    st = duel.state
    n = 0
    while st.winner is None and st.turn < until_turn and n < cap:
        seat = duel.deciding_player
        assert seat is not None  # the duel is live
        duel.apply(policy.choose(duel, seat))
        n += 1
    return n


def try_play(duel: Duel, cmd: Command, seat: int, w: Weights = DEFAULT,
             then: Policy | BySeat | None = None, cap: int = TURN_CAP,
             until_turn: int | None = None) -> tuple[float, int]:
    """The evaluation for `seat` after `cmd` and, with `then`, the duel played on by that
    policy until turn `until_turn` begins (default: the rest of this turn; without `then`,
    only what `cmd` opened, resolved with both players passing), and the commands it took;
    a play the copy refuses scores -inf."""
    copy, n = tried(duel, cmd, then, cap, until_turn)
    return (float("-inf") if copy is None else evaluate(copy, seat, w)), n


def tried(duel: Duel, cmd: Command, then: Policy | BySeat | None = None, cap: int = TURN_CAP,
          until_turn: int | None = None) -> tuple[Duel | None, int]:
    """A copy of `duel` after `cmd`, played on as `try_play` says (None when the copy
    refuses `cmd`), and the commands it took: the leaf `try_play` scores, for a caller that
    scores it more than one way."""
    copy = duel.clone()
    try:
        copy.apply(cmd)
    except Rejected:
        return None, 1
    if then is None:
        n = 1 + settle(copy)
    else:
        end = until_turn if until_turn is not None else duel.state.turn + 1
        n = 1 + playout(copy, then, end, cap)
    return copy, n


def for_goal(duel: Duel, me: int, legal: Sequence[Command],
             w: Weights) -> tuple[Command | None, list[Command]]:
    """Playing for a goal one command deep (`w.goal`; Easy and Random, and every level's
    first look): each legal command tried on a copy until what it opened has resolved. A
    command that meets the goal is returned first; the second value lists the commands that
    do not fail it (all of them when every one fails)."""
    goal = w.goal
    if goal is None:
        return None, list(legal)
    keep: list[Command] = []
    for cmd in legal:
        copy = duel.clone()
        try:
            copy.apply(cmd)
        except Rejected:
            continue
        settle(copy)
        status = goal.status(copy, me)
        if status == MET:
            return cmd, [cmd]
        if status != FAILED:
            keep.append(cmd)
    return None, keep or list(legal)


# --------------------------------------------------------------------------- choices
def static_answer(duel: Duel, me: int, legal: Sequence[Command]) -> Command:
    """A pending choice answered by rules of thumb (no lookahead)."""
    ch = duel.state.choice
    opts = [c.option for c in legal if isinstance(c, Choose)]
    if not opts or ch is None:
        return legal[0]
    kind = ch.kind
    cards = duel.state.cards
    pool = duel.defs
    sp = duel.state.players[me].sp
    if kind in _DISCARDS:
        pick = min(opts, key=lambda u: (hand_worth(pool[cards[u].cid], sp), u))
    elif kind is ChoiceKind.MATERIALS:
        pick = min(opts, key=lambda u: (phantom_worth(duel, cards[u]), u))
    elif kind in (ChoiceKind.SEARCH, ChoiceKind.SUMMON_PICK):
        pick = max(opts, key=lambda u: (hand_worth(pool[cards[u].cid], sp + 3), -u))
    elif kind is ChoiceKind.TRIGGER_OPTIONAL:
        trig = ch.context.get("trigger")
        ab = pool[cards[trig.card].cid].abilities[trig.ability] if trig else None
        low_deck = len(duel.state.players[me].deck) <= 3
        pick = 0 if (ab is not None and draws(ab) and low_deck) else 1
        pick = pick if pick in opts else opts[0]
    elif kind is ChoiceKind.TRIGGER_TARGET:
        trig = ch.context.get("trigger")
        harms = True
        if trig is not None:
            harms = ability_harms(pool[cards[trig.card].cid].abilities[trig.ability])
        pick = target_pick(duel, me, opts, harms)
    else:  # CHOOSE_OPTION: the first option is each card's main line
        pick = opts[0]
    return Choose(me, pick)


def target_pick(duel: Duel, me: int, uids: list[int], harms: bool) -> int:
    """Harmful effects hit the opponent's most valuable card, helpful ones our own."""
    cards = duel.state.cards

    def score(u: int) -> tuple[int, float, int]:
        c = cards[u]
        theirs = c.controller != me
        worth = phantom_worth(duel, c) if duel.defs[c.cid].is_phantom and c.zone not in (
            Zone.HAND, Zone.DECK, Zone.GRAVE, Zone.EXTRA) else printed_worth(duel.defs[c.cid])
        side = 1 if theirs == harms else 0
        return (side, worth, -u)

    return max(uids, key=score)


# --------------------------------------------------------------------------- the policy
class Policy:
    """One seat's rule-based play on rebuilt duels; `rng` only for Easy's carelessness."""

    def __init__(self, style: Style = NORMAL, rng: random.Random | None = None,
                 weights: Weights = DEFAULT, then: Policy | None = None) -> None:
        self.style = style
        self.rng = rng or random.Random(0)
        self.w = weights
        self.simulated = 0  # commands tried on copies (lookahead)
        # the rest of a turn, in a TURN lookahead (default: rules of thumb, fast)
        if style.lookahead == TURN and then is None:
            then = Policy(QUICK, random.Random(0), weights)
        self.then = then if style.lookahead == TURN else None

    def choose(self, duel: Duel, me: int, legal: Iterable[Command] | None = None) -> Command:
        acts = tuple(legal if legal is not None else duel.legal_actions())
        if len(acts) == 1:
            return acts[0]
        st = duel.state
        if st.choice is not None:
            return self.answer(duel, me, acts)
        if st.lines:
            return self.respond(duel, me, acts)
        return self.act(duel, me, acts)

    def options(self, duel: Duel, me: int, legal: Iterable[Command]) -> list[Command]:
        """Every distinct command worth considering now, of any kind of decision (the
        search's candidates): choice answers, Pass and answers, or plays and moving on."""
        acts = tuple(legal)
        st = duel.state
        if st.choice is not None:
            return list(acts)
        if st.lines:
            passing: list[Command] = [c for c in acts if isinstance(c, Pass)]
            return passing + _distinct([c for c in acts if isinstance(c, Activate)])
        advance = _advance(acts, st.phase, can_attack=_any_attack_left(duel, me))
        return [advance] + self.candidates(duel, me, acts)

    # ------------------------------------------------------------------ choices
    def answer(self, duel: Duel, me: int, legal: Sequence[Command]) -> Command:
        choice = duel.state.choice
        assert choice is not None  # only asked while a choice waits
        kind = choice.kind
        if self.style.lookahead != NONE and kind not in _DISCARDS \
                and kind is not ChoiceKind.MATERIALS and len(legal) <= 8:
            return self.best_of(duel, me, list(legal))[0]
        return static_answer(duel, me, legal)

    def best_of(self, duel: Duel, me: int, cands: Sequence[Command]) -> tuple[Command, float]:
        best, best_v = cands[0], float("-inf")
        for cmd in cands:
            v, n = try_play(duel, cmd, me, self.w, self.then)
            self.simulated += n
            if v > best_v:
                best, best_v = cmd, v
        return best, best_v

    # ---------------------------------------------------------------- responses
    def respond(self, duel: Duel, me: int, legal: Sequence[Command]) -> Command:
        passing = legal[0] if isinstance(legal[0], Pass) else Pass(me)
        answers = _distinct([c for c in legal if isinstance(c, Activate)])
        if not answers or self.rng.random() >= self.style.responses:
            return passing
        top = _top_step(duel)
        if top is not None and top.player != me and will_fizzle(duel, top):
            return passing  # its card or target is gone already: an answer is wasted
        if self.style.lookahead != NONE:
            base, n = try_play(duel, passing, me, self.w, self.then)
            self.simulated += n
            best, v = self.best_of(duel, me, answers)
            return best if v > base + self.style.margin else passing
        return self.static_response(duel, me, answers) or passing

    def static_response(self, duel: Duel, me: int, answers: list[Activate]) -> Command | None:
        """Answer a Step worth answering: a threat for negations and removal, anything for
        answers that only gain (draws, Special Summons, Health)."""
        top = _top_step(duel)
        if top is None or top.player == me or will_fizzle(duel, top):
            return None
        threat = step_threat(duel, me, top)
        pool = duel.defs
        cards = duel.state.cards
        best, best_s = None, 0.0
        for cmd in answers:
            ab = pool[cards[cmd.card].cid].ability(cmd.ability)
            if ab.cost.lp and duel.state.players[me].lp <= ab.cost.lp + 2500:
                continue
            s = threat - 700 if (ab.negates or ability_harms(ab)) else 300.0
            if s > best_s:
                best, best_s = cmd, s
        return best

    # ---------------------------------------------------------------- own turn
    def act(self, duel: Duel, me: int, legal: Sequence[Command]) -> Command:
        st = duel.state
        phase = st.phase
        plays = self.candidates(duel, me, legal)
        advance = _advance(legal, phase, can_attack=_any_attack_left(duel, me))
        if self.style.mistakes and self.rng.random() < self.style.mistakes:
            return self.careless(plays, advance, legal)
        if not plays:
            return advance
        if self.style.lookahead == TURN:
            base, n = try_play(duel, advance, me, self.w, self.then)
            self.simulated += n
            best, v = self.best_of(duel, me, plays)
            return best if v > base + self.style.margin else advance
        if self.style.lookahead == SETTLE:  # effects are judged by trying them
            effects = [c for c in plays if isinstance(c, _EFFECT_PLAYS)]
            if effects:
                base = evaluate(duel, me, self.w)
                best, v = self.best_of(duel, me, effects)
                if v > base + self.style.margin:
                    return best
                plays = [c for c in plays if not isinstance(c, _EFFECT_PLAYS)]
        chosen = self.static_play(duel, me, plays) if plays else None
        return chosen if chosen is not None else advance

    def careless(self, plays: list[Command], advance: Command, legal: Sequence[Command]) -> Command:
        """Easy's mistakes: a play picked at random, or moving on too early."""
        if plays and self.rng.random() < 0.75:
            return plays[self.rng.randrange(len(plays))]
        return advance

    def candidates(self, duel: Duel, me: int, legal: Iterable[Command]) -> list[Command]:
        """The plays worth considering now: one per distinct effect (slots do not matter),
        Summons face down only for Phantoms that gain by a Flip, position changes toward
        Attack before the battle and toward Defense after it, Extra Deck Summons unless
        Easy overlooks them."""
        st = duel.state
        phase = st.phase
        cards = st.cards
        pool = duel.defs
        battle_ahead = phase is Phase.MAIN1 and (_any_attack_left(duel, me)
                                                 or _could_turn_to_attack(duel, me))
        out: list[Command] = []
        seen: set[object] = set()
        key: object
        noticed_extra = self.rng.random() < self.style.extra_deck
        for cmd in legal:
            t = type(cmd)
            if isinstance(cmd, Summon):
                cdef = pool[cards[cmd.card].cid]
                if not cmd.face_up and not has_flip_trigger(cdef):
                    continue
                key = (t, cdef.id, cmd.attack, cmd.face_up)
            elif isinstance(cmd, SpecialSummon):
                if not noticed_extra:
                    continue
                key = (t, cards[cmd.card].cid, cmd.attack)
            elif isinstance(cmd, SetCard):
                cdef = pool[cards[cmd.card].cid]
                if cdef.type is not CardType.COUNTER:
                    continue  # Spirits are played from the hand when they pay
                key = (t, cdef.id)
            elif isinstance(cmd, Activate):
                key = (t, cards[cmd.card].cid if cards[cmd.card].zone is Zone.HAND else cmd.card,
                       cmd.ability, cmd.targets)
            elif isinstance(cmd, ChangePosition):
                card = cards[cmd.card]
                if battle_ahead and not card.attack_pos:
                    pass  # toward Attack before the battle
                elif battle_ahead or phase is Phase.BATTLE:
                    continue
                key = (t, cmd.card)
            elif isinstance(cmd, (Flip, Unsummon, PlayEnvironment, Attack)):
                if isinstance(cmd, Unsummon):
                    card = cards[cmd.card]
                    if card.summoned_turn == st.turn:
                        continue  # a Summon taken back the same turn only loops
                    if battle_ahead and health(duel, card) > 0:
                        continue
                key = cmd
            else:
                continue
            if key in seen:
                continue
            seen.add(key)
            out.append(cmd)
        return out

    def static_play(self, duel: Duel, me: int, plays: list[Command]) -> Command | None:
        """The rules of thumb for one's own turn (no lookahead)."""
        scored = [(self.static_score(duel, me, cmd), i, cmd) for i, cmd in enumerate(plays)]
        s, _, cmd = max(scored, key=lambda x: (x[0], -x[1]))
        return cmd if s > self.style.margin else None

    def static_score(self, duel: Duel, me: int, cmd: Command) -> float:
        st = duel.state
        cards = st.cards
        pool = duel.defs
        ps = st.players[me]
        if isinstance(cmd, Attack):
            return attack_score(duel, me, cmd) if self.style.smart_attacks else 500.0
        if isinstance(cmd, Summon):
            card = cards[cmd.card]
            cdef = pool[card.cid]
            worth = printed_worth(cdef, self.w) - cdef.level * self.w.sp
            want_attack = summon_in_attack(duel, me, cdef)
            if cmd.attack != want_attack and self.style.smart_attacks:
                worth -= 400
            if self.style.smart_attacks and saving_pays(duel, me, card):
                return -1.0
            return 400 + worth * 0.5
        if isinstance(cmd, SpecialSummon):
            cdef = pool[cards[cmd.card].cid]
            lost = 0.0
            if cdef.materials is not None:
                mine = sorted(phantom_worth(duel, c) for c in phantoms_of(duel, me))
                lost = sum(mine[:cdef.materials.count])
            return printed_worth(cdef, self.w) - lost
        if isinstance(cmd, SetCard):
            return 250.0
        if isinstance(cmd, PlayEnvironment):
            return 350.0 if ps.slots[Zone.ENV][0] is None else -1.0
        if isinstance(cmd, Activate):
            return activation_score(duel, me, cmd)
        if isinstance(cmd, Flip):
            return 300.0 if has_flip_trigger(pool[cards[cmd.card].cid]) else -1.0
        if isinstance(cmd, ChangePosition):
            card = cards[cmd.card]
            top = max(attackers(duel, 1 - me), default=0)
            if not card.attack_pos:
                if st.phase is Phase.MAIN1:  # only to attack this turn, and only if it pays
                    if lethal_exposure(duel, me, health(duel, card), top):
                        return -1.0  # it would stay in Attack Position before a bigger attacker
                    gain = best_attack(duel, me, card)
                    return gain if gain > 300 else -1.0
                return 200.0 if atk(duel, card) > top else -1.0
            return 150.0 if top > health(duel, card) else -1.0
        if isinstance(cmd, Unsummon):
            card = cards[cmd.card]
            if room_for_better(duel, me, card):
                return 250.0
            if not card.sp_paid:
                return -1.0
            h = health(duel, card)
            if h == 0:
                return 300.0
            foe_atk = attackers(duel, 1 - me)  # a Phantom that "cannot attack" threatens nothing
            hurt = h * 5 <= max_health(duel, card) * 2  # 40 % or less left
            return 200.0 if hurt and max(foe_atk, default=0) >= h else -1.0
        return -1.0


# ------------------------------------------------------------------------ rules of thumb
def attack_score(duel: Duel, me: int, cmd: Attack) -> float:
    """What an attack gains, from the stats in sight: a Break is worth the Phantom, excess
    and direct damage their LP, a lost attacker its own worth."""
    cards = duel.state.cards
    attacker = cards[cmd.attacker]
    a = atk(duel, attacker)
    if cmd.target < 0:
        return float(a) + 200.0
    target = cards[cmd.target]
    th = health(duel, target)
    back = 0 if (not target.attack_pos and th == 0) else atk(duel, target)
    ah = health(duel, attacker)
    gain = phantom_worth(duel, target) if a >= th else 0.45 * a
    if target.attack_pos and a > th:
        gain += a - th
    loss = phantom_worth(duel, attacker) if back >= ah else 0.45 * back
    return gain - loss


def best_attack(duel: Duel, me: int, card: Card) -> float:
    """The best an attack by `card` would gain now (as if it stood in Attack Position)."""
    foes = phantoms_of(duel, 1 - me)
    if not foes:
        return float(atk(duel, card)) if card.summoned_turn != duel.state.turn else 0.0
    return max(attack_score(duel, me, Attack(me, card.uid, f.uid)) for f in foes)


def room_for_better(duel: Duel, me: int, card: Card) -> bool:
    """Every Phantom slot is taken and the hand holds an affordable Phantom worth far
    more than this one (the weakest on our field): taking it back makes room."""
    st = duel.state
    if free_phantom_slots(duel, me):
        return False
    mine = phantoms_of(duel, me)
    if not mine or min(mine, key=lambda c: (phantom_worth(duel, c), c.uid)) is not card:
        return False
    sp = st.players[me].sp + card.sp_paid
    worth = phantom_worth(duel, card)
    pool = duel.defs
    for uid in st.players[me].hand:
        other = st.cards[uid]
        odef = pool[other.cid]
        if odef.is_phantom and sp_cost(duel, other) <= sp and printed_worth(odef) > worth + 800:
            return True
    return False


def saving_pays(duel: Duel, me: int, card: Card) -> bool:
    """Keep the SP instead: a clearly better Phantom in hand is out of reach now, within
    reach next turn if we save, and out of it if we spend on this one; or the last free
    Phantom slot would go to a much weaker Phantom than one we can afford next turn."""
    st = duel.state
    pool = duel.defs
    sp = st.players[me].sp
    income = duel.rules.sp_per_draw_phase
    cdef = pool[card.cid]
    cost = sp_cost(duel, card)
    mine = printed_worth(cdef)
    free = free_phantom_slots(duel, me)
    for uid in st.players[me].hand:
        if uid == card.uid:
            continue
        other = st.cards[uid]
        odef = pool[other.cid]
        if not odef.is_phantom or printed_worth(odef) < mine + 600:
            continue
        need = sp_cost(duel, other)
        if sp < need <= sp + income and need > sp - cost + income:
            return True
        if free <= 1 and need <= sp - cost + income + income:
            return True
    return False


def summon_in_attack(duel: Duel, me: int, cdef: CardDef) -> bool:
    """Attack Position when it survives the opponent's best attacker or can Break
    something; otherwise Defense."""
    foes = phantoms_of(duel, 1 - me)
    if not foes:
        return True
    threats = attackers(duel, 1 - me)
    top_atk = max(threats, default=0)
    if lethal_exposure(duel, me, cdef.health, top_atk):
        return False  # in Attack Position its excess damage would finish us
    weakest = min(health(duel, c) for c in foes)
    return cdef.health > top_atk or (cdef.atk >= weakest and cdef.atk >= top_atk)


def lethal_exposure(duel: Duel, me: int, h: int, top_atk: int) -> bool:
    """Would a Phantom with Health `h` in Attack Position let the opponent's biggest
    attacker (`top_atk`) through for most of our LP (the excess damage of a Break)?"""
    lp = duel.state.players[me].lp
    return top_atk > h and (top_atk - h) * 2 >= lp


def will_fizzle(duel: Duel, step: Step) -> bool:
    """Would `step` do nothing if it resolved now (negated already, its card or a target
    gone, an attacker that can no longer attack)? Answering such a Step wastes the answer."""
    return step.negated or bool(fizzle_reason(duel, step))


def _top_step(duel: Duel) -> Step | None:
    for line in reversed(duel.state.lines):
        if line:
            return line[-1]
    return None


def step_threat(duel: Duel, me: int, step: Step) -> float:
    """How much the Step being answered would cost us if it resolved."""
    cards = duel.state.cards
    pool = duel.defs
    card = cards[step.card]
    if step.kind == "attack":
        a = atk(duel, card)
        lp = duel.state.players[me].lp
        if step.extra < 0:
            return LETHAL if a >= lp else float(a)
        target = cards[step.extra]
        th = health(duel, target)
        lost = phantom_worth(duel, target) if a >= th else 0.0
        excess = a - th if target.attack_pos and a > th else 0
        return LETHAL if excess >= lp else lost + excess
    if step.kind in ("summon", "special_summon"):
        return printed_worth(pool[card.cid])
    if step.kind == "ability":
        ctype = pool[card.cid].type
        return 900.0 if ctype in (CardType.SPIRIT, CardType.COUNTER) else 600.0
    return 200.0


def activation_score(duel: Duel, me: int, cmd: Activate) -> float:
    """An activation's worth by what its effects do (no lookahead)."""
    st = duel.state
    cards = st.cards
    card = cards[cmd.card]
    ab = duel.defs[card.cid].ability(cmd.ability)
    ps = st.players[me]
    if ab.cost.lp and ps.lp <= ab.cost.lp + 3000:
        return -1.0
    if draws(ab) and len(ps.deck) <= draws(ab) + 2:
        return -1.0
    score = 250.0
    cost_sp = ab.cost.sp
    if cost_sp:
        score -= 80.0 * cost_sp
    if cmd.targets:
        harms = ability_harms(ab)
        for u in cmd.targets:
            theirs = cards[u].controller != me
            if theirs != harms:
                return -1.0
        if harms:  # aimed at what is worth most (a bounced Extra Deck Phantom, not a Drone)
            score += TARGET_SHARE * sum(_target_worth(duel, cards[u]) for u in cmd.targets)
    for eff in ab.effects:  # what each effect gives: its verb says (Verb.gives)
        gives = eff.impl.gives
        if gives == "phantom" and not _free_phantom_slot(duel, me):
            return -1.0
        if gives == "lp" and ps.lp > 7000:
            score -= 200
        if gives == "sp" and ps.sp >= 8:
            score -= 200
    return score


def _target_worth(duel: Duel, card: Card) -> float:
    """What a harmful effect takes from the opponent by aiming at `card`: a Phantom on the
    field its worth, any other card what a set card is worth."""
    if card.zone in PHANTOM_ZONES and duel.defs[card.cid].is_phantom:
        return phantom_worth(duel, card)
    return DEFAULT.backrow


def _free_phantom_slot(duel: Duel, me: int) -> bool:
    return free_phantom_slots(duel, me) > 0


def _distinct(cmds: list[Activate]) -> list[Activate]:
    """One command per distinct effect: the same card, ability and targets from any slot."""
    seen: set[tuple[int, int, tuple[int, ...]]] = set()
    out: list[Activate] = []
    for c in cmds:
        key = (c.card, c.ability, c.targets)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _could_turn_to_attack(duel: Duel, me: int) -> bool:
    """Could one of our Defense Position Phantoms change to Attack Position now?"""
    turn = duel.state.turn
    for c in phantoms_of(duel, me):
        if (not c.attack_pos and c.summoned_turn != turn and c.pos_changed_turn != turn
                and health(duel, c) > 0):
            return True
    return False


def _any_attack_left(duel: Duel, me: int) -> bool:
    """Could one of our Phantoms still attack this turn (after the Main Phase 1)?"""
    turn = duel.state.turn
    for c in phantoms_of(duel, me):
        if c.attack_pos and c.attacked_turn != turn and health(duel, c) > 0:
            return True
    return False


def _advance(legal: Sequence[Command], phase: Phase, can_attack: bool) -> Command:
    """Move on: to the Battle Phase when an attack is possible, else straight to the End."""
    nxt = next((c for c in legal if isinstance(c, NextPhase)), None)
    end = next((c for c in legal if isinstance(c, EndTurn)), None)
    if phase is Phase.MAIN1 and not can_attack and end is not None:
        return end
    if nxt is not None:
        return nxt
    if end is not None:
        return end
    return legal[0]
