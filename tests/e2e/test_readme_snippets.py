"""The README's snippets for `ddbplay serve` — the aws CLI, boto3, the
JavaScript SDK and the Rust SDK — each run as a reader would run it,
against a fresh server, and each prints what the lesson says.

DDBPLAY_BIN names the binary (`cargo xtask test` sets it).
"""

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BINARY = os.environ.get("DDBPLAY_BIN", str(ROOT / "target" / "debug" / "ddbplay"))
README = (ROOT / "README.md").read_text()
PLACE = "http://127.0.0.1:8000"


def snippet(name):
    found = re.search(rf"<!-- snippet: {name} -->\n```\w+\n(.*?)```\n", README, re.S)
    assert found, f"the README has no snippet {name}"
    return found.group(1)


@pytest.fixture(scope="module")
def endpoint():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([BINARY, "serve", "--port", str(port), "--log", "quiet"], stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.time() < deadline
            time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=10)


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, timeout=600, **kwargs)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_the_aws_cli_snippet_prints_two(endpoint, tmp_path):
    script = tmp_path / "lesson.sh"
    script.write_text("set -e\n" + snippet("aws-cli").replace(PLACE, endpoint))
    bin_dir = str(Path(sys.executable).parent)
    assert run(["bash", str(script)], env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}) == "2\n"


def test_the_boto3_snippet_prints_two_orders(endpoint, tmp_path):
    script = tmp_path / "lesson.py"
    script.write_text(snippet("boto3").replace(PLACE, endpoint))
    assert run([sys.executable, str(script)]) == "2 orders\n"


def test_the_javascript_snippet_prints_two_orders(endpoint):
    # Beside this folder's node_modules, where the SDK is installed.
    script = HERE / "readme-lesson.mjs"
    script.write_text(snippet("javascript").replace(PLACE, endpoint))
    try:
        assert run(["node", str(script)]) == "2 orders\n"
    finally:
        script.unlink()


def test_the_rust_snippet_is_the_example_and_prints_two_orders(endpoint):
    example = ROOT / "cli" / "examples" / "readme_rust_sdk.rs"
    assert snippet("rust") == example.read_text()
    output = run(["cargo", "run", "-q", "-p", "ddbplay", "--example", "readme_rust_sdk"],
                 cwd=ROOT, env={**os.environ, "DDBPLAY_ENDPOINT": endpoint})
    assert output == "2 orders\n"
