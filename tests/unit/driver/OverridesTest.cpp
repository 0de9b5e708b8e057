// `--override` and `--override-file` (compiler/driver/Overrides.h): the
// list and file syntax, a later entry winning, the experiment settings and
// their conflicts with the options, and what the flat model accepts.
#include "compiler/driver/Driver.h"
#include "compiler/driver/Overrides.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

using namespace mocc::driver;

namespace {

SimulateOptions noOptions() { return SimulateOptions{NAN, NAN, NAN, 0, NAN, "", "", ""}; }

} // namespace

TEST_CASE("a list splits at commas outside brackets and trims blanks") {
  std::vector<Override> out;
  std::string problem;
  REQUIRE(parseOverrideList("k=9, body.m = 2,R.T[1,2]=0", out, problem));
  REQUIRE(out.size() == 3);
  CHECK(out[0].name == "k");
  CHECK(out[0].value == "9");
  CHECK(out[1].name == "body.m");
  CHECK(out[1].value == "2");
  CHECK(out[2].name == "R.T[1,2]");
  CHECK(out[2].origin == "--override");
  CHECK_FALSE(parseOverrideList("k=1,,m=2", out, problem));
  CHECK(problem == "--override: `` is not `name=value`");
  CHECK_FALSE(parseOverrideList("k=", out, problem));
  CHECK_FALSE(parseOverrideList("=3", out, problem));
}

TEST_CASE("a file: one entry a line, comments and blank lines skipped, a later entry wins") {
  char path[] = "/tmp/mocc_overrides_XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  {
    std::ofstream f(path);
    f << "# settings\n\n  k = 1\n\t# indented comment\nstopTime=3\nk=2\n";
  }
  SimulateOptions sim = noOptions();
  sim.overrides = {{true, path}, {false, "m=5"}};
  std::vector<Override> out;
  std::string problem;
  REQUIRE(collectOverrides(sim, out, problem));
  REQUIRE(out.size() == 3);
  CHECK(out[0].name == "stopTime");
  CHECK(out[0].origin == std::string(path) + ":5");
  CHECK(out[1].name == "k");
  CHECK(out[1].value == "2");
  CHECK(out[2].name == "m");
  {
    std::ofstream f(path);
    f << "k=1\nnot an override\n";
  }
  out.clear();
  CHECK_FALSE(collectOverrides(sim, out, problem));
  CHECK(problem == std::string(path) + ":2: `not an override` is not `name=value`");
  std::remove(path);
}

TEST_CASE("experiment settings become options; a contradiction with an option is an error") {
  std::vector<Override> list;
  std::string problem;
  REQUIRE(parseOverrideList("startTime=1,stopTime=4,tolerance=1e-8,stepSize=0.5,k=2", list,
                            problem));
  SimulateOptions sim = noOptions();
  REQUIRE(applyExperimentOverrides(list, sim, problem));
  CHECK(sim.startTime == 1);
  CHECK(sim.stopTime == 4);
  CHECK(sim.tolerance == 1e-8);
  CHECK(sim.interval == 0.5);
  REQUIRE(list.size() == 1); // the model's own
  CHECK(list[0].name == "k");

  list.clear();
  REQUIRE(parseOverrideList("numberOfIntervals=20", list, problem));
  sim = noOptions();
  REQUIRE(applyExperimentOverrides(list, sim, problem));
  CHECK(sim.intervals == 20);

  for (const char *bad : {"numberOfIntervals=0", "numberOfIntervals=2.5", "tolerance=-1",
                          "interval=0", "stopTime=soon"}) {
    list.clear();
    REQUIRE(parseOverrideList(bad, list, problem));
    sim = noOptions();
    CHECK_FALSE(applyExperimentOverrides(list, sim, problem));
  }
  list.clear();
  REQUIRE(parseOverrideList("stopTime=2", list, problem));
  sim = noOptions();
  sim.stopTime = 3;
  CHECK_FALSE(applyExperimentOverrides(list, sim, problem));
  CHECK(problem == "`stopTime` = 2 contradicts `--stop-time`");
  sim.stopTime = 2; // the same value agrees
  CHECK(applyExperimentOverrides(list, sim, problem));
  list.clear();
  REQUIRE(parseOverrideList("interval=0.1", list, problem));
  sim = noOptions();
  sim.intervals = 10;
  CHECK_FALSE(applyExperimentOverrides(list, sim, problem));
}

TEST_CASE("the flat model: a parameter's binding, a start value, the refusals") {
  using namespace mocc;
  flat::FlatModel model;
  model.name = "M";
  auto add = [&](const std::string &name, flat::VariabilityKind variability,
                 flat::TypeKind type = flat::TypeKind::Real) {
    flat::Variable v;
    v.name = name;
    v.variability = variability;
    v.type = type;
    v.binding = variability == flat::VariabilityKind::Continuous ? sym::ExprId{}
                                                                  : model.pool.constant(1);
    return model.addVariable(std::move(v));
  };
  sym::VarId k = add("k", flat::VariabilityKind::Parameter);
  sym::VarId n = add("n", flat::VariabilityKind::Parameter, flat::TypeKind::Integer);
  model.var(n).structural = true;
  add("g", flat::VariabilityKind::Constant);
  sym::VarId b = add("b", flat::VariabilityKind::Parameter, flat::TypeKind::Boolean);
  sym::VarId x = add("x", flat::VariabilityKind::Continuous);
  add("a[1]", flat::VariabilityKind::Parameter);
  std::string problem;
  auto apply = [&](const std::string &list) {
    std::vector<Override> overrides;
    REQUIRE(parseOverrideList(list, overrides, problem));
    return applyModelOverrides(overrides, model, problem);
  };
  REQUIRE(apply("k=2.5,b=false,x.start=3"));
  CHECK(model.pool.constantValue(model.var(k).binding) == 2.5);
  CHECK(model.pool.constantValue(model.var(b).binding) == 0.0);
  CHECK(model.pool.constantValue(model.var(x).attributes.start) == 3.0);
  REQUIRE(apply("x=4"));
  CHECK(model.pool.constantValue(model.var(x).attributes.start) == 4.0);
  CHECK_FALSE(apply("n=3"));
  CHECK(problem.starts_with("`n` cannot be overridden: the translation used its value"));
  CHECK_FALSE(apply("g=1"));
  CHECK(problem == "`g` is a constant: it cannot be overridden");
  CHECK_FALSE(apply("a=1"));
  CHECK(problem == "`a` is an array: override its elements, `a[1]=...`");
  CHECK_FALSE(apply("b=yes"));
  CHECK_FALSE(apply("k.start=1"));
  CHECK_FALSE(apply("x.min=1"));
  CHECK_FALSE(apply("y=1"));
  CHECK(problem == "the model M has no variable `y`");
}
