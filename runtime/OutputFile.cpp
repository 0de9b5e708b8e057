// The checks of an output name and the safe writing of an output file; see
// OutputFile.h.
#include "runtime/OutputFile.h"

#include "runtime/Signals.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::rt {

namespace {

bool sameFile(const struct stat &a, const struct stat &b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/// "a directory", "a character device", ... for a message.
std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

std::string inBackticks(const std::string &path) { return "`" + path + "`"; }

/// strerror's text in lowercase, as messages are ("permission denied").
std::string reason(int error) {
  std::string text = std::strerror(error);
  if (!text.empty())
    text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

/// The directory an output named `path` goes to.
std::string directoryOf(const std::string &path) {
  std::string dir = fs::path(path).parent_path().string();
  return dir.empty() ? "." : dir;
}

/// `path` with a symbolic link followed to the file it names (which exists).
std::string followLink(const std::string &path) {
  struct stat link;
  if (::lstat(path.c_str(), &link) != 0 || !S_ISLNK(link.st_mode))
    return path;
  char resolved[PATH_MAX];
  return ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

/// Calls visit(path) for every `.mo` file that loading the library folder
/// `dir` can read: its `.mo` files and those of its subfolders that are
/// packages (hold a package.mo).
template <class Visit> void forEachLibraryFile(const fs::path &dir, Visit &&visit, int depth = 0) {
  std::error_code ec;
  if (depth > 64)
    return;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".mo" && entry.is_regular_file(ec))
      visit(entry.path());
    else if (entry.is_directory(ec) && fs::exists(entry.path() / "package.mo", ec))
      forEachLibraryFile(entry.path(), visit, depth + 1);
  }
}

/// Which input `file` (an existing regular file) is, if any: "the input
/// file `m.mo`", "a file of the library `/msl`", "standard output".
std::optional<std::string> findInput(const std::string &path, const struct stat &file,
                                     const RunInputs &inputs) {
  // /dev/stdout and its kind name the streams of the process itself.
  static const char *const streams[] = {"standard input", "standard output", "standard error"};
  for (int fd = 0; fd < 3; ++fd) {
    struct stat s;
    if (::fstat(fd, &s) == 0 && sameFile(s, file))
      return std::string(streams[fd]) + " (`-o -` writes the result to standard output)";
  }
  for (const std::string &input : inputs.files) {
    struct stat s;
    if (::stat(input.c_str(), &s) == 0 && sameFile(s, file))
      return "the input file " + inBackticks(input);
  }
  std::string real = followLink(path);
  if (fs::path(real).extension() != ".mo" && file.st_nlink <= 1)
    return std::nullopt;
  // A `.mo` file below a library folder (by the identity of the folders,
  // so any spelling of either path is caught).
  std::error_code ec;
  fs::path absolute = fs::canonical(real, ec);
  if (ec)
    absolute = fs::absolute(real, ec);
  for (const std::string &folder : inputs.folders) {
    struct stat root;
    if (::stat(folder.c_str(), &root) != 0)
      continue;
    if (fs::path(real).extension() == ".mo") {
      for (fs::path dir = absolute.parent_path(); !dir.empty(); dir = dir.parent_path()) {
        struct stat s;
        if (::stat(dir.c_str(), &s) == 0 && sameFile(s, root))
          return "a file of the library " + inBackticks(folder);
        if (dir == dir.root_path())
          break;
      }
    }
    // Another name (a hard link) of one of the library's files.
    bool found = false;
    if (file.st_nlink > 1)
      forEachLibraryFile(folder, [&](const fs::path &libraryFile) {
        struct stat s;
        found = found || (::stat(libraryFile.c_str(), &s) == 0 && sameFile(s, file));
      });
    if (found)
      return "a file of the library " + inBackticks(folder);
  }
  return std::nullopt;
}

/// Whether a new file can be created in `dir`, the directory of `path`.
std::string checkDirectory(const std::string &dir, const std::string &path) {
  struct stat s;
  if (::stat(dir.c_str(), &s) != 0) {
    int error = errno;
    return "the directory " + inBackticks(dir) + " of the result file " + inBackticks(path) +
           (error == ENOENT ? " does not exist" : ": " + reason(error));
  }
  if (!S_ISDIR(s.st_mode))
    return "cannot write the result to " + inBackticks(path) + ": " + inBackticks(dir) +
           " is not a directory";
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    int error = errno;
    return "cannot write the result to " + inBackticks(path) + ": cannot create files in " +
           inBackticks(dir) + ": " + reason(error);
  }
  return {};
}

std::string checkStandardOutput(const RunInputs &inputs) {
  struct stat s;
  if (::fstat(STDOUT_FILENO, &s) != 0)
    return "cannot write the result to standard output: " + reason(errno);
  if (S_ISREG(s.st_mode))
    for (const std::string &input : inputs.files) {
      struct stat in;
      if (::stat(input.c_str(), &in) == 0 && sameFile(in, s))
        return "cannot write the result to standard output: it is the input file " +
               inBackticks(input);
    }
  return {};
}

} // namespace

