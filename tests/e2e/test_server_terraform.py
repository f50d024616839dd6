"""The calls Terraform's AWS provider makes for an `aws_dynamodb_table`,
replayed through boto3 against `ddbplay serve`.

Neither Terraform nor OpenTofu (nor the provider plugin, which Terraform
downloads from its own registry) can be installed from the package
registries this project builds from, so the test replays the provider's
sequence of DynamoDB calls, in order and with the provider's arguments, for
this configuration:

    resource "aws_dynamodb_table" "orders" {
      name           = "tf-orders"
      billing_mode   = "PROVISIONED"
      read_capacity  = 5
      write_capacity = 5
      hash_key       = "PK"
      range_key      = "SK"
      attribute { name = "PK"      type = "S" }
      attribute { name = "SK"      type = "S" }
      attribute { name = "GSI1PK"  type = "S" }
      global_secondary_index {
        name = "GSI1"  hash_key = "GSI1PK"  projection_type = "ALL"
        read_capacity = 5  write_capacity = 5
      }
      stream_enabled   = true
      stream_view_type = "NEW_AND_OLD_IMAGES"
      ttl { attribute_name = "expiresAt"  enabled = true }
      point_in_time_recovery { enabled = true }
      tags = { team = "checkout" }
    }

then an apply that changes the tags and switches to PAY_PER_REQUEST, then a
destroy. The sequence follows the provider's resourceTableCreate (CreateTable
with Tags; wait for the table and each index to be ACTIVE; UpdateTimeToLive
and wait; UpdateContinuousBackups and wait), resourceTableRead
(DescribeTable, DescribeContinuousBackups, DescribeTimeToLive,
ListTagsOfResource), resourceTableUpdate (UpdateTable for billing; tags by
UntagResource then TagResource) and resourceTableDelete (DeleteTable, then
DescribeTable until ResourceNotFoundException).
"""

import os

import boto3
import pytest

ENDPOINT = os.environ.get("DDBPLAY_ENDPOINT", "http://127.0.0.1:8000")
NAME = "tf-orders"


def client():
    return boto3.client(
        "dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
    )


def wait_until(check, tries=20):
    """The provider's waiters poll; every state here is reached at once."""
    for _ in range(tries):
        if check():
            return
    pytest.fail("the state the provider waits for never came")


def read(ddb):
    """resourceTableRead: what `terraform plan` and every apply call."""
    table = ddb.describe_table(TableName=NAME)["Table"]
    pitr = ddb.describe_continuous_backups(TableName=NAME)["ContinuousBackupsDescription"]
    ttl = ddb.describe_time_to_live(TableName=NAME)["TimeToLiveDescription"]
    tags = ddb.list_tags_of_resource(ResourceArn=table["TableArn"])["Tags"]
    return {
        "arn": table["TableArn"],
        "billing_mode": table.get("BillingModeSummary", {}).get("BillingMode", "PROVISIONED"),
        "read_capacity": table["ProvisionedThroughput"]["ReadCapacityUnits"],
        "write_capacity": table["ProvisionedThroughput"]["WriteCapacityUnits"],
        "gsi": {i["IndexName"]: i["ProvisionedThroughput"]["ReadCapacityUnits"] for i in table.get("GlobalSecondaryIndexes", [])},
        "stream_enabled": table.get("StreamSpecification", {}).get("StreamEnabled", False),
        "stream_view_type": table.get("StreamSpecification", {}).get("StreamViewType"),
        "stream_arn": table.get("LatestStreamArn"),
        "deletion_protection_enabled": table["DeletionProtectionEnabled"],
        "pitr": pitr["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"] == "ENABLED",
        "ttl": ttl.get("TimeToLiveStatus") == "ENABLED" and ttl.get("AttributeName"),
        "tags": {t["Key"]: t["Value"] for t in tags},
    }


