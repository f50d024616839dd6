#!/bin/bash
# Shell quoting as tutorials write it: variables inside double quotes,
# single quotes around JSON, quotes joined into one word, continuation
# lines, names starting with #, here-documents written to files.
set -e
TABLE="Quotes"
KEY_NAME=pk
aws dynamodb create-table --table-name "$TABLE" \
    --attribute-definitions "AttributeName=$KEY_NAME,AttributeType=S" \
    --key-schema AttributeName=${KEY_NAME},KeyType=HASH \
    --billing-mode PAY_PER_REQUEST \
    --output text --query "TableDescription.KeySchema[0].AttributeName"

WHO="O'Brien"
aws dynamodb put-item --table-name $TABLE \
    --item "{\"pk\": {\"S\": \"$WHO\"}, \"note\": {\"S\": \"say \\\"hi\\\"\"}}"
aws dynamodb put-item --table-name $TABLE --item '{"pk": {"S": "'"$TABLE"'-2"}, "#hash": {"S": "a # b"}}'
aws dynamodb put-item --table-name $TABLE --item $'{"pk": {"S": "tab\\there"}}'

cat > item.json <<EOF
{"pk": {"S": "from-a-file"}, "by": {"S": "$WHO"}, "lines": {"N": "2"}}
EOF
aws dynamodb put-item --table-name $TABLE --item file://item.json --return-consumed-capacity TOTAL

cat > names.json <<'EOF'
{"#n": "note", "#p": "pk"}
EOF
aws dynamodb scan --table-name $TABLE \
    --projection-expression '#p, #n' \
    --expression-attribute-names file://names.json \
    --query 'Items[].pk.S'   # items come in the table's own order

aws dynamodb get-item --table-name $TABLE --key "pk={S=\"$WHO\"}" --query 'Item.note.S' --output text
aws dynamodb get-item --table-name $TABLE --key 'pk={S=from-a-file}' \
    --query "Item.by.S"
echo "${TABLE:-unset} ${UNSET:-fallback} ${#TABLE}"
aws dynamodb delete-table --table-name $TABLE > /dev/null && echo deleted || echo "not deleted"
