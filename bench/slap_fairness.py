#!/usr/bin/env python3
"""UeStop! slap races: how often the truly-first tapper wins, our arbitration beside naive
first-arrival, in one run.

Run from the repository root, in the venv (``scripts/setup``):

    python bench/slap_fairness.py                          # 10000 races, 2/4/8 players
    python bench/slap_fairness.py --races 50000 --players 4 --asym 0.2 --json
    python bench/slap_fairness.py --policy old             # the policy before issue 12

Each race simulates phones with their own clock and network, and drives the real code:

* **Phones.** Each phone's clock is off the server's by a random skew (default +-5 s) and
  runs at a slightly wrong rate (default +-50 ppm). Its base one-way latency is 10-300 ms
  (``--latency``), the same both ways unless ``--asym a`` draws the way down as the way up
  times U(1-a, 1+a). Every message adds jitter: exponential (or ``--jitter-dist
  lognormal``) with a per-phone mean of 2-30 ms (``--jitter``); ``--spikes p`` adds a
  50-300 ms stall (radio wake-up, retransmission) to a share p of messages.
* **Clock estimate** (``tablegames/engine/uestop/clock.py``). Before the race each phone
  has pinged as the app does (``pages/uestop_phone.CLOCK_JS``): 10 pings 300 ms apart,
  then one every 2 s, for a random time (0-40 periodic pings), until just before the
  reveal. A ping is stamped by the phone when sent, by the server when it arrives, and by
  the phone when the answer comes back; the server's time spent answering (exponential,
  mean ``--server-ms``) is not reported, as in ``state/uestop.py``, so it counts as the
  way down. The last ping's answer is not reported yet (it rides on the next ping). The
  samples go through ``clock.estimate(samples, max_samples=40)``, as ``state/uestop.py``
  calls it.
* **The race.** The opener's ``reveal`` at server time ``now`` sets ``reveal_time``; every
  player taps at true time ``reveal_time + reaction`` (reaction ~ N(400, 100) ms, at least
  150 ms): the card is assumed to show on every phone at the same true moment, so the
  truly-first tapper is the one with the earliest true tap. A tap's phone-clock time is
  converted with that phone's estimate (``est.to_server``) and arrives at true tap time +
  one way up. The taps are applied in order of arrival as ``{"type": "slap", "t": ...}``
  with ``now`` = arrival; a tap arriving after the window is not sent (the server's
  ``settle`` at the deadline came first: it would have counted as late anyway); then
  ``settle`` at the deadline. The winner is read from the engine's view
  (``race.winner``). Same game and options as the app: the engine's defaults
  (``slap_window_ms``, ``max_latency_ms``, ``reveal_delay_ms``), a stacked deck.
* **Policy** (``--policy``). ``new`` (the app's): each slap carries the phone's measured
  ping delays (``clock.ping_delays``, as ``games/uestop/state.py`` sends them) and the
  engine's ``race.judge`` believes a claimed time only inside them and after the human
  reaction floor (``min_reaction_ms``), else judges the tap at its arrival and flags it;
  over a game, a phone whose claimed delays keep ranking high among its pings' delays
  (``race.suspicion``) has its taps judged at their arrival until they look like its pings
  again. ``old`` (before issue 12): any claimed time from the reveal on, clamped to
  ``max_latency_ms`` (1.5 s) before its arrival.
* **Touch.** A tap leaves the phone U(0, ``--touch-ms``) after the touch (the page handling
  it); the phone stamps it as it sends it, as it stamps its pings, so the truly-first tapper
  (by touch) can lose a race by that much.
* **Cheaters** (``--duels``): games of ``--game-races`` two-player races (default 20) between
  a cheating phone and an honest one, both drawn alike (network, clock, reaction ~ N(400,
  100) ms), under both policies in the same run; an honest pair wins half. ``forge``: the
  issue's attack, a tap claiming the reveal + 1 ms. ``forge-max``: claims the earliest time
  the race credits from it (its typical delay before the arrival, which it can compute as
  the server does, knowing the arrival). ``forge-30``: claims its tap 30 ms earlier than
  it was. ``inflate-race``: slows its last 3 pings before each race by ``--inflate-ms``
  (stamps their sending earlier), then claims like ``forge-max``. ``inflate-all``: slows
  every ping so, for the whole game. ``mimic``: slows every ping and claims delays drawn
  from its own slowed pings (so they rank like an honest phone's): a phone pretending to be
  on a slower network than it is, all game long.
* **Naive first-arrival**: the tap that arrives first wins (what the engine does for taps
  without ``t``).
* **Diagnostics**: ``ours, exact clocks`` runs the same engine with each tap's true time
  as ``t`` (only the window can then go wrong); ``--windows`` adds rows for longer
  windows (same races, same taps). Our misses at gaps of 30 ms and more are split into
  *late* (the first tapper's tap arrived after the window closed), *clock* (it was in the
  window, but an estimate error put a later tap first), *refused* (engine refusal, e.g.
  ``slap_too_early``). ``window needed`` is how long after the first arrival the truly
  first tap arrived.

The gap is the true time between the two fastest taps of the race.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

BUCKETS = ((0, 10), (10, 20), (20, 30), (30, 50), (50, 100), (100, 200), (200, math.inf))
TARGET_GAP_MS = 30  # the claim: taps at least this far apart go to the truly-first tapper
TARGET_SHARE = 0.99
KEEP_SAMPLES = 40  # tablegames/state/uestop.py: the estimate uses the last 40 ping samples
QUICK_PINGS, QUICK_EVERY, PING_EVERY = 10, 0.3, 2.0  # pages/uestop_phone.CLOCK_JS
REVEAL_AT = 1_700_000_000.0  # server time of the opener's reveal (any epoch-like value)
STACK = {"category": "red-01", "deck": ["blue-01"]}
POLICIES = ("new", "old")
CHEATS = ("honest", "forge", "forge-max", "forge-30", "inflate-race", "inflate-all", "mimic")
INFLATERS = frozenset({"inflate-race", "inflate-all", "mimic"})
INFLATED_LAST = 3  # inflate-race: the pings slowed just before the race


class Net:
    """Draws one-way delays (seconds) for the phones' messages."""

    def __init__(self, rng: random.Random, dist: str, spikes: float) -> None:
        self.rng, self.dist, self.spikes = rng, dist, spikes

    def delay(self, base: float, jitter: float) -> float:
        rng = self.rng
        if self.dist == "lognormal":  # mean `jitter`, sigma 1 (a long tail)
            extra = rng.lognormvariate(math.log(jitter) - 0.5, 1.0)
        else:
            extra = rng.expovariate(1.0 / jitter)
        if self.spikes and rng.random() < self.spikes:
            extra += rng.uniform(0.05, 0.3)
        return base + extra


