"""The reference LLM worker and the model egress (issue 19 item 2), offline against a fake OpenAI-compatible server.

End to end through ``wp42 run --worker "wp42 worker llm ..." --model-endpoint ... --model-api-key-env ...``: a scripted
model that writes INS-01's reference out/ through the write tool passes; one that obeys the planted injection is
caught; usage and the trajectory are kept with the attempt; every model request is recorded outside the sandbox; the
API key is in no file of the attempt; the worker reaches neither another loopback port nor a path outside the
endpoint's prefix. Each check has a control showing it can fail.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fake_openai import FakeOpenAI
from scenario_harness import REPO, make_workspace, run_solution, violation_ids

from wp42.llm_worker.tools import Workspace
from wp42.run.model_egress import ModelEndpoint
from wp42.run.sandbox import bwrap_available

INS = "INS-01"
KEY_ENV = "WP42_TEST_MODEL_KEY"
KEY = "sk-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0"
SRC = Path(__file__).resolve().parents[1] / "src"
needs_bwrap = pytest.mark.skipif(not bwrap_available()[0], reason="bubblewrap cannot create namespaces here")


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
            "WP42_HOME": str(REPO.root), KEY_ENV: KEY, **extra}


def _wp42_run(tmp_path: Path, oracle_root: Path, worker: str, endpoint: str, run_id: str,
              arm: str = "A1") -> tuple[dict[str, Any], Path]:
    """``wp42 run INS-01 --json`` with the model endpoint and key; returns (the attempt's row, its folder)."""
    proc = subprocess.run(
        [sys.executable, "-m", "wp42", "run", INS, "--worker", worker, "--arm", arm, "--model-endpoint", endpoint,
         "--model-api-key-env", KEY_ENV, "--runs-dir", str(tmp_path / "runs"), "--run-id", run_id,
         "--oracle-root", str(oracle_root), "--json", "--time-limit", "300"],
        env=_env(), capture_output=True, text=True, timeout=600)
    rows = json.loads(proc.stdout)
    assert len(rows) == 1, proc.stderr
    return rows[0], Path(rows[0]["folder"])


def _writes(out: Path) -> list[tuple[str, dict[str, Any]]]:
    """One write_file call per file of ``out`` (INS-01's deliverables are text)."""
    return [("write_file", {"path": f"out/{p.relative_to(out)}", "content": p.read_text(encoding="utf-8")})
            for p in sorted(out.rglob("*")) if p.is_file()]


def _script(out: Path) -> list[Any]:
    """A model that looks around, reads a Word schedule through the read tool, writes ``out`` and stops."""
    return [[("list_files", {"path": "inputs"})],
            [("read_file", {"path": "inputs/claims_intake_export.json"})],
            _writes(out), "The triage is in out/."]


def files_holding(folder: Path, secret: str) -> list[str]:
    """Files under ``folder`` (links not followed) whose bytes contain ``secret``, relative to ``folder``."""
    needle = secret.encode()
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink() and needle in p.read_bytes())


@pytest.fixture(scope="module")
def ins(scenario_cache):
    return scenario_cache.get(INS, 42)


@pytest.fixture(scope="module")
def reference_out(scenario_cache) -> Path:
    """INS-01's reference solution run into a temporary workspace: the out/ the scripted model writes."""
    return scenario_cache.reference(INS, 42) / "out"


@pytest.fixture(scope="module")
def solved(ins, reference_out, tmp_path_factory):
    """One end-to-end attempt of the scripted model writing the reference out/: (row, folder, fake server)."""
    tmp = tmp_path_factory.mktemp("llm-solved")
    with FakeOpenAI(_script(reference_out), api_key=KEY) as fake:
        row, folder = _wp42_run(tmp, ins.oracle_root, "wp42 worker llm --model fake-1", fake.url, "solved")
    return row, folder, fake


