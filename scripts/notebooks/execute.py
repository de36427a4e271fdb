#!/usr/bin/env python3
"""Executes notebooks headless in one kernel (--kernel: tslab, deno), concurrently, and writes executed copies.

A failing cell fails the notebook: an `error` output (Deno), or, as tslab reports one, only
stderr text with an error status (no `error` output), so
the cell is found through nbclient's on_cell_error hook and printed plainly: its number, its
source and what it wrote to stderr. Exit status 1 when any notebook fails.
"""
import argparse
import asyncio
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError


def has_outputs(notebook):
    return [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code" and (cell.get("outputs") or cell.get("execution_count"))
    ]


def stream_text(cell, name):
    return "".join(
        output.get("text", "")
        for output in cell.get("outputs", [])
        if output.get("output_type") == "stream" and output.get("name") == name
    )


def error_text(cell):
    lines = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            lines.append(f"{output.get('ename', '')}: {output.get('evalue', '')}")
    return "\n".join(lines)


def indent(text):
    return "\n".join("    " + line for line in text.rstrip("\n").splitlines()) or "    (nothing)"


async def execute(path, out_dir, timeout, kernel):
    """Runs one notebook; returns (path, seconds, failure message or None)."""
    notebook = nbformat.read(path, as_version=4)
    with_outputs = has_outputs(notebook)
    if with_outputs:
        return path, 0.0, (
            f"{path} is committed with outputs (cells {', '.join(str(i + 1) for i in with_outputs)}): "
            "commit notebooks without outputs (bash scripts/run-notebooks.sh --strip)"
        )
    failed = {}

    def on_cell_error(cell, cell_index, execute_reply):
        failed.setdefault("index", cell_index)

    def on_cell_executed(cell, cell_index, execute_reply):
        # tslab gives a cell's count only in its execute_reply (no execute_input message). nbclient
        # 0.7 numbers the cells it runs itself; where a version does not, the reply's count fills
        # the gap, and the check after the run fails rather than export "In [ ]:" on every cell
        count = ((execute_reply or {}).get("content") or {}).get("execution_count")
        if count and not cell.get("execution_count"):
            cell["execution_count"] = count

    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name=kernel,
        resources={"metadata": {"path": str(path.parent)}},
        on_cell_error=on_cell_error,
        on_cell_executed=on_cell_executed,
    )
    started = time.monotonic()
    problem = None
    try:
        await client.async_execute()
    except CellTimeoutError as error:
        problem = f"a cell ran longer than {timeout} s: {str(error).strip()[:500]}"
    except DeadKernelError as error:
        problem = f"the kernel died: {error}"
    except CellExecutionError:
        problem = "a cell failed"
    seconds = time.monotonic() - started
    uncounted = [index for index, cell in enumerate(notebook.cells) if cell.cell_type == "code" and cell.source.strip() and not cell.get("execution_count")]
    if not problem and uncounted:
        problem = f"cells {', '.join(str(i + 1) for i in uncounted)} ran without an execution count (the HTML would show In [ ]:)"
    out_dir.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, out_dir / path.name)
    if problem and "index" in failed:
        index = failed["index"]
        cell = notebook.cells[index]
        problem = "\n".join([
            f"{problem}: cell {index + 1} of {len(notebook.cells)}",
            "--- source ---", indent(cell.source),
            "--- stderr ---", indent(stream_text(cell, "stderr")),
            *(["--- error ---", indent(error_text(cell))] if error_text(cell) else []),
            "--- stdout ---", indent(stream_text(cell, "stdout")),
        ])
    return path, seconds, problem


async def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("notebooks", nargs="+", type=pathlib.Path)
    parser.add_argument("--out", type=pathlib.Path, required=True, help="folder for the executed copies")
    parser.add_argument("--timeout", type=int, default=120, help="seconds one cell may run")
    parser.add_argument("--kernel", default="tslab")
    args = parser.parse_args()
    results = await asyncio.gather(*(execute(path.resolve(), args.out, args.timeout, args.kernel) for path in args.notebooks))
    failures = 0
    for path, seconds, problem in results:
        if problem:
            failures += 1
            print(f"FAILED {path.name} after {seconds:.1f} s\n{problem}\n", file=sys.stderr)
        else:
            print(f"ok     {path.name} in {seconds:.1f} s -> {args.out / path.name}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
