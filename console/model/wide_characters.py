"""Writes console/src/output/wide.rs: the characters the aws CLI's table
output counts as two columns (`awscli/table.py`: East Asian width W, F or
A, as Python's `unicodedata` classes them).

Run with the test environment's Python:
    .tools/venv/bin/python console/model/wide_characters.py > console/src/output/wide.rs
`tests/e2e/test_console_model.py` checks the committed file is what this
writes.
"""

import sys
import unicodedata


def ranges():
    found, start = [], None
    for code in range(0x110000):
        wide = unicodedata.east_asian_width(chr(code)) in "WFA"
        if wide and start is None:
            start = code
        elif not wide and start is not None:
            found.append((start, code - 1))
            start = None
    if start is not None:
        found.append((start, 0x10FFFF))
    return found


def main():
    found = ranges()
    out = sys.stdout
    out.write("//! The characters the table output counts as two columns: East Asian\n")
    out.write("//! width W (wide), F (full-width) or A (ambiguous), from Python's\n")
    out.write(f"//! `unicodedata` (Unicode {unicodedata.unidata_version}). Written by\n")
    out.write("//! `console/model/wide_characters.py`; do not edit.\n\n")
    out.write("/// Inclusive ranges of code points, in order.\n")
    out.write(f"pub const WIDE: [(u32, u32); {len(found)}] = [\n")
    for first, last in found:
        out.write(f"    (0x{first:X}, 0x{last:X}),\n")
    out.write("];\n")


if __name__ == "__main__":
    main()
