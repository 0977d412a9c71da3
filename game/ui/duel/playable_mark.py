"""The steady mark on a card that can act now: a white outline with a dark keyline and a
small "PLAY" badge on its top edge, drawn over the card in every palette and with reduced
motion (the breathing glow under it is only extra).

White because it is the one colour no card frame has (amber, teal, crimson, green, violet;
yellow, sky blue, vermillion, bluish green, reddish purple in the colour-blind palette), nor
either player's colour: a playable Phantom never reads as "a Phantom frame" (issue 38 item 4;
tests/ui/test_playable_mark.py checks it apart from every frame under simulated colour-vision
deficiencies, on a screenshot's pixels).
"""

from __future__ import annotations

import pygame

from game.ui import text as txt

MARK: tuple[int, int, int] = (255, 255, 255)  # the outline and the badge
KEYLINE: tuple[int, int, int] = (8, 10, 16)  # dark edges so white reads on a pale card too
BADGE_TEXT = "PLAY"
BADGE_PX = 13  # the legibility floor (theme.MIN_TEXT)
OUTLINE = 3  # pixels of white just outside the card's rect

_badge: dict[float, pygame.Surface] = {}


def outline_rect(card: pygame.Rect) -> pygame.Rect:
    """The white band's outer rect: OUTLINE pixels around `card`, none over its face."""
    return card.inflate(2 * OUTLINE, 2 * OUTLINE)


def badge(scale: float) -> pygame.Surface:
    """The "PLAY" pill, drawn once per text size."""
    img = _badge.get(scale)
    if img is None:
        word = txt.text(BADGE_TEXT, BADGE_PX, KEYLINE, bold=True)
        w, h = word.get_width() + 10, word.get_height() + 2
        img = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
        pygame.draw.rect(img, KEYLINE, img.get_rect(), border_radius=(h + 2) // 2)
        pygame.draw.rect(img, MARK, img.get_rect().inflate(-2, -2), border_radius=h // 2)
        img.blit(word, word.get_rect(center=img.get_rect().center))
        _badge[scale] = img
    return img


def draw(surface: pygame.Surface, card: pygame.Rect, above: bool | None = None) -> None:
    """The mark around `card` (its rect as drawn): keyline, white band, the badge centred on
    its top edge; `above` (by default for a card turned sideways, whose name runs along its
    top edge, and for a pile under its label): the badge stands on the edge instead, off the
    name it would cover."""
    band = outline_rect(card)
    pygame.draw.rect(surface, KEYLINE, band.inflate(4, 4), 2, border_radius=10)
    pygame.draw.rect(surface, MARK, band, OUTLINE, border_radius=8)
    img = badge(txt.scale())
    if above is None:
        above = card.w > card.h
    place = img.get_rect(midbottom=(card.centerx, card.top + 1)) if above else \
        img.get_rect(center=(card.centerx, card.top))
    surface.blit(img, place)
