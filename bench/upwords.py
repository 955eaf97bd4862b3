#!/usr/bin/env python3
"""Upwords engine: dictionary load time and memory, word look-ups, and play validation + scoring.

Run from the repository root, in the venv (``scripts/setup``):

    python bench/upwords.py                     # everything, ~20-30 s
    python bench/upwords.py --games 2 --reps 10 --lookup-seconds 0.2   # quicker
    python bench/upwords.py --json
    python bench/upwords.py --movegen           # the move generator (bench/upwords_movegen.py)

Three parts, all on the shipped English list (``data/words-en.txt``, ``default_words()``):

* **Dictionary load**: ``default_words()`` in a fresh interpreter (``--load-runs``
  subprocesses, median), so its once-per-process cache is empty. The package is imported
  before the clock starts (its import time is shown apart). The file itself is in the OS
  page cache after the first run, so "cold" means a cold process, not a cold disk.
  Memory, measured in separate subprocesses so tracing does not slow the timed load:
  tracemalloc peak while loading and what stays allocated afterwards, the size of the
  structure itself (the ``WordList`` object, its dicts and blobs), RSS growth (``VmRSS``)
  and peak RSS growth (``VmHWM``), and, for reference, a ``frozenset`` of the same words.
* **Look-ups**: ``word in words`` per second: hits (words drawn from the list), misses
  that look like words (a list word with one letter changed) and random strings (uniform
  letters, lengths distributed like the list), beside the same look-ups in a ``frozenset``.
  Rates are the median of chunks of 1,000 look-ups (robust to a busy machine) and include
  the Python loop around each look-up (~20 ns).
* **Validate + score a play**: ``Upwords.preview`` and ``Upwords.apply`` (the registry's
  game object) on realistic mid-game boards. Boards come from seeded 2-player games with
  words settled automatically, played by a greedy policy: on each turn candidate plays are
  generated from the dictionary against the board (a line segment of the board, each
  square either keeping its letter or taking a rack tile, matched by a regular
  expression over the words of that length), checked with ``preview``, and the best
  scoring legal play found is made. The legal candidates of the mid-game turns (board of
  ``--min-board`` tiles or more, bag not empty) are the benchmark plays, in classes:

  - ``flat``: every tile on an empty square, one word formed;
  - ``multi``: every tile on an empty square, two or more words formed;
  - ``stacked``: at least one tile stacked on a letter (any number of words);
  - ``refused``: candidates ``preview`` refused (a cross word or a covered word that is
    not in the dictionary, ``plural_only``...): the preview a phone shows while a
    player tries tiles, and ``apply`` raising ``IllegalMove``.

  Each call is timed alone (``perf_counter_ns``), ``--reps`` passes over ``--plays`` plays
  per class, interleaved; median, p99 and mean in microseconds. ``auto`` checks every word
  in the dictionary; ``challenge`` (the default table option) skips the dictionary (the
  same states with the option switched). Every legal play's ``apply`` is checked to score
  what its ``preview`` said. ``calls/s`` is 1e6 / mean; ``gc runs`` counts the cyclic
  collector's runs during the row (a refused play leaves its ``IllegalMove`` in a
  reference cycle: the traceback holds the frame that holds the ``Placement`` that holds
  the error, ~60 objects each, so refused rows trigger more collections). The tails (p99,
  max) also carry whatever else the machine runs: the load average is printed.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import math
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

SIZE = 10
CLASSES = ("flat", "multi", "stacked", "refused")


# -- dictionary load, in a child process ----------------------------------------------------

def _proc_status(field: str) -> int:
    """A ``/proc/self/status`` memory field in bytes (0 where there is no /proc)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _deep_size(words: Any) -> int:
    """Bytes of a WordList: the object, its two dicts, their keys/values and the blobs."""
    seen: set[int] = set()
    total = 0

    def add(obj: Any) -> None:
        nonlocal total
        if id(obj) not in seen:
            seen.add(id(obj))
            total += sys.getsizeof(obj)

    add(words)
    for name in type(words).__slots__:
        value = getattr(words, name)
        add(value)
        if isinstance(value, dict):
            for k, v in value.items():
                add(k)
                add(v)
    return total


