// The result-file writer; see CsvWriter.h.
#include "runtime/CsvWriter.h"

#include "runtime/NumberFormat.h"

#include <cstring>

namespace mocc::rt {

namespace {

constexpr std::size_t bufferSize = std::size_t{1} << 20;
/// Line ends are LF, which every CSV reader accepts (RFC 4180 names CRLF).
constexpr char lineEnd = '\n';

} // namespace

CsvWriter::~CsvWriter() { discard(); }

bool CsvWriter::open(const std::string &path, const std::vector<std::string> &names) {
  discard();
  open_ = file_.open(path);
  if (!open_)
    return false;
  buffer_ = std::make_unique_for_overwrite<char[]>(bufferSize); // no zeroing: 1 MB
  capacity_ = bufferSize;
  used_ = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0)
      put(',');
    appendQuoted(names[i]);
  }
  put(lineEnd);
  return true;
}

/// A name in double quotes, each quote doubled (RFC 4180, 2.7).
void CsvWriter::appendQuoted(const std::string &name) {
  char *out = reserve(2 * name.size() + 2);
  *out++ = '"';
  for (char c : name) {
    *out++ = c;
    if (c == '"')
      *out++ = '"';
  }
  *out++ = '"';
  used_ = static_cast<std::size_t>(out - buffer_.get());
}

void CsvWriter::writeRow(std::span<const double> values) {
  if (!open_)
    return;
  char *out = reserve(values.size() * (maxNumberLength + 1) + 1);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0)
      *out++ = ',';
    out = writeNumber(out, values[i]);
  }
  *out++ = lineEnd;
  used_ = static_cast<std::size_t>(out - buffer_.get());
}

void CsvWriter::writeRow(std::span<const double> values, std::span<const RowRun> runs) {
  if (!open_)
    return;
  std::size_t size = values.size() * (maxNumberLength + 1) + 1;
  for (const RowRun &run : runs)
    size += run.text.size();
  char *out = reserve(size);
  std::size_t next = 0;
  for (const RowRun &run : runs) {
    for (std::size_t i = 0; i < run.numbers && next < values.size(); ++i) {
      if (next > 0)
        *out++ = ',';
      out = writeNumber(out, values[next++]);
    }
    std::memcpy(out, run.text.data(), run.text.size());
    out += run.text.size();
  }
  *out++ = lineEnd;
  used_ = static_cast<std::size_t>(out - buffer_.get());
}

void CsvWriter::writeText(const char *text, std::size_t size) {
  if (!open_)
    return;
  std::memcpy(reserve(size), text, size);
  used_ += size;
}

/// Makes room for `size` more characters and returns where they go; the
/// caller advances used_ past what it wrote.
char *CsvWriter::reserve(std::size_t size) {
  if (used_ + size > capacity_)
    flush();
  if (size > capacity_) {
    capacity_ = size;
    buffer_ = std::make_unique<char[]>(capacity_);
  }
  return buffer_.get() + used_;
}

void CsvWriter::put(char c) {
  *reserve(1) = c;
  ++used_;
}

void CsvWriter::flush() {
  if (open_)
    file_.write(buffer_.get(), used_);
  used_ = 0;
}

bool CsvWriter::commit() {
  if (!open_)
    return false;
  flush();
  open_ = false;
  return file_.commit();
}

void CsvWriter::discard() {
  file_.discard();
  open_ = false;
  used_ = 0;
}

} // namespace mocc::rt
