// The parse-tree-to-AST builder (see AstBuilder.cpp): expressions, from
// if-expressions and chains of binary operators down to primaries,
// function arguments and component references; names, descriptions and
// literals.
#include "compiler/parse/AstBuilder.h"

#include "compiler/parse/AstBuilderUtil.h"

#include <charconv>

namespace mocc::parse {

namespace {

/// Operands allowed in one chain of binary operators. The AST of a chain is
/// as deep as it is long; the later phases follow such chains in loops and
/// the expressions made of them without recursion (docs/pipeline.md,
/// "Limits"). The longest chain in the Modelica Standard Library has under
/// a hundred; a million operands is some 10 MB of text.
constexpr size_t kMaxChainOperands = 1000000;

ast::BinaryOpKind binaryOp(size_t type) {
  switch (type) {
  case P::PLUS:
    return ast::BinaryOpKind::Add;
  case P::MINUS:
    return ast::BinaryOpKind::Sub;
  case P::DOTPLUS:
    return ast::BinaryOpKind::ElemAdd;
  case P::DOTMINUS:
    return ast::BinaryOpKind::ElemSub;
  case P::STAR:
    return ast::BinaryOpKind::Mul;
  case P::SLASH:
    return ast::BinaryOpKind::Div;
  case P::DOTSTAR:
    return ast::BinaryOpKind::ElemMul;
  case P::DOTSLASH:
    return ast::BinaryOpKind::ElemDiv;
  case P::POWER:
    return ast::BinaryOpKind::Pow;
  case P::DOTPOWER:
    return ast::BinaryOpKind::ElemPow;
  case P::AND:
    return ast::BinaryOpKind::And;
  case P::OR:
    return ast::BinaryOpKind::Or;
  case P::LESS:
    return ast::BinaryOpKind::Less;
  case P::LESSEQ:
    return ast::BinaryOpKind::LessEq;
  case P::GREATER:
    return ast::BinaryOpKind::Greater;
  case P::GREATEREQ:
    return ast::BinaryOpKind::GreaterEq;
  case P::EQ:
    return ast::BinaryOpKind::Equal;
  default:
    return ast::BinaryOpKind::NotEqual;
  }
}

bool isMulOperator(size_t type) {
  return type == P::STAR || type == P::SLASH || type == P::DOTSTAR ||
         type == P::DOTSLASH;
}

ast::UnaryOpKind unaryOp(size_t type) {
  switch (type) {
  case P::PLUS:
    return ast::UnaryOpKind::Plus;
  case P::DOTMINUS:
    return ast::UnaryOpKind::ElemMinus;
  case P::DOTPLUS:
    return ast::UnaryOpKind::ElemPlus;
  case P::NOT:
    return ast::UnaryOpKind::Not;
  default:
    return ast::UnaryOpKind::Minus;
  }
}

} // namespace

// ===========================================================================
// Expressions
// ===========================================================================

// expression :
//    simple-expression
//    | if expression then expression { elseif expression then expression }
//      else expression
ast::ExprPtr AstBuilder::expression(P::ExpressionContext *ctx) {
  checkStack(ctx);
  if (terminal(ctx->children[0]))
    return ifExpression(ctx);
  return rangeExpression(ctx);
}

ast::ExprPtr AstBuilder::ifExpression(P::ExpressionContext *ctx) {
  auto result = node<ast::IfExpr>(range(ctx));
  std::vector<P::ExpressionContext *> parts =
      childrenOf<P::ExpressionContext>(ctx);
  // parts: condition, value, condition, value, ..., else value
  for (size_t i = 0; i + 1 < parts.size(); i += 2)
    result->branches.push_back(
        {expression(parts[i]), expression(parts[i + 1])});
  result->elseValue = expression(parts.back());
  return result;
}

// simple-expression :
//    logical-expression [ ":" logical-expression [ ":" logical-expression ] ]
ast::ExprPtr AstBuilder::simpleExpression(P::SimpleExpressionContext *ctx) {
  return rangeExpression(ctx);
}

/// The children of a simple-expression: one operand, or a range of two or
/// three.
ast::ExprPtr AstBuilder::rangeExpression(ParserRuleContext *ctx) {
  if (ctx->children.size() == 1)
    return logicalExpression(
        static_cast<P::LogicalExpressionContext *>(ctx->children[0]));
  return rangeParts(ctx);
}

ast::ExprPtr AstBuilder::rangeParts(ParserRuleContext *ctx) {
  auto result = node<ast::RangeExpr>(range(ctx));
  std::vector<ast::ExprPtr> parts;
  for (ParseTree *child : ctx->children)
    if (!terminal(child))
      parts.push_back(
          logicalExpression(static_cast<P::LogicalExpressionContext *>(child)));
  result->start = std::move(parts.front());
  if (parts.size() == 3)
    result->step = std::move(parts[1]);
  result->stop = std::move(parts.back());
  return result;
}

// logical-expression : logical-term { or logical-term }
// logical-term : logical-factor { and logical-factor }
// The grammar flattens both into one list of logical factors separated by
// `and` and `or`; `and` binds tighter, both associate to the left.
ast::ExprPtr AstBuilder::logicalExpression(P::LogicalExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() == 1)
    return arithmeticExpression(
        static_cast<P::ArithmeticExpressionContext *>(items[0]));
  return logicalChain(ctx);
}

