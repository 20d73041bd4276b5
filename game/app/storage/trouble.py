"""Whether progress is being saved: one state for the whole folder, behind every saving notice (a part
a ``Store`` holds).

Each file that failed its last write (or, seen at the start, the folder itself or a read-only file)
is failing until a write of it works; a write that works in the folder also clears the folder's own
trouble (space came back).  "Progress cannot be saved" is said when the state turns from saving to
failing, "saving works again" when it turns back, whoever reports (the store's writer, the
statistics).  A notice not shown yet is taken back by its opposite, so the player never has both at
once, and never hears that saving works while some file still cannot be written.
"""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from .files import WHY_DISK, why_failed
from .notices import NOTICE_CANNOT_SAVE, NOTICE_SAVING_BACK, Notice, Notices

log = logging.getLogger("game.app.storage.store")


class SavingTrouble:
    """The notices of one folder and whether saving in it fails; the writer reports to ``written``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._notices = Notices()
        self._lock = threading.Lock()
        self._failing: dict[Path, str] = {}  # what cannot be written now (a file, or the folder), and why

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None:
        """Queue a notice.  A saving notice is a report of the file ``aside`` (the folder when it names
        no file of its own): it changes the one state, and the player hears only the state's turns."""
        if key == NOTICE_CANNOT_SAVE:
            self.report(aside if aside is not None else self.folder, why or WHY_DISK, detail)
        elif key == NOTICE_SAVING_BACK:
            self.report(aside if aside is not None else self.folder, None, detail)
        else:
            self._notices.add(key, aside, detail, why)

    def report(self, source: Path, why: str | None, detail: str = "") -> None:
        """``source`` (a file, or the folder) takes writes (``why`` None) or does not, and why."""
        with self._lock:
            before = bool(self._failing)
            if why is None:
                self._failing.pop(source, None)
                self._failing.pop(self.folder, None)  # a write in the folder worked: it takes writes again
            else:
                self._failing[source] = why
            after = bool(self._failing)
            if before == after:
                return
            if after:  # saving -> failing; a "works again" not shown yet is simply taken back
                if self._notices.take_key(NOTICE_SAVING_BACK) is None:
                    self._notices.add(NOTICE_CANNOT_SAVE, self.folder, detail, why or WHY_DISK)
            elif self._notices.take_key(NOTICE_CANNOT_SAVE) is None:  # failing -> saving, the trouble was shown
                self._notices.add(NOTICE_SAVING_BACK, self.folder, detail)
        if not after:
            log.warning("progress is saved again in %s", self.folder)

    def take_notices(self) -> list[Notice]:
        """The notices not shown yet (the store's and those of services reporting to it); each once."""
        return self._notices.take()

    def take_trouble(self) -> str | None:
        """The reason (a translation key) progress cannot be saved, when that was not told yet; once.

        For a toast during play: the menu then does not repeat it.
        """
        notice = self._notices.take_key(NOTICE_CANNOT_SAVE)
        if notice is None:
            return None
        return notice.why or WHY_DISK

    def take_saving_back(self) -> bool:
        """Whether saving works again after a trouble the player was told of; once.  For a toast during play."""
        return self._notices.take_key(NOTICE_SAVING_BACK) is not None

    @property
    def saving_fails(self) -> bool:
        """Whether some file (or the folder) cannot be written now."""
        with self._lock:
            return bool(self._failing)

    def seen_at_start(self, why: str, where: Path | None = None) -> None:
        """Before any write: the folder (``where`` None) or one read-only file takes no writes."""
        self.report(where if where is not None else self.folder, why, "seen at start")

    def written(self, path: Path, error: BaseException | None) -> None:
        """The writer's report after each write (on its thread)."""
        if error is not None:
            log.debug("a write of %s failed: %s", path, error)
        self.report(path, None if error is None else why_failed(error), "" if error is None else str(error))
