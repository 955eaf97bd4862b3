"""The peers of bench/load.py: servers started on loopback and devices that play them.

* ``floor``: bench/peers/floor.py, a bare python-socketio server on granian (1 worker) that
  relays one frame of our measured size per move to the room;
* ``bgio``: bench/peers/boardgame.io/server.js, a boardgame.io 0.50.2 server (Node, its
  socket.io transport) running a small card game; its npm packages come from the lock:
  ``npm ci --prefix bench/peers/boardgame.io`` (``bench/peers/setup`` does it).

The devices are the same kind of client as ours (``tests/scale/client.py``): a raw websocket
speaking Engine.IO 4 / socket.io, JSON-decoding every frame, in the same asyncio process, and
they quack like ``Device`` (``version``, ``seen``, ``view``, ``move``, ``until``...) so that
``bench/load.py`` plays every setup with the very same room loop, think times and
measurements. ``view`` is a synthetic UNO-ish view (``can: ["play"]``, a one-card hand) so
the same ``choose_move`` runs for every move.
"""

from __future__ import annotations

import abc
import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import websockets

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
BGIO_DIR = HERE / "boardgame.io"
BGIO_GAME = "bench"


class PeerDevice(abc.ABC):
    """One tab of a peer: a socket.io client over a plain websocket."""

    namespace = "/"

    def __init__(self, url: str, room: str, seat: int | None, players: int, name: str = "",
                 source: str | None = None) -> None:
        self.url = url.rstrip("/")
        self.source = source  # the loopback address this tab connects from (127.x.y.z)
        self.room = room
        self.my_seat = seat  # None: the table
        self.players = players
        self.name = name
        self.token = str(uuid.uuid4())
        self.seen: dict[int, float] = {}
        self.notices: list[str] = []
        self.frames = 0
        self.bytes = 0
        self.move_frames: list[int] = []  # sizes of the frames that brought a new version
        self.connected = False
        self.state: dict[str, Any] = {}
        self._version = -1
        self._turn: int | None = None
        self._ws: Any = None
        self._reader: asyncio.Task | None = None
        self._waiters: list[tuple[Callable[[PeerDevice], bool], asyncio.Future]] = []
        self._prefix = "42" if self.namespace == "/" else f"42{self.namespace},"

    # -- what bench/load.py's room loop reads ------------------------------------------
    @property
    def version(self) -> int:
        return self._version

    @property
    def view(self) -> dict[str, Any]:
        return {"phase": "play", "turn": self._turn, "seat": self.my_seat, "can": ["play"],
                "playable": ["r1"], "hand": ["r1"]}

    @abc.abstractmethod
    async def move(self, move: dict[str, Any], seen_version: int | None = None) -> float:
        """Each peer's own (its protocol)."""

    async def send(self, handler: str, payload: dict[str, Any]) -> float:
        """``heartbeat`` (the table's every 5 s); other handlers are not part of a peer."""
        return time.perf_counter()

    async def host(self, action: str, seat: int = -1) -> float:
        return time.perf_counter()

    # -- socket -------------------------------------------------------------------------
    async def connect(self, timeout: float = 30.0) -> None:
        base = self.url.replace("http://", "ws://", 1)
        extra = {"local_addr": (self.source, 0)} if self.source else {}
        self._ws = await asyncio.wait_for(websockets.connect(
            f"{base}/socket.io/?EIO=4&transport=websocket", max_size=None, open_timeout=timeout,
            ping_interval=None, **extra), timeout)
        opening = await asyncio.wait_for(self._ws.recv(), timeout)
        if not str(opening).startswith("0"):
            raise ConnectionError(f"unexpected Engine.IO open packet: {opening!r}")
        await self._ws.send("40" if self.namespace == "/" else f"40{self.namespace},")
        while True:  # the namespace's CONNECT answer
            answer = str(await asyncio.wait_for(self._ws.recv(), timeout))
            if answer.startswith("40"):
                break
            if answer.startswith("44"):
                raise ConnectionError(f"namespace refused: {answer[:200]}")
        self.connected = True
        self._reader = asyncio.create_task(self._read(self._ws))
        await self.hello()
        await self.until(lambda d: d.version >= 0, timeout)

    @abc.abstractmethod
    async def hello(self) -> None:
        """Each peer's own (its protocol)."""

    async def emit(self, *args: Any) -> float:
        sent = time.perf_counter()
        await self._ws.send(self._prefix + json.dumps(list(args), separators=(",", ":")))
        return sent

    async def close(self) -> None:
        self.connected = False
        if self._ws is not None:
            try:
                await asyncio.wait_for(self._ws.close(), 5)
            except (TimeoutError, OSError, websockets.WebSocketException):
                pass
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):  # noqa: BLE001, S110
                pass

    async def _read(self, ws: Any) -> None:
        try:
            async for message in ws:
                if message == "2":
                    await ws.send("3")
                    continue
                now = time.perf_counter()
                self.frames += 1
                self.bytes += len(message)
                if message.startswith(self._prefix):
                    before = self._version
                    self.on_event(json.loads(message[len(self._prefix):]), now)
                    if self._version > before >= 0:
                        self.move_frames.append(len(message))
                    self._wake()
        except (websockets.WebSocketException, OSError):
            pass
        finally:
            self.connected = False
            self._wake()

    @abc.abstractmethod
    def on_event(self, packet: list[Any], now: float) -> None:
        """Reads one socket.io event of this peer's protocol."""

    def _saw(self, version: int, turn: int | None, now: float) -> None:
        if version > self._version:
            self._version, self._turn = version, turn
        if version not in self.seen:
            self.seen[version] = now

    def _wake(self) -> None:
        keep = []
        for predicate, future in self._waiters:
            if future.done():
                continue
            if predicate(self) or not self.connected:
                future.set_result(None)
            else:
                keep.append((predicate, future))
        self._waiters = keep

    async def until(self, predicate: Callable[[PeerDevice], bool], timeout: float = 15.0) -> None:
        if predicate(self):
            return
        if not self.connected:
            raise ConnectionError(f"{self.name}: socket closed")
        future = asyncio.get_running_loop().create_future()
        self._waiters.append((predicate, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError(f"{self.name}: still waiting after {timeout} s (version {self.version})") from None
        if not predicate(self):
            raise ConnectionError(f"{self.name}: socket closed")

    async def until_version(self, version: int, timeout: float = 15.0) -> None:
        await self.until(lambda d: d.version >= version, timeout)


class FloorDevice(PeerDevice):
    """A device of the floor server (bench/peers/floor.py)."""

    async def hello(self) -> None:
        await self.emit("join", {"room": self.room})

    async def move(self, move: dict[str, Any], seen_version: int | None = None) -> float:
        version = self.version if seen_version is None else seen_version
        return await self.emit("move", {"room": self.room, "version": version, "move": move})

    async def send(self, handler: str, payload: dict[str, Any]) -> float:
        if handler == "heartbeat" and self.connected:
            return await self.emit("heartbeat", {"room": self.room})
        return time.perf_counter()

    def on_event(self, packet: list[Any], now: float) -> None:
        if len(packet) < 2 or not isinstance(packet[1], dict):
            return
        if packet[0] == "update":
            self._saw(int(packet[1]["version"]), int(packet[1]["turn"]), now)
        elif packet[0] == "refused":
            self.notices.append("refused: stale version")


class BgioDevice(PeerDevice):
    """A boardgame.io client as its own socket.io transport speaks (0.50.2,
    ``src/client/transport/socketio.ts``): namespace ``/<game>``, ``sync`` with
    (matchID, playerID, credentials, numPlayers) on connect; moves are ``update`` with
    (action, stateID, matchID, playerID); the server answers with ``sync`` (the state, log,
    initial state) and broadcasts ``update`` (matchID, state) per move. The table is a
    spectator (playerID null). Versions are the state's ``_stateID``."""

    namespace = f"/{BGIO_GAME}"

    @property
    def player_id(self) -> str | None:
        return None if self.my_seat is None else str(self.my_seat)

    async def hello(self) -> None:
        await self.emit("sync", self.room, self.player_id, None, self.players)

    async def move(self, move: dict[str, Any], seen_version: int | None = None) -> float:
        version = self.version if seen_version is None else seen_version
        action = {"type": "MAKE_MOVE",
                  "payload": {"type": "play", "args": [], "playerID": self.player_id, "credentials": None}}
        return await self.emit("update", action, version, self.room, self.player_id)

    def on_event(self, packet: list[Any], now: float) -> None:
        if len(packet) < 3:
            return
        state = None
        if packet[0] == "update" and isinstance(packet[2], dict):
            state = packet[2]
        elif packet[0] == "sync" and isinstance(packet[2], dict):
            state = packet[2].get("state")
        if not isinstance(state, dict):
            return
        self.state = state
        turn = (state.get("ctx") or {}).get("currentPlayer")
        self._saw(int(state.get("_stateID", -1)), int(turn) if turn is not None else None, now)


# ---------------------------------------------------------------------------- servers


def _free_port() -> int:
    from tests.processes import free_port
    return free_port()


def _wait_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    import socket
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited with status {proc.returncode}")
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"did not listen on {port} within {timeout:.0f} s")


class PeerServer:
    """A peer's server process (its own session: stopped with its process group)."""

    def __init__(self, name: str, device: type[PeerDevice], cmd: list[str], env: dict[str, str],
                 cwd: Path, log: Path, port: int, describe: str) -> None:
        self.name, self.device, self.describe, self.port = name, device, describe, port
        self.url = f"http://127.0.0.1:{port}"
        with log.open("ab") as out:
            out.write(f"$ {' '.join(cmd)}\n".encode())
            out.flush()
            self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        try:
            _wait_port(port, self.proc)
        except RuntimeError as err:
            self.stop()
            raise RuntimeError(f"{name}: {err}; log {log}:\n{log.read_text()[-2000:]}") from None

    def pids(self) -> list[int]:
        from tests.scale.services import descendants
        return [self.proc.pid, *descendants(self.proc.pid)] if self.proc.poll() is None else []

    def stop(self) -> None:
        import signal
        for sig, wait in ((signal.SIGINT, 10), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.proc.pid, sig)
            except (ProcessLookupError, PermissionError):
                return
            try:
                self.proc.wait(timeout=wait)
                return
            except subprocess.TimeoutExpired:
                continue


def missing(name: str) -> str | None:
    """What keeps the peer from running, as a sentence, or None."""
    if name == "floor":
        try:
            import granian  # noqa: F401
            import socketio  # noqa: F401
        except ImportError as err:
            return f"floor: {err.name} is not installed in this Python (pip install python-socketio granian)"
        if not shutil.which("granian", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"):
            return "floor: the granian command is not on PATH"
        return None
    if name == "bgio":
        if not node_bin():
            return "bgio: node not found (put .venv/node-bin on PATH, or install Node 18+)"
        if not (BGIO_DIR / "node_modules" / "boardgame.io" / "package.json").exists():
            return ("bgio: boardgame.io's packages are not installed: run bench/peers/setup "
                    "(npm ci --prefix bench/peers/boardgame.io, from the lock)")
        return None
    return f"unknown peer {name!r} (floor, bgio)"


def node_bin() -> str | None:
    return shutil.which("node", path=f"{REPO_ROOT / '.venv' / 'node-bin'}{os.pathsep}{os.environ.get('PATH', '')}")


def start_floor(tmp: Path, frame_bytes: int, players: int) -> PeerServer:
    port = _free_port()
    granian = shutil.which("granian", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env = {**os.environ, "FLOOR_FRAME_BYTES": str(frame_bytes), "FLOOR_PLAYERS": str(players)}
    cmd = [granian, "--interface", "asgi", "--workers", "1", "--host", "127.0.0.1", "--port", str(port),
           "--no-access-log", "--log-level", "warning", "--working-dir", str(HERE), "floor:app"]
    return PeerServer("floor", FloorDevice, cmd, env, HERE, tmp / "floor.log", port,
                      f"bare python-socketio on granian (1 worker), {frame_bytes} B frames")


def start_bgio(tmp: Path, frame_bytes: int, players: int) -> PeerServer:
    port = _free_port()
    # An update frame without padding is ~1 KB (ctx, plugins, the log entry of the move, G):
    # pad G's public part with the rest so the frame is about ours.
    pad = max(0, frame_bytes - BGIO_BARE_FRAME)
    env = {**os.environ, "PORT": str(port), "BGIO_PLAYERS": str(players), "BGIO_PAD": str(pad),
           "NODE_ENV": "production"}
    version = json.loads((BGIO_DIR / "node_modules" / "boardgame.io" / "package.json").read_text())["version"]
    return PeerServer("bgio", BgioDevice, [node_bin(), "server.js"], env, BGIO_DIR, tmp / "bgio.log", port,
                      f"boardgame.io {version} (Node {node_version()}, socket.io), frames padded to ~{frame_bytes} B")


BGIO_BARE_FRAME = 1000  # bytes of a bench update frame with an empty pad (measured; the bench prints KB/frame)


def node_version() -> str:
    try:
        return subprocess.run([node_bin(), "--version"], capture_output=True, text=True, timeout=10,
                              check=False).stdout.strip()
    except OSError:
        return "?"


async def seat_room(server: PeerServer, room: str, players: int,
                    source: str | None = None) -> tuple[PeerDevice, list[PeerDevice]]:
    """The table first (for boardgame.io its sync creates the match), then the phones; all
    from the room's own loopback address, as ours."""
    table = server.device(server.url, room, None, players, f"{room}-table", source)
    phones = [server.device(server.url, room, seat, players, f"{room}-{seat}", source) for seat in range(players)]
    try:
        await table.connect(60)
        for phone in phones:
            await phone.connect(60)
        return table, phones
    except BaseException:
        await asyncio.gather(*(d.close() for d in (table, *phones)), return_exceptions=True)
        raise
