// Class definitions and their elements: every class kind and prefix, long,
// extends, short, enumeration and der specifiers, imports, extends clauses,
// component clauses, modifications, external clauses and annotations.
#include "ParseTestUtil.h"

using namespace mocc;
using namespace mocc::ast;
using mocc::test::firstClass;
using mocc::test::parseOk;
using mocc::test::TestSource;

namespace {

/// `model M <body> end M;`
std::string wrap(const std::string &body) {
  return "model M\n" + body + "\nend M;\n";
}

const Element &onlyElement(const StoredDefinition &def) {
  const ClassDef &cls = firstClass(def);
  REQUIRE(cls.elements.size() == 1);
  return cls.elements[0];
}

} // namespace

TEST_CASE("within clause, several classes and final") {
  TestSource source("within A.B;\nmodel M end M;\nfinal package P end P;\n");
  auto def = parseOk(source);
  CHECK(def->hasWithin);
  CHECK(def->within.str() == "A.B");
  REQUIRE(def->classes.size() == 2);
  CHECK_FALSE(def->classes[0]->prefixes.final);
  CHECK(def->classes[1]->prefixes.final);
  CHECK(def->classes[1]->prefixes.restriction == ClassRestrictionKind::Package);

  TestSource bare("within;\nclass C end C;");
  auto bareDef = parseOk(bare);
  CHECK(bareDef->hasWithin);
  CHECK(bareDef->within.parts.empty());
}

TEST_CASE("every class restriction and prefix") {
  struct Case {
    const char *text;
    ClassRestrictionKind kind;
  };
  const Case cases[] = {
      {"class", ClassRestrictionKind::Class},
      {"model", ClassRestrictionKind::Model},
      {"record", ClassRestrictionKind::Record},
      {"operator record", ClassRestrictionKind::OperatorRecord},
      {"block", ClassRestrictionKind::Block},
      {"connector", ClassRestrictionKind::Connector},
      {"expandable connector", ClassRestrictionKind::ExpandableConnector},
      {"type", ClassRestrictionKind::Type},
      {"package", ClassRestrictionKind::Package},
      {"function", ClassRestrictionKind::Function},
      {"operator function", ClassRestrictionKind::OperatorFunction},
      {"operator", ClassRestrictionKind::Operator},
  };
  for (const Case &c : cases) {
    INFO(c.text);
    TestSource source(std::string(c.text) + " X end X;");
    auto def = parseOk(source);
    CHECK(firstClass(*def).prefixes.restriction == c.kind);
    CHECK(std::string(restrictionName(c.kind)) == c.text);
  }
  TestSource prefixed(
      "encapsulated partial model M end M;\n"
      "pure function f end f;\nimpure operator function g end g;");
  auto def = parseOk(prefixed);
  CHECK(def->classes[0]->prefixes.encapsulated);
  CHECK(def->classes[0]->prefixes.partial);
  CHECK(def->classes[1]->prefixes.pure);
  CHECK(def->classes[2]->prefixes.impure);
  CHECK(def->classes[2]->prefixes.restriction ==
        ClassRestrictionKind::OperatorFunction);
}

TEST_CASE("long class: description strings concatenated, name ranges") {
  TestSource source("model 'M 1' \"a\" + \"b\"\nend 'M 1';");
  auto def = parseOk(source);
  const ClassDef &cls = firstClass(*def);
  CHECK(cls.name == "'M 1'");
  CHECK(cls.specifier == ClassSpecifierKind::Long);
  CHECK(cls.description.text == "ab");
  CHECK(source.text(cls.nameRange) == "'M 1'");
  CHECK(source.text(cls.range) == "model 'M 1' \"a\" + \"b\"\nend 'M 1'");
}

