#!/usr/bin/env python3
"""Random full UNO hands per second: our engine beside rlcard's UNO, in one run.

Run from the repository root, in the venv (``scripts/setup``; rlcard is in
requirements-dev.txt):

    python bench/engine.py                      # 2 s per cell; classic,plus,motu; 2/4/10 players
    python bench/engine.py --seconds 5 --players 4 --editions classic --json

One "hand" runs from the deal until somebody goes out. Both sides are played by a seeded
random policy. Ours: the seat on turn picks uniformly among its legal moves (UNO calls
and colour choices included), except that it does not draw while it holds a playable
card and plays a drawn card that can be played, as rlcard's rules force
(``--voluntary-draw`` lifts both; random players who draw at will hoard cards and
hands get ten times longer, which measures hand length rather than speed). rlcard's
rules only let a player draw when nothing is playable, so this keeps hands comparable;
the moves/hand columns show how close they are.

rlcard (1.2.0) is driven three ways, all measured in the same run:

* ``env``:  ``rlcard.make('uno')`` + ``RandomAgent`` + ``env.step`` — rlcard's public API,
  what its documentation and examples run (observations are encoded for learning agents);
* ``game``: ``UnoGame.get_legal_actions()`` + ``UnoGame.step()`` — its game object, which
  still builds each step's observation dict;
* ``core``: ``round.get_legal_actions`` + ``round.proceed_round`` — its bare internal loop:
  no validation, no observation, no scoring, no UNO call (the most favourable to rlcard).

``rlcard.make('uno', config={'game_num_players': N})`` ignores N (its Env applies game_*
settings to blackjack and hold'em only), so the player count is set by hand.
rlcard's simplifications: one 108-card deck, no UNO call or catch, no Wild Draw Four
challenge, drawn playable cards are played automatically, no scoring or multi-hand game.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

RLCARD_MODES = ("env", "game", "core")


def measure_ours(edition: str, players: int, seconds: float, seed: int,
                 voluntary_draw: bool) -> dict:
    """Plays random hands of our UNO for ``seconds``; returns hands, moves and seconds."""
    from tablegames.engine import get_game

    game = get_game("uno")
    new, legal_moves, apply = game.new, game.legal_moves, game.apply
    names = [f"P{i}" for i in range(players)]
    options = {"edition": edition}
    randrange = random.Random(seed).randrange
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = new(names, options, seed=seed * 1_000_000 + hands)
        while state.phase == "play":
            choices = legal_moves(state, state.turn)
            if not voluntary_draw and len(choices) > 1:
                choices = [m for m in choices if m["type"] not in ("draw", "pass")]
            state = apply(state, state.turn, choices[randrange(len(choices))])
            moves += 1
        hands += 1
    return {"hands": hands, "moves": moves, "seconds": time.perf_counter() - start}


def measure_rlcard(players: int, seconds: float, seed: int, mode: str) -> dict:
    """Plays random rlcard UNO hands for ``seconds`` in one of RLCARD_MODES."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    randrange = random.Random(seed).randrange
    if mode == "env":
        import rlcard
        from rlcard.agents import RandomAgent

        env = rlcard.make("uno", config={"seed": seed})
        env.game.num_players = env.num_players = players
        agents = [RandomAgent(num_actions=env.num_actions) for _ in range(players)]
        np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    else:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        if mode == "env":
            state, pid = env.reset()
            while not env.is_over():
                action, _ = agents[pid].eval_step(state)
                state, pid = env.step(action, agents[pid].use_raw)
                moves += 1
        elif mode == "game":
            game.init_game()
            while not game.is_over():
                actions = game.get_legal_actions()
                game.step(actions[randrange(len(actions))])
                moves += 1
        else:
            game.init_game()
            rnd, seats = game.round, game.players
            while not rnd.is_over:
                actions = rnd.get_legal_actions(seats, rnd.current_player)
                rnd.proceed_round(seats, actions[randrange(len(actions))])
                moves += 1
        hands += 1
    return {"hands": hands, "moves": moves, "seconds": time.perf_counter() - start}


def rate(cell: dict | None) -> float:
    return cell["hands"] / cell["seconds"] if cell and cell["seconds"] else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="budget per cell (default 2)")
    parser.add_argument("--players", default="2,4,10", help="player counts (default 2,4,10)")
    parser.add_argument("--editions", default="classic,plus,motu", help="our editions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--voluntary-draw", action="store_true",
                        help="let our random players draw while holding a playable card")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    players = [int(n) for n in args.players.split(",")]
    editions = args.editions.split(",")

    try:
        import rlcard
        peer = f"rlcard {rlcard.__version__}"
        theirs = {(mode, n): measure_rlcard(n, args.seconds, args.seed, mode)
                  for n in players for mode in RLCARD_MODES}
    except ImportError as exc:
        peer = f"rlcard not installed ({exc}); `pip install -r requirements-dev.txt`"
        theirs = {}
    ours = {(e, n): measure_ours(e, n, args.seconds, args.seed, args.voluntary_draw)
            for e in editions for n in players}

    if args.json:
        print(json.dumps({"peer": peer, "seconds": args.seconds,
                          "ours": {f"{e}/{n}": c for (e, n), c in ours.items()},
                          "rlcard": {f"{m}/{n}": c for (m, n), c in theirs.items()}}, indent=2))
        return 0
    print(f"UNO random full hands per second, {args.seconds:g} s per cell, seed {args.seed}, "
          f"python {platform.python_version()}; peer: {peer}")
    head = ["edition", "players", "ours h/s", "moves/h", "moves/s"]
    for mode in RLCARD_MODES:
        head += [f"rl-{mode} h/s", f"ours/{mode}"]
    rows = []
    for (edition, n), cell in ours.items():
        row = [edition, str(n), f"{rate(cell):,.0f}", f"{cell['moves'] / max(cell['hands'], 1):.0f}",
               f"{cell['moves'] / cell['seconds']:,.0f}"]
        for mode in RLCARD_MODES:
            peer_cell = theirs.get((mode, n))
            row += [f"{rate(peer_cell):,.0f}" if peer_cell else "-",
                    f"{rate(cell) / rate(peer_cell):.2f}x" if peer_cell and rate(peer_cell) else "-"]
        rows.append(row)
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    for line in [head, ["-" * w for w in widths], *rows]:
        print("  ".join(c.rjust(w) for c, w in zip(line, widths)))
    for mode in RLCARD_MODES if theirs else ():
        print(f"rlcard {mode}: " + ", ".join(
            f"{n}p {theirs[(mode, n)]['moves'] / max(theirs[(mode, n)]['hands'], 1):.0f} moves/hand "
            f"{theirs[(mode, n)]['moves'] / theirs[(mode, n)]['seconds']:,.0f} moves/s" for n in players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
