"""Validating a form post field by field, by the field types of ``benchmark/schemas/portal.schema.json``.

Each type turns the posted text into a JSON value or an error message a clerk would understand:

=========  ==================================================  =====================
type       accepts                                             stored as
=========  ==================================================  =====================
text       one line, at most 500 characters                    str (trimmed)
textarea   at most 10,000 characters                           str (trimmed)
number     ``-12``, ``3.5``, ``1,200``                         int, or float
money      ``1234.5``, ``1,234.50``, ``£1,234.50`` (≤ 2 dp)    float (2 dp)
date       ISO ``YYYY-MM-DD`` (what ``<input type=date>`` sends)  str
select     one of the field's ``options``                      str
checkbox   present (``on``/``true``/``1``/``yes``) or absent   bool
email      ``name@domain.tld``                                 str
=========  ==================================================  =====================

A field is required unless it says ``"required": false``; a checkbox is optional unless it says
``"required": true`` (then it must be ticked). An empty optional field is stored as None.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

TEXT_LIMITS = {"text": 500, "textarea": 10_000}
_NUMBER = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$")
_MONEY = re.compile(r"^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")
_CURRENCY = "£$€"
_TRUE = {"on", "true", "1", "yes"}


def is_required(field: dict[str, Any]) -> bool:
    return bool(field.get("required", field["type"] != "checkbox"))


def parse_field(field: dict[str, Any], raw: str | None) -> tuple[Any, str | None]:
    """Turn one posted value into ``(value, None)`` or ``(None, error message)``.

    ``raw`` is None when the field was not posted at all.
    """
    kind = field["type"]
    if kind == "checkbox":
        ticked = raw is not None and raw.strip().lower() in _TRUE
        if is_required(field) and not ticked:
            return None, "Tick this box to continue."
        return ticked, None
    text = (raw or "").replace("\x00", "").strip()
    if not text:
        return (None, "This field is required.") if is_required(field) else (None, None)
    if kind in TEXT_LIMITS:
        limit = TEXT_LIMITS[kind]
        if kind == "text" and ("\n" in text or "\r" in text):
            return None, "Enter a single line."
        if len(text) > limit:
            return None, f"Enter at most {limit:,} characters."
        return text, None
    if kind == "number":
        if not _NUMBER.match(text):
            return None, "Enter a number, e.g. 12 or 3.5."
        number = Decimal(text.replace(",", ""))
        return (int(number) if number == number.to_integral_value() and "." not in text else float(number)), None
    if kind == "money":
        plain = text.replace(" ", "")
        sign = ""
        if plain[:1] in "+-":
            sign, plain = plain[0], plain[1:]
        plain = plain.lstrip(_CURRENCY)
        if not _MONEY.match(sign + plain):
            return None, "Enter an amount with at most two decimal places, e.g. 1,234.50."
        try:
            amount = Decimal(sign + plain.replace(",", "")).quantize(Decimal("0.01"))
        except InvalidOperation:
            return None, "Enter an amount with at most two decimal places, e.g. 1,234.50."
        return float(amount), None
    if kind == "date":
        try:
            if not _ISO_DATE.match(text):
                raise ValueError(text)
            return date.fromisoformat(text).isoformat(), None
        except ValueError:
            return None, "Enter a date as YYYY-MM-DD."
    if kind == "select":
        options = field.get("options") or []
        if text not in options:
            return None, "Choose one of the listed options."
        return text, None
    if kind == "email":
        if len(text) > 254 or not _EMAIL.match(text):
            return None, "Enter an e-mail address such as name@example.org."
        return text, None
    raise ValueError(f"field {field['name']!r} has unknown type {kind!r}")


def validate_form(form: dict[str, Any], posted: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Validate a whole post against ``form["fields"]``.

    Returns ``(values, errors)``: values for every field of the form (in field order; posted names the form does not
    declare are ignored) and an error message per failing field name. The post is accepted only if ``errors`` is empty.
    """
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for field in form["fields"]:
        value, error = parse_field(field, posted.get(field["name"]))
        if error:
            errors[field["name"]] = error
        else:
            values[field["name"]] = value
    return values, errors
