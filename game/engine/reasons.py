"""Why a command is refused: a code for programs, a sentence for people.

Programs (the UI, the AI, tests) branch on `Code`; the sentence is only ever shown.
Every refusal the engine gives is named here: a constant for a fixed sentence (built once:
refusing is on the hot path of listing legal actions), a small function for one that names
numbers. `legal.py` decides which applies; nothing else builds a Refusal.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Code(str, Enum):
    MALFORMED = "malformed"  # wrong type or shape: not a command at all
    DUEL_OVER = "duel_over"
    NOT_YOUR_DECISION = "not_your_decision"
    ANSWER_CHOICE_FIRST = "answer_choice_first"
    NOT_AN_OPTION = "not_an_option"
    NO_CHOICE = "no_choice"
    LINE_OPEN = "line_open"
    NOTHING_TO_PASS = "nothing_to_pass"
    WRONG_PHASE = "wrong_phase"  # not now: phase, turn or Line timing
    NO_SUCH_CARD = "no_such_card"
    NO_SUCH_ABILITY = "no_such_ability"
    NOT_ACTIVATED = "not_activated"  # a trigger or continuous ability
    WRONG_PLACE = "wrong_place"  # the card is not where it must be, or not yours
    WRONG_CARD_TYPE = "wrong_card_type"
    FACE_DOWN = "face_down"
    ALREADY_ACTIVE = "already_active"
    SET_THIS_TURN = "set_this_turn"
    NO_FREE_SLOT = "no_free_slot"
    BAD_SLOT = "bad_slot"
    SLOT_TAKEN = "slot_taken"
    ONCE_PER_TURN = "once_per_turn"
    LOOP_GUARD = "loop_guard"
    COST = "cost"  # SP, LP or discards it cannot pay
    CONDITION = "condition"
    NOTHING_TO_DO = "nothing_to_do"  # its effects could change nothing now (rulings)
    NOTHING_TO_ANSWER = "nothing_to_answer"
    SPEED = "speed"
    TARGETS = "targets"
    MATERIALS = "materials"
    SUMMONED_THIS_TURN = "summoned_this_turn"
    UNSUMMONED_THIS_TURN = "unsummoned_this_turn"  # RULES.md P5a: no Summon loops
    POSITION_CHANGED = "position_changed"
    ALREADY_FACE_UP = "already_face_up"
    ALREADY_ATTACKED = "already_attacked"
    BATTLED = "battled"
    ZERO_HEALTH = "zero_health"
    DEFENSE_POSITION = "defense_position"
    CANNOT_ATTACK = "cannot_attack"
    DIRECT_ATTACK = "direct_attack"
    NOT_LEGAL = "not_legal"  # none of the above


# The RULES.md rule each code stands for: what a refusal cites to a person ("Rule P1"). One
# mapping for every code (tests/engine/test_rule_citations.py checks that each id exists in
# RULES.md); game/rules/texts.py holds those rules' words for the client, made from RULES.md
# by scripts/rule_texts.py. A code that covers several rules cites the most general one.
RULE_OF: dict[Code, str] = {
    Code.MALFORMED: "I8",
    Code.DUEL_OVER: "D11",
    Code.NOT_YOUR_DECISION: "L3",
    Code.ANSWER_CHOICE_FIRST: "I3",
    Code.NOT_AN_OPTION: "I3",
    Code.NO_CHOICE: "I3",
    Code.LINE_OPEN: "L1",
    Code.NOTHING_TO_PASS: "L6",
    Code.WRONG_PHASE: "D8",
    Code.NO_SUCH_CARD: "I1",
    Code.NO_SUCH_ABILITY: "I1",
    Code.NOT_ACTIVATED: "L8",
    Code.WRONG_PLACE: "F2",
    Code.WRONG_CARD_TYPE: "F2",
    Code.FACE_DOWN: "P7",
    Code.ALREADY_ACTIVE: "C2",
    Code.SET_THIS_TURN: "C1",
    Code.NO_FREE_SLOT: "F3",
    Code.BAD_SLOT: "F2",
    Code.SLOT_TAKEN: "F3",
    Code.ONCE_PER_TURN: "C9",
    Code.LOOP_GUARD: "L10",
    Code.COST: "C9",
    Code.CONDITION: "C9",
    Code.NOTHING_TO_DO: "L13",
    Code.NOTHING_TO_ANSWER: "L4",
    Code.SPEED: "L4",
    Code.TARGETS: "L13",
    Code.MATERIALS: "C6",
    Code.SUMMONED_THIS_TURN: "P6",
    Code.UNSUMMONED_THIS_TURN: "P5a",
    Code.POSITION_CHANGED: "P6",
    Code.ALREADY_FACE_UP: "P6",
    Code.ALREADY_ATTACKED: "B1",
    Code.BATTLED: "P5",
    Code.ZERO_HEALTH: "P8",
    Code.DEFENSE_POSITION: "B1",
    Code.CANNOT_ATTACK: "C9",
    Code.DIRECT_ATTACK: "B2",
    Code.NOT_LEGAL: "I2",
}


def rule_of(code: Code) -> str:
    """The RULES.md id a refusal with `code` cites."""
    return RULE_OF[code]


class Refusal(NamedTuple):
    code: Code
    message: str


def _r(code: Code, message: str) -> Refusal:
    return Refusal(code, message)


# ------------------------------------------------------------- the door: whose move, when
DUEL_IS_OVER = _r(Code.DUEL_OVER, "The duel is over.")
NOT_A_SEAT = _r(Code.MALFORMED, "That is not a command from player 1 or 2.")
NOT_AN_OPTION = _r(Code.NOT_AN_OPTION, "That is not one of the options.")
NO_CHOICE_TO_ANSWER = _r(Code.NO_CHOICE, "There is no choice to answer.")
LINE_IS_OPEN = _r(Code.LINE_OPEN, "A Line is open: you may only respond with an ability or pass.")
NOTHING_TO_PASS_ON = _r(Code.NOTHING_TO_PASS, "There is nothing to pass on: no Line is open.")
END_TURN_FROM_MAIN_2 = _r(Code.WRONG_PHASE, "Use Next Phase: Main Phase 2 moves to the End Phase.")
TURN_CANNOT_MOVE_ON = _r(Code.WRONG_PHASE, "The turn cannot move on now.")
ONLY_IN_MAIN_PHASE = _r(Code.WRONG_PHASE, "That can only be done in your Main Phase.")
NOTHING_IN_THIS_PHASE = _r(Code.WRONG_PHASE, "Nothing can be done until the next turn begins.")
NO_SUCH_CARD = _r(Code.NO_SUCH_CARD, "There is no such card.")


def not_your_decision(decider: int, player: int) -> Refusal:
    return _r(Code.NOT_YOUR_DECISION,
              f"It is player {decider + 1}'s decision now, not player {player + 1}'s.")


def answer_choice_first(prompt: str) -> Refusal:
    return _r(Code.ANSWER_CHOICE_FIRST, f"First answer the pending choice: {prompt}.")


# ------------------------------------------------------------------------ slots
SLOT_TAKEN = _r(Code.SLOT_TAKEN, "That slot is already taken.")
NO_SLOT_FROM_FIELD = _r(Code.BAD_SLOT, "A card already on the field names no slot.")


def wrong_slot_zone(names: list[str]) -> Refusal:
    return _r(Code.BAD_SLOT, f"That card can only go into a {' or '.join(names)} slot.")


def no_such_slot(zone: str, index: object) -> Refusal:
    return _r(Code.BAD_SLOT, f"There is no {zone} slot {index}.")


# ---------------------------------------------------------------------- Activate
NO_SUCH_ABILITY = _r(Code.NO_SUCH_ABILITY, "That card has no such ability.")
ONLY_STARTS_A_LINE = _r(Code.NOTHING_TO_ANSWER, "That ability can only start a Line, not answer one.")
ABILITY_IN_OWN_MAIN_PHASE = _r(Code.WRONG_PHASE,
                               "That ability can only be activated in your own Main Phase.")
NOT_AN_ACTIVATED_ABILITY = _r(Code.NOT_ACTIVATED,
                              "That ability is not activated: it is a trigger or a continuous effect.")
PHANTOM_ABILITY_OFF_FIELD = _r(Code.WRONG_PLACE,
                               "Only a Phantom you control on the field can use its ability.")
FACE_DOWN_ABILITIES_OFF = _r(Code.FACE_DOWN, "A face-down Phantom's abilities are off.")
SPIRIT_ON_OWN_TURN = _r(Code.WRONG_PHASE, "Spirits can only be activated on your own turn.")
SPIRIT_NOT_IN_HAND = _r(Code.WRONG_PLACE, "That card is not in your hand.")
NO_SLOT_FOR_SPIRIT = _r(Code.NO_FREE_SLOT,
                        "There is no empty back-row or Side Balance slot to play it into.")
NOT_YOUR_SPIRIT = _r(Code.WRONG_PLACE, "That Spirit is not yours to activate.")
SPIRIT_SET_THIS_TURN = _r(Code.SET_THIS_TURN,
                          "A Spirit set this turn can be activated on a later turn.")
SPIRIT_ALREADY_ACTIVE = _r(Code.ALREADY_ACTIVE, "That Spirit is already active.")
COUNTER_IN_HAND = _r(Code.WRONG_PLACE,
                     "Counters must be set on the field before they can be activated.")
NOT_YOUR_COUNTER = _r(Code.WRONG_PLACE, "That Counter is not yours to activate.")
COUNTER_ALREADY_ACTIVE = _r(Code.ALREADY_ACTIVE, "That Counter is already active.")
COUNTER_SET_THIS_TURN = _r(Code.SET_THIS_TURN, "A Counter cannot be activated on the turn it "
                           "was set unless its Condition is met.")
ENVIRONMENT_OFF_ITS_SLOT = _r(Code.WRONG_PLACE, "An Environment works from an Environment slot.")
ENVIRONMENT_NOT_YOURS = _r(Code.WRONG_PLACE,
                           "With two Environments out, each only works for its own player.")
ONCE_PER_TURN_USED = _r(Code.ONCE_PER_TURN, "That ability can only be used once per turn.")
NOTHING_TO_NEGATE = _r(Code.NOTHING_TO_ANSWER, "There is nothing to negate.")
CONDITION_NOT_MET = _r(Code.CONDITION, "Its condition is not met.")
WOULD_DO_NOTHING = _r(Code.NOTHING_TO_DO, "It would do nothing now: nothing to summon, "
                      "search, return or draw, and no card its effects reach.")
TOO_FEW_TARGETS = _r(Code.TARGETS, "There are not enough legal targets.")
NOT_LEGAL_TARGETS = _r(Code.TARGETS, "Those are not legal targets for that ability.")


def speed_too_low(speed: int, step_speed: int) -> Refusal:
    return _r(Code.SPEED, f"Its speed {speed} is lower than the last Step's speed {step_speed}.")


def ability_loop_guard(limit: int) -> Refusal:
    return _r(Code.LOOP_GUARD, f"Loop guard: that ability was already used {limit} times this turn.")


def sp_cost_unpaid(cost: int, sp: int) -> Refusal:
    return _r(Code.COST, f"It costs {cost} SP and you have {sp}.")


def lp_cost_unpaid(cost: int, lp: int) -> Refusal:
    return _r(Code.COST, f"It costs {cost} LP and you have {lp}.")


def discard_cost_unpaid(count: int, in_hand: int) -> Refusal:
    return _r(Code.COST, f"It costs a discard of {count} card(s) and you have {in_hand}.")


# ---------------------------------------------------------------- Summon, Special Summon
SUMMON_FROM_HAND_ONLY = _r(Code.WRONG_PLACE, "You can only Summon a Phantom from your hand.")
ONLY_PHANTOMS_SUMMONED = _r(Code.WRONG_CARD_TYPE, "Only Phantoms are Summoned.")
SUMMON_LOOP_GUARD = _r(Code.LOOP_GUARD,
                       "Loop guard: that card was already Summoned too often this turn.")
UNSUMMONED_THIS_TURN = _r(Code.UNSUMMONED_THIS_TURN, "That Phantom was Unsummoned this turn; "
                          "it can be Summoned again next turn.")
NOT_IN_EXTRA_DECK = _r(Code.WRONG_PLACE, "That card is not in your Extra Deck.")
SUMMON_CONDITION_NOT_MET = _r(Code.CONDITION, "Its summon condition is not met.")
SPECIAL_SUMMON_LOOP_GUARD = _r(Code.LOOP_GUARD, "Loop guard: that card was already Special "
                               "Summoned too often this turn.")
NO_SPECIAL_SUMMON_IN_END_PHASE = _r(Code.WRONG_PHASE, "Extra Deck Phantoms cannot be Special "
                                    "Summoned in the End Phase.")


def summon_cost_unpaid(cost: int, sp: int) -> Refusal:
    return _r(Code.COST, f"Its SP Cost is {cost} and you have {sp} SP.")


def too_few_materials(count: int, have: int) -> Refusal:
    return _r(Code.MATERIALS, f"It needs {count} material(s) and you have {have}.")


# ----------------------------------------------------------- Set, Environment
SET_FROM_HAND_ONLY = _r(Code.WRONG_PLACE, "You can only set a card from your hand.")
ONLY_SPIRITS_AND_COUNTERS_SET = _r(Code.WRONG_CARD_TYPE, "Only Spirits and Counters are set.")
SET_LOOP_GUARD = _r(Code.LOOP_GUARD, "Loop guard: that card was already set too often this turn.")
ENVIRONMENT_FROM_HAND_ONLY = _r(Code.WRONG_PLACE,
                                "You can only play an Environment from your hand.")
ONLY_ENVIRONMENTS_IN_ENV_SLOT = _r(Code.WRONG_CARD_TYPE,
                                   "Only Environment cards go into the Environment slot.")
ENVIRONMENT_LOOP_GUARD = _r(Code.LOOP_GUARD,
                            "Loop guard: that card was already played too often this turn.")

# ---------------------------------------------- Change Position, Flip, Unsummon
NOT_YOUR_PHANTOM_ON_FIELD = _r(Code.WRONG_PLACE, "That is not a Phantom you control on the field.")
UNSUMMON_AFTER_BATTLE = _r(Code.BATTLED, "A Phantom cannot be Unsummoned on a turn it battled.")
UNSUMMON_LOOP_GUARD = _r(Code.LOOP_GUARD,
                         "Loop guard: that Phantom was already Unsummoned too often this turn.")
POSITION_ON_SUMMON_TURN = _r(Code.SUMMONED_THIS_TURN,
                             "A Phantom cannot change position on the turn it was summoned.")
POSITION_CHANGED_THIS_TURN = _r(Code.POSITION_CHANGED,
                                "A Phantom can change position (or Flip) only once per turn.")
ALREADY_FACE_UP = _r(Code.ALREADY_FACE_UP, "That Phantom is already face up.")
ZERO_HEALTH_LOCKED = _r(Code.ZERO_HEALTH, "A Phantom with 0 Health is locked in Defense Position.")
POSITION_LOOP_GUARD = _r(Code.LOOP_GUARD,
                         "Loop guard: that Phantom changed position too often this turn.")
FLIP_LOOP_GUARD = _r(Code.LOOP_GUARD, "Loop guard: that Phantom was flipped too often this turn.")

# ------------------------------------------------------------------------ Attack
ATTACKS_IN_BATTLE_PHASE = _r(Code.WRONG_PHASE, "Attacks are declared in the Battle Phase.")
ATTACKER_NOT_ON_FIELD = _r(Code.WRONG_PLACE, "Only a Phantom you control on the field can attack.")
DEFENSE_CANNOT_ATTACK = _r(Code.DEFENSE_POSITION, "Defense Position Phantoms cannot attack.")
ZERO_HEALTH_CANNOT_ATTACK = _r(Code.ZERO_HEALTH, "A Phantom with 0 Health cannot attack.")
ALREADY_ATTACKED = _r(Code.ALREADY_ATTACKED, "That Phantom has already attacked this turn.")
CANNOT_ATTACK = _r(Code.CANNOT_ATTACK, "That Phantom cannot attack.")
ATTACK_LOOP_GUARD = _r(Code.LOOP_GUARD, "Loop guard: that Phantom attacked too often this turn.")
DIRECT_ATTACK_BLOCKED = _r(Code.DIRECT_ATTACK, "You can only attack directly when your "
                           "opponent controls no Phantom.")
DIRECT_ATTACK_ON_SUMMON_TURN = _r(Code.SUMMONED_THIS_TURN, "A Phantom cannot attack directly "
                                  "on the turn it was summoned.")
NOT_AN_OPPOSING_PHANTOM = _r(Code.TARGETS, "That is not a Phantom your opponent controls.")
