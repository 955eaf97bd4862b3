#!/usr/bin/env python3
"""Bot strengths: win rates of each bot level against random players and between levels.

Run from the repository root, in the venv:

    python bench/bots.py                 # default: ~1-2 minutes on the 2-core machine
    python bench/bots.py --games 5000    # more games per match-up (narrower intervals)
    python bench/bots.py --json

Every game is seeded (game ``k`` of a match-up uses seed ``k``) and played to its end by
``tablegames.engine.bots.play_out`` (bots in every seat, out-of-turn UNO calls and catches
racing in a seeded order). Seats rotate with the seed so that no level always sits first.

* **UNO**: one hand per game (``target`` 1: the hand's winner wins), classic edition
  unless ``--edition``; match-ups heads up (2 players) and one bot against three random
  players (4 players, where a random seat would win 25%).
* **Faces Memory**: 2 players, 10 pairs; a tie counts half.
* **Upwords**: 2 players, words settled by challenge (the default table); fewer games
  (each takes about half a second: the bots generate every play of their rack each turn).

The ``±`` column is the 95% interval of the win rate (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablegames.engine import get_game  # noqa: E402
from tablegames.engine.bots import play_out  # noqa: E402


def match(game_name: str, options: dict, lineup: list[str], games: int) -> dict:
    """Plays ``games`` games; the share won by ``lineup[0]``'s level (seats rotate)."""
    game = get_game(game_name)
    n = len(lineup)
    wins = 0.0
    moves = 0
    start = time.perf_counter()
    for k in range(games):
        shift = k % n
        seats = lineup[shift:] + lineup[:shift]  # lineup[0] sits in seat (n - shift) % n
        me = (n - shift) % n
        state = game.new([f"P{i}" for i in range(n)], options, seed=k)
        state, m = play_out(game, state, seats, seed=k)
        moves += m
        result = game.result(state)
        if result is None:
            continue
        winners = result["winners"]
        if me in winners:
            wins += 1 / len(winners)
    rate = wins / games
    return {"game": game_name, "lineup": " vs ".join(lineup), "games": games, "win": rate,
            "ci": 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games),
            "moves_per_game": moves / games, "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=700, help="UNO games per match-up")
    ap.add_argument("--memory-games", type=int, default=400, help="Memory games per match-up")
    ap.add_argument("--upwords-games", type=int, default=16, help="Upwords games per match-up")
    ap.add_argument("--edition", default="classic", choices=("classic", "plus", "motu"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    uno = {"target": 1, "edition": args.edition}
    rows = []
    for level in ("easy", "normal", "hard"):
        rows.append(match("uno", uno, [level, "random"], args.games))
    for level in ("easy", "normal", "hard"):
        rows.append(match("uno", uno, [level, "random", "random", "random"], args.games // 2))
    for a, b in (("normal", "easy"), ("hard", "easy"), ("hard", "normal")):
        rows.append(match("uno", uno, [a, b], args.games))
    memory = {"variant": "memory"}
    for level in ("easy", "normal", "hard"):
        rows.append(match("faces", memory, [level, "random"], args.memory_games))
    for a, b in (("normal", "easy"), ("hard", "easy"), ("hard", "normal")):
        rows.append(match("faces", memory, [a, b], args.memory_games))
    for a, b in (("easy", "random"), ("hard", "easy"), ("hard", "normal")):
        if args.upwords_games:
            rows.append(match("upwords", {}, [a, b], args.upwords_games))
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'game':7} {'match-up (first: the level measured)':42} {'games':>6} {'win':>7} "
          f"{'±':>6} {'moves':>6} {'s':>6}")
    for r in rows:
        name = {"uno": "UNO", "faces": "Memory", "upwords": "Upwords"}[r["game"]]
        print(f"{name:7} {r['lineup']:42} {r['games']:6d} {100 * r['win']:6.1f}% "
              f"{100 * r['ci']:5.1f}% {r['moves_per_game']:6.0f} {r['seconds']:6.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
