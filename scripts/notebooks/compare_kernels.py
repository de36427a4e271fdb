#!/usr/bin/env python3
"""Checks that each notebook executed in several kernels shows the same rich outputs in each: per
code cell, as many HTML outputs (tables) and as many images (charts) written by fountframe's display
(show, showChart, the progress line: display_data). A kernel whose display fountframe failed to
recognise would still run every cell, printing text tables to stdout; this is the check that fails
then (an output that landed one cell late is reported, not failed). A cell's last value is left
out: Deno's kernel sends its rich form as an execute_result (which its kernel, under load, now and
then sends after the cell's end, and nbclient drops), tslab's shows a tool result or sync report
through fountframe's inspect hook as a display_data marked `fountframe.lastValue`.
Usage: compare_kernels.py DIR_A DIR_B ... (each holding NAME.ipynb).
"""
import pathlib
import sys

import nbformat

RICH = ("text/html", "image/svg+xml")


def rich_outputs(path):
    notebook = nbformat.read(path, as_version=4)
    return [
        tuple(
            sum(
                1
                for output in cell.get("outputs", [])
                if output.get("output_type") == "display_data"
                and kind in output.get("data", {})
                and not (output.get("metadata", {}).get("fountframe") or {}).get("lastValue")
            )
            for kind in RICH
        )
        for cell in notebook.cells
        if cell.cell_type == "code"
    ]


def main(dirs):
    dirs = [pathlib.Path(d) for d in dirs]
    failures = 0
    for path in sorted(dirs[0].glob("*.ipynb")):
        counts = {d.name: rich_outputs(d / path.name) for d in dirs if (d / path.name).exists()}
        reference_kernel, reference = next(iter(counts.items()))
        for kernel, cells in counts.items():
            totals = [tuple(sum(cell[k] for cell in outputs) for k in range(2)) for outputs in (reference, cells)]
            differing = [i + 1 for i, (a, b) in enumerate(zip(reference, cells)) if a != b]
            detail = ", ".join(f"cell {i}: {reference[i - 1]} vs {cells[i - 1]}" for i in differing)
            if totals[0] != totals[1] or len(cells) != len(reference):
                failures += 1
                print(f"FAILED {path.name}: (HTML, image) outputs differ between {reference_kernel} and {kernel}: {detail}", file=sys.stderr)
            elif differing:
                # the same outputs, one landing in a later cell: Deno's kernel sends display data from
                # another task, so an output can reach Jupyter after its cell's end (src/display/notebookDisplay.ts)
                print(f"moved  {path.name}: an output came in a later cell in {kernel}: {detail}", file=sys.stderr)
        if len(counts) > 1:
            html, images = (sum(cell[k] for cell in reference) for k in range(2))
            print(f"same   {path.name}: {html} HTML outputs and {images} images in each of {', '.join(counts)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
