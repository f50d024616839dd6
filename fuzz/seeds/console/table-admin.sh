#!/bin/bash
# A table's life: indexes added and removed, a stream, time to live, tags,
# billing, and the table deleted.
set -e
aws dynamodb create-table --table-name Events \
    --attribute-definitions AttributeName=id,AttributeType=S AttributeName=kind,AttributeType=S AttributeName=at,AttributeType=N \
    --key-schema AttributeName=id,KeyType=HASH \
    --local-secondary-indexes 'IndexName=never,KeySchema=[{AttributeName=id,KeyType=HASH},{AttributeName=at,KeyType=RANGE}],Projection={ProjectionType=KEYS_ONLY}' \
    --billing-mode PAY_PER_REQUEST \
    --tags Key=team,Value=data Key=stage,Value=test \
    --query 'TableDescription.[TableName, length(LocalSecondaryIndexes || `[]`)]' --output text || echo "refused: a local index needs a sort key on the table"

aws dynamodb create-table --table-name Events \
    --attribute-definitions AttributeName=id,AttributeType=S \
    --key-schema AttributeName=id,KeyType=HASH \
    --provisioned-throughput ReadCapacityUnits=2,WriteCapacityUnits=2 \
    --tags Key=team,Value=data Key=stage,Value=test \
    --query 'TableDescription.ProvisionedThroughput.[ReadCapacityUnits, WriteCapacityUnits]' --output text

aws dynamodb update-table --table-name Events \
    --attribute-definitions AttributeName=kind,AttributeType=S AttributeName=at,AttributeType=N \
    --global-secondary-index-updates 'Create={IndexName=ByKind,KeySchema=[{AttributeName=kind,KeyType=HASH},{AttributeName=at,KeyType=RANGE}],Projection={ProjectionType=INCLUDE,NonKeyAttributes=[payload]},ProvisionedThroughput={ReadCapacityUnits=1,WriteCapacityUnits=1}}' \
    --query 'TableDescription.GlobalSecondaryIndexes[].[IndexName, Projection.ProjectionType, join(`,`, Projection.NonKeyAttributes)]' --output text

aws dynamodb update-table --table-name Events --billing-mode PAY_PER_REQUEST \
    --query 'TableDescription.BillingModeSummary.BillingMode'

aws dynamodb update-table --table-name Events \
    --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES \
    --query 'TableDescription.StreamSpecification'

aws dynamodb update-time-to-live --table-name Events --time-to-live-specification Enabled=true,AttributeName=expiresAt
aws dynamodb describe-time-to-live --table-name Events

ARN=$(aws dynamodb describe-table --table-name Events --query Table.TableArn --output text)
echo "$ARN"
aws dynamodb tag-resource --resource-arn "$ARN" --tags Key=owner,Value=lab
aws dynamodb list-tags-of-resource --resource-arn "$ARN" --query 'sort_by(Tags, &Key)' --output table
aws dynamodb untag-resource --resource-arn "$ARN" --tag-keys stage owner
aws dynamodb list-tags-of-resource --resource-arn "$ARN"

aws dynamodb update-table --table-name Events \
    --global-secondary-index-updates '[{"Delete": {"IndexName": "ByKind"}}]' \
    --query 'TableDescription.GlobalSecondaryIndexes[].IndexStatus'
aws dynamodb describe-table --table-name Events \
    --query 'Table.{name: TableName, items: ItemCount, indexes: GlobalSecondaryIndexes, keys: KeySchema}'
aws dynamodb delete-table --table-name Events > /dev/null
aws dynamodb wait table-not-exists --table-name Events
aws dynamodb list-tables
