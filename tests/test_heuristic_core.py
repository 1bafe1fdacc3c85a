"""The heuristic bot in the compiled core makes the choices the Python bot made: a frozen
record of its choices (``tests/data/heuristic-choices.json``, written by the Python bot before
it moved to the core) over seeded deals and matches of every bundled ruleset, with and
without the rulesets' decision tables (the "learned" record, of the bot's learned model, was
written by the core bot when the model came: ``python tests/test_heuristic_core.py --learned``; every
record was written again by the core bot, ``--write``, when its card play changed on 5 December:
feeding a partner's trick and leading an honour under its own next card; and on 6 December, when it
drew trumps only holding about as many as were out; and on 7 December, when it counted out its
last four cards); and simulations with it
in the core give the rows of the Python loop."""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import pytest
from core_helpers import core_bundled
from strategies import BUNDLED
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import decisions, play_deal, play_match
from manille_variants.bots.heuristic import HeuristicBot, Thresholds, hand_tricks
from manille_variants.cli import app
from manille_variants.engine.deal import DealState, new_deal
from manille_variants.sim.runner import Chunk, RulesetRun, play_one_deal, play_one_match, run_in_core, run_units

DATA = Path(__file__).parent / "data" / "heuristic-choices.json"
runner = CliRunner()
DEALS = 400
MATCHES = 6


class Recorder:
    """A heuristic bot that writes down every choice it makes."""

    name = "heuristic"

    def __init__(self, bot: HeuristicBot, seen: list[str]) -> None:
        self.bot, self.seen = bot, seen

    def act(self, view: Any) -> Any:
        action = self.bot.act(view)
        self.seen.append(f"{view.seat}:{action}")
        return action


MODES = ["learned", "table", "thresholds"]


def choices(name: str, mode: str) -> tuple[str, int]:
    """A hash of the bots' choices over seeded deals (random scores and pending ties) and
    matches of ``name``, and how many there were; ``mode`` the bot's decisions before play:
    its learned model, its class table, its thresholds."""
    rs = mv.load_ruleset(name)
    seen: list[str] = []
    rule_aware = mode != "thresholds"
    thresholds = None if rule_aware else Thresholds()
    model: Literal["learned", "table"] = "table" if mode == "table" else "learned"
    bots = [Recorder(HeuristicBot(seat, thresholds, rule_aware=rule_aware, model=model), seen) for seat in range(4)]
    for seed in range(DEALS):
        scores = (seed * 37 % 100, seed * 53 % 100)
        state: DealState = new_deal(rs, seed, seed % 4, pending_ties=seed % 3, scores=scores)
        final = play_deal(state, bots)
        seen.append(str(final.result.to_dict() if final.result else None))
    for seed in range(MATCHES):
        match = play_match(rs, 10_000 + seed, bots)
        seen.append(f"winner {match.winner} after {len(match.deals)}")
    return hashlib.sha256("\n".join(seen).encode()).hexdigest()[:24], len(seen)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", BUNDLED)
def test_the_heuristic_makes_the_choices_frozen_before_it_moved_to_the_core(name: str, mode: str) -> None:
    frozen = json.loads(DATA.read_text(encoding="utf-8"))
    assert list(choices(name, mode)) == frozen[name][mode]


def _freeze_learned() -> None:
    """Write the "learned" records (on purpose, when the learned model changes)."""
    frozen = json.loads(DATA.read_text(encoding="utf-8"))
    for name in BUNDLED:
        frozen[name]["learned"] = list(choices(name, "learned"))
    DATA.write_text(json.dumps(frozen, indent=1) + "\n", encoding="utf-8")


MIXES = ["heuristic", "heuristic,random", "random,heuristic", "random,heuristic,heuristic,random"]


@pytest.mark.parametrize("bots", MIXES)
@pytest.mark.parametrize("name", core_bundled(BUNDLED))
def test_heuristic_deals_and_matches_in_the_core_equal_the_python_loop(name: str, bots: str) -> None:
    rules = mv.compile_rules(mv.load_ruleset(name))
    expected = RulesetRun()
    for index in range(50, 130):
        play_one_deal(rules, index, 77, bots, False, expected)
    got = run_in_core(Chunk("deals", (rules.ruleset,), 50, 130, 77, bots), rules)
    assert got is not None and got.deals == expected.deals
    expected = RulesetRun()
    for index in range(3):
        play_one_match(rules, index, 2**70 + 5, bots, False, expected)
    got = run_in_core(Chunk("matches", (rules.ruleset,), 0, 3, 2**70 + 5, bots), rules)
    assert got is not None
    assert (got.matches, got.deals) == (expected.matches, expected.deals)


def test_a_bot_registered_over_the_heuristic_plays_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from manille_variants.bots import BOTS

    monkeypatch.setitem(BOTS, "heuristic", lambda seed: HeuristicBot(seed, Thresholds(no_trump=0.0)))
    rules = mv.compile_rules(mv.load_ruleset("belgian"))
    assert run_in_core(Chunk("deals", (rules.ruleset,), 0, 5, 1, "heuristic"), rules) is None


