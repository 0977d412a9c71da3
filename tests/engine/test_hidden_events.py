"""What a seat is told of cards it cannot see (RULES.md I12-I14): nothing at all about a card
in the other's hand or a deck, only what the book shows of a face-down card, and never
whether the other player was asked or passed for. Each test plays two positions that differ
only in a card the seat cannot see and wants the seat's whole view (events and log included)
byte-identical, then checks the seat that can see the card is still told everything."""

from __future__ import annotations

from game.engine import Activate, Choose, Summon
from game.engine import events as ev
from game.engine.views import FACE_DOWN_LABEL, HIDDEN
from tests.kit import of_type, play, position, uid


def _same_for(seat: int, one, two) -> None:
    v1, v2 = one.view(seat), two.view(seat)
    assert repr(v1) == repr(v2)


def _play_both(one, two, seat: int, *commands) -> None:
    for cmd in commands:
        play(one, cmd)
        play(two, cmd)
        _same_for(seat, one, two)


def _herald(hand: list[str]):
    return position({"turn_player": 1, "phase": "main1", "players": [
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 4},
        {"hand": ["queens_herald", *hand], "deck": ["stone_sentry"] * 4, "sp": 9}]})


def test_a_continuous_effect_on_the_other_hand_is_not_told_not_even_that_it_happened():
    """Queen's Herald lowers the SP Cost of the hive Phantoms in its player's hand: the
    opponent learns nothing of which hand cards it reached (issue 21: 840 of 840 events were
    on real hive Phantoms)."""
    hive, other = _herald(["carapace_warrior", "brood_scout"]), _herald(["flare_bolt", "kindle"])
    herald = uid(hive, 1, "queens_herald")
    assert herald == uid(other, 1, "queens_herald")
    _play_both(hive, other, 0, Summon(1, herald, "phantom", 0, True, True))
    raw = [e for e in hive.event_log if isinstance(e, ev.CardStatsChanged)]
    in_hand = {uid(hive, 1, "carapace_warrior"), uid(hive, 1, "brood_scout")}
    assert {e.card for e in raw} >= in_hand  # the engine did change them ...
    assert {e.card for e in hive.log_for(1) if isinstance(e, ev.CardStatsChanged)} >= in_hand
    assert not [e for e in hive.log_for(0) if getattr(e, "card", None) in in_hand]  # ... untold
    mine = hive.view(1).me.hand
    assert {c.sp_cost for c in mine if c.card_id == "carapace_warrior"} == {2}


def _face_down(card: str, env: str | None = None, opp: list | None = None):
    return position({"phase": "main1", "players": [
        {"hand": [card], "deck": ["stone_sentry"] * 4, "sp": 9, "env": env},
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 4, "phantom": opp or []}]})


def test_a_face_down_summon_changed_by_a_continuous_effect_is_not_told_to_the_opponent():
    """Shrouded Citadel raises its player's face-down Phantoms' Health: the Summon of a face-
    down Phantom is seen, its new Health is not (and two Phantoms of one Level look alike)."""
    one, two = _face_down("moss_turtle", "shrouded_citadel"), _face_down("mirror_shade", "shrouded_citadel")
    card = uid(one, 0, "moss_turtle")
    assert card == uid(two, 0, "mirror_shade")
    _play_both(one, two, 1, Summon(0, card, "phantom", 0, False, False))
    assert [e for e in one.event_log if isinstance(e, ev.CardStatsChanged) and e.card == card]
    assert not [e for e in one.log_for(1) if isinstance(e, ev.CardStatsChanged) and e.card == card]
    assert one.view(0).card(card).health == one.view(0).card(card).max_health  # its owner sees it


def test_silent_judge_does_not_tell_which_face_down_phantom_it_stops():
    """Silent Judge stops Phantoms of 1000 or less ATK from attacking: whether it reached a
    face-down Phantom would tell its ATK."""
    judge = ["silent_judge"]
    one, two = _face_down("moss_turtle", opp=judge), _face_down("mirror_shade", opp=judge)
    card = uid(one, 0, "moss_turtle")
    _play_both(one, two, 1, Summon(0, card, "phantom", 0, True, False))
    assert not [e for e in one.log_for(1) if isinstance(e, ev.CardStatsChanged) and e.card == card]


