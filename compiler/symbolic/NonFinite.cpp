// Implementation of explainNonFinite; see NonFinite.h.
#include "compiler/symbolic/NonFinite.h"

#include <charconv>
#include <cmath>
#include <unordered_map>

namespace mocc::sym {

std::string formatValue(double x) {
  if (std::isnan(x))
    return "NaN";
  if (std::isinf(x))
    return x > 0 ? "inf" : "-inf";
  char text[32];
  return std::string(text, std::to_chars(text, text + sizeof text, x).ptr);
}

namespace {

/// The kind of failure of an operation with finite operands `a`, `b`
/// whose result is not finite.
std::string failureKind(OpKind op, double a, double b, double result) {
  switch (op) {
  case OpKind::Sqrt:
    return "square root of a negative number";
  case OpKind::Log:
  case OpKind::Log10:
    return a < 0 ? "logarithm of a negative number" : "logarithm of zero";
  case OpKind::Div:
  case OpKind::IntDiv:
  case OpKind::Mod:
  case OpKind::Rem:
    return b == 0 ? "division by zero" : "overflow";
  case OpKind::Pow:
    if (a == 0 && b < 0)
      return "division by zero";
    if (a < 0 && b != std::floor(b))
      return "power of a negative number with a non-integer exponent";
    return "overflow";
  case OpKind::Asin:
  case OpKind::Acos:
    return "argument outside [-1, 1]";
  default:
    return std::isnan(result) ? "not a number" : "overflow";
  }
}

class Explainer {
public:
  Explainer(const ExprPool &pool, const ValueSource &values,
            const std::function<std::string(VarId)> &nameOf,
            const std::function<std::string(uint32_t)> &functionName)
      : pool_(pool), values_(values), nameOf_(nameOf), functionName_(functionName) {}

  NonFinite explain(ExprId expr) {
    ExprId roots[] = {expr};
    forEachNode(pool_, roots, [&](ExprId id) { evaluate(id); });
    NonFinite result;
    result.value = valueOf(expr);
    // Down from the root along values that are not finite.
    for (ExprId n = expr;;) {
      auto v = valueOf(n);
      if (!v || std::isfinite(*v))
        return result;
      const Node &node = pool_.node(n);
      auto operands = pool_.operands(n);
      switch (node.op) {
      case OpKind::Variable:
        result.source = VarId{node.payload.index};
        return result;
      case OpKind::Constant:
        result.why = "the constant " + formatValue(*v);
        return result;
      case OpKind::IfElse:
        n = operands[*valueOf(operands[0]) != 0 ? 1 : 2];
        continue;
      case OpKind::Output: {
        ExprId call = operands[0];
        if (auto bad = firstNotFinite(pool_.operands(call))) {
          n = *bad;
          continue;
        }
        result.why = "the function `" + functionName_(pool_.node(call).payload.index) +
                     "` returns " + formatValue(*v) + ": " + text(n);
        return result;
      }
      default:
        break;
      }
      if (auto bad = firstNotFinite(operands)) {
        n = *bad;
        continue;
      }
      double a = operands.size() > 0 ? *valueOf(operands[0]) : 0;
      double b = operands.size() > 1 ? *valueOf(operands[1]) : 0;
      result.why = failureKind(node.op, a, b, *v) + ": " + text(n);
      std::string with;
      for (ExprId operand : operands)
        if (pool_.op(operand) != OpKind::Constant)
          with += (with.empty() ? " with " : ", ") + text(operand) + " = " +
                  formatValue(*valueOf(operand));
      result.why += with;
      return result;
    }
  }

private:
  std::optional<double> valueOf(ExprId id) const {
    auto it = value_.find(id.index);
    return it == value_.end() ? std::nullopt : it->second;
  }

  std::optional<ExprId> firstNotFinite(std::span<const ExprId> operands) const {
    for (ExprId operand : operands)
      if (auto v = valueOf(operand); v && !std::isfinite(*v))
        return operand;
    return std::nullopt;
  }

  /// `e` as Modelica text, shortened past 120 characters.
  std::string text(ExprId e) const {
    std::string s = print(pool_, e, nameOf_, functionName_);
    if (s.size() > 120)
      s = s.substr(0, 117) + "...";
    return "`" + s + "`";
  }

  void evaluate(ExprId id) {
    const Node &n = pool_.node(id);
    auto operands = pool_.operands(id);
    std::optional<double> v;
    switch (n.op) {
    case OpKind::Constant:
      v = n.payload.value;
      break;
    case OpKind::Variable:
      v = values_.variable ? values_.variable(VarId{n.payload.index}) : std::nullopt;
      break;
    case OpKind::Time:
      v = values_.time;
      break;
    case OpKind::IfElse:
      if (auto c = valueOf(operands[0]))
        v = valueOf(operands[*c != 0 ? 1 : 2]);
      break;
    case OpKind::Call: {
      std::vector<double> args;
      for (ExprId a : operands) {
        auto x = valueOf(a);
        if (!x)
          return;
        args.push_back(*x);
      }
      if (values_.call)
        if (auto outputs = values_.call(n.payload.index, args))
          outputs_[id.index] = std::move(*outputs);
      return;
    }
    case OpKind::Output: {
      auto it = outputs_.find(operands[0].index);
      if (it != outputs_.end() && n.payload.index < it->second.size())
        v = it->second[n.payload.index];
      break;
    }
    case OpKind::Load:
    case OpKind::Delay: // the history is the runtime's
      break;
    default: {
      double args[3] = {0, 0, 0};
      if (operands.size() > 3)
        break;
      bool known = true;
      for (size_t i = 0; i < operands.size() && known; ++i) {
        auto x = valueOf(operands[i]);
        known = x.has_value();
        args[i] = x.value_or(0);
      }
      if (known)
        v = evaluateOp(n.op, {args, operands.size()}, n.payload.index);
      break;
    }
    }
    value_[id.index] = v;
  }

  const ExprPool &pool_;
  const ValueSource &values_;
  const std::function<std::string(VarId)> &nameOf_;
  const std::function<std::string(uint32_t)> &functionName_;
  std::unordered_map<uint32_t, std::optional<double>> value_;
  std::unordered_map<uint32_t, std::vector<double>> outputs_;
};

} // namespace

NonFinite explainNonFinite(const ExprPool &pool, ExprId expr, const ValueSource &values,
                           const std::function<std::string(VarId)> &nameOf,
                           const std::function<std::string(uint32_t)> &functionName) {
  return Explainer(pool, values, nameOf, functionName).explain(expr);
}

} // namespace mocc::sym
