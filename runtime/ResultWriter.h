// The result file of a run, in one of the formats mocc writes (CLI.md,
// "Result files"): RFC 4180 CSV (CsvWriter) or MAT v4 (MatWriter, the layout
// of Dymola's dsres.mat and OpenModelica's _res.mat). A writer is given the
// model's outputs to write once, then one row per output point as the slot
// vector holds it; it picks its columns out of the slots and formats or
// stores them. Both write through OutputFile: under a temporary name,
// renamed by commit(), removed by discard() or a failure.
#pragma once

#include "runtime/CompiledModel.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// The formats of result files.
enum class ResultFormat { Csv, Mat };

/// The format a file name asks for by its extension (`.csv`, `.mat`, in
/// any case); nothing for any other (or none). `-` (standard output) is CSV.
std::optional<ResultFormat> resultFormatOf(const std::string &path);

/// "csv", "mat".
const char *resultFormatName(ResultFormat format);

/// One result file being written.
class ResultWriter {
public:
  /// A writer of `format`.
  static std::unique_ptr<ResultWriter> create(ResultFormat format);
  virtual ~ResultWriter() = default;

  /// Creates the temporary file next to `path` for the outputs `columns`
  /// (indices into model.outputs, in order) and writes what comes before
  /// the rows. False (see error()) if the file cannot be created or the
  /// format cannot take the path (a MAT file cannot go to standard output:
  /// its header is completed at the end).
  virtual bool open(const std::string &path, const CompiledModel &model,
                    const std::vector<int32_t> &columns) = 0;

  /// Appends the row at time t, taking the values from the slot vector v
  /// (parameters from the first row: initialization has fixed them).
  virtual void write(double t, const std::vector<double> &v) = 0;

  /// The slots write() reads: with the aliases among them, the model's
  /// `aliases` kernel must run before each row.
  virtual const std::vector<int32_t> &slotsRead() const = 0;

  /// Completes the file and renames it to the requested path; false (see
  /// error()) if anything failed, and then the temporary file is gone.
  virtual bool commit() = 0;

  /// Removes the temporary file (nothing happens after commit()).
  virtual void discard() = 0;

  /// What went wrong.
  virtual const std::string &error() const = 0;
};

} // namespace mocc::rt
