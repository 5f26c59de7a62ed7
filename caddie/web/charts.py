"""Server-drawn charts: inline SVG, no JavaScript, no chart library.

``running_total_chart`` draws the Ledger's running totals (docs/ledger.md, "The scorecard's numbers")
under the scorecard. It is built for a 390 px phone: a 340-unit-wide viewBox
that the page scales to its width (about 1:1 on a phone, capped at 560 px on
wide screens by ``svg.running-total`` in app.css: the Content-Security-Policy
allows no style attributes), with font sizes of 11-13 units so labels stay legible down to a
320 px screen.

Look and feel (docs/look-and-feel.md, "Frame" and "Look"):

* axes, gridlines and text use ``currentColor``, so the page's light or dark
  theme applies;
* each player's series has its own colour (all eight at least 3:1 against the
  light and dark paper and surface colours), its own marker shape and one of
  four line styles (solid, dashed, dotted, dash-dot), so colour is never the
  only signal;
* negative numbers show a real minus sign (U+2212);
* the SVG is ``role="img"`` with an ``aria-label`` and ``<title>`` that read
  the totals out, and player names (user input) are escaped.

Every path uses absolute ``M``/``L`` commands only, so tests can check that
every coordinate lies inside the viewBox.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from markupsafe import Markup, escape

__all__ = ["rating_chart", "running_total_chart", "span_ticks", "tenths", "SERIES_STYLES"]

# (colour, marker, dash): colour first, then shape, then dash. Every colour is
# at least 3:1 against #ffffff, #f4f1e8 (light) and #0e1712, #17241d (dark).
SERIES_STYLES: tuple[tuple[str, str, str], ...] = (
    ("#2f7fd8", "circle", ""),
    ("#d2690f", "square", "7 4"),
    ("#2a9d50", "triangle", "2 3"),
    ("#c8479e", "diamond", "9 3 2 3"),
    ("#8a63d2", "triangle-down", ""),
    ("#12988f", "cross", "7 4"),
    ("#d94040", "star", "2 3"),
    ("#98800f", "ring", "9 3 2 3"),
)

WIDTH = 340
LEFT = 38  # room for y labels such as "−360" or "1800"
RIGHT = 12
TOP = 12
PLOT_HEIGHT = 150
X_LABEL_GAP = 17  # baseline of the hole numbers below the axis
LEGEND_GAP = 18  # from the hole numbers to the first legend row
ROW = 22  # legend row height
PAD = 8  # outer padding of the legend and the empty state
TICK_FONT = 11
LEGEND_FONT = 13
MARKER = 4.2  # marker "radius"


def signed(value: float) -> str:
    """A whole number as a scorecard shows it: a real minus sign for negatives.

    >>> signed(12), signed(0), signed(-4)
    ('12', '0', '−4')
    """
    return f"\u2212{-int(value)}" if value < 0 else str(int(value))


def tenths(value: float) -> str:
    """A figure to one decimal, as a review's points lost are: ``2.9``, a whole one as ``3``.

    >>> tenths(2.94), tenths(3.0), tenths(0)
    ('2.9', '3', '0')
    """
    text = f"{value:.1f}".replace("-", "\u2212")
    return text[:-2] if text.endswith(".0") else text


Figure = Callable[[float], str]  # how a chart writes a number


def _f(value: float) -> str:
    """A coordinate, short: one decimal at most."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _clean(name: object) -> str:
    """A player name safe for XML: control characters dropped, spaces collapsed."""
    text = "".join(ch for ch in str(name) if ch.isprintable() or ch.isspace())
    return " ".join(text.split()) or "?"


def nice_ticks(low: float, high: float, max_intervals: int = 5) -> list[int]:
    """Rounded gridline values covering low..high, 0 always included.

    The step is the smallest of 1, 2, 5, 10, 20, 50, ... that covers the range
    in at most ``max_intervals`` steps.

    >>> nice_ticks(3, 37)
    [0, 10, 20, 30, 40]
    >>> nice_ticks(-7, 12)
    [-10, -5, 0, 5, 10, 15]
    >>> nice_ticks(-4, 79)
    [-20, 0, 20, 40, 60, 80]
    >>> nice_ticks(0, 0)
    [0, 1, 2, 3, 4, 5]
    >>> nice_ticks(0, 2.9)
    [0, 1, 2, 3]
    """
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = low + 5
    return _round_steps(low, high, max_intervals)


