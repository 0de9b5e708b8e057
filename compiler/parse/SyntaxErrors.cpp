// Implementation of syntax error reporting: lexical error tokens, and the
// messages of the ANTLR error strategy, phrased from the offending token, the
// set of tokens the grammar expected there, and the rule being parsed.
#include "compiler/parse/SyntaxErrors.h"

#include "ModelicaParser.h"

#include <BufferedTokenStream.h>
#include <InputMismatchException.h>
#include <NoViableAltException.h>
#include <Parser.h>
#include <ParserRuleContext.h>
#include <Token.h>
#include <tree/TerminalNode.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>
#include <vector>

namespace mocc::parse {

using P = grammar::ModelicaParser;
using antlr4::Token;

// ---------------------------------------------------------------------------
// Lexical errors
// ---------------------------------------------------------------------------

namespace {

/// Whether `bytes` is a sequence of complete, valid UTF-8 characters.
bool isValidUtf8(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size()) {
    unsigned char lead = static_cast<unsigned char>(bytes[i]);
    size_t length = lead < 0x80         ? 1
                    : lead >> 5 == 0x6  ? 2
                    : lead >> 4 == 0xE  ? 3
                    : lead >> 3 == 0x1E ? 4
                                        : 0;
    if (length == 0 || i + length > bytes.size())
      return false;
    for (size_t k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(bytes[i + k]) & 0xC0) != 0x80)
        return false;
    i += length;
  }
  return true;
}

/// The message for a character (or run of non-ASCII bytes) outside any token.
std::string strayCharacterMessage(std::string_view text) {
  unsigned char c = static_cast<unsigned char>(text[0]);
  if (c >= 0x80) {
    if (!isValidUtf8(text))
      return diag::format(diag::InvalidUtf8, {});
    return diag::format(diag::NonAsciiCharacter, {text});
  }
  if (c < 0x20 || c == 0x7F) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "0x%02X", c);
    return diag::format(diag::ControlCharacter, {buffer});
  }
  return diag::format(diag::UnexpectedCharacter, {text});
}

} // namespace

void SyntaxErrorReporter::reportLexerErrors(
    antlr4::BufferedTokenStream &tokens) {
  std::string_view source = diags_.sources().text(file_);
  bool pending = false;
  for (Token *token : tokens.getTokens()) {
    if (token->getChannel() == Token::DEFAULT_CHANNEL) {
      if (pending)
        suppressed_.insert(token->getTokenIndex());
      pending = false;
      continue;
    }
    SourceRange range = rangeOf(token);
    size_t lineEnd = std::min(source.find('\n', range.end), source.size());
    std::string text = token->getText();
    switch (token->getType()) {
    case P::UNTERMINATED_STRING:
      range.end = range.begin + 1;
      lexerError(range, diag::UnterminatedString);
      break;
    case P::UNTERMINATED_COMMENT:
      range.end = range.begin + 2;
      lexerError(range, diag::UnterminatedComment);
      break;
    case P::BAD_QIDENT:
      if (text.size() >= 2 && text.back() == '\'') {
        lexerError(range, diag::InvalidQuotedIdentifierCharacter);
      } else {
        range.end = range.begin + 1;
        lexerError(range, diag::UnterminatedQuotedIdentifier);
      }
      break;
    case P::ERROR_CHAR:
      lexerError(range, strayCharacterMessage(text));
      break;
    default:
      continue;
    }
    suppressedBytes_[range.begin] = static_cast<uint32_t>(lineEnd);
    pending = true;
  }
}

// ---------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------

void SyntaxErrorReporter::report(Token *token, SourceRange range,
                                 const std::string &message) {
  ++errorCount_;
  lastReported_ = false;
  size_t index = token->getTokenIndex();
  if (index == lastTokenIndex_ || isSuppressed(token))
    return;
  lastTokenIndex_ = index;
  lastReported_ = true;
  flushLexerErrorsBefore(range.begin + 1);
  diags_.error(range, message);
}

