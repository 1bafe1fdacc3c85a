"""No sentence is read back: the pattern tables that parsed the engine's English are gone, and
no regular expression in the package matches a sentence of ours (the words come from codes)."""

from __future__ import annotations

import ast
from pathlib import Path

import manille_variants
from manille_variants.messages import templates

PACKAGE = Path(manille_variants.__file__).parent
REMOVED = {"localize", "MESSAGES", "_ENTRY_PREFIX", "NOTES", "CLAUSE_SENTENCES", "FACTOR_SENTENCES", "_FOLLOW_WHY",
           "_CANNOT_BEAT", "_FOLLOW", "_NOT_LEGAL", "_TURNED", "_UNTIL", "_HOLDER", "_CALL_WORDS", "note_patterns"}
# Pieces of our sentences a pattern reading one back would hold.
SENTENCE_WORDS = ("must be between", "holds the trick", "is not legal", "stays on the table", "trick(s) hold",
                  "nobody scores", "capped at", "never throws", "the match is over", "follow suit", "you cannot beat")


def _patterns(tree: ast.AST) -> list[str]:
    """The string literals given to ``re.*`` calls."""
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"):
            found += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return found


def test_no_module_keeps_a_pattern_table_of_messages() -> None:
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.AnnAssign)
                 for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
        assert not names & REMOVED, (path, names & REMOVED)


def test_no_regular_expression_matches_a_sentence_of_ours() -> None:
    for path in PACKAGE.rglob("*.py"):
        for pattern in _patterns(ast.parse(path.read_text(encoding="utf-8"))):
            assert not any(w.replace("(", r"\(") in pattern or w in pattern for w in SENTENCE_WORDS), (path, pattern)


def test_the_web_words_modules_import_no_re() -> None:
    for name in ("engine_words.py", "i18n.py"):
        source = (PACKAGE / "web" / name).read_text(encoding="utf-8")
        assert "import re" not in source, name
    assert any(code.startswith("refused.") for code in templates())
