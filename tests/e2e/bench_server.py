"""Server CPU per request of `ddbplay serve`, measured with boto3 as the client.

Loads one partition of 100 items of ~1 KB, runs the Query that returns all
of them many times, and divides the CPU time the server process used
(user + system, from /proc) by the number of requests. HTTP, JSON decoding
and encoding and the engine are all inside that figure (the handler alone,
without HTTP, is `cargo bench -p ddbplay-engine --features fast-json
--bench api`). Five rounds; their median and spread.

Usage: bench_server.py ENDPOINT SERVER_PID [REQUESTS] [ROUNDS]
"""

import json
import os
import sys
import time

import boto3

endpoint, pid = sys.argv[1], int(sys.argv[2])
requests = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds():
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


client = boto3.client("dynamodb", endpoint_url=endpoint, region_name="us-east-1",
                      aws_access_key_id="any", aws_secret_access_key="any")
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
per_request, round_trip = [], []
for _ in range(rounds):
    start_cpu, start_wall = cpu_seconds(), time.perf_counter()
    for _ in range(requests):
        response = client.query(**query)
        assert response["Count"] == 100
    used, wall = cpu_seconds() - start_cpu, time.perf_counter() - start_wall
    per_request.append(used / requests * 1e6)
    round_trip.append(wall / requests * 1e3)
per_request.sort()
round_trip.sort()
if os.environ.get("DDBPLAY_BENCH_OUT"):
    # Reported to `cargo xtask bench`, which writes docs/performance.md.
    with open(os.environ["DDBPLAY_BENCH_OUT"], "a") as out:
        for figure, runs in (("server/query_100_cpu", [us / 1000 for us in per_request]),
                             ("server/query_100_round_trip", round_trip)):
            out.write(json.dumps({"id": figure, "unit": "ms", "runs": runs}) + "\n")
print(f"server: Query returning 100 items of ~1 KB: {per_request[rounds // 2]:.0f} us of server CPU per request, "
      f"median of {rounds} rounds of {requests}, {per_request[0]:.0f}-{per_request[-1]:.0f} "
      f"({round_trip[rounds // 2]:.2f} ms round trip with boto3)")
