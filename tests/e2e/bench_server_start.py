"""What a start of `ddbplay serve --data` costs with ITEMS items of about
1 KB (1,000,000 unless told): the time from starting the server to its
first answer, when the state is in a log of PutItems to replay, and when
it is in a snapshot. Prints every round and the median of ROUNDS (5).

    cargo build --release -p ddbplay && python3 tests/e2e/bench_server_start.py

The data directory is written directly in the log's format (header, then
`[length][CRC32][kind, clock, operation, body]` records), as a server
would have written it for a CreateTable and ITEMS PutItems; the first
start replays it and seals it for a snapshot, which is waited for before
the rounds that start from the snapshot. Cold rounds (the page cache
emptied first) run only as root.
"""

import http.client
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from servers import free_port

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.environ.get("DDBPLAY_BIN", str(ROOT / "target" / "release" / "ddbplay"))
ITEMS = int(os.environ.get("ITEMS", "1000000"))
ROUNDS = int(os.environ.get("ROUNDS", "5"))


def record(clock, operation, body):
    payload = b"\x01" + struct.pack("<d", clock) + struct.pack("<H", len(operation)) + operation.encode() + body
    return struct.pack("<II", len(payload), zlib.crc32(payload)) + payload


def write_log(path):
    create = {
        "TableName": "bench", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"} for n in ("PK", "SK", "G")],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        "GlobalSecondaryIndexes": [{"IndexName": "byG", "Projection": {"ProjectionType": "KEYS_ONLY"},
                                    "KeySchema": [{"AttributeName": "G", "KeyType": "HASH"}]}],
    }
    with open(path, "wb", buffering=1 << 20) as out:
        out.write(b"ddbplay log v1\n\0")
        out.write(record(1_700_000_000.0, "CreateTable", json.dumps(create).encode()))
        for n in range(ITEMS):
            item = (b'{"TableName":"bench","Item":{"PK":{"S":"customer#%d"},"SK":{"S":"order#%08d"},'
                    b'"G":{"S":"g%d"},"total":{"N":"%d.25"},"body":{"S":"%s"}}}'
                    % (n // 10, n, n % 100, n, b"x" * 900))
            out.write(record(1_700_000_001.0 + n / 1000, "PutItem", item))


def started(data):
    """Seconds from starting the server to its first answer, and its stderr."""
    port = free_port()
    begun = time.perf_counter()
    process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--log", "quiet", "--data", str(data)],
                               stderr=subprocess.PIPE, text=True)
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            connection.request("POST", "/", body="{}", headers={
                "X-Amz-Target": "DynamoDB_20120810.ListTables",
                "Content-Type": "application/x-amz-json-1.0",
                "Authorization": "AWS4-HMAC-SHA256 Credential=a/20240101/us-east-1/dynamodb/aws4_request, "
                                 "SignedHeaders=host, Signature=0"})
            assert connection.getresponse().status == 200
            break
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
            assert process.poll() is None, process.stderr.read()
            time.sleep(0.005)
    elapsed = time.perf_counter() - begun
    return elapsed, process


def stop(process):
    process.send_signal(2)
    return process.communicate(timeout=600)[1]


def drop_caches():
    if os.geteuid() != 0:
        return False
    subprocess.run(["sync"], check=True)
    Path("/proc/sys/vm/drop_caches").write_text("3\n")
    return True


def report(name, runs):
    print(f"{name}: median {statistics.median(runs):.2f} s, spread {min(runs):.2f}–{max(runs):.2f} s, "
          f"rounds {' '.join(f'{r:.2f}' for r in runs)}", flush=True)


def main():
    data = Path(tempfile.mkdtemp(prefix="ddbplay-start-"))
    try:
        write_log(data / "log-00000000")
        size = (data / "log-00000000").stat().st_size
        print(f"{ITEMS:,} PutItems of ~1 KB: a log of {size:,} bytes", flush=True)
        backup = data.parent / (data.name + "-log")
        shutil.copytree(data, backup)
        from_log = []
        for _ in range(ROUNDS):
            shutil.rmtree(data)
            shutil.copytree(backup, data)
            elapsed, process = started(data)
            from_log.append(elapsed)
            stop(process)
        report("start replaying the log", from_log)
        # Once more, and wait for the snapshot the start asked for.
        shutil.rmtree(data)
        shutil.copytree(backup, data)
        _, process = started(data)
        deadline = time.time() + 600
        while not list(data.glob("snapshot-????????")):
            assert time.time() < deadline, "no snapshot"
            time.sleep(0.1)
        while any(data.glob("log-00000000")):
            time.sleep(0.1)
        stderr = stop(process)
        print(next(line for line in stderr.splitlines() if "written (" in line), flush=True)
        snapshot = sorted(data.glob("snapshot-????????"))[-1]
        print(f"snapshot: {snapshot.stat().st_size:,} bytes", flush=True)
        warm = []
        for _ in range(ROUNDS):
            elapsed, process = started(data)
            warm.append(elapsed)
            stop(process)
        report("start reading the snapshot (warm cache)", warm)
        if drop_caches():
            cold = []
            for _ in range(ROUNDS):
                drop_caches()
                elapsed, process = started(data)
                cold.append(elapsed)
                stop(process)
            report("start reading the snapshot (cold cache)", cold)
        shutil.rmtree(backup)
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
