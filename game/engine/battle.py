"""Damage calculation for an attack Step that resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import primitives as prims
from .model import Step
from .notice import fire
from .query import atk, health, on_field

if TYPE_CHECKING:
    from .core import DuelCore


def resolve_attack(duel: DuelCore, step: Step) -> None:
    """Simultaneous ATK-to-Health damage; excess through Attack Position only (book)."""
    attacker = duel.state.cards[step.card]
    attacker.battled_turn = duel.state.turn
    defender_player = 1 - attacker.controller
    if step.extra < 0:
        dmg = atk(duel, attacker)
        duel.out.append(ev.BattleDamage(attacker.uid, -1, 0, 0, dmg, defender_player))
        if dmg > 0:
            prims.change_lp(duel, defender_player, -dmg, "battle")
            fire(duel, "battle_damage", attacker)
        return
    target = duel.state.cards[step.extra]
    if not on_field(target):
        return
    target.battled_turn = duel.state.turn
    if not target.face_up:
        prims.set_face(duel, target, True, "attacked")
    a = atk(duel, attacker)
    target_health = health(duel, target)
    # A 0-Health Defense Position Phantom deals no damage to its attacker (book).
    back = 0 if (not target.attack_pos and target_health == 0) else atk(duel, target)
    excess = a - target_health if (target.attack_pos and a > target_health) else 0
    duel.out.append(ev.BattleDamage(attacker.uid, target.uid, a, back, excess,
                                    target.controller if excess else -1))
    target_zero = prims.apply_damage(duel, target, a)
    attacker_zero = prims.apply_damage(duel, attacker, back)
    if excess:
        prims.change_lp(duel, target.controller, -excess, "battle")
        fire(duel, "battle_damage", attacker)
    if target_zero:
        prims.break_card(duel, target, "battle")
    if attacker_zero:
        prims.break_card(duel, attacker, "battle")