ast::ExprPtr AstBuilder::logicalChain(P::LogicalExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() > 2 * kMaxChainOperands)
    return chainTooLong(ctx);
  ast::ExprPtr disjunction, conjunction;
  Token *orOp = nullptr, *andOp = nullptr;
  for (size_t i = 0; i < items.size();) {
    ast::ExprPtr operand = logicalFactor(items, i);
    conjunction =
        conjunction ? binary(andOp, std::move(conjunction), std::move(operand))
                    : std::move(operand);
    Token *next = i < items.size() ? terminal(items[i++]) : nullptr;
    if (next && next->getType() == P::AND) {
      andOp = next;
      continue;
    }
    disjunction = disjunction ? binary(orOp, std::move(disjunction),
                                       std::move(conjunction))
                              : std::move(conjunction);
    orOp = next;
  }
  return disjunction;
}

// logical-factor : [ not ] relation
// relation :
//    arithmetic-expression [ relational-operator arithmetic-expression ]
// Reads one logical factor from `items`, starting at `i`.
ast::ExprPtr AstBuilder::logicalFactor(const std::vector<ParseTree *> &items,
                                       size_t &i) {
  Token *notOp = terminal(items[i]);
  if (notOp)
    ++i;
  auto arithmetic = [&](ParseTree *item) {
    return arithmeticExpression(
        static_cast<P::ArithmeticExpressionContext *>(item));
  };
  ast::ExprPtr result = arithmetic(items[i++]);
  Token *relOp = i < items.size() ? terminal(items[i]) : nullptr;
  if (relOp && relOp->getType() != P::AND && relOp->getType() != P::OR) {
    result = binary(relOp, std::move(result), arithmetic(items[i + 1]));
    i += 2;
  }
  return notOp ? unary(notOp, std::move(result)) : std::move(result);
}

// arithmetic-expression : [ add-operator ] term { add-operator term }
// term : factor { mul-operator factor }
// The grammar flattens both into one list of factors separated by add and
// mul operators: mul operators bind tighter, both associate to the left, and
// a leading sign applies to the first term.
ast::ExprPtr
AstBuilder::arithmeticExpression(P::ArithmeticExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() == 1)
    return primary(static_cast<P::PrimaryContext *>(items[0]));
  return arithmeticChain(ctx);
}

ast::ExprPtr
AstBuilder::arithmeticChain(P::ArithmeticExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() > 2 * kMaxChainOperands)
    return chainTooLong(ctx);
  size_t i = 0;
  Token *sign = terminal(items[0]);
  if (sign)
    ++i;
  ast::ExprPtr sum, product;
  Token *addOp = nullptr, *mulOp = nullptr;
  while (i < items.size()) {
    ast::ExprPtr operand = factor(items, i);
    product = product ? binary(mulOp, std::move(product), std::move(operand))
                      : std::move(operand);
    Token *next = i < items.size() ? terminal(items[i++]) : nullptr;
    if (next && isMulOperator(next->getType())) {
      mulOp = next;
      continue;
    }
    if (!sum)
      sum = sign ? unary(sign, std::move(product)) : std::move(product);
    else
      sum = binary(addOp, std::move(sum), std::move(product));
    addOp = next;
  }
  return sum;
}

