"""The console against the aws CLI itself: every script of the console's
corpus (`console/tests/scripts/`) is run by bash with the real aws CLI
(from PyPI) against a fresh `ddbplay serve`, and by `ddbplay run
--endpoint` against another; what each prints must be the same.

The CLI on PyPI is version 1; the console answers as version 2. Where the
two differ the test says how, and holds each side to its own:
- standard output is the same byte for byte (the JSON layout, the key
  order, text and table output, pagination and its tokens are one in both)
  — but v1 has no YAML output and no `--cli-input-yaml`, so
  `yaml-output.sh` and `yaml-input.sh` are left out;
- standard error: v2 prefixes each error line with `aws: [ERROR]: ` (and a
  parameter error with `An error occurred (ParamValidation): `), puts a
  space before a shorthand error's input, adds `Additional error details`,
  and words argparse's refusals its own way; the messages themselves —
  DynamoDB's errors, botocore's parameter validation, shorthand and JSON
  errors, unknown options — must be the same, in the same order;
- exit status: v1 exits 255 for every failure, v2 252, 253, 254 or 255.

Each script's output from `ddbplay run` must also be the one committed in
`console/tests/scripts/expected/`, which the console's own test holds the
console to without the aws CLI.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from servers import BINARY as DDBPLAY, Served

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "console" / "tests" / "scripts"
LABS = ROOT / "console" / "labs"
AWS = str(Path(sys.executable).parent / "aws")
# v1 has no YAML output and no --cli-input-yaml.
ONLY_V2 = {"yaml-output.sh", "yaml-input.sh"}
ENV = {
    **os.environ,
    "AWS_ACCESS_KEY_ID": "any",
    "AWS_SECRET_ACCESS_KEY": "any",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_PAGER": "",
}


class Server(Served):
    """A fresh `ddbplay serve`, so each run starts with no tables (and
    `options` for it, such as `--clock`)."""

    def __init__(self, *options):
        super().__init__(*options, stderr=subprocess.DEVNULL)


def run_with_aws_cli(script, tmp_path):
    """bash -e runs the script, `aws` being the real CLI aimed at a fresh
    server (a wrapper adds --endpoint-url)."""
    folder = tmp_path / "aws-cli"
    (folder / "bin").mkdir(parents=True)
    wrapper = folder / "bin" / "aws"
    with Server() as server:
        wrapper.write_text(f'#!/bin/bash\nexec "{AWS}" "$@" --endpoint-url {server.url}\n')
        wrapper.chmod(0o755)
        env = {**ENV, "PATH": f"{folder / 'bin'}:{ENV['PATH']}"}
        return subprocess.run(
            ["bash", "-e", str(script)], cwd=folder, env=env,
            capture_output=True, text=True, timeout=300,
        )


def run_with_console(script, tmp_path):
    folder = tmp_path / "console"
    folder.mkdir()
    with Server() as server:
        return subprocess.run(
            [DDBPLAY, "run", "--endpoint", server.url, str(script)], cwd=folder, env=ENV,
            capture_output=True, text=True, timeout=300,
        )


V1_MESSAGE = re.compile(
    r"^(An error occurred \(|Parameter validation failed:|Error parsing parameter|Unknown options:"
    r"|Invalid (type|length|value) for parameter|Missing required parameter|Unknown parameter in"
    r"|invalid literal for|Bad value for --query)"
)


def messages_v1(stderr):
    return [line for line in stderr.splitlines() if V1_MESSAGE.match(line)]


def messages_v2(stderr):
    found = []
    for line in stderr.splitlines():
        line = line.removeprefix("aws: [ERROR]: ").removeprefix("An error occurred (ParamValidation): ")
        if V1_MESSAGE.match(line):
            found.append(line)
    return found


# The corpus, and the labs the page offers (their expected output is kept
# with the corpus's as lab-<name>).
ALL_SCRIPTS = {p.name: p for p in SCRIPTS.glob("*.sh")} | {f"lab-{p.name}": p for p in LABS.glob("*.sh")}
SCRIPT_NAMES = sorted(ALL_SCRIPTS)


@pytest.mark.parametrize("name", [n for n in SCRIPT_NAMES if n not in ONLY_V2])
def test_the_console_prints_what_the_aws_cli_prints(name, tmp_path):
    script = ALL_SCRIPTS[name]
    real = run_with_aws_cli(script, tmp_path)
    ours = run_with_console(script, tmp_path)
    assert ours.stdout == real.stdout
    assert messages_v2(ours.stderr) == messages_v1(real.stderr)
    # v1 exits 255 for every failure; v2 252 to 255.
    assert (ours.returncode == 0) == (real.returncode == 0)
    assert real.returncode in (0, 255)


@pytest.mark.parametrize("name", SCRIPT_NAMES)
def test_ddbplay_run_prints_the_committed_expected_output(name, tmp_path):
    script = ALL_SCRIPTS[name]
    stem = name.removesuffix(".sh")
    ours = run_with_console(script, tmp_path)
    expected = SCRIPTS / "expected"
    assert ours.stdout == (expected / f"{stem}.stdout").read_text()
    assert ours.stderr == (expected / f"{stem}.stderr").read_text()
    assert f"{ours.returncode}\n" == (expected / f"{stem}.status").read_text()


def test_a_script_stops_at_its_first_failure_with_the_clis_status(tmp_path):
    script = tmp_path / "stops.sh"
    script.write_text(
        "aws dynamodb describe-table --table-name nope\n"
        "echo never printed\n"
    )
    ours = run_with_console(script, tmp_path)
    assert ours.returncode == 254
    assert "never printed" not in ours.stdout
    assert ours.stderr == (
        "\naws: [ERROR]: An error occurred (ResourceNotFoundException) when calling the "
        "DescribeTable operation: Requested resource not found: Table: nope not found\n"
    )


def test_a_pipe_is_refused_before_anything_runs(tmp_path):
    script = tmp_path / "pipe.sh"
    script.write_text(
        "aws dynamodb create-table --table-name t1x --attribute-definitions AttributeName=k,AttributeType=S "
        "--key-schema AttributeName=k,KeyType=HASH --billing-mode PAY_PER_REQUEST\n"
        "aws dynamodb scan --table-name t1x | jq .Items\n"
    )
    folder = tmp_path / "console"
    folder.mkdir()
    ours = subprocess.run([DDBPLAY, "run", str(script)], cwd=folder, env=ENV,
                          capture_output=True, text=True, timeout=60)
    assert ours.returncode == 2
    assert ours.stdout == ""
    assert "line 2: a pipe (|) is not run here" in ours.stderr
