"""Rulesets in words: the settings reference, table summaries and differences.

``python -m manille_variants.ruleset.docgen [FILE]`` rewrites ``docs/rulesets.md`` (the reference of
every setting, generated from the schema and the bundled rulesets); a test fails when the
committed file is stale.  :func:`summary_lines` says in plain words what matters at the table,
:func:`diff_rulesets` lists every setting on which two rulesets differ.
"""

from __future__ import annotations

import json
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from manille_variants.messages import define, msg
from manille_variants.ruleset.loader import bundled_names, load_ruleset, ruleset_file_schema
from manille_variants.ruleset.schema import Call, Ruleset, TurnedCard
from manille_variants.ruleset.summary import summary_messages

__all__ = [
    "MISSING",
    "DiffRow",
    "Setting",
    "diff_rulesets",
    "format_value",
    "main",
    "reference_markdown",
    "ruleset_yaml",
    "settings",
    "summary_lines",
]

DOCS_FILE = Path(__file__).resolve().parents[2] / "docs" / "rulesets.md"
RULE_SECTIONS = ("table", "dealing", "trump", "calls", "play", "scoring", "match")


# --- plain-word summary -----------------------------------------------------------------


def summary_lines(rs: Ruleset, width: int = 96, lang: str = "en") -> list[str]:
    """A short human summary of the rules that matter at the table, wrapped to ``width``, in
    ``lang`` (the sentences of :func:`~manille_variants.ruleset.summary.summary_messages`)."""
    lines: list[str] = []
    for sentence in summary_messages(rs):
        lines += textwrap.wrap(
            sentence.text(lang), width, initial_indent="- ", subsequent_indent="  ", break_on_hyphens=False
        )
    return lines


# --- the resolved ruleset as YAML -----------------------------------------------------


class _Dumper(yaml.SafeDumper):
    """Block mappings, flow lists of plain values (``packets: [3, 2, 3]``)."""


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)


RESOLVED = define("docgen.resolved", "{name}: fully resolved (content hash {hash})")
AT_THE_TABLE = define("docgen.at-the-table", "At the table:")


def ruleset_yaml(rs: Ruleset, *, summary: bool = True, lang: str = "en") -> str:
    """The resolved ruleset as YAML that loads back to an equal ruleset, its comments in
    ``lang``.

    With ``summary``, a plain-word summary follows as YAML comments.
    """
    text = yaml.dump(
        rs.model_dump(mode="json"), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=96
    )
    header = f"# {msg(RESOLVED, name=rs.name, hash=rs.content_hash()).text(lang)}\n"
    if not summary:
        return header + text
    notes = "".join(
        f"# {line}".rstrip() + "\n"
        for line in ["", msg(AT_THE_TABLE).text(lang), *summary_lines(rs, 94, lang)]
    )
    return header + text + notes


# --- differences ------------------------------------------------------------------------


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
_UNDER_NULL: Any = object()  # a setting inside a mapping that is null (e.g. no turned card)


@dataclass(frozen=True)
class DiffRow:
    """One setting that differs: its dotted path and its value on each side (or MISSING)."""

    path: str
    a: Any
    b: Any

    def as_json(self) -> dict[str, Any]:
        """``{"path", "a", "b"}`` with null for a side that has no such setting."""
        return {"path": self.path, "a": _json_side(self.a), "b": _json_side(self.b)}


def _json_side(value: Any) -> Any:
    return None if value is MISSING else value


def diff_rulesets(a: Ruleset, b: Ruleset, *, metadata: bool = True) -> list[DiffRow]:
    """Every setting on which two resolved rulesets differ: rules first, then metadata."""
    da, db = a.model_dump(mode="json"), b.model_dump(mode="json")
    keys = [*RULE_SECTIONS, *(k for k in da if k not in RULE_SECTIONS and metadata)]
    rows: list[DiffRow] = []
    for key in keys:
        rows += _diff(da.get(key, MISSING), db.get(key, MISSING), key)
    return rows


