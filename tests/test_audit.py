"""Auditing records: clean games pass; planted illegal plays and wrong scores are reported
with deal, trick, seat, card, legal set and clause; the match's course is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from strategies import TABLES
from typer.testing import CliRunner

import manille_variants as mv
from manille_variants.bots import make_bots, play_match
from manille_variants.cards import Card
from manille_variants.cli import app
from manille_variants.engine.deal import DealState
from manille_variants.records.audit import AuditProblem, AuditReport, audit_record, consistent_rulesets, walk_deal
from manille_variants.records.format import (
    DealRecord,
    GameRecord,
    dumps_record,
    loads_record,
    record_from_deals,
    record_json,
)
from manille_variants.ruleset.loader import bundled_names

runner = CliRunner()


def played(name: str = "belgian", seed: int = 4, bots: str = "heuristic,random") -> GameRecord:
    rs = mv.load_ruleset(name)
    finals: list[DealState] = []
    match = play_match(rs, seed, make_bots(bots, seed, seats=rs.table.seats), on_deal=finals.append)
    return record_from_deals(rs, finals, seed=seed, match=match)


def edited(record: GameRecord, change: Any) -> GameRecord:
    data = record_json(record)
    change(data)
    return loads_record(json.dumps(data))


def only(report: AuditReport) -> AuditProblem:
    assert len(report.problems) >= 1, "expected a problem"
    return report.problems[0]


@pytest.fixture(scope="module")
def belgian() -> GameRecord:
    return played("belgian", 4)


# ----------------------------------------------------------------------------- clean games


# The heuristic bot plays the four-seat table only (it is the core's); the random bot plays all.
@pytest.mark.parametrize(("name", "bots"), [
    *((name, "heuristic") for name in bundled_names() if name not in TABLES),
    *((name, "random") for name in bundled_names()),
])
def test_games_played_by_the_engine_pass_the_audit(name: str, bots: str) -> None:
    report = audit_record(played(name, 11, bots))
    assert report.ok, [str(p) for p in report.problems]
    assert report.match is not None and report.match.is_over


def test_audit_recomputes_the_same_scores_as_the_engine(belgian: GameRecord) -> None:
    report = audit_record(belgian)
    for walk, deal in zip(report.walks, belgian.deals, strict=True):
        assert walk.score is not None and walk.score.to_dict() == deal.result


# ----------------------------------------------------------------------------- illegal plays


def swap_to_illegal(record: GameRecord) -> tuple[GameRecord, int, int, int, Card]:
    """Swap two cards of one seat so that the first becomes an illegal play; returns the
    record, deal index, position of the swap, seat and the illegal card."""
    rs = record.ruleset
    assert rs is not None
    for d, deal in enumerate(record.deals):
        assert deal.seed is not None
        state = mv.new_deal(rs, deal.seed, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores)
        later_by_seat: dict[int, list[tuple[int, Card]]] = {}
        seats = []
        for action in deal.actions:
            seats.append(state.to_play)
            state = state.apply(action)
        for i, (seat, action) in enumerate(zip(seats, deal.actions, strict=True)):
            later_by_seat.setdefault(seat, []).append((i, action))  # type: ignore[arg-type]
        state = mv.new_deal(rs, deal.seed, deal.dealer, pending_ties=deal.pending_ties, scores=deal.scores)
        for i, action in enumerate(deal.actions):
            if isinstance(action, Card) and state.phase == "play":
                legal = state.legal_actions()
                for j, other in later_by_seat[state.to_play]:
                    if j > i and isinstance(other, Card) and other not in legal:
                        actions = list(deal.actions)
                        actions[i], actions[j] = actions[j], actions[i]

                        def change(data: dict[str, Any], d: int = d, actions: list[Any] = actions) -> None:
                            data["deals"][d]["actions"] = [str(a) for a in actions]

                        return edited(record, change), d, i, state.to_play, other
            state = state.apply(action)
    raise AssertionError("no swap found")


def test_planted_illegal_play_is_reported_with_trick_seat_card_legal_set_and_clause(belgian: GameRecord) -> None:
    bad, d, i, seat, card = swap_to_illegal(belgian)
    report = audit_record(bad)
    problem = only(report)
    decisions = sum(1 for a in bad.deals[d].actions[:i] if not isinstance(a, Card))
    assert (problem.deal, problem.seat, problem.card) == (d + 1, seat, str(card))
    assert problem.trick == (i - decisions) // 4 + 1
    assert problem.legal and str(card) not in problem.legal
    assert problem.clause and problem.message.startswith("not legal: ")
    assert f"deal {d + 1}, trick {problem.trick}, seat {seat}, {card}: not legal" in str(problem)
    assert f"clause: {problem.clause}" in str(problem)


def test_a_card_not_in_the_hand_is_reported_with_its_holder(belgian: GameRecord) -> None:
    deal = belgian.deals[0]
    assert deal.hands is not None
    first = next(i for i, a in enumerate(deal.actions) if isinstance(a, Card))
    walk = walk_deal(belgian.ruleset, deal)  # type: ignore[arg-type]
    leader = walk.tricks[0].leader
    stranger = deal.hands[(leader + 2) % 4][0]

    def change(data: dict[str, Any]) -> None:
        data["deals"][0]["actions"][first] = str(stranger)

    problems = audit_record(edited(belgian, change)).problems
    assert problems[0].card == str(stranger) and problems[0].seat == leader
    assert "holds it" in problems[0].message and "not in seat" in problems[0].message


def test_illegal_decision_is_reported(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        actions = data["deals"][0]["actions"]
        data["deals"][0]["actions"] = ["call:contre" if a.startswith("call:") or a == "pass" else a for a in actions]

    problem = only(audit_record(edited(belgian, change)))
    assert problem.deal == 1 and "call:contre is not allowed" in problem.message


def test_actions_after_the_eighth_trick(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"][0]["actions"].append("7H")

    assert "after the eighth trick" in only(audit_record(edited(belgian, change))).message


# ----------------------------------------------------------------------------- scores and course


def test_wrong_match_points_are_reported_with_the_right_figure_and_why(belgian: GameRecord) -> None:
    right = belgian.deals[1].result
    assert right is not None

    def change(data: dict[str, Any]) -> None:
        data["deals"][1]["result"]["team_a"] = right["team_a"] + 7

    problems = [str(p) for p in audit_record(edited(belgian, change)).problems]
    assert problems == [f"deal 2: recorded team_a {right['team_a'] + 7}, the ruleset gives {right['team_a']}"
                        + problems[0].split(f"gives {right['team_a']}", 1)[1]]
    assert "excess" in problems[0] or "tie" in problems[0]


def test_wrong_factor_and_card_points(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"][0]["result"]["factor"] = 8
        data["deals"][0]["result"]["card_points"] = [1, 59]

    messages = [p.message for p in audit_record(edited(belgian, change)).problems]
    assert any(m.startswith("recorded factor 8") for m in messages)
    assert any(m.startswith("recorded card_points 1-59") for m in messages)


def test_wrong_running_scores_dealer_pending_ties_and_outcome(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"][1]["scores_after"] = [999, 0]
        data["deals"][2]["dealer"] = (data["deals"][2]["dealer"] + 1) % 4
        data["deals"][3]["pending_ties"] = 3
        data["deals"][3]["scores"] = [1, 2]
        data["outcome"]["winner"] = 1 - data["outcome"]["winner"]

    messages = [str(p) for p in audit_record(edited(belgian, change)).problems]
    assert any(m.startswith("deal 2: recorded scores after the deal 999-0") for m in messages)
    assert any(m.startswith("deal 3: dealt by seat") and "turn to deal" in m for m in messages)
    assert any(m.startswith("deal 4: recorded 3 pending ties") for m in messages)
    assert any(m.startswith("deal 4: recorded scores before the deal 1-2") for m in messages)
    assert any(m.startswith("record: the recorded outcome has winner") for m in messages)


def test_seed_and_hands_must_agree(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"][0]["seed"] += 1

    messages = [p.message for p in audit_record(edited(belgian, change)).problems]
    assert any("not those seed" in m for m in messages)
    assert any("is not deal 1's seed" in m for m in messages)


def test_an_edited_ruleset_no_longer_matches_its_hash(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["ruleset"]["content"]["scoring"]["cap"] = 4

    problems = audit_record(edited(belgian, change)).problems
    assert problems[0].deal is None and "does not match its content" in problems[0].message


def test_a_deal_after_the_match_was_won(belgian: GameRecord) -> None:
    def change(data: dict[str, Any]) -> None:
        data["deals"].append(data["deals"][-1])

    assert any("after the match was over" in p.message for p in audit_record(edited(belgian, change)).problems)


def test_an_unfinished_deal_may_only_come_last(belgian: GameRecord) -> None:
    def cut_last(data: dict[str, Any]) -> None:
        data["deals"][-1]["actions"] = data["deals"][-1]["actions"][:10]
        data["deals"][-1]["result"] = None
        data["outcome"] = None

    def cut_middle(data: dict[str, Any]) -> None:
        data["deals"][1]["actions"] = data["deals"][1]["actions"][:10]
        data["deals"][1]["result"] = None

    assert audit_record(edited(belgian, cut_last)).ok
    assert "unfinished, yet later deals follow" in only(audit_record(edited(belgian, cut_middle))).message


# ----------------------------------------------------------------------------- other rulesets


def test_audit_under_another_ruleset(belgian: GameRecord) -> None:
    report = audit_record(belgian, "french-coinchee")
    assert not report.ok and report.ruleset.name == "french-coinchee"


def test_which_lists_the_consistent_bundled_rulesets() -> None:
    assert consistent_rulesets(played("french-coinchee", 3)) == ["french-coinchee"]
    assert "table-convention" in consistent_rulesets(played("table-convention", 3, "heuristic"))


def test_a_deal_record_without_hands_or_seed_cannot_be_checked() -> None:
    rs = mv.load_ruleset("table-convention")
    rec = GameRecord(rs, (DealRecord(dealer=0, actions=tuple(mv.parse_action(a) for a in ("trump:S", "7S"))),),
                     kind="deals")
    assert "neither the hands nor a seed" in only(audit_record(rec)).message


# ----------------------------------------------------------------------------- CLI


def write(tmp_path: Path, record: GameRecord, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(dumps_record(record), encoding="utf-8")
    return str(path)


def test_cli_audit_ok(tmp_path: Path, belgian: GameRecord) -> None:
    path = write(tmp_path, belgian)
    result = runner.invoke(app, ["audit", path])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("checked under belgian: ok")


def test_cli_audit_reports_each_problem_and_exits_1(tmp_path: Path, belgian: GameRecord) -> None:
    bad, d, _, seat, card = swap_to_illegal(belgian)
    path = write(tmp_path, bad)
    result = runner.invoke(app, ["audit", path])
    assert result.exit_code == 1
    assert result.output.startswith(f"deal {d + 1}, trick ")
    assert f"seat {seat}, {card}: not legal" in result.output and "[legal: " in result.output
    assert "problem" in result.output.splitlines()[-1]
    data = json.loads(runner.invoke(app, ["audit", path, "--json"]).output)
    assert data["ok"] is False and data["problems"][0]["card"] == str(card)
    assert data["problems"][0]["legal"] and data["problems"][0]["clause"]


def test_cli_audit_with_another_ruleset_and_which(tmp_path: Path, belgian: GameRecord) -> None:
    path = write(tmp_path, belgian)
    assert runner.invoke(app, ["audit", path, "-r", "table-convention"]).exit_code == 1
    result = runner.invoke(app, ["audit", path, "--which"])
    assert result.exit_code == 0 and "consistent with belgian" in result.output
    result = runner.invoke(app, ["audit", path, "--which", "--json"])
    assert "belgian" in json.loads(result.output)["consistent_with"]


def test_cli_audit_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", str(tmp_path / "nope.json")])
    assert result.exit_code == 1 and "No such file" in result.output


def test_cli_replay_shows_tricks_and_scores(tmp_path: Path, belgian: GameRecord) -> None:
    path = write(tmp_path, belgian)
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 0, result.output
    assert result.output.count("Trick 8:") == len(belgian.deals)
    assert "Match points: N-S +" in result.output and "win the match" in result.output
    one = runner.invoke(app, ["replay", path, "--deal", "2"]).output
    assert "Deal 2" in one and "Deal 3" not in one and "Contract:" in one


def test_cli_replay_marks_illegal_cards(tmp_path: Path, belgian: GameRecord) -> None:
    bad, *_ = swap_to_illegal(belgian)
    result = runner.invoke(app, ["replay", write(tmp_path, bad)])
    assert result.exit_code == 0 and " !" in result.output and "problem(s)" in result.output


def test_cli_replay_as_typed_text_audits_the_same(tmp_path: Path, belgian: GameRecord) -> None:
    path = write(tmp_path, belgian)
    text = runner.invoke(app, ["replay", path, "--text"]).output
    typed = tmp_path / "game.txt"
    typed.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["audit", str(typed)])
    assert result.exit_code == 0, result.output
