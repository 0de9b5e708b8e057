// Lowering of Modelica functions by symbolic execution of their algorithm.
//
// The same walk over the statements serves two purposes. Inlining: the
// variables hold expressions of the caller, an assignment replaces them
// (guarded by the condition under which it runs, so that if-statements,
// `return` and `break` need no merging of branches), and the outputs are
// the final values. Compiling: the variables live in the slots of a
// flat::Function and every assignment becomes a statement; loops over
// constant ranges are unrolled, other loops become run-time loops with
// indexed loads and stores. A function is compiled once per shape of its
// arguments (MLS 12.4: unknown sizes come from the arguments).

#include "compiler/flatten/FunctionLowering.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/ast/Walk.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

/// The function's component members of one kind, in declaration order.
std::vector<inst::Member *> membersOf(Instance *function, int kind) {
  // kind: 0 inputs, 1 outputs, 2 protected
  std::vector<inst::Member *> result;
  auto &members = function->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    auto causality = function->causalityOf(m);
    int k = m.isProtected ? 2
            : causality == ast::CausalityKind::Input  ? 0
            : causality == ast::CausalityKind::Output ? 1
                                                      : 2;
    if (k == kind)
      result.push_back(&m);
  }
  return result;
}


namespace {

constexpr int64_t kMaxUnrolledIterations = 256;

/// The most slots (numbers) of a compiled function: they live in its
/// stack frame, on the stack of the thread that runs it.
constexpr int64_t kMaxFunctionSlots = int64_t{1} << 23;

flat::Statement assignment(SourceRange loc, sym::VarId target, ExprId value) {
  flat::Statement s;
  s.kind = flat::StatementKind::Assign;
  s.loc = loc;
  s.target = target;
  s.value = value;
  return s;
}

/// The slots of a value made of slot variables, in scalar order.
void appendScalarSlots(const Value &v, const sym::ExprPool &pool, std::vector<uint32_t> &out) {
  std::vector<ExprId> scalars;
  appendScalars(v, scalars);
  for (ExprId e : scalars)
    out.push_back(pool.variableOf(e).index);
}

} // namespace

bool FunctionLowering::unsupported(const std::string &reason) {
  if (!compiled_) {
    notInlinable = true;
    notInlinableReason = reason;
  }
  return false;
}

/// Whether the algorithm assigns `var` as a whole (`X := f(...)`).
bool FunctionLowering::assignedAsWhole(Instance *var) {
  std::vector<const ast::RefExpr *> targets;
  for (const auto &section : function_->algorithmSections())
    collectTargets(section.node->statements, targets);
  for (const ast::RefExpr *t : targets)
    if (t && t->parts.size() == 1 && t->parts[0].name == var->name && t->parts[0].subscripts.empty())
      return true;
  return false;
}

/// Whether `var` (an output or protected variable) takes its sizes from its
/// first assignment as a whole: an array of a built-in type with a `:`
/// size and no binding, that the algorithm assigns as a whole.
bool FunctionLowering::sizedByItsAssignment(Instance *var) {
  return var && var->isBuiltin() && !var->mod.binding &&
         var->builtin != inst::BuiltinKind::ExternalObject &&
         std::any_of(var->dimExprs.begin(), var->dimExprs.end(),
                     [](const auto &d) { return d.first && d.first->kind == ast::ExprKind::Colon; }) &&
         assignedAsWhole(var);
}

/// An output or protected array declared with `:` and no binding takes its sizes from
/// the value of its first assignment as a whole (MLS 12.4.5), when that
/// value's sizes are known while translating (`X := massFractionSaturation(
/// state)`): its slots are made then. A later assignment of other sizes, a
/// read before it, or an assignment to its elements first, is not supported
/// yet (the size would change while the function runs).
bool FunctionLowering::sizeByAssignment(Instance *var, const ast::RefExpr &ref,
                                        const Value &value, SourceRange loc) {
  if (ref.parts.size() != 1 || !ref.parts[0].subscripts.empty() || value.isRecord ||
      value.rank() != static_cast<int>(var->dimExprs.size())) {
    f_.diags().report(diag::FunctionVariableResizedUnsupported, loc, {var->name});
    return false;
  }
  frame_.sizedByAssignment.erase(var);
  assignedDims_[var] = value.dims;
  bool output = var->prefixes.causality == ast::CausalityKind::Output;
  auto slots = makeSlots(var, nullptr, var->name,
                         output ? flat::FunctionVariable::Kind::Output
                                : flat::FunctionVariable::Kind::Protected);
  if (!slots)
    return false;
  slots_[var] = *slots;
  frame_.values[var] = std::move(*slots);
  return true;
}

std::optional<std::vector<int64_t>> FunctionLowering::localDims(Instance *var, const Value *shape) {
  std::vector<int64_t> dims;
  // An input's sizes may refer to the input itself (`A[:, size(A, 1)]`):
  // while they are checked, it has the argument's shape.
  bool bound = shape && !frame_.values.count(var);
  if (bound)
    frame_.values[var] = *shape;
  struct Unbind {
    FunctionFrame &frame;
    Instance *var;
    bool bound;
    ~Unbind() {
      if (bound)
        frame.values.erase(var);
    }
  } unbind{frame_, var, bound};
  for (size_t i = 0; i < var->dimExprs.size(); ++i) {
    auto [expr, scope] = var->dimExprs[i];
    if (expr->kind == ast::ExprKind::Colon) {
      // From the argument (an input) or from the declaration's binding.
      std::optional<Value> binding;
      if (!shape && var->mod.binding)
        binding = f_.lower(*var->mod.binding, var->mod.scope);
      const Value *from = shape ? shape : binding ? &*binding : nullptr;
      if (auto it = assignedDims_.find(var); !shape && !from && it != assignedDims_.end()) {
        dims.push_back(it->second[i]);
        continue;
      }
      if (!from || from->rank() <= static_cast<int>(i)) {
        // Assigned as a whole in the algorithm: resized by assignment.
        if (!shape && !from && assignedAsWhole(var)) {
          f_.diags().report(diag::FunctionVariableResizedUnsupported, expr->range, {var->name});
          return std::nullopt;
        }
        f_.diags().report(diag::FunctionVariableSizeUnknown, expr->range, {var->name});
        return std::nullopt;
      }
      dims.push_back(from->dims[i]);
      continue;
    }
    if (shape && shape->rank() > static_cast<int>(i) && !var->isRecord()) {
      // An input's sizes are its argument's (MLS 12.4.5); a declared size
      // known only when the function runs (`input Integer n; input Real
      // a[n]`) is checked then.
      auto declared = f_.lower(*expr, scope);
      if (!declared)
        return std::nullopt;
      if (!declared->isScalar() || declared->isString() || declared->isRecord ||
          declared->type == ElementType::Real) {
        f_.diags().report(diag::NotScalarInteger, expr->range, {"an array size in a function"});
        return std::nullopt;
      }
      if (!f_.evaluate(declared->elements[0])) {
        // Inlined, there is no place for the check: compile the call.
        if (!compiled_) {
          unsupported("an input size known only when the function runs");
          return std::nullopt;
        }
        int64_t actual = shape->dims[i];
        {
          flat::Statement check;
          check.kind = flat::StatementKind::Assert;
          check.loc = expr->range;
          check.condition = pool().binary(OpKind::Equal, declared->elements[0],
                                          pool().constant(static_cast<double>(actual)));
          check.plainMessage = true;
          std::string where;
          if (expr->range.valid())
            where = " (at " + f_.diags().sources().shortLocation(expr->range.start()) + ")";
          check.message = {
              {"the size " + std::to_string(i + 1) + " of input `" + var->name + "` is " +
                   std::to_string(actual) + ", but its declaration `" + ast::toString(*expr) +
                   "` gives ",
               {}, flat::TypeKind::String},
              {"", declared->elements[0], flat::TypeKind::Integer},
              {" in `" + compiled_->name + "`" + where, {}, flat::TypeKind::String}};
          emit(std::move(check));
        }
        dims.push_back(actual);
        continue;
      }
    }
    auto n = f_.evaluateInteger(*expr, scope, "an array size in a function");
    if (!n)
      return std::nullopt;
    dims.push_back(*n);
  }
  return dims;
}