void SyntaxErrorReporter::lexerError(SourceRange range, std::string message) {
  ++errorCount_;
  lexerErrors_.emplace_back(range, std::move(message));
}

void SyntaxErrorReporter::flushLexerErrorsBefore(uint32_t offset) {
  for (; lexerErrorsPrinted_ < lexerErrors_.size(); ++lexerErrorsPrinted_) {
    const auto &[range, message] = lexerErrors_[lexerErrorsPrinted_];
    if (range.begin >= offset)
      break;
    diags_.error(range, message);
  }
}

bool SyntaxErrorReporter::isSuppressed(Token *token) const {
  if (suppressed_.count(token->getTokenIndex()))
    return true;
  uint32_t offset = static_cast<uint32_t>(token->getStartIndex());
  auto after = suppressedBytes_.upper_bound(offset);
  if (after == suppressedBytes_.begin())
    return false;
  return offset <= std::prev(after)->second;
}

void SyntaxErrorReporter::report(SourceRange range,
                                 const std::string &message) {
  ++errorCount_;
  lastReported_ = true;
  flushLexerErrors();
  diags_.error(range, message);
}

void SyntaxErrorReporter::note(SourceRange range, const std::string &message) {
  if (lastReported_)
    diags_.note(range, message);
}

SourceRange SyntaxErrorReporter::rangeOf(Token *token) const {
  uint32_t begin = static_cast<uint32_t>(token->getStartIndex());
  uint32_t end = token->getType() == Token::EOF
                     ? begin
                     : static_cast<uint32_t>(token->getStopIndex() + 1);
  return {file_, begin, end};
}

SourceRange SyntaxErrorReporter::after(Token *token) const {
  uint32_t end = rangeOf(token).end;
  return {file_, end, end};
}

// ---------------------------------------------------------------------------
// Phrasing: tokens, expected sets, grammar contexts
// ---------------------------------------------------------------------------

