"""Rulesets as the web app sees them: the bundled ones and the table's own (saved in the store).

A name from a request is looked up, never opened as a file: a bundled name or alias, or the
name of a saved ruleset.  A saved ruleset may extend only a bundled ruleset, by name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from manille_variants.errors import Problem, RulesetError
from manille_variants.messages import define, msg
from manille_variants.ruleset.callwords import call_label
from manille_variants.ruleset.docgen import RULE_SECTIONS, settings
from manille_variants.ruleset.loader import bundled_rulesets, load_ruleset, read_ruleset_text
from manille_variants.ruleset.schema import Ruleset
from manille_variants.ruleset.yamlpos import MAX_BYTES, parse_text
from manille_variants.web.storage import Store

UNKNOWN = define("web.unknown-ruleset", "unknown ruleset {name!r} (known: {known})")
TOO_LARGE = define("web.ruleset-too-large", "too large: at most {limit} bytes")
NOT_BUNDLED = define("web.extends-not-bundled", "must name a bundled ruleset: {names} (got {got!r})")
BUNDLED_NAME = define("web.bundled-name", "{name!r} is a bundled ruleset; give yours a name of its own")

__all__ = ["Choice", "Field", "at_a_glance", "check_text", "choices", "extends_of", "form_fields", "form_yaml",
           "resolve", "values"]


@dataclass(frozen=True)
class Choice:
    """A ruleset to choose from: the keys of ``GET /api/rulesets``, and whether it is the table's own."""

    name: str
    title: str
    extends: str | None
    aliases: tuple[str, ...]
    custom: bool = False

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "title": self.title, "extends": self.extends,
                "aliases": list(self.aliases), "custom": self.custom}


def choices(store: Store) -> list[Choice]:
    """The bundled rulesets, then the saved ones."""
    found = [Choice(e.name, e.title, e.extends, e.aliases) for e in bundled_rulesets()]
    for saved in store.saved_rulesets():
        try:
            rs = read_ruleset_text(saved.yaml, f"{saved.name}.yaml")
        except RulesetError:
            continue
        found.append(Choice(rs.name, rs.title, extends_of(saved.yaml), tuple(rs.aliases), custom=True))
    return found


def _bundled_name(name: str) -> str | None:
    wanted = name.strip().lower()
    for entry in bundled_rulesets():
        if wanted == entry.name or wanted in entry.aliases:
            return entry.name
    return None


def resolve(store: Store, name: str) -> Ruleset:
    """The ruleset called ``name``: bundled (name or alias) or saved; RulesetError if neither."""
    bundled = _bundled_name(name)
    if bundled is not None:
        return load_ruleset(bundled)
    saved = store.ruleset_text(name)
    if saved is None:
        known = ", ".join(c.name for c in choices(store))
        raise RulesetError(Problem.of(name, None, None, "", msg(UNKNOWN, name=name, known=known)))
    return read_ruleset_text(saved.yaml, f"{saved.name}.yaml")


def extends_of(text: str) -> str | None:
    """The ``extends:`` of ruleset text, or None (also for text that is not a ruleset)."""
    try:
        node = parse_text(text, "<ruleset>").child("extends")
    except RulesetError:
        return None
    return str(node.value) if node is not None else None


def check_text(text: str, filename: str = "ruleset.yaml") -> Ruleset:
    """Validate ruleset YAML typed in the editor; RulesetError with every problem, located.

    ``extends:`` must name a bundled ruleset (no file paths); the name must not be a bundled one.
    """
    if len(text.encode()) > MAX_BYTES:
        raise RulesetError(Problem.of(filename, None, None, "", msg(TOO_LARGE, limit=MAX_BYTES)))
    tree = parse_text(text, filename)
    extends = tree.child("extends")
    if extends is not None and (not isinstance(extends.value, str) or _bundled_name(extends.value) is None):
        names = ", ".join(e.name for e in bundled_rulesets())
        raise RulesetError(extends.pos.problem("extends", msg(NOT_BUNDLED, names=names, got=extends.value)))
    rs = read_ruleset_text(text, filename)
    if _bundled_name(rs.name) is not None:
        where = tree.child("name")
        pos = where.pos if where is not None else tree.pos
        raise RulesetError(pos.problem("name", msg(BUNDLED_NAME, name=rs.name)))
    return rs


GLANCE_TIE = define("glance.tie", "×{factor} ({carry}, {stacking})")
# A setting's value at a glance: English shows the YAML's word, the other languages say it.
GLANCE_WORDS = {
    "next-deal": define("glance.next-deal", "next-deal"),
    "none": define("glance.none", "none"),
    "single": define("glance.single", "single"),
    "per-tie": define("glance.per-tie", "per-tie"),
    "multiply": define("glance.multiply", "multiply"),
    "add": define("glance.add", "add"),
}


