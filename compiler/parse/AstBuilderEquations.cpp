// The parse-tree-to-AST builder (see AstBuilder.cpp): equation and
// algorithm sections, equations and statements.
#include "compiler/parse/AstBuilder.h"

#include "compiler/parse/AstBuilderUtil.h"

namespace mocc::parse {

// ===========================================================================
// Equations and statements
// ===========================================================================

// equation-section : [ initial ] equation { equation ";" }
ast::EquationSection
AstBuilder::equationSection(P::EquationSectionContext *ctx) {
  ast::EquationSection section;
  section.initial = childToken(ctx, P::INITIAL) != nullptr;
  section.range = range(ctx);
  for (P::EquationContext *eq : childrenOf<P::EquationContext>(ctx))
    append(section.equations, equation(eq));
  return section;
}

// algorithm-section : [ initial ] algorithm { statement ";" }
ast::AlgorithmSection
AstBuilder::algorithmSection(P::AlgorithmSectionContext *ctx) {
  ast::AlgorithmSection section;
  section.initial = childToken(ctx, P::INITIAL) != nullptr;
  section.range = range(ctx);
  for (P::StatementContext *stmt : childrenOf<P::StatementContext>(ctx))
    append(section.statements, statement(stmt));
  return section;
}

// equation :
//    ( simple-expression "=" expression
//    | if-equation | for-equation | connect-equation | when-equation
//    | component-reference function-call-args )
//    description
ast::EquationPtr AstBuilder::equation(P::EquationContext *ctx) {
  checkStack(ctx);
  ParseTree *first = ctx->children[0];
  ast::EquationPtr eq;
  if (auto *lhs = ruleAs<P::SimpleExpressionContext>(first)) {
    eq = simpleOrCallEquation(ctx, lhs);
  } else if (auto *ifCtx = ruleAs<P::IfEquationContext>(first)) {
    auto ifEq = std::make_unique<ast::IfEquation>();
    branches<ast::EquationBranch, P::EquationContext>(
        ifCtx, ifEq->branches,
        [this](P::EquationContext *c) { return equation(c); });
    eq = std::move(ifEq);
  } else if (auto *whenCtx = ruleAs<P::WhenEquationContext>(first)) {
    auto whenEq = std::make_unique<ast::WhenEquation>();
    branches<ast::EquationBranch, P::EquationContext>(
        whenCtx, whenEq->branches,
        [this](P::EquationContext *c) { return equation(c); });
    eq = std::move(whenEq);
  } else if (auto *forCtx = ruleAs<P::ForEquationContext>(first)) {
    eq = forEquation(forCtx);
  } else {
    eq = connectEquation(ruleAs<P::ConnectEquationContext>(first));
  }
  if (!eq)
    return nullptr;
  eq->range = range(ctx);
  eq->description = description(child<P::DescriptionContext>(ctx));
  return eq;
}

// The grammar left-factors `simple-expression "=" expression` and
// `component-reference function-call-args`; without "=" the simple
// expression must be exactly the second form.
ast::EquationPtr
AstBuilder::simpleOrCallEquation(P::EquationContext *ctx,
                                 P::SimpleExpressionContext *lhs) {
  if (P::ExpressionContext *rhs = child<P::ExpressionContext>(ctx)) {
    auto eq = std::make_unique<ast::SimpleEquation>();
    eq->lhs = simpleExpression(lhs);
    eq->rhs = expression(rhs);
    return eq;
  }
  P::PrimaryContext *primary = solePrimary(lhs);
  if (!primary || !child<P::ComponentReferenceContext>(primary) ||
      !child<P::FunctionCallArgsContext>(primary)) {
    SourceRange end = range(lhs);
    errors_.report({file_, end.end, end.end}, diag::EquationWithoutEquals);

    return nullptr;
  }
  auto eq = std::make_unique<ast::CallEquation>();
  eq->call =
      call(componentReference(child<P::ComponentReferenceContext>(primary)),
           child<P::FunctionCallArgsContext>(primary), range(primary));
  return eq;
}

// for-equation : for for-indices loop { equation ";" } end for
ast::EquationPtr AstBuilder::forEquation(P::ForEquationContext *ctx) {
  auto eq = std::make_unique<ast::ForEquation>();
  eq->indices = forIndices(child<P::ForIndicesContext>(ctx));
  for (P::EquationContext *body : childrenOf<P::EquationContext>(ctx))
    append(eq->body, equation(body));
  return eq;
}

// connect-equation :
//    connect "(" component-reference "," component-reference ")"
ast::EquationPtr AstBuilder::connectEquation(P::ConnectEquationContext *ctx) {
  auto eq = std::make_unique<ast::ConnectEquation>();
  eq->a = componentReference(child<P::ComponentReferenceContext>(ctx, 0));
  eq->b = componentReference(child<P::ComponentReferenceContext>(ctx, 1));
  return eq;
}

// statement :
//    ( component-reference ( ":=" expression | function-call-args )
//    | "(" output-expression-list ")" ":="
//      component-reference function-call-args
//    | break | return
//    | if-statement | for-statement | while-statement | when-statement )
//    description
ast::StatementPtr AstBuilder::statement(P::StatementContext *ctx) {
  checkStack(ctx);
  ParseTree *first = ctx->children[0];
  ast::StatementPtr stmt;
  size_t type = typeOf(first);
  if (type == P::BREAK) {
    stmt = std::make_unique<ast::BreakStatement>();
  } else if (type == P::RETURN) {
    stmt = std::make_unique<ast::ReturnStatement>();
  } else if (type == P::LPAREN) {
    stmt = tupleAssignStatement(ctx);
  } else if (ruleAs<P::ComponentReferenceContext>(first)) {
    stmt = assignOrCallStatement(ctx);
  } else if (auto *ifCtx = ruleAs<P::IfStatementContext>(first)) {
    auto ifStmt = std::make_unique<ast::IfStatement>();
    branches<ast::StatementBranch, P::StatementContext>(
        ifCtx, ifStmt->branches,
        [this](P::StatementContext *c) { return statement(c); });
    stmt = std::move(ifStmt);
  } else if (auto *whenCtx = ruleAs<P::WhenStatementContext>(first)) {
    auto whenStmt = std::make_unique<ast::WhenStatement>();
    branches<ast::StatementBranch, P::StatementContext>(
        whenCtx, whenStmt->branches,
        [this](P::StatementContext *c) { return statement(c); });
    stmt = std::move(whenStmt);
  } else if (auto *forCtx = ruleAs<P::ForStatementContext>(first)) {
    stmt = forStatement(forCtx);
  } else {
    stmt = whileStatement(ruleAs<P::WhileStatementContext>(first));
  }
  stmt->range = range(ctx);
  stmt->description = description(child<P::DescriptionContext>(ctx));
  return stmt;
}

// component-reference ( ":=" expression | function-call-args )
ast::StatementPtr AstBuilder::assignOrCallStatement(P::StatementContext *ctx) {
  P::ComponentReferenceContext *target =
      child<P::ComponentReferenceContext>(ctx);
  if (P::ExpressionContext *value = child<P::ExpressionContext>(ctx)) {
    auto stmt = std::make_unique<ast::AssignStatement>();
    stmt->target = componentReference(target);
    stmt->value = expression(value);
    return stmt;
  }
  auto stmt = std::make_unique<ast::CallStatement>();
  stmt->call =
      call(componentReference(target), child<P::FunctionCallArgsContext>(ctx),
           SourceRange::cover(range(target),
                              range(child<P::FunctionCallArgsContext>(ctx))));
  return stmt;
}

// "(" output-expression-list ")" ":=" component-reference function-call-args
ast::StatementPtr AstBuilder::tupleAssignStatement(P::StatementContext *ctx) {
  auto stmt = std::make_unique<ast::TupleAssignStatement>();
  stmt->targets =
      outputExpressionList(child<P::OutputExpressionListContext>(ctx));
  P::ComponentReferenceContext *callee =
      child<P::ComponentReferenceContext>(ctx);
  stmt->call =
      call(componentReference(callee), child<P::FunctionCallArgsContext>(ctx),
           SourceRange::cover(range(callee),
                              range(child<P::FunctionCallArgsContext>(ctx))));
  return stmt;
}

// for-statement : for for-indices loop { statement ";" } end for
ast::StatementPtr AstBuilder::forStatement(P::ForStatementContext *ctx) {
  auto stmt = std::make_unique<ast::ForStatement>();
  stmt->indices = forIndices(child<P::ForIndicesContext>(ctx));
  for (P::StatementContext *body : childrenOf<P::StatementContext>(ctx))
    append(stmt->body, statement(body));
  return stmt;
}

// while-statement : while expression loop { statement ";" } end while
ast::StatementPtr AstBuilder::whileStatement(P::WhileStatementContext *ctx) {
  auto stmt = std::make_unique<ast::WhileStatement>();
  stmt->condition = expression(child<P::ExpressionContext>(ctx));
  for (P::StatementContext *body : childrenOf<P::StatementContext>(ctx))
    append(stmt->body, statement(body));
  return stmt;
}

// if-equation / if-statement :
//    if expression then { body ";" }
//    { elseif expression then { body ";" } }
//    [ else { body ";" } ] end if
// when-equation / when-statement :
//    when expression then { body ";" }
//    { elsewhen expression then { body ";" } } end when
// Each keyword opens a branch; the expression after it is the condition.
template <class Branch, class BodyContext, class Build>
void AstBuilder::branches(ParserRuleContext *ctx, std::vector<Branch> &out,
                          Build build) {
  for (ParseTree *child : ctx->children) {
    if (Token *token = terminal(child)) {
      size_t type = token->getType();
      if (type == P::END)
        return;
      if (type == P::IF || type == P::ELSEIF || type == P::ELSE ||
          type == P::WHEN || type == P::ELSEWHEN) {
        out.emplace_back();
        out.back().range = range(token);
      }
      continue;
    }
    Branch &branch = out.back();
    auto *rule = static_cast<ParserRuleContext *>(child);
    branch.range = SourceRange::cover(branch.range, range(rule));
    if (auto *condition = ruleAs<P::ExpressionContext>(child))
      branch.condition = expression(condition);
    else if (auto *body = ruleAs<BodyContext>(child))
      append(branch.body, build(body));
  }
}

// for-indices : for-index { "," for-index }
// for-index : IDENT [ in expression ]
std::vector<ast::ForIndex> AstBuilder::forIndices(P::ForIndicesContext *ctx) {
  std::vector<ast::ForIndex> indices;
  for (P::ForIndexContext *index : childrenOf<P::ForIndexContext>(ctx)) {
    ast::ForIndex &out = indices.emplace_back();
    out.name = identifier(childToken(index, P::IDENT));
    out.rangeLoc = range(index);
    if (P::ExpressionContext *in = child<P::ExpressionContext>(index))
      out.range = expression(in);
  }
  return indices;
}

} // namespace mocc::parse
