"""Safe, bounded YAML reading that remembers where every value was written.

A ruleset file is parsed into a tree of :class:`Node` objects: each holds the plain value
(a ``dict`` of nodes, a ``list`` of nodes, or a scalar) and the :class:`Pos` where it was set
(the key of a mapping entry, the start of a list item).  Only what a ruleset needs is
accepted: one document, a mapping at the top, plain string keys, the standard scalar tags.
Aliases are refused (no alias bombs), nesting is bounded and files above
:data:`MAX_BYTES` are refused before parsing.  Every failure is a :class:`RulesetError`.

>>> root = parse_text("scoring:\\n  cap: 4\\n", "club.yaml")
>>> root.find(("scoring", "cap")).pos
Pos(file='club.yaml', line=2, column=3)
>>> to_plain(root)
{'scoring': {'cap': 4}}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from manille_variants.errors import Problem, RulesetError
from manille_variants.messages import Message, define, msg

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "Node",
    "Pos",
    "parse_bytes",
    "parse_text",
    "read_path",
    "to_plain",
]

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 64
# The problems of reading a file (PyYAML's own words stay as it writes them, in the params).
NO_FILE = define("ruleset.no-file", "no such file")
DIRECTORY = define("ruleset.directory", "is a directory, not a ruleset file")
UNREADABLE = define("ruleset.unreadable", "cannot read: {reason}")
NOT_UTF8 = define("ruleset.not-utf8", "not UTF-8 text (byte {byte}); save the file as UTF-8")
NOT_YAML = define("ruleset.not-yaml", "not YAML text: {reason}")
YAML_ERROR = define("ruleset.yaml-error", "YAML error: {reason}")
EMPTY = define("ruleset.empty", "empty file: a ruleset is a mapping with at least a name")
NOT_A_MAPPING = define("ruleset.not-a-mapping", "a ruleset file must be a mapping of settings (got {got})")
SECOND_DOCUMENT = define("ruleset.second-document", "a ruleset file holds one YAML document (found a second '---')")
SYNTAX = define("ruleset.syntax", "YAML syntax error: {problem}")
SYNTAX_CONTEXT = define("ruleset.syntax-context", "YAML syntax error: {problem} ({context})")
SYNTAX_CONTEXT_LINE = define("ruleset.syntax-context-line", "YAML syntax error: {problem} ({context} at line {line})")
ALIASES = define("ruleset.aliases", "YAML aliases (*name) are not allowed in a ruleset; write the value out")
TOO_DEEP = define("ruleset.too-deep", "nested deeper than {limit} levels")
TOO_LARGE = define("ruleset.too-large", "file too large ({size:,} bytes; a ruleset file is at most {limit:,} bytes)")

_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"


@dataclass(frozen=True)
class Pos:
    """A place in a file: 1-based line and column."""

    file: str
    line: int | None = None
    column: int | None = None

    def problem(self, path: str, message: str | Message) -> Problem:
        """A :class:`Problem` at this place (its message coded or plain)."""
        return Problem.of(self.file, self.line, self.column, path, message)


@dataclass(frozen=True)
class Node:
    """A value with the place it was set; mappings and lists hold nodes."""

    value: Any
    pos: Pos

    def find(self, path: tuple[Any, ...]) -> Node | None:
        """The node at ``path`` (mapping keys and list indexes), or None."""
        node: Node | None = self
        for step in path:
            node = node.child(step) if node is not None else None
        return node

    def nearest(self, path: tuple[Any, ...]) -> Node:
        """The node at ``path``, or the deepest existing node on the way to it."""
        node = self
        for step in path:
            child = node.child(step)
            if child is None:
                break
            node = child
        return node

    def child(self, step: Any) -> Node | None:
        """The node under one key or index, or None."""
        if isinstance(self.value, dict):
            found: Node | None = self.value.get(str(step))
            return found
        if isinstance(self.value, list) and isinstance(step, int) and 0 <= step < len(self.value):
            return self.value[step]  # type: ignore[no-any-return]
        return None


def to_plain(node: Node) -> Any:
    """The plain Python value of a node tree (dicts, lists, scalars)."""
    if isinstance(node.value, dict):
        return {key: to_plain(child) for key, child in node.value.items()}
    if isinstance(node.value, list):
        return [to_plain(child) for child in node.value]
    return node.value


def read_path(path: Path, display: str) -> Node:
    """Read and parse a ruleset file; ``display`` is the file name used in problems."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RulesetError(Pos(display).problem("", _too_large(size)))
        data = path.read_bytes()
    except FileNotFoundError:
        raise RulesetError(Pos(display).problem("", msg(NO_FILE))) from None
    except IsADirectoryError:
        raise RulesetError(Pos(display).problem("", msg(DIRECTORY))) from None
    except OSError as exc:
        raise RulesetError(
            Pos(display).problem("", msg(UNREADABLE, reason=exc.strerror or str(exc)))
        ) from None
    return parse_bytes(data, display)


def parse_bytes(data: bytes, file: str) -> Node:
    """Parse the bytes of a ruleset file (UTF-8, at most :data:`MAX_BYTES`)."""
    if len(data) > MAX_BYTES:
        raise RulesetError(Pos(file).problem("", _too_large(len(data))))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        byte = data[exc.start]
        message = msg(NOT_UTF8, byte=f"0x{byte:02x}")
        raise RulesetError(Pos(file, line).problem("", message)) from None
    return parse_text(text, file)


