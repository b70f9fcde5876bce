"""``wp42 run --backend ray --ray-address``: attempts on a running Ray cluster, the oracle kept on the controller
(issue 23). A two-node cluster is started on this machine inside the test (``ray start --head`` and a second
``ray start --address``, each with its own temporary folder), and stopped by killing its own process groups, so
no other Ray instance on the machine is touched. (Ray 2.60 registers nodes under the machine's address even when
given ``--node-ip-address=127.0.0.1``, and its servers listen on every interface while the test runs.)
"""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from wp42.errors import UserError
from wp42.generation import generate
from wp42.layout import Oracle, Repo
from wp42.run.executor import make_executor, plan_attempts, run_batch
from wp42.run.runner import stage_attempt

RAY_MISSING = importlib.util.find_spec("ray") is None
pytestmark = [
    pytest.mark.skipif(RAY_MISSING, reason="Ray is not installed (optional extra: pip install -e '.[ray]'); "
                       "the cluster backend is untested"),
]
REPO = Repo.find()
#: The oracle root's folder name: a pickled Path holds its parts, so the check looks for this name.
ORACLE_MARK = "oracle-root-kept-on-the-controller"
#: Receipt fields that name the run rather than judge the work.
RUN_FIELDS = ("run_id",)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ray_cli() -> str:
    return str(Path(sys.executable).with_name("ray"))


class Cluster:
    """A head node with no CPUs (so tasks run on worker nodes) and worker nodes added on demand, each a
    ``ray start --block`` process group of its own with its own temporary folder."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.nodes: list[subprocess.Popen[bytes]] = []
        # Multi-node allowed (wp42.run.executor_ray sets 0 in this process for its private instance, which `ray start` of a
        # second node refuses); token authentication, Ray's default for `ray start`, off for this throw-away cluster.
        self.env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "1",
                    "RAY_AUTH_MODE": "disabled"}
        self._start(["--head", f"--port={self.port}", "--num-cpus=0", "--include-dashboard=false"], "head")
        self._wait_for(1)

    def _start(self, args: list[str], name: str) -> subprocess.Popen[bytes]:
        temp = self.base / name
        temp.mkdir(parents=True, exist_ok=True)
        log = open(self.base / f"{name}.log", "wb")  # noqa: SIM115 (kept open for the process's life)
        proc = subprocess.Popen(
            [_ray_cli(), "start", "--block", "--node-ip-address=127.0.0.1", f"--temp-dir={temp}",
             "--disable-usage-stats", *args],
            stdout=log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True,
        )
        self.nodes.append(proc)
        return proc

    def _wait_for(self, alive: int, timeout: float = 120.0) -> None:
        """Wait until ``alive`` nodes are registered (asked through the ``ray`` CLI in a child process)."""
        deadline = time.monotonic() + timeout
        script = ("import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False, configure_logging=False); "
                  "print(sum(1 for n in ray.nodes() if n['Alive']))")
        while time.monotonic() < deadline:
            done = subprocess.run([sys.executable, "-c", script, self.address], capture_output=True, text=True,
                                  env=self.env, timeout=120)
            if done.returncode == 0 and done.stdout.strip().splitlines()[-1:] == [str(alive)]:
                return
            time.sleep(1.0)
        raise RuntimeError(f"the Ray cluster did not reach {alive} live nodes: see {self.base}/*.log")

    def add_worker(self, name: str, cpus: int = 2) -> subprocess.Popen[bytes]:
        proc = self._start([f"--address={self.address}", f"--num-cpus={cpus}"], name)
        self._wait_for(sum(1 for p in self.nodes if p.poll() is None))
        return proc

    @staticmethod
    def kill(proc: subprocess.Popen[bytes]) -> None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=30)

    def stop(self) -> None:
        for proc in reversed(self.nodes):
            self.kill(proc)


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    # A short folder: Ray's unix sockets live under --temp-dir, and a pytest tmp path pushes them past the 107-byte
    # limit of a socket path (the node then never comes up).
    base = Path(tempfile.mkdtemp(prefix="wp42ray-"))
    made = Cluster(base)
    try:
        made.add_worker("worker-1")
        yield made
    finally:
        made.stop()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def oracles(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every scenario at seed 42 (the committed bundles' seed) with its oracle in a temporary root. The bundles go to
    a scratch folder, never over the committed ones other tests read at the same time (they regenerate byte for
    byte, so the oracles match the committed bundles)."""
    root = tmp_path_factory.mktemp(ORACLE_MARK)
    scratch = tmp_path_factory.mktemp("bundles")
    for task_id in REPO.task_ids():
        generate(task_id, 42, root, repo=REPO, bundle_dir=scratch / task_id)
    return root


