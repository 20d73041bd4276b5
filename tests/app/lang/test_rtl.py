"""Persian text: joined letters read right to left, digits and Latin the right way round, in our own
text and in pygame-gui widgets, single lines and wrapped.  Pictures are compared with what the
shaping library (SDL_ttf with HarfBuzz) draws for each piece on its own."""
import json
import random
import re

import pygame
import pytest

from game.app.config import paths
from game.app.lang import bidi, rtl

FONT = str(paths.font("DejaVuSans.ttf"))
INK = (0, 0, 0)


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    return pygame.font.Font(FONT, 24)


def shaped(font, text, rtl_direction):
    """What SDL_ttf/HarfBuzz itself draws for ``text`` (no reordering of ours)."""
    font.set_script("Arab" if rtl_direction else "Latn")
    font.set_direction(pygame.DIRECTION_RTL if rtl_direction else pygame.DIRECTION_LTR)
    try:
        return font.render(text, False, INK)
    finally:
        font.set_script("Latn")
        font.set_direction(pygame.DIRECTION_LTR)


def ink(surface):
    return pygame.mask.from_surface(surface, 127)


def find(big, small) -> list[int]:
    """x positions where ``small``'s ink appears in ``big`` exactly (same height, same font)."""
    b, s = ink(big), ink(small)
    window = pygame.mask.Mask(s.get_size(), fill=True)
    need = s.count()
    hits = []
    for x in range(b.get_size()[0] - s.get_size()[0] + 1):
        if b.overlap_area(s, (x, 0)) == need and b.overlap_area(window, (x, 0)) == need:
            hits.append(x)
    return hits


# --- the algorithm ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, rtl_paragraph, seen", [
    ("امتیاز 25 است", True, "تسا 25 زایتما"),
    ("امتیاز ۲۵ است", True, "تسا ۲۵ زایتما"),
    ("بازی Gin Rummy خوب است", True, "تسا بوخ Gin Rummy یزاب"),
    ("علی (Ali) برد", True, "درب (Ali) یلع"),
    ("Player علی scored 25", False, "Player یلع scored 25"),
    ("Player علی scored 25", None, "Player یلع scored 25"),
    ("امتیاز: " + bidi.ltr_isolate("14 - 8 = 6"), True, "14 - 8 = 6 :زایتما"),
    ("بیگ\u200cجین!", True, "!نیج\u200cگیب"),
    ("۵۰٪ باقی", True, "یقاب ۵۰٪"),
    ("K♠ را بینداز", True, "زادنیب ار K♠"),
    ("امتیاز Sara ۲۰", True, "Sara ۲۰ زایتما"),
    ("امتیاز " + bidi.isolate("Sara") + " ۲۰", True, "۲۰ Sara زایتما"),
    ("Hello", True, "Hello"),
    ("", True, ""),
])
def test_display_order(text, rtl_paragraph, seen):
    assert bidi.visual_order(text, rtl_paragraph) == seen


def test_the_renderer_string_is_the_display_order_backwards():
    """The right-to-left renderer reverses the line and mirrors brackets: undo that and we must see the
    display order, for any mix of Persian, Latin, digits, brackets and punctuation."""
    alphabet = list("ابپتجچدرزسشکگلمنوهی") + list("ABCxyz") + list("0123456789۰۱۲۳") + list(" ()-+.,:%=!?[]«»")
    mirror = str.maketrans("()[]{}<>«»", ")(][}{><»«")
    rng = random.Random(4)
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        for direction in (True, False):
            assert bidi.for_rtl_renderer(text, direction)[::-1].translate(mirror) == bidi.visual_order(text, direction)


def test_odd_text_never_breaks_the_layout(font):
    for text in ("\u2066" * 3000 + "abc ابت", "\u2067" * 500 + "12", "\u2069\u2069 ب", "\u202e ب a", "\n",
                 "\u200c\u200d", "ً", " " * 5):
        assert len(bidi.visual_order(text, True)) <= len(text)
        rtl.render_line(font, text.replace("\n", ""), INK, rtl=True)


def test_widget_text_keeps_ltr_runs_on_one_line():
    prepared = bidi.prepare_for_widget("بازی Gin Rummy خوب است\nخط 2", "fa")
    assert "ymmuR\u00a0niG" in prepared and prepared.count("\n") == 1
    assert bidi.prepare_for_widget("Gin Rummy 25", "ru") == "Gin Rummy 25"


