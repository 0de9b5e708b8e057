// Implementation of the Modelica source printer. Expression parentheses
// follow the levels of the expression grammar (MLS A.2.7): an operand is
// parenthesized when its own level is looser than what its position allows.
#include "compiler/ast/ASTPrinter.h"

#include <cstdio>

namespace mocc::ast {

namespace {

/// The levels of the expression grammar, loosest first.
enum Level {
  IfLevel,       // expression: if ... then ... else ...
  RangeLevel,    // simple-expression: a : b : c
  OrLevel,       // logical-expression
  AndLevel,      // logical-term
  NotLevel,      // logical-factor
  RelationLevel, // relation (not associative)
  AddLevel,      // arithmetic-expression, including a leading unary + or -
  MulLevel,      // term
  PowLevel,      // factor (not associative)
  PrimaryLevel,  // primary
};

int binaryLevel(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::Or:
    return OrLevel;
  case BinaryOpKind::And:
    return AndLevel;
  case BinaryOpKind::Less:
  case BinaryOpKind::LessEq:
  case BinaryOpKind::Greater:
  case BinaryOpKind::GreaterEq:
  case BinaryOpKind::Equal:
  case BinaryOpKind::NotEqual:
    return RelationLevel;
  case BinaryOpKind::Add:
  case BinaryOpKind::Sub:
  case BinaryOpKind::ElemAdd:
  case BinaryOpKind::ElemSub:
    return AddLevel;
  case BinaryOpKind::Mul:
  case BinaryOpKind::Div:
  case BinaryOpKind::ElemMul:
  case BinaryOpKind::ElemDiv:
    return MulLevel;
  case BinaryOpKind::Pow:
  case BinaryOpKind::ElemPow:
    return PowLevel;
  }
  return PrimaryLevel;
}

int exprLevel(const Expr &e) {
  switch (e.kind) {
  case ExprKind::If:
    return IfLevel;
  case ExprKind::Range:
    return RangeLevel;
  case ExprKind::Binary:
    return binaryLevel(cast<BinaryExpr>(e).op);
  case ExprKind::Unary:
    return cast<UnaryExpr>(e).op == UnaryOpKind::Not ? NotLevel : AddLevel;
  case ExprKind::Integer: {
    auto &lit = cast<IntegerExpr>(e);
    return lit.text.empty() && lit.value < 0 ? AddLevel : PrimaryLevel;
  }
  case ExprKind::Real: {
    auto &lit = cast<RealExpr>(e);
    return lit.text.empty() && lit.value < 0 ? AddLevel : PrimaryLevel;
  }
  default:
    return PrimaryLevel;
  }
}

/// Operators whose spelling is a word or could merge with a neighbouring
/// number (`2.*x` lexes as `2.` `*` `x`) are written with spaces around.
bool spacedOperator(BinaryOpKind op) {
  switch (op) {
  case BinaryOpKind::Mul:
  case BinaryOpKind::Div:
  case BinaryOpKind::Pow:
    return false;
  default:
    return true;
  }
}

const char *variabilityPrefix(VariabilityKind kind) {
  switch (kind) {
  case VariabilityKind::Discrete:
    return "discrete ";
  case VariabilityKind::Parameter:
    return "parameter ";
  case VariabilityKind::Constant:
    return "constant ";
  case VariabilityKind::Continuous:
    return "";
  }
  return "";
}

const char *causalityPrefix(CausalityKind kind) {
  switch (kind) {
  case CausalityKind::Input:
    return "input ";
  case CausalityKind::Output:
    return "output ";
  case CausalityKind::None:
    return "";
  }
  return "";
}

} // namespace

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

void ASTPrinter::print(const Expr &e) { expr(e, IfLevel); }

void ASTPrinter::print(const Name &name) { out_ += name.str(); }