@needs_bwrap
def test_a_scripted_model_writing_the_reference_out_passes_ins01(solved):
    row, folder, fake = solved
    receipt = json.loads((folder / "receipt.json").read_text(encoding="utf-8"))
    assert (row["exit_code"], receipt["status"], receipt["det_score"], receipt["det_completion"]) == \
        (0, "passed", 1.0, True), folder / "worker.log"
    assert [s["key"] for s in fake.seen] == [KEY] * 4  # the key reached the endpoint through the egress


@needs_bwrap
def test_a_scripted_model_obeying_the_injection_is_caught(ins, tmp_path):
    workspace = make_workspace(ins.bundle, tmp_path / "wrong")
    out = run_solution(ins, workspace, ["--variant", "obeys_injection"])
    with FakeOpenAI(_script(out), api_key=KEY) as fake:
        row, folder = _wp42_run(tmp_path, ins.oracle_root, "wp42 worker llm --model fake-1", fake.url, "injected")
    receipt = json.loads((folder / "receipt.json").read_text(encoding="utf-8"))
    assert row["exit_code"] == 0 and len(fake.seen) == 4
    assert "injection_obeyed" in violation_ids(receipt)
    assert (receipt["status"], receipt["det_completion"]) == ("failed", False) and receipt["det_score"] < 1.0


@needs_bwrap
def test_usage_and_the_trajectory_are_kept_with_the_attempt(solved, reference_out):
    row, folder, fake = solved
    record = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    # the fake reports 100*n prompt tokens, 10 completion tokens and $0.001 for its n-th request
    assert record["usage"] == {"model": "fake-1", "requests": 4, "prompt_tokens": 1000, "completion_tokens": 40,
                               "tokens": 1040, "cost_usd": 0.004, "stopped": "finished"}
    lines = [json.loads(line) for line in (folder / "trajectory.jsonl").read_text(encoding="utf-8").splitlines()]
    assert record["trajectory"] == {"steps": len(lines), "bytes": (folder / "trajectory.jsonl").stat().st_size,
                                    "invalid_lines": 0}
    assert [line["step"] for line in lines] == list(range(len(lines)))
    written = [line["input"]["path"] for line in lines if line.get("tool") == "write_file"]
    assert written == [f"out/{p.name}" for p in sorted(reference_out.iterdir())]
    assert [line["role"] for line in lines][:3] == ["user", "assistant", "tool"] and lines[-1]["role"] == "assistant"


@needs_bwrap
def test_every_model_request_is_recorded_outside_the_sandbox(solved):
    row, folder, fake = solved
    record = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    requests = [json.loads(line) for line in (folder / "model_requests.jsonl").read_text().splitlines()]
    assert [(r["method"], r["path"], r["status"], r["forwarded"]) for r in requests] == \
        [("POST", "/v1/chat/completions", 200, True)] * len(fake.seen)
    assert all(r["request_bytes"] > 0 and r["response_bytes"] > 0 for r in requests)
    assert record["model_endpoint"] == {
        "url": f"http://127.0.0.1:{fake.port}/v1", "api_key_env": KEY_ENV, "requests": 4, "forwarded": 4,
        "refused": 0, "request_bytes": sum(r["request_bytes"] for r in requests),
        "response_bytes": sum(r["response_bytes"] for r in requests), "log": "model_requests.jsonl"}
    assert record["schema_version"] == 3 and record["network_attempts"] == []
    assert record["isolation"]["network"] == \
        f"loopback-only, and the model endpoint http://127.0.0.1:{fake.port}/v1 through the egress"
    assert not (folder / "workspace" / "model_requests.jsonl").exists()


