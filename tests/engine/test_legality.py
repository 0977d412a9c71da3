"""One legality: `legal_actions()` and `refusal()` give the same answer for every command,
the incremental listing equals a listing from scratch, and every command kind's refusal
names its reason and changes nothing."""

from __future__ import annotations

import itertools
import random

import pytest

from game.decks.deck import load_deck
from game.engine import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Concede,
    DeckSpec,
    Duel,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    Rejected,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
)
from game.engine import primitives as prims
from game.engine.legal import fresh_legal_actions, legal_actions
from game.engine.model import Zone
from game.engine.reasons import Code
from game.engine.serialize import state_hash
from game.files.resources import STARTER_DECK_DIR
from tests.kit import base_pool, play, position, rules, uid

STARTERS = [load_deck(p) for p in sorted(STARTER_DECK_DIR.glob("*.yaml"))]
ZONES = ("phantom", "side", "back", "env", "hand", "nowhere")


def _random_positions(duels: int, seed: int):
    """(duel, step) after every command of random duels between the starter decks."""
    pairs = list(itertools.combinations(STARTERS, 2))
    for k in range(duels):
        a, b = pairs[k % len(pairs)]
        duel = Duel(base_pool(), rules(), [a.spec(), b.spec()], seed + k)
        rng = random.Random(seed * 1000 + k)
        step = 0
        while not duel.over and step < 400:
            yield duel, rng
            duel.apply(rng.choice(duel.legal_actions()))
            step += 1


def _candidates(duel: Duel, rng: random.Random, count: int) -> list:
    """A random sample of commands of every kind, mostly illegal ones."""
    n = len(duel.cards)
    seat = duel.deciding_player if rng.random() < 0.8 else rng.choice((0, 1, 2))
    assert seat is not None

    def card() -> int:
        return rng.randrange(-1, n + 1)

    def slot() -> tuple[str, int]:
        return rng.choice(ZONES), rng.randrange(-1, 6)

    makers = [
        lambda: Pass(seat), lambda: NextPhase(seat), lambda: EndTurn(seat),
        lambda: Choose(seat, card()),
        lambda: Summon(seat, card(), *slot(), rng.random() < 0.5, rng.random() < 0.5),
        lambda: SpecialSummon(seat, card(), *slot(), rng.random() < 0.5),
        lambda: SetCard(seat, card(), *slot()),
        lambda: PlayEnvironment(seat, card()),
        lambda: ChangePosition(seat, card()), lambda: Flip(seat, card()),
        lambda: Unsummon(seat, card()),
        lambda: Attack(seat, card(), rng.choice((-1, card()))),
        lambda: Activate(seat, card(), rng.randrange(-2, 3),
                         rng.choice(((), (card(),), (card(), card()))),
                         *(rng.choice(((("", -1),), (slot(),)))[0])),
    ]
    out = [rng.choice(makers)() for _ in range(count)]
    # near misses of listed commands: the same command by the other seat or a field changed
    listed = duel.legal_actions()
    for cmd in rng.sample(listed, min(4, len(listed))):
        fields = [getattr(cmd, f) for f in cmd.__slots__]
        i = rng.randrange(len(fields))
        if isinstance(fields[i], bool):
            continue
        fields[i] = 1 - fields[i] if i == 0 else (card() if isinstance(fields[i], int)
                                                  else fields[i])
        out.append(type(cmd)(*fields))
    return out


