"""`ddbplay serve --data DIR`: tables kept across restarts — what a
restart keeps, one server per directory, a server killed with SIGKILL at
random moments under concurrent writes (every acknowledged write there,
every transaction whole or absent, every index equal to the table), and a
log whose tail is torn or whose middle is damaged.

DDBPLAY_BIN names the binary (`cargo xtask test` sets it); CRASH_ROUNDS
sets how many times the server is killed (12 unless told).
"""

import hashlib
import os
import random
import subprocess
import threading
import time

import boto3
import botocore
import pytest

from servers import BINARY, Served, free_port

CRASH_ROUNDS = int(os.environ.get("CRASH_ROUNDS", "12"))


class Server(Served):
    """`ddbplay serve --data DIR` on a free port, its client never retrying."""

    def __init__(self, data, *extra):
        super().__init__("--log", "quiet", "--data", str(data), *extra)
        self.client = client(self.url)


def client(url):
    return boto3.client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        aws_access_key_id="any", aws_secret_access_key="any",
        config=botocore.config.Config(retries={"max_attempts": 0}, read_timeout=10, connect_timeout=2),
    )


def create_table(ddb):
    ddb.create_table(
        TableName="kept", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("PK", "SK", "G")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        GlobalSecondaryIndexes=[{
            "IndexName": "byG", "Projection": {"ProjectionType": "ALL"},
            "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}, {"AttributeName": "PK", "KeyType": "RANGE"}],
        }],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )


def scan_keys(ddb, **extra):
    keys, start = set(), {}
    while True:
        page = ddb.scan(TableName="kept", **extra, **start)
        keys |= {(i["PK"]["S"], i["SK"]["S"]) for i in page["Items"]}
        if "LastEvaluatedKey" not in page:
            return keys
        start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}


def wait_for_snapshot(data):
    """The newest snapshot in `data`, once one is there."""
    deadline = time.time() + 30
    while not (snapshots := sorted(data.glob("snapshot-????????"))):
        assert time.time() < deadline, "no snapshot was taken"
        time.sleep(0.05)
    return snapshots[-1]


@pytest.mark.parametrize("snapshots", [[], ["--snapshot-after", "1K"]], ids=["log", "snapshots"])
def test_a_restart_keeps_tables_items_indexes_streams_ttl_tags_and_tokens(tmp_path, snapshots):
    server = Server(tmp_path, *snapshots)
    ddb = server.client
    create_table(ddb)
    arn = ddb.describe_table(TableName="kept")["Table"]["TableArn"]
    ddb.update_time_to_live(TableName="kept", TimeToLiveSpecification={"Enabled": True, "AttributeName": "ttl"})
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": "course", "Value": "lab-3"}])
    ddb.update_continuous_backups(TableName="kept", PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    for n in range(20):
        ddb.put_item(TableName="kept", Item={"PK": {"S": f"p{n}"}, "SK": {"S": "a"}, "G": {"S": "g"}, "n": {"N": str(n)}})
    bump = dict(TransactItems=[{"Update": {
        "TableName": "kept", "Key": {"PK": {"S": "counter"}, "SK": {"S": "a"}},
        "UpdateExpression": "ADD hits :one", "ExpressionAttributeValues": {":one": {"N": "1"}},
    }}], ClientRequestToken="the-same-token")
    ddb.transact_write_items(**bump)
    ddb.delete_item(TableName="kept", Key={"PK": {"S": "p0"}, "SK": {"S": "a"}})
    stream = ddb.describe_table(TableName="kept")["Table"]["LatestStreamArn"]
    if snapshots:
        wait_for_snapshot(tmp_path)
    server.kill()

    server = Server(tmp_path, *snapshots)
    ddb = server.client
    try:
        table = ddb.describe_table(TableName="kept")["Table"]
        assert table["ItemCount"] == 20
        assert [i["IndexName"] for i in table["GlobalSecondaryIndexes"]] == ["byG"]
        assert table["LatestStreamArn"] == stream
        assert ddb.describe_time_to_live(TableName="kept")["TimeToLiveDescription"] == {
            "TimeToLiveStatus": "ENABLED", "AttributeName": "ttl"}
        assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "course", "Value": "lab-3"}]
        backups = ddb.describe_continuous_backups(TableName="kept")["ContinuousBackupsDescription"]
        assert backups["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"] == "ENABLED"
        assert ddb.query(TableName="kept", IndexName="byG", KeyConditionExpression="G = :g",
                         ExpressionAttributeValues={":g": {"S": "g"}})["Count"] == 19
        # The same token within ten minutes: acknowledged, not applied twice.
        ddb.transact_write_items(**bump)
        counter = ddb.get_item(TableName="kept", Key={"PK": {"S": "counter"}, "SK": {"S": "a"}})["Item"]
        assert counter["hits"] == {"N": "1"}
        streams = boto3.client("dynamodbstreams", endpoint_url=server.url, region_name="us-east-1",
                               aws_access_key_id="any", aws_secret_access_key="any")
        shard = streams.describe_stream(StreamArn=stream)["StreamDescription"]["Shards"][0]["ShardId"]
        iterator = streams.get_shard_iterator(StreamArn=stream, ShardId=shard, ShardIteratorType="TRIM_HORIZON")
        records = streams.get_records(ShardIterator=iterator["ShardIterator"])["Records"]
        assert [r["eventName"] for r in records] == ["INSERT"] * 21 + ["REMOVE"]
    finally:
        stderr = server.stop()
    assert "changes replayed in" in stderr
    if snapshots:
        # The snapshot was read; the logs it covers are gone.
        assert " read, then " in stderr
        base = int(sorted(tmp_path.glob("snapshot-????????"))[-1].name[-8:])
        assert all(int(log.name[-8:]) >= base for log in tmp_path.glob("log-????????"))