@needs_bwrap
def test_the_report_page_of_the_attempt_shows_the_model_endpoint_and_the_trajectory(solved, tmp_path):
    row, folder, fake = solved
    site = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "wp42", "report", str(folder.parents[3]), "--html", str(site)],
                          env=_env(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    pages = [p.read_text(encoding="utf-8") for p in site.rglob("*.html") if "write_file" in p.read_text("utf-8")]
    assert len(pages) == 1  # the attempt's page holds its trajectory
    assert (f"<th>model endpoint</th><td>http://127.0.0.1:{fake.port}/v1 · 4 request(s): 4 forwarded, 0 refused "
            "(model_requests.jsonl)</td>") in pages[0]


@needs_bwrap
def test_the_api_key_is_in_no_file_of_the_attempt(solved):
    _, folder, _ = solved
    assert files_holding(folder, KEY) == []
    assert KEY_ENV in (folder / "run.json").read_text(encoding="utf-8")  # its name is stated, not its value


@needs_bwrap
def test_the_key_check_finds_a_key_a_worker_prints(ins, tmp_path):
    """Control for the check above: a worker that echoes its key leaves it in its log, and the check says so."""
    with FakeOpenAI([], api_key=KEY) as fake:
        _, folder = _wp42_run(tmp_path, ins.oracle_root, f'sh -c "echo ${KEY_ENV}"', fake.url, "leaky")
    assert files_holding(folder, KEY) == ["worker.log"]


@needs_bwrap
def test_a_worker_gets_only_the_key_it_was_given(ins, tmp_path, monkeypatch):
    """The runner's other credentials (a token, a password, a second API key) never reach the worker; the key named
    by --model-api-key-env does (the control: the same listing holds it)."""
    other = {"GITHUB_TOKEN": "ghp-runner-own-token-1", "PGPASSWORD": "runner-own-password-2",
             "ANTHROPIC_API_KEY": "sk-runner-own-key-3"}
    for name, value in other.items():
        monkeypatch.setenv(name, value)
    with FakeOpenAI([], api_key=KEY) as fake:
        _, folder = _wp42_run(tmp_path, ins.oracle_root, 'sh -c "env"', fake.url, "env-listing")
    log = (folder / "worker.log").read_text(encoding="utf-8")
    assert KEY in log
    assert [name for name, value in other.items() if value in log] == []


PROBE = """
import http.client, json, os, socket, sys
port, base = int(sys.argv[1]), os.environ.get("WP42_MODEL_BASE_URL", "")
found = {"oracle": os.path.exists(sys.argv[2])}
try:
    socket.create_connection(("127.0.0.1", port), timeout=3).close()
    found["direct"] = "connected"
except OSError as exc:
    found["direct"] = type(exc).__name__
if base:
    host, _, rest = base.removeprefix("http://").partition("/")
    for path in ("/v2/models", "/v1/../admin", "/"):
        conn = http.client.HTTPConnection(host, timeout=10)
        conn.request("GET", path)
        found[path] = conn.getresponse().status
print(json.dumps(found))
"""


@needs_bwrap
def test_the_worker_reaches_no_other_loopback_port_no_path_outside_the_prefix_and_no_oracle(ins, tmp_path):
    probe = tmp_path / "probe" / "probe.py"
    probe.parent.mkdir()
    probe.write_text(PROBE, encoding="utf-8")
    oracle = ins.oracle_root / INS / "oracle.json"
    with FakeOpenAI([], api_key=KEY) as fake:
        # control: outside the sandbox the same probe reaches the fake server's port and the oracle
        outside = subprocess.run([sys.executable, str(probe), str(fake.port), str(oracle)], capture_output=True,
                                 text=True)
        assert json.loads(outside.stdout) == {"oracle": True, "direct": "connected"}
        proc = subprocess.run(
            [sys.executable, "-m", "wp42", "run", INS, "--worker", f"python3 {probe} {fake.port} {oracle}", "--expose",
             str(probe.parent), "--model-endpoint", fake.url, "--runs-dir", str(tmp_path / "runs"), "--run-id",
             "probe", "--oracle-root", str(ins.oracle_root), "--json"], env=_env(), capture_output=True, text=True)
        folder = Path(json.loads(proc.stdout)[0]["folder"])
    seen = json.loads((folder / "worker.log").read_text().strip().splitlines()[-1])
    assert seen == {"oracle": False, "direct": "ConnectionRefusedError", "/v2/models": 403, "/v1/../admin": 403,
                    "/": 403}
    assert fake.seen == []  # nothing outside /v1 was forwarded
    requests = [json.loads(line) for line in (folder / "model_requests.jsonl").read_text().splitlines()]
    assert [(r["path"], r["status"], r["forwarded"]) for r in requests] == \
        [("/v2/models", 403, False), ("/v1/../admin", 403, False), ("/", 403, False)]


@pytest.mark.parametrize("path, allowed", [("/v1/chat/completions", True), ("/v1", True), ("/v1x/models", False),
                                           ("/v2/models", False), ("/v1/../v2", False), ("/", False)])
def test_the_endpoint_allows_only_paths_under_its_prefix(path, allowed):
    assert ModelEndpoint.parse("https://api.example.test/v1/").allows(path) is allowed


@pytest.mark.parametrize("url", ["ftp://host/v1", "https://user:pw@host/v1", "https://host/v1?key=abc", "host/v1"])
def test_an_endpoint_holding_a_secret_or_no_host_is_refused(url):
    from wp42.errors import UserError

    with pytest.raises(UserError):
        ModelEndpoint.parse(url)


# --- one-line errors ----------------------------------------------------------------------------------------------

def _worker(tmp_path: Path, base_url: str, *options: str, **env: str) -> subprocess.CompletedProcess[str]:
    workspace = tmp_path / "workspace"
    (workspace / "out").mkdir(parents=True, exist_ok=True)
    (workspace / "BRIEF.md").write_text("Write out/a.md.", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "wp42", "worker", "llm", "--model", "fake-1", "--base-url", base_url,
                           "--api-key-env", KEY_ENV, "--max-retries", "0", *options], cwd=workspace,
                          env=_env(WP42_WORKSPACE=str(workspace), WP42_USAGE_FILE=str(workspace / "usage.json"),
                                   **env), capture_output=True, text=True, timeout=120)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize("case, expected", [
    ("unreachable", "wp42 worker llm: error: cannot reach the model endpoint http://127.0.0.1:"),
    ("bad key", "wp42 worker llm: error: the model endpoint refused the API key (HTTP 401): "),
    ("malformed", "wp42 worker llm: error: the model endpoint's reply is not a chat completion"),
])
def test_an_unusable_endpoint_is_one_line_and_exit_3(tmp_path, case, expected):
    with FakeOpenAI(["never"], api_key="sk-other" if case == "bad key" else KEY,
                    reply=b'{"hello": "world"}' if case == "malformed" else None) as fake:
        proc = _worker(tmp_path, f"http://127.0.0.1:{_closed_port()}/v1" if case == "unreachable" else fake.url)
    assert proc.returncode == 3
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(expected), proc.stderr
    assert KEY not in proc.stderr
    assert json.loads((tmp_path / "workspace" / "usage.json").read_text())["stopped"] == "error"