namespace {

std::string backticked(std::string_view text) {
  std::string result;
  result.reserve(text.size() + 2);
  result += '`';
  result += text;
  result += '`';
  return result;
}

std::string describeToken(Token *token) {
  switch (token->getType()) {
  case Token::EOF:
    return "end of file";
  case P::STRING:
    return "string literal";
  default: {
    std::string text = token->getText();
    if (text.size() > 40)
      text = text.substr(0, 37) + "...";
    return backticked(text);
  }
  }
}

std::string tokenPhrase(ssize_t type,
                        const antlr4::dfa::Vocabulary &vocabulary) {
  switch (type) {
  case -1: // EOF in an IntervalSet
    return "end of file";
  case P::IDENT:
    return "an identifier";
  case P::STRING:
    return "a string";
  case P::UNSIGNED_INTEGER:
    return "an integer";
  case P::UNSIGNED_REAL:
    return "a real number";
  default: {
    std::string literal = vocabulary.getLiteralName(type);
    if (literal.size() >= 2)
      literal = literal.substr(1, literal.size() - 2); // drop ANTLR's quotes
    return backticked(literal);
  }
  }
}

/// A family of tokens that is named as a whole ("an expression") when the
/// expected set contains all of its `trigger` tokens; `noise` tokens are
/// then left out of the list as well.
struct TokenGroup {
  const char *phrase;
  std::vector<ssize_t> trigger;
  std::vector<ssize_t> members;
  std::vector<ssize_t> noise;
};

#define MOCC_EXPRESSION_START                                                  \
  P::UNSIGNED_INTEGER, P::UNSIGNED_REAL, P::STRING, P::FALSE, P::TRUE,         \
      P::IDENT, P::DOT, P::DER, P::INITIAL, P::PURE, P::LPAREN, P::LBRACK,     \
      P::LBRACE, P::PLUS, P::MINUS, P::DOTPLUS, P::DOTMINUS, P::NOT, P::IF
// `end` also starts an expression (as a subscript), but where a list of
// equations may end, `end` must still be named on its own.
#define MOCC_SECTION_KEYWORDS                                                  \
  P::PUBLIC, P::PROTECTED, P::EQUATION, P::ALGORITHM, P::INITIAL, P::EXTERNAL, \
      P::ANNOTATION
#define MOCC_CLASS_START                                                       \
  P::ENCAPSULATED, P::PARTIAL, P::CLASS, P::MODEL, P::OPERATOR, P::RECORD,     \
      P::BLOCK, P::EXPANDABLE, P::CONNECTOR, P::TYPE, P::PACKAGE, P::PURE,     \
      P::IMPURE, P::FUNCTION

const std::vector<TokenGroup> &tokenGroups() {
  static const std::vector<TokenGroup> groups = {
      {"an equation",
       {P::CONNECT, P::WHEN, P::UNSIGNED_INTEGER},
       {MOCC_EXPRESSION_START, P::FOR, P::CONNECT, P::WHEN},
       {MOCC_SECTION_KEYWORDS}},
      {"a statement",
       {P::WHILE, P::RETURN},
       {P::IDENT, P::DOT, P::LPAREN, P::BREAK, P::RETURN, P::IF, P::FOR,
        P::WHILE, P::WHEN},
       {MOCC_SECTION_KEYWORDS}},
      {"a declaration",
       {P::IMPORT, P::EXTENDS, P::REPLACEABLE},
       {MOCC_CLASS_START, P::IMPORT, P::EXTENDS, P::REDECLARE, P::FINAL,
        P::INNER, P::OUTER, P::REPLACEABLE, P::FLOW, P::STREAM, P::DISCRETE,
        P::PARAMETER, P::CONSTANT, P::INPUT, P::OUTPUT, P::IDENT, P::DOT},
       {MOCC_SECTION_KEYWORDS}},
      {"a class definition",
       {P::MODEL, P::PACKAGE, P::FUNCTION},
       {MOCC_CLASS_START, P::FINAL},
       {P::WITHIN}},
      {"a modification",
       {P::EACH, P::REDECLARE},
       {P::EACH, P::FINAL, P::REDECLARE, P::REPLACEABLE, P::IDENT, P::BREAK},
       {}},
      {"an expression",
       {P::UNSIGNED_INTEGER, P::LPAREN, P::LBRACE},
       {MOCC_EXPRESSION_START, P::END},
       {}},
  };
  return groups;
}

#undef MOCC_EXPRESSION_START
#undef MOCC_SECTION_KEYWORDS
#undef MOCC_CLASS_START

/// "an expression or `)`"; empty if the set is too large to be helpful.
std::string describeExpected(const antlr4::misc::IntervalSet &expected,
                             const antlr4::dfa::Vocabulary &vocabulary) {
  std::vector<ssize_t> list = expected.toList();
  std::set<ssize_t> remaining(list.begin(), list.end());
  std::vector<std::string> items;
  for (const TokenGroup &group : tokenGroups()) {
    bool triggered = !group.trigger.empty();
    for (ssize_t type : group.trigger)
      triggered = triggered && remaining.count(type);
    if (!triggered)
      continue;
    items.push_back(group.phrase);
    for (ssize_t type : group.members)
      remaining.erase(type);
    for (ssize_t type : group.noise)
      remaining.erase(type);
  }
  for (ssize_t type : remaining)
    if (type != static_cast<ssize_t>(Token::EPSILON))
      items.push_back(tokenPhrase(type, vocabulary));
  if (items.empty() || items.size() > 5)
    return "";
  std::string text = items[0];
  for (size_t i = 1; i < items.size(); ++i)
    text += (i + 1 == items.size() ? " or " : ", ") + items[i];
  return text;
}

/// What is being parsed in a rule, as "in <phrase>"; empty for rules that
/// are not worth naming (the search continues with the enclosing rule).
const char *rulePhrase(size_t rule) {
  switch (rule) {
  case P::RuleExpression:
  case P::RuleSimpleExpression:
  case P::RuleLogicalExpression:
  case P::RuleArithmeticExpression:
  case P::RulePrimary:
  case P::RuleOutputExpressionList:
  case P::RuleExpressionList:
  case P::RuleArrayArguments:
  case P::RuleArraySubscripts:
  case P::RuleSubscript:
    return "an expression";
  case P::RuleFunctionCallArgs:
  case P::RuleFunctionArguments:
  case P::RuleNamedArguments:
  case P::RuleNamedArgument:
  case P::RuleFunctionArgument:
  case P::RuleFunctionPartialApplication:
    return "the function arguments";
  case P::RuleEquation:
  case P::RuleIfEquation:
  case P::RuleForEquation:
  case P::RuleWhenEquation:
  case P::RuleConnectEquation:
  case P::RuleEquationSection:
    return "an equation";
  case P::RuleStatement:
  case P::RuleIfStatement:
  case P::RuleForStatement:
  case P::RuleWhileStatement:
  case P::RuleWhenStatement:
  case P::RuleAlgorithmSection:
    return "a statement";
  case P::RuleAnnotationClause:
    return "an annotation";
  case P::RuleModification:
  case P::RuleModificationExpression:
  case P::RuleClassModification:
  case P::RuleArgumentList:
  case P::RuleArgument:
  case P::RuleElementModificationOrReplaceable:
  case P::RuleElementModification:
  case P::RuleElementRedeclaration:
  case P::RuleElementReplaceable:
  case P::RuleComponentClause1:
  case P::RuleComponentDeclaration1:
  case P::RuleShortClassDefinition:
  case P::RuleClassOrInheritanceModification:
  case P::RuleInheritanceModification:
    return "a modification";
  case P::RuleImportClause:
  case P::RuleImportList:
    return "an import clause";
  case P::RuleExtendsClause:
    return "an extends clause";
  case P::RuleConstrainingClause:
    return "a constraining clause";
  case P::RuleComponentClause:
  case P::RuleTypePrefix:
  case P::RuleComponentList:
  case P::RuleComponentDeclaration:
  case P::RuleDeclaration:
  case P::RuleConditionAttribute:
    return "a component declaration";
  case P::RuleClassDefinition:
  case P::RuleClassPrefixes:
  case P::RuleClassSpecifier:
  case P::RuleLongClassSpecifier:
  case P::RuleShortClassSpecifier:
  case P::RuleDerClassSpecifier:
  case P::RuleEnumList:
  case P::RuleEnumerationLiteral:
  case P::RuleComposition:
  case P::RuleElementList:
  case P::RuleElement:
  case P::RuleExternalFunctionCall:
  case P::RuleLanguageSpecification:
    return "a class definition";
  default:
    return "";
  }
}

std::string contextPhrase(antlr4::RuleContext *ctx) {
  for (; ctx; ctx = dynamic_cast<antlr4::RuleContext *>(ctx->parent)) {
    std::string phrase = rulePhrase(ctx->getRuleIndex());
    if (!phrase.empty())
      return phrase;
  }
  return "";
}

/// What an element holds: "the component declaration", ...
std::string elementPhrase(antlr4::ParserRuleContext *element) {
  for (auto *child : element->children) {
    auto *rule = dynamic_cast<antlr4::RuleContext *>(child);
    if (!rule)
      continue;
    switch (rule->getRuleIndex()) {
    case P::RuleImportClause:
      return "the import clause";
    case P::RuleExtendsClause:
      return "the extends clause";
    case P::RuleClassDefinition:
      return "the class definition";
    case P::RuleComponentClause:
      return "the component declaration";
    default:
      break;
    }
  }
  return "the element";
}

/// What was parsed just before a missing `;`, from the last child of the
/// rule that wanted it: "the equation", "the component declaration", ...
std::string completedPhrase(antlr4::ParserRuleContext *ctx) {
  if (!ctx || ctx->children.empty())
    return "";
  auto *last = dynamic_cast<antlr4::ParserRuleContext *>(ctx->children.back());
  if (!last) {
    auto *terminal =
        dynamic_cast<antlr4::tree::TerminalNode *>(ctx->children.back());
    return terminal ? backticked(terminal->getText()) : "";
  }
  switch (last->getRuleIndex()) {
  case P::RuleElement:
    return elementPhrase(last);
  case P::RuleEquation:
    return "the equation";
  case P::RuleStatement:
    return "the statement";
  case P::RuleClassDefinition:
    return "the class definition";
  case P::RuleAnnotationClause:
    return "the annotation";
  case P::RuleName:
    return "the `within` clause";
  case P::RuleExternalFunctionCall:
  case P::RuleLanguageSpecification:
    return "the external clause";
  default:
    return "";
  }
}

bool isOperandEnd(size_t type) {
  switch (type) {
  case P::IDENT:
  case P::UNSIGNED_INTEGER:
  case P::UNSIGNED_REAL:
  case P::STRING:
  case P::TRUE:
  case P::FALSE:
  case P::RPAREN:
  case P::RBRACK:
  case P::RBRACE:
  case P::END:
    return true;
  default:
    return false;
  }
}

bool isAddOperator(size_t type) {
  return type == P::PLUS || type == P::MINUS || type == P::DOTPLUS ||
         type == P::DOTMINUS;
}

bool isBinaryOperator(size_t type) {
  switch (type) {
  case P::STAR:
  case P::SLASH:
  case P::DOTSTAR:
  case P::DOTSLASH:
  case P::POWER:
  case P::DOTPOWER:
    return true;
  default:
    return isAddOperator(type);
  }
}

bool isRelational(size_t type) {
  switch (type) {
  case P::LESS:
  case P::LESSEQ:
  case P::GREATER:
  case P::GREATEREQ:
  case P::EQ:
  case P::NEQ:
    return true;
  default:
    return false;
  }
}

bool inEquationContext(antlr4::RuleContext *ctx) {
  switch (ctx->getRuleIndex()) {
  case P::RuleEquation:
  case P::RuleEquationSection:
  case P::RuleIfEquation:
  case P::RuleForEquation:
  case P::RuleWhenEquation:
    return true;
  default:
    return false;
  }
}

/// The closing bracket's partner, or 0.
size_t openingBracket(size_t closing) {
  switch (closing) {
  case P::RPAREN:
    return P::LPAREN;
  case P::RBRACK:
    return P::LBRACK;
  case P::RBRACE:
    return P::LBRACE;
  default:
    return 0;
  }
}

/// The first token of type `type` among the direct children of `ctx`.
Token *childToken(antlr4::ParserRuleContext *ctx, size_t type) {
  for (auto *child : ctx->children)
    if (auto *terminal = dynamic_cast<antlr4::tree::TerminalNode *>(child))
      if (terminal->getSymbol()->getType() == type)
        return terminal->getSymbol();
  return nullptr;
}

} // namespace

