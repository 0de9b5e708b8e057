// The source manager owns the text of every file the compiler reads and turns
// compact source locations (file id + byte offset) into line and column
// numbers when, and only when, a diagnostic is printed (as Carbon's
// SourceBuffer does).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mocc {

/// Identifies one file held by a SourceManager.
struct FileId {
  uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
  friend bool operator==(FileId, FileId) = default;
};

/// A position in a source file: a file and a byte offset into it.
struct SourceLocation {
  FileId file;
  uint32_t offset = 0;
  bool valid() const { return file.valid(); }
};

/// A half-open byte range [begin, end) in one source file.
struct SourceRange {
  FileId file;
  uint32_t begin = 0;
  uint32_t end = 0;
  bool valid() const { return file.valid(); }
  SourceLocation start() const { return {file, begin}; }
  /// The smallest range covering both; an invalid range yields the other.
  static SourceRange cover(SourceRange a, SourceRange b);
};

/// Line and column, both 1-based; the column counts Unicode code points.
struct LineColumn {
  uint32_t line = 0;
  uint32_t column = 0;
};

/// Why `path` cannot be read as an input file, empty if it can: "`f.mo`
/// does not exist", "cannot read `f.mo`: permission denied", "`d` is a
/// directory", "`/dev/null` is not a regular file (a character device)".
/// Only a regular file is opened (and without blocking), so a FIFO or a
/// device is never waited on.
std::string unreadableFile(const std::string &path);

/// Owns source texts and maps offsets to lines and columns.
class SourceManager {
public:
  /// Reads a regular file; returns nothing if it cannot be read, with the
  /// message of unreadableFile() in `problem` if given.
  std::optional<FileId> addFile(const std::string &path, std::string *problem = nullptr);
  /// Registers an in-memory buffer under a display name.
  FileId addBuffer(std::string name, std::string text);

  std::string_view text(FileId file) const { return files_[file.index]->text; }
  const std::string &path(FileId file) const { return files_[file.index]->path; }
  size_t fileCount() const { return files_.size(); }

  LineColumn lineColumn(SourceLocation loc) const;
  /// "file.mo:line:col", the file name without its directory (for messages
  /// that are not diagnostics, such as a run-time assert); "" if invalid.
  std::string shortLocation(SourceLocation loc) const;
  /// The text of a 1-based line, without its line terminator.
  std::string_view lineText(FileId file, uint32_t line) const;

private:
  struct File {
    std::string path;
    std::string text;
    mutable std::vector<uint32_t> lineStarts; // computed on first use
  };
  const std::vector<uint32_t> &lineStarts(const File &file) const;

  std::vector<std::unique_ptr<File>> files_;
};

} // namespace mocc