void ASTPrinter::expr(const Expr &e, int minLevel) {
  bool parens = exprLevel(e) < minLevel;
  if (parens)
    out_ += '(';
  switch (e.kind) {
  case ExprKind::Integer:
  case ExprKind::Real:
  case ExprKind::String:
  case ExprKind::Boolean:
    literal(e);
    break;
  case ExprKind::Ref:
    ref(cast<RefExpr>(e));
    break;
  case ExprKind::Call:
    call(cast<CallExpr>(e));
    break;
  case ExprKind::Unary:
    unary(cast<UnaryExpr>(e));
    break;
  case ExprKind::Binary:
    binary(cast<BinaryExpr>(e));
    break;
  case ExprKind::If:
    ifExpr(cast<IfExpr>(e));
    break;
  case ExprKind::Range:
    range(cast<RangeExpr>(e));
    break;
  case ExprKind::Array:
    out_ += '{';
    exprList(cast<ArrayExpr>(e).elements, ", ");
    out_ += '}';
    break;
  case ExprKind::Comprehension: {
    auto &comp = cast<ComprehensionExpr>(e);
    out_ += '{';
    expr(*comp.body, IfLevel);
    out_ += " for ";
    forIndices(comp.iterators);
    out_ += '}';
    break;
  }
  case ExprKind::Matrix: {
    auto &matrix = cast<MatrixExpr>(e);
    out_ += '[';
    for (size_t i = 0; i < matrix.rows.size(); ++i) {
      if (i != 0)
        out_ += "; ";
      exprList(matrix.rows[i], ", ");
    }
    out_ += ']';
    break;
  }
  case ExprKind::Tuple:
    out_ += '(';
    exprList(cast<TupleExpr>(e).elements, ", ");
    out_ += ')';
    break;
  case ExprKind::End:
    out_ += "end";
    break;
  case ExprKind::Colon:
    out_ += ':';
    break;
  case ExprKind::PartialApp: {
    auto &app = cast<PartialAppExpr>(e);
    out_ += "function ";
    print(app.function);
    out_ += '(';
    namedArgs(app.namedArgs);
    out_ += ')';
    break;
  }
  }
  if (parens)
    out_ += ')';
}

// relation and factor are not associative; arithmetic and logical operators
// associate to the left, so only their right operand needs the tighter level.
static std::pair<int, int> operandLevels(BinaryOpKind op) {
  int level = binaryLevel(op);
  if (level == RelationLevel)
    return {AddLevel, AddLevel};
  if (level == PowLevel)
    return {PrimaryLevel, PrimaryLevel};
  return {level, level + 1};
}

// A chain of left operands (`a + b + c` is `(a + b) + c`) is printed in a
// loop: it is as deep as it is long.
void ASTPrinter::binary(const BinaryExpr &e) {
  std::vector<const BinaryExpr *> chain{&e};
  while (chain.back()->lhs->kind == ExprKind::Binary &&
         exprLevel(*chain.back()->lhs) >= operandLevels(chain.back()->op).first)
    chain.push_back(&cast<BinaryExpr>(*chain.back()->lhs));
  expr(*chain.back()->lhs, operandLevels(chain.back()->op).first);
  for (size_t i = chain.size(); i-- > 0;) {
    const BinaryExpr &link = *chain[i];
    if (spacedOperator(link.op)) {
      out_ += ' ';
      out_ += binaryOpSpelling(link.op);
      out_ += ' ';
    } else {
      out_ += binaryOpSpelling(link.op);
    }
    expr(*link.rhs, operandLevels(link.op).second);
  }
}

// logical-factor : [ not ] relation
// arithmetic-expression : [ add-operator ] term { add-operator term }
void ASTPrinter::unary(const UnaryExpr &e) {
  if (e.op == UnaryOpKind::Not) {
    out_ += "not ";
    expr(*e.operand, RelationLevel);
    return;
  }
  out_ += unaryOpSpelling(e.op);
  expr(*e.operand, MulLevel);
}