// ---------------------------------------------------------------------------
// The error strategy
// ---------------------------------------------------------------------------

antlr4::Token *ErrorStrategy::singleTokenDeletion(antlr4::Parser *parser) {
  if (parser->getCurrentToken()->getType() == P::SEMI)
    return nullptr;
  return DefaultErrorStrategy::singleTokenDeletion(parser);
}

Token *ErrorStrategy::recoverInline(antlr4::Parser *parser) {
  if (Token *matched = singleTokenDeletion(parser)) {
    parser->consume(); // the token after the deleted one is the expected one
    return matched;
  }
  if (singleTokenInsertion(parser))
    return getMissingSymbol(parser);
  antlr4::misc::IntervalSet expected = getExpectedTokens(parser);
  if (expected.size() == 1 && expected.contains(static_cast<size_t>(P::SEMI)))
    if (Token *semicolon = skipToSemicolon(parser))
      return semicolon;
  throw antlr4::InputMismatchException(parser);
}

/// Reports the missing `;` and consumes tokens up to the next `;` outside
/// brackets, which then counts as matched. Gives up (null, nothing consumed
/// or reported) if a keyword that closes or opens a section comes first:
/// then the item list ends here and ANTLR's recovery takes over.
Token *ErrorStrategy::skipToSemicolon(antlr4::Parser *parser) {
  antlr4::TokenStream *tokens = parser->getTokenStream();
  int depth = 0;
  for (ssize_t i = 1;; ++i) {
    size_t type = tokens->LA(i);
    if (type == P::SEMI && depth <= 0)
      break;
    if (type == Token::EOF || type == P::END || type == P::EQUATION ||
        type == P::ALGORITHM || type == P::PUBLIC || type == P::PROTECTED ||
        type == P::EXTERNAL)
      return nullptr;
    if (type == P::LPAREN || type == P::LBRACK || type == P::LBRACE)
      ++depth;
    else if (type == P::RPAREN || type == P::RBRACK || type == P::RBRACE)
      --depth;
  }
  if (!inErrorRecoveryMode(parser)) {
    beginErrorCondition(parser);
    antlr4::misc::IntervalSet semicolon;
    semicolon.add(P::SEMI);
    reportExpectedAfter(parser, parser->getCurrentToken(), semicolon);
  }
  while (parser->getCurrentToken()->getType() != P::SEMI)
    parser->consume();
  Token *semicolon = parser->getCurrentToken();
  reportMatch(parser); // leave recovery mode: the list goes on normally
  parser->consume();
  return semicolon;
}

