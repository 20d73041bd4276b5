"""The child of the table kill test: the real game on a data folder, playing a table of three or of two
pairs through the real scenes (Continue when one is kept), saying before and after each save of the table
what it saves, until it is killed.  At a table's end it often kills itself on purpose, before the table is
counted or before its file is dropped, so the start's settling is tried every few runs; at each start it
says what the start settled and any finished table the records hold that is still kept or not counted.

    python tests/helpers/table_child.py FOLDER SEED
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET = 40  # tables end now and then, so their ends (the save dropped) are killed too
# a caller may ask for a shorter table and what to do at its end: "before-count", "before-drop" or "on"
TARGET = int(os.environ.get("TABLE_CHILD_TARGET", TARGET))
END = os.environ.get("TABLE_CHILD_END")


def canon(text: str | bytes | None) -> str:
    """A short digest of a kept table's table part (the same for a save and its reload written again)."""
    if text is None:
        return "none"
    table = json.loads(text)["table"]
    return hashlib.sha256(json.dumps(table, sort_keys=True).encode()).hexdigest()[:16]


def say(*words: object) -> None:
    print(*words, flush=True)


def drive(app, rng: random.Random) -> None:
    from game.app.matches.tablekeep import table_text
    from game.app.pictures.staging import plain_move

    last = time.perf_counter()
    parent = os.getppid()
    while app.running and os.getppid() == parent:  # the test is gone: no game plays on alone
        now = time.perf_counter()
        app.frame(min(now - last, 0.05), present=False)
        last = now
        top = app.top
        name = top.name if top is not None else ""
        if name == "menu":
            if top.saved_table is not None:
                top.continue_match()
                run = app.nav.tables.run
                say("resumed", canon(table_text(run.setup, run.table)) if run is not None else "none")
            else:
                app.nav.tables.show_game_night()
        elif name == "game_night":
            kind = rng.choice(("three", "pairs"))
            top.choose_kind(kind)
            for seat in range(3 if kind == "three" else 4):
                top.choose_seat(seat, rng.choice(("person", "easy")))
            top.start()
        elif name == "table_sheet" and not top.playing_alone:
            top.play()
        elif name == "deal":
            top.finish()
        elif name == "curtain":
            top.reveal()
        elif name == "play" and top.human_turn():
            top.human_action(plain_move(top.state, want_knock=rng.random() < 0.7))
        elif name == "result":
            top.next()
        elif name == "error":
            say("error-screen")
            return
        time.sleep(0.003)


def kept_id(folder: Path) -> str | None:
    """The records' id of the table kept in ``folder``, if one is."""
    from game.app.matches.tablekeep import read_kept
    from game.app.matches.tablerun import record_id

    try:
        return record_id(read_kept((folder / "table.json").read_bytes())[1])
    except Exception:
        return None


def unsettled(services) -> list[str]:
    """Finished tables the records hold that the start left kept, or that the ways of playing never counted."""
    from game.app.records import playways
    from game.app.records.history import History

    counted = set(playways.load(services.store.folder)["counted"])
    finished = [e.match_id for e in History(services.stats).matches() if e.table and e.table.state == "finished"]
    kept = kept_id(services.store.folder)
    return [f"kept:{m}" for m in finished if m == kept] + [f"uncounted:{m}" for m in finished if m not in counted]


def die(why: str) -> None:
    say("self-kill", why)
    os.kill(os.getpid(), signal.SIGKILL)


def main(folder: Path, seed: int) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    rng = random.Random(seed)
    from game.app.launch.main import open_services
    from game.app.program.app import App
    from game.app.records import ledger
    from game.engine import VAN

    before = kept_id(folder)
    services = open_services(folder)
    if before is not None and kept_id(folder) is None:
        say("settled", before)  # a table the records hold as over (or left) is no longer kept
    for problem in unsettled(services):
        say("unsettled", problem)
    store = services.store
    end = END or rng.choice(("before-count", "before-drop", "on"))  # what this run does at a table's end
    real_count = ledger.count_table

    def counting(*args) -> None:
        if end == "before-count":
            die("before-count")
        real_count(*args)

    ledger.count_table = counting
    real_save = store.save_table
    count = 0

    def save(text: str | None) -> None:
        nonlocal count
        if text is None and end == "before-drop" and app.nav.tables.run is not None and app.nav.tables.run.table.over:
            die("before-drop")
        count += 1
        say("saving", count, canon(text))
        real_save(text)
        say("saved", count)

    store.save_table = save  # type: ignore[method-assign]
    say("offer", canon(store.load_table()))
    for n in store.take_notices():
        say("notice", n.key)
    app = App(size=(800, 600), services=services)
    app.settings = app.settings.with_(rules=VAN.with_(target=TARGET), animation="fast")
    app.pace = 0.05
    app.nav.seed = rng.randrange(1, 2**40)
    app.nav.to_menu()
    drive(app, rng)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2])))
