// The facts of PoolFacts.h, in one pass over the pool.
#include "compiler/codegen/PoolFacts.h"

namespace mocc::codegen {

using sym::ExprId;
using sym::OpKind;

PoolFacts::PoolFacts(const sym::ExprPool &pool, bool withTangents,
                     std::span<const uint32_t> constantSlots) {
  if (withTangents)
    tangentFlags.assign(pool.size(), 0);
  std::vector<uint8_t> constant;
  for (uint32_t slot : constantSlots) {
    if (slot >= constant.size())
      constant.resize(slot + 1, 0);
    constant[slot] = 1;
  }
  for (uint32_t i = 0; i < pool.size(); ++i) {
    ExprId id{i};
    const sym::Node &node = pool.node(id);
    if (node.op == OpKind::Variable) {
      uint32_t slot = node.payload.index;
      if (slot >= variableNode.size())
        variableNode.resize(slot + 1);
      variableNode[slot] = id;
    }
    if (!withTangents || sym::isPiecewiseConstant(node.op))
      continue;
    auto operands = pool.operands(id);
    if (node.op == OpKind::IfElse)
      operands = operands.subspan(1); // the condition only selects
    bool any = node.op == OpKind::Variable &&
               (node.payload.index >= constant.size() || !constant[node.payload.index]);
    for (ExprId operand : operands)
      any = any || tangentFlags[operand.index] != 0;
    tangentFlags[i] = any;
  }
}

} // namespace mocc::codegen
