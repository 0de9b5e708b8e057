// A file that a command writes (the result CSV and MAT files; any later
// writer uses it too), written so that no user's file is ever lost (issue 19):
//
// - Before any work, checkOutputPath() says whether the name may take the
//   file: a new name in an existing, writable directory, or an existing
//   regular file (or a symbolic link to one) that the user may write and
//   that the run does not read.
//   A directory, a device (/dev/null, /dev/stdout, /dev/full), a FIFO, a
//   socket, a dangling link and an input of the run (compared by device and
//   inode, so `./m.mo`, links and hard links are caught) are refused;
//   running as root changes nothing (the checks look at the file's type,
//   not at permissions).
// - OutputFile writes to a temporary file in the target's directory
//   (`NAME.tmp<pid>-<n>`, registered with Signals.h so that a signal or a
//   crash removes it) and renames it onto the target only when complete;
//   a failed or abandoned file is removed. A link is followed: the file it
//   points to is replaced, the link stays.
// - The name `-` is standard output: written as it goes, no temporary file
//   and no rename.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// The files a run reads or may read, which its output must not replace.
struct RunInputs {
  /// Files read as they are: the user's files, `--lib` files.
  std::vector<std::string> files;
  /// Library folders: every `.mo` file below them may be read.
  std::vector<std::string> folders;
};

/// Why the output cannot go to `path`, empty if it can (see above): a
/// message such as "cannot write the result to `m.mo`: it is the input file
/// `m.mo`". `-` is standard output, refused only if that is an input file.
std::string checkOutputPath(const std::string &path, const RunInputs &inputs);

/// One output file being written.
class OutputFile {
public:
  OutputFile() = default;
  /// Removes the temporary file unless commit() succeeded.
  ~OutputFile();
  OutputFile(const OutputFile &) = delete;
  OutputFile &operator=(const OutputFile &) = delete;

  /// Creates the temporary file next to `path` (or takes standard output for
  /// `-`). Returns false (see error()) if it cannot be created.
  bool open(const std::string &path);

  /// Appends bytes; false (see error()) once a write failed.
  bool write(const char *data, std::size_t size);

  /// Overwrites bytes written before, at `offset` from the start (a header
  /// completed at the end: the MAT file's sizes); false (see error()) if it
  /// failed. Not for standard output, which cannot seek.
  bool writeAt(uint64_t offset, const char *data, std::size_t size);

  /// Closes the temporary file and renames it onto the target. Returns false
  /// (see error()) if a write, the close or the rename failed; the
  /// temporary file is then removed.
  bool commit();

  /// Closes and removes the temporary file (nothing happens after commit();
  /// what went to standard output stays there).
  void discard();

  /// What went wrong.
  const std::string &error() const { return error_; }
  /// The temporary file's name (empty when none is open).
  const std::string &temporaryPath() const { return temporaryPath_; }
  /// Whether the output goes to standard output.
  bool toStandardOutput() const { return standardOutput_; }

private:
  /// Writes all of `data` at `offset`, or at the end if `offset` is empty.
  bool writeAll(const char *data, std::size_t size, std::optional<uint64_t> offset);
  void fail(const std::string &what);

  int fd_ = -1;
  bool standardOutput_ = false;
  std::string path_;   ///< as given
  std::string target_; ///< the file to replace: path_ with a link followed
  std::string temporaryPath_;
  int slot_ = -1; ///< Signals.h's slot of the temporary file
  std::string error_;
};

} // namespace mocc::rt