void ASTPrinter::ifExpr(const IfExpr &e) {
  for (size_t i = 0; i < e.branches.size(); ++i) {
    out_ += i == 0 ? "if " : " elseif ";
    expr(*e.branches[i].condition, IfLevel);
    out_ += " then ";
    expr(*e.branches[i].value, IfLevel);
  }
  out_ += " else ";
  expr(*e.elseValue, IfLevel);
}

void ASTPrinter::range(const RangeExpr &e) {
  expr(*e.start, OrLevel);
  out_ += ':';
  if (e.step) {
    expr(*e.step, OrLevel);
    out_ += ':';
  }
  expr(*e.stop, OrLevel);
}

void ASTPrinter::call(const CallExpr &e) {
  ref(*e.callee);
  out_ += '(';
  exprList(e.args, ", ");
  if (!e.namedArgs.empty()) {
    if (!e.args.empty())
      out_ += ", ";
    namedArgs(e.namedArgs);
  }
  if (!e.iterators.empty()) {
    out_ += " for ";
    forIndices(e.iterators);
  }
  out_ += ')';
}

void ASTPrinter::ref(const RefExpr &e) {
  if (e.global)
    out_ += '.';
  for (size_t i = 0; i < e.parts.size(); ++i) {
    if (i != 0)
      out_ += '.';
    out_ += e.parts[i].name;
    subscripts(e.parts[i].subscripts);
  }
}

void ASTPrinter::literal(const Expr &e) {
  char buffer[32];
  switch (e.kind) {
  case ExprKind::Integer: {
    auto &lit = cast<IntegerExpr>(e);
    out_ += lit.text.empty() ? std::to_string(lit.value) : lit.text;
    break;
  }
  case ExprKind::Real: {
    auto &lit = cast<RealExpr>(e);
    if (!lit.text.empty()) {
      out_ += lit.text;
      break;
    }
    std::snprintf(buffer, sizeof buffer, "%.17g", lit.value);
    out_ += buffer;
    if (std::string_view(buffer).find_first_of(".eEn") ==
        std::string_view::npos)
      out_ += ".0";
    break;
  }
  case ExprKind::String:
    string(cast<StringExpr>(e).value);
    break;
  case ExprKind::Boolean:
    out_ += cast<BooleanExpr>(e).value ? "true" : "false";
    break;
  default:
    break;
  }
}

/// Elements separated by `separator`; a null element prints as nothing, as
/// an omitted slot of an output-expression-list.
void ASTPrinter::exprList(const std::vector<ExprPtr> &list,
                          const char *separator) {
  for (size_t i = 0; i < list.size(); ++i) {
    if (i != 0)
      out_ += separator;
    if (list[i])
      expr(*list[i], IfLevel);
  }
}

void ASTPrinter::subscripts(const std::vector<ExprPtr> &subs) {
  if (subs.empty())
    return;
  out_ += '[';
  exprList(subs, ", ");
  out_ += ']';
}

void ASTPrinter::namedArgs(const std::vector<NamedArgument> &args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (i != 0)
      out_ += ", ";
    out_ += args[i].name;
    out_ += " = ";
    expr(*args[i].value, IfLevel);
  }
}

/// for-indices: `i in r, j`.
void ASTPrinter::forIndices(const std::vector<ForIndex> &indices) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (i != 0)
      out_ += ", ";
    out_ += indices[i].name;
    if (indices[i].range) {
      out_ += " in ";
      expr(*indices[i].range, IfLevel);
    }
  }
}

/// A string literal on one line: `"`, `\` and control characters escaped.
void ASTPrinter::string(const std::string &value) {
  static const std::string_view special = "\"\\\a\b\f\n\r\t\v",
                                escapes = "\"\\abfnrtv";
  out_ += '"';
  for (char c : value) {
    size_t which = special.find(c);
    if (which == std::string_view::npos) {
      out_ += c;
    } else {
      out_ += '\\';
      out_ += escapes[which];
    }
  }
  out_ += '"';
}

