"""Check exported hands of the provably fair deal: ``python3 -m game.verify FILE``.

FILE holds one exported hand per line (JSON lines, see docs/fairness.md); ``-`` reads standard
input.  A file exported from the history for replay (docs/history.md) is read too: each of its hands
is checked through the fair deal it recorded, or named with the reason it cannot be.  For each hand
it prints ``OK`` or what does not match.  The exit code is 0 when every hand checks out, 1 otherwise
(or when the file cannot be read or holds no hand).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.engine.fairness import RECORD_FORMAT
from game.engine.fairness_check import Verification, verify_record
from game.engine.record import HandRecord, RecordError, replay
from game.engine.record_file import FILE_FORMAT

HAND_FORMAT = "gin-rummy-hand"

MAX_FILE_BYTES = 16 * 1024 * 1024
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


def check_lines(lines: Sequence[str]) -> tuple[bool, list[str]]:
    """(all hands check out, one report line per hand or problem)."""
    report: list[str] = []
    ok = True
    hands = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as e:  # nesting deeper than the parser goes is no hand either
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e)
            report.append(f"line {number}: not JSON ({why})")
            ok = False
            hands += 1
            continue
        result = check_record(record)
        if result is None:
            continue
        hands += 1
        hand = record.get("hand_no", record.get("hand")) if isinstance(record, dict) else None
        where = f"line {number}" + (f", hand {hand}" if type(hand) is int else "")
        if result.ok:
            report.append(f"{where}: {result.explanation}")
        else:
            report.append(f"{where}: DOES NOT MATCH: {result.explanation}")
            ok = False
    if hands == 0:
        report.append("no exported hand found")
        ok = False
    return ok, report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game.verify", description=DESCRIPTION)
    parser.add_argument("file", help="exported hands, one JSON object per line ('-' for standard input)")
    args = parser.parse_args(argv)
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        else:
            with open(args.file, "rb") as f:
                data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    if len(data) > MAX_FILE_BYTES:
        print(f"{args.file} is larger than {MAX_FILE_BYTES} bytes", file=sys.stderr)
        return 1
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        print(f"{args.file} is not UTF-8 text", file=sys.stderr)
        return 1
    ok, report = check_lines(text.splitlines())
    for line in report:
        print(line)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
