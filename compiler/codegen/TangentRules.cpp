// Tangents (forward-mode derivatives) of expression nodes: given the tangents
// of a node's operands, emits the tangent of the node by the chain rule,
// using primal values computed (or reloaded from v) on demand. A structurally
// zero tangent is a null pointer here, so no code is emitted for it.
//
// Where the derivative of an operation is infinite or undefined at a finite
// argument (sqrt and log at 0, asin at +-1, division by 0, pow at 0), a zero
// operand tangent yields a zero result instead of 0 * inf = NaN: a Jacobian
// column that does not involve such an argument must not be polluted by it.
#include "compiler/codegen/ExprEmitter.h"

#include <llvm/IR/Constants.h>

#include <numbers>

namespace mocc::codegen {

using sym::ExprId;
using sym::OpKind;

llvm::Value *FunctionEmitter::tangentOfNode(ExprId id) {
  const sym::Node &node = pool_.node(id);
  switch (node.op) {
  case OpKind::Variable:
    usedSlots_.insert(node.payload.index);
    return builder_.CreateLoad(double_, kernelSlotAddress(dv_, node.payload.index));
  case OpKind::IfElse:
    return ifElse(id, Mode::Tangent);
  case OpKind::Call:
    return callTangent(id);
  case OpKind::Output:
    return outputValue(id, Mode::Tangent);
  default:
    break;
  }
  auto operands = pool_.operands(id);
  llvm::Value *result = operands.size() == 1
                            ? unaryTangent(id, node.op, operands[0])
                            : binaryTangent(id, node.op, operands[0], operands[1]);
  return result ? result : constant(0.0);
}

/// The tangent of an operand already walked, or null if it is zero.
llvm::Value *FunctionEmitter::operandTangent(ExprId id) const {
  return facts_.hasTangent(id) ? tangents_.get(id) : nullptr;
}

llvm::Value *FunctionEmitter::unaryTangent(ExprId id, OpKind op, ExprId a) {
  llvm::Value *da = operandTangent(a);
  auto x = [&] { return value(a); };
  auto one = [&] { return constant(1.0); };
  switch (op) {
  case OpKind::Neg: return builder_.CreateFNeg(da);
  case OpKind::NoEvent:
  case OpKind::Smooth:
    return da;
  case OpKind::Sin: return scale(da, intrinsic(llvm::Intrinsic::cos, x()));
  case OpKind::Cos: return scale(da, builder_.CreateFNeg(intrinsic(llvm::Intrinsic::sin, x())));
  case OpKind::Tan: {
    llvm::Value *t = value(id);
    return scale(da, builder_.CreateFAdd(one(), builder_.CreateFMul(t, t)));
  }
  case OpKind::Asin:
  case OpKind::Acos: {
    llvm::Value *root = intrinsic(llvm::Intrinsic::sqrt,
                                  builder_.CreateFSub(one(), builder_.CreateFMul(x(), x())));
    llvm::Value *d = guardedDiv(da, root);
    return op == OpKind::Asin ? d : builder_.CreateFNeg(d);
  }
  case OpKind::Atan:
    return builder_.CreateFDiv(da, builder_.CreateFAdd(one(), builder_.CreateFMul(x(), x())));
  case OpKind::Sinh: return scale(da, libm("cosh", x()));
  case OpKind::Cosh: return scale(da, libm("sinh", x()));
  case OpKind::Tanh: {
    llvm::Value *t = value(id);
    return scale(da, builder_.CreateFSub(one(), builder_.CreateFMul(t, t)));
  }
  case OpKind::Exp: return scale(da, value(id));
  case OpKind::Log: return guardedDiv(da, x());
  case OpKind::Log10:
    return guardedDiv(da, builder_.CreateFMul(x(), constant(std::numbers::ln10)));
  case OpKind::Sqrt: return guardedDiv(da, builder_.CreateFMul(constant(2.0), value(id)));
  case OpKind::Abs:
    // The right derivative at 0 (+1), not sign(0) = 0: abs has no
    // derivative there, and a zero column makes Newton's matrix singular
    // where an unknown starts at 0 inside abs (the MSL's Fluid.Dissipation
    // correlations, Re = abs(m_flow) * c solved for m_flow from m_flow = 0).
    return scale(da, builder_.CreateSelect(builder_.CreateFCmpOLT(x(), constant(0.0)),
                                           constant(-1.0), one()));
  default:
    llvm_unreachable("operation without a tangent rule");
  }
}

llvm::Value *FunctionEmitter::binaryTangent(ExprId id, OpKind op, ExprId a, ExprId b) {
  llvm::Value *da = operandTangent(a), *db = operandTangent(b);
  switch (op) {
  case OpKind::Add: return addTangents(da, db);
  case OpKind::Sub: return subTangents(da, db);
  case OpKind::Mul: // primal operands only where their partner's tangent is nonzero
    return addTangents(da ? scale(da, value(b)) : nullptr, db ? scale(db, value(a)) : nullptr);
  case OpKind::Div: // (da - (a/b) db) / b
    return guardedDiv(subTangents(da, db ? guardedScale(db, value(id)) : nullptr), value(b));
  case OpKind::Pow: return powTangent(id, a, b);
  case OpKind::Atan2: { // (b da - a db) / (a^2 + b^2)
    llvm::Value *x = value(a), *y = value(b);
    llvm::Value *norm =
        builder_.CreateFAdd(builder_.CreateFMul(x, x), builder_.CreateFMul(y, y));
    return guardedDiv(subTangents(scale(da, y), scale(db, x)), norm);
  }
  case OpKind::Min:
  case OpKind::Max:
    return selectedTangent(id, a, b);
  case OpKind::Mod:
  case OpKind::Rem: { // da - floor(a/b) db, or trunc for rem
    auto rounding = op == OpKind::Mod ? llvm::Intrinsic::floor : llvm::Intrinsic::trunc;
    if (!db)
      return da;
    llvm::Value *quotient = intrinsic(rounding, builder_.CreateFDiv(value(a), value(b)));
    return subTangents(da, scale(db, quotient));
  }
  default:
    llvm_unreachable("operation without a tangent rule");
  }
}

/// d(a^b) = b a^(b-1) da + a^b log(a) db. The first term avoids dividing by
/// a (so a = 0 and negative bases with integral exponents work); the second
/// is zero where a^b is (its limit for a -> 0 with b > 0).
llvm::Value *FunctionEmitter::powTangent(ExprId id, ExprId a, ExprId b) {
  llvm::Value *da = operandTangent(a), *db = operandTangent(b);
  llvm::Value *x = value(a), *result = nullptr;
  if (da) {
    llvm::Value *factor;
    if (auto exponent = pool_.constantValue(b); exponent && *exponent == 2.0) {
      factor = builder_.CreateFMul(constant(2.0), x);
    } else {
      llvm::Value *y = value(b);
      llvm::Value *power = binaryValue(OpKind::Pow, x, builder_.CreateFSub(y, constant(1.0)));
      factor = builder_.CreateFMul(y, power);
    }
    result = guardedScale(da, factor);
  }
  if (db) {
    llvm::Value *power = value(id);
    llvm::Value *factor = builder_.CreateSelect(
        builder_.CreateFCmpOEQ(power, constant(0.0)), constant(0.0),
        builder_.CreateFMul(power, intrinsic(llvm::Intrinsic::log, x)));
    result = addTangents(result, guardedScale(db, factor));
  }
  return result;
}

/// min / max: the tangent of the operand selected, chosen as the value is.
llvm::Value *FunctionEmitter::selectedTangent(ExprId id, ExprId a, ExprId b) {
  llvm::Value *da = operandTangent(a), *db = operandTangent(b);
  llvm::Value *first = selectsFirst(pool_.op(id), value(a), value(b));
  return builder_.CreateSelect(first, da ? da : constant(0.0), db ? db : constant(0.0));
}

// --- Arithmetic on possibly-zero tangents ------------------------------------------

llvm::Value *FunctionEmitter::addTangents(llvm::Value *x, llvm::Value *y) {
  if (!x || !y)
    return x ? x : y;
  return builder_.CreateFAdd(x, y);
}

llvm::Value *FunctionEmitter::subTangents(llvm::Value *x, llvm::Value *y) {
  if (!y)
    return x;
  return x ? builder_.CreateFSub(x, y) : builder_.CreateFNeg(y);
}

llvm::Value *FunctionEmitter::scale(llvm::Value *tangent, llvm::Value *factor) {
  return tangent ? builder_.CreateFMul(tangent, factor) : nullptr;
}

/// tangent * factor, but exactly 0 when the tangent is 0 (factor may be inf).
llvm::Value *FunctionEmitter::guardedScale(llvm::Value *tangent, llvm::Value *factor) {
  if (!tangent)
    return nullptr;
  llvm::Value *isZero = builder_.CreateFCmpOEQ(tangent, constant(0.0));
  return builder_.CreateSelect(isZero, constant(0.0), builder_.CreateFMul(tangent, factor));
}

/// tangent / divisor, but exactly 0 when the tangent is 0 (divisor may be 0).
llvm::Value *FunctionEmitter::guardedDiv(llvm::Value *tangent, llvm::Value *divisor) {
  if (!tangent)
    return nullptr;
  llvm::Value *isZero = builder_.CreateFCmpOEQ(tangent, constant(0.0));
  return builder_.CreateSelect(isZero, constant(0.0), builder_.CreateFDiv(tangent, divisor));
}

} // namespace mocc::codegen
