"""Card faces, backs, felts and the byte-bounded surface cache (headless)."""
import threading

import pygame
import pytest

from game.app.config import paths
from game.app.looks import cardart, cardbacks, cardfaces, facelayout, felt
from game.app.looks.cardart import CardStyle
from game.app.looks.layout import Layout
from game.app.looks.surfcache import CACHE, DEFAULT_BUDGET, MB, SurfaceCache, surface_bytes
from game.engine import Card

# card sizes the table shows: hand, opponent, dead cards, result, menu fan; at small to large windows
SIZES = [(36, 50), (45, 63), (60, 87), (62, 87), (72, 101), (80, 112), (100, 140), (112, 157), (120, 174),
         (150, 210), (168, 235), (300, 420)]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    cardart.wait(30)
    CACHE.clear()
    yield
    cardart.wait(30)
    CACHE.clear()


def _colours(surf: pygame.Surface, rect: pygame.Rect) -> set:
    return {tuple(surf.get_at((x, y)))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}


# --- layout: what goes where ----------------------------------------------------------------------


@pytest.mark.parametrize("face", cardart.FACES)
@pytest.mark.parametrize("high_contrast", [False, True])
def test_indices_never_touch_pips_aces_or_pictures(face, high_contrast):
    for w, h in SIZES:
        lay = facelayout.layout(w, h, face, high_contrast)
        card = pygame.Rect(0, 0, w, h)
        index = [r.inflate(2, 2) for r in lay.index_rects()]  # one pixel of paper all round
        for rank in range(13):
            centre = lay.centre_rects(rank)
            for r in centre:
                assert card.contains(r), (face, w, h, rank, r)
                hit = r.collidelist(index)
                assert hit == -1, f"{face} {w}x{h} rank {rank}: {r} touches index {index[hit]}"
            if 1 <= rank <= 9 and w >= 45:
                for i, a in enumerate(centre):  # pips do not touch each other either
                    assert a.collidelist(centre[i + 1:]) == -1, (face, w, h, rank, a)
        for r in lay.index_rects():
            assert card.contains(r)


def test_pip_layouts_are_the_standard_ones():
    lay = facelayout.layout(100, 140)
    for n in range(2, 11):
        pips = lay.pip_rects(n)
        assert len(pips) == n
        assert {r.centerx for r, _ in pips} <= set(lay.cols)
        # half a turn about the centre maps the layout onto itself (not the 7's lone middle pip)
        rects = {tuple(r) for r, _ in pips}
        if n != 7:
            assert {tuple(lay.turned(pygame.Rect(r))) for r in rects} == rects
        assert all(flipped == (r.centery > 70) for r, flipped in pips)
    assert lay.ace.w > lay.pip * 2.5


@pytest.mark.parametrize("face", cardart.FACES)
def test_corner_glyphs_fit_their_box_at_every_size(face):
    for w, h in SIZES:
        lay = facelayout.layout(w, h, face)
        glyphs = cardfaces.glyphs(lay)
        assert len(glyphs.ranks) == 13
        for img in glyphs.ranks:
            assert img.get_width() <= lay.rank_box.w and img.get_height() <= lay.rank_box.h
        assert lay.rank_h >= 7  # legible however small the card
    assert facelayout.layout(100, 140, "large_print").rank_h > facelayout.layout(100, 140).rank_h


def test_painted_corners_stay_in_the_index_rects():
    """Nothing but paper just outside the index, beside it and under it, for every card."""
    for w, h in ((60, 87), (100, 140), (150, 210)):
        lay = facelayout.layout(w, h)
        glyphs = cardfaces.glyphs(lay)
        idx = lay.index
        beside = pygame.Rect(idx.right + 1, idx.top, 1, idx.h)
        below = pygame.Rect(idx.left, idx.bottom + 1, idx.w, 1)
        for i in range(52):
            card = Card(i)
            for art in {False, cardfaces.uses_art(card, "classic")}:  # the quick form, and the picture
                surf = cardfaces.paint(card, lay, False, glyphs, art=art)
                assert _colours(surf, beside) == {cardfaces.PAPER}, (w, h, card, art)
                assert _colours(surf, below) == {cardfaces.PAPER}, (w, h, card, art)
                assert len(_colours(surf, idx)) > 3  # the index is there


