"""A toy scenario for framework tests: sum the amounts in inputs/amounts.csv and write out/answer.json."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # benchmark/
from genkit.bundle import BundleWriter, parse_args  # noqa: E402

TASK_ID = Path(__file__).resolve().parent.name
args = parse_args(TASK_ID)
out = BundleWriter(TASK_ID, args)
amounts = [int(x) for x in out.rng.integers(100, 1000, size=5)]
out.input_path("amounts.csv").write_text("amount\n" + "".join(f"{a}\n" for a in amounts), encoding="utf-8")
task = out.write_task({
    "occupation": "accounting", "organisation": "Harrow & Pike CPAs (fictional)", "title": "Toy total of amounts",
    "version": "1.0", "difficulty": "short", "designed_dependency_depth": 5, "professional_minutes_estimate": 5,
    "required_deliverables": [{"path": "answer.json", "kind": "json"}, {"path": "COMPLETION.json", "kind": "json"}],
    "designed_features": {"planted_errors": 0, "prompt_injection": False, "missing_information": False,
                          "requires_clarification": False, "interface_perturbation": False},
    "applications_involved": ["csv"], "time_limit_s": 60, "budget_usd": 1.0,
})
out.write_brief("# Toy\n\nAdd up inputs/amounts.csv and write `out/answer.json` as {\"total\": N}.")
out.finish({"facts": {"total": sum(amounts), "count": len(amounts), "max": max(amounts)},
            "planted_items": [], "tolerances": {"total": 0}, "injection_markers": [],
            "clarification_required": False})
