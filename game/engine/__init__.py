"""The pure rules engine: seed in, commands in, events out. No pygame, files, clock or global random.

What a client and an AI use is exported here: the commands (`Command`), the events
(`Event`), views (`PlayerView`, the `Player` protocol), typed choices, refusal codes,
serialisation and the state hash.

Imports nothing of the game outside itself (docs/architecture.md).
"""

from __future__ import annotations

from . import events
from .asking import might_answer
from .carddefs import CardDef, CardType
from .choices import ChoiceOption, PendingChoice
from .commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    Command,
    Concede,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
    command_from_dict,
    command_to_dict,
)
from .duel import Checkpoint, DeckSpec, Duel, Rejected
from .events import Event, event_to_dict
from .model import ChoiceKind, Phase, Zone
from .reasons import Code, Refusal
from .rules import Rules
from .serialize import from_dict, state_hash, to_dict
from .views import HIDDEN, CardView, Player, PlayerView, SideView, StepView

__all__ = [
    "HIDDEN", "Activate", "Attack", "CardDef", "CardType", "CardView", "ChangePosition",
    "Checkpoint", "ChoiceKind", "ChoiceOption", "Choose", "Code", "Command", "Concede", "DeckSpec", "Duel", "EndTurn",
    "Event", "Flip", "NextPhase", "Pass", "PendingChoice", "Phase", "PlayEnvironment", "Player",
    "PlayerView", "Refusal", "Rejected", "Rules", "SetCard", "SideView", "SpecialSummon",
    "StepView", "Summon", "Unsummon", "Zone", "command_from_dict", "command_to_dict",
    "event_to_dict", "events", "from_dict", "might_answer", "state_hash", "to_dict",
]
