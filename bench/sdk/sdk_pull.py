"""One measured pull with the Python SDK (bavapi), in a fresh process.

Usage: .venv/bin/python sdk_pull.py '<json config>'
config: {"url": emulator base URL, "studies": [ids], "metricKeys": [..] or absent, "token": "t"}

Prints one line "RESULT {json}" with:
  importedAt  epoch seconds once `import bavapi` (pandas included) has returned
  callS       seconds from just before the Client is made to the DataFrame in hand
              (what a user's `await client.brandscape_data(...)` costs, library already imported)
  doneAt      epoch seconds with the frame in hand (the harness subtracts its spawn time: start → frame)
  rows, columns, uniqueIds, dtypes (counts by dtype)

How the SDK is pointed at the emulator: bavapi.Client(client=HTTPClient(base_url=...)), the
documented `client=` overload of Client (bavapi.http.HTTPClient takes a base_url), with the same
headers, timeout (30 s), batch_size (10) and n_workers (2) that Client(auth_token) would use.
No SDK code is patched.

One workaround: bavapi reads the `x-ratelimit-remaining` response header of the first page
unconditionally (http.py, HTTPClient.query) and raises KeyError when it is absent. The emulator run
with --rate-limit 0 sends no X-RateLimit headers (the real service always does). An httpx response
event hook (httpx's documented `event_hooks`) adds `x-ratelimit-remaining: 1000000` when the
header is missing, and nothing else.
"""

import json
import sys
import time

T_PROCESS = time.time()

import asyncio  # noqa: E402

import bavapi  # noqa: E402  (imports pandas, httpx, pydantic, tqdm)
import httpx  # noqa: E402
from bavapi.config import USER_AGENT  # noqa: E402
from bavapi.http import HTTPClient  # noqa: E402

IMPORTED_AT = time.time()


async def _add_ratelimit_header(response: httpx.Response) -> None:
    if "x-ratelimit-remaining" not in response.headers:
        response.headers["x-ratelimit-remaining"] = "1000000"
        response.headers["x-ratelimit-limit"] = "1000000"


def make_client(url: str, token: str) -> bavapi.Client:
    headers = {
        "Authorization": f"Bearer {token}",
        "Accept": "application/json",
        "User-Agent": USER_AGENT,
    }
    # exactly what bavapi.Client(auth_token) builds (client.py), but with the emulator's base_url
    # and the response hook above
    http_client = httpx.AsyncClient(
        headers=headers,
        timeout=30.0,
        verify=True,
        base_url=url,
        event_hooks={"response": [_add_ratelimit_header]},
    )
    return bavapi.Client(
        client=HTTPClient(client=http_client, per_page=100, verbose=False, batch_size=10, n_workers=2)
    )


async def main(config):
    start = time.perf_counter()
    kwargs = {"studies": config["studies"]}
    if config.get("metricKeys"):
        kwargs["metric_keys"] = config["metricKeys"]
    async with make_client(config["url"], config.get("token", "t")) as client:
        frame = await client.brandscape_data(**kwargs)
    call_s = time.perf_counter() - start
    done_at = time.time()
    rows, columns = frame.shape
    unique = int(frame["id"].nunique()) if "id" in frame.columns else None
    dtypes = {}
    for dtype in frame.dtypes:
        dtypes[str(dtype)] = dtypes.get(str(dtype), 0) + 1
    return {
        "callS": call_s,
        "doneAt": done_at,
        "importedAt": IMPORTED_AT,
        "importS": IMPORTED_AT - T_PROCESS,
        "rows": rows,
        "columns": columns,
        "uniqueIds": unique,
        "dtypes": dtypes,
        "columnNames": list(map(str, frame.columns)) if config.get("names") else None,
    }


if __name__ == "__main__":
    result = asyncio.run(main(json.loads(sys.argv[1])))
    sys.stdout.write("RESULT " + json.dumps(result) + "\n")
    sys.stdout.flush()
