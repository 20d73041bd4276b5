"""Check exported hands of Gin Rummy's fair deal, written from docs/fairness.md with the standard library only.

    python3 verify_deal.py FILE [--day YYYY-MM-DD]   (FILE: one exported hand per line; '-' reads standard input)

It shares no code with the game, so it can be read, and trusted, on its own: every step below is a
paragraph of the document.  Exit status 0 when every hand checks out, 1 otherwise.
"""
import hashlib
import hmac
import json
import sys

CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]  # the starting order, index = suit*13+rank
HEX = set("0123456789abcdef")


def u32(x):
    return x.to_bytes(4, "big")


def stream_v1(secret, cut, hand_no):
    k = 0
    while True:
        yield hmac.new(secret, b"gin-rummy/deal/v1" + u32(cut) + u32(hand_no) + u32(k), hashlib.sha256).digest()
        k += 1


def stream_v2(secret, seed, cut, hand_no, dealer):
    data = seed.encode("utf-8")
    message = b"gin-rummy/deal/v2" + bytes([dealer]) + u32(hand_no) + u32(cut) + len(data).to_bytes(2, "big") + data
    key = hmac.new(secret, message, hashlib.sha256).digest()
    k = 0
    while True:
        yield hmac.new(key, u32(k), hashlib.sha256).digest()
        k += 1


def order_from(blocks):
    words = (int.from_bytes(block[i:i + 4], "big") for block in blocks for i in range(0, 32, 4))
    deck = list(CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        x = next(words)
        while x >= 2**32 - (2**32 % n):  # rejection: every value below n equally likely
            x = next(words)
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def whole(x, most):
    return type(x) is int and 0 <= x <= most


def check(rec):
    """None when the hand checks out, else what is wrong."""
    if not isinstance(rec, dict) or rec.get("format") != "gin-rummy-fair-deal":
        return "not a fair-deal record"
    version = rec.get("version")
    if version not in (1, 2) or type(version) is not int:
        return f"unknown version {version!r}"
    need = ["hand_no", "commitment", "secret", "cut", "order"] + (["dealer", "player_seed"] if version == 2 else [])
    missing = [k for k in need if k not in rec]
    if missing:
        return "missing " + ", ".join(missing)
    commit, secret_hex = rec["commitment"], rec["secret"]
    if not (isinstance(commit, str) and isinstance(secret_hex, str)):
        return "the commitment and the secret must be hex text"
    if version == 1:  # version 1 was read leniently: spaces around, either case
        commit, secret_hex = commit.strip().lower(), secret_hex.strip().lower()
    if len(commit) != 64 or not set(commit) <= HEX or len(secret_hex) != 64 or not set(secret_hex) <= HEX:
        return "the commitment and the secret must each be 64 lowercase hex digits"
    secret = bytes.fromhex(secret_hex)
    if hashlib.sha256(secret).hexdigest() != commit:
        return "the secret does not match the commitment"
    cut, hand_no, dealer = rec["cut"], rec["hand_no"], rec.get("dealer")
    if not whole(cut, 2**32 - 1) or not whole(hand_no, 2**32 - 1):
        return "the cut and the hand number must be whole numbers below 2**32"
    if version == 2:
        seed = rec["player_seed"]
        if not whole(dealer, 1) or not isinstance(seed, str) or len(seed.encode("utf-8")) > 256:
            return "the dealer must be 0 or 1 and the player's seed text of at most 256 bytes"
        order = order_from(stream_v2(secret, seed, cut, hand_no, dealer))
    else:
        order = order_from(stream_v1(secret, cut, hand_no))
    if rec["order"] != order:
        return "the card order is not the one the secret and the player's part give"
    if "hands" in rec or "upcard" in rec:
        if not whole(dealer, 1):
            return "the dealer must be 0 or 1 to check the hands"
        first, second = order[0:20:2], order[1:20:2]  # the non-dealer is dealt first
        if "hands" in rec and rec["hands"] != ([second, first] if dealer == 0 else [first, second]):
            return "the dealt hands do not follow the order"
        if "upcard" in rec and rec["upcard"] != order[20]:
            return "the upcard does not follow the order"
    return None


def day_secret(day, hand_no):
    """docs/variants.md: the deal of the day is dealt from a public seed, hand n's secret derived from it."""
    digest = hashlib.sha256(("gin-rummy/daily/v1\n" + day).encode()).digest()
    seed = int.from_bytes(digest[:8], "big")
    return hashlib.sha256(f"gin-rummy/derive/v1\n{seed}\nsecret/deal/{hand_no}".encode()).hexdigest()


def check_day(rec, day):
    """None when the hand (already checked) is one of the deal of ``day``, else why not."""
    if rec.get("version") != 1 or rec.get("cut") != 0:
        return f"the deal of {day} is dealt by version 1 with cut 0"
    if rec["secret"].strip().lower() != day_secret(day, rec["hand_no"]):
        return f"this secret is not the one the public seed of {day} gives hand {rec['hand_no']}"
    return None


def main(argv):
    day = None
    if len(argv) == 4 and argv[2] == "--day":
        day, argv = argv[3], argv[:2]
    if len(argv) != 2 or (day is not None and (len(day) != 10 or day[4] != "-" or day[7] != "-")):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 1
    if argv[1] == "-":
        text = sys.stdin.read()
    else:
        with open(argv[1], encoding="utf-8") as f:
            text = f.read()
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    bad = 0
    for n, line in lines:
        try:
            rec = json.loads(line)
            problem = check(rec)
            if problem is None and day is not None:
                problem = check_day(rec, day)
        except ValueError as e:
            problem = f"not JSON ({e})"
        print(f"line {n}: " + ("OK" if problem is None else "DOES NOT MATCH: " + problem))
        bad += problem is not None
    print("OK" if lines and not bad else "FAILED")
    return 0 if lines and not bad else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
