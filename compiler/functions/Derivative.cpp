// The forward-mode derivative of a lowered function, statement by statement
// (see Derivative.h). An assignment `s := e` becomes `ds := de; s := e`: the
// tangent first, so that it sees the values e saw (e may read s). When e
// calls functions, their derivatives give the values too, and both
// statements must use the same call: `tmp := e'; ds := de; s := tmp`, where
// e' is e with every call replaced by the call of its derivative.
#include "compiler/functions/Derivative.h"

#include "compiler/functions/ExprTangents.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace mocc::functions {

using flat::Statement;
using flat::StatementKind;
using sym::ExprId;
using sym::OpKind;
using sym::VarId;

namespace {

/// The same node with new operands.
ExprId rebuild(sym::ExprPool &pool, ExprId id, std::span<const ExprId> ops) {
  const sym::Node &node = pool.node(id);
  switch (node.op) {
  case OpKind::Constant:
  case OpKind::Variable:
  case OpKind::Time:
    return id;
  case OpKind::Call: return pool.call(node.payload.index, ops);
  case OpKind::Output: return pool.output(ops[0], node.payload.index);
  case OpKind::Load: return pool.load(node.payload.index, ops[0], ops[1]);
  case OpKind::Smooth: return pool.smooth(node.payload.index, ops[0]);
  case OpKind::IfElse: return pool.ifElse(ops[0], ops[1], ops[2]);
  case OpKind::Delay: return pool.delay(node.payload.index, ops[0], ops[1], ops[2]);
  default:
    return ops.size() == 1 ? pool.unary(node.op, ops[0]) : pool.binary(node.op, ops[0], ops[1]);
  }
}

Statement assignment(const Statement &origin, uint32_t slot, ExprId value) {
  Statement s;
  s.kind = StatementKind::Assign;
  s.loc = origin.loc;
  s.target = VarId{slot};
  s.value = value;
  return s;
}

/// Builds the derivative of one function.
class Differentiator {
public:
  Differentiator(const flat::Function &f, const CalleeDerivativeFn &callee);

  std::optional<flat::Function> run(diag::Message *error);

private:
  void declareSlots();
  bool isReal(uint32_t slot) const { return slot >= real_.size() || real_[slot]; }
  ExprId tangentOf(ExprId expr);
  ExprId primalOf(ExprId expr);
  ExprId knownPrimal(ExprId id) const;
  ExprId primalOfNode(ExprId id);
  ExprId derivativeCall(ExprId call);
  ExprId outputTangent(ExprId output);
  void fail(diag::Message message);
  void emitBody(const std::vector<Statement> &body, std::vector<Statement> &out);
  void emitStatement(const Statement &s, std::vector<Statement> &out);
  void emitAssign(const Statement &s, std::vector<Statement> &out);
  void emitAssignIndexed(const Statement &s, std::vector<Statement> &out);
  void emitLoadIndexed(const Statement &s, std::vector<Statement> &out);

