"""A lying peer over a real connection on localhost: the honest side ends the match with the right notice.

The peer is an honest session whose frames are changed on their way to its connection, so it speaks
the real protocol (join code, key exchange, sealed frames) and lies only where a test says.  The
sans-IO attacks on a referee are in test_net_hostile.py and test_net_cheats.py; here the whole way
through a session and a connection is checked, and that the liar never holds a card it may not see.
"""
import json
import time

import pytest
from helpers.online import choose

from game.engine import VAN
from game.net.localhost import localhost_match


class Liar:
    """A connection whose outgoing frames pass through ``tamper`` (a frame in, the frames to send out)."""

    def __init__(self, link, tamper):
        self.link, self.tamper, self.is_host = link, tamper, link.is_host

    def send(self, payload):
        for frame in self.tamper(json.loads(payload)):
            self.link.send(json.dumps(frame, sort_keys=True, separators=(",", ":")).encode())
        return True

    def receive(self, timeout=None):
        return self.link.receive(timeout)

    def close(self, reason="left"):
        self.link.close(reason)


def _match(tamper, **options):
    options.setdefault("patience", 1.0)
    found = localhost_match(3, choose, VAN, seconds=20.0, wrap=lambda link: Liar(link, tamper), **options)
    honest, liar = found["sessions"]
    assert honest.ended is not None, "the honest side did not stop the match"
    assert honest.ended.party == "peer"
    return honest, liar, _entitled_only(honest, liar)


def _entitled_only(honest, liar):
    """Every card the liar could open is one the honest side dealt it or showed to both."""
    mine, theirs = honest.referee, liar.referee
    if mine is None or theirs is None or mine.deck.order is not None or mine.deck.hand != theirs.deck.hand:
        return False
    allowed = {j for j, who in enumerate(mine.deck.owner) if who in ("B", "both")}
    assert set(theirs.deck.cards) <= allowed
    return bool(theirs.deck.cards)


def _first(kind, change):
    """Change the first message of ``kind`` that ``change`` accepts (it returns the frames to send instead)."""
    done = []

    def tamper(msg):
        if not done and msg["type"] == kind:
            out = change(msg)
            if out is not None:
                done.append(msg)
                return out
        return [msg]
    return tamper


def test_a_discard_named_as_another_card_is_refused():
    def lie(msg):
        if msg["action"] != "discard":
            return None
        return [{**msg, "card": (msg["card"] + 1) % 52}]
    honest, _, checked = _match(_first("move", lie))
    assert honest.ended.word in ("net.wrong_card", "net.illegal_move") and checked


def test_a_withheld_draw_key_ends_as_withheld():
    def withhold(msg):
        return [] if msg["to"] == "you" and len(msg["positions"]) == 1 else None
    honest, _, checked = _match(_first("keys", withhold))
    assert honest.ended.word == "net.withheld_key" and checked


def test_a_replayed_move_is_refused():
    honest, _, checked = _match(_first("move", lambda msg: [msg, msg]))
    assert honest.ended.word == "net.replayed" and checked


def test_a_move_out_of_turn_is_refused():
    def twice(msg):
        if msg["action"] != "discard":
            return None
        return [msg, {**msg, "seq": msg["seq"] + 1, "action": "draw_stock", "card": -1, "position": 21}]
    honest, _, checked = _match(_first("move", twice))
    assert honest.ended.word in ("net.out_of_turn", "net.illegal_move") and checked


def test_a_forged_shuffle_is_refused():
    def forge(msg):
        points = list(msg["points"])
        points[0] = points[1]
        return [{**msg, "points": points}]
    honest, _, checked = _match(_first("deck", forge))
    assert honest.ended.word == "net.duplicate_card" and not checked  # no card was opened at all


def test_a_peer_that_never_moves_is_stalled():
    start = time.monotonic()

    def fast():  # the turn's time and the tolerance go by in under a second
        return start + (time.monotonic() - start) * 60

    honest, _, checked = _match(_first("move", lambda msg: []), clock=fast, tolerance=5.0, patience=120.0)
    assert honest.ended.word == "net.stalled" and checked


@pytest.mark.parametrize("garbage", [b"\xff\xfe", b"[]", b'{"type":"move"}'])
def test_garbage_ends_the_match_with_its_notice(garbage):
    sent = []

    def tamper(msg):
        if not sent and msg["type"] == "keys":
            sent.append(msg)
            return ["GARBAGE"]
        return [msg]

    class Garbler(Liar):
        def send(self, payload):
            for frame in self.tamper(json.loads(payload)):
                self.link.send(garbage if frame == "GARBAGE" else json.dumps(
                    frame, sort_keys=True, separators=(",", ":")).encode())
            return True

    found = localhost_match(4, choose, VAN, seconds=20.0, wrap=lambda link: Garbler(link, tamper), patience=1.0)
    honest, liar = found["sessions"]
    assert honest.ended.word in ("net.malformed",) and honest.ended.party == "peer"
    assert liar.ended is not None and liar.ended.word == "net.peer_stopped"
    _entitled_only(honest, liar)


def test_an_honest_match_over_localhost_ends_without_a_notice():
    found = localhost_match(5, choose, VAN.with_(target=50), seconds=30.0)
    honest, other = found["sessions"]
    assert honest.ended is None and other.ended is None and honest.match_over and other.match_over
    assert found["hands"] >= 1
