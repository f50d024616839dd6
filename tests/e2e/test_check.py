"""`ddbplay check`: a playground replayed on a DynamoDB endpoint through the
AWS SDK for Rust, its figures set beside the engine's. Run here against
`ddbplay serve` (which must agree on every figure), Dynoxide and dynalite
(whose known differences are reported as differences, not crashes). The
reports' wording is pinned in `expected/check-*.txt`; `UPDATE_EXPECTED=1`
rewrites them.

DDBPLAY_BIN names the binary, DYNOXIDE_BIN Dynoxide's (`cargo xtask test`
installs both); dynalite comes from this folder's node_modules.
"""

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from servers import BINARY, Served, dynoxide_binary, dynoxide_command

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LINK = (ROOT / "web" / "src" / "share" / "testdata" / "link-v5.txt").read_text().strip()
EXPECTED = HERE / "expected"


def installed_dynoxide():
    found = dynoxide_binary()
    assert found, "Dynoxide is not installed: `cargo xtask test` installs it"
    return found


class Endpoint(Served):
    """A DynamoDB server of the given kind on a free port."""

    def __init__(self, kind, *extra):
        command = {
            "serve": lambda port: [BINARY, "serve", "--port", str(port), "--log", "quiet"],
            "dynoxide": lambda port: dynoxide_command(installed_dynoxide())(port),
            "dynalite": lambda port: ["node", str(HERE / "node_modules" / "dynalite" / "cli.js"), "--port", str(port)],
        }[kind]
        super().__init__(command=lambda port: command(port) + list(extra), name=kind, seconds=30)

    def tables(self):
        return self.client.list_tables()["TableNames"]


@pytest.fixture
def endpoint(request):
    server = Endpoint(*request.param)
    yield server
    server.stop()


def check(*args, stdin=subprocess.DEVNULL):
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    return subprocess.run([BINARY, "check", *args], capture_output=True, text=True, timeout=600, stdin=stdin, env=env)


def normalised(report, url):
    report = report.replace(url, "ENDPOINT")
    return re.sub(r"ddbplay-check-\d{8}-\d{6}-[0-9a-f]{6}", "ddbplay-check-NAME", report)


def assert_pinned(name, text):
    path = EXPECTED / name
    if os.environ.get("UPDATE_EXPECTED") == "1":
        path.write_text(text)
    assert text == path.read_text(), f"the report differs from {path}"


@pytest.mark.parametrize("endpoint", [("serve",)], indirect=True)
def test_against_ddbplay_serve_every_figure_agrees_and_the_table_is_gone(endpoint):
    endpoint.client.create_table(
        TableName="theirs", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
    )
    endpoint.client.put_item(TableName="theirs", Item={"PK": {"S": "kept"}})
    result = check("--endpoint", endpoint.url, f"https://example.org/ddbplay/#{LINK}")
    assert result.returncode == 0, result.stderr
    assert_pinned("check-commerce-serve.txt", normalised(result.stdout, endpoint.url))
    assert "as ddbplay-check-" in result.stderr
    # Only its own table came and went; a table it did not make is untouched.
    assert endpoint.tables() == ["theirs"]
    assert endpoint.client.scan(TableName="theirs")["Count"] == 1


@pytest.mark.parametrize("endpoint", [("serve",)], indirect=True)
def test_the_json_report_says_the_same_for_a_machine(endpoint):
    result = check("--json", "--endpoint", endpoint.url, "commerce")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["agrees"], report["differences"], report["items"]) == (True, 0, 892)
    assert report["playgroundTable"] == "commerce-main"
    assert len(report["patterns"]) == 13
    query = report["patterns"][1]["measurements"][0]
    assert (query["way"], query["read"]) == ("Query", "eventual")
    assert query["engine"] == query["endpoint"] == {
        "pages": 1, "count": 12, "scannedCount": 12, "capacityUnits": 1.5, "tableUnits": 1.5,
    }


@pytest.mark.parametrize("endpoint", [("dynoxide",)], indirect=True)
def test_dynoxides_differences_are_reported_as_differences(endpoint):
    agreed = check("--endpoint", endpoint.url, "commerce")
    assert agreed.returncode == 0, agreed.stdout + agreed.stderr
    result = check("--endpoint", endpoint.url, "sharding")
    assert result.returncode == 1, result.stderr
    assert_pinned("check-sharding-dynoxide.txt", normalised(result.stdout, endpoint.url))
    # The README shows this very report.
    assert (EXPECTED / "check-sharding-dynoxide.txt").read_text() in (ROOT / "README.md").read_text()
    assert endpoint.tables() == []


@pytest.mark.parametrize("endpoint", [("dynalite",)], indirect=True)
def test_dynalites_differences_are_reported_as_differences(endpoint):
    result = check("--endpoint", endpoint.url, "commerce")
    assert result.returncode == 1, result.stderr
    assert_pinned("check-commerce-dynalite.txt", normalised(result.stdout, endpoint.url))
    deadline = time.time() + 10
    while endpoint.tables() and time.time() < deadline:
        time.sleep(0.1)
    assert endpoint.tables() == []


@pytest.mark.parametrize("endpoint", [("dynalite", "--createTableMs", "4000")], indirect=True)
def test_ctrl_c_while_waiting_for_the_table_deletes_it(endpoint):
    process = subprocess.Popen(
        [BINARY, "check", "--endpoint", endpoint.url, "commerce"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.time() + 30
    while not [t for t in endpoint.tables() if t.startswith("ddbplay-check-")]:
        assert time.time() < deadline and process.poll() is None
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 2, stderr
    assert "ddbplay check: stopping — the table it made is deleted first" in stderr
    assert "Interrupted: stopped by Ctrl-C" in stderr
    deadline = time.time() + 10
    while endpoint.tables() and time.time() < deadline:
        time.sleep(0.1)
    assert endpoint.tables() == []


def test_against_aws_it_shows_the_cost_first_and_without_yes_sends_nothing():
    result = check("--region", "us-east-1", "commerce")
    assert result.returncode == 2
    assert result.stderr == (
        "This check sends about 1,623 write request units and 3,218 read request units: "
        "less than a cent at DynamoDB's on-demand prices in us-east-1 ($0.625 a million writes, "
        "$0.125 a million reads; other regions differ a little). Its table is deleted afterwards.\n"
        "ddbplay check: give --yes to run against AWS without being asked\n"
    )


def test_a_source_that_is_nothing_says_what_it_may_be():
    result = check("--endpoint", "http://127.0.0.1:9", "nowhere")
    assert result.returncode == 2
    assert result.stderr == (
        "ddbplay check: nowhere is neither a file, a link with #play=… nor a design of the gallery "
        "(commerce, blog, hierarchy, adjacency, sharding, time-series, invoicing, multi-attribute)\n"
    )