# --- faces: art, quick forms, the worker ------------------------------------------------------------


def test_every_court_card_and_the_ace_of_spades_have_their_art_file_and_nothing_else_is_shipped():
    used = set()
    for i in range(52):
        path = cardfaces.art_file(Card(i))
        if path is not None:
            assert path.exists(), path
            used.add(path.name)
    assert len(used) == 13
    shipped = {p.name for p in paths.asset("cards").glob("*.svg")}
    assert shipped == used
    assert (paths.asset("cards") / "LICENSE-processing-MIT.txt").exists()
    assert (paths.asset("cards") / "README.md").exists()


def test_court_faces_come_from_the_art_once_prerendered():
    style = CardStyle()
    cardart.prerender([(100, 140), (72, 101)], style)
    assert cardart.wait(60)
    assert cardart.ready((100, 140), style) and cardart.ready((72, 101), style)
    lay = facelayout.layout(100, 140)
    for code in ("JC", "QD", "KH", "KS"):
        card = Card.parse(code)
        assert cardart.is_ready(card, 100, 140, style)
        surf = cardart.face(card, 100, 140, style)
        quick = cardfaces.paint(card, lay, False, cardfaces.glyphs(lay), art=False)
        # a picture has many more colours than a framed letter
        assert len(_colours(surf, lay.picture)) > max(600, 5 * len(_colours(quick, lay.picture))), code
    spade = cardart.face(Card.parse("AS"), 100, 140, style)
    assert len(_colours(spade, lay.ace)) > 150  # the ornate spade


def test_a_face_not_ready_is_drawn_quick_and_asked_for(monkeypatch):
    asked = []
    monkeypatch.setattr(cardart._worker, "request", lambda sizes, style: asked.append((sizes, style)))
    real_paint = cardfaces.paint
    painted = []

    def paint(*args, **kwargs):
        painted.append(kwargs.get("art", True))
        return real_paint(*args, **kwargs)

    monkeypatch.setattr(cardfaces, "paint", paint)
    style = CardStyle()
    card = Card.parse("QH")
    surf = cardart.face(card, 120, 168, style)
    assert True not in painted  # no picture painted on this frame: the worker paints it
    monkeypatch.setattr(cardfaces, "paint", real_paint)
    assert asked == [([(120, 168)], style)]
    assert not cardart.is_ready(card, 120, 168, style)
    lay = facelayout.layout(120, 168)
    quick = cardfaces.paint(card, lay, False, cardfaces.glyphs(lay), art=False)
    assert pygame.image.tobytes(surf, "RGBA") == pygame.image.tobytes(quick, "RGBA")
    # a pip card is quick to paint: it is the real face at once
    assert cardart.is_ready(Card.parse("7H"), 120, 168, style) is False
    cardart.face(Card.parse("7H"), 120, 168, style)
    assert cardart.is_ready(Card.parse("7H"), 120, 168, style)
    monkeypatch.undo()
    cardart.prerender((120, 168), style)
    assert cardart.wait(60)
    assert cardart.is_ready(card, 120, 168, style)
    assert pygame.image.tobytes(cardart.face(card, 120, 168, style), "RGBA") != pygame.image.tobytes(quick, "RGBA")
    assert ("quick", int(card), 120, 168, ("classic", False, False)) not in CACHE


def test_pictures_are_painted_on_the_worker_thread_only(monkeypatch):
    threads = []
    real = cardfaces._art

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(cardfaces, "_art", spy)
    surface = pygame.Surface((800, 600))
    for i in range(52):
        cardart.draw_face(surface, Card(i), (400, 300), 90, 126, CardStyle())
    assert threading.main_thread() not in threads
    assert cardart.wait(60)
    assert threads and threading.main_thread() not in threads
    assert cardart.ready((90, 126), CardStyle())


def test_prerender_replaces_the_sizes_asked_before():
    style = CardStyle(four_colour=True)
    cardart.prerender([(101, 141), (102, 142), (103, 143)], style)
    cardart.prerender((104, 144), style)
    assert cardart.wait(60)
    assert cardart.ready((104, 144), style)
    assert not cardart.ready((103, 143), style)


