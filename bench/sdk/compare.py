#!/usr/bin/env python3
"""Issue 33's side-by-side: the Python SDK (bavapi) and fountframe pull the same queries from one
emulator, fresh process each under /usr/bin/time -v, interleaved (SDK, fountframe, SDK, ...), and
separate processes measure the parse floor of the same pages. Prints the table (medians) and
writes results-<UTC time>.md (+ .json) beside this file (bench/sdk/, gitignored) unless --out.

Usage: bench/sdk/compare.sh [DIST] [--reps N] [--first-reps M] [--only wide,narrow,start,call] [--no-floor]
  DIST  fountframe's built dist directory (default: the repository's dist); the emulators run from
        --emulator-dist (default: DIST too).
Runs with python3 (standard library only); the SDK runs in the venv bench/sdk/setup.sh made:
bench/sdk/.venv, or $FOUNT_SDK_VENV.
"""

import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.abspath(os.environ.get("FOUNT_SDK_VENV") or os.path.join(HERE, ".venv"))
VENV_PY = os.path.join(VENV, "bin", "python")
TOKEN = "t"
# bench/run.mjs NARROW_METRIC_KEYS: with the default includes, 64 columns in fountframe's frame
NARROW_METRIC_KEYS = [
    "differentiation", "relevance", "esteem", "knowledge", "energy",
    "brand_strength", "brand_stature", "familiarity", "consideration",
]
GOALS = {  # fountframe / SDK at most: issue 33's, the narrow pull's CPU issue 44's
    "wall_wide": 0.40, "wall_narrow": 0.30, "start": 0.6, "call": 0.8,
    "cpu_wide": 0.6, "cpu_narrow": 0.35, "rss_wide": 0.25, "rss_narrow": 0.33,
}


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


CLK_TCK = os.sysconf("SC_CLK_TCK")


