"""BANK-01 — quarterly covenant compliance test of a commercial borrower (Granite Ridge Community Bank, fictional).

Builds, from a seed, five quarters of a borrower's books (July 2024 to September 2025) that tie: balance sheets
balance, cash flows reconcile cash, debt rolls forward. Four quarterly statement packages are written as PDFs; the
package for the quarter ended December 31, 2024 is withheld, so the trailing-twelve-month leverage test cannot be
performed. The credit agreement (docx) defines the covenants with their add-backs; the borrower's compliance
certificate (docx) adds back a bonus the definition does not allow and leaves a shareholder receivable in tangible
net worth, hiding a debt service coverage breach. See oracles-template/BANK-01/REFERENCE.md.

``--set coverage`` (SPEC section 9) writes the same assignment with clean records: all five packages are in the file,
every covenant passes (the debt service coverage ratio sometimes close to its minimum), and the certificate computes
each covenant exactly as the agreement defines it, so the right answer reports no difference and asks for nothing.
The ordinary-path work stays: the capped litigation add-back, the gain on sale, the financed equipment, the
shareholder receivable and the officers' bonus are in the statements and the certificate treats each correctly.

The hard level adds the Second Amendment (the DSCR minimum 1.20x for the test quarter), which also resets the
tangible net worth minimum from the test quarter: the agreement's level lies above the borrower's tangible net worth,
the reset level at or below it. The bank's template types the reset level into a Word content control
(genkit.content_controls): Word and LibreOffice show it, a reader of the paragraphs' direct runs sees a gap, falls
back to the agreement's level and calls a breach where the borrower complies (both sets). In the challenge set the
borrower also prepays part of the term loan in September 2025, inside the cash flow line "Repayments of term loan"
and disclosed in the debt note; Debt Service counts scheduled principal only (the hard agreement says "excluding any
voluntary prepayment"), and so does the certificate. The challenge set's agreement also carries, as a conformed copy
does, a footnote on the Funded Debt definition recording the First Amendment: Funded Debt includes the undrawn face
amount of standby letters of credit the Bank has issued for the borrower, and the test quarter's debt note discloses
one (off the balance sheet). The footnote lives in word/footnotes.xml (genkit.footnotes), which python-docx's
paragraphs leave out; the certificate's Funded Debt, like a reader of those paragraphs, leaves the letter of credit out.

    python benchmark/scenarios/BANK-01/generate.py --seed 42 --oracle-root ~/wp42-oracles
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/

import numpy as np  # noqa: E402
from genkit import bizdays, content_controls, docs, people  # noqa: E402
from genkit.bundle import BundleWriter, run_generator  # noqa: E402
from genkit.footnotes import Footnote, add_footnotes  # noqa: E402
from genkit.outcomes import outcome_field  # noqa: E402

TASK_ID = "BANK-01"
#: 1.3: the hard challenge level's voluntary prepayment of the term loan in the test quarter, which Debt Service
#: (scheduled principal only) leaves out.
#: 1.4: the hard challenge level's footnote to the Funded Debt definition (undrawn standby letters of credit count) and
#: the letter of credit the test quarter's debt note discloses.
GENERATOR_VERSION = "1.4"
BANK = "Granite Ridge Community Bank (fictional)"
#: The bank's name as its own documents print it (task.json and the brief keep the marker).
BANK_SHOWN = docs.as_shown(BANK)
QUARTERS = (("2024Q3", date(2024, 9, 30)), ("2024Q4", date(2024, 12, 31)), ("2025Q1", date(2025, 3, 31)),
            ("2025Q2", date(2025, 6, 30)), ("2025Q3", date(2025, 9, 30)))
MISSING = "2024Q4"
TEST_DATE = date(2025, 9, 30)
YTD = ("2025Q1", "2025Q2", "2025Q3")
TTM = ("2024Q4", "2025Q1", "2025Q2", "2025Q3")
MAX_LEVERAGE = Decimal("3.50")
MIN_DSCR = Decimal("1.25")
#: The hard level's Second Amendment sets the DSCR minimum for the quarters ending September 30 and December 31, 2025.
AMENDED_MIN_DSCR = Decimal("1.20")
AMENDMENT = "credit_agreement_second_amendment.docx"
#: The hard level's tangible net worth levels (the agreement's and the Second Amendment's reset one) draw from their
#: own stream, ``default_rng([seed, TNW_RESET_STREAM])``, so every other byte of a bundle stays what it was before the
#: item existed (the independent solvers' fixtures were graded on those bundles).
TNW_RESET_STREAM = 2_603
#: The hard challenge level's voluntary prepayment of the term loan in the test quarter draws from its own stream,
#: ``default_rng([seed, PREPAYMENT_STREAM])``, for the same reason.
PREPAYMENT_STREAM = 2_604
#: The prepayment is a share of the year-to-date scheduled debt service (per mille), in round steps of this many
#: dollars: counted as debt service it lowers the ratio by about 0.2x, forty times the ratio tolerance.
PREPAYMENT_SHARE = (300, 450)
PREPAYMENT_STEP = 25000
#: The hard challenge level's standby letter of credit (counted in Funded Debt by the agreement's footnote) draws from
#: its own stream, ``default_rng([seed, LETTER_OF_CREDIT_STREAM])``, for the same reason: a round amount in
#: :data:`LETTER_OF_CREDIT_STEP` steps within :data:`LETTER_OF_CREDIT_STEPS`.
LETTER_OF_CREDIT_STREAM = 2_605
LETTER_OF_CREDIT_STEP = 25000
LETTER_OF_CREDIT_STEPS = (6, 17)
#: The Funded Debt definition's sentence that the hard challenge agreement's footnote qualifies (its reference mark
#: follows it), and the footnote, in the conformed copy's words.
FUNDED_DEBT_SENTENCE = ("\"Funded Debt\" means all indebtedness of the Borrower for borrowed money, including the "
                        "Revolving Loans, the Term Loan, the Equipment Notes and capital lease obligations, current "
                        "and long-term portions, but excluding Subordinated Debt.")
FUNDED_DEBT_FOOTNOTE = ("As amended by Section 2 of the First Amendment dated {dated}: Funded Debt also includes the "
                        "undrawn face amount of all standby letters of credit issued by the Bank for the account of "
                        "the Borrower and outstanding on the date of determination.")
#: Covenant levels are set in round steps of this many dollars.
TNW_STEP = 50000
#: Where the Second Amendment's restated Section 6.3 takes its reset level: the template's content control, as Word
#: shows its title (``w:alias``) and as the template tags it.
TNW_CONTROL = {"alias": "Amended level", "tag": "covenant_level_6_3"}
TNW_PLACEHOLDER = "[[amended level]]"
#: The dates the agreement's story is signed on, each a business day of the bank (oracle.json event_dates).
AGREEMENT_SIGNED = date(2023, 3, 15)
FIRST_AMENDMENT_DATED = date(2024, 1, 10)
SECOND_AMENDMENT_DATED = date(2025, 7, 28)
CERTIFICATE_SIGNED = date(2025, 11, 12)
SGA_ACCOUNTS = ("Salaries and wages - administrative", "Salaries and wages - sales", "Payroll taxes", "Employee benefits",
                "Sales commissions", "Freight out", "Rent - office and warehouse", "Utilities", "Insurance",
                "Repairs and maintenance - office", "Information technology", "Telephone and internet",
                "Professional fees - audit and tax", "Professional fees - legal", "Advertising and trade shows",
                "Travel and entertainment", "Vehicle expenses", "Office supplies", "Bank charges", "Bad debt expense",
                "Dues and subscriptions", "Training", "Property taxes", "Miscellaneous")
PRODUCT_LINES = ("Structural steel fabrication", "Sheet metal enclosures", "Laser cutting services",
                 "Welded assemblies", "Machining and finishing", "Field installation")
EQUIPMENT_COLLATERAL = ("CNC press brake", "Robotic welding cell", "Plasma table", "Forklift fleet",
                        "Powder coating line", "Shear", "Ironworker", "Overhead crane", "Saw line", "Tube bender")
LITIGATION_CAP = Decimal(150000)
RATES = {"revolver": Decimal("0.0825"), "term": Decimal("0.07"), "equipment": Decimal("0.075"), "sub": Decimal("0.06")}

BS_LINES = (
    ("cash", "Cash and cash equivalents"), ("ar", "Accounts receivable, net"), ("inventory", "Inventories"),
    ("prepaid", "Prepaid expenses"), ("due_sh", "Due from shareholder"), ("tca", "Total current assets"),
    ("ppe", "Property and equipment, net"), ("goodwill", "Goodwill"), ("intangibles", "Intangible assets, net"),
    ("ta", "Total assets"), ("ap", "Accounts payable"), ("accrued", "Accrued liabilities"),
    ("revolver", "Revolving line of credit"), ("term_cur", "Current portion of term loan"),
    ("equip_cur", "Current portion of equipment notes"), ("tcl", "Total current liabilities"),
    ("term_lt", "Term loan, less current portion"), ("equip_lt", "Equipment notes, less current portion"),
    ("sub", "Subordinated note payable - shareholder"), ("tl", "Total liabilities"),
    ("stock", "Common stock and paid-in capital"), ("re", "Retained earnings"), ("equity", "Total stockholders' equity"),
    ("tle", "Total liabilities and stockholders' equity"),
)
IS_LINES = (
    ("revenue", "Net sales"), ("cogs", "Cost of goods sold"), ("gp", "Gross profit"),
    ("sga", "Selling, general and administrative expenses"), ("officers", "Officers' compensation"),
    ("da", "Depreciation and amortization"), ("ebit", "Operating income"), ("interest", "Interest expense"),
    ("gain", "Gain on sale of equipment"), ("litigation", "Litigation settlement"),
    ("pretax", "Income before income taxes"), ("tax", "Income tax expense"), ("ni", "Net income"),
)
CF_LINES = (
    ("ni", "Net income"), ("da", "Depreciation and amortization"), ("gain_cf", "Gain on sale of equipment"),
    ("d_ar", "(Increase) decrease in accounts receivable"), ("d_inv", "(Increase) decrease in inventories"),
    ("d_pre", "(Increase) decrease in prepaid expenses"), ("d_ap", "Increase (decrease) in accounts payable"),
    ("d_acc", "Increase (decrease) in accrued liabilities"), ("cfo", "Net cash provided by operating activities"),
    ("capex", "Purchases of property and equipment"), ("sale", "Proceeds from sale of equipment"),
    ("adv_sh", "Advances to shareholder"), ("cfi", "Net cash used in investing activities"),
    ("d_rev", "Net borrowings (repayments) on revolving line of credit"),
    ("equip_new", "Proceeds from equipment notes"), ("term_pay", "Repayments of term loan"),
    ("equip_pay", "Repayments of equipment notes"), ("dist", "Distributions to shareholders"),
    ("cff", "Net cash provided by (used in) financing activities"), ("d_cash", "Net increase (decrease) in cash"),
    ("cash_open", "Cash at beginning of quarter"), ("cash_close", "Cash at end of quarter"),
)
SUPPLEMENTAL = (("int_paid", "Cash paid for interest"), ("tax_paid", "Cash paid for income taxes"))


def whole(value: Decimal) -> Decimal:
    return Decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP)


def usd(value: Decimal) -> str:
    """Whole dollars, negatives in parentheses, zero as a dash (statement style)."""
    value = whole(value)
    if value == 0:
        return "-"
    return f"({abs(value):,})" if value < 0 else f"{value:,}"


@dataclass
class Quarter:
    key: str
    end: date
    bs: dict[str, Decimal] = field(default_factory=dict)
    inc: dict[str, Decimal] = field(default_factory=dict)
    cf: dict[str, Decimal] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: a voluntary prepayment of the term loan inside the cash flow line "Repayments of term loan" (hard level), and
    #: the sentence its package's debt note discloses it in
    prepaid: Decimal = Decimal(0)
    debt_note: str = ""


def scheduled_debt_service(quarters: list[Quarter]) -> Decimal:
    """Debt Service as the agreement defines it, over ``quarters``: scheduled principal of the term loan and the
    equipment notes (the repayment lines less any voluntary prepayment; the revolver excluded) plus cash interest."""
    return sum(-q.cf["term_pay"] - q.prepaid - q.cf["equip_pay"] + q.cf["int_paid"] for q in quarters)


def build(out: BundleWriter) -> None:
    rng = out.rng

    def draw(low: float, high: float) -> Decimal:
        return Decimal(int(rng.integers(int(low), int(high))))

    borrower = f"{people.BUSINESS_WORDS[int(rng.integers(0, len(people.BUSINESS_WORDS)))]} Metalworks Inc."
    cfo, president = people.people(rng, 2)
    officer_name = "Colette Margrave"

    # ---- opening balances at June 30, 2024
    bal = {"cash": draw(6e5, 1e6), "ar": draw(2.6e6, 3.2e6), "inventory": draw(3.0e6, 3.8e6),
           "prepaid": draw(1e5, 2e5), "due_sh": draw(1.5e5, 3e5), "ppe": draw(5.5e6, 7e6),
           "goodwill": draw(1.2e6, 1.6e6) // 1000 * 1000, "intangibles": draw(5e5, 7e5),
           "ap": draw(1.6e6, 2.0e6), "accrued": draw(5e5, 7e5), "revolver": draw(8, 14) * 100000,
           "term": draw(48, 60) * 100000, "equipment": draw(9e5, 1.3e6) // 1000 * 1000,
           "sub": draw(5, 8) * 100000, "stock": Decimal(500000)}
    bal["re"] = (bal["cash"] + bal["ar"] + bal["inventory"] + bal["prepaid"] + bal["due_sh"] + bal["ppe"]
                 + bal["goodwill"] + bal["intangibles"] - bal["ap"] - bal["accrued"] - bal["revolver"]
                 - bal["term"] - bal["equipment"] - bal["sub"] - bal["stock"])
    term_principal = draw(15, 21) * 10000
    equip_principal = draw(6, 10) * 10000
    amort = draw(15000, 25000)

    by_key: dict[str, Quarter] = {}
    quarters: list[Quarter] = []
    # Drawn to the ten-thousandth so neither the true nor the certified ratio lands on a round number by
    # construction (issue 13 item 4: a DSCR of exactly 1.150); the true one stays well below 1.25, the certified one
    # well above. In the coverage set the true ratio passes, at times only a few hundredths above the minimum.
    target_dscr = Decimal(int(rng.integers(12_650, 14_200) if out.coverage else rng.integers(10_000, 11_800))) / 10_000
    # the hard level's own draws come from a second stream, so the standard level keeps its bytes
    hard_rng = np.random.default_rng([out.seed, 25])
    min_dscr = AMENDED_MIN_DSCR if out.hard else MIN_DSCR
    if out.hard and out.coverage:  # the decoy: below the original 1.25x, above the amended 1.20x
        target_dscr = Decimal(int(hard_rng.integers(12_080, 12_400))) / 10_000
    cert_dscr_target = Decimal(int(rng.integers(12_800, 13_800))) / 10_000
    bonus = Decimal(0)
    for key, end in QUARTERS:
        q = Quarter(key, end)
        quarters.append(q)
        by_key[key] = q
        i, c = q.inc, q.cf
        i["revenue"] = draw(4.2e6, 5.4e6)
        i["cogs"] = whole(i["revenue"] * draw(620, 660) / 1000)
        i["gp"] = i["revenue"] - i["cogs"]
        i["sga"] = whole(i["revenue"] * draw(110, 130) / 1000)
        i["officers"] = draw(1.2e5, 1.6e5)
        dep = draw(9e4, 1.3e5)
        i["da"] = dep + amort
        # interest accrues on the quarter's opening balances and is paid in the quarter
        i["interest"] = whole(bal["revolver"] * RATES["revolver"] / 4 + bal["term"] * RATES["term"] / 4
                              + bal["equipment"] * RATES["equipment"] / 4 + bal["sub"] * RATES["sub"] / 4)
        i["gain"] = i["litigation"] = Decimal(0)
        c["sale"] = c["equip_new"] = Decimal(0)
        c["capex"] = -draw(8e4, 2e5)
        if key == "2025Q1":
            c["sale"] = draw(1e5, 1.8e5)
            i["gain"] = draw(4e4, 9e4)
            q.notes.append(f"During the quarter the Company sold surplus press-brake equipment for "
                           f"${c['sale']:,}, recognizing a gain of ${i['gain']:,}.")
        if key == "2025Q2":
            i["litigation"] = draw(1.8e5, 2.6e5)
            if out.hard:  # a settlement exactly at the add-back cap: all of it may be added back
                i["litigation"] = LITIGATION_CAP
            c["capex"] = -draw(5e5, 8e5)
            c["equip_new"] = whole(-c["capex"] * Decimal("0.8") / 1000) * 1000
            q.notes.append(f"Litigation settlement: in May 2025 the Company settled a supplier dispute for "
                           f"${i['litigation']:,}, paid in June 2025. Management considers the matter closed.")
            q.notes.append(f"In April 2025 the Company acquired a fiber laser cutting cell for ${-c['capex']:,} "
                           f"(included in purchases of property and equipment), financed "
                           f"${c['equip_new']:,} by a new equipment note.")
        c["term_pay"] = -term_principal
        c["equip_pay"] = -min(equip_principal, bal["equipment"])
        c["int_paid"] = i["interest"]
        c["dist"] = -draw(4, 9) * 10000
        tax_paid_share = draw(85, 115)
        if key == YTD[-1]:
            # the planted breach: a bonus to the majority shareholder in the test quarter, which the certificate
            # adds back, sized so the certificate shows a pass; distributions set the true ratio below the minimum
            debt_service = scheduled_debt_service([by_key[k] for k in YTD])
            bonus = whole((cert_dscr_target - target_dscr) * debt_service / 1000) * 1000
            if out.coverage:  # an ordinary bonus, expensed and (rightly) not added back by the certificate
                bonus = draw(3, 9) * 10000
            i["officers"] += bonus
            q.notes.append(f"Officers' compensation for the quarter includes a discretionary bonus of ${bonus:,} "
                           f"paid to the Company's president and majority shareholder, {president.name}, in August "
                           "2025.")
        i["ebit"] = i["gp"] - i["sga"] - i["officers"] - i["da"]
        i["pretax"] = i["ebit"] - i["interest"] + i["gain"] - i["litigation"]
        i["tax"] = max(whole(i["pretax"] * Decimal("0.25")), Decimal(0))
        i["ni"] = i["pretax"] - i["tax"]
        c["tax_paid"] = whole(i["tax"] * tax_paid_share / 100 / 1000) * 1000
        if key == YTD[-1]:
            ytd = [by_key[k] for k in YTD]
            ebitda_so_far = sum(x.inc["ni"] + x.inc["interest"] + x.inc["tax"] + x.inc["da"] - x.inc["gain"]
                                for x in ytd) + min(sum(x.inc["litigation"] for x in ytd), LITIGATION_CAP)
            unfinanced = sum(-x.cf["capex"] - x.cf["equip_new"] for x in ytd)
            taxes = sum(x.cf["tax_paid"] for x in ytd)
            # a few hundred dollars either way, so the ratio is not the drawn target to the last digit
            dist_total = whole(ebitda_so_far - unfinanced - taxes - target_dscr * debt_service) + draw(-900, 900)
            c["dist"] = -(dist_total + sum(x.cf["dist"] for x in ytd[:-1]))
            if out.coverage and c["dist"] > -50000:  # a thin quarter: a routine distribution, the ratio a bit lower
                c["dist"] = -draw(50, 60) * 1000 - draw(0, 900)
            if c["dist"] > -50000:
                raise RuntimeError(f"BANK-01 seed {out.seed}: the test quarter's distributions come out at "
                                   f"{-c['dist']}; the drawn margins are too thin for the designed breach")
            if out.hard and not out.coverage:
                voluntary_prepayment(q, out.seed, debt_service)

        # balance sheet roll-forward; cash is what balances it, the revolver keeps cash in a normal range
        c["ni"], c["da"], c["gain_cf"] = i["ni"], i["da"], -i["gain"]
        new = dict(bal)
        new["ar"] = whole(i["revenue"] * draw(55, 65) / 100)
        new["inventory"] = whole(i["cogs"] * draw(95, 110) / 100)
        new["prepaid"] = draw(1e5, 2e5)
        new["ap"] = whole(i["cogs"] * draw(48, 55) / 100)
        new["accrued"] = draw(4.5e5, 7e5)
        advance = draw(2e4, 8e4) if key in ("2024Q4", "2025Q2", "2025Q3") else Decimal(0)
        new["due_sh"] = bal["due_sh"] + advance
        new["ppe"] = bal["ppe"] - c["capex"] - dep - (c["sale"] - i["gain"])
        new["intangibles"] = bal["intangibles"] - amort
        new["term"] = bal["term"] + c["term_pay"]
        new["equipment"] = bal["equipment"] + c["equip_new"] + c["equip_pay"]
        new["re"] = bal["re"] + i["ni"] + c["dist"]
        c["d_rev"] = Decimal(0)
        while True:
            new["revolver"] = bal["revolver"] + c["d_rev"]
            liabilities_equity = (new["ap"] + new["accrued"] + new["revolver"] + new["term"] + new["equipment"]
                                  + new["sub"] + new["stock"] + new["re"])
            non_cash = (new["ar"] + new["inventory"] + new["prepaid"] + new["due_sh"] + new["ppe"] + new["goodwill"]
                        + new["intangibles"])
            new["cash"] = liabilities_equity - non_cash
            if new["cash"] < 250000:
                c["d_rev"] += 100000
            elif new["cash"] > 1400000 and new["revolver"] >= 100000:
                c["d_rev"] -= 100000
            else:
                break
        if q.prepaid:
            q.debt_note = prepayment_note(q.prepaid, c["d_rev"] > 0)
        c["d_ar"], c["d_inv"] = bal["ar"] - new["ar"], bal["inventory"] - new["inventory"]
        c["d_pre"], c["d_ap"] = bal["prepaid"] - new["prepaid"], new["ap"] - bal["ap"]
        c["d_acc"] = new["accrued"] - bal["accrued"]
        c["cfo"] = c["ni"] + c["da"] + c["gain_cf"] + c["d_ar"] + c["d_inv"] + c["d_pre"] + c["d_ap"] + c["d_acc"]
        c["adv_sh"] = -advance
        c["cfi"] = c["capex"] + c["sale"] + c["adv_sh"]
        c["cff"] = c["d_rev"] + c["equip_new"] + c["term_pay"] + c["equip_pay"] + c["dist"]
        c["d_cash"] = c["cfo"] + c["cfi"] + c["cff"]
        c["cash_open"], c["cash_close"] = bal["cash"], new["cash"]
        if c["cash_open"] + c["d_cash"] != c["cash_close"]:
            raise RuntimeError(f"BANK-01 seed {out.seed}: {key} cash flow does not reconcile")
        term_cur = min(4 * term_principal, new["term"])
        equip_cur = min(4 * equip_principal, new["equipment"])
        b = q.bs
        b.update({k: new[k] for k in ("cash", "ar", "inventory", "prepaid", "due_sh", "ppe", "goodwill",
                                      "intangibles", "ap", "accrued", "revolver", "sub", "stock", "re")})
        b["term_cur"], b["term_lt"] = term_cur, new["term"] - term_cur
        b["equip_cur"], b["equip_lt"] = equip_cur, new["equipment"] - equip_cur
        b["tca"] = b["cash"] + b["ar"] + b["inventory"] + b["prepaid"] + b["due_sh"]
        b["ta"] = b["tca"] + b["ppe"] + b["goodwill"] + b["intangibles"]
        b["tcl"] = b["ap"] + b["accrued"] + b["revolver"] + b["term_cur"] + b["equip_cur"]
        b["tl"] = b["tcl"] + b["term_lt"] + b["equip_lt"] + b["sub"]
        b["equity"] = b["stock"] + b["re"]
        b["tle"] = b["tl"] + b["equity"]
        if b["ta"] != b["tle"]:
            raise RuntimeError(f"BANK-01 seed {out.seed}: {key} balance sheet does not balance")
        bal = new
    q3 = by_key[YTD[-1]]
    # the hard challenge level's standby letter of credit: off the balance sheet, in Funded Debt by the agreement's
    # footnote; the debt note discloses it
    letter_of_credit = letter_of_credit_amount(out.seed) if out.hard and not out.coverage else Decimal(0)
    if letter_of_credit:
        q3.debt_note = f"{q3.debt_note} {letter_of_credit_note(letter_of_credit)}".strip()

    # ---- covenant figures (what the bank should compute)
    last = q3.bs
    # the certificate's Funded Debt is the balance sheet's: it leaves the letter of credit out
    balance_sheet_debt = last["revolver"] + last["term_cur"] + last["term_lt"] + last["equip_cur"] + last["equip_lt"]
    funded_debt = balance_sheet_debt + letter_of_credit
    tnw = last["equity"] + last["sub"] - last["goodwill"] - last["intangibles"] - last["due_sh"]

    def ebitda(keys: tuple[str, ...]) -> Decimal:
        qs = [by_key[k] for k in keys]
        return sum(q.inc["ni"] + q.inc["interest"] + q.inc["tax"] + q.inc["da"] - q.inc["gain"] for q in qs) \
            + min(sum(q.inc["litigation"] for q in qs), LITIGATION_CAP)

    ebitda_ytd = ebitda(YTD)
    unfinanced = sum(-by_key[k].cf["capex"] - by_key[k].cf["equip_new"] for k in YTD)
    taxes = sum(by_key[k].cf["tax_paid"] for k in YTD)
    dist_ytd = sum(-by_key[k].cf["dist"] for k in YTD)
    cfads = ebitda_ytd - unfinanced - taxes - dist_ytd
    debt_service = scheduled_debt_service([by_key[k] for k in YTD])
    dscr = cfads / debt_service
    ttm_true = ebitda(TTM)
    leverage_true = funded_debt / ttm_true
    min_tnw = (tnw * (1 - Decimal(int(rng.integers(6, 15))) / 100) / 50000).quantize(Decimal(1)) * 50000
    # the certificate's figures: in the challenge set the bonus is added back and the shareholder receivable left in
    # tangible net worth; in the coverage set every figure is the agreement's
    added_back = Decimal(0) if out.coverage else bonus
    cert_cfads = cfads + added_back
    cert_dscr = (cert_cfads / debt_service).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    cert_tnw = tnw if out.coverage else tnw + last["due_sh"]
    # the hard level: the agreement's level above tangible net worth, the Second Amendment's reset one at or below it
    original_min_tnw = min_tnw
    if out.hard:
        original_min_tnw, min_tnw, control_id = reset_tnw_levels(out.seed, tnw, min_tnw, last["due_sh"])
    cert_ttm = ttm_true + added_back
    cert_leverage = (balance_sheet_debt / cert_ttm).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    breach_as_designed = (min_dscr <= dscr < MIN_DSCR if out.hard else min_dscr <= dscr) if out.coverage \
        else dscr < min_dscr and MIN_DSCR <= cert_dscr
    # at the hard level the agreement's level is not met, the reset one is, and the challenge certificate's unreduced
    # figure clears the agreement's level it states
    tnw_as_designed = min_tnw <= tnw and (not out.hard or tnw < original_min_tnw <= tnw + last["due_sh"])
    # the hard challenge level's prepayment, counted as debt service, moves the ratio far beyond the tolerance
    prepayment_as_designed = not q3.prepaid or dscr - cfads / (debt_service + q3.prepaid) >= Decimal("0.05")
    if not (breach_as_designed and tnw_as_designed and prepayment_as_designed and leverage_true <= MAX_LEVERAGE):
        raise RuntimeError(f"BANK-01 seed {out.seed}: covenant outcomes are not as designed "
                           f"(dscr {dscr:.3f}, cert {cert_dscr}, tnw {tnw} vs {min_tnw}, lev {leverage_true:.2f})")

    # ---- documents
    # the bank's and the borrower's business days (oracle.json event_dates; issue 13 item 4)
    events = [("loan and security agreement signed", AGREEMENT_SIGNED),
              ("first amendment to the agreement", FIRST_AMENDMENT_DATED),
              ("compliance certificate signed and delivered", CERTIFICATE_SIGNED)]
    for q in quarters:
        if q.key != MISSING or out.coverage:
            sent = write_package(out, borrower, cfo, q, hard_rng if out.hard else None)
            events.append((f"{q.key} financial statements sent to the bank", sent))
    write_agreement(out, borrower, president, AGREEMENT_SIGNED, original_min_tnw, out.hard, bool(letter_of_credit))
    if out.hard:
        write_amendment(out, borrower, president, AGREEMENT_SIGNED, min_tnw, control_id)
        events.append(("second amendment signed and its fee paid", SECOND_AMENDMENT_DATED))
    write_certificate(out, borrower, cfo, {
        "funded_debt": balance_sheet_debt, "ttm": cert_ttm, "leverage": cert_leverage,
        "ebitda_ytd": ebitda_ytd, "bonus": added_back, "unfinanced": unfinanced, "taxes": taxes, "dist": dist_ytd,
        "cfads": cert_cfads, "debt_service": debt_service, "dscr": cert_dscr,
        "equity": last["equity"], "sub": last["sub"], "goodwill": last["goodwill"],
        # the challenge set's borrower certifies against the agreement's level on the Exhibit C form; the coverage
        # set's against the reset one
        "intangibles": last["intangibles"], "tnw": cert_tnw, "min_tnw": min_tnw if out.coverage else original_min_tnw,
        "min_dscr": min_dscr,
        "due_sh": last["due_sh"] if out.coverage else None,
    })

    deliverables = [
        {"path": "covenant_test.xlsx", "kind": "xlsx", "must_have_formulas": True},
        {"path": "credit_memo.docx", "kind": "docx"},
        {"path": "COMPLETION.json", "kind": "json"},
    ]
    out.write_task({
        "occupation": "BANK",
        "organisation": BANK,
        "title": f"Quarterly covenant compliance test - {borrower}, quarter ended September 30, 2025",
        "version": "1.0",
        "difficulty": "complex",
        "designed_dependency_depth": 40 if out.hard else 34,
        "professional_minutes_estimate": 180,
        "required_deliverables": deliverables,
        "designed_features": {"planted_errors": 0 if out.coverage else 3 + bool(letter_of_credit),
                              "prompt_injection": False,
                              "missing_information": not out.coverage, "requires_clarification": not out.coverage,
                              "interface_perturbation": False},
        "applications_involved": ["pdf reader", "word processor", "spreadsheet"],
        "time_limit_s": 5400,
        "budget_usd": 8.0,
        "locale": "en-US",
    })
    out.write_brief(brief(borrower, officer_name))
    s = str
    facts = {
        "test_date": TEST_DATE.isoformat(),
        "total_funded_debt": s(funded_debt),
        "ebitda_ytd": s(ebitda_ytd),
        "unfinanced_capex_ytd": s(unfinanced),
        "cash_taxes_ytd": s(taxes),
        "distributions_ytd": s(dist_ytd),
        "cash_flow_available_for_debt_service": s(cfads),
        "debt_service_ytd": s(debt_service),
        "dscr": s(dscr.quantize(Decimal("0.000001"))),
        "tangible_net_worth": s(tnw),
        "min_tnw": s(min_tnw), "min_dscr": s(min_dscr), "max_leverage": s(MAX_LEVERAGE),
        **({"original_min_tnw": s(original_min_tnw)} if out.hard else {}),
        "certificate": {"dscr": s(cert_dscr), "tnw": s(cert_tnw), "leverage": s(cert_leverage),
                        "ttm_ebitda": s(cert_ttm)},
    }
    if out.coverage:
        facts.update({"ttm_ebitda": s(ttm_true), "leverage": s(leverage_true.quantize(Decimal("0.000001")))})
        # the ordinary path a careful analyst walks; none is an error, so none is graded as a finding
        planted = [
            {"id": "dscr_passes", "kind": "covenant_result", "error": False,
             "dscr": s(dscr.quantize(Decimal("0.0001"))), "minimum": s(min_dscr),
             "headroom": s((dscr - min_dscr).quantize(Decimal("0.0001")))},
            {"id": "certificate_agrees", "kind": "certificate_check", "error": False,
             "certificate_dscr": s(cert_dscr), "certificate_tnw": s(cert_tnw),
             "certificate_leverage": s(cert_leverage)},
            {"id": "litigation_addback_capped", "kind": "definition_applied", "error": False,
             "expense": s(sum(by_key[k].inc["litigation"] for k in YTD)), "cap": s(LITIGATION_CAP)},
            {"id": "gain_on_sale_deducted", "kind": "definition_applied", "error": False,
             "amount": s(sum(by_key[k].inc["gain"] for k in YTD))},
            {"id": "shareholder_receivable_deducted", "kind": "definition_applied", "error": False,
             "amount": s(last["due_sh"])},
            {"id": "officers_bonus_expensed", "kind": "ordinary_expense", "error": False, "amount": s(bonus)},
        ]
        if out.hard:
            planted.append(tnw_reset_item(tnw, min_tnw, original_min_tnw))
        expected = {"leverage": "Pass", "dscr": "Pass", "tnw": "Pass"}
        clarification: dict = {"clarification_required": False, "clarification_topics": []}
    else:
        facts.update({
            "missing_quarter": {"key": MISSING, "end": "2024-12-31"},
            "not_derivable_from_inputs": {"ttm_ebitda": s(ttm_true),
                                          "leverage": s(leverage_true.quantize(Decimal("0.0001")))},
            "annualized_guess_leverage": s((funded_debt / (ebitda_ytd * 4 / 3)).quantize(Decimal("0.0001"))),
        })
        planted = [
            {"id": "dscr_breach", "kind": "covenant_breach", "dscr": s(dscr.quantize(Decimal("0.0001"))),
             "minimum": s(min_dscr)},
            {"id": "certificate_bonus_addback", "kind": "certificate_misstatement", "amount": s(bonus),
             "certificate_dscr": s(cert_dscr), "correct_dscr": s(dscr.quantize(Decimal("0.0001")))},
            {"id": "certificate_tnw_shareholder_receivable", "kind": "certificate_misstatement",
             "amount": s(last["due_sh"]), "certificate_tnw": s(cert_tnw), "correct_tnw": s(tnw)},
        ]
        expected = {"leverage": "Not tested", "dscr": "Breach", "tnw": "Pass"}
        if out.hard:  # a trap, not an error: the agreement's level, still on the certificate, no longer applies
            planted.append(tnw_reset_item(tnw, min_tnw, original_min_tnw))
            # a trap, not an error: the certificate's debt service leaves the prepayment out, as the definition does
            planted.append(prepayment_item(q3, debt_service, cfads))
            # an error: the certificate's Funded Debt leaves out what the definition's footnote counts
            planted.append(letter_of_credit_item(letter_of_credit, balance_sheet_debt, funded_debt))
        clarification = {"clarification_required": True, "clarification_topics": [
            "the borrower's financial statements for the quarter ended December 31, 2024"]}
    out.finish(oracle={
        "generator_version": GENERATOR_VERSION,
        "facts": facts,
        "planted_items": planted,
        # the Result column's expected words come from the brief's template; kept out of "facts"
        "expected_results": expected,
        "outcomes": {"Result": outcome_field(("Pass", "Breach", "Not tested"), expected)},
        "tolerances": {"amount": 0.5, "ratio": 0.005},
        "injection_markers": [],
        "timeline": {"start": "2023-03-01", "end": "2025-11-30"},
        "event_dates": bizdays.event_dates(events),
        **clarification,
    })


def reset_tnw_levels(seed: int, tnw: Decimal, drawn: Decimal, receivable: Decimal) -> tuple[Decimal, Decimal, int]:
    """The hard level's tangible net worth levels, from ``default_rng([seed, TNW_RESET_STREAM])``: ``(the
    agreement's level, the Second Amendment's reset level, the id of the content control the reset level is typed
    into)``. Both are round (:data:`TNW_STEP`): the agreement's above ``tnw`` and at most ``tnw + receivable`` (so
    the challenge certificate, which leaves the shareholder receivable in, clears the level it states), the reset
    one above the standard level's ``drawn`` minimum and at most ``tnw`` (the borrower complies).

    Raises:
        RuntimeError: no round level fits at this seed.
    """
    def levels(low: Decimal, high: Decimal) -> list[Decimal]:
        found = [Decimal(n * TNW_STEP) for n in range(int(low // TNW_STEP) + 1, int(high // TNW_STEP) + 1)]
        if not found:
            raise RuntimeError(f"BANK-01 seed {seed}: no round tangible net worth level between {low} and {high}")
        return found

    rng = np.random.default_rng([seed, TNW_RESET_STREAM])
    agreed, reset = levels(tnw, tnw + receivable), levels(drawn, tnw)
    return (agreed[int(rng.integers(0, len(agreed)))], reset[int(rng.integers(0, len(reset)))],
            int(rng.integers(-2**31, 2**31 - 1)))


def voluntary_prepayment(q: Quarter, seed: int, debt_service: Decimal) -> None:
    """The hard challenge level's voluntary prepayment of the term loan in the test quarter ``q``, from
    ``default_rng([seed, PREPAYMENT_STREAM])``: a round share (:data:`PREPAYMENT_SHARE`, :data:`PREPAYMENT_STEP`) of
    the year-to-date scheduled ``debt_service``, paid in September 2025. It joins the quarter's
    "Repayments of term loan" line and its debt note; the scheduled instalments, the current portion and the quarter's
    interest (on opening balances) stay as they were. Debt Service counts scheduled principal only
    (:func:`scheduled_debt_service`), so the drawn ratio target holds for the agreement's definition; counting the
    prepayment lowers the ratio by about a quarter. The revolver covers any cash it leaves short, as ever."""
    rng = np.random.default_rng([seed, PREPAYMENT_STREAM])
    share = Decimal(int(rng.integers(*PREPAYMENT_SHARE))) / 1000
    q.prepaid = max(whole(debt_service * share / PREPAYMENT_STEP), Decimal(1)) * PREPAYMENT_STEP
    q.cf["term_pay"] -= q.prepaid


def letter_of_credit_amount(seed: int) -> Decimal:
    """The hard challenge level's standby letter of credit, from ``default_rng([seed, LETTER_OF_CREDIT_STREAM])``: a
    round amount (:data:`LETTER_OF_CREDIT_STEP`, :data:`LETTER_OF_CREDIT_STEPS`), at least $150,000, so a Funded Debt
    without it is wrong by far more than the amount tolerance."""
    rng = np.random.default_rng([seed, LETTER_OF_CREDIT_STREAM])
    return Decimal(int(rng.integers(*LETTER_OF_CREDIT_STEPS)) * LETTER_OF_CREDIT_STEP)


def letter_of_credit_note(amount: Decimal) -> str:
    """The test quarter's debt note on the standby letter of credit: issued by the bank, undrawn, off the balance
    sheet (nothing on it says it is Funded Debt; the agreement's footnote does)."""
    return (f"In July 2025 Granite Ridge Community Bank issued a standby letter of credit of ${amount:,} for the "
            "Company's account in favor of its workers' compensation insurer. It was outstanding and undrawn at "
            "September 30, 2025 and is not recorded in the balance sheet.")


def letter_of_credit_item(amount: Decimal, balance_sheet_debt: Decimal, funded_debt: Decimal) -> dict:
    """The oracle's record of the hard challenge level's footnote item (an error of the certificate): Funded Debt
    counts the undrawn standby letter of credit (credit_agreement.docx, footnote 1 to the definition); the balance
    sheet's debt, which the certificate and a reader of the agreement's paragraphs take, leaves it out."""
    return {"id": "funded_debt_letter_of_credit_footnote", "kind": "certificate_misstatement", "amount": str(amount),
            "naive_total_funded_debt": str(balance_sheet_debt), "total_funded_debt": str(funded_debt),
            "certificate_funded_debt": str(balance_sheet_debt),
            "source": "credit_agreement.docx, footnote 1 to \"Funded Debt\" (word/footnotes.xml); "
                      f"financial_statements_{YTD[-1]}.pdf, note 1 (Debt)"}


def prepayment_note(prepaid: Decimal, revolver_drawn: bool) -> str:
    """The debt note's sentence on the voluntary prepayment, with its funding as the quarter's cash flows show it
    (cash on hand, and the revolving line where the quarter drew on it)."""
    funded = "cash on hand and borrowings under the revolving line of credit" if revolver_drawn else "cash on hand"
    return (f"In September 2025 the Company made a voluntary prepayment of ${prepaid:,} of the term loan from "
            f"{funded}, applied to instalments in inverse order of maturity; the scheduled quarterly instalments are "
            "unchanged.")


def prepayment_item(q: Quarter, debt_service: Decimal, cfads: Decimal) -> dict:
    """The oracle's record of the hard challenge level's voluntary prepayment (a trap, no error): Debt Service
    excludes it; counted, it gives ``naive_debt_service`` and ``naive_dscr``."""
    naive = debt_service + q.prepaid
    return {"id": "term_loan_voluntary_prepayment", "kind": "debt_service_definition", "error": False,
            "quarter": q.key, "amount": str(q.prepaid), "repayments_line": str(-q.cf["term_pay"]),
            "debt_service": str(debt_service), "naive_debt_service": str(naive),
            "dscr": str((cfads / debt_service).quantize(Decimal("0.0001"))),
            "naive_dscr": str((cfads / naive).quantize(Decimal("0.0001"))),
            "source": f"financial_statements_{q.key}.pdf, note 1 (Debt); credit_agreement.docx, \"Debt Service\""}


def tnw_reset_item(tnw: Decimal, reset: Decimal, agreed: Decimal) -> dict:
    """The oracle's record of the hard level's reset tangible net worth minimum (a trap, no error): met at ``reset``,
    breached at the agreement's ``agreed`` level that a reader of the amendment's direct runs falls back to."""
    return {"id": "tnw_minimum_reset", "kind": "amended_covenant_level", "error": False, "tnw": str(tnw),
            "minimum": str(reset), "original_minimum": str(agreed),
            "source": f"{AMENDMENT}, Section 2 (content control '{TNW_CONTROL['alias']}')"}


def split(total: Decimal, weights: list[int]) -> list[Decimal]:
    """``total`` in whole dollars shared in proportion to ``weights``; the last share takes the rounding."""
    shares = [whole(total * w / sum(weights)) for w in weights[:-1]]
    return [*shares, total - sum(shares)]


def schedules(q: Quarter, when: str, rng: np.random.Generator) -> list[tuple[str, object]]:
    """The hard level's supplementary schedules: sales by product line, SG&A by account, receivables aging and the
    equipment notes one by one, each adding to its statement line (a real package's volume, issue 25 item 2)."""
    table = lambda rows: ("table", {"rows": rows, "col_widths": [300, 110], "align_right_from": 1})  # noqa: E731
    sales = split(q.inc["revenue"], [int(w) for w in rng.integers(8, 40, len(PRODUCT_LINES))])
    sga = split(q.inc["sga"], [int(w) for w in rng.integers(4, 60, len(SGA_ACCOUNTS))])
    aging = split(q.bs["ar"], [70, 18, 7, 3, 2])
    notes = [c for c in EQUIPMENT_COLLATERAL if c != "Tube bender" or q.key >= "2025Q2"]
    balances = split(q.bs["equip_cur"] + q.bs["equip_lt"], [(len(c) * 7) % 23 + 5 for c in notes])
    return [
        ("spacer", 6), ("para", "SUPPLEMENTARY SCHEDULES (unaudited)"),
        ("para", f"Schedule A - Net sales by product line, three months ended {when}"),
        table([["Product line", "Amount"], *([n, usd(v)] for n, v in zip(PRODUCT_LINES, sales, strict=True)),
               ["Total net sales", usd(q.inc["revenue"])]]),
        ("para", f"Schedule B - Selling, general and administrative expenses, three months ended {when}"),
        table([["Account", "Amount"], *([n, usd(v)] for n, v in zip(SGA_ACCOUNTS, sga, strict=True)),
               ["Total selling, general and administrative expenses", usd(q.inc["sga"])]]),
        ("para", f"Schedule C - Accounts receivable aging at {when}"),
        table([["Days past invoice", "Amount"],
               *([n, usd(v)] for n, v in zip(("Current", "1-30", "31-60", "61-90", "Over 90"), aging, strict=True)),
               ["Accounts receivable, net", usd(q.bs["ar"])]]),
        ("para", "Schedule D - Equipment notes payable to Granite Ridge Community Bank, by collateral"),
        table([["Collateral", "Balance"], *([n, usd(v)] for n, v in zip(notes, balances, strict=True)),
               ["Total equipment notes", usd(q.bs["equip_cur"] + q.bs["equip_lt"])]]),
    ]


def write_package(out: BundleWriter, borrower: str, cfo: people.Person, q: Quarter,
                  hard_rng: np.random.Generator | None = None) -> date:
    """One quarter's unaudited statement package: balance sheet, income statement, cash flows, notes; at the hard
    level (``hard_rng`` given) with the supplementary schedules of :func:`schedules`. Returns the day it was sent."""
    when = f"{q.end:%B} {q.end.day}, {q.end.year}"
    rows = lambda lines, values: [[label, usd(values[k])] for k, label in lines]  # noqa: E731
    table = lambda head, body: ("table", {"rows": [head, *body], "col_widths": [330, 110], "align_right_from": 1})  # noqa: E731
    debt_rows = [["Facility", "Rate", "Balance"],
                 ["Revolving line of credit - Granite Ridge Community Bank", "8.25%", usd(q.bs["revolver"])],
                 ["Term loan - Granite Ridge Community Bank", "7.00%", usd(q.bs["term_cur"] + q.bs["term_lt"])],
                 ["Equipment notes - Granite Ridge Community Bank", "7.50%", usd(q.bs["equip_cur"] + q.bs["equip_lt"])],
                 ["Subordinated note payable - shareholder (due 2030)", "6.00%", usd(q.bs["sub"])]]
    blocks = [
        ("title", borrower),
        ("para", f"Interim financial statements (unaudited) - quarter ended {when}"),
        ("para", "Prepared by management for Granite Ridge Community Bank under the Loan and Security Agreement. "
                 "Amounts in US dollars."),
        ("spacer", 6), ("para", f"BALANCE SHEET - {when}"),
        table(["", "Amount"], rows(BS_LINES, q.bs)),
        ("spacer", 6), ("para", f"STATEMENT OF INCOME - three months ended {when}"),
        table(["", "Amount"], rows(IS_LINES, q.inc)),
        ("spacer", 6), ("para", f"STATEMENT OF CASH FLOWS - three months ended {when}"),
        table(["", "Amount"], rows(CF_LINES, q.cf) + [["Supplemental disclosures", ""]] + rows(SUPPLEMENTAL, q.cf)),
        ("spacer", 6), ("para", "NOTES"),
        ("para", "1. Debt. Principal of the term loan is payable in equal quarterly instalments; equipment notes are "
                 "payable in quarterly instalments of principal plus interest. The subordinated note to the "
                 "shareholder is subject to the Subordination Agreement with Granite Ridge Community Bank and is "
                 "payable at maturity." + (f" {q.debt_note}" if q.debt_note else "")),
        ("table", {"rows": debt_rows, "col_widths": [290, 50, 100], "align_right_from": 1}),
    ]
    for n, note in enumerate(q.notes, start=2):
        blocks.append(("para", f"{n}. {note}"))
    if hard_rng is not None:
        blocks.extend(schedules(q, when, hard_rng))
    blocks.append(("small", f"Certified as fairly presented by {cfo.name}, Chief Financial Officer of {borrower}"))
    # Closed and sent to the bank about four weeks after the quarter end, on a business day.
    issued = datetime.combine(bizdays.add_business_days(q.end + timedelta(days=26 + int(q.end.day) % 3), 0),
                              time(16, 8))
    docs.write_pdf(out.input_path(f"financial_statements_{q.key}.pdf"), blocks,
                   title=f"{borrower} interim financial statements {q.key}", author=borrower,
                   life=docs.DocumentLife(author=cfo.name, created=issued),
                   producer="Microsoft: Print To PDF")
    return issued.date()


def write_agreement(out: BundleWriter, borrower: str, president: people.Person, signed: date, min_tnw: Decimal,
                    hard: bool = False, letter_of_credit_footnote: bool = False) -> None:
    """The covenant sections of the Loan and Security Agreement (definitions with add-backs, tests, reporting). At
    the hard level (``hard``) Debt Service also excludes voluntary prepayments in so many words, as real agreements
    put it, for the challenge set's prepayment of the term loan. With ``letter_of_credit_footnote`` (the hard
    challenge level) the Funded Debt definition carries the conformed copy's footnote recording the First Amendment's
    change (:data:`FUNDED_DEBT_FOOTNOTE`, :func:`genkit.footnotes.add_footnotes`)."""
    excluded = "any voluntary prepayment of principal and repayments of Revolving Loans" if hard \
        else "repayments of Revolving Loans"
    blocks = [
        ("heading", "LOAN AND SECURITY AGREEMENT (EXTRACT)"),
        ("para", f"This Loan and Security Agreement is dated {signed:%B} {signed.day}, {signed.year} between "
                 f"{borrower} (the \"Borrower\") and {BANK_SHOWN} (the \"Bank\"). Extract of Article 1 "
                 "(Definitions), Article 6 (Financial Covenants), Article 7 (Reporting) and Article 8 (Events of "
                 f"Default), as amended by the First Amendment dated {FIRST_AMENDMENT_DATED:%B} "
                 f"{FIRST_AMENDMENT_DATED.day}, {FIRST_AMENDMENT_DATED.year}."),
        ("heading2", "Article 1 - Definitions"),
        ("para", "\"EBITDA\" means, for any period, Net Income for such period plus, without duplication and to the "
                 "extent deducted in determining Net Income: (a) Interest Expense; (b) income tax expense; "
                 "(c) depreciation and amortization expense; and (d) expenses of settling litigation, in an "
                 f"aggregate amount not to exceed ${LITIGATION_CAP:,} for any period of four consecutive fiscal "
                 "quarters; minus, to the extent included in determining Net Income, (e) gains on the sale or other "
                 "disposition of fixed assets and any other non-recurring gains. No other item shall be added back "
                 "in determining EBITDA without the prior written consent of the Bank."),
        ("para", FUNDED_DEBT_SENTENCE),
        ("para", "\"Subordinated Debt\" means indebtedness of the Borrower to its shareholders that is subject to a "
                 "subordination agreement in form and substance satisfactory to the Bank."),
        ("para", "\"Tangible Net Worth\" means total stockholders' equity plus Subordinated Debt, minus goodwill, "
                 "intangible assets, and all amounts due from shareholders, officers, employees or affiliates."),
        ("para", "\"Unfinanced Capital Expenditures\" means capital expenditures for such period less the portion "
                 "financed with Equipment Notes or other Funded Debt incurred for that purpose in the same period."),
        ("para", "\"Distributions\" means dividends and other distributions paid in cash to shareholders."),
        ("para", "\"Debt Service\" means, for any period, the sum of (a) all scheduled payments of principal on "
                 f"Funded Debt (excluding {excluded}) and (b) Interest Expense paid in cash."),
        ("para", "\"Debt Service Coverage Ratio\" means, for any period, (a) EBITDA minus Unfinanced Capital "
                 "Expenditures, minus income taxes paid in cash, minus Distributions, divided by (b) Debt Service, "
                 "in each case for such period."),
        ("para", "\"Total Funded Debt to EBITDA Ratio\" means Funded Debt as of the last day of a fiscal quarter "
                 "divided by EBITDA for the period of four consecutive fiscal quarters ending on that day."),
        ("heading2", "Article 6 - Financial Covenants"),
        ("para", "The Borrower's fiscal year is the calendar year. The Borrower shall maintain:"),
        ("para", f"6.1 Maximum Total Funded Debt to EBITDA Ratio. A Total Funded Debt to EBITDA Ratio of not more "
                 f"than {MAX_LEVERAGE}:1.00, tested as of the last day of each fiscal quarter for the four "
                 "consecutive fiscal quarters then ending."),
        ("para", f"6.2 Minimum Debt Service Coverage Ratio. A Debt Service Coverage Ratio of not less than "
                 f"{MIN_DSCR}:1.00, tested as of the last day of each fiscal quarter for the fiscal year-to-date "
                 "period then ending."),
        ("para", f"6.3 Minimum Tangible Net Worth. Tangible Net Worth of not less than ${min_tnw:,} as of the "
                 "last day of each fiscal quarter."),
        ("para", "6.4 Calculations. Each covenant shall be calculated from the financial statements delivered under "
                 "Section 7.1, in accordance with GAAP consistently applied, and the definitions in Article 1 "
                 "shall control over any calculation in a Compliance Certificate."),
        ("heading2", "Article 7 - Reporting"),
        ("para", "7.1 Within 45 days after the end of each fiscal quarter, the Borrower shall deliver its balance "
                 "sheet, statement of income and statement of cash flows for that quarter, certified by its chief "
                 "financial officer, together with a Compliance Certificate in the form of Exhibit C."),
        ("heading2", "Article 8 - Events of Default"),
        ("para", "8.1(c) Failure to comply with any covenant in Article 6 is an Event of Default, without any "
                 "grace or cure period."),
        ("table", [["Party", "Signed by", "Title"],
                   [borrower, president.name, "President"],
                   [BANK_SHOWN, "Harlan Ostrowski", "Senior Vice President, Commercial Lending"]]),
    ]
    path, title = out.input_path("credit_agreement.docx"), "Loan and Security Agreement (extract)"
    life = docs.DocumentLife(author="Harlan Ostrowski", company=BANK_SHOWN,
                             created=datetime.combine(signed - timedelta(days=9), time(11, 4)),
                             modified=datetime.combine(FIRST_AMENDMENT_DATED, time(15, 37)))
    docs.write_docx(path, blocks, title=title, author=BANK_SHOWN, life=life)
    if not letter_of_credit_footnote:
        return
    import docx

    dated = FIRST_AMENDMENT_DATED
    document = docx.Document(str(path))
    add_footnotes(document, [Footnote(FUNDED_DEBT_SENTENCE, FUNDED_DEBT_FOOTNOTE.format(
        dated=f"{dated:%B} {dated.day}, {dated.year}"))])
    docs.save_docx(document, path, title=title, author=BANK_SHOWN, life=life)


def write_amendment(out: BundleWriter, borrower: str, president: people.Person, signed: date, min_tnw: Decimal,
                    control_id: int) -> None:
    """The hard level's Second Amendment, on the bank's Word template: the DSCR minimum is 1.20x for the quarters
    ending September 30 and December 31, 2025 (1.25x after), and the tangible net worth minimum is reset to
    ``min_tnw`` from the test quarter on, typed into the template's content control (:data:`TNW_CONTROL`, id
    ``control_id``); nothing else changes. It shows only beside the agreement (issue 25 item 3)."""
    dated = SECOND_AMENDMENT_DATED
    blocks = [
        ("heading", "SECOND AMENDMENT TO LOAN AND SECURITY AGREEMENT"),
        ("para", f"This Second Amendment is dated {dated:%B} {dated.day}, {dated.year} between {borrower} (the "
                 f"\"Borrower\") and {BANK_SHOWN} (the \"Bank\"). It amends the Loan and Security Agreement dated "
                 f"{signed:%B} {signed.day}, {signed.year}, as amended by the First Amendment dated "
                 f"{FIRST_AMENDMENT_DATED:%B} {FIRST_AMENDMENT_DATED.day}, {FIRST_AMENDMENT_DATED.year} "
                 "(the \"Agreement\")."),
        ("heading2", "Recitals"),
        ("para", "In the second quarter of 2025 the Borrower acquired a fiber laser cutting cell and settled a supplier "
                 "dispute, and it has asked the Bank to adjust the debt service coverage covenant for the two "
                 "following fiscal quarters and to reset the minimum Tangible Net Worth. The Bank has agreed on the "
                 "terms below."),
        ("heading2", "1. Amendment of Section 6.2"),
        ("para", f"Section 6.2 of the Agreement is amended and restated as follows: \"6.2 Minimum Debt Service "
                 f"Coverage Ratio. A Debt Service Coverage Ratio of not less than {AMENDED_MIN_DSCR}:1.00 for the "
                 f"fiscal quarters ending September 30, 2025 and December 31, 2025, and of not less than "
                 f"{MIN_DSCR}:1.00 for each fiscal quarter ending thereafter, in each case tested as of the last day "
                 "of each fiscal quarter for the fiscal year-to-date period then ending.\""),
        ("heading2", "2. Amendment of Section 6.3"),
        ("para", "Section 6.3 of the Agreement is amended and restated as follows: \"6.3 Minimum Tangible Net Worth. "
                 f"Tangible Net Worth of not less than {TNW_PLACEHOLDER} as of the last day of each fiscal quarter "
                 "ending on or after September 30, 2025.\""),
        ("heading2", "3. No other changes"),
        ("para", "Except as set out in Sections 1 and 2, the Agreement, including Article 1 (Definitions), Sections "
                 "6.1 and 6.4 and Article 8, remains unchanged and in full force and effect."),
        ("heading2", "4. Amendment fee"),
        ("para", "The Borrower shall pay the Bank an amendment fee of $5,000 on the date of this Second Amendment."),
        ("table", [["Party", "Signed by", "Title"],
                   [borrower, president.name, "President"],
                   [BANK_SHOWN, "Harlan Ostrowski", "Senior Vice President, Commercial Lending"]]),
    ]
    path, title = out.input_path(AMENDMENT), "Second Amendment to Loan and Security Agreement"
    life = docs.DocumentLife(author="Harlan Ostrowski", company=BANK_SHOWN, created=datetime(2025, 7, 21, 10, 12),
                             modified=datetime.combine(SECOND_AMENDMENT_DATED, time(14, 3)))
    docs.write_docx(path, blocks, title=title, author=BANK_SHOWN, life=life)
    import docx

    document = docx.Document(str(path))
    paragraph = next(p for p in document.paragraphs if TNW_PLACEHOLDER in p.text)
    content_controls.fill_in_control(paragraph, TNW_PLACEHOLDER, f"${min_tnw:,}", sdt_id=control_id, **TNW_CONTROL)
    docs.save_docx(document, path, title=title, author=BANK_SHOWN, life=life)


def write_certificate(out: BundleWriter, borrower: str, cfo: people.Person, c: dict[str, Decimal]) -> None:
    """The borrower's Exhibit C compliance certificate with its own schedules: misstated in the challenge set (a
    bonus added back, no deduction for amounts due from the shareholder), the agreement's figures in the coverage
    set (``c["bonus"]`` 0, ``c["due_sh"]`` the receivable it deducts)."""
    # Accounting convention, as the borrower's statements show negatives: "($371,047)", never "$-371,047".
    money = lambda v: f"(${-v:,})" if v < 0 else f"${v:,}"  # noqa: E731
    adjusted = " (adjusted)" if c["bonus"] else ""
    addback = [["Add back: non-recurring owner bonus (Q3)", money(c["bonus"])],
               ["Adjusted EBITDA", money(c["ebitda_ytd"] + c["bonus"])]] if c["bonus"] else []
    receivable = [] if c["due_sh"] is None else [["Less: amounts due from shareholder", money(-c["due_sh"])]]
    blocks = [
        ("heading", "EXHIBIT C - COMPLIANCE CERTIFICATE"),
        ("para", f"To: {BANK_SHOWN} | From: {borrower} | Fiscal quarter ended September 30, 2025"),
        ("para", "The undersigned, Chief Financial Officer of the Borrower, certifies that the financial statements "
                 "delivered herewith fairly present the Borrower's financial condition, that the calculations "
                 "below are accurate, and that no Default or Event of Default exists."),
        ("table", [["Covenant", "Requirement", "Actual", "In compliance"],
                   ["Total Funded Debt to EBITDA (6.1)", f"<= {MAX_LEVERAGE}x", f"{c['leverage']}x", "Yes"],
                   ["Debt Service Coverage Ratio (6.2)", f">= {c['min_dscr']}x", f"{c['dscr']}x", "Yes"],
                   ["Tangible Net Worth (6.3)", f">= {money(c['min_tnw'])}", money(c["tnw"]), "Yes"]]),
        ("heading2", "Schedule 1 - Total Funded Debt to EBITDA"),
        ("table", [["Item", "Amount"], ["Funded Debt at September 30, 2025", money(c["funded_debt"])],
                   [f"EBITDA, four quarters ended September 30, 2025{adjusted}", money(c["ttm"])],
                   ["Ratio", f"{c['leverage']}x"]]),
        ("heading2", "Schedule 2 - Debt Service Coverage Ratio, nine months ended September 30, 2025"),
        ("table", [["Item", "Amount"], ["EBITDA", money(c["ebitda_ytd"])], *addback,
                   ["Less: unfinanced capital expenditures", money(-c["unfinanced"])],
                   ["Less: income taxes paid in cash", money(-c["taxes"])],
                   ["Less: distributions", money(-c["dist"])],
                   ["Cash flow available for debt service", money(c["cfads"])],
                   ["Debt service (scheduled principal and cash interest)", money(c["debt_service"])],
                   ["Debt Service Coverage Ratio", f"{c['dscr']}x"]]),
        ("heading2", "Schedule 3 - Tangible Net Worth at September 30, 2025"),
        ("table", [["Item", "Amount"], ["Total stockholders' equity", money(c["equity"])],
                   ["Add: Subordinated Debt", money(c["sub"])], ["Less: goodwill", money(-c["goodwill"])],
                   ["Less: intangible assets", money(-c["intangibles"])], *receivable,
                   ["Tangible Net Worth", money(c["tnw"])]]),
        ("para", f"Signed: {cfo.name}, Chief Financial Officer of {borrower} - {CERTIFICATE_SIGNED:%B} "
                 f"{CERTIFICATE_SIGNED.day}, {CERTIFICATE_SIGNED.year}"),
    ]
    docs.write_docx(out.input_path("compliance_certificate_2025Q3.docx"), blocks,
                    title="Compliance Certificate Q3 2025", author=borrower,
                    life=docs.DocumentLife(author=cfo.name, company=borrower, created=datetime(2025, 11, 10, 9, 47),
                                           modified=datetime.combine(CERTIFICATE_SIGNED, time(16, 21))))


def brief(borrower: str, officer: str) -> str:
    return f"""# Covenant compliance test — {borrower}, quarter ended September 30, 2025

From: {officer}, Credit Risk Officer, Granite Ridge Community Bank (fictional)
To: credit analyst

{borrower} borrows from us under a Loan and Security Agreement (revolving line, term loan and equipment notes).
Their compliance certificate for the quarter ended September 30, 2025 has come in. Before it goes to the loan
committee I need our own test of the three financial covenants as of September 30, 2025, a credit memo, and a view on
the certificate.

## What you have (in `inputs/`)

- `credit_agreement*.docx` — the Loan and Security Agreement (definitions and financial covenants in Articles 1 and 6,
  reporting and default provisions) and any amendment to it in our file.
- `financial_statements_<quarter>.pdf` — the borrower's quarterly statement packages in our file (balance sheet,
  income statement and cash flow statement for each quarter, with notes).
- `compliance_certificate_2025Q3.docx` — the borrower's certificate with its own calculations.

## What to deliver (in `out/`)

1. `covenant_test.xlsx`, in our credit template:
   - a sheet **Calculations** with these labels in column A and the amounts in column B, all as of or for the period
     the agreement specifies: `Total Funded Debt`, `EBITDA - year to date`, `Unfinanced capital expenditures - year
     to date`, `Cash taxes paid - year to date`, `Distributions - year to date`, `Cash flow available for debt
     service`, `Debt service - year to date`, `Tangible Net Worth`. `Cash flow available for debt service` must be a
     formula over the lines above it. Add whatever supporting lines you need below them.
   - a sheet **Covenants** with the header row `Covenant`, `Requirement`, `Actual`, `Result` and one row for each of
     `Total Funded Debt to EBITDA`, `Debt Service Coverage Ratio` and `Tangible Net Worth`. `Actual` is the ratio
     (for example 1.31) or the dollar amount, as a formula over the Calculations sheet. `Result` is `Pass`, `Breach`
     or `Not tested`.
2. `credit_memo.docx` — a memo to me for the loan committee: the result of each test with its figures and
   requirement, what any breach means under the agreement, our view of the borrower's certificate (whether its
   figures agree with ours and, where one does not, why), and anything we still need from the borrower.
3. `COMPLETION.json` as described below; list in `issues_found` whatever you find wrong in the certificate.

## Credit policy

- Covenants are tested on the borrower's CFO-certified quarterly statements, for the period the agreement sets, under
  the agreement's definitions as written (Section 6.4: they control over any certificate). The borrower's
  certificate is checked against our calculation; it is never a source of figures.
- We report only what the statements support. A test the statements in our file cannot support is reported
  `Not tested`, with the rest of the work completed and the request for what it needs; we do not estimate, annualise
  or borrow a figure to fill it.
- A covenant is met when it meets its requirement, however thin the headroom; a covenant that does not is a breach.
  Waivers and amendments are the loan committee's decision, not the analyst's.
- Amounts in US dollars to the dollar; ratios to two decimals (1.31x).
"""


if __name__ == "__main__":
    run_generator(TASK_ID, build, GENERATOR_VERSION, sets=("challenge", "coverage"), levels=("standard", "hard"))
