#!/usr/bin/env python3
"""Load test: simulated phones and tables playing UNO over the app's real websocket protocol.

Run from the repository root, in the venv (``scripts/setup``; needs redis-server and
PostgreSQL from Debian for the scaled setup: ``scripts/start-scaled`` or ``scripts/test``
install them):

    python bench/load.py                          # both setups, 100 rooms human pace + burst
    python bench/load.py --setups single --rooms 10,30,100 --duration 30
    python bench/load.py --url http://127.0.0.1:3000 --database-url postgresql+psycopg://...
    python bench/load.py --setups single --rooms 10,100,300 --duration 30 --warmup 10 --pace both \
        --burst-duration 20 --peers floor,bgio   # ours, the floor and boardgame.io side by side
    python bench/load.py --setups single --rooms 100 --duration 30 --pace human --peers floor \
        --repeat 5                               # the CPU ratio at 100 rooms as the median of 5
    python bench/load.py --help

Setups, measured in one run, each started and stopped by this script on free loopback ports
(``reflex run --env prod --backend-only``, no front end: the devices are simulated):

* ``single``: one backend worker, SQLite, the memory state manager (rxconfig.py): what
  ``scripts/start`` serves;
* ``scaled``: ``--workers`` granian workers behind one port (the kernel spreads the
  connections, so the devices of one room land on different workers), Reflex's Redis state
  manager on a redis-server of our own, PostgreSQL: what ``scripts/start-scaled`` serves.

Each room: rooms are created through ``tablegames.rooms.service`` (a random deal); a table
device (``/table/CODE?host=...``, the host link) and ``--players`` phones (``/play/CODE``)
connect to ``/_event`` like the browser (Engine.IO 4 over a websocket, the hydrate in the
socket.io CONNECT packet: Reflex runs the page's on_load handlers with it), every phone
joins with a name through the join form handler, and the table starts the game with the
host handler. Then the phone whose turn it is waits a think time (human pace: uniform in
``--think``, default 1-3 s; burst: none) and sends ``Screen.move`` with the version it saw
(``seen_version``). The table deals the next hand (``host next_hand``) when one is over,
and sends the heartbeat a real table sends every 5 s (phones send theirs every 5 minutes);
every page also reports who is connected (``SeatAdmin.watch_host``, every
``hosting.report_every_s()``: 30 s), as a real one does.

For every move: the time from sending it until EVERY other device of the room (the table
and the other phones) received a screen with the new version (p50/p95/p99/max), the
mover's own acknowledgement, refusals, time-outs and lost sockets; server CPU (per process
group: backend workers, redis, postgres) and memory (PSS; per room = growth over the idle
server / rooms). Client and server share the machine's cores: the figures include the
simulated devices' own CPU competing with the server (the client's CPU is printed too).

Peers, measured in the same run with the same clients, room loop, think times and
measurements (``--peers floor,bgio``, the default; ``bench/peers/peers.py``):

* ``floor``: a bare python-socketio server on granian (1 worker, granian's defaults as
  Reflex's) that keeps one version per room and relays one frame per move to every device of
  the room (``bench/peers/floor.py``). Its frames are padded to our median move frame
  measured in this run's first phase of ours (``--frame-bytes`` sets it): the floor for Python;
* ``bgio``: a boardgame.io 0.50.2 server (Node, its socket.io transport, in-memory storage)
  running a small card game with a player view that hides the other hands
  (``bench/peers/boardgame.io/server.js``; its public state padded so a frame is about ours).
  Install its packages from the lock once: ``bench/peers/setup`` (= ``npm ci --prefix
  bench/peers/boardgame.io``); without them the bench says so and goes on without it.

The peers' clients are Python, in this same process, on the same raw websocket client as
ours (Engine.IO 4 / socket.io text frames, each frame JSON-decoded): the fairest and simplest
choice, since then only the server differs. A boardgame.io device speaks its own socket.io
protocol (``sync`` then ``update`` actions with the state id it saw; the table is a
spectator); a floor device sends ``join``/``move``/``heartbeat``. The peers have no lobby:
rooms exist once their devices connect (seating is not measured). boardgame.io has no
heartbeat event, so its tables send none; the floor receives the tables' heartbeats and
answers none (ours answers one only when what the table shows changed), and no page of a
peer sends ours' host reports. Each load is played by every setup and peer in turn (10 rooms
by ours, the floor and boardgame.io, then 100 rooms by each, ..., then the burst), each
server up from its first phase to the end of the run: a ratio compares minutes next to each
other, as this machine's speed drifts within an hour by more than the changes it measures
(the servers waiting their turn idle meanwhile; the bench prints what the processes outside
the phase used). At the end the bench prints one table, setups and peers side by side per load
(p50/p95/p99 from a move to every other device, server CPU per move = the server's process
CPU over the measured window / moves, burst moves/s), the ratios ours / floor and
ours / boardgame.io, and the targets of issue 18 as PASS/MISS lines (printed, never asserted).
One run's ratio of CPU a move spans about a third of its value on this machine (1.8-2.6x at
100 rooms for one build: ``docs/scaling.md``, twenty-seventh round), so ``--repeat N`` plays
each load N times in a row, every server in turn each time, and the targets read the median
of the repeats (a ratio: the median of each repeat's own ratio).

Each server's files (its SQLite database, its log) are in a temporary folder of their own,
removed after the run; ``--keep-files`` keeps them, and a server that could not start keeps
its own (the message names its log).

Bounded: every phase has a time limit, every wait a time-out; only 127.0.0.1 is contacted
(``--url`` must be a loopback address).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlsplit

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from bench.peers import peers
from tablegames.state import upkeep
from tablegames.rooms.hosting import report_every_s
from tests.scale import services
from tests.scale.client import Device

ARTIFACTS = REPO_ROOT / "artifacts"
MOVE_TIMEOUT = 10.0  # a move nobody hears of within this time counts as a time-out
SEAT_LIMIT = 240.0  # seconds to seat all rooms of a phase; rooms not seated by then are skipped
HEARTBEAT = 5.0  # the table page's heartbeat interval (rx.moment interval=5000)
PHONE_KEEPALIVE = upkeep.keepalive_ms() / 1000  # the phone page's (default expiry: 5 min)
WATCH_HOST = report_every_s()  # every page's report of who is connected (the host moves on)
NAMES = ("Ana", "Bia", "Cid", "Duda", "Eli", "Fabi", "Gil", "Hugo", "Iara", "Juca")


# ---------------------------------------------------------------------------- players


def choose_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What a simple player does on its turn, from its own view only."""
    can = view.get("can") or []
    hand = view.get("hand") or []
    if "accept" in can:  # a Wild Draw Four against us: no challenge
        return {"type": "accept"}
    def colour(played: str = "") -> str:
        colours = Counter(c[0] for c in hand if not c.startswith("W") and c != played)
        return colours.most_common(1)[0][0] if colours else rng.choice("rygb")

    def next_seat() -> int:
        return (view.get("seat", 0) + 1) % len(view.get("players") or [1, 1])

    if "choose_color" in can:  # a wild card turned up at the start: its first player names the colour
        move: dict[str, Any] = {"type": "choose_color", "color": colour()}
        if (view.get("pending") or {}).get("swap"):
            move["target"] = next_seat()
        return move
    playable = view.get("playable") or []
    if "play" in can and playable:
        card = rng.choice(playable)
        move = {"type": "play", "card": card}
        if card.startswith("W"):
            move["color"] = colour(card)
            if card == "WS":
                move["target"] = next_seat()
        return move
    if "draw" in can:
        return {"type": "draw"}
    if "pass" in can:
        return {"type": "pass"}
    return None