  const flat::Function &f_;
  const CalleeDerivativeFn &callee_;
  flat::Function df_;
  uint32_t n_; ///< slots of f
  std::vector<bool> real_;
  ExprTangents tangents_;
  std::vector<ExprId> primal_; ///< per node: the node with derivative calls
  /// Per Call node of f: the call of the derivative and the callee's outputs.
  std::unordered_map<uint32_t, std::pair<ExprId, uint32_t>> derivativeCalls_;
  diag::Message error_;
};

Differentiator::Differentiator(const flat::Function &f, const CalleeDerivativeFn &callee)
    : f_(f), callee_(callee), n_(f.numSlots),
      tangents_(
          df_.pool,
          [this](VarId var) {
            return isReal(var.index) ? df_.pool.variable(VarId{n_ + var.index}) : df_.pool.zero();
          },
          [this](ExprId output) { return outputTangent(output); },
          [this](ExprId id) { return primalOf(id); }) {
  df_.pool = f.pool; // the ids of f stay valid in the derivative
  df_.cleanups = f.cleanups; // f's slots keep their numbers
}

/// The variables of f and their tangents, and the calling convention.
void Differentiator::declareSlots() {
  df_.name = f_.name + "$der"; // printed as the callee of a differentiated call
  df_.symbol = f_.symbol + "$der";
  df_.loc = f_.loc;
  df_.inlineRequested = f_.inlineRequested;
  df_.numSlots = 2 * n_;
  df_.variables = f_.variables;
  real_.assign(n_, true);
  for (const flat::FunctionVariable &v : f_.variables) {
    flat::FunctionVariable tangent = v;
    tangent.name = "der(" + v.name + ")";
    tangent.firstSlot = n_ + v.firstSlot;
    df_.variables.push_back(tangent);
    for (int64_t i = 0; i < v.count(); ++i) {
      if (v.firstSlot + i < n_)
        real_[v.firstSlot + i] = v.type == flat::TypeKind::Real;
    }
  }
  for (const std::vector<uint32_t> *slots : {&f_.inputSlots, &f_.outputSlots}) {
    std::vector<uint32_t> &to = slots == &f_.inputSlots ? df_.inputSlots : df_.outputSlots;
    to = *slots;
    for (uint32_t slot : *slots)
      to.push_back(n_ + slot);
  }
}

std::optional<flat::Function> Differentiator::run(diag::Message *error) {
  declareSlots();
  emitBody(f_.body, df_.body);
  if (!error_)
    return std::move(df_);
  if (error)
    *error = error_;
  return std::nullopt;
}

void Differentiator::fail(diag::Message message) {
  if (!error_)
    error_ = std::move(message);
}

ExprId Differentiator::tangentOf(ExprId expr) {
  ExprId tangent = tangents_.tangentOf(expr);
  if (!tangent.valid())
    fail({diag::DerivativeOfCallMissing, {f_.name}});
  return tangent.valid() ? tangent : df_.pool.zero();
}

ExprId Differentiator::knownPrimal(ExprId id) const {
  return id.index < primal_.size() ? primal_[id.index] : ExprId{};
}

/// `expr` with every call replaced by the call of the callee's derivative
/// (whose first outputs are the callee's outputs). Iterative, and pruned at
/// nodes already mapped: the tangent rules ask for every node they visit.
ExprId Differentiator::primalOf(ExprId root) {
  std::vector<std::pair<ExprId, uint32_t>> stack{{root, 0}};
  while (!stack.empty() && !knownPrimal(root).valid()) {
    auto [id, next] = stack.back();
    auto operands = df_.pool.operands(id);
    if (next < operands.size()) {
      ++stack.back().second;
      if (!knownPrimal(operands[next]).valid())
        stack.push_back({operands[next], 0});
      continue;
    }
    stack.pop_back();
    if (knownPrimal(id).valid())
      continue;
    ExprId result = primalOfNode(id);
    if (primal_.size() <= id.index)
      primal_.resize(df_.pool.size());
    primal_[id.index] = result;
  }
  return knownPrimal(root);
}

/// The primal node of a node whose operands are mapped.
ExprId Differentiator::primalOfNode(ExprId id) {
  if (df_.pool.op(id) == OpKind::Call) {
    ExprId derivative = derivativeCall(id);
    return derivative.valid() ? derivative : id; // the error is recorded
  }
  auto span = df_.pool.operands(id);
  std::vector<ExprId> operands(span.begin(), span.end());
  bool changed = false;
  for (ExprId &operand : operands) {
    ExprId mapped = knownPrimal(operand);
    changed = changed || mapped != operand;
    operand = mapped;
  }
  return changed ? rebuild(df_.pool, id, operands) : id;
}

/// g'(primal args, tangents of args) for a call g(args) of f; invalid (with
/// the error recorded) if g has no derivative.
ExprId Differentiator::derivativeCall(ExprId call) {
  if (auto known = derivativeCalls_.find(call.index); known != derivativeCalls_.end())
    return known->second.first;
  uint32_t callee = df_.pool.node(call).payload.index;
  std::optional<CalleeDerivative> derivative;
  if (callee_)
    derivative = callee_(callee);
  if (!derivative) {
    fail({diag::CalleeHasNoDerivative, {f_.name, callee}});
    return {};
  }
  std::vector<ExprId> args(df_.pool.operands(call).begin(), df_.pool.operands(call).end());
  std::vector<ExprId> newArgs;
  for (ExprId arg : args)
    newArgs.push_back(primalOf(arg));
  for (ExprId arg : args)
    newArgs.push_back(tangentOf(arg));
  ExprId result = df_.pool.call(derivative->function, newArgs);
  derivativeCalls_[call.index] = {result, derivative->numOutputs};
  return result;
}

/// The tangent of output k of g(args): output numOutputs(g) + k of g'.
ExprId Differentiator::outputTangent(ExprId output) {
  ExprId call = df_.pool.operand(output, 0);
  uint32_t k = df_.pool.node(output).payload.index;
  ExprId derivative = derivativeCall(call);
  if (!derivative.valid())
    return {};
  return df_.pool.output(derivative, derivativeCalls_[call.index].second + k);
}

void Differentiator::emitBody(const std::vector<Statement> &body, std::vector<Statement> &out) {
  for (const Statement &s : body)
    emitStatement(s, out);
}

void Differentiator::emitStatement(const Statement &s, std::vector<Statement> &out) {
  switch (s.kind) {
  case StatementKind::Assign: return emitAssign(s, out);
  case StatementKind::AssignIndexed: return emitAssignIndexed(s, out);
  case StatementKind::LoadIndexed: return emitLoadIndexed(s, out);
  case StatementKind::If:
  case StatementKind::While:
  case StatementKind::For: {
    Statement copy = s;
    copy.body.clear();
    copy.elseBody.clear();
    emitBody(s.body, copy.body);
    emitBody(s.elseBody, copy.elseBody);
    out.push_back(std::move(copy));
    return;
  }
  case StatementKind::Assert:
    // A warning is left to the function itself: its derivative runs where
    // it ran (a JVP at the point of its kernel) and would repeat it.
    if (s.level == 1)
      out.push_back(s);
    return;
  case StatementKind::Break:
  case StatementKind::Return:
    out.push_back(s);
    return;
  case StatementKind::Call:
    // Left to the function itself too: the derivative runs where the
    // function ran, and the call has no output to differentiate.
    return;
  }
}

void Differentiator::emitAssign(const Statement &s, std::vector<Statement> &out) {
  uint32_t target = s.target.index;
  if (!isReal(target)) {
    out.push_back(s);
    return;
  }
  ExprId tangent = tangentOf(s.value);
  ExprId primal = primalOf(s.value);
  if (primal == s.value) {
    out.push_back(assignment(s, n_ + target, tangent));
    out.push_back(s);
    return;
  }
  uint32_t temporary = df_.numSlots++;
  out.push_back(assignment(s, temporary, primal));
  out.push_back(assignment(s, n_ + target, tangent));
  out.push_back(assignment(s, target, df_.pool.variable(VarId{temporary})));
}

void Differentiator::emitAssignIndexed(const Statement &s, std::vector<Statement> &out) {
  if (!isReal(s.firstSlot)) {
    out.push_back(s);
    return;
  }
  Statement tangent = s;
  tangent.firstSlot = n_ + s.firstSlot;
  tangent.value = tangentOf(s.value);
  ExprId primal = primalOf(s.value);
  if (primal == s.value) {
    out.push_back(tangent);
    out.push_back(s);
    return;
  }
  uint32_t temporary = df_.numSlots++;
  out.push_back(assignment(s, temporary, primal));
  out.push_back(tangent);
  Statement store = s;
  store.value = df_.pool.variable(VarId{temporary});
  out.push_back(store);
}

void Differentiator::emitLoadIndexed(const Statement &s, std::vector<Statement> &out) {
  uint32_t target = s.target.index;
  if (isReal(target) && isReal(s.firstSlot)) {
    Statement tangent = s;
    tangent.target = VarId{n_ + target};
    tangent.firstSlot = n_ + s.firstSlot;
    out.push_back(tangent);
  } else if (isReal(target)) {
    out.push_back(assignment(s, n_ + target, df_.pool.zero()));
  }
  out.push_back(s);
}

/// The tangents of an external function without a derivative annotation,
/// by a forward difference along the direction (as tools do for numerical
/// Jacobians): dy = (f(x + h dx) - f(x)) / h over the Real inputs, with h =
/// 1.5e-8 (1 + |x|) / |dx|; exactly zero when dx is zero (the common case
/// of arguments that vary only with time or at events).
flat::Function finiteDifference(flat::Function &df, const flat::Function &f, uint32_t index,
                                const std::vector<ExprId> &primal) {
  sym::ExprPool &pool = df.pool;
  auto nIn = static_cast<uint32_t>(f.inputSlots.size());
  auto nOut = static_cast<uint32_t>(f.outputSlots.size());
  std::vector<bool> realInput(nIn, false), realOutput(nOut, false);
  for (const flat::FunctionVariable &v : f.variables)
    for (int64_t e = 0; e < v.count(); ++e) {
      const std::vector<uint32_t> &slots =
          v.kind == flat::FunctionVariable::Kind::Input ? f.inputSlots : f.outputSlots;
      auto it = std::find(slots.begin(), slots.end(), v.firstSlot + static_cast<uint32_t>(e));
      if (v.kind == flat::FunctionVariable::Kind::Protected || it == slots.end())
        continue;
      auto at = static_cast<size_t>(it - slots.begin());
      (v.kind == flat::FunctionVariable::Kind::Input ? realInput : realOutput)[at] =
          v.type == flat::TypeKind::Real;
    }
  ExprId direction = pool.zero(), size = pool.zero();
  for (uint32_t i = 0; i < nIn; ++i)
    if (realInput[i]) {
      ExprId dx = pool.variable(VarId{nIn + i});
      direction = pool.add(direction, pool.mul(dx, dx));
      size = pool.add(size, pool.mul(primal[i], primal[i]));
    }
  ExprId h = pool.div(pool.mul(pool.constant(1.5e-8), pool.add(pool.one(), pool.unary(OpKind::Sqrt, size))),
                      pool.unary(OpKind::Sqrt, direction));
  std::vector<ExprId> shifted = primal;
  for (uint32_t i = 0; i < nIn; ++i)
    if (realInput[i])
      shifted[i] = pool.add(primal[i], pool.mul(h, pool.variable(VarId{nIn + i})));
  ExprId base = pool.call(index, primal), moved = pool.call(index, shifted);
  ExprId still = pool.binary(OpKind::Equal, direction, pool.zero());
  flat::Statement origin;
  origin.loc = f.loc;
  for (uint32_t k = 0; k < nOut; ++k)
    if (realOutput[k]) {
      ExprId difference = pool.div(pool.sub(pool.output(moved, k), pool.output(base, k)), h);
      df.body.push_back(assignment(origin, 2 * nIn + nOut + k, pool.ifElse(still, pool.zero(), difference)));
    }
  return std::move(df);
}

/// The forward derivative of the external function `index` (whose body
/// cannot be differentiated): (y, dy) with y = f(x) and dy from the
/// function of its `derivative` annotation on x and the tangents of the
/// inputs that are neither noDerivative nor zeroDerivative; without one,
/// by finite differences. Nothing with `error` set if the annotation's
/// function does not fit.
std::optional<flat::Function> externalDerivative(std::span<const flat::Function> table,
                                                 uint32_t index, diag::Message *error) {
  const flat::Function &f = table[index];
  auto fail = [&](diag::Message message) -> std::optional<flat::Function> {
    if (error)
      *error = std::move(message);
    return std::nullopt;
  };
  const flat::DerivativeInfo *info = nullptr;
  for (const flat::DerivativeInfo &d : f.derivatives)
    if (d.order == 1 && d.function < table.size())
      info = &d;
  auto nIn = static_cast<uint32_t>(f.inputSlots.size());
  auto nOut = static_cast<uint32_t>(f.outputSlots.size());
  flat::Function df;
  df.name = f.name + "$der";
  df.symbol = f.symbol + "$der";
  df.loc = f.loc;
  df.numSlots = 2 * (nIn + nOut);
  for (uint32_t i = 0; i < 2 * nIn; ++i)
    df.inputSlots.push_back(i);
  for (uint32_t i = 0; i < 2 * nOut; ++i)
    df.outputSlots.push_back(2 * nIn + i);
  df.variables.push_back({flat::FunctionVariable::Kind::Input, "in", flat::TypeKind::Real,
                          {int64_t{2 * nIn}}, 0});
  df.variables.push_back({flat::FunctionVariable::Kind::Output, "out", flat::TypeKind::Real,
                          {int64_t{2 * nOut}}, 2 * nIn});
  std::vector<ExprId> primal;
  for (uint32_t i = 0; i < nIn; ++i)
    primal.push_back(df.pool.variable(VarId{i}));
  ExprId value = df.pool.call(index, primal);
  flat::Statement origin;
  origin.loc = f.loc;
  for (uint32_t k = 0; k < nOut; ++k)
    df.body.push_back(assignment(origin, 2 * nIn + k, df.pool.output(value, k)));
  if (!info)
    return finiteDifference(df, f, index, primal);
  // The derivative's inputs: f's inputs, then the tangents of the
  // differentiated ones (by variable, in order).
  std::vector<ExprId> args = primal;
  uint32_t position = 0;
  for (const flat::FunctionVariable &v : f.variables) {
    if (v.kind != flat::FunctionVariable::Kind::Input)
      continue;
    auto listed = [&](const std::vector<std::string> &names) {
      return std::find(names.begin(), names.end(), v.name) != names.end();
    };
    bool skipped = listed(info->noDerivative) || listed(info->zeroDerivative) ||
                   v.type != flat::TypeKind::Real; // only Real inputs have derivatives
    for (int64_t e = 0; e < v.count(); ++e, ++position)
      if (!skipped)
        args.push_back(df.pool.variable(VarId{nIn + position}));
  }
  const flat::Function &d = table[info->function];
  if (d.inputSlots.size() != args.size() || d.outputSlots.size() > nOut)
    return fail({diag::ExternalDerivativeDoesNotFit, {d.name, f.name}});
  ExprId tangent = df.pool.call(info->function, args);
  uint32_t k = 0;
  for (const flat::FunctionVariable &v : f.variables) { // d's outputs: the Real outputs' derivatives
    if (v.kind != flat::FunctionVariable::Kind::Output)
      continue;
    for (int64_t e = 0; e < v.count(); ++e)
      if (v.type == flat::TypeKind::Real && k < d.outputSlots.size()) {
        uint32_t slot = v.firstSlot; // position of this output among f's outputs
        auto it = std::find(f.outputSlots.begin(), f.outputSlots.end(), slot + e);
        auto at = static_cast<uint32_t>(it - f.outputSlots.begin());
        df.body.push_back(assignment(origin, 2 * nIn + nOut + at, df.pool.output(tangent, k++)));
      }
  }
  return df;
}

} // namespace

