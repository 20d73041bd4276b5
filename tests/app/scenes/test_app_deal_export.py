"""Fair hands played through the app's own code, under one seal and one seed kept all match, are kept
in the history with their seal and secret, exported from History (and from the result's details) to
a folder the player picks, and ``python -m game.verify`` and ``tools/verify_deal.py`` accept every one
and refuse the same file changed in any bound part; Continue deals on from the saved seal; a save
whose secret or seal was replaced is noticed, in the player's language; a player's own cut keeps its
name after the match is saved and continued."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers.apps import _apps, frames

from game.app.config.settings import Settings
from game.app.lang import i18n, text
from game.app.matches.match import MatchSetup
from game.app.pictures.staging import MemoryStore, play_to_end_of_hand
from game.app.program.app import App
from game.app.records.stats import Stats
from game.app.scenes.cut import CutScene
from game.app.scenes.deal_details import DealDetailsScene
from game.app.stage.crash import SilentCrashLog
from game.app.stage.services import Services
from game.app.stage.sound import SilentSound
from game.app.storage import SilentStore
from game.app.storage.resume import open_envelope, seal_envelope
from game.engine import MatchState, Phase, preset
from game.verify import check_lines

pytestmark = pytest.mark.usefixtures("close_apps")

ROOT = Path(__file__).resolve().parents[3]
SEED = "words only I know"


def make(tmp_path, lang="en", store: SilentStore | None = None, size: tuple[int, int] = (1280, 720)) -> App:
    text.reset()
    stats = Stats(tmp_path / "stats.sqlite3", background=False)
    services = Services(store=store or SilentStore(), stats=stats, sound=SilentSound(), crash=SilentCrashLog())
    app = App(size=size, settings=Settings(language=lang, animation="instant"), services=services)
    _apps.append(app)
    app.nav.seed = 70
    app.nav.fair = True
    return app


def cut(app: App, seed: str = SEED) -> None:
    """The player at the cut screen types their seed when the match's seal asks for one (once a match)
    and presses Enter; the deal follows."""
    assert isinstance(app.top, CutScene)
    if app.top.chain.player_seed is None:
        shown = app.top.chain.commitment
        app.top.seed_changed(seed)
        assert app.top.chain.commitment == shown and app.top.chain.player_seed is None
    app.top.key(pygame.K_RETURN)
    for _ in range(50):
        frames(app, 1)
        if not isinstance(app.top, CutScene):
            return
    raise AssertionError("the cut did not deal")


def play_fair_hands(app: App, setup: MatchSetup, hands: int, seed: str = SEED):
    app.nav.start_match(setup)
    cut(app, seed)
    match = app.nav.match
    for n in range(hands):
        play_to_end_of_hand(match)
        if match.state.phase is Phase.MATCH_OVER or n == hands - 1:
            break
        app.nav.next_hand(match)
        cut(app)
    return match


def export_from_history(app: App, out: Path) -> Path:
    """History, the match chosen, "Deal check...", a folder picked in the file dialog: the file written."""
    app.nav.show_history()
    h = app.top
    assert h.entry is None and h.selected == 0  # the newest match chosen in the list: all its hands
    h.files.ask_export_deals()
    assert isinstance(h.dialog, pygame_gui.windows.UIFileDialog) and h.dialog.allow_picking_directories
    out.mkdir()
    h.handle_event(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=h.dialog, text=str(out)))
    files = list(out.glob("*.jsonl"))
    assert len(files) == 1, app.scenes.toast_text
    return files[0]


def verify_file(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.verify", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def _changed(record: dict) -> dict[str, dict]:
    card = dict(record, order=list(record["order"]))
    card["order"][40], card["order"][41] = card["order"][41], card["order"][40]
    secret = dict(record, secret=("0" if record["secret"][0] != "0" else "1") + record["secret"][1:])
    dealer = dict(record, dealer=1 - record["dealer"], hands=[record["hands"][1], record["hands"][0]])
    seed = dict(record, player_seed=record["player_seed"] + " ")
    return {"a card": card, "a byte of the secret": secret, "the dealer": dealer, "the player's seed": seed}


def test_fair_hands_exported_from_history_verify_and_any_change_is_refused(tmp_path):
    app = make(tmp_path)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 7, level="easy"), 2)
    played = len(match.state.history)
    path = export_from_history(app, tmp_path / "out")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == played >= 2
    records = [json.loads(line) for line in lines]
    assert all(r["version"] == 3 and r["player_seed"] == SEED for r in records)
    assert len({r["commitment"] for r in records}) == 1 and [r["link"] for r in records] == list(range(1, played + 1))
    run = verify_file(path)
    assert run.returncode == 0 and run.stdout.count(": OK") == played, run.stdout + run.stderr
    single = subprocess.run([sys.executable, str(ROOT / "tools" / "verify_deal.py"), str(path)],
                            capture_output=True, text=True, timeout=120)
    assert single.returncode == 0, single.stdout
    for name, bad in _changed(records[1]).items():  # the same file with one bound part changed
        ok, report = check_lines([lines[0], json.dumps(bad), lines[-1]])
        assert not ok and "DOES NOT MATCH" in report[1] and "OK" in report[0], name
    path.write_text("\n".join([lines[0], json.dumps(_changed(records[1])["the dealer"])]) + "\n", encoding="utf-8")
    assert verify_file(path).returncode == 1


def test_the_history_keeps_the_seal_of_every_finished_fair_hand(tmp_path):
    app = make(tmp_path)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 9, level="easy"), 2)
    app.services.stats.flush()
    hands = app.nav.history().hands(match.info.match_id)
    finished = [h.record for h in hands if h.record is not None and h.record.complete]
    assert finished and all(r.fair is not None and r.fair.secret is not None for r in finished)
    assert all(r.fair.player_seed == SEED and r.fair.version == 3 for r in finished)


def test_the_result_details_export_one_hand_that_verifies(tmp_path):
    app = make(tmp_path)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 11, level="easy"), 1)
    app.nav.show_result(match, 0)
    frames(app, 2)
    words, ok = app.top.deal_check()
    assert ok and words.startswith("Deal checked") and not any(ch.isdigit() for ch in words)
    app.top.deal_details()
    details = app.top
    assert isinstance(details, DealDetailsScene)
    shown = " ".join(w for w, _, _ in details.rows())
    assert match.state.deal.secret.hex()[:8] in shown.replace(" ", "") and SEED in shown
    details.ask_export()
    assert isinstance(details.dialog, pygame_gui.windows.UIFileDialog)
    out = tmp_path / "one"
    out.mkdir()
    details.handle_event(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=details.dialog,
                                            text=str(out)))
    (path,) = out.glob("*.jsonl")
    assert verify_file(path).returncode == 0
    # the toast names the folder in words of one hand, never the whole path
    assert app.scenes.toast_text == "1 hand exported to the folder one" and str(tmp_path) not in app.scenes.toast_text
    # the panel's buttons stood aside for the dialog and are back; the next export opens where this one went
    assert all(w.visible for w in details.widgets) and app.settings.export_folder == str(out)
    details.ask_export()
    assert details.dialog is not None and not any(w.visible for w in details.widgets)
    assert details.dialog.current_directory_path == str(out.resolve())


@pytest.mark.parametrize("lang", ["en", "fa", "ru"])
def test_the_details_promise_no_cards_they_do_not_show_and_say_you_cut_in_the_second_person(tmp_path, lang):
    app = make(tmp_path, lang)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 11, level="easy"), 1)
    app.nav.show_result(match, 0)
    frames(app, 2)
    app.top.deal_details()
    shown = [w for w, _, _ in app.top.rows()]
    deal = match.state.revealed_deal()
    dealer = match.state.last_result.dealer
    assert shown[0] == i18n.tr("deal.ok") and "these cards" not in shown[0] and "эти карты" not in shown[0]
    assert i18n.tr("deal.cut.you", n=deal.cut) in shown
    assert not any(f" {i18n.tr('seat.you')}" in w for w in shown)  # never a name "You" mid-sentence
    assert match.say("deal.dealt", dealer, hand=deal.hand_no + 1) in shown


@pytest.mark.parametrize("lang, size", [("en", (800, 600)), ("fa", (1920, 1080)), ("ru", (800, 600))])
def test_the_cut_says_its_order_once_and_its_details_keep_the_deck_and_a_cursor_in_the_seed(tmp_path, lang, size):
    app = make(tmp_path, lang, size=size)
    app.nav.start_match(MatchSetup("bot", preset("van"), 11, level="easy"))
    scene = app.top
    assert isinstance(scene, CutScene)
    assert i18n.tr("cut.title") not in i18n.tr("cut.hint")  # the order once, in the title
    scene.toggle_details()
    frames(app, 1)
    details = scene.details
    assert details is not None and details.entry is not None and details.entry.is_focused
    assert details.entry.edit_position == len(details.entry.get_text()) and details.entry.cursor_on
    deck, w, h = scene.deck_rect(), app.layout.w, app.layout.h
    assert deck.top > scene.buttons_y() + app.layout.button_h > details.rect.bottom and deck.bottom <= h
    assert deck.left >= 0 and deck.right <= w
    click = (deck.left + scene.card_size()[0] // 2 + 1, deck.centery)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=click))
    assert scene.cutting and scene.cut == (52 if app.layout.mirror else 1)


def test_a_hot_seat_cut_keeps_its_cutters_name_after_continue(tmp_path):
    app = make(tmp_path)
    match = play_fair_hands(app, MatchSetup("hotseat", preset("van"), 13, names=("Ava", "Ben")), 1)
    cutter = match.name(1 - match.state.last_result.dealer)
    saved = MatchState.from_json(match.state.to_json())
    app.services.store.load_match = lambda: (saved, match.info)
    assert app.nav.continue_match()
    resumed = app.nav.match
    assert resumed is not match and resumed.seal().by_player
    app.nav.show_result(resumed, None)
    frames(app, 2)
    words, ok = app.top.deal_check()
    assert ok and cutter in words and "game" not in words


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_a_save_whose_secret_was_replaced_is_noticed_in_the_players_language(tmp_path, lang):
    app = make(tmp_path, lang)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 15, level="easy"), 1)
    data = match.state.to_dict()
    data["deal"]["secret"] = "ab" * 32
    app.services.store.load_match = lambda: (MatchState.from_dict(data), match.info)
    assert app.nav.continue_match()
    assert app.scenes.toast_text == i18n.tr("notice.deal_seal") and app.scenes.toast_text != "notice.deal_seal"
    assert app.nav.match.fair  # the next hands are sealed again


def test_v_among_a_matchs_hands_exports_the_chosen_hand(tmp_path):
    app = make(tmp_path)
    play_fair_hands(app, MatchSetup("bot", preset("van"), 17, level="easy"), 2)
    app.nav.show_history()
    h = app.top
    h.open()
    h.select(1)
    h.key(pygame.K_v)
    assert h.dialog is not None
    out = tmp_path / "hand"
    out.mkdir()
    h.handle_event(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, ui_element=h.dialog, text=str(out)))
    (path,) = out.glob("deal-*-hand2.jsonl")
    (line,) = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["hand"] == 2 and check_lines([line])[0]


def verify_single(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "verify_deal.py"), str(path)],
                          capture_output=True, text=True, timeout=120)


def test_a_seed_with_line_breaks_kept_all_match_exports_hands_both_checkers_accept(tmp_path):
    app = make(tmp_path)
    seed = "one\u2028two\u0085three\rfour"
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 19, level="easy"), 3, seed=seed)
    path = export_from_history(app, tmp_path / "out")
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    assert len(lines) == len(match.state.history) >= 2
    assert all(json.loads(line)["player_seed"] == seed for line in lines)
    run, single = verify_file(path), verify_single(path)
    assert run.returncode == 0 and run.stdout.count(": OK") == len(lines), run.stdout + run.stderr
    assert single.returncode == 0, single.stdout + single.stderr


def test_continue_after_a_save_deals_on_from_the_same_seal(tmp_path):
    app = make(tmp_path, store=MemoryStore())
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 21, level="easy"), 1)
    assert match.state.phase is Phase.HAND_OVER
    shown = match.chain.commitment
    app.nav.to_menu()
    assert app.nav.continue_match()
    resumed = app.nav.match
    assert resumed is not match and resumed.chain is not None and resumed.chain.commitment == shown
    app.nav.next_hand(resumed)
    assert isinstance(app.top, CutScene) and app.top.chain.player_seed == SEED  # the seed is not asked again
    cut(app)
    assert resumed.state.deal.link == 2 and resumed.seal().commitment == shown
    play_to_end_of_hand(resumed)
    line = resumed.state.export_hand()
    ok, report = check_lines([line])
    assert ok and json.loads(line)["hand"] == 2 and json.loads(line)["commitment"] == shown, report
    out = tmp_path / "hand2.jsonl"
    out.write_text(line + "\n", encoding="utf-8")
    assert verify_single(out).returncode == 0


def test_a_save_whose_seal_was_replaced_is_noticed_and_the_next_hand_is_sealed_again(tmp_path):
    store = MemoryStore()
    app = make(tmp_path, store=store)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 23, level="easy"), 1)
    data = open_envelope(json.loads(store._match))
    data["seal"]["root"] = "cd" * 32
    store._match = seal_envelope(data)
    app.nav.to_menu()
    assert app.nav.continue_match()
    assert app.scenes.toast_text == i18n.tr("notice.deal_chain") and app.nav.match.chain is None
    app.nav.next_hand(app.nav.match)
    assert isinstance(app.top, CutScene) and app.top.chain.player_seed is None  # a new seal, the seed asked
    assert app.top.chain.commitment != match.chain.commitment and app.top.chain.first_hand == 2


def test_a_new_seed_mid_match_seals_the_match_again_before_the_seed_is_taken(tmp_path):
    app = make(tmp_path)
    match = play_fair_hands(app, MatchSetup("bot", preset("van"), 25, level="easy"), 1)
    old = match.chain.commitment
    app.nav.next_hand(match)
    scene = app.top
    assert isinstance(scene, CutScene) and scene.chain.player_seed == SEED
    scene.make_seed()  # "New seed"
    assert scene.chain.commitment != old and scene.chain.player_seed is None and scene.chain.first_hand == 2
    shown = scene.chain.commitment
    scene.key(pygame.K_RETURN)
    frames(app, 3)
    deal = match.state.deal
    assert deal.link == 1 and match.seal().commitment == shown and deal.player_seed == scene.seed_text != SEED
    play_to_end_of_hand(match)
    assert check_lines([match.state.export_hand()])[0]
