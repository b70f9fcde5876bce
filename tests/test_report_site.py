"""The clickable report (issue 20): plots that stay readable with many workers, attempt pages, the compare page."""

from __future__ import annotations

import json
import os
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_report import write_attempt, write_task

from wp42 import report as reporting
from wp42.cli.report import is_site_target, report_command
from wp42.layout import Repo
from wp42.read import read_files
from wp42.report import charts as report_plots
from wp42.report import stats
from wp42.report.site import write_site

RESAMPLES = 200
MANY_WORKERS = 27  # the demo's worker count when issue 20 was filed


class Links(HTMLParser):
    """Every ``<a href>`` of a page, the hrefs of links inside score cells, and the criteria rows it shows."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.score_hrefs: list[str] = []
        self.criteria: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
            if found.get("class") == "score":
                self.score_hrefs.append(str(found["href"]))
        if tag == "tr" and found.get("data-criterion"):
            self.criteria.append(str(found["data-criterion"]))


def parse(page: Path) -> Links:
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


@pytest.fixture
def many(tmp_path: Path) -> tuple[Path, Repo]:
    """Three scenarios x ``MANY_WORKERS`` workers, two attempts each, and a repo with their task.json files."""
    runs = tmp_path / "runs"
    for w in range(MANY_WORKERS):
        for t, task_id in enumerate(("ACC-01", "FIN-01", "HR-01")):
            for attempt in (1, 2):
                score = ((w * 7 + t * 3 + attempt) % 10) / 10
                write_attempt(runs, task_id, "A1", attempt, worker=f"worker-{w:02d}", score=score,
                              complete=score > 0.85, run_id=f"run-{w:02d}",
                              violations=("injection_obeyed",) if (w + t) % 5 == 0 else ())
    repo_root = tmp_path / "repo"
    for depth, task_id in enumerate(("ACC-01", "FIN-01", "HR-01"), start=1):
        write_task(repo_root, task_id, minutes=60, depth=10 * depth, injection=task_id == "FIN-01")
    return runs, Repo(repo_root)


def legend_overlaps(figure) -> list[str]:
    """Names of the axes that a legend of ``figure`` covers, measured on the drawn canvas (display pixels)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    covered = []
    for legend_axes in figure.axes:
        legend = legend_axes.get_legend()
        if legend is None:
            continue
        box = legend.get_window_extent(renderer)
        for axes in figure.axes:
            if axes.get_visible() and box.overlaps(axes.get_window_extent(renderer)):
                covered.append(axes.get_title() or "axes")
    return covered


def test_no_legend_covers_an_axes_area_with_many_workers(many: tuple[Path, Repo]) -> None:
    runs, repo = many
    report = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    assert len(report["groups"]) == MANY_WORKERS
    figures = report_plots.figures(report)
    assert set(figures) == set(report_plots.TITLES)
    for key, figure in figures.items():
        assert legend_overlaps(figure) == [], key
    # The measurement catches what issue 20 saw: a legend of 27 workers inside the axes (matplotlib's default).
    control = report_plots.score_by_depth(report)
    control.axes[0].legend(loc="best")
    assert legend_overlaps(control) != []


def test_plots_grow_with_workers_and_scenarios(many: tuple[Path, Repo], tmp_path: Path) -> None:
    runs, repo = many
    big = reporting.build_report(runs, repo=repo, resamples=RESAMPLES)
    small_runs = tmp_path / "small"
    write_attempt(small_runs, "ACC-01", "A1", 1, worker="w", score=1.0, complete=True)
    small = reporting.build_report(small_runs, repo=repo, resamples=RESAMPLES)
    for key in ("score_heatmap", "score_by_scenario", "violations"):
        big_height = report_plots.figures(big)[key].get_size_inches()[1]
        small_height = report_plots.figures(small)[key].get_size_inches()[1]
        assert big_height > small_height, key


