// Helpers shared by the runtime's unit tests: reading a result file back,
// unique file names in a scratch directory, and building sparsity patterns
// for hand-written kernels.
#pragma once

#include "runtime/CompiledModel.h"
#include "runtime/Simulator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mocc::rt::test {

/// A result file read back: the header names and the rows of numbers.
struct CsvTable {
  std::vector<std::string> names;
  std::vector<std::vector<double>> rows;
  /// The index of the column with this name (fails the test if absent).
  std::size_t column(const std::string &name) const;
};

/// Reads an RFC 4180 file whose first row holds quoted names and whose other
/// rows hold numbers (parsed with std::from_chars, so bit-exact).
CsvTable readCsv(const std::string &path);

/// The whole text of a file.
std::string readText(const std::string &path);

/// A fresh path for `name` in this process's scratch directory.
std::string scratchPath(const std::string &name);

/// Options for a test run to `stop` with output every `interval`, the first
/// `numColumns` outputs written to a scratch file named `file`.
SimulationOptions runOptions(const std::string &file, double stop, double interval,
                             std::size_t numColumns, double tolerance);

/// The names of the files in the scratch directory that start with `prefix`.
std::vector<std::string> scratchFiles(const std::string &prefix);

/// A CSC pattern from the rows of each column and a coloring.
SparsityPattern patternFromColumns(const std::vector<std::vector<int64_t>> &rowsOfColumn,
                                   const std::vector<int32_t> &colors);

/// The pattern of a tridiagonal n x n matrix, colored j mod 3.
SparsityPattern tridiagonalPattern(int64_t n);

} // namespace mocc::rt::test
