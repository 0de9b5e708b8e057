// Implementation of the translation-time interpreter; see Evaluate.h.
#include "compiler/flat/Evaluate.h"

#include <cmath>
#include <unordered_map>

namespace mocc::flat {

namespace {

constexpr int kMaxDepth = 200;            ///< nested calls (recursion)
constexpr int64_t kMaxSteps = 10'000'000; ///< statements and loop iterations

} // namespace

/// One activation: the pool its expressions live in, a function's slots
/// (none for a model expression), and memoized node values. Slots change
/// with every assignment, so the memo only lives for one expression.
struct FunctionInterpreter::Frame {
  const sym::ExprPool *pool = nullptr;
  const Function *function = nullptr; ///< null for a model expression
  std::vector<double> slots;
  const std::function<std::optional<double>(sym::VarId)> *valueOf = nullptr;
  std::unordered_map<uint32_t, std::vector<double>> calls; ///< by Call node
  std::unordered_map<uint32_t, double> memo;
};

bool FunctionInterpreter::step(const Function *f) {
  if (++steps_ <= kMaxSteps)
    return true;
  failure_ = "the evaluation of `" + (f ? f->name : std::string("an expression")) +
             "` takes more than " + std::to_string(kMaxSteps) + " steps";
  return false;
}

std::optional<std::vector<double>> FunctionInterpreter::call(uint32_t index,
                                                              std::span<const double> args) {
  if (index >= functions_.size())
    return std::nullopt;
  const Function &f = functions_[index];
  if (args.size() != f.inputSlots.size())
    return std::nullopt;
  if (f.impure) { // what it does belongs to the run
    failure_ = "`" + f.name + "` is impure, and is not called while translating";
    return std::nullopt;
  }
  if (f.external) { // C code runs natively, or only with the compiled model
    if (!native_) {
      failure_ = "`" + f.name + "` is an external function, which is not called while translating";
      return std::nullopt;
    }
    diag::Message why;
    auto outputs = native_->call(functions_, index, args, why);
    if (!outputs)
      failure_ = "`" + f.name + "` failed while translating: " + why.text();
    return outputs;
  }
  if (depth_ >= kMaxDepth) {
    failure_ = "the calls of `" + f.name + "` nest more than " + std::to_string(kMaxDepth) +
               " deep";
    return std::nullopt;
  }
  Frame frame;
  frame.pool = &f.pool;
  frame.function = &f;
  frame.slots.assign(f.numSlots, 0.0);
  for (size_t i = 0; i < args.size(); ++i)
    frame.slots[f.inputSlots[i]] = args[i];
  ++depth_;
  Flow flow = run(f.body, frame);
  --depth_;
  if (flow == Flow::Fail)
    return std::nullopt;
  std::vector<double> outputs;
  outputs.reserve(f.outputSlots.size());
  for (uint32_t slot : f.outputSlots)
    outputs.push_back(frame.slots[slot]);
  return outputs;
}

std::optional<double>
FunctionInterpreter::evaluate(const sym::ExprPool &pool, sym::ExprId expr,
                              const std::function<std::optional<double>(sym::VarId)> &valueOf) {
  Frame frame;
  frame.pool = &pool;
  frame.valueOf = &valueOf;
  steps_ = 0;
  failure_.clear();
  return value(expr, frame);
}

FunctionInterpreter::Flow FunctionInterpreter::run(const std::vector<Statement> &body,
                                                   Frame &frame) {
  auto eval = [&](sym::ExprId e) {
    frame.memo.clear();
    frame.calls.clear();
    return value(e, frame);
  };
  auto index = [&](const Statement &s) -> std::optional<uint32_t> {
    auto k = eval(s.index);
    if (!k || !(*k >= 0) || *k >= s.size)
      return std::nullopt; // out of bounds: the generated code would fail too
    return s.firstSlot + static_cast<uint32_t>(*k);
  };
  for (const Statement &s : body) {
    if (!step(frame.function))
      return Flow::Fail;
    switch (s.kind) {
    case StatementKind::Assign: {
      auto v = eval(s.value);
      if (!v)
        return Flow::Fail;
      frame.slots[s.target.index] = *v;
      break;
    }
    case StatementKind::AssignIndexed: {
      auto slot = index(s);
      auto v = slot ? eval(s.value) : std::nullopt;
      if (!v)
        return Flow::Fail;
      frame.slots[*slot] = *v;
      break;
    }
    case StatementKind::LoadIndexed: {
      auto slot = index(s);
      if (!slot)
        return Flow::Fail;
      frame.slots[s.target.index] = frame.slots[*slot];
      break;
    }
    case StatementKind::If: {
      auto c = eval(s.condition);
      if (!c)
        return Flow::Fail;
      Flow flow = run(*c != 0 ? s.body : s.elseBody, frame);
      if (flow != Flow::Next)
        return flow;
      break;
    }
    case StatementKind::While:
      for (;;) {
        auto c = eval(s.condition);
        if (!c || !step(frame.function))
          return Flow::Fail;
        if (*c == 0)
          break;
        Flow flow = run(s.body, frame);
        if (flow == Flow::Break)
          break;
        if (flow != Flow::Next)
          return flow;
      }
      break;
    case StatementKind::For: {
      auto start = eval(s.start), stepSize = eval(s.step), stop = eval(s.stop);
      if (!start || !stepSize || !stop)
        return Flow::Fail;
      double quotient = (*stop - *start) / *stepSize;
      double count = *stepSize != 0 && quotient >= 0 ? std::floor(quotient) + 1 : 0;
      for (double k = 0; k < count; ++k) {
        if (!step(frame.function))
          return Flow::Fail;
        frame.slots[s.target.index] = *start + k * *stepSize;
        Flow flow = run(s.body, frame);
        if (flow == Flow::Break)
          break;
        if (flow != Flow::Next)
          return flow;
      }
      break;
    }
    case StatementKind::Break:
      return Flow::Break;
    case StatementKind::Return:
      return Flow::Return;
    case StatementKind::Call:
      if (!effect(s.value, frame))
        return Flow::Fail;
      break;
    case StatementKind::Assert: {
      auto c = eval(s.condition);
      if (!c)
        return Flow::Fail;
      if (*c == 0 && s.level == 1) {
        failure_ = "an assert in `" + (frame.function ? frame.function->name : std::string()) +
                   "` fails";
        return Flow::Fail;
      }
      break;
    }
    }
  }
  return Flow::Next;
}

/// A call statement's effect (CallEffect in FlatModel.h): the call, for
/// its asserts, or the branch of an if-expression that its condition
/// selects. False if the call fails.
bool FunctionInterpreter::effect(sym::ExprId e, Frame &frame) {
  const sym::ExprPool &pool = *frame.pool;
  frame.memo.clear();
  frame.calls.clear();
  switch (pool.op(e)) {
  case sym::OpKind::Constant:
    return true;
  case sym::OpKind::IfElse: {
    auto c = value(pool.operand(e, 0), frame);
    return c && effect(pool.operand(e, *c != 0 ? 1 : 2), frame);
  }
  case sym::OpKind::Call: {
    std::vector<double> args;
    for (sym::ExprId a : pool.operands(e)) {
      auto v = value(a, frame);
      if (!v)
        return false;
      args.push_back(*v);
    }
    return call(pool.node(e).payload.index, args).has_value();
  }
  default:
    return false;
  }
}

/// A post-order over the DAG on a stack of its own (a sum of many terms is
/// as deep as it is long): an entry pushes its operands (stage 0), then
/// computes its value from theirs (stage 1). An if-expression evaluates its
/// condition, then only the branch taken (stage 2), so recursion ends.
/// Values are memoized per node; the first failure ends the evaluation.
std::optional<double> FunctionInterpreter::value(sym::ExprId root, Frame &frame) {
  const sym::ExprPool &pool = *frame.pool;
  std::vector<std::pair<sym::ExprId, uint8_t>> stack{{root, 0}};
  auto push = [&](sym::ExprId child) {
    if (!frame.memo.count(child.index))
      stack.push_back({child, 0});
  };
  while (!stack.empty()) {
    auto [id, stage] = stack.back();
    if (frame.memo.count(id.index)) {
      stack.pop_back();
      continue;
    }
    const sym::Node &n = pool.node(id);
    auto operands = pool.operands(id);
    if (stage == 0 && n.op != sym::OpKind::Constant && n.op != sym::OpKind::Variable &&
        n.op != sym::OpKind::Time) {
      stack.back().second = 1;
      if (n.op == sym::OpKind::IfElse || n.op == sym::OpKind::Load) {
        push(operands[0]);
      } else if (n.op != sym::OpKind::Call || !frame.calls.count(id.index)) {
        for (size_t i = operands.size(); i-- > 0;)
          push(operands[i]);
      }
      continue;
    }
    if (n.op == sym::OpKind::IfElse && stage == 1) {
      stack.back().second = 2;
      push(operands[frame.memo.at(operands[0].index) != 0 ? 1 : 2]);
      continue;
    }
    auto result = computeNode(id, frame);
    if (!result)
      return std::nullopt;
    frame.memo.emplace(id.index, *result);
    stack.pop_back();
  }
  return frame.memo.at(root.index);
}

/// The value of a node whose operands (the branch taken, for an `if`) have
/// their values in the memo.
std::optional<double> FunctionInterpreter::computeNode(sym::ExprId id, Frame &frame) {
  const sym::ExprPool &pool = *frame.pool;
  const sym::Node &n = pool.node(id);
  auto operands = pool.operands(id);
  auto operand = [&](size_t i) { return frame.memo.at(operands[i].index); };
  switch (n.op) {
  case sym::OpKind::Constant:
    return n.payload.value;
  case sym::OpKind::Variable:
    if (frame.function) {
      if (n.payload.index >= frame.slots.size())
        return std::nullopt;
      return frame.slots[n.payload.index];
    }
    return (*frame.valueOf)(sym::VarId{n.payload.index});
  case sym::OpKind::Time:
    return std::nullopt;
  case sym::OpKind::Load: {
    double k = operand(0);
    auto size = pool.constantValue(operands[1]);
    if (!size || !frame.function || !(k >= 0) || k >= *size)
      return std::nullopt;
    uint32_t slot = n.payload.index + static_cast<uint32_t>(k);
    if (slot >= frame.slots.size())
      return std::nullopt;
    return frame.slots[slot];
  }
  case sym::OpKind::IfElse:
    return operand(operand(0) != 0 ? 1 : 2);
  case sym::OpKind::Call: {
    auto it = frame.calls.find(id.index);
    if (it == frame.calls.end()) {
      std::vector<double> args;
      for (size_t i = 0; i < operands.size(); ++i)
        args.push_back(operand(i));
      auto outputs = call(n.payload.index, args);
      if (!outputs)
        return std::nullopt;
      it = frame.calls.emplace(id.index, std::move(*outputs)).first;
    }
    if (it->second.empty())
      return std::nullopt;
    return it->second[0];
  }
  case sym::OpKind::Output: {
    auto it = frame.calls.find(operands[0].index);
    if (it == frame.calls.end() || n.payload.index >= it->second.size())
      return std::nullopt;
    return it->second[n.payload.index];
  }
  default: {
    double args[3] = {0, 0, 0};
    if (operands.size() > 3)
      return std::nullopt;
    for (size_t i = 0; i < operands.size(); ++i)
      args[i] = operand(i);
    return sym::evaluateOp(n.op, {args, operands.size()}, n.payload.index);
  }
  }
}

} // namespace mocc::flat
