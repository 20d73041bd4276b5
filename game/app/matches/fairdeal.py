"""The player's side of the provably fair deal (``docs/fairness.md``, version 2).

Before a hand the game seals its half of the shuffle: a fresh secret from the operating system, whose
commitment (SHA-256) can be seen whole, copied and saved before any card moves.  The player's part is
their seed (a phrase they keep and may change on the cut screen at any time) and the cut, the card
where they cut the deck.  The deal is a documented function of both, and after the hand the secret
is shown, so anyone can recompute the deal; a seed typed after the seal was shown means no secret
the game chose beforehand can favour it.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field

from game.engine import FairDeal
from game.engine.fairness import SECRET_BYTES, DeckSource, check_player_seed, commitment, fingerprint, seeded_secret
from game.engine.fairness_check import verify

CARDS = 52  # the screen offers the cut as a card of the deck: 0 .. 51


@dataclass(frozen=True)
class SealedDeck:
    """A fresh secret whose seal (commitment) may be shown; the secret stays here until the hand ends."""

    secret: bytes = field(repr=False)

    @classmethod
    def fresh(cls) -> SealedDeck:
        return cls(os.urandom(SECRET_BYTES))

    @property
    def commitment(self) -> str:
        return commitment(self.secret)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def cut(self, cut: int, by_player: bool = True, player_seed: str = "") -> DeckSource:
        """The hand's source once the player has given their part (version 2)."""
        return DeckSource(self.secret, cut, player_seed=usable_seed(player_seed), by_player=by_player)


def usable_seed(text: str) -> str:
    """The seed as the deal takes it: the text, cut short to the scheme's 256 bytes when longer."""
    if not isinstance(text, str):
        return ""
    while True:
        try:
            check_player_seed(text)
            return text
        except ValueError:
            text = text[:-1]


def cut_at(fraction: float) -> int:
    """The cut for a point along the deck, 0 at one end and 1 at the other: the card there, 0 .. 51."""
    return round(min(1.0, max(0.0, fraction)) * (CARDS - 1))


def random_cut() -> int:
    """A cut the game chooses for the player ("cut for me"): such a hand says so."""
    return secrets.randbelow(CARDS)


def start_marker() -> float:
    """Where the cut marker starts: a card at random, so that pressing Enter at once is no constant cut."""
    return secrets.randbelow(CARDS) / (CARDS - 1)


def grouped(hex_text: str, group: int = 4) -> str:
    """Hex digits in groups (``630d cd29 ...``) for a person to compare."""
    return " ".join(hex_text[i : i + group] for i in range(0, len(hex_text), group))


@dataclass(frozen=True)
class Seal:
    """What the table showed before a hand: the commitment, and whether a player gave the cut."""

    commitment: str
    by_player: bool

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    def check(self, deal: FairDeal | None) -> bool:
        """Whether the revealed deal is the one this seal promised (its secret, the player's part, its cards)."""
        if deal is None:
            return False
        return bool(verify(self.commitment, deal.secret, deal.cut, deal.hand_no, deal.order,
                           player_seed=deal.player_seed, dealer=deal.dealer))


def dealt_from_seed(deal: FairDeal, seed: int) -> bool:
    """Whether a hand's deal is the seeded one (tests, ``--seed``), not a sealed secret and a cut."""
    return deal.secret == seeded_secret(seed, deal.hand_no)
