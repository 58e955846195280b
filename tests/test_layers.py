"""The layers, read from the source (ast): what each part of the code may import.

    scoring              the rules: the standard library only
    companion.data       the store: scoring, and its own third-party packages (TinyDB)
    companion.access     who may do what: data, scoring
    companion.services   live games, files, figures: data, scoring
    companion.server     serving: the above, and Flet where it must (admission, fonts)
    companion.ui         the screens: anything

Flet is imported only by companion.ui and companion.server. Imports under `if TYPE_CHECKING:` are
for annotations and never run, so they are not counted; the last test checks what really loads."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRST_PARTY = {"scoring", "companion"}
# Layer → the first-party layers it may import (besides itself).
MAY_IMPORT = {
    "scoring": set(),
    "companion.data": {"scoring"},
    "companion.access": {"scoring", "companion.data"},
    "companion.services": {"scoring", "companion.data"},
    "companion.server": {"scoring", "companion.data", "companion.access", "companion.services"},
    "companion.ui": {"scoring", "companion.data", "companion.access", "companion.services", "companion.server"},
}
FLET = {"flet", "flet_web", "flet_charts"}
MAY_IMPORT_FLET = {"companion.ui", "companion.server"}


def layer_of(module: str) -> str:
    parts = module.split(".")
    return parts[0] if parts[0] == "scoring" else ".".join(parts[:2])


def is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST) -> list[str]:
    """The absolute modules a source imports when it runs (relative imports stay in their package)."""
    found: list[str] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and is_type_checking(node):
            found += [n for child in node.orelse for n in imports(ast.Module(body=[child], type_ignores=[]))]
            continue
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.append(node.module)
        else:
            found += imports(node)
    return found


def sources(layer: str) -> list[Path]:
    folder = ROOT.joinpath(*layer.split("."))
    return sorted(p for p in folder.rglob("*.py") if "web" not in p.relative_to(folder).parts)


def imported_by(layer: str) -> dict[str, set[str]]:
    """Each source file of `layer` → the modules it imports."""
    return {str(p.relative_to(ROOT)): set(imports(ast.parse(p.read_text(encoding="utf-8")))) for p in sources(layer)}


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_a_layer_imports_only_the_layers_under_it(layer):
    wrong = {
        path: sorted(m for m in modules if m.split(".")[0] in FIRST_PARTY and layer_of(m) not in MAY_IMPORT[layer] | {layer})
        for path, modules in imported_by(layer).items()
    }
    assert {path: found for path, found in wrong.items() if found} == {}


def test_scoring_needs_nothing_but_the_standard_library():
    outside = {
        path: sorted(m for m in modules if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "scoring")
        for path, modules in imported_by("scoring").items()
    }
    assert {path: found for path, found in outside.items() if found} == {}


@pytest.mark.parametrize("layer", sorted(set(MAY_IMPORT) - MAY_IMPORT_FLET))
def test_only_the_screens_and_the_server_import_flet(layer):
    with_flet = [path for path, modules in imported_by(layer).items() if any(m.split(".")[0] in FLET for m in modules)]
    assert with_flet == []


def test_the_checks_see_an_import(tmp_path):
    """The reader above finds imports in functions and blocks, and skips only TYPE_CHECKING ones."""
    source = "import os\nif TYPE_CHECKING:\n    import flet\nelse:\n    import json\ndef f():\n    from companion.ui import app\n"
    assert imports(ast.parse(source)) == ["os", "json", "companion.ui"]


def module_imports(path: Path) -> set[str]:
    """The first-party modules `path` imports as it loads (top level, relative ones resolved; an import
    inside a function runs later and cannot make a cycle at import time)."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        children = node.orelse if isinstance(node, ast.If) and is_type_checking(node) else [node]
        for child in children:
            if isinstance(child, ast.Import):
                found |= {alias.name for alias in child.names}
            elif isinstance(child, ast.ImportFrom):
                base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1]) if child.level else ""
                module = ".".join(part for part in (base, child.module) if part)
                submodules = {
                    f"{module}.{alias.name}"
                    for alias in child.names
                    if (ROOT / f"{module}.{alias.name}".replace(".", "/")).with_suffix(".py").exists()
                }
                found |= submodules or {module}
    return {m for m in found if m.split(".")[0] in FIRST_PARTY and m != name}


def test_no_import_cycles():
    """Module-level imports form no cycle (the registry once imported the play screen that imported it)."""
    paths = [p for layer in ("scoring", "companion") for p in sources(layer)]
    graph = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): module_imports(p) for p in paths}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import cycle: " + " → ".join((*path[path.index(module) :], module))
        if module in done or module not in graph:
            return
        for imported in sorted(graph[module]):
            visit(imported, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_lower_layers_load_no_flet_at_run_time():
    """Transitively too: importing every module of scoring, data, access and services leaves Flet unloaded."""
    program = (
        "import importlib, pkgutil, sys\n"
        "for name in ('scoring', 'companion.data', 'companion.access', 'companion.services'):\n"
        "    package = importlib.import_module(name)\n"
        "    for module in pkgutil.walk_packages(package.__path__, name + '.'):\n"
        "        importlib.import_module(module.name)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'flet_web', 'flet_charts') or m.startswith('companion.ui')))\n"
    )
    out = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
