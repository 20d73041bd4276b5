"""The fair deal's part of a match save: the current hand's secret and the player's part, and the
commitment that was shown, so that a save whose secret was replaced is noticed on loading."""
from __future__ import annotations

import hashlib
from typing import Any

from .errors import SaveError
from .fairness import CUT_MAX, SECRET_BYTES, FairDeal, check_player_seed

MAX_HANDS = 100_000
V1_KEYS = {"hand_no", "cut", "secret"}
OPTIONAL_KEYS = {"commitment", "player_seed", "dealer", "by_player"}

NOTICE_SEAL = "seal"
"""The saved secret does not match the commitment shown before the hand: the secret was replaced."""
NOTICE_CARDS = "cards"
"""The saved deal does not give the cards of the save: the deal or the cards were edited."""


def deal_to_dict(deal: FairDeal | None) -> dict[str, Any] | None:
    """The current hand's deal: what reveals it once the hand is over (see ``fairness.py``)."""
    if deal is None:
        return None
    d: dict[str, Any] = {"hand_no": deal.hand_no, "cut": deal.cut, "secret": deal.secret.hex(),
                         "commitment": deal.commitment, "by_player": deal.by_player}
    if deal.player_seed is not None:
        d["player_seed"] = deal.player_seed
        d["dealer"] = deal.dealer
    return d


def _whole(x: Any, name: str, most: int) -> int:
    if type(x) is not int or not 0 <= x <= most:
        raise SaveError(f"{name} is out of range: {x!r} (at most {most})")
    return x


def deal_from_dict(x: Any) -> tuple[FairDeal | None, str | None]:
    """The saved deal of the current hand (absent from saves written before the fair deal), and a notice
    (``NOTICE_SEAL``) when its secret does not match the commitment saved with it."""
    if x is None:
        return None, None
    if not isinstance(x, dict) or not set(x) >= V1_KEYS or set(x) - V1_KEYS - OPTIONAL_KEYS:
        raise SaveError("the deal must hold hand_no, cut and secret")
    secret = x["secret"]
    if not isinstance(secret, str) or len(secret) != 2 * SECRET_BYTES or secret.strip("0123456789abcdef"):
        raise SaveError(f"the deal's secret must be {2 * SECRET_BYTES} lowercase hex digits")
    hand_no = _whole(x["hand_no"], "the deal's hand_no", MAX_HANDS)
    cut = _whole(x["cut"], "the deal's cut", CUT_MAX)
    by_player = x.get("by_player", True)
    if not isinstance(by_player, bool):
        raise SaveError("the deal's by_player must be true or false")
    seed = x.get("player_seed")
    dealer = None
    if seed is not None:
        try:
            check_player_seed(seed)
        except ValueError as e:
            raise SaveError(f"the deal's {e}") from None
        dealer = _whole(x.get("dealer"), "the deal's dealer", 1)
    shown = x.get("commitment")
    if shown is not None and hashlib.sha256(bytes.fromhex(secret)).hexdigest() != shown:
        return None, NOTICE_SEAL
    return FairDeal(bytes.fromhex(secret), cut, hand_no, seed, dealer, by_player), None
