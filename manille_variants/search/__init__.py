"""Search: the double-dummy solver, the search bot, advice for the dealer, analysis of games.

All search runs in the compiled core (``manille_variants._core``); this package turns the
library's states, views and records into what the core reads, and its answers back.
"""

from manille_variants.search.ismcts import IsmctsBot
from manille_variants.search.solver import Solution, solve

__all__ = ["IsmctsBot", "Solution", "solve"]
