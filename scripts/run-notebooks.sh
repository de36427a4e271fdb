#!/usr/bin/env bash
# Executes the notebooks in notebooks/ headless in each kernel, tslab and Deno's; any cell error fails.
#
#   bash scripts/run-notebooks.sh                  # every notebook in both kernels; executed copies and their HTML exports in notebooks/.executed/KERNEL/
#   bash scripts/run-notebooks.sh notebooks/x.ipynb
#   bash scripts/run-notebooks.sh --kernel deno    # one kernel only (tslab or deno)
#   bash scripts/run-notebooks.sh --update-docs    # also copy the README's chart into docs/
#   bash scripts/run-notebooks.sh --strip          # remove outputs from the committed notebooks
#
# Self-sufficient on a fresh machine (CI=true, no stdin): installs the Debian packages for
# Jupyter if they are missing, builds dist/ if absent, installs both kernels inside the repo
# (.jupyter/), and links the package so notebooks import it as a user does: from "fountframe".
# Every notebooks/*.ipynb runs in every kernel: a notebook that cannot is a failure, not skipped.
# Environment: FOUNTFRAME_PACKAGE_DIR (default: the repo) is the package the notebooks import.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PYTHON=/usr/bin/python3
OUT_DIR="$ROOT/notebooks/.executed"
DOCS_CHARTS=(brand-health-bar.svg)
# jupyter-notebook: the package notebooks/README.md tells Debian users to install (its `jupyter notebook`
# is what check-kernel-install.sh opens the notebooks with, as the README says)
DEBIAN_PACKAGES=(jupyter-core jupyter-client jupyter-nbconvert python3-nbclient python3-nbformat python3-ipython jupyter-notebook)

started=$(date +%s%N)
span() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }

update_docs=false
strip=false
notebooks=()
kernels=(tslab deno)
while [ $# -gt 0 ]; do
  case "$1" in
    --update-docs) update_docs=true ;;
    --strip) strip=true ;;
    --kernel) kernels=("${2:?--kernel needs tslab or deno}"); shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) notebooks+=("$1") ;;
  esac
  shift
done
if [ ${#notebooks[@]} -eq 0 ]; then notebooks=(notebooks/*.ipynb); fi

# 1. Jupyter from Debian (nbclient drives the kernel; nbconvert exports the HTML that is checked).
if ! { [ -x "$PYTHON" ] && "$PYTHON" -c "import nbclient, nbconvert, nbformat, jupyter_client, IPython, notebook" 2>/dev/null; }; then
  echo "== installing Jupyter (Debian packages: ${DEBIAN_PACKAGES[*]})"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${DEBIAN_PACKAGES[@]}" >/dev/null
fi
setup_done=$(date +%s%N)
if $strip; then exec "$PYTHON" scripts/notebooks/strip.py "${notebooks[@]}"; fi

# 2. The package built and linked, and the kernels installed inside the repo (the script behind
# `npm run kernel:tslab` and `npm run kernel:deno`); Jupyter's state kept there too.
export JUPYTER_CONFIG_DIR="$ROOT/.jupyter/config"
export JUPYTER_DATA_DIR="$ROOT/.jupyter/data"
export JUPYTER_RUNTIME_DIR="$ROOT/.jupyter/runtime"
export JUPYTER_PATH="$ROOT/.jupyter/prefix/share/jupyter"
export IPYTHONDIR="$ROOT/.jupyter/ipython"
export JUPYTER_PLATFORM_DIRS=1
mkdir -p "$JUPYTER_CONFIG_DIR" "$JUPYTER_DATA_DIR" "$JUPYTER_RUNTIME_DIR" "$IPYTHONDIR"
for kernel in "${kernels[@]}"; do
  JUPYTER_PYTHON="$PYTHON" bash scripts/install-kernel.sh "$kernel" --prefix "$ROOT/.jupyter/prefix" >/dev/null
done
# tslab type-checks every cell against the package's top-level "types" (it ignores "exports").
PACKAGE_DIR=${FOUNTFRAME_PACKAGE_DIR:-$ROOT}
types_file=$(node -p "require('$PACKAGE_DIR/package.json').types || ''")
if [ -z "$types_file" ] || [ ! -f "$PACKAGE_DIR/$types_file" ]; then
  echo "error: package.json \"types\" (${types_file:-none}) is not in the build; tslab needs it to type-check the notebooks" >&2
  exit 1
fi

# 3. Execute, per kernel all notebooks at once; the notebooks write files (CSV, Excel, SVG) to
# NOTEBOOK_OUT_DIR, one per kernel. The kernel named here overrides the one a notebook names.
rm -rf "$OUT_DIR"
execute_started=$(date +%s%N)
status=0
for kernel in "${kernels[@]}"; do
  kernel_out="$OUT_DIR/$kernel"
  mkdir -p "$kernel_out/out"
  echo "== executing in $kernel: ${notebooks[*]}"
  NOTEBOOK_OUT_DIR="$kernel_out/out" "$PYTHON" scripts/notebooks/execute.py --kernel "$kernel" --out "$kernel_out" --timeout 120 "${notebooks[@]}" || status=1
  # Each executed notebook exported to HTML as `jupyter nbconvert --to html` does: its charts must survive.
  executed=()
  for notebook in "${notebooks[@]}"; do
    [ -f "$kernel_out/$(basename "$notebook")" ] && executed+=("$kernel_out/$(basename "$notebook")")
  done
  if [ ${#executed[@]} -gt 0 ]; then "$PYTHON" scripts/notebooks/check_html.py "${executed[@]}" || status=1; fi
done
# The same tables and charts in every kernel: a kernel whose display went unrecognised prints text instead.
if [ ${#kernels[@]} -gt 1 ]; then "$PYTHON" scripts/notebooks/compare_kernels.py "${kernels[@]/#/$OUT_DIR/}" || status=1; fi

# 4. The README's chart is the notebook's own output (tslab's run): copy it, or say when docs/ is behind.
for chart in "${DOCS_CHARTS[@]}"; do
  fresh="$OUT_DIR/${kernels[0]}/out/$chart"
  [ -f "$fresh" ] || continue
  if $update_docs; then
    cp "$fresh" "docs/$chart" && echo "updated docs/$chart"
  elif ! cmp -s "$fresh" "docs/$chart"; then
    echo "note: docs/$chart differs from the chart the notebook drew; refresh it with: bash scripts/run-notebooks.sh --update-docs"
  fi
done

finished=$(date +%s%N)
echo "== notebooks: $(span "$started" "$finished") s in all (Debian installs $(span "$started" "$setup_done") s, kernel and build $(span "$setup_done" "$execute_started") s, execution $(span "$execute_started" "$finished") s)"
exit $status
