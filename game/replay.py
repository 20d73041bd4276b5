"""``python3 -m game.replay FILE``: print the hands of a history file (docs/history.md) as readable text.

``--hand N`` prints only hand N (as numbered in the file, from 1); ``--coach`` adds the coach's notes
on the recorded player's decisions (hands against the computer).  A file that cannot be read is
refused with a message and exit status 1; damaged hands in an otherwise good file are named and
skipped.  Pure Python: no window is opened.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.engine import (
    BigGin,
    Card,
    Discard,
    Discarded,
    DrawDiscard,
    DrawStock,
    Drew,
    HandEnded,
    HandResult,
    Knock,
    Knocked,
    PassUpcard,
    TakeUpcard,
    TimerMove,
    UpcardDecision,
    UpcardRetired,
)
from game.engine.record import HandRecord, RecordError, Replay, replay
from game.engine.record_file import FileHeader, load_file
from game.engine.textfile import MAX_FILE_BYTES

YOU = "You"
_SECOND = {"takes": "take", "passes": "pass", "draws": "draw", "throws": "throw", "knocks": "knock", "goes": "go",
           "scores": "score", "holds": "hold", "undercuts": "undercut"}


def _v(who: str, verb: str) -> str:
    """``who`` and the verb agreeing with it ("You draw", "Computer (hard) draws")."""
    return f"{who} {_SECOND.get(verb, verb) if who == YOU else verb}"


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def seat_names(header: FileHeader) -> tuple[str, str]:
    """How the two seats are called in the text."""
    names = []
    for seat in (0, 1):
        if header.mode == "bot":
            names.append(YOU if seat == header.seat else f"Computer ({header.opponent or 'bot'})")
        else:
            names.append(header.names[seat].strip() or f"Player {seat + 1}")
    return names[0], names[1]


def _move_line(play: Replay, i: int, names: tuple[str, str]) -> str:
    step = play.steps[i + 1]
    assert step.move is not None
    seat, action = step.move.seat, step.move.action
    who = names[seat]
    parts = []
    for e in step.events:
        if isinstance(e, UpcardDecision):
            parts.append(f"{_v(who, 'takes' if e.taken else 'passes')} the upcard {e.card.symbol}")
        elif isinstance(e, UpcardRetired):
            parts.append(f"the upcard {e.card.symbol} leaves play")
        elif isinstance(e, Drew):
            card = e.card.symbol if e.card is not None else "a card"
            where = "the discard pile" if e.source == "discard" else "the stock"
            parts.append(f"{_v(who, 'draws')} {card} from {where}" + (" (turn clock)" if e.auto else ""))
        elif isinstance(e, Discarded):
            parts.append(f"{_v(who, 'throws')} {e.card.symbol}" + (" (turn clock)" if e.auto else ""))
        elif isinstance(e, Knocked):
            parts.append(_v(who, "knocks") if e.kind == "knock" else _v(who, "goes") + " " + e.kind.replace("_", " "))
        elif isinstance(e, HandEnded):
            parts.append("the hand ends")
    if not parts:
        parts.append(f"{who}: {action}")
    return f"{i + 1:3d}. " + "; ".join(parts)


def _result_lines(r: HandResult, names: tuple[str, str]) -> list[str]:
    if r.kind == "dead":
        return ["Dead hand: the stock ran down with no knock; nobody scores."]
    assert r.knocker is not None and r.winner is not None
    k, d = names[r.knocker], names[1 - r.knocker]
    title = {"knock": _v(k, "knocks"), "undercut": _v(names[r.winner], "undercuts") + " the knock",
             "gin": _v(k, "goes") + " gin", "big_gin": _v(k, "goes") + " big gin"}[r.kind]
    lines = [f"{title}: {_v(names[r.winner], 'scores')} {r.sum_text}."]
    melds = "  ".join("[" + _cards(m) + "]" for m in r.knocker_melds)
    lines.append(f"  {k}: {melds}" + (f"  deadwood {_cards(r.knocker_deadwood_cards)} = {r.knocker_deadwood}"
                                      if r.knocker_deadwood_cards else "  no deadwood"))
    melds = "  ".join("[" + _cards(m) + "]" for m in r.defender_melds)
    laid = f"  laid off {_cards([c for c, _ in r.layoffs])}" if r.layoffs else ""
    lines.append(f"  {d}: {melds}{laid}  deadwood {_cards(r.defender_deadwood_cards)} = {r.defender_deadwood}")
    return lines


def describe_hand(record: HandRecord, header: FileHeader, coach: bool = False) -> str:
    """A recorded hand as text: the deal, every move, the result (and the coach's notes)."""
    names = seat_names(header)
    play = replay(record)
    rules = record.rules
    lines = [f"Hand {record.hand_no + 1} · {rules.preset_name} rules, to {rules.target} · "
             f"{names[record.dealer]} dealt · score {names[0]} {record.scores[0]}, {names[1]} {record.scores[1]}",
             f"  {_v(names[0], 'holds')} {_cards(record.hands[0])}",
             f"  {_v(names[1], 'holds')} {_cards(record.hands[1])}",
             f"  upcard {record.upcard.symbol}, knock limit {play.steps[0].state.knock_limit}"]
    notes = {}
    if coach and header.mode == "bot":
        from game.bots.coach import review

        found = review(record, header.seat)
        notes = {j.index: j for j in found.costly}
    for i in range(len(record.moves)):
        lines.append(_move_line(play, i, names))
        j = notes.get(i)
        if j is not None:
            lines.append(f"       coach: {j.text} (better: {_action(j.preferred)}; about {j.points} points)")
    if play.result is not None:
        lines += _result_lines(play.result, names)
    if coach and header.mode == "bot":
        lines.append("Coach: " + found.text)
    return "\n".join(lines)


def _action(action: object) -> str:
    card = getattr(action, "card", None)
    words = {TakeUpcard: "take the upcard", PassUpcard: "pass the upcard", DrawStock: "draw from the stock",
             DrawDiscard: "take the face-up card", Discard: "throw {card}", Knock: "knock with {card}",
             BigGin: "claim big gin", TimerMove: "the turn clock's move"}
    text = words.get(type(action), str(action))
    return text.format(card=card.symbol if isinstance(card, Card) else "")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python3 -m game.replay", description="Print the hands of a Gin Rummy history "
                                "file (one JSON object per line) as text.")
    p.add_argument("file", help="a hand or match exported from the game's history")
    p.add_argument("--hand", type=int, default=None, help="print only this hand (from 1)")
    p.add_argument("--coach", action="store_true", help="add the coach's notes (hands against the computer)")
    args = p.parse_args(argv)
    try:
        with Path(args.file).open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
        loaded = load_file(raw)
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    except RecordError as e:
        print(f"{args.file} is not a usable Gin Rummy history: {e}", file=sys.stderr)
        return 1
    h = loaded.header
    names = seat_names(h)
    print(f"{names[0]} against {names[1]} · {len(loaded.hands)} hand(s)" + (" · practice" if h.practice else ""))
    for problem in loaded.problems:
        print(f"left out (damaged): {problem}", file=sys.stderr)
    shown = [r for r in loaded.hands if args.hand is None or r.hand_no + 1 == args.hand]
    if not shown:
        print(f"there is no hand {args.hand} in {args.file}", file=sys.stderr)
        return 1
    for record in shown:
        print()
        print(describe_hand(record, h, coach=args.coach))
    return 0


if __name__ == "__main__":
    sys.exit(main())