def test_large_print_draws_framed_letters_and_no_art(monkeypatch):
    monkeypatch.setattr(cardfaces, "_art", lambda *a, **k: pytest.fail("large print reads no art"))
    style = CardStyle(face="large_print")
    cardart.prerender((100, 140), style)
    assert cardart.wait(60)
    lay = facelayout.layout(100, 140, "large_print")
    king = cardart.face(Card.parse("KS"), 100, 140, style)
    assert len(_colours(king, lay.picture)) < 200
    assert cardart.ready((100, 140), style)


def test_an_unknown_face_or_back_name_draws_the_first():
    assert cardart.face(Card(3), 80, 112, CardStyle(face="nope")).get_size() == (80, 112)
    a = cardart.back(80, 112, CardStyle(back="nope"))
    b = cardart.back(80, 112, CardStyle(back=cardart.BACKS[0]))
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def _index_colour(surf: pygame.Surface, lay) -> tuple:
    """The colour of the rank's strokes: the most common pixel in the rank box that is not paper."""
    counts: dict = {}
    for x in range(lay.rank_box.left, lay.rank_box.right):
        for y in range(lay.rank_box.top, lay.rank_box.bottom):
            c = tuple(surf.get_at((x, y)))[:3]
            if c not in (cardfaces.PAPER, cardfaces.PAPER_HC):
                counts[c] = counts.get(c, 0) + 1
    return max(counts, key=counts.get)


def test_four_colour_and_high_contrast_change_the_index_colour():
    diamond = Card.parse("5D")
    club = Card.parse("9C")
    found = {}
    for name, style in (("plain", CardStyle()), ("four", CardStyle(four_colour=True)),
                        ("contrast", CardStyle(high_contrast=True))):
        lay = facelayout.layout(120, 168, style.face, style.high_contrast)
        found[name] = (_index_colour(cardart.face(diamond, 120, 168, style), lay),
                       _index_colour(cardart.face(club, 120, 168, style), lay))
    assert found["plain"] == (cardfaces.RED, cardfaces.BLACK)
    assert found["four"] == (cardfaces.FOUR[1], cardfaces.FOUR[0])
    assert found["contrast"] == (cardfaces.RED_HC, cardfaces.BLACK_HC)
    # the court pictures keep their colours, their corner follows the style
    king = Card.parse("KD")
    style = CardStyle(four_colour=True)
    cardart.prerender((120, 168), style)
    assert cardart.wait(60)
    lay = facelayout.layout(120, 168)
    assert _index_colour(cardart.face(king, 120, 168, style), lay) == cardfaces.FOUR[1]