def _plausible(duel: Duel, rng: random.Random, cap: int) -> list:
    """Commands the deciding player might well mean: each of their cards with each kind
    that could apply, into each free (and one taken) slot, at each target on the field. A
    listing that left out a legal one, or listed an illegal one, shows up here."""
    p = duel.deciding_player
    assert p is not None
    st = duel.state
    me = st.players[p]
    field = [u for ps in st.players for z in ps.slots.values() for u in z if u is not None]
    slots = [(z.value, i) for z, row in me.slots.items() for i, _ in enumerate(row)]
    out: list = [Pass(p), NextPhase(p), EndTurn(p), Choose(p, -1)]
    if st.choice is not None:
        out += [Choose(p, o) for o in st.choice.options]
    targets = [(), *((u,) for u in rng.sample(field, min(4, len(field))))]
    for u in me.hand:
        zone, i = rng.choice(slots)
        out += [Summon(p, u, zone, i, rng.random() < 0.5, rng.random() < 0.5),
                SetCard(p, u, zone, i), PlayEnvironment(p, u)]
        out += [Activate(p, u, k, ts, zone, i) for k in (-1, 0, 1) for ts in targets]
        out += [Summon(p, u, "phantom", i, True, True) for i in range(len(me.slots[Zone.PHANTOM]))]
        out += [SetCard(p, u, "back", i) for i in range(len(me.slots[Zone.BACK]))]
        out += [Activate(p, u, -1, (), "back", i) for i in range(len(me.slots[Zone.BACK]))]
    for u in me.extra:
        out += [SpecialSummon(p, u, "phantom", i, a) for i in range(len(me.slots[Zone.PHANTOM]))
                for a in (True, False)]
    for u in field:
        out += [ChangePosition(p, u), Flip(p, u), Unsummon(p, u), Attack(p, u, -1)]
        out += [Attack(p, u, t) for t in field]
        out += [Activate(p, u, k, ts) for k in (-1, 0, 1) for ts in targets]
    return out if len(out) <= cap else rng.sample(out, cap)


def test_listed_and_judged_legality_never_disagree():
    """Every listed command is judged legal; every judged-legal candidate is listed."""
    checked = refused = 0
    for duel, rng in _random_positions(duels=14, seed=1):
        listed = duel.legal_actions()
        listed_set = set(listed)
        assert len(listed_set) == len(listed), "a command is listed twice"
        for cmd in listed:
            assert duel.refusal(cmd) is None, cmd
        for cmd in _candidates(duel, rng, 6) + _plausible(duel, rng, 40):
            why = duel.refusal(cmd)
            assert (why is None) == (cmd in listed_set), (cmd, why)
            checked += 1
            refused += why is not None
    assert checked > 10_000 and refused > checked // 2


def test_incremental_listing_equals_a_listing_from_scratch():
    """After every command of many random duels the kept judgments give the same list."""
    positions = 0
    for duel, _rng in _random_positions(duels=18, seed=50):
        assert list(duel.legal_actions()) == fresh_legal_actions(duel)
        positions += 1
        if positions % 7 == 0:  # a clone carries the caches: it must list the same too
            copy = duel.clone()
            assert copy.legal_actions() == duel.legal_actions()
    assert positions > 3000


def _pool_positions(duels: int, seed: int, auto_pass: bool):
    """(duel, rng) after every command of random duels between decks drawn from the whole
    card pool (every verb, condition, continuous effect and Extra Deck card plays), with
    responses offered or passed automatically."""
    pool = base_pool()
    main = sorted(cid for cid, c in pool.items() if not c.extra)
    extra = sorted(cid for cid, c in pool.items() if c.extra)
    for k in range(duels):
        rng = random.Random(seed * 7919 + k)
        decks = [DeckSpec(tuple(rng.choice(main) for _ in range(40)),
                          tuple(rng.sample(extra, min(8, len(extra))))) for _ in range(2)]
        duel = Duel(pool, rules(), decks, seed + k, auto_pass=auto_pass)
        step = 0
        while not duel.over and step < 300:
            yield duel, rng
            duel.apply(rng.choice(duel.legal_actions()))
            step += 1


@pytest.mark.parametrize("auto_pass", [True, False])
def test_incremental_listing_equals_scratch_with_every_card(auto_pass):
    """The kept judgments (each under what it reads: reads.py) list what a listing from
    scratch lists, after every command, with every card of the pool in play: a zone
    version not bumped where something changes shows up here."""
    positions = 0
    for duel, rng in _pool_positions(duels=10, seed=300 + auto_pass, auto_pass=auto_pass):
        assert list(duel.legal_actions()) == fresh_legal_actions(duel)
        positions += 1
        if rng.random() < 0.05:  # a clone carries the kept judgments: it lists the same
            copy = duel.clone()
            assert copy.legal_actions() == duel.legal_actions()
            if copy.legal_actions():
                copy.apply(rng.choice(copy.legal_actions()))
                assert list(copy.legal_actions()) == fresh_legal_actions(copy)
    assert positions > 1500


