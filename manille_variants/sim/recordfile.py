"""Game records of simulated deals and matches, in the format of :mod:`manille_variants.records.format`.

The workers send back each deal's start (seed, dealer, pending ties, scores) and action
texts; here the deals are replayed (cheap, no bots) into deal states and written with the
records module: one ``kind: "deals"`` record per ruleset for a deal-mode run, one
``kind: "match"`` record per match for a match-mode run.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from manille_variants.engine.deal import DealState, replay
from manille_variants.engine.match import Match
from manille_variants.messages import define, msg
from manille_variants.records.format import record_from_deals, write_record
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim.runner import SimError, SimOutputExistsError

__all__ = ["check_records_dir", "write_records"]

GENERATOR = "manille simulate"
NOT_A_DIRECTORY = define("sim.not-a-directory", "{directory} is not a directory")
NOT_EMPTY = define("sim.not-empty", "{directory} is not empty")
WRITE_INTO = define("sim.write-into", "write records into it")


def check_records_dir(directory: Path, *, force: bool = False) -> None:
    """Refuse a directory that already holds files unless ``force``; create it otherwise."""
    if directory.exists() and not directory.is_dir():
        raise SimError(msg(NOT_A_DIRECTORY, directory=str(directory)))
    if directory.is_dir() and any(directory.iterdir()) and not force:
        raise SimOutputExistsError(msg(NOT_EMPTY, directory=str(directory)), replacing=msg(WRITE_INTO))
    directory.mkdir(parents=True, exist_ok=True)


def _replay(ruleset: Ruleset, entry: dict[str, Any]) -> DealState:
    scores = (int(entry["scores"][0]), int(entry["scores"][1]))
    return replay(ruleset, entry["seed"], entry["dealer"], entry["actions"],
                  pending_ties=entry["pending_ties"], scores=scores)


def _match_record_path(directory: Path, ruleset: Ruleset, unit: dict[str, Any]) -> Path:
    return directory / f"{ruleset.name}-match-{unit['index']:06d}.json"


def write_match_records(directory: Path, ruleset: Ruleset, units: Sequence[dict[str, Any]]
                        ) -> list[Path]:
    """One record per simulated match (the match rebuilt from its replayed deals)."""
    paths = []
    for unit in units:
        finals = [_replay(ruleset, entry) for entry in unit["deals"]]
        match = Match(ruleset, unit["seed"])
        for final in finals:
            assert final.result is not None
            match.add(final.result)
        record = record_from_deals(ruleset, finals, seed=unit["seed"], match=match,
                                   generator=GENERATOR)
        path = _match_record_path(directory, ruleset, unit)
        write_record(record, path)
        paths.append(path)
    return paths


def write_deal_records(directory: Path, ruleset: Ruleset, units: Sequence[dict[str, Any]]
                       ) -> list[Path]:
    """One ``kind: "deals"`` record holding every simulated deal, in deal order."""
    finals = [_replay(ruleset, entry) for unit in units for entry in unit["deals"]]
    record = record_from_deals(ruleset, finals, kind="deals", generator=GENERATOR)
    path = directory / f"{ruleset.name}-deals.json"
    write_record(record, path)
    return [path]


def write_records(directory: Path, ruleset: Ruleset, units: Sequence[dict[str, Any]]
                  ) -> list[Path]:
    """Write the records of a run's units (all deals, or all matches)."""
    if units and units[0]["kind"] == "match":
        return write_match_records(directory, ruleset, units)
    return write_deal_records(directory, ruleset, units)