def make_phone(rng: random.Random, args: argparse.Namespace) -> dict:
    lo, hi = args.latency
    up = rng.uniform(lo, hi) / 1000
    down = up * rng.uniform(1 - args.asym, 1 + args.asym) if args.asym else up
    return {
        "skew": rng.uniform(-args.skew, args.skew),  # phone clock minus server clock (s)
        "drift": rng.uniform(-args.drift_ppm, args.drift_ppm) * 1e-6,
        "up": up, "down": down,
        "jit_up": rng.uniform(2, args.jitter) / 1000,
        "jit_down": rng.uniform(2, args.jitter) / 1000,
    }


def touch(rng: random.Random, args: argparse.Namespace) -> float:
    """The time from a touch to its message leaving the phone (the page's event handling),
    seconds. The phone stamps a tap as it sends it, as it stamps its pings, so that its
    tap's delay to the server is one more draw from its pings' delays."""
    return rng.uniform(0, args.touch_ms / 1000) if args.touch_ms else 0.0


def phone_clock(phone: dict, server_time: float) -> float:
    """The phone's clock reading at a true (server) time."""
    return server_time + phone["skew"] + phone["drift"] * (server_time - REVEAL_AT)


def ping_history(rng: random.Random, net: Net, phone: dict, args: argparse.Namespace,
                 inflate: float = 0.0, inflate_last: int | None = None) -> list:
    """The ping samples the phone has reported when the card is revealed. ``inflate`` (s):
    a cheater stamps the sending of its last ``inflate_last`` pings (None: all) that much
    earlier, so that they look that much slower."""
    count = QUICK_PINGS + rng.randint(0, args.periodic)
    gaps = [QUICK_EVERY if k < QUICK_PINGS else PING_EVERY for k in range(1, count)]
    send = REVEAL_AT - rng.uniform(0.2, PING_EVERY) - sum(gaps)  # the last ping just before
    samples = []
    for k in range(count - 1):  # the last answer is reported with the next ping: not yet
        at_server = send + net.delay(phone["up"], phone["jit_up"])
        back = (at_server + rng.expovariate(1000 / args.server_ms)
                + net.delay(phone["down"], phone["jit_down"]))
        samples.append((phone_clock(phone, send), at_server, phone_clock(phone, back)))
        send += gaps[k]
    if inflate:
        first = 0 if inflate_last is None else max(0, len(samples) - inflate_last)
        samples = [(s[0] - inflate, s[1], s[2]) if i >= first else s for i, s in enumerate(samples)]
    return samples


