"""Check exported hands of Gin Rummy's fair deal, written from docs/fairness.md with the standard library only.

    python3 verify_deal.py FILE [--day YYYY-MM-DD]   (FILE: one exported hand per line; '-' reads standard input)

It shares no code with the game, so it can be read, and trusted, on its own: every step below is a
paragraph of the document.  Exit status 0 when every hand checks out, 1 otherwise, 2 for a bad command.
"""
import argparse
import datetime
import hashlib
import hmac
import json
import sys

CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]  # the starting order, index = suit*13+rank
HEX = set("0123456789abcdef")
MAX_FILE_BYTES = 16 * 1024 * 1024  # "Reading a file"
MAX_DEPTH = 64
CHAIN_LINKS = 1000
U32 = 2**32 - 1
FIELDS = {1: ["hand_no", "commitment", "secret", "cut", "order"],
          2: ["hand_no", "dealer", "player_seed", "commitment", "secret", "cut", "order"],
          3: ["hand", "dealer", "commitment", "link", "secret", "player_seed", "cut", "order"]}


def u32(x):
    return x.to_bytes(4, "big")


def blocks_v1(secret, cut, hand_no):
    k = 0
    while True:
        yield hmac.new(secret, b"gin-rummy/deal/v1" + u32(cut) + u32(hand_no) + u32(k), hashlib.sha256).digest()
        k += 1


def blocks_keyed(key):
    k = 0
    while True:
        yield hmac.new(key, u32(k), hashlib.sha256).digest()
        k += 1


def key_v2(secret, seed, cut, hand_no, dealer):
    message = b"gin-rummy/deal/v2" + bytes([dealer]) + u32(hand_no) + u32(cut) + len(seed).to_bytes(2, "big") + seed
    return hmac.new(secret, message, hashlib.sha256).digest()


def key_v3(secret, seed, cut, hand, dealer):
    message = b"gin-rummy/deal/v3" + bytes([dealer]) + u32(hand) + bytes([cut]) + len(seed).to_bytes(2, "big") + seed
    return hmac.new(secret, message, hashlib.sha256).digest()


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


def whole(x, low, high):
    """A JSON integer (not 17.0, not true) from low to high."""
    return type(x) is int and low <= x <= high


def is_hex64(x):
    return isinstance(x, str) and len(x) == 64 and set(x) <= HEX


def cards_ok(x, count):
    return isinstance(x, list) and len(x) == count and all(isinstance(c, str) and c in CARDS for c in x)


def fields_problem(rec, version):
    missing = [k for k in FIELDS[version] if k not in rec]
    if missing:
        return "missing " + ", ".join(missing)
    if version == 1 and "player_seed" in rec:
        return "a version-1 record holds no player's seed"
    if not (isinstance(rec["commitment"], str) and isinstance(rec["secret"], str)):
        return "the commitment and the secret must be hex text"
    if version >= 2 and not (whole(rec["dealer"], 0, 1) and isinstance(rec["player_seed"], str)):
        return "the dealer must be 0 or 1 and the player's seed text"
    if not cards_ok(rec["order"], 52):
        return "the order must list 52 cards written as in the document"
    ranges = {"hand": (1, U32), "link": (1, CHAIN_LINKS), "cut": (0, 52)} if version == 3 else \
        {"hand_no": (0, U32), "cut": (0, U32)}
    for name, (low, high) in ranges.items():
        if not whole(rec[name], low, high):
            return f"the {name} must be a whole number from {low} to {high}"
    return None


def seed_bytes(rec):
    try:
        data = rec["player_seed"].encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate written as an escape
        return None
    return data if len(data) <= 256 else None