void ErrorStrategy::reportNoViableAlternative(
    antlr4::Parser *parser, const antlr4::NoViableAltException &e) {
  Token *token = e.getOffendingToken();
  // The expected set belongs to where the decision started; it only
  // describes the offending token if the decision failed right there.
  antlr4::misc::IntervalSet expected;
  if (e.getStartToken()->getTokenIndex() == token->getTokenIndex())
    expected = e.getExpectedTokens();
  reportUnexpected(parser, token, expected);
}

void ErrorStrategy::reportInputMismatch(
    antlr4::Parser *parser, const antlr4::InputMismatchException &e) {
  antlr4::misc::IntervalSet expected = e.getExpectedTokens();
  if (expected.size() == 1 && expected.contains(static_cast<size_t>(P::SEMI)))
    reportExpectedAfter(parser, e.getOffendingToken(), expected);
  else
    reportUnexpected(parser, e.getOffendingToken(), expected);
}

void ErrorStrategy::reportFailedPredicate(
    antlr4::Parser *parser, const antlr4::FailedPredicateException &e) {
  // The grammar has no semantic predicates.
  reportUnexpected(parser, e.getOffendingToken(), {});
}

void ErrorStrategy::reportUnwantedToken(antlr4::Parser *parser) {
  if (inErrorRecoveryMode(parser))
    return;
  beginErrorCondition(parser);
  reportUnexpected(parser, parser->getCurrentToken(),
                   getExpectedTokens(parser));
}

