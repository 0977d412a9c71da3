"""Answers from the view alone, for the decisions a rebuilt duel cannot reproduce: a choice
asked in the middle of a resolution (which card to discard, search, summon or target, which
option to take) whose context the view does not carry.

The same rules of thumb as `policy.static_answer`, read off the view's card pictures.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.engine import CardDef, ChoiceKind, ChoiceOption, Choose, Command, PlayerView, Zone
from game.engine.carddefs import Start

from .worth import ability_harms, hand_worth, printed_worth

_DISCARDS = (ChoiceKind.DISCARD_END, ChoiceKind.DISCARD, ChoiceKind.COST_DISCARD)
_FIELD = (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV)


def _names(pool: Mapping[str, CardDef]) -> dict[str, str]:
    return {cdef.name: cid for cid, cdef in pool.items()}


def view_answer(view: PlayerView, pool: Mapping[str, CardDef]) -> Command:
    """One of `view.legal_actions`, by rules of thumb on what the view shows."""
    legal = view.legal_actions
    ch = view.choice
    if ch is None or ch.player != view.seat or not ch.options:
        return legal[0]
    me = view.seat
    names = _names(pool)
    sp = view.me.sp

    def cid_of(opt: ChoiceOption) -> str | None:
        if opt.card is not None:
            c = view.card(opt.card)
            if c is not None and c.card_id is not None:
                return c.card_id
        return names.get(opt.label)

    def worth(opt: ChoiceOption) -> float:
        cid = cid_of(opt)
        if cid is None or cid not in pool:
            return 0.0
        c = view.card(opt.card) if opt.card is not None else None
        if c is not None and c.zone in _FIELD and c.atk is not None:
            return c.atk * 0.8 + (c.health or 0) * 0.45 + pool[cid].level * 60
        return hand_worth(pool[cid], sp)

    opts = list(ch.options)
    kind = ch.kind
    if kind in _DISCARDS or kind is ChoiceKind.MATERIALS:
        pick = min(opts, key=lambda o: (worth(o), o.value))
    elif kind in (ChoiceKind.SEARCH, ChoiceKind.SUMMON_PICK):
        pick = max(opts, key=lambda o: (worth(o), -o.value))
    elif kind is ChoiceKind.TRIGGER_OPTIONAL:
        pick = next((o for o in opts if o.value == 1), opts[0])
    elif kind is ChoiceKind.TRIGGER_TARGET:
        harms = _trigger_harms(ch.prompt, pool, names)

        def score(o: ChoiceOption) -> tuple[int, float, int]:
            c = view.card(o.card) if o.card is not None else None
            theirs = c is not None and c.controller != me
            return (1 if theirs == harms else 0, worth(o), -o.value)

        pick = max(opts, key=score)
    else:
        pick = opts[0]
    cmd = Choose(me, pick.value)
    return cmd if cmd in legal else legal[0]


def _trigger_harms(prompt: str, pool: Mapping[str, CardDef], names: dict[str, str]) -> bool:
    """Does the trigger asking for a target (named in the prompt) hurt what it hits?"""
    for name, cid in names.items():
        if prompt.endswith(" " + name):
            for ab in pool[cid].abilities:
                if ab.start is Start.TRIGGER and ab.target is not None:
                    return ability_harms(ab)
    return True


__all__ = ["view_answer", "printed_worth"]