TEST_CASE("extends class specifier") {
  TestSource source(
      "package P\n  redeclare model extends Base(x = 1) \"d\"\n    Real y;\n  "
      "end Base;\nend P;");
  auto def = parseOk(source);
  const Element &element = firstClass(*def).elements.at(0);
  CHECK(element.redeclare);
  REQUIRE(element.kind == ElementKind::Class);
  const ClassDef &cls = *element.classDef;
  CHECK(cls.specifier == ClassSpecifierKind::ExtendsLong);
  CHECK(cls.name == "Base");
  REQUIRE(cls.extendsMod != nullptr);
  CHECK(cls.extendsMod->arguments.at(0).path.str() == "x");
  CHECK(cls.description.text == "d");
  CHECK(cls.elements.size() == 1);
}

TEST_CASE(
    "short class specifiers: base prefix, dims, modification, description") {
  TestSource source(
      wrap("type V = input Real[3](unit = \"V\") \"volt\" annotation(x = 1);"));
  auto def = parseOk(source);
  const ClassDef &cls = *onlyElement(*def).classDef;
  CHECK(cls.specifier == ClassSpecifierKind::Short);
  CHECK(cls.basePrefix.causality == CausalityKind::Input);
  CHECK(cls.baseType.str() == "Real");
  CHECK(cls.baseDims.size() == 1);
  REQUIRE(cls.baseMod != nullptr);
  CHECK(cls.baseMod->arguments.at(0).path.str() == "unit");
  CHECK(cls.description.text == "volt");
  CHECK(cls.description.annotation != nullptr);
}

TEST_CASE("enumerations, including enumeration(:)") {
  TestSource source(wrap("type E = enumeration(a \"first\", b, 'c d') \"e\";\n"
                         "type U = enumeration(:);"));
  auto def = parseOk(source);
  const ClassDef &e = *firstClass(*def).elements.at(0).classDef;
  CHECK(e.specifier == ClassSpecifierKind::Enumeration);
  REQUIRE(e.literals.size() == 3);
  CHECK(e.literals[0].description.text == "first");
  CHECK(e.literals[2].name == "'c d'");
  CHECK(e.description.text == "e");
  const ClassDef &u = *firstClass(*def).elements.at(1).classDef;
  CHECK(u.unspecifiedEnumeration);
  CHECK(u.literals.empty());
}

TEST_CASE("der class specifier") {
  TestSource source(wrap("function df = der(.P.f, x, y) \"derivative\";"));
  auto def = parseOk(source);
  const ClassDef &cls = *onlyElement(*def).classDef;
  CHECK(cls.specifier == ClassSpecifierKind::Der);
  CHECK(cls.derFunction.str() == ".P.f");
  CHECK(cls.derInputs == std::vector<std::string>{"x", "y"});
  CHECK(cls.description.text == "derivative");
}

TEST_CASE("the four import forms") {
  TestSource source(wrap("import SI = Modelica.Units.SI;\nimport A.B.*;\n"
                         "import A.B.{C, D} \"two\";\nimport A.B.C;"));
  auto def = parseOk(source);
  const auto &elements = firstClass(*def).elements;
  REQUIRE(elements.size() == 4);
  const ImportClause &named = *elements[0].import;
  CHECK(named.kind == ImportKind::Named);
  CHECK(named.alias == "SI");
  CHECK(named.name.str() == "Modelica.Units.SI");
  CHECK(elements[1].import->kind == ImportKind::Unqualified);
  CHECK(elements[1].import->name.str() == "A.B");
  const ImportClause &multiple = *elements[2].import;
  CHECK(multiple.kind == ImportKind::Multiple);
  CHECK(multiple.names == std::vector<std::string>{"C", "D"});
  CHECK(multiple.description.text == "two");
  CHECK(elements[3].import->kind == ImportKind::Qualified);
  CHECK(elements[3].import->name.str() == "A.B.C");
}

