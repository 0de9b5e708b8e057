// Syntax errors: messages in mocc's style, their locations (byte-accurate,
// also after non-ASCII text), several errors per file, lexical errors, and
// robustness on arbitrary input (no crash, no hang, always a diagnostic).
#include "ParseTestUtil.h"

#include <random>

using namespace mocc;
using mocc::test::firstError;
using mocc::test::TestSource;

namespace {

/// All diagnostics for `text`, which must fail to parse.
std::string errors(const std::string &text) {
  TestSource source(text);
  auto def = source.parseFile();
  CHECK(def == nullptr);
  CHECK(source.errorCount() > 0);
  return source.diagnostics();
}

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE(
    "a missing semicolon is reported after the previous token, with a caret") {
  std::string out = errors("model M\n  Real x\n  Real y;\nend M;\n");
  CHECK(out ==
        "test.mo:2:9: error: expected `;` after the component declaration\n"
        "  Real x\n"
        "        ^\n");
}

TEST_CASE("unexpected token where an expression should be") {
  CHECK(firstError("model M\nequation\n  x = (1 + );\nend M;") ==
        "test.mo:3:12: error: unexpected `)`; expected an expression");
  CHECK(
      firstError("model M\n  Real x = ;\nend M;") ==
      "test.mo:2:12: error: unexpected `;`; expected an expression or `break`");
}

TEST_CASE("several errors in one file, each reported once") {
  std::string out =
      errors("model M\n  Real x\n  Real y;\nequation\n  x = (1 + );\n"
             "  y = 2\n  z = a^b^c;\nend M;\n");
  CHECK(contains(
      out, "test.mo:2:9: error: expected `;` after the component declaration"));
  CHECK(contains(
      out, "test.mo:5:12: error: unexpected `)`; expected an expression"));
  CHECK(contains(out, "test.mo:6:8: error: expected `;` after the equation"));
  CHECK(contains(out, "test.mo:7:10: error: operator `^` is not associative"));
  TestSource source(
      "model M\n  Real x\n  Real y;\nequation\n  x = (1 + );\n  y = 2\n"
      "  z = a^b^c;\nend M;\n");
  CHECK(source.parseFile() == nullptr);
  CHECK(source.errorCount() == 4);
}

TEST_CASE("a missing semicolon before more tokens skips to the next one") {
  TestSource source("model M\n  Real x = 1 2 3;\n  Real y = 4 5 6;\nend M;\n");
  CHECK(source.parseFile() == nullptr);
  CHECK(source.errorCount() == 2);
  CHECK(contains(source.diagnostics(),
                 "test.mo:3:13: error: expected `;` after the component"));
}

TEST_CASE("common mistakes get their own explanation") {
  CHECK(contains(firstError("model M equation y = a < b < c; end M;"),
                 "comparison operators cannot be chained"));
  CHECK(
      contains(firstError("model M equation y = a * -b; end M;"),
               "unary `-` cannot follow `*`; put the operand in parentheses"));
  CHECK(contains(firstError("function f algorithm x = 1; end f;"),
                 "unexpected `=` in a statement; use `:=` for assignment"));
  CHECK(contains(firstError("model M equation x := 1; end M;"),
                 "unexpected `:=` in an equation; use `=`"));
  CHECK(contains(firstError("model M Real x = {}; end M;"),
                 "empty array constructor `{}`"));
}

TEST_CASE("the file ends inside a class") {
  std::string out = errors("model M\n  Real x;\n");
  CHECK(out ==
        "test.mo:2:10: error: expected `end M;` before the end of the file\n"
        "  Real x;\n"
        "         ^\n"
        "test.mo:1:7: note: class `M` starts here\n"
        "model M\n"
        "      ^\n");
}

TEST_CASE("end must repeat the class name") {
  std::string out = errors("model M\nend N;");
  CHECK(contains(
      out, "test.mo:2:5: error: `end N` does not match the class name `M`"));
  CHECK(contains(out, "test.mo:1:7: note: class `M` starts here"));
}

TEST_CASE("unknown escape sequences in strings") {
  CHECK(firstError("model M \"a\\qb\" end M;") ==
        "test.mo:1:11: error: unknown escape sequence `\\q` in string");
}

TEST_CASE(
    "lexical errors: unterminated string, comment and quoted identifier") {
  std::string out = errors("model M\n  Real x = \"abc\n  Real y;\nend M;\n");
  CHECK(out == "test.mo:2:12: error: unterminated string literal\n"
               "  Real x = \"abc\n"
               "           ^\n");
  CHECK(errors("model M\n  Real x; /* no end\n") ==
        "test.mo:2:11: error: unterminated `/*` comment\n  Real x; /* no end\n "
        "         ^~\n");
  CHECK(firstError("model M\n  Real 'x y = 1;\nend M;") ==
        "test.mo:2:8: error: unterminated quoted identifier");
  CHECK(firstError("model M\n  Real '\xC3\xA4' = 1;\nend M;") ==
        "test.mo:2:8: error: invalid character in quoted identifier");
}

TEST_CASE(
    "stray characters are reported once, without cascades on their line") {
  TestSource source("model M\n  Real y = 1 # 2;\n  Real z = $;\nend M;\n");
  CHECK(source.parseFile() == nullptr);
  CHECK(source.errorCount() == 2);
  CHECK(contains(source.diagnostics(),
                 "test.mo:2:14: error: unexpected character `#`"));
  CHECK(contains(source.diagnostics(),
                 "test.mo:3:12: error: unexpected character `$`"));
  CHECK(contains(firstError("model M \x01 end M;"),
                 "unexpected control character 0x01"));
  CHECK(contains(
      firstError("model M \xC3\xA4 end M;"),
      "unexpected character `\xC3\xA4`; non-ASCII characters may only appear"));
  CHECK(contains(firstError("model M \xFF\xFE end M;"),
                 "invalid UTF-8 byte sequence"));
}

TEST_CASE("locations are byte-accurate after non-ASCII text") {
  // Three two-byte characters in a comment before the error: the column
  // counts code points, the range is in bytes.
  TestSource source(
      "// \xC3\xA4\xC3\xB6\xC3\xBC\nmodel M /* \xE2\x82\xAC */ Real x end M;");
  CHECK(source.parseFile() == nullptr);
  CHECK(contains(source.diagnostics(),
                 "test.mo:2:23: error: expected `;` after the component"));
  CHECK(contains(source.diagnostics(),
                 "model M /* \xE2\x82\xAC */ Real x end M;\n"
                 "                      ^\n"));
}

TEST_CASE("an empty file, or one with only comments, has no class definition") {
  for (const char *text : {"", "  \n", "// nothing\n", "within P;"}) {
    INFO(text);
    CHECK(
        contains(firstError(text), "error: file contains no class definition"));
  }
}

TEST_CASE("parseExpression wants exactly one expression") {
  TestSource trailing("1 + 2 3", "expr");
  CHECK(trailing.parseExpression() == nullptr);
  CHECK(contains(trailing.diagnostics(), "expr:1:7: error: unexpected `3`"));
  TestSource empty("", "expr");
  CHECK(empty.parseExpression() == nullptr);
  CHECK(empty.errorCount() == 1);
}

TEST_CASE("deep nesting is an error, not a stack overflow") {
  const size_t depth = 100000;
  std::string text = "model M Real x = " + std::string(depth, '(') + "1" +
                     std::string(depth, ')') + "; end M;";
  CHECK(contains(firstError(text),
                 "error: nesting is too deep; the parser gives up here"));
  std::string unclosed =
      "model M Real x = " + std::string(depth, '{') + "; end M;";
  CHECK(contains(errors(unclosed), "nesting is too deep"));
  std::string ifs;
  for (size_t i = 0; i < 20000; ++i)
    ifs += "if c then ";
  CHECK(contains(errors("model M Real x = " + ifs + "; end M;"),
                 "nesting is too deep"));
}

TEST_CASE("an operator chain longer than 1000000 operands is an error") {
  std::string sum = "x";
  sum.reserve(4000004);
  for (int i = 0; i < 1000000; ++i)
    sum += " + x";
  CHECK(contains(
      firstError("model M Real y = " + sum + "; end M;"),
      "test.mo:1:18: error: expression has more than 1000000 operands in a "
      "row; split it up"));
  TestSource shorter("model M Real y = " + sum.substr(4) + "; end M;");
  CHECK(shorter.parseFile() != nullptr);
}

TEST_CASE("moderate nesting parses") {
  const size_t depth = 200;
  std::string text = "model M Real x = " + std::string(depth, '(') + "1" +
                     std::string(depth, ')') + "; end M;";
  TestSource source(text);
  CHECK(source.parseFile() != nullptr);
}

TEST_CASE("random bytes and random token soup never crash and always fail with "
          "a message") {
  std::mt19937 random(12345);
  const std::string pieces[] = {
      "model", "end", "M",          ";",       "(",      ")",        "{",
      "}",     "[",   "]",          "=",       "\"",     "'",        "/*",
      "*/",    "//",  "\n",         " ",       "1.5e",   "equation", "if",
      "then",  "for", "loop",       ",",       ".",      "^",        "-",
      "\xC3",  "\\",  "annotation", "extends", "connect"};
  for (int round = 0; round < 200; ++round) {
    std::string text;
    size_t length = random() % 400;
    for (size_t i = 0; i < length; ++i) {
      if (round % 2 == 0)
        text += static_cast<char>(random() % 256);
      else
        text += pieces[random() % std::size(pieces)];
    }
    TestSource source(text);
    auto def = source.parseFile();
    if (!def) {
      CHECK(source.errorCount() > 0);
      CHECK_FALSE(source.diagnostics().empty());
    }
  }
}
