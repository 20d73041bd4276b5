"""The arrows point one way: the engine knows nothing of pygame, the bots or the app."""
import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _imports(package: str) -> set[str]:
    found = set()
    for path in (ROOT / package.replace(".", "/")).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and node.module:
                    found.add(node.module)
                elif node.level >= 2 and node.module:
                    found.add("game." + node.module)
    return found


def test_engine_imports_no_pygame_nor_other_layers():
    bad = {m for m in _imports("game.engine") if m.split(".")[0] in ("pygame", "pygame_gui")
           or m.startswith(("game.app", "game.bots"))}
    assert not bad, f"game.engine imports {sorted(bad)}"


def test_bots_import_only_the_engine():
    bad = {m for m in _imports("game.bots") if m.split(".")[0] in ("pygame", "pygame_gui")
           or (m.startswith("game.") and not m.startswith("game.engine"))}
    assert not bad, f"game.bots imports {sorted(bad)}"


def test_importing_engine_and_bots_loads_no_pygame():
    code = (
        "import sys; import game.engine, game.bots; "
        "bad=[m for m in sys.modules if m.split('.')[0] in ('pygame','pygame_gui') or m.startswith('game.app')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
