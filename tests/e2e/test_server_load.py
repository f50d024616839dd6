"""`ddbplay serve --load`: a server that starts with a playground's table
and items, from a share link or a `.ddbplay.json` file, as the page opens
them — here the committed link of format 5 (the commerce example); and
`ddbplay export-playground`, which writes a served table back as a file.

DDBPLAY_BIN names the binary (`cargo xtask test` sets it).
"""

import json
import subprocess

from servers import BINARY, ROOT, Served, free_port

LINK = (ROOT / "web" / "src" / "share" / "testdata" / "link-v5.txt").read_text().strip()


class Server(Served):
    """`ddbplay serve --load SOURCE` on a free port, on the lesson's clock
    (the carts' time to live runs out in the second half of 2024: by
    today's clock the server would delete all 24 as it starts)."""

    def __init__(self, source):
        super().__init__("--log", "quiet", "--load", source, "--clock", "2024-06-01T00:00:00Z")
        self.endpoint = self.url


def test_a_link_loads_its_table_and_items_and_boto3_queries_them():
    server = Server(f"https://example.org/ddbplay/#{LINK}")
    ddb = server.client
    try:
        assert ddb.list_tables()["TableNames"] == ["commerce-main"]
        lines = ddb.query(
            TableName="commerce-main", KeyConditionExpression="PK = :pk",
            ExpressionAttributeValues={":pk": {"S": "ORDER#o68"}}, ReturnConsumedCapacity="TOTAL",
        )
        # The page's own numbers for "An order's lines, in one request".
        assert (lines["Count"], lines["ScannedCount"], lines["ConsumedCapacity"]["CapacityUnits"]) == (3, 3, 0.5)
        assert ddb.scan(TableName="commerce-main", Select="COUNT")["Count"] == 892
        assert ddb.describe_table(TableName="commerce-main")["Table"]["StreamSpecification"]["StreamViewType"] == "NEW_AND_OLD_IMAGES"
    finally:
        stderr = server.stop()
    assert "ddbplay: loaded the table commerce-main with 892 items" in stderr


def test_a_served_table_exported_as_a_playground_file_loads_again_whole(tmp_path):
    first = Server(f"#{LINK}")
    try:
        exported = tmp_path / "commerce.ddbplay.json"
        done = subprocess.run(
            [BINARY, "export-playground", "--endpoint", first.endpoint,
             "--table", "commerce-main", "--out", str(exported)],
            capture_output=True, text=True, timeout=60,
        )
        assert done.returncode == 0, done.stderr
        before = first.client.scan(TableName="commerce-main")["Items"]
    finally:
        first.stop()
    assert json.loads(exported.read_text())["format"] == "ddbplay playground"
    second = Server(str(exported))
    try:
        after = second.client.scan(TableName="commerce-main")["Items"]
        assert len(after) == 892
        assert after == before
    finally:
        second.stop()
    missing = subprocess.run(
        [BINARY, "export-playground", "--endpoint", second.endpoint, "--table", "commerce-main"],
        capture_output=True, text=True, timeout=60,
    )
    assert missing.returncode == 1


def test_what_cannot_be_loaded_stops_the_start_with_the_reason():
    done = subprocess.run(
        [BINARY, "serve", "--port", str(free_port()), "--load", "#play=5.AAAA"],
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("ddbplay: --load: the link: it is damaged"), done.stderr