def parse_text(text: str, file: str) -> Node:
    """Parse ruleset text into a node tree whose top is a mapping."""
    if len(text) > MAX_BYTES:
        raise RulesetError(Pos(file).problem("", _too_large(len(text.encode()))))
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        root = loader.get_single_node()
    except _Refused as exc:
        raise RulesetError(_at(file, exc.mark).problem("", exc.message)) from None
    except yaml.MarkedYAMLError as exc:
        raise RulesetError(_syntax_problem(file, exc)) from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        raise RulesetError(Pos(file, line).problem("", msg(NOT_YAML, reason=exc.reason))) from None
    except yaml.YAMLError as exc:  # any other parser complaint, reported as it is
        raise RulesetError(Pos(file).problem("", msg(YAML_ERROR, reason=str(exc)))) from None
    finally:
        if loader is not None:
            loader.dispose()
    if root is None:
        raise RulesetError(
            Pos(file, 1, 1).problem("", msg(EMPTY))
        )
    if not isinstance(root, yaml.MappingNode):
        got = _describe_node(root)
        message = msg(NOT_A_MAPPING, got=got)
        raise RulesetError(_at(file, root.start_mark).problem("", message))
    builder = _Builder(file, loader)
    tree = builder.build(root, _at(file, root.start_mark), ())
    if builder.problems:
        raise RulesetError(builder.problems)
    return tree


class _Refused(Exception):
    """A YAML feature a ruleset does not accept, at a mark."""

    def __init__(self, message: Message, mark: yaml.Mark | None) -> None:
        super().__init__(message.text("en"))
        self.message = message
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """SafeLoader composing nodes without aliases and with bounded nesting."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            raise _Refused(msg(ALIASES), self._next_mark())
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Refused(msg(TOO_DEEP, limit=MAX_DEPTH), self._next_mark())
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _next_mark(self) -> Any:
        event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
        return event.start_mark


class _Builder:
    """Turns composed YAML nodes into :class:`Node` trees, collecting problems."""

    def __init__(self, file: str, loader: _Loader) -> None:
        self.file = file
        self.loader = loader
        self.problems: list[Problem] = []

    def build(self, node: yaml.Node, pos: Pos, path: tuple[str, ...]) -> Node:
        if isinstance(node, yaml.MappingNode):
            return Node(self._mapping(node, path), pos)
        if isinstance(node, yaml.SequenceNode):
            self._check_tag(node, _SEQ_TAG, path)
            items = [
                self.build(item, self._pos(item), (*path, str(i)))
                for i, item in enumerate(node.value)
            ]
            return Node(items, pos)
        return Node(self._scalar(node, path), pos)

    def _mapping(self, node: yaml.MappingNode, path: tuple[str, ...]) -> dict[str, Node]:
        self._check_tag(node, _MAP_TAG, path)
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node, path)
            if key is None:
                continue
            where = self._pos(key_node)
            if key in out:
                message = f"duplicate key {key!r} (first set on line {out[key].pos.line})"
                self.problems.append(where.problem(_dotted((*path, key)), message))
                continue
            out[key] = self.build(value_node, where, (*path, key))
        return out

    def _key(self, node: yaml.Node, path: tuple[str, ...]) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag in _PLAIN_KEY_TAGS:
            return str(node.value)
        got = "a merge key <<" if node.tag.endswith(":merge") else _describe_node(node)
        self.problems.append(
            self._pos(node).problem(_dotted(path), f"keys must be plain names (got {got})")
        )
        return None

    def _scalar(self, node: yaml.Node, path: tuple[str, ...]) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError:
            message = f"unsupported YAML tag {_short_tag(node.tag)}"
        except Exception as exc:  # PyYAML's scalar constructors raise many kinds of errors
            message = f"malformed {_short_tag(node.tag)} value {node.value!r} ({exc})"
        self.problems.append(self._pos(node).problem(_dotted(path), message))
        return None

    def _check_tag(self, node: yaml.Node, expected: str, path: tuple[str, ...]) -> None:
        if node.tag != expected:
            tag = _short_tag(node.tag)
            message = f"unsupported YAML tag {tag} (only plain mappings, lists and values)"
            self.problems.append(self._pos(node).problem(_dotted(path), message))

    def _pos(self, node: yaml.Node) -> Pos:
        return _at(self.file, node.start_mark)


_PLAIN_KEY_TAGS = frozenset(
    f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null")
)


def _at(file: str, mark: yaml.Mark | None) -> Pos:
    if mark is None:
        return Pos(file)
    return Pos(file, mark.line + 1, mark.column + 1)


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def _syntax_problem(file: str, exc: yaml.MarkedYAMLError) -> Problem:
    if exc.problem == "but found another document":
        return _at(file, exc.problem_mark).problem("", msg(SECOND_DOCUMENT))
    mark = exc.problem_mark or exc.context_mark
    problem = str(exc.problem)
    if exc.context and exc.context_mark is not None and exc.context_mark is not mark:
        message = msg(SYNTAX_CONTEXT_LINE, problem=problem, context=exc.context, line=exc.context_mark.line + 1)
    elif exc.context:
        message = msg(SYNTAX_CONTEXT, problem=problem, context=exc.context)
    else:
        message = msg(SYNTAX, problem=problem)
    return _at(file, mark).problem("", message)


def _describe_node(node: yaml.Node) -> str:
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    text = str(node.value)
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _dotted(path: tuple[str, ...]) -> str:
    return ".".join(path)


def _too_large(size: int) -> Message:
    return msg(TOO_LARGE, size=size, limit=MAX_BYTES)
