"""Saves: every phase round-trips exactly; a damaged save is refused with SaveError and nothing else."""
import copy
import json
import random

import pytest
from helpers.positions import BIG_GIN, DEF_14, KNOCK_8, card, rig

from game.engine import (
    CLASSIC,
    MAX_SAVE_BYTES,
    VAN,
    BigGin,
    DrawDiscard,
    DrawStock,
    IllegalAction,
    Knock,
    MatchState,
    PassUpcard,
    Phase,
    SaveError,
    TakeUpcard,
    TimerMove,
    check_save_size,
    new_match,
)
from game.engine.scoring import MAX_HAND_POINTS


def positions():
    """One match in each phase and sub-state the save format has to carry."""
    out = {}
    offer, _ = new_match(CLASSIC, seed=21, computer_seat=0)
    out["offer, non-dealer asked"] = offer.copy()
    offer.apply(PassUpcard())
    out["offer, dealer asked"] = offer.copy()
    retired = offer.copy()
    retired.apply(PassUpcard())
    out["draw, upcard out of play"] = retired
    hoyle, _ = new_match(VAN.with_(upcard_offer="hoyle"), seed=22)
    hoyle.apply(PassUpcard())
    hoyle.apply(PassUpcard())
    out["draw, stock only"] = hoyle
    taken, _ = new_match(CLASSIC, seed=23)
    taken.apply(TakeUpcard())
    out["discard, upcard taken"] = taken
    draw, _ = new_match(VAN, seed=24)
    out["draw"] = draw.copy()
    draw.apply(DrawDiscard())
    out["discard, taken from pile"] = draw.copy()
    draw.apply(TimerMove())
    draw.apply(DrawStock())
    out["discard, from stock"] = draw
    dead, _ = new_match(VAN, seed=25)
    while dead.phase is not Phase.HAND_OVER:
        dead.apply(TimerMove())
    out["hand over, dead"] = dead
    knock = rig(VAN, hands=(KNOCK_8, DEF_14), phase=Phase.DISCARD, to_act=0)
    knock.apply(Knock(card("KS")))
    out["hand over, knock"] = knock
    big = rig(VAN, hands=(BIG_GIN, DEF_14), phase=Phase.DISCARD, to_act=0)
    big.apply(BigGin())
    out["hand over, big gin"] = big
    over = rig(VAN.with_(target=5, line_bonus=25, game_bonus=100), hands=(KNOCK_8, DEF_14),
               phase=Phase.DISCARD, to_act=0)
    over.apply(Knock(card("KS")))
    assert over.phase is Phase.MATCH_OVER
    out["match over"] = over
    return out


POSITIONS = positions()


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_round_trip_is_exact_in_every_phase(name):
    state = POSITIONS[name]
    text = state.to_json()
    loaded = MatchState.from_json(text)
    assert loaded == state
    assert loaded.to_dict() == state.to_dict()
    assert loaded.to_json() == text
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.last_result == state.last_result
    assert (loaded.final == state.final)
    # and play goes on identically
    if state.legal_actions():
        action = state.legal_actions()[-1]
        a, b = state.copy(), loaded
        assert a.apply(action) == b.apply(action)
        assert a == b


def test_the_save_is_plain_json_with_a_format_and_version():
    data = json.loads(POSITIONS["draw"].to_json())
    assert data["format"] == "gin-rummy-match" and data["version"] == 1
    assert isinstance(data["hands"][0][0], str)


def _base(name="discard, taken from pile"):
    return POSITIONS[name].to_dict()


def _other_card(d, where):
    """A card held somewhere other than ``where``."""
    for key in ("stock", "discard"):
        if key != where and d[key]:
            return d[key][0]
    return d["hands"][1][0]


