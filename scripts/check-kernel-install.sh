#!/usr/bin/env bash
# notebooks/README.md's steps on a fresh clone, as a new user takes them: `npm run kernel:tslab` and
# `npm run kernel:deno` with a python3 without Jupyter first on PATH (as pyenv's is) and no
# node_modules/.bin on PATH, then a notebook executed by `jupyter nbconvert --execute` in
# notebooks/, where the README says to open them, with each kernel. The clone borrows this
# checkout's node_modules for the `npm ci` step (.ci/run has just run it). First, the READMEs' Debian
# steps: the jupyter subcommand they open the notebooks with is one Debian's jupyter-notebook has.
# Needs Jupyter's Debian packages (scripts/run-notebooks.sh installs them, jupyter-notebook included).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/fountframe-kernel-XXXXXX")
trap 'rm -rf "$WORK"' EXIT

echo "== the Debian steps as the READMEs write them: every jupyter subcommand they run after apt's jupyter-notebook exists"
/usr/bin/python3 - "$ROOT/README.md" "$ROOT/notebooks/README.md" <<'EOF'
import re, subprocess, sys
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    at = text.find("apt install jupyter-notebook")
    if at < 0:
        sys.exit(f"{path}: no Debian step (apt install jupyter-notebook)")
    # the Debian instructions: from the apt line to the end of its paragraph, or of its code block
    debian = re.split(r"\n\n|\n```|elsewhere|anywhere", text[at:])[0]
    commands = sorted(set(re.findall(r"jupyter (\w+) notebooks/", debian)))
    if not commands:
        sys.exit(f"{path}: the Debian steps open no notebook (jupyter ... notebooks/)")
    for sub in commands:
        result = subprocess.run(["jupyter", sub, "--version"], capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{path}: the Debian steps run `jupyter {sub}`, which Debian's jupyter-notebook does not have: {result.stderr.strip()}")
        print(f"{path}: `jupyter {sub}` is there ({result.stdout.strip()})")
EOF

echo "== git clone (HEAD) into $WORK/clone"
git clone --quiet "$ROOT" "$WORK/clone"
ln -s "$ROOT/node_modules" "$WORK/clone/node_modules"

mkdir -p "$WORK/bin" "$WORK/home"
printf '#!/bin/sh\necho "pyenv: python3: this Python has no Jupyter" >&2\nexec /usr/bin/python3 -S "$@"\n' > "$WORK/bin/python3"
chmod +x "$WORK/bin/python3"
NODE_DIR=$(dirname "$(command -v node)")
CLEAN_PATH="$WORK/bin:$NODE_DIR:/usr/local/bin:/usr/bin:/bin"
user_env=(env -i HOME="$WORK/home" PATH="$CLEAN_PATH" TMPDIR="${TMPDIR:-/tmp}" LANG=C.UTF-8 npm_config_update_notifier=false)

for kernel in tslab deno; do
  echo "== npm run kernel:$kernel (python3 without Jupyter first on PATH)"
  (cd "$WORK/clone" && "${user_env[@]}" npm run --silent "kernel:$kernel")

  SPEC="$WORK/home/.local/share/jupyter/kernels/$kernel/kernel.json"
  /usr/bin/python3 - "$SPEC" <<'EOF'
import json, os, sys
argv = json.load(open(sys.argv[1]))["argv"]
# the executables the spec starts: tslab's Node and its script, Deno's binary
commands = argv[:2] if argv[1].endswith("tslab") else argv[:1]
bad = [c for c in commands if not (os.path.isabs(c) and os.access(c, os.R_OK))]
if bad:
    sys.exit(f"kernel.json starts the kernel with {argv}: {bad} not an absolute, readable path")
with open(argv[0], "rb") as program:
    if program.read(2) == b"#!":
        sys.exit(f"kernel.json starts the kernel with {argv[0]}, a script: its interpreter must be on Jupyter's PATH")
print(f"kernel.json: {' '.join(argv)}")
EOF

  echo "== jupyter nbconvert --execute, in notebooks/, with $kernel"
  /usr/bin/python3 - "$WORK/clone/notebooks/kernel-check.ipynb" "$kernel" <<'EOF'
import sys, nbformat
kernel = sys.argv[2]
notebook = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": kernel, "display_name": kernel, "language": "typescript"}})
# Deno's kernel takes a display asynchronously: awaited (as show's own documentation says), the table stays in its cell
wait = "await " if kernel == "deno" else ""
# the version in the table, not on stdout: under load Deno's kernel can send a cell's stdout after the
# cell has finished, and nbconvert then drops it
notebook.cells.append(nbformat.v4.new_code_cell(f'import {{ VERSION, show }} from "fountframe";\n{wait}show([{{ kernel: "{kernel}", fountframe: VERSION }}]);'))
if kernel == "deno":  # a frame as the cell's last value: Deno asks it for its MIME bundle
    notebook.cells.append(nbformat.v4.new_code_cell('import { recordsToFrame } from "fountframe";\nawait recordsToFrame([{ kernel: "deno", last: 1 }])'))
nbformat.write(notebook, sys.argv[1])
EOF
  # Deno's kernel awaits a value's Jupyter.display method before it sends the execute_result, and
  # under load it can send the cell's idle status first: nbconvert then drops the result (2 runs in
  # 18 at load 3 here; a plain object, formatted without that await, 16 of 16 kept). A live
  # notebook still shows it; headless, a missing last value is run again, twice at most
  for attempt in 1 2 3; do
    (cd "$WORK/clone/notebooks" && "${user_env[@]}" jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=120 --output executed.ipynb kernel-check.ipynb 2>&1 | grep -v -e "^\[NbConvertApp\]" -e "is unstable" || true)
    status=0
    /usr/bin/python3 - "$WORK/clone/notebooks/executed.ipynb" "$kernel" <<'EOF' || status=$?
import re, sys, nbformat
cell = nbformat.read(sys.argv[1], as_version=4).cells[0]
html = "".join(o.get("data", {}).get("text/html", "") for o in cell.outputs)
version = re.search(r">(\d+\.\d+\.\d+[^<]*)</td>", html)
if not version or f">{sys.argv[2]}</td>" not in html:
    sys.exit(f"the notebook did not run in the {sys.argv[2]} kernel; outputs: {cell.outputs}")
shown = "a table shown"
if sys.argv[2] == "deno":
    last = nbformat.read(sys.argv[1], as_version=4).cells[1]
    results = [o for o in last.outputs if o.get("output_type") == "execute_result"]
    if not results:
        print(f"no execute_result for a frame as a cell's last value (outputs: {last.outputs})", file=sys.stderr)
        sys.exit(3)
    if ">deno</td>" not in results[0].get("data", {}).get("text/html", ""):
        sys.exit(f"a frame as a cell's last value was not shown as a table in deno; outputs: {last.outputs}")
    shown += ", a frame as a cell's last value shown as a table"
print(f"executed in {sys.argv[2]}: fountframe {version.group(1)}, {shown}")
EOF
    if [ "$status" -eq 3 ] && [ "$attempt" -lt 3 ]; then
      echo "run $attempt: Deno's kernel sent the last value after the cell's end; running the notebook again"
      continue
    fi
    [ "$status" -eq 3 ] && { echo "a frame as a cell's last value was not shown in deno in 3 runs" >&2; exit 1; }
    [ "$status" -eq 0 ] || exit "$status"
    break
  done
  rm -f "$WORK/clone/notebooks/executed.ipynb"
done
echo "kernel install check passed"
