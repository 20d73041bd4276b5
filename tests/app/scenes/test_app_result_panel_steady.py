"""The hand result's panel keeps one size and its buttons one place from hand to hand at a given window,
whatever it holds: a layoff line, a dead hand's words, a gin's short sum, the match's last Continue."""
import pytest
from helpers.apps import _apps

from game.app.matches.match import Match, MatchSetup
from game.app.pictures.shooting import picture_app
from game.app.pictures.staging import find_hand, play_to_end_of_hand
from game.app.pictures.tour import frames, on_top
from game.app.scenes.result import ResultScene
from game.engine import NextHand, Phase, preset

pytestmark = pytest.mark.usefixtures("close_apps")


def _places(app, match: Match) -> tuple:
    app.nav.match = match
    app.nav.begin_play(match)
    app.nav.show_result(match, 0)
    frames(app, 3)
    result = on_top(app, ResultScene)
    plan = result.panel_plan()
    assert result.next_button is not None
    return tuple(plan.rect), tuple(result.next_button.get_abs_rect()), tuple(plan.coach)


def _last_hand(app) -> Match | None:
    """A short match played to its end: its last result's button says Continue."""
    for seed in range(1, 40):
        match = Match(MatchSetup("bot", preset("classic", 50), seed, level="easy"), app.bots)
        for _ in range(30):
            play_to_end_of_hand(match)
            if match.state.phase is Phase.MATCH_OVER:
                return match
            match.apply(NextHand(), None)
    return None


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_panel_and_its_buttons_stay_put_from_hand_to_hand(size, lang):
    app = picture_app(size, lang)
    _apps.append(app)
    hands = [find_hand(app, "knock", 1, layoffs=True), find_hand(app, "knock", 0),
             find_hand(app, "gin", None), find_hand(app, "undercut", None), find_hand(app, "dead", None),
             _last_hand(app)]
    assert all(m is not None for m in hands)
    assert hands[0].state.last_result.layoffs and not hands[1].state.last_result.layoffs
    seen = {_places(app, m) for m in hands if m is not None}
    assert len(seen) == 1, seen
