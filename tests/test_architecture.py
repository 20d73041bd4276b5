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


def test_the_network_imports_only_the_engine():
    bad = {m for m in _imports("game.net") if m.split(".")[0] in ("pygame", "pygame_gui")
           or (m.startswith("game.") and not m.startswith(("game.engine", "game.net")))}
    assert not bad, f"game.net imports {sorted(bad)}"


def test_importing_engine_and_bots_loads_no_pygame():
    code = (
        "import sys; import game.engine, game.bots; "
        "bad=[m for m in sys.modules if m.split('.')[0] in ('pygame','pygame_gui') or m.startswith('game.app')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _app_graph() -> dict[str, set[str]]:
    """Which ``game.app`` modules each ``game.app`` module imports (anywhere in it, type-only imports too)."""
    files = {_module_name(p): p for p in (ROOT / "game" / "app").rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[:len(base) - (node.level - 1)]
                    root = ".".join(base + ([node.module] if node.module else []))
                else:
                    root = node.module or ""
                # "from . import x" names a module; "from .m import f" names m
                targets = [f"{root}.{a.name}" if f"{root}.{a.name}" in files else root for a in node.names]
            for t in targets:
                while t and t not in files:
                    t = t.rpartition(".")[0]
                if t and t != name and t.startswith("game.app"):
                    graph[name].add(t)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles_inside_the_app():
    graph = _app_graph()
    assert "game.app.program.flow" in graph and graph["game.app.program.flow"]  # the graph was really read
    assert _cycles(graph) == []


def test_the_cycle_finder_sees_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _folder(module: str) -> str:
    """The folder of ``game.app`` a module lives in ("" for ``game.app`` itself)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else ""


def _layer_faults(graph: dict[str, set[str]], layers: tuple[str, ...]) -> list[str]:
    """Every import that runs up the declared order or ties two folders both ways."""
    rank = {name: i for i, name in enumerate(layers)}
    faults = []
    for module, targets in sorted(graph.items()):
        here = _folder(module)
        for target in sorted(targets):
            there = _folder(target)
            if here == there or here == "":
                continue
            if here not in rank or there not in rank:
                faults.append(f"{module} -> {target}: a folder missing from LAYERS")
            elif rank[there] > rank[here]:
                faults.append(f"{module} -> {target}: {here} stands below {there}")
    return faults


def test_every_folder_of_the_app_has_its_layer():
    from game.app import LAYERS

    folders = {p.name for p in (ROOT / "game" / "app").iterdir() if (p / "__init__.py").exists()}
    assert folders == set(LAYERS), f"in LAYERS but not a folder, or the other way: {folders ^ set(LAYERS)}"


def test_app_folders_import_only_the_layers_below():
    from game.app import LAYERS

    graph = _app_graph()
    assert len(graph) > 100 and graph["game.app.program.flow"]  # the graph was really read, function-level too
    assert _layer_faults(graph, LAYERS) == []


def test_the_layer_check_sees_a_planted_upward_import(tmp_path, monkeypatch):
    """A module of a low folder that imports a screen, inside a function, is caught."""
    from game.app import LAYERS

    graph = _app_graph()
    graph["game.app.looks.felt"] = graph["game.app.looks.felt"] | {"game.app.scenes.menu"}
    assert _layer_faults(graph, LAYERS) == ["game.app.looks.felt -> game.app.scenes.menu: looks stands below scenes"]
    planted = ROOT / "game" / "app" / "looks" / "felt.py"
    source = planted.read_text(encoding="utf-8") + "\n\ndef _planted():\n    from game.app.program import app\n"
    real_read = pathlib.Path.read_text

    def read(self: pathlib.Path, *args: object, **kwargs: object) -> str:
        return source if self == planted else real_read(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pathlib.Path, "read_text", read)
    assert _layer_faults(_app_graph(), LAYERS) == [
        "game.app.looks.felt -> game.app.program.app: looks stands below program"]


def test_the_app_tests_mirror_the_app_folders():
    from game.app import LAYERS

    tests = ROOT / "tests" / "app"
    assert not list(tests.glob("test_*.py")), "every app test sits in the folder of what it tests"
    folders = {p.name for p in tests.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(LAYERS), f"tests/app/ and game/app/ differ in {folders ^ set(LAYERS)}"
    assert all(list((tests / name).glob("test_*.py")) for name in LAYERS)
