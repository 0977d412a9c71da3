"""Why a command is refused: a code for programs, a sentence for people.

Programs (the UI, the AI, tests) branch on `Code`; the sentence is only ever shown.
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


class Refusal(NamedTuple):
    code: Code
    message: str