void ErrorStrategy::reportMissingToken(antlr4::Parser *parser) {
  if (inErrorRecoveryMode(parser))
    return;
  beginErrorCondition(parser);
  reportExpectedAfter(parser, parser->getCurrentToken(),
                      getExpectedTokens(parser));
}

/// "unexpected X; expected Y", or "unexpected X in Z" when the expected set
/// says nothing useful.
void ErrorStrategy::reportUnexpected(
    antlr4::Parser *parser, Token *token,
    const antlr4::misc::IntervalSet &expected) {
  if (reportSpecial(parser, token, expected))
    return;
  std::string what = describeExpected(expected, parser->getVocabulary());
  std::string context = what.empty() ? contextPhrase(parser->getContext()) : "";
  if (!what.empty())
    reporter_.report(token, where(parser, token), diag::UnexpectedTokenExpected,
                     {describeToken(token), what});
  else if (!context.empty())
    reporter_.report(token, where(parser, token), diag::UnexpectedTokenIn,
                     {describeToken(token), context});
  else
    reporter_.report(token, where(parser, token), diag::UnexpectedToken, {describeToken(token)});
}

/// Where to point for an unexpected `token`: at it, or for the end of the
/// file just after the last token (not at an empty last line).
SourceRange ErrorStrategy::where(antlr4::Parser *parser, Token *token) {
  Token *previous = parser->getTokenStream()->LT(-1);
  if (token->getType() == Token::EOF && previous)
    return reporter_.after(previous);
  return reporter_.rangeOf(token);
}

