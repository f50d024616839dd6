#!/bin/bash
# A request written as YAML, as `--generate-cli-skeleton yaml-input`
# would have it filled in: v2's --cli-input-yaml. Options on the command
# line still win over what the YAML gives.
aws dynamodb create-table --cli-input-yaml '
TableName: yaml-lab
KeySchema:
- AttributeName: PK
  KeyType: HASH
AttributeDefinitions:
- {AttributeName: PK, AttributeType: S}
BillingMode: PAY_PER_REQUEST
' --query TableDescription.KeySchema

cat > item.yaml <<'YAML'
TableName: yaml-lab
Item:
  PK: {S: "2024-06-01"}   # quoted: plain, YAML reads it as a date
  count: {N: "017"}
  tags: {SS: [a, b]}
ReturnConsumedCapacity: TOTAL
YAML
aws dynamodb put-item --cli-input-yaml file://item.yaml
aws dynamodb get-item --cli-input-yaml 'TableName: yaml-lab
Key: {PK: {S: "2024-06-01"}}
ConsistentRead: true' --query Item.count.N --output text

# A plain date is a date to YAML, and a string is expected.
aws dynamodb get-item --cli-input-yaml 'TableName: yaml-lab
Key: {PK: {S: 2024-06-01}}' || echo "status $?"
# Not a map, not YAML, and both inputs at once.
aws dynamodb list-tables --cli-input-yaml '- yaml-lab' || echo "status $?"
aws dynamodb list-tables --cli-input-yaml 'Limit: [1' || echo "status $?"
aws dynamodb list-tables --cli-input-json '{"Limit": 1}' --cli-input-yaml 'Limit: 1' || echo "status $?"
aws dynamodb list-tables --cli-input-json '[1]' || echo "status $?"
aws dynamodb list-tables --cli-input-json '{"Limit": ' || echo "status $?"
aws dynamodb delete-table --cli-input-yaml 'TableName: yaml-lab' --query TableDescription.TableName
