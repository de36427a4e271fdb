#!/bin/sh
# Issue 33's side-by-side: Python SDK (bavapi) vs fountframe. See README.md (set up once: setup.sh).
# Usage: bench/sdk/compare.sh [DIST (default: the repository's dist)] [--reps 3] [--first-reps 5] [--only wide,narrow,start,call] [--no-floor]
exec python3 "$(dirname "$0")/compare.py" "$@"
