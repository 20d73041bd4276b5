"""The engine's shape: its modules import each other in no circle, and none grows past the size guideline."""
import ast
import graphlib
import pathlib

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "game" / "engine"
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 250


def _trees():
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(ENGINE.glob("*.py"))}


def test_engine_modules_import_each_other_in_no_circle():
    graph = {}
    for name, tree in _trees().items():
        if name == "__init__":
            continue
        deps = set()
        for node in ast.walk(tree):  # every import, those inside functions and type-checking blocks too
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps.update([node.module] if node.module else [a.name for a in node.names])
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.engine."):
                deps.add(node.module.split(".")[2])
        graph[name] = deps
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as e:
        raise AssertionError(f"engine modules import each other in a circle: {e.args[1]}") from None


def test_engine_modules_and_classes_stay_small():
    big = []
    for name, tree in _trees().items():
        lines = (ENGINE / f"{name}.py").read_text(encoding="utf-8").count("\n")
        if lines > MAX_MODULE_LINES:
            big.append(f"{name}.py: {lines} lines")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES:
                big.append(f"{name}.py: class {node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not big, f"over the size guideline ({MAX_MODULE_LINES} lines a module, {MAX_CLASS_LINES} a class): {big}"
