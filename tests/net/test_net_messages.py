"""The messages' schema: one canonical form, and anything else refused with a MessageError, never a traceback."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import messages as m

POINT = "ab" * 32


def _deck(**changes):
    msg = {"type": "deck", "hand": 1, "seq": 0, "stage": 1, "points": [POINT] * 52}
    msg.update(changes)
    return msg


def _raw(obj) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def test_a_message_round_trips_through_its_canonical_form():
    frame = m.encode(_deck())
    assert frame.startswith(b'{"hand":1,"points":["abab')
    assert m.decode(frame) == _deck()
    keys = m.message("keys", 2, 5, to="you", positions=[3, 4], keys=[POINT, POINT])
    assert m.decode(m.encode(keys)) == keys


@pytest.mark.parametrize("frame, words", [
    (b"\xff\xfe", "not JSON"),
    (b"[1,2]", "JSON object"),
    (b'{"type":"deck"', "not JSON"),
    ('{"hand":1,"seq":0,"type":"notice","notice":"x","detail":"\u00e9"}'.encode(), "not JSON in ASCII"),
    (_raw({"type": "dance", "hand": 1, "seq": 0}), "unknown message type"),
    (_raw(_deck(extra=1)), "unknown fields"),
    (_raw({k: v for k, v in _deck().items() if k != "stage"}), "lacks"),
    (_raw(_deck(stage=5)), "deck.stage"),
    (_raw(_deck(stage=True)), "deck.stage"),
    (_raw(_deck(hand=-1)), "deck.hand"),
    (_raw(_deck(points=[POINT] * 51)), "deck.points"),
    (_raw(_deck(points=[POINT.upper()] * 52)), "deck.points"),
    (_raw(_deck(points=[1] * 52)), "deck.points"),
    (b'{"hand":1.5,"points":[],"seq":0,"stage":1,"type":"deck"}', "fraction"),
    (b'{"hand":NaN,"points":[],"seq":0,"stage":1,"type":"deck"}', "NaN"),
    (b'{"hand":1,"hand":1,"points":[],"seq":0,"stage":1,"type":"deck"}', "twice"),
    (json.dumps(_deck()).encode(), "canonical"),
    (_raw({"type": "keys", "hand": 1, "seq": 0, "to": "you", "positions": [1, 2], "keys": [POINT]}), "one key"),
    (_raw({"type": "keys", "hand": 1, "seq": 0, "to": "you", "positions": [1, 1], "keys": [POINT] * 2}), "twice"),
    (_raw({"type": "keys", "hand": 1, "seq": 0, "to": "all", "positions": [1], "keys": [POINT]}), "keys.to"),
    (_raw({"type": "keys", "hand": 1, "seq": 0, "to": "you", "positions": [52], "keys": [POINT]}), "positions"),
    (_raw({"type": "notice", "hand": 1, "seq": 0, "notice": "x\n", "detail": ""}), "printable"),
    (b"[" * 60_000, "not JSON"),
    (b"1" * (m.MAX_FRAME + 1), "over the limit"),
    ("not bytes", "bytes"),
])
def test_malformed_frames_are_refused_with_a_clear_message(frame, words):
    with pytest.raises(m.MessageError) as caught:
        m.decode(frame)
    assert words in caught.value.detail
    assert caught.value.notice == ("net.oversized" if words == "over the limit" else "net.malformed")


def test_encode_refuses_what_decode_would_refuse():
    with pytest.raises(m.MessageError):
        m.encode(_deck(stage=0))
    with pytest.raises(m.MessageError):
        m.message("reveal", 1, 0, key=POINT, keys=[POINT] * 52, more=1)


def test_the_largest_message_fits_the_frame_limit():
    frame = m.encode(m.message("reveal", m.MAX_HAND, m.MAX_SEQ, key=POINT, keys=[POINT] * 52))
    assert len(frame) < m.MAX_FRAME


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.builds(lambda o: _raw(o), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["type", "hand", "seq", "stage", "points", "to", "keys", "key", "positions", "x"]), inner, max_size=6))))
def test_any_bytes_give_a_message_or_a_message_error(frame):
    try:
        assert isinstance(m.decode(frame), dict)
    except m.MessageError as exc:
        assert exc.detail
