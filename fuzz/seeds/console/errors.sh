#!/bin/bash
# The mistakes learners make, and what the aws CLI answers to each. The
# script goes on past each failure.
set +e
aws dynamodb create-table --table-name Errors \
    --attribute-definitions AttributeName=id,AttributeType=S \
    --key-schema AttributeName=id,KeyType=HASH \
    --billing-mode PAY_PER_REQUEST > /dev/null
aws dynamodb put-item --table-name Errors --item 'id={S=a},n={N=1}'

# Refused before anything is sent.
aws dynamodb get-item --key 'id={S=a}'
aws dynamodb get-item --table-name Errors --key '{"id": {"S": "a"}'
aws dynamodb get-item --table-name Errors --key 'id={S=a'
aws dynamodb get-item --table-name Errors --key 'id={S=a}  n={N=1}'
aws dynamodb get-item --table-name Errors --key id={S=a} n={N=1}
aws dynamodb get-item --table-name Errors --key 'id={S=a},id={S=b}'
aws dynamodb get-item --table-name Errors --key '{"id": {"X": "a"}}'
aws dynamodb put-item --table-name Errors --item '{"id": {"S": "b"}, "n": {"N": 5}}'
aws dynamodb get-item --table-name Errors --key 'id={S=a}' --bogus value
aws dynamodb get-itm --table-name Errors --key 'id={S=a}'
aws dynamodb scan --table-name Errors --output xml
aws dynamodb scan --table-name Errors --page-size 0
aws dynamodb scan --table-name Errors --limit 1 --max-items 1
aws dynamodb scan --table-name Errors --query 'Items['
aws dynamodb scan --table-name Errors --table-name
aws dynamodb query --table-name Errors --starting-token abc --key-condition-expression "id = :v" --expression-attribute-values '{":v": {"S": "a"}}'
aws dynamodb put-item --table-name Errors --item file://no-such-file.json
aws dynamodb update-table --table-name Errors --provisioned-throughput ReadCapacityUnits=five,WriteCapacityUnits=1

# Refused by DynamoDB.
aws dynamodb describe-table --table-name Nope
aws dynamodb get-item --table-name Errors --key '{"nope": {"S": "a"}}'
aws dynamodb query --table-name Errors --key-condition-expression "id = :v"
aws dynamodb put-item --table-name Errors --item 'id={S=a}' --condition-expression "attribute_not_exists(id)"
aws dynamodb put-item --table-name Errors --item 'id={S=a}' --condition-expression "attribute_not_exists(id)" \
    --return-values-on-condition-check-failure ALL_OLD
aws dynamodb transact-write-items --transact-items \
    '{"ConditionCheck": {"TableName": "Errors", "Key": {"id": {"S": "a"}}, "ConditionExpression": "n = :two", "ExpressionAttributeValues": {":two": {"N": "2"}}}}' \
    '{"Put": {"TableName": "Errors", "Item": {"id": {"S": "c"}}}}'
aws dynamodb create-table --table-name Errors \
    --attribute-definitions AttributeName=id,AttributeType=S \
    --key-schema AttributeName=id,KeyType=HASH --billing-mode PAY_PER_REQUEST
aws dynamodb update-item --table-name Errors --key 'id={S=a}' --update-expression "SET n = n + :x"
aws dynamodb wait table-exists --table-name Errors --bogus
