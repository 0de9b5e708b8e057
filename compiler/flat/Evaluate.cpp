// Implementation of the translation-time interpreter; see Evaluate.h.
#include "compiler/flat/Evaluate.h"

#include <cmath>
#include <unordered_map>

namespace mocc::flat {

namespace {

constexpr int kMaxDepth = 200;            ///< nested calls (recursion)
constexpr int64_t kMaxSteps = 10'000'000; ///< statements and loop iterations
constexpr int kMaxNesting = 20'000;       ///< expression depth (recursion of value())

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
    std::string why;
    auto outputs = native_->call(functions_, index, args, why);
    if (!outputs)
      failure_ = "`" + f.name + "` failed while translating: " + why;
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
    case StatementKind::Call: { // called again each time, whatever it returned before
      std::vector<double> args;
      for (sym::ExprId a : frame.pool->operands(s.value)) {
        auto v = eval(a);
        if (!v)
          return Flow::Fail;
        args.push_back(*v);
      }
      if (!call(frame.pool->node(s.value).payload.index, args))
        return Flow::Fail;
      break;
    }
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

std::optional<double> FunctionInterpreter::value(sym::ExprId id, Frame &frame) {
  if (auto it = frame.memo.find(id.index); it != frame.memo.end())
    return it->second;
  struct Nesting {
    int &n;
    explicit Nesting(int &n) : n(++n) {}
    ~Nesting() { --n; }
  } nesting(nesting_);
  if (nesting_ > kMaxNesting) {
    failure_ = "an expression is nested too deeply to evaluate while translating";
    return std::nullopt;
  }
  const sym::ExprPool &pool = *frame.pool;
  const sym::Node &n = pool.node(id);
  auto operands = pool.operands(id);
  std::optional<double> result;
  switch (n.op) {
  case sym::OpKind::Constant:
    return n.payload.value;
  case sym::OpKind::Variable:
    if (frame.function) {
      if (n.payload.index >= frame.slots.size())
        return std::nullopt;
      return frame.slots[n.payload.index];
    }
    result = (*frame.valueOf)(sym::VarId{n.payload.index});
    break;
  case sym::OpKind::Time:
    return std::nullopt;
  case sym::OpKind::Load: {
    auto k = value(operands[0], frame);
    auto size = pool.constantValue(operands[1]);
    if (!k || !size || !frame.function || !(*k >= 0) || *k >= *size)
      return std::nullopt;
    uint32_t slot = n.payload.index + static_cast<uint32_t>(*k);
    if (slot >= frame.slots.size())
      return std::nullopt;
    return frame.slots[slot];
  }
  case sym::OpKind::IfElse: {
    auto c = value(operands[0], frame);
    if (!c)
      return std::nullopt;
    result = value(operands[*c != 0 ? 1 : 2], frame);
    break;
  }
  case sym::OpKind::Call:
  case sym::OpKind::Output: {
    sym::ExprId callId = n.op == sym::OpKind::Call ? id : operands[0];
    auto it = frame.calls.find(callId.index);
    if (it == frame.calls.end()) {
      std::vector<double> args;
      for (sym::ExprId a : pool.operands(callId)) {
        auto v = value(a, frame);
        if (!v)
          return std::nullopt;
        args.push_back(*v);
      }
      auto outputs = call(pool.node(callId).payload.index, args);
      if (!outputs)
        return std::nullopt;
      it = frame.calls.emplace(callId.index, std::move(*outputs)).first;
    }
    uint32_t k = n.op == sym::OpKind::Output ? n.payload.index : 0;
    if (k >= it->second.size())
      return std::nullopt;
    result = it->second[k];
    break;
  }
  default: {
    double args[3] = {0, 0, 0};
    if (operands.size() > 3)
      return std::nullopt;
    for (size_t i = 0; i < operands.size(); ++i) {
      auto v = value(operands[i], frame);
      if (!v)
        return std::nullopt;
      args[i] = *v;
    }
    result = sym::evaluateOp(n.op, {args, operands.size()}, n.payload.index);
    break;
  }
  }
  if (result)
    frame.memo.emplace(id.index, *result);
  return result;
}

} // namespace mocc::flat