std::string checkOutputPath(const std::string &path, const RunInputs &inputs) {
  if (path == "-")
    return checkStandardOutput(inputs);
  if (path.empty())
    return "the name of the result file is empty";
  std::string refused = "cannot write the result to " + inBackticks(path) + ": ";
  struct stat link;
  if (::lstat(path.c_str(), &link) != 0) {
    int error = errno;
    if (error != ENOENT)
      return refused + reason(error);
    return checkDirectory(directoryOf(path), path); // a new name
  }
  struct stat file = link;
  if (S_ISLNK(link.st_mode) && ::stat(path.c_str(), &file) != 0) {
    int error = errno;
    return refused + "it is a symbolic link to a file that " +
           (error == ENOENT ? std::string("does not exist") : reason(error));
  }
  if (!S_ISREG(file.st_mode))
    return refused + "it is " + kindOf(file.st_mode) + ", not a regular file" +
           (S_ISCHR(file.st_mode) ? " (`-o -` writes to standard output)" : "");
  if (auto input = findInput(path, file, inputs))
    return refused + "it is " + *input;
  // A file the user may not write stays (rename() would replace it).
  if (::access(path.c_str(), W_OK) != 0) {
    int error = errno;
    return refused + reason(error);
  }
  return checkDirectory(directoryOf(followLink(path)), path);
}

OutputFile::~OutputFile() { discard(); }

bool OutputFile::open(const std::string &path) {
  discard();
  error_.clear();
  path_ = path;
  if (path == "-") {
    standardOutput_ = true;
    fd_ = STDOUT_FILENO;
    return true;
  }
  standardOutput_ = false;
  target_ = followLink(path);
  struct stat existing;
  bool replacing = ::stat(target_.c_str(), &existing) == 0 && S_ISREG(existing.st_mode);
  // The name is registered before the file exists, so that no signal finds
  // it unregistered; it holds the process id, so that it is ours.
  static unsigned counter = 0;
  int error = 0;
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temporaryPath_ = target_ + ".tmp" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    slot_ = registerTemporaryFile(temporaryPath_);
    fd_ = ::open(temporaryPath_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                 0666);
    error = errno;
    if (fd_ < 0) {
      unregisterTemporaryFile(slot_);
      slot_ = -1;
    }
    if (fd_ < 0 && error != EEXIST)
      break;
  }
  if (fd_ < 0) {
    error_ = "cannot create the result file " + inBackticks(path) + ": " + reason(error);
    temporaryPath_.clear();
    return false;
  }
  if (replacing) // the replaced file's permissions, not the umask's
    ::fchmod(fd_, existing.st_mode & 07777);
  return true;
}

void OutputFile::fail(const std::string &what) {
  int error = errno;
  if (!error_.empty())
    return;
  error_ = standardOutput_ ? what + " to standard output: " + reason(error)
                           : what + " " + inBackticks(path_) + ": " + reason(error);
}

bool OutputFile::write(const char *data, std::size_t size) {
  return writeAll(data, size, std::nullopt);
}

bool OutputFile::writeAt(uint64_t offset, const char *data, std::size_t size) {
  if (standardOutput_) {
    errno = ESPIPE;
    fail("cannot complete the result");
    return false;
  }
  return writeAll(data, size, offset);
}

bool OutputFile::writeAll(const char *data, std::size_t size, std::optional<uint64_t> offset) {
  while (fd_ >= 0 && error_.empty() && size > 0) {
    ssize_t count = offset ? ::pwrite(fd_, data, size, static_cast<off_t>(*offset))
                           : ::write(fd_, data, size);
    if (count < 0 && errno == EINTR)
      continue;
    if (count <= 0) {
      if (count == 0)
        errno = EIO;
      fail("cannot write the result");
      break;
    }
    data += count;
    size -= static_cast<std::size_t>(count);
    if (offset)
      *offset += static_cast<uint64_t>(count);
  }
  return fd_ >= 0 && error_.empty();
}

bool OutputFile::commit() {
  if (fd_ < 0)
    return false;
  if (standardOutput_) {
    fd_ = -1;
    return error_.empty();
  }
  if (::close(fd_) != 0)
    fail("cannot close the result file");
  fd_ = -1;
  // The target may have changed since the checks: still only a regular
  // file or nothing is replaced.
  struct stat s;
  bool present = error_.empty() && ::lstat(target_.c_str(), &s) == 0;
  if (present && !S_ISREG(s.st_mode))
    error_ = "cannot write the result to " + inBackticks(path_) + ": it is now " +
             kindOf(s.st_mode) + ", not a regular file";
  // Over an existing file, the two names are exchanged and the old content
  // unlinked under the temporary name: the target always holds a whole
  // file, as with rename(), but ext4 does not flush the new file before
  // returning, which it does for a rename() over an existing name
  // (auto_da_alloc; 20 ms and more for a 5 MB result, half of a run from
  // the cache of compiled models). Where the exchange is not available,
  // rename().
  bool exchanged = error_.empty() && present &&
                   ::renameat2(AT_FDCWD, temporaryPath_.c_str(), AT_FDCWD, target_.c_str(),
                               RENAME_EXCHANGE) == 0;
  if (exchanged)
    ::unlink(temporaryPath_.c_str());
  if (error_.empty() && !exchanged && std::rename(temporaryPath_.c_str(), target_.c_str()) != 0) {
    int error = errno;
    error_ = "cannot rename " + inBackticks(temporaryPath_) + " to " + inBackticks(target_) +
             ": " + reason(error);
  }
  if (!error_.empty())
    ::unlink(temporaryPath_.c_str());
  unregisterTemporaryFile(slot_);
  slot_ = -1;
  temporaryPath_.clear();
  return error_.empty();
}

void OutputFile::discard() {
  if (standardOutput_) {
    fd_ = -1;
    return;
  }
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
  if (!temporaryPath_.empty())
    ::unlink(temporaryPath_.c_str());
  unregisterTemporaryFile(slot_);
  slot_ = -1;
  temporaryPath_.clear();
}

} // namespace mocc::rt
