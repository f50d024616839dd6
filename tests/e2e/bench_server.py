"""Server processor time per request of `ddbplay serve`, measured with
boto3 as the client, and against Dynoxide's when Dynoxide is installed.

Loads one partition of 100 items of ~1 KB, runs the Query that returns all
of them many times, and divides the processor time the server process used
(user + system, every thread, from /proc) by the number of requests. HTTP,
JSON decoding and encoding and the engine are all inside that figure (the
handler alone, without HTTP, is `cargo bench -p ddbplay-engine --features
fast-json --bench api`). Five rounds; their median and spread.

When Dynoxide is found (DYNOXIDE_BIN, else `dynoxide` on the PATH, else
~/.cargo/bin/dynoxide), it is started on a free port and measured the same
way, and so is each server's per-request floor: a GetItem of a missing key,
which pays for HTTP, the signature and JSON in and out and nothing else.
The ratio printed is ddbplay's Query time above its floor against
Dynoxide's, round by round (`bench_server_peer.py` measures the whole
commerce load side by side).

Usage: bench_server.py ENDPOINT SERVER_PID [REQUESTS] [ROUNDS]
"""

import json
import os
import subprocess
import sys
import time

from servers import Served, client as connect, dynoxide_binary, dynoxide_command

ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """The process's processor time so far, user + system, every thread."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def prepare(client):
    """The table with its one partition of 100 items; the Query reading it."""
    client.create_table(TableName="bench", BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                              {"AttributeName": "SK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    for i in range(100):
        client.put_item(TableName="bench", Item={
            "PK": {"S": "CUST#1"}, "SK": {"S": f"ORDER#{i:04}"}, "status": {"S": "SHIPPED"},
            "total": {"N": f"{i}.99"}, "notes": {"S": "n" * 900},
        })
    query = dict(TableName="bench", KeyConditionExpression="PK = :pk",
                 ExpressionAttributeValues={":pk": {"S": "CUST#1"}}, ReturnConsumedCapacity="TOTAL")
    for _ in range(200):
        client.query(**query)
    return query


def per_request(pid, send, requests):
    """Microseconds of the server's processor time per request, and
    milliseconds of round trip, over `requests` of `send`."""
    start_cpu, start_wall = cpu_seconds(pid), time.perf_counter()
    for _ in range(requests):
        send()
    used, wall = cpu_seconds(pid) - start_cpu, time.perf_counter() - start_wall
    return used / requests * 1e6, wall / requests * 1e3


def measure(endpoint, pid, requests, rounds, with_floor):
    """Per round: the Query's processor time, its round trip and, when
    asked, the floor's processor time."""
    client = connect(endpoint)
    query = prepare(client)

    def send_query():
        assert client.query(**query)["Count"] == 100

    def send_floor():
        client.get_item(TableName="bench", Key={"PK": {"S": "none"}, "SK": {"S": "none"}})

    runs = []
    for _ in range(rounds):
        cpu, round_trip = per_request(pid, send_query, requests)
        floor = per_request(pid, send_floor, requests)[0] if with_floor else None
        runs.append((cpu, round_trip, floor))
    return runs


def spread(values):
    values = sorted(values)
    return values[len(values) // 2], values[0], values[-1]


def main():
    endpoint, pid = sys.argv[1], int(sys.argv[2])
    requests = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    peer = dynoxide_binary()
    ours = measure(endpoint, pid, requests, rounds, with_floor=peer is not None)
    cpu = [run[0] for run in ours]
    round_trip = [run[1] for run in ours]
    if os.environ.get("DDBPLAY_BENCH_OUT"):
        # Reported to `cargo xtask bench`, which writes docs/performance.md.
        with open(os.environ["DDBPLAY_BENCH_OUT"], "a") as out:
            for figure, runs in (("server/query_100_cpu", [us / 1000 for us in cpu]),
                                 ("server/query_100_round_trip", round_trip)):
                out.write(json.dumps({"id": figure, "unit": "ms", "runs": sorted(runs)}) + "\n")
    median, least, most = spread(cpu)
    print(f"server: Query returning 100 items of ~1 KB: {median:.0f} us of server processor time per request, "
          f"median of {rounds} rounds of {requests}, {least:.0f}-{most:.0f} "
          f"({spread(round_trip)[0]:.2f} ms round trip with boto3)")
    if peer is None:
        print("server: Dynoxide is not installed; no ratio (cargo install dynoxide-rs --locked "
              "--no-default-features --features native-sqlite,http-server,cli)")
        return
    served = Served(command=dynoxide_command(peer), name="dynoxide", stderr=subprocess.DEVNULL)
    try:
        theirs = measure(served.url, served.process.pid, requests, rounds, with_floor=True)
    finally:
        served.kill()
    for name, runs in (("ddbplay", ours), ("dynoxide", theirs)):
        query, floor = spread([run[0] for run in runs])[0], spread([run[2] for run in runs])[0]
        print(f"server: {name}: {query:.0f} us per Query, floor {floor:.0f} us, {query - floor:.0f} us above it")
    ratios = [max(a[0] - a[2], 0.0) / max(b[0] - b[2], 1e-9) for a, b in zip(ours, theirs)]
    median, least, most = spread(ratios)
    print(f"server: ddbplay's Query above its floor against Dynoxide's: {median:.3f}x "
          f"({least:.3f}-{most:.3f}, {rounds} rounds of {requests})")


main()
