#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make export: write series/ from the tree with git format-patch.

Usage: export.py TREE OUT [SUBJECT_PREFIX [HEAD]]
       export.py --cover-text OUT   (for send.sh: the subject and blurb of
                                     OUT's cover letter, as b4 prep keeps them)

FROM..HEAD of TREE become OUT/vN-NNNN-*.patch plus the cover letter; FROM
is $EXPORT_FROM, by default series-base. The base the patches are posted
against is net-base (the tree's base, before the fixes of series/net/).
When FROM is another commit (series-base: the tree has the net fixes under
the series), FROM..HEAD are replayed onto net-base first (replay.sh), so
that the patches, which apply there alone, are written against net-base,
and the cover letter has no prerequisite-patch-id lines.
The cover letter's subject and blurb are carried over from the existing
OUT/vN-0000-cover-letter.patch (git regenerates shortlog, diffstat and
base-commit). OUT/BASE records the base the series was exported against.
The output depends only on the commits, so `make check` can compare a fresh
export with series/ byte for byte.
"""
import email
import email.header
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile


def git(tree, *args, env=None):
    """Run git in TREE, return its output."""
    return subprocess.run(["git", "-C", tree, *args], check=True, env=env,
                          capture_output=True, text=True).stdout


def old_cover(out):
    """(subject, blurb) of the existing cover letter, or placeholders."""
    files = glob.glob(os.path.join(out, "v*-0000-cover-letter.patch"))
    if not files:
        return None, None
    with open(files[0], encoding="utf-8") as cover:
        text = cover.read()
    head, _, body = text.partition("\n\n")
    msg = email.message_from_string(head + "\n\n")
    subject = str(email.header.make_header(
        email.header.decode_header(msg["Subject"])))
    subject = re.sub(r"\s+", " ", subject)
    subject = re.sub(r"^\[[^]]*\]\s*", "", subject)
    # The blurb ends where git's shortlog starts: "Author Name (N):".
    authors = set()
    for path in glob.glob(os.path.join(out, "v*-[0-9][0-9][0-9][0-9]-*.patch")):
        with open(path, encoding="utf-8") as patch:
            match = re.search(r"^From: (.*?) <", patch.read(), re.M)
            if match:
                authors.add(str(email.header.make_header(
                    email.header.decode_header(match.group(1)))).strip('"'))
    lines = body.split("\n")
    end = len(lines)
    for i, line in enumerate(lines):
        match = re.match(r"^(.*) \(\d+\):$", line)
        if match and match.group(1) in authors:
            end = i
            break
    return subject, "\n".join(lines[:end]).rstrip("\n") + "\n"


def version(out):
    """The series version: $V, else the one in OUT's file names, else 1."""
    if os.environ.get("V"):
        return int(os.environ["V"])
    found = [int(match.group(1)) for name in os.listdir(out)
             if (match := re.match(r"v(\d+)-\d{4}-", name))]
    return max(found, default=1)


def posted_base(tree):
    """net-base, or series-base in a tree made before there was one."""
    for ref in ("net-base", "series-base"):
        found = subprocess.run(["git", "-C", tree, "rev-parse", "-q",
                                "--verify", f"{ref}^{{commit}}"],
                               capture_output=True, text=True, check=False)
        if found.returncode == 0:
            return ref
    raise SystemExit(f"export: {tree} has neither net-base nor series-base")


def main():
    """Export FROM..HEAD of TREE to OUT."""
    tree, out = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else "PATCH net-next"
    head = sys.argv[4] if len(sys.argv) > 4 else "HEAD"
    start = os.environ.get("EXPORT_FROM", "series-base")
    based = posted_base(tree)
    os.makedirs(out, exist_ok=True)
    if git(tree, "rev-parse", f"{start}^{{commit}}") != \
            git(tree, "rev-parse", f"{based}^{{commit}}"):
        head = subprocess.run(
            [os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "replay.sh"), tree, start, head, based],
            check=True, capture_output=True, text=True).stdout.strip()
        start = based
    count = int(git(tree, "rev-list", "--count", f"{start}..{head}"))
    tmp = tempfile.mkdtemp()
    try:
        if count:
            vers = version(out)
            # The cover letter is "from" the project identity and dated
            # like the newest commit, not by whoever runs the export, when.
            date = git(tree, "log", "-1", "--format=%cI", head).strip()
            env = dict(os.environ, GIT_COMMITTER_DATE=date,
                       GIT_COMMITTER_NAME=os.environ["PROJECT_NAME"],
                       GIT_COMMITTER_EMAIL=os.environ["PROJECT_EMAIL"])
            # a fixed abbreviation: git's default grows with the object count
            # a first posting has no "v1" in its subjects, as netdev
            # posts them; its files are still named v1-NNNN-*
            reroll = [f"-v{vers}"] if vers > 1 else []
            git(tree, "format-patch", *reroll, "--cover-letter", "--abbrev=12",
                f"--base={based}", f"--subject-prefix={prefix}",
                "--no-signature",
                "-o", tmp, f"{start}..{head}", env=env)
            if not reroll:
                for name in os.listdir(tmp):
                    os.rename(os.path.join(tmp, name),
                              os.path.join(tmp, f"v1-{name}"))
            subject, blurb = old_cover(out)
            cover = glob.glob(os.path.join(tmp, "*-0000-cover-letter.patch"))[0]
            with open(cover, encoding="utf-8") as src:
                text = src.read()
            if subject:
                text = text.replace("*** SUBJECT HERE ***", subject, 1)
                text = text.replace("*** BLURB HERE ***\n", blurb, 1)
            with open(cover, "w", encoding="utf-8") as dst:
                dst.write(text)
        base = git(tree, "rev-parse", based).strip()
        with open(os.path.join(tmp, "BASE"), "w", encoding="utf-8") as dst:
            src = os.environ.get("BASE_DESC", "")
            if src:
                dst.write(f"linux-source: {src}\n")
            dst.write(f"base-commit: {base}\n")
        for path in glob.glob(os.path.join(out, "v*-*.patch")) + \
                glob.glob(os.path.join(out, "BASE")):
            os.unlink(path)
        for name in os.listdir(tmp):
            shutil.copy(os.path.join(tmp, name), os.path.join(out, name))
    finally:
        shutil.rmtree(tmp)
    print(f"export: {count} patch(es) to {out}", file=sys.stderr)


def cover_text(out):
    """Print OUT's cover letter as b4 prep keeps one: subject, blank, blurb."""
    subject, blurb = old_cover(out)
    if not subject:
        raise SystemExit(f"export: no cover letter in {out}")
    print(f"{subject}\n\n{blurb}", end="")


if sys.argv[1:2] == ["--cover-text"]:
    cover_text(sys.argv[2])
else:
    main()
