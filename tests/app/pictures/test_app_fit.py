"""The text-fit audit: every situation of the picture tour, in every language, at three window sizes.

What is checked is found on the screen, not listed: every line the game draws through the text module,
every box and rule it draws, and every element pygame-gui holds (walked from its sprite group: buttons,
labels, entries, sliders, drop-downs, each tooltip shown in turn), the toast on top.  Each screen must show:

* no line wider than the width it was given, nor wider than the box (panel) it sits in, nor shrunk
  past legibility; no wrapped line wider than its paragraph; no name or head (two words at most)
  broken over two lines beside a line that keeps one (a column head of a table);
* no element's text wider than the element (a button's label, a label, a drop-down's choice);
* no two elements on top of each other, no element half out of its box, no text under an element, no
  box over an element of the screen below; no two lines on top of each other or running together on one row ("Name48");
* no line of the table half over a card (a line wholly inside a card is a mark on it);
* no rule drawn in a box's margin or through a line of text;
* no toast over a line or an element;
* nothing (text, element, tooltip, card) beyond the window's edge;
* in Persian, no Latin digit (file paths aside), no "·" (it reads as the Persian zero) and no Latin comma
  inside a number.

The tour is walked once per language and size; each situation is its own test case.
"""
from __future__ import annotations

import re
from typing import Any

import pygame
import pygame_gui
import pytest
from helpers.screenwatch import (
    TOAST,
    Recorder,
    draw_watched,
    elements,
    frame_width,
    label_of,
    text_width,
    tooltips,
    watch,
)

from game.app.matches.lesson import STEPS
from game.app.pictures.screenshots import LANGUAGES, SIZES, picture_app
from game.app.pictures.tour import tour
from game.app.scenes.tablebase import TableScene

SITUATIONS = (
    "menu", "menu_hotseat", "menu_custom", "settings_general", "settings_looks", "settings_rules",
    "settings_rules_classic", "stats", "stats_opponents", "stats_rules", "stats_ways", "stats_time", "stats_daily",
    "stats_daily_earlier", "stats_empty_rules", "stats_empty_ways", "stats_empty_time", "stats_empty_daily",
    "rules", *(f"lesson_{n}" for n in range(1, len(STEPS) + 1)), "deal",
    "play_draw", "play_hint", "play_discard", "confirm", "arrange", "arrange_refused", "arrange_defend",
    "guide_1", "guide_2", "guide_3", "pause", "pause_rules", "confirm_leave", "play_toast", "play_upcard",
    "play_practice", "curtain", "play_hotseat",
    "view_log", "view_scores", "view_discards", "result_knock", "result_undercut", "result_gin",
    "result_big_gin", "result_dead", "result_dead_turns", "cut", "cut_details", "result_fair_layoff",
    "deal_details", "deal_export_dialog", "play_out_of_play", "view_scores_hollywood", "match_over",
    "error", "menu_continue",
    "night_setup", "night_three_hand", "night_pairs_sheet", "night_daily", "night_history", "night_history_table",
    "net_host", "net_host_waiting", "net_join", "net_join_wrong_code", "net_play", "net_play_paused",
)

LEGIBLE = 11  # the smallest text size a line may be shrunk to
SLACK = 1  # pixels of rounding allowed at an edge


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _overlap(a: pygame.Rect, b: pygame.Rect, slack: int = 2) -> bool:
    return a.inflate(-2 * slack, -2 * slack).colliderect(b.inflate(-2 * slack, -2 * slack))


def _latin_digits(s: str) -> bool:
    """Latin digits outside Latin words (key names such as F11 and file names keep theirs)."""
    return bool(re.search(r"[0-9]", re.sub(r"[A-Za-z0-9._/\\-]*[A-Za-z][A-Za-z0-9._/\\-]*", "", s)))


def persian_marks(s: str) -> list[str]:
    """What a Persian line must not hold besides Latin digits."""
    wrong = []
    if "\u00b7" in s:
        wrong.append("a middle dot (it reads as the Persian zero)")
    if re.search(r"[0-9\u06f0-\u06f9],[0-9\u06f0-\u06f9]", s):
        wrong.append("a Latin comma inside a number")
    return wrong


