"""Checks `mocc plot` and `simulate --plot` through the mocc program: the SVG
is well-formed XML (Python's xml.etree), has one path per chosen signal
whose every point is the picture of a point of the result (the frame
carries its coordinates: data-t0, data-t1, data-y0, data-y1), the first and
last points included; the legend names each signal with its unit (from the
MAT file); a CSV of the same run draws the same paths; a pattern that
matches nothing is a usage error. With rsvg-convert (librsvg) installed, the
picture is also rendered to PNG.

usage: plot_svg.py MOCC MODEL.mo WORKDIR
"""
import csv, os, shutil, subprocess, sys
import xml.etree.ElementTree as ET

mocc, model, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
mat, svg = os.path.join(work, "r.mat"), os.path.join(work, "r.svg")
for path in (mat, svg):
    if os.path.exists(path):
        os.remove(path)
subprocess.run([mocc, "simulate", model, "-o", mat, "--plot", "x,minus*"], check=True)
subprocess.run([mocc, "simulate", model, "-o", os.path.join(work, "r.csv")], check=True)
NS = "{http://www.w3.org/2000/svg}"


def paths(svg_path):
    root = ET.parse(svg_path).getroot()
    assert root.tag == NS + "svg", root.tag
    frame = [r for r in root.iter(NS + "rect") if r.get("class") == "frame"][0]
    box = {k: float(frame.get(k)) for k in ("x", "y", "width", "height")}
    coords = {k: float(frame.get("data-" + k)) for k in ("t0", "t1", "y0", "y1")}
    out = {}
    for p in root.iter(NS + "path"):
        if p.get("class") == "signal":
            points = [tuple(map(float, xy.split())) for xy in p.get("d")[1:].split(" L")]
            out[p.get("data-name")] = points
    legend = [t.text for t in root.iter(NS + "text") if t.get("class") == "legend"]
    return box, coords, out, legend


with open(os.path.join(work, "r.csv"), newline="") as f:
    rows = list(csv.reader(f))
header, rows = rows[0], [list(map(float, r)) for r in rows[1:]]
box, coords, drawn, legend = paths(svg)
assert list(drawn) == ["x", "minusX"], list(drawn)
assert legend == ["x [m]", "minusX"], legend
failures = []
for name, points in drawn.items():
    j = header.index(name)

    def picture(t, v):
        px = box["x"] + (t - coords["t0"]) / (coords["t1"] - coords["t0"]) * box["width"]
        py = box["y"] + (coords["y1"] - v) / (coords["y1"] - coords["y0"]) * box["height"]
        return (round(px, 1), round(py, 1))

    pictures = [picture(r[0], r[j]) for r in rows]
    allowed = set(pictures)
    stray = [p for p in points if p not in allowed]
    if stray:
        failures.append("%s: %d points are not pictures of result points, e.g. %s"
                        % (name, len(stray), stray[:3]))
    if points[0] != pictures[0] or points[-1] != pictures[-1]:
        failures.append("%s: the path does not start and end where the result does" % name)
    if len(points) > 4 * box["width"] + 4:
        failures.append("%s: %d points, more than M4 keeps" % (name, len(points)))
# A long run: M4 keeps at most four points per pixel column, each a point
# of the result.
long_mat, long_csv = os.path.join(work, "long.mat"), os.path.join(work, "long.csv")
subprocess.run([mocc, "simulate", model, "--intervals", "20000", "-o", long_mat, "--plot", "x"],
               check=True)
subprocess.run([mocc, "simulate", model, "--intervals", "20000", "-o", long_csv], check=True)
with open(long_csv, newline="") as f:
    long_rows = list(csv.reader(f))
j = long_rows[0].index("x")
box, coords, long_drawn, _ = paths(os.path.join(work, "long.svg"))


def picture(t, v):
    px = box["x"] + (t - coords["t0"]) / (coords["t1"] - coords["t0"]) * box["width"]
    py = box["y"] + (coords["y1"] - v) / (coords["y1"] - coords["y0"]) * box["height"]
    return (round(px, 1), round(py, 1))


allowed = set(picture(float(r[0]), float(r[j])) for r in long_rows[1:])
points = long_drawn["x"]
if len(points) > 4 * box["width"] + 4 or len(long_rows) - 1 <= len(points):
    failures.append("long run: %d points for %d rows" % (len(points), len(long_rows) - 1))
if any(p not in allowed for p in points):
    failures.append("long run: a point is not the picture of a result point")
print("long run: %d rows drawn with %d points" % (len(long_rows) - 1, len(points)))
# The CSV of the same run draws the same paths (no units: a CSV has none).
subprocess.run([mocc, "plot", os.path.join(work, "r.csv"), "x", "minusX",
                "-o", os.path.join(work, "c.svg")], check=True)
_, _, drawn_csv, legend_csv = paths(os.path.join(work, "c.svg"))
if drawn_csv != drawn or legend_csv != ["x", "minusX"]:
    failures.append("the CSV's plot differs from the MAT file's")
bad = subprocess.run([mocc, "plot", mat, "nosuch*"], capture_output=True, text=True)
if bad.returncode != 2 or "no signal of" not in bad.stderr:
    failures.append("a pattern that matches nothing: exit %d, %s" % (bad.returncode, bad.stderr))
renderer = shutil.which("rsvg-convert")
if renderer:
    subprocess.run([renderer, svg, "-o", os.path.join(work, "r.png")], check=True)
    print("rendered by rsvg-convert: %d bytes of PNG" % os.path.getsize(os.path.join(work, "r.png")))
else:
    print("note: rsvg-convert is not installed; the picture was not rendered")
print("%s" % {n: len(p) for n, p in drawn.items()})
for failure in failures:
    print("FAILED: " + failure)
sys.exit(1 if failures else 0)