def test_persian_digits():
    assert bidi.localize_digits("14 - 8 = 6", "fa") == "۱۴ - ۸ = ۶"
    assert bidi.localize_digits("14 - 8 = 6", "ru") == "14 - 8 = 6"


# --- pictures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["امتیاز", "بیگ\u200cجین", "نچیده", "دورریز"])
def test_persian_words_are_drawn_as_harfbuzz_shapes_them(font, word):
    ours = rtl.render_line(font, word, INK, rtl=True, antialias=False)
    theirs = shaped(font, word, True)
    assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA")
    # Joined: different from the same letters kept apart with zero-width non-joiners.
    apart = shaped(font, "\u200c".join(word), True)
    assert pygame.image.tobytes(apart, "RGBA") != pygame.image.tobytes(theirs, "RGBA")


@pytest.mark.parametrize("text, pieces", [
    ("امتیاز 25 است", ["است", "25", "امتیاز"]),
    ("امتیاز ۲۵ است", ["است", "۲۵", "امتیاز"]),
    ("بازی Gin Rummy خوب است", ["است", "خوب", "Gin Rummy", "بازی"]),
    ("ناک با 14 و 8", ["8", "و", "14", "با", "ناک"]),
])
def test_mixed_lines_show_each_piece_in_reading_order(font, text, pieces):
    """Each piece, as HarfBuzz draws it alone, appears once, from left to right in display order."""
    line = rtl.render_line(font, text, INK, rtl=True, antialias=False)
    xs = []
    for piece in pieces:
        ltr = not bidi.has_rtl(piece)
        hits = find(line, shaped(font, piece, not ltr))
        assert len(hits) == 1, (piece, hits)
        xs.append(hits[0])
    assert xs == sorted(xs)
    if "25" in text:
        assert find(line, shaped(font, "52", False)) == []


def test_english_and_russian_lines_are_untouched(font):
    for text in ("Deadwood 25 (knock)", "Дедвуд 25: стук"):
        assert pygame.image.tobytes(rtl.render_line(font, text, INK, antialias=False), "RGBA") == \
            pygame.image.tobytes(shaped(font, text, False), "RGBA")


PARAGRAPH = ("در این بازی هر بازیکن ۱۰ کارت دارد. وقتی نچیده شما 10 یا کمتر شد می\u200cتوانید ناک کنید "
             "(Knock). جین یعنی 0 نچیده و ۲۵ امتیاز جایزه دارد.")


def test_wrapped_lines_keep_their_order_and_fit(font):
    width = 300
    lines = rtl.wrap_lines(font, PARAGRAPH, width, rtl=True)
    assert len(lines) >= 3
    assert " ".join(lines) == PARAGRAPH  # wrapped in reading order, nothing lost
    assert all(rtl.line_width(font, line, True) <= width for line in lines)
    surface = rtl.render_wrapped(font, PARAGRAPH, INK, width, rtl=True, antialias=False)
    first_word = shaped(font, PARAGRAPH.split(" ")[0], True)
    first_row = surface.subsurface((0, 0, width, first_word.get_height()))
    hits = find(first_row.copy(), first_word)
    assert hits and hits[-1] + first_word.get_width() >= width - 2  # the first word starts at the right


