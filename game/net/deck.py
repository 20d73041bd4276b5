"""One seat's side of the deal dealt by both: the four passes of the shuffle, the keys, the check at the end.

Sans-IO: ``receive`` takes a checked message (``game.net.messages``) and returns the messages to send;
``deal``, ``deal_to`` and ``show`` are the game's word that a position goes to a seat or is shown.  A
side sends a key only on those calls, so a peer gets no card it is not entitled to, whatever it sends.
Every message in and out goes into ``log``, the hand's transcript (``transcript``), which
tools/check_online.py checks on its own.  docs/online.md is the protocol byte for byte.
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Iterable
from typing import Any

from game.net import audit, cipher
from game.net.cipher import CARD_POINTS, CipherError, check_point, check_scalar, invert, lock, mul_keys
from game.net.errors import DealError
from game.net.messages import PROTOCOL, message

DECK = 52
HAND_SIZE = 10
UPCARD = 20
SEATS = ("A", "B")
STAGE_SEAT = {1: "A", 2: "B", 3: "A", 4: "B"}
RandBytes = Callable[[int], bytes]


class KeyBook:
    """The keys a match has used (hashed), so no key serves in two hands."""

    def __init__(self) -> None:
        self._seen: set[bytes] = set()

    def seen(self, key: bytes) -> bool:
        return hashlib.sha256(key).digest() in self._seen

    def add(self, keys: Iterable[bytes]) -> None:
        self._seen.update(hashlib.sha256(k).digest() for k in keys)

    def copy(self) -> KeyBook:
        book = KeyBook()
        book._seen = set(self._seen)
        return book


def dealt_positions(seat: str, dealer: str) -> list[int]:
    """The deck positions dealt to a seat: the non-dealer takes 0, 2, ... 18, the dealer 1, 3, ... 19."""
    return list(range(1 if seat == dealer else 0, 2 * HAND_SIZE, 2))


def shuffled(items: list[bytes], randbytes: RandBytes) -> list[bytes]:
    """Fisher-Yates with unbiased draws from the random source."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        while True:
            x = int.from_bytes(randbytes(4), "big")
            if x < 2**32 - 2**32 % (i + 1):
                break
        j = x % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


