"""The page's exports run where they are meant to run, against `ddbplay serve`.

The browser test `interchange.test.mjs` exports the example from the built
page into `tests/artifacts/exports/`, with what each access pattern
returned in the page (`returned.json`); `cargo xtask test` runs it first.
Here, on a fresh `ddbplay serve` each:

- the aws CLI script, run by bash with the aws CLI from PyPI, makes the
  table and puts its items: a Scan gives back exactly the items of the
  export lines, and DescribeTable the design of the CloudFormation export;
  `ddbplay run` runs the same script and prints what the aws CLI printed;
- then the access patterns, as boto3 runs them (`patterns.py`) and as the
  AWS SDK for JavaScript v3 runs them (`patterns.mjs`, with the SDK from
  npm), return as many items as each returned in the page;
- the Terraform export parses as HCL (python-hcl2) with the table, its
  indexes and its settings, and the CloudFormation template passes
  cfn-lint.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import boto3
import pytest

from test_console_vs_awscli import ENV, Server

ROOT = Path(__file__).resolve().parents[2]
EXPORTS = ROOT / "tests" / "artifacts" / "exports"
HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
TABLE = "commerce-main"


def exported(name):
    path = EXPORTS / name
    if not path.exists():
        pytest.fail(f"{path} is missing: the browser tests write it (cargo xtask test runs them first)")
    return path


def client(endpoint):
    return boto3.client(
        "dynamodb",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="any",
        aws_secret_access_key="any",
    )


def scan_all(dynamodb):
    items = []
    for page in dynamodb.get_paginator("scan").paginate(TableName=TABLE):
        items.extend(page["Items"])
    return items


def canonical(item):
    return json.dumps(item, sort_keys=True)


def as_json(item):
    """An item as boto3's client gives it, in DynamoDB JSON as the files write it."""
    import base64

    def value(v):
        (tag, inner), = v.items()
        if tag == "B":
            return {"B": base64.b64encode(inner).decode()}
        if tag == "BS":
            return {"BS": [base64.b64encode(b).decode() for b in inner]}
        if tag == "M":
            return {"M": {k: value(x) for k, x in inner.items()}}
        if tag == "L":
            return {"L": [value(x) for x in inner]}
        return {tag: inner}

    return {k: value(v) for k, v in item.items()}


# The example's carts expire from July 2024 on: the server's clock starts
# before, as the page's data was made, so that time to live keeps them.
CLOCK = "2024-06-01T00:00:00Z"


@pytest.fixture(scope="module")
def loaded(tmp_path_factory):
    """A server holding what the exported aws CLI script made."""
    script = exported(f"{TABLE}.sh")
    with Server("--clock", CLOCK) as server:
        env = {**ENV, "AWS_ENDPOINT_URL": server.url, "PATH": f"{BIN}:{os.environ['PATH']}"}
        ran = subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True, timeout=600,
                             cwd=tmp_path_factory.mktemp("script"))
        assert ran.returncode == 0, ran.stderr
        assert ran.stdout.startswith("ACTIVE\n") or ran.stdout.startswith("CREATING\n"), ran.stdout[:200]
        server.printed = ran.stdout
        yield server


def test_the_aws_cli_script_makes_the_table_and_every_item(loaded):
    dynamodb = client(loaded.url)
    lines = exported(f"{TABLE}-items.jsonl").read_text().splitlines()
    expected = sorted(canonical(json.loads(line)["Item"]) for line in lines)
    got = sorted(canonical(as_json(item)) for item in scan_all(dynamodb))
    assert len(got) == len(expected) > 100
    assert got == expected
    template = json.loads(exported(f"{TABLE}-cloudformation.json").read_text())
    (resource,) = template["Resources"].values()
    wanted = resource["Properties"]
    table = dynamodb.describe_table(TableName=TABLE)["Table"]
    assert table["KeySchema"] == wanted["KeySchema"]
    assert sorted(table["AttributeDefinitions"], key=canonical) == sorted(wanted["AttributeDefinitions"], key=canonical)
    indexes = {i["IndexName"]: (i["KeySchema"], i["Projection"]) for i in table.get("GlobalSecondaryIndexes", [])}
    assert indexes == {i["IndexName"]: (i["KeySchema"], i["Projection"]) for i in wanted.get("GlobalSecondaryIndexes", [])}


