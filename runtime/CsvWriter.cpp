// The result-file writer; see CsvWriter.h.
#include "runtime/CsvWriter.h"

#include "runtime/NumberFormat.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace mocc::rt {

namespace {

constexpr std::size_t bufferSize = std::size_t{1} << 20;
/// Line ends are LF, which every CSV reader accepts (RFC 4180 names CRLF).
constexpr char lineEnd = '\n';

} // namespace

CsvWriter::~CsvWriter() { discard(); }

bool CsvWriter::open(const std::string &path, const std::vector<std::string> &names) {
  discard();
  error_.clear();
  path_ = path;
  static unsigned counter = 0;
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temporaryPath_ = path + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    fd_ = ::open(temporaryPath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno != EEXIST)
      break;
  }
  if (fd_ < 0) {
    error_ = "cannot create the result file `" + path + "`: " + std::strerror(errno);
    temporaryPath_.clear();
    return false;
  }
  buffer_ = std::make_unique<char[]>(bufferSize);
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
  if (fd_ < 0)
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
  if (fd_ < 0)
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
  std::size_t written = 0;
  while (fd_ >= 0 && written < used_) {
    ssize_t count = ::write(fd_, buffer_.get() + written, used_ - written);
    if (count < 0 && errno == EINTR)
      continue;
    if (count <= 0) {
      fail("cannot write the result file");
      break;
    }
    written += static_cast<std::size_t>(count);
  }
  used_ = 0;
}

void CsvWriter::fail(const std::string &what) {
  if (error_.empty())
    error_ = what + " `" + temporaryPath_ + "`: " + std::strerror(errno);
}

bool CsvWriter::commit() {
  if (fd_ < 0)
    return false;
  flush();
  if (::close(fd_) != 0)
    fail("cannot close the result file");
  fd_ = -1;
  if (error_.empty() && std::rename(temporaryPath_.c_str(), path_.c_str()) != 0)
    error_ = "cannot rename `" + temporaryPath_ + "` to `" + path_ + "`: " + std::strerror(errno);
  if (!error_.empty()) {
    ::unlink(temporaryPath_.c_str());
    temporaryPath_.clear();
    return false;
  }
  temporaryPath_.clear();
  return true;
}

void CsvWriter::discard() {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
  if (!temporaryPath_.empty())
    ::unlink(temporaryPath_.c_str());
  temporaryPath_.clear();
  used_ = 0;
}

} // namespace mocc::rt
