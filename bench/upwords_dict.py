#!/usr/bin/env python3
"""Upwords dictionaries: load time and memory of every shipped list (language x size).

Run from the repository root, in the venv (``scripts/setup``):

    python bench/upwords_dict.py              # every list, 3 fresh processes each
    python bench/upwords_dict.py --runs 5 --json

For each list (``("en", "standard")``, ``("en", "large")``, ``("pt", "standard")``), in a
fresh interpreter each time (the lists are cached once per process): the time of
``default_words(language, size)`` and of ``plurals(language, size)`` (median of
``--runs``), the words and plurals counted, the file size on disk, the bytes of word data
kept (``WordList.nbytes``), RSS growth (``VmRSS``) and peak RSS growth (``VmHWM``) over
the load, and the tracemalloc peak and what stays allocated (a separate process, since
tracing slows the load), and the median time of a look-up (hits and misses).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTS = [("en", "standard"), ("en", "large"), ("pt", "standard")]


def _status(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    return 0


def child(language: str, size: str, mode: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from tablegames.engine.upwords import dictionary

    if mode == "trace":
        import tracemalloc

        tracemalloc.start()
        base, _ = tracemalloc.get_traced_memory()
        words = dictionary.default_words(language, size)
        plur = dictionary.plurals(language, size)
        current, peak = tracemalloc.get_traced_memory()
        return {"trace_peak": peak - base, "trace_retained": current - base,
                "nbytes": words.nbytes() + plur.nbytes()}
    rss0, hwm0 = _status("VmRSS"), _status("VmHWM")
    t0 = time.perf_counter()
    words = dictionary.default_words(language, size)
    t1 = time.perf_counter()
    plur = dictionary.plurals(language, size)
    t2 = time.perf_counter()
    rss1, hwm1 = _status("VmRSS"), _status("VmHWM")
    rng = random.Random(1)
    sample = rng.sample(list(words), 2000)
    misses = [w[:-1] + ("Q" if w[-1] != "Q" else "Z") for w in sample]
    t3 = time.perf_counter()
    for w in sample:
        assert w in words
    t4 = time.perf_counter()
    for w in misses:
        _ = w in words
    t5 = time.perf_counter()
    return {"words_s": t1 - t0, "plurals_s": t2 - t1, "words": len(words), "plurals": len(plur),
            "file_bytes": dictionary.words_path(language, size).stat().st_size
            + dictionary.plurals_path(language, size).stat().st_size,
            "rss_delta": rss1 - rss0, "peak_rss_delta": max(hwm1 - rss0, 0) if hwm1 > hwm0 else 0,
            "hit_us": (t4 - t3) / len(sample) * 1e6, "miss_us": (t5 - t4) / len(misses) * 1e6}


def run_child(language: str, size: str, mode: str) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", language, size, mode],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def measure(runs: int) -> list[dict]:
    rows = []
    for language, size in LISTS:
        timed = [run_child(language, size, "time") for _ in range(runs)]
        traced = run_child(language, size, "trace")
        med = {k: statistics.median(r[k] for r in timed)
               for k in ("words_s", "plurals_s", "rss_delta", "peak_rss_delta", "hit_us", "miss_us")}
        rows.append({"language": language, "size": size, "runs": runs,
                     "words": timed[0]["words"], "plurals": timed[0]["plurals"],
                     "file_bytes": timed[0]["file_bytes"], **med, **traced})
    return rows


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", nargs=3, metavar=("LANG", "SIZE", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(*args.child)))
        return 0
    rows = measure(args.runs)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"Upwords dictionaries: fresh process per load, median of {args.runs} runs")
    head = ["list", "words", "plurals", "files", "load words", "load plurals", "word data",
            "RSS +", "peak RSS +", "tracemalloc peak", "retained", "hit", "miss"]
    print(" | ".join(head))
    for r in rows:
        print(" | ".join([
            f"{r['language']} {r['size']}", f"{r['words']:,}", f"{r['plurals']:,}",
            mb(r["file_bytes"]), f"{r['words_s'] * 1e3:.0f} ms", f"{r['plurals_s'] * 1e3:.0f} ms",
            mb(r["nbytes"]), mb(r["rss_delta"]), mb(r["peak_rss_delta"]),
            mb(r["trace_peak"]), mb(r["trace_retained"]),
            f"{r['hit_us']:.1f} us", f"{r['miss_us']:.1f} us"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
