// Block lower triangular (BLT) ordering: given which variable each equation
// is solved for, the equations are split into blocks solved one after the
// other, each block's inputs being computed by earlier blocks. The blocks are
// the strongly connected components of the equation dependency graph, found
// by Tarjan's algorithm (R. E. Tarjan, "Depth-first search and linear graph
// algorithms", SIAM J. Comput. 1(2), 1972), run with an explicit stack.
#pragma once

#include "compiler/structural/BipartiteGraph.h"
#include "compiler/structural/Matching.h"

#include <span>
#include <vector>

namespace mocc::structural {

/// Equations grouped into blocks, in evaluation order.
class BlockOrder {
public:
  /// Number of blocks.
  int numBlocks() const { return static_cast<int>(blockStart_.size()) - 1; }
  /// The equations of block `block`, ascending.
  std::span<const int> equations(int block) const {
    return slice(equations_, block);
  }
  /// The variables of block `block`: entry i is the variable equation
  /// `equations(block)[i]` is solved for (-1 if it is unmatched).
  std::span<const int> variables(int block) const {
    return slice(variables_, block);
  }
  /// The block of equation `eq`.
  int blockOf(int eq) const { return blockOf_[eq]; }

private:
  friend class BltBuilder;
  std::span<const int> slice(const std::vector<int> &data, int block) const {
    return {data.data() + blockStart_[block],
            data.data() + blockStart_[block + 1]};
  }

  std::vector<int> blockStart_{0};
  std::vector<int> equations_;
  std::vector<int> variables_;
  std::vector<int> blockOf_;
};

/// Sorts all equations of `graph` into blocks, given a matching (normally
/// perfect). Equation e depends on equation f when e contains the variable f
/// is solved for. An unmatched equation forms its own block (variable -1),
/// ordered after the equations it reads; an unmatched variable creates no
/// dependency. O(E + V), deterministic.
BlockOrder computeBlockOrder(const BipartiteGraph &graph,
                             const Matching &matching);

/// The partial problem: variables with `isKnown[v] != 0` are inputs computed
/// elsewhere (states, parameters, outputs of an earlier stage), so they create
/// no dependency and are normally left unmatched.
BlockOrder computeBlockOrder(const BipartiteGraph &graph,
                             const Matching &matching,
                             std::span<const char> isKnown);

/// Another evaluation order of the same blocks: the blocks that read no
/// variable of another block (a fixed state's `x = x.start`, a value of
/// parameters) first, then the others, each group in the order of `order`.
/// Still an evaluation order, since a block moved forward depends on none.
/// Tarjan's order puts each block right after the blocks it reads, so the
/// N start values and N derivatives of an array of N states come
/// interleaved in an order that follows the array's neighbours; sources
/// first gives two runs of N equal steps, which code generation emits as
/// two loops (codegen/Repeats.h). Returns block indices. O(E + V).
std::vector<int> sourcesFirst(const BlockOrder &order, const BipartiteGraph &graph,
                              const Matching &matching, std::span<const char> isKnown = {});

} // namespace mocc::structural
