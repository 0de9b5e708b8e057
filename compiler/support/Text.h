// Small text helpers shared by the phases.
#pragma once

#include <string>
#include <vector>

namespace mocc {

/// The parts of a dotted name: "A.B.C" -> {"A", "B", "C"} (an empty part
/// where two dots meet or at either end).
inline std::vector<std::string> splitDotted(const std::string &name) {
  std::vector<std::string> parts(1);
  for (char c : name) {
    if (c == '.')
      parts.emplace_back();
    else
      parts.back() += c;
  }
  return parts;
}

} // namespace mocc
