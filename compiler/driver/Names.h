// Choosing variables by name on the command line: glob patterns and the
// comma-separated lists of `simulate --vars`, `simulate --plot` and `plot`.
#pragma once

#include <string>
#include <vector>

namespace mocc::driver {

/// Whether a name matches a glob pattern with `*` and `?` (brackets are
/// literal: `body.r_0[*]`).
inline bool globMatch(const std::string &pattern, const std::string &name) {
  size_t p = 0, n = 0, star = std::string::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (star != std::string::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

/// Splits a list at commas that are not inside brackets (`a[1,2]`),
/// dropping blanks.
inline std::vector<std::string> splitVarList(const std::string &list) {
  std::vector<std::string> items;
  std::string item;
  int depth = 0;
  for (char c : list) {
    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
    if (c == ',' && depth == 0) {
      items.push_back(item);
      item.clear();
      continue;
    }
    if (c != ' ')
      item += c;
  }
  items.push_back(item);
  return items;
}

} // namespace mocc::driver
