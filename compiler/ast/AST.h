// The abstract syntax tree of Modelica 3.6, as written in the source: one node
// kind per construct of the concrete syntax (MLS Appendix A), each carrying
// the source range it was parsed from. Nothing here is resolved or evaluated;
// names are plain strings and lookup happens in compiler/instantiate.
//
// Ownership: every node owns its children through std::unique_ptr. Nodes of a
// family (Expr, Equation, Statement) share a base with a `kind` discriminator;
// use `dynCast<T>()` / `cast<T>()` to get at the concrete node, as in LLVM.
#pragma once

#include "compiler/support/SourceManager.h"

#include <cassert>
#include <memory>
#include <string>
#include <vector>

namespace mocc::ast {

struct Expr;
struct Equation;
struct Statement;
struct Modification;
struct ClassDef;
using ExprPtr = std::unique_ptr<Expr>;
using EquationPtr = std::unique_ptr<Equation>;
using StatementPtr = std::unique_ptr<Statement>;

/// LLVM-style checked casts on node families with a `kind` and `classof`.
template <class T, class B> T *dynCast(B *node) {
  return node && T::classof(node) ? static_cast<T *>(node) : nullptr;
}
template <class T, class B> const T *dynCast(const B *node) {
  return node && T::classof(node) ? static_cast<const T *>(node) : nullptr;
}
template <class T, class B> T &cast(B &node) {
  assert(T::classof(&node) && "bad AST cast");
  return static_cast<T &>(node);
}
template <class T, class B> const T &cast(const B &node) {
  assert(T::classof(&node) && "bad AST cast");
  return static_cast<const T &>(node);
}

// ---------------------------------------------------------------------------
// Names and references
// ---------------------------------------------------------------------------

/// A dotted class or package name: `[.] IDENT { . IDENT }` (type-specifier).
struct Name {
  bool global = false; ///< written with a leading dot
  std::vector<std::string> parts;
  SourceRange range;
  std::string str() const; ///< "A.B.C" (with a leading "." if global)
};

/// One part of a component reference: `IDENT [array-subscripts]`.
struct RefPart {
  std::string name;
  std::vector<ExprPtr> subscripts; ///< ":" is a ColonExpr
  SourceRange range;
};

// ---------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------

enum class ExprKind {
  Integer,       ///< 42
  Real,          ///< 4.2e1
  String,        ///< "text" (escapes resolved)
  Boolean,       ///< true / false
  Ref,           ///< a.b[1].c
  Call,          ///< f(x, y = 2), der(x), initial(), sum(e for i in r)
  Unary,         ///< -x, not b
  Binary,        ///< a + b, a and b, a < b
  If,            ///< if c then a elseif d then b else e
  Range,         ///< a : b, a : step : b
  Array,         ///< {a, b, c}
  Comprehension, ///< {e for i in r}
  Matrix,        ///< [a, b; c, d]
  Tuple,         ///< (a, , b) as output-expression-list
  End,           ///< `end` inside a subscript
  Colon,         ///< `:` as a subscript
  PartialApp,    ///< function f(x = 1) as a function argument
};

struct Expr {
  const ExprKind kind;
  SourceRange range;
  explicit Expr(ExprKind kind) : kind(kind) {}
  virtual ~Expr() = default;
};

template <ExprKind K> struct ExprOf : Expr {
  ExprOf() : Expr(K) {}
  static bool classof(const Expr *e) { return e->kind == K; }
};

struct IntegerExpr : ExprOf<ExprKind::Integer> {
  int64_t value = 0;
  bool overflow = false; ///< literal does not fit 64 bits (treated as Real)
  std::string text;      ///< the literal as written
};
struct RealExpr : ExprOf<ExprKind::Real> {
  double value = 0;
  std::string text; ///< the literal as written
};
struct StringExpr : ExprOf<ExprKind::String> {
  std::string value; ///< with escapes resolved
};
struct BooleanExpr : ExprOf<ExprKind::Boolean> {
  bool value = false;
};

/// component-reference: `[.] IDENT [subs] { . IDENT [subs] }`.
struct RefExpr : ExprOf<ExprKind::Ref> {
  bool global = false;
  std::vector<RefPart> parts;
  std::string str() const; ///< "a.b[...].c" (subscripts elided as [...])
};

/// `IDENT [in expression]` of a for-equation, for-statement or reduction.
struct ForIndex {
  std::string name;
  ExprPtr range; ///< null when the range is deduced from use (`for i loop`)
  SourceRange rangeLoc; ///< the whole for-index: `i in 1:n`, or just `i`
};

struct NamedArgument {
  std::string name;
  ExprPtr value;
  SourceRange range;
};

/// A function call. `der`, `initial` and `pure` are calls whose callee is a
/// single-part reference of that name.
struct CallExpr : ExprOf<ExprKind::Call> {
  std::unique_ptr<RefExpr> callee;
  std::vector<ExprPtr> args;             ///< positional arguments, in order
  std::vector<NamedArgument> namedArgs;  ///< after the positional ones
  std::vector<ForIndex> iterators;       ///< reduction: f(e for i in r, ...)
};

enum class UnaryOpKind { Minus, Plus, ElemMinus, ElemPlus, Not };
struct UnaryExpr : ExprOf<ExprKind::Unary> {
  UnaryOpKind op = UnaryOpKind::Minus;
  ExprPtr operand;
};

enum class BinaryOpKind {
  Add, Sub, ElemAdd, ElemSub,
  Mul, Div, ElemMul, ElemDiv,
  Pow, ElemPow,
  And, Or,
  Less, LessEq, Greater, GreaterEq, Equal, NotEqual,
};
struct BinaryExpr : ExprOf<ExprKind::Binary> {
  BinaryOpKind op = BinaryOpKind::Add;
  ExprPtr lhs, rhs;
  /// Frees a chain of left operands (`a + b + c`) in a loop, not one nested
  /// destructor per link.
  ~BinaryExpr() override;
};

struct IfBranch {
  ExprPtr condition;
  ExprPtr value;
};
/// if c1 then v1 elseif c2 then v2 ... else e.
struct IfExpr : ExprOf<ExprKind::If> {
  std::vector<IfBranch> branches; ///< at least one
  ExprPtr elseValue;
};

/// start : stop or start : step : stop.
struct RangeExpr : ExprOf<ExprKind::Range> {
  ExprPtr start, step, stop; ///< step may be null
};

struct ArrayExpr : ExprOf<ExprKind::Array> {
  std::vector<ExprPtr> elements;
};
struct ComprehensionExpr : ExprOf<ExprKind::Comprehension> {
  ExprPtr body;
  std::vector<ForIndex> iterators;
};
/// [a, b; c, d]: rows of comma-separated expressions.
struct MatrixExpr : ExprOf<ExprKind::Matrix> {
  std::vector<std::vector<ExprPtr>> rows;
};
/// Parenthesized output-expression-list with more than one slot, or with an
/// empty slot: (a, , b). A parenthesized single expression is that expression.
struct TupleExpr : ExprOf<ExprKind::Tuple> {
  std::vector<ExprPtr> elements; ///< null for an omitted slot
};
struct EndExpr : ExprOf<ExprKind::End> {};
struct ColonExpr : ExprOf<ExprKind::Colon> {};
/// `function Name(named-arguments)` passed as a functional argument.
struct PartialAppExpr : ExprOf<ExprKind::PartialApp> {
  Name function;
  std::vector<NamedArgument> namedArgs;
};

// ---------------------------------------------------------------------------
// Modifications and annotations
// ---------------------------------------------------------------------------

enum class ArgumentKind {
  Modification,   ///< [each] [final] name [modification] description-string
  Redeclaration,  ///< redeclare [each] [final] (short-class | component | replaceable ...)
  Replaceable,    ///< [each] [final] replaceable (short-class | component) [constrainedby]
  BreakComponent, ///< break IDENT (in an extends modification only)
  BreakConnect,   ///< break connect(a, b) (in an extends modification only)
};

struct TypePrefix;
struct ComponentClause;
struct ConstrainingClause;

/// One argument of a class-modification.
struct Argument {
  ArgumentKind kind = ArgumentKind::Modification;
  SourceRange range;
  bool each = false;
  bool final = false;
  // Modification:
  Name path;                          ///< a.b.c being modified
  std::unique_ptr<Modification> mod;  ///< may be null: `final x`
  std::string description;
  // Redeclaration / Replaceable: exactly one of these is set.
  std::unique_ptr<ClassDef> classDef;           ///< short class definition
  std::unique_ptr<ComponentClause> component;   ///< component-clause1 (one declaration)
  std::unique_ptr<ConstrainingClause> constrainedBy;
  bool replaceable = false; ///< `redeclare replaceable ...` or Replaceable
  // BreakComponent: path holds the name; BreakConnect: connectA / connectB.
  std::unique_ptr<RefExpr> connectA, connectB;
};

/// modification: class-modification [= expr] | = expr | := expr.
struct Modification {
  SourceRange range;
  bool hasClassModification = false; ///< "( ... )" was written, possibly empty
  std::vector<Argument> arguments;
  ExprPtr binding;            ///< null when absent or `break`
  bool bindingIsBreak = false;///< `= break`
  bool assignBinding = false; ///< written with ":=" (only legal in some places)
  SourceRange bindingRange;
};

/// description: description-string [annotation-clause].
struct Description {
  std::string text;
  std::unique_ptr<Modification> annotation; ///< the annotation's class-modification
};

// ---------------------------------------------------------------------------
// Equations
// ---------------------------------------------------------------------------

enum class EquationKind { Simple, If, For, Connect, When, Call };

struct Equation {
  const EquationKind kind;
  SourceRange range;
  Description description;
  explicit Equation(EquationKind kind) : kind(kind) {}
  virtual ~Equation() = default;
};
template <EquationKind K> struct EquationOf : Equation {
  EquationOf() : Equation(K) {}
  static bool classof(const Equation *e) { return e->kind == K; }
};

/// simple-expression = expression.
struct SimpleEquation : EquationOf<EquationKind::Simple> {
  ExprPtr lhs, rhs;
};
struct EquationBranch {
  ExprPtr condition; ///< null for the `else` branch
  std::vector<EquationPtr> body;
  SourceRange range;
};
struct IfEquation : EquationOf<EquationKind::If> {
  std::vector<EquationBranch> branches; ///< the last may be the else branch
};
struct ForEquation : EquationOf<EquationKind::For> {
  std::vector<ForIndex> indices;
  std::vector<EquationPtr> body;
};
struct ConnectEquation : EquationOf<EquationKind::Connect> {
  std::unique_ptr<RefExpr> a, b;
};
struct WhenEquation : EquationOf<EquationKind::When> {
  std::vector<EquationBranch> branches; ///< when, then each elsewhen
};
/// component-reference function-call-args as an equation: assert(...), ...
struct CallEquation : EquationOf<EquationKind::Call> {
  std::unique_ptr<CallExpr> call;
};

// ---------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------

enum class StatementKind { Assign, Call, TupleAssign, Break, Return, If, For, While, When };

struct Statement {
  const StatementKind kind;
  SourceRange range;
  Description description;
  explicit Statement(StatementKind kind) : kind(kind) {}
  virtual ~Statement() = default;
};
template <StatementKind K> struct StatementOf : Statement {
  StatementOf() : Statement(K) {}
  static bool classof(const Statement *s) { return s->kind == K; }
};

/// component-reference := expression.
struct AssignStatement : StatementOf<StatementKind::Assign> {
  std::unique_ptr<RefExpr> target;
  ExprPtr value;
};
/// component-reference function-call-args.
struct CallStatement : StatementOf<StatementKind::Call> {
  std::unique_ptr<CallExpr> call;
};
/// (a, , b) := f(x).
struct TupleAssignStatement : StatementOf<StatementKind::TupleAssign> {
  std::vector<ExprPtr> targets; ///< null for an omitted slot
  std::unique_ptr<CallExpr> call;
};
struct BreakStatement : StatementOf<StatementKind::Break> {};
struct ReturnStatement : StatementOf<StatementKind::Return> {};
struct StatementBranch {
  ExprPtr condition; ///< null for `else`
  std::vector<StatementPtr> body;
  SourceRange range;
};
struct IfStatement : StatementOf<StatementKind::If> {
  std::vector<StatementBranch> branches;
};
struct ForStatement : StatementOf<StatementKind::For> {
  std::vector<ForIndex> indices;
  std::vector<StatementPtr> body;
};
struct WhileStatement : StatementOf<StatementKind::While> {
  ExprPtr condition;
  std::vector<StatementPtr> body;
};
struct WhenStatement : StatementOf<StatementKind::When> {
  std::vector<StatementBranch> branches;
};

// ---------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------

enum class VariabilityKind { Continuous, Discrete, Parameter, Constant };
enum class CausalityKind { None, Input, Output };
enum class ConnectorKind { Potential, Flow, Stream };

/// type-prefix: [flow | stream] [discrete | parameter | constant] [input | output].
struct TypePrefix {
  ConnectorKind connector = ConnectorKind::Potential;
  VariabilityKind variability = VariabilityKind::Continuous;
  CausalityKind causality = CausalityKind::None;
  bool variabilityWritten = false; ///< distinguishes `Real` from an explicit prefix
};

/// constrainedby type-specifier [class-modification] description.
struct ConstrainingClause {
  Name type;
  std::unique_ptr<Modification> mod; ///< may be null
  Description description;
  SourceRange range;
};

/// IDENT [array-subscripts] [modification] [if condition] description.
struct ComponentDecl {
  std::string name;
  SourceRange nameRange;
  SourceRange range;
  std::vector<ExprPtr> dims;         ///< `x[3, n]`; `:` is a ColonExpr
  std::unique_ptr<Modification> mod; ///< may be null
  ExprPtr condition;                 ///< conditional component; may be null
  Description description;
};

/// type-prefix type-specifier [array-subscripts] component-list.
struct ComponentClause {
  TypePrefix prefix;
  Name type;
  std::vector<ExprPtr> typeDims; ///< `Real[3] x` puts [3] here
  std::vector<ComponentDecl> components;
  SourceRange range;
};

enum class ImportKind {
  Qualified,   ///< import A.B.C;      (C becomes visible)
  Named,       ///< import D = A.B.C;
  Unqualified, ///< import A.B.*;
  Multiple,    ///< import A.B.{C, D};
};
struct ImportClause {
  ImportKind kind = ImportKind::Qualified;
  Name name;                      ///< the imported package or element
  std::string alias;              ///< Named only
  std::vector<std::string> names; ///< Multiple only
  Description description;
};

/// extends type-specifier [class-or-inheritance-modification] [annotation].
struct ExtendsClause {
  Name base;
  std::unique_ptr<Modification> mod; ///< arguments may include break items; may be null
  std::unique_ptr<Modification> annotation;
};

enum class ElementKind { Import, Extends, Component, Class };

/// One element of a composition, with the prefixes written before it.
struct Element {
  ElementKind kind = ElementKind::Component;
  SourceRange range;
  bool isProtected = false;
  bool redeclare = false;
  bool final = false;
  bool inner = false;
  bool outer = false;
  bool replaceable = false;
  std::unique_ptr<ImportClause> import;       ///< Import
  std::unique_ptr<ExtendsClause> extends;     ///< Extends
  std::unique_ptr<ComponentClause> component; ///< Component
  std::unique_ptr<ClassDef> classDef;         ///< Class
  std::unique_ptr<ConstrainingClause> constrainedBy; ///< with `replaceable`
};

// ---------------------------------------------------------------------------
// Classes
// ---------------------------------------------------------------------------

enum class ClassRestrictionKind {
  Class, Model, Record, OperatorRecord, Block, Connector, ExpandableConnector,
  Type, Package, Function, OperatorFunction, Operator,
};

/// [encapsulated] [partial] (class | model | ...) and pure/impure for functions.
struct ClassPrefixes {
  ClassRestrictionKind restriction = ClassRestrictionKind::Class;
  bool encapsulated = false;
  bool partial = false;
  bool final = false; ///< `final` before a top-level class of a stored definition
  bool pure = false;
  bool impure = false;
};

enum class ClassSpecifierKind {
  Long,        ///< IDENT description composition end IDENT
  ExtendsLong, ///< extends IDENT [class-modification] description composition end IDENT
  Short,       ///< IDENT = base-prefix type-specifier [subs] [class-modification] description
  Enumeration, ///< IDENT = enumeration( literals | : ) description
  Der,         ///< IDENT = der(type-specifier, IDENT {, IDENT}) description
};

struct EquationSection {
  bool initial = false;
  std::vector<EquationPtr> equations;
  SourceRange range;
};
struct AlgorithmSection {
  bool initial = false;
  std::vector<StatementPtr> statements;
  SourceRange range;
};

/// external [language] [ [ref =] IDENT(args) ] [annotation] ;
struct ExternalClause {
  std::string language; ///< empty when not written ("C" is the default)
  bool hasCall = false;
  std::unique_ptr<RefExpr> output; ///< may be null
  std::string function;
  std::vector<ExprPtr> args;
  std::unique_ptr<Modification> annotation;
  SourceRange range;
};

struct EnumLiteral {
  std::string name;
  SourceRange range;
  Description description;
};

struct ClassDef {
  std::string name;
  SourceRange range;     ///< the whole definition
  SourceRange nameRange; ///< just the name after the restriction keyword
  ClassPrefixes prefixes;
  ClassSpecifierKind specifier = ClassSpecifierKind::Long;
  Description description; ///< description string (and annotation of short forms)