std::optional<flat::Function> differentiateFunction(const flat::Function &f,
                                                    const CalleeDerivativeFn &callee,
                                                    diag::Message *error) {
  if (f.external) {
    if (error)
      *error = {diag::ExternalNotDifferentiableByBody, {f.name}};
    return std::nullopt;
  }
  return Differentiator(f, callee).run(error);
}

/// Appends a placeholder for the derivative of `index` and of every function
/// it reaches through calls that has none yet; returns the functions whose
/// derivatives were reserved, or none at all (with `error` set, the table
/// as it was) for a call of a function that is not in the table.
std::vector<uint32_t> DerivativeTable::reserveDerivatives(uint32_t index, diag::Message *error) {
  auto tableSize = static_cast<uint32_t>(functions_.size());
  std::vector<uint32_t> reserved;
  std::deque<uint32_t> queue{index};
  while (!queue.empty()) {
    uint32_t f = queue.front();
    queue.pop_front();
    if (functions_[f].forwardDerivative != UINT32_MAX)
      continue;
    functions_[f].forwardDerivative = static_cast<uint32_t>(functions_.size());
    reserved.push_back(f);
    functions_.emplace_back();
    const sym::ExprPool &pool = functions_[f].pool;
    for (uint32_t i = 0; i < pool.size(); ++i) {
      if (pool.op(ExprId{i}) != OpKind::Call)
        continue;
      uint32_t callee = pool.node(ExprId{i}).payload.index;
      if (callee < tableSize) {
        queue.push_back(callee);
        continue;
      }
      if (error)
        *error = {diag::CalleeNotInTable, {functions_[f].name, callee}};
      for (uint32_t r : reserved)
        functions_[r].forwardDerivative = UINT32_MAX;
      functions_.resize(tableSize);
      return {};
    }
  }
  return reserved;
}

std::optional<uint32_t> DerivativeTable::derivativeOf(uint32_t index, diag::Message *error) {
  if (index >= functions_.size()) {
    if (error)
      *error = {diag::NoFunctionInTable, {index}};
    return std::nullopt;
  }
  if (functions_[index].forwardDerivative != UINT32_MAX)
    return functions_[index].forwardDerivative;
  std::vector<uint32_t> reserved = reserveDerivatives(index, error);
  if (reserved.empty())
    return std::nullopt;
  CalleeDerivativeFn callee = [&](uint32_t g) -> std::optional<CalleeDerivative> {
    const flat::Function &function = functions_[g];
    if (function.forwardDerivative == UINT32_MAX)
      return std::nullopt;
    return CalleeDerivative{function.forwardDerivative,
                            static_cast<uint32_t>(function.outputSlots.size())};
  };
  for (uint32_t f : reserved) {
    auto derivative = functions_[f].external ? externalDerivative(functions_, f, error)
                                             : differentiateFunction(functions_[f], callee, error);
    if (!derivative)
      return std::nullopt;
    functions_[functions_[f].forwardDerivative] = std::move(*derivative);
  }
  return functions_[index].forwardDerivative;
}

} // namespace mocc::functions
