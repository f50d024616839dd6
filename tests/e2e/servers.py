"""Servers for the end-to-end tests: a free port, a process started on
it, and the wait until it accepts connections.

`Served(*arguments)` starts `ddbplay serve --port P *arguments` (the
binary DDBPLAY_BIN names, or the debug build); `command=` starts any
other endpoint, given its port. `stop()` ends it with SIGINT (or the
signal given) and `kill()` with SIGKILL; both return what it printed on
stderr. As a context manager it stops on leaving.
"""

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import boto3

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("DDBPLAY_BIN", str(ROOT / "target" / "debug" / "ddbplay"))


def dynoxide_binary():
    """Dynoxide's binary: DYNOXIDE_BIN, else `dynoxide` on the PATH, else
    ~/.cargo/bin/dynoxide; None when it is not installed."""
    candidates = [os.environ.get("DYNOXIDE_BIN"), shutil.which("dynoxide"),
                  str(Path.home() / ".cargo" / "bin" / "dynoxide")]
    return next((found for found in candidates if found and Path(found).exists()), None)


def dynoxide_command(binary):
    """Dynoxide's command line for a port, quiet, for `Served(command=...)`."""
    return lambda port: [binary, "--port", str(port), "--log", "quiet"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def client(url):
    """boto3's DynamoDB client for a local endpoint (any credentials)."""
    return boto3.client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
    )


class Served:
    """A server on a free port, accepting connections once constructed."""

    def __init__(self, *arguments, command=None, name="ddbplay serve", seconds=60, stderr=subprocess.PIPE):
        self.port = free_port()
        argv = command(self.port) if command else [BINARY, "serve", "--port", str(self.port), *arguments]
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=stderr, text=True)
        deadline = time.time() + seconds
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise AssertionError(f"{name} stopped: {self.process.communicate()[1]}")
                if time.time() > deadline:
                    self.process.kill()
                    raise AssertionError(f"{name} did not start within {seconds} s")
                time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.port}"
        self.client = client(self.url)

    def stop(self, how=signal.SIGINT):
        self.process.send_signal(how)
        return self.process.communicate(timeout=60)[1]

    def kill(self):
        return self.stop(signal.SIGKILL)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.process.poll() is None:
            self.stop()
