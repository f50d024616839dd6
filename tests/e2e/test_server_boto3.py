"""`ddbplay serve` driven by boto3, the way a learner points their own code at it.

`cargo xtask test` starts the server and sets DDBPLAY_ENDPOINT.
"""

import os

import boto3
import pytest
from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

ENDPOINT = os.environ.get("DDBPLAY_ENDPOINT", "http://127.0.0.1:8000")
TABLE = "commerce-main"


def client():
    return boto3.client(
        "dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
    )


@pytest.fixture(scope="module")
def table():
    ddb = client()
    keys = lambda pk, sk: [{"AttributeName": pk, "KeyType": "HASH"}, {"AttributeName": sk, "KeyType": "RANGE"}]
    ddb.create_table(
        TableName=TABLE,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ["PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK"]],
        KeySchema=keys("PK", "SK"),
        GlobalSecondaryIndexes=[
            {"IndexName": "GSI1", "KeySchema": keys("GSI1PK", "GSI1SK"), "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "GSI2", "KeySchema": [{"AttributeName": "GSI2PK", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["total"]}},
        ],
    )
    ddb.get_waiter("table_exists").wait(TableName=TABLE)
    resource = boto3.resource(
        "dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
    )
    t = resource.Table(TABLE)
    t.put_item(Item={"PK": "CUST#c1", "SK": "PROFILE", "name": "Ada"})
    for order_id, date, status in [("o1", "2024-07-15", "PENDING"), ("o2", "2024-06-02", "PENDING"), ("o3", "2024-07-20", "SHIPPED")]:
        item = {"PK": "CUST#c1", "SK": f"ORDER#{date}#{order_id}", "GSI1PK": f"STATUS#{status}",
                "GSI1SK": f"{date}#{order_id}", "status": status, "total": 10}
        if status == "PENDING":
            item["GSI2PK"] = f"ORDER#{order_id}"
        t.put_item(Item=item)
    for line in ["ITEM#p2", "ITEM#p1", "META"]:
        t.put_item(Item={"PK": "ORDER#o1", "SK": line})
    return t


def test_lists_and_describes_the_table(table):
    ddb = client()
    assert TABLE in ddb.list_tables()["TableNames"]
    description = ddb.describe_table(TableName=TABLE)["Table"]
    assert description["TableStatus"] == "ACTIVE"
    assert description["ItemCount"] == 7
    assert {i["IndexName"] for i in description["GlobalSecondaryIndexes"]} == {"GSI1", "GSI2"}


def test_customer_orders_newest_first(table):
    r = table.query(KeyConditionExpression=Key("PK").eq("CUST#c1") & Key("SK").begins_with("ORDER#"),
                    ScanIndexForward=False, ReturnConsumedCapacity="TOTAL")
    assert [i["SK"][-2:] for i in r["Items"]] == ["o3", "o1", "o2"]
    assert r["ConsumedCapacity"]["CapacityUnits"] == 0.5


def test_order_items_sort_before_meta(table):
    r = table.query(KeyConditionExpression=Key("PK").eq("ORDER#o1"))
    assert [i["SK"] for i in r["Items"]] == ["ITEM#p1", "ITEM#p2", "META"]


def test_pending_orders_in_july_through_the_overloaded_index(table):
    r = table.query(IndexName="GSI1",
                    KeyConditionExpression=Key("GSI1PK").eq("STATUS#PENDING") & Key("GSI1SK").begins_with("2024-07"))
    assert [i["SK"] for i in r["Items"]] == ["ORDER#2024-07-15#o1"]


