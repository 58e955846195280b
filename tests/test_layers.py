"""The layers, read from the source (ast): what each part of the code may import.

    scoring              the rules: the standard library only
    companion.data       the store: scoring, and its own third-party packages (TinyDB)
    companion.access     who may do what: data, scoring
    companion.services   live games, files, figures: data, scoring
    companion.server     serving: the above, and Flet where it must (admission, fonts)
    companion.ui         the screens: anything, but a screen (companion/ui/views) reaches the store
                         only through companion.services, never companion.data
    companion.bootstrap  the composition root: builds the store, the sessions and the server

Flet is imported only by companion.ui, companion.server and the bootstrap, through its public API: whatever reaches
past it (a private name, an internal module, a method replaced on a session) is in
companion/server/flet_seams.py alone. Imports under `if TYPE_CHECKING:` are for annotations and never
run, so they are not counted; test_the_lower_layers_load_no_flet_at_run_time checks what really loads."""

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
    "companion.bootstrap": {"scoring", "companion.data", "companion.access", "companion.services", "companion.server", "companion.ui"},
}
EVERY_LAYER = {"companion", "companion.language"}  # the package itself: the app's name, description and colour
# (constants, no code); its words in the reader's language (gettext, no other import of the app)
FLET = {"flet", "flet_web", "flet_charts"}
MAY_IMPORT_FLET = {"companion.ui", "companion.server", "companion.bootstrap"}


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
    if not folder.is_dir():  # a module, not a package: companion.bootstrap
        return [folder.with_suffix(".py")]
    return sorted(p for p in folder.rglob("*.py") if "web" not in p.relative_to(folder).parts)


def imported_by(layer: str) -> dict[str, set[str]]:
    """Each source file of `layer` → the modules it imports."""
    return {str(p.relative_to(ROOT)): set(imports(ast.parse(p.read_text(encoding="utf-8")))) for p in sources(layer)}


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_a_layer_imports_only_the_layers_under_it(layer):
    wrong = {
        path: sorted(
            m for m in modules if m.split(".")[0] in FIRST_PARTY and m not in EVERY_LAYER and layer_of(m) not in MAY_IMPORT[layer] | {layer}
        )
        for path, modules in imported_by(layer).items()
    }
    assert {path: found for path, found in wrong.items() if found} == {}


SCREEN_PACKAGES = ("companion/ui/views", "companion/ui/games")  # the screens, the play screen's games among them


def screens() -> list[Path]:
    return [p for folder in SCREEN_PACKAGES for p in sorted((ROOT / folder).rglob("*.py"))]


def test_the_screens_reach_the_store_only_through_the_services():
    """No screen imports companion.data (not even under TYPE_CHECKING: services.games names what a
    screen needs) nor reads `.store` (app.games, app.players_admin, app.remembered instead)."""
    found: dict[str, list[str]] = {}
    for path in screens():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        every_import = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module] + [
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        ]
        wrong = [f"imports {m}" for m in every_import if m == "companion.data" or m.startswith("companion.data.")]
        wrong += [f"reads .store (line {n.lineno})" for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "store"]
        if wrong:
            found[str(path.relative_to(ROOT))] = wrong
    assert found == {}
    assert len(screens()) > 10  # the folder is where this test looks


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


def is_module(path: Path) -> bool:
    """Whether `path` (without its suffix) is a module or a package of the source."""
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def module_imports(path: Path, annotations: bool = False) -> set[str]:
    """The first-party modules `path` imports as it loads (top level, relative ones resolved; an import
    inside a function runs later and cannot make a cycle at import time); with `annotations`, those
    under `if TYPE_CHECKING:` too (they never run, but a circle through them is still two modules that
    cannot be understood, or moved, one without the other)."""
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        checking = isinstance(node, ast.If) and is_type_checking(node)
        children = ([*node.body, *node.orelse] if annotations else node.orelse) if isinstance(node, ast.If) and checking else [node]
        for child in children:
            if isinstance(child, ast.Import):
                found |= {alias.name for alias in child.names}
            elif isinstance(child, ast.ImportFrom):
                base = ".".join(package.split(".")[: len(package.split(".")) - child.level + 1]) if child.level else ""
                module = ".".join(part for part in (base, child.module) if part)
                submodules = {
                    f"{module}.{alias.name}"
                    for alias in child.names
                    if is_module(ROOT / f"{module}.{alias.name}".replace(".", "/"))  # `from companion.ui import games`
                }
                found |= submodules or {module}
    return {m for m in found if m.split(".")[0] in FIRST_PARTY and m != name}


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def assert_no_cycle(graph: dict[str, set[str]]) -> None:
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


def test_no_import_cycles():
    """Module-level imports form no cycle (the registry once imported the play screen that imported it)."""
    paths = [p for layer in ("scoring", "companion") for p in sources(layer)]
    assert_no_cycle({module_name(p): module_imports(p) for p in paths})


def test_no_circle_between_the_screens_modules_even_for_annotations():
    """The games' screens and the play screen once needed each other (the play screen builds a game's
    screen, which named the play screen's class for its type): now a screen is given a PlayContext
    (companion/ui/games/base.py), and no two modules of companion.ui need each other in any way."""
    assert_no_cycle({module_name(p): module_imports(p, annotations=True) for p in sources("companion.ui")})


