"""Every vocabulary once: presets, levels, opponents, table kinds, each rule switch's values and how a hand
ends are declared in the engine (``game/engine/parameters.py``, ``rules.py``, ``scoring.py``) and nowhere
else in ``game/`` is such a list written out: a tuple, list or set of the same words, a ``Literal`` of
them, or a dict keyed by them.  Other modules import the declaration, or build from it."""
import ast
import pathlib

import pytest

from game.engine import LEVELS, OPPONENTS, PARAMETERS, PRESET_NAMES, RULE_NAMES, TABLE_KINDS
from game.engine.scoring import KINDS

ROOT = pathlib.Path(__file__).resolve().parent.parent
DECLARING = {"game/engine/parameters.py", "game/engine/rules.py", "game/engine/scoring.py"}

# Lists still written out in modules this change does not reach; each names the declaration to import.
# The list can only shrink: an entry whose list is gone fails test_pending_entries_are_still_there.
PENDING: set[tuple[str, str]] = set()


def vocabularies() -> dict[str, tuple[object, ...]]:
    """Each declared vocabulary by name.  Numbers count only three or more at a time, in their order: a pair
    like (0, 100) or (2, 3) is as likely a range or a size as a switch's values."""
    found: dict[str, tuple[object, ...]] = {
        "LEVELS": LEVELS, "OPPONENTS": OPPONENTS, "TABLE_KINDS": TABLE_KINDS, "PRESET_NAMES": PRESET_NAMES,
        "RULE_NAMES": RULE_NAMES, "HAND_KINDS": KINDS,
    }
    for p in PARAMETERS:
        if p.kind is str or (p.kind is int and len(p.choices) > 2):
            found["rules." + p.name] = p.choices
    return found


def _same(values: list[object], vocab: tuple[object, ...]) -> bool:
    """Words in any order are a copy; numbers only in the declared order."""
    if all(isinstance(v, str) for v in vocab):
        return len(values) == len(vocab) and set(values) == set(vocab)
    return tuple(values) == vocab


def _literal_lists(tree: ast.AST) -> list[tuple[int, list[object]]]:
    """Every tuple, list or set of plain values (two or more), and every dict's plain keys, with their line."""
    out = []
    for node in ast.walk(tree):
        items: list[ast.expr | None] = []
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = list(node.keys)
        if len(items) > 1 and all(isinstance(e, ast.Constant) for e in items):
            values = [e.value for e in items if isinstance(e, ast.Constant)]
            if not any(isinstance(v, bool) for v in values):
                out.append((node.lineno, values))
    return out


def copies(source: str, known: dict[str, tuple[object, ...]]) -> list[tuple[int, str]]:
    """(line, vocabulary) for every list in ``source`` that holds exactly a declared vocabulary's values."""
    return [(line, name) for line, values in _literal_lists(ast.parse(source))
            for name, vocab in known.items() if _same(values, vocab)]


def _found() -> dict[tuple[str, str], list[int]]:
    known = vocabularies()
    found: dict[tuple[str, str], list[int]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel not in DECLARING:
            for line, name in copies(path.read_text(encoding="utf-8"), known):
                found.setdefault((rel, name), []).append(line)
    return found


def test_no_vocabulary_is_written_out_twice():
    stray = {f"{path}:{lines} repeats {name}": None for (path, name), lines in _found().items()
             if (path, name) not in PENDING}
    assert not stray, "import these from game.engine instead: " + ", ".join(stray)


def test_pending_entries_are_still_there():
    gone = PENDING - set(_found())
    assert not gone, f"no longer written out, take out of PENDING: {gone}"


@pytest.mark.parametrize("planted, name", [
    ('LEVELS = ("easy", "medium", "hard")', "LEVELS"),
    ('OPPONENTS = ["hard", "easy", "hotseat", "medium"]', "OPPONENTS"),
    ('Kind = Literal["three", "pairs"]', "TABLE_KINDS"),
    ('ROWS = {"van": 1, "classic": 2, "straight": 3, "hollywood": 4}', "PRESET_NAMES"),
    ("OFFERS = ('none', 'classic', 'hoyle')", "rules.upcard_offer"),
    ("TIMERS = [0, 15, 20, 30, 40, 60]", "rules.turn_timer"),
    ("BIG = (31, 50, None)", "rules.big_gin_bonus"),
])
def test_a_planted_copy_is_found(planted, name):
    assert [n for _, n in copies(planted, vocabularies())] == [name]
    built = 'LEVELS = get_args(Level)\nWAYS = ("two", "three", "pairs", "daily")\nRANGE = (0, 100)\nC = (20, 20, 25)'
    assert copies(built, vocabularies()) == []


def test_the_simulator_takes_its_presets_and_switches_from_the_declaration(capsys):
    from game import sim

    for p in PARAMETERS:  # every value a switch offers, typed as a word, is taken
        for value in p.choices:
            word = "none" if value is None else str(value).lower()
            assert getattr(sim.build_rules("van", None, [sim.parse_switch(f"{p.name}={word}")]), p.name) == value
    with pytest.raises(ValueError, match="big_gin_bonus must be one of 31, 50, none, not 40"):
        sim.build_rules("van", None, [sim.parse_switch("big_gin_bonus=40")])
    with pytest.raises(SystemExit):
        sim.main(["--preset", "oklahoma"])
    assert "choose from " + ", ".join(map(repr, PRESET_NAMES)) in capsys.readouterr().err
