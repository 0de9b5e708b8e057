// The Modelica lexer. Most bytes of a Modelica file are white space,
// comments, documentation strings and identifiers, and ANTLR's generated
// lexer spends a DFA lookup on every byte of them. FastLexer scans the
// well-formed tokens itself, directly in the buffer, and defers everything
// else (quoted identifiers, unterminated strings and comments, stray
// characters, end of file) to the generated lexer, so the token stream is
// the one Modelica.g4 defines; a unit test compares the two on random input.
#pragma once

#include "ModelicaLexer.h"

#include <CommonTokenStream.h>

#include <memory>
#include <string_view>

namespace mocc::parse {

class ByteStream;

/// grammar::ModelicaLexer with a fast path for all well-formed tokens.
class FastLexer : public grammar::ModelicaLexer {
public:
  /// `text` is the buffer that `input` reads.
  FastLexer(ByteStream *input, std::string_view text);

  std::unique_ptr<antlr4::Token> nextToken() override;

  /// Lines and columns are not tracked (diagnostics use byte offsets); the
  /// runtime asks for them on every token, through a dynamic_cast.
  size_t getLine() const override;
  size_t getCharPositionInLine() override;

private:
  size_t skipTrivia(size_t pos) const;
  size_t stringEnd(size_t pos) const;
  size_t identifierEnd(size_t pos) const;
  size_t numberEnd(size_t pos, size_t &type) const;
  std::unique_ptr<antlr4::Token> token(size_t type, size_t begin, size_t end);

  std::string_view text_;
};

/// A CommonTokenStream for FastLexer's tokens. The runtime's fetch() asks
/// every token, by a dynamic_cast, whether it is a WritableToken; the
/// lexer's tokens all are CommonTokens.
class FastTokenStream : public antlr4::CommonTokenStream {
public:
  explicit FastTokenStream(FastLexer *lexer) : CommonTokenStream(lexer) {}

protected:
  size_t fetch(size_t n) override;
};

} // namespace mocc::parse