def _firestorm(down: dict):
    return position({"phase": "main1", "players": [
        {"hand": ["firestorm", "iron_hound"], "deck": ["stone_sentry"] * 4, "sp": 9},
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 4, "phantom": [down]}]})


def test_damage_to_a_face_down_phantom_shows_no_health_to_its_opponent():
    """The attacker of a face-down Phantom sees that it took damage, never its Health before
    or after nor its maximum (issue 21: the event showed its maximum Health)."""
    one = _firestorm({"card": "bulwark_sentinel", "face": "down", "position": "defense"})
    two = _firestorm({"card": "granite_golem", "face": "down", "position": "defense",
                      "health": 900})
    spell = uid(one, 0, "firestorm")
    hound = uid(one, 0, "iron_hound")
    _play_both(one, two, 0, Activate(0, spell, 0, (), "back", 0), Choose(0, hound))
    down = one.players[1].slots[one.cards[spell].zone.__class__("phantom")][0]
    told = [e for e in one.log_for(0) if isinstance(e, ev.HealthChanged)]
    assert told and all((e.before, e.after, e.max_health) == (-1, -1, -1) for e in told)
    own = [e for e in one.log_for(1) if isinstance(e, ev.HealthChanged) and e.card == down]
    assert own and own[0].before - own[0].after == 700 and own[0].max_health > 0


def test_whether_a_player_was_passed_for_is_told_only_to_them():
    """The engine's auto-pass (programs' duels) says `auto` to the passer alone: the other
    seat cannot tell a player with no answer from one who chose not to answer."""
    duel = _face_down("iron_hound")
    play(duel, Summon(0, uid(duel, 0, "iron_hound"), "phantom", 0, True, True))
    raw = of_type(duel.event_log, ev.PriorityPassed)
    assert any(e.auto and e.player == 1 for e in raw)
    assert not any(e.auto for e in of_type(duel.log_for(0), ev.PriorityPassed) if e.player == 1)
    assert any(e.auto for e in of_type(duel.log_for(1), ev.PriorityPassed) if e.player == 1)


def test_a_choice_never_names_a_face_down_card_to_the_chooser():
    """Cinder Witch targets a Phantom the opponent controls: a face-down one is offered as
    'a face-down card', not by its name."""
    duel = position({"phase": "main1", "players": [
        {"hand": ["cinder_witch"], "deck": ["stone_sentry"] * 4, "sp": 9},
        {"hand": [], "deck": ["stone_sentry"] * 4,
         "phantom": [{"card": "storm_rider", "face": "down", "position": "defense"},
                     "iron_hound"]}]})
    witch = uid(duel, 0, "cinder_witch")
    play(duel, Summon(0, witch, "phantom", 0, True, True))
    while duel.pending_choice() is None:
        play(duel, duel.legal_actions()[0])
    labels = {o.card: o.label for o in duel.view(0).choice.options}
    assert labels[uid(duel, 1, "storm_rider")] == FACE_DOWN_LABEL
    assert labels[uid(duel, 1, "iron_hound")] == "Iron Hound"
    told = [e for e in duel.log_for(0) if isinstance(e, ev.ChoiceRequested)]
    assert "Storm Rider" not in repr(told) and HIDDEN != FACE_DOWN_LABEL


