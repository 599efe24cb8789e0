"""Build the docs pages from templates, running every command they show.

    python docs/build.py            # all pages
    python docs/build.py race.md    # one page
    python docs/build.py games.md --keep "jeopardy variants"
                                    # re-run all but the commands containing the
                                    # text; they keep the output the page shows now
                                    # (tests/test_docs.py -m long checks them)

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
    # The compile notice depends on the numba cache, not on the command: left out.
    stderr = "\n".join(line.split("\r")[-1] for line in result.stderr.split("\n")
                       if line != "compiling kernels, first run only")
    return (result.stdout.rstrip() + ("\n" + stderr if stderr.strip() else "")).strip()


def current_outputs(target: Path) -> dict[str, list[str]]:
    """Each command's output as the built page shows it now (first occurrence)."""
    found: dict[str, list[str]] = {}
    if not target.exists():
        return found
    lines = target.read_text().splitlines()
    for number, line in enumerate(lines):
        if line.startswith("$ ") and line[2:] not in found:
            output = []
            for following in lines[number + 1:]:
                if following.startswith(("$ ", "```")):
                    break
                output.append(following)
            found[line[2:]] = output
    return found


def build(name: str, keep: tuple[str, ...] = ()) -> None:
    lines = (TEMPLATES / name).read_text().splitlines()
    target = HERE.parent / "README.md" if name == "ROOT_README.md" else HERE / name
    previous = current_outputs(target)
    out = []
    for line in lines:
        if line.startswith("$ "):
            command = line[2:]
            out.append(line)
            if any(k in command for k in keep) and command in previous:
                print(f"  {command}  (kept)", file=sys.stderr)
                out.extend(previous[command])
                continue
            print(f"  {command}", file=sys.stderr)
            text = run(command)
            if text:
                out.extend(text.splitlines())
        else:
            out.append(line)
    target.write_text("\n".join(out) + "\n")


def main() -> None:
    arguments = sys.argv[1:]
    keep = []
    while "--keep" in arguments:
        at = arguments.index("--keep")
        keep.append(arguments[at + 1])
        del arguments[at:at + 2]
    names = arguments or sorted(p.name for p in TEMPLATES.glob("*.md"))
    for name in names:
        print(name, file=sys.stderr)
        build(name, tuple(keep))


if __name__ == "__main__":
    main()
