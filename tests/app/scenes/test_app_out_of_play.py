"""The refused first upcard (the classic offer, both players passing) lies in full view: inside the
window, clear of every button, of the piles, of the opponent's cards and of every line on the table,
its own name included, at a small and a large window in every language."""
import pytest
from helpers.apps import _apps
from helpers.screenwatch import Recorder, draw_watched, elements, watch

from game.app.lang import i18n
from game.app.matches.match import MatchSetup
from game.app.pictures.shooting import picture_app
from game.app.pictures.tour import frames, on_top, wait_human
from game.app.scenes.deal import DealScene
from game.app.scenes.play import PlayScene
from game.engine import PassUpcard, Phase, preset

pytestmark = pytest.mark.usefixtures("close_apps")


def _refused(size, lang) -> tuple[object, PlayScene]:
    app = picture_app(size, lang)
    _apps.append(app)
    app.nav.start_match(MatchSetup("bot", preset("classic", 100), 1, level="easy"))
    if isinstance(app.top, DealScene):
        app.top.finish()
    wait_human(app)
    play = on_top(app, PlayScene)
    while play.state.phase is Phase.UPCARD_OFFER and play.human_turn():
        play.human_action(PassUpcard())
        wait_human(app)
    frames(app, 4)
    assert play.state.out_of_play, "the seed no longer has both players pass the upcard"
    return app, play


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_refused_upcard_is_in_full_view(size, lang):
    app, play = _refused(size, lang)
    lay = app.layout
    rects = {}
    for card, sprite in app.table.sprites.items():
        if sprite.target is not None:
            rects[card] = lay.card_rect(sprite.x, sprite.y, sprite.scale)
    out = play.state.out_of_play[0]
    card = rects.pop(out)
    assert app.screen.get_rect().contains(card)
    for other, r in rects.items():
        assert not card.colliderect(r), f"the refused upcard lies on {other.symbol}"
    for pile in (lay.card_rect(lay.stock_x, lay.pile_y), lay.card_rect(lay.discard_x, lay.pile_y)):
        assert not card.colliderect(pile.inflate(lay.px(8), lay.px(8)))
    for element in elements(app):
        assert not card.colliderect(element.get_abs_rect()), f"under {element.most_specific_combined_id}"
    rec = Recorder()
    restore = watch(rec)
    try:
        draw_watched(app, rec)
    finally:
        restore()
    lines = [t for t in rec.texts if t.what.strip()]
    name = [t for t in lines if t.what == i18n.tr("table.out_of_play")]
    assert len(name) == 1 and name[0].rect.bottom <= card.top and abs(name[0].rect.centerx - card.centerx) <= 2
    for t in lines:
        assert not card.colliderect(t.rect), f"{t.what!r} ({t.where}) over the refused upcard"
    for element in elements(app):
        assert not name[0].rect.colliderect(element.get_abs_rect()), element.most_specific_combined_id
