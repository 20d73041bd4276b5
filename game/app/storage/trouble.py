"""Telling the player about saving: "progress cannot be saved" once for a trouble, whoever reports it,
and "saving works again" once it is over (a part a ``Store`` holds)."""
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
        self._failing: dict[Path, str] = {}  # files whose last write failed (the folder: seen at start), and why
        self._told_trouble = False  # NOTICE_CANNOT_SAVE given for the present trouble (any service's)

    def add_notice(self, key: str, aside: Path | None = None, detail: str = "", why: str = "") -> None:
        """Queue a notice; "progress cannot be saved" is said once for a trouble, whoever reports it, and
        "saving works again" only after the player heard of the trouble (else the trouble is just dropped)."""
        if key == NOTICE_CANNOT_SAVE:
            with self._lock:
                if self._told_trouble:
                    return
                self._told_trouble = True
            self._notices.take_key(NOTICE_SAVING_BACK)
        elif key == NOTICE_SAVING_BACK:
            with self._lock:
                if not self._told_trouble:
                    return
                self._told_trouble = False
            if self._notices.take_key(NOTICE_CANNOT_SAVE) is not None:
                return  # the trouble was never shown: nothing to take back
        self._notices.add(key, aside, detail, why)

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
        """Whether the last write of some file failed (and no later one of it succeeded)."""
        with self._lock:
            return bool(self._failing)

    def seen_at_start(self, why: str) -> None:
        """The folder takes no writes at all: what fails before one works is no news."""
        with self._lock:
            self._failing[self.folder] = why
        self.add_notice(NOTICE_CANNOT_SAVE, self.folder, "seen at start", why)

    def written(self, path: Path, error: BaseException | None) -> None:
        """The writer's report after each write (on its thread)."""
        with self._lock:
            if error is None:
                was = bool(self._failing)
                self._failing.pop(path, None)
                self._failing.pop(self.folder, None)  # the folder takes writes again (space came back)
                back = was and not self._failing
            else:
                back = False
        if error is None:
            if back:
                log.warning("progress is saved again in %s", self.folder)
                self.add_notice(NOTICE_SAVING_BACK, self.folder)
            return
        with self._lock:
            first = not self._failing
            why = why_failed(error)
            self._failing[path] = why
        if first:
            self.add_notice(NOTICE_CANNOT_SAVE, self.folder, str(error), why)
