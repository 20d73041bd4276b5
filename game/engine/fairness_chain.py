"""Version 3 of the fair deal: one commitment for the whole match, made before the player's seed.

A seed kept from hand to hand is known to the game when it seals the next hand; with one secret per
hand, sealed after that, a dishonest build could keep the best of many secrets for the seed it knows.
So the game commits to every secret of the match at once, before the seed is asked: the secrets are
the links of a hash chain, ``link[n] = SHA-256(link[n + 1])`` down from a fresh root, and the match's
commitment is ``SHA-256("gin-rummy/seal/v3" || u32(first hand) || link[1])``.  Hand after hand takes
the next link and reveals it when it ends: hashed down to link 1 it gives the commitment, so it checks
at once, and it tells nothing about the links still to come (SHA-256 cannot be run backwards).  The
first hand bound into the commitment ties each link to one hand: a dealer cannot skip links to pick
one.  A match secret with the hand number as nonce would be as binding, but could be shown only once
the match is over.
"""
from __future__ import annotations

import hashlib
from typing import Any

from .fairness import (
    CHAIN_LINKS,
    CUT_CARDS,
    HAND_NO_MAX,
    DeckSource,
    _check_secret,
    chain_commitment,
    check_player_seed,
    fingerprint,
)


class MatchSeal:
    """The secrets of one match, sealed before the player's seed; one per seed.

    Made before the seed is asked (``MatchSeal(os.urandom(32))``): show ``commitment``; then the
    player's seed is given once (``take_seed``); then each hand's source comes from ``deal``.  A new
    seed needs a new ``MatchSeal``: the old one refuses it.  ``repr`` never shows the root.
    """

    def __init__(self, root: bytes, first_hand: int = 1, links: int = CHAIN_LINKS, used: int = 0,
                 player_seed: str | None = None):
        if not isinstance(links, int) or isinstance(links, bool) or not 1 <= links <= CHAIN_LINKS:
            raise ValueError(f"a match's chain has from 1 to {CHAIN_LINKS} links")
        if not isinstance(used, int) or isinstance(used, bool) or not 0 <= used <= links:
            raise ValueError(f"the links used must be a whole number from 0 to {links}")
        if type(first_hand) is not int or not 1 <= first_hand <= HAND_NO_MAX - links + 1:
            raise ValueError("the seal's first hand must be a whole number from 1 (the hand its link 1 deals)")
        self.first_hand = first_hand
        chain = [_check_secret(root)]
        for _ in range(links - 1):
            chain.append(hashlib.sha256(chain[-1]).digest())
        self._links = chain[::-1]  # link 1 first
        self._root = chain[0]
        self.used = used
        self.player_seed: str | None = None
        if player_seed is not None:
            self.take_seed(player_seed)

    def __repr__(self) -> str:
        return f"MatchSeal(commitment={self.commitment[:16]}..., used={self.used}/{len(self._links)})"

    @property
    def commitment(self) -> str:
        """The match's commitment, shown before the player's seed is asked."""
        return chain_commitment(self._links[0], 1, self.first_hand)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.commitment)

    @property
    def remaining(self) -> int:
        """Hands still to deal under this seal; at 0 the match needs a new seal and the seed asked again."""
        return len(self._links) - self.used

    def take_seed(self, player_seed: str) -> None:
        """The player's seed for the whole match, given after the commitment was shown; only once."""
        if self.player_seed is not None:
            raise ValueError("this seal already has the player's seed: a new seed needs a new seal")
        check_player_seed(player_seed)
        self.player_seed = player_seed

    @property
    def next_hand(self) -> int:
        """The hand (from 1, as on screen) the next ``deal`` is for: the engine's ``hand_no`` + 1."""
        return self.first_hand + self.used

    def deal(self, cut_card: int | None) -> DeckSource:
        """The next hand's source: ``cut_card`` is the card the player cut at, 1 to 52, or None when the
        game cuts ("cut for me": the cut is then 0, so the game chooses nothing).  It deals hand
        ``next_hand`` and no other."""
        if self.player_seed is None:
            raise ValueError("the player's seed is asked before the first hand is dealt")
        if self.remaining == 0:
            raise ValueError("every secret of this seal is used: seal the match again and ask the seed")
        if cut_card is not None and (type(cut_card) is not int or not 1 <= cut_card <= CUT_CARDS):
            raise ValueError(f"the cut is a card from 1 to {CUT_CARDS}")
        self.used += 1
        return DeckSource(self._links[self.used - 1], cut_card or 0, self.player_seed, cut_card is not None,
                          link=self.used, first_hand=self.first_hand)

    def to_dict(self) -> dict[str, Any]:
        """What a match save keeps to go on dealing from this seal (the root: as secret as the save's deal)."""
        return {"root": self._root.hex(), "first_hand": self.first_hand, "links": len(self._links),
                "used": self.used, "player_seed": self.player_seed}

    @classmethod
    def from_dict(cls, d: Any) -> MatchSeal:
        """A seal saved by ``to_dict``; ValueError naming the problem for anything else."""
        if not isinstance(d, dict) or not isinstance(d.get("root"), str):
            raise ValueError("a saved match seal holds its root as hex digits")
        try:
            root = bytes.fromhex(d["root"])
        except ValueError:
            raise ValueError("a saved match seal holds its root as hex digits") from None
        return cls(root, d.get("first_hand", 1), d.get("links", CHAIN_LINKS), d.get("used", 0), d.get("player_seed"))
