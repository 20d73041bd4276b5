"""The match agreed before its first deal: the host's rules, both names, and the first dealer drawn by both.

Each side sends ``hello`` with a commitment (SHA-256) to 32 random bytes, and opens them (``open``) only
once it holds the other's commitment, so neither can choose its draw after seeing the other's: the first
dealer is the low bit of SHA-256("gin-rummy first dealer" || host's draw || guest's draw).
"""
from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from typing import Any

from game.engine import Rules
from game.net.errors import DealError
from game.net.messages import NAME_TEXT

MATCH_PROTOCOL = "gin-rummy-match/1"
DEALER_LABEL = b"gin-rummy first dealer"


def rules_text(rules: Rules) -> str:
    """The rules as the host sends them: their switches as canonical JSON."""
    return json.dumps(rules.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def read_rules(text: str, party: str) -> Rules:
    """The host's rules as the guest reads them; ``DealError`` when they are not rules this game plays."""
    try:
        return Rules.from_dict(json.loads(text))
    except (ValueError, TypeError, RecursionError) as exc:
        raise DealError("net.bad_setup", party, "hello", f"the rules cannot be played: {exc}") from None


def first_dealer(host_draw: bytes, guest_draw: bytes) -> int:
    """The seat (0: the host) that deals the first hand, fixed by both draws together."""
    return hashlib.sha256(DEALER_LABEL + host_draw + guest_draw).digest()[0] & 1


class Setup:
    """One side's half of the setup: its draw, its ``hello``, and what it learned from the other's."""

    def __init__(self, is_host: bool, name: str, rules: Rules | None,
                 randbytes: Callable[[int], bytes] | None = None) -> None:
        if is_host and rules is None:
            raise ValueError("the host chooses the rules")
        self.is_host, self.name, self.rules = is_host, name[:NAME_TEXT], rules if is_host else None
        self.draw = (randbytes or secrets.token_bytes)(32)
        self.peer_name = ""
        self.peer_commit: bytes | None = None
        self.dealer: int | None = None

    def hello(self) -> dict[str, Any]:
        """The fields of this side's ``hello``."""
        rules = rules_text(self.rules) if self.is_host and self.rules is not None else ""
        return {"protocol": MATCH_PROTOCOL, "name": self.name, "rules": rules,
                "commit": hashlib.sha256(self.draw).hexdigest()}

    def on_hello(self, msg: dict[str, Any], party: str) -> dict[str, Any]:
        """Take the other's ``hello``; the fields of this side's ``open``."""
        if self.peer_commit is not None:
            raise DealError("net.out_of_turn", party, "hello", "a second hello")
        if msg["protocol"] != MATCH_PROTOCOL:
            raise DealError("net.version", party, "hello", f"it speaks {msg['protocol']}, this side {MATCH_PROTOCOL}")
        if self.is_host:
            if msg["rules"]:
                raise DealError("net.bad_setup", party, "hello", "the guest cannot choose the rules")
        else:
            self.rules = read_rules(msg["rules"], party)
        self.peer_name = msg["name"]
        self.peer_commit = bytes.fromhex(msg["commit"])
        return {"nonce": self.draw.hex()}

    def on_open(self, msg: dict[str, Any], party: str) -> int:
        """Take the other's draw, check it against its commitment, and return the first dealer."""
        if self.peer_commit is None or self.dealer is not None:
            raise DealError("net.out_of_turn", party, "open", "a draw that was not due")
        draw = bytes.fromhex(msg["nonce"])
        if hashlib.sha256(draw).digest() != self.peer_commit:
            raise DealError("net.bad_setup", party, "open", "the draw does not match its commitment")
        pair = (self.draw, draw) if self.is_host else (draw, self.draw)
        self.dealer = first_dealer(*pair)
        return self.dealer

    @property
    def names(self) -> tuple[str, str]:
        """The host's name and the guest's."""
        return (self.name, self.peer_name) if self.is_host else (self.peer_name, self.name)