std::optional<Value> FunctionLowering::makeSlots(Instance *var, const Value *shape,
                                                 const std::string &name,
                                                 flat::FunctionVariable::Kind kind) {
  // A functional input (MLS 12.4.2) holds the function passed to it. When
  // inlining, the inputs it binds are the caller's values; a compiled
  // function is a specialization on the function passed (its key names the
  // function and the bound inputs), and the bound inputs are hidden inputs
  // of it, after the input's place (appendScalars passes them in that order).
  if (var->cls && !var->isBuiltin() &&
      (var->restriction() == ast::ClassRestrictionKind::Function ||
       var->restriction() == ast::ClassRestrictionKind::OperatorFunction)) {
    if (!shape || !shape->isFunction() || kind != flat::FunctionVariable::Kind::Input) {
      f_.diags().report(diag::FunctionalInputNeedsFunction, var->loc, {var->name});
      return std::nullopt;
    }
    return compiled_ ? boundSlots(*shape, name, nullptr) : *shape;
  }
  auto dims = localDims(var, shape);
  if (!dims)
    return std::nullopt;
  bool negative = std::any_of(dims->begin(), dims->end(), [](int64_t d) { return d < 0; });
  auto count = elementCount(*dims);
  if (!negative && (!count || (compiled_ && var->isBuiltin() &&
                               compiled_->numSlots + *count > kMaxFunctionSlots))) {
    f_.diags().report(diag::FunctionFrameTooLarge, var->loc,
                      {var->name, shapeText(*dims), function_->cls->fullName(),
                       std::to_string(kMaxFunctionSlots),
                       std::to_string(kMaxFunctionSlots * 8 >> 20)});
    return std::nullopt;
  }
  if (shape && shape->dims != *dims) {
    f_.diags().report(diag::InputArgumentShapeMismatch, var->loc,
                      {var->name, shapeText(shape->dims), shapeText(*dims)});
    return std::nullopt;
  }
  Value v;
  if (var->builtin == inst::BuiltinKind::ExternalObject &&
      !externalObjectSlot(var, shape, kind, *dims, v))
    return std::nullopt;
  if (var->isBuiltin())
    return builtinSlots(var, shape, name, kind, *dims, std::move(v));
  if (!var->isRecord()) {
    f_.diags().report(diag::FunctionVariableClassUnsupported, var->loc,
                      {(var->cls ? var->cls->fullName() : std::string("?"))});
    return std::nullopt;
  }
  if (shape && !shape->isRecord) {
    f_.diags().report(diag::ArgumentKindMismatch, var->loc,
                      {var->name, shape->isString() ? "a String" : "a number"});
    return std::nullopt;
  }
  if (dims->empty())
    return recordSlots(var, shape, name, kind);
  // An array of records (of an operator record such as `Complex` too, MLS
  // 14): one record of slots per element, row-major, each from the
  // argument's element.
  v.isRecord = true;
  v.recordName = var->cls->fullName();
  v.dims = *dims;
  if (shape && static_cast<int64_t>(shape->items.size()) != *count) {
    f_.diags().report(diag::InputArgumentShapeMismatch, var->loc,
                      {var->name, shapeText(shape->dims), shapeText(*dims)});
    return std::nullopt;
  }
  for (int64_t k = 0; k < *count; ++k) {
    auto item = recordSlots(var, shape ? &shape->items[static_cast<size_t>(k)] : nullptr,
                            name + "[" + std::to_string(k + 1) + "]", kind);
    if (!item)
      return std::nullopt;
    v.items.push_back(std::move(*item));
  }
  return v;
}

/// The slots of one record of the class of `var` (a scalar record variable,
/// or one element of an array of them), from the argument `shape` if any.
std::optional<Value> FunctionLowering::recordSlots(Instance *var, const Value *shape,
                                                   const std::string &name,
                                                   flat::FunctionVariable::Kind kind) {
  Value v;
  v.isRecord = true;
  v.recordName = var->cls->fullName();
  if (shape && (!shape->isRecord || !shape->isScalar())) {
    f_.diags().report(diag::ArgumentKindMismatch, var->loc,
                      {var->name, shape->isRecord   ? "an array of records"
                                  : shape->isString() ? "a String"
                                                      : "a number"});
    return std::nullopt;
  }
  // The argument is a record of this class or of another whose components
  // have the same names (MLS 6.4, 12.4.1: a record type is known by its
  // components, not by its name, so one medium's state reached along two
  // paths of redeclarations fits): each field takes the argument's field of
  // its name.
  auto &members = var->members();
  std::vector<Instance *> knownFields;
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    const Value *fieldShape = nullptr;
    if (shape) {
      for (const auto &[fieldName, fieldValue] : shape->fields)
        if (fieldName == m.name)
          fieldShape = &fieldValue;
      if (!fieldShape) {
        f_.diags().report(diag::ArgumentRecordLacksField, var->loc,
                          {var->name, describe(*shape), m.name, v.recordName});
        return std::nullopt;
      }
    }
    Instance *fieldVar = var->memberInstance(m);
    auto field = makeSlots(fieldVar, fieldShape, name + "." + m.name, kind);
    if (!field)
      return std::nullopt;
    // A scalar parameter field whose value is known sizes the fields after
    // it (`parameter Integer nc = 5; parameter Real a[nc]`, with `nc`
    // modified by the record's extends): while those are made, it stands
    // for the value of its binding. (An input's fields take their sizes
    // from the argument.)
    if (fieldVar && !fieldShape && field->isScalar() && !field->isRecord && !field->isString() &&
        (fieldVar->prefixes.variability == ast::VariabilityKind::Parameter ||
         fieldVar->prefixes.variability == ast::VariabilityKind::Constant) &&
        !frame_.values.count(fieldVar)) {
      std::optional<double> known;
      if (!fieldShape && fieldVar->mod.binding)
        if (auto b = f_.lower(*fieldVar->mod.binding, fieldVar->mod.scope);
            b && b->isScalar() && !b->isRecord && !b->isString())
          known = f_.evaluate(b->elements[0]);
      if (known) {
        Value constant = *field;
        constant.elements = {pool().constant(*known)};
        frame_.values[fieldVar] = std::move(constant);
        knownFields.push_back(fieldVar);
      }
    }
    v.fields.push_back({m.name, std::move(*field)});
  }
  for (Instance *known : knownFields)
    frame_.values.erase(known);
  return v;
}

/// The component `name` of `owner` (a function or a record), or null.
static Instance *memberNamed(Instance *owner, const std::string &name) {
  if (!owner)
    return nullptr;
  for (inst::Member &m : owner->members())
    if (m.kind == inst::Member::Kind::Component && m.name == name)
      return owner->memberInstance(m);
  return nullptr;
}

