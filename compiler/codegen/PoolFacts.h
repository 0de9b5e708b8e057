// Facts about the expression pool of a model that every function of its
// kernels uses: the Variable node of each slot and which nodes have a
// tangent. Computed once per compile (the back end builds them and hands
// them to addKernelDerivatives and generateKernels). No LLVM here.
#pragma once

#include "compiler/symbolic/Expr.h"

#include <cstdint>
#include <span>
#include <vector>

namespace mocc::codegen {

/// Facts about the expression pool shared by every function of a module,
/// computed in one pass over the pool (operands precede their nodes).
struct PoolFacts {
  PoolFacts(const sym::ExprPool &pool, bool withTangents,
            std::span<const uint32_t> constantSlots = {});

  /// The Variable node of a slot, or an invalid id if the pool has none.
  sym::ExprId variableNodeOf(uint32_t slot) const {
    return slot < variableNode.size() ? variableNode[slot] : sym::ExprId{};
  }
  /// Whether a node's tangent may be nonzero: it reaches a variable through
  /// differentiable operations (relations, floor, sign, ... cut the path).
  bool hasTangent(sym::ExprId id) const { return tangentFlags[id.index] != 0; }

  std::vector<sym::ExprId> variableNode; ///< per slot
  std::vector<uint8_t> tangentFlags;     ///< per node; empty without tangents
};

} // namespace mocc::codegen
