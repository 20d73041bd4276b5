"""Check a recorded online hand of Gin Rummy, written from docs/online.md with the standard library only.

    python3 check_online.py FILE      (FILE: one hand's transcript, JSON, as the game writes it; '-' reads stdin)

It shares no code with the game: the edwards25519 arithmetic below is plain Python, slow and clear
(it is not constant-time; it handles only public values).  Each check is a paragraph of the document.
Exit status 0 when the hand checks out, 1 when it does not, 2 for a bad command or an unreadable file.
"""
import hashlib
import json
import sys

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
MONT_A = 486662
IDENTITY = (0, 1, 1, 0)
PROTOCOL = "gin-rummy-deal/1"
CARD_LABEL = b"gin-rummy/online/v1/card/"
CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
MAX_FILE_BYTES = 4 * 1024 * 1024
HEX = set("0123456789abcdef")


class Refused(Exception):
    """The transcript breaks the protocol: who, at which step, and what."""

    def __init__(self, party, step, detail):
        super().__init__(f"{party} at {step}: {detail}")


# ---------------------------------------------------------------- the field and the curve

def inv(x):
    return pow(x, P - 2, P)


def sqrt(a):
    """A square root of a mod p, or None."""
    a %= P
    root = pow(a, (P + 3) // 8, P)
    if root * root % P != a:
        root = root * SQRT_M1 % P
    return root if root * root % P == a else None


def add(p1, p2):
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    a, b = (y1 - x1) * (y2 - x2) % P, (y1 + x1) * (y2 + x2) % P
    c, d = 2 * t1 * t2 * D % P, 2 * z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def mul(k, point):
    result = IDENTITY
    while k:
        if k & 1:
            result = add(result, point)
        point = add(point, point)
        k >>= 1
    return result


def encode(point):
    x, y, z, _ = point
    zi = inv(z)
    x, y = x * zi % P, y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def is_identity(point):
    x, y, z, _ = point
    return x % P == 0 and (y - z) % P == 0


def decode(data):
    """A point of the prime-order group from its 32 bytes; Refused-style ValueError for anything else."""
    if len(data) != 32:
        raise ValueError("a point is 32 bytes")
    n = int.from_bytes(data, "little")
    sign, y = n >> 255, n & ((1 << 255) - 1)
    if y >= P:
        raise ValueError("a point's encoding is not canonical")
    x = sqrt((y * y - 1) * inv(D * y * y + 1))
    if x is None:
        raise ValueError("not a point of the curve")
    if x == 0 and sign:
        raise ValueError("a point's encoding is not canonical")
    if x & 1 != sign:
        x = P - x
    point = (x, y, 1, x * y % P)
    if is_identity(point) or not is_identity(mul(L, point)):
        raise ValueError("not a point of the prime-order group (small order or a mixed point)")
    return point


# ---------------------------------------------------------------- a card as a point (libsodium's from_uniform)

def from_uniform(r32):
    """Elligator 2 onto Curve25519, to edwards25519, the sign of x from the top bit, then times 8."""
    x_sign = r32[31] >> 7
    r = int.from_bytes(r32, "little") & ((1 << 255) - 1)
    denominator = (2 * r * r + 1) % P
    u = -MONT_A * inv(denominator) % P
    rhs = (u * u * u + MONT_A * u * u + u) % P
    if pow(rhs, (P - 1) // 2, P) == P - 1:  # not a square: take the other point
        u = (-u - MONT_A) % P
        rhs = (u * u * u + MONT_A * u * u + u) % P
    v = sqrt(rhs) or 0
    if (u + 1) * v % P == 0:
        x, y = 0, 1
    else:
        x = sqrt(-MONT_A - 2) * u * inv(v) % P
        y = (u - 1) * inv(u + 1) % P
    if (x & 1) != x_sign:
        x = (P - x) % P
    point = (x, y, 1, x * y % P)
    return encode(mul(8, point))


def card_points():
    return [from_uniform(hashlib.sha256(CARD_LABEL + name.encode()).digest()) for name in CARDS]


def scalar(text, party, step):
    k = int.from_bytes(bytes.fromhex(text), "little")
    if not 0 < k < L:
        raise Refused(party, step, "a key must be above zero and below the group order")
    return k


# ---------------------------------------------------------------- the transcript

def _hexes(value, count, party, step):
    if not isinstance(value, list) or len(value) != count or not all(
            isinstance(h, str) and len(h) == 64 and set(h) <= HEX for h in value):
        raise Refused(party, step, f"{count} items of 64 lowercase hex digits were due")
    return value


def _deck(msg, decks, cards, party):
    stage = msg.get("stage")
    step = f"deck {stage}"
    if stage != len(decks) + 1 or party != "ABAB"[(stage or 1) - 1]:
        raise Refused(party, step, "a deck that was not due")
    hexes = _hexes(msg.get("points"), 52, party, step)
    if len(set(hexes)) != 52:
        raise Refused(party, step, "the same point twice")
    try:
        points = [decode(bytes.fromhex(h)) for h in hexes]
    except ValueError as exc:
        raise Refused(party, step, str(exc)) from None
    if set(hexes) & cards:
        raise Refused(party, step, "a card in the clear")
    decks.append((hexes, points))


def dealt_to(position, dealer):
    """Who is dealt a position: the non-dealer 0, 2, ... 18, the dealer 1, 3, ... 19; None above."""
    if position >= 20:
        return None
    return dealer if position % 2 else "AB"[dealer == "A"]


def _keys(msg, sent, party, dealer):
    positions, keys, to = msg.get("positions"), msg.get("keys"), msg.get("to")
    if not isinstance(positions, list) or not all(isinstance(j, int) and 0 <= j < 52 for j in positions):
        raise Refused(party, "keys", "positions from 0 to 51 were due")
    for j in positions:
        owner = dealt_to(j, dealer)
        ok = (j != 20 and owner != party) if to == "you" else (to == "both" and owner in (None, party))
        if not ok:
            raise Refused(party, "keys", f"position {j} may not be opened {'for both' if to == 'both' else 'so'}")
    for j, key in zip(positions, _hexes(keys, len(positions), party, "keys"), strict=True):
        if sent.setdefault(j, key) != key:
            raise Refused(party, "keys", f"position {j} was given two keys")


def read_messages(transcript):
    """Walk the messages in order: who sent what, when; the four decks, the keys given, the two reveals."""
    hand, dealer, decks, cards = transcript["hand"], transcript["dealer"], [], {p.hex() for p in card_points()}
    sent, reveals, seqs = {"A": {}, "B": {}}, {}, {"A": 0, "B": 0}
    for index, msg in enumerate(transcript["messages"]):
        party = msg.get("from") if isinstance(msg, dict) else None
        if party not in seqs:
            raise Refused("?", f"message {index}", "no sender A or B")
        step = f"message {index} ({msg.get('type')})"
        if msg.get("hand") != hand or msg.get("seq") != seqs[party]:
            raise Refused(party, step, "another hand's message, or one sent again or skipped")
        seqs[party] += 1
        kind = msg.get("type")
        if kind == "deck":
            _deck(msg, decks, cards, party)
        elif kind in ("keys", "reveal") and len(decks) < 4:
            raise Refused(party, step, "keys before the four decks")
        elif kind == "keys":
            _keys(msg, sent[party], party, dealer)
        elif kind == "reveal":
            if party in reveals:
                raise Refused(party, step, "a second reveal")
            first = _hexes([msg.get("key")], 1, party, "reveal")[0]
            reveals[party] = (first, _hexes(msg.get("keys"), 52, party, "reveal"))
        elif kind == "notice":
            raise Refused(party, step, f"the hand was stopped: {msg.get('notice')}: {msg.get('detail')}")
    return decks, sent, reveals


def check_reveals(sent, reveals):
    """Each seat's 53 keys: all there, valid, different, and the very keys it gave during the hand."""
    keys = {}
    for party in "AB":
        if party not in reveals:
            raise Refused(party, "reveal", "its keys did not come")
        first, rest = reveals[party]
        values = [scalar(first, party, "reveal")] + [scalar(h, party, "reveal") for h in rest]
        if len(set(values)) != 53:
            raise Refused(party, "reveal", "the same key twice")
        for j, key in sent[party].items():
            if rest[j] != key:
                raise Refused(party, "reveal", f"position {j}: not the key given during the hand")
        keys[party] = values
    if set(keys["A"]) & set(keys["B"]):
        raise Refused("A and B", "reveal", "a key of one seat is a key of the other")
    return keys


def check_steps(decks, keys):
    """Redo the four passes; then open every position.  Returns the deal's order of cards."""
    a, b = keys["A"][0], keys["B"][0]
    for stage, key, party, source in ((1, a, "A", [decode(p) for p in card_points()]), (2, b, "B", decks[0][1])):
        expected = {encode(mul(key, point)) for point in source}
        if {bytes.fromhex(h) for h in decks[stage - 1][0]} != expected:
            raise Refused(party, f"deck {stage}", "not the items before it under the key it revealed")
    for stage, party in ((3, "A"), (4, "B")):
        first, rest = keys[party][0], keys[party][1:]
        unkey = pow(first, -1, L)
        for j, point in enumerate(decks[stage - 2][1]):
            if encode(mul(rest[j] * unkey % L, point)).hex() != decks[stage - 1][0][j]:
                raise Refused(party, f"deck {stage}", f"position {j}: the revealed keys do not give it")
    names = {p: name for p, name in zip(card_points(), CARDS, strict=True)}
    order = []
    for j, point in enumerate(decks[3][1]):
        card = names.get(encode(mul(pow(keys["A"][j + 1] * keys["B"][j + 1], -1, L), point)))
        if card is None or card in order:
            raise Refused("A or B", "reveal", f"position {j} opens to no card, or to one seen before")
        order.append(card)
    return order


def check(transcript):
    """The whole hand, or Refused at the first thing wrong.  Returns the order of the 52 cards."""
    if not isinstance(transcript, dict) or transcript.get("protocol") != PROTOCOL:
        raise Refused("?", "transcript", f"not a transcript of {PROTOCOL}")
    if not isinstance(transcript.get("hand"), int) or not isinstance(transcript.get("messages"), list):
        raise Refused("?", "transcript", "a hand number and a list of messages were due")
    if transcript.get("dealer") not in ("A", "B"):
        raise Refused("?", "transcript", "the dealer must be A or B")
    decks, sent, reveals = read_messages(transcript)
    if len(decks) < 4:
        raise Refused("ABAB"[len(decks)], f"deck {len(decks) + 1}", "the shuffle is not finished")
    order = check_steps(decks, check_reveals(sent, reveals))
    check_claims(transcript["messages"], order)
    return order


def check_claims(messages, order):
    """Every card a move named (a discard, a knock) is the card the deal holds at the position it named."""
    for index, msg in enumerate(messages):
        if msg.get("type") != "move" or msg.get("card", -1) == -1:
            continue
        card, position = msg.get("card"), msg.get("position")
        if not (isinstance(card, int) and isinstance(position, int) and 0 <= card < 52 and 0 <= position < 52):
            raise Refused(msg["from"], f"message {index} (move)", "a card and a position from 0 to 51 were due")
        if order[position] != CARDS[card]:
            raise Refused(msg["from"], f"message {index} (move)",
                          f"named {CARDS[card]} at position {position}, which holds {order[position]}")


def _no_duplicates(pairs):
    found = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {key!r} appears twice")
        found[key] = value
    return found


def main(argv):
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        if argv[0] == "-":
            raw = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(argv[0], "rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError("the file is over 4 MiB")
        transcript = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except (OSError, ValueError, RecursionError) as exc:
        print(f"cannot read {argv[0]}: {exc}", file=sys.stderr)
        return 2
    try:
        order = check(transcript)
    except Refused as exc:
        print(f"hand {transcript.get('hand')}: REFUSED: {exc}")
        return 1
    dealer = transcript["dealer"]
    print(f"hand {transcript['hand']}: every step of both seats checks out (dealer {dealer})")
    for seat in "AB":
        print(f"{seat} was dealt: " + " ".join(order[j] for j in range(20) if dealt_to(j, dealer) == seat))
    print(f"upcard: {order[20]}; stock from the top: " + " ".join(order[21:]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