Value FunctionLowering::boundSlots(const Value &shape, const std::string &name,
                                   Instance *declared) {
  Value v;
  v.type = shape.type;
  v.dims = shape.dims;
  v.isRecord = shape.isRecord;
  v.recordName = shape.recordName;
  v.function = shape.function;
  Instance *function = shape.isFunction() ? f_.functionInstance(shape.function) : nullptr;
  for (const auto &[input, bound] : shape.bound)
    v.bound.push_back({input, boundSlots(bound, name + "." + input, memberNamed(function, input))});
  if (shape.isFunction())
    return v;
  if (shape.isRecord) {
    for (const Value &item : shape.items)
      v.items.push_back(boundSlots(item, name, declared && declared->isRecord() ? declared : nullptr));
    for (const auto &[field, value] : shape.fields)
      v.fields.push_back({field, boundSlots(value, name + "." + field,
                                            declared && declared->isRecord()
                                                ? memberNamed(declared, field)
                                                : nullptr)});
    return v;
  }
  if (declared && declared->builtin == inst::BuiltinKind::Real &&
      shape.type == ElementType::Integer)
    v.type = ElementType::Real; // MLS 10.6.13: an Integer argument of a Real input
  if (shape.isString() && static_cast<int64_t>(shape.strings.size()) == shape.count()) {
    v.strings = shape.strings; // known while translating: part of the key
    return v;
  }
  flat::FunctionVariable fv{flat::FunctionVariable::Kind::Input, name, v.type, v.dims,
                            compiled_->numSlots};
  for (size_t k = 0; k < shape.elements.size(); ++k)
    v.elements.push_back(pool().variable(sym::VarId{newSlot()}));
  compiled_->variables.push_back(fv);
  return v;
}

/// An external object variable (MLS 12.9.7): an input of any function, or
/// the output of its class's constructor; its type goes to `v`. False
/// after an error (or, inlining, a construct that needs compiling).
bool FunctionLowering::externalObjectSlot(Instance *var, const Value *shape,
                                          flat::FunctionVariable::Kind kind,
                                          const std::vector<int64_t> &dims, Value &v) {
  std::string cls = var->cls->fullName();
  bool constructorOutput = kind == flat::FunctionVariable::Kind::Output &&
                           function_->cls->name == "constructor" && function_->cls->parent &&
                           function_->cls->parent->fullName() == cls;
  if ((kind == flat::FunctionVariable::Kind::Protected && !compiled_) ||
      (kind == flat::FunctionVariable::Kind::Output && !constructorOutput) || !dims.empty()) {
    if (kind == flat::FunctionVariable::Kind::Protected) {
      unsupported("a protected external object"); // inlining gives way to compiling
      return false;
    }
    f_.diags().report(diag::ExternalObjectVariableMisused, var->loc, {var->name, cls});
    return false;
  }
  if (shape && (shape->type != ElementType::ExternalObject || shape->recordName != cls)) {
    f_.diags().report(diag::ArgumentNotExternalObject, var->loc, {var->name, cls});
    return false;
  }
  v.type = ElementType::ExternalObject;
  v.recordName = cls;
  return true;
}

/// The slots of a variable of a built-in type (when inlining, the
/// argument's expressions or zeros); `v` has its type already if it is an
/// external object.
std::optional<Value> FunctionLowering::builtinSlots(Instance *var, const Value *shape,
                                                   const std::string &name,
                                                   flat::FunctionVariable::Kind kind,
                                                   const std::vector<int64_t> &dims, Value v) {
  if (var->builtin != inst::BuiltinKind::ExternalObject)
    v.type = var->builtin == inst::BuiltinKind::Integer   ? ElementType::Integer
             : var->builtin == inst::BuiltinKind::Boolean ? ElementType::Boolean
             : var->builtin == inst::BuiltinKind::String  ? ElementType::String
             : var->builtin == inst::BuiltinKind::Real    ? ElementType::Real
                                                          : ElementType::Enumeration;
  v.dims = dims;
  if (shape && (shape->isRecord || shape->isString() != v.isString() ||
                (!v.isString() && static_cast<int64_t>(shape->elements.size()) != v.count()))) {
    f_.diags().report(diag::ArgumentKindMismatch, var->loc,
                      {var->name, (shape->isRecord     ? "a record"
                                   : shape->isString() ? "a String"
                                                       : "a number")});
    return std::nullopt;
  }
  if (v.isString()) {
    // An input whose text the call knows is a constant of the
    // specialization; other Strings of a compiled function are pointers
    // known at run time (Strings.cpp), in slots; when inlining, a String
    // keeps its text ("" until assigned) or the caller's pointers.
    bool known = shape && static_cast<int64_t>(shape->strings.size()) == v.count();
    if (known) {
      v.strings = shape->strings;
      return v;
    }
    if (!compiled_) {
      if (shape)
        v.elements = shape->elements;
      else
        v.strings.assign(static_cast<size_t>(v.count()), "");
      return v;
    }
  }
  flat::FunctionVariable fv{kind, name, v.type, dims, compiled_ ? compiled_->numSlots : 0};
  for (int64_t k = 0; k < v.count(); ++k)
    v.elements.push_back(compiled_ ? pool().variable(sym::VarId{newSlot()})
                                   : (shape ? shape->elements[k] : pool().zero()));
  if (compiled_)
    compiled_->variables.push_back(fv);
  return v;
}

bool FunctionLowering::bindInputs(const std::vector<Value> &args,
                                  const std::vector<std::optional<double>> &constants) {
  auto inputs = membersOf(function_, 0);
  for (size_t i = 0; i < inputs.size(); ++i) {
    Instance *var = function_->memberInstance(*inputs[i]);
    if (!var)
      return false;
    auto slots = makeSlots(var, &args[i], inputs[i]->name, flat::FunctionVariable::Kind::Input);
    if (!slots)
      return false;
    if (compiled_)
      appendScalarSlots(*slots, pool(), compiled_->inputSlots);
    // A size-deciding input whose value the call fixes is a constant here
    // (made in this function's pool: the argument's nodes are the caller's).
    slots_[var] = *slots;
    if (constants[i]) {
      Value constant = *slots;
      constant.elements = {pool().constant(*constants[i])};
      frame_.values[var] = std::move(constant);
    } else {
      frame_.values[var] = *slots;
    }
  }
  return true;
}

bool FunctionLowering::declareLocal(inst::Member *m, bool output) {
  Instance *var = function_->memberInstance(*m);
  if (!var)
    return false;
  if (output && sizedByItsAssignment(var)) { // its slots come with its first assignment
    frame_.sizedByAssignment.insert(var);
    return true;
  }
  auto slots = makeSlots(var, nullptr, m->name,
                         output ? flat::FunctionVariable::Kind::Output
                                : flat::FunctionVariable::Kind::Protected);
  if (!slots)
    return false;
  if (compiled_ && output)
    appendScalarSlots(*slots, pool(), compiled_->outputSlots);
  if (compiled_ && !output && slots->type == ElementType::ExternalObject) {
    // A protected external object: destroyed when the function returns
    // (its binding constructs it).
    auto destructor = f_.destructorOf(var->cls, var->loc);
    if (!destructor)
      return false;
    compiled_->cleanups.push_back({*destructor, pool().variableOf(slots->elements[0]).index});
  }
  slots_[var] = *slots;
  frame_.values[var] = std::move(*slots);
  return true;
}

bool FunctionLowering::declareLocals() {
  for (inst::Member *m : membersOf(function_, 1))
    if (!declareLocal(m, true))
      return false;
  return true;
}

