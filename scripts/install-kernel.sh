#!/usr/bin/env bash
# Makes the notebooks openable in your own Jupyter: builds dist/ if missing, links the package so
# notebooks/ can `import ... from "fountframe"`, and installs a kernel spec that starts the kernel
# by absolute path, so it starts whatever PATH Jupyter is started with:
#   tslab: this Node and this repo's node_modules/tslab (`npm run kernel:tslab`);
#   deno:  the Deno binary of this repo's devDependency `deno` (from the npm registry, its
#          @deno/<platform> package), registered by `deno jupyter --install` (`npm run kernel:deno`).
#
#   bash scripts/install-kernel.sh [tslab|deno]              # for your user (~/.local/share/jupyter/kernels/NAME)
#   bash scripts/install-kernel.sh [tslab|deno] --prefix DIR # into DIR/share/jupyter/kernels/NAME
#
# tslab, and either kernel with --prefix, need a Python with Jupyter (jupyter_client and IPython):
# $JUPYTER_PYTHON if set, else the one behind `jupyter` on PATH, else /usr/bin/python3, else
# python3. A python3 without Jupyter first on PATH (pyenv, a venv) is passed over, not failed on.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=
kernel=tslab
while [ $# -gt 0 ]; do
  case "$1" in
    tslab|deno) kernel=$1; shift ;;
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown argument $1 (kernels: tslab, deno)" >&2; exit 2 ;;
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
if [ -z "$PYTHON" ] && { [ "$kernel" = tslab ] || [ -n "$prefix" ]; }; then
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
  (cd "$PACKAGE_DIR" && npx --no-install tsup --silent && node scripts/finish-declarations.mjs)
fi
mkdir -p "$ROOT/notebooks/node_modules"
ln -sfn "$PACKAGE_DIR" "$ROOT/notebooks/node_modules/fountframe"

# 3. The kernel spec, with absolute paths.
if [ "$kernel" = deno ]; then
  # the binary the npm package resolves to (its own copy, else @deno/<platform>'s), not
  # node_modules/.bin/deno: a Node script, which needs `node` on Jupyter's PATH
  DENO=$(cd "$ROOT" && node -p 'require("./node_modules/deno/install_api.cjs").runInstall()' 2>/dev/null) ||
    { echo "error: the deno package is missing from node_modules: run npm ci first" >&2; exit 1; }
  # deno writes into the spec the first `deno` on PATH, which under `npm run` is that Node script
  export PATH="$(dirname "$DENO"):$PATH"
  if [ -z "$prefix" ]; then
    "$DENO" jupyter --install --force
  else
    # `deno jupyter --install` writes to the user's Jupyter folder only: it writes to a scratch
    # HOME, and that spec, as it stands, is installed into the prefix
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/deno-kernel-XXXXXX")
    trap 'rm -rf "$scratch"' EXIT
    env -u XDG_DATA_HOME HOME="$scratch" "$DENO" jupyter --install --force >/dev/null 2>&1
    spec=$(find "$scratch" -path '*/kernels/deno/kernel.json' -print -quit)
    [ -n "$spec" ] || { echo "error: deno jupyter --install wrote no kernel spec" >&2; exit 1; }
    "$PYTHON" - "$(dirname "$spec")" "$prefix" <<'EOF'
import sys
from jupyter_client.kernelspec import KernelSpecManager
path = KernelSpecManager().install_kernel_spec(sys.argv[1], "deno", prefix=sys.argv[2])
print(f"installed the deno kernel (Deno) in {path}")
EOF
  fi
  echo "open a notebook in notebooks/ (its deno.json and package.json let Deno import fountframe) and pick the Deno kernel"
  exit 0
fi
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
