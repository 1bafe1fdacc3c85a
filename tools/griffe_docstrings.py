"""The package's docstrings as the website's Markdown (a griffe extension, named in mkdocs.yml).

The docstrings are written for the terminal and for ``help()``: Sphinx roles
(``:func:`~manille_variants.engine.deal.new_deal```), doctest examples after a line of prose,
``text::`` before an indented literal block. For the API reference a role becomes the code span
of its name (``new_deal``), each run of doctest lines a ``pycon`` block and ``::`` a colon, so
Markdown neither prints the markup nor reads an example's brackets as links.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["SphinxRolesAndDoctests", "to_markdown"]

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|mod|data|exc|obj|const):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    short, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def _fence_doctests(text: str) -> str:
    """Every run of doctest lines (from ``>>>`` to the next blank line) as a ``pycon`` block,
    and reST's ``text::`` before a literal block as ``text:``; fenced blocks are left as they
    are."""
    out: list[str] = []
    in_fence = in_doctest = False
    for line in text.splitlines():
        stripped = line.strip()
        if in_doctest and not stripped:
            out.append("```")
            in_doctest = False
        elif not in_doctest and not in_fence and stripped.startswith(">>>"):
            out += ([""] if out and out[-1].strip() else []) + ["```pycon"]
            in_doctest = True
        elif not in_doctest and stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_doctest and not in_fence and line.endswith("::"):
            line = line[:-1]  # reST's "literal block follows": the indented block is code already
        out.append(line)
    if in_doctest:
        out.append("```")
    return "\n".join(out)


def to_markdown(text: str) -> str:
    """A docstring's text as Markdown: roles as code spans, doctests fenced.

    >>> to_markdown("See :func:`~a.b.solve` and :class:`a.Card`.")
    'See `solve` and `a.Card`.'
    """
    return _fence_doctests(ROLE.sub(_role, text))


class SphinxRolesAndDoctests(griffe.Extension):
    """Rewrites each docstring once the package's object tree is built (the package itself is
    no member of anything: griffe announces it apart)."""

    def on_object(self, *, obj: griffe.Object, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = to_markdown(obj.docstring.value)

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        self.on_object(obj=pkg, loader=loader)
