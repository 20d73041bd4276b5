"""The player's files: settings (readable JSON) and the resumable match, written atomically.

Every write goes to a temporary file in the same folder, is flushed to disk, and replaces the old
file in one step (``os.replace``), so a crash or a killed process leaves either the old or the new
file, never half of one.  Writes run on one background thread so a frame never waits for the disk;
``flush()`` waits for them (on exit, before loading, and in tests).

A damaged, empty, hand-edited or newer-version file never stops the game: it is moved aside with a
timestamp in its name, defaults are used, and a notice key (``take_notices()``) tells the UI to say so.
"""
from __future__ import annotations

import atexit
import json
import logging
import os
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.engine import VAN, MatchState, Phase, Rules, SaveError

from . import paths

log = logging.getLogger(__name__)

LANGUAGES = ("en", "fa", "ru")
LEVELS = ("easy", "medium", "hard")
ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
CARD_SIZES = ("normal", "large")
MODES = ("bot", "hotseat")
NAME_MAX = 24
KEEP_ASIDE = 5  # damaged files of one kind kept for a look; older ones are deleted

SETTINGS_FORMAT = "gin-rummy-settings"
SETTINGS_VERSION = 1
MATCH_FORMAT = "gin-rummy-resume"
MATCH_VERSION = 1

NOTICE_SETTINGS = "notice.settings_reset"
NOTICE_MATCH = "notice.match_reset"
NOTICE_STATS = "notice.stats_reset"


# --- notices ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Notice:
    """Something the player should be told once: ``key`` is a translation key, ``aside`` the kept file."""

    key: str
    aside: Path | None = None
    detail: str = ""


_notices: list[Notice] = []
_notice_lock = threading.Lock()


def add_notice(key: str, aside: Path | None = None, detail: str = "") -> None:
    with _notice_lock:
        if all(n.key != key for n in _notices):
            _notices.append(Notice(key, aside, detail))


def take_notices() -> list[Notice]:
    """The notices not shown yet; each is returned once."""
    with _notice_lock:
        out = list(_notices)
        _notices.clear()
    return out


# --- files --------------------------------------------------------------------------------------


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash at any moment leaves the old or the new file whole."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(folder: Path) -> None:
    """Temporary files left by a write that was killed half way are never read; drop them."""
    for tmp in Path(folder).glob("*.tmp"):
        try:
            tmp.unlink()
        except OSError:
            pass


def set_aside(path: Path) -> Path | None:
    """Rename a bad file to ``<stem>.damaged-<timestamp><suffix>`` beside it; keep the newest few."""
    path = Path(path)
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not set %s aside: %s", path, e)
        try:
            path.unlink()
        except OSError:
            pass
        return None
    kept = sorted(path.parent.glob(f"{path.stem}.damaged-*{path.suffix}"), key=lambda p: p.stat().st_mtime)
    for old in kept[:-KEEP_ASIDE]:
        try:
            old.unlink()
        except OSError:
            pass
    return target


class _Writer:
    """One background thread that writes files; only the newest text per file is written."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, str | None] = {}  # None: delete the file
        self._busy = False
        self._current: tuple[Path, str | None] | None = None  # being written right now
        self._thread: threading.Thread | None = None
        self.errors = 0

    def submit(self, path: Path, text: str | None) -> None:
        with self._cond:
            self._pending[Path(path)] = text
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="file-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def pending(self, path: Path) -> tuple[bool, str | None]:
        with self._cond:
            p = Path(path)
            if p in self._pending:
                return True, self._pending[p]
            if self._current is not None and self._current[0] == p:
                return True, self._current[1]
            return False, None

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every submitted write is on disk; False when that took longer than ``timeout``."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                path, text = next(iter(self._pending.items()))
                del self._pending[path]
                self._busy = True
                self._current = (path, text)
            try:
                if text is None:
                    try:
                        path.unlink()
                    except FileNotFoundError:
                        pass
                else:
                    atomic_write(path, text)
            except BaseException as e:  # a full disk or a read-only folder must not stop the game
                self.errors += 1
                log.warning("could not write %s: %s", path, e)
            finally:
                with self._cond:
                    self._busy = False
                    self._current = None
                    self._cond.notify_all()


_writer = _Writer()


def flush(timeout: float = 5.0) -> bool:
    """Wait for pending writes (call it before exiting and after an error)."""
    return _writer.flush(timeout)


def write_errors() -> int:
    """How many background writes failed since start (the last good file stays in place)."""
    return _writer.errors


atexit.register(flush, 2.0)


def _read_json(path: Path) -> tuple[Any, str | None]:
    """(data, None) or (None, why it is unusable); (None, None) when there is no file."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as e:
        return None, f"cannot read: {e}"
    if not raw.strip():
        return None, "the file is empty"
    try:
        return json.loads(raw.decode("utf-8")), None
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        return None, f"not valid JSON: {e}"


