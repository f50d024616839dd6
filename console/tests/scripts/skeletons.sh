#!/bin/bash
# A lab's first step: what does a request look like? The aws CLI writes
# the request's skeleton, every member with an empty value, and sends
# nothing — so no table is needed, and required options are not.
aws dynamodb describe-table --generate-cli-skeleton
aws dynamodb list-tables --generate-cli-skeleton input
aws dynamodb tag-resource --generate-cli-skeleton

# Filled in and given back with --cli-input-json, options on the line win.
aws dynamodb list-tables --cli-input-json '{"Limit": 5}' --limit 2
