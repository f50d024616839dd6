#!/bin/bash
# --output yaml and yaml-stream, which the aws CLI v2 has and v1 has not.
aws dynamodb create-table --table-name Shelves \
    --attribute-definitions AttributeName=id,AttributeType=S \
    --key-schema AttributeName=id,KeyType=HASH \
    --billing-mode PAY_PER_REQUEST --output yaml --query 'TableDescription.KeySchema'
aws dynamodb put-item --table-name Shelves --item '{"id": {"S": "s1"}, "count": {"N": "2002"}, "label": {"S": "true"}, "empty": {"S": ""}, "ok": {"BOOL": false}, "none": {"NULL": true}, "tags": {"SS": ["a", "b"]}}'
aws dynamodb get-item --table-name Shelves --key 'id={S=s1}' --output yaml
aws dynamodb scan --table-name Shelves --output yaml
aws dynamodb scan --table-name Shelves --output yaml-stream --query Count
aws dynamodb scan --table-name Shelves --output yaml --query 'Items[0].id.S'
aws dynamodb scan --table-name Shelves --output off