// factor : primary [ ( "^" | ".^" ) primary ]
// Reads one factor from `items`, starting at `i`.
ast::ExprPtr AstBuilder::factor(const std::vector<ParseTree *> &items,
                                size_t &i) {
  ast::ExprPtr base = primary(static_cast<P::PrimaryContext *>(items[i++]));
  Token *op = i < items.size() ? terminal(items[i]) : nullptr;
  if (!op || (op->getType() != P::POWER && op->getType() != P::DOTPOWER))
    return base;
  i += 2;
  return binary(op, std::move(base),
                primary(static_cast<P::PrimaryContext *>(items[i - 1])));
}

/// Reports a chain of operators longer than kMaxChainOperands; the result
/// stands in for it (the whole file is rejected anyway).
ast::ExprPtr AstBuilder::chainTooLong(ParserRuleContext *ctx) {
  errors_.report(range(ctx), diag::TooManyOperandsInARow, {kMaxChainOperands});
  return node<ast::EndExpr>(range(ctx));
}

ast::ExprPtr AstBuilder::binary(Token *op, ast::ExprPtr lhs, ast::ExprPtr rhs) {
  auto result =
      node<ast::BinaryExpr>(SourceRange::cover(lhs->range, rhs->range));
  result->op = binaryOp(op->getType());
  result->lhs = std::move(lhs);
  result->rhs = std::move(rhs);
  return result;
}

ast::ExprPtr AstBuilder::unary(Token *op, ast::ExprPtr operand) {
  auto result =
      node<ast::UnaryExpr>(SourceRange::cover(range(op), operand->range));
  result->op = unaryOp(op->getType());
  result->operand = std::move(operand);
  return result;
}

// primary :
//    UNSIGNED-NUMBER | STRING | false | true
//    | ( component-reference | der | initial | pure ) function-call-args
//    | component-reference
//    | "(" output-expression-list ")"
//    | "[" expression-list { ";" expression-list } "]"
//    | "{" array-arguments "}"
//    | end
ast::ExprPtr AstBuilder::primary(P::PrimaryContext *ctx) {
  Token *first = terminal(ctx->children[0]);
  if (!first)
    return referenceOrCall(ctx);
  switch (first->getType()) {
  case P::UNSIGNED_INTEGER:
    return integerLiteral(first);
  case P::UNSIGNED_REAL:
    return realLiteral(first);
  case P::STRING: {
    auto result = node<ast::StringExpr>(range(first));
    result->value = stringValue(first);
    return result;
  }
  case P::FALSE:
  case P::TRUE: {
    auto result = node<ast::BooleanExpr>(range(first));
    result->value = first->getType() == P::TRUE;
    return result;
  }
  case P::LPAREN:
    return parenthesized(ctx);
  case P::LBRACK:
    return matrix(ctx);
  case P::LBRACE:
    return arrayConstructor(ctx);
  case P::END:
    return node<ast::EndExpr>(range(first));
  default: // der, initial, pure
    return builtinCall(ctx, first);
  }
}

// component-reference [ function-call-args ]
ast::ExprPtr AstBuilder::referenceOrCall(P::PrimaryContext *ctx) {
  std::unique_ptr<ast::RefExpr> ref =
      componentReference(child<P::ComponentReferenceContext>(ctx));
  if (P::FunctionCallArgsContext *args = child<P::FunctionCallArgsContext>(ctx))
    return arrayCall(call(std::move(ref), args, range(ctx)));
  return ref;
}

// MLS 10.4.1: `array(A, B, C)` is the array constructor `{A, B, C}`, and
// `array(e for i in r)` the comprehension `{e for i in r}`. The call is
// rewritten here so that every later phase (models, functions, printing)
// sees one form. A call with named arguments, or of a qualified name, stays a
// call (and is looked up as a function).
ast::ExprPtr AstBuilder::arrayCall(std::unique_ptr<ast::CallExpr> c) {
  const ast::RefExpr &callee = *c->callee;
  if (callee.global || callee.parts.size() != 1 || callee.parts[0].name != "array" ||
      !callee.parts[0].subscripts.empty() || c->args.empty() || !c->namedArgs.empty())
    return c;
  for (const ast::ExprPtr &arg : c->args)
    if (!arg || arg->kind == ast::ExprKind::PartialApp)
      return c;
  if (!c->iterators.empty()) {
    if (c->args.size() != 1)
      return c;
    auto result = node<ast::ComprehensionExpr>(c->range);
    result->body = std::move(c->args[0]);
    result->iterators = std::move(c->iterators);
    return result;
  }
  auto result = node<ast::ArrayExpr>(c->range);
  result->elements = std::move(c->args);
  return result;
}