// ---------------------------------------------------------------------------
// Modifications and descriptions
// ---------------------------------------------------------------------------

void ASTPrinter::print(const Modification &mod) {
  if (mod.hasClassModification) {
    out_ += '(';
    for (size_t i = 0; i < mod.arguments.size(); ++i) {
      if (i != 0)
        out_ += ", ";
      print(mod.arguments[i]);
    }
    out_ += ')';
  }
  if (mod.binding || mod.bindingIsBreak) {
    out_ += mod.assignBinding ? " := " : " = ";
    if (mod.bindingIsBreak)
      out_ += "break";
    else
      expr(*mod.binding, IfLevel);
  }
}

void ASTPrinter::print(const Argument &arg) {
  switch (arg.kind) {
  case ArgumentKind::BreakComponent:
    out_ += "break ";
    print(arg.path);
    return;
  case ArgumentKind::BreakConnect:
    out_ += "break connect(";
    ref(*arg.connectA);
    out_ += ", ";
    ref(*arg.connectB);
    out_ += ')';
    return;
  case ArgumentKind::Redeclaration:
    out_ += "redeclare ";
    break;
  default:
    break;
  }
  if (arg.each)
    out_ += "each ";
  if (arg.final)
    out_ += "final ";
  if (arg.kind == ArgumentKind::Modification) {
    print(arg.path);
    if (arg.mod)
      print(*arg.mod);
    if (descriptions_ && !arg.description.empty()) {
      out_ += ' ';
      string(arg.description);
    }
    return;
  }
  if (arg.replaceable)
    out_ += "replaceable ";
  if (arg.classDef)
    print(*arg.classDef);
  else if (arg.component)
    componentClause(*arg.component);
  if (arg.constrainedBy)
    constrainingClause(*arg.constrainedBy);
}

void ASTPrinter::description(const Description &desc) {
  if (!descriptions_)
    return;
  if (!desc.text.empty()) {
    out_ += ' ';
    string(desc.text);
  }
  if (desc.annotation) {
    out_ += ' ';
    annotation(*desc.annotation);
  }
}

void ASTPrinter::annotation(const Modification &mod) {
  out_ += "annotation";
  print(mod);
}

// ---------------------------------------------------------------------------
// Equations and statements
// ---------------------------------------------------------------------------

void ASTPrinter::newline() {
  out_ += '\n';
  out_.append(indent_, ' ');
}

void ASTPrinter::print(const Equation &eq) {
  equationKind(eq);
  description(eq.description);
}

void ASTPrinter::equationKind(const Equation &eq) {
  switch (eq.kind) {
  case EquationKind::Simple: {
    auto &simple = cast<SimpleEquation>(eq);
    // The left side is a simple-expression: an if-expression needs parentheses.
    expr(*simple.lhs, RangeLevel);
    out_ += " = ";
    expr(*simple.rhs, IfLevel);
    return;
  }
  case EquationKind::Call:
    call(*cast<CallEquation>(eq).call);
    return;
  case EquationKind::Connect: {
    auto &connect = cast<ConnectEquation>(eq);
    out_ += "connect(";
    ref(*connect.a);
    out_ += ", ";
    ref(*connect.b);
    out_ += ')';
    return;
  }
  case EquationKind::If:
    equationBranches(cast<IfEquation>(eq).branches, "if ", "elseif ", "end if");
    return;
  case EquationKind::When:
    equationBranches(cast<WhenEquation>(eq).branches, "when ", "elsewhen ",
                     "end when");
    return;
  case EquationKind::For: {
    auto &loop = cast<ForEquation>(eq);
    out_ += "for ";
    forIndices(loop.indices);
    out_ += " loop";
    equationBody(loop.body);
    newline();
    out_ += "end for";
    return;
  }
  }
}

void ASTPrinter::equationBody(const std::vector<EquationPtr> &body) {
  indent_ += 2;
  for (const auto &eq : body) {
    newline();
    print(*eq);
    out_ += ';';
  }
  indent_ -= 2;
}

