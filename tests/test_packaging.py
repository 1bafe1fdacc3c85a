"""The wheel ships the bundled rulesets and the compiled core, and finds them when installed
outside the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = {"table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee", "french-muette"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "maturin", "build", "--quiet", "--out", str(out)],
        cwd=ROOT, check=True, capture_output=True,
    )
    (found,) = out.glob("manille_variants-*.whl")
    return found


def test_wheel_contains_bundled_rulesets(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {Path(n).stem for n in names if n.startswith("manille_variants/rulesets/") and n.endswith(".yaml")}
    assert shipped == BUNDLED


def test_wheel_carries_the_web_app_templates_and_static_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    web = Path(__file__).resolve().parent.parent / "manille_variants" / "web"
    for folder in ("templates", "static"):
        for path in (web / folder).iterdir():
            assert f"manille_variants/web/{folder}/{path.name}" in names


def test_installed_wheel_finds_bundled_rulesets_outside_checkout(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
        check=True, capture_output=True,
    )
    code = (
        "import manille_variants as mv, manille_variants.ruleset.loader as L;"
        "print(L.bundled_dir());"
        "print(sorted(L.bundled_names()));"
        "print(mv.load_ruleset('belgian').name);"
        "import manille_variants._core as C; print(C.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(target), "PYTHONSAFEPATH": "1"}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    where, names, loaded, core = run.stdout.splitlines()
    assert Path(core).is_relative_to(target)
    assert Path(where).is_relative_to(target)
    assert set(eval(names)) == BUNDLED
    assert loaded == "belgian"
