"""How good a position is for one seat: the score every AI level ranks outcomes by.

The score is in LP-equivalent points, one side's worth minus the other's (docs/ai.md explains
each term and why). It reads a *rebuilt* duel (game.ai.sampling), never the real one: the
AI plans on duels built from its own view with the hidden cards sampled.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import CardDef, CardType, Duel, Phase
from game.engine.legal import phantoms_of
from game.engine.model import BACKROW_ZONES, PHANTOM_ZONES, Card, Zone
from game.engine.query import atk, has_status, health, sp_cost

from .goals import MET, OPEN, PlayGoal

WIN = 1_000_000.0


@dataclass(frozen=True)
class Weights:
    """The evaluation's numbers (docs/ai.md, "The evaluation")."""

    lp: float = 1.0  # per LP
    low_lp: float = 0.6  # extra per LP below `low_lp_at`: the last LP matter most
    low_lp_at: int = 4000
    atk: float = 0.8  # per ATK of a Phantom on the field
    health: float = 0.45  # per Health left
    level: float = 60.0  # per Level: abilities and what the card cost
    defense_atk: float = 0.75  # ATK counts this much while in Defense Position
    zero_health: float = 0.2  # a 0-Health Phantom keeps this share of its worth
    no_attack: float = 0.4  # a Phantom that cannot attack keeps this share of its ATK's worth
    exposed: float = 0.45  # share of a Phantom's worth at risk from a stronger attacker
    open_board: float = 0.6  # share of the opponent's attack power that hits an empty board
    on_turn: float = 0.3  # the side whose turn it is can still answer: its risks count this much
    hand: float = 330.0  # per card in hand, up to the hand limit (more is discarded at the End)
    backrow: float = 380.0  # per face-down Spirit or Counter: an answer in waiting
    lasting: float = 350.0  # per face-up lasting card or Environment
    sp: float = 190.0  # per SP, up to `sp_useful` and what the next Draw Phase leaves room for
    sp_useful: int = 9
    sp_extra: float = 30.0  # per SP beyond that (the next Draw Phase's income would overflow)
    grave: float = 12.0  # per card in the Graveyard (fuel for some Extra Deck Phantoms)
    deck_low_at: int = 4  # fewer Main Deck cards than this start to hurt
    deck_low: float = 900.0  # per missing card below `deck_low_at`
    draw_result: float = -3000.0  # a drawn duel, for both seats
    # share of its worth an Extra Deck Phantom that comes free once its player's LP fall to
    # a threshold (Mirrorwall Golem's 6,000) counts for before they have: 0 (Normal and
    # Easy) counts it only once summoned, so damage that crosses the threshold looks like
    # it hands the opponent a board; Hard counts it all along (docs/ai.md)
    latent_extra: float = 0.0
    # the same share while the other side's Main Deck is the smaller: in a stall it decks out
    # first, so the damage that lets those Phantoms come must be taken sooner or later (Hive
    # against Bastion decked out before the threshold with `latent_extra` alone at its fitted
    # 0.32, docs/ai.md "Seventh look"); 0: `latent_extra` whatever the decks
    latent_clock: float = 0.0
    # Hard's reading of SP and the hand by when the next Draw Phase comes (docs/ai.md, "Fourth
    # look"): False (Normal and Easy) counts SP beyond the cap less one Draw Phase's income at
    # `sp_extra` whatever the phase; True counts up to the cap for a side whose Main Phase
    # comes before the next Draw Phase (the playouts stop at Hard's own next turn, where all 8
    # may be spent)
    sp_by_draw: bool = False
    # share of its worth a Main Deck Phantom in hand counts for on top of the hand card when
    # the SP its side will have at its next Main Phase pays for it and a slot is free, less
    # the SP it takes (`sp` each): the best set of them that SP and slots allow, one hidden
    # by a stronger attacker counted as exposed. 0 (Normal and Easy): SP saved for a Level 8
    # Phantom earns nothing more than SP
    castable: float = 0.0
    # what the player plays for besides winning (a puzzle's goal for its side, goals.py):
    # met scores as a win, failed as a loss; None: just the duel
    goal: PlayGoal | None = None


DEFAULT = Weights()


def phantom_worth(duel: Duel, card: Card, w: Weights = DEFAULT) -> float:
    """What one Phantom on the field is worth to its controller, before any threat."""
    cdef = duel.defs[card.cid]
    a, h = atk(duel, card), health(duel, card)
    atk_w = w.atk if card.attack_pos else w.atk * w.defense_atk
    if has_status(duel, card, "cannot_attack"):
        atk_w *= w.no_attack
    worth = a * atk_w + h * w.health + cdef.level * w.level
    if h == 0:
        worth *= w.zero_health
    return worth


