"""Commands in words, and the Hint: the strongest level's move for a person, with why.

`command_words` says a command as a person would ("Attack Ember Imp with Blaze Lancer"),
naming only cards the seat's view shows. `Advisor` is a player-like object the duel screen
runs in its computer-player worker thread (seats.AiWorker: off the drawing path): it asks a
fresh Hard player (seeded by `hint_seed`) for the seat's move from the seat's own view, then
tries that move on a duel rebuilt from the same view (game.ai.sampling: the hidden cards
sampled, nothing read from the real duel) until its Lines resolve with nobody answering,
plays the rest of the turn there as Hard plans it, and says what the move does and where
that line leads, from what happened on the copy as the seat saw it: the cards it Breaks,
the attacks and their damage, the LP after; and how the move ranked among those Hard
weighed, in words, never as a score. No pygame here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    Event,
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
)
from game.engine import events as ev

if TYPE_CHECKING:
    from game.ai.policy import BySeat, Policy
    from game.ai.sampling import Rebuilt
    from game.engine import Duel

PHASE_WORDS = {"standby": "Main Phase 1", "main1": "Battle Phase", "battle": "Main Phase 2",
               "main2": "End Phase"}
SETTLE_CAP = 60  # commands tried after the hinted one, until its Lines resolve
PLAN_CAP = 300  # commands of the rest of the turn the plan is followed for at most
MAX_CLAUSES = 4  # what a hint says of the move and its line at most (their first steps)
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
    # "Summon Cinder Witch in Attack Position: breaks Stone Sentry; your Magma Brute then
    # attacks directly for 2,300: your opponent falls to 1,200 LP (better than your other options)"
    words: str
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
    """What `cmd` does and where the Hard level's own line goes from it, in words: the move
    tried on a duel rebuilt from the view (the player's own rebuild: its samples, never the
    real duel), then the rest of the turn as Hard plans it (its winning line, else its
    playouts), told from what happened there as the seat saw it (cards Broken, attacks,
    damage, the LP after), naming only cards the view shows; then how it ranked among the
    moves Hard weighed, in plain words. The move alone when it cannot be tried."""
    said = command_words(cmd, view, pool)
    if len(view.legal_actions) == 1:
        return said + ": it is the only thing you can do now"
    if isinstance(cmd, Pass):
        return said + ": no answer of yours gains more than keeping your cards for later"
    if isinstance(cmd, EndTurn):
        return said + ": nothing left to play gains more than it costs"
    # the view players' own rebuild and playout policy (game.ai.players, search): read by
    # name, as any Player may stand here
    rebuild: Callable[[PlayerView], Rebuilt | None] | None = getattr(player, "rebuild", None)
    got = rebuild(view) if callable(rebuild) else None
    if got is None:
        return said
    duel = got.duel.clone()
    me = view.seat
    mark = duel.log_size
    try:
        duel.apply(cmd)
        _settle(duel)
    except Exception:  # a hint must never fail for an explanation
        return said
    does = _story(view, duel.events_for(me, mark), pool, me, then=False)
    if isinstance(cmd, Attack) and cmd.target >= 0 and card_name(view, cmd.target, pool, "") == "":
        # the battle's outcome would come from a guess at the hidden card: not said as a fact
        does = ["what the face-down card is, is hidden: the Hard level weighed what it may be"]
    end = duel
    if not duel.over:
        mark = duel.log_size
        plan = _plan(player, duel, me)
        if plan is not None:
            does += _story(view, plan.events_for(me, mark), pool, me, then=True)
            end = plan
    words = said + (": " + "; ".join(does[:MAX_CLAUSES]) if does else "")
    outcome = _outcome(view, end, me)
    if outcome:
        words += (": " if does else ": it leads to this: ") + outcome
    rank = _rank(player, cmd, view, pool)
    return words + (f" ({rank})" if rank else "")


def _story(view: PlayerView, events: Sequence[Event], pool: Mapping[str, CardDef], me: int,
           then: bool) -> list[str]:
    """What these events (as the seat saw them) did, in words: the seat's attacks and the
    damage they dealt, the cards Broken (the opponent's, then its own), damage dealt
    otherwise, the seat's Extra Deck Summons. `then`: the steps of the plan after the
    move ("your Iron Hound then attacks directly for 1,100")."""
    def name(uid: int, hidden: str = "a face-down card") -> str:
        return card_name(view, uid, pool, hidden)

    out: list[str] = []
    broken = {e.card for e in events if isinstance(e, ev.CardBroken) and not e.survived}
    told: set[int] = set()
    for e in events:
        if isinstance(e, ev.Summoned) and e.player == me and e.special and then:
            out.append(f"you then Special Summon {name(e.card, 'a Phantom')}")
        elif isinstance(e, ev.BattleDamage) and _mine(view, e.attacker, me, events):
            # the move's own attack is named by the move: only what it did is said
            who = f"your {name(e.attacker, 'Phantom')} then " if then else ""
            hit = f" and deals {e.to_player:,} damage" if e.to_player > 0 else ""
            if e.target < 0:
                out.append(f"{who}attacks directly for {e.to_player:,}" if then
                           else f"deals {e.to_player:,} damage")
            elif e.target in broken:
                told.add(e.target)
                out.append(f"{who}breaks {name(e.target)}{hit}")
            elif then:
                out.append(f"{who}attacks {name(e.target)}{hit}")
            elif hit:
                out.append(hit.removeprefix(" and "))
        elif isinstance(e, ev.CardBroken) and not e.survived and e.card not in told:
            told.add(e.card)
            if e.player == me:
                out.append(f"costs you {name(e.card, 'a card')}")
            else:
                out.append(f"breaks {name(e.card)}")
        elif isinstance(e, ev.LpChanged) and e.player != me and e.after < e.before \
                and e.reason != "battle":
            out.append(f"deals {e.before - e.after:,} damage")
    return out


def _mine(view: PlayerView, uid: int, me: int, events: Sequence[Event]) -> bool:
    """Is the attacker `uid` the seat's (shown in its view, or Summoned by it on the way)?"""
    card = view.card(uid)
    if card is not None:
        return card.controller == me
    return any(isinstance(e, ev.Summoned) and e.card == uid and e.player == me for e in events)


def _outcome(view: PlayerView, end: Duel, me: int) -> str:
    """Where the line leaves the duel: won or lost, else the LP it leaves (the opponent's
    first)."""
    if end.over:
        return "you win the duel" if end.winner == me else \
            "careful: you may still lose this turn" if end.winner == 1 - me else \
            "the duel ends in a draw"
    said = []
    theirs, mine = end.state.players[1 - me].lp, end.state.players[me].lp
    if theirs < view.sides[1 - me].lp:
        said.append(f"your opponent falls to {theirs:,} LP")
    if mine < view.sides[me].lp:
        said.append(f"you fall to {mine:,} LP")
    elif mine > view.sides[me].lp:
        said.append(f"you rise to {mine:,} LP")
    return _join(said) if said else ""


SAME = 200.0  # mean scores this close are "about as good": the search's noise and head start


def _rank(player: Player, cmd: Command, view: PlayerView, pool: Mapping[str, CardDef]) -> str:
    """How the move ranked among those the Hard level's search weighed, in plain words (no
    score: its scale means nothing to a player)."""
    scores: list[tuple[Command, float]] = list(getattr(player, "last_scores", ()))
    if len(scores) < 2 or cmd not in [c for c, _ in scores]:
        return ""
    said = command_words(cmd, view, pool)
    mine = next(v for c, v in scores if c == cmd)
    # the best other move that reads differently (a second copy of the card is the same move)
    rivals = [(v, w) for c, v in scores if c != cmd
              and (w := command_words(c, view, pool)) != said]
    if not rivals:
        return ""
    best, other = max(rivals, key=lambda x: x[0])
    if mine - best >= SAME:
        return "better than your other options"
    if best - mine < SAME:
        return "about as good as your next best move: " + other[:1].lower() + other[1:]
    return ""


def _plan(player: Player, duel: Duel, me: int) -> Duel | None:  # rebuilt engine Duels
    """The rebuilt duel after the rest of this turn as the Hard level plans it: its winning
    line (`last_line`) while it applies, then its playout policy for both seats (None when
    the player has none, or it fails)."""
    policy: Policy | BySeat | None = getattr(player, "playout", None)
    if policy is None:
        return None
    line = list(getattr(player, "last_line", ()))[1:]
    copy = duel.clone()
    turn = copy.state.turn
    try:
        for _ in range(PLAN_CAP):
            seat = copy.deciding_player
            if copy.over or copy.state.turn != turn or seat is None:
                break
            if seat == me and line and line[0] in copy.legal_actions():
                copy.apply(line.pop(0))
                continue
            if seat == me:
                line = []  # off the planned line: its playouts decide from here
            copy.apply(policy.choose(copy, seat))
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