def child_load(mode: str) -> dict:
    """Runs in a fresh interpreter: loads the shipped list once and measures it."""
    t0 = time.perf_counter()
    from tablegames.engine.upwords import dictionary

    import_s = time.perf_counter() - t0
    if mode == "time":
        rss0, hwm0 = _proc_status("VmRSS"), _proc_status("VmHWM")
        t1 = time.perf_counter()
        words = dictionary.default_words()
        load_s = time.perf_counter() - t1
        rss1, hwm1 = _proc_status("VmRSS"), _proc_status("VmHWM")
        return {"import_s": import_s, "load_s": load_s, "words": len(words),
                "rss_delta": rss1 - rss0, "peak_rss_delta": max(hwm1 - rss0, 0),
                "hwm_grew": hwm1 > hwm0}
    import tracemalloc

    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    words = dictionary.default_words()
    current, peak = tracemalloc.get_traced_memory()
    out = {"trace_peak": peak - base, "trace_retained": current - base,
           "struct_bytes": _deep_size(words), "blob_bytes": words.nbytes()}
    strings = list(words)
    base, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    fs = frozenset(strings)
    current, _ = tracemalloc.get_traced_memory()
    # the set table plus the str objects (built here from the list, so counted apart)
    out["frozenset_bytes"] = (current - base) + sum(sys.getsizeof(s) for s in strings)
    del fs
    tracemalloc.stop()
    return out


def run_child(mode: str) -> dict:
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", mode],
                          cwd=REPO_ROOT, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def measure_load(runs: int) -> dict:
    timed = [run_child("time") for _ in range(runs)]
    memory = run_child("memory")
    loads = [r["load_s"] for r in timed]
    return {
        "runs": runs,
        "words": timed[0]["words"],
        "load_ms_median": statistics.median(loads) * 1e3,
        "load_ms_min": min(loads) * 1e3,
        "load_ms_max": max(loads) * 1e3,
        "import_ms_median": statistics.median(r["import_s"] for r in timed) * 1e3,
        "rss_delta_median": statistics.median(r["rss_delta"] for r in timed),
        "peak_rss_delta_median": statistics.median(r["peak_rss_delta"] for r in timed),
        **memory,
    }


# -- look-ups --------------------------------------------------------------------------------

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def lookup_samples(words: Any, n: int, rng: random.Random) -> dict[str, list[str]]:
    listed = list(words)
    lengths = [len(w) for w in listed]
    hits = [rng.choice(listed) for _ in range(n)]
    near: list[str] = []
    while len(near) < n:
        w = rng.choice(listed)
        i = rng.randrange(len(w))
        cand = w[:i] + rng.choice(LETTERS.replace(w[i], "")) + w[i + 1:]
        if cand not in words:
            near.append(cand)
    random_strings: list[str] = []
    while len(random_strings) < n:
        cand = "".join(rng.choice(LETTERS) for _ in range(rng.choice(lengths)))
        if cand not in words:
            random_strings.append(cand)
    return {"hit (list word)": hits, "miss (word, 1 letter changed)": near,
            "miss (random string)": random_strings}


def time_lookups(container: Any, sample: list[str], seconds: float, chunk: int = 1000) -> dict:
    """Look-ups per second: repeated passes through ``sample`` for about ``seconds``, timed
    in chunks of ``chunk`` look-ups; the rate is the median chunk's (a chunk the OS
    preempted does not drag it down), ``overall_per_s`` the plain total."""
    chunks = [sample[i:i + chunk] for i in range(0, len(sample), chunk)]
    per_chunk: list[float] = []
    found = n = 0
    perf = time.perf_counter
    start = perf()
    deadline = start + seconds
    while perf() < deadline or not per_chunk:
        for part in chunks:
            t0 = perf()
            for w in part:
                if w in container:
                    found += 1
            per_chunk.append((perf() - t0) / len(part))
            n += len(part)
    elapsed = perf() - start
    ns = statistics.median(per_chunk) * 1e9
    return {"lookups": n, "seconds": elapsed, "per_s": 1e9 / ns, "ns": ns,
            "overall_per_s": n / elapsed, "found": found / n}


