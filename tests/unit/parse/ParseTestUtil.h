// Helpers for the parse-phase unit tests: an in-memory source file with its
// own SourceManager and Diagnostics, and short ways to get at parsed nodes.
#pragma once

#include "compiler/ast/AST.h"
#include "compiler/ast/ASTPrinter.h"
#include "compiler/parse/Parser.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

namespace mocc::test {

/// One source buffer, parsed on demand; diagnostics are collected as text.
class TestSource {
public:
  explicit TestSource(std::string text, std::string name = "test.mo");
  TestSource(const TestSource &) = delete;

  std::unique_ptr<ast::StoredDefinition> parseFile() {
    return mocc::parseFile(sources_, file_, diags_);
  }
  ast::ExprPtr parseExpression() {
    return mocc::parseExpression(sources_, file_, diags_);
  }

  /// Everything Diagnostics printed.
  std::string diagnostics() const { return out_.str(); }
  unsigned errorCount() const { return diags_.errorCount(); }
  /// "line:col" of the start of a range.
  std::string at(SourceRange range) const;
  /// The source text a range covers.
  std::string text(SourceRange range) const;

private:
  SourceManager sources_;
  std::ostringstream out_;
  Diagnostics diags_;
  FileId file_;
};

/// Parses a whole file that must be free of errors.
std::unique_ptr<ast::StoredDefinition> parseOk(TestSource &source);
/// The first class of a stored definition.
const ast::ClassDef &firstClass(const ast::StoredDefinition &def);
/// The expression of `text`, which must parse.
ast::ExprPtr parseExpr(const std::string &text);
/// The printed form of the parsed expression `text`.
std::string reprinted(const std::string &text);
/// The first diagnostic line for `text` as a whole file (empty if none).
std::string firstError(const std::string &text);

} // namespace mocc::test
