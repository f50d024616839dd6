#!/bin/bash
# Lab: one table for a small shop. Customers, their orders and each order's
# lines share commerce-main; GSI1 is overloaded to answer three questions;
# a sparse GSI2 added to the live table lists only the open orders.
export TABLE=commerce-main

# 0. A table of this name may be here already (the page's example has one):
#    remove it, as you would before running a lab again in your account.
aws dynamodb delete-table --table-name $TABLE --query TableDescription.TableStatus --output text 2> /dev/null \
  || echo "no $TABLE yet"
aws dynamodb wait table-not-exists --table-name $TABLE

# 1. The table and its first index. Only key attributes are declared.
aws dynamodb create-table \
  --table-name $TABLE \
  --attribute-definitions \
      AttributeName=PK,AttributeType=S \
      AttributeName=SK,AttributeType=S \
      AttributeName=GSI1PK,AttributeType=S \
      AttributeName=GSI1SK,AttributeType=S \
  --key-schema \
      AttributeName=PK,KeyType=HASH \
      AttributeName=SK,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST \
  --global-secondary-indexes \
      '[{"IndexName":"GSI1",
         "KeySchema":[{"AttributeName":"GSI1PK","KeyType":"HASH"},
                      {"AttributeName":"GSI1SK","KeyType":"RANGE"}],
         "Projection":{"ProjectionType":"ALL"}}]' \
  --query 'TableDescription.[TableName, TableStatus, GlobalSecondaryIndexes[0].IndexName]' \
  --output text

aws dynamodb wait table-exists --table-name $TABLE

# 2. The items: a customer, an order in the customer's collection (it also
#    carries GSI2PK, the open-order flag), the order's own collection of a
#    header and two lines, and a product on GSI1's category axis.
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "CUST#c7"}, "SK": {"S": "PROFILE"},
  "entity": {"S": "Customer"}, "name": {"S": "Mira Okafor"},
  "email": {"S": "mira@example.org"}, "orderCount": {"N": "0"},
  "GSI1PK": {"S": "TIER#silver"}, "GSI1SK": {"S": "2026-02-11"}}'
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "CUST#c7"}, "SK": {"S": "ORDER#2026-09-03#o41"},
  "entity": {"S": "Order"}, "total": {"N": "41.50"},
  "GSI1PK": {"S": "STATUS#PENDING"}, "GSI1SK": {"S": "2026-09-03T10:15Z"},
  "GSI2PK": {"S": "OPEN"}}'
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "ORDER#o41"}, "SK": {"S": "META"}, "status": {"S": "PENDING"}, "total": {"N": "41.50"}}'
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "ORDER#o41"}, "SK": {"S": "ITEM#sku-310"}, "qty": {"N": "1"}, "unitPrice": {"N": "29.00"}, "name": {"S": "Field Notes"}}'
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "ORDER#o41"}, "SK": {"S": "ITEM#sku-512"}, "qty": {"N": "5"}, "unitPrice": {"N": "2.50"}, "name": {"S": "Pencil"}}'
aws dynamodb put-item --table-name $TABLE --item '{
  "PK": {"S": "PROD#sku-310"}, "SK": {"S": "META"}, "title": {"S": "Field Notes"},
  "stock": {"N": "12"}, "price": {"N": "29.00"},
  "GSI1PK": {"S": "CATEGORY#paper"}, "GSI1SK": {"S": "PRICE#0000029.00"}}'

# 3. Patterns on the table: the profile by its key, the customer's orders
#    newest first, and an order with its lines in one Query.
aws dynamodb get-item --table-name $TABLE \
  --key '{"PK": {"S": "CUST#c7"}, "SK": {"S": "PROFILE"}}' \
  --projection-expression "#n, email, orderCount" \
  --expression-attribute-names '{"#n": "name"}'

aws dynamodb query --table-name $TABLE \
  --key-condition-expression "PK = :pk AND begins_with(SK, :o)" \
  --expression-attribute-values '{":pk": {"S": "CUST#c7"}, ":o": {"S": "ORDER#"}}' \
  --no-scan-index-forward \
  --query 'Items[].SK.S'

# ITEM#… sorts before META: DynamoDB orders sort keys by their bytes.
aws dynamodb query --table-name $TABLE \
  --key-condition-expression "PK = :pk" \
  --expression-attribute-values '{":pk": {"S": "ORDER#o41"}}' \
  --return-consumed-capacity TOTAL \
  --query '{keys: Items[].SK.S, count: Count, units: ConsumedCapacity.CapacityUnits}'

# 4. Patterns on the overloaded GSI1: pending orders, pending orders in a
#    window, a category's products cheapest first.
aws dynamodb query --table-name $TABLE --index-name GSI1 \
  --key-condition-expression "GSI1PK = :s" \
  --expression-attribute-values '{":s": {"S": "STATUS#PENDING"}}' \
  --query 'Items[].[PK.S, SK.S, total.N]' --output text

aws dynamodb query --table-name $TABLE --index-name GSI1 \
  --key-condition-expression "GSI1PK = :s AND GSI1SK BETWEEN :from AND :to" \
  --expression-attribute-values '{":s": {"S": "STATUS#PENDING"},
     ":from": {"S": "2026-09-01"}, ":to": {"S": "2026-09-30"}}' \
  --select COUNT

aws dynamodb query --table-name $TABLE --index-name GSI1 \
  --key-condition-expression "GSI1PK = :c AND begins_with(GSI1SK, :p)" \
  --expression-attribute-values '{":c": {"S": "CATEGORY#paper"}, ":p": {"S": "PRICE#"}}' \
  --query 'Items[].{product: title.S, price: price.N}' --output table

# 5. A new pattern on the live table: the sparse GSI2, holding only the
#    items that carry GSI2PK.
aws dynamodb update-table --table-name $TABLE \
  --attribute-definitions AttributeName=GSI2PK,AttributeType=S \
  --global-secondary-index-updates \
   '[{"Create":{"IndexName":"GSI2",
       "KeySchema":[{"AttributeName":"GSI2PK","KeyType":"HASH"}],
       "Projection":{"ProjectionType":"ALL"}}}]' \
  --query 'TableDescription.GlobalSecondaryIndexes[].IndexName'

aws dynamodb wait table-exists --table-name $TABLE

aws dynamodb query --table-name $TABLE --index-name GSI2 \
  --key-condition-expression "GSI2PK = :o" \
  --expression-attribute-values '{":o": {"S": "OPEN"}}' \
  --query 'Items[].SK.S'

# 6. Fulfil the order: a new status on GSI1, and GSI2PK removed, so the
#    order leaves the sparse index without anything being deleted.
aws dynamodb update-item --table-name $TABLE \
  --key '{"PK": {"S": "CUST#c7"}, "SK": {"S": "ORDER#2026-09-03#o41"}}' \
  --update-expression "SET GSI1PK = :s REMOVE GSI2PK" \
  --expression-attribute-values '{":s": {"S": "STATUS#FULFILLED"}}' \
  --return-values UPDATED_NEW

aws dynamodb query --table-name $TABLE --index-name GSI2 \
  --key-condition-expression "GSI2PK = :o" \
  --expression-attribute-values '{":o": {"S": "OPEN"}}'

# 7. Clean up when you are done (in your own account, it stops the bill):
# aws dynamodb delete-table --table-name $TABLE