def test_a_second_server_on_the_same_directory_is_refused(tmp_path):
    first = Server(tmp_path)
    try:
        second = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--data", str(tmp_path)],
                                capture_output=True, text=True, timeout=30)
        assert second.returncode == 1
        assert f"another ddbplay serve is using {tmp_path}" in second.stderr
    finally:
        first.stop()


def writer(url, number, acknowledged, transactions, stop):
    """Writes until stopped: single items and two-item transactions, each
    noted once acknowledged (an error is a write that may or may not be
    there)."""
    ddb = client(url)
    n = 0
    while not stop.is_set():
        n += 1
        key = f"w{number}-{n}-{random.random():.6f}"
        try:
            if n % 3 == 0:
                ddb.transact_write_items(TransactItems=[
                    {"Put": {"TableName": "kept", "Item": {"PK": {"S": key}, "SK": {"S": side}, "G": {"S": f"g{n % 7}"}}}}
                    for side in ("a", "b")
                ])
                transactions.append(key)
                acknowledged.extend([(key, "a"), (key, "b")])
            else:
                ddb.put_item(TableName="kept", Item={"PK": {"S": key}, "SK": {"S": "a"}, "G": {"S": f"g{n % 7}"},
                                                     "body": {"S": "x" * random.randint(10, 3000)}})
                acknowledged.append((key, "a"))
        except Exception:  # the server was killed: this write is unknown
            return


@pytest.mark.parametrize("sync", ["batch", "always"])
def test_sigkill_under_concurrent_writes_loses_no_acknowledged_write(tmp_path, sync):
    # With batch, a snapshot is due every 64 KB of log: the kills land
    # before, during and after snapshots too.
    options = ["--sync", sync] + (["--snapshot-after", "64K"] if sync == "batch" else [])
    server = Server(tmp_path, *options)
    create_table(server.client)
    acknowledged, transactions = [], []
    rounds = CRASH_ROUNDS if sync == "batch" else max(3, CRASH_ROUNDS // 4)
    for round in range(rounds):
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(server.url, t, acknowledged, transactions, stop))
                   for t in range(6)]
        for t in threads:
            t.start()
        time.sleep(random.uniform(0.2, 1.2))
        server.kill()
        stop.set()
        for t in threads:
            t.join(timeout=30)
        server = Server(tmp_path, *options)
        ddb = server.client
        present = scan_keys(ddb)
        missing = set(acknowledged) - present
        assert not missing, f"round {round}: {len(missing)} acknowledged writes lost"
        acknowledged_transactions = set(transactions)
        halves = {pk for (pk, sk) in present if pk in acknowledged_transactions or sk == "b"}
        for pk in halves:
            assert {(pk, "a"), (pk, "b")} <= present, f"round {round}: transaction {pk} is half there"
        assert scan_keys(ddb, IndexName="byG") == present, f"round {round}: the index differs from the table"
    server.stop()
    print(f"\n{sync}: {rounds} kills, {len(acknowledged)} acknowledged writes, "
          f"{len(transactions)} transactions, {len(present)} items kept, "
          f"{len(list(tmp_path.glob('snapshot-*')))} snapshot(s) and {len(list(tmp_path.glob('log-*')))} log(s) left")


