#!/usr/bin/env bash
# Makes the notebooks openable in your own Jupyter: builds dist/ if missing, links the package so
# notebooks/ can `import ... from "fountframe"`, and installs the tslab kernel spec with absolute
# paths (this Node, this repo's tslab), so the kernel starts whatever PATH Jupyter is started with.
#
#   bash scripts/install-kernel.sh                 # for your user (~/.local/share/jupyter/kernels/tslab)
#   bash scripts/install-kernel.sh --prefix DIR    # into DIR/share/jupyter/kernels/tslab
#
# Needs a Python with Jupyter (jupyter_client and IPython): $JUPYTER_PYTHON if set, else the one
# behind `jupyter` on PATH, else /usr/bin/python3, else python3. A python3 without Jupyter first
# on PATH (pyenv, a venv) is passed over, not failed on.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done

has_jupyter() { [ -n "$1" ] && "$1" -c "import jupyter_client, IPython" >/dev/null 2>&1; }

# 1. A Python with Jupyter.
candidates=("${JUPYTER_PYTHON:-}")
if jupyter_command=$(command -v jupyter 2>/dev/null); then
  shebang=$(head -1 "$jupyter_command")
  case "$shebang" in "#!/"*) candidates+=("${shebang#\#!}") ;; esac
fi
candidates+=(/usr/bin/python3 "$(command -v python3 2>/dev/null || true)")
PYTHON=
for candidate in "${candidates[@]}"; do
  if has_jupyter "$candidate"; then PYTHON=$candidate; break; fi
done
if [ -z "$PYTHON" ]; then
  cat >&2 <<'EOF'
error: no Python with Jupyter found (tried $JUPYTER_PYTHON, the `jupyter` on PATH, /usr/bin/python3, python3).
Install one, then run this again:
  Debian/Ubuntu:  sudo apt install jupyter-notebook        (or jupyter-client python3-ipython, headless)
  anywhere else:  python3 -m pip install jupyterlab
or point JUPYTER_PYTHON at the Python your Jupyter runs on.
EOF
  exit 1
fi

# 2. The package, built and linked where the notebooks import it from (FOUNTFRAME_PACKAGE_DIR: another copy).
PACKAGE_DIR=${FOUNTFRAME_PACKAGE_DIR:-$ROOT}
if [ ! -f "$PACKAGE_DIR/dist/index.cjs" ]; then
  echo "== building dist/ (tsup)"
  (cd "$PACKAGE_DIR" && npx --no-install tsup --silent && node scripts/link-danfo-declarations.mjs)
fi
mkdir -p "$ROOT/notebooks/node_modules"
ln -sfn "$PACKAGE_DIR" "$ROOT/notebooks/node_modules/fountframe"

# 3. The kernel spec, with absolute paths.
NODE=$(command -v node)
NODE=$(cd "$(dirname "$NODE")" && pwd)/$(basename "$NODE")
TSLAB="$ROOT/node_modules/tslab/bin/tslab"
[ -f "$TSLAB" ] || { echo "error: $TSLAB is missing: run npm ci first" >&2; exit 1; }
SPEC_DIR=$(mktemp -d "${TMPDIR:-/tmp}/tslab-kernel-XXXXXX")
trap 'rm -rf "$SPEC_DIR"' EXIT
NODE="$NODE" TSLAB="$TSLAB" node -e '
const spec = {
  argv: [process.env.NODE, process.env.TSLAB, "kernel", "--config-path", "{connection_file}"],
  display_name: "TypeScript",
  language: "typescript",
};
require("fs").writeFileSync(process.argv[1] + "/kernel.json", JSON.stringify(spec, null, 1) + "\n");
' "$SPEC_DIR"
"$PYTHON" - "$SPEC_DIR" "$prefix" <<'EOF'
import sys
from jupyter_client.kernelspec import KernelSpecManager
spec_dir, prefix = sys.argv[1], sys.argv[2] or None
path = KernelSpecManager().install_kernel_spec(spec_dir, "tslab", user=prefix is None, prefix=prefix)
print(f"installed the tslab kernel (TypeScript) in {path}")
EOF
echo "for the Jupyter of $PYTHON: open a notebook in notebooks/ and pick the TypeScript kernel"
