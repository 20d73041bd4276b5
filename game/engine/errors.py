"""Why the engine refuses something: an illegal action (with a reason code a UI can translate) or a
save or position that could not arise in legal play."""
from __future__ import annotations

import enum
from collections.abc import Mapping


class IllegalReason(str, enum.Enum):  # noqa: UP042 - enum.StrEnum needs Python 3.11; the game runs on 3.10
    """Why an action is refused: a stable code a UI can translate; ``IllegalAction.params`` fills it in.

    The parameters each code carries (all in ``IllegalAction.params``):

    - ``NOT_AN_ACTION``: ``value`` (what was passed).
    - ``MATCH_OVER``: nothing.
    - ``NOT_YOUR_TURN``: ``player`` (who tried), ``to_act`` (whose turn it is).
    - ``WRONG_PHASE``: ``phase`` (a ``Phase``), ``action`` (the action's class name, e.g. ``"Discard"``).
    - ``CARD_NOT_IN_HAND``: ``card``.
    - ``THROW_BACK_FORBIDDEN``: ``card`` (just taken from the discard pile).
    - ``KNOCK_TOO_MUCH_DEADWOOD``: ``card``, ``deadwood`` (left after throwing it), ``limit``.
    - ``KNOCK_NOT_ALLOWED_GIN_ONLY``: ``card``, ``deadwood``, ``limit`` (0: only gin ends this hand).
    - ``BIG_GIN_NOT_MELDED``: ``deadwood`` (of the eleven cards).
    - ``FIRST_DRAW_FROM_STOCK``: nothing (both passed the upcard under the Hoyle rule).
    - ``DISCARD_PILE_EMPTY``: nothing.
    - ``MELD_NOT_VALID``: ``meld`` (the declared cards, neither a set nor a run).
    - ``MELD_CARD_NOT_IN_HAND``: ``card`` (declared in a meld, not in the hand kept after the throw).
    - ``MELD_CARD_TWICE``: ``card`` (in two declared melds).
    - ``ARRANGEMENT_TOO_MUCH_DEADWOOD``: ``deadwood`` (left by the declared melds), ``limit``.
    - ``LAYOFF_NOT_DEFENDERS``: ``card`` (chosen to lay off, not in the defender's hand).
    - ``LAYOFF_CARD_TWICE``: ``card``.
    - ``LAYOFF_NO_PLACE``: ``card`` (fits none of the knocker's melds as laid out).
    - ``LAYOFF_AFTER_GIN``: nothing.
    - ``OTHER``: never raised by the engine; the default for an ``IllegalAction`` built elsewhere.
    """

    NOT_AN_ACTION = "not_an_action"
    MATCH_OVER = "match_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_PHASE = "wrong_phase"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    THROW_BACK_FORBIDDEN = "throw_back_forbidden"
    KNOCK_TOO_MUCH_DEADWOOD = "knock_too_much_deadwood"
    KNOCK_NOT_ALLOWED_GIN_ONLY = "knock_not_allowed_gin_only"
    BIG_GIN_NOT_MELDED = "big_gin_not_melded"
    FIRST_DRAW_FROM_STOCK = "first_draw_from_stock"
    DISCARD_PILE_EMPTY = "discard_pile_empty"
    MELD_NOT_VALID = "meld_not_valid"
    MELD_CARD_NOT_IN_HAND = "meld_card_not_in_hand"
    MELD_CARD_TWICE = "meld_card_twice"
    ARRANGEMENT_TOO_MUCH_DEADWOOD = "arrangement_too_much_deadwood"
    LAYOFF_NOT_DEFENDERS = "layoff_not_defenders"
    LAYOFF_CARD_TWICE = "layoff_card_twice"
    LAYOFF_NO_PLACE = "layoff_no_place"
    LAYOFF_AFTER_GIN = "layoff_after_gin"
    OTHER = "other"


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left as it was.

    ``str(error)`` is an English sentence; ``reason`` is an ``IllegalReason`` and ``params`` the values
    that sentence names (see ``IllegalReason``), so a UI can say it in any language.  ``action`` is
    the refused action.
    """

    def __init__(
        self,
        message: str,
        reason: IllegalReason = IllegalReason.OTHER,
        params: Mapping[str, object] | None = None,
        action: object = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = IllegalReason(reason)
        self.params: dict[str, object] = dict(params or {})
        self.action = action

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, IllegalReason, dict[str, object], object]]:
        return (type(self), (self.message, self.reason, self.params, self.action))


class SaveError(ValueError):
    """A save that cannot be loaded: damaged, edited into an impossible state, or from a newer version."""