bool FunctionLowering::fieldBindings(Instance *record, std::vector<std::string> path,
                                     SourceRange loc) {
  if (path.size() > 16)
    return true;
  auto &members = record->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *field = record->memberInstance(m);
    if (!field)
      return false;
    path.push_back(m.name);
    if (field->mod.binding) {
      auto value = f_.lower(*field->mod.binding, field->mod.scope);
      if (!value)
        return false;
      ast::RefExpr target;
      for (const std::string &part : path)
        target.parts.push_back({part, {}, loc});
      target.range = loc;
      if (!assign(target, *value, Scope{function_, function_->cls}, field->mod.bindingLoc))
        return false;
    } else if (field->isRecord() && !fieldBindings(field, path, loc)) {
      return false;
    }
    path.pop_back();
  }
  return true;
}

/// The order in which the declarations of a function's outputs and
/// protected variables run: each after those its binding and sizes name
/// (MLS 12.4.4: `output Real x[n] = zeros(m - nrow)` before `protected
/// Integer nrow = size(A, 1)` runs nrow's binding first), else in
/// declaration order. A cycle keeps declaration order where it closes.
/// Depth-first topological sort (Tarjan 1976), linear in the names.
static std::vector<size_t> declarationOrder(Instance *function) {
  auto &members = function->members();
  std::unordered_map<std::string, size_t> byName;
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].kind == inst::Member::Kind::Component)
      byName[members[i].name] = i;
  std::vector<std::vector<size_t>> uses(members.size());
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *var = function->memberInstance(m);
    if (!var)
      continue;
    auto note = [&](const ast::Expr &e) {
      if (e.kind != ast::ExprKind::Ref)
        return;
      const auto &ref = ast::cast<ast::RefExpr>(e);
      if (ref.global || ref.parts.empty())
        return;
      if (auto it = byName.find(ref.parts[0].name); it != byName.end() && it->second != i)
        uses[i].push_back(it->second);
    };
    if (var->mod.binding)
      ast::forEachExpr(*var->mod.binding, note);
    for (const auto &[expr, scope] : var->dimExprs)
      if (expr)
        ast::forEachExpr(*expr, note);
  }
  std::vector<size_t> order;
  std::vector<char> state(members.size(), 0); // 0 new, 1 on the stack, 2 done
  // An explicit stack: a function may have many variables.
  for (size_t root = 0; root < members.size(); ++root) {
    if (state[root])
      continue;
    std::vector<std::pair<size_t, size_t>> stack{{root, 0}};
    state[root] = 1;
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next < uses[node].size()) {
        size_t dep = uses[node][next++];
        if (!state[dep]) {
          state[dep] = 1;
          stack.push_back({dep, 0});
        }
        continue;
      }
      state[node] = 2;
      order.push_back(node);
      stack.pop_back();
    }
  }
  return order;
}

bool FunctionLowering::run() {
  // Protected variables are created after the bindings they use ran
  // (declarationOrder): their sizes may depend on those.
  auto &members = function_->members();
  for (size_t i : declarationOrder(function_)) {
    inst::Member *m = &members[i];
    if (m->kind != inst::Member::Kind::Component)
      continue;
    Instance *var = function_->memberInstance(*m);
    if (!var || frame_.values.count(var) == 0) {
      if (!m->isProtected && function_->causalityOf(*m) == ast::CausalityKind::Input)
        continue;
      // Sized by its first assignment (sizeByAssignment).
      if (frame_.sizedByAssignment.count(var) || (m->isProtected && sizedByItsAssignment(var))) {
        frame_.sizedByAssignment.insert(var);
        continue;
      }
      if (!declareLocal(m, false))
        return false;
      var = function_->memberInstance(*m);
    }
    bool isInput = !m->isProtected &&
                   function_->causalityOf(*m) == ast::CausalityKind::Input;
    if (isInput)
      continue;
    std::optional<Value> value;
    if (var->mod.binding) {
      value = f_.lower(*var->mod.binding, var->mod.scope);
      if (!value)
        return false;
    } else if (compiled_ && slots_[var].isString() && !slots_[var].isRecord) {
      // A String without a binding is "" (its slots must hold a pointer).
      value = slots_[var];
      value->elements.clear();
      value->strings.assign(static_cast<size_t>(value->count()), "");
    } else {
      // A record's fields take their bindings (`output R r(x = 1, y = u)`).
      if (var->isRecord() && !fieldBindings(var, {m->name}, var->loc))
        return false;
      continue;
    }
    ast::RefExpr target;
    target.parts.push_back({m->name, {}, var->loc});
    target.range = var->loc;
    if (!assign(target, *value, var->mod.scope, var->mod.bindingLoc))
      return false;
    // A protected Integer known here may size later arrays (jet's `b`).
    if (compiled_ && value->isScalar() && !value->isRecord && !value->isString())
      if (auto constant = f_.evaluate(value->elements[0]))
        frame_.values[var].elements = {pool().constant(*constant)};
    // A String whose text is known here keeps it (the slots hold it too).
    if (compiled_ && value->isString() && static_cast<int64_t>(value->strings.size()) == value->count())
      frame_.values[var] = *value;
  }
  // Constants stood in for protected variables only while declaring: the
  // algorithm reads them from their slots (loops may change them), unless
  // it never assigns them (then branches on them are decided here, and a
  // branch that is not taken need not fit: `if mBase == 1 then ind :=
  // fill(0, 0)` for an ind of size 4).
  std::set<std::string> assigned;
  {
    std::vector<const ast::RefExpr *> targets;
    for (const auto &section : function_->algorithmSections())
      collectTargets(section.node->statements, targets);
    for (const ast::RefExpr *t : targets)
      if (t && !t->parts.empty())
        assigned.insert(t->parts[0].name);
  }
  // (When inlining, the values are the bindings' expressions themselves:
  // the slots are placeholders, and an output's binding is its value.)
  for (auto &[var, slots] : slots_) {
    if (!compiled_ || var->prefixes.causality == ast::CausalityKind::Input)
      continue;
    const Value &current = frame_.values[var];
    bool constant = current.isString()
                        ? static_cast<int64_t>(current.strings.size()) == current.count()
                        : current.isScalar() && !current.isRecord && !current.elements.empty() &&
                              pool().constantValue(current.elements[0]).has_value();
    if (!constant || assigned.count(var->name))
      frame_.values[var] = slots;
  }
  if (const ast::ExternalClause *ext = function_->externalClause().node)
    return externalCall(*ext);
  for (const auto &section : function_->algorithmSections())
    if (!statements(section.node->statements, section.lexical))
      return false;
  if (assignedDims_.empty())
    return true;
  // Outputs sized by their assignments got their slots while the algorithm
  // ran: the calling convention lists all outputs in declaration order.
  std::vector<uint32_t> outputSlots;
  for (inst::Member *m : membersOf(function_, 1)) {
    Instance *var = function_->memberInstance(*m);
    if (frame_.sizedByAssignment.count(var)) {
      f_.diags().report(diag::FunctionVariableResizedUnsupported, var->loc, {var->name});
      return false;
    }
    if (compiled_)
      appendScalarSlots(slots_[var], pool(), outputSlots);
  }
  if (compiled_)
    compiled_->outputSlots = std::move(outputSlots);
  return true;
}