def _nudge(duel: Duel, rng: random.Random) -> None:
    """One state change by a rules primitive, as an effect would make it, on a random card
    or player: whatever it changes must reach every kept judgment it could touch."""
    st = duel.state
    cards = [c for c in st.cards if c.zone is not Zone.DECK]
    card = rng.choice(cards)
    p = rng.choice((0, 1))
    field = [c for c in cards if c.zone in (Zone.PHANTOM, Zone.SIDE)
             and duel.pool[c.cid].is_phantom]
    kind = rng.randrange(9)
    if kind == 0 and field:
        prims.apply_damage(duel, rng.choice(field), rng.choice((100, 500, 2000)))
    elif kind == 1 and field:
        prims.heal_card(duel, rng.choice(field), 1000)
    elif kind == 2 and field:
        prims.add_modifier(duel, rng.choice(field), rng.choice(("atk", "health", "sp_cost")),
                           rng.choice((-500, 500)), st.turn)
    elif kind == 3 and field:
        prims.add_status(duel, rng.choice(field), rng.choice(("protected", "cannot_attack")),
                         -1)
    elif kind == 4 and field:
        target = rng.choice(field)
        prims.set_position(duel, target, not target.attack_pos, "effect")
    elif kind == 5:
        prims.change_lp(duel, p, rng.choice((-1000, 1000)), "effect", check=False)
    elif kind == 6:
        prims.change_sp(duel, p, rng.choice((-2, 2)), "effect")
    elif kind == 7 and card.zone is not Zone.GRAVE:
        prims.move(duel, card, Zone.GRAVE, -1, card.owner, True, True, "effect")
    elif st.players[p].deck:
        prims.draw(duel, p, 1, "effect")


def test_a_primitive_change_reaches_every_kept_judgment():
    """After any one change a rules primitive makes (damage, a heal, a modifier, a status,
    a position, LP, SP, a card moved or drawn), listing with the kept judgments equals
    listing from scratch. Made on a clone, which carries the original's judgments."""
    nudged = 0
    for duel, rng in _pool_positions(duels=6, seed=700, auto_pass=True):
        if duel.state.choice is not None or rng.random() < 0.7:
            continue
        copy = duel.clone()
        copy.legal_actions()  # fill the kept judgments for this position
        legal_actions(copy)
        _nudge(copy, rng)
        if copy.state.winner is None:
            assert legal_actions(copy) == fresh_legal_actions(copy)
            nudged += 1
    assert nudged > 200


def test_clone_then_diverge_keeps_caches_apart():
    """Two clones reach equal version numbers by different commands: neither may reuse
    what the other kept."""
    for duel, rng in _random_positions(duels=4, seed=90):
        if len(duel.legal_actions()) < 2 or rng.random() < 0.85:
            continue
        a, b = duel.clone(), duel.clone()
        ca, cb = rng.sample(duel.legal_actions(), 2)
        a.apply(ca)
        b.apply(cb)
        for d in (a, b):
            assert list(d.legal_actions()) == fresh_legal_actions(d)


# ------------------------------------------------------------------ every kind's refusal
CARDS = """
- id: t_spirit
  name: Test Spirit
  type: spirit
  text: Deal 100 damage to your opponent.
  abilities:
    - start: main
      effects:
        - damage_player: {player: opponent, amount: 100}
- id: t_counter
  name: Test Counter
  type: counter
  text: Negate the activation.
  abilities:
    - start: response
      speed: 2
      effects:
        - negate: {}
"""


def _spec(me: dict, foe: dict | None = None, **top) -> dict:
    base = {"deck": ["stone_sentry"] * 5}
    return {"players": [{**base, **me}, {**base, **(foe or {})}], **top}


def _refused(duel: Duel, cmd, code: Code) -> None:
    before, version = state_hash(duel), duel.version
    assert duel.refusal(cmd) is not None and duel.refusal(cmd).code is code, duel.refusal(cmd)
    with pytest.raises(Rejected) as info:
        duel.apply(cmd)
    assert info.value.code is code and info.value.command == cmd
    assert info.value.reason == duel.why_illegal(cmd)
    assert cmd not in duel.legal_actions()
    assert state_hash(duel) == before and duel.version == version