def damaged_saves():
    cases = {}

    def case(name, change, base="discard, taken from pile"):
        d = _base(base)
        change(d)
        cases[name] = d

    case("a card twice", lambda d: d["stock"].__setitem__(0, d["hands"][0][0]))
    case("51 cards", lambda d: d["stock"].pop())
    case("53 cards", lambda d: d["stock"].append("AS") if "AS" not in d["stock"] else d["stock"].append("2S"))
    case("bad phase", lambda d: d.__setitem__("phase", "lunch"))
    case("phase of wrong type", lambda d: d.__setitem__("phase", 3))
    case("newer version", lambda d: d.__setitem__("version", 3))
    case("version zero", lambda d: d.__setitem__("version", 0))
    case("version as text", lambda d: d.__setitem__("version", "1"))
    case("not our format", lambda d: d.__setitem__("format", "chess"))
    case("no format", lambda d: d.pop("format"))
    case("scores not matching history", lambda d: d.__setitem__("scores", [5, 0]))
    case("hands won not matching history", lambda d: d.__setitem__("hands_won", [1, 0]))
    case("score as text", lambda d: d.__setitem__("scores", ["0", 0]))
    case("negative score", lambda d: d.__setitem__("scores", [-1, 0]))
    case("seed as text", lambda d: d.__setitem__("seed", "seven"))
    case("hands as text", lambda d: d.__setitem__("hands", "AS 2S"))
    case("three hands", lambda d: d.__setitem__("hands", d["hands"] + [[]]))
    case("card as number", lambda d: d["stock"].__setitem__(0, 5))
    case("not a card", lambda d: d["stock"].__setitem__(0, "ZZ"))
    case("to_act as float", lambda d: d.__setitem__("to_act", float(d["to_act"])))
    case("dealer as bool", lambda d: d.__setitem__("dealer", True))
    case("dealer as float", lambda d: d.__setitem__("dealer", 1.0))
    case("stock_only as text", lambda d: d.__setitem__("stock_only", "no"))
    case("rules not an object", lambda d: d.__setitem__("rules", [1, 2]))
    case("rule of wrong type", lambda d: d["rules"].__setitem__("knock_limit", "10"))
    case("rule as float", lambda d: d["rules"].__setitem__("target", 100.0))
    case("unknown rule", lambda d: d["rules"].__setitem__("jokers", 2))
    case("history not a list", lambda d: d.__setitem__("history", {}))
    case("history entry of unknown kind", lambda d: d["history"].append({"kind": "draw", "hand_no": 0,
                                                                         "dealer": 0}))
    case("missing field", lambda d: d.pop("stock"))
    case("discard phase with ten cards", lambda d: d["discard"].append(d["hands"][0].pop()))
    case("draw phase with eleven cards", lambda d: d.__setitem__("phase", "draw"))
    case("taken card not in hand", lambda d: d.__setitem__("taken_card", _other_card(d, "hands")))
    case("nobody to act mid-hand", lambda d: d.__setitem__("to_act", None))
    case("to act between hands", lambda d: d.__setitem__("to_act", 0), base="hand over, knock")
    case("hand over with nine cards", lambda d: d["discard"].append(d["hands"][0].pop()),
         base="hand over, knock")
    case("offer to the wrong player", lambda d: d.__setitem__("to_act", d["dealer"]),
         base="offer, non-dealer asked")
    case("offer with offers off", lambda d: d["rules"].__setitem__("upcard_offer", "none"),
         base="offer, non-dealer asked")
    case("stock too small in play", lambda d: d["discard"].extend([d["stock"].pop() for _ in range(30)]),
         base="discard, from stock")
    case("stock at the dead count after a pile draw",
         lambda d: d["discard"].extend([d["stock"].pop() for _ in range(29)]))
    case("stock at the dead count on a draw", lambda d: d["discard"].extend([d["stock"].pop() for _ in range(29)]),
         base="draw")
    case("match over without a winner", lambda d: d.__setitem__("phase", "match_over"),
         base="hand over, knock")
    case("target reached but not over", lambda d: d["rules"].__setitem__("target", 5), base="hand over, knock")
    case("knock limit above ten", lambda d: d.__setitem__("knock_limit", 11))
    case("knock limit not from the rules", lambda d: d.__setitem__("knock_limit", 7))
    case("Oklahoma limit not from the upcard",
         lambda d: (d["rules"].__setitem__("oklahoma", True),
                    d.__setitem__("knock_limit", 9 if d["upcard"][0] not in "9" else 8)))
    case("two cards out of play", lambda d: d["out_of_play"].extend([d["stock"].pop(), d["stock"].pop()]))
    case("save is a list", lambda d: None)
    cases["save is a list"] = [cases["save is a list"]]
    return cases


