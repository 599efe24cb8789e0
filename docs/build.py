"""Build the docs pages from templates, running every command they show.

    python docs/build.py            # all pages
    python docs/build.py race.md    # one page

A template line ``$ jeopardy ...`` (inside a ```console block) is run and
replaced by the command followed by its real output; figures named in
``jeopardy plot``/``--plot`` commands are written into docs/figures/.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"


def run(command: str) -> str:
    """Run one documented command (``cmd args < file`` feeds a file as input)."""
    env = dict(os.environ, COLUMNS="100")
    words = shlex.split(command)
    stdin = None
    if "<" in words:
        at = words.index("<")
        stdin = (HERE.parent / words[at + 1]).read_text()
        words = words[:at]
    result = subprocess.run(words, capture_output=True, text=True, cwd=HERE.parent, env=env,
                            input=stdin)
    # Progress lines redraw themselves with "\r": keep what was drawn last.
    stderr = "\n".join(line.split("\r")[-1] for line in result.stderr.split("\n"))
    return (result.stdout.rstrip() + ("\n" + stderr if stderr.strip() else "")).strip()


def build(name: str) -> None:
    lines = (TEMPLATES / name).read_text().splitlines()
    out = []
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            print(f"  {command}", file=sys.stderr)
            out.append(line)
            text = run(command)
            if text:
                out.extend(text.splitlines())
        else:
            out.append(line)
    target = HERE.parent / "README.md" if name == "ROOT_README.md" else HERE / name
    target.write_text("\n".join(out) + "\n")


def main() -> None:
    names = sys.argv[1:] or sorted(p.name for p in TEMPLATES.glob("*.md"))
    for name in names:
        print(name, file=sys.stderr)
        build(name)


if __name__ == "__main__":
    main()
