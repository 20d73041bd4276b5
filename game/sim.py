"""Headless bot-vs-bot matches: ``python -m game.sim hard simple --matches 2000 --workers 2``.

Prints match and hand win rates with 95% confidence intervals, points per hand, how hands end,
turns per hand and the deadwood at knock.  The same seed gives the same table, whatever the number
of worker processes: every match has its own seed and the bots sit in alternating seats.
``--fair-records DIR`` also writes each match's exported hands (docs/fairness.md) to
``DIR/match-<seed>.jsonl``, for ``python3 -m game.verify``.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.bots import BOTS, Bot, HardBot, make_bot, play_match
from game.bots.hard import V1
from game.engine import PRESET_NAMES, PRESETS, Rules, preset
from game.engine.rules import (
    BOT_TURN_LIMIT,
    PAIRS_SCORINGS,
    PARAMETER,
    TABLE_RULES,
    THREE_DEALERS,
    TableRules,
    table_target,
)
from game.engine.scoring import KINDS

YARDSTICKS = ("hard_v1",)
"""Bots that only measure others: the hard bot as first released (bench/ adds the Monte Carlo bot)."""
LEVELS = (*sorted(BOTS), *YARDSTICKS)
BotMaker = Callable[[str, int | str], Bot]


def make_level(level: str, seed: int | str) -> Bot:
    """A bot of a game level or of the yardstick ``hard_v1`` with its own seeded randomness."""
    if level == "hard_v1":
        frozen: dict[str, Any] = dict(V1)
        return HardBot(seed=seed, **frozen)
    return make_bot(level, seed=seed)


def match_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def fair_lines(lines: list[str]) -> Any:
    """A referee's watcher that keeps every finished hand's exported fair deal."""
    def watch(state: Any, events: list) -> None:
        if any(type(e).__name__ == "HandEnded" for e in events):
            lines.append(state.export_hand())
    return watch


def write_records(folder: str, ms: int, lines: list[str]) -> None:
    """One match's exported hands, written whole or not at all."""
    path = os.path.join(folder, f"match-{ms}.jsonl")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    os.replace(path + ".tmp", path)


