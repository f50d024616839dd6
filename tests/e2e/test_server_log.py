"""`ddbplay serve --log`: the line each request leaves on standard error,
with the request id the answer carries.

DDBPLAY_BIN names the binary (`cargo xtask test` sets it).
"""

import json

import pytest
from botocore.exceptions import ClientError

from servers import Served


def serve(log):
    """Starts a server with `--log log`, runs three requests, stops it and
    returns (the request ids the answers carried, its stderr lines)."""
    server = Served("--log", log)
    try:
        ddb = server.client
        ids = []
        ddb.meta.events.register(
            "after-call.dynamodb", lambda http_response, **_: ids.append(http_response.headers["x-amzn-requestid"])
        )
        ddb.create_table(
            TableName="logged", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        )
        ddb.put_item(TableName="logged", Item={"pk": {"S": "a"}})
        with pytest.raises(ClientError):
            ddb.put_item(TableName="logged", Item={"pk": {"S": "a"}}, ConditionExpression="attribute_not_exists(pk)")
    finally:
        stderr = server.stop()
    lines = [l for l in stderr.splitlines() if not l.startswith("ddbplay:")]
    return ids, lines


def test_json_logs_one_object_a_request_with_its_id():
    ids, lines = serve("json")
    entries = [json.loads(line) for line in lines]
    assert [e["requestId"] for e in entries] == ids
    assert [(e["operation"], e["status"], e.get("error")) for e in entries] == [
        ("CreateTable", 200, None),
        ("PutItem", 200, None),
        ("PutItem", 400, "ConditionalCheckFailedException"),
    ]
    assert all(e["bytesIn"] > 0 and e["bytesOut"] > 0 and e["micros"] >= 0 for e in entries)
    assert all(e["time"].endswith("Z") for e in entries)


def test_requests_logs_a_line_of_text_and_quiet_nothing():
    ids, lines = serve("requests")
    assert len(lines) == 3
    assert lines[2].startswith("PutItem 400 ConditionalCheckFailedException in=")
    assert lines[2].endswith(f"us id={ids[2]}")
    _, quiet = serve("quiet")
    assert quiet == []
