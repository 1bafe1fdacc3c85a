"""Loading rulesets: bundled names and aliases, files, ``extends:`` chains, compiler-style errors.

A ruleset file is a mapping of settings with its own ``name`` and, optionally,
``extends:`` naming a bundled ruleset (by name or alias) or another file (a path relative
to the extending file).  Parents are merged first: mappings merge key by key, lists and
scalars replace, and the metadata keys (name, title, description, sources, aliases) are
never inherited.  Every problem is reported at once, each at the file, line and column
where the offending value was set:

    club.yaml:4:3: play.beat_oponent: unknown key 'beat_oponent', did you mean 'beat_opponent'? ...

>>> load_ruleset("capped").scoring.cap
4
"""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from manille_variants.errors import Problem, RulesetError
from manille_variants.messages import Message, define, msg
from manille_variants.ruleset.schema import Ruleset, SettingProblem
from manille_variants.ruleset.yamlpos import Node, parse_text, read_path, to_plain

__all__ = [
    "METADATA_KEYS",
    "BundledRuleset",
    "bundled_dir",
    "bundled_names",
    "bundled_parent",
    "bundled_rulesets",
    "load_ruleset",
    "merge",
    "read_ruleset_text",
    "ruleset_file_schema",
]

METADATA_KEYS = ("name", "title", "description", "sources", "aliases")
EXTENDS = "extends"

# The problems of loading a ruleset, in compiler form once located.
UNKNOWN_RULESET = define("ruleset.unknown",
                         "unknown ruleset {name!r} (bundled: {listing}; a file path ends in .yaml)")
UNKNOWN_RULESET_HINT = define("ruleset.unknown-hint",
                              "unknown ruleset {name!r}; did you mean {close!r}? (bundled: {listing}; a file path"
                              " ends in .yaml)")
BAD_EXTENDS = define("ruleset.bad-extends", "expected a bundled ruleset name or a .yaml path (got {got})")
NO_PARENT_FILE = define("ruleset.no-parent-file", "no such file {file!r} (looked for {display})")
CYCLE = define("ruleset.cycle", "cycle: {names}")
MISSING_NAME = define("ruleset.missing-name",
                      "missing: every ruleset file needs its own name (names are not inherited)")
MISSING = define("ruleset.missing", "missing: the required key {key!r} is not set")
EXPECTED_ONE_OF = define("ruleset.expected-one-of", "expected one of {expected} (got {got})")
UNKNOWN_KEY = define("ruleset.unknown-key", "unknown key {key!r} (expected one of: {known})")
UNKNOWN_KEY_HINT = define("ruleset.unknown-key-hint",
                          "unknown key {key!r}, did you mean {close!r}? (expected one of: {known})")
# A setting's own check (the schema's words) and pydantic's words for the rarer problems.
INVALID = define("ruleset.invalid", "{text}")
INVALID_GOT = define("ruleset.invalid-got", "{text} (got {got})")


# --- bundled rulesets -------------------------------------------------------------------


@dataclass(frozen=True)
class BundledRuleset:
    """A bundled ruleset file as declared: its name, title, parent and aliases."""

    name: str
    path: Path
    title: str = ""
    extends: str | None = None
    aliases: tuple[str, ...] = field(default_factory=tuple)


def bundled_dir() -> Path:
    """The folder of the bundled rulesets (inside the wheel, or the checkout's rulesets/)."""
    packaged = Path(str(resources.files("manille_variants"))) / "rulesets"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "rulesets"


def bundled_names() -> list[str]:
    """The names of the bundled rulesets, sorted."""
    return [entry.name for entry in bundled_rulesets()]


def bundled_rulesets() -> list[BundledRuleset]:
    """Every bundled ruleset as declared in its file, sorted by name."""
    return list(_bundled_index())


def bundled_parent(name: str) -> str | None:
    """The ``extends:`` of a bundled ruleset (by name or alias), as written, or None."""
    return _bundled_entry(name).extends


@lru_cache(maxsize=1)
def _bundled_index() -> tuple[BundledRuleset, ...]:
    entries = []
    for path in sorted(bundled_dir().glob("*.yaml"), key=lambda p: p.stem):
        data = to_plain(read_path(path, _display(path)))
        aliases = data.get("aliases") if isinstance(data.get("aliases"), list) else []
        entries.append(
            BundledRuleset(
                name=path.stem,
                path=path,
                title=str(data.get("title", "")),
                extends=_str_or_none(data.get(EXTENDS)),
                aliases=tuple(str(a) for a in aliases),
            )
        )
    return tuple(entries)


def _bundled_entry(name: str) -> BundledRuleset:
    entry = _find_bundled(name)
    if entry is None:
        raise RulesetError(Problem.of(name, None, None, "", _unknown_name(name)))
    return entry