def _judgement(receipt: dict) -> dict:
    return {key: value for key, value in receipt.items() if key not in RUN_FIELDS}


def test_job_sent_to_a_node_holds_no_oracle(oracles: Path, tmp_path: Path) -> None:
    """What a Ray task receives (the WorkerJob and the archive of the staged workspace and tools) names no oracle
    path and holds none of the oracle's values or hidden sources; the AttemptSpec the local runner uses does name
    the oracle root, which shows the check can fail."""
    from wp42.run.executor_ray import job_archive

    for task_id in REPO.task_ids():
        spec = plan_attempts([task_id], ["reference"], "A1", 1, "leak", tmp_path / "runs", oracles, None)[0]
        staged = stage_attempt(spec, REPO)
        sent = pickle.dumps((staged.job, job_archive(staged)))
        assert ORACLE_MARK.encode() in pickle.dumps(spec)  # the positive control: the check can fail
        assert ORACLE_MARK.encode() not in sent and str(oracles).encode() not in sent
        hidden = Oracle.at(oracles, task_id)
        oracle = json.loads(hidden.oracle_json.read_text(encoding="utf-8"))
        assert b"EVALUATOR_VERSION" not in sent and b"input_sha256" not in sent
        for item in oracle["planted_items"]:
            assert json.dumps(item, sort_keys=True).encode() not in sent
        assert hidden.reference_md.read_bytes()[:200] not in sent


