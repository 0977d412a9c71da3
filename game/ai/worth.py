"""What single cards are worth, without looking ahead: which card to discard, which to search
for, which Phantom to send as a material, which target an effect should hit.

These are the rules of thumb every level shares; they read card data and the stats a player
can see, so the same answers work on a rebuilt duel and on a bare view.
"""

from __future__ import annotations

from game.engine import CardDef, CardType
from game.engine.carddefs import Ability, Start

from .evaluate import DEFAULT, Weights, stat_worth

# What a Phantom's abilities add to its printed worth: a continuous effect works every turn,
# an activated one can be used again; a trigger is counted by the lookahead when it fires.
_ABILITY_WORTH = {Start.STATIC: 300.0, Start.MAIN: 150.0, Start.RESPONSE: 200.0}

def printed_worth(cdef: CardDef, w: Weights = DEFAULT) -> float:
    """A card's worth from its printed data: Phantoms by ATK, Health and Level; every other
    card by what it does (a flat amount: the runs, not this number, judge single cards)."""
    if cdef.type is CardType.PHANTOM:
        bonus = sum(_ABILITY_WORTH.get(ab.start, 0.0) for ab in cdef.abilities)
        return stat_worth(cdef, w) + bonus
    if cdef.type is CardType.ENVIRONMENT:
        return w.lasting + 50
    return w.backrow + 40


def hand_worth(cdef: CardDef, sp: int, w: Weights = DEFAULT) -> float:
    """How much keeping this card in hand is worth to a player with `sp` SP: a Phantom far
    beyond the SP bank is worth less now; Extra Deck Phantoms never sit in a hand."""
    worth = printed_worth(cdef, w)
    if cdef.type is CardType.PHANTOM and cdef.level > sp + 3:
        worth *= 0.7
    return worth


def has_flip_trigger(cdef: CardDef) -> bool:
    return any(ab.start is Start.TRIGGER and ab.trigger == "flipped" for ab in cdef.abilities)


def ability_harms(ab: Ability) -> bool:
    """Does this ability mostly hurt what it targets (so aim it at the opponent)? Each
    verb says whether an effect of it hurts (`Verb.harms`)."""
    return any(eff.impl.harms(eff) for eff in ab.effects)


def draws(ab: Ability) -> int:
    """Cards this ability makes its user draw (to keep a thin deck alive)."""
    return sum(eff.count for eff in ab.effects if eff.impl.draws and eff.player != "opponent")
