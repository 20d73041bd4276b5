"""Regular files only: a link, a pipe or a file too deep to read where a file of the game belongs is set
aside with a notice; the real game still starts, opens Statistics and Game night, and writes nothing
through a link."""
from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import pygame
import pytest

from game.app.records import playways
from game.app.storage import NotAFile, read_limited
from game.app.storage.files import atomic_write, open_regular

FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")


def visit(folder: Path) -> dict:
    """Start the game as a player does, open Statistics and Game night, log an error; what was told."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.launch.main import open_services
    from game.app.program.app import App

    pygame.quit()
    services = open_services(folder)
    app = App(size=(800, 600), services=services)
    told: list[str] = []
    real_take = app.nav.take_notices

    def take() -> list:
        out = real_take()
        told.extend(n.key for n in out)
        return out

    app.nav.take_notices = take  # type: ignore[method-assign]
    seen: list[str] = []
    try:
        app.nav.to_menu()
        frames(app, 2)
        app.top.open_stats()
        frames(app, 2)
        seen.append(app.top.name)
        app.pop(app.top)
        frames(app, 1)
        app.nav.tables.show_game_night()
        frames(app, 2)
        seen.append(app.top.name)
        logging.getLogger("game.app.test").error("a line for the error log")
        services.crash.report(RuntimeError("an error after the start"))
        app.nav.to_menu()
        frames(app, 2)
    finally:
        app.close()
        pygame.quit()
    return {"told": told, "seen": seen}


def frames(app, n: int) -> None:
    for _ in range(n):
        app.frame(1 / 60, present=False)


def test_a_symlinked_error_log_is_set_aside_and_nothing_is_written_through_it(tmp_path):
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    target = elsewhere / "precious.txt"
    target.write_text("mine\n")
    (folder / "error.log").symlink_to(target)
    result = visit(folder)
    assert result["seen"] == ["stats", "game_night"], result
    assert "notice.file_aside" in result["told"], result
    assert target.read_text() == "mine\n", "a line was written through the link"
    assert (folder / "error.log").is_file() and not (folder / "error.log").is_symlink()
    assert "an error after the start" in (folder / "error.log").read_text()
    kept = list(folder.glob("error.damaged-*.log"))
    assert len(kept) == 1 and kept[0].is_symlink() and os.readlink(kept[0]) == str(target)


@FIFO
def test_a_fifo_in_place_of_the_ways_file_and_the_lock_is_set_aside(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    os.mkfifo(folder / playways.FILE)
    os.mkfifo(folder / "gin-rummy.lock")
    result = visit(folder)
    assert result["seen"] == ["stats", "game_night"], result
    assert {"notice.ways_reset", "notice.file_aside"} <= set(result["told"]), result
    for name, kept in ((playways.FILE, "ways.damaged-*.json"), ("gin-rummy.lock", "gin-rummy.damaged-*.lock")):
        aside = list(folder.glob(kept))
        assert len(aside) == 1 and stat.S_ISFIFO(aside[0].lstat().st_mode), (name, aside)
        assert not (folder / name).exists() or (folder / name).is_file()


def test_a_ways_file_nested_100000_deep_is_set_aside_and_its_screens_open(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    deep = '{"format": "gin-rummy-ways", "ways": ' + "[" * 100_000 + "]" * 100_000 + "}"
    (folder / playways.FILE).write_text(deep)
    assert playways.load(folder)["ways"]["two"] == {"played": 0, "won": 0}  # never an error
    result = visit(folder)
    assert result["seen"] == ["stats", "game_night"], result
    assert "notice.ways_reset" in result["told"], result
    aside = list(folder.glob("ways.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == deep, "the file as it was is kept for a look"
    result = visit(folder)  # the next start is quiet: the file is gone from the way
    assert result["seen"] == ["stats", "game_night"] and "notice.ways_reset" not in result["told"]


def test_a_count_over_a_damaged_ways_file_keeps_the_old_file(tmp_path):
    (tmp_path / playways.FILE).write_text('{"format": "gin-rummy-ways", "ways": {"two": {"played": 7, ')
    data = playways.record(tmp_path, "two", True)
    assert data["ways"]["two"] == {"played": 1, "won": 1}
    assert len(list(tmp_path.glob("ways.damaged-*.json"))) == 1


def test_one_opener_refuses_links_and_pipes_and_writes_never_follow_a_link(tmp_path):
    target = tmp_path / "target.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with pytest.raises(NotAFile):
        read_limited(link)
    with pytest.raises(NotAFile):
        open_regular(link)
    with pytest.raises(OSError):
        atomic_write(link, "[1]")
    assert target.read_text() == "{}" and link.is_symlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        with pytest.raises(NotAFile):
            read_limited(tmp_path / "pipe")
    fd = open_regular(target)
    os.close(fd)
    assert json.loads(read_limited(target) or b"") == {}