@dataclass
class Stats:
    """What one phase measured."""

    latencies: list[float] = field(default_factory=list)  # per move: all others received
    receipts: list[float] = field(default_factory=list)  # per move and other device
    acks: list[float] = field(default_factory=list)  # per move: the mover's own screen
    refused: Counter = field(default_factory=Counter)
    timeouts: int = 0
    lost_sockets: int = 0
    host_actions: int = 0
    moves: int = 0
    frames: int = 0
    bytes: int = 0
    move_frames: list[int] = field(default_factory=list)  # sizes of frames that brought a new version


@dataclass
class Room:
    code: str
    host: str
    table: Device
    phones: list[Device]

    @property
    def devices(self) -> list[Device]:
        return [self.table, *self.phones]


class BenchDevice(Device):
    """``Device`` that also keeps the size of each frame that brought it a new screen version
    (a move's frame, as opposed to the hydrate, heartbeat answers and other deltas)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.move_frames: list[int] = []
        self._bytes_seen = 0

    def _on_event(self, packet: list[Any], now: float) -> None:
        size, self._bytes_seen = self.bytes - self._bytes_seen, self.bytes
        before = self.version
        super()._on_event(packet, now)
        if self.version > before >= 0:
            self.move_frames.append(size)


_ADDRESSES = iter(range(1, 10**6))


def room_address() -> str:
    """A loopback address of its own for each room (127.10.0.1, ...), as a household's devices
    share one: the app's rate limits (joins per address a minute, events per address a second)
    count per address, and thousands of devices on 127.0.0.1 would be one flooding network."""
    i = next(_ADDRESSES)
    return f"127.{10 + i // 62500}.{i // 250 % 250}.{i % 250 + 1}"


async def seat_room(url: str, code: str, host: str, players: int) -> Room:
    source = room_address()
    table = BenchDevice(url, f"/table/{code}?host={host}", f"{code}-table", source=source)
    phones: list[Device] = []
    try:
        await table.connect(60)
        for seat in range(players):
            phone = BenchDevice(url, f"/play/{code}", f"{code}-{seat}", source=source)
            phones.append(phone)
            await phone.connect(60)
            await phone.join(NAMES[seat])
            await phone.until(lambda d, s=seat: d.seat == s, 60)
        room = Room(code, host, table, phones)
        await table.host("start")
        for device in room.devices:
            await device.until(lambda d: d.view.get("phase") == "play", 60)
        return room
    except BaseException:
        await asyncio.gather(*(d.close() for d in (table, *phones)), return_exceptions=True)
        raise


async def wait_all(devices: list[Device], version: int, timeout: float) -> bool:
    try:
        await asyncio.wait_for(asyncio.gather(*(d.until_version(version, timeout) for d in devices)),
                               timeout + 1)
    except (TimeoutError, ConnectionError):
        return False
    return True


def first_seen(device: Device, version: int) -> float | None:
    times = [t for v, t in device.seen.items() if v >= version]
    return min(times) if times else None


DEAL_ON = {"hand_over": "next_hand", "game_over": "rematch"}  # phase -> the table's host action


def on_turn(room: Room) -> Device | None:
    """The phone whose turn the table shows (None: nobody's, as between hands)."""
    turn = room.table.view.get("turn")
    return room.phones[turn] if isinstance(turn, int) and 0 <= turn < len(room.phones) else None


async def play_room(room: Room, stats: Stats, think: tuple[float, float], until: float,
                    measure_from: float, rng: random.Random) -> None:
    """One room's game loop: the phone on turn moves, everybody looks, and so on."""
    devices = room.devices
    stuck: tuple[int, float] = (-1, 0.0)  # (version, since when) the phone on turn had no move
    await asyncio.sleep(rng.uniform(0, think[1]))  # rooms do not all start in step
    while time.perf_counter() < until:
        if not all(d.connected for d in devices):
            stats.lost_sockets += sum(not d.connected for d in devices)
            return
        view = room.table.view
        phase = view.get("phase")
        version = room.table.version
        if phase in DEAL_ON:
            await asyncio.sleep(rng.uniform(*think) if think[1] else 0)
            await room.table.host(DEAL_ON[phase])
            stats.host_actions += 1
            if not await wait_all(devices, version + 1, MOVE_TIMEOUT):
                stats.timeouts += 1
            continue
        mover = on_turn(room)
        if mover is None:
            await asyncio.sleep(0.05)
            continue
        await mover.until_version(version, MOVE_TIMEOUT)
        move = choose_move(mover.view, rng)
        if move is None:  # nothing this simple player can do in that view (yet)
            stuck = stuck if stuck[0] == version else (version, time.perf_counter())
            if time.perf_counter() - stuck[1] > MOVE_TIMEOUT:  # counted once, with what it saw
                stats.timeouts += 1
                print(f"  [{room.code}] no move for the phone on turn at version {version} (its own "
                      f"v{mover.version}; can {mover.view.get('can')}, phase {phase})", file=sys.stderr, flush=True)
                stuck = (version, float("inf"))
            await asyncio.sleep(0.05)
            continue
        if think[1]:
            await asyncio.sleep(rng.uniform(*think))
        if time.perf_counter() >= until:
            return
        notices = len(mover.notices)
        sent = await mover.move(move, version)
        others = [d for d in devices if d is not mover]
        try:
            await asyncio.wait_for(asyncio.gather(
                *(d.until_version(version + 1, MOVE_TIMEOUT) for d in others),
                mover.until(lambda d, v=version, n=notices: d.version > v or len(d.notices) > n, MOVE_TIMEOUT)),
                MOVE_TIMEOUT + 1)
        except (TimeoutError, ConnectionError):
            if len(mover.notices) > notices:
                stats.refused[mover.notices[-1][:60]] += 1
                continue
            if not all(d.connected for d in devices):
                continue  # counted as lost sockets at the top of the loop
            stats.timeouts += 1  # not everybody heard of it within MOVE_TIMEOUT: carry on
            await wait_all(devices, max(d.version for d in devices), MOVE_TIMEOUT)
            continue
        if len(mover.notices) > notices and mover.version <= version:
            stats.refused[mover.notices[-1][:60]] += 1
            continue
        if sent < measure_from:
            continue
        receipts = [first_seen(d, version + 1) - sent for d in others]
        stats.moves += 1
        stats.latencies.append(max(receipts))
        stats.receipts.extend(receipts)
        ack = first_seen(mover, version + 1)
        if ack is not None:
            stats.acks.append(ack - sent)


async def heartbeats(rooms: list[Room], until: float) -> None:
    """Every page sends what the real one sends on a timer: ``Screen.heartbeat`` (tables
    every 5 s, phones every ``PHONE_KEEPALIVE``) and ``SeatAdmin.watch_host`` (every page,
    every ``WATCH_HOST``), each device at its own offset in each interval."""
    beats = [(device, handler, interval) for room in rooms for device in room.devices
             for handler, interval in (("heartbeat", HEARTBEAT if device is room.table else PHONE_KEEPALIVE),
                                       ("watch_host", WATCH_HOST))]
    offsets = [random.Random(f"{device.token}{handler}").uniform(0, interval) for device, handler, interval in beats]
    sent = [0] * len(beats)
    start = time.perf_counter()
    while time.perf_counter() < until:
        now = time.perf_counter()
        for i, (device, handler, interval) in enumerate(beats):
            due = int((now - start - offsets[i]) // interval) + 1
            if due > sent[i] and device.connected:
                sent[i] = due
                await device.send(handler, {})  # as the page's timer sends it (no arguments)
        await asyncio.sleep(0.2)


# ---------------------------------------------------------------------------- servers


@dataclass
class Server:
    name: str
    url: str
    database_url: str
    groups: dict[str, Any]  # label -> callable returning pids
    stop: Any
    describe: str
    peer: peers.PeerServer | None = None  # a peer (floor, bgio) instead of the app


def start_single(tmp: Path) -> Server:
    db_url = f"sqlite:///{tmp / 'bench.db'}"
    env = services.app_env(tmp, db_url, None, workers=1)
    log = tmp / "single.log"
    services.migrate(env, log)
    backend = services.Backend.start(env, log_path=log)
    return Server("single", backend.url, db_url, {"backend": backend.pids}, backend.stop,
                  "1 worker, SQLite, memory state manager")


def start_scaled(tmp: Path, workers: int) -> Server:
    absent = services.missing()
    if absent:
        raise RuntimeError(f"{' and '.join(absent)} not installed (apt-get install -y {' '.join(absent)}, "
                           "or run scripts/start-scaled once)")
    redis = services.Redis.start(tmp / "redis")
    pg = None
    backend = None
    try:
        pg = services.Postgres.start()
        env = services.app_env(tmp, pg.url, redis.url, workers=workers)
        log = tmp / "scaled.log"
        services.migrate(env, log)
        backend = services.Backend.start(env, log_path=log)
    except BaseException:
        if pg:
            pg.stop()
        redis.stop()
        raise

    def stop() -> None:
        backend.stop()
        pg.stop()
        redis.stop()

    return Server("scaled", backend.url, pg.url,
                  {"backend": backend.pids, "redis": lambda: [redis.proc.pid], "postgres": pg.pids},
                  stop, f"{workers} workers (granian, one port), Redis state manager, PostgreSQL")


def start_peer(name: str, tmp: Path, frame_bytes: int, players: int) -> Server:
    absent = peers.missing(name)
    if absent:
        raise RuntimeError(absent)
    peer = (peers.start_floor if name == "floor" else peers.start_bgio)(tmp, frame_bytes, players)
    return Server(name, peer.url, "", {"server": peer.pids}, peer.stop, peer.describe, peer)


def attach(url: str, database_url: str, pids: list[int]) -> Server:
    host = urlsplit(url).hostname or ""
    if not (host == "localhost" or host.startswith("127.") or host == "::1"):
        raise SystemExit(f"--url must be a loopback address (this is a load test), not {host!r}")
    return Server("given", url.rstrip("/"), database_url,
                  {"backend": lambda: [p for pid in pids for p in (pid, *services.descendants(pid))]} if pids else {},
                  lambda: None, f"the app at {url}")


# ---------------------------------------------------------------------------- one run


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 1)


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, from /proc/stat."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return (sum(fields[:8]) - idle) / ticks, sum(fields[:8]) / ticks


def sample(server: Server) -> dict[str, dict[str, float]]:
    out = {}
    for label, pids_of in server.groups.items():
        pids = pids_of()
        out[label] = {"cpu": services.cpu_seconds(pids), "pss": services.pss_bytes(pids),
                      "rss": services.rss_bytes(pids), "procs": len(pids)}
    return out


async def run_phase(server: Server, rooms_n: int, players: int, think: tuple[float, float],
                    duration: float, warmup: float, seed: int, label: str) -> dict[str, Any]:
    if server.peer is not None:  # a peer: a fresh room name (boardgame.io: matchID) per room
        made = [(f"{label.replace('/', '-')}-{i}-{random.Random(seed * 7919 + i).getrandbits(32):08x}", "")
                for i in range(rooms_n)]
    else:
        from sqlmodel import Session, create_engine

        from tablegames.rooms import service

        engine = create_engine(server.database_url)
        with Session(engine) as db:
            made = [service.create_room(db, "uno", {"target": 10_000}) for _ in range(rooms_n)]
        engine.dispose()
    idle = sample(server)
    t_seat = time.perf_counter()
    rooms: list[Room] = []
    failures: list[str] = []
    gate = asyncio.Semaphore(4)

    seat_deadline = t_seat + SEAT_LIMIT

    async def seat(code: str, host: str) -> None:
        async with gate:
            left = seat_deadline - time.perf_counter()
            if left <= 0:
                failures.append(f"{code}: not seated within {SEAT_LIMIT:.0f} s")
                return
            try:
                if server.peer is not None:
                    table, phones = await asyncio.wait_for(peers.seat_room(server.peer, code, players, room_address()),
                                                           min(120, left))
                    rooms.append(Room(code, host, table, phones))  # type: ignore[arg-type]
                    return
                rooms.append(await asyncio.wait_for(seat_room(server.url, code, host, players), min(120, left)))
            except Exception as err:  # noqa: BLE001
                failures.append(f"{code}: {type(err).__name__}: {err}"[:200])

    await asyncio.gather(*(seat(code, host) for code, host in made))
    seated_in = time.perf_counter() - t_seat
    seated = sample(server)
    print(f"  [{label}] {len(rooms)}/{rooms_n} rooms seated ({players} phones + a table each) "
          f"in {seated_in:.1f} s{'; failures: ' + str(failures[:3]) if failures else ''}", flush=True)

    stats = Stats()
    start = time.perf_counter()
    measure_from = start + warmup
    until = measure_from + duration
    cpu_client0 = time.process_time()
    before: dict[str, dict[str, float]] = {}

    machine: dict[str, Any] = {}

    async def mark_start() -> None:
        await asyncio.sleep(warmup)
        before.update(sample(server))
        machine["before"] = machine_cpu()
        machine["client_before"] = time.process_time()

    rngs = [random.Random(seed * 1000 + i) for i in range(len(rooms))]
    await asyncio.gather(mark_start(), heartbeats(rooms, until),
                         *(play_room(room, stats, think, until, measure_from, rng)
                           for room, rng in zip(rooms, rngs)))
    wall = time.perf_counter() - measure_from
    after = sample(server)
    machine_after = machine_cpu()
    cpu_client = time.process_time() - cpu_client0
    client_measured = time.process_time() - machine.get("client_before", cpu_client0)
    for room in rooms:
        for device in room.devices:
            stats.frames += device.frames
            stats.bytes += device.bytes
            stats.move_frames.extend(getattr(device, "move_frames", ()))
    await asyncio.gather(*(d.close() for room in rooms for d in room.devices))

    result: dict[str, Any] = {
        "phase": label, "rooms": len(rooms), "rooms_failed": len(failures), "players": players,
        "devices": len(rooms) * (players + 1), "think_s": list(think), "measured_s": round(wall, 1),
        "seat_s": round(seated_in, 1), "moves": stats.moves,
        "moves_per_s": round(stats.moves / wall, 1) if wall > 0 else None,
        "all_others_ms": {q: ms(percentile(stats.latencies, v))
                          for q, v in (("p50", .5), ("p95", .95), ("p99", .99), ("max", 1.0))},
        "each_receipt_ms": {q: ms(percentile(stats.receipts, v)) for q, v in (("p50", .5), ("p95", .95))},
        "mover_ack_ms": {q: ms(percentile(stats.acks, v)) for q, v in (("p50", .5), ("p95", .95))},
        "errors": {"refused": dict(stats.refused), "timeouts": stats.timeouts,
                   "lost_sockets": stats.lost_sockets, "seating": failures[:5]},
        "host_actions": stats.host_actions,
        "client_cpu_pct": round(100 * cpu_client / (time.perf_counter() - start), 1),
        "frames_per_device": round(stats.frames / max(1, len(rooms) * (players + 1)), 1),
        "kb_per_frame": round(stats.bytes / max(1, stats.frames) / 1024, 1),
        "bytes_per_frame": round(stats.bytes / max(1, stats.frames)),
        "move_frame_bytes": {q: percentile(stats.move_frames, v) for q, v in (("p50", .5), ("p95", .95))},
        "server": {},
    }
    ours = client_measured
    for group in after:
        ours += after[group]["cpu"] - before.get(group, after[group])["cpu"]
    if "before" in machine and wall > 0:
        busy = machine_after[0] - machine["before"][0]
        result["machine"] = {
            "busy_pct_of_all_cores": round(100 * busy / (machine_after[1] - machine["before"][1]), 1),
            "other_processes_cpu_pct": round(100 * max(0.0, busy - ours) / wall, 1),
            "loadavg": Path("/proc/loadavg").read_text().split()[:3],
        }
    for group in after:
        cpu = after[group]["cpu"] - before.get(group, after[group])["cpu"]
        result["server"][group] = {
            "cpu_pct": round(100 * cpu / wall, 1) if wall > 0 else None,
            "cpu_ms_per_move": round(1000 * cpu / stats.moves, 2) if stats.moves else None,
            "pss_mb": round(after[group]["pss"] / 2**20, 1),
            "rss_mb": round(after[group]["rss"] / 2**20, 1),
            "pss_kb_per_room": round((seated[group]["pss"] - idle[group]["pss"]) / 1024 / max(1, len(rooms)), 1),
            "processes": after[group]["procs"],
        }
    return result


def show(result: dict[str, Any]) -> None:
    lat, rec, ack = result["all_others_ms"], result["each_receipt_ms"], result["mover_ack_ms"]
    err = result["errors"]
    print(f"  [{result['phase']}] {result['rooms']} rooms, {result['devices']} devices, "
          f"{result['moves']} moves in {result['measured_s']} s = {result['moves_per_s']} moves/s")
    print(f"      move -> every other device: p50 {lat['p50']} ms  p95 {lat['p95']} ms  "
          f"p99 {lat['p99']} ms  max {lat['max']} ms")
    print(f"      each device: p50 {rec['p50']} ms  p95 {rec['p95']} ms;  mover's own screen: "
          f"p50 {ack['p50']} ms  p95 {ack['p95']} ms")
    print(f"      errors: refused {sum(err['refused'].values())} {err['refused'] or ''}  "
          f"time-outs {err['timeouts']}  lost sockets {err['lost_sockets']}  "
          f"rooms not seated {result['rooms_failed']}")
    mf = result["move_frame_bytes"]
    print(f"      frames: {result['frames_per_device']} per device, {result['kb_per_frame']} KB each "
          f"(a move's frame: p50 {round((mf['p50'] or 0) / 1024, 1)} KB, p95 {round((mf['p95'] or 0) / 1024, 1)} KB); "
          f"client CPU {result['client_cpu_pct']}%")
    if "machine" in result:
        m = result["machine"]
        print(f"      machine: {m['busy_pct_of_all_cores']}% of all cores busy; processes outside this "
              f"benchmark used {m['other_processes_cpu_pct']}% of a core; load average {' '.join(m['loadavg'])}")
    for group, s in result["server"].items():
        print(f"      {group:8s} CPU {s['cpu_pct']}% ({s['cpu_ms_per_move']} ms/move), "
              f"PSS {s['pss_mb']} MB (RSS {s['rss_mb']} MB, {s['processes']} processes), "
              f"+{s['pss_kb_per_room']} KB per seated room")


class Phase(NamedTuple):
    """One load every setup and peer plays in turn (``run_phase``'s arguments but the
    server and the phones a room)."""
    label: str  # human/100 or burst
    rooms_n: int
    think: tuple[float, float]
    duration: float
    warmup: float
    seed: int


def phases(args: argparse.Namespace) -> list[Phase]:
    """The run's loads in order: each rooms count at human pace, then the burst, each played
    ``args.repeat`` times in a row (the second time labelled ``human/100#2``, and so on)."""
    loads = []
    if args.pace in ("human", "both"):
        loads += [Phase(f"human/{rooms}", rooms, (args.think[0], args.think[1]), args.duration, args.warmup,
                        args.seed) for rooms in args.rooms]
    if args.pace in ("burst", "both"):
        loads.append(Phase("burst", args.burst_rooms, (0.0, 0.0), args.burst_duration, min(args.warmup, 3.0),
                           args.seed + 1))
    return [load._replace(label=f"{load.label}#{n}") if n > 1 else load
            for load in loads for n in range(1, args.repeat + 1)]


def load_of(key: str) -> str:
    """The load a phase's key plays, without its repeat's number ("human/100#2" -> "human/100")."""
    return key.partition("#")[0]


def median_of(values: list[float | None], digits: int | None = None) -> float | None:
    """The median of the figures that were measured (None: none was), rounded to ``digits``
    decimals if given, as the figures are shown."""
    known = [v for v in values if v is not None]
    if not known:
        return None
    return statistics.median(known) if digits is None else round(statistics.median(known), digits)


# ---------------------------------------------------------------------------- side by side

DEFAULT_FRAME_BYTES = 3686  # ~3.6 KB: our mean frame on 2026-12-01 (the figure)
PEER_NAMES = {"single": "ours (1 worker, SQLite)", "scaled": "ours (scaled)", "given": "ours (given URL)",
              "floor": "floor (python-socketio)", "bgio": "boardgame.io"}


def our_frame_bytes(results: list[dict[str, Any]]) -> int:
    """Our frame size on the wire, from this run's first phase of ours: the median frame that
    brought a device a move (the mean of all its frames when none did)."""
    for r in results:
        if r.get("setup") in ("single", "scaled", "given") and r.get("bytes_per_frame"):
            return int((r.get("move_frame_bytes") or {}).get("p50") or r["bytes_per_frame"])
    return DEFAULT_FRAME_BYTES


def cpu_per_move(result: dict[str, Any]) -> float | None:
    """Server CPU per move: every process group of the setup (workers, redis, postgres)."""
    parts = [g["cpu_ms_per_move"] for g in result.get("server", {}).values() if g.get("cpu_ms_per_move") is not None]
    return round(sum(parts), 2) if parts else None


def ratio(a: float | None, b: float | None) -> str:
    if a is None or not b:
        return "-"
    v = a / b
    return f"{v:.2g}x" if v < 1 else (f"{v:.1f}x" if v < 100 else f"{v:.0f}x")


def compare(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """The side-by-side table of every setup and peer of this run, ratios and the targets."""
    rows = [r for r in results if "error" not in r]
    if not rows:
        return
    loads = []
    for r in rows:
        key = r["phase"].split("/", 1)[1]  # human/100 or burst
        if key not in loads:
            loads.append(key)
    ours_names = [s for s in ("single", "scaled", "given") if any(r["setup"] == s for r in rows)]
    by = {(r["setup"], r["phase"].split("/", 1)[1]): r for r in rows}

    def fmt(v: float | None) -> str:
        return "-" if v is None else f"{v:g}"

    print("\n== Side by side, this run (4 phones + 1 table per room, same clients and pace; latency = "
          "a move until EVERY other device of the room has it)")
    head = (f"{'load':11s} {'setup':26s} {'moves/s':>8s} {'p50 ms':>7s} {'p95 ms':>7s} {'p99 ms':>7s} "
            f"{'CPU ms/move':>11s} {'KB/frame':>8s} {'errors':>6s} {'client CPU':>10s}")
    print(head)
    print("-" * len(head))
    for load in loads:
        base, _, repeat = load.partition("#")
        name = base.replace("human/", "human ") if base.startswith("human") else f"burst {args.burst_rooms}"
        name += f"#{repeat}" if repeat else ""
        for setup in [*ours_names, "floor", "bgio"]:
            r = by.get((setup, load))
            if r is None:
                continue
            lat, err = r["all_others_ms"], r["errors"]
            errors = sum(err["refused"].values()) + err["timeouts"] + err["lost_sockets"] + r["rooms_failed"]
            print(f"{name:11s} {PEER_NAMES[setup]:26s} {fmt(r['moves_per_s']):>8s} {fmt(lat['p50']):>7s} "
                  f"{fmt(lat['p95']):>7s} {fmt(lat['p99']):>7s} {fmt(cpu_per_move(r)):>11s} "
                  f"{fmt(r['kb_per_frame']):>8s} {errors:>6d} {fmt(r['client_cpu_pct']) + '%':>10s}")
            name = ""
        for ours in ours_names:
            mine = by.get((ours, load))
            for peer in ("floor", "bgio"):
                other = by.get((peer, load))
                if mine is None or other is None:
                    continue
                a, b = mine["all_others_ms"], other["all_others_ms"]
                print(f"{'':11s} {'  ' + ('ours' if ours == 'single' else ours) + ' / ' + peer:26s} {ratio(mine['moves_per_s'], other['moves_per_s']):>8s} "
                      f"{ratio(a['p50'], b['p50']):>7s} {ratio(a['p95'], b['p95']):>7s} {ratio(a['p99'], b['p99']):>7s} "
                      f"{ratio(cpu_per_move(mine), cpu_per_move(other)):>11s}")
    print("(moves/s at human pace is set by the think time; burst moves/s is the throughput. Ratios are "
          "ours / peer: above 1x ours is slower, needs more CPU, or, for burst moves/s, moves more. "
          "Client CPU: the simulated devices, one Python process on the same cores; near 100 % the "
          "client, not the server, sets that row's burst rate.)")

    print("\n== Targets of issue 18 (printed, not asserted)")
    ours = "single" if "single" in ours_names else (ours_names[0] if ours_names else None)

    def line(ok: bool | None, text: str) -> None:
        print(f"  {'PASS' if ok else ('MISS' if ok is not None else 'n/a ')}  {text}")

    def played(setup: str | None, load: str) -> list[dict[str, Any]]:
        """Each repeat's result of ``load`` by ``setup``, in order."""
        return [by[(setup, k)] for k in loads if load_of(k) == load and (setup, k) in by]

    def each(texts: list[str]) -> str:
        """The repeats' figures after their median (nothing for a single run)."""
        return f" (median of {len(texts)}: {', '.join(texts)})" if len(texts) > 1 else ""

    if any("#" in k for k in loads):
        print("  (each figure is the median of the load's repeats; the ratio, of each repeat's own ratio)")
    c_ours = median_of([cpu_per_move(r) for r in played(ours, "human/100")], 2)
    c_floor = median_of([cpu_per_move(r) for r in played("floor", "human/100")], 2)
    both = [k for k in loads if load_of(k) == "human/100" and (ours, k) in by and ("floor", k) in by]
    ratios = [None if o is None or not f else o / f
              for o, f in ((cpu_per_move(by[(ours, k)]), cpu_per_move(by[("floor", k)])) for k in both)]
    rate = median_of(ratios)
    line(None if rate is None else rate <= 2,
         f"100 rooms human: CPU per move <= 2x the floor's: ours {fmt(c_ours)} ms, floor {fmt(c_floor)} ms "
         f"({ratio(rate, 1)}){each([ratio(r, 1) for r in ratios])}")
    for rooms, limit in ((100, 20), (300, 50)):
        values = [r["all_others_ms"]["p95"] for r in played(ours, f"human/{rooms}")]
        p95 = median_of(values, 1)
        line(None if p95 is None else p95 <= limit,
             f"{rooms} rooms human: p95 <= {limit} ms: {fmt(p95)} ms{each([f'{fmt(v)} ms' for v in values])}")
    values = [r["moves_per_s"] for r in played(ours, "burst")]
    mps = median_of(values, 1)
    line(None if mps is None else mps >= 400,
         f"burst ({args.burst_rooms} rooms): >= 400 moves/s: {fmt(mps)} moves/s{each([fmt(v) for v in values])}")
    print("  n/a   a flooded room leaves other rooms' p95 within 2x of the quiet figure: bench/abuse.py measures it")


def event_loop() -> str:
    """The event loop granian gives ours and the floor: both run from this Python with its
    ``--loop`` left at "auto", which takes rloop, then uvloop, when installed, else asyncio's."""
    from importlib import metadata

    for name in ("rloop", "uvloop"):
        try:
            return f"{name} {metadata.version(name)}"
        except metadata.PackageNotFoundError:
            continue
    return "asyncio"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--setups", default="single,scaled",
                        help="comma-separated: single (1 worker, SQLite), scaled (N workers, Redis, PostgreSQL)")
    parser.add_argument("--workers", type=int, default=2, help="backend workers of the scaled setup (2)")
    parser.add_argument("--rooms", type=lambda v: [int(x) for x in v.split(",")], default=[100],
                        help="rooms at human pace; a comma-separated list runs one phase each (100)")
    parser.add_argument("--players", type=int, default=4, help="phones per room (4), plus one table")
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                        help="human think time per move, seconds (1 3)")
    parser.add_argument("--duration", type=float, default=60, help="measured seconds at human pace (60)")
    parser.add_argument("--warmup", type=float, default=10, help="seconds of play before measuring (10)")
    parser.add_argument("--pace", choices=("human", "burst", "both"), default="both")
    parser.add_argument("--burst-rooms", type=int, default=10, help="rooms in burst mode (10)")
    parser.add_argument("--burst-duration", type=float, default=20, help="measured seconds of burst (20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1,
                        help="play each load this many times in a row, every setup and peer in turn each time; "
                             "the targets take the median (1)")
    parser.add_argument("--peers", default="floor,bgio",
                        help="peers measured in the same run, with the same clients and pace: floor (bare "
                             "python-socketio on granian), bgio (boardgame.io on Node); 'none' for none (floor,bgio)")
    parser.add_argument("--frame-bytes", type=int, default=None,
                        help="the floor's frame size and boardgame.io's target; default: our median move frame, "
                             f"measured in this run's first phase ({DEFAULT_FRAME_BYTES} B if ours did not run)")
    parser.add_argument("--url", help="benchmark a running app instead (loopback only); needs --database-url")
    parser.add_argument("--database-url", help="that app's DATABASE_URL (rooms are created there)")
    parser.add_argument("--pids", type=int, nargs="*", default=[], help="that app's process ids (for CPU/memory)")
    parser.add_argument("--work-dir", type=Path, default=None,
                        help="where each setup's files go, its SQLite database among them (the system's temporary "
                             "directory; /dev/shm measures without waiting for the disk)")
    parser.add_argument("--keep-files", action="store_true",
                        help="keep each setup's files (its SQLite database, its server log) after the run; "
                             "by default they are removed, except those of a server that could not start")
    parser.add_argument("--json", type=Path, default=ARTIFACTS / "load.json", help="results file (artifacts/load.json)")
    parser.add_argument("--table", type=Path, metavar="RESULTS_JSON",
                        help="print the side-by-side table and targets of an earlier run's results file, run nothing")
    args = parser.parse_args()
    if args.table:
        saved = json.loads(args.table.read_text())
        compare(saved["results"], argparse.Namespace(**{**vars(args), **saved.get("args", {})}))
        return 0
    if not 1 <= args.players <= len(NAMES):
        parser.error(f"--players must be 1..{len(NAMES)}")
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    if args.url and not args.database_url:
        parser.error("--url needs --database-url")
    os.environ.setdefault("REFLEX_CHECK_LATEST_VERSION", "0")

    print(f"bench/load.py: {platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"event loop {event_loop()}; "
          f"{','.join(map(str, args.rooms))} rooms x ({args.players} phones + table), think {args.think[0]}-{args.think[1]} s, "
          f"{args.duration:.0f} s measured after {args.warmup:.0f} s; burst {args.burst_rooms} rooms "
          f"{args.burst_duration:.0f} s", flush=True)
    all_results: list[dict[str, Any]] = []
    setups = ["given"] if args.url else [s.strip() for s in args.setups.split(",") if s.strip()]
    peer_names = [p.strip() for p in args.peers.split(",") if p.strip() and p.strip() != "none"]
    for name in peer_names:
        if name not in ("floor", "bgio"):
            parser.error(f"unknown peer {name!r} (floor, bgio, none)")
    for name in setups:
        if name not in ("given", "single", "scaled"):
            parser.error(f"unknown setup {name!r} (single, scaled)")
    servers: dict[str, Server | None] = {}  # None: could not start
    files: dict[str, Path] = {}  # each started server's files: removed after the run unless --keep-files

    def server_of(name: str) -> Server | None:
        """The setup or peer ``name``, started the first time it is asked for (a peer's frame
        size is then our first phase's), and kept up until the end of the run."""
        if name in servers:
            return servers[name]
        tmp = Path(tempfile.mkdtemp(prefix=f"tg-load-{name}-", dir=args.work_dir))
        t0 = time.perf_counter()
        try:
            if name in ("floor", "bgio"):
                server = start_peer(name, tmp, args.frame_bytes or our_frame_bytes(all_results), args.players)
            elif name == "given":
                server = attach(args.url, args.database_url, args.pids)
            elif name == "single":
                server = start_single(tmp)
            else:
                server = start_scaled(tmp, args.workers)
        except RuntimeError as err:
            print(f"{name}: could not start: {err}", flush=True)
            all_results.append({"setup": name, "error": str(err)[:500]})
            server = None
        else:
            files[name] = tmp
            print(f"\n== {name}: {server.describe} at {server.url} (up in {time.perf_counter() - t0:.1f} s)",
                  flush=True)
        servers[name] = server
        return server

    try:
        for phase in phases(args):
            for name in [*setups, *peer_names]:
                server = server_of(name)
                if server is not None:
                    result = asyncio.run(run_phase(server, phase.rooms_n, args.players, phase.think, phase.duration,
                                                    phase.warmup, phase.seed, f"{server.name}/{phase.label}"))
                    show(result)
                    all_results.append({"setup": name, "describe": server.describe, **result})
    finally:
        for server in servers.values():
            if server is not None:
                server.stop()
        for name, folder in files.items():
            if args.keep_files:
                print(f"{name}'s files (its database, its log): {folder}")
            else:
                shutil.rmtree(folder, ignore_errors=True)
    compare(all_results, args)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"machine": {"cores": os.cpu_count(), "python": platform.python_version(),
                                                 "event_loop": event_loop()},
                                     "args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
                                     "results": all_results}, indent=1))
    print(f"\nresults: {args.json}")
    return 0 if all("error" not in r for r in all_results) else 1


if __name__ == "__main__":
    sys.exit(main())