def test_a_player_asked_and_one_passed_for_look_the_same_to_the_other_seat() -> None:
    """With the engine's auto-pass (programs' duels): player 2's set card is Denial (it can
    answer the Summon: asked, they pass) or a set Spirit (it cannot: passed for). When
    player 1 decides again its view, events since its own command and log are the same."""
    from game.engine import Pass

    def duel(back: str):
        return position({"phase": "main1", "players": [
            {"sp": 5, "hand": ["stone_sentry", "iron_hound"], "deck": ["stone_sentry"] * 4},
            {"deck": ["stone_sentry"] * 4, "back": [back]}]})

    live, dead = duel("denial"), duel("flare_bolt")
    summon = Summon(0, uid(live, 0, "stone_sentry"), "phantom", 0, True, True)
    play(live, summon)
    play(dead, summon)
    assert live.deciding_player == 1 and dead.deciding_player == 0  # asked / passed for
    play(live, Pass(1))
    assert repr(live.view(0)) == repr(dead.view(0))


def _kindled(down: str):
    """Player 1 makes its face-down Phantom stronger (Kindle: +600 ATK this turn) and
    protected (Aegis Seraph: survives being Broken this turn)."""
    duel = position({"phase": "main1", "players": [
        {"sp": 5, "hand": ["kindle"], "deck": ["stone_sentry"] * 4,
         "phantom": ["aegis_seraph", {"card": down, "face": "down", "position": "attack"}]},
        {"hand": ["iron_hound"], "deck": ["stone_sentry"] * 4}]})
    seraph, kindle = uid(duel, 0, "aegis_seraph"), uid(duel, 0, "kindle")
    card = uid(duel, 0, down)
    return duel, (Activate(0, kindle, 0, (card,), "back", 0), Activate(0, seraph, 0, (card,))), card


def test_a_modifier_or_status_of_a_face_down_card_reaches_its_opponent_only_when_it_turns_up():
    """Issue 21: StatModified and StatusGained about a face-down Phantom reached its opponent
    (the amount of a conditional effect, or only that one happened, tells). Now they are its
    controller's alone; when the card is turned face up, the turn that shows it carries the
    modifiers and statuses it has then, so the opponent sees why it has those stats (and a
    player rebuilding the duel from its view, the AI's sampler, gets them)."""
    from game.ai.sampling import Memory
    from game.engine import Flip
    from tests.kit import base_pool

    one, acts, card = _kindled("iron_hound")
    two, _, other = _kindled("storm_rider")
    assert card == other
    _play_both(one, two, 1, *acts)
    raw = [e for e in one.event_log if isinstance(e, ev.StatModified | ev.StatusGained)]
    assert {type(e) for e in raw} == {ev.StatModified, ev.StatusGained}  # the engine did it
    told = (ev.StatModified, ev.StatusGained, ev.StatusLost, ev.CardStatsChanged)
    assert not [e for e in one.log_for(1) if isinstance(e, told) and e.card == card]
    assert [e.amount for e in of_type(one.log_for(0), ev.StatModified)] == [600]
    turned = play(one, Flip(0, card))
    assert [e for e in turned if isinstance(e, ev.PositionChanged) and e.face_up]
    shown = [e for e in one.events_for(1) if isinstance(e, ev.PositionChanged) and e.face_up]
    turn = one.turn
    assert [(e.card, e.mods, e.flags) for e in shown] == \
        [(card, (("atk", 600, turn),), (("protected", turn),))]
    seen = one.view(1).card(card)
    assert (seen.atk, seen.statuses) == (1100 + 600, ("protected",))
    memo = Memory(1, base_pool()).feed(one.log_for(1)).memo[card]
    assert (memo.mods, memo.flags) == ([("atk", 600, turn)], [("protected", turn)])


def test_a_face_down_card_losing_a_status_at_the_end_of_the_turn_is_not_told_to_its_opponent():
    one, acts, card = _kindled("iron_hound")
    two, _, _ = _kindled("storm_rider")
    _play_both(one, two, 1, *acts)
    from game.engine import EndTurn
    _play_both(one, two, 1, EndTurn(0))
    assert [e for e in one.event_log if isinstance(e, ev.StatusLost) and e.card == card]
    assert not [e for e in one.log_for(1) if isinstance(e, ev.StatusLost)]
    assert [e for e in one.log_for(0) if isinstance(e, ev.StatusLost) and e.card == card]
