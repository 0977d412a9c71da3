"""Hidden by default: a player's view and its events never lead to the opponent's hidden
cards (hand, deck order, face-down cards), neither through attributes nor through events."""

from __future__ import annotations

import dataclasses
import enum
import random

import pytest

from game.engine import Code, Duel, NextPhase, PlayerView, Rejected, Summon
from game.engine import events as ev
from game.engine.views import HIDDEN, view_to_plain
from tests.engine.test_fuzz import decks
from tests.kit import base_pool, play, position, rules, uid

PLAIN = (int, str, bool, float, type(None))


def _walk(obj, seen: set, found: list) -> None:
    """Every object reachable from `obj` through fields and items (what a Player can reach)."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    found.append(obj)
    if isinstance(obj, PLAIN) or isinstance(obj, enum.Enum):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk(k, seen, found)
            _walk(v, seen, found)
    elif isinstance(obj, tuple | list | frozenset | set):
        for v in obj:
            _walk(v, seen, found)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _walk(getattr(obj, f.name), seen, found)
    else:
        raise AssertionError(f"a view reaches a {type(obj).__name__}: {obj!r}")


def _spec(opp_hand, opp_deck, opp_down, opp_set) -> dict:
    return {"phase": "main1", "players": [
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 6, "sp": 9},
        {"hand": opp_hand, "deck": opp_deck,
         "phantom": [{"card": opp_down, "face": "down", "position": "defense"}],
         "back": [{"card": opp_set}]}]}


A = _spec(["ancient_wyrm", "dusk_fox"], ["siege_titan", "lantern_moth", "marsh_strider"],
          "storm_rider", "flare_bolt")
B = _spec(["lantern_moth", "stone_sentry"], ["dusk_fox", "iron_hound", "thorn_sprite"],
          "moss_turtle", "kindle")


def _everything(view: PlayerView) -> list:
    found: list = []
    _walk(view, set(), found)
    return found


def test_a_view_reaches_only_plain_data():
    duel = position(A)
    for seat in (0, 1):
        objs = _everything(duel.view(seat))
        assert not any(isinstance(o, Duel) for o in objs)


def test_two_duels_differing_only_in_hidden_cards_look_the_same_to_the_player():
    one, two = position(A), position(B)
    script = [Summon(0, uid(one, 0, "iron_hound"), "phantom", 0, True, True), NextPhase(0),
              NextPhase(0), NextPhase(0)]
    for step in range(len(script) + 1):
        v1, v2 = one.view(0), two.view(0)
        assert view_to_plain(v1) == view_to_plain(v2), step
        assert repr(v1.events) == repr(v2.events) and repr(v1.log) == repr(v2.log), step
        assert v1.legal_actions == v2.legal_actions
        strings = {o for o in _everything(v1) if isinstance(o, str)}
        for secret in ("ancient_wyrm", "dusk_fox", "siege_titan", "storm_rider", "flare_bolt",
                       "marsh_strider"):
            assert secret not in strings, (step, secret)
        if step < len(script):
            play(one, script[step])
            play(two, script[step])


def test_random_duels_views_never_name_a_card_hidden_from_the_viewer_now():
    """Across random duels with the starter decks: a card the viewer cannot see now is
    named nowhere in its view's board, and in the last command's events only if the card
    was visible to the viewer at some point of that command."""
    starters = decks()
    for seed in range(6):
        rng = random.Random(seed)
        duel = Duel(base_pool(), rules(), [rng.choice(starters).spec(),
                                           rng.choice(starters).spec()], seed)
        for _ in range(400):
            if duel.over:
                break
            duel.apply(rng.choice(duel.legal_actions()))
            for seat in (0, 1):
                view = duel.view(seat)
                board = view_to_plain(view)
                for side in board["sides"]:
                    cards = list(side["hand"]) + list(side["grave"]) + list(side["extra"]) + [
                        c for slot in side["slots"].values() for c in slot if c is not None]
                    for c in cards:
                        real = duel.cards[c["uid"]]
                        if c["card_id"] is not None:
                            assert c["card_id"] == real.cid
                        hidden = (real.zone.value in ("hand", "extra") and real.owner != seat) or (
                            real.zone.value in ("phantom", "back", "side", "env")
                            and not real.face_up and real.controller != seat)
                        if hidden:
                            assert c["card_id"] is None and c["atk"] is None, c
                for e in view.events:
                    if isinstance(e, ev.DuelStarted):
                        assert e.seed == -1


def test_refusals_carry_a_reason_code_beside_the_message():
    duel = position(A)
    cases = [
        (NextPhase(1), Code.NOT_YOUR_DECISION),
        (Summon(0, uid(duel, 0, "iron_hound"), "phantom", 7, True, True), Code.BAD_SLOT),
        (Summon(0, uid(duel, 0, "iron_hound"), "back", 0, True, True), Code.BAD_SLOT),
        (Summon(0, 999, "phantom", 0, True, True), Code.NO_SUCH_CARD),
        (Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0.0, True, True), Code.MALFORMED),
        (Summon(0, uid(duel, 1, "storm_rider"), "phantom", 1, True, True), Code.WRONG_PLACE),
    ]
    for cmd, code in cases:
        refusal = duel.refusal(cmd)
        assert refusal is not None and refusal.code is code, (cmd, refusal)
        try:
            duel.apply(cmd)
        except Rejected as exc:
            assert exc.code is code and exc.reason == refusal.message
        else:
            raise AssertionError(f"{cmd} was accepted")


def _sees(owner: int, controller: int, zone: str, face_up: bool, seat: int) -> bool:
    """Who may see a card, from the rules (rules-decisions.md, Hidden information), written
    apart from the engine's `query.sees` on purpose."""
    if zone == "deck":
        return False
    if zone in ("hand", "extra"):
        return owner == seat
    return zone == "grave" or face_up or controller == seat