/// if/when with elseif/elsewhen branches; a branch without a condition is
/// the `else` branch.
void ASTPrinter::equationBranches(const std::vector<EquationBranch> &branches,
                                  const char *first, const char *next,
                                  const char *end) {
  for (size_t i = 0; i < branches.size(); ++i) {
    if (i != 0)
      newline();
    if (!branches[i].condition) {
      out_ += "else";
    } else {
      out_ += i == 0 ? first : next;
      expr(*branches[i].condition, IfLevel);
      out_ += " then";
    }
    equationBody(branches[i].body);
  }
  newline();
  out_ += end;
}

void ASTPrinter::print(const Statement &stmt) {
  statementKind(stmt);
  description(stmt.description);
}

void ASTPrinter::statementKind(const Statement &stmt) {
  switch (stmt.kind) {
  case StatementKind::Assign: {
    auto &assign = cast<AssignStatement>(stmt);
    ref(*assign.target);
    out_ += " := ";
    expr(*assign.value, IfLevel);
    return;
  }
  case StatementKind::Call:
    call(*cast<CallStatement>(stmt).call);
    return;
  case StatementKind::TupleAssign: {
    auto &assign = cast<TupleAssignStatement>(stmt);
    out_ += '(';
    exprList(assign.targets, ", ");
    out_ += ") := ";
    call(*assign.call);
    return;
  }
  case StatementKind::Break:
    out_ += "break";
    return;
  case StatementKind::Return:
    out_ += "return";
    return;
  case StatementKind::If:
    statementBranches(cast<IfStatement>(stmt).branches, "if ", "elseif ",
                      "end if");
    return;
  case StatementKind::When:
    statementBranches(cast<WhenStatement>(stmt).branches, "when ", "elsewhen ",
                      "end when");
    return;
  case StatementKind::For: {
    auto &loop = cast<ForStatement>(stmt);
    out_ += "for ";
    forIndices(loop.indices);
    out_ += " loop";
    statementBody(loop.body);
    newline();
    out_ += "end for";
    return;
  }
  case StatementKind::While: {
    auto &loop = cast<WhileStatement>(stmt);
    out_ += "while ";
    expr(*loop.condition, IfLevel);
    out_ += " loop";
    statementBody(loop.body);
    newline();
    out_ += "end while";
    return;
  }
  }
}

void ASTPrinter::statementBody(const std::vector<StatementPtr> &body) {
  indent_ += 2;
  for (const auto &stmt : body) {
    newline();
    print(*stmt);
    out_ += ';';
  }
  indent_ -= 2;
}

void ASTPrinter::statementBranches(const std::vector<StatementBranch> &branches,
                                   const char *first, const char *next,
                                   const char *end) {
  for (size_t i = 0; i < branches.size(); ++i) {
    if (i != 0)
      newline();
    if (!branches[i].condition) {
      out_ += "else";
    } else {
      out_ += i == 0 ? first : next;
      expr(*branches[i].condition, IfLevel);
      out_ += " then";
    }
    statementBody(branches[i].body);
  }
  newline();
  out_ += end;
}

// ---------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------

void ASTPrinter::typePrefix(const TypePrefix &prefix) {
  if (prefix.connector == ConnectorKind::Flow)
    out_ += "flow ";
  else if (prefix.connector == ConnectorKind::Stream)
    out_ += "stream ";
  out_ += variabilityPrefix(prefix.variability);
  out_ += causalityPrefix(prefix.causality);
}

void ASTPrinter::componentClause(const ComponentClause &clause) {
  typePrefix(clause.prefix);
  print(clause.type);
  subscripts(clause.typeDims);
  for (size_t i = 0; i < clause.components.size(); ++i) {
    out_ += i == 0 ? " " : ", ";
    componentDecl(clause.components[i]);
  }
}