def test_summon_refusals():
    duel = position(_spec({"hand": ["storm_rider", "iron_hound", "t_spirit"], "sp": 3,
                           "phantom": ["stone_sentry"]}), CARDS)
    hound, rider = uid(duel, 0, "iron_hound"), uid(duel, 0, "storm_rider")
    _refused(duel, Summon(0, rider, "phantom", 1, True, True), Code.COST)
    _refused(duel, Summon(0, uid(duel, 0, "t_spirit"), "phantom", 1, True, True),
             Code.WRONG_CARD_TYPE)
    _refused(duel, Summon(0, hound, "phantom", 0, True, True), Code.SLOT_TAKEN)
    _refused(duel, Summon(0, hound, "back", 0, True, True), Code.BAD_SLOT)
    _refused(duel, Summon(0, hound, "phantom", 9, True, True), Code.BAD_SLOT)
    _refused(duel, Summon(0, uid(duel, 0, "stone_sentry", "phantom"), "phantom", 1, True, True),
             Code.WRONG_PLACE)
    _refused(duel, Summon(0, 999, "phantom", 1, True, True), Code.NO_SUCH_CARD)
    _refused(duel, Summon(1, hound, "phantom", 1, True, True), Code.NOT_YOUR_DECISION)
    play(duel, NextPhase(0))
    _refused(duel, Summon(0, hound, "phantom", 1, True, True), Code.WRONG_PHASE)


def test_set_environment_and_special_summon_refusals():
    duel = position(_spec({"hand": ["t_spirit", "iron_hound", "sacred_grove"],
                           "back": ["t_counter"] * 3, "side": ["t_counter"] * 2,
                           "extra": ["bastion_archon"]}), CARDS)
    spirit = uid(duel, 0, "t_spirit")
    _refused(duel, SetCard(0, spirit, "back", 0), Code.SLOT_TAKEN)
    _refused(duel, SetCard(0, uid(duel, 0, "iron_hound"), "back", 0), Code.WRONG_CARD_TYPE)
    _refused(duel, SetCard(0, uid(duel, 0, "t_counter"), "back", 1), Code.WRONG_PLACE)
    _refused(duel, PlayEnvironment(0, uid(duel, 0, "iron_hound")), Code.WRONG_CARD_TYPE)
    _refused(duel, PlayEnvironment(0, uid(duel, 0, "t_counter")), Code.WRONG_PLACE)
    archon = uid(duel, 0, "bastion_archon")
    _refused(duel, SpecialSummon(0, archon, "phantom", 0, True), Code.CONDITION)
    _refused(duel, SpecialSummon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True),
             Code.WRONG_PLACE)
    play(duel, NextPhase(0))
    _refused(duel, PlayEnvironment(0, uid(duel, 0, "sacred_grove")), Code.WRONG_PHASE)


def test_position_flip_and_unsummon_refusals():
    duel = position(_spec({"phantom": [{"card": "iron_hound", "summoned": "this_turn"},
                                       {"card": "storm_rider", "health": 0,
                                        "position": "defense"},
                                       {"card": "marsh_strider", "attacked": "this_turn"}]},
                          {"phantom": ["stone_sentry"]}))
    hound, rider = uid(duel, 0, "iron_hound"), uid(duel, 0, "storm_rider")
    _refused(duel, ChangePosition(0, hound), Code.SUMMONED_THIS_TURN)
    _refused(duel, ChangePosition(0, rider), Code.ZERO_HEALTH)
    _refused(duel, Flip(0, rider), Code.ALREADY_FACE_UP)
    _refused(duel, Unsummon(0, uid(duel, 0, "marsh_strider")), Code.BATTLED)
    _refused(duel, Unsummon(0, uid(duel, 1, "stone_sentry")), Code.WRONG_PLACE)
    play(duel, ChangePosition(0, uid(duel, 0, "marsh_strider")))
    _refused(duel, ChangePosition(0, uid(duel, 0, "marsh_strider")), Code.POSITION_CHANGED)


def test_attack_refusals():
    duel = position(_spec({"phantom": ["iron_hound", {"card": "storm_rider",
                                                      "position": "defense"},
                                       {"card": "lantern_moth", "attacked": "this_turn"}]},
                          {"phantom": ["stone_sentry"]}, phase="battle"))
    hound = uid(duel, 0, "iron_hound")
    foe = uid(duel, 1, "stone_sentry")
    _refused(duel, Attack(0, hound, -1), Code.DIRECT_ATTACK)
    _refused(duel, Attack(0, hound, hound), Code.TARGETS)
    _refused(duel, Attack(0, uid(duel, 0, "storm_rider"), foe), Code.DEFENSE_POSITION)
    _refused(duel, Attack(0, uid(duel, 0, "lantern_moth"), foe), Code.ALREADY_ATTACKED)
    _refused(duel, Attack(0, foe, hound), Code.WRONG_PLACE)
    _refused(duel, Attack(1, foe, hound), Code.NOT_YOUR_DECISION)
    play(duel, NextPhase(0))
    _refused(duel, Attack(0, hound, foe), Code.WRONG_PHASE)