def _round_steps(low: float, high: float, max_intervals: int) -> list[int]:
    """Gridlines from low to high at the smallest of 1, 2, 5, 10, 20, 50, ... that covers the range
    in at most ``max_intervals`` steps."""
    magnitude = 1
    while True:
        for m in (1, 2, 5):
            step = m * magnitude
            first = math.floor(low / step) * step
            last = math.ceil(high / step) * step
            if (last - first) // step <= max_intervals:
                return list(range(first, last + step, step))
        magnitude *= 10


def hole_labels(holes: int) -> list[int]:
    """The holes that get a number under the axis: all of them on 9 (or fewer);
    on 18, each nine's first and last hole and every other between
    (1 3 5 7 9 | 10 12 14 16 18), so the numbers never touch on a phone.

    >>> hole_labels(9)
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    >>> hole_labels(18)
    [1, 3, 5, 7, 9, 10, 12, 14, 16, 18]
    """
    if holes <= 12:
        return list(range(1, holes + 1))
    front = list(range(1, 10, 2))
    back = list(range(10, holes + 1, 2))
    if back[-1] != holes:
        back.append(holes)
    return front + back


# Approximate advance widths (em) of a system sans-serif, to shorten long names.
_NARROW = set("ijlt.,;:'!|fI()[] r")
_WIDE = set("mwMW@%")


def _text_width(text: str, size: float) -> float:
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            total += 0.32
        elif ch in _WIDE:
            total += 0.88
        elif ch.isupper() or ch.isdigit() or not ch.isascii():
            total += 0.66
        else:
            total += 0.56
    return total * size


