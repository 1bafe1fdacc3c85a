"""Learn and write the heuristic bot's shipped decision tables for the bundled rulesets:
``python bench/learn_decisions.py`` (rulesets with the same play share one table; a table
already there is kept unless it is of an older format, or ``--force``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manille_variants.bots.decisions import DATA, VERSION, learn, table_key, tabled
from manille_variants.bots.heuristic import hand_tricks
from manille_variants.engine.compiled import compile_rules
from manille_variants.ruleset.loader import bundled_names, load_ruleset


def current(path: Path) -> bool:
    """Whether ``path`` holds a table of the current format."""
    try:
        return bool(json.loads(path.read_text(encoding="utf-8")).get("version") == VERSION)
    except (OSError, ValueError):
        return False


def main() -> None:
    force = "--force" in sys.argv[1:]
    DATA.mkdir(exist_ok=True)
    for name in bundled_names():
        rules = compile_rules(load_ruleset(name))
        if not tabled(rules):
            continue
        path = DATA / f"decisions-{table_key(rules)}.json"
        if force or not current(path):
            path.write_text(json.dumps(learn(rules, hand_tricks).to_json()) + "\n", encoding="utf-8")
        print(f"{name}: {path}")


if __name__ == "__main__":
    main()
