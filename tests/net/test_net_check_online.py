"""tools/check_online.py: plain-Python edwards25519 that agrees with libsodium, honest hands accepted, any
changed field refused."""
import copy
import importlib.util
import json
import pathlib
import random
import subprocess
import sys

import pytest
from helpers.online import play_hand
from nacl import bindings

from game.engine import Card
from game.net import cipher
from game.net import loopback as lb

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "check_online.py"


def _load():
    spec = importlib.util.spec_from_file_location("check_online", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK = _load()


@pytest.fixture(scope="module")
def honest():
    a, b = play_hand(seed=11, dealer="B", draws=4)
    lb.finish(a, b)
    return a.transcript(), [str(Card(c)) for c in a.order]


def test_from_uniform_and_the_card_points_agree_with_libsodium():
    rng = random.Random(2)
    for _ in range(150):
        r = rng.randbytes(32)
        assert CHECK.from_uniform(r) == bindings.crypto_core_ed25519_from_uniform(r)
    for special in (bytes(32), b"\xff" * 32, b"\x80" + bytes(31), bytes(31) + b"\x80"):
        assert CHECK.from_uniform(special) == bindings.crypto_core_ed25519_from_uniform(special)
    assert CHECK.card_points() == list(cipher.CARD_POINTS)


def test_point_decoding_and_locking_agree_with_libsodium():
    rng = random.Random(3)
    for i in range(10):
        key = cipher.new_key(rng.randbytes)
        point = cipher.CARD_POINTS[i]
        assert CHECK.encode(CHECK.mul(int.from_bytes(key, "little"), CHECK.decode(point))) == cipher.lock(key, point)
    small = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
    for bad in (bytes(32), (1).to_bytes(32, "little"), (2**255 - 18).to_bytes(32, "little"), small,
                bindings.crypto_core_ed25519_add(cipher.CARD_POINTS[0], small)):
        with pytest.raises(ValueError):
            CHECK.decode(bad)


def test_an_honest_hand_is_accepted_and_its_deal_printed(honest, tmp_path):
    transcript, order = honest
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(transcript), encoding="utf-8")
    run = subprocess.run([sys.executable, str(TOOL), str(path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "every step of both seats checks out" in run.stdout
    assert "stock from the top: " + " ".join(order[21:]) in run.stdout


def test_a_bad_command_or_an_unreadable_file_is_said_plainly(tmp_path):
    assert CHECK.main([]) == 2
    assert CHECK.main([str(tmp_path / "missing.json")]) == 2
    (tmp_path / "dup.json").write_text('{"hand":1,"hand":2}', encoding="utf-8")
    assert CHECK.main([str(tmp_path / "dup.json")]) == 2


def _changed(value, where):
    """The value with one change the protocol can see."""
    if isinstance(value, bool) or value is None:
        return "x"
    if isinstance(value, int):
        return value + 1
    if isinstance(value, list):
        out = list(value)
        i = where % len(out)
        out[i] = _changed(out[i], where) if not isinstance(out[i], int) else (out[i] + 1) % 52
        return out
    swaps = {"A": "B", "B": "A", "deck": "keys", "keys": "deck", "reveal": "keys", "you": "both", "both": "you"}
    if value in swaps:
        return swaps[value]
    return value[:-1] + ("0" if value[-1] != "0" else "1")


def mutations(transcript):
    """Every one-field change of the transcript (one item of a list), named by where it is."""
    for field in ("protocol", "hand", "dealer"):
        changed = copy.deepcopy(transcript)
        changed[field] = _changed(changed[field], 0)
        yield field, changed
    for index, msg in enumerate(transcript["messages"]):
        for field in sorted(msg):
            if field == "to" and min(msg["positions"]) > 20:
                continue  # a stock card opened for one or for both: the referee's moves say which
            changed = copy.deepcopy(transcript)
            changed["messages"][index][field] = _changed(msg[field], index * 7 + 3)
            yield f"message {index} {field}", changed
        dropped = copy.deepcopy(transcript)
        del dropped["messages"][index]
        yield f"message {index} dropped", dropped


def _all_refused(cases):
    for where, changed in cases:
        with pytest.raises(CHECK.Refused):
            CHECK.check(changed)
            pytest.fail(f"{where}: the changed transcript was accepted")


def test_a_sample_of_changed_fields_is_refused(honest):
    cases = list(mutations(honest[0]))
    assert len(cases) > 60
    _all_refused(cases[::40] + cases[-1:])


@pytest.mark.slow
def test_every_changed_field_is_refused(honest):
    _all_refused(mutations(honest[0]))


def test_a_key_given_to_the_wrong_seat_or_shown_when_private_is_refused(honest):
    transcript = copy.deepcopy(honest[0])
    dealt = next(m for m in transcript["messages"] if m["type"] == "keys" and m["to"] == "you")
    dealt["to"] = "both"  # the other seat's dealt cards, shown to both: never by the rules
    with pytest.raises(CHECK.Refused, match="may not be opened"):
        CHECK.check(transcript)