def test_sparse_index_holds_only_open_orders_and_fulfilment_removes_them(table):
    assert client().scan(TableName=TABLE, IndexName="GSI2", Select="COUNT")["Count"] == 2
    r = table.update_item(
        Key={"PK": "CUST#c1", "SK": "ORDER#2024-06-02#o2"},
        UpdateExpression="SET GSI1PK = :shipped, #s = :s REMOVE GSI2PK",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":shipped": "STATUS#SHIPPED", ":s": "SHIPPED"},
        ReturnConsumedCapacity="INDEXES",
    )
    capacity = r["ConsumedCapacity"]
    assert capacity["CapacityUnits"] == 4.0
    assert capacity["GlobalSecondaryIndexes"] == {"GSI1": {"CapacityUnits": 2.0}, "GSI2": {"CapacityUnits": 1.0}}
    assert client().scan(TableName=TABLE, IndexName="GSI2", Select="COUNT")["Count"] == 1


def test_scan_with_filter_reads_everything(table):
    r = table.scan(FilterExpression=Attr("status").eq("PENDING"), ReturnConsumedCapacity="TOTAL")
    # Every item is read (and paid for) to return the one order still PENDING.
    assert (r["ScannedCount"], r["Count"], len(r["Items"])) == (7, 1, 1)
    assert r["ConsumedCapacity"] == {"TableName": TABLE, "CapacityUnits": 0.5}


def test_errors_are_dynamodbs(table):
    with pytest.raises(ClientError) as error:
        client().query(TableName=TABLE, KeyConditionExpression="PK = :p AND status = :s",
                       ExpressionAttributeValues={":p": {"S": "x"}, ":s": {"S": "y"}})
    assert error.value.response["Error"]["Code"] == "ValidationException"
    assert error.value.response["Error"]["Message"] == \
        "Invalid KeyConditionExpression: Attribute name is a reserved keyword; reserved keyword: status"
    with pytest.raises(client().exceptions.ResourceNotFoundException):
        client().get_item(TableName="missing-table", Key={"PK": {"S": "x"}})
    with pytest.raises(client().exceptions.ConditionalCheckFailedException):
        table.put_item(Item={"PK": "CUST#c1", "SK": "PROFILE"}, ConditionExpression="attribute_not_exists(PK)")


def test_batches_through_boto3_batch_writer_and_batch_get(table):
    # boto3's batch_writer sends BatchWriteItem in groups of 25 and retries
    # UnprocessedItems, exactly as against DynamoDB.
    with table.batch_writer() as batch:
        for i in range(60):
            batch.put_item(Item={"PK": f"BATCH#{i // 10}", "SK": f"ITEM#{i:03d}", "n": i})
    ddb = client()
    keys = [{"PK": {"S": f"BATCH#{i // 10}"}, "SK": {"S": f"ITEM#{i:03d}"}} for i in range(0, 60, 7)]
    got = ddb.batch_get_item(RequestItems={TABLE: {"Keys": keys, "ConsistentRead": True}},
                             ReturnConsumedCapacity="TOTAL")
    assert len(got["Responses"][TABLE]) == len(keys)
    assert got["UnprocessedKeys"] == {}
    assert got["ConsumedCapacity"] == [{"TableName": TABLE, "CapacityUnits": float(len(keys))}]
    with pytest.raises(ClientError) as refused:
        ddb.batch_get_item(RequestItems={TABLE: {"Keys": [keys[0], keys[0]]}})
    assert refused.value.response["Error"]["Message"] == "Provided list of item keys contains duplicates"


