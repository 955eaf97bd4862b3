#!/usr/bin/env python3
"""Random full UNO hands per second: our engine against rlcard's UNO.

Run from the repository root:

    python bench/engine.py                  # 2 s per cell; classic,plus,motu; 2/4/10 players
    python bench/engine.py --seconds 5 --players 4 --editions classic
    python bench/engine.py --rlcard-python /tmp/benchvenv/bin/python  # rlcard in another venv
    python bench/engine.py --only rlcard --json                        # machine-readable output

One "hand" is everything from dealing until somebody goes out. Both engines are
driven by the same kind of random policy: at every step the seat that must act picks
uniformly among its legal moves (Python's ``random.Random``, seeded).

* Ours: ``game.new(...)`` then ``game.apply(state, state.turn, choice(legal_moves(state,
  state.turn)))`` until ``state.phase`` is "hand_over" or "game_over". Out-of-turn moves of
  other seats are not tried; the acting seat's own "uno"/"catch" moves are part of its
  list unless ``--skip-calls`` is given. Our rules let a player draw although they could
  play, which makes random hands far longer than rlcard's (compare the moves/hand
  columns, and the moves/s ratio); ``--no-voluntary-draw`` drops "draw" whenever a
  "play" move exists, as rlcard's rules do.
* rlcard (1.2.0, ``requirements-dev.txt``) has one rule set, so it is measured once per
  player count and compared with every edition. Note ``rlcard.make('uno', config=
  {'game_num_players': N})`` silently ignores N (its Env only applies game_* settings to
  blackjack and hold'em) and always plays 2 players, so the default mode drives
  ``rlcard.games.uno.game.UnoGame(num_players=N)`` directly:

    core  (default) ``UnoGame.init_game()`` then ``round.get_legal_actions`` +
          ``round.proceed_round``: the bare rules, the fastest (most favourable to rlcard)
    game  ``UnoGame.get_legal_actions()`` + ``UnoGame.step()``, which also builds the
          per-step observation dict (hand / played-card strings)
    env   ``rlcard.make('uno')`` + ``RandomAgent.eval_step`` + ``env.step`` (what
          ``env.run()`` does), with ``env.num_players``/``env.game.num_players`` patched to N;
          includes the numpy observation encoding

A hand longer than ``--max-steps`` moves is abandoned and counted as "capped"; a hand
whose engine raised is counted under "errors" (the first message is printed). Neither
counts as a finished hand, but their time is included.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

TERMINAL_PHASES = frozenset({"hand_over", "game_over"})
CALL_MOVES = frozenset({"uno", "catch"})
RLCARD_MODES = ("core", "game", "env")


@dataclass
class Cell:
    """The outcome of one measurement (one engine, edition and player count)."""

    hands: int = 0          # hands that reached the end normally
    steps: int = 0          # moves applied in those hands
    capped: int = 0         # hands abandoned at --max-steps
    errors: int = 0         # hands in which the engine raised
    seconds: float = 0.0    # wall-clock time of the whole cell
    first_error: str = ""   # first exception, "Type: message"
    unavailable: str = ""   # set when the cell could not be measured at all

    @property
    def hands_per_sec(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_hand(self) -> float:
        return self.steps / self.hands if self.hands else 0.0

    @property
    def steps_per_sec(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    def note_error(self, exc: BaseException) -> None:
        self.errors += 1
        if not self.first_error:
            self.first_error = f"{type(exc).__name__}: {exc}"[:300]

    def to_json(self) -> dict:
        data = asdict(self)
        data.update(hands_per_sec=self.hands_per_sec, steps_per_hand=self.steps_per_hand)
        return data

    @classmethod
    def from_json(cls, data: dict) -> Cell:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


# --------------------------------------------------------------------------- ours


def load_ours():
    """Our UNO game object, or the reason it cannot be loaded (a string)."""
    try:
        from tablegames.engine import get_game

        return get_game("uno")
    except Exception as exc:  # engine not written yet, or broken import
        return f"cannot load our engine (tablegames.engine 'uno'): {type(exc).__name__}: {exc}"


def measure_ours(game, edition: str, players: int, seconds: float, seed: int, max_steps: int,
                 skip_calls: bool, no_voluntary_draw: bool = False) -> Cell:
    """Plays random hands of our UNO for ``seconds`` and counts them."""
    cell = Cell()
    names = [f"P{i}" for i in range(players)]
    options = {"edition": edition}
    rng = random.Random(seed)
    randrange = rng.randrange
    new, legal_moves, apply = game.new, game.legal_moves, game.apply
    terminal = TERMINAL_PHASES
    perf = time.perf_counter
    hand_no = 0

    start = perf()
    deadline = start + seconds
    while True:
        try:
            state = new(names, options, seed=seed * 1_000_000 + hand_no)
        except Exception as exc:
            if hand_no == 0:  # e.g. an edition the engine does not know (yet)
                cell.unavailable = f"new() failed: {type(exc).__name__}: {exc}"[:300]
                return cell
            cell.note_error(exc)
        else:
            steps = 0
            try:
                while state.phase not in terminal:
                    if steps >= max_steps:
                        cell.capped += 1
                        break
                    seat = state.turn
                    moves = legal_moves(state, seat)
                    if skip_calls:
                        moves = [m for m in moves if m.get("type") not in CALL_MOVES] or moves
                    if no_voluntary_draw and any(m.get("type") == "play" for m in moves):
                        moves = [m for m in moves if m.get("type") != "draw"]
                    if not moves:
                        raise RuntimeError(
                            f"no legal moves for seat {seat} in phase {state.phase!r}")
                    state = apply(state, seat, moves[randrange(len(moves))])
                    steps += 1
                else:
                    cell.hands += 1
                    cell.steps += steps
            except Exception as exc:
                cell.note_error(exc)
        hand_no += 1
        if perf() >= deadline:
            break
    cell.seconds = perf() - start
    return cell


# --------------------------------------------------------------------------- rlcard


def rlcard_versions() -> dict:
    """Versions of rlcard and numpy, or ``{"error": ...}`` when rlcard cannot be imported."""
    try:
        from importlib.metadata import version

        import numpy
        import rlcard  # noqa: F401

        return {"rlcard": version("rlcard"), "numpy": numpy.__version__,
                "python": platform.python_version()}
    except Exception as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


def measure_rlcard(players: int, seconds: float, seed: int, max_steps: int,
                   mode: str = "core") -> Cell:
    """Plays random rlcard UNO hands for ``seconds`` and counts them."""
    cell = Cell()
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except Exception as exc:
        cell.unavailable = f"rlcard not importable: {type(exc).__name__}: {exc}"
        return cell

    rng = random.Random(seed)
    randrange = rng.randrange
    perf = time.perf_counter

    if mode == "env":
        import rlcard
        from rlcard.agents import RandomAgent

        env = rlcard.make("uno", config={"seed": seed})
        # rlcard's Env ignores game_num_players for UNO: set it by hand.
        env.game.num_players = env.num_players = players
        agents = [RandomAgent(num_actions=env.num_actions) for _ in range(players)]
        np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    else:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState(seed)

    start = perf()
    deadline = start + seconds
    while True:
        steps = 0
        try:
            if mode == "core":
                game.init_game()
                rnd, hands = game.round, game.players
                get_legal, proceed = rnd.get_legal_actions, rnd.proceed_round
                while not rnd.is_over:
                    if steps >= max_steps:
                        cell.capped += 1
                        break
                    actions = get_legal(hands, rnd.current_player)
                    proceed(hands, actions[randrange(len(actions))])
                    steps += 1
                else:
                    cell.hands += 1
                    cell.steps += steps
            elif mode == "game":
                game.init_game()
                while not game.is_over():
                    if steps >= max_steps:
                        cell.capped += 1
                        break
                    actions = game.get_legal_actions()
                    game.step(actions[randrange(len(actions))])
                    steps += 1
                else:
                    cell.hands += 1
                    cell.steps += steps
            else:  # env
                state, pid = env.reset()
                while not env.is_over():
                    if steps >= max_steps:
                        cell.capped += 1
                        break
                    action, _ = agents[pid].eval_step(state)
                    state, pid = env.step(action, agents[pid].use_raw)
                    steps += 1
                else:
                    cell.hands += 1
                    cell.steps += steps
        except Exception as exc:
            cell.note_error(exc)
        if perf() >= deadline:
            break
    cell.seconds = perf() - start
    return cell


def measure_rlcard_all(args, players_list: list[int]) -> tuple[dict, dict[int, Cell]]:
    """rlcard cells per player count, in this interpreter or in ``--rlcard-python``."""
    if not args.rlcard_python:
        info = rlcard_versions()
        if "error" in info:
            return info, {}
        return info, {n: measure_rlcard(n, args.seconds, args.seed, args.max_steps,
                                        args.rlcard_mode) for n in players_list}
    cmd = [args.rlcard_python, str(Path(__file__).resolve()), "--only", "rlcard", "--json",
           "--seconds", str(args.seconds), "--seed", str(args.seed),
           "--max-steps", str(args.max_steps), "--rlcard-mode", args.rlcard_mode,
           "--players", ",".join(map(str, players_list))]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        data = json.loads(out)
    except (OSError, subprocess.CalledProcessError, ValueError) as exc:
        detail = getattr(exc, "stderr", "") or ""
        return {"error": f"{args.rlcard_python} failed: {exc} {detail.strip()[-300:]}"}, {}
    info = data["rlcard_info"]
    return info, {int(n): Cell.from_json(c) for n, c in data["rlcard"].items()}


# --------------------------------------------------------------------------- output


def fmt_rate(cell: Cell | None) -> str:
    if cell is None:
        return "-"
    if cell.unavailable:
        return "n/a"
    return f"{cell.hands_per_sec:,.0f}"


def fmt_steps(cell: Cell | None) -> str:
    if cell is None or cell.unavailable or not cell.hands:
        return "-"
    return f"{cell.steps_per_hand:.1f}"


def fmt_ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if a > 0 and b > 0 else "-"


def policy_note(args) -> str:
    notes = []
    if args.skip_calls:
        notes.append("uno/catch moves skipped")
    if args.no_voluntary_draw:
        notes.append("no voluntary draw")
    return "".join(", " + n for n in notes)


def print_table(args, players_list, editions, ours, rl_info, rl) -> None:
    print(f"UNO: random full hands per second ({args.seconds:g} s per cell, seed {args.seed}, "
          f"step cap {args.max_steps}{policy_note(args)})")
    print(f"python {platform.python_version()} ({sys.executable})")
    if args.only != "ours":
        if "error" in rl_info:
            print(f"NOTE: rlcard not measured: {rl_info['error']}")
            print("      install it with `pip install -r requirements-dev.txt` (rlcard==1.2.0), "
                  "or point --rlcard-python at an interpreter that has it.")
        else:
            print(f"rlcard {rl_info['rlcard']} (numpy {rl_info['numpy']}, python "
                  f"{rl_info['python']}), mode '{args.rlcard_mode}'; one rule set, measured once "
                  "per player count and repeated on every edition's row")
    print()

    headers = ["edition", "players", "ours hands/s", "ours moves/hand", "rlcard hands/s",
               "rlcard moves/hand", "hands ours/rlcard", "moves/s ours/rlcard", "capped", "errors"]
    rows = []
    rl_rows_for = editions if args.only != "rlcard" else ["(rlcard)"]
    for edition in rl_rows_for:
        for n in players_list:
            mine = ours.get((edition, n))
            theirs = rl.get(n)
            ok_m = mine is not None and not mine.unavailable
            ok_t = theirs is not None and not theirs.unavailable
            capped = (mine.capped if ok_m else 0, theirs.capped if ok_t else 0)
            errors = (mine.errors if ok_m else 0, theirs.errors if ok_t else 0)
            rows.append([
                edition, str(n), fmt_rate(mine), fmt_steps(mine), fmt_rate(theirs),
                fmt_steps(theirs),
                fmt_ratio(mine.hands_per_sec, theirs.hands_per_sec) if ok_m and ok_t else "-",
                fmt_ratio(mine.steps_per_sec, theirs.steps_per_sec) if ok_m and ok_t else "-",
                f"{capped[0]}/{capped[1]}", f"{errors[0]}/{errors[1]}",
            ])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    left = {0}

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(widths[i]) if i in left else c.rjust(widths[i])
                         for i, c in enumerate(cells))

    print(line(headers))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(line(r))
    print("(capped and errors: ours/rlcard)")

    notes = []
    for (edition, n), cell in sorted(ours.items()):
        if cell.unavailable:
            notes.append(f"ours {edition} {n}p: {cell.unavailable}")
        elif cell.first_error:
            notes.append(f"ours {edition} {n}p: {cell.errors} error(s), first: {cell.first_error}")
    for n, cell in sorted(rl.items()):
        if cell.unavailable:
            notes.append(f"rlcard {n}p: {cell.unavailable}")
        elif cell.first_error:
            notes.append(f"rlcard {n}p: {cell.errors} error(s), first: {cell.first_error}")
    # one "cannot load our engine" note is enough
    seen, uniq = set(), []
    for note in notes:
        key = note.split(": ", 1)[1] if "cannot load our engine" in note else note
        if key not in seen:
            seen.add(key)
            uniq.append("ours: " + key if key != note else note)
    if uniq:
        print()
        for note in uniq:
            print("NOTE:", note)


def parse_list(text: str, conv=str) -> list:
    return [conv(x.strip()) for x in text.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random full UNO hands per second: our engine vs rlcard.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="wall-clock budget per cell (default 2)")
    parser.add_argument("--players", default="2,4,10", help="player counts (default 2,4,10)")
    parser.add_argument("--editions", default="classic,plus,motu",
                        help="our editions (default classic,plus,motu)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument("--max-steps", type=int, default=5000,
                        help="abandon a hand after this many moves (default 5000)")
    parser.add_argument("--rlcard-mode", choices=RLCARD_MODES, default="core",
                        help="how rlcard is driven (default core; see below)")
    parser.add_argument("--rlcard-python", default=os.environ.get("BENCH_RLCARD_PYTHON"),
                        help="measure rlcard with this interpreter instead of the current one "
                             "(default: $BENCH_RLCARD_PYTHON)")
    parser.add_argument("--only", choices=("ours", "rlcard"), help="measure one side only")
    parser.add_argument("--skip-calls", action="store_true",
                        help="leave 'uno'/'catch' moves out of our random policy (closer to "
                             "rlcard, which has neither)")
    parser.add_argument("--no-voluntary-draw", action="store_true",
                        help="never pick 'draw' while a 'play' move is legal (rlcard only lets "
                             "a player draw when nothing is playable)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    players_list = parse_list(args.players, int)
    editions = parse_list(args.editions)
    if not players_list or any(n < 2 for n in players_list):
        parser.error("--players needs counts of at least 2")
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    rl_info, rl = ({}, {})
    if args.only != "ours":
        rl_info, rl = measure_rlcard_all(args, players_list)
    ours: dict[tuple[str, int], Cell] = {}
    if args.only != "rlcard":
        game = load_ours()
        for edition in editions:
            for n in players_list:
                if isinstance(game, str):
                    ours[(edition, n)] = Cell(unavailable=game)
                else:
                    ours[(edition, n)] = measure_ours(game, edition, n, args.seconds, args.seed,
                                                      args.max_steps, args.skip_calls,
                                                      args.no_voluntary_draw)

    if args.json:
        print(json.dumps({
            "seconds": args.seconds, "seed": args.seed, "max_steps": args.max_steps,
            "rlcard_mode": args.rlcard_mode, "skip_calls": args.skip_calls,
            "no_voluntary_draw": args.no_voluntary_draw,
            "python": platform.python_version(),
            "rlcard_info": rl_info,
            "rlcard": {str(n): c.to_json() for n, c in rl.items()},
            "ours": {f"{e}/{n}": c.to_json() for (e, n), c in ours.items()},
        }, indent=2))
    else:
        print_table(args, players_list, editions, ours, rl_info, rl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