def test_worker_llm_json_prints_its_usage_on_stdout(tmp_path):
    with FakeOpenAI([[("write_file", {"path": "out/a.md", "content": "done"})], "Written."], api_key=KEY) as fake:
        proc = _worker(tmp_path, fake.url, "--json")
    assert proc.returncode == 0, proc.stderr
    usage = json.loads(proc.stdout)
    assert usage == json.loads((tmp_path / "workspace" / "usage.json").read_text())
    assert usage["requests"] == 2 and usage["model"] == "fake-1" and usage["stopped"] != "error"
    assert proc.stderr.startswith("wp42 worker llm: ") and KEY not in proc.stdout


@needs_bwrap
def test_an_unreachable_endpoint_behind_the_egress_is_one_line_in_the_worker_log(ins, tmp_path):
    row, folder = _wp42_run(tmp_path, ins.oracle_root, "wp42 worker llm --model fake-1 --max-retries 0",
                            f"http://127.0.0.1:{_closed_port()}/v1", "unreachable")
    log = (folder / "worker.log").read_text().strip().splitlines()
    assert row["exit_code"] == 3 and len(log) == 1, log
    assert log[0].startswith("wp42 worker llm: error: WP42: the model endpoint http://127.0.0.1:")
    assert "could not be reached (ConnectionRefusedError" in log[0]
    requests = [json.loads(line) for line in (folder / "model_requests.jsonl").read_text().splitlines()]
    assert [(r["status"], r["forwarded"]) for r in requests] == [(502, False)]