# --- settings -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """Everything the player chooses.  ``rules`` holds every engine switch, target and turn timer."""

    language: str = "en"
    level: str = "medium"
    rules: Rules = VAN
    animation: str = "normal"
    sound: bool = True
    volume: float = 0.8
    card_size: str = "normal"
    four_colour: bool = False
    high_contrast: bool = False
    card_back: str = "blue"  # the UI names the backs it draws; an unknown one falls back there
    fullscreen: bool = False
    ask_before_knock: bool = False
    guide_shown: bool = False
    names: tuple[str, str] = ("", "")

    @property
    def preset(self) -> str:
        """van, classic or custom (a switch differs from both presets)."""
        return self.rules.preset_name

    def with_(self, **changes: Any) -> "Settings":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "rules":
                value = value.to_dict()
            elif f.name == "names":
                value = list(value)
            d[f.name] = value
        return d


def _choice(options):
    def check(v):
        if v not in options:
            raise ValueError(f"must be one of {options}")
        return v

    return check


def _boolean(v):
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def _volume(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
        raise ValueError("must be a number from 0 to 1")
    return float(v)


def _card_back(v):
    if not isinstance(v, str) or not 0 < len(v) <= 32 or not all(c.isalnum() or c in "-_" for c in v):
        raise ValueError("must be a short name")
    return v


def _names(v):
    if not isinstance(v, list) or len(v) != 2 or not all(isinstance(n, str) for n in v):
        raise ValueError("must be two names")
    return tuple(n.strip()[:NAME_MAX] for n in v)


def _rules(v) -> tuple[Rules, list[str]]:
    """Each bad or unknown switch falls back to the default; the good ones are kept."""
    if not isinstance(v, dict):
        raise ValueError("must be an object")
    rules, bad = VAN, []
    types = {f.name: type(getattr(VAN, f.name)) for f in fields(Rules)}
    for name, value in v.items():
        if name not in types:
            bad.append(f"rules.{name}: unknown switch")
            continue
        if isinstance(value, bool) and types[name] is not bool:
            bad.append(f"rules.{name}: {value!r}")
            continue
        try:
            rules = rules.with_(**{name: value})
        except (ValueError, TypeError):
            bad.append(f"rules.{name}: {value!r}")
    return rules, bad


_CHECKS = {
    "language": _choice(LANGUAGES),
    "level": _choice(LEVELS),
    "animation": _choice(ANIMATION_SPEEDS),
    "sound": _boolean,
    "volume": _volume,
    "card_size": _choice(CARD_SIZES),
    "four_colour": _boolean,
    "high_contrast": _boolean,
    "card_back": _card_back,
    "fullscreen": _boolean,
    "ask_before_knock": _boolean,
    "guide_shown": _boolean,
    "names": _names,
}


def settings_from_dict(data: Any, defaults: Settings | None = None) -> tuple[Settings, list[str]]:
    """Settings from a parsed file, field by field: a bad field gets its default.

    Returns the settings and what was wrong (empty when the file was good).  Raises ValueError when
    the file as a whole is unusable (not an object, not ours, or from a newer version).
    """
    if not isinstance(data, dict):
        raise ValueError("the settings are not a JSON object")
    if data.get("format") != SETTINGS_FORMAT:
        raise ValueError("the file is not a settings file of this game")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"unknown settings version {version!r}")
    if version > SETTINGS_VERSION:
        raise ValueError(f"the settings were written by a newer version of the game ({version})")
    settings = defaults or Settings()
    changes: dict[str, Any] = {}
    problems: list[str] = []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        try:
            changes[name] = check(data[name])
        except (ValueError, TypeError) as e:
            problems.append(f"{name}: {e}")
    if "rules" in data:
        try:
            rules, bad = _rules(data["rules"])
            changes["rules"] = rules
            problems += bad
        except ValueError as e:
            problems.append(f"rules: {e}")
    return replace(settings, **changes), problems


