"""Simulation chunks played whole by the core: the same rows and the same tallies as the
Python loop, so results stay identical whatever runs them."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from core_helpers import core_bundled
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BUNDLED as ALL_BUNDLED

import manille_variants as mv
from manille_variants import _core
from manille_variants.bots import make_bots, play_deal, play_match
from manille_variants.bots.base import RandomStream
from manille_variants.bots.heuristic import HeuristicBot
from manille_variants.bots.registry import UnknownBotError
from manille_variants.engine.crossing import core_rules_for
from manille_variants.engine.reference import new_deal as reference_deal
from manille_variants.engine.rules import Rules
from manille_variants.errors import BotOptionError
from manille_variants.sim import runner
from manille_variants.sim.metrics import DEAL_METRICS
from manille_variants.sim.runner import (
    Chunk,
    ChunkResult,
    RulesetRun,
    _tally_in_core,
    _tally_rows,
    bot_seed,
    core_plays,
    make_chunks,
    play_one_deal,
    play_one_match,
    run_chunk,
    run_in_core,
    unit_seed,
)

BUNDLED = core_bundled(ALL_BUNDLED)


def python_rows(rules: Rules, kind: str, start: int, stop: int, master: int, bots: str = "random") -> RulesetRun:
    expected = RulesetRun()
    play = play_one_deal if kind == "deals" else play_one_match
    for index in range(start, stop):
        play(rules, index, master, bots, False, expected)
    return expected


@pytest.mark.parametrize("name", BUNDLED)
@pytest.mark.parametrize("master", [0, 12345, -7, 2**70 + 3])
def test_random_bot_deals_in_the_core_equal_the_python_loop(name: str, master: int) -> None:
    rules = mv.compile_rules(mv.load_ruleset(name))
    expected = python_rows(rules, "deals", 100, 300, master)
    got = run_in_core(Chunk("deals", (rules.ruleset,), 100, 300, master, "random"), rules)
    assert got is not None
    assert got.deals == expected.deals


@pytest.mark.parametrize("name", BUNDLED)
def test_random_bot_matches_in_the_core_equal_the_python_loop(name: str) -> None:
    rules = mv.compile_rules(mv.load_ruleset(name))
    expected = python_rows(rules, "matches", 0, 4, 99)
    got = run_in_core(Chunk("matches", (rules.ruleset,), 0, 4, 99, "random"), rules)
    assert got is not None
    assert got.matches == expected.matches
    assert got.deals == expected.deals


@pytest.mark.parametrize("name", ALL_BUNDLED)
def test_the_python_random_bot_on_the_python_engine_draws_the_core_bots_stream(name: str) -> None:
    # Every bundled ruleset, the ones the core does not play included: the Python RandomBot
    # on the Python engine picks legal[below(len(legal))] of the SplitMix64 stream of
    # seed * 4 + seat, which is what the core's random bot does with the same legal actions.
    rs = mv.load_ruleset(name)
    for index in range(40):
        seed = unit_seed(3, index)
        streams = [RandomStream(bot_seed(seed) * 4 + seat) for seat in range(4)]
        bots = make_bots("random", bot_seed(seed))
        state = reference_deal(rs, seed, index % 4)
        while not state.is_over:
            seat = state.to_play
            legal = state.legal_actions()
            chosen = bots[seat].act(state.view(seat))
            assert chosen == legal[streams[seat].below(len(legal))]
            state = state.apply(chosen)


def test_the_core_plays_only_its_own_bots_and_no_records() -> None:
    rules = mv.compile_rules(mv.load_ruleset("belgian"))
    assert core_plays("random", [rules]) is not None
    assert core_plays("random", [rules], records=True) is None
    assert core_plays("random,heuristic", [rules]) is not None
    assert core_plays("heuristic", [rules]) is not None
    assert set(_core.sim_bots()) == {"random", "heuristic", "search", "ismcts"}
    assert core_plays("search", [rules]) is not None
    assert core_plays("search:worlds=4,random", [rules]) is not None
    assert core_plays("search", [rules], records=True) is None
    chunk = Chunk("deals", (rules.ruleset,), 0, 5, 1, "random", records=True)
    assert run_in_core(chunk, rules) is None


@pytest.mark.parametrize("name", BUNDLED)
def test_search_bot_deals_in_the_core_equal_the_python_loop(name: str) -> None:
    # The core's search bot reads its seat's knowledge off the deal; the registry's search
    # bot reads it off the seat's view: the same knowledge, the same worlds, the same choices.
    rules = mv.compile_rules(mv.load_ruleset(name))
    bots = "search:worlds=3,heuristic"
    expected = python_rows(rules, "deals", 0, 3, 7, bots)
    got = run_in_core(Chunk("deals", (rules.ruleset,), 0, 3, 7, bots), rules)
    assert got is not None
    assert got.deals == expected.deals


def test_the_core_counts_the_python_metrics_in_the_same_order() -> None:
    assert _core.sim_metrics() == [m.key for m in DEAL_METRICS]


def test_the_core_refuses_a_bot_it_does_not_play() -> None:
    core = core_rules_for(mv.load_ruleset("belgian"))
    assert core is not None
    with pytest.raises(ValueError, match="the core has no bot"):
        _core.sim_deal_tally([core], 1, 0, 3, "nobody")
    with pytest.raises(ValueError, match="one bot, one per team, or four"):
        _core.sim_deal_rows(core, 1, 0, 3, "random,random,random")


def test_the_core_heuristic_plays_with_the_settings_it_is_given() -> None:
    rules = mv.compile_rules(mv.load_ruleset("belgian"))
    core = core_rules_for(rules)
    assert core is not None
    with pytest.raises(ValueError, match="the heuristic bot plays with its settings"):
        _core.sim_deal_rows(core, 1, 0, 3, "random,heuristic")
    with pytest.raises(ValueError, match="the heuristic bot plays with its settings"):
        _core.sim_match_tally(core, 1, 0, 1, "heuristic")
    heuristic = HeuristicBot(0).core(rules)
    with pytest.raises(ValueError, match=r"one heuristic per ruleset \(2 rulesets, 1 heuristics\)"):
        _core.sim_deal_tally([core, core], 1, 0, 3, "heuristic", [heuristic])
    assert len(_core.sim_deal_rows(core, 1, 0, 3, "random", heuristic)) == 3  # settings unused


@pytest.mark.parametrize("bots", ["random", "heuristic", "random,heuristic"])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_core_tallies_equal_the_tallies_of_the_python_rows(kind: str, bots: str) -> None:
    rulesets = tuple(mv.load_ruleset(name) for name in BUNDLED)
    count = 150 if kind == "deals" else 3
    (tallied,) = make_chunks(kind, rulesets, count, 17, bots, size=count)  # type: ignore[arg-type]
    assert tallied.core
    got = run_chunk(tallied)
    compiled = [mv.compile_rules(rs) for rs in rulesets]
    assert _tally_in_core(tallied, compiled) is not None  # tallied in the core, not from rows
    runs = [python_rows(rules, kind, 0, count, 17, bots) for rules in compiled]
    _tally_rows(tallied, runs)
    for mine, theirs in zip(got.runs, runs, strict=True):
        assert mine.tally == theirs.tally
        assert not mine.deals and not mine.matches  # no rows kept unless asked


@settings(max_examples=10, deadline=None)
@given(cuts=st.lists(st.integers(1, 399), max_size=4, unique=True))
def test_tallies_do_not_depend_on_the_chunking(cuts: list[int]) -> None:
    rulesets = (mv.load_ruleset("belgian"), mv.load_ruleset("french-coinchee"))
    bounds = [0, *sorted(cuts), 400]
    whole = run_chunk(Chunk("deals", rulesets, 0, 400, 5, "random", core=True))
    parts = [run_chunk(Chunk("deals", rulesets, a, b, 5, "random", core=True))
             for a, b in pairwise(bounds)]
    for k in range(2):
        merged = RulesetRun()
        for part in parts:
            merged.extend(part.runs[k])
        assert merged.tally == whole.runs[k].tally
    assert sum(whole.runs[1].tally.diffs["net"].values()) == 400
    assert whole.runs[0].tally.count("factor") == 400


def test_the_core_random_bot_plays_what_the_python_bot_plays() -> None:
    rs = mv.load_ruleset("belgian")
    seed = unit_seed(8, 2)
    final = play_deal(reference_deal(rs, seed, 2), make_bots("random", bot_seed(seed)))
    core = core_rules_for(rs)
    assert core is not None and final.result is not None
    (row,) = _core.sim_deal_rows(core, 8, 2, 3)
    assert row[:2] == (final.result.team_a, final.result.team_b)


# ------------------------------------------------------------------ six seats
SIX_BOTS = ["random", "heuristic", "heuristic,random", "random,heuristic,heuristic,random,random,heuristic"]


@pytest.mark.parametrize("bots", SIX_BOTS)
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_six_seat_rows_in_the_core_equal_the_python_loop(kind: str, bots: str) -> None:
    # Two fixed teams of three (belgian-six): the same deals, bots seeded seed * 6 + seat,
    # the shown undealt cards known to the heuristic in both.
    rules = mv.compile_rules(mv.load_ruleset("belgian-six"))
    start, stop = (50, 250) if kind == "deals" else (0, 3)
    expected = python_rows(rules, kind, start, stop, 31, bots)
    got = run_in_core(Chunk(kind, (rules.ruleset,), start, stop, 31, bots), rules)  # type: ignore[arg-type]
    assert got is not None
    assert got.deals == expected.deals
    assert got.matches == expected.matches


def _hidden_six(tmp_path: Path) -> mv.Ruleset:
    hidden = tmp_path / "belgian-six-hidden.yaml"
    hidden.write_text("name: belgian-six-hidden\nextends: belgian-six\ntable:\n  undealt: {shown: false}\n",
                      encoding="utf-8")
    return mv.load_ruleset(str(hidden))


def _core_tallies_equal_the_loops(kind: str, rulesets: tuple[mv.Ruleset, ...], count: int, seed: int, bots: str,
                                  monkeypatch: pytest.MonkeyPatch) -> ChunkResult:
    """One chunk of ``count`` units tallied whole in the core, then again on the Python loop
    (core_plays None): the same tallies, run for run; the core's result."""
    (tallied,) = make_chunks(kind, rulesets, count, seed, bots, size=count)  # type: ignore[arg-type]
    assert tallied.core
    compiled = [mv.compile_rules(rs) for rs in rulesets]
    assert _tally_in_core(tallied, compiled) is not None
    got = run_chunk(tallied)
    monkeypatch.setattr(runner, "core_plays", lambda *args, **kwargs: None)
    assert _tally_in_core(tallied, compiled) is None
    loop = run_chunk(tallied)
    for mine, theirs in zip(got.runs, loop.runs, strict=True):
        assert mine.tally == theirs.tally
    return got


