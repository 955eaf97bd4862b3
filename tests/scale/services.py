"""Local services for the scaled setup: redis-server, a PostgreSQL cluster, backend workers.

Used by tests/scale (temporary services on free ports) and bench/load.py. Everything binds
to 127.0.0.1 only. ``scripts/start-scaled`` does the same from bash for a persistent setup.

    redis = Redis.start(tmp_dir)                 # redis://127.0.0.1:<port>/0
    pg = Postgres.start(tmp_dir)                 # postgresql+psycopg://...
    migrate(env)                                 # reflex db migrate against env's DATABASE_URL
    be = Backend.start(env, port, log_path)      # `reflex run --env prod --backend-only`
    be.kill_9(); be.stop(); pg.stop(); redis.stop()

``missing()`` says which Debian packages are absent; ``install()`` apt-gets them (as root,
or with sudo) and returns an error text or None.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.processes import answers, free_port, reflex_bin, tail

REPO_ROOT = Path(__file__).resolve().parents[2]
VENV = REPO_ROOT / ".venv"


# ---------------------------------------------------------------------------- packages


def pg_bin_dir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0)
    return Path(found[-1]).parent if found else None


def missing() -> list[str]:
    """Debian packages the scaled setup needs that are not installed."""
    need = []
    if not shutil.which("redis-server"):
        need.append("redis-server")
    if pg_bin_dir() is None:
        need.append("postgresql")
    return need


def install(packages: list[str] | None = None, log_path: Path | None = None) -> str | None:
    """apt-get installs the packages (default: the missing ones). Returns an error or None."""
    packages = missing() if packages is None else packages
    if not packages:
        return None
    sudo: list[str] = []
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return f"{' '.join(packages)} missing and not root (no sudo)"
        sudo = ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    log = open(log_path, "ab") if log_path else subprocess.DEVNULL  # noqa: SIM115
    try:
        for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", *packages]):
            done = subprocess.run([*sudo, *cmd], env=env, stdout=log, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL, timeout=900, check=False)
            if done.returncode != 0:
                return f"`{' '.join(cmd)}` failed with status {done.returncode}"
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"apt-get failed: {err}"
    finally:
        if log_path:
            log.close()  # type: ignore[union-attr]
    still = missing()
    return f"still missing after apt-get: {' '.join(still)}" if still else None


# ---------------------------------------------------------------------------- helpers




def _wait_port(port: int, timeout: float, proc: subprocess.Popen | None = None) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            return False
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False






def _kill_group(proc: subprocess.Popen, sig: int, wait: float) -> None:
    try:
        os.killpg(proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        return
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        proc.poll()
        time.sleep(0.1)
    else:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


# ---------------------------------------------------------------------------- redis


@dataclass
class Redis:
    """A redis-server of our own on 127.0.0.1 (no persistence: state is a cache here)."""

    port: int
    proc: subprocess.Popen
    log_path: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @classmethod
    def start(cls, directory: Path, port: int | None = None) -> Redis:
        directory.mkdir(parents=True, exist_ok=True)
        port = port or free_port()
        log_path = directory / "redis.log"
        proc = subprocess.Popen(
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(directory), "--logfile", str(log_path),
             # Reflex's token manager listens to key-space events (it also sets this itself).
             "--notify-keyspace-events", "K$sgxe"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
            start_new_session=True)
        if not _wait_port(port, 15, proc):
            _kill_group(proc, signal.SIGKILL, 2)
            raise RuntimeError(f"redis-server did not start on port {port}:\n{tail(log_path)}")
        return cls(port=port, proc=proc, log_path=log_path)

    def stop(self) -> None:
        _kill_group(self.proc, signal.SIGTERM, 10)


# ---------------------------------------------------------------------------- postgres


@dataclass
class Postgres:
    """A throw-away PostgreSQL cluster (trust auth, 127.0.0.1 only), run as a non-root user.

    PostgreSQL refuses to run as root: as root the cluster belongs to the ``postgres`` user
    that Debian's package creates, and its folder must be reachable by that user (so it is
    made under /tmp by default, not under a 0700 pytest folder).
    """

    port: int
    data_dir: Path
    run_as: str | None
    log_path: Path
    database: str = "tablegames"
    user: str = "tablegames"
    _owned_dir: Path | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/{self.database}"

    @staticmethod
    def _cmd(run_as: str | None, *args: str) -> list[str]:
        return ["runuser", "-u", run_as, "--", *args] if run_as else list(args)

    @classmethod
    def start(cls, directory: Path | None = None, port: int | None = None,
              max_connections: int = 100) -> Postgres:
        bindir = pg_bin_dir()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (Debian package postgresql)")
        run_as = None
        owned = None
        if os.geteuid() == 0:
            run_as = "postgres"
            try:
                owner = pwd.getpwnam(run_as)
            except KeyError as err:
                raise RuntimeError("running as root and there is no postgres user") from err
            if directory is None:
                directory = owned = Path(tempfile.mkdtemp(prefix="tg-pg-"))
            directory.mkdir(parents=True, exist_ok=True)
            os.chown(directory, owner.pw_uid, owner.pw_gid)
        else:
            if directory is None:
                directory = owned = Path(tempfile.mkdtemp(prefix="tg-pg-"))
            directory.mkdir(parents=True, exist_ok=True)
        port = port or free_port()
        data_dir = directory / "data"
        log_path = directory / "postgres.log"
        init = subprocess.run(
            cls._cmd(run_as, str(bindir / "initdb"), "-D", str(data_dir), "-U", "tablegames",
                     "--auth=trust", "-E", "UTF8", "--no-sync"),
            capture_output=True, text=True, timeout=120, check=False)
        if init.returncode != 0:
            raise RuntimeError(f"initdb failed:\n{init.stdout}\n{init.stderr}")
        options = (f"-p {port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c max_connections={max_connections}")
        started = subprocess.run(
            cls._cmd(run_as, str(bindir / "pg_ctl"), "-D", str(data_dir), "-o", options,
                     "-l", str(log_path), "-w", "-t", "60", "start"),
            capture_output=True, text=True, timeout=90, check=False)
        if started.returncode != 0:
            raise RuntimeError(f"pg_ctl start failed:\n{started.stdout}\n{started.stderr}\n{tail(log_path)}")
        pg = cls(port=port, data_dir=data_dir, run_as=run_as, log_path=log_path, _owned_dir=owned)
        created = subprocess.run(
            cls._cmd(run_as, str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port),
                     "-U", "tablegames", "tablegames"),
            capture_output=True, text=True, timeout=60, check=False)
        if created.returncode != 0:
            pg.stop()
            raise RuntimeError(f"createdb failed:\n{created.stderr}")
        return pg

    def pids(self) -> list[int]:
        """The postmaster and its children (one backend process per connection)."""
        try:
            master = int((self.data_dir / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        return [master, *descendants(master)]

    def stop(self) -> None:
        bindir = pg_bin_dir()
        if bindir is not None and self.data_dir.exists():
            subprocess.run(
                self._cmd(self.run_as, str(bindir / "pg_ctl"), "-D", str(self.data_dir),
                          "-m", "immediate", "-w", "stop"),
                capture_output=True, timeout=60, check=False)
        if self._owned_dir is not None:
            shutil.rmtree(self._owned_dir, ignore_errors=True)


# ---------------------------------------------------------------------------- the app




def app_env(tmp: Path, database_url: str, redis_url: str | None, workers: int = 1) -> dict[str, str]:
    """The environment scripts/start-scaled gives the app (isolated web and state dirs)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(VENV / "node-bin"), str(VENV / "bin"), env.get("PATH", "")])
    env.update({
        "REFLEX_USE_NPM": "1",
        "DATABASE_URL": database_url,
        "REFLEX_WEB_WORKDIR": str(tmp / "web"),
        "REFLEX_STATES_WORKDIR": str(tmp / "states"),
        "REFLEX_CHECK_LATEST_VERSION": "0",
        "PYTHONUNBUFFERED": "1",
        "GRANIAN_WORKERS": str(workers),
    })
    env.pop("REFLEX_REDIS_URL", None)
    if redis_url:
        env["REFLEX_REDIS_URL"] = redis_url
    return env