def options_for(policy: str, window: int) -> dict:
    """The table options of a policy (``old``: no reaction floor, as before issue 12)."""
    return {"stack": STACK, "first": 0, "slap_window_ms": window,
            **({"min_reaction_ms": 0} if policy == "old" else {})}


def slap_move(tap: dict, t_key: str, policy: str) -> dict:
    """A tap's slap as the room applies it under ``policy``."""
    move = {"type": "slap", "t": tap[t_key]}
    if policy == "new" and tap.get("delays"):
        move["delays"] = tap["delays"]
    return move


def run_engine(game, reading, taps: list, t_key: str, policy: str = "new"):
    """Reveal, the taps in order of arrival (those before the deadline), settle.
    Returns (winner seat or None, deadline, refused seats, the state after the race)."""
    from tablegames.engine import IllegalMove

    state = game.apply(reading, 0, {"type": "reveal"}, now=REVEAL_AT)
    refused = []
    for tap in taps:
        if state.deadline is not None and tap["arrival"] > state.deadline:
            break  # the server's settle at the deadline comes first
        try:
            state = game.apply(state, tap["seat"], slap_move(tap, t_key, policy),
                               now=tap["arrival"])
        except IllegalMove as err:
            refused.append((tap["seat"], err.code))
    if state.phase == "race" and state.taps:
        state = game.apply(state, None, {"type": "settle"}, now=state.deadline)
    race = game.view(state, None)["race"]
    refused += [(tap["seat"], "flagged") for tap in race["taps"] if tap.get("flagged")]
    return race["winner"], state.deadline, refused, state


