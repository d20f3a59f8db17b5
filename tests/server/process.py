"""The real server as a separate process (``cardtable serve``), for tests that kill it or drive it with a
browser."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from .helpers import RAISED_LIMITS

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``cardtable serve`` in its own process, started and killed by the test."""

    def __init__(self, database: list[str], env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [CARDTABLE, "serve", "--port", str(self.port), "--log-level", "warning", *database]
        self.env = env
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                self.args, env=self.env, stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx2.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not answer /healthz:\n{self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no cleanup; then end what it left behind (its bot workers)."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


def server_env(**settings: str) -> dict[str, str]:
    """This environment without cardtable's settings, DATABASE_URL or REDIS_URL, plus ``settings``
    (CARDTABLE_*); the limits per address and account are raised as in ``helpers.RAISED_LIMITS``."""
    settings = {name: str(value) for name, value in RAISED_LIMITS.items()} | settings
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("CARDTABLE_") and k not in ("DATABASE_URL", "REDIS_URL")
    }
    return {**env, **{f"CARDTABLE_{name.upper()}": value for name, value in settings.items()}}
