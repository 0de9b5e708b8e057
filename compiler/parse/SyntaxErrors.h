// Syntax error reporting for the parse phase. ANTLR's own messages
// ("mismatched input ')' expecting {...}") are replaced by messages in
// mocc's style: "unexpected `)`; expected an expression", "expected `;`
// after the component declaration". Lexical errors arrive as error tokens on
// the hidden channel (see the end of Modelica.g4), are found before parsing
// and printed in source order among the parser's; parser errors that merely
// follow from one of them are dropped.
#pragma once

#include "compiler/support/Diagnostics.h"

#include <DefaultErrorStrategy.h>

#include <map>
#include <string>
#include <unordered_set>
#include <vector>

namespace antlr4 {
class BufferedTokenStream;
}

namespace mocc::parse {

/// Reports the syntax errors of one file to a Diagnostics sink.
class SyntaxErrorReporter {
public:
  SyntaxErrorReporter(FileId file, Diagnostics &diags)
      : file_(file), diags_(diags) {}

  /// Finds the error tokens of a completely lexed stream (unterminated
  /// strings and comments, characters outside any token). They count as
  /// errors at once but are printed in source order among the parser's.
  void reportLexerErrors(antlr4::BufferedTokenStream &tokens);
  /// Prints the lexical errors not printed yet.
  void flushLexerErrors() { flushLexerErrorsBefore(UINT32_MAX); }

  /// Reports a parser error caused by `token`, unless it is a second report
  /// at the same token or a consequence of a lexical error: at the first
  /// visible token after it, or later on the same line.
  void report(antlr4::Token *token, SourceRange range, diag::Kind kind,
              std::initializer_list<diag::Arg> args = {}) {
    report(token, range, diag::format(kind, args));
  }
  /// Reports an error found after parsing (by the AST builder).
  void report(SourceRange range, diag::Kind kind, std::initializer_list<diag::Arg> args = {}) {
    report(range, diag::format(kind, args));
  }
  /// A note attached to the error reported just before.
  void note(SourceRange range, diag::Kind kind, std::initializer_list<diag::Arg> args = {}) {
    note(range, diag::format(kind, args));
  }


  bool hasErrors() const { return errorCount_ != 0; }
  /// Errors so far, including those not printed as consequences of others.
  unsigned errorCount() const { return errorCount_; }
  /// True if the last parser error was reported (and not dropped).
  bool lastReported() const { return lastReported_; }

  /// The bytes of a token.
  SourceRange rangeOf(antlr4::Token *token) const;
  /// The empty range just after a token, where a missing token belongs.
  SourceRange after(antlr4::Token *token) const;

private:
  FileId file_;
  Diagnostics &diags_;
  unsigned errorCount_ = 0;
  bool lastReported_ = false;
  size_t lastTokenIndex_ = SIZE_MAX;
  bool isSuppressed(antlr4::Token *token) const;
  void lexerError(SourceRange range, diag::Kind kind, std::initializer_list<diag::Arg> args = {}) {
    lexerError(range, diag::format(kind, args));
  }
  void lexerError(SourceRange range, std::string message);
  // The messages of the catalogue's kinds, formatted (DiagnosticKinds.def).
  void report(antlr4::Token *token, SourceRange range, const std::string &message);
  void report(SourceRange range, const std::string &message);
  void note(SourceRange range, const std::string &message);

  void flushLexerErrorsBefore(uint32_t offset);

  /// Lexical errors not printed yet, in source order.
  std::vector<std::pair<SourceRange, std::string>> lexerErrors_;
  size_t lexerErrorsPrinted_ = 0;
  /// Token indexes of the first visible token after each lexical error.
  std::unordered_set<size_t> suppressed_;
  /// Byte ranges [begin, end) from each lexical error to the end of its
  /// line (of its last line, for unterminated strings and comments).
  std::map<uint32_t, uint32_t> suppressedBytes_;
};

/// ANTLR's default recovery (single-token insertion and deletion, resync to
/// the follow set) with mocc's messages.
class ErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  explicit ErrorStrategy(SyntaxErrorReporter &reporter) : reporter_(reporter) {}

  /// As ANTLR's (single-token deletion or insertion), and when a `;` is
  /// missing after an equation, statement or declaration: report, then skip
  /// to the next `;` so that the enclosing list goes on with the next item.
  antlr4::Token *recoverInline(antlr4::Parser *parser) override;

protected:
  /// As ANTLR's, but never deletes a `;`: it is better kept to resync on.
  antlr4::Token *singleTokenDeletion(antlr4::Parser *parser) override;

  void
  reportNoViableAlternative(antlr4::Parser *parser,
                            const antlr4::NoViableAltException &e) override;
  void reportInputMismatch(antlr4::Parser *parser,
                           const antlr4::InputMismatchException &e) override;
  void
  reportFailedPredicate(antlr4::Parser *parser,
                        const antlr4::FailedPredicateException &e) override;
  void reportUnwantedToken(antlr4::Parser *parser) override;
  void reportMissingToken(antlr4::Parser *parser) override;

private:
  void reportUnexpected(antlr4::Parser *parser, antlr4::Token *token,
                        const antlr4::misc::IntervalSet &expected);
  bool reportSpecial(antlr4::Parser *parser, antlr4::Token *token,
                     const antlr4::misc::IntervalSet &expected);
  void reportExpectedAfter(antlr4::Parser *parser, antlr4::Token *token,
                           const antlr4::misc::IntervalSet &expected);
  antlr4::Token *skipToSemicolon(antlr4::Parser *parser);
  SourceRange where(antlr4::Parser *parser, antlr4::Token *token);

  SyntaxErrorReporter &reporter_;
};

} // namespace mocc::parse
