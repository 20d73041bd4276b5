"""Check exported hands of the provably fair deal: ``python3 -m game.verify FILE``.

FILE holds one exported hand per line (JSON lines, see docs/fairness.md); ``-`` reads standard
input.  For each hand it prints ``OK`` or what does not match.  The exit code is 0 when every hand
checks out, 1 otherwise (or when the file cannot be read or holds no hand).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.engine.fairness import verify_record

MAX_FILE_BYTES = 16 * 1024 * 1024
DESCRIPTION = "Check exported hands of the provably fair deal (one JSON object per line)."


def check_lines(lines: Sequence[str]) -> tuple[bool, list[str]]:
    """(all hands check out, one report line per hand or problem)."""
    report: list[str] = []
    ok = True
    hands = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        hands += 1
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as e:  # nesting deeper than the parser goes is no hand either
            why = "nested too deeply" if isinstance(e, RecursionError) else str(e)
            report.append(f"line {number}: not JSON ({why})")
            ok = False
            continue
        result = verify_record(record)
        hand = record.get("hand_no") if isinstance(record, dict) else None
        where = f"line {number}" + (f", hand {hand}" if isinstance(hand, int) else "")
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