def _find_bundled(name: str) -> BundledRuleset | None:
    wanted = name.strip().lower()
    for entry in _bundled_index():
        if wanted == entry.name or wanted in entry.aliases:
            return entry
    return None


def _unknown_name(name: str) -> Message:
    index = _bundled_index()
    everything = [e.name for e in index] + [a for e in index for a in e.aliases]
    close = difflib.get_close_matches(name.lower(), everything, n=1)
    listing = "; ".join(
        f"{e.name} (aliases: {', '.join(e.aliases)})" if e.aliases else e.name for e in index
    )
    if close:
        return msg(UNKNOWN_RULESET_HINT, name=name, close=close[0], listing=listing)
    return msg(UNKNOWN_RULESET, name=name, listing=listing)


# --- locating files ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Source:
    """One file of an ``extends`` chain: where it is and how problems name it."""

    path: Path
    display: str

    @property
    def identity(self) -> Path:
        return self.path.resolve()


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _looks_like_path(text: str) -> bool:
    return text.endswith((".yaml", ".yml", ".json")) or "/" in text or os.sep in text


def _top_source(name_or_path: str | Path) -> _Source:
    if isinstance(name_or_path, Path):
        return _Source(name_or_path, str(name_or_path))
    text = str(name_or_path)
    if not _looks_like_path(text):
        entry = _find_bundled(text)
        if entry is not None:
            return _Source(entry.path, _display(entry.path))
        if not Path(text).is_file():
            raise RulesetError(Problem.of(text, None, None, "", _unknown_name(text)))
    return _Source(Path(text), text)


def _parent_source(extends: Node, child: _Source) -> _Source:
    text = extends.value
    if not isinstance(text, str) or not text.strip():
        message = msg(BAD_EXTENDS, got=_show(text))
        raise RulesetError(extends.pos.problem(EXTENDS, message))
    if not _looks_like_path(text):
        entry = _find_bundled(text)
        if entry is None:
            raise RulesetError(extends.pos.problem(EXTENDS, _unknown_name(text)))
        return _Source(entry.path, _display(entry.path))
    path = child.path.parent / text
    display = os.path.normpath(os.path.join(os.path.dirname(child.display), text))
    if not path.is_file():
        message = msg(NO_PARENT_FILE, file=text, display=display)
        raise RulesetError(extends.pos.problem(EXTENDS, message))
    return _Source(path, display)


# --- reading and merging ----------------------------------------------------------------


def _read(source: _Source) -> Node:
    stat = _stat(source.path)
    if stat is None:
        return read_path(source.path, source.display)
    return _read_cached(source.identity, source.display, stat)


def _stat(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=64)
def _read_cached(path: Path, display: str, stat: tuple[int, int]) -> Node:
    # `stat` is part of the cache key only: an edited file is read again.
    return read_path(path, display)


def _resolve_chain(node: Node, source: _Source) -> Node:
    """The merged node tree of a file and all its ancestors."""
    chain = [(source, node)]
    seen = {source.identity}
    while (extends := node.child(EXTENDS)) is not None:
        parent = _parent_source(extends, source)
        if parent.identity in seen:
            names = " -> ".join([s.display for s, _ in chain] + [parent.display])
            raise RulesetError(extends.pos.problem(EXTENDS, msg(CYCLE, names=names)))
        seen.add(parent.identity)
        source, node = parent, _read(parent)
        chain.append((source, node))
    merged = _own(chain[-1][1])
    for _, child in reversed(chain[:-1]):
        merged = merge(_inheritable(merged), _own(child))
    return merged


def _own(node: Node) -> Node:
    return Node({k: v for k, v in node.value.items() if k != EXTENDS}, node.pos)


def _inheritable(node: Node) -> Node:
    return Node({k: v for k, v in node.value.items() if k not in METADATA_KEYS}, node.pos)


def merge(parent: Node, child: Node) -> Node:
    """Merge two node trees: mappings key by key, anything else replaced by the child."""
    if not (isinstance(parent.value, dict) and isinstance(child.value, dict)):
        return child
    merged = dict(parent.value)
    for key, value in child.value.items():
        merged[key] = merge(merged[key], value) if key in merged else value
    return Node(merged, child.pos)


# --- validation -------------------------------------------------------------------------


def load_ruleset(name_or_path: str | Path | Ruleset) -> Ruleset:
    """A bundled ruleset by name or alias, or a ruleset file by path, fully resolved.

    Raises :class:`RulesetError` carrying every problem found.
    """
    if isinstance(name_or_path, Ruleset):
        return name_or_path
    source = _top_source(name_or_path)
    return _validate(_resolve_chain(_read(source), source))