std::vector<Value> FunctionLowering::outputs() {
  std::vector<Value> result;
  for (inst::Member *m : membersOf(function_, 1)) {
    Instance *var = function_->memberInstance(*m);
    // Not sized yet (before the algorithm ran): no shape.
    result.push_back(frame_.sizedByAssignment.count(var) ? Value{} : frame_.values[var]);
  }
  return result;
}

std::vector<Value> FunctionLowering::outputSlots() {
  std::vector<Value> result;
  for (inst::Member *m : membersOf(function_, 1))
    result.push_back(slots_[function_->memberInstance(*m)]);
  return result;
}

bool FunctionLowering::statements(const std::vector<ast::StatementPtr> &body,
                                  inst::ClassNode *lexical) {
  for (const auto &s : body)
    if (!statement(*s, lexical))
      return false;
  return true;
}

Instance *FunctionLowering::variableOf(const ast::RefExpr &ref, Scope scope) {
  // MLS 11.2.2.1: the loop variable of a for-statement is read-only in its
  // body; it hides a component of the same name, which must not be assigned
  // in its place.
  if (!ref.global)
    for (const auto &iterator : f_.iterators)
      if (iterator.first == ref.parts[0].name) {
        f_.diags().report(diag::LoopVariableAssigned, ref.range, {ref.parts[0].name});
        return nullptr;
      }
  inst::Found found = ref.global ? inst::Found{} : f_.instantiator().lookupFirst(ref.parts[0].name, scope);
  if (found.kind == inst::Found::Kind::Component && found.instance->condition()) {
    f_.diags().report(diag::ConditionalComponentOutsideConnect, ref.parts[0].range,
                      {found.instance->path()});
    return nullptr;
  }
  if (found.kind == inst::Found::Kind::Component &&
      (frame_.values.count(found.instance) || frame_.sizedByAssignment.count(found.instance))) {
    // MLS 3.8: a model's constants and parameters are not assigned by its
    // algorithms, but a parameter may be by an initial algorithm (with
    // fixed = false, MLS 8.6).
    ast::VariabilityKind v = found.instance->prefixes.variability;
    if (modelAlgorithm_ && (v == ast::VariabilityKind::Constant ||
                            (v == ast::VariabilityKind::Parameter && !initialAlgorithm_))) {
      f_.diags().report(diag::FixedVariabilityAssigned, ref.range,
                        {v == ast::VariabilityKind::Constant ? "constant" : "parameter",
                         ref.str()});
      return nullptr;
    }
    return found.instance;
  }
  if (modelAlgorithm_)
    f_.diags().report(diag::CannotAssignInAlgorithm, ref.range, {ref.str()});
  else
    f_.diags().report(diag::NotAFunctionVariable, ref.range,
                      {ref.str(), function_->cls->fullName()});
  return nullptr;
}

bool FunctionLowering::statement(const ast::Statement &s, inst::ClassNode *lexical) {
  Scope scope{function_, lexical};
  switch (s.kind) {
  case ast::StatementKind::Assign: {
    const auto &a = ast::cast<ast::AssignStatement>(s);
    auto value = f_.lower(*a.value, scope);
    return value && assign(*a.target, *value, scope, s.range);
  }
  case ast::StatementKind::TupleAssign: {
    const auto &t = ast::cast<ast::TupleAssignStatement>(s);
    auto outputs = f_.lowerCallOutputs(*t.call, scope);
    if (!outputs)
      return false;
    if (t.targets.size() > outputs->size()) {
      f_.diags().report(diag::OutputCountMismatch, s.range,
                        {std::to_string(outputs->size()), std::to_string(t.targets.size())});
      return false;
    }
    for (size_t i = 0; i < t.targets.size(); ++i)
      if (t.targets[i] && !assign(*t.targets[i], (*outputs)[i], scope, s.range))
        return false;
    return true;
  }
  case ast::StatementKind::Call: {
    const auto &c = ast::cast<ast::CallStatement>(s);
    std::string name = c.call->callee->str();
    if (modelAlgorithm_)
      return modelCallStatement(*c.call, scope, s.range);
    if (name == "assert")
      return assertStatement(*c.call, scope, s.range);
    if (name == "terminate") {
      if (!compiled_)
        return unsupported("terminate()");
      f_.diags().report(diag::TerminateInFunctionUnsupported, s.range);
      return false;
    }
    return callStatement(*c.call, scope, s.range);
  }
  case ast::StatementKind::If:
    return ifStatement(ast::cast<ast::IfStatement>(s), scope, 0);
  case ast::StatementKind::For:
    return forStatement(ast::cast<ast::ForStatement>(s), scope, 0);
  case ast::StatementKind::While:
    return whileStatement(ast::cast<ast::WhileStatement>(s), scope);
  case ast::StatementKind::Break:
  case ast::StatementKind::Return:
    if (compiled_) {
      flat::Statement st;
      st.kind = s.kind == ast::StatementKind::Break ? flat::StatementKind::Break
                                                    : flat::StatementKind::Return;
      st.loc = s.range;
      emit(std::move(st));
    } else if (s.kind == ast::StatementKind::Return) {
      returned_ = pool().binary(OpKind::Or, returned_, active_);
      active_ = pool().zero();
    } else {
      active_ = pool().zero(); // the rest of this unrolled loop is skipped
    }
    return true;
  case ast::StatementKind::When:
    if (modelAlgorithm_)
      f_.diags().report(diag::NestedWhenStatement, s.range);
    else
      f_.diags().report(diag::WhenStatementInFunction, s.range);
    return false;
  }
  return false;
}

bool FunctionLowering::assign(const ast::Expr &target, const Value &value, Scope scope,
                              SourceRange loc) {
  const auto *ref = ast::dynCast<ast::RefExpr>(&target);
  if (!ref) {
    f_.diags().report(diag::AssignmentTargetNotVariable, target.range);
    return false;
  }
  Instance *var = variableOf(*ref, scope);
  if (!var)
    return false;
  if (frame_.sizedByAssignment.count(var) && !sizeByAssignment(var, *ref, value, loc))
    return false;
  if (auto it = assignedDims_.find(var); it != assignedDims_.end() && ref->parts.size() == 1 &&
                                         ref->parts[0].subscripts.empty() && value.dims != it->second) {
    f_.diags().report(diag::FunctionVariableResizedUnsupported, loc, {var->name});
    return false;
  }
  if (compiled_) // a variable that was a known constant is its slots again
    frame_.values[var] = slots_[var];
  Value &current = frame_.values[var];
  // The positions written: the target selected from a copy of the variable
  // whose scalars are their own positions.
  std::vector<ExprId> scalars;
  appendScalars(current, scalars);
  if (current.isString() && !current.isRecord && !compiled_) {
    // Texts known while translating (no slots): a String's positions are
    // those of its texts (a String without a value is "").
    current.strings.resize(static_cast<size_t>(current.count()));
    scalars.assign(current.strings.size(), pool().zero());
  }
  std::vector<ExprId> positions;
  size_t count = current.isString() && !current.isRecord ? static_cast<size_t>(current.count())
                                                         : scalars.size();
  for (size_t k = 0; k < count; ++k)
    positions.push_back(pool().constant(static_cast<double>(k)));
  size_t next = 0;
  Value numbered;
  if (current.isString() && !current.isRecord) { // a String's texts have no scalars
    numbered.dims = current.dims;
    numbered.elements = positions;
  } else {
    numbered = rebuild(current, positions, next);
  }
  numbered.type = ElementType::Integer;
  auto selected = f_.selectPath(numbered, *ref, 0, scope);
  if (!selected)
    return false;
  std::vector<ExprId> where;
  appendScalars(*selected, where);
  bool dynamic = false;
  for (ExprId e : where)
    dynamic |= !pool().constantValue(e);
  if (dynamic)
    return assignIndexed(*ref, var, value, scope, loc);
  if (current.isString())
    return assignString(current, scalars, where, value, *selected, loc);
  if (compiled_ && selected->isString() && !selected->isRecord) {
    // A String field of a record (`token.string := ""`): its slots take the
    // pointers to the texts, as a String variable's do.
    if (!value.isString() || value.isRecord || value.dims != selected->dims) {
      f_.diags().report(diag::StringVariableNeedsString, loc);
      return false;
    }
    std::vector<ExprId> pointers = f_.stringPointers(value);
    if (pointers.size() != where.size()) {
      f_.diags().report(diag::CannotAssign, loc, {describe(value), describe(*selected)});
      return false;
    }
    storeScalars(scalars, where, std::move(pointers), loc);
    return true;
  }
  bool compatible = selected->isRecord ? sameStructure(*selected, value)
                                       : (!value.isRecord && !value.isString() &&
                                          (value.dims == selected->dims || value.isScalar()));
  if (!compatible) {
    f_.diags().report(diag::CannotAssign, loc, {describe(value), describe(*selected)});
    return false;
  }
  std::vector<ExprId> values;
  appendScalars(value, values);
  if (values.size() == 1 && where.size() > 1 && value.isScalar() && !selected->isRecord) {
    f_.diags().report(diag::CannotAssignScalar, loc, {describe(*selected)});
    return false;
  }
  if (!compiled_) {
    for (size_t k = 0; k < where.size(); ++k) {
      size_t at = static_cast<size_t>(*pool().constantValue(where[k]));
      scalars[at] = pool().ifElse(active_, values[k], scalars[at]);
    }
    next = 0;
    current = rebuild(current, scalars, next);
    return true;
  }
  storeScalars(scalars, where, std::move(values), loc);
  return true;
}