def test_a_transaction_is_all_or_nothing_through_boto3(table):
    ddb = client()
    table.put_item(Item={"PK": "PRODUCT#p9", "SK": "PRODUCT", "stock": 1})
    def place(order_id, qty):
        return ddb.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": TABLE, "Item": {"PK": {"S": "CUST#c9"}, "SK": {"S": f"ORDER#{order_id}"}},
                         "ConditionExpression": "attribute_not_exists(PK)"}},
                {"Update": {"TableName": TABLE, "Key": {"PK": {"S": "PRODUCT#p9"}, "SK": {"S": "PRODUCT"}},
                            "UpdateExpression": "SET stock = stock - :q", "ConditionExpression": "stock >= :q",
                            "ExpressionAttributeValues": {":q": {"N": str(qty)}}}},
            ],
            ReturnConsumedCapacity="TOTAL",
        )
    placed = place("o90", 1)
    assert placed["ConsumedCapacity"][0]["WriteCapacityUnits"] == 4.0
    with pytest.raises(ddb.exceptions.TransactionCanceledException) as cancelled:
        place("o91", 1)
    reasons = [r["Code"] for r in cancelled.value.response["CancellationReasons"]]
    assert reasons == ["None", "ConditionalCheckFailed"]
    assert "Item" not in table.get_item(Key={"PK": "CUST#c9", "SK": "ORDER#o91"})
    got = ddb.transact_get_items(TransactItems=[
        {"Get": {"TableName": TABLE, "Key": {"PK": {"S": "PRODUCT#p9"}, "SK": {"S": "PRODUCT"}}}},
        {"Get": {"TableName": TABLE, "Key": {"PK": {"S": "CUST#c9"}, "SK": {"S": "ORDER#o91"}}}},
    ])
    assert got["Responses"][0]["Item"]["stock"] == {"N": "0"}
    assert got["Responses"][1] == {}


def test_a_streams_consumer_written_for_dynamodb_reads_every_change():
    ddb = client()
    streams = boto3.client(
        "dynamodbstreams", endpoint_url=ENDPOINT, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
    )
    ddb.create_table(
        TableName="events", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )
    arn = ddb.describe_table(TableName="events")["Table"]["LatestStreamArn"]
    ddb.put_item(TableName="events", Item={"pk": {"S": "e1"}, "n": {"N": "1"}})
    ddb.update_item(TableName="events", Key={"pk": {"S": "e1"}}, UpdateExpression="SET n = :two",
                    ExpressionAttributeValues={":two": {"N": "2"}})
    ddb.delete_item(TableName="events", Key={"pk": {"S": "e1"}})
    assert [s["StreamArn"] for s in streams.list_streams(TableName="events")["Streams"]] == [arn]
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard, ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    page = streams.get_records(ShardIterator=iterator)
    records = page["Records"]
    assert [r["eventName"] for r in records] == ["INSERT", "MODIFY", "REMOVE"]
    assert records[1]["dynamodb"]["OldImage"]["n"] == {"N": "1"}
    assert records[1]["dynamodb"]["NewImage"]["n"] == {"N": "2"}
    # Reading on from where the page ended finds nothing new, then the next change.
    ddb.put_item(TableName="events", Item={"pk": {"S": "e2"}})
    more = streams.get_records(ShardIterator=page["NextShardIterator"])["Records"]
    assert [r["dynamodb"]["Keys"]["pk"]["S"] for r in more] == ["e2"]