def test_activate_refusals():
    duel = position(_spec({"hand": ["t_spirit", "t_counter"],
                           "back": [{"card": "t_spirit", "set": "this_turn"}, "t_counter"]}),
                    CARDS)
    in_hand = uid(duel, 0, "t_spirit", "hand")
    _refused(duel, Activate(0, in_hand, 3, (), "back", 2), Code.NO_SUCH_ABILITY)
    _refused(duel, Activate(0, in_hand, 0, (), "back", 0), Code.SLOT_TAKEN)
    _refused(duel, Activate(0, in_hand, 0, (5,), "back", 2), Code.TARGETS)
    _refused(duel, Activate(0, uid(duel, 0, "t_spirit", "back"), 0), Code.SET_THIS_TURN)
    _refused(duel, Activate(0, uid(duel, 0, "t_counter", "hand"), 0), Code.WRONG_PLACE)
    _refused(duel, Activate(0, uid(duel, 0, "t_counter", "back"), 0), Code.NOTHING_TO_ANSWER)
    _refused(duel, Activate(0, 999, 0), Code.NO_SUCH_CARD)
    assert duel.refusal(Activate(0, in_hand, 0, (), "back", 2)) is None


def test_turn_pass_choose_and_concede_refusals():
    duel = position(_spec({"hand": ["stone_sentry"] * 7}))
    _refused(duel, Pass(0), Code.NOTHING_TO_PASS)
    _refused(duel, Choose(0, 0), Code.NO_CHOICE)
    _refused(duel, NextPhase(1), Code.NOT_YOUR_DECISION)
    play(duel, NextPhase(0), NextPhase(0))  # Main Phase 2
    _refused(duel, EndTurn(0), Code.WRONG_PHASE)
    play(duel, NextPhase(0))  # End Phase: discard down to the hand limit
    assert duel.pending_choice() is not None
    _refused(duel, NextPhase(0), Code.ANSWER_CHOICE_FIRST)
    _refused(duel, Choose(0, 999), Code.NOT_AN_OPTION)
    _refused(duel, Concede(2), Code.MALFORMED)
    play(duel, Concede(1))
    _refused(duel, Concede(0), Code.DUEL_OVER)
    _refused(duel, NextPhase(0), Code.DUEL_OVER)


def test_line_open_refusals():
    duel = position(_spec({"hand": ["iron_hound", "stone_sentry"]},
                          {"back": ["t_counter"]}), CARDS)
    play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    assert duel.deciding_player == 1  # the Counter may answer the Summon
    _refused(duel, Summon(1, uid(duel, 0, "stone_sentry"), "phantom", 1, True, True),
             Code.LINE_OPEN)
    _refused(duel, NextPhase(1), Code.LINE_OPEN)
    _refused(duel, Pass(0), Code.NOT_YOUR_DECISION)
    assert duel.refusal(Pass(1)) is None


LP_BEAST = """
- id: t_lp_beast
  name: Test LP Beast
  type: phantom
  level: 4
  atk: 1000
  health: 1000
  extra: true
  text: Special Summon from the Extra Deck while your opponent has 7800 LP or less.
  summon_condition: {lp: {player: opponent, max: 7800}}
"""


def test_a_change_that_moves_no_card_on_the_field_is_seen():
    """Paying SP and dealing damage to a player move no card on the field: a kept Extra
    Deck judgment must still see the new LP (cond_version is part of its key)."""
    duel = position(_spec({"phantom": ["ash_hurler"], "extra": ["t_lp_beast"], "sp": 3},
                          {"lp": 8000}), LP_BEAST)
    beast = uid(duel, 0, "t_lp_beast")
    assert not any(isinstance(c, SpecialSummon) for c in duel.legal_actions())
    play(duel, Activate(0, uid(duel, 0, "ash_hurler"), 0))
    while duel.state.lines:
        play(duel, Pass(duel.deciding_player))
    assert duel.state.players[1].lp == 7700
    assert SpecialSummon(0, beast, "phantom", 1, True) in duel.legal_actions()
    assert list(duel.legal_actions()) == fresh_legal_actions(duel)
