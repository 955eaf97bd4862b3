#!/usr/bin/env python3
"""Upwords move generator: time to find every legal play of a 7-tile rack on mid-game
boards, beside the number of plays found; the word graph's build/load time and memory.

Run from the repository root, in the venv (also ``python bench/upwords.py --movegen``):

    python bench/upwords_movegen.py                 # ~30-60 s
    python bench/upwords_movegen.py --games 4 --reps 3
    python bench/upwords_movegen.py --language pt   # the Portuguese list, when shipped
    python bench/upwords_movegen.py --json

* **Boards**: seeded 2-player games played by the bots (``hard`` against ``normal``,
  words settled automatically). Every position of those games with at least
  ``--min-board`` tiles on the board, a full 7-tile rack for the player on turn and tiles
  left in the bag is a mid-game board; ``generate`` runs on it ``--reps`` times (the
  minimum of the repetitions is that board's time, so a busy machine's hiccups stay out),
  and the table gives the median, p95 and max over the boards, with the number of legal
  plays found (median, p95, max).
* **Word graph**: building it from the word list in this process; loading it from the
  disk cache in a fresh interpreter (``--load-runs`` subprocesses, median); its memory
  (tracemalloc: what stays allocated after loading it), node count and cache file size.
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
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def words_of(language: str):
    from tablegames.engine.upwords.dictionary import default_words
    return default_words(language) if language != "en" else default_words()


def child(language: str) -> dict:
    """In a fresh interpreter: load the graph from the cache (timed), then its memory."""
    from tablegames.engine.upwords.wordgraph import _key, cache_dir, load_or_build
    words = words_of(language)
    key = _key(words)
    t = time.perf_counter()
    graph = load_or_build(words, key=key)
    load = time.perf_counter() - t
    del graph
    tracemalloc.start()
    graph = load_or_build(words, key=key)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    path = cache_dir() / f"upwords-graph-{key}.marshal"
    return {"load_s": load, "memory_bytes": current, "peak_bytes": peak,
            "nodes": len(graph.edges), "edges": sum(len(e) for e in graph.edges),
            "cache_bytes": path.stat().st_size if path.exists() else 0, "words": len(words)}


def boards(games: int, seed: int, min_board: int, language: str) -> list[tuple]:
    from tablegames.engine import get_game
    from tablegames.engine.bots import choose
    game = get_game("upwords")
    out = []
    for g in range(games):
        opts = {"words": "auto"}
        if language != "en":
            opts["language"] = language
        state = game.new(["A", "B"], opts, seed=seed + g)
        levels = ["hard", "normal"]
        rng = random.Random(seed + g)
        for _ in range(200):
            if game.result(state) is not None:
                break
            seat = state.turn
            on_board = sum(1 for s in state.board if s)
            if (state.phase == "play" and on_board >= min_board and len(state.racks[seat]) == 7
                    and state.bag):
                out.append((state.board, state.racks[seat], state.options))
            legal = game.legal_moves(state, seat)
            move = choose(game, game.view(state, seat), seat, random.Random(rng.random()),
                          levels[seat], legal)
            state = game.apply(state, seat, move)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8, help="seeded games for boards (default 8)")
    ap.add_argument("--min-board", type=int, default=20,
                    help="tiles on the board for a mid-game board (default 20)")
    ap.add_argument("--reps", type=int, default=5, help="runs per board (default 5)")
    ap.add_argument("--load-runs", type=int, default=5, help="fresh interpreters (default 5)")
    ap.add_argument("--language", default="en")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.language)))
        return 0
    from tablegames.engine.upwords.bot import dictionaries
    from tablegames.engine.upwords.movegen import generate
    from tablegames.engine.upwords.wordgraph import WordGraph, graph_for
    from tablegames.engine import get_game

    words = words_of(args.language)
    t = time.perf_counter()
    WordGraph.build(words)
    build_s = time.perf_counter() - t
    graph_for(words)  # makes sure the cache file exists
    loads = []
    for _ in range(args.load_runs):
        res = subprocess.run([sys.executable, __file__, "--child", "--language", args.language],
                             capture_output=True, text=True, check=True, cwd=REPO)
        loads.append(json.loads(res.stdout))
    info = loads[-1]
    load_s = percentile([x["load_s"] for x in loads], 0.5)

    found = boards(args.games, args.seed, args.min_board, args.language)
    game = get_game("upwords")
    times, counts = [], []
    for board, rack, options in found:
        w, plurals = dictionaries(game, options)
        graph = graph_for(w)
        best = float("inf")
        for _ in range(args.reps):
            t = time.perf_counter()
            plays = generate(board, rack, graph, plurals=plurals)
            best = min(best, time.perf_counter() - t)
        times.append(best * 1000)
        counts.append(len(plays))
    report = {
        "python": platform.python_version(), "cpus": os.cpu_count(),
        "loadavg": [round(x, 2) for x in os.getloadavg()], "language": args.language,
        "graph": {"build_s": build_s, "load_s": load_s, **info},
        "boards": len(found),
        "ms": {"median": percentile(times, 0.5), "p95": percentile(times, 0.95),
               "max": max(times, default=float("nan"))},
        "plays": {"median": percentile(counts, 0.5), "p95": percentile(counts, 0.95),
                  "max": max(counts, default=0), "min": min(counts, default=0)},
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    g = report["graph"]
    print(f"Upwords move generator ({args.language}; Python {report['python']}, "
          f"{report['cpus']} CPUs, load {report['loadavg']})")
    print(f"word graph: {g['words']} words -> {g['nodes']} nodes, {g['edges']} edges; "
          f"build {g['build_s']:.2f} s; load from cache (fresh process, median of "
          f"{args.load_runs}) {1000 * g['load_s']:.0f} ms; memory {g['memory_bytes'] / 1e6:.1f} MB "
          f"(peak {g['peak_bytes'] / 1e6:.1f} MB); cache file {g['cache_bytes'] / 1e6:.2f} MB")
    m, p = report["ms"], report["plays"]
    print(f"{'boards':>7} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} | "
          f"{'plays median':>12} {'p95':>6} {'max':>6} {'min':>5}")
    print(f"{report['boards']:7d} {m['median']:10.1f} {m['p95']:8.1f} {m['max']:8.1f} | "
          f"{p['median']:12.0f} {p['p95']:6.0f} {p['max']:6d} {p['min']:5d}")
    print("(7-tile racks on boards of "
          f"{args.min_board}+ tiles from {args.games} seeded bot games; target: median < 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