def busy_cpu_s():
    """Seconds of CPU the whole machine has spent busy (all cores, /proc/stat)."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return (sum(fields[:8]) - idle) / CLK_TCK


def proc_cpu_s(pids):
    """user+sys seconds of the given processes (the emulators)."""
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                parts = f.read().rsplit(")", 1)[1].split()
            total += (int(parts[11]) + int(parts[12])) / CLK_TCK
        except (OSError, IndexError, ValueError):
            pass
    return total


EMULATOR_PIDS = []
QUIET = {"maxWaitS": 30.0, "cores": 0.3}


def wait_quiet():
    """Before a measured run: wait (at most QUIET['maxWaitS']) until the rest of the machine uses
    less than QUIET['cores'] cores over a 1 s sample; returns the seconds waited."""
    waited = 0.0
    while True:
        busy0, emu0, t0 = busy_cpu_s(), proc_cpu_s(EMULATOR_PIDS), time.time()
        time.sleep(1.0)
        others = (busy_cpu_s() - busy0 - (proc_cpu_s(EMULATOR_PIDS) - emu0)) / (time.time() - t0)
        if others < QUIET["cores"] or waited >= QUIET["maxWaitS"]:
            return waited
        waited += 1.0


def utc_stamp():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%MZ")


# ---------------------------------------------------------------- emulators

class Emulator:
    def __init__(self, dist, port, scale, latency):
        self.args = ["node", os.path.join(dist, "cli.cjs"), "emulator", "--port", str(port),
                     "--rate-limit", "0", "--latency", str(latency), "-q", "--scale", str(scale)]
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        if not line.startswith("http"):
            self.proc.kill()
            raise RuntimeError(f"emulator did not start: {line!r} {self.proc.stderr.read()[-2000:]}")
        self.url = line if line.endswith("/") else line + "/"
        EMULATOR_PIDS.append(self.proc.pid)
        self.scale = scale
        self.study_ids = [s["id"] for s in self.get_json("studies?filter%5Breleased%5D=1&per_page=1000")["data"]]

    def get(self, path):
        request = urllib.request.Request(self.url + path, headers={"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"})
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.read()

    def get_json(self, path):
        return json.loads(self.get(path))

    def query_path(self, metric_keys, page, per_page):
        params = {"filter[studies]": ",".join(map(str, self.study_ids)), "include": "brand,study,category,audience"}
        if metric_keys:
            params["metric_keys"] = ",".join(metric_keys)
        params["page"] = str(page)
        params["per_page"] = str(per_page)
        return "brandscape-data?" + urllib.parse.urlencode(params)

    def total(self, metric_keys):
        return self.get_json(self.query_path(metric_keys, 1, 1))["meta"]["total"]

    def warm(self, metric_keys, pages=40):
        for page in range(1, pages + 1):
            self.get(self.query_path(metric_keys, page, 100))

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# ---------------------------------------------------------------- one measured process

TIME_FIELDS = {
    "Elapsed (wall clock) time (h:mm:ss or m:ss)": "elapsed",
    "User time (seconds)": "user",
    "System time (seconds)": "sys",
    "Maximum resident set size (kbytes)": "maxrss_kb",
    "Exit status": "exit",
}


def parse_time_v(text):
    out = {}
    for line in text.splitlines():
        line = line.strip()
        for label, key in TIME_FIELDS.items():
            if line.startswith(label + ":"):
                value = line[len(label) + 1:].strip()
                if key == "elapsed":
                    seconds = 0.0
                    for part in value.split(":"):
                        seconds = seconds * 60 + float(part)
                    out[key] = seconds
                else:
                    out[key] = float(value)
    return out


def run_measured(cmd, timeout=900):
    with tempfile.NamedTemporaryFile("r", suffix=".time", delete=False) as tf:
        time_file = tf.name
    waited = wait_quiet()
    load_before = load1()
    busy_before, emu_before = busy_cpu_s(), proc_cpu_s(EMULATOR_PIDS)
    spawned = time.time()
    proc = subprocess.run(["/usr/bin/time", "-v", "-o", time_file] + cmd, capture_output=True, text=True, timeout=timeout)
    load_after = load1()
    busy, emu_cpu = busy_cpu_s() - busy_before, proc_cpu_s(EMULATOR_PIDS) - emu_before
    wall = time.time() - spawned
    with open(time_file) as f:
        tv = parse_time_v(f.read())
    os.unlink(time_file)
    result_line = next((l for l in proc.stdout.splitlines() if l.startswith("RESULT ")), None)
    if proc.returncode != 0 or result_line is None:
        return {"error": f"exit {proc.returncode}: {proc.stderr.strip()[-1500:]}", "loadBefore": load_before, "loadAfter": load_after}
    result = json.loads(result_line[len("RESULT "):])
    result.update(
        wallS=tv.get("elapsed"),
        cpuS=tv.get("user", 0) + tv.get("sys", 0),
        userS=tv.get("user"),
        sysS=tv.get("sys"),
        rssMiB=tv.get("maxrss_kb", 0) / 1024,
        loadBefore=load_before,
        loadAfter=load_after,
        emulatorCpuS=emu_cpu,
        waitedQuietS=waited,
        # CPU the rest of the machine (not this process, not the emulators) spent during the run,
        # in cores: 0 = the machine was ours; 1 = another process kept a whole core busy
        otherCores=max(0.0, busy - emu_cpu - (tv.get("user", 0) + tv.get("sys", 0))) / wall if wall > 0 else None,
        stderrTail=proc.stderr.strip()[-300:] or None,
    )
    if "doneAt" in result:
        result["startToFrameS"] = result["doneAt"] - spawned
    return result


def sdk_cmd(emulator, metric_keys):
    config = {"url": emulator.url, "studies": emulator.study_ids, "token": TOKEN}
    if metric_keys:
        config["metricKeys"] = metric_keys
    return [VENV_PY, os.path.join(HERE, "sdk_pull.py"), json.dumps(config)]


def ff_cmd(dist, emulator, metric_keys, mode):
    config = {"url": emulator.url, "studies": emulator.study_ids, "token": TOKEN, "mode": mode}
    if metric_keys:
        config["metricKeys"] = metric_keys
    return ["node", os.path.join(HERE, "ff_pull.cjs"), dist, json.dumps(config)]


# ---------------------------------------------------------------- table

def med(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def spread(values):
    values = [v for v in values if v is not None]
    if not values:
        return "n/a"
    return f"{min(values):.2f}–{max(values):.2f}" if len(values) > 1 else f"{values[0]:.2f}"


def fmt(value, unit):
    if value is None:
        return "n/a"
    if unit == "MiB":
        return f"{value:,.0f} MiB"
    return f"{value:.2f} s"


def check_sdk():
    """Stops with a hint unless the venv's python imports bavapi; returns the SDK's commit (written by
    setup.sh into the venv, else a COMMIT file beside the installed package's source) or "unknown"."""
    probe = ("import os, bavapi; src = os.path.dirname(os.path.dirname(os.path.abspath(bavapi.__file__)))\n"
             "for path in (os.path.join(os.environ['VENV'], 'bavapi-commit'), os.path.join(src, 'COMMIT')):\n"
             "    if os.path.exists(path):\n"
             "        print(open(path).read().strip()); break\n"
             "else:\n"
             "    print('unknown')")
    try:
        proc = subprocess.run([VENV_PY, "-c", probe], capture_output=True, text=True, env={**os.environ, "VENV": VENV})
        reason = None if proc.returncode == 0 else (proc.stderr.strip().splitlines() or ["?"])[-1]
    except OSError as error:
        proc, reason = None, str(error)
    if reason is not None:
        sys.exit(f"compare: the Python SDK (bavapi) is not importable with {VENV_PY} ({reason}).\n"
                 f"Run bench/sdk/setup.sh <bavapi source directory> first (see bench/sdk/README.md), "
                 f"or point FOUNT_SDK_VENV at a venv that has it.")
    return proc.stdout.strip() or "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dist", nargs="?", default=os.path.join(REPO, "dist"))
    parser.add_argument("--emulator-dist", default=None)
    parser.add_argument("--reps", type=int, default=3, help="pairs of each 100k pull (default 3)")
    parser.add_argument("--first-reps", type=int, default=5, help="pairs of each 5k figure (default 5)")
    parser.add_argument("--only", default="wide,narrow,start,call")
    parser.add_argument("--no-floor", action="store_true")
    parser.add_argument("--port", type=int, default=8765, help="the 100k emulator's port (the 5k one: port+1)")
    parser.add_argument("--latency", type=int, default=20)
    parser.add_argument("--quiet-wait", type=float, default=30.0,
                        help="before each run, wait up to this many seconds for other processes to use < 0.3 cores (0: don't)")
    parser.add_argument("--out", default=None, help="results file (default results-<UTC time>.md beside this script)")
    args = parser.parse_args()
    QUIET["maxWaitS"] = args.quiet_wait
    dist = os.path.abspath(args.dist)
    emulator_dist = os.path.abspath(args.emulator_dist or dist)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    started = datetime.datetime.now(datetime.timezone.utc)
    out = args.out or os.path.join(HERE, f"results-{started.strftime('%Y%m%dT%H%MZ')}.md")

    for folder in {dist, emulator_dist}:
        if not os.path.exists(os.path.join(folder, "index.cjs")):
            sys.exit(f"compare: no built fountframe in {folder} (no index.cjs): run `npm run build` first, or pass a dist")
    sdk_commit = check_sdk()
    versions = subprocess.run([VENV_PY, "-c", "import pandas, numpy, httpx, sys; print(sys.version.split()[0], pandas.__version__, numpy.__version__, httpx.__version__)"],
                              capture_output=True, text=True).stdout.split()
    node_version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    ff_head = subprocess.run(["git", "-C", os.path.dirname(dist), "log", "-1", "--format=%h %cd", "--date=iso"], capture_output=True, text=True).stdout.strip()

    log(f"[compare] starting emulators from {emulator_dist} (100k on {args.port}, 5k on {args.port + 1})")
    big = Emulator(emulator_dist, args.port, 100_000, args.latency)
    small = Emulator(emulator_dist, args.port + 1, 5_000, args.latency) if {"start", "call"} & set(only) else None
    runs = []  # every measured process
    floors = []
    try:
        queries = {"wide": (big, None), "narrow": (big, NARROW_METRIC_KEYS)}
        if small:
            queries["first"] = (small, NARROW_METRIC_KEYS)
        totals = {name: emu.total(keys) for name, (emu, keys) in queries.items()}
        log(f"[compare] meta.total: {totals}; warming the emulators (40 pages of each query)")
        for emu, keys in queries.values():
            emu.warm(keys)

        plan = []
        for rep in range(args.reps):
            for row in ("wide", "narrow"):
                if row in only:
                    plan.append((row, rep))
        for rep in range(args.first_reps):
            for row in ("start", "call"):
                if row in only:
                    plan.append((row, rep))
        for index, (row, rep) in enumerate(plan):
            query = "first" if row in ("start", "call") else row
            emu, keys = queries[query]
            mode = {"wide": "pull", "narrow": "pull", "start": "start", "call": "call"}[row]
            for side in ("sdk", "ff"):
                cmd = sdk_cmd(emu, keys) if side == "sdk" else ff_cmd(dist, emu, keys, mode)
                result = run_measured(cmd)
                result.update(row=row, rep=rep, side=side, expectedRows=totals[query])
                runs.append(result)
                if "error" in result:
                    log(f"[compare] {index + 1}/{len(plan)} {row} #{rep + 1} {side}: ERROR {result['error'][-400:]}")
                else:
                    log(f"[compare] {index + 1}/{len(plan)} {row} #{rep + 1} {side}: wall {result['wallS']:.2f} s, call {result['callS']:.2f} s, "
                        f"cpu {result['cpuS']:.2f} s, rss {result['rssMiB']:.0f} MiB, start→frame {result['startToFrameS']:.2f} s, "
                        f"{result['rows']}×{result['columns']}, load {result['loadBefore']:.2f}, others {result['otherCores']:.2f} cores, waited {result['waitedQuietS']:.0f} s")

        if not args.no_floor:
            for query in ("wide", "narrow"):
                emu, keys = queries[query]
                config = {"url": emu.url, "studies": emu.study_ids, "token": TOKEN}
                if keys:
                    config["metricKeys"] = keys
                for side, cmd in (("node", ["node", "--expose-gc", os.path.join(HERE, "floor.cjs"), json.dumps(config)]),
                                  ("python", [VENV_PY, os.path.join(HERE, "floor.py"), json.dumps(config)])):
                    result = run_measured(cmd)
                    result.update(query=query, side=side)
                    floors.append(result)
                    if "error" in result:
                        log(f"[compare] floor {query} {side}: ERROR {result['error'][-400:]}")
                    else:
                        log(f"[compare] floor {query} {side}: parse cpu {result['parseCpuS']:.2f} s, wall {result['parseS']:.2f} s, "
                            f"{result['jsonMiB']:.0f} MiB JSON, {result['pages']} pages, load {result['loadBefore']:.2f}")
    finally:
        big.stop()
        if small:
            small.stop()
    finished = datetime.datetime.now(datetime.timezone.utc)
    meta = {
        "started": started.isoformat(), "finished": finished.isoformat(), "dist": dist, "emulatorDist": emulator_dist,
        "ffHead": ff_head, "node": node_version, "versions": versions, "sdkCommit": sdk_commit, "only": only,
        "reps": args.reps, "firstReps": args.first_reps, "latency": args.latency, "quietWait": args.quiet_wait,
        "bigUrl": big.url, "smallUrl": small.url if small else None, "cores": os.cpu_count(), "host": os.uname().nodename,
    }
    text, summary = render(meta, runs, floors)
    print(text)
    with open(out, "w") as f:
        f.write(text)
    with open(out[:-3] + ".json" if out.endswith(".md") else out + ".json", "w") as f:
        json.dump({"meta": meta, "summary": summary, "runs": runs, "floors": floors}, f, indent=1)
    log(f"[compare] written {out}")


