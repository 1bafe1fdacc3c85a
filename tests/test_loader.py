"""The loader: names, aliases, files, extends chains, every class of mistake with its message."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from manille_variants.errors import RulesetError
from manille_variants.ruleset.loader import (
    bundled_names,
    bundled_parent,
    bundled_rulesets,
    load_ruleset,
    read_ruleset_text,
)
from manille_variants.ruleset.schema import Ruleset
from manille_variants.ruleset.yamlpos import MAX_BYTES

DATA = Path(__file__).parent / "data"
WriteFile = Callable[[str, str], str]


def problems_of(write: WriteFile, text: str, name: str = "club.yaml") -> list[str]:
    """The problems, as printed, of loading ``text`` written to ``name``."""
    write(name, text)
    with pytest.raises(RulesetError) as info:
        load_ruleset(name)
    return [str(p) for p in info.value.problems]


# --- finding rulesets -------------------------------------------------------------------


NINE = ["belgian", "belgian-capped", "belgian-six", "belgian-three", "belgian-two", "french-coinchee",
        "french-muette", "french-parlee", "table-convention"]


def test_bundled_names_are_the_nine_rulesets() -> None:
    assert bundled_names() == NINE


@pytest.mark.parametrize("name", NINE)
def test_every_bundled_ruleset_loads_under_its_own_name(name: str) -> None:
    assert load_ruleset(name).name == name


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("capped", "belgian-capped"),
        ("fr", "french-coinchee"),
        ("table", "table-convention"),
        ("BE", "belgian"),
    ],
)
def test_aliases_find_their_ruleset_case_insensitively(alias: str, name: str) -> None:
    assert load_ruleset(alias).name == name


def test_aliases_are_unique_across_bundled_rulesets() -> None:
    words = [w for e in bundled_rulesets() for w in (e.name, *e.aliases)]
    assert len(words) == len(set(words))


def test_bundled_parent_is_the_declared_extends() -> None:
    assert bundled_parent("belgian-capped") == "belgian"
    assert bundled_parent("capped") == "belgian"
    assert bundled_parent("table-convention") is None


def test_a_ruleset_object_is_returned_as_is() -> None:
    rs = load_ruleset("belgian")
    assert load_ruleset(rs) is rs


def test_unknown_bundled_name_lists_names_and_aliases() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("belgain")
    assert str(info.value) == (
        "belgain: unknown ruleset 'belgain'; did you mean 'belgian'? (bundled: "
        "belgian (aliases: manillen, belgian-manillen, be); belgian-capped (aliases: capped, "
        "belgian-cap4); belgian-six (aliases: six, manillen-six); belgian-three (aliases: three, "
        "manillen-three); belgian-two (aliases: two, manillen-two); "
        "french-coinchee (aliases: coinchee, contree, french, fr); "
        "french-muette (aliases: muette, manille-muette); french-parlee (aliases: parlee, "
        "manille-parlee); table-convention (aliases: table, convention, manillen-table); a file path ends in .yaml)"
    )


def test_missing_file_is_a_ruleset_error(workdir: Path) -> None:
    with pytest.raises(RulesetError, match=r"^nope\.yaml: no such file$"):
        load_ruleset("nope.yaml")


def test_a_path_object_loads_a_file() -> None:
    assert load_ruleset(DATA / "rulesets" / "club.yaml").name == "zwarte-kat"


# --- inheritance ------------------------------------------------------------------------


def test_extends_merges_mappings_key_by_key() -> None:
    rs = load_ruleset(DATA / "rulesets" / "club.yaml")
    assert rs.scoring.cap == 4
    assert rs.scoring.tie.stacking == "per-tie"  # from belgian, next to the overridden cap
    assert rs.trump.blind_no_trump.allowed is False
    assert rs.trump.blind_no_trump.factor == 4
    assert [c.name for c in rs.calls] == ["ik-ga-mee", "ik-ga-tegen"]


def test_lists_replace_rather_than_merge(write: WriteFile) -> None:
    write(
        "club.yaml",
        "name: club\nextends: belgian\ncalls:\n  - {name: only, by: anyone, factor: 3}\n",
    )
    rs = load_ruleset("club.yaml")
    assert [c.name for c in rs.calls] == ["only"]


def test_metadata_is_not_inherited(write: WriteFile) -> None:
    rs = load_ruleset(write("club.yaml", "name: club\nextends: belgian\n"))
    assert (rs.title, rs.description, rs.sources, rs.aliases) == ("", "", [], [])


def test_extends_by_relative_path_any_depth() -> None:
    rs = load_ruleset(DATA / "rulesets" / "nested" / "child.yaml")
    assert (rs.name, rs.match.best_of, rs.match.target, rs.scoring.cap) == (
        "nested-child",
        5,
        151,
        4,
    )
    assert rs.scoring.tie.stacking == "per-tie"  # three levels up: belgian


def test_extends_by_alias(write: WriteFile) -> None:
    assert load_ruleset(write("club.yaml", "name: club\nextends: fr\n")).scoring.trick_points == 1


def test_cycle_names_the_chain(write: WriteFile) -> None:
    write("a.yaml", "name: a\nextends: b.yaml\n")
    write("b.yaml", "name: b\nextends: ./a.yaml\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset("a.yaml")
    assert str(info.value) == "b.yaml:2:1: extends: cycle: a.yaml -> b.yaml -> a.yaml"


def test_extending_itself_is_a_cycle(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nextends: club.yaml\n") == [
        "club.yaml:2:1: extends: cycle: club.yaml -> club.yaml"
    ]


def test_unknown_parent_name(write: WriteFile) -> None:
    (problem,) = problems_of(write, "name: club\nextends: belgain\n")
    assert problem.startswith(
        "club.yaml:2:1: extends: unknown ruleset 'belgain'; did you mean 'belgian'?"
    )


def test_missing_parent_file(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nextends: base.yaml\n") == [
        "club.yaml:2:1: extends: no such file 'base.yaml' (looked for base.yaml)"
    ]


def test_extends_must_be_text(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nextends: 5\n") == [
        "club.yaml:2:1: extends: expected a bundled ruleset name or a .yaml path (got 5)"
    ]


def test_inherited_value_error_points_at_the_parent_file(write: WriteFile) -> None:
    write("base.yaml", "# house base\nname: base\nscoring:\n  cap: 0\n")
    assert problems_of(write, "name: club\nextends: base.yaml\n") == [
        "base.yaml:4:3: scoring.cap: must be at least 1 (got 0)"
    ]


def test_overriding_a_bad_inherited_value_fixes_it(write: WriteFile) -> None:
    write("base.yaml", "name: base\nscoring:\n  cap: 0\n")
    assert (
        load_ruleset(
            write("club.yaml", "name: club\nextends: base.yaml\nscoring: {cap: 2}\n")
        ).scoring.cap
        == 2
    )


def test_parent_in_a_subfolder_is_named_by_its_path(write: WriteFile) -> None:
    write("shared/base.yaml", "name: base\nmatch:\n  best_of: 2\n")
    assert problems_of(write, "name: club\nextends: shared/base.yaml\n") == [
        "shared/base.yaml:3:3: match.best_of: must be odd (got 2)"
    ]


# --- schema mistakes, each with its exact message ----------------------------------------


def test_unknown_key_suggests_the_close_match(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nplay:\n  beat_oponent: true\n") == [
        "club.yaml:3:3: play.beat_oponent: unknown key 'beat_oponent', "
        "did you mean 'beat_opponent'? "
        "(expected one of: beat_opponent, beat_partner_on_trump_lead, beat_at_no_trump, beat_partner_at_no_trump, "
        "trump_when_opponent_wins, trump_when_partner_wins, overtrump_opponent, overtrump_partner, "
        "undertrump, undertrump_partner, extra_rules)"
    ]


def test_unknown_top_level_key_includes_extends_in_the_choices(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nscorin: {}\n") == [
        "club.yaml:2:1: scorin: unknown key 'scorin', did you mean 'scoring'? (expected one of: "
        "name, title, description, sources, aliases, table, dealing, trump, calls, play, scoring, match, "
        "extends)"
    ]


def test_wrong_type(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nmatch:\n  target: two\n") == [
        "club.yaml:3:3: match.target: expected an integer (got 'two')"
    ]


def test_a_section_that_is_not_a_mapping(write: WriteFile) -> None:
    assert problems_of(write, "name: club\ndealing: 5\n") == [
        "club.yaml:2:1: dealing: expected a mapping (got 5)"
    ]


def test_wrong_boolean(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nplay: {beat_at_no_trump: maybe}\n") == [
        "club.yaml:2:8: play.beat_at_no_trump: expected true or false (got 'maybe')"
    ]


def test_wrong_literal(write: WriteFile) -> None:
    assert problems_of(write, "name: club\ndealing:\n  direction: clockwize\n") == [
        "club.yaml:3:3: dealing.direction: expected one of 'clockwise', 'counter-clockwise' "
        "(got 'clockwize')"
    ]


def test_packets_must_sum_to_eight(write: WriteFile) -> None:
    assert problems_of(write, "name: club\ndealing:\n  packets: [4, 3]\n") == [
        "club.yaml:3:3: dealing.packets: must sum to the hand size 8 (they sum to 7)"
    ]


def test_factor_zero(write: WriteFile) -> None:
    assert problems_of(write, "name: club\ntrump:\n  no_trump:\n    factor: 0\n") == [
        "club.yaml:4:5: trump.no_trump.factor: must be at least 1 (got 0)"
    ]


def test_reply_call_naming_a_missing_call(write: WriteFile) -> None:
    text = """\
        name: club
        calls:
          - name: ik-ga-tegen
            by: contract-side
            after: ik-ga-mee
            factor: 4
        """
    assert problems_of(write, text) == [
        "club.yaml:5:5: calls.0.after: 'ik-ga-mee' is not a call listed before it "
        "(earlier calls: none)"
    ]


def test_duplicate_call_names(write: WriteFile) -> None:
    text = (
        "name: club\ncalls:\n"
        "  - {name: mee, by: opponents, factor: 2}\n"
        "  - {name: mee, by: opponents, factor: 4}\n"
    )
    assert problems_of(write, text) == ["club.yaml:4:6: calls.1.name: duplicate call name 'mee'"]


def test_call_missing_required_keys(write: WriteFile) -> None:
    assert problems_of(write, "name: club\ncalls:\n  - name: mee\n") == [
        "club.yaml:3:5: calls.0.by: missing: the required key 'by' is not set",
        "club.yaml:3:5: calls.0.factor: missing: the required key 'factor' is not set",
    ]


def test_cap_zero(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nscoring:\n  cap: 0\n") == [
        "club.yaml:3:3: scoring.cap: must be at least 1 (got 0)"
    ]


def test_best_of_even(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nmatch:\n  best_of: 2\n") == [
        "club.yaml:3:3: match.best_of: must be odd (got 2)"
    ]


def test_rank_order_not_a_permutation(write: WriteFile) -> None:
    assert problems_of(
        write, "name: club\nscoring:\n  rank_order: [10, A, K, Q, J, 9, 8, 8]\n"
    ) == [
        "club.yaml:3:3: scoring.rank_order: "
        "must list each of the 8 ranks 7 8 9 10 J Q K A exactly once "
        "(got [10, 'A', 'K', 'Q', 'J', 9, 8, 8])"
    ]


def test_negative_card_value(write: WriteFile) -> None:
    assert problems_of(write, 'name: club\nscoring:\n  card_values: {"10": -1}\n') == [
        "club.yaml:3:17: scoring.card_values.10: must be at least 0 (got -1)"
    ]


def test_card_values_missing_ranks(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nscoring:\n  card_values: {10: 5, A: 4}\n") == [
        "club.yaml:3:3: scoring.card_values: must give every rank a value "
        "(missing ['7', '8', '9', 'J', 'Q', 'K'])"
    ]


def test_unquoted_rank_keys_are_merged_with_the_parent(write: WriteFile) -> None:
    rs = load_ruleset(
        write("club.yaml", "name: club\nextends: belgian\nscoring:\n  card_values: {10: 6}\n")
    )
    assert rs.scoring.card_values["10"] == 6
    assert rs.scoring.card_values["A"] == 4


def test_name_is_required(write: WriteFile) -> None:
    assert problems_of(write, "extends: belgian\ntitle: Club\n") == [
        "club.yaml:1:1: name: missing: every ruleset file needs its own name "
        "(names are not inherited)"
    ]


def test_name_must_be_a_slug(write: WriteFile) -> None:
    assert problems_of(write, "name: Club Rules\n") == [
        "club.yaml:1:1: name: expected a name of lower-case letters, digits and dashes "
        "(got 'Club Rules')"
    ]


def test_several_errors_are_reported_at_once_in_file_order(write: WriteFile) -> None:
    text = """\
        name: club
        extends: belgian
        play:
          beat_oponent: true
        dealing:
          direction: clockwize
        scoring:
          cap: 0
        match: {best_of: 2}
        """
    assert [p.split(": ", 1)[0] for p in problems_of(write, text)] == [
        "club.yaml:4:3",
        "club.yaml:6:3",
        "club.yaml:8:3",
        "club.yaml:9:9",
    ]


# --- YAML mistakes ----------------------------------------------------------------------


def test_duplicate_key_points_at_the_second_one(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nmatch:\n  target: 1\n  target: 2\n") == [
        "club.yaml:4:3: match.target: duplicate key 'target' (first set on line 3)"
    ]


def test_syntax_error_has_line_and_column(write: WriteFile) -> None:
    assert problems_of(write, "name: club\n  bad: 1\n") == [
        "club.yaml:2:6: YAML syntax error: mapping values are not allowed here"
    ]


def test_unclosed_flow_list(write: WriteFile) -> None:
    assert problems_of(write, "name: club\nmatch:\n  target: [1\n") == [
        "club.yaml:4:1: YAML syntax error: expected ',' or ']', but got '<stream end>' "
        "(while parsing a flow sequence at line 3)"
    ]


@pytest.mark.parametrize(("text", "got"), [("- a\n- b\n", "a list"), ("hello\n", "'hello'")])
def test_document_that_is_not_a_mapping(write: WriteFile, text: str, got: str) -> None:
    assert problems_of(write, text) == [
        f"club.yaml:1:1: a ruleset file must be a mapping of settings (got {got})"
    ]


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n"])
def test_empty_file(write: WriteFile, text: str) -> None:
    assert problems_of(write, text) == [
        "club.yaml:1:1: empty file: a ruleset is a mapping with at least a name"
    ]


def test_more_than_one_document(write: WriteFile) -> None:
    assert problems_of(write, "name: a\n---\nname: b\n") == [
        "club.yaml:2:1: a ruleset file holds one YAML document (found a second '---')"
    ]


def test_alias_bomb_fails_fast(write: WriteFile) -> None:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    start = time.perf_counter()
    assert problems_of(write, "\n".join([*lines, "name: bomb"]) + "\n") == [
        "club.yaml:2:10: YAML aliases (*name) are not allowed in a ruleset; write the value out"
    ]
    assert time.perf_counter() - start < 1.0


def test_huge_file_is_refused_before_parsing(write: WriteFile) -> None:
    start = time.perf_counter()
    problems = problems_of(write, "name: club\n" + "#" * (2 * MAX_BYTES))
    assert problems == [
        "club.yaml: file too large (2,097,163 bytes; a ruleset file is at most 1,048,576 bytes)"
    ]
    assert time.perf_counter() - start < 1.0


def test_deep_nesting_is_refused(write: WriteFile) -> None:
    (problem,) = problems_of(write, "name: club\nplay: " + "[" * 10_000 + "]" * 10_000 + "\n")
    assert problem == "club.yaml:2:70: nested deeper than 64 levels"


def test_non_utf8_file(workdir: Path) -> None:
    (workdir / "club.yaml").write_bytes(b"name: club\ntitle: caf\xe9\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset("club.yaml")
    assert str(info.value) == "club.yaml:2: not UTF-8 text (byte 0xe9); save the file as UTF-8"


def test_control_characters(write: WriteFile) -> None:
    assert problems_of(write, "name: club\x00\n") == [
        "club.yaml:1: not YAML text: special characters are not allowed"
    ]


def test_unsafe_tags_are_refused(write: WriteFile) -> None:
    assert problems_of(write, "name: !!python/object:os.system x\nmatch: !!set {a}\n") == [
        "club.yaml:1:7: name: unsupported YAML tag !!python/object:os.system",
        "club.yaml:2:8: match: unsupported YAML tag !!set (only plain mappings, lists and values)",
    ]


def test_keys_must_be_plain_names(write: WriteFile) -> None:
    assert problems_of(write, "name: club\n? [a, b]\n: 1\n") == [
        "club.yaml:2:3: keys must be plain names (got a list)"
    ]


def test_bom_is_accepted(workdir: Path) -> None:
    (workdir / "club.yaml").write_bytes("\ufeffname: club\n".encode())
    assert load_ruleset("club.yaml").name == "club"


# --- text ---------------------------------------------------------------------------------


def test_read_ruleset_text_names_the_file_in_problems() -> None:
    with pytest.raises(RulesetError, match=r"^notes\.yaml:1:1: name: "):
        read_ruleset_text("name: Bad Name\n", "notes.yaml")


def test_read_ruleset_text_loads_a_bundled_extension() -> None:
    rs = read_ruleset_text("name: club\nextends: belgian\nscoring: {cap: 4}\n")
    assert isinstance(rs, Ruleset)
    assert rs.model_dump(
        exclude=set(("name", "title", "description", "sources", "aliases"))
    ) == load_ruleset("belgian-capped").model_dump(
        exclude={"name", "title", "description", "sources", "aliases"}
    )
