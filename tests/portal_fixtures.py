"""Tiny portal bundles for the portal tests (built in tmp_path; no scenario needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wp42.layout import Bundle

USER = {"username": "a.rahman", "password": "Ledger-Blue-42"}
SECRET = "TOP SECRET oracle answer"


def portal_spec() -> dict[str, Any]:
    """A portal.json exercising every field type, two record sets and three documents."""
    return {
        "org": "Calder Valley Foods plc (fictional)",
        "user": dict(USER),
        "documents": [
            {"id": "DOC-001", "title": "Supplier price list (current)", "path": "price_list.csv", "category": "Pricing"},
            {"id": "DOC-002", "title": "Goods receipt memo", "path": "memos/receipt_memo.txt", "category": "Warehouse"},
            {"id": "DOC-003", "title": "Invoice scan", "path": "invoice.pdf", "category": "Accounts payable"},
        ],
        "records": {
            "purchase_orders": [
                {"po_number": "PO-1001", "vendor": "Pennine Dairy Ltd", "amount": 1234.5, "approved": True},
                {"po_number": "PO-1002", "vendor": "Wharfe Oils", "amount": 88.0, "approved": False, "note": "<b>x</b>"},
            ],
            "vendors": [{"vendor_id": "V-01", "name": "Pennine Dairy Ltd"}],
        },
        "forms": [
            {
                "id": "invoice_decision",
                "title": "Invoice approval",
                "description": "Approve or reject one supplier invoice.",
                "fields": [
                    {"name": "invoice_number", "type": "text", "label": "Invoice number"},
                    {"name": "decision", "type": "select", "label": "Decision", "options": ["approve", "reject"]},
                    {"name": "amount", "type": "money", "label": "Amount approved"},
                    {"name": "quantity", "type": "number", "label": "Quantity", "required": False},
                    {"name": "decision_date", "type": "date", "label": "Decision date"},
                    {"name": "contact", "type": "email", "label": "Contact", "required": False},
                    {"name": "reason", "type": "textarea", "label": "Reason", "required": False},
                    {"name": "confirmed", "type": "checkbox", "label": "Three-way match checked", "required": True},
                ],
            }
        ],
    }


def valid_post(**overrides: str) -> dict[str, str]:
    post = {
        "invoice_number": "INV-7001",
        "decision": "approve",
        "amount": "£1,234.50",
        "quantity": "12",
        "decision_date": "2025-03-31",
        "contact": "ap@calder.example",
        "reason": "matched",
        "confirmed": "on",
    }
    post.update(overrides)
    return post


def build_bundle(root: Path, spec: dict[str, Any] | None = None) -> Bundle:
    """Write ``root/inputs/...``, ``root/portal/portal.json`` and a secret file beside the bundle."""
    bundle = Bundle(root / "bundle")
    (bundle.inputs / "memos").mkdir(parents=True)
    (bundle.inputs / "price_list.csv").write_text("sku,price\nMILK-1L,0.62\n", encoding="utf-8")
    (bundle.inputs / "memos" / "receipt_memo.txt").write_text("GRN-55 received 40 cases\n", encoding="utf-8")
    (bundle.inputs / "invoice.pdf").write_bytes(b"%PDF-1.4\n% tiny\n")
    (root / "secret.txt").write_text(SECRET, encoding="utf-8")
    (bundle.root / "task.json").write_text("{}", encoding="utf-8")
    bundle.portal_dir.mkdir()
    bundle.portal_json.write_text(json.dumps(spec or portal_spec(), indent=2), encoding="utf-8")
    return bundle
