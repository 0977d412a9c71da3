"""A pending choice as a typed object a client or an AI can read without knowing the engine.

The engine keeps its own `model.Choice` (with a resolution context); this is the public
face of it: the kind as an enum, each option as a value with a label a person can read,
and how many answers are still to pick. Each option's `value` is what `Choose` sends.
"""

from __future__ import annotations

from dataclasses import dataclass

from .commands import Choose
from .model import Choice, ChoiceKind


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    value: int  # send Choose(player, value)
    label: str
    card: int | None = None  # the card this option names, if it names one

    def command(self, player: int) -> Choose:
        return Choose(player, self.value)


@dataclass(frozen=True, slots=True)
class PendingChoice:
    player: int
    kind: ChoiceKind
    prompt: str
    options: tuple[ChoiceOption, ...]
    count: int  # answers still to pick, one `Choose` each

    @property
    def picks_cards(self) -> bool:
        return self.kind.picks_cards


# what a seat that cannot see the card a trigger's prompt names is told instead
UNNAMED_PROMPTS = {
    ChoiceKind.TRIGGER_OPTIONAL: "Use the ability of a card you cannot see?",
    ChoiceKind.TRIGGER_TARGET: "Choose a target for the ability of a card you cannot see",
}


def unnamed_prompt(kind: ChoiceKind | str) -> str:
    """The prompt told to a seat that may not learn the card a choice names."""
    return UNNAMED_PROMPTS.get(ChoiceKind(kind), "Make a choice")


def public_choice(choice: Choice) -> PendingChoice:
    cards = choice.kind.picks_cards
    return PendingChoice(
        choice.player, choice.kind, choice.prompt,
        tuple(ChoiceOption(o, str(label), o if cards else None)
              for o, label in zip(choice.options, choice.labels, strict=True)),
        min(choice.count, len(choice.options)))
