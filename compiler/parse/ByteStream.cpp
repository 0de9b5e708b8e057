// Implementation of the byte-oriented ANTLR character stream.
#include "compiler/parse/ByteStream.h"

#include <Exceptions.h>
#include <Token.h>

#include <algorithm>

namespace mocc::parse {

ByteStream::ByteStream(std::string_view text, std::string name)
    : text_(text), name_(std::move(name)) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF")
    bomEnd_ = 3;
}

void ByteStream::consume() {
  if (pos_ >= text_.size())
    throw antlr4::IllegalStateException("cannot consume EOF");
  ++pos_;
}

size_t ByteStream::LA(ssize_t i) {
  if (i == 0)
    return 0; // undefined by the IntStream contract
  ssize_t at = static_cast<ssize_t>(pos_) + (i > 0 ? i - 1 : i);
  if (at < 0 || at >= static_cast<ssize_t>(text_.size()))
    return antlr4::Token::EOF;
  if (static_cast<size_t>(at) < bomEnd_)
    return ' ';
  return static_cast<unsigned char>(text_[at]);
}

void ByteStream::seek(size_t index) { pos_ = std::min(index, text_.size()); }

std::string ByteStream::getText(const antlr4::misc::Interval &interval) {
  ssize_t begin = std::max<ssize_t>(interval.a, 0);
  ssize_t end = std::min<ssize_t>(interval.b + 1, text_.size());
  if (begin >= end)
    return {};
  return std::string(text_.substr(begin, end - begin));
}

} // namespace mocc::parse