  // Long and ExtendsLong: the composition, elements in source order.
  std::vector<Element> elements;
  std::vector<EquationSection> equationSections;
  std::vector<AlgorithmSection> algorithmSections;
  std::unique_ptr<ExternalClause> external;
  std::unique_ptr<Modification> annotation; ///< composition-level annotation
  /// ExtendsLong: `extends Name(mod)` modification of the inherited class.
  std::unique_ptr<Modification> extendsMod;

  // Short: input/output prefix, the base type, array dims and modification.
  TypePrefix basePrefix;
  Name baseType;
  std::vector<ExprPtr> baseDims;
  std::unique_ptr<Modification> baseMod; ///< may be null

  // Enumeration.
  std::vector<EnumLiteral> literals;
  bool unspecifiedEnumeration = false; ///< enumeration(:)

  // Der: der(function, inputs...).
  Name derFunction;
  std::vector<std::string> derInputs;
};

/// The contents of one .mo file: [within [name];] { [final] class-definition ; }.
struct StoredDefinition {
  FileId file;
  bool hasWithin = false;
  Name within; ///< empty parts for a bare `within;`
  std::vector<std::unique_ptr<ClassDef>> classes;
};

const char *restrictionName(ClassRestrictionKind kind);
const char *binaryOpSpelling(BinaryOpKind op);
const char *unaryOpSpelling(UnaryOpKind op);

} // namespace mocc::ast