def _wp42(*argv: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """``python -m wp42 ...`` in a fresh interpreter, as a user runs it: each `wp42 run` makes its own Ray
    connection. The private instances of tests/test_executor.py leave ``RAY_AUTH_MODE=token`` in this process's
    environment (Ray's own ``ray.init`` sets it), and a token-mode driver of this auth-disabled cluster loses its
    tasks' arguments (the nodes' workers cannot call back to it: OwnerDiedError)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("RAY_ADDRESS", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")}  # set here by earlier Ray tests
    env["RAY_AUTH_MODE"] = "disabled"  # as the test cluster; a private instance's ray.init left "token" here
    return subprocess.run([sys.executable, "-m", "wp42", *argv], capture_output=True, text=True, timeout=timeout,
                          env=env)


def _receipts(runs: Path, run_id: str) -> dict[str, dict]:
    """``{task_id: receipt}`` of one run's attempts."""
    return {p.parents[2].name: json.loads(p.read_text()) for p in sorted((runs / run_id).glob("*/*/*/receipt.json"))}


@pytest.mark.slow
def test_cluster_receipts_equal_the_local_backend(cluster: Cluster, oracles: Path, tmp_path: Path) -> None:
    """The seven references and nop through the cluster (`wp42 run --backend ray --ray-address`) give the local
    backend's receipts, and the attempts ran on the worker node (the head has no CPUs)."""
    results: dict[str, dict[str, dict]] = {}
    for backend in ("local", "ray"):
        extra = ["--backend", "ray", "--ray-address", cluster.address] if backend == "ray" else []
        for worker in ("reference", "nop"):
            argv = ["run", "--all", "--worker", worker, "-j", "2", "--runs-dir", str(tmp_path / backend),
                    "--run-id", f"{backend}-{worker}", "--oracle-root", str(oracles), *extra]
            done = _wp42(*argv)
            receipts = _receipts(tmp_path / backend, f"{backend}-{worker}")
            if any(r["status"] == "infrastructure_error" for r in receipts.values()):
                # the documented recovery (README, "Running on a cluster"): the same run id redoes a lost task
                done = _wp42(*argv)
                receipts = _receipts(tmp_path / backend, f"{backend}-{worker}")
            assert len(receipts) == len(REPO.task_ids()), done.stderr[-2000:]
            for task_id, receipt in receipts.items():
                results.setdefault(backend, {})[f"{task_id}/{worker}"] = _judgement(receipt)
    differing = {key: {backend: (results[backend][key]["status"], results[backend][key]["notes"][:2])
                       for backend in results} for key in results["local"] if results["ray"][key] != results["local"][key]}
    assert results["ray"] == results["local"], differing
    assert {key: r["det_score"] for key, r in results["ray"].items() if key.endswith("/reference")} == \
        {f"{tid}/reference": 1.0 for tid in REPO.task_ids()}


@pytest.mark.slow
def test_lost_node_is_an_infrastructure_error_that_resume_completes(cluster: Cluster, oracles: Path,
                                                                    tmp_path: Path) -> None:
    """A node killed while its worker runs leaves run.json and an infrastructure_error receipt (no half-written
    attempt); a second `wp42 run` with the same run id, on a new node, runs the attempt again and grades it."""
    import threading

    switch = tmp_path / "switch"
    switch.mkdir()
    (switch / "slow").write_text("")
    runs = tmp_path / "runs"
    argv = ["run", "ACC-01", "--worker", f"sh -c 'test -e {switch}/slow && sleep 120; exit 0'", "--expose",
            str(switch), "--runs-dir", str(runs), "--run-id", "lost", "--oracle-root", str(oracles), "--backend",
            "ray", "--ray-address", cluster.address, "--json"]
    spare = cluster.add_worker("worker-2", cpus=1)
    victim = cluster.nodes[1]

    def node_folders() -> set[Path]:
        return set(Path(tempfile.gettempdir()).glob("wp42-node-*"))

    # a node killed mid-job keeps its folder, so this test (run before, or by another checkout on this machine)
    # leaves one behind: wait for one the job makes now, or the nodes die before the job starts and nothing runs it
    before = node_folders()

    def kill_when_running() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not node_folders() - before:
            time.sleep(0.5)
        time.sleep(2.0)
        for node in (victim, spare):
            Cluster.kill(node)

    killer = threading.Thread(target=kill_when_running, daemon=True)
    killer.start()
    first = _wp42(*argv)
    killer.join(timeout=180)
    attempt = runs / "lost" / "ACC-01" / "A1" / "1"
    receipt = json.loads((attempt / "receipt.json").read_text())
    assert receipt["status"] == "infrastructure_error", (receipt, first.stderr[-2000:])
    assert "lost" in json.dumps(receipt)
    assert json.loads((attempt / "run.json").read_text())["infrastructure_error"]

    (switch / "slow").unlink()
    cluster.add_worker("worker-3", cpus=1)
    again = _wp42(*argv)
    rows = json.loads(again.stdout)
    assert [row["skipped"] for row in rows] == [False], rows  # resume redid the infrastructure_error
    receipt = json.loads((attempt / "receipt.json").read_text())
    assert receipt["status"] != "infrastructure_error", receipt
    assert json.loads((attempt / "run.json").read_text())["infrastructure_error"] is None
    for left in node_folders() - before:  # the killed node's folder
        shutil.rmtree(left, ignore_errors=True)


def test_unreachable_cluster_is_one_line(oracles: Path, tmp_path: Path) -> None:
    specs = plan_attempts(["ACC-01"], ["nop"], "A1", 1, "nowhere", tmp_path / "runs", oracles, None)
    executor = make_executor("ray", 1, REPO, ray_address=f"127.0.0.1:{_free_port()}")
    with pytest.raises(UserError, match="cannot connect to the Ray cluster"):
        run_batch(specs, executor)
