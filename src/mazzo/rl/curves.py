"""Learning curves of a self-play run: JSON, CSV and a small hand-made SVG figure.

A curve is a list of evaluation points; each holds the training steps and seconds at which the
policy was measured and, per opponent, its win rate with the 95 % Wilson interval. The figure
draws one line per opponent (the interval as a light band), the fair share (one win in
``players`` matches) as a dashed line, labelled axes and a legend; it needs no plotting library.
"""

from __future__ import annotations

import csv
import json
from html import escape
from pathlib import Path
from typing import Any, Final

#: a line's colour per opponent (others take the spare ones in turn); picked to read apart
#: for the common colour-vision deficiencies, and each line also has its own marker
COLOURS: Final = {"random": "#0072b2", "facile": "#e69f00", "medio": "#009e73"}
SPARE_COLOURS: Final = ("#cc79a7", "#d55e00", "#56b4e9", "#000000")
#: markers per line, in the same order as the colours
MARKERS: Final = ("circle", "square", "diamond", "triangle")
#: the figure's size and the plot area's margins, in SVG units
WIDTH: Final = 640
HEIGHT: Final = 400
LEFT, RIGHT, TOP, BOTTOM = 70, 150, 50, 60


def write_csv(path: Path, points: list[dict[str, Any]]) -> None:
    """One row per point and opponent: steps, seconds, opponent, rate, low, high, matches and
    the matches stopped for their length (counted as lost)."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["steps", "seconds", "opponent", "win_rate", "low", "high", "matches",
                         "unfinished"])
        for point in points:
            for name, figure in point["opponents"].items():
                writer.writerow([point["steps"], f"{point['seconds']:.1f}", name,
                                 f"{figure['rate']:.4f}", f"{figure['low']:.4f}",
                                 f"{figure['high']:.4f}", figure["matches"],
                                 figure.get("unfinished", 0)])


def figure(curve: dict[str, Any]) -> str:
    """The SVG of a run's ``curve.json`` (what :mod:`mazzo.rl.selfplay` writes beside it)."""
    game, config = curve["game"], curve["config"]
    setting = ", ".join(f"{k}={v}" for k, v in config.items() if k != "suit_order")
    # a warm-started run's first point is the policy it started from (a clone, say)
    warm = " from a warm start" if curve.get("init") else ""
    title = f"{game}: MaskablePPO self-play{warm}"
    start = " (step 0: the policy it started from)" if warm else ""
    description = (f"Win rate of the self-play policy on {game} ({setting}) against each bot, "
                   f"by training steps{start}, over fixed duplicate deals with 95 % Wilson "
                   "intervals. The dashed line is the fair share.")
    return svg(title, description, curve["points"], int(config["players"]))


def write_json(path: Path, curve: dict[str, Any]) -> None:
    path.write_text(json.dumps(curve, indent=1) + "\n", encoding="utf-8")


def _nice_step(largest: float) -> int:
    """A round tick spacing giving 4 to 10 ticks up to ``largest``."""
    step = 1
    while largest / step > 10:
        for factor in (2, 5, 10):
            if largest / (step * factor) <= 10:
                return step * factor
        step *= 10
    return step


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{colour}"/>'
    if shape == "diamond":
        return (f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y:.1f} {x:.1f},'
                f'{y + 4.5:.1f} {x - 4.5:.1f},{y:.1f}" fill="{colour}"/>')
    return (f'<polygon points="{x:.1f},{y - 4.5:.1f} {x + 4.5:.1f},{y + 3.5:.1f} '
            f'{x - 4.5:.1f},{y + 3.5:.1f}" fill="{colour}"/>')


