#!/bin/bash
# Several items at once: batches, transactions and PartiQL.
aws dynamodb create-table --table-name Orders \
    --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
    --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
    --billing-mode PAY_PER_REQUEST > /dev/null

aws dynamodb batch-write-item --request-items '{
  "Orders": [
    {"PutRequest": {"Item": {"PK": {"S": "ORDER#1"}, "SK": {"S": "META"}, "total": {"N": "30"}}}},
    {"PutRequest": {"Item": {"PK": {"S": "ORDER#1"}, "SK": {"S": "LINE#1"}, "qty": {"N": "2"}}}},
    {"PutRequest": {"Item": {"PK": {"S": "ORDER#2"}, "SK": {"S": "META"}, "total": {"N": "12"}}}}
  ]}' --return-consumed-capacity TOTAL
aws dynamodb batch-write-item --request-items 'Orders=[{PutRequest={Item={PK={S=ORDER#3},SK={S=META},total={N=5}}}},{DeleteRequest={Key={PK={S=ORDER#2},SK={S=META}}}}]'

aws dynamodb batch-get-item --request-items '{
  "Orders": {"Keys": [{"PK": {"S": "ORDER#1"}, "SK": {"S": "META"}}, {"PK": {"S": "ORDER#3"}, "SK": {"S": "META"}}],
             "ProjectionExpression": "PK, #t", "ExpressionAttributeNames": {"#t": "total"}}}' \
  --query 'Responses.Orders | sort_by(@, &PK.S)'

aws dynamodb transact-write-items --transact-items '[
  {"Update": {"TableName": "Orders", "Key": {"PK": {"S": "ORDER#1"}, "SK": {"S": "META"}},
              "UpdateExpression": "SET #s = :paid", "ExpressionAttributeNames": {"#s": "status"},
              "ExpressionAttributeValues": {":paid": {"S": "PAID"}}}},
  {"Put": {"TableName": "Orders", "Item": {"PK": {"S": "ORDER#1"}, "SK": {"S": "PAYMENT#1"}, "amount": {"N": "30"}},
           "ConditionExpression": "attribute_not_exists(PK)"}},
  {"Delete": {"TableName": "Orders", "Key": {"PK": {"S": "ORDER#3"}, "SK": {"S": "META"}}}}
]' --return-consumed-capacity TOTAL

aws dynamodb transact-get-items --transact-items \
    'Get={TableName=Orders,Key={PK={S=ORDER#1},SK={S=META}}}' \
    'Get={TableName=Orders,Key={PK={S=ORDER#1},SK={S=PAYMENT#1}},ProjectionExpression=amount}'

aws dynamodb execute-statement --statement "SELECT * FROM Orders WHERE PK = 'ORDER#1'"
aws dynamodb execute-statement --statement 'SELECT SK FROM "Orders" WHERE PK = ?' --parameters '[{"S": "ORDER#1"}]' --limit 1
aws dynamodb execute-statement --statement "UPDATE Orders SET note = 'rush' WHERE PK = 'ORDER#1' AND SK = 'META' RETURNING ALL NEW *"
aws dynamodb batch-execute-statement --statements '[
  {"Statement": "INSERT INTO Orders VALUE {'"'"'PK'"'"': '"'"'ORDER#9'"'"', '"'"'SK'"'"': '"'"'META'"'"', '"'"'total'"'"': 1}"},
  {"Statement": "INSERT INTO Orders VALUE {'"'"'PK'"'"': '"'"'ORDER#1'"'"', '"'"'SK'"'"': '"'"'META'"'"'}"}
]'
aws dynamodb batch-execute-statement --statements '[
  {"Statement": "SELECT * FROM Orders WHERE PK = ? AND SK = ?", "Parameters": [{"S": "ORDER#9"}, {"S": "META"}]},
  {"Statement": "SELECT * FROM Orders WHERE PK = ? AND SK = ?", "Parameters": [{"S": "ORDER#404"}, {"S": "META"}]}
]'
aws dynamodb execute-transaction --transact-statements '[
  {"Statement": "UPDATE Orders SET total = total + 1 WHERE PK = '"'"'ORDER#9'"'"' AND SK = '"'"'META'"'"'"},
  {"Statement": "DELETE FROM Orders WHERE PK = '"'"'ORDER#1'"'"' AND SK = '"'"'LINE#1'"'"'"}
]'
aws dynamodb scan --table-name Orders --query 'Items[].[PK.S, SK.S]' --output text
