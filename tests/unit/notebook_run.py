# Validates posenc's lesson notebooks (the .ipynb files named on the command line) against nbformat's
# schema and runs them with Debian's nbclient, in
# one Python kernel, one after the other (the kernel's namespace reset and its figures closed between
# them: a kernel takes ~2.5 s to start here, a notebook ~1 s to run), and writes one JSON object to the
# --json file: per notebook, the error (the failing cell's step, or role, and its traceback's last lines)
# or null, its seconds, and per step (the code cells' metadata) the numbers its "posenc-numbers" line
# printed, or "todo" where its notebook does not draw the step again yet. --out DIR also writes each
# notebook executed (figures and all) there, to look at.
# Run by tests/unit/test_notebook_run.cpp with /usr/bin/python3 (python3-nbclient, python3-ipykernel,
# python3-numpy, python3-matplotlib).
import argparse
import json
import os
import re
import sys
import time

os.environ["POSENC_NUMBERS"] = "all"  # show_numbers() writes whole arrays (the kernel inherits this)
os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # ipykernel's debugger: no warning per start
os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import CellExecutionError  # noqa: E402

RESET = "%reset -f\nimport matplotlib.pyplot as plt\nplt.close('all')\nplt.rcdefaults()"


def step_numbers(cell):
    """What a step's cell printed: its numbers (the last posenc-numbers line), or "todo"."""
    found = None
    for out in cell.get("outputs", []):
        if out.get("output_type") != "stream":
            continue
        for line in out.get("text", "").splitlines():
            if line.startswith("posenc-numbers "):
                found = json.loads(line[len("posenc-numbers "):])
            elif line.startswith("posenc-todo "):
                found = "todo"
    return found


def run(client, path, out_dir):
    nb = nbformat.read(path, as_version=4)
    try:
        nbformat.validate(nb)  # nbformat's own JSON schema of version 4
    except nbformat.ValidationError as e:
        return {"error": "not a valid nbformat 4 notebook: " + str(e).splitlines()[0], "steps": {}, "figures": 0}
    client.nb = nb
    nb.cells.append(nbformat.v4.new_code_cell(RESET))  # executed as a cell of its own, then dropped
    client.execute_cell(nb.cells[-1], len(nb.cells) - 1)
    nb.cells.pop()
    result = {"error": None, "steps": {}, "figures": 0}
    start = time.monotonic()
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        meta = cell.metadata.get("posenc", {})
        where = meta.get("step") or meta.get("role") or str(index)
        try:
            client.execute_cell(cell, index)
        except CellExecutionError as e:
            plain = re.sub(r"\x1b\[[0-9;]*m", "", str(e))  # IPython's colours
            result["error"] = where + ": " + "\n".join(plain.strip().splitlines()[-12:])
            break
        result["figures"] += sum(1 for o in cell.get("outputs", []) if "image/png" in o.get("data", {}))
        if meta.get("role") == "step":
            result["steps"][meta["step"]] = step_numbers(cell)
    result["seconds"] = round(time.monotonic() - start, 3)
    if out_dir:
        nbformat.write(nb, os.path.join(out_dir, os.path.basename(path)))
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", required=True)
    parser.add_argument("--out")
    parser.add_argument("notebooks", nargs="+")
    args = parser.parse_args()
    first = nbformat.read(args.notebooks[0], as_version=4)
    client = NotebookClient(first, kernel_name="python3", timeout=300, allow_errors=False,
                            resources={"metadata": {"path": os.path.dirname(os.path.abspath(args.notebooks[0]))}})
    results = {}
    start = time.monotonic()
    with client.setup_kernel():
        kernel_ready = time.monotonic() - start
        for path in args.notebooks:
            results[os.path.basename(path)] = run(client, path, args.out)
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump({"notebooks": results, "kernel_seconds": round(kernel_ready, 3),
                   "seconds": round(time.monotonic() - start, 3)}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
