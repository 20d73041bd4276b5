"""The coach around a recorded hand: its review of the player's decisions, run on the worker thread,
its reasons in words, and the Coach button the hand result offers.

The judgement itself is ``game.bots.coach``; the replay (``replay.py``) shows it move by move.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

from game.app.lang.i18n import tr
from game.app.matches.match import Match
from game.app.stage.scene import Host
from game.engine import Card, HandResult
from game.engine.record import HandRecord, RecordError, replay

if TYPE_CHECKING:
    from game.bots.coach import Review


class CoachOffer(Protocol):
    """The screen that offers the coach: a hand's result, with its match and a way to add a button."""

    @property
    def app(self) -> Host: ...

    @property
    def match(self) -> Match: ...

    def button(self, rect: pygame.Rect, key: str, object_id: str, action: Callable[[], None],
               class_id: str | None = None, text: str | None = None,
               tip: str | None = None) -> pygame_gui.elements.UIButton: ...


def coach_words(key: str, params: Mapping[str, object]) -> str:
    """A coach's reason in the current language (card codes shown as cards)."""
    shown = {k: (" ".join(Card.parse(c).symbol for c in v.split()) if k in ("card", "better", "with")
                 and isinstance(v, str) else v) for k, v in params.items()}
    return tr("bot." + key, **shown)


def offer_coach(scene: CoachOffer, rect: pygame.Rect) -> pygame_gui.elements.UIButton | None:
    """The result screen's Coach button, for a recorded hand against the computer (None otherwise)."""
    nav = scene.app.nav
    match = scene.match
    if not nav.can_coach(match):
        return None
    return scene.button(rect, "button.coach", "#coach", lambda: nav.show_coach(match), class_id="@tool")


def review_hand(record: HandRecord, seat: int, earlier: Sequence[HandResult | HandRecord]) -> Review:
    """The coach's review (worker thread): earlier hands count only by their public results."""
    from game.bots.coach import review

    results = []
    for e in earlier:
        if isinstance(e, HandRecord):
            try:
                r = replay(e).result
            except RecordError:
                continue
            if r is not None:
                results.append(r)
        else:
            results.append(e)
    return review(record, seat, results)