def measure_lookups(words: Any, seconds: float, sample_size: int, seed: int) -> list[dict]:
    samples = lookup_samples(words, sample_size, random.Random(seed))
    fs = frozenset(words)
    rows = []
    for kind, sample in samples.items():
        ours = time_lookups(words, sample, seconds)
        ref = time_lookups(fs, sample, min(seconds, 0.1))
        rows.append({"kind": kind, "sample": len(sample), **ours, "frozenset_per_s": ref["per_s"],
                     "frozenset_ns": ref["ns"]})
    return rows


# -- boards and plays ------------------------------------------------------------------------

class PlayFinder:
    """Candidate plays on a board, generated from the dictionary.

    A candidate is a segment of a row or column (2-10 squares, the squares just before
    and after it empty) in which every square either keeps its letter or takes a rack
    tile, spelling a word of the list (in tiles: QU is the one Q tile). The segment must
    touch the letters on the board (or cover a centre square on the first play). Cross
    words, covered words, plurals... are left to ``preview``.
    """

    def __init__(self, words: Any) -> None:
        by_len: dict[int, list[str]] = defaultdict(list)
        for w in words:
            tiles = w.replace("QU", "Q")
            if len(tiles) <= SIZE:
                by_len[len(tiles)].append(tiles)
        self.texts = {n: "\n".join(ws) for n, ws in by_len.items()}

    @staticmethod
    def segments(board: tuple[str, ...]) -> list[list[tuple[int, int]]]:
        first = not any(board)
        filled = [bool(s) for s in board]

        def occ(r: int, c: int) -> bool:
            return 0 <= r < SIZE and 0 <= c < SIZE and filled[r * SIZE + c]

        out = []
        for dr, dc in ((0, 1), (1, 0)):
            for line in range(SIZE):
                for start in range(SIZE - 1):
                    for length in range(2, SIZE - start + 1):
                        cells = [(line, start + i) if dc else (start + i, line)
                                 for i in range(length)]
                        (r0, c0), (r1, c1) = cells[0], cells[-1]
                        if occ(r0 - dr, c0 - dc) or occ(r1 + dr, c1 + dc):
                            continue
                        if first:
                            if any(x in ((4, 4), (4, 5), (5, 4), (5, 5)) for x in cells):
                                out.append(cells)
                        elif any(occ(r, c) or occ(r + dc, c + dr) or occ(r - dc, c - dr)
                                 for r, c in cells):
                            out.append(cells)
        return out

    def candidates(self, board: tuple[str, ...], rack: tuple[str, ...],
                   cells: list[tuple[int, int]], limit: int,
                   rng: random.Random) -> list[list[list[Any]]]:
        """Up to ``limit`` tile lists for this segment that spell a word of the list."""
        letters = set(rack)
        if not letters:
            return []
        parts = []
        for r, c in cells:
            stack = board[r * SIZE + c]
            if not stack:
                allowed = letters
            elif len(stack) >= 5:
                allowed = {stack[-1]}
            else:
                allowed = letters | {stack[-1]}
            parts.append("[" + "".join(sorted(allowed)) + "]")
        text = self.texts.get(len(cells))
        if not text:
            return []
        matches = re.findall("^" + "".join(parts) + "$", text, re.MULTILINE)
        rng.shuffle(matches)
        have = Counter(rack)
        out = []
        for m in matches:
            tiles = []
            for (r, c), letter in zip(cells, m):
                stack = board[r * SIZE + c]
                if not stack or stack[-1] != letter:
                    tiles.append([r, c, letter])
            if tiles and not Counter(t[2] for t in tiles) - have:
                out.append(tiles)
                if len(out) >= limit:
                    break
        return out


def classify(board: tuple[str, ...], tiles: list[list[Any]], result: dict) -> str:
    if result["error"] is not None:
        return "refused"
    if any(board[r * SIZE + c] for r, c, _ in tiles):
        return "stacked"
    return "multi" if len(result["words"]) > 1 else "flat"


@dataclasses.dataclass
class Sample:
    state: Any
    seat: int
    tiles: list[list[Any]]
    result: dict
    board_tiles: int