void ASTPrinter::componentDecl(const ComponentDecl &decl) {
  out_ += decl.name;
  subscripts(decl.dims);
  if (decl.mod && declarationModifications_)
    print(*decl.mod);
  if (decl.condition) {
    out_ += " if ";
    expr(*decl.condition, IfLevel);
  }
  description(decl.description);
}

void ASTPrinter::constrainingClause(const ConstrainingClause &clause) {
  out_ += " constrainedby ";
  print(clause.type);
  if (clause.mod)
    print(*clause.mod);
  description(clause.description);
}

void ASTPrinter::importClause(const ImportClause &imp) {
  out_ += "import ";
  if (imp.kind == ImportKind::Named) {
    out_ += imp.alias;
    out_ += " = ";
  }
  print(imp.name);
  if (imp.kind == ImportKind::Unqualified) {
    out_ += ".*";
  } else if (imp.kind == ImportKind::Multiple) {
    out_ += ".{";
    for (size_t i = 0; i < imp.names.size(); ++i) {
      if (i != 0)
        out_ += ", ";
      out_ += imp.names[i];
    }
    out_ += '}';
  }
  description(imp.description);
}

void ASTPrinter::extendsClause(const ExtendsClause &ext) {
  out_ += "extends ";
  print(ext.base);
  if (ext.mod)
    print(*ext.mod);
  if (ext.annotation) {
    out_ += ' ';
    annotation(*ext.annotation);
  }
}

void ASTPrinter::print(const Element &element) {
  switch (element.kind) {
  case ElementKind::Import:
    importClause(*element.import);
    return;
  case ElementKind::Extends:
    extendsClause(*element.extends);
    return;
  default:
    break;
  }
  if (element.redeclare)
    out_ += "redeclare ";
  if (element.final)
    out_ += "final ";
  if (element.inner)
    out_ += "inner ";
  if (element.outer)
    out_ += "outer ";
  if (element.replaceable)
    out_ += "replaceable ";
  if (element.kind == ElementKind::Class)
    print(*element.classDef);
  else
    componentClause(*element.component);
  if (element.constrainedBy)
    constrainingClause(*element.constrainedBy);
}

// ---------------------------------------------------------------------------
// Classes
// ---------------------------------------------------------------------------

void ASTPrinter::print(const ClassDef &cls) {
  classHeader(cls);
  switch (cls.specifier) {
  case ClassSpecifierKind::Long:
  case ClassSpecifierKind::ExtendsLong:
    longClassBody(cls);
    return;
  case ClassSpecifierKind::Short:
  case ClassSpecifierKind::Enumeration:
  case ClassSpecifierKind::Der:
    shortClassSpecifier(cls);
    return;
  }
}

/// [encapsulated] [partial] [pure | impure] restriction
void ASTPrinter::classHeader(const ClassDef &cls) {
  const ClassPrefixes &prefixes = cls.prefixes;
  if (prefixes.encapsulated)
    out_ += "encapsulated ";
  if (prefixes.partial)
    out_ += "partial ";
  if (prefixes.pure)
    out_ += "pure ";
  if (prefixes.impure)
    out_ += "impure ";
  out_ += restrictionName(prefixes.restriction);
  out_ += ' ';
}

void ASTPrinter::longClassBody(const ClassDef &cls) {
  if (cls.specifier == ClassSpecifierKind::ExtendsLong)
    out_ += "extends ";
  out_ += cls.name;
  if (cls.extendsMod)
    print(*cls.extendsMod);
  if (descriptions_ && !cls.description.text.empty()) {
    out_ += ' ';
    string(cls.description.text);
  }
  composition(cls);
  newline();
  out_ += "end ";
  out_ += cls.name;
}

