// Unit tests of class loading, lookup and modification, on models held in
// memory and on a library folder written for the test.
#include "compiler/instantiate/Instance.h"
#include "tests/unit/SourceFixture.h"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace mocc;
namespace fs = std::filesystem;

namespace {

/// A class tree and instantiator over one source text.
struct Fixture : test::SourceFixture {
  inst::Instance *model(const std::string &text) { return instantiate(text); }
  inst::Instance *component(inst::Instance *parent, const std::string &name) {
    inst::Member *m = parent->findMember(name);
    REQUIRE(m);
    return parent->memberInstance(*m);
  }
};

void writeFile(const fs::path &path, const std::string &text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

} // namespace

TEST_CASE("inherited elements come in place of the extends clause") {
  Fixture f;
  auto *m = f.model(R"(
    model M
      model A Real a1; Real a2; end A;
      Real first;
      extends A;
      Real last;
    end M;)");
  std::vector<std::string> names;
  for (auto &member : m->members())
    if (member.kind == inst::Member::Kind::Component)
      names.push_back(member.name);
  CHECK(names == std::vector<std::string>{"first", "a1", "a2", "last"});
}

TEST_CASE("the outer modification wins, and final elements cannot be modified") {
  Fixture f;
  auto *m = f.model(R"(
    model M
      model P parameter Real k = 1; final parameter Real c = 2; end P;
      model Q extends P(k = 3); end Q;
      Q q(k = 4);
      Q r;
      P p(c = 5);
    end M;)");
  auto binding = [&](inst::Instance *x) {
    REQUIRE(x->mod.binding);
    return f.sources.text(x->mod.bindingLoc.file).substr(x->mod.bindingLoc.begin,
                                                         x->mod.bindingLoc.end - x->mod.bindingLoc.begin);
  };
  CHECK(binding(f.component(f.component(m, "q"), "k")) == "4");
  CHECK(binding(f.component(f.component(m, "r"), "k")) == "3");
  f.component(f.component(m, "p"), "c");
  CHECK(f.messages.str().find("cannot modify a final element") != std::string::npos);
}

TEST_CASE("lookup: imports, enclosing packages and encapsulated classes") {
  Fixture f;
  REQUIRE(f.tree.addUserSource("p.mo", R"(
    package P
      constant Real c = 1;
      package Q
        model A end A;
      end Q;
      model UsesImport
        import R = P.Q;
        import P.Q.*;
        import P.Q.A;
      end UsesImport;
      encapsulated model Closed end Closed;
    end P;)"));
  auto *p = f.tree.lookupTopLevel("P");
  REQUIRE(p);
  auto *usesImport = p->findChild("UsesImport");
  auto *closed = p->findChild("Closed");
  inst::Scope importScope{nullptr, usesImport};
  CHECK(f.instantiator.lookupFirst("R", importScope).cls == p->findChild("Q"));
  CHECK(f.instantiator.lookupFirst("A", importScope).cls->fullName() == "P.Q.A");
  CHECK(f.instantiator.lookupFirst("c", importScope).kind == inst::Found::Kind::Component);
  CHECK_FALSE(f.instantiator.lookupFirst("c", inst::Scope{nullptr, closed}));
  CHECK(f.instantiator.lookupFirst("Real", inst::Scope{nullptr, closed}).cls->builtin ==
        inst::BuiltinKind::Real);
}

TEST_CASE("library folders load on demand") {
  fs::path dir = fs::temp_directory_path() / ("mocc_lib_" + std::to_string(getpid()));
  writeFile(dir / "Lib" / "package.mo", "package Lib\n  constant Integer n = 3;\nend Lib;\n");
  writeFile(dir / "Lib" / "Used.mo", "within Lib;\nmodel Used Real x[n]; end Used;\n");
  writeFile(dir / "Lib" / "Sub" / "package.mo", "within Lib;\npackage Sub end Sub;\n");
  writeFile(dir / "Lib" / "Sub" / "Deep.mo", "within Lib.Sub;\nmodel Deep end Deep;\n");
  // A broken file that is never needed must never be parsed.
  writeFile(dir / "Lib" / "Broken.mo", "within Lib;\nmodel Broken +++ end Broken;\n");
  Fixture f;
  f.tree.addLibrary(dir.string());
  auto *used = f.tree.lookupPath({"Lib", "Used"});
  REQUIRE(used);
  CHECK(used->fullName() == "Lib.Used");
  REQUIRE(f.tree.lookupPath({"Lib", "Sub", "Deep"}));
  CHECK_FALSE(f.tree.lookupPath({"Lib", "Missing"}));
  CHECK(f.diags.errorCount() == 0);
  CHECK(f.sources.fileCount() == 4); // Lib, Used, Sub, Deep: not Broken
  fs::remove_all(dir);
}

TEST_CASE("short class definitions add their modification and dimensions to a component") {
  Fixture f;
  auto *m = f.model(R"(
    model M
      type Length = Real(unit = "m");
      type Position = Length[3](each start = 0);
      Position p(each fixed = true);
    end M;)");
  auto *p = f.component(m, "p");
  CHECK(p->builtin == inst::BuiltinKind::Real);
  CHECK(p->dimExprs.size() == 1);
  CHECK(p->mod.child("unit"));
  CHECK(p->mod.child("start"));
  CHECK(p->mod.child("fixed"));
}

TEST_CASE("lookup: an answer found while a package is half expanded is not kept") {
  // Expanding P expands its base Inner, whose `extends K` is looked up while
  // P has no members yet: it finds the top-level K. Once P is expanded, K
  // from inside Inner is the one P inherits from Base. Lookups are kept
  // (Instantiator::kept) only when no package is being expanded.
  Fixture f;
  REQUIRE(f.tree.addUserSource("p.mo", R"(
    model K Real top; end K;
    package Base
      model K Real inherited; end K;
    end Base;
    package P
      extends Inner;
      package Inner
        model Uses extends K; end Uses;
        extends K;
      end Inner;
      extends Base;
    end P;
    model M Real x; end M;)"));
  auto *p = f.tree.lookupTopLevel("P");
  REQUIRE(p);
  auto *inner = p->findChild("Inner");
  REQUIRE(inner);
  inst::Instance *m = f.instantiator.instantiateModel(f.tree.lookupTopLevel("M"));
  REQUIRE(m);
  // P's package instance, expanded here: its expansion looks K up from Inner.
  REQUIRE(f.instantiator.packageInstance(p)->findMember("K"));
  inst::ClassNode *inheritedK = f.tree.lookupTopLevel("Base")->findChild("K");
  for (inst::Scope scope : {inst::Scope{m, inner}, inst::Scope{nullptr, inner}}) {
    inst::Found k = f.instantiator.lookupFirst("K", scope);
    REQUIRE(k.kind == inst::Found::Kind::Class);
    CHECK(k.cls->def == inheritedK->def); // P.K, the view of Base.K in P
    // Asked again: the kept answer is the same.
    CHECK(f.instantiator.lookupFirst("K", scope).cls == k.cls);
  }
}
