// Parse, print, parse again and print again: the two printed texts must be
// the same, for representative snippets of every construct and (when the
// environment variable MOCC_MSL is set) for the whole Modelica Standard
// Library.
#include "compiler/ast/ASTPrinter.h"
#include "compiler/parse/Parser.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

using namespace mocc;

namespace {

/// The printed form of a parsed file; empty (and a failed check) on errors.
std::string printParsed(SourceManager &sources, FileId file) {
  std::ostringstream out;
  Diagnostics diags(sources, out);
  auto def = parseFile(sources, file, diags);
  INFO(sources.path(file), "\n", out.str());
  CHECK(def != nullptr);
  return def ? ast::toString(*def) : "";
}

/// Checks that printing the reparsed print gives the same text.
void checkRoundTrip(SourceManager &sources, FileId file) {
  std::string once = printParsed(sources, file);
  FileId again = sources.addBuffer(sources.path(file) + " (printed)", once);
  std::string twice = printParsed(sources, again);
  INFO(sources.path(file));
  CHECK(once == twice);
}

const char *const snippets[] = {
    R"(within A.B;
encapsulated partial model 'M x' "desc" + " more"
  import SI = Modelica.Units.SI;
  import Modelica.Math.*;
  import Modelica.Math.{sin, cos};
  extends Base(x = 1, break y, break connect(a.b, c)) annotation(Icon);
  replaceable package Medium = PartialMedium constrainedby PartialMedium(n = 2) "m";
  parameter Real x[3](each start = 1, final unit = "m" "u") = {1, 2, 3} "x" annotation(Dialog);
  flow discrete input Real[2] y if cond "cond", y2;
  outer Real w;
  inner replaceable Real v "v" constrainedby Real "c";
  redeclare final Real u = break;
  Real q(redeclare each final replaceable Real r constrainedby Real, redeclare package M = N(x = 1));
  type E = enumeration(a "first", b, 'c d') "e";
  type U = enumeration(:);
  type V = output Real[3](unit = "V") "volt" annotation(x = 1);
  function df = der(f, x, y) "derivative";
  operator record R end R;
  expandable connector C end C;
  impure operator function of end of;
  model extends Inner(a = 1) "ext" end Inner;
protected
  Real p := 3;
public
  Real s;
equation
  der(x) = -2^2 + a*b - c/d .* e ./ f .^ g;
  connect(a.b[1], c.d[end]);
  for i in 1:n, j loop x[i] = j; end for;
  if a < b then x = 1; elseif not c and d or e then x = 2; else x = 3; end if;
  when initial() then reinit(x, 1); elsewhen sample(0, 1) then y = pre(y); end when;
  assert(x > 0, "x \"positive\"\n", level = AssertionLevel.warning) "check";
  (a, b) = f(x);
initial equation
  x = 0;
algorithm
  (a, , b) := f(x, y = 2);
  x := {i for i in 1:3};
  y := sum(x[i] for i in 1:3);
  m := [1, 2; 3, 4];
  f2 := g(function h(a = 1), 2);
  while x < 10 loop x := x + 1; break; end while;
  if a then return; end if;
external "C" y = ext(x, 1) annotation(Library = "lib");
annotation(Documentation(info = "<html></html>"));
end 'M x';
final package P end P;
)",
    "model M\n  Real x = if a then (if b then 1 else 2) else -(3 + 4) * 5;\n"
    "  Real y = (1:3) * 2 + (a:b:c) * 1;\nend M;",
    "function f\n  input Real x;\n  output Real y;\nalgorithm\n  y := (-x)^2 + "
    "x^(-1) - (x - 1) - "
    "(not true and (a or b)) .+ {1, 2};\nend f;",
};

} // namespace

TEST_CASE("parse, print, parse, print: the same text") {
  SourceManager sources;
  for (const char *snippet : snippets)
    checkRoundTrip(sources, sources.addBuffer("snippet.mo", snippet));
}

TEST_CASE("the round trip holds for the whole Modelica Standard Library") {
  const char *root = std::getenv("MOCC_MSL");
  if (!root || !*root) {
    std::cout << "SKIPPED: MOCC_MSL is not set: the MSL round-trip test did not run\n";
    return;
  }
  std::vector<std::string> files;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(root))
    if (entry.is_regular_file() && entry.path().extension() == ".mo")
      files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  for (const std::string &path : files) {
    SourceManager sources;
    std::optional<FileId> file = sources.addFile(path);
    REQUIRE(file.has_value());
    checkRoundTrip(sources, *file);
  }
  std::cout << "round trip checked on " << files.size() << " MSL files\n";
}