/// Assigns `value` to the positions `where` of the String variable whose
/// value is `current` (its slots `scalars` when compiling).
bool FunctionLowering::assignString(Value &current, const std::vector<ExprId> &scalars,
                                    const std::vector<ExprId> &where, const Value &value,
                                    const Value &selected, SourceRange loc) {
  if (!value.isString() || value.dims != selected.dims) {
    f_.diags().report(diag::StringVariableNeedsString, loc);
    return false;
  }
  if (compiled_) { // the pointers to the texts go to the slots
    std::vector<ExprId> pointers = f_.stringPointers(value);
    for (size_t k = 0; k < where.size(); ++k)
      emit(assignment(loc, pool().variableOf(scalars[static_cast<size_t>(*pool().constantValue(where[k]))]),
                      pointers[k]));
    return true;
  }
  // Inlining: the texts, known while translating.
  if (!pool().isConstant(active_, 1.0))
    return unsupported("assigning a String under a condition known only at run time");
  if (value.strings.size() != where.size() ||
      static_cast<int64_t>(current.strings.size()) != current.count())
    return unsupported("a String known only at run time");
  for (size_t k = 0; k < where.size(); ++k)
    current.strings[static_cast<size_t>(*pool().constantValue(where[k]))] = value.strings[k];
  return true;
}

/// Compiled: stores `values` into the slots of `scalars` at positions
/// `where`.
void FunctionLowering::storeScalars(const std::vector<ExprId> &scalars,
                                    const std::vector<ExprId> &where, std::vector<ExprId> values,
                                    SourceRange loc) {
  // Compiled: values that read a slot being written go through temporaries,
  // so that `x := {x[2], x[1]}` swaps.
  std::set<uint32_t> written;
  for (ExprId w : where)
    written.insert(pool().variableOf(scalars[static_cast<size_t>(*pool().constantValue(w))]).index);
  bool conflict = false;
  for (ExprId v : values)
    for (sym::VarId read : sym::variablesOf(pool(), v))
      conflict |= written.count(read.index) > 0;
  if (conflict && values.size() > 1)
    for (ExprId &v : values) {
      sym::VarId temp{newSlot()};
      emit(assignment(loc, temp, v));
      v = pool().variable(temp);
    }
  for (size_t k = 0; k < where.size(); ++k) {
    ExprId slot = scalars[static_cast<size_t>(*pool().constantValue(where[k]))];
    emit(assignment(loc, pool().variableOf(slot), values[k]));
  }
}

bool FunctionLowering::assignIndexed(const ast::RefExpr &ref, Instance *var, Value value,
                                     Scope scope, SourceRange loc) {
  // x[i] := v, x[i, j] := v, x[i:i + 1] := {a, b} with i known only at run
  // time: one indexed assignment per element.
  Value &current = frame_.values[var];
  if (!compiled_ && !modelAlgorithm_)
    return unsupported("an assignment with a subscript known only at run time");
  // Compiled, a String array's slots hold pointers to the texts
  // (Strings.cpp): the value's pointers are stored as numbers are.
  bool pointers = compiled_ && current.isString() && !current.isRecord && value.isString() &&
                  !value.isRecord && static_cast<int64_t>(current.elements.size()) == current.count();
  if (ref.parts.size() != 1 || current.isRecord || (current.isString() && !pointers) ||
      value.isRecord || (value.isString() && !pointers) ||
      ref.parts[0].subscripts.size() > current.dims.size()) {
    f_.diags().report(diag::RunTimeSubscriptAssignmentNotNumbers, loc);
    return false;
  }
  if (pointers) {
    std::vector<ExprId> addresses = f_.stringPointers(value);
    if (static_cast<int64_t>(addresses.size()) != value.count()) {
      f_.diags().report(diag::RunTimeSubscriptAssignmentNotNumbers, loc);
      return false;
    }
    value.strings.clear();
    value.elements = std::move(addresses);
  }
  auto selection = f_.dynamicSelection(current.dims, ref.parts[0], scope);
  if (!selection)
    return false;
  if (value.dims != selection->resultDims) {
    f_.diags().report(diag::CannotAssignToElements, loc,
                      {describe(value), shapeText(selection->resultDims)});
    return false;
  }
  if (!compiled_) {
    // An algorithm of a model (`buf[iTick] := u` in a when-statement): each
    // element the subscripts can reach takes the value if they select it,
    // else keeps its own; the values are read before any is written. A
    // subscript out of bounds fails the run when the statement runs.
    std::vector<ExprId> scalars = current.elements;
    ExprId inside = pool().one();
    for (size_t k = 0; k < selection->linear.size(); ++k) {
      const std::vector<ExprId> &indices = selection->indices[k];
      for (size_t d = 0; d < indices.size(); ++d)
        inside = pool().binary(
            OpKind::And, inside,
            pool().binary(OpKind::And, pool().binary(OpKind::GreaterEq, indices[d], pool().one()),
                          pool().binary(OpKind::LessEq, indices[d],
                                        pool().constant(static_cast<double>(current.dims[d])))));
      for (size_t at = 0; at < scalars.size(); ++at) {
        ExprId chosen = pool().binary(OpKind::Equal, selection->linear[k],
                                      pool().constant(static_cast<double>(at)));
        if (pool().isConstant(chosen, 0.0))
          continue;
        ExprId when = pool().binary(OpKind::And, active_, pool().unary(OpKind::NoEvent, chosen));
        scalars[at] = pool().ifElse(when, value.elements[k], scalars[at]);
      }
    }
    if (!pool().isConstant(inside, 1.0) && !scalars.empty()) {
      ExprId outside = pool().binary(OpKind::And, active_,
                                     pool().unary(OpKind::NoEvent, pool().unary(OpKind::Not, inside)));
      ExprId error = f_.subscriptError(selection->indices[0], current.dims, ref.parts[0].name,
                                       ref.parts[0].range);
      scalars[0] = pool().ifElse(outside, error, scalars[0]);
    }
    current.elements = std::move(scalars);
    return true;
  }
  // Several values go to temporaries first, since they may read the
  // elements being written (`x[i:i + 1] := x[i + 1:i + 2]`).
  std::vector<ExprId> values = value.elements;
  if (values.size() > 1)
    for (ExprId &v : values) {
      sym::VarId temp{newSlot()};
      emit(assignment(loc, temp, v));
      v = pool().variable(temp);
    }
  for (size_t k = 0; k < values.size(); ++k) {
    flat::Statement st;
    st.kind = flat::StatementKind::AssignIndexed;
    st.loc = loc;
    st.firstSlot = pool().variableOf(current.elements[0]).index;
    st.size = static_cast<uint32_t>(current.count());
    st.index = selection->linear[k];
    st.value = values[k];
    emit(std::move(st));
  }
  return true;
}

