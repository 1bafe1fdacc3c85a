"""The word "core" names the compiled core and nothing else: the crossing to it is
``engine.crossing``, its callbacks ``engine.callbacks``; the names of before stay importable
as the same objects (the Python API adds names, never renames them)."""

from __future__ import annotations

from test_import_graph import MODULES

from manille_variants.engine import core, crossing
from manille_variants.search import solver


def test_the_old_engine_core_module_imports_every_name_of_the_crossing() -> None:
    assert set(core.__all__) == set(crossing.__all__)
    assert all(getattr(core, name) is getattr(crossing, name) for name in crossing.__all__)


def test_the_crossings_names_of_before_are_its_new_objects() -> None:
    assert crossing.CoreRulesData is crossing.RulesInput
    assert crossing.CoreCall is crossing.CallInput
    assert crossing.core_rules is crossing.rules_input
    assert crossing.core_for is crossing.core_rules_for
    assert solver.core_state is solver.core_deal


def test_only_the_compiled_core_and_the_old_alias_are_modules_named_core() -> None:
    named = sorted(name for name in MODULES if "core" in name.rpartition(".")[2].split("_"))
    assert named == ["manille_variants._core", "manille_variants.engine.core"]