def _fit(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` user units."""
    if _text_width(text, size) <= width:
        return text
    while text and _text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _marker(shape: str, x: float, y: float, colour: str, r: float = MARKER) -> str:
    """One point marker centred on (x, y)."""
    if shape == "circle":
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{colour}"/>'
    if shape == "ring":
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r - 0.6)}" fill="none" stroke="{colour}" stroke-width="2.2"/>'
    if shape == "square":
        s = r * 0.9
        pts = [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    elif shape == "triangle":
        pts = [(x, y - r * 1.15), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
    elif shape == "triangle-down":
        pts = [(x, y + r * 1.15), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)]
    elif shape == "diamond":
        s = r * 1.25
        pts = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
    elif shape == "star":
        pts = []
        for k in range(10):
            radius = r * 1.3 if k % 2 == 0 else r * 0.55
            angle = -math.pi / 2 + k * math.pi / 5
            pts.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    elif shape == "cross":
        s = r * 0.95
        d = f"M{_f(x - s)} {_f(y - s)}L{_f(x + s)} {_f(y + s)}M{_f(x - s)} {_f(y + s)}L{_f(x + s)} {_f(y - s)}"
        return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2.6" stroke-linecap="round"/>'
    else:  # pragma: no cover - every style above is handled
        raise ValueError(shape)
    d = "M" + "L".join(f"{_f(px)} {_f(py)}" for px, py in pts) + "Z"
    return f'<path d="{d}" fill="{colour}"/>'


def _shown(totals: Sequence[float | None], holes: int) -> tuple[list[float], float | None]:
    """The entered prefix of a running-total list, and its last value."""
    entered: list[float] = []
    for value in list(totals)[:holes]:
        if value is None:
            break
        entered.append(value)
    return entered, (entered[-1] if entered else None)


def _holes_phrase(n: int) -> str:
    return f"{n} hole" if n == 1 else f"{n} holes"


def _summary(title: str, rows: list[tuple[str, list[float], float | None]], figure: Figure) -> str:
    """'Running total after 5 holes: Ann 12, Bo 15' (or per player when the thru differs)."""
    thrus = {len(entered) for _, entered, _ in rows}
    if len(thrus) == 1:
        parts = [f"{name} {figure(entered[-1])}" for name, entered, _ in rows]
        return f"{title} after {_holes_phrase(thrus.pop())}: " + ", ".join(parts)
    parts = [
        f"{name} {figure(entered[-1])} after {_holes_phrase(len(entered))}" if entered else f"{name} no holes yet"
        for name, entered, _ in rows
    ]
    return f"{title}: " + ", ".join(parts)


def _svg_open(height: float, label: str, extra_class: str = "") -> str:
    cls = "chart running-total" + (f" {extra_class}" if extra_class else "")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {WIDTH} {_f(height)}" '
        f'width="100%" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
    )


def running_total_chart(
    series: Sequence[tuple[str, Sequence[float | None]]],
    holes: int,
    title: str = "Running total",
    figure: Figure = signed,
) -> Markup:
    """An inline SVG of each player's running total, hole by hole.

    ``series`` is ``[(name, totals), ...]`` with ``totals`` from
    ``caddie.core.ledger.running_totals`` (an int per entered hole, None from
    the first blank hole on). Each line stops at the player's last entered
    hole. Up to eight players; the legend shows each one's marker and total,
    as ``figure`` writes a number (a review's points lost: one decimal).

    >>> svg = running_total_chart([("Ann", [3, 7, None]), ("Bo", [-2, 1, None])], holes=3)
    >>> 'aria-label="Running total after 2 holes: Ann 7, Bo 1"' in svg
    True
    >>> 'No scores yet' in running_total_chart([("Ann", [None] * 9)], holes=9)
    True
    >>> lost = running_total_chart([("Ann", [0.4, 2.9])], holes=2, title="Points lost", figure=tenths)
    >>> 'aria-label="Points lost after 2 holes: Ann 2.9"' in lost
    True
    """
    holes = max(1, int(holes))
    title = _clean(title)
    series = list(series)
    if len(series) > len(SERIES_STYLES):
        raise ValueError(f"A running-total chart draws at most {len(SERIES_STYLES)} players.")
    rows = []
    for name, totals in series:
        entered, last = _shown(totals, holes)
        rows.append((_clean(name), entered, last))

    if not any(entered for _, entered, _ in rows):
        return _empty_chart(title)

    values = [v for _, entered, _ in rows for v in entered]
    ticks = nice_ticks(min(values), max(values))
    y_low, y_high = ticks[0], ticks[-1]
    plot_bottom = TOP + PLOT_HEIGHT
    plot_right = WIDTH - RIGHT

    def x_at(hole: int) -> float:  # hole is 1-based
        if holes == 1:
            return (LEFT + plot_right) / 2
        return LEFT + (hole - 1) * (plot_right - LEFT) / (holes - 1)

    def y_at(value: float) -> float:
        return plot_bottom - (value - y_low) * PLOT_HEIGHT / (y_high - y_low)

    columns = 1 if len(rows) == 1 else 2
    legend_rows = math.ceil(len(rows) / columns)
    legend_top = plot_bottom + X_LABEL_GAP + LEGEND_GAP
    height = legend_top + legend_rows * ROW - ROW / 2 + PAD

    dense = holes > 12  # 18 holes: smaller markers and thinner lines, so they overlap less
    radius, stroke = (3.4, "2") if dense else (MARKER, "2.4")
    label = _summary(title, rows, figure)
    out = [_svg_open(height, label)]

    # Gridlines and y labels.
    out.append('<g class="grid" fill="currentColor" stroke="currentColor">')
    for value in ticks:
        y = y_at(value)
        strong = value == 0 or value == y_low
        opacity = "0.55" if strong else "0.16"
        width = "1.2" if strong else "1"
        out.append(
            f'<line x1="{LEFT}" y1="{_f(y)}" x2="{plot_right}" y2="{_f(y)}" '
            f'stroke-opacity="{opacity}" stroke-width="{width}"/>'
        )
        out.append(
            f'<text x="{LEFT - 6}" y="{_f(y + TICK_FONT * 0.36)}" font-size="{TICK_FONT}" '
            f'text-anchor="end" stroke="none">{figure(value)}</text>'
        )
    out.append("</g>")

    # The hole axis: a tick per hole, a number under each (every other one on 18).
    out.append('<g class="holes" fill="currentColor" stroke="currentColor">')
    labelled = set(hole_labels(holes))
    for hole in range(1, holes + 1):
        x = x_at(hole)
        out.append(f'<line x1="{_f(x)}" y1="{plot_bottom}" x2="{_f(x)}" y2="{plot_bottom + 4}" stroke-opacity="0.55"/>')
        if hole in labelled:
            out.append(
                f'<text x="{_f(x)}" y="{plot_bottom + X_LABEL_GAP}" font-size="{TICK_FONT}" '
                f'text-anchor="middle" stroke="none">{hole}</text>'
            )
    out.append("</g>")

    # One group per player: the line, then a marker on every entered hole.
    for index, (name, entered, _) in enumerate(rows):
        colour, shape, dash = SERIES_STYLES[index]
        out.append(f'<g class="series" data-series="{index}">')
        if entered:
            out.append(f"<title>{escape(name)}: {figure(entered[-1])} after {_holes_phrase(len(entered))}</title>")
            points = " ".join(f"{_f(x_at(h + 1))},{_f(y_at(v))}" for h, v in enumerate(entered))
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{stroke}" '
                f'stroke-linejoin="round" stroke-linecap="round"{dash_attr}/>'
            )
            for h, v in enumerate(entered):
                out.append(_marker(shape, x_at(h + 1), y_at(v), colour, radius))
        out.append("</g>")

    # The legend: a line sample with the marker, the name, the total (and the thru when it differs).
    thrus = {len(entered) for _, entered, _ in rows}
    most = max(thrus)
    column_width = (WIDTH - 2 * PAD) / columns
    out.append(f'<g class="legend" font-size="{LEGEND_FONT}" fill="currentColor">')
    for index, (name, entered, last) in enumerate(rows):
        colour, shape, dash = SERIES_STYLES[index]
        col, row = index % columns, index // columns
        x0 = PAD + col * column_width
        cy = legend_top + row * ROW
        baseline = cy + LEGEND_FONT * 0.36
        right = x0 + column_width - (10 if col < columns - 1 else 2)
        total = figure(last) if last is not None else "\u2013"
        note = f"thru {len(entered)}" if entered and len(entered) < most else ""
        name_x = x0 + 27
        tail = _text_width(total, LEGEND_FONT) * 1.1 + 7 + (_text_width(note, 11) + 5 if note else 0)
        shown = _fit(name, right - name_x - tail, LEGEND_FONT)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="key" data-series="{index}">')
        if shown != name:
            out.append(f"<title>{escape(name)}</title>")
        out.append(
            f'<line x1="{_f(x0 + 1)}" y1="{_f(cy)}" x2="{_f(x0 + 21)}" y2="{_f(cy)}" stroke="{colour}" '
            f'stroke-width="2.4"{dash_attr}/>'
        )
        out.append(_marker(shape, x0 + 11, cy, colour))
        out.append(
            f'<text x="{_f(name_x)}" y="{_f(baseline)}"><tspan class="name">{escape(shown)}</tspan>'
            f'<tspan class="total" dx="7" font-weight="700">{total}</tspan>'
            + (f'<tspan class="thru" dx="5" font-size="11" fill-opacity="0.75">{note}</tspan>' if note else "")
            + "</text>"
        )
        out.append("</g>")
    out.append("</g></svg>")
    return Markup("".join(out))


def _empty_chart(title: str) -> Markup:
    """The chart before any hole is entered: a small SVG with one sentence."""
    height = 44
    label = f"{title}: no holes entered yet"
    return Markup(
        _svg_open(height, label, "empty")
        + f'<rect x="1" y="1" width="{WIDTH - 2}" height="{height - 2}" rx="10" fill="none" '
        f'stroke="currentColor" stroke-opacity="0.3" stroke-dasharray="4 4"/>'
        + f'<text x="{WIDTH / 2:g}" y="{height / 2 + 5:g}" font-size="{LEGEND_FONT}" text-anchor="middle" '
        f'fill="currentColor">No scores yet: the chart starts after hole 1.</text></svg>'
    )


def span_ticks(low: float, high: float, max_intervals: int = 4) -> list[int]:
    """Rounded gridline values covering low..high, not stretched to 0 (a rating lives near 1000).

    >>> span_ticks(988, 1043)
    [980, 1000, 1020, 1040, 1060]
    >>> span_ticks(1000, 1000)
    [995, 1000, 1005]
    """
    if high - low < 10:
        low, high = low - 5, high + 5
    return _round_steps(low, high, max_intervals)


def rating_chart(name: str, ratings: Sequence[int], title: str = "Rating") -> Markup:
    """An inline SVG of one person's rating after each of their rounds, oldest first (docs/people.md,
    "A person's page"): one line, a marker per round while there are few enough to tell apart, the
    round numbers under the axis; read out as the first, highest and latest ratings.

    >>> svg = rating_chart("Ann", [1016, 1040, 1031])
    >>> 'aria-label="Rating of Ann over 3 rounds: 1016 after the first, highest 1040, now 1031"' in svg
    True
    """
    name, title = _clean(name), _clean(title)
    points = list(ratings)
    if not points:
        return _empty_chart(title)
    rounds = len(points)
    label = (
        f"{title} of {name} over {rounds} round{'s' if rounds != 1 else ''}: "
        f"{points[0]} after the first, highest {max(points)}, now {points[-1]}"
    )
    ticks = span_ticks(min(points), max(points))
    y_low, y_high = ticks[0], ticks[-1]
    plot_bottom, plot_right = TOP + PLOT_HEIGHT, WIDTH - RIGHT
    height = plot_bottom + X_LABEL_GAP + PAD

    def x_at(n: int) -> float:  # n is 1-based
        return (LEFT + plot_right) / 2 if rounds == 1 else LEFT + (n - 1) * (plot_right - LEFT) / (rounds - 1)

    def y_at(value: float) -> float:
        return plot_bottom - (value - y_low) * PLOT_HEIGHT / (y_high - y_low)

    out = [_svg_open(height, label, "rating")]
    out.append('<g class="grid" fill="currentColor" stroke="currentColor">')
    for value in ticks:
        y = y_at(value)
        out.append(f'<line x1="{LEFT}" y1="{_f(y)}" x2="{plot_right}" y2="{_f(y)}" stroke-opacity="0.16"/>')
        out.append(
            f'<text x="{LEFT - 6}" y="{_f(y + TICK_FONT * 0.36)}" font-size="{TICK_FONT}" '
            f'text-anchor="end" stroke="none">{value}</text>'
        )
    out.append("</g>")
    # the round axis: about five numbers, always the first and the last round
    step = max(1, math.ceil(rounds / 5))
    labelled = sorted({1, rounds, *range(1, rounds + 1, step)})
    if len(labelled) > 1 and labelled[-1] - labelled[-2] < step / 2:
        labelled.pop(-2)  # the last round's number would run into the one before
    out.append('<g class="holes" fill="currentColor" stroke="none">')
    for n in labelled:
        out.append(
            f'<text x="{_f(x_at(n))}" y="{plot_bottom + X_LABEL_GAP}" font-size="{TICK_FONT}" '
            f'text-anchor="middle">{n}</text>'
        )
    out.append("</g>")
    colour, shape, _ = SERIES_STYLES[0]
    line = " ".join(f"{_f(x_at(n))},{_f(y_at(v))}" for n, v in enumerate(points, start=1))
    out.append(f'<g class="series" data-series="0"><title>{escape(name)}: {points[-1]} now</title>')
    out.append(
        f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2.4" '
        f'stroke-linejoin="round" stroke-linecap="round"/>'
    )
    if rounds <= 40:  # beyond, the markers would touch and only clutter the line
        out.extend(_marker(shape, x_at(n), y_at(v), colour, 3.4) for n, v in enumerate(points, start=1))
    out.append("</g></svg>")
    return Markup("".join(out))