def test_legacy_parameters_work_as_older_sdk_code_sends_them(table):
    """Pre-expression parameters, as DynamoDBMapper-era code and old tutorials write them."""
    ddb = client()
    # A create-only put with Expected.
    ddb.put_item(TableName=TABLE, Item={"PK": {"S": "LEGACY#1"}, "SK": {"S": "A"}, "n": {"N": "1"}},
                 Expected={"PK": {"Exists": False}})
    with pytest.raises(ClientError) as refused:
        ddb.put_item(TableName=TABLE, Item={"PK": {"S": "LEGACY#1"}, "SK": {"S": "A"}},
                     Expected={"PK": {"Exists": False}})
    assert refused.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
    # AttributeUpdates, guarded by Expected.
    updated = ddb.update_item(
        TableName=TABLE, Key={"PK": {"S": "LEGACY#1"}, "SK": {"S": "A"}},
        AttributeUpdates={"n": {"Action": "ADD", "Value": {"N": "2"}}, "tags": {"Action": "PUT", "Value": {"SS": ["a"]}}},
        Expected={"n": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "1"}]}},
        ReturnValues="ALL_NEW")
    assert updated["Attributes"]["n"] == {"N": "3"}
    # KeyConditions, QueryFilter and AttributesToGet.
    result = ddb.query(
        TableName=TABLE,
        KeyConditions={"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "CUST#c1"}]},
                       "SK": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "ORDER#"}]}},
        QueryFilter={"status": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "PENDING"}]}},
        AttributesToGet=["SK", "status"], ReturnConsumedCapacity="TOTAL")
    modern = ddb.query(
        TableName=TABLE, KeyConditionExpression="PK = :pk AND begins_with(SK, :order)",
        FilterExpression="#s = :pending", ProjectionExpression="SK, #s",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":pk": {"S": "CUST#c1"}, ":order": {"S": "ORDER#"}, ":pending": {"S": "PENDING"}},
        ReturnConsumedCapacity="TOTAL")
    assert result["Items"] == modern["Items"]
    assert (result["Count"], result["ScannedCount"]) == (modern["Count"], modern["ScannedCount"])
    # c1's three orders are read; o1 alone is still PENDING (the fulfilment test shipped o2).
    assert (result["ScannedCount"], result["Count"]) == (3, 1)
    assert all(set(item) == {"SK", "status"} for item in result["Items"])
    assert result["ConsumedCapacity"] == modern["ConsumedCapacity"] == {"TableName": TABLE, "CapacityUnits": 0.5}
    scanned = ddb.scan(TableName=TABLE, ScanFilter={"n": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "2"}]}})
    by_expression = ddb.scan(TableName=TABLE, FilterExpression="n > :two", ExpressionAttributeValues={":two": {"N": "2"}})
    assert scanned["Items"] == by_expression["Items"]
    assert {"PK": {"S": "LEGACY#1"}, "SK": {"S": "A"}, "n": {"N": "3"}, "tags": {"SS": ["a"]}} in scanned["Items"]
    # Mixing both kinds is refused with DynamoDB's message.
    with pytest.raises(ClientError) as mixed:
        ddb.scan(TableName=TABLE, ScanFilter={"n": {"ComparisonOperator": "NOT_NULL"}}, ProjectionExpression="PK")
    assert mixed.value.response["Error"]["Message"] == (
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {ScanFilter} Expression parameters: {ProjectionExpression}")


def test_partiql_statements_run_as_the_requests_they_become(table):
    """PartiQL as the AWS console and the SDKs send it: writes, a SELECT
    served by a Query, one that is a Scan, a batch and a transaction."""
    ddb = client()
    ddb.execute_statement(Statement=f"INSERT INTO \"{TABLE}\" VALUE {{'PK': 'PQL#1', 'SK': 'A', 'n': 1}}")
    with pytest.raises(ClientError) as duplicate:
        ddb.execute_statement(Statement=f"INSERT INTO \"{TABLE}\" VALUE {{'PK': 'PQL#1', 'SK': 'A'}}")
    assert duplicate.value.response["Error"]["Code"] == "DuplicateItemException"
    assert duplicate.value.response["Error"]["Message"] == "Duplicate primary key exists in table"
    updated = ddb.execute_statement(
        Statement=f"UPDATE \"{TABLE}\" SET n = n + ? WHERE PK = ? AND SK = ? RETURNING ALL NEW *",
        Parameters=[{"N": "2"}, {"S": "PQL#1"}, {"S": "A"}])
    assert updated["Items"] == [{"PK": {"S": "PQL#1"}, "SK": {"S": "A"}, "n": {"N": "3"}}]
    keyed = ddb.execute_statement(
        Statement=f"SELECT SK, total FROM \"{TABLE}\" WHERE PK = 'CUST#c1' AND begins_with(SK, 'ORDER#')",
        ReturnConsumedCapacity="TOTAL")
    query = ddb.query(
        TableName=TABLE, KeyConditionExpression="PK = :pk AND begins_with(SK, :o)",
        ExpressionAttributeValues={":pk": {"S": "CUST#c1"}, ":o": {"S": "ORDER#"}},
        ProjectionExpression="SK, #t", ExpressionAttributeNames={"#t": "total"}, ReturnConsumedCapacity="TOTAL")
    assert keyed["Items"] == query["Items"]
    assert keyed["ConsumedCapacity"] == query["ConsumedCapacity"] == {"TableName": TABLE, "CapacityUnits": 0.5}
    scanned = ddb.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\" WHERE n = 3", ReturnConsumedCapacity="TOTAL")
    scan = ddb.scan(TableName=TABLE, ReturnConsumedCapacity="TOTAL")
    assert {"PK": {"S": "PQL#1"}, "SK": {"S": "A"}, "n": {"N": "3"}} in scanned["Items"]
    assert scanned["ConsumedCapacity"] == scan["ConsumedCapacity"]
    on_index = ddb.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\".\"GSI1\" WHERE GSI1PK = 'STATUS#PENDING'")
    index_query = ddb.query(TableName=TABLE, IndexName="GSI1", KeyConditionExpression="GSI1PK = :s",
                            ExpressionAttributeValues={":s": {"S": "STATUS#PENDING"}})
    assert on_index["Items"] == index_query["Items"]
    assert [i["GSI1SK"]["S"] for i in on_index["Items"]] == ["2024-07-15#o1"]
    batch = ddb.batch_execute_statement(Statements=[
        {"Statement": f"SELECT n FROM \"{TABLE}\" WHERE PK = 'PQL#1' AND SK = 'A'"},
        {"Statement": f"SELECT * FROM \"{TABLE}\" WHERE PK = 'PQL#1'"},
    ])
    assert batch["Responses"][0] == {"TableName": TABLE, "Item": {"n": {"N": "3"}}}
    assert batch["Responses"][1]["Error"]["Code"] == "ValidationError"
    with pytest.raises(ClientError) as cancelled:
        ddb.execute_transaction(TransactStatements=[
            {"Statement": f"INSERT INTO \"{TABLE}\" VALUE {{'PK': 'PQL#2', 'SK': 'A'}}"},
            {"Statement": f"UPDATE \"{TABLE}\" SET n = 0 WHERE PK = 'PQL#1' AND SK = 'A' AND n = 99"},
        ])
    assert cancelled.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert [r["Code"] for r in cancelled.value.response["CancellationReasons"]] == ["None", "ConditionalCheckFailed"]
    gone = ddb.execute_statement(Statement=f"SELECT * FROM \"{TABLE}\" WHERE PK = 'PQL#2' AND SK = 'A'")
    assert gone["Items"] == []
    ddb.execute_statement(Statement=f"DELETE FROM \"{TABLE}\" WHERE PK = 'PQL#1' AND SK = 'A'")