// ( der | initial | pure ) function-call-args: a call of a one-part name.
ast::ExprPtr AstBuilder::builtinCall(P::PrimaryContext *ctx, Token *name) {
  auto callee = node<ast::RefExpr>(range(name));
  ast::RefPart &part = callee->parts.emplace_back();
  part.name = std::string(text(name));
  part.range = range(name);
  return call(std::move(callee), child<P::FunctionCallArgsContext>(ctx),
              range(ctx));
}

// "(" output-expression-list ")": one expression in parentheses is that
// expression; anything else is a tuple.
ast::ExprPtr AstBuilder::parenthesized(P::PrimaryContext *ctx) {
  std::vector<ast::ExprPtr> slots =
      outputExpressionList(child<P::OutputExpressionListContext>(ctx));
  if (slots.size() == 1 && slots[0])
    return std::move(slots[0]);
  auto tuple = node<ast::TupleExpr>(range(ctx));
  tuple->elements = std::move(slots);
  return tuple;
}

// "[" expression-list { ";" expression-list } "]"
ast::ExprPtr AstBuilder::matrix(P::PrimaryContext *ctx) {
  auto result = node<ast::MatrixExpr>(range(ctx));
  for (P::ExpressionListContext *row :
       childrenOf<P::ExpressionListContext>(ctx))
    result->rows.push_back(expressionList(row));
  return result;
}

// "{" array-arguments "}"
// array-arguments :
//    expression [ "," array-arguments-non-first | for for-indices ]
// array-arguments-non-first : expression [ "," array-arguments-non-first ]
ast::ExprPtr AstBuilder::arrayConstructor(P::PrimaryContext *ctx) {
  P::ArrayArgumentsContext *args = child<P::ArrayArgumentsContext>(ctx);
  if (P::ForIndicesContext *indices = child<P::ForIndicesContext>(args)) {
    auto result = node<ast::ComprehensionExpr>(range(ctx));
    result->body = expression(child<P::ExpressionContext>(args, 0));
    result->iterators = forIndices(indices);
    return result;
  }
  auto result = node<ast::ArrayExpr>(range(ctx));
  for (P::ExpressionContext *element : childrenOf<P::ExpressionContext>(args))
    result->elements.push_back(expression(element));
  return result;
}

// output-expression-list : [ expression ] { "," [ expression ] }
std::vector<ast::ExprPtr>
AstBuilder::outputExpressionList(P::OutputExpressionListContext *ctx) {
  std::vector<ast::ExprPtr> slots(1);
  for (ParseTree *child : ctx->children) {
    if (terminal(child))
      slots.emplace_back(); // ","
    else
      slots.back() = expression(static_cast<P::ExpressionContext *>(child));
  }
  return slots;
}

// expression-list : expression { "," expression }
std::vector<ast::ExprPtr>
AstBuilder::expressionList(P::ExpressionListContext *ctx) {
  std::vector<ast::ExprPtr> list;
  for (P::ExpressionContext *element : childrenOf<P::ExpressionContext>(ctx))
    list.push_back(expression(element));
  return list;
}

// function-call-args : "(" [ function-arguments ] ")"
std::unique_ptr<ast::CallExpr>
AstBuilder::call(std::unique_ptr<ast::RefExpr> callee,
                 P::FunctionCallArgsContext *args, SourceRange range) {
  auto result = node<ast::CallExpr>(range);
  result->callee = std::move(callee);
  if (P::FunctionArgumentsContext *list =
          child<P::FunctionArgumentsContext>(args))
    functionArguments(list, *result);
  return result;
}

// function-arguments :
//    expression [ "," function-arguments-non-first | for for-indices ]
//    | function-partial-application [ "," function-arguments-non-first ]
//    | named-arguments
// function-arguments-non-first :
//    function-argument [ "," function-arguments-non-first ] | named-arguments
void AstBuilder::functionArguments(P::FunctionArgumentsContext *ctx,
                                   ast::CallExpr &call) {
  for (ParseTree *child : ctx->children) {
    if (terminal(child))
      continue;
    if (auto *expr = ruleAs<P::ExpressionContext>(child))
      call.args.push_back(expression(expr));
    else if (auto *arg = ruleAs<P::FunctionArgumentContext>(child))
      call.args.push_back(functionArgument(arg));
    else if (auto *partial =
                 ruleAs<P::FunctionPartialApplicationContext>(child))
      call.args.push_back(functionPartialApplication(partial));
    else if (auto *named = ruleAs<P::NamedArgumentContext>(child))
      call.namedArgs.push_back(namedArgument(named));
    else if (auto *namedList = ruleAs<P::NamedArgumentsContext>(child))
      call.namedArgs = namedArguments(namedList);
    else if (auto *indices = ruleAs<P::ForIndicesContext>(child))
      call.iterators = forIndices(indices);
  }
}

