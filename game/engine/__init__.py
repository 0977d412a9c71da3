"""The pure rules engine: seed in, commands in, events out. No pygame, files, clock or global random."""

from __future__ import annotations

from .carddefs import CardDef, CardType
from .commands import (
    Activate,
    Attack,
    ChangePosition,
    Choose,
    EndTurn,
    Flip,
    NextPhase,
    Pass,
    PlayEnvironment,
    SetCard,
    SpecialSummon,
    Summon,
    Unsummon,
)
from .duel import DeckSpec, Duel, Rejected
from .model import Phase, Zone
from .rules import Rules

__all__ = [
    "Activate", "Attack", "CardDef", "CardType", "ChangePosition", "Choose", "DeckSpec", "Duel",
    "EndTurn", "Flip", "NextPhase", "Pass", "Phase", "PlayEnvironment", "Rejected", "Rules",
    "SetCard", "SpecialSummon", "Summon", "Unsummon", "Zone",
]
