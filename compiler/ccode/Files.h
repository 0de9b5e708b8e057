// The whole text of a file, for the C sources, build descriptions and cached
// objects that ccode reads.
#pragma once

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace mocc::ccode {

/// The bytes of the file at `path`, or nothing if it cannot be opened.
inline std::optional<std::string> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

} // namespace mocc::ccode