// function-argument : function-partial-application | expression
ast::ExprPtr AstBuilder::functionArgument(P::FunctionArgumentContext *ctx) {
  if (auto *partial = child<P::FunctionPartialApplicationContext>(ctx))
    return functionPartialApplication(partial);
  return expression(child<P::ExpressionContext>(ctx));
}

// named-argument : IDENT "=" function-argument
ast::NamedArgument AstBuilder::namedArgument(P::NamedArgumentContext *ctx) {
  ast::NamedArgument arg;
  arg.name = identifier(childToken(ctx, P::IDENT));
  arg.value = functionArgument(child<P::FunctionArgumentContext>(ctx));
  arg.range = range(ctx);
  return arg;
}

// named-arguments : named-argument [ "," named-arguments ]
std::vector<ast::NamedArgument>
AstBuilder::namedArguments(P::NamedArgumentsContext *ctx) {
  std::vector<ast::NamedArgument> args;
  for (P::NamedArgumentContext *arg : childrenOf<P::NamedArgumentContext>(ctx))
    args.push_back(namedArgument(arg));
  return args;
}

// function-partial-application :
//    function type-specifier "(" [ named-arguments ] ")"
ast::ExprPtr AstBuilder::functionPartialApplication(
    P::FunctionPartialApplicationContext *ctx) {
  auto result = node<ast::PartialAppExpr>(range(ctx));
  result->function = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (P::NamedArgumentsContext *args = child<P::NamedArgumentsContext>(ctx))
    result->namedArgs = namedArguments(args);
  return result;
}

// array-subscripts : "[" subscript { "," subscript } "]"
// subscript : ":" | expression
std::vector<ast::ExprPtr>
AstBuilder::arraySubscripts(P::ArraySubscriptsContext *ctx) {
  std::vector<ast::ExprPtr> subs;
  for (P::SubscriptContext *sub : childrenOf<P::SubscriptContext>(ctx)) {
    if (P::ExpressionContext *expr = child<P::ExpressionContext>(sub))
      subs.push_back(expression(expr));
    else
      subs.push_back(node<ast::ColonExpr>(range(sub)));
  }
  return subs;
}

// component-reference :
//    [ "." ] IDENT [ array-subscripts ] { "." IDENT [ array-subscripts ] }
std::unique_ptr<ast::RefExpr>
AstBuilder::componentReference(P::ComponentReferenceContext *ctx) {
  auto ref = node<ast::RefExpr>(range(ctx));
  for (ParseTree *child : ctx->children) {
    Token *token = terminal(child);
    if (!token) {
      auto *subs = static_cast<P::ArraySubscriptsContext *>(child);
      ref->parts.back().subscripts = arraySubscripts(subs);
      ref->parts.back().range =
          SourceRange::cover(ref->parts.back().range, range(subs));
    } else if (token->getType() == P::IDENT) {
      ast::RefPart &part = ref->parts.emplace_back();
      part.name = identifier(token);
      part.range = range(token);
    } else if (ref->parts.empty()) {
      ref->global = true; // a leading "."
    }
  }
  return ref;
}

// ===========================================================================
// Names, descriptions and literals
// ===========================================================================

// type-specifier : [ "." ] name
ast::Name AstBuilder::typeSpecifier(P::TypeSpecifierContext *ctx) {
  ast::Name result = name(child<P::NameContext>(ctx));
  result.global = childToken(ctx, P::DOT) != nullptr;
  result.range = range(ctx);
  return result;
}

// name : IDENT { "." IDENT }
ast::Name AstBuilder::name(P::NameContext *ctx) {
  ast::Name result;
  result.range = range(ctx);
  for (ParseTree *child : ctx->children)
    if (Token *token = terminal(child); token->getType() == P::IDENT)
      result.parts.push_back(identifier(token));
  return result;
}