def migrate(env: dict[str, str], log_path: Path) -> None:
    """`reflex db migrate` against env's DATABASE_URL (as scripts/start does)."""
    with log_path.open("ab") as log:
        done = subprocess.run(
            [reflex_bin(), "db", "migrate"], cwd=REPO_ROOT, env=env, stdout=log,
            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=180, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"reflex db migrate failed:\n{tail(log_path)}")


@dataclass
class Backend:
    """`reflex run --env prod --backend-only` on one port (GRANIAN_WORKERS workers)."""

    port: int
    proc: subprocess.Popen
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @classmethod
    def start(cls, env: dict[str, str], port: int | None = None, log_path: Path | None = None,
              timeout: float = 120) -> Backend:
        port = port or free_port()
        log_path = log_path or Path(tempfile.mkstemp(prefix=f"tg-backend-{port}-", suffix=".log")[1])
        cmd = [reflex_bin(), "run", "--env", "prod", "--backend-only", "--backend-port", str(port),
               "--backend-host", "127.0.0.1"]
        with log_path.open("ab") as log:
            log.write(f"\n$ {' '.join(cmd)}\n".encode())
            log.flush()
            proc = subprocess.Popen(
                cmd, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)
        backend = cls(port=port, proc=proc, log_path=log_path)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"backend on port {port} exited with {proc.returncode}:\n{tail(log_path)}")
            if answers(backend.url + "/ping"):
                return backend
            time.sleep(0.2)
        backend.stop()
        raise RuntimeError(f"backend on port {port} did not answer in {timeout:.0f} s:\n{tail(log_path)}")

    def pids(self) -> list[int]:
        return [self.proc.pid, *descendants(self.proc.pid)] if self.proc.poll() is None else []

    def kill_9(self) -> None:
        """SIGKILL to the whole process group: no goodbye, no cleanup."""
        _kill_group(self.proc, signal.SIGKILL, 10)

    def stop(self) -> None:
        _kill_group(self.proc, signal.SIGINT, 15)


# ---------------------------------------------------------------------------- /proc


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        children.setdefault(int(fields[1]), []).append(int(stat.split("/")[2]))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by these processes (those still alive)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def rss_bytes(pids: list[int]) -> int:
    """Resident memory of these processes, summed (shared pages counted in each)."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
                    break
        except OSError:
            continue
    return total


def pss_bytes(pids: list[int]) -> int:
    """Proportional set size (shared pages split between sharers): fairer for forked workers."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
                    break
        except OSError:
            continue
    return total
