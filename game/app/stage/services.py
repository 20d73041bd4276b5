"""What the app is handed when it is made: the player's files, statistics, sound and the crash log.

``Services.for_player()`` gives the real ones, all in the player's data folder; ``Services.silent()``
gives ones that touch no file and no speaker (tests, pictures).  Statistics report a database they
had to reset to the store, so ``store.take_notices()`` has every notice to show.

The real services hold the data folder's lock (``storage.lock``) from the start until ``close``: a
second copy of the game on the same folder gets ``AlreadyOpen`` before any file is touched.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.app.config import paths
from game.app.config.settings import Settings
from game.app.matches.meta import MatchMeta
from game.app.records import playways
from game.app.records.ledger import settle_at_start
from game.app.records.stats import SilentStats, Stats
from game.app.stage.crash import CrashLog, SilentCrashLog
from game.app.stage.sound import SilentSound, Sound
from game.app.storage import AlreadyOpen, FolderLock, SilentStore, Store
from game.app.storage.notices import NOTICE_FILE_ASIDE
from game.engine import MatchState

__all__ = ["AlreadyOpen", "Services"]

log = logging.getLogger(__name__)

FINISH_SECONDS = 2.0  # the longest a finished match waits for its statistics and its marker to be written


@dataclass
class Services:
    store: Store | SilentStore
    stats: Stats | SilentStats
    sound: Sound | SilentSound
    crash: CrashLog | SilentCrashLog
    lock: FolderLock | None = None
    clock: Callable[[], float] = time.time  # when things happen, as the records date them (pictures fix it)

    @classmethod
    def for_player(cls, folder: Path | None = None, settings_hint: Settings | None = None) -> Services:
        """The real services in ``folder`` (default: the player's data folder), tidied for a start.

        ``settings_hint`` sets the sound's first switch and volume (defaults when None); apply the
        settings the store loads afterwards with ``sound.set_enabled`` and ``sound.set_volume``.
        Raises ``AlreadyOpen`` (having touched no file) when another copy of the game uses the folder.
        """
        folder = paths.data_dir() if folder is None else Path(folder)
        hint = settings_hint if settings_hint is not None else Settings()
        lock = FolderLock(folder).acquire()
        try:
            store = Store(folder)
            store.startup()
            if lock.aside is not None:
                store.add_notice(NOTICE_FILE_ASIDE, *lock.aside)
            stats = Stats(folder / paths.STATS_FILE, notices=store)
            stats.check()
            playways.check(folder, store)
            settle_at_start(store, stats, time.time)
        except BaseException:
            lock.release()
            raise
        return cls(store=store, stats=stats, sound=Sound(hint.sound, hint.volume),
                   crash=CrashLog(folder, flush=lambda: store.flush(2.0), notices=store), lock=lock)

    @classmethod
    def silent(cls) -> Services:
        return cls(store=SilentStore(), stats=SilentStats(), sound=SilentSound(), crash=SilentCrashLog())

    def match_finished(self, state: MatchState, meta: MatchMeta) -> None:
        """A match has just ended (its records are queued in one transaction): once they are written the
        save goes; both are on disk before this returns (or ``FINISH_SECONDS`` ran out).

        Called before the player sees the end, so a game killed afterwards never offers the finished
        match again.  Between the records and the save's removal the match is counted by its way of
        playing (``ways.json``, once per match).  Only when the records could not be written does the
        match-over marker take the save's place, for the next start to record and count the match
        (``ledger.settle_at_start``).
        """
        failed = self.stats.failed_writes
        if self.stats.flush(FINISH_SECONDS) and self.stats.failed_writes == failed:
            playways.count_finished(playways.folder_of(self), state, meta, self.clock())
            self.store.clear_match()
        else:
            self.store.save_match(state, meta)
        if not self.store.flush(FINISH_SECONDS):
            log.warning("the end of the match is not on disk yet")

    def close(self) -> None:
        """Write what is pending (statistics, then files) and let go of threads, effects, the log and the lock."""
        try:
            self.stats.close()
            self.store.close()
            self.sound.close()
            self.crash.uninstall()
        finally:
            if self.lock is not None:
                self.lock.release()