def attackers(duel: Duel, player: int) -> list[int]:
    """ATK of `player`'s Phantoms that could attack on their next turn (not the 0-Health
    ones, not those that "cannot attack"): every threat check reads this."""
    out = []
    for c in phantoms_of(duel, player):
        if health(duel, c) > 0 and not has_status(duel, c, "cannot_attack"):
            out.append(atk(duel, c))
    return out


def side_worth(duel: Duel, p: int, w: Weights = DEFAULT) -> float:
    """Everything seat `p` has, in LP points (see `evaluate`)."""
    st = duel.state
    ps = st.players[p]
    lp = ps.lp
    total = lp * w.lp + min(lp, w.low_lp_at) * w.low_lp
    foes = attackers(duel, 1 - p)
    top_foe = max(foes, default=0)
    mine = phantoms_of(duel, p)
    risk = w.on_turn if st.turn_player == p else 1.0
    for c in mine:
        worth = phantom_worth(duel, c, w)
        h = health(duel, c)
        if top_foe > h and h > 0:  # a stronger attacker can Break it (and go through)
            excess = top_foe - h if c.attack_pos else 0
            worth -= risk * w.exposed * (worth + excess)
        total += worth
    if not mine and foes:
        total -= risk * w.open_board * sum(foes)
    rules = duel.rules
    total += w.hand * min(len(ps.hand), rules.hand_limit)
    pool = duel.defs
    cards = st.cards
    for zone in BACKROW_ZONES:
        for uid in ps.slots[zone]:
            if uid is None:
                continue
            c = cards[uid]
            if pool[c.cid].type is CardType.PHANTOM:
                continue
            total += w.backrow if not c.face_up else w.lasting
    if ps.slots[Zone.ENV][0] is not None:
        total += w.lasting
    sp = ps.sp
    # SP kept beyond what the next Draw Phase can add to without passing the cap is wasted
    cap = rules.sp_cap
    income = rules.sp_per_draw_phase
    main_first = (w.sp_by_draw or w.castable > 0) and main_before_draw(duel, p)
    if cap is None:
        useful = w.sp_useful
    elif main_first and w.sp_by_draw:  # it may spend up to the cap before the Draw Phase
        useful = min(w.sp_useful, cap)
    else:
        useful = min(w.sp_useful, max(0, cap - income))
    total += min(sp, useful) * w.sp + max(0, sp - useful) * w.sp_extra
    if w.castable and next_main(duel, p):
        # SP the Draw Phase adds first (if it does) is spendable too, up to the cap
        ready = sp if main_first else sp + income
        if cap is not None:
            ready = min(ready, cap)
        total += castable_gain(duel, p, ready, top_foe, w)
    total += len(ps.grave) * w.grave
    if w.latent_extra or w.latent_clock:
        clock = w.latent_clock and len(st.players[1 - p].deck) < len(ps.deck)
        share = w.latent_clock if clock else w.latent_extra
        if share:
            total += share * _latent_extra(duel, p, w)
    if len(ps.deck) < w.deck_low_at:
        total -= (w.deck_low_at - len(ps.deck)) * w.deck_low
    return total


def main_before_draw(duel: Duel, p: int) -> bool:
    """Does seat `p` get a Main Phase before the next Draw Phase (RULES.md D5: a Round is the
    first player's turn, the shared Draw Phase, the second player's turn)? Its own turn with
    a Main Phase still ahead, or the first player's coming turn while the second player's
    turn runs: SP it holds then can all be spent before the Draw Phase adds to them."""
    st = duel.state
    if st.phase is Phase.DRAW:
        return False
    if st.turn_player == p:
        return st.phase is not Phase.END
    # the other seat's turn: the first player's turn comes before the Draw Phase only when the
    # second player's turn is the one running
    return p == st.first_player


def next_main(duel: Duel, p: int) -> bool:
    """Is the next Main Phase to come seat `p`'s (its own turn before its End, or the other
    seat's turn at its End)? What its hand and SP will bring there can be counted now; the
    other seat's next Main Phase comes after this one has changed the board."""
    st = duel.state
    if st.turn_player == p:
        return st.phase is not Phase.END and st.phase is not Phase.DRAW
    return st.phase is Phase.END or st.phase is Phase.DRAW


