"""The aws CLI (from PyPI) against `ddbplay serve`: create a table, wait for
it with `dynamodb wait table-exists`, tag it, describe it — the commands a
learner copies from DynamoDB's documentation, unchanged but for
`--endpoint-url`.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

ENDPOINT = os.environ.get("DDBPLAY_ENDPOINT", "http://127.0.0.1:8000")
AWS = str(Path(sys.executable).parent / "aws")
ENV = {
    **os.environ,
    "AWS_ACCESS_KEY_ID": "any",
    "AWS_SECRET_ACCESS_KEY": "any",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_PAGER": "",
}


def aws(*args):
    done = subprocess.run(
        [AWS, "dynamodb", *args, "--endpoint-url", ENDPOINT, "--output", "json"],
        env=ENV, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout) if done.stdout.strip() else None


def aws_fails(*args):
    done = subprocess.run(
        [AWS, "dynamodb", *args, "--endpoint-url", ENDPOINT],
        env=ENV, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0
    return done.stderr


def test_the_aws_cli_creates_waits_for_tags_and_describes_a_table():
    created = aws(
        "create-table", "--table-name", "cli-music",
        "--attribute-definitions", "AttributeName=Artist,AttributeType=S", "AttributeName=SongTitle,AttributeType=S",
        "--key-schema", "AttributeName=Artist,KeyType=HASH", "AttributeName=SongTitle,KeyType=RANGE",
        "--provisioned-throughput", "ReadCapacityUnits=5,WriteCapacityUnits=5",
        "--table-class", "STANDARD",
        "--tags", "Key=Owner,Value=blueTeam",
    )
    arn = created["TableDescription"]["TableArn"]
    aws("wait", "table-exists", "--table-name", "cli-music")
    aws("tag-resource", "--resource-arn", arn, "--tags", "Key=Stage,Value=test")
    tags = aws("list-tags-of-resource", "--resource-arn", arn)["Tags"]
    assert sorted((t["Key"], t["Value"]) for t in tags) == [("Owner", "blueTeam"), ("Stage", "test")]
    table = aws("describe-table", "--table-name", "cli-music")["Table"]
    assert table["TableStatus"] == "ACTIVE"
    assert table["TableClassSummary"] == {"TableClass": "STANDARD"}
    assert table["ProvisionedThroughput"]["ReadCapacityUnits"] == 5
    backups = aws("update-continuous-backups", "--table-name", "cli-music",
                  "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
    assert backups["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"] == "ENABLED"
    assert aws("describe-limits")["TableMaxReadCapacityUnits"] == 40000
    assert aws("describe-endpoints")["Endpoints"][0]["CachePeriodInMinutes"] == 1440
    aws("delete-table", "--table-name", "cli-music")
    aws("wait", "table-not-exists", "--table-name", "cli-music")


def test_the_aws_cli_shows_dynamodbs_error():
    message = aws_fails("describe-table", "--table-name", "cli-nothing")
    assert "ResourceNotFoundException" in message
    assert "Requested resource not found: Table: cli-nothing not found" in message