QUIET_CORES = 0.3


def render(meta, runs, floors):
    """The results page (markdown) and the summary, from a run's records (also: --render file.json)."""
    only = meta["only"]
    started = datetime.datetime.fromisoformat(meta["started"])
    finished = datetime.datetime.fromisoformat(meta["finished"])
    versions = meta["versions"]

    def pick(row, side, key, quiet=False):
        return [r.get(key) for r in runs if r["row"] == row and r["side"] == side and "error" not in r
                and (not quiet or (r.get("otherCores") is not None and r["otherCores"] < QUIET_CORES))]

    def loads(row, side):
        return [r["loadBefore"] for r in runs if r["row"] == row and r["side"] == side]

    def others(row):
        return [r.get("otherCores") for r in runs if r["row"] == row and "error" not in r]

    spec = [
        ("wall, wide (100k × full width), process", "wide", "wallS", "s", "wall_wide"),
        ("wall, 100k × narrow, process", "narrow", "wallS", "s", "wall_narrow"),
        ("5k rows, process start → frame", "start", "startToFrameS", "s", "start"),
        ("5k rows, call → frame", "call", "callS", "s", "call"),
        ("CPU (user+sys), wide", "wide", "cpuS", "s", "cpu_wide"),
        ("CPU (user+sys), narrow", "narrow", "cpuS", "s", "cpu_narrow"),
        ("peak RSS, wide", "wide", "rssMiB", "MiB", "rss_wide"),
        ("peak RSS, narrow", "narrow", "rssMiB", "MiB", "rss_narrow"),
    ]
    lines = ["## All runs (medians)", "",
             "| figure (median) | Python SDK | fountframe | ff / SDK | goal | met | load (1-min) SDK / ff runs | other processes' CPU, cores |",
             "|---|---|---|---|---|---|---|---|"]
    quiet_lines = ["", f"## Quiet runs only (other processes < {QUIET_CORES} cores during the run; n = runs SDK / ff)", "",
                   "| figure (median) | Python SDK | fountframe | ff / SDK | goal | met | n |", "|---|---|---|---|---|---|---|"]
    summary = []
    for label, row, key, unit, goal in spec:
        if row not in only:
            continue
        s, f = med(pick(row, "sdk", key)), med(pick(row, "ff", key))
        ratio = f / s if s and f is not None else None
        met = "n/a" if ratio is None else ("yes" if ratio <= GOALS[goal] else "NO")
        load_text = f"{spread(loads(row, 'sdk'))} / {spread(loads(row, 'ff'))}"
        ratio_text = "n/a" if ratio is None else f"{ratio:.2f}"
        lines.append(f"| {label} | {fmt(s, unit)} | {fmt(f, unit)} | {ratio_text} | ≤ {GOALS[goal]:.2f} | {met} | {load_text} | {spread(others(row))} |")
        qs, qf = pick(row, "sdk", key, True), pick(row, "ff", key, True)
        q_s, q_f = med(qs), med(qf)
        q_ratio = q_f / q_s if q_s and q_f is not None else None
        q_met = "n/a" if q_ratio is None else ("yes" if q_ratio <= GOALS[goal] else "NO")
        quiet_lines.append(f"| {label} | {fmt(q_s, unit)} | {fmt(q_f, unit)} | {'n/a' if q_ratio is None else f'{q_ratio:.2f}'} | "
                           f"≤ {GOALS[goal]:.2f} | {q_met} | {len(qs)} / {len(qf)} |")
        summary.append({"figure": label, "sdk": s, "ff": f, "ratio": ratio, "goal": GOALS[goal], "met": met,
                        "quiet": {"sdk": q_s, "ff": q_f, "ratio": q_ratio, "n": [len(qs), len(qf)]}})
    for row in ("wide", "narrow"):
        if row in only:
            s, f = med(pick(row, "sdk", "callS")), med(pick(row, "ff", "callS"))
            if s and f:
                lines.append(f"| wall, {row}, call → frame (library imported) | {s:.2f} s | {f:.2f} s | {f / s:.2f} | | | | |")
    floor_by = {(r["query"], r["side"]): r for r in floors if "error" not in r}
    for query in ("wide", "narrow"):
        node_floor = floor_by.get((query, "node"))
        py_floor = floor_by.get((query, "python"))
        if node_floor:
            ff_cpu = med(pick(query, "ff", "cpuS"))
            sdk_cpu = med(pick(query, "sdk", "cpuS"))
            text = f"| parse floor, {query} (text + JSON.parse, {node_floor['pages']} pages of 100, {node_floor['jsonMiB']:.0f} MiB), CPU | "
            text += f"{py_floor['parseCpuS']:.2f} s (json.loads) | " if py_floor else "n/a | "
            text += f"{node_floor['parseCpuS']:.2f} s | | | | load {node_floor['loadBefore']:.2f} | {node_floor.get('otherCores', 0):.2f} |"
            lines.append(text)
            if ff_cpu is not None and sdk_cpu is not None:
                goal_text = "≤ 1.30" if query == "wide" else ""
                met = ("yes" if ff_cpu / node_floor["parseCpuS"] <= 1.3 else "NO") if query == "wide" else ""
                lines.append(f"| pull CPU ÷ node parse floor, {query} | {sdk_cpu / node_floor['parseCpuS']:.2f} × | "
                             f"{ff_cpu / node_floor['parseCpuS']:.2f} × | | {goal_text} | {met} | | |")
    checks = []
    for row in ("wide", "narrow", "start", "call"):
        if row not in only:
            continue
        for side in ("sdk", "ff"):
            rs = [r for r in runs if r["row"] == row and r["side"] == side]
            errors = [r for r in rs if "error" in r]
            ok = [r for r in rs if "error" not in r]
            shapes = sorted({(r["rows"], r["columns"]) for r in ok})
            expected = rs[0]["expectedRows"] if rs else 0
            bad_rows = [r for r in ok if r["rows"] != expected or r.get("uniqueIds") != r["rows"]]
            dtypes = ok[0]["dtypes"] if ok else {}
            checks.append(f"| {row} | {'Python SDK' if side == 'sdk' else 'fountframe'} | {len(ok)}/{len(rs)} | "
                          f"{', '.join(f'{a:,} × {b}' for a, b in shapes)} | {expected:,} | "
                          f"{'ok' if not bad_rows and not errors else f'{len(bad_rows)} wrong, {len(errors)} errors'} | "
                          f"{', '.join(f'{k} {v}' for k, v in sorted(dtypes.items()))} |")

    header = [
        f"# Python SDK (bavapi) vs fountframe, issue 33's table — {started.strftime('%Y-%m-%d %H:%M')}–{finished.strftime('%H:%M')} UTC",
        "",
        f"- machine: {meta['cores']} cores, shared (other benchmarks may run), {meta['host']}",
        f"- fountframe: {meta['dist']} (git {meta['ffHead'] or 'n/a'}), node {meta['node']}; emulators from {meta['emulatorDist']}: "
        f"`--rate-limit 0 --latency {meta['latency']} -q`, --scale 100000 on {meta['bigUrl']}"
        + (f", --scale 5000 on {meta['smallUrl']}" if meta.get("smallUrl") else ""),
        f"- Python SDK: bavapi (wpp-bavapi 1.1.0) at {meta['sdkCommit']}; python {versions[0] if versions else '?'}, pandas {versions[1] if len(versions) > 1 else '?'}, "
        f"numpy {versions[2] if len(versions) > 2 else '?'}, httpx {versions[3] if len(versions) > 3 else '?'}",
        f"- {meta['reps']} interleaved pairs (SDK then fountframe) of each 100k pull, {meta['firstReps']} of each 5k figure; medians; "
        "wall/CPU/peak RSS of the whole process from /usr/bin/time -v; start → frame = the harness's spawn time to the frame in hand; "
        "call → frame = in-process timer, library imported (fountframe: its danfo required first)",
        "- contention: the 1-min load before each run (laggy; counts this harness's own processes, ~2 = ours alone) and "
        "'other processes' CPU' = CPU the rest of the machine (neither the measured process nor the emulators) spent during the run "
        "÷ its wall time (/proc/stat): 0 = the machine was ours, 1 = someone else kept one of the 2 cores busy; "
        f"before each run the harness waited up to {meta['quietWait']:.0f} s for them to use < {QUIET_CORES} cores",
        "",
    ]
    detail = ["", "## Every run", "",
              "| row | # | side | wall s | call s | start→frame s | CPU s (user+sys) | peak RSS MiB | rows × cols | load before/after | others' CPU, cores | emulator CPU s |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        if "error" in r:
            detail.append(f"| {r['row']} | {r['rep'] + 1} | {r['side']} | ERROR: {r['error'][-200:]!r} | | | | | | {r['loadBefore']:.2f}/{r['loadAfter']:.2f} | | |")
        else:
            detail.append(f"| {r['row']} | {r['rep'] + 1} | {r['side']} | {r['wallS']:.2f} | {r['callS']:.2f} | {r['startToFrameS']:.2f} | "
                          f"{r['cpuS']:.2f} ({r['userS']:.2f}+{r['sysS']:.2f}) | {r['rssMiB']:.0f} | {r['rows']:,} × {r['columns']} | "
                          f"{r['loadBefore']:.2f}/{r['loadAfter']:.2f} | {r.get('otherCores', float('nan')):.2f} | {r.get('emulatorCpuS', float('nan')):.2f} |")
    for r in floors:
        if "error" in r:
            detail.append(f"| floor {r['query']} | | {r['side']} | ERROR: {r['error'][-200:]!r} | | | | | | | | |")
        else:
            detail.append(f"| floor {r['query']} | | {r['side']} | {r['wallS']:.2f} | parse {r['parseS']:.2f} | | parse {r['parseCpuS']:.2f} (process {r['cpuS']:.2f}) | "
                          f"{r['rssMiB']:.0f} | {r['rows']:,} rows, {r['jsonMiB']:.0f} MiB | {r['loadBefore']:.2f}/{r['loadAfter']:.2f} | "
                          f"{r.get('otherCores', float('nan')):.2f} | {r.get('emulatorCpuS', float('nan')):.2f} |")
    check_md = ["", "## Rows and columns", "", "| row | side | runs ok | rows × columns | meta.total | rows = meta.total, ids unique | dtypes (first run) |",
                "|---|---|---|---|---|---|---|"] + checks
    return "\n".join(header + lines + quiet_lines + check_md + detail) + "\n", summary


def render_file(path):
    with open(path) as f:
        data = json.load(f)
    text, _ = render(data["meta"], data["runs"], data["floors"])
    print(text)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--render":
        render_file(sys.argv[2])  # re-print a saved run's page from its .json
    else:
        main()