def test_a_torn_tail_is_cut_off_and_damage_in_the_middle_stops_the_start(tmp_path):
    server = Server(tmp_path)
    create_table(server.client)
    for n in range(5):
        server.client.put_item(TableName="kept", Item={"PK": {"S": f"p{n}"}, "SK": {"S": "a"}, "G": {"S": "g"}})
    server.stop()
    log = tmp_path / "log-00000000"
    whole = log.read_bytes()
    # A crash in the middle of an append: half a record at the end.
    log.write_bytes(whole + b"\x40\x00\x00\x00\x01\x02\x03\x04half a rec")
    server = Server(tmp_path)
    assert len(scan_keys(server.client)) == 5
    stderr = server.stop()
    assert f"the last record, at byte {len(whole)} (18 bytes), is not whole — it is cut short" in stderr
    assert log.read_bytes() == whole

    # One flipped bit in the second record, with whole records after it.
    damaged = bytearray(whole)
    second = 16 + 8 + int.from_bytes(whole[16:20], "little")
    damaged[second + 20] ^= 0x04
    log.write_bytes(bytes(damaged))
    before = hashlib.sha256(log.read_bytes()).hexdigest()
    start = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--data", str(tmp_path)],
                           capture_output=True, text=True, timeout=30)
    assert start.returncode == 1
    assert start.stderr == (
        f"ddbplay: --data: {log} is damaged at byte {second} (record 2): its checksum does not match, "
        "and whole records follow it. Nothing was changed; the server does not start on a log it would "
        "have to guess at\n"
    )
    assert hashlib.sha256(log.read_bytes()).hexdigest() == before


def test_a_loaded_playground_is_kept_and_a_second_load_on_the_same_directory_refused(tmp_path):
    lesson = ("--clock", "2024-06-01T00:00:00Z")
    server = Server(tmp_path, "--load", "commerce", *lesson)
    server.client.put_item(TableName="commerce-main", Item={"PK": {"S": "NOTE#1"}, "SK": {"S": "NOTE#1"}})
    server.kill()
    server = Server(tmp_path, *lesson)
    try:
        assert server.client.scan(TableName="commerce-main", Select="COUNT")["Count"] == 893
    finally:
        server.stop()
    again = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--data", str(tmp_path), "--load", "commerce"],
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 1
    assert f"ddbplay: --data: {tmp_path} already holds 2 changes: --load starts a new data directory, give an empty one" in again.stderr


def test_a_damaged_snapshot_stops_the_start_and_changes_nothing(tmp_path):
    server = Server(tmp_path, "--snapshot-after", "1K")
    create_table(server.client)
    for n in range(40):
        server.client.put_item(TableName="kept", Item={"PK": {"S": f"p{n}"}, "SK": {"S": "a"}, "G": {"S": "g"}})
    snapshot = wait_for_snapshot(tmp_path)
    server.stop()
    snapshot = sorted(tmp_path.glob("snapshot-????????"))[-1]
    damaged = bytearray(snapshot.read_bytes())
    damaged[16 + 8 + 1] ^= 0x01  # inside the first part
    snapshot.write_bytes(bytes(damaged))
    files = lambda: {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in tmp_path.iterdir()}
    before = files()
    start = subprocess.run([BINARY, "serve", "--port", str(free_port()), "--data", str(tmp_path)],
                           capture_output=True, text=True, timeout=30)
    assert start.returncode == 1
    assert start.stderr == (
        f"ddbplay: --data: {snapshot} is damaged at byte 16 (part 1): its checksum does not match. "
        "Nothing was changed; the server does not start on a snapshot it would have to guess at\n"
    )
    assert files() == before


def test_a_directory_from_before_snapshots_is_read_and_carried_on(tmp_path):
    server = Server(tmp_path)
    create_table(server.client)
    server.client.put_item(TableName="kept", Item={"PK": {"S": "old"}, "SK": {"S": "a"}, "G": {"S": "g"}})
    server.stop()
    (tmp_path / "log-00000000").rename(tmp_path / "log")
    server = Server(tmp_path)
    try:
        assert scan_keys(server.client) == {("old", "a")}
    finally:
        server.stop()
    assert sorted(f.name for f in tmp_path.iterdir()) == ["lock", "log-00000000"]
