"""Turns extract.js's output into dynalite-suite.jsonl: one case per line,
requests over 4 KB left out, duplicates dropped, the suite's JavaScript
patterns written for Rust's regex crate.

    node extract.js <dynalite>/test | python3 to_jsonl.py > dynalite-suite.jsonl
"""
import json
import re
import sys

EXCEPTIONS = {"validation": "ValidationException", "serialization": "SerializationException",
              "not_found": "ResourceNotFoundException", "in_use": "ResourceInUseException",
              "conditional": "ConditionalCheckFailedException"}


def rust_pattern(pattern):
    """Braces that are not a repetition count, escaped."""
    out, i = [], 0
    while i < len(pattern):
        count = re.match(r"\{\d+(,\d*)?\}", pattern[i:])
        if pattern[i] == "\\":
            out.append(pattern[i:i + 2]); i += 2
        elif count:
            out.append(count.group(0)); i += len(count.group(0))
        elif pattern[i] in "{}":
            out.append("\\" + pattern[i]); i += 1
        else:
            out.append(pattern[i]); i += 1
    return "".join(out)


def message(recorded):
    if isinstance(recorded, dict):
        if "regex" in recorded:
            return {"regex": rust_pattern(recorded["regex"])}
        return {"all_of": [message(part) for part in recorded["all_of"]]}
    return recorded


seen, number = set(), 0
for case in json.load(sys.stdin):
    if len(json.dumps(case["data"])) > 4096:
        continue
    key = (case["target"], json.dumps(case["data"], sort_keys=True), json.dumps(case["msg"]))
    if key in seen:
        continue
    seen.add(key)
    number += 1
    print(json.dumps({"id": number, "test": case["test"], "target": case["target"], "data": case["data"],
                      "exception": EXCEPTIONS[case["kind"]], "message": message(case["msg"])},
                     separators=(",", ":")))
