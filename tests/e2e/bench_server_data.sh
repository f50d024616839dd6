#!/usr/bin/env bash
# What `ddbplay serve --data` costs a writer: PutItem of ~1 KB items
# through the HTTP API, driven by wrk (Debian's `wrk` package) for five
# seconds a round, in memory and with --data and each --sync, for one
# client and for eight; prints each round and the median of ROUNDS (3).
# CLIENTS and MODES choose fewer cases (e.g. CLIENTS=8 MODES="memory batch").
#
#   cargo build --release -p ddbplay && tests/e2e/bench_server_data.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${DDBPLAY_BIN:-target/release/ddbplay}
ROUNDS=${ROUNDS:-3}
command -v wrk >/dev/null || { echo "install wrk (apt-get install wrk)" >&2; exit 2; }

round() { # mode connections -> requests a second
  local port=$((20000 + RANDOM % 20000)) dir extra=() pid
  dir=$(mktemp -d)
  [ "$1" != memory ] && extra=(--data "$dir" --sync "$1")
  "$BIN" serve --port "$port" --log quiet "${extra[@]}" 2>/dev/null & pid=$!
  until curl -s -o /dev/null "http://127.0.0.1:$port/"; do sleep 0.05; done
  curl -s -o /dev/null -X POST "http://127.0.0.1:$port/" \
    -H 'Content-Type: application/x-amz-json-1.0' -H 'X-Amz-Target: DynamoDB_20120810.CreateTable' \
    -H 'Authorization: AWS4-HMAC-SHA256 Credential=a/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0' \
    -d '{"TableName":"bench","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"}],"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}]}'
  local threads=1; [ "$2" -gt 1 ] && threads=2
  wrk -t"$threads" -c"$2" -d5s -s tests/e2e/bench/put_item.lua "http://127.0.0.1:$port/" \
    | awk '/Requests\/sec/ {printf "%d", $2}'
  kill "$pid"; wait "$pid" 2>/dev/null || true; rm -rf "$dir"
}

for clients in ${CLIENTS:-1 8}; do
  for mode in ${MODES:-memory batch always none}; do
    runs=()
    for _ in $(seq "$ROUNDS"); do runs+=("$(round "$mode" "$clients")"); done
    median=$(printf '%s\n' "${runs[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    echo "clients=$clients sync=$mode PutItem/s median=$median rounds=${runs[*]}"
  done
done