TEST_CASE("extends clause with break items and annotation") {
  TestSource source(wrap("extends Base(x = 1, break y, break connect(a.b, c)) "
                         "annotation(k = 1);"));
  auto def = parseOk(source);
  const Element &element = onlyElement(*def);
  REQUIRE(element.kind == ElementKind::Extends);
  const ExtendsClause &extends = *element.extends;
  CHECK(extends.base.str() == "Base");
  REQUIRE(extends.mod != nullptr);
  const auto &args = extends.mod->arguments;
  REQUIRE(args.size() == 3);
  CHECK(args[0].kind == ArgumentKind::Modification);
  CHECK(args[1].kind == ArgumentKind::BreakComponent);
  CHECK(args[1].path.str() == "y");
  CHECK(args[2].kind == ArgumentKind::BreakConnect);
  CHECK(args[2].connectA->str() == "a.b");
  CHECK(args[2].connectB->str() == "c");
  CHECK(extends.annotation != nullptr);
}

TEST_CASE("component clauses: prefixes, dimensions, several declarations") {
  TestSource source(
      wrap("flow discrete input Real[2] x[3](start = 1) = y if c \"d\", z;\n"
           "stream parameter output .A.T u;\nconstant Integer k;"));
  auto def = parseOk(source);
  const auto &elements = firstClass(*def).elements;
  const ComponentClause &clause = *elements.at(0).component;
  CHECK(clause.prefix.connector == ConnectorKind::Flow);
  CHECK(clause.prefix.variability == VariabilityKind::Discrete);
  CHECK(clause.prefix.variabilityWritten);
  CHECK(clause.prefix.causality == CausalityKind::Input);
  CHECK(clause.typeDims.size() == 1);
  REQUIRE(clause.components.size() == 2);
  const ComponentDecl &x = clause.components[0];
  CHECK(x.name == "x");
  CHECK(x.dims.size() == 1);
  REQUIRE(x.mod != nullptr);
  CHECK(x.mod->hasClassModification);
  CHECK(x.mod->binding != nullptr);
  CHECK(x.condition != nullptr);
  CHECK(x.description.text == "d");
  CHECK(source.text(x.nameRange) == "x");
  CHECK_FALSE(clause.components[1].mod);

  const ComponentClause &u = *elements.at(1).component;
  CHECK(u.prefix.connector == ConnectorKind::Stream);
  CHECK(u.prefix.variability == VariabilityKind::Parameter);
  CHECK(u.prefix.causality == CausalityKind::Output);
  CHECK(u.type.global);
  CHECK(u.type.str() == ".A.T");
  CHECK(elements.at(2).component->prefix.variability ==
        VariabilityKind::Constant);
  CHECK(elements.at(2).component->prefix.connector == ConnectorKind::Potential);
}

TEST_CASE("element prefixes and replaceable with constraining clause") {
  TestSource source(
      wrap("redeclare final inner outer replaceable Real x \"a\" "
           "constrainedby Real(min = 0) \"b\" annotation(k = 1);"));
  auto def = parseOk(source);
  const Element &element = onlyElement(*def);
  CHECK(element.redeclare);
  CHECK(element.final);
  CHECK(element.inner);
  CHECK(element.outer);
  CHECK(element.replaceable);
  REQUIRE(element.constrainedBy != nullptr);
  CHECK(element.constrainedBy->type.str() == "Real");
  CHECK(element.constrainedBy->mod != nullptr);
  CHECK(element.constrainedBy->description.text == "b");
  CHECK(element.constrainedBy->description.annotation != nullptr);
  CHECK(element.component->components.at(0).description.text == "a");
}

