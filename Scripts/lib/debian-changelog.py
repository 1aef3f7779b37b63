#!/usr/bin/env python3
"""Prints the Debian changelog of the .deb from CHANGELOG.md (Keep a Changelog).

    debian-changelog.py CHANGELOG.md VERSION "NAME <EMAIL>" [DISTRIBUTION]

Each released section ("## [X.Y.Z] - YYYY-MM-DD") becomes one entry, newest first, each bullet one
item wrapped to 78 columns; "### Added"-style headings are dropped, and so is "## [Unreleased]",
which has no version or date yet. VERSION must be the newest release: a binary whose version
CHANGELOG.md does not describe is not packaged.
"""
import datetime
import email.utils
import re
import sys
import textwrap

HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d{2}-\d{2}))?\s*$")
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def releases(text):
    """(version, date, [item, …]) for each released section, in file order."""
    found, current, item = [], None, None
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading or line.startswith("## "):
            current = None
            if heading and heading["version"] != "Unreleased":
                if not heading["date"]:
                    sys.exit(f"CHANGELOG.md: release {heading['version']} has no date (## [X.Y.Z] - YYYY-MM-DD)")
                current = (heading["version"], heading["date"], [])
                found.append(current)
            continue
        if current is None or line.startswith("#") or line.startswith("["):
            continue
        if line.startswith("- "):
            item = [line[2:].strip()]
            current[2].append(item)
        elif line.startswith("  ") and line.strip() and current[2]:
            current[2][-1].append(line.strip())
    return [(version, date, [" ".join(words) for words in items]) for version, date, items in found]


def main():
    path, version, maintainer = sys.argv[1:4]
    distribution = sys.argv[4] if len(sys.argv) > 4 else "bookworm"
    entries = releases(open(path, encoding="utf-8").read())
    if not entries or entries[0][0] != version:
        newest = entries[0][0] if entries else "none"
        sys.exit(f"CHANGELOG.md: the newest release is {newest}, but the binary is {version}; "
                 f"add a '## [{version}] - YYYY-MM-DD' section")
    out = []
    for number, date, items in entries:
        out.append(f"pagereel ({number}) {distribution}; urgency=medium\n")
        for item in items or ["Release."]:
            text = LINK.sub(r"\1", item)
            out.append(textwrap.fill(text, width=78, initial_indent="  * ", subsequent_indent="    ",
                                     break_on_hyphens=False, break_long_words=False))
        when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
        out.append(f"\n -- {maintainer}  {email.utils.format_datetime(when)}\n")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