def test_heatmap_annotates_mean_and_completions(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    write_attempt(runs, "ACC-01", "A1", 1, worker="w", score=1.0, complete=True)
    write_attempt(runs, "ACC-01", "A1", 2, worker="w", score=0.5)
    report = reporting.build_report(runs, repo=None, resamples=RESAMPLES)
    texts = [t.get_text() for t in report_plots.score_heatmap(report).axes[0].texts]
    assert texts == ["0.75\n1/2"]


def test_site_links_every_score_cell_to_an_existing_attempt_page(many: tuple[Path, Repo], tmp_path: Path) -> None:
    runs, repo = many
    data = reporting.load_runs(runs, repo=repo)
    report = reporting.build_report(runs, data=data, repo=repo, resamples=RESAMPLES)
    site = tmp_path / "site"
    calls: list[tuple[int, int]] = []
    index = write_site(report, data, site, progress=lambda done, total: calls.append((done, total)))
    links = parse(index)
    assert len(links.score_hrefs) == MANY_WORKERS * 3  # one per worker x scenario row
    assert len([h for h in links.hrefs if h.startswith("attempts/")]) == len(data.records) + len(links.score_hrefs)
    for href in links.hrefs:
        assert (site / href).is_file(), href
    assert calls[-1] == (len(data.records), len(data.records))
    for record in data.records:
        receipt = json.loads((Path(record.path) / "receipt.json").read_text())
        page = parse(site / f"attempts/{record.run_id}/{record.task_id}/{record.arm}/{record.attempt}.html")
        assert page.criteria == [c["id"] for c in receipt["required_criteria"]]
        assert "../../../../index.html" in page.hrefs


def test_attempt_page_shows_deliverables_as_read_and_refuses_links(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    folder = write_attempt(runs, "ACC-01", "A1", 1, worker="w", score=0.5)
    folder.out.mkdir()
    (folder.out / "decisions.csv").write_text("invoice,decision\nINV-1,approve\n", encoding="utf-8")
    (folder.out / "COMPLETION.json").write_text(json.dumps({"status": "completed", "summary": "done"}))
    (folder.out / "outside.csv").symlink_to(tmp_path / "secret.csv")
    (tmp_path / "secret.csv").write_text("secret,value\nkey,42\n")
    (folder.worker_log).write_text("line 1\nworker finished\n")
    folder.trajectory.write_text('{"step": 0, "role": "assistant", "tool": "bash", "input": "ls inputs"}\n')
    data = reporting.load_runs(runs, repo=None)
    report = reporting.build_report(runs, data=data, repo=None, resamples=RESAMPLES)
    write_site(report, data, tmp_path / "site")
    page = (tmp_path / "site" / "attempts/r1/ACC-01/A1/1.html").read_text()
    assert "<td>INV-1</td><td>approve</td>" in page
    assert "&quot;summary&quot;: &quot;done&quot;" in page
    assert "worker finished" in page
    assert "<h2>Trajectory</h2>" in page and "ls inputs" in page
    assert "outside.csv" not in page and "secret" not in page  # a link out of out/ is not followed


def test_read_files_reads_many_in_one_child_and_refuses_each_bad_one(tmp_path: Path) -> None:
    good = tmp_path / "a.csv"
    good.write_text("x,y\n1,2\n")
    bomb = tmp_path / "b.json"
    bomb.write_text('{"a": NaN}')
    results = read_files([good, bomb, tmp_path / "missing.csv"])
    assert [r["status"] for r in results] == ["ok", "refused", "refused"]
    assert "NaN" in results[1]["reason"]
    assert results[0]["records"] == [["x", "y"], ["1", "2"]]


def test_compare_page_lists_each_scenario_with_its_difference(tmp_path: Path) -> None:
    runs = tmp_path / "runs"
    for attempt, (a, b) in enumerate(((1.0, 0.5), (0.8, 0.5)), start=1):
        write_attempt(runs, "ACC-01", "A1", attempt, worker="a", score=a, run_id="ra")
        write_attempt(runs, "ACC-01", "A1", attempt, worker="b", score=b, run_id="rb")
    write_attempt(runs, "FIN-01", "A1", 1, worker="a", score=0.25, run_id="ra")
    data = reporting.load_runs(runs, repo=None)
    comparison = reporting.compare(data, "a", "b", resamples=RESAMPLES)
    rows = {row["unit"]: row for row in comparison["by_unit"]}
    assert rows["ACC-01/A1"]["a_mean"] == pytest.approx(0.9) and rows["ACC-01/A1"]["b_n"] == 2
    assert rows["ACC-01/A1"]["difference"]["mean"] == pytest.approx(0.4)
    assert rows["FIN-01/A1"]["difference"] is None and rows["FIN-01/A1"]["b_n"] == 0
    report = reporting.build_report(runs, data=data, repo=None, resamples=RESAMPLES)
    write_site(report, data, tmp_path / "site", comparison)
    page = (tmp_path / "site" / "compare.html").read_text()
    assert "ACC-01/A1" in page and "+0.400" in page
    assert "compare.html" in (tmp_path / "site" / "index.html").read_text()


def test_difference_of_means_by_hand() -> None:
    interval = stats.difference_of_means_ci([1.0, 0.0], [0.5], resamples=2000, seed=1)
    assert interval.mean == pytest.approx(0.0)  # (1 + 0) / 2 - 0.5; resampled a-means are 0, 0.5 or 1
    assert interval.low == pytest.approx(-0.5) and interval.high == pytest.approx(0.5)
    assert stats.difference_of_means_ci([0.5], [0.25]).as_dict()["ci_low"] == pytest.approx(0.25)
    with pytest.raises(ValueError, match="at least one value"):
        stats.difference_of_means_ci([], [0.5])


def test_cli_html_folder_or_file(many: tuple[Path, Repo], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs, repo = many
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    (repo.root / "benchmark" / "scenarios").mkdir(parents=True, exist_ok=True)
    assert is_site_target(tmp_path / "report") and not is_site_target(tmp_path / "report.html")
    result = CliRunner().invoke(report_command, [str(runs), "--html", str(tmp_path / "report"), "--resamples", "50"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report" / "index.html").is_file()
    assert len(list((tmp_path / "report" / "attempts").rglob("*.html"))) == MANY_WORKERS * 3 * 2
    (tmp_path / "taken").write_text("a file")
    result = CliRunner().invoke(report_command, [str(runs), "--html", str(tmp_path / "taken"), "--resamples", "50"])
    assert result.exit_code != 0 and "a file of that name exists" in str(result.exception)


CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.browser
def test_report_folder_in_chromium(many: tuple[Path, Repo], tmp_path: Path) -> None:
    """Open index.html in headless Chromium, follow a score link, see every criterion of the attempt's receipt."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
    executable = CHROMIUM if CHROMIUM.is_file() else shutil.which("chromium")
    if not executable:
        pytest.skip(f"no Debian chromium at {CHROMIUM} (apt-get install chromium)")
    runs, repo = many
    data = reporting.load_runs(runs, repo=repo)
    report = reporting.build_report(runs, data=data, repo=repo, resamples=RESAMPLES)
    index = write_site(report, data, tmp_path / "site")
    shots = Path(os.environ.get("WP42_SCREENSHOT_DIR") or tmp_path / "screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(executable), headless=True,
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(index.as_uri())
        assert page.locator("img").count() == len(report_plots.TITLES)
        for img in page.locator("img").all():  # every plot decoded and drawn
            assert img.evaluate("i => i.complete && i.naturalWidth > 0")
        page.screenshot(path=str(shots / "report-index.png"), full_page=True)
        page.locator("a.score").first.click()
        rows = page.locator("tr[data-criterion]")
        assert rows.count() == 2 and "FAIL" in page.content()
        page.screenshot(path=str(shots / "report-attempt.png"), full_page=True)
        browser.close()


def test_unwritable_html_target_is_one_line_not_a_traceback(many: tuple[Path, Repo], capsys, monkeypatch) -> None:
    """A new user's finding: --html into a folder that cannot be written printed a 30-line traceback."""
    from wp42.cli import main

    runs, repo = many
    monkeypatch.setenv("WP42_HOME", str(repo.root))
    (repo.root / "benchmark" / "scenarios").mkdir(parents=True, exist_ok=True)
    if not Path("/sys").is_dir():
        pytest.skip("no /sys here: the test needs a folder that exists and that no one, root included, can write")
    for target in ("/sys/wp42-report.html", "/sys/wp42-report/"):
        assert main(["report", str(runs), "--html", target, "--resamples", "20"]) == 2
        error = capsys.readouterr().err.strip().splitlines()
        assert len(error) == 1 and error[0].startswith("wp42: error: cannot use /sys/wp42-report"), error
