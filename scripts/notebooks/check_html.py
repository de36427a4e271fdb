#!/usr/bin/env python3
"""Exports executed notebooks to HTML with nbconvert (as `jupyter nbconvert --to html` does) and
checks that every chart the notebook shows is still a drawn SVG in the HTML: an <svg> element with
elements inside, not one stripped to its bare text (what nbconvert 6.5 does to image/svg+xml
outputs). Every chart output must also hold its Vega-Lite spec (application/vnd.vegalite.v5+json),
the form JupyterLab and VS Code draw live. Writes NAME.html beside each notebook. Exit status 1
when a chart or a form is missing.
"""
import argparse
import pathlib
import sys
from html.parser import HTMLParser

import nbconvert
import nbformat


class DrawnSvgCounter(HTMLParser):
    """Counts outermost <svg class="marks"> elements (vega's charts) that contain an element."""

    def __init__(self):
        super().__init__()
        self.depth = 0  # nesting inside the current outermost <svg>
        self.has_child = False
        self.drawn = 0

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.has_child = True
            self.depth += tag == "svg"
        elif tag == "svg" and "marks" in (dict(attrs).get("class") or "").split():
            self.depth, self.has_child = 1, False

    def handle_startendtag(self, tag, attrs):
        if self.depth:
            self.has_child = True

    def handle_endtag(self, tag):
        if self.depth and tag == "svg":
            self.depth -= 1
            if self.depth == 0 and self.has_child:
                self.drawn += 1


def chart_outputs(notebook):
    return sum(
        1
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "image/svg+xml" in output.get("data", {})
    )


VEGA_LITE = "application/vnd.vegalite.v5+json"


def charts_without_spec(notebook):
    return sum(
        1
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if "image/svg+xml" in output.get("data", {}) and not isinstance(output["data"].get(VEGA_LITE), dict)
    )


def check(path):
    notebook = nbformat.read(path, as_version=4)
    bare = charts_without_spec(notebook)
    if bare:
        return False, f"{path.name}: {bare} chart outputs without their Vega-Lite form ({VEGA_LITE})"
    html, _ = nbconvert.HTMLExporter().from_notebook_node(notebook)
    path.with_suffix(".html").write_text(html, encoding="utf-8")
    counter = DrawnSvgCounter()
    counter.feed(html)
    charts = chart_outputs(notebook)
    if counter.drawn != charts:
        return False, f"{path.name}: {charts} charts in the notebook, {counter.drawn} drawn in its HTML export"
    return True, f"{path.name}: {charts} charts, each with its Vega-Lite spec, all drawn in {path.with_suffix('.html').name}"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("notebooks", nargs="+", type=pathlib.Path)
    args = parser.parse_args()
    failures = 0
    for path in args.notebooks:
        ok, message = check(path)
        if ok:
            print(f"html   {message} (nbconvert {nbconvert.__version__})")
        else:
            failures += 1
            print(f"FAILED {message}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
