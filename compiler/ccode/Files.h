// The whole text of a file, for the C sources, build descriptions and cached
// objects that ccode reads.
#pragma once

#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace mocc::ccode {

/// The bytes of the file at `path`, or nothing if it cannot be read. One
/// read into a string of the file's size (the cached objects and shared
/// libraries are read on every run).
inline std::optional<std::string> readFile(const std::string &path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return std::nullopt;
  }
  std::string text(static_cast<size_t>(info.st_size), '\0');
  size_t done = 0;
  while (true) { // to the end, even if the file grew since fstat
    if (done == text.size())
      text.resize(text.size() + 4096 + text.size() / 2);
    ssize_t n = read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      close(fd);
      return std::nullopt;
    }
    if (n == 0)
      break;
    done += static_cast<size_t>(n);
  }
  close(fd);
  text.resize(done);
  return text;
}

} // namespace mocc::ccode