def run_one(job: tuple) -> dict:
    """Play match ``index``; A sits in seat 0 on even matches and seat 1 on odd ones.  ``make`` builds
    the bots by name (``make_level``; bench scripts bring their own for bots outside the game); ``records``
    is a folder for the match's fair-deal records, or None."""
    level_a, level_b, rules_dict, seed, index, make = job[:6]
    records: str | None = job[6] if len(job) > 6 else None
    rules = Rules.from_dict(rules_dict)
    ms = match_seed(seed, index)
    a_seat = index % 2
    bot_a = make(level_a, f"{ms}/a")
    bot_b = make(level_b, f"{ms}/b")
    bots = (bot_a, bot_b) if a_seat == 0 else (bot_b, bot_a)
    lines: list[str] = []
    rec = play_match(rules, ms, *bots, watch=fair_lines(lines) if records else None)
    if records:
        write_records(records, ms, lines)
    hands = []
    for h in rec.hands:
        hands.append(
            {
                "kind": h.kind,
                "winner": None if h.winner is None else ("a" if h.winner == a_seat else "b"),
                "knocker": None if h.knocker is None else ("a" if h.knocker == a_seat else "b"),
                "points": h.points,
                "knocker_deadwood": h.knocker_deadwood,
                "turns": h.turns,
            }
        )
    return {
        "winner": None if rec.winner is None else ("a" if rec.winner == a_seat else "b"),
        "scores": {"a": rec.scores[a_seat], "b": rec.scores[1 - a_seat]},
        "hands": hands,
        "fallbacks": rec.fallbacks[a_seat] + rec.fallbacks[1 - a_seat],
        "problems": rec.problems[:3],
    }


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """Rate and its 95% Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    level_a: str
    level_b: str
    matches: int = 0
    wins: dict = field(default_factory=lambda: {"a": 0, "b": 0})
    unfinished: int = 0
    hands: list = field(default_factory=list)
    fallbacks: int = 0
    problems: list = field(default_factory=list)

    def add(self, result: dict) -> None:
        self.matches += 1
        if result["winner"] is None:
            self.unfinished += 1
        else:
            self.wins[result["winner"]] += 1
        self.hands.extend(result["hands"])
        self.fallbacks += result["fallbacks"]
        self.problems.extend(result["problems"])

    def figures(self) -> dict:
        hands = self.hands
        n_h = len(hands)
        scored = [h for h in hands if h["winner"] is not None]
        out = {
            "matches": self.matches,
            "match_win_a": wilson(self.wins["a"], self.matches),
            "hand_win_a": wilson(sum(h["winner"] == "a" for h in scored), len(scored)),
            "hands": n_h,
            "hands_per_match": n_h / self.matches if self.matches else 0.0,
            "fallbacks": self.fallbacks,
            "unfinished": self.unfinished,
        }
        for side in ("a", "b"):
            out[f"points_per_hand_{side}"] = (
                sum(h["points"] for h in hands if h["winner"] == side) / n_h if n_h else 0.0
            )
        for kind in KINDS:
            out[f"rate_{kind}"] = sum(h["kind"] == kind for h in hands) / n_h if n_h else 0.0
            for side in ("a", "b"):
                out[f"rate_{kind}_{side}"] = (
                    sum(h["kind"] == kind and h["knocker"] == side for h in hands) / n_h if n_h else 0.0
                )
        turns = sorted(h["turns"] for h in hands)
        if len(turns) >= 2:
            q1, med, q3 = statistics.quantiles(turns, n=4, method="inclusive")
        else:
            q1 = med = q3 = float(turns[0]) if turns else 0.0
        out["turns"] = (q1, med, q3, turns[0] if turns else 0, turns[-1] if turns else 0)
        for who in ("a", "b", None):
            ks = [
                h["knocker_deadwood"]
                for h in hands
                if h["kind"] in ("knock", "undercut") and (who is None or h["knocker"] == who)
            ]
            out[f"knock_deadwood_{who or 'all'}"] = sum(ks) / len(ks) if ks else float("nan")
        return out


def format_table(s: Summary, rules_name: str, target: int) -> str:
    f = s.figures()
    a, b = s.level_a, s.level_b
    p, lo, hi = f["match_win_a"]
    hp, hlo, hhi = f["hand_win_a"]
    q1, med, q3, tmin, tmax = f["turns"]
    rows = [
        f"{a} (A) vs {b} (B): {f['matches']} matches to {target}, preset {rules_name}",
        "",
        f"{'':26}{'A':>10}{'B':>10}{'all':>10}",
        f"{'match wins':26}{p:>10.1%}{1 - p:>10.1%}   95% CI for A: {lo:.1%} .. {hi:.1%}",
        f"{'hand wins (scored hands)':26}{hp:>10.1%}{1 - hp:>10.1%}   95% CI for A: {hlo:.1%} .. {hhi:.1%}",
        f"{'points per hand':26}{f['points_per_hand_a']:>10.2f}{f['points_per_hand_b']:>10.2f}"
        f"{f['points_per_hand_a'] - f['points_per_hand_b']:>+10.2f}",
    ]
    for kind in KINDS:
        label = f"{kind.replace('_', ' ')} rate"
        if kind == "dead":
            rows.append(f"{label:26}{'':>10}{'':>10}{f['rate_dead']:>10.1%}")
        elif kind == "undercut":
            rows.append(
                f"{'undercut rate (knocker)':26}{f['rate_undercut_a']:>10.1%}{f['rate_undercut_b']:>10.1%}"
                f"{f['rate_undercut']:>10.1%}"
            )
        else:
            rows.append(
                f"{label:26}{f[f'rate_{kind}_a']:>10.1%}{f[f'rate_{kind}_b']:>10.1%}{f[f'rate_{kind}']:>10.1%}"
            )
    rows += [
        f"{'deadwood at knock':26}{f['knock_deadwood_a']:>10.2f}{f['knock_deadwood_b']:>10.2f}"
        f"{f['knock_deadwood_all']:>10.2f}",
        f"{'turns per hand':26}median {med:g}, quartiles {q1:g} and {q3:g}, range {tmin} to {tmax}",
        f"{'hands per match':26}{f['hands_per_match']:.2f} ({f['hands']} hands)",
        f"{'referee fallbacks':26}{f['fallbacks']}",
    ]
    if f["unfinished"]:
        rows.append(f"{'unfinished matches':26}{f['unfinished']}")
    for problem in s.problems[:5]:
        rows.append(f"  {problem}")
    return "\n".join(rows)


def parse_switch(text: str) -> tuple[str, object]:
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"a rule switch is NAME=VALUE, not {text!r}")
    name, value = text.split("=", 1)
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError:
        parsed = value
    return name.strip(), parsed


def build_rules(preset_name: str, target: int | None, switches: list[tuple[str, object]]) -> Rules:
    """The preset with the target and switches given; the guard against endless hands is on unless a
    switch says otherwise (``--rule turn_limit=0``).  ValueError names a switch that does not exist, or
    the values a switch allows."""
    unknown = sorted({name for name, _ in switches} - set(PARAMETER))
    if unknown:
        raise ValueError(f"unknown rule switch {', '.join(unknown)}; the switches are {', '.join(PARAMETER)}")
    changes: dict[str, object] = {"turn_limit": BOT_TURN_LIMIT}
    for name, value in switches:
        parameter = PARAMETER[name]
        changes[name] = parameter.read(value)
        why = parameter.problem(changes[name])
        if why is not None:
            raise ValueError(f"--rule {name}: {why}")
    rules = PRESETS[preset_name]
    if target is not None:
        try:
            rules = preset(preset_name, target)
        except ValueError:
            rules = rules.with_(target=target)
    return rules.with_(**changes)


def simulate(level_a: str, level_b: str, rules: Rules, matches: int, seed: int, workers: int = 1,
             records: str | None = None, make: BotMaker = make_level) -> Summary:
    rules_dict = rules.to_dict()
    jobs = ((level_a, level_b, rules_dict, seed, i, make, records) for i in range(matches))  # made as played
    summary = Summary(level_a, level_b)
    if workers > 1:
        import multiprocessing

        chunk = max(1, min(20, matches // (workers * 4) or 1))
        # spawn, not fork: a forked child can inherit a lock held by another thread (pygame's, in tests)
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            while True:  # in batches: the pool would otherwise queue every job at once
                batch = list(itertools.islice(jobs, workers * chunk * 16))
                if not batch:
                    break
                for result in pool.imap(run_one, batch, chunksize=chunk):
                    summary.add(result)
    else:
        for job in jobs:
            summary.add(run_one(job))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description="Bot-vs-bot Gin Rummy matches.")
    parser.add_argument("bot_a", nargs="?", default="hard", choices=LEVELS, help="first level (A)")
    parser.add_argument("bot_b", nargs="?", default="simple", choices=LEVELS, help="second level (B)")
    parser.add_argument("--preset", default="van", choices=PRESET_NAMES)
    parser.add_argument("--target", type=int, default=None, help="match target (default: the preset's)")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3), help="3: the dealer sits each hand out")
    parser.add_argument("--pairs", action="store_true", help="four players in two pairs (seats 0+2 and 1+3)")
    parser.add_argument("--seats", default=None, metavar="L1,L2,...",
                        help="a table's levels, seat by seat (default: hard,medium,easy[,simple])")
    parser.add_argument("--pairs-scoring", choices=PAIRS_SCORINGS, default=TABLE_RULES.pairs_scoring,
                        help="pairs: one net score per hand (Hoyle), or the sum of the duels")
    parser.add_argument("--three-dealer", choices=THREE_DEALERS, default=TABLE_RULES.three_dealer,
                        help="three players: the deal passes to the next seat, or to the loser of the hand")
    parser.add_argument(
        "--rule", type=parse_switch, action="append", default=[], metavar="NAME=VALUE",
        help="change one rule switch, e.g. --rule oklahoma=true --rule dead_hand_stock=3",
    )
    parser.add_argument("--fair-records", metavar="DIR", default=None,
                        help="write each match's (or table's) exported fair deals to DIR/match-<seed>.jsonl "
                             "(game.verify)")
    parser.add_argument("--network", action="store_true",
                        help="each match between two processes over localhost, through the online protocol")
    args = parser.parse_args(argv)
    if args.fair_records is not None and not os.path.isdir(args.fair_records):
        parser.error(f"--fair-records: {args.fair_records} is not a folder")
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    most = (os.cpu_count() or 1) * 4
    if not 1 <= args.workers <= most:
        parser.error(f"--workers must be from 1 to {most} on this machine")
    try:
        rules = build_rules(args.preset, args.target, args.rule)
    except (TypeError, ValueError) as exc:
        parser.error(str(exc))
    if args.network and (args.players == 3 or args.pairs):
        parser.error("--network plays matches of two")
    if args.players == 3 or args.pairs:
        return _tables(parser, args, rules)
    if args.network:
        return _network(parser, args, rules, ["-m", "game.sim", *(sys.argv[1:] if argv is None else argv)])
    start = time.perf_counter()
    summary = simulate(args.bot_a, args.bot_b, rules, args.matches, args.seed, args.workers, args.fair_records)
    seconds = time.perf_counter() - start
    print(format_table(summary, rules.preset_name, rules.target))
    print(speed_line(summary.figures()["hands"], seconds, args.workers))
    return 0 if summary.fallbacks == 0 else 1


def speed_line(hands: int, seconds: float, workers: int) -> str:
    """How fast the matches were played (not part of the table: it changes from run to run)."""
    rate = hands / seconds if seconds > 0 else float("inf")
    return (f"{'speed':26}{rate:,.0f} hands/s ({hands:,} hands in {seconds:.2f} s, "
            f"{workers} worker{'s' if workers != 1 else ''})")


def _network(parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules, launch: list[str]) -> int:
    """Two processes over localhost (``sim_network.py``): one line, and a failing status on any desync or refusal.
    On a fresh machine it runs again in the game's environment, which has the network's packages."""
    if args.workers != 1 or args.fair_records is not None:
        parser.error("--network plays its matches in two processes of its own: leave out --workers and --fair-records")
    from game.bootstrap import ensure

    ensure(launch)
    from game.sim_network import simulate_network

    summary = simulate_network(args.bot_a, args.bot_b, rules, args.matches, args.seed)
    for problem in summary.problems[:5]:
        print(problem, file=sys.stderr)
    print(summary.line())
    return 0 if summary.desyncs == 0 and summary.refused == 0 else 1


def _tables(parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules) -> int:
    """Three players or two pairs (``sim_table.py``), run in this process; pairs play to 125 unless ``--target``."""
    from game.sim_table import format_tables, simulate_tables

    if args.pairs and args.players == 3:
        parser.error("--pairs seats four players; leave out --players 3")
    kind = "pairs" if args.pairs else "three"
    default = "hard,medium,easy,simple" if args.pairs else "hard,medium,easy"
    levels = tuple(x.strip() for x in (args.seats or default).split(","))
    unknown = [x for x in levels if x not in BOTS]
    if unknown:
        parser.error(f"unknown levels {unknown}; choose from {sorted(BOTS)}")
    house = TableRules(pairs_scoring=args.pairs_scoring, three_dealer=args.three_dealer)
    rules = table_target(kind, rules, args.target)
    try:
        summary = simulate_tables(kind, levels, rules, args.matches, args.seed, house, args.fair_records)
    except ValueError as exc:
        parser.error(str(exc))
    print(format_tables(summary, rules.with_(target=PRESETS[args.preset].target).preset_name, rules.target, house))
    return 0 if summary.fallbacks == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
