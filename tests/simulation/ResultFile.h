// Reading a result CSV written by `mocc simulate`, for tests.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace mocc::test {

/// The columns of a result file by name ("time" included).
struct ResultFile {
  std::vector<std::string> names;
  std::map<std::string, std::vector<double>> columns;
  const std::vector<double> &operator[](const std::string &name) const;
  size_t rows() const { return columns.empty() ? 0 : columns.begin()->second.size(); }
};

/// Reads a CSV file; throws std::runtime_error if it is malformed.
ResultFile readResultFile(const std::string &path);

} // namespace mocc::test
