#!/bin/bash
# The first steps of most DynamoDB tutorials: a table of songs, a few
# items written and read back, a query and a scan, then the cleanup.
TABLE=Music

aws dynamodb create-table \
    --table-name $TABLE \
    --attribute-definitions \
        AttributeName=Artist,AttributeType=S \
        AttributeName=SongTitle,AttributeType=S \
    --key-schema AttributeName=Artist,KeyType=HASH AttributeName=SongTitle,KeyType=RANGE \
    --provisioned-throughput ReadCapacityUnits=5,WriteCapacityUnits=5 \
    --table-class STANDARD \
    --query 'TableDescription.{Name: TableName, Status: TableStatus, Keys: KeySchema[].AttributeName}'

aws dynamodb wait table-exists --table-name $TABLE

# JSON, as the developer guide writes items
aws dynamodb put-item \
    --table-name $TABLE \
    --item \
        '{"Artist": {"S": "No One You Know"}, "SongTitle": {"S": "Call Me Today"}, "AlbumTitle": {"S": "Somewhat Famous"}, "Awards": {"N": "1"}}'

# the same kind of item in shorthand
aws dynamodb put-item \
    --table-name $TABLE \
    --item 'Artist={S=Acme Band},SongTitle={S=Happy Day},AlbumTitle={S=Songs About Life},Awards={N=10}' \
    --return-consumed-capacity TOTAL

aws dynamodb put-item --table-name $TABLE \
    --item 'Artist={S=Acme Band},SongTitle={S=PartiQL Rocks},AlbumTitle={S=Another Album Title},Awards={N=8},Genres={SS=[rock,pop]}' \
    --return-values ALL_OLD

# replacing an item returns what it was
aws dynamodb put-item --table-name $TABLE \
    --item 'Artist={S=Acme Band},SongTitle={S=PartiQL Rocks},AlbumTitle={S=Another Album Title},Awards={N=9}' \
    --return-values ALL_OLD

aws dynamodb get-item --consistent-read \
    --table-name $TABLE \
    --key '{ "Artist": {"S": "Acme Band"}, "SongTitle": {"S": "Happy Day"}}'

# a missing item prints nothing at all
aws dynamodb get-item --table-name $TABLE --key 'Artist={S=Nobody},SongTitle={S=Nothing}'
aws dynamodb get-item --table-name $TABLE --key 'Artist={S=Nobody},SongTitle={S=Nothing}' --query Item

aws dynamodb get-item --table-name $TABLE \
    --key 'Artist={S=Acme Band},SongTitle={S=Happy Day}' \
    --projection-expression "AlbumTitle, #a" \
    --expression-attribute-names '{"#a": "Awards"}' \
    --return-consumed-capacity TOTAL

aws dynamodb update-item \
    --table-name $TABLE \
    --key 'Artist={S=Acme Band},SongTitle={S=Happy Day}' \
    --update-expression "SET AlbumTitle = :newval ADD Awards :one" \
    --expression-attribute-values '{":newval":{"S":"Updated Album Title"}, ":one": {"N": "1"}}' \
    --return-values ALL_NEW

aws dynamodb query \
    --table-name $TABLE \
    --key-condition-expression "Artist = :name" \
    --expression-attribute-values '{":name":{"S":"Acme Band"}}'

aws dynamodb query --table-name $TABLE \
    --key-condition-expression "Artist = :name and begins_with(SongTitle, :p)" \
    --filter-expression "Awards > :n" \
    --expression-attribute-values ':name={S=Acme Band},:p={S=H},:n={N=5}' \
    --return-consumed-capacity TOTAL

aws dynamodb scan --table-name $TABLE --select COUNT

aws dynamodb scan --table-name $TABLE \
    --filter-expression "Awards >= :min" \
    --expression-attribute-values '{":min": {"N": "9"}}' \
    --projection-expression "SongTitle, Awards" \
    --return-consumed-capacity INDEXES

aws dynamodb delete-item --table-name $TABLE --key 'Artist={S=No One You Know},SongTitle={S=Call Me Today}'
aws dynamodb delete-item --table-name $TABLE \
    --key 'Artist={S=Acme Band},SongTitle={S=Happy Day}' \
    --return-values ALL_OLD --return-consumed-capacity TOTAL

aws dynamodb list-tables
aws dynamodb delete-table --table-name $TABLE --query TableDescription.TableStatus
aws dynamodb wait table-not-exists --table-name $TABLE
aws dynamodb list-tables --output text
