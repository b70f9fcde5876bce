"""Every input rendered to PNG for a person to look at (issue 13, item 8).

Renders real committed inputs of every kind a bundle holds (PDF, Word, Excel, email, Markdown, calendar, CSV, a
database) and checks each page exists and is not blank; needs LibreOffice and poppler, and says so when absent.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wp42.gates.renders import render_inputs
from wp42.gates.report import render_report
from wp42.layout import Repo

pytestmark = pytest.mark.skipif(
    shutil.which("soffice") is None or shutil.which("pdftoppm") is None,
    reason="rendering needs LibreOffice (soffice) and poppler (pdftoppm), not installed here",
)

#: (scenario, input) pairs covering every kind of input the bundles hold.
SAMPLES = (("JOUR-01", "adopted_budget_FY2025-26_department_summary.pdf"), ("JOUR-01", "draft_council_budget_story.docx"),
           ("JOUR-01", "email_city_communications_office.eml"), ("JOUR-01", "interview_notes.md"),
           ("HR-01", "payroll_register_2025-04.xlsx"), ("HR-01", "northgate_holidays_2025.ics"),
           ("HR-01", "northgate_hr.sqlite"), ("ACC-01", "bank_statement_2025-02.csv"))


def test_every_input_kind_renders_to_non_blank_pages(tmp_path: Path) -> None:
    from PIL import Image

    scenarios = Repo.find().scenarios_dir
    inputs = tmp_path / "inputs"
    (inputs / "hr").mkdir(parents=True)
    for task_id, name in SAMPLES:
        shutil.copyfile(scenarios / task_id / "inputs" / name, inputs / ("hr" if task_id == "HR-01" else "") / name)
    renders = render_inputs(inputs, tmp_path / "renders")
    assert set(renders.skipped) == {"hr/northgate_hr.sqlite"}, renders.skipped
    assert "no page to render" in renders.skipped["hr/northgate_hr.sqlite"]
    assert set(renders.pages) == {(("hr/" if t == "HR-01" else "") + n) for t, n in SAMPLES} - set(renders.skipped)
    for rel, pages in renders.pages.items():
        assert 1 <= len(pages) <= 3, (rel, pages)
        for page in pages:
            with Image.open(tmp_path / "renders" / page) as image:
                low, high = image.convert("L").getextrema()
                assert image.width > 200 and image.height > 100, (page, image.size)
                assert low < 100 < high, f"{page} is blank (extrema {low}, {high})"
    assert renders.pages["hr/payroll_register_2025-04.xlsx"][0].startswith("hr__payroll_register_2025-04.xlsx-")


def test_the_report_says_where_the_renders_are(tmp_path: Path) -> None:
    record = {"task_id": "HR-01", "seed": 42, "passed": True, "seconds": 1.0, "gates": {},
              "renders": {"folder": "/o/HR-01/validation/seed-42/renders", "page_count": 7, "seconds": 3.2,
                          "skipped": {"northgate_hr.sqlite": "a .sqlite file has no page to render"}, "pages": {}}}
    text = render_report([record], 1.0)
    assert "7 page(s) in `/o/HR-01/validation/seed-42/renders`" in text
    assert "northgate_hr.sqlite: a .sqlite file has no page to render" in text
