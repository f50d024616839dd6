"""Writes console/model/dynamodb.json: the part of DynamoDB's service model
the console needs, from the aws CLI's own copy of it.

The aws CLI builds its options, reads shorthand, checks parameters and
orders the members of what it prints from this model; the console does the
same from this reduced copy: the shapes reachable from the operations the
engine serves (inputs, outputs and modelled errors), with their types,
member order, required members and minimums — without documentation.

Run with a Python that has the aws CLI (the test environment's):
    .tools/venv/bin/python console/model/generate.py > console/model/dynamodb.json
`tests/e2e/test_console_model.py` checks the committed file is what this
writes.
"""

import gzip
import json
import os
import sys

# The aws CLI's own copy of botocore, so the model is the one the pinned
# CLI (tests/e2e/requirements.txt) reads.
from awscli import botocore
from awscli.botocore import xform_name

OPERATIONS = [
    "BatchExecuteStatement", "BatchGetItem", "BatchWriteItem", "CreateTable",
    "DeleteItem", "DeleteTable", "DescribeContinuousBackups", "DescribeEndpoints",
    "DescribeLimits", "DescribeTable", "DescribeTimeToLive", "ExecuteStatement",
    "ExecuteTransaction", "GetItem", "ListTables", "ListTagsOfResource", "PutItem",
    "Query", "Scan", "TagResource", "TransactGetItems", "TransactWriteItems",
    "UntagResource", "UpdateContinuousBackups", "UpdateItem", "UpdateTable",
    "UpdateTimeToLive",
]

KEPT = ("type", "min", "required", "error")


def load():
    folder = os.path.join(os.path.dirname(botocore.__file__), "data", "dynamodb", "2012-08-10")
    plain = os.path.join(folder, "service-2.json")
    if os.path.exists(plain):
        with open(plain, encoding="utf-8") as f:
            return json.load(f)
    with gzip.open(plain + ".gz", "rt", encoding="utf-8") as f:
        return json.load(f)


def main():
    model = load()
    shapes = model["shapes"]
    kept = {}

    def visit(name):
        if name in kept:
            return
        shape = shapes[name]
        out = {key: shape[key] for key in KEPT if key in shape}
        if "error" in out:
            out["error"] = True
        kept[name] = out
        if shape["type"] == "structure":
            out["members"] = [[member, ref["shape"]] for member, ref in shape["members"].items()]
            for _, ref in shape["members"].items():
                visit(ref["shape"])
        elif shape["type"] == "list":
            out["member"] = shape["member"]["shape"]
            visit(shape["member"]["shape"])
        elif shape["type"] == "map":
            out["key"] = shape["key"]["shape"]
            out["value"] = shape["value"]["shape"]
            visit(shape["key"]["shape"])
            visit(shape["value"]["shape"])

    operations = []
    for name in OPERATIONS:
        operation = model["operations"][name]
        visit(operation["input"]["shape"])
        output = operation.get("output", {}).get("shape")
        if output:
            visit(output)
        for error in operation.get("errors", []):
            visit(error["shape"])
        options = [
            [member, xform_name(member, "-")]
            for member in shapes[operation["input"]["shape"]]["members"]
        ]
        operations.append({
            "name": name,
            "command": xform_name(name, "-"),
            "input": operation["input"]["shape"],
            "output": output,
            "options": options,
        })
    document = {
        "source": "botocore %s, data/dynamodb/2012-08-10/service-2.json (Apache-2.0), reduced by console/model/generate.py"
        % botocore.__version__,
        "operations": operations,
        "shapes": {name: kept[name] for name in sorted(kept)},
    }
    # One operation or shape a line: small, and a change to the model is a
    # readable diff.
    compact = {"separators": (",", ":")}
    out = sys.stdout
    out.write('{"source":%s,\n"operations":[\n' % json.dumps(document["source"]))
    out.write(",\n".join(json.dumps(o, **compact) for o in document["operations"]))
    out.write('],\n"shapes":{\n')
    out.write(",\n".join(
        "%s:%s" % (json.dumps(name), json.dumps(shape, **compact))
        for name, shape in document["shapes"].items()
    ))
    out.write("}}\n")


if __name__ == "__main__":
    main()