bool FunctionLowering::ifStatement(const ast::IfStatement &s, Scope scope, size_t branch) {
  if (branch == s.branches.size())
    return true;
  const ast::StatementBranch &b = s.branches[branch];
  if (!b.condition)
    return statements(b.body, scope.lexical);
  auto c = f_.lower(*b.condition, scope);
  if (!c)
    return false;
  if (!c->isScalar() || c->type != ElementType::Boolean || c->isRecord) {
    f_.diags().report(diag::IfStatementConditionNotBoolean, b.condition->range);
    return false;
  }
  ExprId condition = c->elements[0];
  if (auto constant = f_.evaluate(condition))
    return *constant != 0 ? statements(b.body, scope.lexical) : ifStatement(s, scope, branch + 1);
  if (!compiled_) {
    // Both branches run, each guarded by its condition.
    ExprId entry = active_;
    active_ = pool().binary(OpKind::And, entry, condition);
    if (!statements(b.body, scope.lexical))
      return false;
    ExprId afterThen = active_;
    active_ = pool().binary(OpKind::And, entry, pool().unary(OpKind::Not, condition));
    if (!ifStatement(s, scope, branch + 1))
      return false;
    active_ = pool().binary(OpKind::Or, afterThen, active_);
    return true;
  }
  flat::Statement st;
  st.kind = flat::StatementKind::If;
  st.loc = b.range;
  st.condition = condition;
  auto *outer = current_;
  current_ = &st.body;
  bool ok = statements(b.body, scope.lexical);
  current_ = &st.elseBody;
  ok = ok && ifStatement(s, scope, branch + 1);
  current_ = outer;
  if (ok)
    emit(std::move(st));
  return ok;
}

/// A for-loop over a range known here, unrolled.
bool FunctionLowering::forRange(const ast::ForStatement &s, Scope scope, size_t level,
                                const Value &range) {
  const ast::ForIndex &index = s.indices[level];
  ExprId entry = active_;
  ++loopDepth_;
  size_t count = range.isString() ? range.strings.size() : range.elements.size();
  for (size_t k = 0; k < count; ++k) {
    Value item = range.isString() ? Value::string(range.strings[k])
                                  : Value::scalar(range.elements[k], range.type);
    if (range.type == ElementType::Enumeration)
      item.recordName = range.recordName;
    f_.iterators.push_back({index.name, item});
    bool ok = forStatement(s, scope, level + 1);
    f_.iterators.pop_back();
    if (!ok) {
      --loopDepth_;
      return false;
    }
  }
  --loopDepth_;
  if (!compiled_) // after a break, the statements after the loop run again
    active_ = pool().binary(OpKind::And, entry, pool().unary(OpKind::Not, returned_));
  return true;
}

bool FunctionLowering::forStatement(const ast::ForStatement &s, Scope scope, size_t level) {
  if (level == s.indices.size())
    return statements(s.body, scope.lexical);
  const ast::ForIndex &index = s.indices[level];
  // A range whose bounds are known here is unrolled (up to a limit);
  // otherwise the loop runs with a counter slot.
  std::optional<Value> range;
  if (!index.range) {
    range = f_.deduceRange(index.name,
                           [&](const ast::ExprVisitor &v) {
                             for (const auto &body : s.body)
                               ast::forEachExpr(*body, v);
                           },
                           scope, s.range);
    if (!range)
      return false;
    return forRange(s, scope, level, *range);
  }
  const auto *r = ast::dynCast<ast::RangeExpr>(index.range.get());
  std::optional<Value> start, step, stop;
  bool constantRange = true;
  if (r) {
    start = f_.lower(*r->start, scope);
    step = r->step ? f_.lower(*r->step, scope) : Value::scalar(pool().one(), ElementType::Integer);
    stop = f_.lower(*r->stop, scope);
    if (!start || !step || !stop)
      return false;
    constantRange = f_.evaluate(start->elements[0]) && f_.evaluate(step->elements[0]) &&
                    f_.evaluate(stop->elements[0]);
    if (constantRange) {
      double a = *f_.evaluate(start->elements[0]), h = *f_.evaluate(step->elements[0]),
             b = *f_.evaluate(stop->elements[0]);
      constantRange = h != 0 && std::floor((b - a) / h) + 1 <= kMaxUnrolledIterations;
    }
  }
  if (!r || constantRange) {
    range = r ? f_.lower(*index.range, scope) : f_.lower(*index.range, scope);
    if (!range)
      return false;
    if (range->rank() != 1 || range->isRecord) {
      f_.diags().report(diag::IteratorRangeNotVector, index.range->range, {index.name});
      return false;
    }
    return forRange(s, scope, level, *range);
  }
  if (!compiled_)
    return unsupported("a for-loop whose range is known only at run time");
  flat::Statement st;
  st.kind = flat::StatementKind::For;
  st.loc = s.range;
  st.target = sym::VarId{newSlot()};
  st.start = start->elements[0];
  st.step = step->elements[0];
  st.stop = stop->elements[0];
  auto *outer = current_;
  current_ = &st.body;
  f_.iterators.push_back({index.name, Value::scalar(pool().variable(st.target), ElementType::Integer)});
  bool ok = forStatement(s, scope, level + 1);
  f_.iterators.pop_back();
  current_ = outer;
  if (ok)
    emit(std::move(st));
  return ok;
}

bool FunctionLowering::whileStatement(const ast::WhileStatement &s, Scope scope) {
  if (!compiled_)
    return unsupported("a while-loop");
  auto c = f_.lower(*s.condition, scope);
  if (!c)
    return false;
  flat::Statement st;
  st.kind = flat::StatementKind::While;
  st.loc = s.range;
  st.condition = c->elements[0];
  auto *outer = current_;
  current_ = &st.body;
  bool ok = statements(s.body, scope.lexical);
  current_ = outer;
  if (ok)
    emit(std::move(st));
  return ok;
}

