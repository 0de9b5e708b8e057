// An ANTLR character stream that hands the lexer one byte at a time. ANTLR's
// own ANTLRInputStream decodes UTF-8 into code points, so its token offsets
// are code-point indices and it throws on invalid UTF-8; this stream makes
// every token offset a byte offset into the file, accepts arbitrary bytes
// (non-ASCII bytes only appear inside strings, comments and error tokens),
// and returns token text as the original UTF-8 bytes.
#pragma once

#include <CharStream.h>

#include <string>
#include <string_view>

namespace mocc::parse {

/// A read-only antlr4::CharStream over a byte buffer that outlives it.
class ByteStream : public antlr4::CharStream {
public:
  /// A leading UTF-8 byte-order mark reads as spaces, so that it is skipped
  /// while the offsets of everything after it stay those of the file.
  ByteStream(std::string_view text, std::string name);

  void consume() override;
  size_t LA(ssize_t i) override;
  ssize_t mark() override { return -1; }
  void release(ssize_t) override {}
  size_t index() override { return pos_; }
  void seek(size_t index) override;
  size_t size() override { return text_.size(); }
  std::string getSourceName() const override { return name_; }
  std::string getText(const antlr4::misc::Interval &interval) override;
  std::string toString() const override { return std::string(text_); }

private:
  std::string_view text_;
  std::string name_;
  size_t pos_ = 0;
  size_t bomEnd_ = 0; ///< bytes [0, bomEnd_) are a byte-order mark
};

} // namespace mocc::parse