DAMAGED = damaged_saves()


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_damaged_save_is_refused_with_save_error(name):
    with pytest.raises(SaveError) as info:
        MatchState.from_dict(DAMAGED[name])
    assert str(info.value)  # says why
    with pytest.raises(SaveError):
        MatchState.from_json(json.dumps(DAMAGED[name]))


@pytest.mark.parametrize("text", [
    "", "hello", "{", "[]", "null", "42", '"save"', "{}", b"\xff\xfe\x00", "[" * 100_000,
])
def test_text_that_is_not_a_save_is_refused(text):
    with pytest.raises(SaveError):
        MatchState.from_json(text)


def test_truncated_saves_are_refused():
    text = POSITIONS["hand over, knock"].to_json()
    for cut in range(0, len(text) - 1, 37):
        with pytest.raises(SaveError):
            MatchState.from_json(text[:cut])


def test_not_text_is_refused():
    with pytest.raises(SaveError):
        MatchState.from_json(None)


def test_save_error_is_a_value_error_with_a_clear_message():
    with pytest.raises(SaveError, match="newer version"):
        MatchState.from_dict(DAMAGED["newer version"])
    with pytest.raises(SaveError, match="appears twice"):
        MatchState.from_dict(DAMAGED["a card twice"])
    with pytest.raises(SaveError, match="51 cards"):
        MatchState.from_dict(DAMAGED["51 cards"])
    with pytest.raises(SaveError, match="unknown phase"):
        MatchState.from_dict(DAMAGED["bad phase"])
    assert issubclass(SaveError, ValueError)


# ---------------------------------------------------------------- fuzzing

_ODD_VALUES = [None, True, False, 0, 1, 2, -1, 3, 10, 31, 2.5, 1.0, 10 ** 30, "", "AS", "KD", "ZZ",
               "draw", "discard", "match_over", [], {}, [0], ["AS"], ["AS", "AS"], {"kind": "knock"}]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _mutate(data, rng):
    d = copy.deepcopy(data)
    paths = [p for p in _paths(d) if p]
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        path = rng.choice(paths)
        parent = d
        try:
            for key in path[:-1]:
                parent = parent[key]
            key = path[-1]
            move = rng.randrange(5)
            if move == 0:
                parent[key] = rng.choice(_ODD_VALUES)
            elif move == 1:
                parent.pop(key) if isinstance(parent, dict) else parent.pop(key)
            elif move == 2 and isinstance(parent, list):
                parent.insert(key, parent[key])
            elif move == 3 and isinstance(parent[key], list) and parent[key]:
                rng.shuffle(parent[key])
                parent[key].pop()
            else:
                other = rng.choice(paths)
                holder = d
                for k in other[:-1]:
                    holder = holder[k]
                parent[key] = copy.deepcopy(holder[other[-1]])
        except (KeyError, IndexError, TypeError, AttributeError):
            pass  # the path moved under an earlier change: try the next one
    return d


def _must_load_or_refuse(data):
    try:
        state = MatchState.from_dict(data)
    except SaveError:
        return False
    # what loads must be a sound game: invariants hold, it saves the same, and it plays on
    state.check_invariants()
    assert MatchState.from_json(state.to_json()) == state
    for _ in range(80):
        actions = state.legal_actions()
        if not actions:
            break
        if state.phase is Phase.HAND_OVER:
            break
        try:
            state.apply(TimerMove())
        except IllegalAction:
            state.apply(actions[0])
        state.check_invariants()
    return True


