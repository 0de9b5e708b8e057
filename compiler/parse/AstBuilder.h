// Turns an ANTLR parse tree of grammar/Modelica.g4 into AST nodes
// (compiler/ast/AST.h). One function per grammar rule, each quoting the rule
// it implements. It runs only on parse trees without syntax errors, and
// checks what the grammar deliberately leaves open: that an equation without
// `=` is a function call, that `end` repeats the class name, that string
// escapes are valid. Every node gets the byte range of its source text.
#pragma once

#include "compiler/ast/AST.h"
#include "compiler/parse/StackGuard.h"
#include "compiler/parse/SyntaxErrors.h"

#include "ModelicaParser.h"

#include <string_view>

namespace mocc::parse {

/// Builds the AST of one file from its parse tree.
class AstBuilder {
public:
  using P = grammar::ModelicaParser;

  /// `text` is the file's text; errors go to `errors`; `stack` guards the
  /// recursion on deeply nested expressions.
  AstBuilder(std::string_view text, FileId file, SyntaxErrorReporter &errors,
             const StackGuard &stack)
      : text_(text), file_(file), errors_(errors), stack_(stack) {}

  std::unique_ptr<ast::StoredDefinition>
  storedDefinition(P::StoredDefinitionContext *ctx);
  ast::ExprPtr expressionEntry(P::ExpressionEntryContext *ctx);

private:
  // Classes.
  std::unique_ptr<ast::ClassDef>
  classDefinition(P::ClassDefinitionContext *ctx);
  void classPrefixes(P::ClassPrefixesContext *ctx,
                     ast::ClassPrefixes &prefixes);
  void longClassSpecifier(P::LongClassSpecifierContext *ctx,
                          ast::ClassDef &cls);
  void checkEndName(const ast::ClassDef &cls, antlr4::Token *endName);
  void shortClassSpecifier(P::ShortClassSpecifierContext *ctx,
                           ast::ClassDef &cls);
  void derClassSpecifier(P::DerClassSpecifierContext *ctx, ast::ClassDef &cls);
  ast::EnumLiteral enumerationLiteral(P::EnumerationLiteralContext *ctx);
  void composition(P::CompositionContext *ctx, ast::ClassDef &cls);
  void externalFunctionCall(P::ExternalFunctionCallContext *ctx,
                            ast::ExternalClause &ext);
  void elementList(P::ElementListContext *ctx, bool isProtected,
                   ast::ClassDef &cls);
  ast::Element element(P::ElementContext *ctx);
  std::unique_ptr<ast::ImportClause> importClause(P::ImportClauseContext *ctx);
  std::unique_ptr<ast::ExtendsClause>
  extendsClause(P::ExtendsClauseContext *ctx);
  std::unique_ptr<ast::ConstrainingClause>
  constrainingClause(P::ConstrainingClauseContext *ctx);
  std::unique_ptr<ast::Modification>
  classOrInheritanceModification(P::ClassOrInheritanceModificationContext *ctx);
  ast::Argument inheritanceModification(P::InheritanceModificationContext *ctx);

  // Components and modifications.
  std::unique_ptr<ast::ComponentClause>
  componentClause(P::ComponentClauseContext *ctx);
  ast::TypePrefix typePrefix(P::TypePrefixContext *ctx);
  ast::ComponentDecl componentDeclaration(P::ComponentDeclarationContext *ctx);
  void declaration(P::DeclarationContext *ctx, ast::ComponentDecl &decl);
  std::unique_ptr<ast::Modification> modification(P::ModificationContext *ctx);
  std::unique_ptr<ast::Modification>
  classModification(P::ClassModificationContext *ctx);
  ast::Argument argument(P::ArgumentContext *ctx);
  ast::Argument elementModificationOrReplaceable(
      P::ElementModificationOrReplaceableContext *ctx);
  ast::Argument elementRedeclaration(P::ElementRedeclarationContext *ctx);
  void elementReplaceable(P::ElementReplaceableContext *ctx,
                          ast::Argument &arg);
  std::unique_ptr<ast::ComponentClause>
  componentClause1(P::ComponentClause1Context *ctx);
  std::unique_ptr<ast::ClassDef>
  shortClassDefinition(P::ShortClassDefinitionContext *ctx);

  // Equations and statements.
  ast::EquationSection equationSection(P::EquationSectionContext *ctx);
  ast::AlgorithmSection algorithmSection(P::AlgorithmSectionContext *ctx);
  ast::EquationPtr equation(P::EquationContext *ctx);
  ast::EquationPtr simpleOrCallEquation(P::EquationContext *ctx,
                                        P::SimpleExpressionContext *lhs);
  ast::EquationPtr forEquation(P::ForEquationContext *ctx);
  ast::EquationPtr connectEquation(P::ConnectEquationContext *ctx);
  ast::StatementPtr statement(P::StatementContext *ctx);
  ast::StatementPtr assignOrCallStatement(P::StatementContext *ctx);
  ast::StatementPtr tupleAssignStatement(P::StatementContext *ctx);
  ast::StatementPtr forStatement(P::ForStatementContext *ctx);
  ast::StatementPtr whileStatement(P::WhileStatementContext *ctx);
  template <class Branch, class BodyContext, class Build>
  void branches(antlr4::ParserRuleContext *ctx, std::vector<Branch> &out,
                Build build);
  std::vector<ast::ForIndex> forIndices(P::ForIndicesContext *ctx);