class DeckSide:
    """Seat "A" (it shuffles first) or "B" of one hand's deal, with fresh keys from ``randbytes``.

    Once the fourth pass is done each side deals at once: ten cards each as the engine deals them
    (``dealer`` is a seat) and the upcard shown to both.
    """

    def __init__(self, seat: str, hand: int, dealer: str, randbytes: RandBytes | None = None,
                 book: KeyBook | None = None) -> None:
        if seat not in SEATS or dealer not in SEATS:
            raise ValueError(f"a seat is 'A' or 'B', not {seat!r} (dealer {dealer!r})")
        self.seat, self.peer, self.hand, self.dealer = seat, SEATS[seat == "A"], hand, dealer
        self._rand = randbytes or secrets.token_bytes
        self.book = book or KeyBook()
        keys = self._fresh_keys()
        self._key, self._keys = keys[0], keys[1:]
        self.decks: dict[int, list[bytes]] = {}
        self.owner: list[str | None] = [None] * DECK  # None: unseen; a seat: in its hand; "both": shown
        self.given: set[int] = set()
        self.peer_keys: dict[int, bytes] = {}
        self.cards: dict[int, int] = {}
        self.order: list[int] | None = None
        self.log: list[dict[str, Any]] = []
        self._sent = self._received = 0
        self._revealed: tuple[bytes, list[bytes]] | None = None
        self._mine_shown = False

    def _fresh_keys(self) -> list[bytes]:
        keys: list[bytes] = []
        while len(keys) < DECK + 1:
            key = cipher.new_key(self._rand)
            if key not in keys and not self.book.seen(key):
                keys.append(key)
        self.book.add(keys)
        return keys

    # ------------------------------------------------------------------ sending

    def _send(self, kind: str, **fields: Any) -> dict[str, Any]:
        out = message(kind, self.hand, self._sent, **fields)
        self._sent += 1
        self.log.append({"from": self.seat, **out})
        return out

    def start(self) -> list[dict[str, Any]]:
        """Seat A's first pass: the 52 cards locked with its first key, shuffled."""
        if self.seat != "A" or self.decks:
            raise DealError("net.out_of_turn", self.seat, "deck 1", "only seat A starts, and only once")
        deck = shuffled([lock(self._key, p) for p in CARD_POINTS], self._rand)
        return [self._put(1, deck)]

    def _put(self, stage: int, deck: list[bytes]) -> dict[str, Any]:
        self.decks[stage] = deck
        return self._send("deck", stage=stage, points=[p.hex() for p in deck])

    def _next_pass(self, stage: int) -> dict[str, Any]:
        before = self.decks[stage - 1]
        if stage == 2:
            return self._put(2, shuffled([lock(self._key, p) for p in before], self._rand))
        unkey = invert(self._key)
        return self._put(stage, [lock(mul_keys(self._keys[j], unkey), p) for j, p in enumerate(before)])

    def _keys_message(self, positions: list[int], to: str) -> list[dict[str, Any]]:
        fresh = [j for j in positions if j not in self.given]
        if not fresh:
            return []
        self.given.update(fresh)
        return [self._send("keys", to=to, positions=fresh, keys=[self._keys[j].hex() for j in fresh])]

    def deal_to(self, position: int, seat: str) -> list[dict[str, Any]]:
        """The card at ``position`` goes to ``seat``'s hand: to the peer, this side sends it its key."""
        self._ready("deal")
        if self.owner[position] is not None:
            raise DealError("net.out_of_turn", self.seat, "deal", f"position {position} was dealt already")
        self.owner[position] = seat
        return self._keys_message([position], "you") if seat == self.peer else []

    def _deal(self) -> list[dict[str, Any]]:
        for seat in SEATS:
            for j in dealt_positions(seat, self.dealer):
                self.owner[j] = seat
        return self._keys_message(dealt_positions(self.peer, self.dealer), "you") + self.show([UPCARD])

    def show(self, positions: list[int]) -> list[dict[str, Any]]:
        """These positions are shown to both (the upcard, a discard): this side sends its keys for them."""
        self._ready("show")
        for j in positions:
            if self.owner[j] == self.peer:
                raise DealError("net.out_of_turn", self.seat, "show", f"position {j} is in {self.peer}'s hand")
            self.owner[j] = "both"
        return self._keys_message(positions, "both")

    def reveal(self) -> list[dict[str, Any]]:
        """The hand is over: every key of this side, for the peer to check each step."""
        self._ready("reveal")
        if self._mine_shown:
            return []
        self._mine_shown = True
        return [self._send("reveal", key=self._key.hex(), keys=[k.hex() for k in self._keys])]

    def _ready(self, step: str) -> None:
        if len(self.decks) < 4:
            raise DealError("net.out_of_turn", self.seat, step, "the shuffle is not finished")

    # ------------------------------------------------------------------ receiving

    def note(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A message of the game above the deal (a move, a notice), numbered and logged with the deal's."""
        if kind not in ("move", "notice"):
            raise ValueError(f"the deal's own messages are sent by the deal, not {kind!r}")
        return self._send(kind, **fields)

    def take(self, msg: dict[str, Any]) -> None:
        """Check a message is of this hand and next in the peer's count, and log it."""
        step = str(msg.get("type"))
        if msg.get("hand") != self.hand:
            raise DealError("net.wrong_hand", self.peer, step, f"hand {msg.get('hand')} while dealing {self.hand}")
        if msg.get("seq") != self._received:
            raise DealError("net.replayed", self.peer, step, f"message {msg.get('seq')}, expected {self._received}")
        self._received += 1
        self.log.append({"from": self.peer, **msg})

    def receive(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """A checked message from the peer; returns what to send back; raises ``DealError`` naming the peer."""
        self.take(msg)
        step = str(msg.get("type"))
        if msg["type"] == "deck":
            return self._on_deck(msg["stage"], msg["points"])
        if msg["type"] == "keys":
            self._on_keys(msg["to"], msg["positions"], msg["keys"])
            return []
        if msg["type"] == "reveal":
            self._on_reveal(msg["key"], msg["keys"])
            return []
        raise DealError("net.out_of_turn", self.peer, step, f"a {step} message is not part of the deal")

    def _on_deck(self, stage: int, hexes: list[str]) -> list[dict[str, Any]]:
        step = f"deck {stage}"
        if STAGE_SEAT[stage] != self.peer or stage != len(self.decks) + 1:
            raise DealError("net.out_of_turn", self.peer, step, f"deck {stage} was not due")
        try:
            deck = [check_point(bytes.fromhex(h)) for h in hexes]
        except CipherError as exc:
            raise DealError("net.bad_point", self.peer, step, str(exc)) from None
        if len(set(deck)) != DECK:
            raise DealError("net.duplicate_card", self.peer, step, "the same point twice")
        if any(cipher.card_of(p) is not None for p in deck):
            raise DealError("net.bad_point", self.peer, step, "a card in the clear")
        self.decks[stage] = deck
        if stage == 3:
            return [self._next_pass(4), *self._deal()]
        return [self._next_pass(stage + 1)] if stage < 4 else self._deal()

    def _peer_key(self, step: str, position: int, text: str) -> bytes:
        try:
            key = check_scalar(bytes.fromhex(text))
        except CipherError as exc:
            raise DealError("net.bad_key", self.peer, step, f"position {position}: {exc}") from None
        mine = {self._key, *self._keys}
        if key in mine or key in self.peer_keys.values() or self.book.seen(key):
            raise DealError("net.reused_key", self.peer, step, f"position {position}: a key used before")
        return key

    def _on_keys(self, to: str, positions: list[int], hexes: list[str]) -> None:
        step = "keys"
        if len(self.decks) < 4:
            raise DealError("net.out_of_turn", self.peer, step, "keys before the shuffle is finished")
        for j, text in zip(positions, hexes, strict=True):
            wanted = self.owner[j] == self.seat if to == "you" else self.owner[j] in (self.peer, "both")
            if not wanted or j in self.peer_keys:
                raise DealError("net.out_of_turn", self.peer, step, f"a key for position {j} was not due")
            key = self._peer_key(step, j, text)
            card = audit.open_position(self.decks[4][j], key, self._keys[j])
            if card is None:
                raise DealError("net.bad_key", self.peer, step, f"position {j}: the key opens to no card")
            if card in self.cards.values():
                raise DealError("net.duplicate_card", self.peer, step, f"position {j}: a card already seen")
            self.peer_keys[j] = key
            self.cards[j] = card
            if to == "both":
                self.owner[j] = "both"

    def _on_reveal(self, key_hex: str, hexes: list[str]) -> None:
        if len(self.decks) < 4 or self._revealed is not None:
            raise DealError("net.out_of_turn", self.peer, "reveal", "a reveal was not due")
        key, keys = bytes.fromhex(key_hex), [bytes.fromhex(h) for h in hexes]
        audit.check_keys(self.peer, key, keys)
        mine = {self._key, *self._keys}
        if any(k in mine or self.book.seen(k) for k in (key, *keys)):
            raise DealError("net.reused_key", self.peer, "reveal", "a key of this side or of an earlier hand")
        for j, sent in self.peer_keys.items():
            if keys[j] != sent:
                raise DealError("net.changed_key", self.peer, "reveal", f"position {j}: not the key sent before")
        audit.check_steps(self.peer, self.decks, key, keys)
        mine_list, theirs = self._keys, keys
        pair = (mine_list, theirs) if self.seat == "A" else (theirs, mine_list)
        order = audit.open_all(self.decks[4], *pair, self.peer)
        for j, card in self.cards.items():
            if order[j] != card:
                raise DealError("net.wrong_card", self.peer, "reveal", f"position {j} opened to another card")
        self.book.add([key, *keys])
        self._revealed = (key, keys)
        self.order = order

    # ------------------------------------------------------------------ reading

    def card_at(self, position: int) -> int | None:
        """The card at a position if this side may know it (its own draws, shown cards), else None."""
        return self.cards.get(position)

    @property
    def received(self) -> int:
        """How many of the peer's messages this side has taken: after a reconnection, the peer resends from here."""
        return self._received

    def resend(self, count: int) -> list[dict[str, Any]]:
        """This side's messages from number ``count`` on, as first sent: what a peer that took ``count`` missed."""
        if not 0 <= count <= self._sent:
            raise DealError("net.replayed", self.peer, "resume", f"it has taken {count} of {self._sent} messages")
        return [{k: v for k, v in m.items() if k != "from"} for m in self.log if m["from"] == self.seat][count:]

    def claim(self, position: int, card: int) -> None:
        """The peer says ``card`` lies at ``position`` (a discard, a card laid out): the keys must say the same."""
        if position not in self.cards:
            raise DealError("net.withheld_key", self.peer, "claim", f"position {position} is not opened")
        if self.cards[position] != card:
            raise DealError("net.wrong_card", self.peer, "claim", f"position {position} holds another card")

    def overdue(self) -> DealError | None:
        """What the peer owes now, as the error to end on if it never comes (the caller times the wait)."""
        if len(self.decks) < 4:
            stage = len(self.decks) + 1
            if STAGE_SEAT[stage] == self.peer:
                return DealError("net.stalled", self.peer, f"deck {stage}", f"deck {stage} did not come")
            return None
        owed = [j for j, who in enumerate(self.owner) if who in (self.seat, "both") and j not in self.peer_keys]
        if owed:
            return DealError("net.withheld_key", self.peer, "keys", f"no key for positions {owed}")
        if self._mine_shown and self._revealed is None:
            return DealError("net.withheld_key", self.peer, "reveal", "the keys of the hand's end did not come")
        return None

    def transcript(self) -> dict[str, Any]:
        """The hand as written for tools/check_online.py: the protocol and every message in order."""
        return {"protocol": PROTOCOL, "hand": self.hand, "dealer": self.dealer, "messages": list(self.log)}