def test_fuzzed_saves_load_or_are_refused_with_save_error_only():
    rng = random.Random("fuzz-dicts")
    bases = [s.to_dict() for s in POSITIONS.values()]
    loaded = refused = 0
    for _ in range(3000):
        if _must_load_or_refuse(_mutate(rng.choice(bases), rng)):
            loaded += 1
        else:
            refused += 1
    assert refused > 1000 and loaded > 0  # the fuzzer reaches both outcomes


def test_fuzzed_save_texts_load_or_are_refused_with_save_error_only():
    rng = random.Random("fuzz-text")
    texts = [s.to_json() for s in POSITIONS.values()]
    alphabet = '{}[]",:0123456789 truefalsnASKDHC_'
    for _ in range(1500):
        text = list(rng.choice(texts))
        for _ in range(rng.choice((1, 2, 4))):
            i = rng.randrange(len(text))
            op = rng.randrange(3)
            if op == 0:
                text[i] = rng.choice(alphabet)
            elif op == 1:
                del text[i]
            else:
                text.insert(i, rng.choice(alphabet))
        try:
            state = MatchState.from_json("".join(text))
        except SaveError:
            continue
        state.check_invariants()


# ---------------------------------------------------------------- sane ranges and sizes


def _with(change, base="hand over, knock"):
    d = _base(base)
    change(d)
    return d


OUT_OF_RANGE = {
    "hand number": (lambda d: d.__setitem__("hand_no", 10**30), "hand_no is out of range"),
    "turn count": (lambda d: d.__setitem__("turns", 10**30), "turns is out of range"),
    "score": (lambda d: d.__setitem__("scores", [10**30, 0]), "score is out of range"),
    "score just above what a hand can reach": (lambda d: d.__setitem__("scores", [100 + MAX_HAND_POINTS + 1, 0]),
                                               "score is out of range"),
    "hands won": (lambda d: d.__setitem__("hands_won", [10**30, 0]), "hands won is out of range"),
    "points in the history": (lambda d: d["history"][0].__setitem__("points", 10**30), "out of range"),
    "hand number in the history": (lambda d: d["history"][0].__setitem__("hand_no", 10**30), "out of range"),
    "turns in the history": (lambda d: d["history"][0].__setitem__("turns", 10**30), "out of range"),
    "knock limit": (lambda d: d.__setitem__("knock_limit", 10**30), "knock_limit is out of range"),
    "seed": (lambda d: d.__setitem__("seed", 2**300), "seed is out of range"),
    "negative seed": (lambda d: d.__setitem__("seed", -(2**300)), "seed is out of range"),
}


@pytest.mark.parametrize("name", sorted(OUT_OF_RANGE))
def test_numbers_out_of_any_sane_range_are_refused(name):
    change, message = OUT_OF_RANGE[name]
    data = _with(change)
    with pytest.raises(SaveError, match=message) as info:
        MatchState.from_dict(data)
    assert len(str(info.value)) < 200  # a huge number is described, not written out
    with pytest.raises(SaveError, match=message):
        MatchState.from_json(json.dumps(data))


def test_large_but_sane_numbers_still_load():
    data = _with(lambda d: (d.__setitem__("hand_no", 5000), d.__setitem__("turns", 400),
                            d.__setitem__("seed", 2**200)))
    state = MatchState.from_dict(data)
    assert (state.hand_no, state.turns, state.seed) == (5000, 400, 2**200)


def test_a_save_text_above_the_size_limit_is_refused_before_parsing():
    text = POSITIONS["draw"].to_json()
    padded = text + " " * (MAX_SAVE_BYTES - len(text.encode()))
    assert MatchState.from_json(padded) == POSITIONS["draw"]  # at the limit: fine
    for too_big in (padded + " ", (padded + " ").encode(), "[" * (MAX_SAVE_BYTES + 1),
                    text + "é" * (MAX_SAVE_BYTES // 2)):
        with pytest.raises(SaveError, match="too large"):
            MatchState.from_json(too_big)
    with pytest.raises(SaveError, match="too large"):
        check_save_size(b"x" * (MAX_SAVE_BYTES + 1))
    check_save_size(text)
