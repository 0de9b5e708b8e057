// The parse phase's driver: lexes the whole file, reports lexical errors,
// parses in two stages (SLL with bail-out, then LL with error recovery only
// if the first stage failed), and builds the AST from an error-free tree.
#include "compiler/parse/Parser.h"

#include "compiler/parse/AstBuilder.h"
#include "compiler/parse/ByteStream.h"
#include "compiler/parse/FastLexer.h"
#include "compiler/parse/StackGuard.h"
#include "compiler/parse/SyntaxErrors.h"

#include "ModelicaParser.h"

#include <BailErrorStrategy.h>
#include <Exceptions.h>
#include <atn/ParserATNSimulator.h>
#include <atn/PredictionMode.h>

namespace mocc {

namespace {

using P = grammar::ModelicaParser;

/// Stack the parser and the builder may use before giving up on deeply
/// nested input: about 2,000 nested parentheses, far more than any real
/// model needs. Everything, including ANTLR's prediction at that depth,
/// fits in 4 MB (tested), half the default thread stack.
constexpr size_t kStackLimit = 2 * 1024 * 1024;

/// The generated parser, checking stack use on every rule entry.
class GuardedParser : public P {
public:
  GuardedParser(antlr4::TokenStream *input, const parse::StackGuard &stack)
      : P(input), stack_(stack) {}

  void enterRule(antlr4::ParserRuleContext *ctx, size_t state,
                 size_t rule) override {
    if (stack_.exceeded())
      throw parse::NestingTooDeep{};
    // Most rules have up to three children; room for them in one allocation
    // (the smallest heap block holds three pointers anyway).
    ctx->children.reserve(3);
    P::enterRule(ctx, state, rule);
  }

private:
  const parse::StackGuard &stack_;
};

/// Everything needed to parse one file, in dependency order.
class ParseSession {
public:
  ParseSession(const SourceManager &sources, FileId file, Diagnostics &diags)
      : text_(sources.text(file)), stack_(kStackLimit),
        input_(text_, sources.path(file)), lexer_(&input_, text_),
        tokens_(&lexer_), parser_(&tokens_, stack_), reporter_(file, diags),
        builder_(text_, file, reporter_, stack_) {
    lexer_.removeErrorListeners();
    parser_.removeErrorListeners();
  }

  /// Parses with `rule`; returns null if the tree has syntax errors.
  template <class Context> Context *parse(Context *(P::*rule)());

  /// Reports that the input nests too deeply.
  void reportTooDeep(const parse::NestingTooDeep &e) {
    SourceRange where = e.where;
    if (!where.valid())
      where = reporter_.rangeOf(parser_.getCurrentToken());
    reporter_.report(where, diag::ParserNestingTooDeep);

  }

  parse::AstBuilder &builder() { return builder_; }
  bool failed() const { return reporter_.hasErrors(); }

private:
  std::string_view text_;
  parse::StackGuard stack_;
  parse::ByteStream input_;
  parse::FastLexer lexer_;
  parse::FastTokenStream tokens_;
  GuardedParser parser_;
  parse::SyntaxErrorReporter reporter_;
  parse::AstBuilder builder_;
};

template <class Context> Context *ParseSession::parse(Context *(P::*rule)()) {
  tokens_.fill();
  reporter_.reportLexerErrors(tokens_);
  auto *simulator = parser_.getInterpreter<antlr4::atn::ParserATNSimulator>();

  // Stage 1: SLL prediction, stop at the first error. Enough for almost all
  // valid input, and much faster than full LL.
  parser_.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  simulator->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  try {
    Context *tree = (parser_.*rule)();
    reporter_.flushLexerErrors();
    return tree;
  } catch (antlr4::ParseCancellationException &) {
  }

  // Stage 2: full LL prediction with error recovery and reporting; only
  // this stage can tell a real syntax error from a weakness of SLL.
  tokens_.seek(0);
  parser_.reset();
  parser_.setErrorHandler(std::make_shared<parse::ErrorStrategy>(reporter_));
  simulator->setPredictionMode(antlr4::atn::PredictionMode::LL);
  unsigned lexerErrors = reporter_.errorCount();
  Context *tree = (parser_.*rule)();
  reporter_.flushLexerErrors();
  return reporter_.errorCount() != lexerErrors ? nullptr : tree;
}

} // namespace

std::unique_ptr<ast::StoredDefinition>
parseFile(const SourceManager &sources, FileId file, Diagnostics &diags) {
  ParseSession session(sources, file, diags);
  try {
    P::StoredDefinitionContext *tree = session.parse(&P::storedDefinition);
    if (!tree)
      return nullptr;
    auto def = session.builder().storedDefinition(tree);
    return session.failed() ? nullptr : std::move(def);
  } catch (parse::NestingTooDeep &e) {
    session.reportTooDeep(e);
    return nullptr;
  }
}

ast::ExprPtr parseExpression(const SourceManager &sources, FileId file,
                             Diagnostics &diags) {
  ParseSession session(sources, file, diags);
  try {
    P::ExpressionEntryContext *tree = session.parse(&P::expressionEntry);
    if (!tree)
      return nullptr;
    ast::ExprPtr expr = session.builder().expressionEntry(tree);
    return session.failed() ? nullptr : std::move(expr);
  } catch (parse::NestingTooDeep &e) {
    session.reportTooDeep(e);
    return nullptr;
  }
}

} // namespace mocc
