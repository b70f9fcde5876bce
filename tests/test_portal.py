"""The loopback portal (SPEC section 7, issue 4): sessions, documents, records, forms, submissions, access log.

Most tests use Flask's test client on ``create_app``; the ones about paths on the wire, concurrency and binding use a
real waitress server from ``start_portal``.
"""

from __future__ import annotations

import errno
import gc
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest
from portal_fixtures import SECRET, USER, build_bundle, portal_spec, valid_post

from wp42.cli import main
from wp42.errors import UserError
from wp42.layout import PORTAL_SUBMISSIONS
from wp42.portal import create_app, load_portal_spec, serve_forever, start_portal
from wp42.portal.fields import parse_field, validate_form
from wp42.portal.submissions import SubmissionStore


@pytest.fixture
def bundle(tmp_path: Path):
    return build_bundle(tmp_path)


@pytest.fixture
def app(bundle, tmp_path: Path):
    app = create_app(load_portal_spec(bundle.root), bundle.inputs, tmp_path / "out", tmp_path / "access.jsonl")
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def signed_in(client):
    response = client.post("/login", data=USER)
    assert response.status_code == 302
    return client


def submissions(tmp_path: Path) -> list[dict]:
    return json.loads((tmp_path / "out" / PORTAL_SUBMISSIONS).read_text(encoding="utf-8"))


# --- sessions -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "path", ["/", "/documents", "/documents/DOC-001", "/records/purchase_orders", "/forms/", "/forms/invoice_decision"]
)
def test_pages_redirect_an_unauthenticated_client_to_login(client, path):
    response = client.get(path)
    assert response.status_code == 302
    assert urlsplit(response.headers["Location"]).path == "/login"
    assert SECRET.encode() not in response.data and b"PO-1001" not in response.data


@pytest.mark.parametrize("path", ["/api/purchase_orders", "/api/", "/api/no_such_entity"])
def test_api_answers_401_json_without_a_session(client, path):
    response = client.get(path)
    assert response.status_code == 401
    assert response.get_json()["error"] == "authentication required"


def test_form_post_without_a_session_records_nothing(client, tmp_path):
    response = client.post("/forms/invoice_decision", data=valid_post())
    assert response.status_code == 302
    assert not (tmp_path / "out" / PORTAL_SUBMISSIONS).exists()


@pytest.mark.parametrize(
    "credentials",
    [
        {"username": USER["username"], "password": "wrong"},
        {"username": "someone.else", "password": USER["password"]},
        {"username": USER["username"]},
        {"username": USER["username"], "password": USER["password"] + " "},
    ],
)
def test_wrong_credentials_are_refused(client, credentials):
    response = client.post("/login", data=credentials)
    assert response.status_code == 401
    assert b"wrong password" in response.data
    assert client.get("/api/purchase_orders").status_code == 401


def test_login_follows_next_but_never_off_site(client):
    response = client.post("/login?next=/records/vendors", data=USER)
    assert response.headers["Location"] == "/records/vendors"
    client.get("/logout")
    for evil in ("//evil.example/x", "http://evil.example/", "/\\evil.example"):
        response = client.post("/login?" + urlencode({"next": evil}), data=USER)
        assert response.headers["Location"] == "/", evil


def test_logout_ends_the_session(signed_in):
    assert signed_in.get("/api/vendors").status_code == 200
    signed_in.post("/logout")
    assert signed_in.get("/api/vendors").status_code == 401