def simulate(args: argparse.Namespace) -> dict:
    from tablegames.engine import get_game
    from tablegames.engine.uestop.clock import estimate, ping_delays
    from tablegames.engine.uestop.state import DEFAULTS

    game = get_game("uestop")
    default_window = DEFAULTS["slap_window_ms"]
    windows = [default_window] + [w for w in args.windows if w != default_window]
    readings = {(n, w): game.new([f"P{i}" for i in range(n)], options_for(args.policy, w), seed=n)
                for n in args.players for w in windows}
    other = "old" if args.policy == "new" else "new"  # the other policy, same races: a column
    others = {n: game.new([f"P{i}" for i in range(n)], options_for(other, default_window), seed=n)
              for n in args.players}
    reveal_delay = DEFAULTS["reveal_delay_ms"] / 1000

    rng = random.Random(args.seed)
    net = Net(rng, args.jitter_dist, args.spikes)
    races, est_errors, bounds = [], [], []
    for _ in range(args.races):
        n = rng.choice(args.players)
        taps = []
        for seat in range(n):
            phone = make_phone(rng, args)
            samples = ping_history(rng, net, phone, args)
            est = estimate(samples, max_samples=KEEP_SAMPLES)
            delays = ping_delays(samples, est, max_samples=KEEP_SAMPLES)
            true_tap = REVEAL_AT + reveal_delay + max(0.15, rng.gauss(0.4, 0.1))
            sent = true_tap + touch(rng, args)  # the phone stamps its tap as it sends it
            t = est.to_server(phone_clock(phone, sent))
            est_errors.append((t - true_tap) * 1000)
            bounds.append(est.error * 1000)
            taps.append({"seat": seat, "true": true_tap, "t": t,
                         "delays": [d * 1000 for d in delays],
                         "arrival": sent + net.delay(phone["up"], phone["jit_up"])})
        taps.sort(key=lambda tap: (tap["arrival"], tap["seat"]))
        by_true = sorted(taps, key=lambda tap: tap["true"])
        first = by_true[0]
        result = {"players": n, "gap": (by_true[1]["true"] - first["true"]) * 1000,
                  "naive": taps[0]["seat"] == first["seat"],
                  "needed": (first["arrival"] - taps[0]["arrival"]) * 1000}
        for w in windows:
            winner, deadline, refused, _ = run_engine(game, readings[(n, w)], taps, "t", args.policy)
            result[w] = winner == first["seat"]
            if w == default_window and winner != first["seat"]:
                if any(seat == first["seat"] and code != "flagged" for seat, code in refused):
                    result["cause"] = "refused"
                elif first["arrival"] > deadline:
                    result["cause"] = "late"
                else:
                    result["cause"] = "clock"
                result["refusals"] = [code for _, code in refused if code != "flagged"]
                result["flagged_miss"] = any(seat == first["seat"] for seat, code in refused
                                             if code == "flagged")
            if w == default_window:
                result["flagged"] = sum(code == "flagged" for _, code in refused)
        winner, _, _, _ = run_engine(game, readings[(n, default_window)], taps, "true", args.policy)
        result["exact"] = winner == first["seat"]
        winner, _, _, _ = run_engine(game, others[n], taps, "t", other)
        result["other"] = winner == first["seat"]
        races.append(result)
    return {"races": races, "windows": windows, "default_window": default_window,
            "est_errors": est_errors, "bounds": bounds}


def claim(cheat: str, policy: str, tap: dict, delays: list[float], reveal_time: float,
          floor: float, rng: random.Random) -> float:
    """The tap time a cheating phone claims (server clock, s) under ``policy``."""
    from tablegames.engine.uestop.clock import delay_bounds

    if policy == "old" or cheat == "forge":
        return reveal_time + 0.001
    if cheat == "forge-30":
        return tap["t"] - 0.030
    if cheat == "mimic":  # a delay drawn from its own (slowed) pings: ranks like an honest tap
        return tap["arrival"] - rng.choice(delays)
    typical, _ = delay_bounds(delays)  # forge-max and the inflaters: the earliest time credited
    return max(reveal_time + floor + 1e-6, tap["arrival"] - typical)


