"""No visible string is written in code: every word on screen comes from the translation files.

Two nets: the source is scanned for words handed straight to a text or widget call, and the real
screens are rendered in Persian and Russian while every string drawn or put on a widget is caught
and checked for English words.
"""
from __future__ import annotations

import ast
import pathlib
import unicodedata

import pytest
from helpers.apps import frames, make_app
from helpers.texts import english_words, widget_texts

from game.app.config import paths
from game.app.lang import text
from game.app.matches.match import Match, MatchSetup
from game.engine import DrawStock, NextHand, Phase, preset

pytestmark = pytest.mark.usefixtures("close_apps")

APP = pathlib.Path(__file__).resolve().parents[3] / "game" / "app"

# call name -> positions of its text argument (our text module, the app, pygame-gui widgets)
TEXT_POSITIONS = {
    "draw": (1,), "render": (0,), "measure": (0,), "fit_size": (0,), "wrap": (0,), "draw_wrapped": (1,),
    "chip": (1,), "toast": (0,), "set_caption": (0,), "set_text": (0,), "widget_text": (0,),
    "UIButton": (1,), "UILabel": (1,), "UITextBox": (0,), "UIConfirmationDialog": (1,),
    "render_line": (1,), "render_wrapped": (1,), "prepare_for_widget": (0,),
}
TEXT_KEYWORDS = {"text", "tool_tip_text", "placeholder_text", "window_title", "action_long_desc",
                 "action_short_name", "html_text", "initial_text", "title", "message", "label"}
# pygame.draw.* and friends take no text: only these receivers count for "draw"/"render"
TEXT_RECEIVERS = {"text", "rtl", "self", "pygame_gui", "elements", "windows", "cardart", "app", "font", "f"}


def _has_word(node: ast.AST) -> bool:
    """A literal with a letter in it (parts of f-strings and concatenations included)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(unicodedata.category(c).startswith("L") for c in node.value)
    if isinstance(node, ast.JoinedStr):
        return any(_has_word(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _has_word(node.left) or _has_word(node.right)
    if isinstance(node, ast.IfExp):
        return _has_word(node.body) or _has_word(node.orelse)
    return False


def _name(func: ast.AST) -> tuple[str, str]:
    if isinstance(func, ast.Attribute):
        owner = func.value
        base = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        return func.attr, base
    return getattr(func, "id", ""), ""


def literal_texts(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` hands a written-in word to something that shows text."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name, owner = _name(node.func)
        if name in ("draw", "render") and owner not in TEXT_RECEIVERS:
            continue
        args = [node.args[i] for i in TEXT_POSITIONS.get(name, ()) if i < len(node.args)]
        if name in TEXT_POSITIONS or name.startswith("UI") or name == "button":
            args += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        for arg in args:
            if _has_word(arg):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(arg)}")
    return found


def test_the_scan_catches_a_word_written_in_code():
    bad = '''
text.draw(surface, "Hello", 12, INK, (0, 0))
self.button(rect, "menu.start", "#start", go, text=f"Start {n}")
pygame_gui.elements.UILabel(rect, "Score:", manager)
self.app.toast("Saved " + name)
'''
    good = '''
text.draw(surface, tr("menu.start"), 12, INK, (0, 0), "midleft")
text.draw(surface, str(n) + " · " + tr("x"), 12, INK, (0, 0))
pygame.draw.rect(surface, GOLD, rect)
self.button(rect, "menu.start", "#start", go, class_id="@primary")
'''
    assert len(literal_texts(bad)) == 4
    assert literal_texts(good) == []


def test_no_visible_word_is_written_in_the_apps_code():
    found = []
    for path in sorted(APP.rglob("*.py")):
        found += literal_texts(path.read_text(encoding="utf-8"), str(path.relative_to(APP)))
    assert not found, "use tr() and a translation key for: " + "; ".join(found)


# --- the real screens in fa and ru ---------------------------------------------------------------







@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_every_screen_shows_no_english_word(monkeypatch, tmp_path, lang):
    from game.app.matches.meta import MatchMeta
    from game.app.pictures.staging import find_result, play_to_end_of_hand
    from game.app.records.stats import Stats
    from game.app.scenes.overlays import PauseScene, RulesScene
    from game.app.scenes.stats import StatsScene

    monkeypatch.setenv(paths.ENV_HOME, str(tmp_path))
    app = make_app(monkeypatch, lang)
    drawn: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda s, *a, **k: drawn.append(s) or real(s, *a, **k))
    seen: dict[str, list[str]] = {}

    def look(name: str, n: int = 3) -> None:
        drawn.clear()
        frames(app, n)
        app.draw()
        seen[name] = drawn + widget_texts(app)

    app.nav.to_menu()
    look("menu")
    db = Stats(tmp_path / "s.sqlite3", background=False)
    match = Match(MatchSetup("bot", preset("classic", 50), 3, level="easy"), app.bots)
    meta = MatchMeta("bot", names=("", ""), bot_level="easy", bot_seat=1)
    match.listeners.append(lambda m, a, ev: db.record_events(meta, m.state.rules, ev))
    for _ in range(40):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER:
            break
        match.apply(NextHand(), None)
    app.services.stats = db
    app.push(StatsScene(app))
    look("stats")
    app.top.ask_reset()
    look("stats reset dialog")
    app.pop()
    app.push(RulesScene(app, preset("classic", 50)))
    look("rules")
    app.nav.start_match(MatchSetup("bot", preset("van"), 41, level="medium"))
    if app.top.name == "cut":  # a match that deals fairly starts with the seal and the cut
        look("cut")  # its details show hex digits and SHA-256 as they are, in every language
        app.top.do_cut(30)
        frames(app, 2)
    if app.top.name == "deal":
        app.top.finish()
    for _ in range(400):
        if app.top.name == "play" and app.top.human_turn():
            break
        frames(app, 1)
    if app.top.state.phase is Phase.DRAW:
        app.top.human_action(DrawStock())
    look("play")
    app.push(PauseScene(app))
    look("pause")
    app.top.rules()
    look("rules from pause")
    for kind in ("knock", "gin"):
        m = find_result(app, kind)
        if m is not None:
            app.nav.match = m
            app.nav.begin_play(m)
            app.nav.show_result(m, 0)
            look("result " + kind)
    app.nav.show_match_over(match)
    look("match over")
    app.nav.start_match(MatchSetup("hotseat", preset("van"), 5, names=("Ava", "Ben")))
    app.top.finish()
    look("hot-seat curtain")
    db.close()
    found = {name: english_words(strings) for name, strings in seen.items()}
    assert all(seen.values()) and len(seen) >= 10
    assert not any(found.values()), {k: v for k, v in found.items() if v}