def system_language() -> str:
    """The first of the player's preferred languages that we speak, else English."""
    try:
        import pygame

        for loc in pygame.system.get_pref_locales():
            lang = str(loc.get("language", "")).lower()
            if lang in LANGUAGES:
                return lang
    except Exception:  # no SDL locale support: English
        pass
    return "en"


def load_settings() -> Settings:
    """The saved settings; on the first start, defaults in the system's language.

    Whole-file problems (damaged, empty, not ours, newer) give all defaults; a hand-edited file
    with some bad fields keeps its good fields.  Either way the bad file is kept aside and a
    ``notice.settings_reset`` is queued.
    """
    path = paths.settings_path()
    _writer.flush()
    data, why = _read_json(path)
    if data is None and why is None:
        return Settings(language=system_language())
    problems: list[str] = []
    if why is None:
        try:
            settings, problems = settings_from_dict(data)
        except ValueError as e:
            why = str(e)
    if why is not None:
        settings = Settings(language=system_language())
        problems = [why]
    if problems:
        aside = set_aside(path)
        detail = "; ".join(problems)
        log.warning("settings reset (%s); the old file is %s", detail, aside)
        add_notice(NOTICE_SETTINGS, aside, detail)
        save_settings(settings)
    return settings


def save_settings(settings: Settings) -> None:
    """Queue an atomic write of the settings (cheap: call it on every change)."""
    text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2) + "\n"
    _writer.submit(paths.settings_path(), text)


