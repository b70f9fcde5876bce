"""The report's plots (issue 20): readable with one worker or thirty.

Every plot is drawn from the report's plain dicts (:func:`wp42.report.build_report`) with matplotlib's Agg backend
and changes no figure. The rules that keep them readable as workers and scenarios grow:

* no legend inside an axes area: where a plot needs one it stands to the right, outside the axes
  (``bbox_to_anchor``); the score plots put workers on an axis instead of in a legend;
* figure sizes grow with the number of rows (worker x arm groups) and columns (scenarios or violation kinds);
* colour-blind-safe colours: the ``cividis`` colour map for heat maps (perceptually uniform, readable with
  deuteranopia and protanopia) and the Okabe-Ito palette with distinct markers for points.

:func:`figures` returns the matplotlib figures (tests measure their legends); :func:`plots` the same as base64 PNGs.
"""

from __future__ import annotations

import base64
import io
from typing import Any

#: Okabe & Ito (2008), "Color Universal Design": eight colours distinguishable with the common colour deficiencies.
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: A perceptually uniform colour map designed for colour-vision deficiency (Nuñez et al., 2018).
HEATMAP_CMAP = "cividis"
#: Titles of the plots in page order; the keys of :func:`plots`.
TITLES = {
    "score_heatmap": "Mean det_score by worker and scenario (completion rate below)",
    "score_by_scenario": "det_score by scenario, one panel each (95% CI)",
    "score_by_depth": "Score against designed dependency depth",
    "violations": "Critical violations: share of scored attempts by worker and kind",
}


def group_label(group: dict[str, Any]) -> str:
    """``"<worker> · <arm>"``: how a worker x arm group is named on every axis."""
    return f"{group['worker']} · {group['arm']}"


