// Writes the result file (CLI.md, "Result CSV"): RFC 4180, a header row with
// each name in double quotes, then one row of numbers per output point in
// their shortest round-trip form. The file is an OutputFile: written under a
// temporary name in the same directory and renamed to the requested name only
// by commit(), so a failed run leaves neither the requested file nor the
// temporary one; `-` streams to standard output. Output goes through a large
// buffer straight to the file descriptor.
#pragma once

#include "runtime/OutputFile.h"

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mocc::rt {

/// One result file being written.
class CsvWriter {
public:
  CsvWriter() = default;
  /// Removes the temporary file unless commit() succeeded.
  ~CsvWriter();
  CsvWriter(const CsvWriter &) = delete;
  CsvWriter &operator=(const CsvWriter &) = delete;

  /// Creates the temporary file next to `path` (standard output for `-`)
  /// and writes the header row. Returns false (see error()) if the file
  /// cannot be created.
  bool open(const std::string &path, const std::vector<std::string> &names);

  /// Appends one row; a write error is reported by commit().
  void writeRow(std::span<const double> values);

  /// A stretch of a row: `numbers` values, then `text` written as it is
  /// (columns whose text is the same in every row, each with its comma).
  struct RowRun {
    std::size_t numbers = 0;
    std::string text;
  };
  /// Appends one row made of `runs`, which take the values in order.
  void writeRow(std::span<const double> values, std::span<const RowRun> runs);

  /// Appends text as it is (a row that the caller formatted, with its
  /// line end).
  void writeText(const char *text, std::size_t size);

  /// Writes out the buffer, closes the file and renames it to the requested
  /// path. Returns false (see error()) if any of that failed; the temporary
  /// file is then removed.
  bool commit();

  /// Closes and removes the temporary file (nothing happens after commit()).
  void discard();

  /// What went wrong, for the run status.
  const std::string &error() const { return file_.error(); }
  /// The temporary file's name (empty when none is open).
  const std::string &temporaryPath() const { return file_.temporaryPath(); }

private:
  char *reserve(std::size_t size);
  void put(char c);
  void flush();
  void appendQuoted(const std::string &name);

  OutputFile file_;
  bool open_ = false;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
};

} // namespace mocc::rt
