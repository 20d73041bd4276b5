"""The group and the cipher: card points, locks that commute, and every bad point or key refused."""
import random

import pytest
from nacl import bindings

from game.net import cipher

IDENTITY = (1).to_bytes(32, "little")
P = 2**255 - 19


def test_the_52_card_points_are_distinct_points_of_the_group():
    assert len(set(cipher.CARD_POINTS)) == 52
    for point in cipher.CARD_POINTS:
        assert cipher.check_point(point) == point
    assert cipher.card_of(cipher.CARD_POINTS[13]) == 13
    assert cipher.card_input(0) != cipher.card_input(1)


def test_locks_commute_and_unlock_in_any_order():
    rng = random.Random(3)
    a, b = cipher.new_key(rng.randbytes), cipher.new_key(rng.randbytes)
    card = cipher.CARD_POINTS[40]
    ab = cipher.lock(b, cipher.lock(a, card))
    assert ab == cipher.lock(a, cipher.lock(b, card))
    assert cipher.card_of(ab) is None
    assert cipher.card_of(cipher.unlock(b, cipher.unlock(a, ab))) == 40
    assert cipher.unlock(a, cipher.lock(a, card)) == card


def test_keys_from_a_seeded_source_repeat_and_from_secrets_differ():
    assert cipher.new_key(random.Random(5).randbytes) == cipher.new_key(random.Random(5).randbytes)
    assert cipher.new_key() != cipher.new_key()
    assert cipher.new_key(random.Random(5).randbytes) == bindings.crypto_core_ed25519_scalar_reduce(
        random.Random(5).randbytes(64))
    assert int.from_bytes(cipher.new_key(), "little") < cipher.L


@pytest.mark.parametrize("point, why", [
    (IDENTITY, "identity"),
    (bytes(32), "small order"),  # y = 0: a point of order 4
    ((P - 1).to_bytes(32, "little"), "small order"),  # y = -1: order 2
    ((P + 1).to_bytes(32, "little"), "not canonical"),  # the identity written with y + p
    ((2).to_bytes(32, "little"), "off the curve"),
    (b"\x01" * 31, "short"),
    ("00" * 32, "not bytes"),
])
def test_check_point_refuses_bad_points(point, why):
    with pytest.raises(cipher.CipherError):
        cipher.check_point(point)


def test_check_point_refuses_a_point_outside_the_prime_order_subgroup():
    small = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")  # order 8
    mixed = bindings.crypto_core_ed25519_add(cipher.CARD_POINTS[0], small)
    with pytest.raises(cipher.CipherError):
        cipher.check_point(mixed)


@pytest.mark.parametrize("scalar", [bytes(32), cipher.L.to_bytes(32, "little"), (cipher.L + 1).to_bytes(32, "little"),
                                    b"\x01" * 31, 5])
def test_check_scalar_refuses_zero_unreduced_and_malformed_keys(scalar):
    with pytest.raises(cipher.CipherError):
        cipher.check_scalar(scalar)


def test_a_random_source_that_gives_short_reads_is_refused():
    with pytest.raises(cipher.CipherError):
        cipher.new_key(lambda n: b"\x01" * (n - 1))