TEST_CASE("modifications: each, final, redeclare, replaceable, break and :=") {
  TestSource source(wrap(
      "Real x(each start = 1, final unit = \"m\" \"desc\", nominal, "
      "redeclare each final replaceable Real r constrainedby Real, "
      "redeclare package P = Q(n = 2), replaceable function f = g \"d\");\n"
      "Real y = break;\nReal z := 3;\nReal w(a(b = 1) = 2);"));
  auto def = parseOk(source);
  const auto &elements = firstClass(*def).elements;
  const auto &args = elements.at(0).component->components.at(0).mod->arguments;
  REQUIRE(args.size() == 6);
  CHECK(args[0].each);
  CHECK(args[0].path.str() == "start");
  CHECK(args[1].final);
  CHECK(args[1].description == "desc");
  CHECK(args[2].mod == nullptr);
  CHECK(args[3].kind == ArgumentKind::Redeclaration);
  CHECK(args[3].each);
  CHECK(args[3].final);
  CHECK(args[3].replaceable);
  CHECK(args[3].component != nullptr);
  CHECK(args[3].constrainedBy != nullptr);
  CHECK(args[4].kind == ArgumentKind::Redeclaration);
  REQUIRE(args[4].classDef != nullptr);
  CHECK(args[4].classDef->baseType.str() == "Q");
  CHECK(args[5].kind == ArgumentKind::Replaceable);
  CHECK(args[5].classDef->prefixes.restriction ==
        ClassRestrictionKind::Function);
  CHECK(args[5].classDef->description.text == "d");

  const Modification &breakMod =
      *elements.at(1).component->components.at(0).mod;
  CHECK(breakMod.bindingIsBreak);
  CHECK(breakMod.binding == nullptr);
  const Modification &assign = *elements.at(2).component->components.at(0).mod;
  CHECK(assign.assignBinding);
  CHECK(source.text(assign.bindingRange) == "3");
  const Modification &nested = *elements.at(3).component->components.at(0).mod;
  CHECK(nested.arguments.at(0).mod->hasClassModification);
  CHECK(nested.arguments.at(0).mod->binding != nullptr);
}

TEST_CASE("composition: visibility, sections, external clause and annotation") {
  TestSource source(
      "function f\n  input Real x;\nprotected\n  Real t;\npublic\n  output "
      "Real y;\n"
      "external \"C\" y = ext(x, 1) annotation(Library = \"m\");\n"
      "annotation(Inline = true);\nend f;\n"
      "model M\nequation\nx = 1;\ninitial equation\nx = 0;\nalgorithm\n"
      "initial algorithm\nend M;\n"
      "function g external; end g;\nfunction h external \"C\"; end h;");
  auto def = parseOk(source);
  const ClassDef &f = *def->classes.at(0);
  REQUIRE(f.elements.size() == 3);
  CHECK_FALSE(f.elements[0].isProtected);
  CHECK(f.elements[1].isProtected);
  CHECK_FALSE(f.elements[2].isProtected);
  REQUIRE(f.external != nullptr);
  CHECK(f.external->language == "C");
  CHECK(f.external->hasCall);
  CHECK(f.external->output->str() == "y");
  CHECK(f.external->function == "ext");
  CHECK(f.external->args.size() == 2);
  CHECK(f.external->annotation != nullptr);
  CHECK(f.annotation != nullptr);

  const ClassDef &m = *def->classes.at(1);
  REQUIRE(m.equationSections.size() == 2);
  CHECK_FALSE(m.equationSections[0].initial);
  CHECK(m.equationSections[1].initial);
  REQUIRE(m.algorithmSections.size() == 2);
  CHECK(m.algorithmSections[1].initial);

  CHECK_FALSE(def->classes.at(2)->external->hasCall);
  CHECK(def->classes.at(2)->external->language.empty());
  CHECK(def->classes.at(3)->external->language == "C");
}

TEST_CASE(
    "a UTF-8 byte-order mark is skipped, offsets stay those of the file") {
  TestSource source("\xEF\xBB\xBFmodel M end M;");
  auto def = parseOk(source);
  CHECK(firstClass(*def).nameRange.begin == 9);
}

TEST_CASE("comments are skipped, also with non-ASCII text") {
  TestSource source("// Größe\n/* a /* b ** */ model /* ü */ M // x\n end M;");
  auto def = parseOk(source);
  CHECK(firstClass(*def).name == "M");
  CHECK(source.at(firstClass(*def).nameRange) == "2:31");
}
