"""Requests per second and latency percentiles of the portal's ``/api/<entity>`` under concurrent clients.

Starts the portal with ``start_portal`` (waitress on 127.0.0.1, as the runner does) over a synthetic bundle (or a
scenario's bundle with ``--task``), signs in once, then runs ``--clients`` threads, each on its own keep-alive
HTTP/1.1 connection, until ``--requests`` responses or ``--seconds`` have passed, whichever comes first. Every
response must be 200 with the expected JSON length, or the run fails.

    python benchmarks/bench_portal.py                      # 32 clients, at most 4,000 requests or 20 s
    python benchmarks/bench_portal.py --task PROC-01 --entity invoices --json

Client and server share the machine (and, here, the Python process's GIL), so the numbers are a floor for
loopback service, not a server-only figure.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import numpy as np

from wp42.layout import Bundle, Repo
from wp42.portal import start_portal


def synthetic_bundle(root: Path, rows: int) -> tuple[Bundle, str]:
    """A bundle whose portal serves ``rows`` purchase-order records (about 150 bytes each as JSON)."""
    bundle = Bundle(root / "bundle")
    bundle.inputs.mkdir(parents=True)
    (bundle.inputs / "readme.txt").write_text("benchmark\n", encoding="utf-8")
    records = [
        {"po_number": f"PO-{i:05d}", "vendor": f"Vendor {i % 37}", "line_total": round(100 + i * 3.17, 2),
         "currency": "GBP", "status": "open" if i % 3 else "closed", "order_date": f"2025-03-{1 + i % 28:02d}"}
        for i in range(rows)
    ]
    spec = {
        "org": "Benchmark Ltd (fictional)",
        "user": {"username": "bench", "password": "bench-password"},
        "documents": [{"id": "DOC-1", "title": "Readme", "path": "readme.txt", "category": "General"}],
        "records": {"purchase_orders": records},
        "forms": [{"id": "f", "title": "F", "fields": [{"name": "x", "type": "text", "label": "X"}]}],
    }
    bundle.portal_dir.mkdir()
    bundle.portal_json.write_text(json.dumps(spec), encoding="utf-8")
    return bundle, "purchase_orders"


def run(clients: int, max_requests: int, max_seconds: float, bundle: Bundle, entity: str, work: Path) -> dict:
    """Measure; returns ``{clients, requests, seconds, rps, p50_ms, p90_ms, p99_ms, max_ms, errors, body_bytes}``."""
    expected = len(json.loads(bundle.portal_json.read_text(encoding="utf-8"))["records"][entity])
    with start_portal(bundle.root, work / "out", work / "access.jsonl") as portal:
        login = http.client.HTTPConnection("127.0.0.1", portal.port, timeout=10)
        login.request("POST", "/login", body=urlencode(portal.credentials),
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
        response = login.getresponse()
        response.read()
        if response.status != 302:
            raise RuntimeError(f"login failed with HTTP {response.status}")
        cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        login.close()

        budget = threading.Semaphore(max_requests)
        deadline = time.perf_counter() + max_seconds
        latencies: list[list[float]] = [[] for _ in range(clients)]
        errors: list[str] = []
        body_bytes = [0]
        start_gate = threading.Barrier(clients + 1)

        def client(slot: int) -> None:
            connection = http.client.HTTPConnection("127.0.0.1", portal.port, timeout=30)
            start_gate.wait()
            while time.perf_counter() < deadline and budget.acquire(blocking=False):
                began = time.perf_counter()
                try:
                    connection.request("GET", f"/api/{entity}", headers={"Cookie": cookie})
                    reply = connection.getresponse()
                    body = reply.read()
                except (OSError, http.client.HTTPException) as exc:
                    errors.append(repr(exc))
                    connection.close()
                    connection = http.client.HTTPConnection("127.0.0.1", portal.port, timeout=30)
                    continue
                latencies[slot].append(time.perf_counter() - began)
                if reply.status != 200 or len(json.loads(body)) != expected:
                    errors.append(f"HTTP {reply.status}")
                body_bytes[0] = len(body)
            connection.close()

        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        for thread in threads:
            thread.start()
        start_gate.wait()
        began = time.perf_counter()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began

    samples = np.array([x for per_client in latencies for x in per_client]) * 1000
    if samples.size == 0:
        raise RuntimeError("no request completed")
    return {
        "clients": clients,
        "requests": int(samples.size),
        "seconds": round(elapsed, 3),
        "rps": round(samples.size / elapsed, 1),
        "p50_ms": round(float(np.percentile(samples, 50)), 2),
        "p90_ms": round(float(np.percentile(samples, 90)), 2),
        "p99_ms": round(float(np.percentile(samples, 99)), 2),
        "max_ms": round(float(samples.max()), 2),
        "errors": len(errors),
        "body_bytes": body_bytes[0],
        "entity": entity,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=4000, help="stop after this many responses")
    parser.add_argument("--seconds", type=float, default=20.0, help="stop after this long")
    parser.add_argument("--rows", type=int, default=50, help="records in the synthetic entity")
    parser.add_argument("--task", help="use this scenario's portal instead of the synthetic one")
    parser.add_argument("--entity", help="entity to fetch (default: the first one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="wp42-bench-") as tmp:
        work = Path(tmp)
        if args.task:
            bundle = Repo.find().bundle(args.task)
            entity = args.entity or sorted(json.loads(bundle.portal_json.read_text(encoding="utf-8"))["records"])[0]
        else:
            bundle, entity = synthetic_bundle(work, args.rows)
        result = run(args.clients, args.requests, args.seconds, bundle, entity, work)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(
            f"/api/{result['entity']} ({result['body_bytes']} bytes) at {result['clients']} clients: "
            f"{result['requests']} requests in {result['seconds']} s = {result['rps']} req/s; "
            f"p50 {result['p50_ms']} ms, p90 {result['p90_ms']} ms, p99 {result['p99_ms']} ms, "
            f"max {result['max_ms']} ms; errors {result['errors']}"
        )
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
