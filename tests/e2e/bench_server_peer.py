"""`ddbplay serve` side by side with Dynoxide, the strongest peer, on the
commerce load, both driven by boto3 in one run.

The load, on a table keyed PK/SK with no indexes, paying per request:

1. **load**: 20,200 items of ~1 KB (200 customers, each a profile and 100
   orders) written by BatchWriteItem, 25 at a time (808 requests), into
   an empty table;
2. **query**: 200 Queries, each reading one customer's 100 orders;
3. **scan**: 10 Scans of the whole table with a filter, every page.

For each server and step: the processor time the server process spent
(user + system, every thread, from /proc) over the step, less its
per-request floor times the step's requests — the floor being what one
GetItem of a missing key costs it (HTTP, signature, JSON in and out:
what any request pays), measured over 5,000 of them first. What is left
is what the step's work costs the server (the load is run three times,
into three empty tables, the Queries ten times and the Scans three, and
their time divided, for precision); the ratio is ddbplay's against
Dynoxide's. Processor time is read to the nanosecond from each thread's
schedstat, or, when a thread ended during a step (its time would be
lost), from the process's counts in hundredths of a second. Five rounds
in a full run, each with both servers started fresh; medians and
spreads. Reported to `cargo xtask bench` when DDBPLAY_BENCH_OUT is set.

Usage: bench_server_peer.py DDBPLAY_BINARY DYNOXIDE_BINARY [ROUNDS]
"""

import json
import os
import subprocess
import sys

from servers import Served, dynoxide_command

ddbplay_binary, dynoxide_binary = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
ticks = os.sysconf("SC_CLK_TCK")
CUSTOMERS, ORDERS, FLOOR_REQUESTS = 200, 100, 5000


def processor_time(served):
    """What the server process has spent on the processor so far: each live
    thread's time in nanoseconds (schedstat), and the whole process's,
    ended threads included, in clock ticks (user + system)."""
    pid = served.process.pid
    threads = {}
    for thread in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{thread}/schedstat") as schedstat:
                threads[thread] = int(schedstat.read().split()[0]) / 1e9
        except OSError:
            pass  # ended between the listing and the read
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return threads, (int(fields[11]) + int(fields[12])) / ticks


def seconds_between(before, after):
    """The processor time spent between two readings: to the nanosecond
    when every thread of the first lived to the second (a thread started
    in between spent all its time in between), else in clock ticks."""
    (threads_before, ticks_before), (threads_after, ticks_after) = before, after
    if threads_before.keys() <= threads_after.keys():
        return sum(spent - threads_before.get(thread, 0.0) for thread, spent in threads_after.items())
    return ticks_after - ticks_before


def item(customer, order):
    if order is None:
        return {"PK": {"S": f"CUST#{customer:03}"}, "SK": {"S": "PROFILE"},
                "name": {"S": f"Customer {customer}"}, "notes": {"S": "p" * 950}}
    return {"PK": {"S": f"CUST#{customer:03}"}, "SK": {"S": f"ORDER#{order:04}"},
            "status": {"S": ["PENDING", "SHIPPED", "DELIVERED", "CANCELLED"][order % 4]},
            "total": {"N": f"{order}.99"}, "notes": {"S": "n" * 930}}


def run_load(client):
    """Each step with the number of requests it sent."""
    loaded = ["commerce", "commerce_2", "commerce_3"]
    for table in loaded:
        client.create_table(
            TableName=table, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        )
    empty = iter(loaded)
    for _ in range(FLOOR_REQUESTS // 10):
        client.get_item(TableName="commerce", Key={"PK": {"S": "warm"}, "SK": {"S": "up"}})

    def floor():
        for _ in range(FLOOR_REQUESTS):
            client.get_item(TableName="commerce", Key={"PK": {"S": "none"}, "SK": {"S": "none"}})
        return FLOOR_REQUESTS

    def load():
        table = next(empty)
        items = [item(c, o) for c in range(CUSTOMERS) for o in [None, *range(ORDERS)]]
        sent = 0
        for start in range(0, len(items), 25):
            batch = [{"PutRequest": {"Item": i}} for i in items[start:start + 25]]
            response = client.batch_write_item(RequestItems={table: batch})
            sent += 1
            while response.get("UnprocessedItems"):
                response = client.batch_write_item(RequestItems=response["UnprocessedItems"])
                sent += 1
        return sent

    def query():
        for c in range(CUSTOMERS):
            response = client.query(
                TableName="commerce", KeyConditionExpression="PK = :pk AND begins_with(SK, :o)",
                ExpressionAttributeValues={":pk": {"S": f"CUST#{c:03}"}, ":o": {"S": "ORDER#"}})
            assert response["Count"] == ORDERS, response["Count"]
        return CUSTOMERS

    def scan():
        sent = 0
        for _ in range(10):
            found, start = 0, None
            while True:
                extra = {"ExclusiveStartKey": start} if start else {}
                page = client.scan(TableName="commerce", FilterExpression="#s = :s",
                                   ExpressionAttributeNames={"#s": "status"},
                                   ExpressionAttributeValues={":s": {"S": "PENDING"}}, **extra)
                sent += 1
                found += page["Count"]
                start = page.get("LastEvaluatedKey")
                if not start:
                    break
            assert found == CUSTOMERS * ORDERS // 4, found
        return sent

    # The steps take a few hundredths of a second of the server's time:
    # each is run several times over and the time divided, so that a
    # reading's error is a small part of it.
    return [("floor", floor, 1), ("load", load, len(loaded)), ("query", query, 10), ("scan", scan, 3)]


def measure(name, argv_of):
    server = Served(command=argv_of, name=name, stderr=subprocess.DEVNULL)
    try:
        spent = {}
        for step_name, step, passes in run_load(server.client):
            before = processor_time(server)
            requests = sum(step() for _ in range(passes))
            spent[step_name] = (seconds_between(before, processor_time(server)) / passes, requests / passes)
        floor = spent["floor"][0] / spent["floor"][1]
        above = {step: max(cpu - floor * requests, 1e-9) for step, (cpu, requests) in spent.items() if step != "floor"}
        return floor, above
    finally:
        server.kill()


SERVERS = {
    "ddbplay": lambda port: [ddbplay_binary, "serve", "--port", str(port), "--log", "quiet"],
    "dynoxide": dynoxide_command(dynoxide_binary),
}
results = {name: [] for name in SERVERS}
for _ in range(rounds):
    for name, argv_of in SERVERS.items():
        results[name].append(measure(name, argv_of))


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


figures = {}
for name, runs in results.items():
    figures[f"server/peer/{name}/floor"] = [floor * 1e3 for floor, _ in runs]
    for step in ("load", "query", "scan"):
        figures[f"server/peer/{name}/{step}"] = [above[step] * 1e3 for _, above in runs]
for step in ("load", "query", "scan"):
    figures[f"server/peer/{step}_ratio"] = [
        ours[1][step] / theirs[1][step] for ours, theirs in zip(results["ddbplay"], results["dynoxide"])
    ]
for figure, runs in figures.items():
    unit = "ratio" if figure.endswith("_ratio") else "ms"
    shown = f"{median(runs):.3f}" + ("x" if unit == "ratio" else " ms")
    print(f"server side by side: {figure}: {shown} (median of {len(runs)}: {', '.join(f'{r:.3f}' for r in runs)})")
    if os.environ.get("DDBPLAY_BENCH_OUT"):
        with open(os.environ["DDBPLAY_BENCH_OUT"], "a") as out:
            out.write(json.dumps({"id": figure, "unit": unit, "runs": runs}) + "\n")
