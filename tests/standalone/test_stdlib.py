"""The browser build's standard library: cut to what the app imports, the whole one fetched when an
import needs what the cut left out (companion/standalone/stdlib.py), here with CPython's own zip import."""

import importlib
import io
import sys
import zipfile

import pytest

from companion.standalone import stdlib

WHOLE = {
    "codecs_probe.py": "",
    "kept.py": "VALUE = 'kept'\n",
    "gone.py": "VALUE = 'from the whole zip'\n",
    "pkg/__init__.py": "",
    "pkg/kept_sub.py": "",
    "pkg/gone_sub.py": "VALUE = 'a left-out module of a kept package'\n",
    "encodings_probe/__init__.py": "",
}


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return buffer.getvalue()


@pytest.fixture
def cut_on_path(tmp_path):
    """The cut zip on sys.path, the finder last on sys.meta_path; `fetched` counts the whole zip's fetches."""
    cut = tmp_path / "python_stdlib.zip"
    cut.write_bytes(stdlib.cut_standard_library(zipped(WHOLE), {"kept.py", "pkg/kept_sub.py"}))
    fetched: list[int] = []

    def fetch() -> bytes:
        fetched.append(1)
        return zipped(WHOLE)

    left_out = zipfile.ZipFile(cut).read(f"{stdlib.LEFT_OUT_MODULE}.py").decode()
    names = eval(left_out.removeprefix("NAMES = "))  # the module's one line, as the worker imports it
    finder = stdlib.WholeStandardLibrary(str(cut), str(tmp_path / stdlib.WHOLE), names, fetch)
    sys.path.insert(0, str(cut))
    sys.meta_path.append(finder)
    names_before = set(sys.modules)
    yield finder, fetched
    sys.meta_path.remove(finder)
    for entry in (str(cut), finder.whole):
        if entry in sys.path:
            sys.path.remove(entry)
    for name in set(sys.modules) - names_before:
        del sys.modules[name]
    importlib.invalidate_caches()


def test_the_cut_keeps_what_was_used_with_its_packages_and_names_the_rest():
    cut = zipfile.ZipFile(io.BytesIO(stdlib.cut_standard_library(zipped(WHOLE), {"kept.py", "pkg/kept_sub.py", "absent.py"})))
    assert set(cut.namelist()) == {"kept.py", "pkg/__init__.py", "pkg/kept_sub.py", f"{stdlib.LEFT_OUT_MODULE}.py"}
    left_out = cut.read(f"{stdlib.LEFT_OUT_MODULE}.py").decode()
    for name in ("gone", "pkg.gone_sub", "codecs_probe", "encodings_probe"):
        assert repr(name) in left_out
    assert "'kept'" not in left_out


def test_a_left_out_module_is_imported_from_the_whole_zip_fetched_once(cut_on_path):
    _, fetched = cut_on_path
    assert importlib.import_module("kept").VALUE == "kept"
    assert fetched == []  # what the cut holds needs nothing more
    assert importlib.import_module("gone").VALUE == "from the whole zip"
    assert importlib.import_module("pkg.gone_sub").VALUE == "a left-out module of a kept package"
    assert fetched == [1]


def test_a_module_no_zip_has_is_not_a_reason_to_fetch(cut_on_path):
    _, fetched = cut_on_path
    with pytest.raises(ImportError):
        importlib.import_module("winreg_probe_nowhere")
    assert fetched == []  # an optional import's probe costs nothing


def test_a_failed_fetch_fails_the_import_as_before_and_is_not_retried(cut_on_path):
    finder, fetched = cut_on_path

    def offline() -> bytes:
        fetched.append(1)
        raise OSError("offline")

    finder.fetch = offline
    for _ in range(2):
        with pytest.raises(ImportError):
            importlib.import_module("gone")
    assert fetched == [1] and finder.state == "failed"


def test_where_the_standard_library_is_whole_nothing_is_installed():
    meta_path = list(sys.meta_path)
    stdlib.fetch_whole_when_needed()  # CPython's: no list of what was left out
    assert sys.meta_path == meta_path
