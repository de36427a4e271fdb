#!/bin/sh
# Creates the venv the SDK comparison runs the Python SDK (bavapi) in, and installs bavapi and its
# dependencies into it. See README.md.
#
# Usage: bench/sdk/setup.sh [BAVAPI_SOURCE_DIR]      (or FOUNT_SDK_SRC=...)
#   BAVAPI_SOURCE_DIR  a checkout of github.com/wppbav/bavapi-sdk-python (measured at
#                      46bc42083b8b7eaf3d5e9e5e6b3f66507988296c); installed editable, so keep it
#   FOUNT_SDK_VENV     the venv to create (default bench/sdk/.venv)
#   FOUNT_SDK_PYTHON   the python that makes it (default python3)
#   FOUNT_SDK_PIP_INDEX  pip's --index-url (default: the local wheel index file:///opt/pypi/simple
#                      when that folder exists, else pip's own default, PyPI)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=${1:-${FOUNT_SDK_SRC:-}}
if [ -z "$src" ] || [ ! -f "$src/pyproject.toml" ]; then
  echo "usage: bench/sdk/setup.sh BAVAPI_SOURCE_DIR (or FOUNT_SDK_SRC): a checkout of github.com/wppbav/bavapi-sdk-python" >&2
  exit 2
fi
src=$(cd "$src" && pwd)
venv=${FOUNT_SDK_VENV:-$here/.venv}
python=${FOUNT_SDK_PYTHON:-python3}

index=${FOUNT_SDK_PIP_INDEX:-}
if [ -z "$index" ] && [ -d /opt/pypi/simple ]; then
  index=file:///opt/pypi/simple
fi
# --index-url alone: with the local index pip does not retry an unreachable pypi.org first
set --
if [ -n "$index" ]; then
  set -- --index-url "$index"
fi

"$python" -m venv "$venv"
# the dependencies named in bavapi's pyproject; pandas pinned to 2.x of the SDK's time (unpinned,
# pip picks pandas 3, whose default string dtype changes the frames)
"$venv/bin/pip" install "$@" \
  "httpx>=0.20" "nest-asyncio>=1.5" "pandas==2.2.3" "pydantic>=2.0" "tqdm>=4.0" "typing-extensions>=4.6" setuptools wheel
"$venv/bin/pip" install "$@" --no-build-isolation --no-deps -e "$src"

# the SDK's commit, for the results page
if [ -f "$src/COMMIT" ]; then
  cp "$src/COMMIT" "$venv/bavapi-commit"
elif git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
  git -C "$src" rev-parse HEAD >"$venv/bavapi-commit"
fi

"$venv/bin/python" -c "import sys, bavapi, pandas, numpy, httpx, pydantic; print('bavapi ok: python', sys.version.split()[0], 'pandas', pandas.__version__, 'numpy', numpy.__version__, 'httpx', httpx.__version__, 'pydantic', pydantic.__version__)"
if [ -f "$venv/bavapi-commit" ]; then
  echo "bavapi commit $(cat "$venv/bavapi-commit")"
fi
if [ ! -x /usr/bin/time ]; then
  echo "note: compare.sh also needs GNU time at /usr/bin/time (Debian/Ubuntu: apt-get install time)" >&2
fi
echo "venv ready: $venv"