def _style(index: int) -> dict[str, Any]:
    return {"color": OKABE_ITO[index % len(OKABE_ITO)], "marker": MARKERS[(index // len(OKABE_ITO)) % len(MARKERS)]}


def _empty(axes: Any, message: str) -> None:
    axes.text(0.5, 0.5, message, ha="center", va="center", transform=axes.transAxes)
    axes.set_xticks([])
    axes.set_yticks([])


def _heatmap(figure: Any, axes: Any, values: list[list[float | None]], rows: list[str], columns: list[str],
             annotations: list[list[str]], *, vmax: float = 1.0, label: str) -> None:
    """Draw ``values`` (rows x columns, None = no data, shown blank) with ``annotations`` in each cell."""
    import numpy as np

    grid = np.ma.masked_invalid(np.array([[np.nan if v is None else v for v in row] for row in values], float))
    image = axes.imshow(grid, cmap=HEATMAP_CMAP, vmin=0.0, vmax=vmax, aspect="auto")
    axes.set_xticks(range(len(columns)), columns, rotation=45, ha="right")
    axes.set_yticks(range(len(rows)), rows)
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            if value is None:
                continue
            # cividis runs dark blue -> yellow: dark text on the light upper half, white text below it
            colour = "black" if value / vmax > 0.55 else "white"
            axes.text(j, i, annotations[i][j], ha="center", va="center", fontsize=8, color=colour)
    figure.colorbar(image, ax=axes, label=label, fraction=0.04, pad=0.02)


def score_heatmap(report: dict[str, Any]) -> Any:
    """Worker x arm rows, scenario columns: mean det_score, annotated "0.83" over "6/6" (completed / scored)."""
    from matplotlib.figure import Figure

    groups, task_ids = report["groups"], sorted(report["scenarios"])
    figure = Figure(figsize=(max(6.0, 1.0 * len(task_ids) + 3.5), max(2.5, 0.45 * len(groups) + 1.8)))
    axes = figure.subplots()
    if not groups or not task_ids:
        _empty(axes, "no scored attempt")
        return figure
    values, notes = [], []
    for group in groups:
        row, row_notes = [], []
        for tid in task_ids:
            cell = group["scenarios"].get(tid)
            det = cell["det_score"] if cell else None
            row.append(det["mean"] if det else None)
            rate = cell["det_completion_rate"] if cell else None
            if det is None:
                row_notes.append("")
            elif rate is None:
                row_notes.append(f"{det['mean']:.2f}")
            else:
                row_notes.append(f"{det['mean']:.2f}\n{_completed(cell)}/{cell['scored']}")
        values.append(row)
        notes.append(row_notes)
    _heatmap(figure, axes, values, [group_label(g) for g in groups], task_ids, notes, label="mean det_score")
    axes.set_title(TITLES["score_heatmap"])
    return figure


def _completed(cell: dict[str, Any]) -> int:
    return round((cell["det_completion_rate"] or 0.0) * cell["scored"])


def score_by_scenario(report: dict[str, Any]) -> Any:
    """One panel per scenario: each worker x arm group on the y axis, its mean det_score with the 95% CI as a bar.

    Workers are axis labels, not a legend, so nothing covers the data however many workers there are.
    """
    from matplotlib.figure import Figure

    groups, task_ids = report["groups"], sorted(report["scenarios"])
    columns = min(4, max(1, len(task_ids)))
    rows = max(1, -(-len(task_ids) // columns))
    panel_height = max(1.6, 0.32 * len(groups) + 0.9)
    labels = [group_label(g) for g in groups]
    # Worker labels stand once, left of the first column (the panels share the y axis); the margin is sized from
    # the longest label rather than by constrained layout, which costs seconds with twenty panels.
    label_inches = 0.075 * max((len(label) for label in labels), default=4) + 0.3
    width, height = 3.0 * columns + label_inches + 0.3, panel_height * rows + 0.3
    figure = Figure(figsize=(width, height))
    figure.subplots_adjust(left=label_inches / width, right=1 - 0.2 / width, top=1 - 0.35 / height,
                           bottom=0.55 / height, wspace=0.08, hspace=0.75 / panel_height)
    grid = figure.subplots(rows, columns, squeeze=False, sharey=True)
    for index, axes in enumerate(grid.flat):
        if index >= len(task_ids):
            axes.set_visible(False)
            continue
        tid = task_ids[index]
        for position, group in enumerate(groups):
            det = group["scenarios"].get(tid, {}).get("det_score")
            if not det:
                continue
            style = _style(position)
            axes.errorbar([det["mean"]], [position], xerr=[[det["mean"] - det["ci_low"]], [det["ci_high"] - det["mean"]]],
                          fmt=style["marker"], color=style["color"], capsize=3)
        axes.set_xlim(-0.05, 1.05)
        axes.set_ylim(-0.6, max(0.6, len(groups) - 0.4))
        axes.set_yticks(range(len(groups)), labels)
        axes.tick_params(labelleft=index % columns == 0)
        axes.grid(axis="x", alpha=0.3)
        axes.set_title(tid, fontsize="medium")
        if index >= len(task_ids) - columns:
            axes.set_xlabel("det_score")
    grid.flat[0].invert_yaxis()  # shared: first group on top in every panel
    if not task_ids:
        _empty(grid.flat[0], "no scored attempt")
    return figure


def score_by_depth(report: dict[str, Any]) -> Any:
    """Mean det_score of each scenario against its designed_dependency_depth, one colour and marker per group;
    the legend stands outside the axes, to the right, in as many columns as it needs to stay on the page."""
    from matplotlib.figure import Figure

    groups = report["groups"]
    legend_columns = max(1, -(-len(groups) // 18))
    figure = Figure(figsize=(6.5 + 2.4 * legend_columns, max(4.0, min(12.0, 0.22 * len(groups) / legend_columns + 1))))
    axes = figure.subplots()
    drawn = False
    for index, group in enumerate(groups):
        points = [
            (report["scenarios"][tid]["designed_dependency_depth"], cell["det_score"]["mean"])
            for tid, cell in group["scenarios"].items()
            if cell["det_score"] and report["scenarios"][tid]["designed_dependency_depth"] is not None
        ]
        if points:
            drawn = True
            style = _style(index)
            axes.scatter([p[0] for p in points], [p[1] for p in points], label=group_label(group),
                         color=style["color"], marker=style["marker"])
    if drawn:
        axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0,
                    ncols=legend_columns, frameon=False)
    else:
        axes.text(0.5, 0.5, "no scenario with a known designed_dependency_depth", ha="center",
                  transform=axes.transAxes)
    axes.set_xlabel("designed_dependency_depth")
    axes.set_ylabel("mean det_score")
    axes.set_ylim(-0.05, 1.05)
    axes.set_title(TITLES["score_by_depth"])
    return figure


def violations(report: dict[str, Any]) -> Any:
    """Worker x arm rows, violation-kind columns: the share of scored attempts with that critical violation."""
    from matplotlib.figure import Figure

    groups = report["groups"]
    kinds = sorted({k for g in groups for k, rate in g["overall"]["critical_violation_rate"].items()
                    if k != "any" and rate})
    figure = Figure(figsize=(max(6.0, 1.1 * len(kinds) + 3.5), max(2.5, 0.45 * len(groups) + 1.8)))
    axes = figure.subplots()
    if not kinds:
        _empty(axes, "no critical violation in any scored attempt")
        axes.set_title(TITLES["violations"])
        return figure
    # A group with scored attempts and no violation of a kind has rate 0 (drawn), one with none scored is blank.
    values = [[(g["overall"]["critical_violation_rate"].get(k) or 0.0) if g["overall"]["scored"] else None
               for k in kinds] for g in groups]
    notes = [["" if v is None else f"{v:.2f}" for v in row] for row in values]
    _heatmap(figure, axes, values, [group_label(g) for g in groups], kinds, notes, label="share of attempts")
    axes.set_title(TITLES["violations"])
    return figure


def figures(report: dict[str, Any]) -> dict[str, Any]:
    """The report's plots as matplotlib figures, keyed as :data:`TITLES`. Uses the Agg backend (no display)."""
    import matplotlib

    matplotlib.use("Agg")
    return {"score_heatmap": score_heatmap(report), "score_by_scenario": score_by_scenario(report),
            "score_by_depth": score_by_depth(report), "violations": violations(report)}


def png(figure: Any) -> str:
    """One figure as a base64-encoded PNG (90 dpi, cropped to what is drawn, legends outside the axes included)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plots(report: dict[str, Any]) -> dict[str, str]:
    """The report's plots as base64 PNG strings keyed as :data:`TITLES`. A plot with nothing to draw says so."""
    return {key: png(figure) for key, figure in figures(report).items()}