/// "expected `;` after the equation", placed just after the previous token.
void ErrorStrategy::reportExpectedAfter(
    antlr4::Parser *parser, Token *token,
    const antlr4::misc::IntervalSet &expected) {
  if (reportSpecial(parser, token, expected))
    return;
  std::string what = describeExpected(expected, parser->getVocabulary());
  if (what.empty()) {
    reportUnexpected(parser, token, expected);
    return;
  }
  Token *previous = parser->getTokenStream()->LT(-1);
  std::string done = completedPhrase(parser->getContext());
  SourceRange at =
      previous ? reporter_.after(previous) : reporter_.rangeOf(token);
  if (previous && !done.empty())
    reporter_.report(token, at, diag::ExpectedAfter, {what, done});
  else
    reporter_.report(token, at, diag::Expected, {what});
  size_t opening =
      expected.size() == 1 ? openingBracket(expected.getMinElement()) : 0;
  if (Token *open =
          opening ? childToken(parser->getContext(), opening) : nullptr)
    reporter_.note(reporter_.rangeOf(open), diag::NoteToMatchThis, {open->getText()});
}

/// Messages for mistakes common enough to deserve their own explanation.
bool ErrorStrategy::reportSpecial(antlr4::Parser *parser, Token *token,
                                  const antlr4::misc::IntervalSet &expected) {
  Token *previous = parser->getTokenStream()->LT(-1);
  size_t type = token->getType();
  size_t before = previous ? previous->getType() : 0;
  antlr4::ParserRuleContext *ctx = parser->getContext();
  std::optional<diag::Kind> kind;
  std::string operand, before2;
  if ((type == P::POWER || type == P::DOTPOWER) && isOperandEnd(before)) {
    kind = diag::PowerNotAssociative;
    operand = token->getText();
  } else if (isRelational(type) && isOperandEnd(before)) {
    kind = diag::ChainedComparison;
  } else if (isAddOperator(type) && isBinaryOperator(before)) {
    kind = diag::UnaryAfterBinaryOperator;
    operand = token->getText();
    before2 = previous->getText();
  } else if (type == P::RBRACE && before == P::LBRACE) {
    kind = diag::EmptyArrayConstructor;
  } else if (type == P::EQUALS && ctx->getRuleIndex() == P::RuleStatement) {
    kind = diag::EqualsInStatement;
  } else if (type == P::ASSIGN && inEquationContext(ctx)) {
    kind = diag::AssignInEquation;
  }
  if (kind) {
    reporter_.report(token, reporter_.rangeOf(token), *kind, {operand, before2});
    return true;
  }
  if (type != Token::EOF || ctx->getRuleIndex() != P::RuleLongClassSpecifier ||
      !expected.contains(static_cast<size_t>(P::END)))
    return false;
  // The file ends inside a class: name the class and point at its start.
  Token *name = childToken(ctx, P::IDENT);
  std::string className = name ? name->getText() : "";
  reporter_.report(token, where(parser, token), diag::MissingEndAtEndOfFile, {className});
  if (name)
    reporter_.note(reporter_.rangeOf(name), diag::NoteClassStartsHere, {className});

  return true;
}

} // namespace mocc::parse
