"""Loading rulesets (initial version; to be replaced by the full compiler-style loader)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from manille_variants.errors import RulesetError
from manille_variants.schema import Ruleset

METADATA_KEYS = ("name", "title", "description", "sources", "aliases")


def bundled_dir() -> Path:
    """The folder of the bundled rulesets (inside the wheel, or the checkout's rulesets/)."""
    packaged = Path(str(resources.files("manille_variants"))) / "rulesets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "rulesets"


def bundled_names() -> list[str]:
    return sorted(p.stem for p in bundled_dir().glob("*.yaml"))


def _resolve(name_or_path: str | Path, base: Path | None = None) -> Path:
    text = str(name_or_path)
    candidate = (base / text) if base is not None and not Path(text).is_absolute() else Path(text)
    if text.endswith((".yaml", ".yml")) or candidate.is_file():
        return candidate
    for path in bundled_dir().glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if path.stem == text or text in (data.get("aliases") or []):
            return path
    raise RulesetError(f"no bundled ruleset or file named {text!r}")


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _raw(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise RulesetError(f"{path}: a ruleset must be a mapping")
    parent = data.pop("extends", None)
    if parent is None:
        return data
    base = _raw(_resolve(parent, path.parent))
    for key in METADATA_KEYS:
        base.pop(key, None)
    return _merge(base, data)


def load_ruleset(name_or_path: str | Path | Ruleset) -> Ruleset:
    """A bundled ruleset by name or alias, or a ruleset file by path."""
    if isinstance(name_or_path, Ruleset):
        return name_or_path
    return Ruleset.model_validate(_raw(_resolve(name_or_path)))
