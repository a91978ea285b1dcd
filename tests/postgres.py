"""A real PostgreSQL server for the tests: Debian's `postgresql` package's binaries, run in a temporary folder.

Started once per session on a free loopback port, its socket in its own folder, trusting
local connections (nothing but the tests can reach it); each test that asks gets a
database of its own. initdb refuses to run as root, so as root the server runs as the
`postgres` user the package made. Without the binaries a test that needs them fails
with the one line that says how to install them: never a skip.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

# Debian's postgresql package (15 on bookworm; the newest installed, on a later release);
# scripts/test.sh installs it when missing.
INSTALLED = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda path: int(path.parts[-3]))
BINARIES = INSTALLED[-1].parent if INSTALLED else Path("/usr/lib/postgresql/15/bin")
INSTALL = "apt-get install -y postgresql (scripts/test.sh does so on a fresh machine)"
# Seconds the server may take to start or stop.
STARTING = 60
# runuser, which a PATH without the sbin folders (a bare `env -i PATH=/usr/bin:/bin`) does not find.
RUNUSER = shutil.which("runuser") or next(
    (each for each in ("/usr/sbin/runuser", "/sbin/runuser") if Path(each).exists()), "runuser"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """One PostgreSQL cluster in `folder`, serving 127.0.0.1:`port`."""

    def __init__(self, folder: Path) -> None:
        if not (BINARIES / "initdb").exists():
            raise RuntimeError(f"no PostgreSQL at {BINARIES}: {INSTALL}")
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        folder.mkdir(parents=True, exist_ok=True)
        if self.as_root:
            shutil.chown(folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")

    def _run(self, program: str, *args: str) -> None:
        command = [str(BINARIES / program), *args]
        if self.as_root:
            command = [RUNUSER, "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=STARTING, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {(done.stderr or done.stdout).strip()[-400:]}")

    def start(self, durable: bool = False) -> None:
        """Serve; `durable` keeps fsync on, as in production (a benchmark's), else off: a test's data is thrown away."""
        fsync = "on" if durable else "off"
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync={fsync} -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def kill(self) -> None:
        """The server stopped at once by its process id (SIGQUIT: PostgreSQL's immediate shutdown), if it runs."""
        try:
            pid = int((self.data / "postmaster.pid").read_text().split()[0])
            os.kill(pid, signal.SIGQUIT)
        except (OSError, ValueError, IndexError):
            return  # no server, or not running
        ends = time.monotonic() + STARTING
        while time.monotonic() < ends:
            try:
                os.kill(pid, 0)
            except OSError:
                return
            time.sleep(0.05)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new, empty database's URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@contextmanager
def running(durable: bool = False) -> Iterator[Server]:
    """A server in a new folder under the system's temporary one (which the postgres user can reach)."""
    folder = Path(tempfile.mkdtemp(prefix="roadlaw-pg-"))
    server = Server(folder)
    server.start(durable)
    try:
        yield server
    finally:
        try:
            server.stop("immediate")
        except (RuntimeError, subprocess.TimeoutExpired):
            server.kill()  # a test left it stopped, or pg_ctl could not stop it: never left running
        shutil.rmtree(folder, ignore_errors=True)


def wait_until(test: object, seconds: float = 20.0) -> None:
    """Until `test()` is true, or fail."""
    ends = time.monotonic() + seconds
    while not test():  # type: ignore[operator]
        assert time.monotonic() < ends, "waited too long"
        time.sleep(0.05)
