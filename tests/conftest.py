"""Shared fixtures: a throwaway WP42 checkout holding a toy scenario, so framework tests need no real scenario."""

from __future__ import annotations

import resource
from pathlib import Path

import pytest
from scenario_harness import SEEDS, Generated, ScenarioCache, copy_workspace
from toy_scenario.checkout import build_shared_checkout, build_toy_checkout


def _home(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point WP42_HOME at the checkout ``root`` (and no oracle root from the environment); returns ``root``."""
    monkeypatch.setenv("WP42_HOME", str(root))
    monkeypatch.delenv("WP42_ORACLE_ROOT", raising=False)
    return root


@pytest.fixture
def toy_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the repository's shared files plus the toy scenario ``ACC-99``; WP42_HOME points at it."""
    return _home(build_toy_checkout(tmp_path), monkeypatch)


@pytest.fixture
def shared_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the repository's shared files and no scenario (where `wp42 new` starts); WP42_HOME points at it."""
    return _home(build_shared_checkout(tmp_path), monkeypatch)


@pytest.fixture
def oracle_root(tmp_path: Path) -> Path:
    """A temporary oracle root outside every repository."""
    return tmp_path / "oracles"


@pytest.fixture(scope="session")
def scenario_cache(tmp_path_factory: pytest.TempPathFactory) -> ScenarioCache:
    """Real scenarios generated (and their reference solutions run) once per session, outside the repository."""
    return ScenarioCache(tmp_path_factory.mktemp)


@pytest.fixture(params=SEEDS)
def generated(request: pytest.FixtureRequest, scenario_cache: ScenarioCache) -> Generated:
    """The scenario named by the test module's ``TASK``, generated at each of ``SEEDS``."""
    return scenario_cache.get(request.module.TASK, request.param)


@pytest.fixture
def solved(generated: Generated, scenario_cache: ScenarioCache, tmp_path: Path) -> Path:
    """A private copy of a workspace where ``generated``'s reference solution has run (its out/ inside)."""
    return copy_workspace(scenario_cache.reference(generated.task_id, generated.seed), tmp_path)


#: Test modules that start Ray (private instances and a two-node cluster watching the machine's temp folder for
#: its nodes' folders): run one after another on one pytest-xdist worker, never beside each other.
RAY_MODULES = {"test_ray_cluster", "test_executor"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook, which reads the marks to name the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Group tests for pytest-xdist's ``--dist loadgroup`` (pyproject addopts): every test of one scenario (the
    contract's cases and tests/test_<id>.py, by the ``task_id`` parameter or the module's ``TASK``) runs on one
    worker, so the session's :class:`ScenarioCache` generates each scenario once; the Ray modules share a group.
    Without xdist the mark is inert."""
    for item in items:
        module = getattr(item, "module", None)
        params = getattr(getattr(item, "callspec", None), "params", {})
        group = ("ray" if getattr(module, "__name__", "") in RAY_MODULES
                 else params.get("task_id") or getattr(module, "TASK", None))
        if isinstance(group, str):
            item.add_marker(pytest.mark.xdist_group(name=group))


#: A test whose started processes (or their descendants) reached this resident peak is named in the run's summary.
LARGE_CHILD_BYTES = 512 << 20


def _children_peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """Note on the test's report any new high-water mark of this process's children above LARGE_CHILD_BYTES (in
    bytes, ``getrusage(RUSAGE_CHILDREN).ru_maxrss``): the mark only ever rises, so the test that raises it is the
    one whose child was large. The controller lists them at the end (``pytest_terminal_summary``)."""
    before = _children_peak_bytes()
    item.user_properties.append(("children_peak_before", before))
    yield


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> None:
    if call.when == "teardown":
        before = dict(item.user_properties).get("children_peak_before", 0)
        after = _children_peak_bytes()
        if after > before and after >= LARGE_CHILD_BYTES:
            item.user_properties.append(("large_child_bytes", after))


_LARGE_CHILDREN: list[tuple[str, int]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    peak = dict(report.user_properties).get("large_child_bytes")
    if report.when == "teardown" and peak:
        _LARGE_CHILDREN.append((report.nodeid, peak))


def pytest_terminal_summary(terminalreporter) -> None:
    """Name the tests that started a process of LARGE_CHILD_BYTES or more resident memory (evidence for issue 14's
    memory figures; a bound checked in the same worker must not read them: see tests/fresh_process.py)."""
    if _LARGE_CHILDREN:
        terminalreporter.write_sep("-", f"tests that started a process of {LARGE_CHILD_BYTES >> 20} MiB or more")
        for nodeid, peak in sorted(_LARGE_CHILDREN, key=lambda pair: -pair[1]):
            terminalreporter.write_line(f"{peak >> 20:6d} MiB  {nodeid}")
