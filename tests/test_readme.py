"""The README is for a player or a hobbyist (issue 33 item 5): short, with the two commands
first, and every detail it leaves out on a docs page it links.  The budget table it keeps is
read by tests/test_device_budget.py and its Tools list by tests/test_tools_cli.py."""

import os
import re

from conftest import ROOT

README = os.path.join(ROOT, "README.md")
MOST_CHARACTERS = 25000


def read_readme():
    with open(README, encoding="utf-8") as file:
        return file.read()


def sections(text):
    """Each ``## `` section of ``text`` as (heading, body), in order (a code block's lines are
    not headings)."""
    found, heading, lines, fenced = [], None, [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            if heading is not None:
                found.append((heading, "\n".join(lines)))
            heading, lines = line[3:], []
        elif heading is not None:
            lines.append(line)
    if heading is not None:
        found.append((heading, "\n".join(lines)))
    return found


def test_the_readme_stays_short_for_players_with_the_two_commands_first():
    text = read_readme()
    assert len(text) < MOST_CHARACTERS, (
        "README.md has %d characters, at most %d: move detail to a page under docs/ and link it"
        % (len(text), MOST_CHARACTERS - 1))
    heading, body = sections(text)[0]
    assert heading == "Play, test", heading
    assert "make play" in body and "make test" in body, body
    assert body.index("make play") < body.index("make test")


def test_every_docs_page_the_readme_links_exists():
    text = read_readme()
    links = re.findall(r"\]\((docs/[^)#\s]+\.md)(?:#[^)\s]*)?\)", text)
    assert links, "the README links no page under docs/"
    missing = sorted({link for link in links if not os.path.isfile(os.path.join(ROOT, link))})
    assert missing == [], missing


def test_every_page_under_docs_is_linked_from_the_readme():
    linked = set(re.findall(r"\]\(docs/([^)#\s]+\.md)", read_readme()))
    pages = {name for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md")}
    assert sorted(pages - linked) == [], "pages under docs/ the README does not point to"


def test_the_readmes_make_commands_are_the_makefiles_targets():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as file:
        targets = set(re.findall(r"(?m)^([a-z]+):", file.read()))
    used = set(re.findall(r"(?:^|`)make ([a-z]+)\b", read_readme(), re.M))  # a command, not prose
    assert {"play", "test", "bundle"} <= used
    assert sorted(used - targets) == [], used - targets
