"""The bundled calls' words, said as each country's tables say it (the first call doubles, the
second redoubles): a call named otherwise keeps its own label.

>>> call_label("Ik ga mee", "ik-ga-mee").text("fr"), call_label("Mee!", "ik-ga-mee")
('contre', 'Mee!')
"""

from __future__ import annotations

from manille_variants.messages import Message, define, msg

__all__ = ["CALL_WORDS", "call_label"]

CALL_WORDS = {
    "ik-ga-mee": define("call.ik-ga-mee", "Ik ga mee"),
    "ik-ga-tegen": define("call.ik-ga-tegen", "Ik ga tegen"),
    "contre": define("call.contre", "Contre"),
    "surcontre": define("call.surcontre", "Surcontre"),
}


def call_label(label: str, name: str) -> str | Message:
    """A call's label as a parameter: the bundled call's word (translated), else the label."""
    code = CALL_WORDS.get(name)
    return msg(code) if code is not None and msg(code).text("en") == label else label
