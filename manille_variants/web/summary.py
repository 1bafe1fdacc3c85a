"""A ruleset in plain words, in the page's language: the sentences of ``manille show``
(:func:`~manille_variants.ruleset.summary.summary_messages`), rendered through the catalog.

>>> from manille_variants.ruleset.loader import load_ruleset
>>> summary(load_ruleset("belgian"), "nl")[-1]
'Een boam is gewonnen met 101 wedstrijdpunten of meer na een volledig spel; een wedstrijd is beste van 3 boams.'
"""

from __future__ import annotations

from manille_variants.ruleset.schema import Ruleset
from manille_variants.ruleset.summary import summary_messages

__all__ = ["summary"]


def summary(rs: Ruleset, lang: str) -> list[str]:
    """The summary's sentences in ``lang`` (``en``, ``nl`` or ``fr``)."""
    return [sentence.text(lang) for sentence in summary_messages(rs)]