def every_import(tree: ast.AST) -> set[str]:
    """Every absolute module a source names in an import, wherever it is (TYPE_CHECKING blocks, functions)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found


def test_a_games_screen_knows_nothing_of_the_views():
    """A game's screen reads its surroundings from its PlayContext only: no module of companion/ui/games
    imports a view (the play screen among them), not even for a type."""
    found = {
        str(p.relative_to(ROOT)): sorted(
            m for m in every_import(ast.parse(p.read_text(encoding="utf-8"))) if m.startswith("companion.ui.views")
        )
        for p in sources("companion.ui.games")
    }
    assert len(found) >= 7  # base, the registry and the five games: the check reads them
    assert {path: views for path, views in found.items() if views} == {}


def test_the_cycle_check_sees_a_circle_through_annotations():
    """The check above would have caught the old circle: a screen naming the play screen for its type."""
    assert_no_cycle({"a": {"b"}, "b": set()})
    with pytest.raises(AssertionError, match="a → b → a"):
        assert_no_cycle({"a": {"b"}, "b": {"a"}})
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from companion.ui.views.play import Play\n"
    assert "companion.ui.views.play" in every_import(ast.parse(source))


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


# ---- Flet through its public API, except in the seam ----------------------------------------------

SEAM = ROOT / "companion" / "server" / "flet_seams.py"
PUBLIC_FLET_MODULES = {"flet", "flet_charts", "flet_web.fastapi"}  # flet_web.fastapi.app: Flet's way to serve with FastAPI


def app_sources() -> list[Path]:
    return [p for p in sources("companion") if p != SEAM]


def flet_private_names() -> set[str]:
    """Every private name (`_x`, not `__x__`) Flet's own source defines or uses as an attribute."""
    import importlib.util

    names: set[str] = set()
    for package in sorted(FLET):
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.submodule_search_locations, package
        for path in Path(next(iter(spec.submodule_search_locations))).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8", errors="replace"))):
                name = getattr(node, "attr", None) or getattr(node, "name", None) or getattr(node, "id", None)
                if isinstance(name, str) and name.startswith("_") and not name.endswith("__"):
                    names.add(name)
    return names


def reaches_into_flet(tree: ast.AST, private: set[str]) -> list[str]:
    """What a source does beyond Flet's public API: imports of Flet's internal modules, Flet's private
    names read or written on an object (not on `self`/`cls`: the class's own), by attribute or by
    getattr/setattr/hasattr or by name in a string, and methods replaced on a Flet session (`….session.x = …`)."""
    found: list[str] = []
    for module in imports(tree):
        if module.split(".")[0] in FLET and module not in PUBLIC_FLET_MODULES:
            found.append(f"imports {module}")
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in FLET:
            found += [f"imports {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        on_own = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
        if isinstance(node, ast.Attribute) and node.attr in private and not on_own:
            found.append(f"reads .{node.attr} (line {node.lineno})")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) > 1 and node.value in private:
            found.append(f"names {node.value!r} (line {node.lineno})")  # getattr(x, "_values"), vars(x)["_values"] …
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "hasattr", "delattr"):
            named = node.args[1] if len(node.args) > 1 else None
            if isinstance(named, ast.Constant) and isinstance(named.value, str) and "__" in named.value.strip("_"):
                found.append(f"{node.func.id}(…, {named.value!r}) (line {node.lineno})")  # a name-mangled private
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                owner = target.value if isinstance(target, ast.Attribute) else None
                if (isinstance(owner, ast.Name) and owner.id == "session") or (
                    isinstance(owner, ast.Attribute) and owner.attr == "session"
                ):
                    found.append(f"replaces session.{target.attr} (line {node.lineno})")  # type: ignore[union-attr]
    return found


@pytest.fixture(scope="module")
def private_flet_names() -> set[str]:
    return flet_private_names()


