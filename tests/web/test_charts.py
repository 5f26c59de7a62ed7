"""The Ledger's running-total chart: well-formed, honest, accessible inline SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from caddie.core.ledger import running_totals
from caddie.web.charts import SERIES_STYLES, hole_labels, nice_ticks, running_total_chart

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
MINUS = "\u2212"
_ = None


def parse(markup: str) -> ET.Element:
    root = ET.fromstring(str(markup))
    assert root.tag == SVG + "svg"
    return root


def chart(cards: dict, holes: int = 9, **kw) -> Markup:
    return running_total_chart([(n, running_totals(c, holes)) for n, c in cards.items()], holes, **kw)


def series_groups(root: ET.Element) -> list[ET.Element]:
    return root.findall(".//svg:g[@class='series']", NS)


def polyline_points(group: ET.Element) -> list[tuple[float, float]]:
    line = group.find("svg:polyline", NS)
    if line is None:
        return []
    return [tuple(map(float, p.split(","))) for p in line.get("points").split()]


def legend_keys(root: ET.Element) -> list[ET.Element]:
    return root.findall(".//svg:g[@class='legend']/svg:g[@class='key']", NS)


def key_text(key: ET.Element) -> str:
    return "".join(key.find("svg:text", NS).itertext())


def tick_labels(root: ET.Element, group: str) -> list[str]:
    return [t.text for t in root.findall(f".//svg:g[@class='{group}']/svg:text", NS)]


def style_of(group: ET.Element) -> tuple[str, str, str]:
    """(colour, marker kind, dash) as drawn."""
    line = group.find("svg:polyline", NS)
    marks = [el for el in group if el.tag in (SVG + "circle", SVG + "path")]
    first = marks[0]
    kind = first.tag.rsplit("}", 1)[1]
    if kind == "circle":
        kind += ":" + ("ring" if first.get("fill") == "none" else "dot")
    else:  # the shape of the path: how many corners, filled or stroked
        kind += f":{first.get('d').count('L')}:{first.get('fill')}"
    return line.get("stroke"), kind, line.get("stroke-dasharray") or ""


# -- shape and content -------------------------------------------------------


def test_returns_markup_of_one_well_formed_svg_with_a_viewbox_and_full_width():
    svg = chart({"Ann": [3, 4, 5], "Bo": [2, 6, _]})
    assert isinstance(svg, Markup)
    root = parse(svg)
    x, y, w, h = map(float, root.get("viewBox").split())
    assert (x, y) == (0, 0) and 300 <= w <= 400 and 200 <= h <= 300
    assert root.get("width") == "100%"
    assert "running-total" in root.get("class").split()
    assert root.get("style") is None, "the Content-Security-Policy allows no style attributes"
    # Drawn on the server, self-contained: no script, no external reference, no foreign object.
    assert "<script" not in svg and "href" not in svg and "url(" not in svg and "foreignObject" not in svg


def test_polyline_has_a_point_per_entered_hole_and_stops_at_the_last():
    svg = chart(
        {"Ann": [3, 4, 5, 1, 2, 0, 1, 1, 1], "Bo": [2, 6, _, _, _, _, _, _, _], "Cy": [1, _, 9, 9, 9, 9, 9, 9, 9]}
    )  # Cy: running totals stop at the first blank
    groups = series_groups(parse(svg))
    assert [len(polyline_points(g)) for g in groups] == [9, 2, 1]
    ann, bo, cy = (polyline_points(g) for g in groups)
    # Same x for the same hole; each line ends at its own last hole.
    assert [p[0] for p in bo] == [p[0] for p in ann[:2]]
    assert ann[-1][0] > bo[-1][0] > cy[-1][0]
    # A marker on every entered hole.
    for g, n in zip(groups, (9, 2, 1)):
        assert len([el for el in g if el.tag in (SVG + "circle", SVG + "path")]) == n


def test_higher_totals_are_drawn_higher():
    groups = series_groups(parse(chart({"Ann": [10, 10], "Bo": [1, 1]}, holes=2)))
    ann, bo = (polyline_points(g) for g in groups)
    assert ann[1][1] < bo[1][1]  # SVG y grows downwards
    assert ann[0][1] > ann[1][1]  # Ann's 10 then 20: rising


def test_legend_lists_each_player_with_marker_and_final_total():
    root = parse(chart({"Ann": [3, 4, 5], "Bo": [-2, -3, 1], "Cy": [1, 1, 1]}, holes=3))
    keys = legend_keys(root)
    assert [key_text(k) for k in keys] == ["Ann12", f"Bo{MINUS}4", "Cy3"]
    for key, (colour, _shape, dash) in zip(keys, SERIES_STYLES):
        line = key.find("svg:line", NS)
        assert line.get("stroke") == colour and (line.get("stroke-dasharray") or "") == dash
        assert key.find("svg:circle", NS) is not None or key.find("svg:path", NS) is not None


def test_legend_shows_thru_only_for_players_behind():
    root = parse(chart({"Ann": [3, 4, 5, 1], "Bo": [2, _, _, _]}, holes=4))
    assert [key_text(k) for k in legend_keys(root)] == ["Ann13", "Bo2thru 1"]


def test_a_long_name_is_shortened_in_the_legend_but_kept_whole_in_the_summary():
    name = "Maximilian Wolfgang Ottoson"
    svg = chart({name: [3], "Bo": [4]}, holes=9)
    root = parse(svg)
    text = key_text(legend_keys(root)[0])
    assert text.endswith("…3") and len(text) < len(name)
    assert legend_keys(root)[0].find("svg:title", NS).text == name
    assert name in root.get("aria-label")


def test_names_are_escaped():
    nasty = "<script>&\"'"
    svg = chart({nasty: [1, 2], "Bo": [2, 2]}, holes=2)
    assert "<script>" not in svg
    assert "&lt;script&gt;&amp;&#34;&#39;" in svg
    root = parse(svg)  # still well-formed XML
    assert key_text(legend_keys(root)[0]) == nasty + "3"
    assert root.get("aria-label").startswith("Running total after 2 holes: " + nasty + " 3")


def test_control_characters_in_names_cannot_break_the_xml():
    root = parse(chart({"A\x00n\x1bn": [1], "Bo": [2]}, holes=9))
    assert key_text(legend_keys(root)[0]) == "Ann1"


def test_aria_label_and_title_summarise_the_totals():
    root = parse(chart({"Ann": [3, 4, 5, 0, 0], "Bo": [5, 5, 5, 0, 0]}, holes=9))
    label = "Running total after 5 holes: Ann 12, Bo 15"
    assert root.get("role") == "img"
    assert root.get("aria-label") == label
    assert root.find("svg:title", NS).text == label
    assert list(root)[0].tag == SVG + "title"  # first child, as SVG accessibility wants


def test_summary_gives_each_players_thru_when_they_differ():
    root = parse(chart({"Ann": [3, 4, 5], "Bo": [-5, _, _], "Cy": [_, _, _]}, holes=9))
    assert root.get("aria-label") == (f"Running total: Ann 12 after 3 holes, Bo {MINUS}5 after 1 hole, Cy no holes yet")
    assert [len(polyline_points(g)) for g in series_groups(root)] == [3, 1, 0]


def test_custom_title():
    root = parse(chart({"Ann": [1]}, holes=9, title="Front nine"))
    assert root.get("aria-label") == "Front nine after 1 hole: Ann 1"


# -- axes ---------------------------------------------------------------------


def test_negative_axis_labels_use_a_real_minus_sign_and_zero_is_a_gridline():
    root = parse(chart({"Ann": [-4, -6, -2], "Bo": [5, 3, 8]}, holes=3))
    labels = tick_labels(root, "grid")
    assert "0" in labels
    negatives = [t for t in labels if t != "0" and not t.isdigit()]
    assert negatives and all(t.startswith(MINUS) and t[1:].isdigit() for t in negatives)
    assert not any("-" in t for t in labels)  # never a hyphen-minus
    # Totals run from −12 (Ann) to 16 (Bo): steps of 10 cover that in four.
    assert labels == [f"{MINUS}20", f"{MINUS}10", "0", "10", "20"]


def test_negative_totals_in_the_legend_use_a_real_minus_sign():
    root = parse(chart({"Ann": [-4, -6]}, holes=9))
    assert key_text(legend_keys(root)[0]) == f"Ann{MINUS}10"
    assert "-" not in root.get("aria-label")


def test_y_axis_includes_zero_even_when_every_total_is_positive():
    labels = tick_labels(parse(chart({"Ann": [30, 30, 30]}, holes=3)), "grid")  # 30, 60, 90
    assert labels == ["0", "20", "40", "60", "80", "100"]


def test_the_y_range_covers_every_point_with_a_few_rounded_gridlines():
    for low, high in [(0, 0), (1, 4), (3, 37), (-7, 12), (-360, 1800), (-4, 79), (-20, -1), (57, 57)]:
        ticks = nice_ticks(low, high)
        assert ticks[0] <= min(low, 0) and ticks[-1] >= max(high, 0) and 0 in ticks
        assert 3 <= len(ticks) <= 6, (low, high, ticks)
        step = ticks[1] - ticks[0]
        assert all(b - a == step for a, b in zip(ticks, ticks[1:]))
        assert str(step).strip("0") in ("1", "2", "5"), step


def test_nine_holes_label_every_hole():
    root = parse(chart({"Ann": [1] * 9}, holes=9))
    assert tick_labels(root, "holes") == [str(h) for h in range(1, 10)]
    assert len(root.findall(".//svg:g[@class='holes']/svg:line", NS)) == 9


def test_eighteen_holes_tick_every_hole_and_label_each_nines_ends():
    root = parse(chart({"Ann": [1] * 18, "Bo": [2] * 10 + [_] * 8}, holes=18))
    assert len(root.findall(".//svg:g[@class='holes']/svg:line", NS)) == 18
    assert tick_labels(root, "holes") == ["1", "3", "5", "7", "9", "10", "12", "14", "16", "18"]
    assert hole_labels(18)[0] == 1 and hole_labels(18)[-1] == 18
    ann, bo = (polyline_points(g) for g in series_groups(root))
    assert len(ann) == 18 and len(bo) == 10
    # Hole 18 sits at the right end of the hole axis.
    tick_xs = [float(line.get("x1")) for line in root.findall(".//svg:g[@class='holes']/svg:line", NS)]
    assert ann[-1][0] == tick_xs[-1] and ann[0][0] == tick_xs[0]


def test_axes_and_text_follow_the_page_theme():
    root = parse(chart({"Ann": [1, 2], "Bo": [3, 4]}, holes=2))
    for group in ("grid", "holes", "legend"):
        g = root.find(f".//svg:g[@class='{group}']", NS)
        assert g.get("fill") == "currentColor"
    for text in root.iter(SVG + "text"):  # no text hard-codes a colour
        assert text.get("fill") in (None, "currentColor")


# -- eight players ------------------------------------------------------------


def test_eight_players_get_eight_distinct_colours_markers_and_styles():
    cards = {f"P{i}": [i, i + 1, 2] for i in range(8)}
    root = parse(chart(cards, holes=3))
    drawn = [style_of(g) for g in series_groups(root)]
    assert len(drawn) == 8
    assert len({colour for colour, _, _ in drawn}) == 8
    # Colour is never the only signal: every marker shape differs too.
    assert len({kind for _, kind, _ in drawn}) == 8
    assert len(set(drawn)) == 8
    assert len({dash for _, _, dash in drawn}) >= 4
    assert len(legend_keys(root)) == 8


def test_more_than_eight_players_is_refused():
    try:
        chart({f"P{i}": [1] for i in range(9)})
    except ValueError as err:
        assert "at most 8" in str(err)
    else:
        raise AssertionError("nine players should be refused")


def test_series_colours_have_three_to_one_contrast_on_light_and_dark_paper():
    def lum(hex_colour):
        channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a, b):
        hi, lo = sorted((lum(a), lum(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    for colour, _shape, _dash in SERIES_STYLES:
        for paper in ("#ffffff", "#f4f1e8", "#0e1712", "#17241d"):  # app.css light and dark
            assert contrast(colour, paper) >= 3, (colour, paper)


# -- empty state ----------------------------------------------------------------


def test_empty_state_is_a_small_valid_svg_with_a_sentence():
    for svg in (chart({"Ann": [_] * 9, "Bo": [_] * 9}), running_total_chart([], 18)):
        root = parse(svg)
        assert root.get("role") == "img"
        assert root.get("aria-label") == "Running total: no holes entered yet"
        assert not series_groups(root) and root.find(".//svg:polyline", NS) is None
        sentence = "".join(root.find("svg:text", NS).itertext())
        assert sentence.startswith("No scores yet") and sentence.endswith(".")
        assert float(root.get("viewBox").split()[3]) < 80


# -- every coordinate inside the viewBox (property) ---------------------------------

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def coordinates(root: ET.Element):
    """Every (x, y) the SVG places something at, with the reach of circles."""
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[1]
        if tag == "polyline":
            for pair in el.get("points").split():
                x, y = map(float, pair.split(","))
                yield x, y
        elif tag == "path":
            d = el.get("d")
            assert re.fullmatch(r"(?:[MLZ]|-?\d+(?:\.\d+)?|\s)+", d), d  # absolute M/L/Z only
            nums = list(map(float, NUMBER.findall(d)))
            yield from zip(nums[0::2], nums[1::2])
        elif tag == "circle":
            cx, cy, r = (float(el.get(a)) for a in ("cx", "cy", "r"))
            yield cx - r, cy - r
            yield cx + r, cy + r
        elif tag == "line":
            yield float(el.get("x1")), float(el.get("y1"))
            yield float(el.get("x2")), float(el.get("y2"))
        elif tag == "rect":
            x, y = float(el.get("x")), float(el.get("y"))
            yield x, y
            yield x + float(el.get("width")), y + float(el.get("height"))
        elif tag == "text":
            yield float(el.get("x")), float(el.get("y"))


names = st.text(min_size=1, max_size=24).filter(lambda s: s.strip())


@st.composite
def rounds(draw):
    holes = draw(st.sampled_from([9, 18]))
    players = draw(st.lists(names, min_size=1, max_size=8))
    cards = []
    for name in players:
        entered = draw(st.integers(0, holes))
        scores = draw(st.lists(st.integers(-120, 120), min_size=entered, max_size=entered))
        cards.append((name, scores + [None] * (holes - entered)))
    return holes, cards


@settings(max_examples=150, deadline=None)
@given(rounds())
def test_any_round_draws_well_formed_svg_inside_its_viewbox(data):
    holes, cards = data
    svg = running_total_chart([(n, running_totals(c, holes)) for n, c in cards], holes)
    root = parse(svg)
    x0, y0, width, height = map(float, root.get("viewBox").split())
    points = list(coordinates(root))
    assert points
    for x, y in points:
        assert x0 <= x <= x0 + width and y0 <= y <= y0 + height, (x, y, width, height)
    entered = [sum(1 for s in c if s is not None) for _, c in cards]
    if any(entered):
        assert [len(polyline_points(g)) for g in series_groups(root)] == entered
        assert len(legend_keys(root)) == len(cards)
        assert "-" not in "".join(tick_labels(root, "grid"))
    else:
        assert not series_groups(root)