def test_session_secret_is_random_at_each_start(bundle, tmp_path):
    spec = load_portal_spec(bundle.root)
    first = create_app(spec, bundle.inputs, tmp_path / "out")
    second = create_app(spec, bundle.inputs, tmp_path / "out")
    assert first.secret_key != second.secret_key and len(first.secret_key) >= 64
    old = first.test_client()
    old.post("/login", data=USER)
    cookie = old.get_cookie("wp42_portal_session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Strict"
    restarted = second.test_client()
    restarted.set_cookie("wp42_portal_session", cookie.value)
    assert restarted.get("/api/vendors").status_code == 401


# --- records and api ------------------------------------------------------------------------------------------------

def test_api_returns_exactly_the_portal_records(signed_in):
    spec = portal_spec()
    for entity, rows in spec["records"].items():
        response = signed_in.get(f"/api/{entity}")
        assert response.status_code == 200 and response.is_json
        assert response.get_json() == rows
    assert signed_in.get("/api/").get_json() == {"purchase_orders": 2, "vendors": 1}


def test_unknown_entity_is_404_json_and_html(signed_in):
    response = signed_in.get("/api/invoices")
    assert response.status_code == 404 and response.get_json()["status"] == 404
    assert signed_in.get("/records/invoices").status_code == 404


def test_records_page_is_an_escaped_html_table(signed_in):
    html = signed_in.get("/records/purchase_orders").get_data(as_text=True)
    assert "<table" in html and "PO-1002" in html and "Wharfe Oils" in html and "1234.5" in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    # the column that only the second row has is still a column
    assert "<th>Note</th>" in html
    # booleans read as Yes/No and are not right-aligned like amounts
    assert '<td class="num">1234.5</td>' in html and "<td>Yes</td>" in html and "<td>No</td>" in html


# --- documents ------------------------------------------------------------------------------------------------------

def test_document_library_lists_and_downloads_listed_files(signed_in, bundle):
    html = signed_in.get("/documents").get_data(as_text=True)
    for title in ("Supplier price list (current)", "Goods receipt memo", "Invoice scan"):
        assert title in html
    response = signed_in.get("/documents/DOC-002")
    assert response.status_code == 200
    assert response.data == (bundle.inputs / "memos" / "receipt_memo.txt").read_bytes()
    assert "attachment" in response.headers["Content-Disposition"]
    assert signed_in.get("/documents/DOC-999").status_code == 404


def test_portal_json_with_a_document_outside_inputs_is_refused(bundle, tmp_path):
    spec = portal_spec()
    spec["documents"][0]["path"] = "../secret.txt"
    with pytest.raises(ValueError, match="leaves inputs"):
        create_app(spec, bundle.inputs, tmp_path / "out")
    spec["documents"][0]["path"] = "missing.csv"
    with pytest.raises(ValueError, match="not a file"):
        create_app(spec, bundle.inputs, tmp_path / "out")


def test_symlink_swapped_in_after_start_downloads_nothing(signed_in, bundle, tmp_path):
    target = bundle.inputs / "price_list.csv"
    target.unlink()
    target.symlink_to(tmp_path / "secret.txt")
    response = signed_in.get("/documents/DOC-001")
    assert response.status_code == 404 and SECRET.encode() not in response.data


def test_a_listed_symlink_that_leaves_inputs_is_refused_at_start(bundle, tmp_path):
    (bundle.inputs / "price_list.csv").unlink()
    (bundle.inputs / "price_list.csv").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(ValueError, match="leaves inputs"):
        create_app(portal_spec(), bundle.inputs, tmp_path / "out")


# --- forms ----------------------------------------------------------------------------------------------------------

def test_valid_post_is_recorded_with_time_form_and_typed_values(signed_in, tmp_path):
    response = signed_in.post("/forms/invoice_decision", data=valid_post())
    assert response.status_code == 303
    assert response.headers["Location"] == "/forms/invoice_decision?submitted=S0001"
    [entry] = submissions(tmp_path)
    assert entry["form_id"] == "invoice_decision" and entry["submission_id"] == "S0001"
    assert entry["time"].endswith("+00:00")
    assert entry["values"] == {
        "invoice_number": "INV-7001", "decision": "approve", "amount": 1234.5, "quantity": 12,
        "decision_date": "2025-03-31", "contact": "ap@calder.example", "reason": "matched", "confirmed": True,
    }
    assert "S0001" in signed_in.get(response.headers["Location"]).get_data(as_text=True)


@pytest.mark.parametrize(
    ("field", "bad", "message"),
    [
        ("invoice_number", "", "required"),
        ("invoice_number", "two\nlines", "single line"),
        ("decision", "maybe", "listed options"),
        ("amount", "12.345", "two decimal places"),
        ("amount", "twelve", "two decimal places"),
        ("quantity", "1.2.3", "number"),
        ("decision_date", "31/03/2025", "YYYY-MM-DD"),
        ("decision_date", "2025-02-30", "YYYY-MM-DD"),
        ("contact", "not-an-address", "e-mail"),
        ("confirmed", "", "Tick this box"),
    ],
)
def test_invalid_post_rerenders_with_the_message_and_records_nothing(signed_in, tmp_path, field, bad, message):
    post = valid_post(**{field: bad})
    if field == "confirmed":
        del post["confirmed"]
    response = signed_in.post("/forms/invoice_decision", data=post)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert f'id="error-{field}"' in html and message in html
    # what the clerk typed is kept so it can be corrected
    assert 'value="INV-7001"' in html or field == "invoice_number"
    assert not (tmp_path / "out" / PORTAL_SUBMISSIONS).exists()


def test_unknown_form_is_404(signed_in):
    assert signed_in.get("/forms/nope").status_code == 404
    assert signed_in.post("/forms/nope", data=valid_post()).status_code == 404


def test_a_corrupted_submissions_file_is_not_overwritten(signed_in, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / PORTAL_SUBMISSIONS).write_text("{not json", encoding="utf-8")
    response = signed_in.post("/forms/invoice_decision", data=valid_post())
    assert response.status_code == 503
    assert (tmp_path / "out" / PORTAL_SUBMISSIONS).read_text(encoding="utf-8") == "{not json"


@pytest.mark.parametrize(
    ("kind", "raw", "expected"),
    [
        ("money", "1,234.5", 1234.5), ("money", "£1,234.50", 1234.5), ("money", "-12", -12.0), ("money", "1,23", None),
        ("number", "1,200", 1200), ("number", "3.50", 3.5), ("number", "-4", -4), ("number", "1e5", None),
        ("date", "2025-12-31", "2025-12-31"), ("date", "2025-13-01", None), ("email", "a@b.co", "a@b.co"),
    ],
)
def test_field_parsing(kind, raw, expected):
    value, error = parse_field({"name": "f", "type": kind, "label": "F"}, raw)
    assert value == expected and (error is None) == (expected is not None)


def test_optional_empty_fields_are_none_and_undeclared_fields_ignored():
    form = portal_spec()["forms"][0]
    values, errors = validate_form(form, {**valid_post(quantity="", contact="", reason=""), "injected": "x"})
    assert errors == {} and values["quantity"] is None and values["contact"] is None and "injected" not in values


# --- headers and access log -----------------------------------------------------------------------------------------

def test_security_headers(signed_in):
    headers = signed_in.get("/").headers
    assert headers["X-Frame-Options"] == "DENY" and headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in headers["Content-Security-Policy"]


def test_access_log_has_one_line_per_request_without_secrets(client, tmp_path):
    client.get("/api/vendors")
    client.post("/login", data=USER)
    client.get("/api/vendors?page=2")
    client.post("/forms/invoice_decision", data=valid_post())
    text = (tmp_path / "access.jsonl").read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]
    assert [(e["method"], e["path"], e["status"]) for e in lines] == [
        ("GET", "/api/vendors", 401), ("POST", "/login", 302), ("GET", "/api/vendors", 200),
        ("POST", "/forms/invoice_decision", 303),
    ]
    assert lines[2]["query"] == "page=2" and lines[3]["submission_id"] == "S0001"
    assert all(e["time"].endswith("+00:00") for e in lines)
    assert USER["password"] not in text