def duels(args: argparse.Namespace) -> dict:
    """Cheater against honest phone: games of ``--game-races`` two-player races between the
    same two phones, every cheat under both policies, the same draws for all. Returns
    ``{policy: {cheat: share of races the cheater won}}`` and, under the app's policy, the
    share of games in which each phone's taps stopped being believed."""
    from dataclasses import replace

    from tablegames.engine import get_game
    from tablegames.engine.uestop.clock import estimate, ping_delays
    from tablegames.engine.uestop.state import DEFAULTS

    game = get_game("uestop")
    window = DEFAULTS["slap_window_ms"]
    readings = {p: game.new(["Cheat", "Honest"], options_for(p, window), seed=2) for p in POLICIES}
    reveal_time = REVEAL_AT + DEFAULTS["reveal_delay_ms"] / 1000
    floor = DEFAULTS["min_reaction_ms"] / 1000
    inflate = args.inflate_ms / 1000
    per_game = max(1, args.game_races)
    games = max(1, args.duels // per_game)
    wins = {p: dict.fromkeys(CHEATS, 0) for p in POLICIES}
    distrusted = {c: [0, 0] for c in CHEATS}  # games in which seat 0 / seat 1 lost its trust
    for g in range(games):
        draw = random.Random(args.seed * 7_919 + g)
        phones = [make_phone(draw, args) for _ in range(2)]
        state = draw.getstate()
        for cheat in CHEATS:
            rng = random.Random()
            rng.setstate(state)  # the same networks, pings and reactions for every cheat
            net = Net(rng, args.jitter_dist, args.spikes)
            trust = {p: ((), ()) for p in POLICIES}  # (suspicion, untrusted) carried race to race
            for _ in range(per_game):
                taps = []
                for seat, phone in enumerate(phones):
                    cheater = seat == 0 and cheat != "honest"
                    slowed = cheater and cheat in INFLATERS
                    samples = ping_history(rng, net, phone, args, inflate if slowed else 0.0,
                                           INFLATED_LAST if cheat == "inflate-race" else None)
                    est = estimate(samples, max_samples=KEEP_SAMPLES)
                    delays = ping_delays(samples, est, max_samples=KEEP_SAMPLES)
                    true_tap = reveal_time + max(0.15, rng.gauss(0.4, 0.1))
                    sent = true_tap + touch(rng, args)  # stamped as it is sent
                    tap = {"seat": seat, "true": true_tap,
                           "arrival": sent + net.delay(phone["up"], phone["jit_up"]),
                           "t": est.to_server(phone_clock(phone, sent)),
                           "delays": [d * 1000 for d in delays]}
                    if cheater:
                        pick = random.Random(rng.random())  # the mimic's own draws: the same for both policies
                        tap["claims"] = {p: claim(cheat, p, tap, delays, reveal_time, floor, pick)
                                         for p in POLICIES}
                    taps.append(tap)
                taps.sort(key=lambda tap: (tap["arrival"], tap["seat"]))
                for policy in POLICIES:
                    for tap in taps:
                        if "claims" in tap:
                            tap["t"] = tap["claims"][policy]
                    suspicion, untrusted = trust[policy]
                    reading = replace(readings[policy], suspicion=suspicion, untrusted=untrusted)
                    winner, _, _, final = run_engine(game, reading, taps, "t", policy)
                    trust[policy] = (final.suspicion, final.untrusted)
                    wins[policy][cheat] += winner == 0
            for seat in trust["new"][1]:
                distrusted[cheat][seat] += 1
    races = games * per_game
    return {"wins": {p: {c: wins[p][c] / races for c in CHEATS} for p in POLICIES},
            "distrusted": {c: [n / games for n in distrusted[c]] for c in CHEATS},
            "games": games, "per_game": per_game}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def summarize(sim: dict, args: argparse.Namespace) -> dict:
    races, windows, w0 = sim["races"], sim["windows"], sim["default_window"]
    columns = [str(w) for w in windows] + ["exact", "other", "naive"]

    def shares(subset: list[dict]) -> dict:
        out = {"races": len(subset)}
        for col in columns:
            key = int(col) if col.isdigit() else col
            out[col] = sum(r[key] for r in subset) / len(subset) if subset else None
        return out

    buckets = {}
    for lo, hi in BUCKETS:
        label = f"{lo}-{hi}" if hi != math.inf else f"{lo}+"
        buckets[label] = shares([r for r in races if lo <= r["gap"] < hi])
    far = [r for r in races if r["gap"] >= TARGET_GAP_MS]
    misses = [r for r in far if not r[w0]]
    causes = {c: sum(r.get("cause") == c for r in misses) for c in ("late", "clock", "refused")}
    causes["flagged"] = sum(bool(r.get("flagged_miss")) for r in misses)
    taps = sum(r["players"] for r in races)
    errors = [abs(e) for e in sim["est_errors"]]
    return {
        "columns": columns,
        "buckets": buckets,
        "at_least_30": shares(far),
        "all": shares(races),
        "by_players": {n: shares([r for r in far if r["players"] == n]) for n in args.players},
        "misses_at_least_30": {"count": len(misses), **causes},
        "refusal_codes": sorted({c for r in races for c in r.get("refusals", ())}),
        "estimate_error_ms": {"p50": pct(errors, 0.5), "p90": pct(errors, 0.9),
                              "p99": pct(errors, 0.99), "max": max(errors)},
        "error_bound_ms": {"p50": pct(sim["bounds"], 0.5), "p99": pct(sim["bounds"], 0.99)},
        "window_needed_ms": {q: pct([r["needed"] for r in races], v)
                             for q, v in (("p90", 0.9), ("p99", 0.99), ("p99.9", 0.999))}
                            | {"max": max(r["needed"] for r in races)},
        "window_ms": w0,
        "flagged_taps": sum(r.get("flagged", 0) for r in races) / taps if taps else 0.0,
        "target_met": (shares(far)[str(w0)] or 0) >= TARGET_SHARE,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__)
    parser.add_argument("--races", type=int, default=10000, help="races (default 10000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,4,8",
                        help="player counts, one drawn per race (default 2,4,8)")
    parser.add_argument("--windows", default="500,1000",
                        help="extra slap_window_ms values to compare (default 500,1000; '' none)")
    parser.add_argument("--latency", default="10,300", help="base one-way latency range, ms")
    parser.add_argument("--asym", type=float, default=0.0,
                        help="way down = way up x U(1-a, 1+a) (default 0: symmetric)")
    parser.add_argument("--jitter", type=float, default=30.0,
                        help="per-phone mean jitter drawn from 2..J ms (default 30)")
    parser.add_argument("--jitter-dist", choices=("exp", "lognormal"), default="exp")
    parser.add_argument("--spikes", type=float, default=0.0,
                        help="share of messages delayed 50-300 ms more (default 0)")
    parser.add_argument("--touch-ms", type=float, default=16.0,
                        help="a tap leaves the phone U(0, T) ms after the touch (default 16: a frame)")
    parser.add_argument("--skew", type=float, default=5.0, help="clock skew range +-s (default 5)")
    parser.add_argument("--drift-ppm", type=float, default=50.0, help="clock rate error +-ppm")
    parser.add_argument("--periodic", type=int, default=40,
                        help="periodic pings after the 10 quick ones: 0..P (default 40)")
    parser.add_argument("--server-ms", type=float, default=2.0,
                        help="mean unreported server time answering a ping (default 2 ms)")
    parser.add_argument("--policy", choices=POLICIES, default="new",
                        help="how claimed tap times are judged (default new; old: before issue 12)")
    parser.add_argument("--duels", type=int, default=4000,
                        help="cheater-vs-honest races per cheat, both policies (default 4000; 0 none)")
    parser.add_argument("--game-races", type=int, default=20,
                        help="races per game of a duel: trust is carried race to race (default 20)")
    parser.add_argument("--inflate-ms", type=float, default=400.0,
                        help="how much slower an inflating cheater makes its pings (default 400)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    args.players = [int(n) for n in args.players.split(",")]
    args.windows = [int(w) for w in args.windows.split(",") if w.strip()]
    args.latency = tuple(float(x) for x in args.latency.split(","))

    start = time.perf_counter()
    sim = simulate(args)
    out = summarize(sim, args)
    if args.duels:
        out["duels"] = duels(args)
    seconds = time.perf_counter() - start
    model = (f"skew +-{args.skew:g} s, drift +-{args.drift_ppm:g} ppm, one-way latency "
             f"{args.latency[0]:g}-{args.latency[1]:g} ms (asym {args.asym:g}), jitter "
             f"{args.jitter_dist} mean 2-{args.jitter:g} ms, spikes {args.spikes:g}, "
             f"pings 10 quick + 0-{args.periodic} periodic, server {args.server_ms:g} ms")
    if args.json:
        print(json.dumps({"races": args.races, "seed": args.seed, "players": args.players,
                          "model": model, "seconds": seconds, **out}, indent=2, default=str))
        return 0

    w0 = out["window_ms"]
    print(f"UeStop! slap races: {args.races} races, players {'/'.join(map(str, args.players))}, "
          f"seed {args.seed}, policy {args.policy}, python {platform.python_version()}, {seconds:.1f} s")
    print(f"model: {model}")
    print(f"window used: slap_window_ms = {w0} ms (engine default); share of races won by "
          f"the truly-first tapper, by the true gap between the two fastest taps:")
    names = {str(w0): f"ours {w0}ms"} | {c: f"ours {c}ms" for c in out["columns"] if c.isdigit()}
    names |= {"exact": f"exact clk {w0}ms", "naive": "naive 1st-arrival",
              "other": f"{'old' if args.policy == 'new' else 'new'} policy {w0}ms"}
    head = ["gap ms", "races"] + [names[c] for c in out["columns"]]
    rows = []
    for label, cell in [*out["buckets"].items(), (f">={TARGET_GAP_MS}", out["at_least_30"]),
                        ("all", out["all"])]:
        rows.append([label, str(cell["races"])] + [
            f"{cell[c] * 100:.2f}%" if cell[c] is not None else "-" for c in out["columns"]])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
    for i, line in enumerate([head, ["-" * w for w in widths], *rows]):
        if i == 2 + len(BUCKETS):
            print("  ".join("-" * w for w in widths))
        print("  ".join(c.rjust(w) for c, w in zip(line, widths)))
    far = out["at_least_30"]
    print(f"taps >= {TARGET_GAP_MS} ms apart: ours {far[str(w0)] * 100:.2f}% "
          f"(target {TARGET_SHARE * 100:.0f}%: {'met' if out['target_met'] else 'NOT met'}), "
          f"{names['other']} {far['other'] * 100:.2f}%, naive {far['naive'] * 100:.2f}%")
    print("  by players: " + ", ".join(
        f"{n}p ours {c[str(w0)] * 100:.2f}% naive {c['naive'] * 100:.2f}% ({c['races']})"
        for n, c in out["by_players"].items() if c["races"]))
    m = out["misses_at_least_30"]
    print(f"  our misses at >= {TARGET_GAP_MS} ms: {m['count']} = late (first tap arrived after "
          f"the window) {m['late']}, clock (estimate error) {m['clock']}, refused {m['refused']}"
          + (f" {out['refusal_codes']}" if out["refusal_codes"] else "")
          + f"; of them the first tap judged at arrival (flagged) {m['flagged']}")
    print(f"  honest taps judged at arrival (flagged): {out['flagged_taps'] * 100:.2f}%")
    e, b, need = out["estimate_error_ms"], out["error_bound_ms"], out["window_needed_ms"]
    print(f"clock estimate error |t - true tap| ms: p50 {e['p50']:.1f}, p90 {e['p90']:.1f}, "
          f"p99 {e['p99']:.1f}, max {e['max']:.1f} (estimate's own bound: p50 {b['p50']:.1f}, "
          f"p99 {b['p99']:.1f})")
    print("window needed (first tapper's arrival after the first arrival) ms: "
          + ", ".join(f"{k} {v:.0f}" for k, v in need.items()))
    if args.duels:
        d = out["duels"]
        print(f"cheater vs honest phone of the same speed, {d['games']} games of {d['per_game']} "
              f"two-player races per cheat (inflate {args.inflate_ms:g} ms): share of races won by "
              f"the cheater (honest pair: ~50%)")
        print("  " + "policy".ljust(8) + "".join(c.rjust(14) for c in CHEATS))
        for policy, row in d["wins"].items():
            print("  " + policy.ljust(8) + "".join(f"{row[c] * 100:13.1f}%" for c in CHEATS))
        print("  " + "games in which the cheater's / the honest phone's taps stopped being believed (new):")
        print("  " + "".ljust(8) + "".join(
            f"{d['distrusted'][c][0] * 100:5.1f}% /{d['distrusted'][c][1] * 100:5.1f}%".rjust(14)
            for c in CHEATS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
