// Implementation of the lexer fast path. Each scanner below matches one
// lexer rule of Modelica.g4 exactly, and gives up (npos) on any input that
// rule would not match completely, leaving it to the generated lexer.
#include "compiler/parse/FastLexer.h"

#include "compiler/parse/ByteStream.h"

#include <CommonToken.h>
#include <TokenFactory.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace mocc::parse {

using L = grammar::ModelicaLexer;

namespace {

constexpr size_t npos = std::string_view::npos;

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

/// Keyword spelling to token type, built once from the grammar's literal
/// names ('model' is MODEL).
class KeywordTable {
public:
  explicit KeywordTable(const antlr4::dfa::Vocabulary &vocabulary) {
    for (size_t type = 1; type <= vocabulary.getMaxTokenType(); ++type) {
      std::string literal = vocabulary.getLiteralName(type);
      if (literal.size() > 2 && isIdentifierChar(literal[1]))
        spellings_.push_back({literal.substr(1, literal.size() - 2), type});
    }
    for (const auto &[spelling, type] : spellings_)
      table_.emplace(spelling, type);
  }

  /// The keyword's token type, or IDENT.
  size_t lookup(std::string_view word) const {
    auto found = table_.find(word);
    return found == table_.end() ? static_cast<size_t>(L::IDENT)
                                 : found->second;
  }

private:
  std::vector<std::pair<std::string, size_t>> spellings_;
  std::unordered_map<std::string_view, size_t> table_;
};

const KeywordTable &keywords(const antlr4::dfa::Vocabulary &vocabulary) {
  static const KeywordTable table(vocabulary);
  return table;
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// Single-character tokens that are never the start of a longer token.
size_t singleCharType(char c) {
  switch (c) {
  case '(':
    return L::LPAREN;
  case ')':
    return L::RPAREN;
  case '[':
    return L::LBRACK;
  case ']':
    return L::RBRACK;
  case '{':
    return L::LBRACE;
  case '}':
    return L::RBRACE;
  case ';':
    return L::SEMI;
  case ',':
    return L::COMMA;
  case '+':
    return L::PLUS;
  case '-':
    return L::MINUS;
  case '*':
    return L::STAR;
  case '^':
    return L::POWER;
  default:
    return 0;
  }
}

/// The operator token starting with `c` when `next` follows: the longest of
/// `= ==`, `: :=`, `< <= <>`, `> >=`, `. .+ .- .* ./ .^`, `/`. Returns the
/// type and sets `length`; 0 if `c` starts none of them.
size_t operatorType(char c, char next, size_t &length) {
  length = 2;
  switch (c) {
  case '=':
    return next == '=' ? L::EQ : (length = 1, L::EQUALS);
  case ':':
    return next == '=' ? L::ASSIGN : (length = 1, L::COLON);
  case '<':
    return next == '='   ? L::LESSEQ
           : next == '>' ? L::NEQ
                         : (length = 1, L::LESS);
  case '>':
    return next == '=' ? L::GREATEREQ : (length = 1, L::GREATER);
  case '/': // "/*" starts an unterminated comment here (see skipTrivia)
    return next == '*' ? 0 : (length = 1, L::SLASH);
  case '.':
    switch (next) {
    case '+':
      return L::DOTPLUS;
    case '-':
      return L::DOTMINUS;
    case '*':
      return L::DOTSTAR;
    case '/':
      return L::DOTSLASH;
    case '^':
      return L::DOTPOWER;
    default:
      length = 1;
      return L::DOT;
    }
  default:
    return 0;
  }
}

} // namespace

FastLexer::FastLexer(ByteStream *input, std::string_view text)
    : grammar::ModelicaLexer(input), text_(text) {}

std::unique_ptr<antlr4::Token> FastLexer::nextToken() {
  size_t pos = skipTrivia(_input->index());
  _input->seek(pos);
  if (pos >= text_.size())
    return ModelicaLexer::nextToken(); // EOF
  char c = text_[pos];
  char next = pos + 1 < text_.size() ? text_[pos + 1] : '\0';
  size_t end = npos, type = 0, length = 0;
  if (c == '"') {
    end = stringEnd(pos);
    type = L::STRING;
  } else if (isIdentifierChar(c) && !isDigit(c)) {
    end = identifierEnd(pos);
    type = keywords(getVocabulary()).lookup(text_.substr(pos, end - pos));
  } else if (isDigit(c) || (c == '.' && isDigit(next))) {
    end = numberEnd(pos, type);
  } else if ((type = singleCharType(c)) != 0) {
    end = pos + 1;
  } else if ((type = operatorType(c, next, length)) != 0) {
    end = pos + length;
  }
  if (end == npos)
    return ModelicaLexer::nextToken();
  _input->seek(end);
  return token(type, pos, end);
}

/// WS, LINE_COMMENT and BLOCK_COMMENT (and a leading byte-order mark, which
/// the ByteStream reads as spaces). Stops before an unterminated comment.
size_t FastLexer::skipTrivia(size_t pos) const {
  if (pos == 0 && text_.substr(0, 3) == "\xEF\xBB\xBF")
    pos = 3;
  while (pos < text_.size()) {
    if (isSpace(text_[pos])) {
      ++pos;
    } else if (text_.compare(pos, 2, "//") == 0) {
      pos = text_.find_first_of("\r\n", pos + 2);
      if (pos == npos)
        return text_.size();
    } else if (text_.compare(pos, 2, "/*") == 0) {
      size_t close = text_.find("*/", pos + 2);
      if (close == npos)
        return pos;
      pos = close + 2;
    } else {
      return pos;
    }
  }
  return pos;
}

/// STRING : '"' (~["\\] | '\\' .)* '"' ; npos if unterminated.
size_t FastLexer::stringEnd(size_t pos) const {
  for (size_t i = pos + 1; i < text_.size();) {
    i = text_.find_first_of("\"\\", i);
    if (i == npos)
      return npos;
    if (text_[i] == '"')
      return i + 1;
    i += 2; // a backslash and the character it escapes
  }
  return npos;
}

/// UNSIGNED_INTEGER : DIGIT+
/// UNSIGNED_REAL : DIGIT+ '.' DIGIT* EXPONENT? | DIGIT+ EXPONENT
///               | '.' DIGIT+ EXPONENT?
/// EXPONENT : [eE] [+-]? DIGIT+
/// The longest match, as the generated lexer finds it: an incomplete
/// exponent (`2e`, `2e+`) is not part of the number.
size_t FastLexer::numberEnd(size_t pos, size_t &type) const {
  auto digitsEnd = [&](size_t i) {
    while (i < text_.size() && isDigit(text_[i]))
      ++i;
    return i;
  };
  size_t end = digitsEnd(pos);
  type = L::UNSIGNED_INTEGER;
  if (end < text_.size() && text_[end] == '.') {
    end = digitsEnd(end + 1);
    type = L::UNSIGNED_REAL;
  }
  if (end < text_.size() && (text_[end] == 'e' || text_[end] == 'E')) {
    size_t digits = end + 1;
    if (digits < text_.size() && (text_[digits] == '+' || text_[digits] == '-'))
      ++digits;
    if (digits < text_.size() && isDigit(text_[digits])) {
      end = digitsEnd(digits);
      type = L::UNSIGNED_REAL;
    }
  }
  return end;
}

/// NON_DIGIT (DIGIT | NON_DIGIT)*
size_t FastLexer::identifierEnd(size_t pos) const {
  size_t end = pos + 1;
  while (end < text_.size() && isIdentifierChar(text_[end]))
    ++end;
  return end;
}

size_t FastLexer::getLine() const { return 0; }

size_t FastLexer::getCharPositionInLine() { return 0; }

std::unique_ptr<antlr4::Token> FastLexer::token(size_t type, size_t begin,
                                                size_t end) {
  // Line and column are not tracked: diagnostics use byte offsets.
  return _factory->create({this, _input}, type, "",
                          antlr4::Token::DEFAULT_CHANNEL, begin, end - 1, 0, 0);
}

size_t FastTokenStream::fetch(size_t n) {
  if (_fetchedEOF)
    return 0;
  for (size_t i = 0; i < n; ++i) {
    std::unique_ptr<antlr4::Token> token = _tokenSource->nextToken();
    static_cast<antlr4::CommonToken *>(token.get())
        ->setTokenIndex(_tokens.size());
    bool isEOF = token->getType() == antlr4::Token::EOF;
    _tokens.push_back(std::move(token));
    if (isEOF) {
      _fetchedEOF = true;
      return i + 1;
    }
  }
  return n;
}

} // namespace mocc::parse