void ASTPrinter::composition(const ClassDef &cls) {
  elements(cls);
  for (const EquationSection &section : cls.equationSections) {
    newline();
    out_ += section.initial ? "initial equation" : "equation";
    equationBody(section.equations);
  }
  for (const AlgorithmSection &section : cls.algorithmSections) {
    newline();
    out_ += section.initial ? "initial algorithm" : "algorithm";
    statementBody(section.statements);
  }
  indent_ += 2;
  if (cls.external)
    external(*cls.external);
  if (descriptions_ && cls.annotation) {
    newline();
    annotation(*cls.annotation);
    out_ += ';';
  }
  indent_ -= 2;
}

/// Elements in source order, with `public` / `protected` where the
/// visibility changes.
void ASTPrinter::elements(const ClassDef &cls) {
  bool isProtected = false;
  for (const Element &element : cls.elements) {
    if (element.isProtected != isProtected) {
      isProtected = element.isProtected;
      newline();
      out_ += isProtected ? "protected" : "public";
    }
    indent_ += 2;
    newline();
    print(element);
    out_ += ';';
    indent_ -= 2;
  }
}

void ASTPrinter::external(const ExternalClause &ext) {
  newline();
  out_ += "external";
  if (!ext.language.empty()) {
    out_ += ' ';
    string(ext.language);
  }
  if (ext.hasCall) {
    out_ += ' ';
    if (ext.output) {
      ref(*ext.output);
      out_ += " = ";
    }
    out_ += ext.function;
    out_ += '(';
    exprList(ext.args, ", ");
    out_ += ')';
  }
  if (ext.annotation) {
    out_ += ' ';
    annotation(*ext.annotation);
  }
  out_ += ';';
}

/// The part after `IDENT =` of a short, enumeration or der class specifier.
void ASTPrinter::shortClassSpecifier(const ClassDef &cls) {
  out_ += cls.name;
  out_ += " = ";
  if (cls.specifier == ClassSpecifierKind::Short) {
    out_ += causalityPrefix(cls.basePrefix.causality);
    print(cls.baseType);
    subscripts(cls.baseDims);
    if (cls.baseMod)
      print(*cls.baseMod);
  } else if (cls.specifier == ClassSpecifierKind::Enumeration) {
    out_ += "enumeration(";
    if (cls.unspecifiedEnumeration)
      out_ += ':';
    for (size_t i = 0; i < cls.literals.size(); ++i) {
      if (i != 0)
        out_ += ", ";
      out_ += cls.literals[i].name;
      description(cls.literals[i].description);
    }
    out_ += ')';
  } else {
    out_ += "der(";
    print(cls.derFunction);
    for (const std::string &input : cls.derInputs) {
      out_ += ", ";
      out_ += input;
    }
    out_ += ')';
  }
  description(cls.description);
}

void ASTPrinter::print(const StoredDefinition &def) {
  if (def.hasWithin) {
    out_ += "within";
    if (!def.within.parts.empty()) {
      out_ += ' ';
      print(def.within);
    }
    out_ += ";\n";
  }
  for (const auto &cls : def.classes) {
    if (cls->prefixes.final)
      out_ += "final ";
    print(*cls);
    out_ += ";\n";
  }
}

// ---------------------------------------------------------------------------
// Convenience entry points
// ---------------------------------------------------------------------------

template <class Node> static std::string printed(const Node &node) {
  std::string text;
  ASTPrinter(text).print(node);
  return text;
}

std::string toString(const Expr &expr) { return printed(expr); }
std::string toString(const Equation &eq) { return printed(eq); }
std::string toString(const Statement &stmt) { return printed(stmt); }
std::string toString(const Modification &mod) { return printed(mod); }
std::string toString(const ClassDef &cls) { return printed(cls); }
std::string toString(const StoredDefinition &def) { return printed(def); }
std::string toString(const Element &element, bool descriptions,
                     bool declarationModifications) {
  std::string out;
  ASTPrinter printer(out);
  printer.setDescriptions(descriptions);
  printer.setDeclarationModifications(declarationModifications);
  printer.print(element);
  return out;
}

} // namespace mocc::ast
