// Implementation of the parse test helpers.
#include "ParseTestUtil.h"

namespace mocc::test {

TestSource::TestSource(std::string text, std::string name)
    : diags_(sources_, out_),
      file_(sources_.addBuffer(std::move(name), std::move(text))) {}

std::string TestSource::at(SourceRange range) const {
  LineColumn lc = sources_.lineColumn(range.start());
  return std::to_string(lc.line) + ":" + std::to_string(lc.column);
}

std::string TestSource::text(SourceRange range) const {
  return std::string(
      sources_.text(file_).substr(range.begin, range.end - range.begin));
}

std::unique_ptr<ast::StoredDefinition> parseOk(TestSource &source) {
  auto def = source.parseFile();
  INFO(source.diagnostics());
  REQUIRE(def != nullptr);
  CHECK(source.errorCount() == 0);
  return def;
}

const ast::ClassDef &firstClass(const ast::StoredDefinition &def) {
  REQUIRE(!def.classes.empty());
  return *def.classes.front();
}

ast::ExprPtr parseExpr(const std::string &text) {
  TestSource source(text, "expr");
  ast::ExprPtr expr = source.parseExpression();
  INFO(text, "\n", source.diagnostics());
  REQUIRE(expr != nullptr);
  return expr;
}

std::string reprinted(const std::string &text) {
  return ast::toString(*parseExpr(text));
}

std::string firstError(const std::string &text) {
  TestSource source(text);
  auto def = source.parseFile();
  CHECK(def == nullptr);
  std::string all = source.diagnostics();
  return all.substr(0, all.find('\n'));
}

} // namespace mocc::test
