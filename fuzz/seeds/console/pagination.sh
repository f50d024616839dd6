#!/bin/bash
# How the aws CLI pages: it follows every page by itself, --page-size makes
# more and smaller requests, --max-items stops early with a NextToken that
# --starting-token resumes from, and --no-paginate or a paging parameter of
# the operation's own makes a single request.
aws dynamodb create-table --table-name Readings \
    --attribute-definitions AttributeName=device,AttributeType=S AttributeName=at,AttributeType=N \
    --key-schema AttributeName=device,KeyType=HASH AttributeName=at,KeyType=RANGE \
    --billing-mode PAY_PER_REQUEST > /dev/null

cat > batch.json <<'JSON'
{
  "Readings": [
    {"PutRequest": {"Item": {"device": {"S": "d1"}, "at": {"N": "1"}, "celsius": {"N": "20.5"}}}},
    {"PutRequest": {"Item": {"device": {"S": "d1"}, "at": {"N": "2"}, "celsius": {"N": "21"}}}},
    {"PutRequest": {"Item": {"device": {"S": "d1"}, "at": {"N": "3"}, "celsius": {"N": "21.25"}}}},
    {"PutRequest": {"Item": {"device": {"S": "d1"}, "at": {"N": "4"}, "celsius": {"N": "19.75"}}}},
    {"PutRequest": {"Item": {"device": {"S": "d1"}, "at": {"N": "5"}, "celsius": {"N": "18"}}}},
    {"PutRequest": {"Item": {"device": {"S": "d2"}, "at": {"N": "1"}, "celsius": {"N": "30"}}}}
  ]
}
JSON
aws dynamodb batch-write-item --request-items file://batch.json

# Every page, joined: the counts are summed, LastEvaluatedKey is gone and
# ConsumedCapacity is the first page's (null: none was asked for).
aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --page-size 2 \
    --query '{n: length(Items), count: Count, scanned: ScannedCount, cc: ConsumedCapacity}'

# Page by page in text: each page prints its own counts.
aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --page-size 2 --output text \
    --projection-expression "celsius"

# Stop after three items: the NextToken resumes inside the second page.
aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --page-size 2 --max-items 3
# In text, --query runs on every page: the pages have no NextToken, so a
# token captured this way comes after a None for each page.
CAPTURED=$(aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --page-size 2 --max-items 3 \
    --query NextToken --output text)
echo "captured: $CAPTURED"
# Resume with the token as printed above.
aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --page-size 2 \
    --starting-token eyJFeGNsdXNpdmVTdGFydEtleSI6IHsiYXQiOiB7Ik4iOiAiMiJ9LCAiZGV2aWNlIjogeyJTIjogImQxIn19LCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ== \
    --query 'Items[].at.N'

# Stopping exactly at the end of a page gives a token of its
# LastEvaluatedKey, without a count to skip.
aws dynamodb scan --table-name Readings --page-size 2 --max-items 2 --query NextToken

# One request only, as the service answers it.
aws dynamodb query --table-name Readings --key-condition-expression "device = :d" \
    --expression-attribute-values '{":d": {"S": "d1"}}' --limit 2 \
    --query '{count: Count, last: LastEvaluatedKey}'
aws dynamodb scan --table-name Readings --limit 1 --no-paginate --return-consumed-capacity TOTAL
aws dynamodb scan --table-name Readings --select COUNT --page-size 4
aws dynamodb list-tables --max-items 1
aws dynamodb list-tables --page-size 1 --output text
