"""Simulates a model twice with mocc, to a MAT file and to a CSV file, reads
the MAT file with mat_reader (struct only, not mocc's reader) and checks that
every column of the CSV is in the MAT file with the same values, bit for bit;
that the parameters are in data_1; that the aliases share the rows of what
they alias (a negated one with a negative row); and that `mocc compare`
reads the MAT file (against the CSV: nothing fails).

usage: mat_matches_csv.py MOCC WORKDIR [--msl] [--alias NAME] [--negated NAME]
                          [--parameter NAME] -- SIMULATE-ARGS...
Exit 77 (skipped) when --msl is given and MOCC_MSL is not set.
"""
import csv, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mat_reader

mocc, work = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
split = rest.index("--")
options, args = rest[:split], rest[split + 1:]
expect = {"--alias": [], "--negated": [], "--parameter": []}
env = dict(os.environ)
for i, option in enumerate(options):
    if option in expect:
        expect[option].append(options[i + 1])
    elif option == "--msl":
        if not os.environ.get("MOCC_MSL"):
            print("skipped: MOCC_MSL is not set (the path of the Modelica Standard Library)")
            sys.exit(77)
        env["MODELICAPATH"] = os.environ["MOCC_MSL"]
os.makedirs(work, exist_ok=True)
for ext in ("mat", "csv"):
    subprocess.run([mocc, "simulate", *args, "-o", os.path.join(work, "result." + ext)],
                   check=True, env=env)

with open(os.path.join(work, "result.csv"), newline="") as f:
    rows = list(csv.reader(f))
names, rows = rows[0], rows[1:]
mat = mat_reader.read(os.path.join(work, "result.mat"))
values = mat_reader.trajectories(mat)
info = dict(zip(mat["names"], mat["info"]))
failures = []
assert mat["names"][0] == "time" and info["time"] == (0, 1)
assert sorted(names) == sorted(mat["names"]), set(names) ^ set(mat["names"])
for j, name in enumerate(names):
    csv_values = [float(r[j]) for r in rows]
    if csv_values != values[name]:
        failures.append("%s differs: CSV %s, MAT %s" % (name, csv_values[:4], values[name][:4]))
# The parameters hold their values at the start and the stop time.
first, last = mat["data"][1][0], mat["data"][1][-1]
assert first[0] == float(rows[0][0]) and last[0] == float(rows[-1][0]), (first[0], last[0])
assert first[1:] == last[1:]
for name in expect["--parameter"]:
    if info[name][0] != 1:
        failures.append("%s is not in data_1: %s" % (name, info[name]))
for name in expect["--alias"] + expect["--negated"]:
    matrix, row = info[name]
    negated = name in expect["--negated"]
    sharing = [n for n, (k, r) in info.items() if n != name and k == matrix and r == abs(row)]
    if (row < 0) != negated or not sharing:
        failures.append("%s is not stored as an alias: %s" % (name, info[name]))
# `mocc compare` reads the MAT file too: every signal of the CSV within the tube.
compare = subprocess.run([mocc, "compare", os.path.join(work, "result.mat"),
                          os.path.join(work, "result.csv")], capture_output=True, text=True, env=env)
if compare.returncode != 0 or not compare.stdout.endswith(" 0 failed\n"):
    failures.append("mocc compare of the MAT with the CSV: " + compare.stdout[-200:] + compare.stderr)
stored = len(mat["data"][2][0])
print("%d columns in the CSV; %d parameters in data_1, %d rows in data_2, %d points"
      % (len(names), len(first) - 1, stored, len(mat["data"][2])))
for failure in failures:
    print("FAILED: " + failure)
sys.exit(1 if failures else 0)