# --- backs, felts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("window", [(800, 600), (1920, 1080)])
def test_every_back_renders_at_the_card_sizes_of_a_window(window):
    lay = Layout(window)
    pictures = []
    for name in cardart.BACKS:
        for scale in (1.0, lay.opp_scale):
            w, h = round(lay.cw * scale), round(lay.ch * scale)
            for hc in (False, True):
                surf = cardart.back(w, h, CardStyle(back=name, high_contrast=hc))
                assert surf.get_size() == (w, h)
                assert surf.get_at((0, 0)).a < 128 and surf.get_at((w // 2, h // 2)).a == 255  # rounded corners
        pictures.append(pygame.image.tobytes(cardart.back(lay.cw, lay.ch, CardStyle(back=name)), "RGBA"))
        assert cardbacks.label_key(name) == "settings.card_back." + name
    assert len(set(pictures)) == len(cardart.BACKS)
    assert len(cardart.BACKS) >= 3
    stock = cardart.stack(lay.cw, lay.ch, 3, CardStyle())
    assert stock.get_width() > lay.cw


def _noted(made: list, surf):
    made.append(surf.get_size())
    return surf


@pytest.mark.parametrize("window", [(800, 600), (1920, 1080)])
def test_every_felt_renders_with_depth(window, monkeypatch):
    w, h = window
    made = []  # the pictures painted pixel by pixel: a small tile and a small shade map, whatever the window
    for part in ("_tile", "_shade"):
        real = getattr(felt, part)
        monkeypatch.setattr(felt, part, lambda *a, real=real: _noted(made, real(*a)))
    for name in felt.FELTS:
        assert felt.build(window, name).get_size() == window
        surf = felt.surface(window, name)
        assert surf.get_size() == window
        assert felt.surface(window, name) is surf  # cached
        centre = surf.get_at((w // 2, h // 2))
        corner = surf.get_at((2, 2))
        assert sum(corner[:3]) < sum(centre[:3]) * 0.8  # a vignette
        row = _colours(surf, pygame.Rect(w // 2 - 50, h // 2, 100, 1))
        assert len(row) > 5  # a grain, not a flat fill
        dark = felt.surface(window, name, dark=True)
        assert sum(dark.get_at((w // 2, h // 2))[:3]) < sum(centre[:3])
        assert felt.label_key(name) == "settings.felt." + name
        swatch = felt.preview(name, (96, 60))
        assert swatch.get_size() == (96, 60)
    assert len(felt.FELTS) >= 3
    assert made and all(size in ((felt.TILE, felt.TILE), felt.SHADE) for size in made), made


def test_the_chosen_felt_is_drawn_when_none_is_named():
    try:
        felt.choose("blue")
        assert felt.current() == "blue"
        a = felt.surface((200, 100))
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(felt.surface((200, 100), "blue"), "RGB")
        felt.choose("nonsense")
        assert felt.current() == felt.FELTS[0]
    finally:
        felt.choose(felt.FELTS[0])


def test_preview_shows_a_back_and_two_faces():
    img = cardart.preview((60, 84), CardStyle(back="green"))
    assert img.get_width() > 60 * 2 and img.get_height() >= 84


# --- memory ----------------------------------------------------------------------------------------


def test_the_cache_is_bounded_by_bytes_and_forgets_the_least_recently_used():
    cache = SurfaceCache(budget=1 * MB)
    a = cache.put("a", pygame.Surface((256, 256), pygame.SRCALPHA))  # 256 KB
    cache.put("b", pygame.Surface((256, 256), pygame.SRCALPHA))
    cache.put("c", pygame.Surface((256, 256), pygame.SRCALPHA))
    assert cache.get("a") is a  # a is now the most recently used
    cache.put("d", pygame.Surface((256, 256), pygame.SRCALPHA))
    cache.put("e", pygame.Surface((256, 256), pygame.SRCALPHA))
    assert "b" not in cache and "a" in cache and "e" in cache
    assert cache.nbytes <= cache.budget and cache.nbytes == sum(surface_bytes(cache.get(k)) for k in "acde")
    big = pygame.Surface((1024, 1024), pygame.SRCALPHA)  # larger than the whole budget: not kept
    assert cache.put("big", big) is big and "big" not in cache
    cache.reserve("faces", 4 * MB)
    assert cache.budget == 5 * MB
    cache.reserve("faces", 0)
    assert cache.budget == 1 * MB
    cache.discard("a")
    assert "a" not in cache


def test_many_window_sizes_keep_every_card_and_felt_surface_under_budget():
    """Resizing a window again and again used to leave every size's surfaces behind (hundreds of MB)."""
    style = CardStyle()
    peak = 0
    for i in range(40):
        window = (800 + i * 28, 600 + i * 12)
        lay = Layout(window)
        felt.surface(window)
        felt.surface(window, dark=True)
        for scale in (1.0, lay.opp_scale, 0.62):
            w, h = round(lay.cw * scale), round(lay.ch * scale)
            for c in range(0, 52, 3):
                if not cardfaces.uses_art(Card(c), "classic"):
                    cardart.face(Card(c), w, h, style)
            cardart.back(w, h, style)
            cardart.shadow(w, h)
        peak = max(peak, CACHE.nbytes)
        assert CACHE.nbytes <= CACHE.budget
    assert CACHE.budget <= DEFAULT_BUDGET * 1.5
    assert peak <= CACHE.budget and CACHE.evictions > 0
    assert cardart.wait(120)
    assert CACHE.nbytes <= CACHE.budget


def test_faces_asked_for_at_many_sizes_do_not_pile_up_work_or_budget():
    style = CardStyle()
    king = Card.parse("KC")
    for i in range(20):
        cardart.face(king, 60 + i, 84 + i, style)
    assert len(cardart._worker._kept) <= cardart.MAX_SIZES
    assert CACHE.budget <= DEFAULT_BUDGET * 1.5
    assert cardart.wait(120)
    assert cardart.is_ready(king, 79, 103, style)  # the last size asked for is painted
