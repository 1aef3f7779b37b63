#!/usr/bin/env python3
"""Pastes the deck format's reference tables into a Markdown file.

Reads `pagereel schema --markdown` on stdin: blocks from `<!-- keys: NAME -->` to `<!-- /keys -->`.
Replaces each block of the same name in the file given as the argument, in place. A block in the
file that the declaration no longer has, or a declared object the file has no place for, is an
error, so the reference can neither keep a stale table nor silently miss one.
"""
import re
import sys

BLOCK = re.compile(r"<!-- keys: (\S+) -->\n.*?<!-- /keys -->", re.S)

generated = {m.group(1): m.group(0) for m in BLOCK.finditer(sys.stdin.read())}
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
found = set()


def paste(match):
    name = match.group(1)
    if name not in generated:
        sys.exit(f"{path}: a table for '{name}', which the deck format does not declare")
    found.add(name)
    return generated[name]


text = BLOCK.sub(paste, text)
missing = sorted(set(generated) - found)
if missing:
    sys.exit(f"{path}: no place for the tables of {', '.join(missing)} (add <!-- keys: NAME --><!-- /keys -->)")
open(path, "w", encoding="utf-8").write(text)