def _diff(a: Any, b: Any, path: str) -> list[DiffRow]:
    if isinstance(a, dict) and isinstance(b, dict):
        keys = [*a, *(k for k in b if k not in a)]
        return [
            row for k in keys for row in _diff(a.get(k, MISSING), b.get(k, MISSING), f"{path}.{k}")
        ]
    if _records(a) and _records(b):
        size = max(len(a), len(b))
        return [row for i in range(size) for row in _diff(_at(a, i), _at(b, i), f"{path}.{i}")]
    return [] if a == b else [DiffRow(path, a, b)]


def _records(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def _at(items: list[Any], i: int) -> Any:
    return items[i] if i < len(items) else MISSING


def format_value(value: Any) -> str:
    """A setting's value as written in YAML flow style (``[3, 2, 3]``, ``null``, ``true``)."""
    if value is MISSING:
        return "(not set)"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


# --- the settings reference -------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One documented setting: dotted path (``calls[].factor`` inside the call list)."""

    path: str
    section: str
    description: str
    type: str
    default: Any


def settings() -> list[Setting]:
    """Every setting of a ruleset file, from the JSON Schema, in schema order."""
    schema = ruleset_file_schema()
    defs = schema["$defs"]
    out: list[Setting] = []
    for key, prop in schema["properties"].items():
        ref = _ref(prop, defs)
        if ref is not None and key != "calls":
            out += _leaves(ref, defs, key, key)
            continue
        out.append(_setting(key, "metadata" if key not in RULE_SECTIONS else key, prop, defs))
        items = _ref(prop.get("items", {}), defs)
        if items is not None:
            out += _leaves(items, defs, f"{key}[]", key)
    return out


def _ref(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any] | None:
    ref = prop.get("$ref")
    return defs[ref.rsplit("/", 1)[-1]] if isinstance(ref, str) else None


def _leaves(
    model: dict[str, Any], defs: dict[str, Any], prefix: str, section: str
) -> list[Setting]:
    out: list[Setting] = []
    for key, prop in model["properties"].items():
        ref = _ref(prop, defs)
        optional = next((_ref(p, defs) for p in prop.get("anyOf", []) if "$ref" in p), None)
        if ref is not None:
            out += _leaves(ref, defs, f"{prefix}.{key}", section)
        elif optional is not None:  # a mapping that may be null: itself, then its settings
            out.append(_setting(f"{prefix}.{key}", section, prop, defs))
            out += _leaves(optional, defs, f"{prefix}.{key}", section)
        else:
            out.append(_setting(f"{prefix}.{key}", section, prop, defs))
    return out


def _setting(path: str, section: str, prop: dict[str, Any], defs: dict[str, Any]) -> Setting:
    return Setting(
        path, section, prop.get("description", ""), _type_text(prop, defs), _default(path)
    )


def _type_text(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    if "anyOf" in prop:
        kinds = [_type_text(p, defs) for p in prop["anyOf"] if p.get("type") != "null"]
        nullable = any(p.get("type") == "null" for p in prop["anyOf"])
        return " or ".join(kinds) + (" or null" if nullable else "")
    if "$ref" in prop:
        return "mapping (the settings below)"
    if "const" in prop:
        return f"`{prop['const']}`"
    if "enum" in prop:
        return " / ".join(
            f"`{json.dumps(v) if not isinstance(v, str) else v}`" for v in prop["enum"]
        )
    kind = prop.get("type")
    if kind == "array" and "$ref" in prop.get("items", {}):
        return "list of calls (below)"
    if kind == "array":
        return f"list of {_plural(_type_text(prop.get('items', {}), defs))}"
    if kind == "object":
        return f"mapping rank → {_type_text(prop.get('additionalProperties', {}), defs)}"
    if kind == "integer":
        return f"integer ≥ {prop['minimum']}" if "minimum" in prop else "integer"
    if kind == "string":
        return "name (a-z, 0-9, -)" if "pattern" in prop else "text"
    return {"boolean": "true / false"}.get(str(kind), str(kind))


def _plural(text: str) -> str:
    head, _, rest = text.partition(" ")
    if head in ("integer", "name"):
        return f"{head}s {rest}".strip()
    return text


def _default(path: str) -> Any:
    if path.startswith("calls[]."):
        info = Call.model_fields[path.split(".", 1)[1]]
        return MISSING if info.is_required() else info.get_default(call_default_factory=True)
    if path == "extends":
        return None
    if path == "name":
        return MISSING
    if path.startswith("trump.turned_card."):  # the defaults once a card is turned
        return TurnedCard.model_fields[path.rsplit(".", 1)[1]].default
    return _lookup(Ruleset(name="defaults").model_dump(mode="json"), path)


def _lookup(data: Any, path: str) -> Any:
    for step in path.split("."):
        if data is None:
            return _UNDER_NULL
        if not isinstance(data, dict) or step not in data:
            return MISSING
        data = data[step]
    return data


def reference_markdown() -> str:
    """The text of ``docs/rulesets.md``."""
    names = bundled_names()
    dumps = {name: load_ruleset(name).model_dump(mode="json") for name in names}
    lines = [
        "# Ruleset settings reference",
        "",
        "<!-- Generated by `python -m manille_variants.ruleset.docgen` (make docs); do not edit. -->",
        "",
        "Every setting a ruleset file can hold, with its meaning, type and default, and its value",
        "in each bundled ruleset (**bold** where it differs from the default). A file sets only",
        "what differs from its parent; see [custom-rulesets.md](custom-rulesets.md).",
    ]
    by_section: dict[str, list[Setting]] = {}
    for s in settings():
        by_section.setdefault(s.section, []).append(s)
    for section in ["metadata", *RULE_SECTIONS]:
        lines += _section_markdown(section, by_section.get(section, []), names, dumps)
    return "\n".join(lines) + "\n"


_SECTION_TITLES = {
    "metadata": "Metadata (never inherited)",
    "table": "`table`: seats, hands, teams, undealt cards, layout",
    "dealing": "`dealing`: shuffle, cut, deal, first lead",
    "trump": "`trump`: trump choice and no-trump",
    "calls": "`calls`: the doubling ladder",
    "play": "`play`: play obligations",
    "scoring": "`scoring`: from card points to match points",
    "match": "`match`: game and match end",
}


def _section_markdown(
    section: str, rows: list[Setting], names: list[str], dumps: dict[str, dict[str, Any]]
) -> list[str]:
    lines = [
        "",
        f"## {_SECTION_TITLES[section]}",
        "",
        "| setting | meaning | type | default |",
        "|---|---|---|---|",
    ]
    for s in rows:
        lines.append(
            f"| `{s.path}` | {_cell(s.description)} | {_cell(s.type)} | {_cell_value(s.default)} |"
        )
    valued = [s for s in rows if "[]" not in s.path and s.path not in ("description", "extends")]
    if not valued:
        return lines
    lines += ["", "| setting | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for s in valued:
        default = MISSING if section == "metadata" else s.default
        cells = [_bundled_cell(_lookup(dumps[n], s.path), default) for n in names]
        lines.append(f"| `{s.path}` | " + " | ".join(cells) + " |")
    return lines


def _bundled_cell(value: Any, default: Any) -> str:
    if value is _UNDER_NULL:
        return "—"
    text = _cell_value(_calls_text(value) if _records(value) and value else value)
    return f"**{text}**" if default is not MISSING and value != default else text


def _calls_text(calls: list[dict[str, Any]]) -> str:
    return ", ".join(f"{c['name']} x{c['factor']}" for c in calls)


def _cell_value(value: Any) -> str:
    if value is MISSING:
        return "(required)"
    return _cell(f"`{format_value(value)}`" if not isinstance(value, str) or value else '`""`')


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main(argv: list[str] | None = None) -> int:
    """Rewrite ``docs/rulesets.md`` (or the file given as the only argument)."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else DOCS_FILE
    target.write_text(reference_markdown(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
