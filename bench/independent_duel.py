"""One of our bots against an independent public Manille engine, in duplicate deal pairs (a
benchmark, not a test, and not run by ``make bench``: the engine is not ours).

The engine is Dewaeq/manille-master (Rust: an IS-MCTS player with card inference, a time per
decision).  Build its line-protocol harness once, outside this repository::

    copy src/{action,action_collection,array,bits,card,inference,round,stack,suit,trick}.rs and
    src/players/{mod,mcts_player,random_player}.rs of that repository into a new crate whose
    main.rs is bench/independent/harness_main.rs, with the dependencies ismcts 0.3.3, rand 0.9
    and romu 0.6, and add to its Round

        pub fn with_hands(dealer: usize, hands: [u32; 4]) -> Self  // dealer set, hands given

    then ``cargo build --release``.

``python bench/independent_duel.py BOT --engine PATH/engine-harness --pairs N --seed S``: each
deal (shuffled from the seed and the pair's number, the dealer seat turning) is played twice
under bench/independent/engine-rules.yaml, our bot (``BOT`` as ``--bots`` takes it:
``search``, ``search:think_ms=500``, ``heuristic``) on team 0 then on team 1, the engine
(``--think`` ms a decision, default 500) on the other team; a pair's figure is our net match
points over both tables.  Every action is checked legal by both engines and the card points
must agree.  Prints the mean per pair with its 95% interval, over all pairs, over those where
both dealers named the same trump (card play) and the others (the choice before play); with
``--rows FILE``, one JSON line per pair (our dealer's choice and the engine's).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TypedDict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import manille_variants as mv
from bench.duel import interval
from manille_variants.bots import make_bot
from manille_variants.cards import DECK, Card, parse_card
from manille_variants.engine.actions import AnyAction, parse_action
from manille_variants.engine.rules import Rules

RULES = Path(__file__).resolve().parent / "independent" / "engine-rules.yaml"
# The engine's card index: suit * 8 + value, suits S C H D, values 7 8 9 J Q K A 10.
THEIR_SUITS = "SCHD"
THEIR_RANKS = ("7", "8", "9", "J", "Q", "K", "A", "10")
NO_TRUMP = 4


def their_index(card: Card) -> int:
    text = str(card)
    return THEIR_SUITS.index(text[-1]) * 8 + THEIR_RANKS.index(text[:-1])


def our_card(index: int) -> Card:
    return parse_card(THEIR_RANKS[index % 8] + THEIR_SUITS[index // 8])


class Engine:
    """The harness process: ``deal``, ``ask``, ``act``, ``score`` (see harness_main.rs)."""

    def __init__(self, path: str, think: int) -> None:
        self.process = subprocess.Popen([path, str(think)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def say(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


def ours(reply: str) -> AnyAction:
    """Our action for the engine's ``t S`` / ``c K``."""
    kind, number = reply.split()
    k = int(number)
    if kind == "c":
        return our_card(k)
    return parse_action("no-trump" if k == NO_TRUMP else "trump:" + THEIR_SUITS[k])


def theirs(action: AnyAction) -> str:
    """The engine's ``act`` line for our action."""
    text = str(action)
    if text == "no-trump":
        return f"act t {NO_TRUMP}"
    if text.startswith("trump:"):
        return f"act t {THEIR_SUITS.index(text.split(':')[1])}"
    assert isinstance(action, Card), text
    return f"act c {their_index(action)}"


def table(rules: Rules, engine: Engine, bot: str, hands: list[list[Card]], dealer: int, team: int,
          seed: int) -> tuple[int, str]:
    """One table: our bot on ``team``; our net match points and the dealer's choice."""
    state = mv.new_deal(rules, seed, dealer, hands=hands)
    masks = [sum(1 << their_index(c) for c in hand) for hand in hands]
    if engine.say(f"deal {dealer} " + " ".join(map(str, masks))) != "ok":
        raise RuntimeError("the engine refused the deal")
    bots = {s: make_bot(bot, seed * 4 + s) for s in range(4) if s % 2 == team}
    choice = ""
    while not state.is_over:
        seat = state.to_play
        if seat % 2 == team:
            action = bots[seat].act(state.view(seat))
            if engine.say(theirs(action)) != "ok":
                raise RuntimeError(f"the engine refused {action}:\n{state.explain()}")
        else:
            action = ours(engine.say("ask"))
            if action not in state.legal_actions():
                raise RuntimeError(f"the engine played {action}, illegal here:\n{state.explain()}")
        if state.phase == "trump":
            choice = str(action)
        state = state.apply(action)
    their_points = tuple(int(x) for x in engine.say("score").split())
    if their_points != tuple(state.points):
        raise RuntimeError(f"card points differ: ours {state.points}, the engine's {their_points}")
    result = state.result
    assert result is not None
    net = result.team_a - result.team_b
    return (net if team == dealer % 2 else -net), choice


class Row(TypedDict):
    """One pair: our net over both tables, each table's, and each dealer's choice."""

    pair: int
    net: int
    tables: list[int]
    ours: str
    engine: str


def pair(job: tuple[int, int, str, int, str]) -> Row:
    """Pair ``k``: the same deal at both tables."""
    k, seed, bot, think, path = job
    rules = mv.compile_rules(mv.load_ruleset(RULES))
    cards = list(DECK)
    random.Random(seed * 1_000_003 + k).shuffle(cards)
    hands = [cards[8 * i: 8 * i + 8] for i in range(4)]
    dealer = k % 4
    engine = Engine(path, think)
    try:
        first, choice_first = table(rules, engine, bot, hands, dealer, 0, seed * 100_000 + k)
        second, choice_second = table(rules, engine, bot, hands, dealer, 1, seed * 100_000 + k)
    finally:
        engine.close()
    ours_first = dealer % 2 == 0  # at the first table our bot (team 0) deals
    mine, engines = (choice_first, choice_second) if ours_first else (choice_second, choice_first)
    return {"pair": k, "net": first + second, "tables": [first, second], "ours": mine, "engine": engines}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot")
    parser.add_argument("--engine", required=True, help="the harness binary")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--think", type=int, default=500, help="the engine's ms a decision")
    parser.add_argument("--rows", type=Path, help="append one JSON line per pair here")
    args = parser.parse_args()
    started = time.perf_counter()
    rows: list[Row] = []
    jobs = [(k, args.seed, args.bot, args.think, args.engine) for k in range(args.pairs)]
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(pair, jobs):
            rows.append(row)
            if args.rows:
                with args.rows.open("a") as f:
                    f.write(json.dumps(row) + "\n")
            if len(rows) % 10 == 0:
                mean, half = interval([r["net"] for r in rows])
                print(f"{len(rows)} pairs: {mean:+.2f} ± {half:.2f} ({time.perf_counter() - started:.0f} s)",
                      flush=True)
    for label, chosen in (("all pairs", rows), ("same trump", [r for r in rows if r["ours"] == r["engine"]]),
                          ("different trump", [r for r in rows if r["ours"] != r["engine"]])):
        nets = [r["net"] for r in chosen]
        if len(nets) > 1:
            mean, half = interval(nets)
            print(f"{args.bot}, {label}: {mean:+.2f} ± {half:.2f} over {len(nets)} pairs")


if __name__ == "__main__":
    main()
