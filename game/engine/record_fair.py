"""The fair deal's part of a hand record (``record.py``): the commitment shown before the hand, the
player's part (seed and cut) and, once the hand is over, the secret; enough to rebuild the exported
hand that ``python3 -m game.verify`` checks (docs/fairness.md) from the recorded cards alone."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .fairness import CHAIN_LINKS, CUT_CARDS, CUT_MAX, VERSIONS, FairDeal, check_player_seed, record_fields
from .record_checks import RecordError, count_of, shown

HEX = "0123456789abcdef"


def _hex64(x: Any, name: str) -> str:
    if not isinstance(x, str) or len(x) != 64 or x.strip(HEX):
        raise RecordError(f"the {name} must be 64 lowercase hex digits")
    return x


@dataclass(frozen=True)
class DealSeal:
    """A hand's fair deal as recorded: ``secret`` (hex) stays None until the hand is over."""

    version: int
    commitment: str
    cut: int
    player_seed: str | None = None
    secret: str | None = None
    by_player: bool = True
    link: int | None = None  # version 3: the secret's place in the match's chain

    @classmethod
    def of(cls, deal: FairDeal, reveal: bool = False) -> DealSeal:
        return cls(deal.version, deal.commitment, deal.cut, deal.player_seed,
                   deal.secret.hex() if reveal else None, deal.by_player, deal.link)

    def revealed(self, deal: FairDeal) -> DealSeal:
        """This seal with its secret, when ``deal`` is the hand it sealed (else unchanged)."""
        if deal.commitment != self.commitment or deal.cut != self.cut or deal.player_seed != self.player_seed:
            return self
        return DealSeal.of(deal, reveal=True)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"version": self.version, "commitment": self.commitment, "cut": self.cut}
        if self.player_seed is not None:
            d["player_seed"] = self.player_seed
        if self.secret is not None:
            d["secret"] = self.secret
        if not self.by_player:
            d["by_player"] = False
        if self.link is not None:
            d["link"] = self.link
        return d

    @classmethod
    def from_dict(cls, d: Any) -> DealSeal:
        if not isinstance(d, dict):
            raise RecordError("the fair deal must be an object")
        version = d.get("version")
        if type(version) is not int or version not in VERSIONS:
            raise RecordError(f"unknown fair deal version {shown(version)}")
        seed = d.get("player_seed")
        if (seed is None) != (version == 1):
            raise RecordError("a fair deal of version 2 or 3, and only one, holds the player's seed")
        if seed is not None:
            try:
                check_player_seed(seed)
            except ValueError as e:
                raise RecordError(str(e)) from None
        secret = d.get("secret")
        by_player = d.get("by_player", True)
        if not isinstance(by_player, bool):
            raise RecordError("by_player must be true or false")
        if (d.get("link") is None) != (version < 3):
            raise RecordError("a fair deal of version 3, and only one, holds its link in the match's chain")
        link = None if version < 3 else count_of(d.get("link"), "link", CHAIN_LINKS)
        if link == 0:
            raise RecordError("the link counts from 1")
        cut = count_of(d.get("cut"), "cut", CUT_CARDS if version >= 3 else CUT_MAX)
        return cls(version, _hex64(d.get("commitment"), "commitment"), cut,
                   seed, None if secret is None else _hex64(secret, "secret"), by_player, link)


def deck_order(hands: Sequence[Sequence[Card]], upcard: Card, stock: Sequence[Card], dealer: int) -> list[Card]:
    """The deck order a deal came from: the non-dealer's cards at 0, 2, ..., the dealer's at 1, 3, ...,
    the upcard at 20, the stock from 21 (``stock`` listed bottom first, as the hand record keeps it)."""
    order: list[Card] = []
    for first, second in zip(hands[1 - dealer], hands[dealer], strict=True):
        order += [first, second]
    return order + [upcard] + list(reversed(stock))


def export_record(seal: DealSeal, hand_no: int, dealer: int, hands: Sequence[Sequence[Card]], upcard: Card,
                  stock: Sequence[Card]) -> dict[str, Any]:
    """The exported hand (docs/fairness.md) of a recorded deal; RecordError before the secret is known."""
    if seal.secret is None:
        raise RecordError("the hand's secret is shown only once the hand is over")
    order = deck_order(hands, upcard, stock, dealer)
    return record_fields(seal.version, hand_no, dealer, seal.commitment, seal.secret, seal.player_seed, seal.cut,
                         seal.link, order)