def test_each_answer_has_its_own_request_id_and_the_crc32_botocore_checks(table):
    import re
    import zlib

    ddb = client()
    seen = []

    def capture(http_response, **_):
        seen.append((http_response.headers, http_response.content))

    ddb.meta.events.register("after-call.dynamodb", lambda **kw: capture(kw["http_response"]))
    ddb.get_item(TableName=TABLE, Key={"PK": {"S": "CUST#c1"}, "SK": {"S": "PROFILE"}})
    ddb.get_item(TableName=TABLE, Key={"PK": {"S": "CUST#c1"}, "SK": {"S": "PROFILE"}})
    with pytest.raises(ClientError):
        ddb.describe_table(TableName="no-such-table")
    # Pages, whose CRC is put together from their items' kept texts: the
    # first Query writes them, the second copies them, the Scan stops
    # early, the count has no items.
    for _ in range(2):
        ddb.query(TableName=TABLE, KeyConditionExpression="PK = :pk",
                  ExpressionAttributeValues={":pk": {"S": "CUST#c1"}})
    ddb.scan(TableName=TABLE, Limit=2)
    ddb.query(TableName=TABLE, KeyConditionExpression="PK = :pk", Select="COUNT",
              ExpressionAttributeValues={":pk": {"S": "CUST#c1"}})
    assert len(seen) == 7
    assert b'"Items":[{' in seen[4][1] and b'"LastEvaluatedKey"' in seen[5][1]
    ids = [headers["x-amzn-requestid"] for headers, _ in seen]
    assert all(re.fullmatch(r"[0-9A-Z]{52}", i) for i in ids), ids
    assert len(set(ids)) == 7
    # botocore retries an answer whose body does not match, then fails:
    # seven answers, one call each, is also the proof that they matched.
    for headers, body in seen:
        assert headers["x-amz-crc32"] == str(zlib.crc32(body))
    # The request id reaches the caller as DynamoDB's does.
    answer = ddb.list_tables()
    assert len(seen) == 8
    assert answer["ResponseMetadata"]["RequestId"] == seen[7][0]["x-amzn-requestid"]