def play_games(game: Any, finder: PlayFinder, games: int, seed: int, min_board: int,
               segments_per_turn: int, per_segment: int) -> tuple[dict[str, list[Sample]], dict]:
    """Seeded greedy games; returns the mid-game candidates by class and game statistics."""
    rng = random.Random(seed)
    pool: dict[str, list[Sample]] = {k: [] for k in CLASSES}
    stats = {"games": games, "moves": 0, "plays": 0, "exchanges": 0, "passes": 0,
             "previews": 0, "mid_game_boards": 0, "board_tiles": [], "max_height": [],
             "stacked_squares": [], "final_scores": [], "seconds": 0.0}
    start = time.perf_counter()
    for g in range(games):
        state = game.new(["P0", "P1"], {"words": "auto", "first": "random"},
                         seed=seed * 1000 + g)
        while state.phase == "play" and state.moves < 200:
            seat = state.turn
            board, rack = state.board, state.racks[seat]
            tiles_on_board = sum(len(s) for s in board)
            mid = tiles_on_board >= min_board and len(state.bag) > 0
            segs = finder.segments(board)
            rng.shuffle(segs)
            legal: list[tuple[int, list[list[Any]]]] = []
            for cells in segs[:segments_per_turn]:
                for tiles in finder.candidates(board, rack, cells, per_segment, rng):
                    result = game.preview(state, seat, tiles)
                    stats["previews"] += 1
                    if result["error"] is None:
                        legal.append((result["score"], tiles))
                    if mid:
                        pool[classify(board, tiles, result)].append(
                            Sample(state, seat, tiles, result, tiles_on_board))
            if mid:
                stats["mid_game_boards"] += 1
                stats["board_tiles"].append(tiles_on_board)
                stats["max_height"].append(max(len(s) for s in board))
                stats["stacked_squares"].append(sum(len(s) > 1 for s in board))
            if legal:
                best = max(score for score, _ in legal)
                tiles = rng.choice([t for score, t in legal if score == best])
                state = game.apply(state, seat, {"type": "place", "tiles": tiles})
                stats["plays"] += 1
            elif state.bag and rack:
                state = game.apply(state, seat, {"type": "exchange", "tile": rng.choice(rack)})
                stats["exchanges"] += 1
            else:
                state = game.apply(state, seat, {"type": "pass"})
                stats["passes"] += 1
            stats["moves"] += 1
        stats["final_scores"].append(list(state.scores))
    stats["seconds"] = time.perf_counter() - start
    return pool, stats


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0.0
    k = math.ceil(q / 100 * len(sorted_values)) - 1
    return sorted_values[max(0, min(len(sorted_values) - 1, k))]


def time_calls(fn: Any, args: list[tuple], reps: int) -> tuple[list[float], int]:
    """Times each call alone; ``reps`` passes over ``args``. Returns microseconds and the
    number of calls that raised ``IllegalMove`` (refused plays given to ``apply``)."""
    from tablegames.engine import IllegalMove

    clock = time.perf_counter_ns
    out: list[float] = []
    refused = 0
    gc.collect()
    for _ in range(reps):
        for a in args:
            t0 = clock()
            try:
                fn(*a)
            except IllegalMove:
                refused += 1
            out.append((clock() - t0) / 1e3)
    return out, refused


def choose_plays(pool: dict[str, list[Sample]], plays: int, seed: int) -> dict[str, list[Sample]]:
    rng = random.Random(seed)
    return {k: (rng.sample(v, plays) if len(v) > plays else list(v)) for k, v in pool.items()}


def gc_runs() -> int:
    return sum(g["collections"] for g in gc.get_stats())


