"""Why the deal stops: one typed error naming the notice to show, the party at fault and the step."""
from __future__ import annotations

NOTICES = {
    "net.malformed": "a message that is not a message of the protocol",
    "net.oversized": "a message over the size limit",
    "net.out_of_turn": "a message that the protocol does not allow at this point",
    "net.replayed": "a message sent again, or one skipped",
    "net.wrong_hand": "a message of another hand",
    "net.bad_point": "a point that is not in the group, or a card sent in the clear",
    "net.duplicate_card": "a card twice in the deck",
    "net.forged_deck": "a deck that is not the 52 cards under the sender's key",
    "net.bad_key": "a key that does not open what it must open",
    "net.reused_key": "a key used twice",
    "net.changed_key": "a key revealed at the end that differs from the key sent during the hand",
    "net.wrong_card": "a card claimed that the deck says is another",
    "net.withheld_key": "keys that were due and did not come",
    "net.stalled": "a step that was due and did not come",
    "net.illegal_move": "a move the rules do not allow",
    "net.peer_stopped": "the other side stopped the hand",
    "net.version": "a version of the match protocol this side does not speak",
    "net.bad_setup": "a match setup that cannot be played, or a draw that does not match its commitment",
}


class DealError(Exception):
    """The deal cannot go on: ``notice`` (a key of ``NOTICES``), who is at fault, at which step, and why."""

    def __init__(self, notice: str, party: str, step: str, detail: str) -> None:
        if notice not in NOTICES:
            raise ValueError(f"unknown notice {notice!r}")
        super().__init__(f"{party} at {step}: {detail} ({notice})")
        self.notice = notice
        self.party = party
        self.step = step
        self.detail = detail
