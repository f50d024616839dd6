#!/bin/bash
# A lab's first step: what does a request look like? The aws CLI writes
# the request's skeleton, every member with an empty value, and sends
# nothing — so no table is needed, and required options are not.
aws dynamodb describe-table --generate-cli-skeleton
aws dynamodb list-tables --generate-cli-skeleton input
aws dynamodb tag-resource --generate-cli-skeleton

# Filled in and given back with --cli-input-json, options on the line win.
aws dynamodb list-tables --cli-input-json '{"Limit": 5}' --limit 2

# `output` checks the request, sends nothing, and answers with a sample
# response — each text its member's name — through --query and --output
# as any answer. Where the answer may hold an item, the CLI's own check
# of its sample fails on the binary members (B, BS), and so does this.
aws dynamodb list-tables --generate-cli-skeleton output
aws dynamodb describe-time-to-live --table-name any --generate-cli-skeleton output --output text
aws dynamodb get-item --table-name t --key '{"PK": {"S": "x"}}' --generate-cli-skeleton output --query 'Item.KeyName.[S, SS]'
