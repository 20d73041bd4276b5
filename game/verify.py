"""Check exported hands of the provably fair deal: ``python3 -m game.verify FILE``.

FILE holds one exported hand per line (JSON lines, see docs/fairness.md); ``-`` reads standard
input.  A file exported from the history for replay (docs/history.md) is read too: each of its hands
is checked through the fair deal it recorded, or named with the reason it cannot be.  For each hand
it prints ``OK`` or what does not match.  The exit code is 0 when every hand checks out, 1 otherwise
(or when the file cannot be read or holds no hand).

``--day YYYY-MM-DD`` also holds every hand to the deal of that day: its secret must be the one the
day's public seed gives (docs/variants.md).  The game's ``ways.json``, which keeps the best daily
result with its deals, is read too, and its hands are held to the day it names.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.engine.daily import DailyResult, day_deal_problem, parse_day
from game.engine.fairness import RECORD_FORMAT
from game.engine.fairness_check import Verification, verify_record
from game.engine.record import HandRecord, RecordError, replay
from game.engine.record_file import FILE_FORMAT
from game.engine.textfile import MAX_FILE_BYTES, ReadError, decode, lines, parse

HAND_FORMAT = "gin-rummy-hand"
WAYS_FORMAT = "gin-rummy-ways"  # the app's ways.json (game/app/records/playways.py)

DESCRIPTION = "Check exported hands of the provably fair deal (one JSON object per line)."


def check_hand_record(data: dict) -> Verification:
    """A hand of a history file: it must replay, be over, and carry its fair deal with the secret."""
    try:
        record = HandRecord.from_dict(data)
        replay(record)
        exported = record.fair_export()
    except RecordError as e:
        if "without its fair deal" in str(e):
            return Verification(False, ("this hand carries no fair deal: it was dealt from a seed, or recorded "
                                        "before the game kept the seal with each hand",))
        return Verification(False, (f"the hand record is not usable: {e}",))
    return verify_record(exported)


def check_record(record: object) -> Verification | None:
    """One line's answer; None for a line that is no hand (a history file's header)."""
    kind = record.get("format") if isinstance(record, dict) else None
    if kind == FILE_FORMAT:
        return None
    if kind == HAND_FORMAT and isinstance(record, dict):
        return check_hand_record(record)
    if kind != RECORD_FORMAT:
        return Verification(False, (f"not a fair-deal record (format should be {RECORD_FORMAT!r}, "
                                    f"or a history file exported for replay)",))
    return verify_record(record)  # type: ignore[arg-type]


def of_day(result: Verification, record: object, day: str | None) -> Verification:
    """``result``, and with ``day`` also whether the hand was dealt from that day's public seed."""
    if day is None or not result.ok:
        return result
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return Verification(False, ("--day holds exported fair deals to the day; this hand was exported for "
                                    "replay: check the day's fair-deal export or ways.json",))
    problem = day_deal_problem(record, day)
    if problem is not None:
        return Verification(False, (problem,))
    return Verification(True, summary="; ".join(x for x in (result.summary, f"the deal of {day}") if x))


def kept_daily_lines(data: dict) -> tuple[str | None, list[str], str | None]:
    """The day, the deal lines and a problem of a ways.json's kept daily result."""
    if not data.get("daily"):
        return None, [], "this file keeps no daily result"
    try:
        kept = DailyResult.from_dict(data["daily"])
    except ValueError as e:
        return None, [], f"the kept daily result is not usable: {e}"
    deals = kept.record.get("deals") if isinstance(kept.record, dict) else None
    if not isinstance(deals, list) or not all(isinstance(x, str) for x in deals):
        return kept.day, [], "the kept daily result has no deals to check"
    if len(deals) != kept.hands:
        return kept.day, deals, f"the result counts {kept.hands} hands but keeps {len(deals)} deals"
    return kept.day, deals, None


def check_lines(given: Sequence[str] | Sequence[tuple[int, str]], day: str | None = None) -> tuple[bool, list[str]]:
    """(all hands check out, one report line per hand or problem); ``day``: each hand must be of that day.
    ``given``: the lines (numbered from 1, blank ones skipped), or (number, line) pairs."""
    numbered = [x if isinstance(x, tuple) else (n, x) for n, x in enumerate(given, 1)]
    numbered = [(n, line) for n, line in numbered if line.strip(" \t\r\n")]
    report: list[str] = []
    ok = True
    hands = 0
    for number, line in numbered:
        try:
            record = parse(line)
        except (ValueError, RecursionError) as e:  # nesting deeper than the parser goes is no hand either
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e)
            report.append(f"line {number}: DOES NOT MATCH: not JSON ({why})")
            ok = False
            hands += 1
            continue
        result = check_record(record)
        if result is None:
            continue
        result = of_day(result, record, day)
        hands += 1
        where = f"line {number}" + _hand_of(record)
        if result.ok:
            report.append(f"{where}: {result.explanation}")
        else:
            report.append(f"{where}: DOES NOT MATCH: {result.explanation}")
            ok = False
    if hands == 0:
        report.append("no exported hand found")
        ok = False
    return ok, report


def _hand_of(record: object) -> str:
    """", hand N" counted from 1 as on screen: a version-3 record's ``hand``, an older one's ``hand_no`` + 1."""
    if not isinstance(record, dict):
        return ""
    if record.get("format") == RECORD_FORMAT and type(record.get("hand")) is int and record.get("version") == 3:
        return f", hand {record['hand']}"
    hand = record.get("hand_no")
    return f", hand {hand + 1}" if type(hand) is int else ""


def check_text(text: str, day: str | None = None) -> tuple[bool, list[str]]:
    """A file's answer: JSON lines of hands, or the game's ways.json with its kept daily result."""
    try:
        whole = parse(text) if text.lstrip(" \t\r\n").startswith("{") else None
    except (ValueError, RecursionError):
        whole = None  # JSON lines: each line on its own
    if not (isinstance(whole, dict) and whole.get("format") == WAYS_FORMAT):
        return check_lines(list(lines(text)), day)
    kept_day, deals, problem = kept_daily_lines(whole)
    if day is not None and kept_day is not None and day != kept_day:
        return False, [f"the kept daily result is of {kept_day}, not {day}"]
    if problem is not None and not deals:
        return False, [problem]
    ok, report = check_lines(deals, kept_day)
    if problem is not None:
        report.append(problem)
        ok = False
    return ok, [f"the deal of the day {kept_day}, kept in this file:", *report]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game.verify", description=DESCRIPTION)
    parser.add_argument("file", help="exported hands, one JSON object per line ('-' for standard input)")
    parser.add_argument("--day", metavar="YYYY-MM-DD", default=None,
                        help="every hand must be of that day's deal (dealt from its public seed)")
    args = parser.parse_args(argv)
    if args.day is not None:
        try:
            parse_day(args.day)
        except ValueError as e:
            parser.error(f"--day: {e}")
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(args.file, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    try:
        text = decode(data)
    except ReadError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        print("FAILED")
        return 1
    ok, report = check_text(text, args.day)
    for line in report:
        print(line)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
