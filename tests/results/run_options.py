"""Checks `simulate --override`, `--override-file` and the progress report
through the mocc program on tests/results/models/Decay.mo (x(t) = x0
exp(-k t), y(t) = y0 exp(-2 k t)): an overridden parameter changes the
parameters bound to it and the solution, a start value and the stop time
too; a file of overrides (comments, blank lines, a later entry wins) does
the same; the overrides go to the compiled code in a table, so the model
is translated once (`-v` says when it is translated again), but for a
parameter whose value the translation used (ZeroCoupling.mo: g = 0 leaves
a Jacobian entry out), where the model is translated with the override;
`--progress` with stderr to a file writes progress lines there, without it
(stderr not a terminal) and with `--quiet` nothing is written.

usage: run_options.py MOCC MODEL.mo WORKDIR
"""
import csv, math, os, subprocess, sys

mocc, model, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)


AGAIN = "translating the model again with the overrides in it"


def simulate(*args, source=model):
    out = os.path.join(work, "r.csv")
    if os.path.exists(out):
        os.remove(out)
    run = subprocess.run([mocc, "simulate", source, "-o", out, *args], capture_output=True,
                         text=True)
    assert run.returncode == 0, (args, run.returncode, run.stderr)
    with open(out, newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0]
    table = [dict(zip(names, map(float, row))) for row in rows[1:]]
    return table, run.stderr


def check_decay(table, k, x0, y0, stop):
    last = table[-1]
    assert abs(last["time"] - stop) < 1e-12, last["time"]
    for row in (table[0], table[len(table) // 2], last):
        t = row["time"]
        assert row["k"] == k and row["twiceK"] == 2 * k, row
        assert abs(row["x[1]"] - x0 * math.exp(-k * t)) < 1e-5, (t, row["x[1]"])
        assert abs(row["x[2]"] - math.exp(-k * t)) < 1e-5, (t, row["x[2]"])
        assert abs(row["y"] - y0 * math.exp(-2 * k * t)) < 1e-5, (t, row["y"])


table, _ = simulate()
check_decay(table, 1.0, 1.0, 2.0, 1.0)
table, _ = simulate("--override", "k=3,x[1].start=4,y=0.5", "--override", "stopTime=2")
check_decay(table, 3.0, 4.0, 0.5, 2.0)
assert len(table) == 501, len(table)
table, err = simulate("-v", "--override", "k=3,x[1].start=4,y=0.5")
check_decay(table, 3.0, 4.0, 0.5, 1.0)
assert AGAIN not in err, err
table, _ = simulate("--override", "numberOfIntervals=10")
assert len(table) == 11, len(table)

overrides = os.path.join(work, "overrides.txt")
with open(overrides, "w") as f:
    f.write("# the decay\n\n  k = 0.5\nstopTime=3\n   # a comment after blanks\nk=2\n")
table, _ = simulate("--override-file", overrides, "--override", "x[1].start=3")
check_decay(table, 2.0, 3.0, 2.0, 3.0)

coupling = os.path.join(os.path.dirname(model), "ZeroCoupling.mo")
for g, verbose in ((0.0, ()), (1.5, ("-v",)), (2.0, ())):
    table, err = simulate(*verbose, "--override", "g=%g" % g, source=coupling)
    assert (AGAIN in err) == (g != 0 and verbose != ()), err
    for row in (table[0], table[len(table) // 2], table[-1]):
        t = row["time"]
        assert abs(row["x"] - math.exp(-t) * (1 + g * t)) < 1e-5, (g, t, row["x"])
table, err = simulate("-v", "--override", "x.start=2,z.start=3", source=coupling)
assert AGAIN not in err, err
assert abs(table[-1]["x"] - 2 * math.exp(-1)) < 1e-5, table[-1]
assert abs(table[-1]["z"] - 3 * math.exp(-1)) < 1e-5, table[-1]

_, err = simulate("--progress", "--override", "stopTime=20")
lines = [l for l in err.splitlines() if l.startswith("mocc: t = ")]
assert lines and "steps" in lines[0] and "%" in lines[0], err
_, err = simulate()
assert err == "", err
_, err = simulate("--progress", "--quiet")
assert err == "", err
print("overrides and progress: ok")