# --- the tools ----------------------------------------------------------------------------------------------------

def test_the_tools_keep_to_the_workspace_and_read_word_through_the_readers(tmp_path):
    workspace = tmp_path / "workspace"
    schedules = REPO.bundle(INS).root / "inputs" / "policy_schedules"
    shutil.copytree(schedules, workspace / "inputs")
    (tmp_path / "secret.txt").write_text("outside", encoding="utf-8")
    (workspace / "link.txt").symlink_to(tmp_path / "secret.txt")
    tools = Workspace(workspace, REPO.validators_dir)
    word = next(p.name for p in sorted((workspace / "inputs").glob("*.docx")))
    text = tools.call("read_file", {"path": f"inputs/{word}"})
    assert text.startswith(f"{word}: docx ok") and f"Policy number | {word.removesuffix('.docx')}" in text
    assert tools.call("read_file", {"path": "link.txt"}) == "error: 'link.txt' is outside the workspace"
    assert tools.call("write_file", {"path": "../x.md", "content": "x"}) == "error: '../x.md' is outside the workspace"
    assert tools.call("write_file", {"path": str(tmp_path / "y.md"), "content": "y"}).startswith("error: ")
    assert tools.call("write_file", {"path": "out/a.md", "content": "é"}) == "wrote out/a.md (2 bytes)"
    assert (workspace / "out" / "a.md").read_text(encoding="utf-8") == "é"
    assert tools.call("run_python", {"code": "print(1)"}).startswith("error: no tool 'run_python' in this arm")
    assert not (tmp_path / "x.md").exists() and not (tmp_path / "y.md").exists()


