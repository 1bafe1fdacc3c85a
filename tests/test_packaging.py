"""The wheel ships the bundled rulesets and the compiled core, finds them when installed
outside the checkout, and installs and plays where there is no Rust toolchain (abi3: one wheel
for every CPython from 3.11)."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = {"table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee", "french-muette",
           "belgian-six", "belgian-three", "belgian-two"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built once a run: under pytest-xdist the workers share one build behind a
    lock (two maturin builds at once into one target directory fail)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out = shared / "dist"
    with (shared / "wheel.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not list(out.glob("manille_variants-*.whl")):
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


# docs/search.md: the double-dummy value of table-convention's deal 3 with hearts trump.
SOLVE = (
    "import manille_variants as mv;"
    "state = mv.new_deal(mv.load_ruleset('table-convention'), seed=3).apply(mv.parse_action('trump:H'));"
    "print(mv.solve(state).value)"
)


def _without_rust(path: str) -> str:
    """``path`` less every folder that holds cargo or rustc."""
    kept = [d for d in path.split(os.pathsep) if d and not any((Path(d) / t).exists() for t in ("cargo", "rustc"))]
    return os.pathsep.join(kept)


def test_the_abi3_wheel_installs_and_plays_without_rust(wheel: Path, tmp_path: Path) -> None:
    assert "-abi3-" in wheel.name, wheel.name
    venv = tmp_path / "venv"
    # A venv without pip of its own (creating one with pip takes longer than the rest): this
    # interpreter's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, capture_output=True)
    path = os.pathsep.join([str(venv / "bin"), _without_rust(os.environ["PATH"])])
    assert shutil.which("cargo", path=path) is None and shutil.which("rustc", path=path) is None
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "CARGO", "RUSTUP"))}
    env |= {"PATH": path, "VIRTUAL_ENV": str(venv), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}

    def run(*args: str) -> str:
        done = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{' '.join(args)}:\n{done.stdout}{done.stderr}"
        return done.stdout

    # Nothing may compile: binary packages only, no build environment for the wheel.
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    run(*pip, "install", "-q", "--only-binary", ":all:", "--no-build-isolation", str(wheel))
    assert "rulesets" in run("manille", "--help")
    assert set(run("manille", "rulesets").split()) >= BUNDLED
    assert run("python", "-c", SOLVE).strip() == "21"