def test_terraform_creates_reads_updates_and_destroys_a_table():
    ddb = client()
    keys = lambda h, r=None: [{"AttributeName": h, "KeyType": "HASH"}] + ([{"AttributeName": r, "KeyType": "RANGE"}] if r else [])

    # resourceTableCreate
    ddb.create_table(
        TableName=NAME,
        BillingMode="PROVISIONED",
        KeySchema=keys("PK", "SK"),
        Tags=[{"Key": "team", "Value": "checkout"}],
        ProvisionedThroughput={"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ["PK", "SK", "GSI1PK"]],
        GlobalSecondaryIndexes=[{
            "IndexName": "GSI1", "KeySchema": keys("GSI1PK"), "Projection": {"ProjectionType": "ALL"},
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
        }],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )
    wait_until(lambda: ddb.describe_table(TableName=NAME)["Table"]["TableStatus"] == "ACTIVE")
    wait_until(lambda: ddb.describe_table(TableName=NAME)["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"] == "ACTIVE")
    ddb.update_time_to_live(TableName=NAME, TimeToLiveSpecification={"AttributeName": "expiresAt", "Enabled": True})
    wait_until(lambda: ddb.describe_time_to_live(TableName=NAME)["TimeToLiveDescription"]["TimeToLiveStatus"] == "ENABLED")
    ddb.update_continuous_backups(TableName=NAME, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    wait_until(lambda: ddb.describe_continuous_backups(TableName=NAME)["ContinuousBackupsDescription"]
               ["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"] == "ENABLED")
    state = read(ddb)
    assert state["arn"].endswith(":table/" + NAME)
    assert state["billing_mode"] == "PROVISIONED"
    assert (state["read_capacity"], state["write_capacity"], state["gsi"]) == (5, 5, {"GSI1": 5})
    assert (state["stream_enabled"], state["stream_view_type"]) == (True, "NEW_AND_OLD_IMAGES")
    assert state["stream_arn"].startswith(state["arn"] + "/stream/")
    assert state["deletion_protection_enabled"] is False
    assert state["pitr"] is True
    assert state["ttl"] == "expiresAt"
    assert state["tags"] == {"team": "checkout"}

    # A second plan reads the same state: no drift.
    assert read(ddb) == state

    # resourceTableUpdate: billing_mode = "PAY_PER_REQUEST", tags = { team = "payments", env = "test" }
    ddb.update_table(TableName=NAME, BillingMode="PAY_PER_REQUEST")
    wait_until(lambda: ddb.describe_table(TableName=NAME)["Table"]["TableStatus"] == "ACTIVE")
    # updateTags: UntagResource for keys that went (none here), TagResource for the rest.
    ddb.tag_resource(ResourceArn=state["arn"], Tags=[{"Key": "team", "Value": "payments"}, {"Key": "env", "Value": "test"}])
    updated = read(ddb)
    assert updated["billing_mode"] == "PAY_PER_REQUEST"
    assert (updated["read_capacity"], updated["gsi"]) == (0, {"GSI1": 0})
    assert updated["tags"] == {"team": "payments", "env": "test"}

    # resourceTableUpdate again: tags = { team = "payments" }
    ddb.untag_resource(ResourceArn=state["arn"], TagKeys=["env"])
    assert read(ddb)["tags"] == {"team": "payments"}

    # resourceTableDelete
    ddb.delete_table(TableName=NAME)
    with pytest.raises(ddb.exceptions.ResourceNotFoundException):
        ddb.describe_table(TableName=NAME)


def test_the_provider_sees_dynamodbs_errors_for_what_it_gets_wrong():
    ddb = client()
    name = "tf-refused"
    ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST", DeletionProtectionEnabled=True,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
    )
    with pytest.raises(ddb.exceptions.ClientError) as refused:
        ddb.delete_table(TableName=name)
    assert refused.value.response["Error"]["Message"] == (
        "Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first."
    )
    with pytest.raises(ddb.exceptions.TableNotFoundException):
        ddb.describe_continuous_backups(TableName="tf-never-made")
    ddb.update_table(TableName=name, DeletionProtectionEnabled=False)
    ddb.delete_table(TableName=name)
