"""Ready for a store build: [tool.flet] as Flet's own build reads it, the icons it packages, the entry point.

`flet build` itself needs the Flutter SDK, which cannot be fetched here: these tests run the parts of
flet-cli that need no SDK (its pyproject reader, its icon renderer and safe-zone checks) on this
project, and start the packaged entry point as a build would, with its storage folder set.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")

pyproject_toml = pytest.importorskip("flet_cli.utils.pyproject_toml", reason="flet-cli is a test dependency")
assets = pytest.importorskip("flet_platform_assets", reason="flet-cli brings flet-platform-assets")


@pytest.fixture(scope="module")
def get():
    return pyproject_toml.load_pyproject_toml(REPO)


def test_flet_reads_the_product_name_ids_and_version(get):
    assert get("tool.flet.product") == "Tableside"
    assert re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+", get("tool.flet.org"))
    assert re.fullmatch(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){2,}", get("tool.flet.bundle_id"))
    assert get("tool.flet.bundle_id").startswith(get("tool.flet.org") + ".")
    # No second version to keep in step: flet build takes [project]'s, which is the installed one.
    assert get("tool.flet.version") is None
    assert get("project.version") == version("tableside")
    assert get("project.description")


def test_the_entry_point_flet_build_looks_for_exists(get):
    # flet build: package_app_path = project / tool.flet.app.path; module file = <stem of app.module>.py
    app_path = REPO / (get("tool.flet.app.path") or ".")
    module = Path(get("tool.flet.app.module") or "main").stem
    assert (app_path / f"{module}.py").is_file()
    assert (app_path / "assets").is_dir()  # flet build packages <app path>/assets
    for excluded in get("tool.flet.app.exclude"):
        assert not (app_path / excluded / "__init__.py").exists() or excluded in ("tests", "bench"), excluded
    assert "companion" not in get("tool.flet.app.exclude") and "scoring" not in get("tool.flet.app.exclude")


def test_colours_are_colours_flet_can_parse(get):
    for key in (
        "tool.flet.icon_background",
        "tool.flet.splash.color",
        "tool.flet.splash.dark_color",
        "tool.flet.splash.icon_background",
        "tool.flet.web.pwa_theme_color",
        "tool.flet.web.pwa_background_color",
        "tool.flet.android.adaptive_icon_background",
    ):
        value = get(key)
        assert value and COLOUR.match(value), key
        assert len(assets.parse_hex_color(value)) >= 3, key


def test_deep_linking_names_a_scheme_and_host(get):
    assert re.fullmatch(r"[a-z][a-z0-9+.-]*", get("tool.flet.deep_linking.scheme"))
    assert re.fullmatch(r"[a-z0-9.-]+", get("tool.flet.deep_linking.host"))


@pytest.mark.parametrize("platform", ["android", "ios", "web"])
def test_flet_renders_our_icons_without_warnings(get, platform):
    """The files flet build picks (icon_<platform>.png before icon.png), through Flet's own renderer."""
    folder = REPO / "assets"
    own = folder / f"icon_{platform}.png"
    source_path = own if own.exists() else folder / "icon.png"
    source, pre_rendered = assets.load_source(source_path)
    background = assets.parse_hex_color(get("tool.flet.icon_background"))[:3]
    result = assets.render_icons(
        source, assets.IconOptions(background=background), platform=platform, pre_rendered=pre_rendered, derived=not own.exists()
    )
    assert not result.warnings, result.warnings
    assert result.assets


def test_the_adaptive_foreground_is_transparent_around_its_drawing():
    from PIL import Image

    fg = Image.open(REPO / "assets" / "icon_android.png").convert("RGBA")
    assert fg.size[0] == fg.size[1] >= 432  # xxxhdpi adaptive layer is 432 px
    corner = fg.getpixel((0, 0))
    assert corner[3] == 0  # the launcher paints adaptive_icon_background there


def test_every_asset_the_app_and_the_build_reference_exists():
    from companion.server import fonts

    folder = REPO / "assets"
    for name in (
        "icon.png",
        "icon_android.png",
        "favicon.png",
        "icons/icon-192.png",
        "icons/icon-512.png",
        "icons/icon-maskable-192.png",
        "icons/icon-maskable-512.png",
        "icons/apple-touch-icon-192.png",
        *fonts.FONTS.values(),
    ):
        assert (folder / name).is_file(), name


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_packaged_entry_point_keeps_its_data_in_the_app_storage_folder(tmp_path):
    """main.py as a build starts it: FLET_APP_STORAGE_DATA set; Flet's web server stands in for the app's client."""
    storage = tmp_path / "app-storage"
    port = free_port()
    env = {
        **os.environ,
        "FLET_APP_STORAGE_DATA": str(storage),
        "FLET_FORCE_WEB_SERVER": "true",
        "FLET_SERVER_PORT": str(port),
        "FLET_SERVER_IP": "127.0.0.1",
        "HOME": str(tmp_path / "home"),
    }
    log = tmp_path / "main.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, str(REPO / "main.py")], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).status == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None, f"main.py exited with {proc.returncode}: {log.read_text()}"
            assert time.monotonic() < deadline, f"main.py did not serve within 60 s: {log.read_text()}"
            time.sleep(0.1)
        assert (storage / "tableside.lock").is_file()  # the store opened in the app's storage folder
        assert not (tmp_path / "home" / ".local" / "share" / "tableside").exists()  # not in the user data folder
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_the_app_names_its_colour_where_flet_build_reads_it(get):
    from companion import APP_DESCRIPTION, THEME_COLOR

    assert get("tool.flet.web.pwa_theme_color") == THEME_COLOR
    assert APP_DESCRIPTION