def test_a_global_index_keyed_on_several_attributes_through_boto3():
    """Create, query page by page, refuse a gap, add another such index later."""
    ddb = client()
    name = "orders-multi"
    attribute = lambda n, t="S": {"AttributeName": n, "AttributeType": t}
    key = lambda n, k: {"AttributeName": n, "KeyType": k}
    ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[attribute("orderId"), attribute("customerId"), attribute("status"), attribute("total", "N")],
        KeySchema=[key("orderId", "HASH")],
        GlobalSecondaryIndexes=[{"IndexName": "ByCustomerStatusTotal",
                                 "KeySchema": [key("customerId", "HASH"), key("status", "RANGE"), key("total", "RANGE")],
                                 "Projection": {"ProjectionType": "ALL"}}],
    )
    described = ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"]
    assert described == [key("customerId", "HASH"), key("status", "RANGE"), key("total", "RANGE")]
    resource = boto3.resource("dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1",
                              aws_access_key_id="any", aws_secret_access_key="any")
    t = resource.Table(name)
    # Totals 9 and 10: numbers sort as numbers, no padding.
    for order_id, status, total in [("o1", "SHIPPED", 10), ("o2", "SHIPPED", 9), ("o3", "PENDING", 100), ("o4", "SHIPPED", 250)]:
        t.put_item(Item={"orderId": order_id, "customerId": "c1", "status": status, "total": total})
    t.put_item(Item={"orderId": "o5", "customerId": "c1", "total": 1})  # no status: not in the index
    paginator = ddb.get_paginator("query")
    pages = paginator.paginate(
        TableName=name, IndexName="ByCustomerStatusTotal",
        KeyConditionExpression="customerId = :c AND #s = :s",
        ExpressionAttributeNames={"#s": "status"},
        ExpressionAttributeValues={":c": {"S": "c1"}, ":s": {"S": "SHIPPED"}},
        PaginationConfig={"PageSize": 2})
    pages = list(pages)
    assert [i["orderId"]["S"] for p in pages for i in p["Items"]] == ["o2", "o1", "o4"]
    assert set(pages[0]["LastEvaluatedKey"]) == {"orderId", "customerId", "status", "total"}
    with pytest.raises(ClientError) as refused:
        t.query(IndexName="ByCustomerStatusTotal",
                KeyConditionExpression=Key("customerId").eq("c1") & Key("total").gt(5))
    assert refused.value.response["Error"]["Message"] == (
        "RANGE key attributes status must have equality conditions specified in the query "
        "because a condition is present on key attribute total")
    # Added later over attributes the items already have: filled at once,
    # partitioned by status and customer together.
    ddb.update_table(
        TableName=name,
        AttributeDefinitions=[attribute("status"), attribute("customerId"), attribute("total", "N")],
        GlobalSecondaryIndexUpdates=[{"Create": {"IndexName": "ByStatusCustomer",
            "KeySchema": [key("status", "HASH"), key("customerId", "HASH"), key("total", "RANGE")],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
    r = t.query(IndexName="ByStatusCustomer",
                KeyConditionExpression=Key("status").eq("SHIPPED") & Key("customerId").eq("c1") & Key("total").lt(50))
    assert [i["orderId"] for i in r["Items"]] == ["o2", "o1"]
    ddb.delete_table(TableName=name)