def measure_plays(game: Any, chosen: dict[str, list[Sample]],
                  reps: int) -> tuple[list[dict], list[dict]]:
    from tablegames.engine import IllegalMove

    described, rows = [], []
    for kind in CLASSES:
        samples = chosen[kind]
        if not samples:
            continue
        # sanity: apply agrees with preview (scores) or refuses with the same code
        for s in samples:
            move = {"type": "place", "tiles": s.tiles}
            if s.result["error"] is None:
                after = game.apply(s.state, s.seat, move)
                assert after.last["score"] == s.result["score"], (s.tiles, s.result)
            else:
                try:
                    game.apply(s.state, s.seat, move)
                except IllegalMove as exc:
                    assert exc.code == s.result["error"]["code"], (exc, s.result)
                else:
                    raise AssertionError(f"{s.tiles} should be refused")
        codes = Counter(s.result["error"]["code"] for s in samples if s.result["error"])
        described.append({
            "class": kind, "plays": len(samples),
            "boards": len({id(s.state) for s in samples}),
            "board_tiles": statistics.mean(s.board_tiles for s in samples),
            "tiles": statistics.mean(len(s.tiles) for s in samples),
            "words": statistics.mean(len(s.result["words"]) for s in samples),
            "score": statistics.mean(s.result["score"] for s in samples),
            "stacked_tiles": statistics.mean(
                sum(bool(s.state.board[r * SIZE + c]) for r, c, _ in s.tiles) for s in samples),
            "errors": dict(codes.most_common()),
        })
        modes = ("auto",) if kind == "refused" else ("auto", "challenge")
        for mode in modes:
            if mode == "auto":
                states = [s.state for s in samples]
            else:
                states = [dataclasses.replace(s.state, options={**s.state.options,
                                                                "words": "challenge"})
                          for s in samples]
            preview_args = [(st, s.seat, s.tiles) for st, s in zip(states, samples)]
            apply_args = [(st, s.seat, {"type": "place", "tiles": s.tiles})
                          for st, s in zip(states, samples)]
            for op, fn, args in (("preview", game.preview, preview_args),
                                 ("apply", game.apply, apply_args)):
                runs = gc_runs()
                us, refused = time_calls(fn, args, reps)
                us.sort()
                assert refused == (len(us) if kind == "refused" and op == "apply" else 0)
                runs = gc_runs() - runs
                rows.append({"class": kind, "op": op, "mode": mode, "plays": len(samples),
                             "calls": len(us), "median_us": statistics.median(us),
                             "p99_us": percentile(us, 99), "mean_us": statistics.fmean(us),
                             "min_us": us[0], "max_us": us[-1], "gc_runs": runs})
    return described, rows


# -- output ----------------------------------------------------------------------------------

