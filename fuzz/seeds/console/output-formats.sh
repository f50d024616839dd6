#!/bin/bash
# The same answers in every output format the aws CLI has, and --query.
aws dynamodb create-table --table-name Books \
    --attribute-definitions AttributeName=isbn,AttributeType=S \
    --key-schema AttributeName=isbn,KeyType=HASH \
    --billing-mode PAY_PER_REQUEST --output text --query TableDescription.TableName
aws dynamodb put-item --table-name Books --item '{"isbn": {"S": "978-0"}, "title": {"S": "Désirée\tand \"friends\""}, "pages": {"N": "320"}, "price": {"N": "9.50"}, "tags": {"SS": ["classic", "novel"]}, "inPrint": {"BOOL": true}, "sequel": {"NULL": true}, "editions": {"L": [{"N": "1999"}, {"S": "revised"}]}, "author": {"M": {"first": {"S": "Ada"}, "last": {"S": "Lane"}}}}'
aws dynamodb put-item --table-name Books --item 'isbn={S=978-1},title={S=A Short One},pages={N=12}'

aws dynamodb get-item --table-name Books --key 'isbn={S=978-0}'
aws dynamodb get-item --table-name Books --key 'isbn={S=978-0}' --output text
aws dynamodb get-item --table-name Books --key 'isbn={S=978-0}' --output table
aws dynamodb scan --table-name Books --output table --query 'Items[].[isbn.S, pages.N]'
aws dynamodb scan --table-name Books --output table
aws dynamodb scan --table-name Books --query 'Items[?to_number(pages.N) > `100`].title.S'
aws dynamodb scan --table-name Books --query 'sort_by(Items, &to_number(pages.N))[].{isbn: isbn.S, pages: pages.N}'
aws dynamodb scan --table-name Books --query 'length(Items)'
aws dynamodb scan --table-name Books --query 'Items[0].keys(@)' --output text
aws dynamodb scan --table-name Books --query 'Items[].title.S | join(`, `, @)'
aws dynamodb scan --table-name Books --query 'Count' --output text
aws dynamodb scan --table-name Books --query 'Items[].nothing'
aws dynamodb scan --table-name Books --query 'missing'
aws dynamodb scan --table-name Books --output text --query 'Items[].[isbn.S, title.S]'
aws dynamodb describe-table --table-name Books --query 'Table.KeySchema' --output table
aws dynamodb list-tables --query 'TableNames[0]'
