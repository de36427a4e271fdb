#!/usr/bin/env python3
"""Removes outputs and execution counts from notebooks, in place (the committed form)."""
import sys

import nbformat

for name in sys.argv[1:]:
    notebook = nbformat.read(name, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, name)
    print(f"stripped {name}")