# --- the resumable match ------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchMeta:
    """What the app needs besides the engine state to resume: who plays whom.

    ``mode`` is bot or hotseat; ``bot_level`` and ``bot_seat`` are set only against a bot;
    ``names`` are the two seats' names (a bot's name may be empty: the UI names it).  ``match_id``
    tells matches apart in the statistics, so a hand replayed after a crash is not counted twice.
    """

    mode: str
    names: tuple[str, str] = ("", "")
    bot_level: str | None = None
    bot_seat: int | None = None
    match_id: str = ""

    def __post_init__(self) -> None:
        if not self.match_id:
            object.__setattr__(self, "match_id", uuid.uuid4().hex)
        if not isinstance(self.match_id, str) or len(self.match_id) > 64 or not self.match_id.isalnum():
            raise ValueError("match_id must be a short letters-and-digits string")
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        names = self.names
        if not (isinstance(names, (tuple, list)) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise ValueError("names must be two strings")
        object.__setattr__(self, "names", tuple(n[:NAME_MAX] for n in names))
        if self.mode == "bot":
            if self.bot_level not in LEVELS:
                raise ValueError(f"bot_level must be one of {LEVELS}, not {self.bot_level!r}")
            if isinstance(self.bot_seat, bool) or self.bot_seat not in (0, 1):
                raise ValueError(f"bot_seat must be 0 or 1, not {self.bot_seat!r}")
        elif self.bot_level is not None or self.bot_seat is not None:
            raise ValueError("a hot-seat match has no bot")

    @property
    def human_seat(self) -> int:
        """The seat whose record the statistics keep: the human against a bot, seat 0 in hot-seat."""
        return 1 - self.bot_seat if self.mode == "bot" else 0

    @property
    def opponent_key(self) -> str:
        """Statistics group matches by this: the bot's level, or ``hotseat:<the other player's name>``."""
        if self.mode == "bot":
            return str(self.bot_level)
        return "hotseat:" + (self.names[1].strip() or "?")

    def to_dict(self) -> dict[str, Any]:
        return {"mode": self.mode, "names": list(self.names), "bot_level": self.bot_level,
                "bot_seat": self.bot_seat, "match_id": self.match_id}

    @classmethod
    def from_dict(cls, d: Any) -> "MatchMeta":
        if not isinstance(d, dict):
            raise ValueError("meta must be an object")
        if "mode" not in d:
            raise ValueError("meta is missing the mode")
        names = d.get("names", ["", ""])
        if isinstance(names, list):
            names = tuple(names)
        return cls(mode=d["mode"], names=names, bot_level=d.get("bot_level"), bot_seat=d.get("bot_seat"),
                   match_id=d.get("match_id") or "")


def _meta(meta: MatchMeta | dict) -> MatchMeta:
    return meta if isinstance(meta, MatchMeta) else MatchMeta.from_dict(meta)


def match_text(state: MatchState, meta: MatchMeta | dict) -> str:
    """The file's text: the engine's own JSON embedded as is (no second encoding pass)."""
    head = json.dumps({"format": MATCH_FORMAT, "version": MATCH_VERSION, "saved_at": time.time(),
                       "meta": _meta(meta).to_dict()}, ensure_ascii=False)
    return head[:-1] + ', "match": ' + state.to_json() + "}\n"


def save_match(state: MatchState, meta: MatchMeta | dict) -> None:
    """Save the running match after an action; a finished match clears the save instead.

    Serialising costs about what the engine's to_json costs; the disk write happens on the writer thread.
    """
    if state.phase is Phase.MATCH_OVER:
        clear_match()
        return
    _writer.submit(paths.match_path(), match_text(state, meta))


def clear_match() -> None:
    _writer.submit(paths.match_path(), None)


def has_match() -> bool:
    """Whether Continue should be offered (a save exists or is about to be written)."""
    pending, text = _writer.pending(paths.match_path())
    if pending:
        return text is not None
    return paths.match_path().exists()


def parse_match(text: str | bytes) -> tuple[MatchState, MatchMeta]:
    """Read a saved match; SaveError with a clear message when it is not usable."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise SaveError(f"the save is not valid JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise SaveError("this is not a saved match of this game")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"unknown save version {version!r}")
    if version > MATCH_VERSION:
        raise SaveError(f"the save was written by a newer version of the game ({version})")
    try:
        meta = MatchMeta.from_dict(data.get("meta"))
    except (ValueError, TypeError) as e:
        raise SaveError(f"the save's players are not readable: {e}") from None
    if "match" not in data:
        raise SaveError("the save holds no match")
    state = MatchState.from_dict(data["match"])
    if state.phase is Phase.MATCH_OVER:
        raise SaveError("the saved match is already over")
    return state, meta


def load_match() -> tuple[MatchState, MatchMeta] | None:
    """The saved match to continue, or None.  A bad save is kept aside with a notice."""
    _writer.flush()
    path = paths.match_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        log.warning("cannot read the saved match: %s", e)
        return None
    try:
        if not raw.strip():
            raise SaveError("the save is empty")
        return parse_match(raw)
    except Exception as e:  # anything in an untrusted file means "not usable", never a crash
        aside = set_aside(path)
        log.warning("saved match refused (%s); kept as %s", e, aside)
        add_notice(NOTICE_MATCH, aside, str(e))
        return None


def startup() -> None:
    """Tidy the data folder before anything reads it (temporary files of a killed write)."""
    remove_stale_temps(paths.data_dir())
