// Prints AST nodes back as Modelica source text. The output parses again to
// the same tree: expressions get exactly the parentheses that the layered
// expression grammar of MLS A.2.7 needs (`(a + b)*c`, `a - (b - c)`,
// `(a^b)^c`, `a + (-b)`), strings are re-escaped, and classes are laid out
// one element per line with two-space indentation. Other phases use the
// `toString` functions to quote code in diagnostics.
#pragma once

#include "compiler/ast/AST.h"

#include <string>

namespace mocc::ast {

/// Appends Modelica source text for AST nodes to a string.
class ASTPrinter {
public:
  /// Text is appended to `out`; `indent` is the starting indentation in
  /// spaces, used for the lines after the first one of multi-line nodes.
  explicit ASTPrinter(std::string &out, unsigned indent = 0)
      : out_(out), indent_(indent) {}

  /// A whole file: `within` clause and top-level classes, each ended by `;`.
  void print(const StoredDefinition &def);
  /// A class definition, without the `;` that ends it.
  void print(const ClassDef &cls);
  /// An element of a composition, without the `;` that ends it.
  void print(const Element &element);
  /// An equation with its description, without the final `;`.
  void print(const Equation &eq);
  /// A statement with its description, without the final `;`.
  void print(const Statement &stmt);
  /// A modification: `(arguments)`, `= expr`, `:= expr` or both.
  void print(const Modification &mod);
  /// One argument of a class modification.
  void print(const Argument &arg);
  /// An expression, parenthesized only where the grammar requires it.
  void print(const Expr &expr);
  /// A dotted name (type-specifier).
  void print(const Name &name);

  /// Leaves out description strings and annotations (for comparing
  /// declarations, which MLS 7.3.3 compares without them).
  void setDescriptions(bool on) { descriptions_ = on; }
  /// Off: component declarations print without their modifications.
  void setDeclarationModifications(bool on) { declarationModifications_ = on; }

private:
  void newline();
  void expr(const Expr &e, int minLevel);
  void binary(const BinaryExpr &e);
  void unary(const UnaryExpr &e);
  void ifExpr(const IfExpr &e);
  void range(const RangeExpr &e);
  void call(const CallExpr &e);
  void ref(const RefExpr &e);
  void literal(const Expr &e);
  void exprList(const std::vector<ExprPtr> &list, const char *separator);
  void subscripts(const std::vector<ExprPtr> &subs);
  void namedArgs(const std::vector<NamedArgument> &args);
  void forIndices(const std::vector<ForIndex> &indices);
  void string(const std::string &value);

  void classHeader(const ClassDef &cls);
  void longClassBody(const ClassDef &cls);
  void shortClassSpecifier(const ClassDef &cls);
  void composition(const ClassDef &cls);
  void elements(const ClassDef &cls);
  void external(const ExternalClause &ext);
  void importClause(const ImportClause &imp);
  void extendsClause(const ExtendsClause &ext);
  void typePrefix(const TypePrefix &prefix);
  void componentClause(const ComponentClause &clause);
  void componentDecl(const ComponentDecl &decl);
  void constrainingClause(const ConstrainingClause &clause);
  void description(const Description &desc);
  void annotation(const Modification &mod);

  void equationBody(const std::vector<EquationPtr> &body);
  void statementBody(const std::vector<StatementPtr> &body);
  void equationBranches(const std::vector<EquationBranch> &branches,
                        const char *first, const char *next, const char *end);
  void statementBranches(const std::vector<StatementBranch> &branches,
                         const char *first, const char *next, const char *end);
  void equationKind(const Equation &eq);
  void statementKind(const Statement &stmt);

  std::string &out_;
  unsigned indent_;
  bool descriptions_ = true;
  bool declarationModifications_ = true;
};

/// The Modelica source text of an expression, e.g. for a diagnostic.
std::string toString(const Expr &expr);
/// The source text of an equation (multi-line for if, for and when).
std::string toString(const Equation &eq);
/// The source text of a statement (multi-line for compound statements).
std::string toString(const Statement &stmt);
/// The source text of a modification, e.g. `(start = 1) = 2`.
std::string toString(const Modification &mod);
/// The source text of a class definition, without the final `;`.
std::string toString(const ClassDef &cls);
/// The source text of an element; without description strings and
/// annotations if `descriptions` is false, without the modifications of its
/// component declarations if `declarationModifications` is false.
std::string toString(const Element &element, bool descriptions = true,
                     bool declarationModifications = true);
/// The source text of a whole file.
std::string toString(const StoredDefinition &def);

} // namespace mocc::ast
