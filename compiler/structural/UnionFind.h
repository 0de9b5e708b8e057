// Disjoint sets over the integers 0..n-1 (Tarjan, "Efficiency of a good but
// not linear set union algorithm", J. ACM 22(2), 1975), with path halving;
// for grouping equations and variables into independent blocks.
#pragma once

#include <cstddef>
#include <vector>

namespace mocc::structural {

class UnionFind {
public:
  explicit UnionFind(std::size_t n) : parent_(n) {
    for (std::size_t i = 0; i < n; ++i)
      parent_[i] = static_cast<int>(i);
  }

  /// The representative of i's set.
  int find(int i) {
    while (parent_[i] != i)
      i = parent_[i] = parent_[parent_[i]];
    return i;
  }

  /// Joins the sets of a and b; b's representative becomes the root.
  void unite(int a, int b) { parent_[find(a)] = find(b); }

  std::size_t size() const { return parent_.size(); }

private:
  std::vector<int> parent_;
};

} // namespace mocc::structural