def test_ddbplay_run_runs_the_script_unchanged_and_prints_what_the_aws_cli_printed(loaded, tmp_path):
    from test_console_vs_awscli import DDBPLAY

    ran = subprocess.run([DDBPLAY, "run", str(exported(f"{TABLE}.sh"))], capture_output=True, text=True,
                         timeout=600, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == loaded.printed


def returned_in_the_page():
    return json.loads(exported("returned.json").read_text())


def test_boto3_runs_the_patterns_and_gets_what_the_page_got(loaded):
    spec = importlib.util.spec_from_file_location("patterns", exported("patterns.py"))
    os.environ.update({"AWS_ENDPOINT_URL": loaded.url, "AWS_DEFAULT_REGION": "us-east-1",
                       "AWS_ACCESS_KEY_ID": "any", "AWS_SECRET_ACCESS_KEY": "any"})
    patterns = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(patterns)
    functions = list(patterns.PATTERNS.values())
    returned = returned_in_the_page()
    assert len(functions) == len(returned)
    reads = [(f, n) for f, n in zip(functions, returned) if n is not None]
    assert len(reads) >= 5
    for function, count in reads:
        result = function()
        got = 0 if result is None else 1 if isinstance(result, dict) else len(result)
        assert got == count, function.__name__


def test_the_javascript_sdk_runs_the_patterns_and_gets_what_the_page_got(loaded):
    # Beside node_modules, where the SDK from npm is.
    module = HERE / ".exported-patterns.mjs"
    shutil.copy(exported("patterns.mjs"), module)
    driver = (
        "const { patterns } = await import(process.env.PATTERNS_MODULE);"
        "const returned = JSON.parse(process.env.RETURNED);"
        "const counts = [];"
        "for (const [i, run] of Object.values(patterns).entries()) {"
        "  if (returned[i] === null) { counts.push(null); continue; }"
        "  const result = await run();"
        "  counts.push(result === null ? 0 : Array.isArray(result) ? result.length : 1);"
        "}"
        "console.log(JSON.stringify(counts));"
    )
    env = {**ENV, "AWS_ENDPOINT_URL": loaded.url, "AWS_REGION": "us-east-1",
           "PATTERNS_MODULE": str(module), "RETURNED": json.dumps(returned_in_the_page())}
    try:
        ran = subprocess.run(
            ["node", "--input-type=module", "-e", driver],
            env=env, capture_output=True, text=True, timeout=300, cwd=HERE,
        )
    finally:
        module.unlink()
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == returned_in_the_page()


def test_the_terraform_export_parses_as_hcl_with_the_table():
    import hcl2

    for name in [f"{TABLE}.tf", f"{TABLE}-any-provider.tf"]:
        with exported(name).open() as f:
            parsed = hcl2.load(f)
        # python-hcl2 keeps the quotes of labels and strings.
        (resource,) = [r for r in parsed["resource"] if '"aws_dynamodb_table"' in r]
        table = resource['"aws_dynamodb_table"']['"commerce_main"']
        assert table["name"] == f'"{TABLE}"'
        assert table["hash_key"] == '"PK"'
        assert {a["name"] for a in table["attribute"]} >= {'"PK"', '"SK"'}
        assert table["global_secondary_index"], name


def test_the_cloudformation_templates_pass_cfn_lint():
    for name in [f"{TABLE}-cloudformation.yaml", f"{TABLE}-cloudformation.json"]:
        ran = subprocess.run([str(BIN / "cfn-lint"), str(exported(name))], capture_output=True, text=True, timeout=300)
        assert ran.returncode == 0, ran.stdout + ran.stderr