def svg(title: str, description: str, points: list[dict[str, Any]], players: int) -> str:
    """The learning curve as an SVG document (see the module's docstring)."""
    names = list(dict.fromkeys(n for p in points for n in p["opponents"]))
    largest = max([1, *(p["steps"] for p in points)])
    tick = _nice_step(largest)
    span = -(-largest // tick) * tick  # the axis ends on a tick
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(steps: float) -> float:
        return float(LEFT + plot_w * steps / span)

    def y_of(rate: float) -> float:
        return float(TOP + plot_h * (1 - rate))

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="t d" '
           'font-family="sans-serif" font-size="13">',
           f'<title id="t">{escape(title)}</title>', f'<desc id="d">{escape(description)}</desc>',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
           f'<text x="{WIDTH / 2:.0f}" y="24" text-anchor="middle" font-size="15" '
           f'font-weight="bold">{escape(title)}</text>']
    for percent in range(0, 101, 20):
        y = y_of(percent / 100)
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" '
                   'stroke="#dddddd"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{percent} %</text>')
    steps = 0
    while steps <= span:
        x = x_of(steps)
        out.append(f'<line x1="{x:.1f}" y1="{TOP + plot_h}" x2="{x:.1f}" y2="{TOP + plot_h + 5}" '
                   'stroke="#333333"/>')
        label = f"{steps // 1000}k" if steps >= 1000 and steps % 1000 == 0 else f"{steps}"
        out.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 20}" text-anchor="middle">{label}'
                   '</text>')
        steps += tick
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
               'stroke="#333333"/>')
    fair = y_of(1 / players)
    out.append(f'<line x1="{LEFT}" y1="{fair:.1f}" x2="{LEFT + plot_w}" y2="{fair:.1f}" '
               'stroke="#555555" stroke-dasharray="6 4"/>')
    out.append(f'<text x="{WIDTH / 2:.0f}" y="{HEIGHT - 14}" text-anchor="middle">'
               'training steps (the learning seat\'s decisions)</text>')
    out.append(f'<text transform="translate(18 {TOP + plot_h / 2:.0f}) rotate(-90)" '
               'text-anchor="middle">win rate (95 % interval shaded)</text>')
    for i, name in enumerate(names):
        out += _line(i, name, points, x_of, y_of)
    legend_y = TOP + 10 + 22 * len(names)
    out.append(f'<line x1="{LEFT + plot_w + 14}" y1="{legend_y:.0f}" x2="{LEFT + plot_w + 34}" '
               f'y2="{legend_y:.0f}" stroke="#555555" stroke-dasharray="6 4"/>')
    share = "50 %" if players == 2 else f"1 in {players}"
    out.append(f'<text x="{LEFT + plot_w + 40}" y="{legend_y + 4:.0f}">fair share ({share})'
               '</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _line(i: int, name: str, points: list[dict[str, Any]], x_of: Any, y_of: Any) -> list[str]:
    """One opponent's band, line, markers and legend entry."""
    colour = COLOURS.get(name) or SPARE_COLOURS[i % len(SPARE_COLOURS)]
    shape = MARKERS[i % len(MARKERS)]
    mine = [(p["steps"], p["opponents"][name]) for p in points if name in p["opponents"]]
    upper = [f"{x_of(s):.1f},{y_of(f['high']):.1f}" for s, f in mine]
    lower = [f"{x_of(s):.1f},{y_of(f['low']):.1f}" for s, f in reversed(mine)]
    line = [f"{x_of(s):.1f},{y_of(f['rate']):.1f}" for s, f in mine]
    out = [f'<g aria-label="{escape(name)}">',
           f'<polygon points="{" ".join(upper + lower)}" fill="{colour}" fill-opacity="0.15"/>',
           f'<polyline points="{" ".join(line)}" fill="none" stroke="{colour}" '
           'stroke-width="2"/>']
    out += [_marker(shape, x_of(s), y_of(f["rate"]), colour) for s, f in mine]
    legend_x, legend_y = WIDTH - RIGHT + 14, TOP + 10 + 22 * i
    out.append(f'<line x1="{legend_x}" y1="{legend_y}" x2="{legend_x + 20}" y2="{legend_y}" '
               f'stroke="{colour}" stroke-width="2"/>')
    out.append(_marker(shape, legend_x + 10, legend_y, colour))
    out.append(f'<text x="{legend_x + 26}" y="{legend_y + 4}">v {escape(name)}</text>')
    out.append("</g>")
    return out
