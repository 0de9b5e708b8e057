// The lexer's fast path (FastLexer) must produce exactly the tokens of the
// generated lexer of Modelica.g4: compared here on tricky and random input.
#include "compiler/parse/ByteStream.h"
#include "compiler/parse/FastLexer.h"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace mocc::parse;

namespace {

struct Lexeme {
  size_t type, channel, begin, end;
  bool operator==(const Lexeme &) const = default;
};

/// All tokens of `text`, from the generated lexer or the fast one.
template <class Lexer> std::vector<Lexeme> lex(const std::string &text) {
  ByteStream input(text, "lexer-test");
  Lexer lexer = [&] {
    if constexpr (std::is_same_v<Lexer, FastLexer>)
      return FastLexer(&input, text);
    else
      return Lexer(&input);
  }();
  lexer.removeErrorListeners();
  std::vector<Lexeme> tokens;
  for (;;) {
    std::unique_ptr<antlr4::Token> token = lexer.nextToken();
    tokens.push_back({token->getType(), token->getChannel(),
                      token->getStartIndex(), token->getStopIndex()});
    if (token->getType() == antlr4::Token::EOF)
      return tokens;
  }
}

void checkSameTokens(const std::string &text) {
  INFO("input: ", text);
  CHECK(lex<FastLexer>(text) == lex<mocc::grammar::ModelicaLexer>(text));
}

} // namespace

TEST_CASE("fast and generated lexers agree on tricky input") {
  const char *inputs[] = {
      "model M Real x = 1.e5 + 2.E-3 + .5 + 3e + 4e+ + 5. + 6.*x + 7./y + "
      "8.^2; end M;",
      "a.b.*c ./ d .+ e .- f .^ g == h <> i <= j >= k := l : m",
      "\"a\\\"b\" \"unterminated\\",
      "/* c */ // line\n /** **/ x /* open",
      "'q x' 'a\\'b' 'bad\xC3\xA4' 'open",
      "\xEF\xBB\xBF"
      "model",
      "x\xEF\xBB\xBFy",
      "import A.B.*; import A.{B,C};",
      "1..2 1.2.3 .a",
      "#$@!?`~\\",
      "",
      "end if for loop annotation der initial pure enumeration operator",
      "ident_1 _x X9 9x",
      "\x01\x7F\xFF",
  };
  for (const char *text : inputs)
    checkSameTokens(text);
}

TEST_CASE("fast and generated lexers agree on random input") {
  std::mt19937 random(2024);
  const std::string alphabet =
      "ab e E 0123.+-*/^:=<>\"'\\()[]{};,\n\t#\xC3\xA4";
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    size_t length = random() % 40;
    for (size_t i = 0; i < length; ++i)
      text += alphabet[random() % alphabet.size()];
    checkSameTokens(text);
  }
}