def others_private_names(tree: ast.AST) -> list[str]:
    """Private attributes (`_x`) read or written on anything but `self`/`cls`: another object's insides."""
    return [
        f"{ast.unparse(node)} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.endswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    ]


def test_no_module_but_the_seam_touches_another_objects_private_names():
    """The app's own objects too are used through their public names (the seam reaches into Flet's, alone)."""
    found = {str(p.relative_to(ROOT)): others_private_names(ast.parse(p.read_text(encoding="utf-8"))) for p in app_sources()}
    assert {path: what for path, what in found.items() if what} == {}
    source = "def f(app, self):\n    app._file_picker = 1\n    self._x\n    app.__class__\n"
    assert others_private_names(ast.parse(source)) == ["app._file_picker (line 2)"]


def test_only_the_seam_reaches_past_flets_public_api(private_flet_names):
    found = {
        str(p.relative_to(ROOT)): reaches_into_flet(ast.parse(p.read_text(encoding="utf-8")), private_flet_names) for p in app_sources()
    }
    assert {path: what for path, what in found.items() if what} == {}


def test_the_seam_check_sees_each_kind_of_reach(private_flet_names):
    """The reader above finds each thing the seam does, written anywhere else."""
    assert {"_values", "_dialogs", "_overlay", "_context_page", "_i"} <= private_flet_names
    source = (
        "import flet as ft\nimport flet_charts\nimport flet_web.fastapi as f\n"  # public: not found
        "from flet.messaging.protocol import MessageAction\n"
        "from flet_web import get_package_web_dir\n"
        "from flet.controls.context import _context_page\n"
        "def f(page, control, app, self):\n"
        "    control._values\n    self._values\n"
        "    page.session.error = print\n    session = page.session\n    session.apply_patch = print\n"
        "    getattr(app, '_FletStaticFiles__once', None)\n    getattr(app, '_file_picker', None)\n"
        "    [v for k, v in vars(control).items() if k in ('_dialogs', '_')]\n"
    )
    assert sorted(reaches_into_flet(ast.parse(source), private_flet_names)) == [
        "getattr(…, '_FletStaticFiles__once') (line 13)",
        "imports flet.controls.context",
        "imports flet.controls.context._context_page",
        "imports flet.messaging.protocol",
        "imports flet_web",
        "names '_dialogs' (line 15)",
        "reads ._values (line 8)",
        "replaces session.apply_patch (line 12)",
        "replaces session.error (line 10)",
    ]


# A game's screen enforces no limit of its own: what may be entered is its rules module's (scoring), so a second
# device, an undo's replay and an import meet the same limit. Sizes on screen (px) are the screen's.
LIMIT_NAME = ("MAX_", "MIN_")
LIMIT_END = ("_RANGE", "_LIMIT")
ON_SCREEN = ("_WIDTH", "_HEIGHT", "_PX")


def limits_defined(source: str) -> list[str]:
    """Module-level number constants named as a limit (MAX_…, MIN_…, …_RANGE, …_LIMIT), sizes on screen aside."""
    found = []
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        value = getattr(node, "value", None)
        for target in targets:
            if not (isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, int | float)):
                continue
            name = target.id
            if (name.startswith(LIMIT_NAME) or name.endswith(LIMIT_END)) and not name.endswith(ON_SCREEN):
                found.append(name)
    return found


def test_a_games_screen_enforces_no_limit_the_rules_do_not_know():
    found = {path.name: limits_defined(path.read_text()) for path in sorted((ROOT / "companion" / "ui" / "games").glob("*.py"))}
    assert {name: limits for name, limits in found.items() if limits} == {}, "a limit of play belongs in its rules module"


def test_the_limit_check_sees_a_limit():
    assert limits_defined("MAX_GG = 999\nPENALTY_RANGE = 20\nMAX_FIELD_WIDTH = 320\nCOLUMN = 52\n") == ["MAX_GG", "PENALTY_RANGE"]


# The games are listed once: their rules in scoring/registry.py, their screens in companion/ui/games/__init__.py.
# Any other list of them is one a new game would have to be added to (docs/games.md: a game is its two modules).
REGISTRIES = {"scoring/registry.py", "companion/ui/games/__init__.py"}


def games_listed(source: str, keys: set[str], modules: set[str]) -> list[str]:
    """Where a source lists games: a literal (dict, set, tuple, list) naming two games by key or more, or an import
    of two games' modules or more."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict | ast.Set | ast.Tuple | ast.List):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            named = sorted({i.value for i in items if isinstance(i, ast.Constant) and i.value in keys})
            if len(named) > 1:
                found.append(f"names {', '.join(named)} (line {node.lineno})")
        elif isinstance(node, ast.ImportFrom):
            imported = sorted({alias.name for alias in node.names if alias.name in modules})
            if len(imported) > 1:
                found.append(f"imports {', '.join(imported)} (line {node.lineno})")
    return found


def game_keys_and_modules() -> tuple[set[str], set[str]]:
    import scoring

    return set(scoring.GAMES), {rules.apply.__module__.rsplit(".", 1)[-1] for rules in scoring.ALL_RULES}


def test_no_code_but_the_registries_lists_the_games():
    keys, modules = game_keys_and_modules()
    code = sorted(p for folder in ("scoring", "companion") for p in (ROOT / folder).rglob("*.py") if "web" not in p.parts)
    found = {str(p.relative_to(ROOT)): games_listed(p.read_text(encoding="utf-8"), keys, modules) for p in code}
    assert {path: where for path, where in found.items() if where and path not in REGISTRIES} == {}


def test_the_listing_check_sees_a_list_of_games():
    keys, modules = game_keys_and_modules()
    source = (
        "from scoring import cgt, lost_cities\n"
        "from scoring import card_commons\n"
        "BOARD = {'lost-cities': 'x', 'cgt': 'y'}\n"
        "ROUND_BASED = ('card-commons', 'lost-cities')\n"
        "ONE = ['cgt', 'other']\n"
    )
    assert games_listed(source, keys, modules) == [
        "imports cgt, lost_cities (line 1)",
        "names cgt, lost-cities (line 3)",
        "names card-commons, lost-cities (line 4)",
    ]