def at_a_glance(rs: Ruleset, lang: str = "en") -> list[tuple[str, str]]:
    """The settings that matter most at the table, as (word key, value): the page translates
    the keys; the values are numbers, names and ×factors, their words in ``lang``."""
    t, sc = rs.trump, rs.scoring

    def word(value: str) -> str:
        return msg(GLANCE_WORDS[value]).text(lang)

    def label(name: str, text: str) -> str:
        found = call_label(text, name)
        return found if isinstance(found, str) else found.text(lang)

    tie = msg(GLANCE_TIE, factor=sc.tie.factor, carry=word(sc.tie.carry), stacking=word(sc.tie.stacking))
    return [
        ("target", str(rs.match.target)),
        ("best_of", str(rs.match.best_of)),
        ("no-trump", f"×{t.no_trump.factor}" if t.no_trump.allowed else "–"),
        ("blind", f"×{t.blind_no_trump.factor}" if t.blind_no_trump.allowed else "–"),
        ("calls", ", ".join(f"{label(c.name, c.label or c.name)} ×{c.factor}" for c in rs.calls) or "–"),
        ("tie_factor", tie.text(lang)),
        ("sweep_factor", f"×{sc.sweep.factor}"),
        ("cap", f"×{sc.cap}" if sc.cap else "–"),
        ("combine", word(sc.combine)),
    ]


@dataclass(frozen=True)
class Field:
    """A setting the editor's form can show: a yes/no, one of a few words, or a number."""

    path: str
    section: str
    description: str
    kind: str  # "bool", "choice" or "int"
    choices: tuple[str, ...] = ()
    nullable: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "section": self.section, "description": self.description, "kind": self.kind,
                "choices": list(self.choices), "nullable": self.nullable}


def form_fields() -> list[Field]:
    """The rule settings of the schema that a form can edit (lists and the call ladder stay YAML)."""
    fields = []
    every = settings()
    # The settings inside a mapping that may be null (trump.turned_card) may be left unset.
    optional = tuple(f"{s.path}." for s in every if s.type.startswith("mapping") and s.type.endswith("or null"))
    for setting in every:
        if setting.section not in RULE_SECTIONS or "[]" in setting.path:
            continue
        kind, choices = _kind(setting.type)
        if kind:
            fields.append(Field(setting.path, setting.section, setting.description, kind, choices,
                                setting.type.endswith("or null") or setting.path.startswith(optional)))
    return fields


def _kind(type_text: str) -> tuple[str, tuple[str, ...]]:
    if type_text == "true / false":
        return "bool", ()
    if type_text.startswith("`") and not type_text.startswith("list"):
        return "choice", tuple(re.findall(r"`([^`]+)`", type_text))
    if type_text.startswith("integer"):
        return "int", ()
    return "", ()


def values(rs: Ruleset) -> dict[str, Any]:
    """The ruleset's value of every form field, by path."""
    data = rs.model_dump(mode="json")
    found = {}
    for field in form_fields():
        value: Any = data
        for key in field.path.split("."):
            value = value[key] if value is not None else None  # inside a null mapping: unset
        found[field.path] = value
    return found


def form_yaml(text: str, settings_in: dict[str, Any], parent: Ruleset) -> str:
    """The editor's YAML after a change in its form: the header of ``text`` (``name``,
    ``title``, ``extends``, as typed; ``extends`` the parent's name if it had none), then every
    form setting of ``settings_in`` whose value differs from ``parent``'s, as nested YAML.

    >>> print(form_yaml("name: club\\nextends: belgian\\n", {"match.target": 151, "match.best_of": 3},
    ...                 load_ruleset("belgian")), end="")
    name: club
    extends: belgian
    match:
      target: 151
    """
    header = [line for line in text.splitlines() if re.match(r"(name|title|extends):", line)]
    if not any(line.startswith("extends:") for line in header):
        header.append(f"extends: {parent.name}")
    before = values(parent)
    tree: dict[str, Any] = {}
    for path in (f.path for f in form_fields()):  # in the schema's order
        if path not in settings_in or (value := settings_in[path]) == before[path]:
            continue
        *parents, last = path.split(".")
        node = tree
        for key in parents:
            node = node.setdefault(key, {})
        node[last] = value
    body = yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, default_flow_style=False) if tree else ""
    return "\n".join(header) + "\n" + body