def check(rec):
    """None when the hand checks out, else what is wrong."""
    if not isinstance(rec, dict) or rec.get("format") != "gin-rummy-fair-deal":
        return "not a fair-deal record"
    version = rec.get("version")
    if type(version) is not int or version not in FIELDS:
        return "unknown version"
    problem = fields_problem(rec, version)
    if problem:
        return problem
    commit, secret_hex = rec["commitment"], rec["secret"]
    if version == 1:  # version 1 was read leniently: spaces around, either case
        commit, secret_hex = commit.strip().lower(), secret_hex.strip().lower()
    if not is_hex64(commit) or not is_hex64(secret_hex):
        return "the commitment and the secret must each be 64 lowercase hex digits"
    secret = bytes.fromhex(secret_hex)
    if version >= 2 and seed_bytes(rec) is None:
        return "the player's seed must be valid text of at most 256 bytes of UTF-8"
    if version == 3:  # the secret is link `link` of the match's chain, whose link 1 dealt hand `first`
        first = rec["hand"] - rec["link"] + 1
        if first < 1:
            return "the link is past the hand: a seal's link n deals its n-th hand"
        value = secret
        for _ in range(rec["link"] - 1):
            value = hashlib.sha256(value).digest()
        if hashlib.sha256(b"gin-rummy/seal/v3" + u32(first) + value).hexdigest() != commit:
            return "the secret does not lead to the match's commitment"
        order = order_from(blocks_keyed(key_v3(secret, seed_bytes(rec), rec["cut"], rec["hand"], rec["dealer"])))
    elif hashlib.sha256(secret).hexdigest() != commit:
        return "the secret does not match the commitment"
    elif version == 2:
        order = order_from(blocks_keyed(key_v2(secret, seed_bytes(rec), rec["cut"], rec["hand_no"], rec["dealer"])))
    else:
        order = order_from(blocks_v1(secret, rec["cut"], rec["hand_no"]))
    if rec["order"] != order:
        return "the card order is not the one the secret and the player's part give"
    if "hands" in rec or "upcard" in rec:
        dealer = rec.get("dealer")
        if not whole(dealer, 0, 1):
            return "the dealer must be 0 or 1 to check the hands"
        first, second = order[0:20:2], order[1:20:2]  # the non-dealer is dealt first
        hands = rec.get("hands", [second, first] if dealer == 0 else [first, second])
        if not (isinstance(hands, list) and len(hands) == 2 and all(cards_ok(h, 10) for h in hands)):
            return "hands must be two lists of 10 cards written as in the document"
        if hands != ([second, first] if dealer == 0 else [first, second]):
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
        return f"this secret is not the one the public seed of {day} gives hand {rec['hand_no'] + 1}"
    return None


def a_day(text):
    """--day: an ISO date YYYY-MM-DD of the calendar, in ASCII digits."""
    digits = text[:4] + text[5:7] + text[8:]
    if len(text) != 10 or text[4] != "-" or text[7] != "-" or not digits.isdigit() or not text.isascii():
        raise argparse.ArgumentTypeError(f"a day is written YYYY-MM-DD, not {text[:20]!r}")
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date") from None
    return text


def no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key appears twice in one object")
    return dict(pairs)


def no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def depth(line):
    """The deepest nesting of brackets outside strings."""
    level = deepest = 0
    in_string = escaped = False
    for ch in line:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def parse(line):
    """One line's JSON, strictly: no key twice in an object, no NaN or Infinity, at most 64 deep."""
    if depth(line) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep")
    return json.loads(line, object_pairs_hook=no_duplicates, parse_constant=no_constant)


def read_text(name):
    """The file's text ("Reading a file"), or None after saying why it has none."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(name, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        print(f"cannot read {name}: {e.strerror or e}", file=sys.stderr)
        return None
    if len(data) > MAX_FILE_BYTES:
        print(f"{name}: the file is too large (more than {MAX_FILE_BYTES} bytes)", file=sys.stderr)
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        print(f"{name}: the file is not text (UTF-8)", file=sys.stderr)
        return None
    return text[1:] if text.startswith("\ufeff") else text  # a byte-order mark at the very start


def main(argv):
    parser = argparse.ArgumentParser(prog="verify_deal.py", description=__doc__.strip().splitlines()[0])
    parser.add_argument("file", help="exported hands, one JSON object per line ('-' for standard input)")
    parser.add_argument("--day", type=a_day, default=None, metavar="YYYY-MM-DD",
                        help="every hand must be of that day's deal (dealt from its public seed)")
    args = parser.parse_args(argv[1:])
    text = read_text(args.file)
    if text is None:
        print("FAILED")
        return 1
    lines = [(n, line) for n, line in enumerate(text.split("\n"), 1) if line.strip(" \t\r")]  # a line ends at LF
    bad = 0
    for n, line in lines:
        try:
            rec = parse(line)
        except (ValueError, RecursionError) as e:
            problem = f"not JSON ({e})"
        else:
            problem = check(rec)
            if problem is None and args.day is not None:
                problem = check_day(rec, args.day)
        print(f"line {n}: " + ("OK" if problem is None else "DOES NOT MATCH: " + problem))
        bad += problem is not None
    print("OK" if lines and not bad else "FAILED")
    return 0 if lines and not bad else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