def table(head: list[str], rows: list[list[str]], left: int = 1) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(head)]
    lines = []
    for line in [head, ["-" * w for w in widths], *rows]:
        lines.append("  ".join(c.ljust(w) if i < left else c.rjust(w)
                               for i, (c, w) in enumerate(zip(line, widths))))
    return "\n".join(lines)


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def print_report(report: dict) -> None:
    d = report["dictionary"]
    print(f"Upwords engine bench: python {report['python']} on {report['platform']} "
          f"({report['cpus']} CPUs, load average {report['loadavg'][0]:.2f} at the end), "
          f"seed {report['seed']}, {report['seconds']:.1f} s in all")
    print()
    print(f"Dictionary load: default_words() in a fresh interpreter, {d['runs']} runs "
          f"({d['words']:,} words; package import before it: {d['import_ms_median']:.0f} ms "
          "median, not counted)")
    print(table(["", "value"], [
        ["load time, median", f"{d['load_ms_median']:.1f} ms"],
        ["load time, min / max", f"{d['load_ms_min']:.1f} / {d['load_ms_max']:.1f} ms"],
        ["tracemalloc peak while loading", mb(d["trace_peak"])],
        ["tracemalloc retained after loading", mb(d["trace_retained"])],
        ["WordList structure (object, dicts, blobs)", mb(d["struct_bytes"])],
        ["  of which word blobs", mb(d["blob_bytes"])],
        ["RSS growth (VmRSS), median", mb(d["rss_delta_median"])],
        ["peak RSS growth (VmHWM), median", mb(d["peak_rss_delta_median"])],
        ["frozenset of the same str, for reference", mb(d["frozenset_bytes"])],
    ]))
    print()
    print(f"Look-ups: `word in words`, {report['lookup_seconds']:g} s per row "
          "(frozenset of the same words beside it)")
    print(table(["kind", "sample", "found", "lookups/s", "ns/lookup", "frozenset/s",
                 "frozenset ns"],
                [[r["kind"], f"{r['sample']:,}", f"{r['found']:.0%}", f"{r['per_s']:,.0f}",
                  f"{r['ns']:,.0f}", f"{r['frozenset_per_s']:,.0f}", f"{r['frozenset_ns']:,.0f}"]
                 for r in report["lookups"]]))
    print()
    b = report["boards"]
    print(f"Boards: {b['games']} seeded greedy 2-player games (words auto), {b['moves']} moves "
          f"({b['plays']} plays, {b['exchanges']} exchanges, {b['passes']} passes), "
          f"{b['previews']:,} candidate previews, {b['seconds']:.1f} s; "
          f"{b['mid_game_boards']} mid-game boards: {min(b['board_tiles'])}-"
          f"{max(b['board_tiles'])} tiles on the board (mean {statistics.mean(b['board_tiles']):.0f}), "
          f"up to {max(b['max_height'])} high, mean {statistics.mean(b['stacked_squares']):.1f} "
          f"stacked squares; final scores {b['final_scores']}")
    print(table(["class", "plays", "boards", "board tiles", "tiles", "on stacks", "words",
                 "score", "refusals"],
                [[r["class"], str(r["plays"]), str(r["boards"]), f"{r['board_tiles']:.0f}",
                  f"{r['tiles']:.1f}", f"{r['stacked_tiles']:.1f}", f"{r['words']:.1f}",
                  f"{r['score']:.1f}",
                  ", ".join(f"{k} {v}" for k, v in r["errors"].items()) or "-"]
                 for r in report["plays_described"]]))
    print()
    print(f"Validate + score a play: each call timed alone, {report['reps']} passes over the "
          "plays of each class (us)")
    print(table(["class", "op", "words", "calls", "median", "p99", "mean", "max", "calls/s",
                 "gc runs"],
                [[r["class"], r["op"], r["mode"], f"{r['calls']:,}", f"{r['median_us']:.1f}",
                  f"{r['p99_us']:.1f}", f"{r['mean_us']:.1f}", f"{r['max_us']:.0f}",
                  f"{1e6 / r['mean_us']:,.0f}", str(r["gc_runs"])]
                 for r in report["plays"]], left=3))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--load-runs", type=int, default=7,
                        help="fresh interpreters timing the dictionary load (default 7)")
    parser.add_argument("--lookup-seconds", type=float, default=0.5,
                        help="budget per look-up row (default 0.5)")
    parser.add_argument("--lookup-sample", type=int, default=20_000,
                        help="words per look-up sample (default 20000)")
    parser.add_argument("--games", type=int, default=3, help="seeded games for boards (default 3)")
    parser.add_argument("--min-board", type=int, default=12,
                        help="tiles on the board for a mid-game board (default 12)")
    parser.add_argument("--segments", type=int, default=40,
                        help="board segments tried per turn (default 40)")
    parser.add_argument("--per-segment", type=int, default=6,
                        help="candidate words previewed per segment (default 6)")
    parser.add_argument("--plays", type=int, default=150, help="plays per class (default 150)")
    parser.add_argument("--reps", type=int, default=30,
                        help="timed passes over the plays (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--child", choices=("time", "memory"), help=argparse.SUPPRESS)
    parser.add_argument("--movegen", nargs=argparse.REMAINDER, default=None,
                        help="run the move generator's bench instead (bench/upwords_movegen.py; "
                        "the arguments after it are its own)")
    args = parser.parse_args(argv)
    if args.movegen is not None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import upwords_movegen
        return upwords_movegen.main(args.movegen)
    if args.child:
        print(json.dumps(child_load(args.child)))
        return 0

    start = time.perf_counter()
    load = measure_load(args.load_runs)

    from tablegames.engine.upwords import Upwords, default_words

    words = default_words()
    game = Upwords()
    lookups = measure_lookups(words, args.lookup_seconds, args.lookup_sample, args.seed)
    pool, stats = play_games(game, PlayFinder(words), args.games, args.seed, args.min_board,
                             args.segments, args.per_segment)
    chosen = choose_plays(pool, args.plays, args.seed)
    del pool  # thousands of candidates: a large heap would slow the collector in the timed calls
    gc.collect()
    described, rows = measure_plays(game, chosen, args.reps)
    report = {"python": platform.python_version(), "cpus": os.cpu_count(),
              "loadavg": [round(x, 2) for x in os.getloadavg()],
              "platform": f"{platform.machine()} {platform.system()}",
              "seed": args.seed, "dictionary": load, "lookup_seconds": args.lookup_seconds,
              "lookups": lookups, "boards": stats, "plays_described": described,
              "reps": args.reps, "plays": rows, "seconds": time.perf_counter() - start}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