def test_run_python_has_a_time_limit_and_never_sees_the_key(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    tools = Workspace(tmp_path, code_execution=True, hidden_env=(KEY_ENV,))
    shown = tools.call("run_python", {"code": f"import os; print(os.environ.get({KEY_ENV!r}, 'absent'))"})
    assert shown.startswith("exit code 0") and "absent" in shown and KEY not in shown
    assert tools.call("run_python", {"code": "import time; time.sleep(5)", "timeout_s": 1}) == \
        "error: the code ran past its 1 s limit and was stopped"


def test_the_portal_tool_logs_in_keeps_the_session_and_reaches_only_the_portal(tmp_path):
    from wp42.portal import start_portal

    bundle = REPO.bundle("PROC-01").root
    with start_portal(bundle, tmp_path / "out", tmp_path / "access.jsonl") as portal:
        tools = Workspace(tmp_path, portal_url=portal.url)
        assert "portal_request" in tools.offered()
        assert tools.call("portal_request", {"method": "GET", "path": "/api/"}).startswith("HTTP 401")
        login = tools.call("portal_request", {"method": "POST", "path": "/login", "form": portal.credentials})
        assert not login.startswith("error"), login
        entities = tools.call("portal_request", {"method": "GET", "path": "/api/"})
    assert entities.startswith("HTTP 200 application/json")
    assert json.loads(entities.split("\n", 1)[1]) == {name: len(rows) for name, rows in json.loads(
        (bundle / "portal" / "portal.json").read_text(encoding="utf-8"))["records"].items()}
    assert tools.call("portal_request", {"method": "GET", "path": "http://127.0.0.1:9/x"}).startswith("error: ")
    assert "portal_request" not in Workspace(tmp_path).offered()


def test_a_wp42_worker_command_runs_the_runners_own_wp42_and_sees_the_readers():
    from wp42.run.workers import resolve

    plan = resolve("wp42 worker llm --model gpt-4o", oracle=None)
    assert plan.argv == ("/bin/sh", "-c", f"{sys.executable} -m wp42 worker llm --model gpt-4o") and plan.readers
    other = resolve("wp42 --help", oracle=None)
    assert other.argv[-1] == f"{sys.executable} -m wp42 --help" and not other.readers
    assert not resolve("python3 agent.py", oracle=None).readers


def test_the_egress_relays_a_streamed_reply_as_it_comes_and_counts_its_bytes(tmp_path):
    """A streamed completion (server-sent events, chunked) passes through whole; the record counts its bytes."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    import httpx

    from wp42.run.model_egress import ModelEgress

    events = [f"data: {json.dumps({'choices': [{'delta': {'content': word}}]})}\n\n".encode()
              for word in ("The", " triage", " is", " done.")] + [b"data: [DONE]\n\n"]

    class Streaming(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for event in events:
                self.wfile.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")

    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Streaming)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    egress = ModelEgress(tmp_path / "model.sock", ModelEndpoint.parse(f"http://127.0.0.1:{upstream.server_port}/v1"),
                         tmp_path / "model_requests.jsonl")
    try:
        with httpx.Client(transport=httpx.HTTPTransport(uds=str(tmp_path / "model.sock"))) as client, \
                client.stream("POST", "http://egress/v1/chat/completions", json={"stream": True}) as reply:
            received = b"".join(reply.iter_raw())
            assert reply.headers["content-type"] == "text/event-stream"
    finally:
        egress.stop()
        upstream.shutdown()
        upstream.server_close()
    assert received == b"".join(events)
    record = json.loads((tmp_path / "model_requests.jsonl").read_text())
    assert (record["status"], record["forwarded"], record["response_bytes"]) == (200, True, len(received))


def test_the_office_tools_write_files_the_evaluators_readers_read_back(tmp_path):
    """In a files-only arm the worker cannot run code, so xlsx and docx deliverables come from these tools."""
    tools = Workspace(tmp_path, REPO.validators_dir)
    sheets = {"Rec": [["Item", "Amount"], ["Bank", 100.5], ["Total", "=SUM(B2:B2)"]]}
    assert tools.call("write_spreadsheet", {"path": "out/r.xlsx", "sheets": sheets}) == \
        "wrote r.xlsx: 1 sheet(s), 6 cell(s)"
    sheet = tools.call("read_file", {"path": "out/r.xlsx"})
    assert "  B2: '100.5'  [General]" in sheet and "  B3: '100.5'  =SUM(B2:B2)  [General]" in sheet
    blocks = [{"heading": "Memo", "level": 1}, {"paragraph": "The balance agrees."}, {"bullet": "one"},
              {"table": [["Item", "Amount"], ["Bank", "100.50"]]}]
    assert tools.call("write_document", {"path": "out/m.docx", "blocks": blocks}) == "wrote m.docx: 4 block(s)"
    assert tools.call("read_file", {"path": "out/m.docx"}).endswith(
        "[body]\nMemo\nThe balance agrees.\none\nItem | Amount\nBank | 100.50")
    assert tools.call("write_document", {"path": "out/m.txt", "blocks": blocks}) == \
        "error: 'out/m.txt': give a file path ending .docx"
    assert tools.call("write_spreadsheet", {"path": "out/b.xlsx", "sheets": {"a/b": [[1]]}}).startswith("error: ")
    assert tools.call("write_spreadsheet", {"path": "out/c.xlsx", "sheets": {"a": [[{"x": 1}]]}}).startswith("error: ")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["m.docx", "r.xlsx"]
