"""The fair deal's part of a match save: the current hand's secret and the player's part, and the
commitment that was shown, so that a save whose secret was replaced is noticed on loading."""
from __future__ import annotations

import hashlib
from typing import Any

from .errors import SaveError
from .fairness import CHAIN_LINKS, CUT_CARDS, CUT_MAX, SECRET_BYTES, FairDeal, chain_commitment, check_player_seed

MAX_HANDS = 100_000
V1_KEYS = {"hand_no", "cut", "secret"}
OPTIONAL_KEYS = {"commitment", "player_seed", "dealer", "by_player", "link"}

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
    if deal.link is not None:
        d["link"] = deal.link
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
    link = x.get("link")
    if link is not None and (type(link) is not int or not 1 <= link <= CHAIN_LINKS):
        raise SaveError(f"the deal's link is out of range: {link!r} (from 1 to {CHAIN_LINKS})")
    cut = _whole(x["cut"], "the deal's cut", CUT_MAX if link is None else CUT_CARDS)
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
    elif link is not None:
        raise SaveError("the deal of a sealed match holds the player's seed")
    shown = x.get("commitment")
    key = bytes.fromhex(secret)
    if link is not None and link > hand_no + 1:
        raise SaveError(f"the deal's link {link} is past its hand {hand_no + 1}")
    actual = hashlib.sha256(key).hexdigest() if link is None else chain_commitment(key, link, hand_no + 2 - link)
    if shown is not None and actual != shown:
        return None, NOTICE_SEAL
    return FairDeal(key, cut, hand_no, seed, dealer, by_player, link), None
