"""End to end in headless Chromium (issue 4): sign in, open a document, read a table, submit a form.

Debian's chromium at /usr/bin/chromium is driven by Playwright's Python package (``playwright install`` is never
needed). Screenshots go to ``$WP42_SCREENSHOT_DIR`` when set (CI keeps them as artefacts), else to tmp_path.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from portal_fixtures import USER, build_bundle, portal_spec

from wp42.layout import PORTAL_SUBMISSIONS
from wp42.portal import start_portal

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

pytestmark = pytest.mark.browser
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
if not CHROMIUM.is_file() and not shutil.which("chromium"):
    pytest.skip(f"no Debian chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("WP42_SCREENSHOT_DIR") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def browser_page(tmp_path: Path):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM if CHROMIUM.is_file() else shutil.which("chromium")),
            args=CHROMIUM_ARGS, headless=True,
        )
        context = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 800})
        page = context.new_page()
        page.set_default_timeout(15_000)
        try:
            yield page
        finally:
            context.close()
            browser.close()


def test_clerk_signs_in_downloads_reads_a_table_and_submits_a_form(tmp_path, browser_page, shots):
    bundle = build_bundle(tmp_path)
    page = browser_page
    with start_portal(bundle.root, tmp_path / "out", tmp_path / "access.jsonl") as portal:
        # an unauthenticated visit lands on the sign-in page
        page.goto(portal.url + "/records/purchase_orders")
        assert page.url.startswith(portal.url + "/login")
        page.fill("#username", USER["username"])
        page.fill("#password", "not-the-password")
        page.click("main button[type=submit]")
        assert "wrong password" in page.inner_text(".alert.error")
        page.fill("#username", USER["username"])
        page.fill("#password", USER["password"])
        page.click("main button[type=submit]")
        page.wait_for_url(portal.url + "/records/purchase_orders")  # back where the clerk was going
        page.screenshot(path=str(shots / "1-records.png"), full_page=True)

        # read the table as a person would see it
        headers = page.locator("table.data thead th").all_inner_texts()
        cells = page.locator("table.data tbody tr").nth(0).locator("td").all_inner_texts()
        row = dict(zip([h.strip().lower() for h in headers], cells, strict=True))
        expected = portal_spec()["records"]["purchase_orders"][0]
        assert row["po number"] == expected["po_number"] and row["vendor"] == expected["vendor"]
        assert float(row["amount"]) == expected["amount"]

        # open the document library and download one document
        page.click("nav >> text=Documents")
        page.wait_for_url(portal.url + "/documents")
        page.screenshot(path=str(shots / "2-documents.png"), full_page=True)
        with page.expect_download() as info:
            page.locator("tr", has_text="Goods receipt memo").locator("a", has_text="Download").click()
        download = info.value
        assert download.suggested_filename == "receipt_memo.txt"
        assert Path(download.path()).read_bytes() == (bundle.inputs / "memos" / "receipt_memo.txt").read_bytes()

        # submit the form: first with a mistake, then corrected
        page.click("nav >> text=Forms")
        page.click("text=Invoice approval")
        page.fill("#f-invoice_number", "INV-7001")
        page.select_option("#f-decision", "reject")
        page.fill("#f-amount", "12.345")
        page.fill("#f-decision_date", "2025-03-31")
        page.check("#f-confirmed")
        page.click("main button[type=submit]")
        assert "two decimal places" in page.inner_text("#error-amount")
        assert page.input_value("#f-invoice_number") == "INV-7001"
        page.screenshot(path=str(shots / "3-form-error.png"), full_page=True)
        page.fill("#f-amount", "1,234.50")
        page.fill("#f-reason", "Quantity invoiced exceeds goods received.")
        if not page.is_checked("#f-confirmed"):
            page.check("#f-confirmed")
        page.click("main button[type=submit]")
        assert page.inner_text("#submission-id") == "S0001"
        page.screenshot(path=str(shots / "4-form-accepted.png"), full_page=True)

        # sign out: the portal is closed again
        page.click("text=Sign out")
        page.goto(portal.url + "/documents")
        assert page.url.startswith(portal.url + "/login")

    [entry] = json.loads((tmp_path / "out" / PORTAL_SUBMISSIONS).read_text(encoding="utf-8"))
    assert entry["values"]["decision"] == "reject" and entry["values"]["amount"] == 1234.5
    assert entry["values"]["reason"] == "Quantity invoiced exceeds goods received."
    assert sorted(p.name for p in shots.iterdir()) == [
        "1-records.png", "2-documents.png", "3-form-error.png", "4-form-accepted.png",
    ]