def test_pygame_gui_text_box_wraps_persian_in_reading_order(tmp_path):
    pygame_gui = pytest.importorskip("pygame_gui")
    pygame.font.init()
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((640, 480))
        fonts = bidi.widget_fonts(18)
        theme = {block: {"font": fonts} for block in ("label", "text_box", "button", "text_entry_line")}
        theme["text_box"]["misc"] = {"text_horiz_alignment": "right"}
        theme_file = tmp_path / "theme.json"
        theme_file.write_text(json.dumps(theme), encoding="utf-8")
        manager = pygame_gui.UIManager((640, 480), str(theme_file), starting_language="en")
        rtl.prepare_manager(manager, "fa", font_sizes=(18,))
        prepared = bidi.prepare_for_widget(PARAGRAPH, "fa")
        box = pygame_gui.elements.UITextBox(prepared, pygame.Rect(10, 10, 320, 300), manager)
        label = pygame_gui.elements.UILabel(pygame.Rect(10, 320, 400, 40),
                                            bidi.prepare_for_widget("امتیاز 25 است", "fa"),
                                            manager)
        manager.update(0.01)
        manager.draw_ui(screen)
        font = box.ui_theme.get_font(box.combined_element_ids)
        assert font.get_direction() == pygame.DIRECTION_RTL
        rows = ["".join(getattr(item, "text", "") for item in row.items) for row in box.text_box_layout.layout_rows]
        rows = [r.strip() for r in rows if r.strip()]
        assert len(rows) >= 3
        # Each row is a slice of the prepared text in order: the widget wraps in reading order.
        assert re.sub(r"\s+", " ", " ".join(rows)) == re.sub(r"\s+", " ", prepared)
        assert rows[0].startswith("در این بازی")
        assert label.font.get_direction() == pygame.DIRECTION_RTL
        marked = bidi.prepare_for_widget("<b>جین</b> یعنی 0 نچیده &lt;Gin Rummy&gt;", "fa")
        assert marked == "<b>جین</b> یعنی 0 نچیده &lt;ymmuR\u00a0niG&gt;"
        styled = pygame_gui.elements.UITextBox(marked, pygame.Rect(10, 360, 320, 100), manager)
        manager.update(0.01)
        styled_rows = ["".join(getattr(i, "text", "") for i in row.items) for row in styled.text_box_layout.layout_rows]
        assert "".join(styled_rows).replace(" ", "") == "جینیعنی0نچیده<ymmuR\u00a0niG>".replace(" ", "")
        chunks = [i for row in styled.text_box_layout.layout_rows for i in row.items if getattr(i, "text", "").strip()]
        assert all(c.font.get_direction() == pygame.DIRECTION_RTL for c in chunks)  # the bold one too
        first_row = [c for c in chunks if c in styled.text_box_layout.layout_rows[0].items]
        assert first_row[0].text == "جین" and first_row[0].x > first_row[1].x  # chunks placed right to left
    finally:
        pygame.display.quit()  # SDL catches SIGTERM while video is up; give it back for later tests


# --- translations -----------------------------------------------------------------------------

I18N = paths.I18N
PLACEHOLDER = re.compile(r"\{(\w*)\}")
SCRIPT = {"fa": re.compile(r"[\u0600-\u06ff]"), "ru": re.compile(r"[\u0400-\u04ff]")}


def load(lang):
    data = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict) and all(isinstance(v, str) and v.strip() for v in data.values()), lang
    return data


@pytest.mark.parametrize("lang", ["fa", "ru"])
def test_translations_have_the_same_keys_and_placeholders(lang):
    en, other = load("en"), load(lang)
    missing = sorted(set(en) - set(other))
    extra = sorted(set(other) - set(en))
    assert not missing and not extra, f"{lang}.json: translate {missing}; remove {extra}"
    wrong = [k for k in en if sorted(PLACEHOLDER.findall(en[k])) != sorted(PLACEHOLDER.findall(other[k]))]
    assert not wrong, f"{lang}.json: placeholders differ from en.json in {wrong}"
    untranslated = [k for k in en if re.search(r"[A-Za-z]{3}", PLACEHOLDER.sub("", en[k]))
                    and not SCRIPT[lang].search(other[k])]
    assert not untranslated, f"{lang}.json: still in English: {untranslated}"


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_shipped_font_has_every_letter_of_every_translation(font, lang):
    import pygame.freetype  # only to ask the font which characters it has (it reports None for a gap)

    pygame.freetype.init()
    cmap = pygame.freetype.Font(FONT, 16)
    assert cmap.get_metrics("\u4e2d") == [None]  # the check can fail
    chars = sorted({c for text in load(lang).values() for c in text if c.isprintable() and not c.isspace()})
    missing = [c for c, m in zip(chars, cmap.get_metrics("".join(chars)), strict=True) if m is None]
    assert not missing, f"DejaVu Sans lacks {missing}"
    if lang == "fa":
        for text in load(lang).values():
            for line in text.split("\n"):
                assert rtl.render_line(font, line, INK, rtl=True).get_width() > 0
