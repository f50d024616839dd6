"""The console's copy of DynamoDB's service model and its table of wide
characters are what their generators write from the aws CLI in this
environment (tests/e2e/requirements.txt pins it): a newer CLI with a
changed model fails here until the copies are written anew."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "console" / "model"


def generated(script):
    return subprocess.run(
        [sys.executable, str(MODEL / script)], capture_output=True, text=True, check=True,
    ).stdout


def test_the_console_model_is_the_aws_clis_own():
    assert generated("generate.py") == (MODEL / "dynamodb.json").read_text()


def test_the_wide_characters_are_pythons():
    assert generated("wide_characters.py") == (ROOT / "console" / "src" / "output" / "wide.rs").read_text()
