// Implementation of the source manager: file reading and offset-to-line
// mapping by binary search over lazily computed line starts.
#include "compiler/support/SourceManager.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mocc {

SourceRange SourceRange::cover(SourceRange a, SourceRange b) {
  if (!a.valid())
    return b;
  if (!b.valid() || !(a.file == b.file))
    return a;
  return {a.file, std::min(a.begin, b.begin), std::max(a.end, b.end)};
}

namespace {

std::string inBackticks(const std::string &path) { return "`" + path + "`"; }

/// The message for an error of open() or read() on `path`.
std::string describeError(const std::string &path, int error) {
  if (error == ENOENT)
    return inBackticks(path) + " does not exist";
  if (error == EISDIR)
    return inBackticks(path) + " is a directory";
  std::string reason = std::strerror(error);
  if (!reason.empty())
    reason[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(reason[0])));
  return "cannot read " + inBackticks(path) + ": " + reason;
}

/// The message for a file of type `mode` that is not a regular file.
std::string describeType(const std::string &path, mode_t mode) {
  if (S_ISDIR(mode))
    return inBackticks(path) + " is a directory";
  const char *kind = S_ISCHR(mode)    ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISFIFO(mode) ? "a FIFO"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "not a file";
  return inBackticks(path) + " is not a regular file (" + kind + ")";
}

/// Opens a regular file for reading (never a FIFO or a device); -1 with
/// `problem` set if it cannot.
int openRegularFile(const std::string &path, std::string &problem) {
  struct stat s;
  if (::stat(path.c_str(), &s) != 0) {
    problem = describeError(path, errno);
    return -1;
  }
  if (!S_ISREG(s.st_mode)) {
    problem = describeType(path, s.st_mode);
    return -1;
  }
  // Non-blocking, in case the file was replaced by a FIFO since the stat.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    problem = describeError(path, errno);
    return -1;
  }
  if (::fstat(fd, &s) != 0 || !S_ISREG(s.st_mode)) {
    problem = describeType(path, s.st_mode);
    ::close(fd);
    return -1;
  }
  return fd;
}

} // namespace

std::string unreadableFile(const std::string &path) {
  std::string problem;
  int fd = openRegularFile(path, problem);
  if (fd >= 0)
    ::close(fd);
  return problem;
}

std::optional<FileId> SourceManager::addFile(const std::string &path, std::string *problem) {
  std::string why;
  int fd = openRegularFile(path, why);
  std::string text;
  char buffer[65536];
  while (fd >= 0) {
    ssize_t count = ::read(fd, buffer, sizeof buffer);
    if (count < 0 && errno == EINTR)
      continue;
    if (count < 0)
      why = describeError(path, errno);
    if (count <= 0)
      break;
    text.append(buffer, static_cast<size_t>(count));
  }
  if (fd >= 0)
    ::close(fd);
  if (!why.empty()) {
    if (problem)
      *problem = why;
    return std::nullopt;
  }
  return addBuffer(path, std::move(text));
}

FileId SourceManager::addBuffer(std::string name, std::string text) {
  auto file = std::make_unique<File>();
  file->path = std::move(name);
  file->text = std::move(text);
  files_.push_back(std::move(file));
  return FileId{static_cast<uint32_t>(files_.size() - 1)};
}

const std::vector<uint32_t> &SourceManager::lineStarts(const File &file) const {
  if (file.lineStarts.empty()) {
    file.lineStarts.push_back(0);
    for (uint32_t i = 0; i < file.text.size(); ++i)
      if (file.text[i] == '\n')
        file.lineStarts.push_back(i + 1);
  }
  return file.lineStarts;
}

std::string SourceManager::shortLocation(SourceLocation loc) const {
  if (!loc.valid())
    return "";
  std::string name = path(loc.file);
  if (auto slash = name.rfind('/'); slash != std::string::npos)
    name = name.substr(slash + 1);
  LineColumn lc = lineColumn(loc);
  return name + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
}

LineColumn SourceManager::lineColumn(SourceLocation loc) const {
  if (!loc.valid())
    return {};
  const File &file = *files_[loc.file.index];
  const auto &starts = lineStarts(file);
  uint32_t offset = std::min<uint32_t>(loc.offset, file.text.size());
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - starts.begin());
  uint32_t column = 1;
  for (uint32_t i = starts[line - 1]; i < offset; ++i)
    if ((static_cast<unsigned char>(file.text[i]) & 0xC0) != 0x80)
      ++column; // count code points, not UTF-8 continuation bytes
  return {line, column};
}

std::string_view SourceManager::lineText(FileId id, uint32_t line) const {
  const File &file = *files_[id.index];
  const auto &starts = lineStarts(file);
  if (line == 0 || line > starts.size())
    return {};
  uint32_t begin = starts[line - 1];
  uint32_t end = line < starts.size() ? starts[line] : file.text.size();
  std::string_view text(file.text.data() + begin, end - begin);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

} // namespace mocc
