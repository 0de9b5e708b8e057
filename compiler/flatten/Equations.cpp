// Lowering of equations (MLS chapter 8): an equation between arrays becomes
// one scalar equation per element, for-equations are unrolled, and
// if-equations with parameter conditions keep only the selected branch;
// if-equations with varying conditions become equations between
// if-expressions (each branch must then have the same number of equations).
#include "compiler/flatten/Flattener.h"

#include "compiler/ast/ASTPrinter.h"

#include <unordered_map>
#include <unordered_set>

namespace mocc::flattening {

using sym::ExprId;

/// Reports it if the two sides of an equation have incompatible types (MLS
/// 8.3.1: Real and Integer mix; Booleans, Strings and each enumeration only
/// with themselves); true if it did.
static bool reportEquationTypeError(Diagnostics &diags, SourceRange range, const Value &lhs,
                                    const Value &rhs) {
  if (lhs.isRecord || rhs.isRecord)
    return false;
  auto numeric = [](const Value &v) {
    return v.type == ElementType::Real || v.type == ElementType::Integer;
  };
  if (numeric(lhs) && numeric(rhs))
    return false;
  if (lhs.type == rhs.type &&
      (lhs.type != ElementType::Enumeration || lhs.recordName.empty() || rhs.recordName.empty() ||
       lhs.recordName == rhs.recordName))
    return false;
  auto name = [](const Value &v) {
    return v.type == ElementType::Enumeration && !v.recordName.empty()
               ? v.recordName
               : std::string(flat::typeName(v.type));
  };
  diags.report(diag::EquationTypeMismatch, range, {name(lhs), name(rhs)});
  return true;
}

/// Lowers the equations of one branch into `out` (used for if-equations
/// whose condition varies, which need the equations as residual pairs). The
/// calls and asserts of the branch apply only where `guard` holds.
static void collect(Flattener &f, const std::vector<ast::EquationPtr> &body, Scope scope,
                    bool initial, ExprId guard, std::vector<flat::Equation> &out) {
  auto &target = initial ? f.model().initialEquations : f.model().equations;
  size_t before = target.size();
  size_t calls = f.model().calls.size(), assertions = f.model().assertions.size();
  for (const auto &eq : body)
    f.lowerEquation(*eq, scope, initial);
  out.assign(target.begin() + before, target.end());
  target.resize(before);
  if (!initial) // the array equations among the equations taken out are no longer there
    f.dropArrayEquationsFrom(before);
  sym::ExprPool &pool = f.pool();
  for (size_t k = calls; k < f.model().calls.size(); ++k)
    f.model().calls[k].call = pool.ifElse(guard, f.model().calls[k].call, pool.zero());
  for (size_t k = assertions; k < f.model().assertions.size(); ++k) {
    ExprId &condition = f.model().assertions[k].condition;
    condition = pool.binary(sym::OpKind::Or, pool.unary(sym::OpKind::Not, guard), condition);
  }
}

/// (a, , b) = f(x): each output of the call equals its target.
void Flattener::lowerTupleEquation(const ast::TupleExpr &lhs, const ast::Expr &rhs, Scope scope,
                                   bool initial, SourceRange loc) {
  const auto *call = ast::dynCast<ast::CallExpr>(&rhs);
  if (!call) {
    diags_.report(diag::TupleEquationNotCall, rhs.range);
    return;
  }
  auto outputs = lowerCallOutputs(*call, scope);
  if (!outputs)
    return;
  if (lhs.elements.size() > outputs->size()) {
    diags_.report(diag::OutputCountMismatch, loc,
                  {std::to_string(outputs->size()), std::to_string(lhs.elements.size())});
    return;
  }
  auto &target = initial ? model_.initialEquations : model_.equations;
  for (size_t i = 0; i < lhs.elements.size(); ++i) {
    if (!lhs.elements[i])
      continue;
    auto value = lower(*lhs.elements[i], scope);
    if (!value)
      return;
    if (!sameStructure(*value, (*outputs)[i])) {
      diags_.report(diag::OutputTargetMismatch, lhs.elements[i]->range,
                    {std::to_string(i + 1), describe((*outputs)[i]), describe(*value)});
      return;
    }
    std::vector<ExprId> left, right;
    appendScalars(*value, left);
    appendScalars((*outputs)[i], right);
    for (size_t k = 0; k < left.size(); ++k)
      target.push_back({left[k], right[k], loc,
                        initial ? flat::EquationOriginKind::Initial : flat::EquationOriginKind::Equation, 0});
  }
}

/// assert(condition, message): a condition on parameters only is decided
/// now, and a violation is reported at the modification that set the
/// parameter (the user's line), with a note at the assert.
std::vector<flat::MessagePart> Flattener::messageParts(const ast::Expr &e, Scope scope) {
  // A String input of an assert-only function being expanded: its argument,
  // lowered where the call is (the caller's frames, not the callee's).
  if (const auto *ref = ast::dynCast<ast::RefExpr>(&e); ref && !messageArguments.empty() &&
                                                        !ref->global && ref->parts.size() == 1 &&
                                                        ref->parts[0].subscripts.empty()) {
    inst::Found found = inst_.lookupFirst(ref->parts[0].name, scope);
    for (size_t k = messageArguments.size(); k-- > 0;) {
      if (found.kind != inst::Found::Kind::Component || found.instance != messageArguments[k].input)
        continue;
      MessageArgument argument = messageArguments[k];
      std::vector<FunctionFrame *> inner(
          frames.begin() + static_cast<std::ptrdiff_t>(argument.frames), frames.end());
      std::vector<MessageArgument> outer(messageArguments.begin() + static_cast<std::ptrdiff_t>(k),
                                         messageArguments.end());
      frames.resize(argument.frames);
      messageArguments.resize(k);
      auto parts = messageParts(*argument.arg, argument.scope);
      messageArguments.insert(messageArguments.end(), outer.begin(), outer.end());
      frames.insert(frames.end(), inner.begin(), inner.end());
      return parts;
    }
  }
  if (const auto *b = ast::dynCast<ast::BinaryExpr>(&e); b && b->op == ast::BinaryOpKind::Add) {
    // "a" + String(x) + ...: a chain of left operands, gathered in a loop.
    std::vector<const ast::Expr *> terms;
    const ast::Expr *x = &e;
    for (; b && b->op == ast::BinaryOpKind::Add; b = ast::dynCast<ast::BinaryExpr>(x)) {
      terms.push_back(b->rhs.get());
      x = b->lhs.get();
    }
    terms.push_back(x);
    std::vector<flat::MessagePart> parts;
    for (size_t i = terms.size(); i-- > 0;) {
      auto term = messageParts(*terms[i], scope);
      parts.insert(parts.end(), term.begin(), term.end());
    }
    return parts;
  }
  if (const auto *c = ast::dynCast<ast::CallExpr>(&e);
      c && c->callee->str() == "String" && !c->args.empty()) {
    auto v = lower(*c->args[0], scope);
    if (v && v->isScalar() && !v->isString() && !v->isRecord)
      return {{"", v->elements[0], v->type}};
  }
  auto v = lower(e, scope);
  if (v && v->isString() && v->isScalar() && v->strings.empty() && v->elements.size() == 1)
    return {{"", v->elements[0], ElementType::String}}; // known at run time (in a function)
  if (v && v->isString() && v->isScalar()) // a String without a value is ""
    return {{v->strings.empty() ? std::string() : v->strings[0], {}, ElementType::String}};
  return {{ast::toString(e), {}, ElementType::String}};
}

void Flattener::lowerAssert(const ast::CallExpr &call, Scope scope, SourceRange loc,
                            flat::WhenBranch *branch, ExprId guard) {
  const ast::Expr *condition = call.args.empty() ? nullptr : call.args[0].get();
  for (const ast::NamedArgument &named : call.namedArgs)
    if (named.name == "condition")
      condition = named.value.get();
  if (!condition) {
    diags_.report(diag::AssertNeedsCondition, loc);
    return;
  }
  auto c = lower(*condition, scope);
  if (!c)
    return;
  if (!c->isScalar() || c->type != ElementType::Boolean || c->isRecord) {
    diags_.report(diag::AssertConditionNotBoolean, condition->range);
    return;
  }
  ExprId holds = c->elements[0];
  if (guard.valid())
    holds = pool_->binary(sym::OpKind::Or, pool_->unary(sym::OpKind::Not, guard), holds);
  auto value = evaluate(holds);
  if (!value || (*value == 0 && branch)) {
    // Checked while the model runs (also `assert(false, ...)` in a
    // when-branch, or under an if whose condition is known only at run
    // time: the MSL's RealFFT when too few samples were taken at terminal()).
    flat::Assertion a;
    a.condition = holds;
    a.loc = loc;
    const ast::Expr *text = call.args.size() > 1 ? call.args[1].get() : nullptr;
    const ast::Expr *level = call.args.size() > 2 ? call.args[2].get() : nullptr;
    for (const ast::NamedArgument &named : call.namedArgs) {
      if (named.name == "message")
        text = named.value.get();
      if (named.name == "level")
        level = named.value.get();
    }
    if (text)
      a.message = messageParts(*text, scope);
    if (level)
      if (auto l = evaluateInteger(*level, scope, "the level of an assert"))
        a.level = static_cast<int>(*l);
    (branch ? branch->asserts : model_.assertions).push_back(std::move(a));
    return;
  }
  if (*value != 0)
    return;
  std::string message;
  const ast::Expr *text = call.args.size() > 1 ? call.args[1].get() : nullptr;
  for (const ast::NamedArgument &named : call.namedArgs)
    if (named.name == "message")
      text = named.value.get();
  if (text)
    if (auto m = lower(*text, scope); m && m->isString() && m->isScalar() && !m->strings.empty())
      message = m->strings[0];
  // The parameter whose value the user gave, if any, is where to point.
  std::string suffix = message.empty() ? "" : ": " + message;
  SourceRange where = loc;
  const flat::Variable *bound = nullptr;
  for (sym::VarId v : sym::variablesOf(*pool_, c->elements[0])) {
    const flat::Variable &var = model_.var(v);
    if (!var.bindingLoc.valid())
      continue;
    where = var.bindingLoc;
    bound = &var;
    break;
  }
  if (bound)
    diags_.report(diag::BindingViolatesAssertion, where,
                  {bound->name, model_.print(bound->binding), ast::toString(*condition), suffix});
  else
    diags_.report(diag::AssertionFalseWhileTranslating, where,
                  {ast::toString(*condition), suffix});
  if (!(where.file == loc.file && where.begin == loc.begin))
    diags_.report(diag::NoteAssertedHere, loc);
}

// --- When-equations ------------------------------------------------------------------------

std::optional<std::vector<sym::ExprId>> Flattener::whenConditions(const ast::Expr *condition,
                                                                  Scope scope, const char *what) {
  auto c = condition ? lower(*condition, scope) : std::nullopt;
  if (!c)
    return std::nullopt;
  if (c->type != ElementType::Boolean || c->isRecord || c->rank() > 1) {
    diags_.report(diag::ConditionNotBooleanVector, condition->range, {what});
    return std::nullopt;
  }
  return c->elements;
}

void Flattener::lowerWhen(const ast::WhenEquation &eq, Scope scope) {
  flat::WhenClause clause;
  clause.loc = eq.range;
  for (const ast::EquationBranch &b : eq.branches) {
    flat::WhenBranch branch;
    branch.loc = b.range;
    std::optional<std::vector<sym::ExprId>> conditions;
    if (&b == &eq.branches.front() && b.condition) {
      // A clock as the condition: a clocked when-clause (MLS 16.6).
      auto c = lower(*b.condition, scope);
      if (!c)
        return;
      if (isClockValue(*c)) {
        lowerClockedWhen(eq, *c, scope);
        return;
      }
      if (c->type != ElementType::Boolean || c->isRecord || c->rank() > 1) {
        diags_.report(diag::ConditionNotBooleanVector, b.condition->range, {"when-equation"});
        return;
      }
      conditions = c->elements;
    } else {
      conditions = whenConditions(b.condition.get(), scope, "when-equation");
    }
    if (!conditions)
      return;
    branch.conditions = std::move(*conditions);
    lowerWhenBody(b.body, scope, branch);
    clause.branches.push_back(std::move(branch));
  }
  model_.whenClauses.push_back(std::move(clause));
}

/// The equations inside a when-branch: assignments to discrete variables
/// (`v = e`, `(a, b) = f(x)`), reinit(), assert(), terminate(); for-loops
/// and if-equations with parameter conditions are expanded.
void Flattener::lowerWhenBody(const std::vector<ast::EquationPtr> &body, Scope scope,
                              flat::WhenBranch &branch) {
  bool outer = inWhenBody;
  inWhenBody = true;
  lowerWhenEquations(body, scope, branch);
  inWhenBody = outer;
}

void Flattener::lowerWhenEquations(const std::vector<ast::EquationPtr> &body, Scope scope,
                                   flat::WhenBranch &branch) {
  for (const auto &eqPtr : body) {
    const ast::Equation &eq = *eqPtr;
    switch (eq.kind) {
    case ast::EquationKind::Simple:
    case ast::EquationKind::For:
    case ast::EquationKind::If: {
      // Lower as ordinary equations, then take them over as assignments,
      // and their calls and asserts as the branch's.
      size_t before = model_.equations.size();
      size_t calls = model_.calls.size(), assertions = model_.assertions.size();
      lowerEquation(eq, scope, false);
      branch.calls.insert(branch.calls.end(), model_.calls.begin() + calls, model_.calls.end());
      model_.calls.resize(calls);
      branch.asserts.insert(branch.asserts.end(), model_.assertions.begin() + assertions,
                            model_.assertions.end());
      model_.assertions.resize(assertions);
      for (size_t k = before; k < model_.equations.size(); ++k) {
        flat::Equation a = model_.equations[k];
        if (!pool_->variableOf(a.lhs).valid()) {
          diags_.report(diag::WhenEquationNotAssignment, eq.range);
          continue;
        }
        branch.assignments.push_back(a);
      }
      model_.equations.resize(before);
      dropArrayEquationsFrom(before);
      continue;
    }
    case ast::EquationKind::Call: {
      const auto &call = *ast::cast<ast::CallEquation>(eq).call;
      std::string name = call.callee->str();
      if (name == "reinit" && call.args.size() == 2) {
        auto x = lower(*call.args[0], scope), value = lower(*call.args[1], scope);
        if (!x || !value)
          continue;
        if (x->elements.size() != value->elements.size()) {
          diags_.report(diag::ReinitSizesDiffer, eq.range);
          continue;
        }
        for (size_t k = 0; k < x->elements.size(); ++k) {
          sym::VarId v = pool_->variableOf(x->elements[k]);
          if (!v.valid() || model_.var(v).type != flat::TypeKind::Real) {
            diags_.report(diag::ReinitNeedsState, call.args[0]->range);
            break;
          }
          reinitTargets.push_back({v, call.args[0]->range});
          branch.reinits.push_back({v, value->elements[k]});
        }
      } else if (name == "assert") {
        lowerAssert(call, scope, eq.range, &branch);
      } else if (name == "terminate") {
        if (call.args.size() == 1)
          branch.terminates.push_back(messageParts(*call.args[0], scope));
        else
          diags_.report(diag::TerminateArguments, eq.range);
      } else if (name.starts_with("Connections.")) {
        lowerEquation(eq, scope, false);
      } else if (auto effects = lowerCallEffects(call, scope)) {
        for (ExprId c : effects->calls)
          branch.calls.push_back({c, eq.range});
        for (ExpandedAssert &a : effects->asserts)
          branch.asserts.push_back({a.condition, std::move(a.message), a.level, eq.range});
      }
      continue;
    }
    default:
      diags_.report(diag::EquationNotAllowedInWhen, eq.range);
    }
  }
}

void Flattener::lowerEquation(const ast::Equation &eq, Scope scope, bool initial) {
  switch (eq.kind) {
  case ast::EquationKind::Simple:
    lowerSimpleEquation(ast::cast<ast::SimpleEquation>(eq), scope, initial);
    return;
  case ast::EquationKind::For:
    unrollForEquation(ast::cast<ast::ForEquation>(eq), 0, scope, initial);
    return;
  case ast::EquationKind::If:
    lowerIfEquation(ast::cast<ast::IfEquation>(eq), scope, initial);
    return;
  case ast::EquationKind::Connect:
    return; // collected before the other equations (Connections.cpp)
  case ast::EquationKind::When:
    if (initial) {
      diags_.report(diag::WhenInInitialEquations, eq.range);
      return;
    }
    lowerWhen(ast::cast<ast::WhenEquation>(eq), scope);
    return;
  case ast::EquationKind::Call:
    lowerCallEquation(ast::cast<ast::CallEquation>(eq), scope, initial);
    return;
  }
}

/// `lhs = rhs`: one flat equation per scalar, after checking that the two
/// sides have the same shape, structure and types.
void Flattener::lowerSimpleEquation(const ast::SimpleEquation &e, Scope scope, bool initial) {
  auto &target = initial ? model_.initialEquations : model_.equations;
  if (const auto *tuple = ast::dynCast<ast::TupleExpr>(e.lhs.get())) {
    lowerTupleEquation(*tuple, *e.rhs, scope, initial, e.range);
    return;
  }
  auto lhs = lower(*e.lhs, scope);
  auto rhs = lower(*e.rhs, scope);
  if (!lhs || !rhs)
    return;
  if (lhs->isString() || rhs->isString()) {
    lowerStringEquation(*lhs, *rhs, e.range);
    return;
  }
  if (lhs->dims != rhs->dims && !lhs->isRecord && !rhs->isRecord) {
    diags_.report(diag::EquationShapesDiffer, e.range,
                  {shapeText(lhs->dims), shapeText(rhs->dims)});
    return;
  }
  if (!sameStructure(*lhs, *rhs)) {
    // Two values of the same record type that mocc built with different
    // layouts (an if-expression of records, a record of an operator
    // record's function) are mocc's limit, not the model's error.
    if (lhs->isRecord && rhs->isRecord && lhs->recordName == rhs->recordName)
      diags_.report(diag::RecordEquationLayoutsUnsupported, e.range, {lhs->recordName});
    else
      diags_.report(diag::EquationSidesDiffer, e.range, {describe(*lhs), describe(*rhs)});
    return;
  }
  if (reportEquationTypeError(diags_, e.range, *lhs, *rhs))
    return;
  std::vector<ExprId> left, right;
  appendScalars(*lhs, left);
  appendScalars(*rhs, right);
  for (size_t k = 0; k < left.size(); ++k) {
    flat::Equation flatEq;
    flatEq.lhs = left[k];
    flatEq.rhs = right[k];
    flatEq.loc = e.range;
    flatEq.origin = initial ? flat::EquationOriginKind::Initial : flat::EquationOriginKind::Equation;
    target.push_back(flatEq);
  }
}

/// A for-equation, unrolled: the indices from `level` on take each value
/// of their range in turn (a range given by a parameter expression, or
/// deduced from the body's subscripts).
void Flattener::unrollForEquation(const ast::ForEquation &e, size_t level, Scope scope,
                                  bool initial) {
  if (level == 0 && lowerForTemplate(e, scope, initial))
    return;
  if (level == e.indices.size()) {
    for (const auto &body : e.body)
      lowerEquation(*body, scope, initial);
    return;
  }
  const ast::ForIndex &index = e.indices[level];
  auto range = index.range ? evaluate(*index.range, scope, "the range of a for-equation")
                           : deduceRange(index.name,
                                         [&](const ast::ExprVisitor &v) {
                                           for (const auto &body : e.body)
                                             ast::forEachExpr(*body, v);
                                         },
                                         scope, e.range);
  if (!range)
    return;
  if (range->rank() != 1) {
    diags_.report(diag::IteratorRangeNotVector, index.range->range, {index.name});
    return;
  }
  // The body runs once per element of the box: more than a model can
  // have variables is an error before the first run, not hours of
  // unrolling (for i in 1:N, j in 1:N, k in 1:N with N = 64000). An
  // error in one run ends the unrolling: the others would repeat it.
  double outer = forIterations_;
  double runs = outer * static_cast<double>(range->count());
  if (!checkElementCount(runs, diag::ForEquationTooManyIterations, e.range))
    return;
  unsigned errors = diags_.errorCount();
  forIterations_ = runs;
  struct Restore {
    double &slot, value;
    ~Restore() { slot = value; }
  } restore{forIterations_, outer};
  if (range->isString()) { // for s in {"a", "b"}: Strings known here
    for (const std::string &text : range->strings) {
      iterators.push_back({index.name, Value::string(text)});
      unrollForEquation(e, level + 1, scope, initial);
      iterators.pop_back();
      if (diags_.errorCount() > errors)
        return;
    }
    return;
  }
  for (ExprId value : range->elements) {
    Value item = Value::scalar(value, range->type);
    item.recordName = range->recordName;
    iterators.push_back({index.name, item});
    unrollForEquation(e, level + 1, scope, initial);
    iterators.pop_back();
    if (diags_.errorCount() > errors)
      return;
  }
}

/// An if-equation: branches whose conditions are parameter expressions are
/// decided now; if conditions that vary remain, see lowerVaryingIf.
void Flattener::lowerIfEquation(const ast::IfEquation &e, Scope scope, bool initial) {
  std::vector<std::pair<ExprId, const ast::EquationBranch *>> varying;
  const ast::EquationBranch *chosen = nullptr;
  for (const ast::EquationBranch &branch : e.branches) {
    if (!branch.condition) {
      chosen = &branch;
      break;
    }
    if (auto known = quickCondition(*branch.condition)) { // `i == 1` in a for-equation
      if (!*known)
        continue;
      chosen = &branch;
      break;
    }
    auto c = lower(*branch.condition, scope);
    if (!c)
      return;
    if (!c->isScalar() || c->type != ElementType::Boolean || c->isRecord) {
      diags_.report(diag::IfEquationConditionNotBoolean, branch.condition->range);
      return;
    }
    auto constant = evaluate(c->elements[0]);
    if (constant && *constant == 0.0)
      continue;
    if (constant) {
      chosen = &branch;
      break;
    }
    varying.push_back({c->elements[0], &branch});
  }
  if (!varying.empty()) {
    lowerVaryingIf(e, varying, chosen, scope, initial);
    return;
  }
  if (chosen)
    for (const auto &body : chosen->body)
      lowerEquation(*body, scope, initial);
}

/// The branches of an if-equation whose conditions vary (`varying`, in
/// order; `chosen` the branch taken when none holds, null if none):
/// they must have as many scalar equations as `chosen`, and the i-th
/// equations of all of them make one residual equation with if-expressions.
void Flattener::lowerVaryingIf(
    const ast::IfEquation &e,
    const std::vector<std::pair<ExprId, const ast::EquationBranch *>> &varying,
    const ast::EquationBranch *chosen, Scope scope, bool initial) {
  auto &target = initial ? model_.initialEquations : model_.equations;
  // Varying conditions: pair the i-th equation of every branch.
  ExprId earlier = pool_->zero(); // an earlier branch's condition holds
  std::vector<ExprId> guards;
  for (const auto &[condition, branch] : varying) {
    guards.push_back(
        pool_->binary(sym::OpKind::And, condition, pool_->unary(sym::OpKind::Not, earlier)));
    earlier = pool_->binary(sym::OpKind::Or, earlier, condition);
  }
  std::vector<flat::Equation> otherwise;
  if (chosen)
    collect(*this, chosen->body, scope, initial, pool_->unary(sym::OpKind::Not, earlier),
            otherwise);
  std::vector<std::vector<flat::Equation>> branches(varying.size());
  for (size_t i = 0; i < varying.size(); ++i)
    collect(*this, varying[i].second->body, scope, initial, guards[i], branches[i]);
  if (inWhenBody && whenIfAssignments(e, varying, otherwise, branches, target))
    return;
  for (size_t i = 0; i < varying.size(); ++i) {
    if (branches[i].size() != otherwise.size()) {
      diags_.report(diag::IfEquationBranchCounts, varying[i].second->range,
                    {std::to_string(branches[i].size()), std::to_string(otherwise.size())});
      return;
    }
  }
  if (pairByAssignedVariable(otherwise, branches, varying, e, target))
    return;
  for (size_t k = 0; k < otherwise.size(); ++k) {
    ExprId residual = pool_->sub(otherwise[k].lhs, otherwise[k].rhs);
    for (size_t i = varying.size(); i-- > 0;)
      residual = pool_->ifElse(varying[i].first, pool_->sub(branches[i][k].lhs, branches[i][k].rhs),
                              residual);
    flat::Equation flatEq;
    flatEq.lhs = pool_->zero();
    flatEq.rhs = residual;
    flatEq.loc = e.range;
    flatEq.origin = initial ? flat::EquationOriginKind::Initial : flat::EquationOriginKind::Equation;
    target.push_back(flatEq);
  }
}

/// Branches that assign the same variables in different orders
/// (`counter = ...; startOutput = ...` in one, `startOutput = ...; counter =
/// ...` in the other: the MSL's clocked Pulse): pairing the i-th equations
/// made an equation of two variables that no branch solves for either.
/// When every equation of every branch is `v = expr` for a variable v, each
/// branch assigns each variable once and all assign the same ones, and the
/// i-th equations do not all assign one variable, the equations are paired
/// by their variable instead, as `v = if c1 then e1 elseif ... else en`
/// (the branches' equations are the same set in either order). False
/// (nothing added) otherwise: the equations are paired by position.
bool Flattener::pairByAssignedVariable(
    const std::vector<flat::Equation> &otherwise,
    const std::vector<std::vector<flat::Equation>> &branches,
    const std::vector<std::pair<ExprId, const ast::EquationBranch *>> &varying,
    const ast::IfEquation &e, std::vector<flat::Equation> &target) {
  auto assigned = [&](const flat::Equation &eq) { return pool_->variableOf(eq.lhs); };
  bool positional = true;
  for (size_t k = 0; k < otherwise.size(); ++k) {
    sym::VarId v = assigned(otherwise[k]);
    if (!v.valid())
      return false;
    for (const auto &branch : branches)
      positional = positional && assigned(branch[k]) == v;
  }
  if (positional)
    return false;
  // Only where a variable paired with another's equation is discrete (an
  // Integer, Boolean or enumeration, which no Newton step solves for): a
  // residual of Real variables is solved numerically as it is, and pairing
  // it anew changes the model's solution path (FluxTubes' Tellinen
  // hysteresis then chattered at an event).
  bool discrete = false;
  for (size_t k = 0; k < otherwise.size(); ++k)
    for (const auto &branch : branches)
      if (assigned(branch[k]) != assigned(otherwise[k]))
        for (sym::VarId v : {assigned(branch[k]), assigned(otherwise[k])})
          if (v.valid()) {
            flat::TypeKind type = model_.var(v).type;
            discrete = discrete || type == flat::TypeKind::Integer ||
                       type == flat::TypeKind::Boolean || type == flat::TypeKind::Enumeration;
          }
  if (!discrete)
    return false;
  // Per branch, the value of each variable of `otherwise`.
  std::unordered_map<uint32_t, size_t> column;
  for (size_t k = 0; k < otherwise.size(); ++k)
    if (!column.emplace(assigned(otherwise[k]).index, k).second)
      return false;
  std::vector<std::vector<ExprId>> values(branches.size(),
                                          std::vector<ExprId>(otherwise.size()));
  for (size_t i = 0; i < branches.size(); ++i)
    for (const flat::Equation &eq : branches[i]) {
      sym::VarId v = assigned(eq);
      auto it = v.valid() ? column.find(v.index) : column.end();
      if (it == column.end() || values[i][it->second].valid())
        return false;
      values[i][it->second] = eq.rhs;
    }
  for (size_t k = 0; k < otherwise.size(); ++k) {
    ExprId value = otherwise[k].rhs;
    for (size_t i = varying.size(); i-- > 0;)
      value = pool_->ifElse(varying[i].first, values[i][k], value);
    flat::Equation eq;
    eq.lhs = otherwise[k].lhs;
    eq.rhs = value;
    eq.loc = e.range;
    eq.origin = otherwise[k].origin;
    target.push_back(eq);
  }
  return true;
}

/// An if-equation with varying conditions in a when-equation whose
/// branches assign variables (MLS 8.3.5.2: its equations must have the
/// form `v = expr`): each variable any branch assigns gets one assignment
/// `v = if c1 then e1 elseif ... else pre(v)`, a branch that does not
/// assign it keeping its value. False (nothing added) when an equation of a
/// branch is not an assignment or a branch assigns a variable twice.
bool Flattener::whenIfAssignments(
    const ast::IfEquation &e,
    const std::vector<std::pair<ExprId, const ast::EquationBranch *>> &varying,
    const std::vector<flat::Equation> &otherwise,
    const std::vector<std::vector<flat::Equation>> &branches,
    std::vector<flat::Equation> &target) {
  std::vector<sym::VarId> order; // every assigned variable, first seen first
  std::unordered_set<uint32_t> seen;
  std::vector<std::unordered_map<uint32_t, ExprId>> values(varying.size() + 1);
  auto take = [&](const std::vector<flat::Equation> &equations, size_t k) {
    for (const flat::Equation &eq : equations) {
      sym::VarId v = pool_->variableOf(eq.lhs);
      if (!v.valid() || !values[k].emplace(v.index, eq.rhs).second)
        return false;
      if (seen.insert(v.index).second)
        order.push_back(v);
    }
    return true;
  };
  for (size_t i = 0; i < varying.size(); ++i)
    if (!take(branches[i], i))
      return false;
  if (!take(otherwise, varying.size()))
    return false;
  for (sym::VarId v : order) {
    auto valueIn = [&](size_t k) {
      auto it = values[k].find(v.index);
      return it != values[k].end() ? it->second : pool_->variable(model_.preOf(v));
    };
    ExprId value = valueIn(varying.size());
    for (size_t i = varying.size(); i-- > 0;)
      value = pool_->ifElse(varying[i].first, valueIn(i), value);
    flat::Equation assignment;
    assignment.lhs = pool_->variable(v);
    assignment.rhs = value;
    assignment.loc = e.range;
    assignment.origin = flat::EquationOriginKind::Equation;
    target.push_back(assignment);
  }
  return true;
}

/// `f(x);` as an equation: an operator of its own (assert, the overconstrained
/// connection operators), or a call run for its effects.
void Flattener::lowerCallEquation(const ast::CallEquation &e, Scope scope, bool initial) {
  std::string name = operatorName(*e.call->callee);
  // Collected with the connections, which report the operators they do not
  // support (Connections.uniqueRoot, ...) once.
  if (name.starts_with("Connections.") && name != "Connections.isRoot" &&
      name != "Connections.rooted")
    return;
  if (name == "reinit" || name == "terminate") {
    diags_.report(diag::OnlyInsideWhenClause, e.range, {name});
    return;
  }
  if (name == "assert") {
    lowerAssert(*e.call, scope, e.range);
    return;
  }
  // f(x) for its effects (MLS 8.3.7): with the assertions, or once at
  // initialization in an initial equation section.
  auto effects = lowerCallEffects(*e.call, scope);
  if (!effects)
    return;
  if (!effects->calls.empty() && effects->impure && !initial && !inWhenBody) {
    diags_.report(diag::ImpureCallInEquation, e.range, {name});
    return;
  }
  ExprId initialFlag =
      initial ? pool_->variable(model_.specialVariable(flat::SpecialKind::Initial)) : ExprId{};
  for (ExprId c : effects->calls)
    model_.calls.push_back(
        {initial ? pool_->ifElse(initialFlag, c, pool_->zero()) : c, e.range});
  for (ExpandedAssert &a : effects->asserts) {
    ExprId condition = a.condition;
    if (initial)
      condition =
          pool_->binary(sym::OpKind::Or, pool_->unary(sym::OpKind::Not, initialFlag), condition);
    model_.assertions.push_back({condition, std::move(a.message), a.level, e.range});
  }
}

} // namespace mocc::flattening