# --- a real server: paths on the wire, concurrency, binding ---------------------------------------------------------

@pytest.fixture
def portal(bundle, tmp_path):
    handle = start_portal(bundle.root, tmp_path / "out", tmp_path / "access.jsonl")
    yield handle
    handle.stop()


def raw_request(handle, method: str, path: str, body: str | None = None, cookie: str | None = None):
    """Send ``path`` byte for byte (no client-side normalisation of ``..`` or ``%2e``)."""
    connection = http.client.HTTPConnection("127.0.0.1", handle.port, timeout=10)
    headers = {"Cookie": cookie} if cookie else {}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    result = (response.status, dict(response.getheaders()), response.read())
    connection.close()
    return result


def login_cookie(handle) -> str:
    status, headers, _ = raw_request(handle, "POST", "/login", body=urlencode(handle.credentials))
    assert status == 302
    return headers["Set-Cookie"].split(";", 1)[0]


def test_start_portal_binds_loopback_and_stops(portal):
    assert urlsplit(portal.url).hostname == "127.0.0.1" and portal.port > 0
    assert portal._server.socket.getsockname()[0] == "127.0.0.1"
    assert portal.credentials == USER
    portal.stop()
    with pytest.raises(ConnectionRefusedError):
        raw_request(portal, "GET", "/login")
    portal.stop()  # idempotent


