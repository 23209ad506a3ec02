#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make export: write series/ from the tree with git format-patch.

series-base..HEAD of TREE become OUT/vN-NNNN-*.patch plus the cover letter.
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
    return subprocess.run(["git", "-C", tree, *args], check=True, env=env,
                          capture_output=True, text=True).stdout


def old_cover(out):
    """(subject, blurb) of the existing cover letter, or placeholders."""
    files = glob.glob(os.path.join(out, "v*-0000-cover-letter.patch"))
    if not files:
        return None, None
    with open(files[0], encoding="utf-8") as f:
        text = f.read()
    head, _, body = text.partition("\n\n")
    msg = email.message_from_string(head + "\n\n")
    subject = str(email.header.make_header(
        email.header.decode_header(msg["Subject"])))
    subject = re.sub(r"\s+", " ", subject)
    subject = re.sub(r"^\[[^]]*\]\s*", "", subject)
    # The blurb ends where git's shortlog starts: "Author Name (N):".
    authors = set()
    for p in glob.glob(os.path.join(out, "v*-[0-9][0-9][0-9][0-9]-*.patch")):
        with open(p, encoding="utf-8") as f:
            m = re.search(r"^From: (.*?) <", f.read(), re.M)
            if m:
                authors.add(str(email.header.make_header(
                    email.header.decode_header(m.group(1)))).strip('"'))
    lines = body.split("\n")
    end = len(lines)
    for i, line in enumerate(lines):
        m = re.match(r"^(.*) \(\d+\):$", line)
        if m and m.group(1) in authors:
            end = i
            break
    return subject, "\n".join(lines[:end]).rstrip("\n") + "\n"


def version(out):
    if os.environ.get("V"):
        return int(os.environ["V"])
    vs = [int(m.group(1)) for p in os.listdir(out)
          if (m := re.match(r"v(\d+)-\d{4}-", p))]
    return max(vs, default=1)


def main():
    tree, out = sys.argv[1], sys.argv[2]
    prefix = sys.argv[3] if len(sys.argv) > 3 else "PATCH net-next"
    os.makedirs(out, exist_ok=True)
    count = int(git(tree, "rev-list", "--count", "series-base..HEAD"))
    tmp = tempfile.mkdtemp()
    try:
        if count:
            vers = version(out)
            # The cover letter is "from" the project identity and dated
            # like the newest commit, not by whoever runs the export, when.
            date = git(tree, "log", "-1", "--format=%cI").strip()
            env = dict(os.environ, GIT_COMMITTER_DATE=date,
                       GIT_COMMITTER_NAME=os.environ["PROJECT_NAME"],
                       GIT_COMMITTER_EMAIL=os.environ["PROJECT_EMAIL"])
            git(tree, "format-patch", f"-v{vers}", "--cover-letter",
                "--base=series-base", f"--subject-prefix={prefix}",
                "--no-signature",
                "-o", tmp, "series-base..HEAD", env=env)
            subject, blurb = old_cover(out)
            cover = glob.glob(os.path.join(tmp, "*-0000-cover-letter.patch"))[0]
            with open(cover, encoding="utf-8") as f:
                text = f.read()
            if subject:
                text = text.replace("*** SUBJECT HERE ***", subject, 1)
                text = text.replace("*** BLURB HERE ***\n", blurb, 1)
            with open(cover, "w", encoding="utf-8") as f:
                f.write(text)
        base = git(tree, "rev-parse", "series-base").strip()
        with open(os.path.join(tmp, "BASE"), "w", encoding="utf-8") as f:
            src = os.environ.get("BASE_DESC", "")
            if src:
                f.write(f"linux-source: {src}\n")
            f.write(f"base-commit: {base}\n")
        for p in glob.glob(os.path.join(out, "v*-*.patch")) + \
                glob.glob(os.path.join(out, "BASE")):
            os.unlink(p)
        for p in os.listdir(tmp):
            shutil.copy(os.path.join(tmp, p), os.path.join(out, p))
    finally:
        shutil.rmtree(tmp)
    print(f"export: {count} patch(es) to {out}", file=sys.stderr)


main()
