"""Seeded work units: the same seed gives the same numbers whatever the jobs or chunks."""

from __future__ import annotations

import pickle
import sys
import time
from dataclasses import replace

import pytest

import manille_variants as mv
from manille_variants.bots import make_bots, play_deal
from manille_variants.engine.match import deal_seed
from manille_variants.sim import SimError, SimSettings, run_comparison, run_units
from manille_variants.sim.runner import (
    MissingExtraError,
    RulesetRun,
    bot_seed,
    execute,
    make_chunks,
    match_seed,
    run_chunk,
    unit_seed,
)

BUNDLED = ("table-convention", "belgian", "belgian-capped", "french-coinchee")


@pytest.fixture(scope="module")
def rulesets() -> list[mv.Ruleset]:
    return [mv.load_ruleset(name) for name in BUNDLED]


def test_unit_seeds_depend_only_on_master_seed_and_index() -> None:
    assert unit_seed(7, 3) == deal_seed(7, 3)
    assert unit_seed(7, 3) != unit_seed(7, 4) != unit_seed(8, 3)
    assert match_seed(7, 3) not in {unit_seed(7, i) for i in range(100)}
    assert bot_seed(unit_seed(7, 3)) != unit_seed(7, 3)


def test_deal_unit_is_the_seeded_deal_with_dealer_index_mod_4(rulesets: list[mv.Ruleset]) -> None:
    rs = rulesets[1]
    (run,) = run_units("deals", [rs], 6, seed=11, bots="random", rows=True)
    assert len(run.deals) == 6
    for i, row in enumerate(run.deals):
        seed = deal_seed(11, i)
        final = play_deal(mv.new_deal(rs, seed, i % 4), make_bots("random", bot_seed(seed)))
        assert final.result is not None
        assert (row.team_a, row.team_b, row.factor) == (
            final.result.team_a, final.result.team_b, final.result.factor)


@pytest.mark.parametrize("rows", [True, False])
def test_chunking_does_not_change_the_results(rulesets: list[mv.Ruleset], rows: bool) -> None:
    whole = run_chunk(make_chunks("deals", rulesets, 40, 5, "random", size=40, rows=rows)[0])
    parts = [run_chunk(c) for c in make_chunks("deals", rulesets, 40, 5, "random", size=7,
                                               rows=rows)]
    for k in range(len(rulesets)):
        assert [row for part in parts for row in part.runs[k].deals] == whole.runs[k].deals
        assert len(whole.runs[k].deals) == (40 if rows else 0)
        merged = RulesetRun()
        for part in parts:
            merged.extend(part.runs[k])
        assert merged.tally == whole.runs[k].tally


@pytest.mark.parametrize("rows", [True, False])
def test_two_jobs_give_the_same_rows_and_tallies_as_one(rulesets: list[mv.Ruleset],
                                                        rows: bool) -> None:
    # rows: the Python loop on processes; tallies: the core on threads.
    one = run_units("matches", rulesets, 6, seed=3, bots="random", jobs=1, rows=rows)
    two = run_units("matches", rulesets, 6, seed=3, bots="random", jobs=2, rows=rows)
    assert [r.matches for r in one] == [r.matches for r in two]
    assert [r.deals for r in one] == [r.deals for r in two]
    assert [r.tally for r in one] == [r.tally for r in two]
    deals_one = run_units("deals", rulesets, 3000, seed=3, bots="random", jobs=1)
    deals_two = run_units("deals", rulesets, 3000, seed=3, bots="random", jobs=2)
    assert [r.tally for r in deals_one] == [r.tally for r in deals_two]


def test_comparisons_on_the_core_and_on_the_python_loop_agree(rulesets: list[mv.Ruleset]) -> None:
    settings = SimSettings(deals=300, matches=3, seed=4, bots="random")
    tallied = run_comparison(rulesets, settings).to_json()
    with_records = run_comparison(rulesets, replace(settings, records=True)).to_json()
    assert tallied == with_records


def test_progress_counts_every_unit(rulesets: list[mv.Ruleset]) -> None:
    seen: list[int] = []
    chunks = make_chunks("deals", rulesets[:1], 25, 1, "random", size=10)
    execute(chunks, jobs=2, progress=seen.append)
    assert sorted(seen) == [5, 10, 10]


def test_every_ruleset_plays_the_same_shuffles_and_dealers(rulesets: list[mv.Ruleset]) -> None:
    runs = run_units("deals", rulesets, 5, seed=2, bots="random", records=True)
    starts = [[(u["deals"][0]["seed"], u["deals"][0]["dealer"]) for u in run.records]
              for run in runs]
    assert all(s == starts[0] for s in starts)
    assert [d for _, d in starts[0]] == [0, 1, 2, 3, 0]


def test_match_rows_count_games_and_deals(rulesets: list[mv.Ruleset]) -> None:
    belgian = rulesets[1]
    (run,) = run_units("matches", [belgian], 4, seed=9, bots="random", rows=True)
    for match in run.matches:
        assert sum(match.game_lengths) == match.deals
        assert 2 <= match.games <= 3  # best of three boams
    assert len(run.deals) == sum(m.deals for m in run.matches)


