"""Every sum reads one way in Persian, left to right as Persian writes mathematics: the replay's result line
as the result panel's, and Hollywood's three games in a cell stand in the order its legend reads them
(game 1 first: at the right on a Persian screen, at the left elsewhere)."""
from types import SimpleNamespace

import pytest
from helpers.apps import _apps
from helpers.screenwatch import Recorder, watch

from game.app.lang import bidi, i18n, text
from game.app.matches.match import Match, MatchSetup
from game.app.pictures.shooting import picture_app
from game.app.pictures.staging import find_hand, play_to_end_of_hand
from game.app.scenes.matchstory import MatchStory
from game.app.scenes.replay_panel import result_lines
from game.engine import NextHand, Phase, hollywood, preset

pytestmark = pytest.mark.usefixtures("close_apps")


def _seen(line: str) -> str:
    """The line as the reader sees it, left to right."""
    return bidi.visual_order(text.shown(line), rtl=text.right_to_left(text.shown(line)))


def test_the_replay_says_its_sum_left_to_right_in_persian():
    app = picture_app((800, 600), "fa")
    _apps.append(app)
    match = find_hand(app, "knock", 0)
    assert match is not None
    r = match.state.last_result
    scene = SimpleNamespace(play=SimpleNamespace(result=r), pos=3, last=3,
                            shim=SimpleNamespace(say=lambda key, seat, **p: i18n.tr(key, name="سارا", **p)))
    points = result_lines(scene)[1]  # type: ignore[arg-type]
    assert i18n.numbers(r.sum_text) in _seen(points), (_seen(points), r.sum_text)


def _hollywood(app) -> Match:
    match = Match(MatchSetup("bot", preset("hollywood"), 5, level="easy"), app.bots)
    for _ in range(3):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER:
            break
        match.apply(NextHand(), None)
    return match


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_hollywood_cells_stand_in_the_order_their_legend_reads(lang):
    app = picture_app((1280, 720), lang)
    _apps.append(app)
    match = _hollywood(app)
    story = MatchStory(app, match, 0, (match.state.scores[0], match.state.scores[1]))
    games = hollywood.sheet(match.state.rules, match.state.history).games
    for seat in (0, 1):
        cell = story.rows()[-1][3 + seat]
        seen = [i18n.numbers(str(g.points[seat])) for g in games]
        if lang == "fa":  # read right to left: game 1 at the right
            seen.reverse()
        assert _seen(cell) == "/".join(seen), (cell, seen)
    assert any(len({g.points[seat] for g in games}) > 1 for seat in (0, 1)), "games alike: the order unseen"


@pytest.mark.parametrize("rules", ["hollywood", "classic"])
def test_the_legend_is_on_hollywood_sheets_only(rules):
    app = picture_app((1280, 720), "en")
    _apps.append(app)
    match = Match(MatchSetup("bot", preset(rules), 5, level="easy"), app.bots)
    play_to_end_of_hand(match)
    rec = Recorder()
    restore = watch(rec)
    try:
        MatchStory(app, match, 0, (0, 0)).draw_sheet(app.screen, app.screen.get_rect().inflate(-80, -80))
    finally:
        restore()
    legend = [t for t in rec.texts if t.what == i18n.tr("sheet.hollywood_order")]
    assert len(legend) == (1 if rules == "hollywood" else 0)