@pytest.mark.parametrize(
    "path",
    [
        "/documents/..%2F..%2Fsecret.txt",
        "/documents/..%2f..%2fsecret.txt",
        "/documents/%2e%2e%2f%2e%2e%2fsecret.txt",
        "/documents/%252e%252e%252fsecret.txt",
        "/documents/../../secret.txt",
        "/documents/DOC-001/../../../secret.txt",
        "/documents/..%5c..%5csecret.txt",
        "/static/..%2f..%2f..%2fsecret.txt",
        "/static/%2e%2e/%2e%2e/app.py",
        "/documents/%00DOC-001",
    ],
)
def test_encoded_dot_dot_downloads_nothing(portal, path):
    cookie = login_cookie(portal)
    status, _, body = raw_request(portal, "GET", path, cookie=cookie)
    assert status in (400, 404), (path, status)
    assert SECRET.encode() not in body and b"create_app" not in body


def test_api_over_http_returns_portal_records(portal):
    cookie = login_cookie(portal)
    status, headers, body = raw_request(portal, "GET", "/api/purchase_orders", cookie=cookie)
    assert status == 200 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == portal_spec()["records"]["purchase_orders"]
    assert raw_request(portal, "GET", "/api/purchase_orders")[0] == 401


@pytest.mark.slow
def test_fifty_concurrent_posts_leave_exactly_fifty_entries(portal, tmp_path):
    cookie = login_cookie(portal)
    path = tmp_path / "out" / PORTAL_SUBMISSIONS
    stop = threading.Event()
    torn: list[str] = []

    def watch() -> None:
        # the file must be valid JSON at every moment a reader looks
        while not stop.is_set():
            if path.exists():
                try:
                    json.loads(path.read_text(encoding="utf-8"))
                except json.JSONDecodeError as exc:
                    torn.append(str(exc))

    def post(i: int) -> int:
        body = urlencode(valid_post(invoice_number=f"INV-{i:04d}"))
        return raw_request(portal, "POST", "/forms/invoice_decision", body=body, cookie=cookie)[0]

    watcher = threading.Thread(target=watch)
    watcher.start()
    with ThreadPoolExecutor(max_workers=50) as pool:
        statuses = list(pool.map(post, range(50)))
    stop.set()
    watcher.join()
    assert statuses == [303] * 50
    entries = json.loads(path.read_text(encoding="utf-8"))
    assert len(entries) == 50 and not torn
    assert sorted(e["values"]["invoice_number"] for e in entries) == [f"INV-{i:04d}" for i in range(50)]
    assert sorted(e["submission_id"] for e in entries) == [f"S{i:04d}" for i in range(1, 51)]
    logged = [json.loads(x) for x in (tmp_path / "access.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sum(1 for e in logged if e["method"] == "POST" and e["status"] == 303) == 50


def test_two_stores_on_one_folder_share_the_lock(tmp_path):
    # two portal processes (or apps) pointed at one out/ must still serialise: the lock is keyed by the file's path
    first, second = SubmissionStore(tmp_path / "out"), SubmissionStore(tmp_path / "out")
    assert first.lock.lock_file == second.lock.lock_file
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda i: (first if i % 2 else second).append("f", {"i": i}), range(40)))
    assert sorted(e["values"]["i"] for e in first.read()) == list(range(40))