bool FunctionLowering::assertStatement(const ast::CallExpr &call, Scope scope, SourceRange loc) {
  if (call.args.empty()) {
    f_.diags().report(diag::AssertStatementArguments, loc);
    return false;
  }
  auto c = f_.lower(*call.args[0], scope);
  if (!c)
    return false;
  if (!compiled_) {
    // Inlined, the assert would have no place to be checked: unless it
    // holds whatever the arguments, the function is compiled instead.
    if (c->isScalar() &&
        pool().isConstant(
            pool().binary(OpKind::Or, pool().unary(OpKind::Not, active_), c->elements[0]), 1.0))
      return true;
    return unsupported("assert()");
  }
  flat::Statement st;
  st.kind = flat::StatementKind::Assert;
  st.loc = loc;
  st.condition = c->elements[0];
  if (call.args.size() > 1)
    st.message = f_.messageParts(*call.args[1], scope);
  for (const ast::NamedArgument &named : call.namedArgs)
    if (named.name == "message")
      st.message = f_.messageParts(*named.value, scope);
  const ast::Expr *level = call.args.size() > 2 ? call.args[2].get() : nullptr;
  for (const ast::NamedArgument &named : call.namedArgs)
    if (named.name == "level")
      level = named.value.get();
  if (level)
    if (auto v = f_.lower(*level, scope); v && f_.evaluate(v->elements[0]))
      st.level = static_cast<int>(*f_.evaluate(v->elements[0]));
  // Where it is, for the run-time report (as for asserts in equations).
  if (loc.valid()) {
    flat::MessagePart part;
    part.text = " (at " + f_.diags().sources().shortLocation(loc.start()) + " in `" +
                compiled_->name + "`)";
    part.type = ElementType::String;
    st.message.push_back(std::move(part));
  }
  emit(std::move(st));
  return true;
}

/// `f(x);` in a function: the call runs for its effects (its asserts, its
/// external C code). Inlined, there is no statement to run it: a call with
/// effects makes the function compiled instead.
bool FunctionLowering::callStatement(const ast::CallExpr &call, Scope scope, SourceRange loc) {
  auto effects = f_.lowerCallEffects(call, scope);
  if (!effects)
    return false;
  if (!compiled_) {
    bool holds = effects->calls.empty();
    for (const Flattener::ExpandedAssert &a : effects->asserts)
      holds = holds && pool().isConstant(a.condition, 1.0);
    return holds || unsupported("a call statement");
  }
  for (ExprId c : effects->calls) {
    flat::Statement st;
    st.kind = flat::StatementKind::Call;
    st.loc = loc;
    st.value = c;
    emit(std::move(st));
  }
  for (Flattener::ExpandedAssert &a : effects->asserts) {
    a.loc = loc; // where the function being lowered calls it
    emit(assertion(a));
  }
  return true;
}

/// An assert of an expanded call as a statement, its message ending with
/// where the assert is and the function being lowered.
flat::Statement FunctionLowering::assertion(Flattener::ExpandedAssert &a) {
  flat::Statement st;
  st.kind = flat::StatementKind::Assert;
  st.loc = a.loc;
  st.condition = a.condition;
  st.message = std::move(a.message);
  st.level = a.level;
  if (a.loc.valid()) {
    flat::MessagePart part;
    part.text = " (at " + f_.diags().sources().shortLocation(a.loc.start()) + " in `" +
                compiled_->name + "`)";
    part.type = ElementType::String;
    st.message.push_back(std::move(part));
  }
  return st;
}

bool FunctionLowering::modelCallStatement(const ast::CallExpr &call, Scope scope, SourceRange loc) {
  std::string name = call.callee->str();
  // The condition under which the statement runs: an if around it, and
  // initialization for an initial algorithm.
  ExprId guard = active_;
  if (initialAlgorithm_)
    guard = pool().binary(OpKind::And, guard,
                          pool().variable(f_.model().specialVariable(flat::SpecialKind::Initial)));
  bool always = pool().isConstant(guard, 1.0);
  if (name == "assert") {
    f_.lowerAssert(call, scope, loc, whenBranch_, always ? ExprId{} : guard);
    return true;
  }
  if (name == "reinit" || name == "terminate") {
    if (!whenBranch_) {
      f_.diags().report(diag::OnlyInsideWhenStatement, loc, {name});
      return false;
    }
    if (name == "terminate") {
      if (call.args.size() != 1) {
        f_.diags().report(diag::TerminateArguments, loc);
        return false;
      }
      if (!always)
        return unsupported("terminate() inside an if-statement");
      whenBranch_->terminates.push_back(f_.messageParts(*call.args[0], scope));
      return true;
    }
    if (call.args.size() != 2) {
      f_.diags().report(diag::ReinitArguments, loc);
      return false;
    }
    auto x = f_.lower(*call.args[0], scope), value = f_.lower(*call.args[1], scope);
    if (!x || !value)
      return false;
    if (x->elements.size() != value->elements.size()) {
      f_.diags().report(diag::ReinitSizesDiffer, loc);
      return false;
    }
    for (size_t k = 0; k < x->elements.size(); ++k) {
      sym::VarId v = pool().variableOf(x->elements[k]);
      if (!v.valid() || f_.model().var(v).type != flat::TypeKind::Real) {
        f_.diags().report(diag::ReinitNeedsState, call.args[0]->range);
        return false;
      }
      f_.reinitTargets.push_back({v, call.args[0]->range});
      whenBranch_->reinits.push_back({v, pool().ifElse(guard, value->elements[k], x->elements[k])});
    }
    return true;
  }
  // Any other call runs for its effects: when the when-statement's branch
  // fires, else with the model's assertions (an initial algorithm's once,
  // at initialization).
  auto effects = f_.lowerCallEffects(call, scope);
  if (!effects)
    return false;
  if (!effects->calls.empty() && effects->impure && !whenBranch_ && !initialAlgorithm_) {
    f_.diags().report(diag::ImpureCallInStatement, loc, {call.callee->str()});
    return false;
  }
  for (ExprId c : effects->calls) {
    ExprId effect = always ? c : pool().ifElse(guard, c, pool().zero());
    (whenBranch_ ? whenBranch_->calls : f_.model().calls).push_back({effect, loc});
  }
  for (Flattener::ExpandedAssert &a : effects->asserts) {
    ExprId condition =
        always ? a.condition
               : pool().binary(OpKind::Or, pool().unary(OpKind::Not, guard), a.condition);
    (whenBranch_ ? whenBranch_->asserts : f_.model().assertions)
        .push_back({condition, std::move(a.message), a.level, loc});
  }
  return true;
}

void collectTargets(const std::vector<ast::StatementPtr> &body, std::vector<const ast::RefExpr *> &out) {
  for (const auto &s : body)
    collectTargets(*s, out);
}

void collectTargets(const ast::Statement &s, std::vector<const ast::RefExpr *> &out) {
  switch (s.kind) {
  case ast::StatementKind::Assign:
    out.push_back(ast::cast<ast::AssignStatement>(s).target.get());
    break;
  case ast::StatementKind::TupleAssign:
    for (const auto &t : ast::cast<ast::TupleAssignStatement>(s).targets)
      if (const auto *ref = t ? ast::dynCast<ast::RefExpr>(t.get()) : nullptr)
        out.push_back(ref);
    break;
  case ast::StatementKind::If:
    for (const auto &b : ast::cast<ast::IfStatement>(s).branches)
      collectTargets(b.body, out);
    break;
  case ast::StatementKind::When:
    for (const auto &b : ast::cast<ast::WhenStatement>(s).branches)
      collectTargets(b.body, out);
    break;
  case ast::StatementKind::For:
    collectTargets(ast::cast<ast::ForStatement>(s).body, out);
    break;
  case ast::StatementKind::While:
    collectTargets(ast::cast<ast::WhileStatement>(s).body, out);
    break;
  default:
    break;
  }
}

} // namespace mocc::flattening
