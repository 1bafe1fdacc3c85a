"""Comparisons run in the background for the Compare page: progress, then the report page of
``manille compare --report`` (charts when matplotlib, the ``report`` extra, is installed)."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from manille_variants.bots import make_bots
from manille_variants.errors import ManilleError
from manille_variants.messages import Message
from manille_variants.ruleset.schema import Ruleset
from manille_variants.sim import SimSettings, run_comparison
from manille_variants.sim.report import render_html
from manille_variants.web.play import bounded_bots

__all__ = ["MAX_DEALS", "Job", "Jobs"]

MAX_DEALS = 20_000
_MAX_JOBS = 20


@dataclass
class Job:
    rulesets: list[Ruleset]
    settings: SimSettings
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    done: int = 0
    report: str | None = None
    error: str | None = None
    refusal: Message | None = None  # the error's coded message, when the library gave one

    @property
    def total(self) -> int:
        return self.settings.deals + self.settings.matches  # a unit is played under every ruleset

    def run(self) -> None:
        try:
            comparison = run_comparison(self.rulesets, self.settings, progress=self._progress)
            self.report = render_html(comparison, _charts(comparison))
        except ManilleError as exc:
            self.error, self.refusal = str(exc), exc.message
        except Exception as exc:  # a report must say it failed rather than spin forever
            self.error = f"{type(exc).__name__}: {exc}"

    @property
    def finished(self) -> bool:
        return self.report is not None or self.error is not None

    def _progress(self, units: int) -> None:
        self.done = min(self.total, self.done + units)

    def as_json(self, lang: str = "en") -> dict[str, Any]:
        """The job's progress; a coded error adds ``code``, ``params`` and ``message`` (in ``lang``)."""
        coded = {} if self.refusal is None else {**self.refusal.json(), "message": self.refusal.text(lang)}
        return {"id": self.id, "done": self.done, "total": self.total,
                "finished": self.finished, "error": self.error,
                "rulesets": [r.name for r in self.rulesets],
                **{k: coded[k] for k in ("code", "params", "message") if k in coded}}


def _charts(comparison: Any) -> dict[str, bytes]:
    try:
        from manille_variants.sim.report import make_charts

        return make_charts(comparison)
    except ImportError:
        return {}


class Jobs:
    """Comparisons started from the page, each in its own thread; the oldest forgotten first."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, rulesets: list[Ruleset], deals: int, bots: str, seed: int = 1) -> Job:
        if not 1 <= deals <= MAX_DEALS:
            raise ManilleError(f"deals must be between 1 and {MAX_DEALS} (got {deals})")
        make_bots(bounded_bots(bots))  # an unknown bot or too large a budget is refused now, not in the thread
        job = Job(rulesets, SimSettings(deals=deals, seed=seed, bots=bots))
        with self._lock:
            if any(not j.finished for j in self._jobs.values()):
                raise ManilleError("a comparison is still running: wait for it to finish")
            self._jobs[job.id] = job
            while len(self._jobs) > _MAX_JOBS:
                self._jobs.popitem(last=False)
        threading.Thread(target=job.run, name=f"compare-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)
