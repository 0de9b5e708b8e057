"""Checks the cache of compiled models through the mocc program (the small
program that runs a cached model without LLVM and hands the rest to
mocc-compiler) on tests/results/models/Decay.mo, with a cache folder of its
own: the first run stores the compiled model, the second takes it from the
cache and writes the same bytes; an override on a cached model gives the
bytes of a fresh translation with it; a structural one is refused (exit 2)
as on the first run; an edit of the model compiles again; a damaged shared
object is never loaded (compiled again); --no-cache does not use it.

usage: model_cache.py MOCC MODEL.mo WORKDIR
"""
import glob, os, shutil, subprocess, sys

mocc, model, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
cache = os.path.join(work, "cache")
env = dict(os.environ, XDG_CACHE_HOME=cache)
source = os.path.join(work, "Decay.mo")
shutil.copy(model, source)


def simulate(*args, code=0):
    out = os.path.join(work, "r.csv")
    if os.path.exists(out):
        os.remove(out)
    run = subprocess.run([mocc, "simulate", source, "-o", out, "-v", *args], capture_output=True,
                         text=True, env=env)
    assert run.returncode == code, (args, run.returncode, run.stderr)
    result = None
    if code == 0:
        with open(out, "rb") as f:
            result = f.read()
    return result, run.stderr


STORED = "compiled model: stored in the cache"
CACHED = "compiled model: from the cache"

cold, err = simulate()
assert STORED in err and CACHED not in err, err
warm, err = simulate()
assert CACHED in err, err
assert "flatten " not in err, err  # no phase of the translation ran
assert warm == cold

overridden, err = simulate("--override", "k=3,y.start=1,stopTime=2")
assert CACHED in err, err
fresh, err = simulate("--override", "k=3,y.start=1,stopTime=2", "--no-cache")
assert CACHED not in err and STORED not in err, err
assert overridden == fresh and overridden != cold

_, err = simulate("--override", "n=3", code=2)
assert "`n` cannot be overridden" in err, err

with open(source) as f:
    text = f.read()
with open(source, "w") as f:
    f.write(text.replace("-k * x[i]", "-2 * k * x[i]"))
edited, err = simulate()
assert CACHED not in err and STORED in err, err
assert edited != cold

for so in glob.glob(os.path.join(cache, "mocc", "model", "*.so")):
    with open(so, "r+b") as f:
        f.truncate(100)
again, err = simulate()
assert "is missing or damaged" in err and STORED in err, err
assert again == edited
assert CACHED in simulate()[1]
print("ok")
