"""``python -m game.sim A B --matches N --network``: bot matches between two processes over localhost.

One process hosts every match, the other joins it by its code: the real protocol from end to end (the
join code and its key exchange, the deal dealt by both, every move judged and every hand checked by
both sides).  Bot A sits in the host's seat on even matches, in the guest's on odd ones.  It prints one
line; a desync is a match the two sides saw end differently, a refusal a move the engine refused or a
match that ended early.
"""
from __future__ import annotations

import multiprocessing
import queue
import time
from dataclasses import dataclass, field
from typing import Any

from game.bots.referee import decide
from game.engine import Action, Rules, TimerMove
from game.net.auth import FRAME_OVERHEAD
from game.net.session import Session
from game.net.transport import Connection, Timing, host, join

MATCH_SECONDS = 300.0
"""A match that has not finished by then is stopped and counted as refused."""


@dataclass
class NetworkSummary:
    matches: int = 0
    hands: int = 0
    desyncs: int = 0
    refused: int = 0
    wire_bytes: int = 0
    round_trips: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        per_hand = max(self.hands, 1)
        return (f"network: {self.matches} matches, {self.hands} hands, {self.desyncs} desyncs, "
                f"{self.refused} refused, {self.wire_bytes / per_hand / 1000:.1f} KB a hand, "
                f"{self.round_trips / per_hand:.1f} round trips a hand")

    def add(self, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
        """One match as both processes saw it."""
        self.matches += 1
        self.hands += len(mine["results"])
        if mine["results"] != theirs["results"] or mine["scores"] != theirs["scores"]:
            self.desyncs += 1
            self.problems.append(f"match {mine['index']}: the two sides saw different results")
        ended = [side["ended"] for side in (mine, theirs) if side["ended"]]
        self.refused += mine["refused"] + theirs["refused"] + (1 if ended else 0)
        if ended:
            self.problems.append(f"match {mine['index']}: ended early: {ended}")
        self.wire_bytes += mine["bytes"] + theirs["bytes"]
        self.round_trips += (mine["turns"] + theirs["turns"]) // 2


def _move(session: Session, bot: Any) -> Action:
    """The bot's move; its timer move (a broken answer) becomes the first legal move."""
    obs = session.observation()
    assert obs is not None
    action = decide(bot, obs)
    if isinstance(action, TimerMove):
        action = obs.legal_actions[0]
    return action


def play_seat(link: Connection, name: str, rules: Rules | None, level: str, bot_seed: str,
              seconds: float = MATCH_SECONDS) -> dict[str, Any]:
    """One side of one match, played by a bot of ``level`` until both sides are finished."""
    from game.sim import make_level

    session = Session(link, name, rules, auto_next=True)
    bot = make_level(level, bot_seed)
    started, refused, results = time.monotonic(), 0, []
    while not session.finished and time.monotonic() - started < seconds:
        for notice in session.poll(0.0 if session.my_turn else 0.05):
            if notice.kind == "setup":
                assert session.rules is not None
                bot.new_match(session.seat, session.rules)
            elif notice.kind == "event" and notice.event is not None:
                bot.on_event(notice.event)
            elif notice.kind == "hand_over":
                results.append(repr(notice.result))
        if session.my_turn:
            try:
                session.play(_move(session, bot))
            except ValueError:  # IllegalAction is one: the engine refused the bot's move
                refused += 1
                break
    state = session.state
    ended = session.ended.word if session.ended is not None else ("" if session.finished else "timeout")
    session.close()
    return {"results": results, "scores": None if state is None else list(state.scores), "ended": ended,
            "refused": refused, "bytes": session.sent_bytes + FRAME_OVERHEAD * session.sent_frames,
            "turns": session.turnarounds}


def _host_worker(level_a: str, level_b: str, rules_dict: dict[str, Any], matches: int, seed: int,
                 codes: Any, results: Any) -> None:
    rules = Rules.from_dict(rules_dict)
    for index in range(matches):
        link = host(bind="127.0.0.1", port=0, timing=Timing(resume_window=10.0))
        codes.put((index, str(link.code), link.port))
        level, who = (level_a, "a") if index % 2 == 0 else (level_b, "b")
        results.put(("host", index, play_seat(link, "host", rules, level, f"{seed}/{index}/{who}")))


def _guest_worker(level_a: str, level_b: str, matches: int, seed: int, codes: Any, results: Any) -> None:
    for _ in range(matches):
        index, code, port = codes.get(timeout=MATCH_SECONDS)
        link = join(code, f"127.0.0.1:{port}", timing=Timing(resume_window=10.0))
        level, who = (level_b, "b") if index % 2 == 0 else (level_a, "a")
        results.put(("guest", index, play_seat(link, "guest", None, level, f"{seed}/{index}/{who}")))


def simulate_network(level_a: str, level_b: str, rules: Rules, matches: int, seed: int) -> NetworkSummary:
    """``matches`` matches between a hosting process and a joining one, as one summary."""
    context = multiprocessing.get_context("spawn")
    codes, results = context.Queue(), context.Queue()
    workers = [context.Process(target=_host_worker, args=(level_a, level_b, rules.to_dict(), matches, seed,
                                                          codes, results), daemon=True),
               context.Process(target=_guest_worker, args=(level_a, level_b, matches, seed, codes, results),
                               daemon=True)]
    for worker in workers:
        worker.start()
    summary, halves = NetworkSummary(), dict[tuple[int, str], dict[str, Any]]()
    try:
        for _ in range(2 * matches):
            side, index, seen = results.get(timeout=MATCH_SECONDS + 30)
            seen["index"] = index
            other = halves.pop((index, "guest" if side == "host" else "host"), None)
            if other is None:
                halves[(index, side)] = seen
            else:
                summary.add(seen, other)
    except queue.Empty:
        summary.problems.append("a side stopped answering")
        summary.refused += 1
    finally:
        for worker in workers:
            worker.join(5)
            if worker.is_alive():
                worker.terminate()
    return summary