def castable_gain(duel: Duel, p: int, sp: int, top_foe: int, w: Weights) -> float:
    """What the Main Deck Phantoms in seat `p`'s hand add once `sp` SP pay for them: the
    best set that fits the SP and the free Phantom slots, each counted at `w.castable` of its
    printed worth (less the exposed share when the opponent's biggest attacker out-hits it)
    minus `w.sp` per SP it costs; 0 when no set gains."""
    free = free_phantom_slots(duel, p)
    if not free or sp <= 0:
        return 0.0
    st = duel.state
    pool = duel.defs
    items: list[tuple[int, float]] = []
    for uid in st.players[p].hand:
        card = st.cards[uid]
        cdef = pool[card.cid]
        if cdef.type is not CardType.PHANTOM or cdef.extra:
            continue
        cost = sp_cost(duel, card)
        if cost > sp:
            continue
        worth = stat_worth(cdef, w)
        if top_foe > cdef.health:
            worth *= 1.0 - w.exposed
        gain = w.castable * worth - cost * w.sp
        if gain > 0:
            items.append((cost, gain))
    if not items:
        return 0.0
    items.sort(key=lambda x: -x[1])
    items = items[:6]  # the hand limit: at most 2**6 sets
    best = 0.0
    n = len(items)
    for mask in range(1, 1 << n):
        if bin(mask).count("1") > free:
            continue
        cost = 0
        gain = 0.0
        for i in range(n):
            if mask >> i & 1:
                cost += items[i][0]
                gain += items[i][1]
        if cost <= sp and gain > best:
            best = gain
    return best


def stat_worth(cdef: CardDef, w: Weights = DEFAULT) -> float:
    """A Phantom's worth from its printed ATK, Health and Level alone (before position,
    damage or threats): what the terms for Phantoms not yet on the field count."""
    return cdef.atk * w.atk + cdef.health * w.health + cdef.level * w.level


def free_phantom_slots(duel: Duel, player: int) -> int:
    """How many slots a Phantom of `player`'s could still go into (Phantom and Side Balance
    slots): the room every "is there space for it" judgment of the AI reads."""
    slots = duel.state.players[player].slots
    return sum(1 for z in PHANTOM_ZONES for u in slots[z] if u is None)


def lp_threshold(cdef: CardDef) -> int | None:
    """The LP at or below which this Extra Deck Phantom may be Special Summoned with no
    materials and no other condition (Mirrorwall Golem: 6000), or None."""
    cond = cdef.summon_condition
    if not cdef.extra or cdef.materials is not None or cond is None:
        return None
    if cond.kind == "lp" and cond.player == "you" and cond.max is not None and cond.min is None:
        return cond.max
    return None


def _latent_extra(duel: Duel, p: int, w: Weights) -> float:
    """The worth of the Phantoms in seat `p`'s Extra Deck (as the rebuilt duel holds it:
    the opponent's is sampled from its decklist) that will come free once its LP fall to
    their threshold, while they are still above it, up to its free Phantom slots: damage that
    crosses the threshold then costs nothing extra, since the way to win goes through it."""
    st = duel.state
    ps = st.players[p]
    free = free_phantom_slots(duel, p)
    if not free:
        return 0.0
    pool = duel.defs
    worths = []
    for uid in ps.extra:
        cdef = pool[st.cards[uid].cid]
        at = lp_threshold(cdef)
        if at is not None and ps.lp > at:
            worths.append(stat_worth(cdef, w))
    worths.sort(reverse=True)
    return sum(worths[:free])


def _soon(turn: int) -> float:
    """How much sooner than the last turn a decided duel was decided: a win sooner and a
    loss later are better, turn by turn (when every line loses, the one that loses later)."""
    return 500.0 * max(0, 120 - turn)


def evaluate(duel: Duel, seat: int, w: Weights = DEFAULT) -> float:
    """Seat `seat`'s advantage: its worth minus its opponent's; +/-WIN once the duel is won
    or lost (sooner is better), `w.draw_result` for a draw. With `w.goal`, +/-WIN once the
    goal is met or has failed, whatever the duel's own state."""
    st = duel.state
    goal = w.goal
    if goal is not None:
        status = goal.status(duel, seat)
        if status != OPEN:
            soon = _soon(st.turn)
            return WIN + soon if status == MET else -WIN - soon
    if st.winner is not None:
        if st.winner == -1:
            return w.draw_result
        soon = _soon(st.turn)
        return WIN + soon if st.winner == seat else -WIN - soon
    score = side_worth(duel, seat, w) - side_worth(duel, 1 - seat, w)
    if st.phase is Phase.END and st.players[seat].deck == [] and st.turn_player == st.first_player:
        score -= WIN / 2  # the coming Draw Phase loses the duel
    return score