  // Expressions.
  ast::ExprPtr expression(P::ExpressionContext *ctx);
  ast::ExprPtr ifExpression(P::ExpressionContext *ctx);
  ast::ExprPtr simpleExpression(P::SimpleExpressionContext *ctx);
  ast::ExprPtr rangeExpression(antlr4::ParserRuleContext *ctx);
  ast::ExprPtr logicalExpression(P::LogicalExpressionContext *ctx);
  ast::ExprPtr
  logicalFactor(const std::vector<antlr4::tree::ParseTree *> &items, size_t &i);
  ast::ExprPtr arithmeticExpression(P::ArithmeticExpressionContext *ctx);
  // The cases of the three above with more than one operand, out of line:
  // every level of a nested expression passes through the one-operand
  // cases, whose frames then stay small (see docs/pipeline.md, "Limits").
  [[gnu::noinline]] ast::ExprPtr rangeParts(antlr4::ParserRuleContext *ctx);
  [[gnu::noinline]] ast::ExprPtr logicalChain(P::LogicalExpressionContext *ctx);
  [[gnu::noinline]] ast::ExprPtr arithmeticChain(P::ArithmeticExpressionContext *ctx);
  ast::ExprPtr factor(const std::vector<antlr4::tree::ParseTree *> &items,
                      size_t &i);
  ast::ExprPtr chainTooLong(antlr4::ParserRuleContext *ctx);
  ast::ExprPtr binary(antlr4::Token *op, ast::ExprPtr lhs, ast::ExprPtr rhs);
  ast::ExprPtr unary(antlr4::Token *op, ast::ExprPtr operand);
  ast::ExprPtr primary(P::PrimaryContext *ctx);
  ast::ExprPtr referenceOrCall(P::PrimaryContext *ctx);
  ast::ExprPtr arrayCall(std::unique_ptr<ast::CallExpr> call);
  ast::ExprPtr builtinCall(P::PrimaryContext *ctx, antlr4::Token *name);
  ast::ExprPtr parenthesized(P::PrimaryContext *ctx);
  ast::ExprPtr matrix(P::PrimaryContext *ctx);
  ast::ExprPtr arrayConstructor(P::PrimaryContext *ctx);
  std::vector<ast::ExprPtr>
  outputExpressionList(P::OutputExpressionListContext *ctx);
  std::vector<ast::ExprPtr> expressionList(P::ExpressionListContext *ctx);
  std::unique_ptr<ast::CallExpr> call(std::unique_ptr<ast::RefExpr> callee,
                                      P::FunctionCallArgsContext *args,
                                      SourceRange range);
  void functionArguments(P::FunctionArgumentsContext *ctx, ast::CallExpr &call);
  ast::ExprPtr functionArgument(P::FunctionArgumentContext *ctx);
  ast::NamedArgument namedArgument(P::NamedArgumentContext *ctx);
  std::vector<ast::NamedArgument> namedArguments(P::NamedArgumentsContext *ctx);
  ast::ExprPtr
  functionPartialApplication(P::FunctionPartialApplicationContext *ctx);
  std::vector<ast::ExprPtr> arraySubscripts(P::ArraySubscriptsContext *ctx);
  std::unique_ptr<ast::RefExpr>
  componentReference(P::ComponentReferenceContext *ctx);

  // Names, descriptions, literals.
  ast::Name typeSpecifier(P::TypeSpecifierContext *ctx);
  ast::Name name(P::NameContext *ctx);
  ast::Description description(P::DescriptionContext *ctx);
  std::string descriptionString(P::DescriptionStringContext *ctx);
  std::unique_ptr<ast::Modification>
  annotationClause(P::AnnotationClauseContext *ctx);
  ast::ExprPtr integerLiteral(antlr4::Token *token);
  ast::ExprPtr realLiteral(antlr4::Token *token);
  std::string stringValue(antlr4::Token *token);
  std::string identifier(antlr4::Token *token) const;

  // Source text, ranges, stack.
  void checkStack(antlr4::ParserRuleContext *ctx) const;
  std::string_view text(antlr4::Token *token) const;
  SourceRange range(antlr4::Token *token) const;
  SourceRange range(antlr4::ParserRuleContext *ctx) const;

  std::string_view text_;
  FileId file_;
  SyntaxErrorReporter &errors_;
  const StackGuard &stack_;
};

} // namespace mocc::parse