def _same_row(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Two lines side by side on one row (their heights mostly shared)."""
    shared = min(a.bottom, b.bottom) - max(a.top, b.top)
    return shared >= 0.6 * min(a.height, b.height)


class Screen:
    """One drawn screen and what is wrong on it."""

    def __init__(self, app, rec: Recorder, language: str) -> None:
        self.app, self.rec, self.language = app, rec, language
        self.bounds = app.screen.get_rect()
        self.stack = app.stack
        self.problems: list[str] = []
        self.shown = [(self.layer(w), w) for w in elements(app)]

    def layer(self, element: Any) -> int:
        """The index of the scene an element belongs to (through its parents: a drop-down's parts)."""
        while element is not None:
            for i, scene in enumerate(self.stack):
                if element in scene.widgets:
                    return i
            element = getattr(element, "parent_element", None)
        return len(self.stack) - 1

    def name(self, element: Any) -> str:
        return f"{type(element).__name__} {element.most_specific_combined_id} {label_of(element)!r}"

    def say(self, problem: str) -> None:
        self.problems.append(problem)

    def check(self) -> list[str]:
        self.check_elements()
        self.check_texts()
        self.check_rules()
        self.check_cards()
        self.check_tooltips()
        return sorted(set(self.problems))

    def check_elements(self) -> None:
        for n, (_, w) in enumerate(self.shown):
            r = w.get_abs_rect()
            if not _inside(r, self.bounds):
                self.say(f"{self.name(w)} off screen at {r}")
            need = text_width(w)
            room = r.width - frame_width(w) - 4
            if need > room:
                self.say(f"{self.name(w)} needs {need}px, has {room}px")
            if self.language == "fa" and _latin_digits(label_of(w)):
                self.say(f"Latin digits in {self.name(w)}")
            for _, b in self.shown[n + 1:]:
                if not _related(w, b) and _overlap(r, b.get_abs_rect(), 1):
                    self.say(f"{self.name(w)} and {self.name(b)} overlap")
        for p in self.rec.panels:
            for i, w in self.shown:
                r = w.get_abs_rect()
                if i == p.scene and p.rect.collidepoint(r.center) and not _inside(r, p.rect):
                    self.say(f"{self.name(w)} crosses the edge of its box {p.rect}")
                if i < p.scene and _overlap(p.rect, w.get_abs_rect()):
                    self.say(f"a box of {self.stack[min(p.scene, len(self.stack) - 1)].name} ({p.where}) "
                             f"covers {self.name(w)}")

    def toast_box(self, t: Any) -> pygame.Rect:
        """The toast's pill around its line (as the app draws it)."""
        lay = self.app.layout
        w = min(lay.w - lay.margin * 4, t.rect.width + lay.px(36))
        box = pygame.Rect(0, 0, w, round(t.size * 2.2))
        box.center = t.rect.center
        return box

    def check_toast(self, texts: list[Any]) -> None:
        for toast in (t for t in texts if t.scene == TOAST):
            box = self.toast_box(toast)
            for t in texts:
                if t.scene != TOAST and _overlap(box, t.rect, 1):
                    self.say(f"the toast {toast.what!r} covers {t.what!r} ({t.where})")
            for _, w in self.shown:
                if _overlap(box, w.get_abs_rect(), 1):
                    self.say(f"the toast {toast.what!r} covers {self.name(w)}")

    def check_texts(self) -> None:
        texts = [t for t in self.rec.texts if t.what.strip()]
        self.check_toast(texts)
        for t in texts:
            label = f"{t.what!r} ({t.where})"
            if not _inside(t.rect, self.bounds):
                self.say(f"text {label} off screen at {t.rect}")
            if t.limit is not None and t.rect.width > t.limit + SLACK:
                self.say(f"text {label} is {t.rect.width}px wide, given {t.limit}px")
            if t.fitted < min(t.size, LEGIBLE) or t.fitted < t.size * 0.6:
                self.say(f"text {label} shrunk from {t.size}px to {t.fitted}px to fit")
            if t.box is not None and (t.rect.left < t.box.left - SLACK or t.rect.right > t.box.right + SLACK):
                self.say(f"wrapped line {label} leaves its paragraph {t.box}")
            for p in self.rec.panels:
                if p.scene == t.scene and p.rect.collidepoint(t.rect.center) and not _inside(t.rect, p.rect):
                    self.say(f"text {label} crosses the edge of its box {p.rect}")
            for i, w in self.shown:
                if (i <= t.scene or t.scene == TOAST) and _overlap(t.rect, w.get_abs_rect()):
                    self.say(f"text {label} under {self.name(w)}")
            if self.language == "fa" and not t.literal:
                if _latin_digits(t.what):
                    self.say(f"Latin digits in {label}")
                for wrong in persian_marks(t.what):
                    self.say(f"{wrong} in {label}")
        for n, a in enumerate(texts):
            for b in texts[n + 1:]:
                if a.what == b.what or not (a.scene == b.scene or TOAST in (a.scene, b.scene)):
                    continue
                if _overlap(a.rect, b.rect):
                    self.say(f"texts overlap: {a.what!r} ({a.where}) and {b.what!r} ({b.where})")
                elif a.scene == b.scene and _same_row(a.rect, b.rect):
                    gap = max(a.rect.left, b.rect.left) - min(a.rect.right, b.rect.right)
                    if -2 <= gap < self.app.layout.px(6):
                        self.say(f"texts run together: {a.what!r} ({a.where}) and {b.what!r} ({b.where})")
        for w in self.rec.wraps:
            self.check_cell(w, texts)

    def check_cell(self, w: Any, texts: list[Any]) -> None:
        """A name or a head (two words at most) wrapped onto lines while a line beside it on its row keeps
        one: a cell of a table broken in two."""
        if len(w.lines) < 2 or len(w.what.split()) > 2:
            return
        parts = [t for t in texts if t.scene == w.scene and t.what in w.lines]
        if len(parts) < 2:
            return
        block = parts[0].rect.unionall([t.rect for t in parts[1:]])
        for t in texts:
            if t.scene != w.scene or t in parts or not block.top < t.rect.centery < block.bottom:
                continue
            if t.rect.right <= block.left or t.rect.left >= block.right:
                self.say(f"{w.what!r} ({w.where}) is broken over {len(w.lines)} lines beside {t.what!r}")
                return

    def check_rules(self) -> None:
        margin = self.app.layout.px(10)
        for line in self.rec.rules:
            for p in self.rec.panels:
                r = line.rect
                if p.scene != line.scene or not p.rect.collidepoint(r.center) or r.height > r.width:
                    continue
                if r.top - p.rect.top < margin or p.rect.bottom - r.bottom < margin:
                    self.say(f"a rule ({line.where}) in the margin of its box {p.rect} at y={r.top}")
            for t in self.rec.texts:
                if t.scene == line.scene and t.what.strip() and _overlap(line.rect, t.rect, 1):
                    self.say(f"a rule ({line.where}) through {t.what!r}")

    def check_cards(self) -> None:
        opaque = max((i for i, s in enumerate(self.stack) if s.opaque), default=0)
        if not isinstance(self.stack[opaque], TableScene):
            return
        lay = self.app.layout
        cards = []
        for card, sprite in self.app.table.sprites.items():
            if sprite.target is not None:
                r = lay.card_rect(sprite.x, sprite.y, sprite.scale)
                if not sprite.moving:  # a card in flight passes over what lies in its way
                    cards.append(r)
                if not _inside(r, self.bounds):
                    self.say(f"card {card.symbol} off screen at {r}")
        for t in self.rec.texts:
            if t.scene != opaque or not t.what.strip():
                continue
            if any(p.scene >= t.scene and _inside(t.rect, p.rect) for p in self.rec.panels):
                continue  # a line on a box drawn over the cards
            for r in cards:
                if _overlap(t.rect, r, 1) and not _inside(t.rect, r):
                    self.say(f"text {t.what!r} ({t.where}) runs over a card at {r}")
                    break

    def check_tooltips(self) -> None:
        for element, tip in tooltips(self.app):
            r = tip.rect
            if not _inside(r, self.bounds):
                self.say(f"the tooltip of {self.name(element)} leaves the window at {r}")


def _related(a: Any, b: Any) -> bool:
    """One element is part of the other (a drop-down's button inside the drop-down)."""
    def chain(e: Any) -> list[Any]:
        out = []
        while e is not None:
            out.append(e)
            e = getattr(e, "parent_element", None)
        return out

    return a in chain(b) or b in chain(a) or isinstance(a, pygame_gui.elements.UITooltip) or isinstance(
        b, pygame_gui.elements.UITooltip)


_AUDITS: dict[tuple[str, tuple[int, int]], dict[str, list[str]]] = {}


def audit(language: str, size: tuple[int, int]) -> dict[str, list[str]]:
    key = (language, size)
    if key not in _AUDITS:
        rec = Recorder()
        found: dict[str, list[str]] = {}
        app = picture_app(size, language)  # type: ignore[arg-type]
        restore = watch(rec)
        try:
            for name in tour(app):
                draw_watched(app, rec)
                found[name] = Screen(app, rec, language).check()
        finally:
            restore()
            app.close()
        _AUDITS[key] = found
    return _AUDITS[key]


def _cases() -> list[Any]:
    return [pytest.param(language, size, name, id=f"{language}-{size[0]}x{size[1]}-{name}")
            for language in LANGUAGES for size in SIZES for name in SITUATIONS]


@pytest.mark.slow  # the tour in three languages at three sizes
@pytest.mark.parametrize("language, size, situation", _cases())
def test_every_screen_fits(language, size, situation):
    found = audit(language, size)
    assert situation in found, f"the tour never reached {situation}"
    assert not found[situation], "\n".join(found[situation])


@pytest.mark.slow
def test_the_tour_reaches_every_situation_the_audit_lists():
    assert set(audit("en", (1280, 720))) == set(SITUATIONS)