def read_ruleset_text(text: str, filename: str = "<text>") -> Ruleset:
    """A ruleset from YAML text; ``filename`` names it in problems and anchors relative extends."""
    source = _Source(Path(filename), filename)
    return _validate(_resolve_chain(parse_text(text, filename), source))


def _validate(tree: Node) -> Ruleset:
    try:
        ruleset = Ruleset.model_validate(to_plain(tree))
    except ValidationError as exc:
        problems = [_problem(error, tree) for error in exc.errors()]
        raise RulesetError(_in_file_order(problems)) from None
    _check_plugins(ruleset, tree)
    return ruleset


def _check_plugins(ruleset: Ruleset, tree: Node) -> None:
    """Plug-ins named in the file must be installed: report unknown ones at their line."""
    if not (ruleset.play.extra_rules or ruleset.scoring.adjustments):
        return
    from manille_variants.ruleset.plugins import load_obligations, load_scorings

    problems: list[Problem] = []
    for load, names in ((load_obligations, ruleset.play.extra_rules), (load_scorings, ruleset.scoring.adjustments)):
        try:
            load(names)
        except RulesetError as exc:
            for found in exc.problems:
                loc = tuple(int(s) if s.isdigit() else s for s in found.path.split("."))
                problems.append(tree.nearest(loc).pos.problem(found.path, found.detail or found.message))
    if problems:
        raise RulesetError(_in_file_order(problems))


def _in_file_order(problems: list[Problem]) -> list[Problem]:
    """Distinct problems, grouped by file (first seen first), then by line and column."""
    unique = list(dict.fromkeys(problems))
    files = list(dict.fromkeys(p.file for p in unique))
    return sorted(unique, key=lambda p: (files.index(p.file), p.line or 0, p.column or 0))


def _problem(error: ErrorDetails, tree: Node) -> Problem:
    loc = tuple(step for step in error["loc"] if step != "[key]")
    found = (error.get("ctx") or {}).get("error")
    if isinstance(found, SettingProblem) and found.at:  # points below the field that failed
        loc = (*loc, *(int(s) if s.isdigit() else s for s in found.at.split(".")))
        return tree.nearest(loc).pos.problem(".".join(str(s) for s in loc), msg(INVALID, text=found.words))
    message = _message(error, loc)
    text = str(message)
    if text.startswith("@") and ": " in text:
        # The schema's convention: "@sub.path: text" points below the field that failed.
        sub, text = text[1:].split(": ", 1)
        loc = (*loc, *(int(s) if s.isdigit() else s for s in sub.split(".")))
        message = msg(INVALID, text=text)
    node = tree.nearest(loc)
    return node.pos.problem(".".join(str(s) for s in loc), message)


def _message(error: ErrorDetails, loc: tuple[Any, ...]) -> Message:
    kind, got = error["type"], _show(error.get("input"))
    ctx = error.get("ctx") or {}
    if kind == "extra_forbidden":
        return _unknown_key(str(loc[-1]), loc[:-1])
    if kind == "missing":
        if loc == ("name",):
            return msg(MISSING_NAME)
        return msg(MISSING, key=loc[-1])
    if kind == "literal_error":
        choices = _literal_choices(Ruleset, loc)
        expected = (", ".join(_as_yaml(c) for c in choices) if choices
                    else ", ".join(str(ctx["expected"]).rsplit(" or ", 1)))
        return msg(EXPECTED_ONE_OF, expected=expected, got=got)
    if kind == "value_error":
        found = ctx.get("error", error["msg"])
        coded = found.words if isinstance(found, SettingProblem) else None
        return _value_error(str(found), loc, got, coded)
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return msg(simple, got=got, **ctx)
    words = error["msg"]
    return msg(INVALID_GOT, text=f"{words[:1].lower()}{words[1:]}", got=got)


