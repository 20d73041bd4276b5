"""docs/online.md's test vectors hold for the game's code and for tools/check_online.py alike."""
import hashlib
import importlib.util
import pathlib
import re

import pytest

from game.engine import Card
from game.net import cipher, messages

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "online.md").read_text(encoding="utf-8")
spec = importlib.util.spec_from_file_location("check_online_vectors", ROOT / "tools" / "check_online.py")
TOOL = importlib.util.module_from_spec(spec)
spec.loader.exec_module(TOOL)


def _block(name):
    return re.search(rf"```{name}\n(.*?)```", DOC, re.S).group(1)


VECTORS = dict(line.split(" = ") for line in _block("vectors").strip().splitlines())


def _key(name):
    return (int.from_bytes(hashlib.sha512(b"gin-rummy/online/v1/vector/" + name.encode()).digest(), "little")
            % cipher.L).to_bytes(32, "little")


def test_the_page_holds_every_vector():
    assert len(VECTORS) == 14


@pytest.mark.parametrize("name", ["AC", "TD", "KS"])
def test_card_vectors(name):
    card = Card(name)
    assert cipher.card_input(card).hex() == VECTORS[f"input_{name}"]
    assert cipher.CARD_POINTS[card].hex() == VECTORS[f"point_{name}"]
    assert TOOL.from_uniform(bytes.fromhex(VECTORS[f"input_{name}"])).hex() == VECTORS[f"point_{name}"]


def test_key_and_pass_vectors_by_the_game():
    keys = {n: _key(n) for n in ("a", "b", "a0", "b0")}
    for n, k in keys.items():
        assert k.hex() == VECTORS[f"key_{n}"]
    d1 = cipher.lock(keys["a"], cipher.CARD_POINTS[0])
    d2 = cipher.lock(keys["b"], d1)
    d3 = cipher.lock(cipher.mul_keys(keys["a0"], cipher.invert(keys["a"])), d2)
    d4 = cipher.lock(cipher.mul_keys(keys["b0"], cipher.invert(keys["b"])), d3)
    assert [d.hex() for d in (d1, d2, d3, d4)] == [VECTORS[f"deck{i}_AC"] for i in range(1, 5)]
    assert cipher.unlock(keys["a0"], cipher.unlock(keys["b0"], d4)).hex() == VECTORS["point_AC"]


def test_key_and_pass_vectors_by_the_checker():
    k = {n: int.from_bytes(bytes.fromhex(VECTORS[f"key_{n}"]), "little") for n in ("a", "b", "a0", "b0")}
    point = TOOL.decode(bytes.fromhex(VECTORS["point_AC"]))
    steps = [k["a"], k["b"], k["a0"] * pow(k["a"], -1, TOOL.L), k["b0"] * pow(k["b"], -1, TOOL.L)]
    for i, factor in enumerate(steps, 1):
        point = TOOL.mul(factor % TOOL.L, point)
        assert TOOL.encode(point).hex() == VECTORS[f"deck{i}_AC"]
    opened = TOOL.mul(pow(k["a0"] * k["b0"], -1, TOOL.L), point)
    assert TOOL.encode(opened).hex() == VECTORS["point_AC"]


def test_the_frame_vector_is_the_canonical_form():
    frame = _block("frame").strip().encode()
    built = messages.message("keys", 1, 3, to="you", positions=[0], keys=[VECTORS["key_a0"]])
    assert messages.encode(built) == frame
    assert messages.decode(frame) == built