@pytest.mark.slow
def test_benchmark_script_measures_the_api_without_errors(capsys):
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_portal.py"
    spec = importlib.util.spec_from_file_location("bench_portal", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--clients", "4", "--requests", "60", "--seconds", "10", "--rows", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["requests"] == 60 and result["errors"] == 0 and result["p99_ms"] >= result["p50_ms"] > 0


# --- taken ports, temporary folders, shutdown (tester's report: traceback on a taken port, leftover
# /tmp/wp42-portal-PROC-01-* folders, "OSError: Bad file descriptor" in the server thread at shutdown) -------------

PORTAL_TASK = "PROC-01"  # the committed public bundle with a portal; the tester's reproduction


@pytest.fixture
def taken_port():
    """A loopback port another socket is listening on for the whole test."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


@pytest.fixture
def scratch_tmp(tmp_path, monkeypatch) -> Path:
    """Point ``tempfile`` (where serve_forever makes its folder) at an empty folder of this test."""
    folder = tmp_path / "systmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_taken_port_is_a_user_error_naming_the_port_and_the_fix(bundle, tmp_path, taken_port):
    with pytest.raises(UserError) as caught:
        start_portal(bundle.root, tmp_path / "out", tmp_path / "access.jsonl", port=taken_port)
    message = str(caught.value)
    assert f"port {taken_port} " in message and "in use" in message and "--port 0" in message
    assert "\n" not in message
    # still an OSError for callers (the runner) that caught what start_portal raised before
    assert isinstance(caught.value, OSError) and caught.value.errno == errno.EADDRINUSE


def test_wp42_portal_on_a_taken_port_prints_one_line_and_exits_2(taken_port, scratch_tmp, capsys):
    assert main(["portal", PORTAL_TASK, "--port", str(taken_port)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert line.startswith("wp42: error: ") and f"port {taken_port} " in line and "--port" in line
    assert "Traceback" not in captured.err
    assert list(scratch_tmp.iterdir()) == []


def test_a_failed_bind_leaves_no_temporary_folder(taken_port, scratch_tmp):
    with pytest.raises(UserError, match=f"port {taken_port} "):
        serve_forever(PORTAL_TASK, port=taken_port, echo=lambda line: None)
    assert list(scratch_tmp.iterdir()) == []


def _serve_until_ctrl_c(**kwargs) -> None:
    """Run serve_forever whose ``echo`` raises KeyboardInterrupt; one escaping it would end the whole pytest run."""
    try:
        serve_forever(PORTAL_TASK, **kwargs)
    except KeyboardInterrupt:
        pytest.fail("serve_forever let Ctrl-C (KeyboardInterrupt) escape instead of stopping cleanly")


def test_stopping_serve_forever_removes_its_temporary_folder(scratch_tmp):
    seen: dict[str, object] = {}

    def echo(line: str) -> None:
        if line.startswith(f"{PORTAL_TASK} portal: "):
            seen["url"] = line.split(": ", 1)[1]
        if line == "Ctrl-C stops it.":
            # the portal is up and its folder exists; then the user presses Ctrl-C
            seen["folders"] = [p.name for p in scratch_tmp.iterdir()]
            host, port = urlsplit(str(seen["url"])).hostname, urlsplit(str(seen["url"])).port
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.request("GET", "/login")
            seen["status"] = connection.getresponse().status
            connection.close()
            raise KeyboardInterrupt

    _serve_until_ctrl_c(echo=echo)
    [folder] = seen["folders"]
    assert folder.startswith(f"wp42-portal-{PORTAL_TASK}-") and seen["status"] == 200
    assert list(scratch_tmp.iterdir()) == []


def test_serve_forever_keeps_an_out_folder_it_was_given(tmp_path, scratch_tmp):
    out = tmp_path / "keep" / "out"

    def echo(line: str) -> None:
        if line == "Ctrl-C stops it.":
            raise KeyboardInterrupt

    _serve_until_ctrl_c(out_dir=out, echo=echo)
    assert out.is_dir() and list(scratch_tmp.iterdir()) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_wp42_portal_process_removes_its_folder_on_ctrl_c_and_sigterm(tmp_path, signum):
    systmp = tmp_path / "systmp"
    systmp.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from wp42.cli import main; sys.exit(main(sys.argv[1:]))", "portal",
         PORTAL_TASK],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(systmp)},
    )
    try:
        lines = []
        while not lines or lines[-1] not in ("Ctrl-C stops it.\n", ""):
            lines.append(process.stdout.readline())
        assert lines[-1] == "Ctrl-C stops it.\n", lines
        [folder] = systmp.iterdir()
        assert folder.name.startswith(f"wp42-portal-{PORTAL_TASK}-")
        process.send_signal(signum)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0 and "Traceback" not in err, err
    assert list(systmp.iterdir()) == []


def test_wp42_portal_json_prints_its_address_as_one_line_when_ready(tmp_path):
    """A script that starts ``wp42 portal --json`` reads one JSON line and can connect at once."""
    systmp = tmp_path / "systmp"
    systmp.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from wp42.cli import main; sys.exit(main(sys.argv[1:]))", "portal",
         PORTAL_TASK, "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(systmp)},
    )
    try:
        address = json.loads(process.stdout.readline())
        connection = http.client.HTTPConnection("127.0.0.1", address["port"], timeout=10)
        connection.request("GET", "/login")
        status = connection.getresponse().status
        connection.close()
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert set(address) == {"task_id", "url", "port", "username", "password", "submissions", "access_log",
                            "temporary"}
    assert address["task_id"] == PORTAL_TASK and address["url"] == f"http://127.0.0.1:{address['port']}"
    assert address["temporary"] is True and Path(address["submissions"]).is_relative_to(systmp)
    assert status == 200 and rest == "" and process.returncode == 0 and "Traceback" not in err, err
    assert list(systmp.iterdir()) == []


def _open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors through /proc")
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_repeated_start_and_stop_under_load_is_clean(bundle, tmp_path):
    """Stopping while clients are connecting: no exception in any thread, no thread or descriptor left behind."""
    gc.collect()
    fds_before = _open_fds()
    for cycle in range(8):
        portal = start_portal(bundle.root, tmp_path / "out", tmp_path / "access.jsonl")
        stop_clients = threading.Event()

        def client(port: int = portal.port, stop_clients: threading.Event = stop_clients) -> None:
            while not stop_clients.is_set():
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                    connection.request("GET", "/login")
                    connection.getresponse().read()
                    connection.close()
                except (OSError, http.client.HTTPException):
                    pass  # refused or cut off once the portal stops: expected

        clients = [threading.Thread(target=client) for _ in range(3)]
        for thread in clients:
            thread.start()
        time.sleep(0.05)
        portal.stop()
        stop_clients.set()
        for thread in clients:
            thread.join()
        assert not portal._thread.is_alive(), cycle
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", portal.port), timeout=2).close()
    gc.collect()
    assert not [t.name for t in threading.enumerate() if t.name.startswith(("wp42-portal", "waitress-"))]
    assert _open_fds() == fds_before


# --- looks like the firm's system (issue 13, item 6) -------------------------------------------------------------

def _firm_spec() -> dict:
    spec = portal_spec()
    spec["today"] = "2025-03-03"
    spec["columns"] = {"purchase_orders": [
        {"name": "po_number", "label": "PO number"}, {"name": "amount", "label": "Amount (GBP)", "format": "money"},
        {"name": "vendor", "label": "Vendor"}]}
    return spec


@pytest.fixture
def firm(tmp_path: Path):
    bundle = build_bundle(tmp_path, _firm_spec())
    app = create_app(load_portal_spec(bundle.root), bundle.inputs, tmp_path / "out", tmp_path / "access.jsonl")
    client = app.test_client()
    assert client.post("/login", data=USER).status_code == 302
    return client


def test_records_follow_the_declared_columns_labels_and_money_format(firm):
    html = firm.get("/records/purchase_orders").get_data(as_text=True)
    headers = re.findall(r"<th>([^<]*)</th>", html)
    # declared columns first, in the source's order, then the fields the declaration leaves out
    assert headers == ["PO number", "Amount (GBP)", "Vendor", "Approved", "Note"]
    assert '<td class="num">1,234.50</td>' in html and '<td class="num">88.00</td>' in html
    assert "1234.5<" not in html


def test_pages_show_the_scenario_date_never_the_machine_clock(firm):
    html = firm.get("/").get_data(as_text=True)
    assert "Monday 3 March 2025" in html
    today = date.today()
    assert f"{today.day} {today:%B %Y}" not in html


def test_my_submissions_lists_what_is_on_file_newest_first(firm):
    assert firm.get("/forms/submissions").get_data(as_text=True).count("Nothing submitted yet") == 1
    firm.post("/forms/invoice_decision", data=valid_post(invoice_number="INV-1"))
    firm.post("/forms/invoice_decision", data=valid_post(invoice_number="INV-2", decision="reject"))
    html = firm.get("/forms/submissions").get_data(as_text=True)
    assert html.index("INV-2") < html.index("INV-1")
    assert "S0002" in html and "<strong>Decision:</strong> reject" in html and "Invoice approval" in html
    assert "My submissions" in firm.get("/").get_data(as_text=True)