def test_compare_gives_the_same_numbers_on_one_and_two_jobs() -> None:
    rulesets = [mv.load_ruleset(n) for n in ("belgian", "french-coinchee", "french-parlee")]
    one = run_units("deals", rulesets, 300, 5, "heuristic", jobs=1)
    two = run_units("deals", rulesets, 300, 5, "heuristic", jobs=2)
    assert [r.tally for r in one] == [r.tally for r in two]
    assert one[1].tally.count("net") == 300 and sum(one[1].tally.diffs["net"].values()) == 300
    one = run_units("matches", rulesets, 4, 5, "heuristic,random", jobs=1, rows=True)
    two = run_units("matches", rulesets, 4, 5, "heuristic,random", jobs=2)
    assert [r.tally for r in one] == [r.tally for r in two]
    assert [len(r.matches) for r in one] == [4, 4, 4]


# The JSON of `manille compare` / `simulate` with heuristic bots, hashed (sha256) on main
# before the core tallied heuristic chunks (it returned rows that Python tallied): the same
# bytes now, on one job and on two.  Refresh only for an intended change of the bot, the
# bundled rulesets or their decision tables, or the statistics (refreshed when the learned
# model came: the heuristic's trump, no-trump, delegation and calls changed; french-parlee,
# without a choice of trump or calls, kept its bytes; and again on 5 December when the card
# play changed: feeding a partner's trick, leading an honour under its own next card; and on
# 6 December: trumps drawn only holding about as many as are out; and on 7 December: the last
# four cards counted out).
RULESETS = ["table-convention", "belgian", "belgian-capped", "french-coinchee", "french-parlee"]
FROZEN_JSON = {
    ("compare", *RULESETS, "-n", "3000", "--matches", "40", "--bots", "heuristic"):
        "55c5ac872ed964774cc4fef756705298f3fc9eb81f42fc2ed11354cb773445fc",
    ("compare", *RULESETS, "-n", "3000", "--matches", "40", "--bots", "heuristic,random"):
        "a84e3203cb1f136b6a705f3e1d0e639df0e0e85fc7cb5cfc6c60c5a19af13bce",
    ("simulate", "-r", "belgian", "-n", "3000", "--bots", "heuristic"):
        "041569f82dc6f942c1b79f27dd75a49bf26ebc1759b03c093067e7c5649bd98b",
    ("simulate", "-r", "french-parlee", "--matches", "30", "--bots", "heuristic"):
        "a2b9289ff48a7c96e99670d94830340a709ff449345d04d5d7ca738884488e32",
}


@pytest.mark.parametrize("args", list(FROZEN_JSON), ids=lambda a: " ".join(a[:3]) + " " + a[-1])
def test_sim_json_with_heuristic_bots_is_frozen_on_one_and_two_jobs(args: tuple[str, ...]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        result = runner.invoke(app, [*args, "--jobs", jobs, "--json"])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    assert hashlib.sha256(outputs[0].encode()).hexdigest() == FROZEN_JSON[args]


def blind_choice(rs: mv.Ruleset, scores: tuple[int, int], bot: HeuristicBot | None = None) -> str:
    state = new_deal(rs, 1, dealer=0, scores=scores)
    assert state.phase == "blind"
    return str((bot or HeuristicBot()).act(state.view(0)))


def variant(tmp_path: Path, blind_factor: int) -> mv.Ruleset:
    path = tmp_path / f"blind-x{blind_factor}.yaml"
    path.write_text(f"name: blind-x{blind_factor}\nextends: belgian\ntrump:\n"
                    f"  blind_no_trump: {{allowed: true, factor: {blind_factor}}}\n", encoding="utf-8")
    return mv.load_ruleset(str(path))


def test_blind_no_trump_by_the_table_when_far_behind_with_the_opponents_near_the_target() -> None:
    rs = mv.load_ruleset("belgian")
    assert blind_choice(rs, (0, 0)) == "look"
    assert blind_choice(rs, (50, 50)) == "look"
    assert blind_choice(rs, (0, 90)) == "blind"
    assert blind_choice(rs, (90, 90)) == "look"  # level: no reason to gamble


def test_blind_no_trump_pays_for_less_of_a_deficit_when_its_factor_is_higher(tmp_path: Path) -> None:
    assert blind_choice(variant(tmp_path, 2), (0, 90)) == "look"
    assert blind_choice(variant(tmp_path, 4), (0, 70)) == "look"
    assert blind_choice(variant(tmp_path, 8), (0, 70)) == "blind"


def test_blind_no_trump_by_the_thresholds_without_a_table_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = mv.load_ruleset("belgian")
    rules = mv.compile_rules(rs)
    table = decisions.decision_table(rules, hand_tricks)
    assert table is not None and table.no_trump_sd is not None
    # A table of format 1 learned before spreads were kept (no learned model either).
    monkeypatch.setitem(decisions._memory, rules.content_hash,
                        replace(table, trump_sd=None, no_trump_sd=None, model=None))
    # the thresholds: the opponents at 3/4 of the target, 45% of it ahead
    assert blind_choice(rs, (0, 80)) == "blind"
    assert blind_choice(rs, (50, 90)) == "look"
    assert blind_choice(rs, (50, 90), HeuristicBot(0, Thresholds(blind_deficit=0.3))) == "blind"


if __name__ == "__main__":  # python tests/test_heuristic_core.py --write (every record) or --learned
    if "--write" in sys.argv:
        out = {n: {mode: list(choices(n, mode)) for mode in ("table", "thresholds", "learned")} for n in BUNDLED}
        DATA.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    elif "--learned" in sys.argv:
        _freeze_learned()