// description : description-string [ annotation-clause ]
// (null when the description is empty)
ast::Description AstBuilder::description(P::DescriptionContext *ctx) {
  ast::Description result;
  if (!ctx)
    return result;
  result.text = descriptionString(child<P::DescriptionStringContext>(ctx));
  if (P::AnnotationClauseContext *annotation =
          child<P::AnnotationClauseContext>(ctx))
    result.annotation = annotationClause(annotation);
  return result;
}

// description-string : [ STRING { "+" STRING } ]
// (null when the description string is empty; the strings are concatenated)
std::string AstBuilder::descriptionString(P::DescriptionStringContext *ctx) {
  std::string result;
  if (!ctx)
    return result;
  for (ParseTree *node : ctx->children)
    if (Token *token = terminal(node); token->getType() == P::STRING)
      result += stringValue(token);
  return result;
}

// annotation-clause : annotation class-modification
std::unique_ptr<ast::Modification>
AstBuilder::annotationClause(P::AnnotationClauseContext *ctx) {
  std::unique_ptr<ast::Modification> mod =
      classModification(child<P::ClassModificationContext>(ctx));
  mod->range = range(ctx);
  return mod;
}

// UNSIGNED-INTEGER : DIGIT { DIGIT }
// A literal too large for 64 bits is a Real (as other tools treat it).
ast::ExprPtr AstBuilder::integerLiteral(Token *token) {
  std::string_view digits = text(token);
  int64_t value = 0;
  auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size())
    return realLiteral(token);
  auto result = node<ast::IntegerExpr>(range(token));
  result->value = value;
  result->text = std::string(digits);
  return result;
}

// UNSIGNED-REAL (see the lexer); std::from_chars ignores the C locale.
ast::ExprPtr AstBuilder::realLiteral(Token *token) {
  std::string_view digits = text(token);
  auto result = node<ast::RealExpr>(range(token));
  result->text = std::string(digits);
  auto [end, error] = std::from_chars(
      digits.data(), digits.data() + digits.size(), result->value);
  if (error == std::errc::result_out_of_range) {
    // Underflow reads as zero; overflow has no value.
    size_t exponent = digits.find_first_of("eE");
    if (exponent != std::string_view::npos && digits[exponent + 1] == '-')
      result->value = 0;
    else
      errors_.report(range(token), diag::RealLiteralOutOfRange, {result->text});
  }
  return result;
}

// STRING : """ { S-CHAR | S-ESCAPE } """
// S-ESCAPE :
//    "\'" | "\"" | "\?" | "\\"
//    | "\a" | "\b" | "\f" | "\n" | "\r" | "\t" | "\v"
std::string AstBuilder::stringValue(Token *token) {
  std::string_view raw = text(token);
  raw = raw.substr(1, raw.size() - 2);
  std::string value;
  value.reserve(raw.size());
  size_t start = 0;
  for (size_t slash = raw.find('\\'); slash != std::string_view::npos;
       slash = raw.find('\\', start)) {
    value.append(raw.substr(start, slash - start));
    char escaped = raw[slash + 1]; // the lexer guarantees a character here
    static const std::string_view from = "'\"?\\abfnrtv",
                                  to = "'\"?\\\a\b\f\n\r\t\v";
    size_t which = from.find(escaped);
    if (which == std::string_view::npos) {
      uint32_t at = static_cast<uint32_t>(token->getStartIndex() + 1 + slash);
      errors_.report({file_, at, at + 2}, diag::UnknownEscapeSequence,
                     {std::string(1, escaped)});

      value += escaped;
    } else {
      value += to[which];
    }
    start = slash + 2;
  }
  value.append(raw.substr(start));
  return value;
}

// IDENT : NON-DIGIT { DIGIT | NON-DIGIT } | Q-IDENT
// The quotes are part of a quoted identifier; its redundant escapes `\"`
// and `\?` are the same as `"` and `?`, so they are normalized.
std::string AstBuilder::identifier(Token *token) const {
  std::string_view raw = text(token);
  if (raw[0] != '\'' || raw.find('\\') == std::string_view::npos)
    return std::string(raw);
  std::string result;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && (raw[i + 1] == '"' || raw[i + 1] == '?'))
      continue;
    result += raw[i];
    if (raw[i] == '\\')
      result += raw[++i];
  }
  return result;
}

} // namespace mocc::parse