_STATS_EVENTS = (ev.StatModified, ev.StatusGained, ev.StatusLost, ev.CardStatsChanged)


def _leaks(duel: Duel, seat: int) -> list[str]:
    """Every event told to `seat` that names a card, or carries its stats, modifiers or
    statuses, while the card is hidden from `seat` (at that point of the event stream)."""
    seen = {c.uid: False for c in duel.state.cards}  # at the start: all in decks
    found = []
    for i, (raw, told) in enumerate(zip(duel.event_log, duel.told_for(seat), strict=True)):
        if isinstance(raw, ev.DuelStarted):
            seen.update((u, True) for u, _ in raw.extras[seat])  # its own Extra Deck
        elif isinstance(raw, ev.CardMoved):
            seen[raw.card] = _sees(raw.owner, raw.controller, raw.to_zone, raw.face_up, seat)
        elif isinstance(raw, ev.PositionChanged):
            seen[raw.card] = _sees(0, raw.player, "phantom", raw.face_up, seat)
        if told is None or isinstance(told, ev.Revealed | ev.DuelStarted):
            continue  # a Revealed card is shown to both by design (a search)
        card = getattr(told, "card", None)
        if card is None or seen[card]:
            continue
        what = []
        if getattr(told, "card_id", HIDDEN) != HIDDEN:
            what.append("names it")
        if isinstance(told, _STATS_EVENTS):
            what.append("tells a change of its stats")
        if isinstance(told, ev.HealthChanged) and (told.before, told.after, told.max_health) != (-1, -1, -1):
            what.append("tells its Health")
        if isinstance(told, ev.CardMoved | ev.PositionChanged) and (told.mods or told.flags):
            what.append("carries its modifiers")
        if what:
            found.append(f"event {i} ({type(told).__name__}) {' and '.join(what)}: {told}")
    return found


@pytest.mark.parametrize("pair", range(36))
def test_no_event_told_to_a_seat_names_or_measures_a_card_hidden_from_it_then(pair) -> None:
    """Issue 21, over random duels of every ordered pairing of the shipped decks: no event a
    seat is told names a card it cannot see at that point, nor carries its stats, modifiers,
    statuses or Health (face-down Phantoms, the other's hand, decks); and a view shows no
    stat of such a card."""
    all_decks = decks()
    a, b = all_decks[pair // 6 % len(all_decks)], all_decks[pair % 6 % len(all_decks)]
    rng = random.Random(pair)
    duel = Duel(base_pool(), rules(), [a.spec(), b.spec()], 500 + pair)
    for n in range(240):
        if duel.over:
            break
        duel.apply(rng.choice(duel.legal_actions()))
        for seat in (0, 1) if n % 4 == 0 else ():  # views are dear: every 4th command
            for side in view_to_plain(duel.view(seat))["sides"]:
                for c in [*side["hand"], *side["grave"], *side["extra"],
                          *(c for slot in side["slots"].values() for c in slot if c is not None)]:
                    if c["card_id"] is None:
                        assert (c["atk"], c["health"], c["max_health"], c["sp_cost"],
                                c["statuses"]) == (None, None, None, None, []), c
    for seat in (0, 1):
        assert not _leaks(duel, seat), "\n".join(_leaks(duel, seat)[:5])