@pytest.mark.parametrize("bots", ["random", "heuristic", "random,heuristic"])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_six_seat_tallies_in_the_core_equal_the_python_loop(kind: str, bots: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # A comparison of six-seat rulesets (the undealt cards shown or not) and a four-seat one,
    # tallied whole in the core, against the same units on the Python loop (core_plays None).
    rulesets = (mv.load_ruleset("belgian-six"), _hidden_six(tmp_path), mv.load_ruleset("belgian"))
    count = 200 if kind == "deals" else 3
    got = _core_tallies_equal_the_loops(kind, rulesets, count, 23, bots, monkeypatch)
    assert got.runs[0].tally.count("net") > 0


def test_the_core_plays_six_seats_in_two_teams_with_its_random_and_heuristic_bots() -> None:
    six, three, two, four = (mv.compile_rules(mv.load_ruleset(n))
                             for n in ("belgian-six", "belgian-three", "belgian-two", "belgian"))
    for bots in SIX_BOTS:
        assert core_plays(bots, [six]) is not None
        assert core_plays(bots, [six, four]) is not None
    # The searching bots play four seats only (the Python loop refuses them, coded).
    assert core_plays("search", [six]) is None and core_plays("ismcts,random", [six, four]) is None
    # The dealer alone (three seats, a score per player) and two seats with the layout in the core too.
    assert core_plays("random", [three]) is not None and core_plays("heuristic,random", [three]) is not None
    assert core_plays("ismcts", [three]) is None
    assert core_plays("heuristic", [two]) is not None and core_plays("search", [two]) is None


def test_the_core_refuses_a_four_seat_spec_at_six_seats_in_the_python_words() -> None:
    core = core_rules_for(mv.load_ruleset("belgian-six"))
    assert core is not None
    with pytest.raises(UnknownBotError) as python:
        make_bots("random,random,random,random", 0, seats=6)
    with pytest.raises(BotOptionError) as refused:
        _core.sim_deal_rows(core, 1, 0, 3, "random,random,random,random")
    assert str(refused.value) == str(python.value) == "give one bot, one per team, or 6 (got 4)"
    with pytest.raises(UnknownBotError, match=r"or 6 \(got 3\)"):
        runner.run_units("deals", [mv.load_ruleset("belgian-six")], 5, 1, "random,random,random")


def _same_output_in_core_and_on_the_loop(args: list[str], monkeypatch: pytest.MonkeyPatch, *,
                                          reference: bool = False) -> str:
    """The CLI's output of ``args`` played in the core, held to the same bytes from the Python
    loop (core_plays None; over the reference engine with ``reference``); that output."""
    from typer.testing import CliRunner

    import manille_variants.engine.deal as deal
    from manille_variants.cli import app

    cli = CliRunner()
    core = cli.invoke(app, args)
    assert core.exit_code == 0, core.output
    monkeypatch.setattr(runner, "core_plays", lambda *args, **kwargs: None)
    if reference:
        monkeypatch.setattr(deal, "core_rules_for", lambda *args, **kwargs: None)
    loop = cli.invoke(app, args)
    assert loop.exit_code == 0, loop.output
    assert core.stdout == loop.stdout
    return core.stdout


def test_simulate_takes_one_bot_a_seat_at_six_seats_and_prints_the_python_loops_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from manille_variants.cli import app

    six = "random,heuristic,heuristic,random,random,heuristic"
    args = ["simulate", "-r", "belgian-six", "-n", "300", "--seed", "3", "-j", "1", "--bots", six, "--json"]
    _same_output_in_core_and_on_the_loop(args, monkeypatch)
    four = CliRunner().invoke(app, [*args[:-2], "random,heuristic,heuristic,random"])
    assert four.exit_code != 0 and "give one bot, one per team, or 6 (got 4)" in four.output


# ------------------------------------------------------------------ three seats
THREE_BOTS = ["random", "heuristic", "heuristic,random", "random,heuristic,heuristic"]


def _three(tmp_path: Path, credit: str) -> mv.Ruleset:
    """belgian-three with the others credited ``credit`` (each-member: the bundled one)."""
    if credit == "each-member":
        return mv.load_ruleset("belgian-three")
    path = tmp_path / f"belgian-three-{credit}.yaml"
    path.write_text(f"name: belgian-three-{credit}\nextends: belgian-three\ntable:\n  credit: {credit}\n",
                    encoding="utf-8")
    return mv.load_ruleset(str(path))


@pytest.mark.parametrize("bots", THREE_BOTS)
@pytest.mark.parametrize("credit", ["each-member", "split", "zero-sum"])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_three_seat_rows_in_the_core_equal_the_python_loop(kind: str, credit: str, bots: str,
                                                           tmp_path: Path) -> None:
    # The dealer alone against the other two (belgian-three and its split and zero-sum
    # credits): the same deals, each player's score credited as Match credits it, the deals
    # told the dealer's score and the best other's, the same match ends.
    rules = mv.compile_rules(_three(tmp_path, credit))
    start, stop = (50, 250) if kind == "deals" else (0, 4)
    expected = python_rows(rules, kind, start, stop, 37, bots)
    got = run_in_core(Chunk(kind, (rules.ruleset,), start, stop, 37, bots), rules)  # type: ignore[arg-type]
    assert got is not None
    assert got.deals == expected.deals
    assert got.matches == expected.matches
    assert len(got.deals) >= (200 if kind == "deals" else 4)


@pytest.mark.parametrize("bots", ["random", "heuristic", "random,heuristic,heuristic"])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_three_seat_tallies_in_the_core_equal_the_python_loop(kind: str, bots: str, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # A comparison of the three credits, tallied whole in the core, against the same units
    # on the Python loop (core_plays None).
    rulesets = tuple(_three(tmp_path, credit) for credit in ("each-member", "split", "zero-sum"))
    count = 200 if kind == "deals" else 5
    got = _core_tallies_equal_the_loops(kind, rulesets, count, 29, bots, monkeypatch)
    assert got.runs[0].tally.count("net") >= count


def test_a_match_where_the_dealer_plays_alone_keeps_the_python_scores_in_the_core(tmp_path: Path) -> None:
    # The core's match course itself: its winner and game lengths are those of Match, whose
    # winner is a seat (a player, not a team) and whose scores were credited per table.credit.
    for credit in ("each-member", "split", "zero-sum"):
        rules = mv.compile_rules(_three(tmp_path, credit))
        core = core_rules_for(rules)
        assert core is not None
        winners = set()
        for index in range(12):
            seed = runner.match_seed(41, index)
            match = play_match(rules, seed, make_bots("random", bot_seed(seed), seats=3))
            rows, _ = _core.sim_match_tally(core, 41, index, index + 1, "random", rules.first_dealer)
            ((deals, games, lengths, winner),) = rows
            assert (deals, games, winner) == (len(match.deals), match.game + 1, match.winner)
            assert sum(lengths) == deals
            winners.add(winner)
        assert winners <= {0, 1, 2} and len(winners) > 1, credit


@pytest.mark.parametrize("command", ["simulate", "compare"])
@pytest.mark.parametrize("bots", ["random", "heuristic", "random,heuristic,heuristic"])
def test_simulate_and_compare_at_three_seats_print_the_python_loops_bytes(
        command: str, bots: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    split = tmp_path / "three-split.yaml"
    split.write_text("name: three-split\nextends: belgian-three\ntable:\n  credit: split\n", encoding="utf-8")
    # simulate plays one kind a run (here matches), compare its deals and matches
    units = ["-r", "belgian-three", "--matches", "6"] if command == "simulate" else \
        ["belgian-three", str(split), "-n", "300", "--matches", "6"]
    args = [command, *units, "--seed", "5", "-j", "1", "--bots", bots, "--json"]
    assert '"belgian-three"' in _same_output_in_core_and_on_the_loop(args, monkeypatch)


# ------------------------------------------------------------------ two seats with a layout
TWO_BOTS = ["random", "heuristic", "heuristic,random"]


@pytest.fixture
def reference_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Python loop on the reference engine: new deals never on the core."""
    import manille_variants.engine.deal as deal

    monkeypatch.setattr(deal, "core_rules_for", lambda *args, **kwargs: None)


@pytest.mark.parametrize("bots", TWO_BOTS)
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_two_seat_rows_in_the_core_equal_the_reference_engines_loop(kind: str, bots: str,
                                                                   reference_loop: None) -> None:
    # belgian-two: the layout dealt, played and turned up by the core as by the reference engine.
    rules = mv.compile_rules(mv.load_ruleset("belgian-two"))
    start, stop = (40, 240) if kind == "deals" else (0, 3)
    expected = python_rows(rules, kind, start, stop, 17, bots)
    assert type(mv.new_deal(rules, 1, 0)).__name__ == "ReferenceState"
    got = run_in_core(Chunk(kind, (rules.ruleset,), start, stop, 17, bots), rules)  # type: ignore[arg-type]
    assert got is not None
    assert got.deals == expected.deals
    assert got.matches == expected.matches
    assert len(got.deals) >= stop - start


def _small_two(tmp_path: Path) -> mv.Ruleset:
    small = tmp_path / "belgian-two-small.yaml"
    small.write_text("name: belgian-two-small\nextends: belgian-two\ntable:\n  hand_size: 12\n"
                     "  layout: {covered: 2}\ndealing:\n  packets: [4, 4, 4]\n", encoding="utf-8")
    return mv.load_ruleset(str(small))


@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("kind", ["deals", "matches"])
def test_two_seat_tallies_in_the_core_equal_the_reference_engines_loop(kind: str, bots: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # A comparison of two-seat rulesets (layouts of 4 and of 2) tallied whole in the core,
    # against the same units on the Python loop over the reference engine.
    import manille_variants.engine.deal as deal

    rulesets = (mv.load_ruleset("belgian-two"), _small_two(tmp_path))
    count = 200 if kind == "deals" else 3
    (tallied,) = make_chunks(kind, rulesets, count, 29, bots, size=count)  # type: ignore[arg-type]
    assert tallied.core
    got = run_chunk(tallied)
    monkeypatch.setattr(runner, "core_plays", lambda *args, **kwargs: None)
    monkeypatch.setattr(deal, "core_rules_for", lambda *args, **kwargs: None)
    loop = run_chunk(tallied)
    for mine, theirs in zip(got.runs, loop.runs, strict=True):
        assert mine.tally == theirs.tally
    assert got.runs[0].tally.count("net") > 0


@pytest.mark.parametrize("bots", ["random", "heuristic", "random,heuristic"])
def test_simulate_belgian_two_prints_the_reference_engines_numbers(bots: str, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["simulate", "-r", "belgian-two", "-n", "300", "--seed", "3", "-j", "1", "--bots", bots, "--json"]
    assert '"deals": 300' in _same_output_in_core_and_on_the_loop(args, monkeypatch, reference=True)