def _literal_choices(annotation: Any, loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """The values the ``Literal`` at ``loc`` allows, read from the schema's annotations (not
    from pydantic's sentence); empty if the path leads to no single literal."""
    for step in loc:
        annotation = _below(annotation, step)
        if annotation is None:
            return ()
    literals = [a for a in _members(annotation) if get_origin(a) is Literal]
    return get_args(literals[0]) if len(literals) == 1 else ()


def _members(annotation: Any) -> list[Any]:
    """An annotation's alternatives, ``Annotated`` and unions unwrapped."""
    if get_origin(annotation) is Annotated:
        return _members(get_args(annotation)[0])
    if get_origin(annotation) in (Union, UnionType):
        return [m for arg in get_args(annotation) for m in _members(arg)]
    return [annotation]


def _below(annotation: Any, step: Any) -> Any:
    """The annotation one step of an error's location below ``annotation``, or None."""
    for member in _members(annotation):
        if isinstance(member, type) and issubclass(member, BaseModel):
            field = member.model_fields.get(str(step))
            if field is not None:
                return field.annotation
        elif get_origin(member) in (list, tuple) and isinstance(step, int):
            return get_args(member)[0]
        elif get_origin(member) is dict and isinstance(step, str):
            return get_args(member)[1]
    return None


def _as_yaml(value: Any) -> str:
    """A literal choice as the file writes it: ``true``, ``'clockwise'``, ``3``."""
    return str(value).lower() if isinstance(value, bool) else repr(value)


def _value_error(text: str, loc: tuple[Any, ...], got: str, words: Message | None = None) -> Message:
    """A setting's own check: ``words``, its coded message after the key's name, if it has one."""
    said: str | Message = text
    if loc and text.startswith(f"{loc[-1]} "):  # "packets must ..." under dealing.packets
        text = text[len(str(loc[-1])) + 1 :]
        said = words if words is not None else text
    if text.startswith("@") or text.endswith(")"):
        return msg(INVALID, text=said)
    return msg(INVALID_GOT, text=said, got=got)


_INTEGER = define("ruleset.integer", "expected an integer (got {got})")
_BOOLEAN = define("ruleset.boolean", "expected true or false (got {got})")
_MAPPING = define("ruleset.mapping", "expected a mapping (got {got})")
# pydantic's error type -> the problem (its ``ctx`` and the value ``got`` as parameters)
_SIMPLE = {
    "greater_than_equal": define("ruleset.at-least", "must be at least {ge} (got {got})"),
    "greater_than": define("ruleset.greater-than", "must be greater than {gt} (got {got})"),
    "less_than_equal": define("ruleset.at-most", "must be at most {le} (got {got})"),
    "less_than": define("ruleset.less-than", "must be less than {lt} (got {got})"),
    "int_type": _INTEGER,
    "int_parsing": _INTEGER,
    "int_from_float": _INTEGER,
    "bool_type": _BOOLEAN,
    "bool_parsing": _BOOLEAN,
    "string_type": define("ruleset.string", "expected a string (got {got})"),
    "list_type": define("ruleset.list", "expected a list (got {got})"),
    "dict_type": _MAPPING,
    "model_type": _MAPPING,
    "model_attributes_type": _MAPPING,
    "invalid_key": define("ruleset.key-name", "keys must be names (got {got})"),
    "string_pattern_mismatch": define("ruleset.name-pattern",
                                      "expected a name of lower-case letters, digits and dashes (got {got})"),
    "string_too_short": define("ruleset.empty-string", "must not be empty (got {got})"),
    "string_too_long": define("ruleset.too-long", "must be at most {max_length} characters (got {got})"),
}


def _unknown_key(key: str, parent: tuple[Any, ...]) -> Message:
    known = _known_keys(parent)
    close = difflib.get_close_matches(key, known, n=1)
    if close:
        return msg(UNKNOWN_KEY_HINT, key=key, close=close[0], known=", ".join(known))
    return msg(UNKNOWN_KEY, key=key, known=", ".join(known))


def _known_keys(loc: tuple[Any, ...]) -> list[str]:
    model: type[BaseModel] | None = Ruleset
    for step in loc:
        if model is None:
            break
        if isinstance(step, int):
            continue
        info = model.model_fields.get(str(step))
        model = _model_in(info.annotation) if info is not None else None
    if model is None:
        return []
    keys = list(model.model_fields)
    return [*keys, EXTENDS] if model is Ruleset else keys


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in get_args(annotation) if get_origin(annotation) is not None else ():
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _show(value: Any) -> str:
    """A value as a user wrote it in YAML, shortened."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    text = repr(value) if not isinstance(value, list) else _show_list(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _show_list(items: list[Any]) -> str:
    return "[" + ", ".join(_show(item) for item in items) + "]"


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


# --- the JSON Schema of a ruleset file --------------------------------------------------


def ruleset_file_schema() -> dict[str, Any]:
    """The JSON Schema of a ruleset *file*: the resolved schema plus ``extends``.

    Cross-field checks (packets summing to 8, call ladders ...) are only made by the loader.
    """
    schema = Ruleset.model_json_schema()
    schema["properties"] = {
        EXTENDS: {
            "type": "string",
            "title": "Extends",
            "description": "A bundled ruleset (name or alias) or a .yaml path relative to this "
            "file; its settings are inherited, its metadata is not.",
        },
        **schema["properties"],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://manille-variants.example/ruleset.schema.json",
        **schema,
    }
