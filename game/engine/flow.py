"""Turn flow: advancing the duel until someone must decide; rounds, turns and phases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from . import primitives as prims
from . import resolution as resolver
from . import triggers as trigs
from .commands import Pass
from .legal import legal_actions, response_actions
from .lines import ask, pass_priority
from .members import choice_kinds as ChoiceKinds
from .members import phases as Phases
from .model import Choice, Phase
from .notice import fire_global
from .views import hidden_from

if TYPE_CHECKING:
    from .core import DuelCore

# The loop that runs the duel between decisions.

CONCEDE = "concede"  # DuelEnded.reason when a player conceded


# ----------------------------------------------------------------- flow
def run(duel: DuelCore) -> None:
    """Advance automatically until a player must decide or the duel ends."""
    st = duel.state
    caches = duel.caches
    while st.winner is None:
        if caches.checked_version != caches.field_version:
            prims.maybe_state_check(duel)
            continue
        if st.ending is not None and st.current is None:
            finish(duel)  # the Step that ended the duel is complete, its checks are done
            return
        if st.choice is not None:
            return
        if st.resolving:
            resolver.resolve_some(duel)
            continue
        if st.trigger_queue:
            trigs.process_trigger(duel)
            continue
        if st.lines:
            # passing changes nothing the checks above read: pass on here, then resolve
            while st.passes < 2:
                if not st.auto_pass:
                    return
                answers = response_actions(duel, st.priority)
                if answers:
                    # what the player is offered once apply() returns: no second listing
                    caches.remember_listing((Pass(st.priority), *answers), caches.version + 1)
                    return
                pass_priority(duel, st.priority, auto=True)
            resolver.start_resolving(duel)
            resolver.resolve_some(duel)
            continue
        if st.pending_triggers:
            trigs.queue_pending(duel, all_speeds=True)
            continue
        phase = st.phase
        if phase is Phases.END:
            hand = st.players[st.turn_player].hand
            if len(hand) > duel.rules.hand_limit:
                st.choice = Choice(
                    st.turn_player, ChoiceKinds.DISCARD_END,
                    f"Discard down to {duel.rules.hand_limit} cards",
                    list(hand), [duel.defs[st.cards[u].cid].name for u in hand],
                    count=len(hand) - duel.rules.hand_limit,
                )
                ask(duel)
                return
            end_turn(duel)
            continue
        if phase is Phases.DRAW:
            begin_turn(duel, 1 - st.first_player)
            continue
        st.priority = st.turn_player
        st.passes = 0
        if phase is Phases.STANDBY:
            acts = legal_actions(duel)
            if len(acts) <= 1:  # only Next Phase: nothing to do in this Standby
                enter_phase(duel, Phases.MAIN1)
                continue
            # what the player is offered once apply() returns
            caches.remember_listing(tuple(acts), caches.version + 1)
        return


def begin_round(duel: DuelCore) -> None:
    duel.state.round += 1
    if duel.state.round >= duel.rules.round_limit:
        prims.end(duel, -1, f"round limit ({duel.rules.round_limit}) reached")
        return
    duel.out.append(ev.RoundStarted(duel.state.round))
    begin_turn(duel, duel.state.first_player)


def begin_turn(duel: DuelCore, player: int) -> None:
    duel.state.turn += 1
    duel.state.turn_player = player
    duel.state.priority = player
    duel.state.passes = 0
    duel.state.counts.clear()
    duel.state.used.clear()
    duel.out.append(ev.turn_started(player, duel.state.turn, duel.state.round))
    enter_phase(duel, Phases.STANDBY)


def enter_phase(duel: DuelCore, phase: Phase) -> None:
    duel.state.phase = phase
    if duel.caches.statics_cond_health:  # a Health effect's condition may read the phase
        duel.caches.health_may_drop()
    duel.out.append(ev.phase_changed(duel.state.turn_player if phase is not Phases.DRAW else -1,
                                    phase._value_))  # not .value: slow on Python 3.11
    if phase is Phases.STANDBY:
        fire_global(duel, "turn_start")
    elif phase is Phases.END:
        fire_global(duel, "turn_end")
    elif phase is Phases.DRAW:
        draw_phase(duel)


def end_turn(duel: DuelCore) -> None:
    turn = duel.state.turn
    caches = duel.caches
    # nothing ran out and the field was checked as it stands: the check below finds nothing
    settled = not caches.timed and not caches.health_dirty \
        and caches.checked_version == caches.field_version
    for uid in caches.take_timed():  # only cards that got an "until end of turn" change
        card = duel.state.cards[uid]
        card.mods = tuple([m for m in card.mods if m[2] < 0 or m[2] > turn])
        kept = tuple([f for f in card.flags if f[1] < 0 or f[1] > turn])
        for flag, _ in card.flags:
            if not any(k[0] == flag for k in kept):
                duel.out.append(ev.StatusLost(uid, flag, hidden_from(duel, uid)))
        card.flags = kept
        caches.stats_changed(uid)
    caches.field_changed()
    caches.state_checked(health_too=True)
    if not settled:
        prims.state_check(duel)  # a lowered stat that ran out can leave 0 Health
    if duel.state.winner is not None or duel.state.ending is not None:
        return
    if duel.state.turn_player == duel.state.first_player:
        enter_phase(duel, Phases.DRAW)
    else:
        begin_round(duel)


def draw_phase(duel: DuelCore) -> None:
    empty = [p for p in (0, 1) if len(duel.state.players[p].deck) < duel.rules.draw_phase_cards]
    if empty:
        if len(empty) == 2:
            prims.end(duel, -1, "both players had to draw from an empty deck")
        else:
            prims.end(duel, 1 - empty[0], f"player {empty[0] + 1} had to draw from an empty deck")
        return
    for p in (duel.state.first_player, 1 - duel.state.first_player):
        prims.draw(duel, p, duel.rules.draw_phase_cards, "draw")
    for p in (duel.state.first_player, 1 - duel.state.first_player):
        prims.change_sp(duel, p, duel.rules.sp_per_draw_phase, "draw_phase")
    fire_global(duel, "draw_phase")


def concede(duel: DuelCore, player: int) -> None:
    """`player` gives up: the duel ends now, the other player winning. Nothing pending runs
    (no Step resolves, no trigger fires) and an end already decided by this command's Step
    is overridden: the concession is what ends the duel."""
    duel.state.ending = (1 - player, CONCEDE)
    finish(duel)


def finish(duel: DuelCore) -> None:
    """End the duel: `DuelEnded` is the last event of the command that decided it."""
    st = duel.state
    assert st.ending is not None
    winner, reason = st.ending
    st.ending = None
    st.winner = winner
    st.end_reason = reason
    st.choice = None
    duel.out.append(ev.DuelEnded(winner, reason))