def test_unknown_bot_fails_before_any_work_starts(rulesets: list[mv.Ruleset]) -> None:
    with pytest.raises(mv.ManilleError, match="unknown bot 'nobody'"):
        run_units("deals", rulesets, 10, seed=1, bots="nobody", jobs=2)


def test_nothing_to_play_is_an_error(rulesets: list[mv.Ruleset]) -> None:
    with pytest.raises(SimError, match="nothing to play"):
        run_comparison(rulesets, SimSettings(deals=0, matches=0))


def test_missing_dask_names_the_install_command(
    rulesets: list[mv.Ruleset], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    chunks = make_chunks("deals", rulesets[:1], 2, 1, "random")
    with pytest.raises(MissingExtraError, match=r"pip install 'manille-variants\[distributed\]'"):
        execute(chunks, scheduler="tcp://127.0.0.1:8786")


def test_unparsable_scheduler_address_is_a_user_error(rulesets: list[mv.Ruleset]) -> None:
    chunks = make_chunks("deals", rulesets[:1], 2, 1, "random")
    with pytest.raises(SimError, match="missing port number"):
        execute(chunks, scheduler="127.0.0.1")


def test_local_dask_cluster_gives_the_same_numbers_as_one_job(
    rulesets: list[mv.Ruleset],
) -> None:
    distributed = pytest.importorskip("distributed")
    settings = SimSettings(deals=120, matches=4, seed=5, bots="random", jobs=1)
    expected = run_comparison(rulesets[::3], settings).to_json()
    start = time.perf_counter()
    with distributed.LocalCluster(
        n_workers=2, processes=False, threads_per_worker=1, protocol="tcp", host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        on_dask = SimSettings(deals=120, matches=4, seed=5, bots="random",
                              scheduler=cluster.scheduler_address)
        got = run_comparison(rulesets[::3], on_dask).to_json()
    assert got == expected
    assert time.perf_counter() - start < 20


def test_default_bots_is_heuristic_when_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    from manille_variants.bots import BOTS, RandomBot
    from manille_variants.sim import default_bots

    monkeypatch.setitem(BOTS, "heuristic", RandomBot)
    assert default_bots() == "heuristic"


def test_default_bots_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    from manille_variants.bots import UnknownBotError
    from manille_variants.sim import default_bots, runner

    def missing(name: str, seed: int = 0) -> None:
        raise UnknownBotError(f"unknown bot {name!r}")

    monkeypatch.setattr(runner, "make_bot", missing)
    assert default_bots() == "random"


def test_small_runs_stay_in_one_chunk(rulesets: list[mv.Ruleset]) -> None:
    python = {"in_core": False}
    assert len(make_chunks("deals", rulesets, 15, 1, "random", jobs=2, **python)) == 1
    # About 16 chunks a job, of at most 250 deals: the jobs finish close together.
    assert len(make_chunks("deals", rulesets, 8_000, 1, "random", jobs=2, **python)) == 32
    assert len(make_chunks("deals", rulesets, 10_000, 1, "random", jobs=2, **python)) == 40


def test_chunks_the_core_plays_are_large(rulesets: list[mv.Ruleset]) -> None:
    # A core chunk costs almost nothing to start: about 4 a job, of 1,000 to 100,000 deals.
    chunks = make_chunks("deals", rulesets, 1_000_000, 1, "random", jobs=1)
    assert all(c.core for c in chunks) and len(chunks) == 10
    assert len(make_chunks("deals", rulesets, 8_000, 1, "random", jobs=2)) == 8
    assert len(make_chunks("deals", rulesets, 1_500, 1, "random", jobs=2)) == 2
    assert not any(c.core for c in make_chunks("deals", rulesets, 100, 1, "random",
                                               records=True))


def test_equal_rulesets_share_one_compiled_form(rulesets: list[mv.Ruleset]) -> None:
    # A worker process receives a fresh copy of the ruleset with every chunk: it must find
    # the rules it compiled already (with their memos), not compile them again.
    original = rulesets[0]
    copy = pickle.loads(pickle.dumps(original))
    assert copy is not original and copy == original
    assert mv.compile_rules(copy) is mv.compile_rules(original)
    changed = original.model_copy(update={"name": original.name + "-changed"})
    assert mv.compile_rules(changed) is not mv.compile_rules(original)


def test_searching_bots_are_cut_into_chunks_that_keep_every_job_busy(rulesets: list[mv.Ruleset]) -> None:
    # A search bot spends about a second a deal: 200 deals on 2 jobs are 16 chunks, not one.
    search = make_chunks("deals", rulesets[:2], 200, 1, "search")
    assert len(make_chunks("deals", rulesets[:2], 200, 1, "search", jobs=2)) == 16
    assert len(search) == 8 and all(c.core for c in search)
    assert len(make_chunks("deals", rulesets[:2], 200, 1, "heuristic,ismcts", jobs=2)) == 16
    # The fast bots in the core keep their large chunks (a chunk costs the core nothing).
    assert len(make_chunks("deals", rulesets[:2], 200, 1, "heuristic", jobs=2)) == 1
