"""Commands in words, and the Hint: the strongest level's move for a person, with why.

`command_words` says a command as a person would ("Attack Ember Imp with Blaze Lancer"),
naming only cards the seat's view shows. `Advisor` is a player-like object the duel screen
runs in its computer-player worker thread (seats.AiWorker: off the drawing path): it asks a
fresh Hard player (seeded by `hint_seed`) for the seat's move from the seat's own view, then
tries that move on a duel rebuilt from the same view (game.ai.sampling: the hidden cards
sampled, nothing read from the real duel) until its Lines resolve with nobody answering,
and says what it gains from the evaluation: what it Breaks, the LP it leaves, the change in
the evaluation. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.ai.seeds import player_seed
from game.engine import (
    Activate,
    Attack,
    CardDef,
    ChangePosition,
    Choose,
    Command,
    Concede,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    Player,
    PlayerView,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
    Zone,
)

if TYPE_CHECKING:
    from game.ai.evaluate import Weights
    from game.ai.policy import BySeat, Policy
    from game.ai.sampling import Rebuilt
    from game.engine import Duel

PHASE_WORDS = {"standby": "Main Phase 1", "main1": "Battle Phase", "battle": "Main Phase 2",
               "main2": "End Phase"}
SETTLE_CAP = 60  # commands tried after the hinted one, until its Lines resolve
# Hard's time safety net for a hint: its budget of simulated commands decides, not the clock
# (a hint runs in the background; a loaded machine only makes it slower, never different)
HINT_MAX_SECONDS = 30.0


def hint_seed(duel_seed: int, seat: int, sent: int) -> int:
    """The Hard player's seed for a hint: one-way from the duel's seed (game.ai.seeds), and
    the same for the same seat at the same point of the duel, so a hint can be checked."""
    return player_seed(duel_seed, "hint", seat, sent)


def card_name(view: PlayerView, uid: int, pool: Mapping[str, CardDef], hidden: str = "a face-down card") -> str:
    card = view.card(uid)
    if card is None or card.card_id is None or card.card_id not in pool:
        return hidden
    return pool[card.card_id].name


def command_words(cmd: Command, view: PlayerView, pool: Mapping[str, CardDef]) -> str:
    """`cmd` said as a person would, from `view` (its seat's): only shown cards are named."""
    def name(uid: int) -> str:
        return card_name(view, uid, pool)

    if isinstance(cmd, Summon):
        if not cmd.face_up:
            return f"Set {name(cmd.card)} face down in Defense Position"
        return f"Summon {name(cmd.card)} in {'Attack' if cmd.attack else 'Defense'} Position"
    if isinstance(cmd, SpecialSummon):
        return f"Special Summon {name(cmd.card)} in {'Attack' if cmd.attack else 'Defense'} Position"
    if isinstance(cmd, SetCard):
        return f"Set {name(cmd.card)} face down"
    if isinstance(cmd, PlayEnvironment):
        return f"Play the Environment {name(cmd.card)}"
    if isinstance(cmd, Attack):
        if cmd.target < 0:
            return f"Attack directly with {name(cmd.attacker)}"
        return f"Attack {name(cmd.target)} with {name(cmd.attacker)}"
    if isinstance(cmd, Activate):
        targets = [name(t) for t in cmd.targets]
        on = f" on {' and '.join(targets)}" if targets else ""
        return f"Activate {name(cmd.card)}{on}"
    if isinstance(cmd, ChangePosition):
        card = view.card(cmd.card)
        to = "Defense" if card is None or card.attack_pos else "Attack"
        return f"Change {name(cmd.card)} to {to} Position"
    if isinstance(cmd, Flip):
        return f"Flip {name(cmd.card)} face up"
    if isinstance(cmd, Unsummon):
        return f"Unsummon {name(cmd.card)} (back to your hand)"
    if isinstance(cmd, Pass):
        return "Pass: let the Line resolve" if view.lines else "Pass"
    if isinstance(cmd, NextPhase):
        return f"Go on to the {PHASE_WORDS.get(view.phase.value, 'next Phase')}"
    if isinstance(cmd, EndTurn):
        return "End your turn"
    if isinstance(cmd, Choose):
        choice = view.choice
        label = next((o.label for o in choice.options if o.value == cmd.option), "") \
            if choice is not None else ""
        return f"Choose {label}" if label else "Choose"
    if isinstance(cmd, Concede):
        return "Concede"
    return type(cmd).__name__


# ------------------------------------------------------------------- the hint
@dataclass(frozen=True)
class Advice:
    """The hinted command for `seat` at `sent` commands into the duel, and why in words."""

    command: Command
    words: str  # "Attack Ember Imp with Blaze Lancer: destroys it and leaves the opponent at 800 LP"
    seat: int
    sent: int


class Advisor:
    """A Player for the worker thread: `choose(view)` is the Hard player's command; `advice`
    holds it with its explanation once chosen (read after the worker's poll)."""

    def __init__(self, make: Callable[[], Player], pool: Mapping[str, CardDef], sent: int) -> None:
        self.make = make
        self.pool = pool
        self.sent = sent
        self.advice: Advice | None = None

    def choose(self, view: PlayerView) -> Command:
        player = self.make()
        cmd = player.choose(view)
        why = explain(player, view, cmd, self.pool)
        self.advice = Advice(cmd, why, view.seat, self.sent)
        return cmd


def explain(player: Player, view: PlayerView, cmd: Command, pool: Mapping[str, CardDef]) -> str:
    """What `cmd` gains for the viewer, tried on a duel rebuilt from the view (the player's
    own rebuild: its samples, never the real duel) with nobody answering until its Lines
    resolve; the move alone when it cannot be tried."""
    said = command_words(cmd, view, pool)
    if len(view.legal_actions) == 1:
        return said + ": it is the only thing you can do now"
    if isinstance(cmd, Pass):
        return said + ": no answer of yours gains more than keeping your cards for later"
    if isinstance(cmd, EndTurn):
        return said + ": nothing left to play gains more than it costs"
    # the view players' own rebuild, weights and playout policy (game.ai.players, search):
    # read by name, as any Player may stand here
    rebuild: Callable[[PlayerView], Rebuilt | None] | None = getattr(player, "rebuild", None)
    got = rebuild(view) if callable(rebuild) else None
    if got is None:
        return said
    from game.ai.evaluate import evaluate

    weights: Weights | None = getattr(player, "weights", None)
    duel = got.duel.clone()
    me = view.seat

    def score(d: Duel) -> float:
        return evaluate(d, me, weights) if weights is not None else evaluate(d, me)

    before = score(duel)
    try:
        duel.apply(cmd)
        _settle(duel)
    except Exception:  # a hint must never fail for an explanation
        return said
    gains = _gains(view, duel, cmd, pool)
    if isinstance(cmd, Attack) and cmd.target >= 0 and card_name(view, cmd.target, pool, "") == "":
        # the battle's outcome would come from a guess at the hidden card: not said as a fact
        gains = ["what the face-down card is, is hidden: the Hard level weighed what it may be"]
    # and the rest of the turn as the Hard level's own playouts play it (its search's horizon
    # starts there): a move that only sets something up says where it leads
    follow = _follow_up(player, duel, me)
    then = ""
    if follow is not None and not duel.over:
        if follow.over and follow.winner == me:
            then = "; then your best play wins the duel this turn"
        elif follow.over and follow.winner == 1 - me:
            then = "; careful: you may still lose this turn"
    end = follow if follow is not None and not duel.over else duel
    delta = round(score(end) - before)
    if abs(delta) >= 1_000_000 // 2:
        tail = ""
    elif delta:
        when = "after your turn" if end is follow else "after it"
        tail = f" (the Hard level's evaluation {when}: {delta:+,} for you)"
    else:
        tail = ""
    if not gains and then:
        return said + ": " + then.removeprefix("; ").replace("then your best play", "your best play after it") + tail
    return said + (": " + _join(gains) if gains else "") + then + tail


def _follow_up(player: Player, duel: Duel, me: int) -> Duel | None:  # rebuilt engine Duels
    """The rebuilt duel after the rest of this turn, played by the player's playout policy
    for both seats (None when it has none, or it fails)."""
    policy: Policy | BySeat | None = getattr(player, "playout", None)
    if policy is None or duel.over:
        return None
    from game.ai.policy import playout

    copy = duel.clone()
    try:
        playout(copy, policy, copy.state.turn + 1, 300)
    except Exception:  # an explanation never fails the hint
        return None
    return copy


def _settle(duel: Duel) -> None:  # a rebuilt engine Duel
    """Everyone passes until the Lines the command opened resolve (choices: the first option)."""
    for _ in range(SETTLE_CAP):
        if duel.over or (not duel.state.lines and duel.state.choice is None):
            return
        legal = duel.legal_actions()
        cmd: Command | None = next((c for c in legal if isinstance(c, Pass)), None)
        if cmd is None:
            cmd = next((c for c in legal if isinstance(c, Choose)), None)
        if cmd is None:
            return
        duel.apply(cmd)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _gains(view: PlayerView, after: Duel, cmd: Command, pool: Mapping[str, CardDef]) -> list[str]:
    """What changed, in words, naming only cards the real view shows."""
    me, them = view.seat, 1 - view.seat
    out: list[str] = []
    if after.over:
        return ["wins the duel"] if after.winner == me else ["loses the duel"] if after.winner == them \
            else ["ends the duel in a draw"]
    broken_theirs: list[str] = []
    broken_mine: list[str] = []
    for side, into in ((them, broken_theirs), (me, broken_mine)):
        for cards in view.sides[side].slots.values():
            for c in cards:
                if c is None:
                    continue
                now = after.state.cards[c.uid] if c.uid < len(after.state.cards) else None
                if now is not None and now.zone not in (Zone.PHANTOM, Zone.SIDE, Zone.BACK, Zone.ENV):
                    cid = c.card_id
                    into.append(pool[cid].name if cid is not None and cid in pool else "a face-down card")
    target = cmd.target if isinstance(cmd, Attack) else None
    if broken_theirs:
        if target is not None and target >= 0 and len(broken_theirs) == 1 \
                and card_name(view, target, pool, "") == broken_theirs[0]:
            out.append("destroys it")
        else:
            out.append("destroys " + _join(broken_theirs))
    their_lp, my_lp = view.sides[them].lp, view.sides[me].lp
    lp_after = after.state.players[them].lp
    if lp_after < their_lp:
        out.append(f"leaves the opponent at {max(0, lp_after):,} LP")
    if broken_mine:
        out.append("costs you " + _join(broken_mine))
    mine_after = after.state.players[me].lp
    if mine_after < my_lp:
        out.append(f"costs you {my_lp - mine_after:,} LP")
    elif mine_after > my_lp:
        out.append(f"gains you {mine_after - my_lp:,} LP")
    return out
