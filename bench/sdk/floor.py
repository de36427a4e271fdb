"""The parse floor on Python's side (context only, not one of issue 33's rows): the same pages as
floor.cjs fetched first and held as bytes, then, timed alone, each decoded and json.loads'd (what
httpx's Response.json(), which bavapi calls, does), one after the other.
Usage: .venv/bin/python floor.py '<json config>'  -> "RESULT {json}": parseS, parseCpuS, pages, rows."""
import concurrent.futures
import gc
import json
import sys
import time
import urllib.parse
import urllib.request

config = json.loads(sys.argv[1])
headers = {"Authorization": f"Bearer {config.get('token', 't')}", "Accept": "application/json"}
per_page = config.get("perPage", 100)


def page_url(page):
    params = {"filter[studies]": ",".join(map(str, config["studies"])), "include": "brand,study,category,audience"}
    if config.get("metricKeys"):
        params["metric_keys"] = ",".join(config["metricKeys"])
    params["page"] = str(page)
    params["per_page"] = str(per_page)
    return config["url"] + "brandscape-data?" + urllib.parse.urlencode(params)


def get(page):
    with urllib.request.urlopen(urllib.request.Request(page_url(page), headers=headers)) as response:
        return response.read()


first = get(1)
meta = json.loads(first)["meta"]
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    pages = [first] + list(pool.map(get, range(2, meta["last_page"] + 1)))
nbytes = sum(map(len, pages))
gc.collect()
cpu0, t0 = time.process_time(), time.perf_counter()
rows = 0
for at in range(len(pages)):
    rows += len(json.loads(pages[at].decode("utf-8"))["data"])
    pages[at] = None
parse_s, parse_cpu = time.perf_counter() - t0, time.process_time() - cpu0
assert rows == meta["total"], (rows, meta["total"])
print("RESULT " + json.dumps({"parseS": parse_s, "parseCpuS": parse_cpu, "pages": meta["last_page"], "rows": rows, "jsonMiB": nbytes / 2**20}))
