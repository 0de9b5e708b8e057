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
#include "compiler/flatten/Functions.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Stack.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

namespace {

void collectTargets(const std::vector<ast::StatementPtr> &body, std::vector<const ast::RefExpr *> &out);

constexpr int64_t kMaxUnrolledIterations = 256;

/// The most slots (numbers) of a compiled function: they live in its
/// stack frame, on the stack of the thread that runs it.
constexpr int64_t kMaxFunctionSlots = int64_t{1} << 23;

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

/// The value of a Boolean entry of a class's annotation, e.g. Inline = true.
bool annotationFlag(const ast::ClassDef *def, const char *name) {
  if (!def || !def->annotation)
    return false;
  for (const ast::Argument &arg : def->annotation->arguments)
    if (arg.path.parts.size() == 1 && arg.path.parts[0] == name && arg.mod && arg.mod->binding)
      if (auto *b = ast::dynCast<ast::BooleanExpr>(arg.mod->binding.get()))
        return b->value;
  return false;
}

/// A key that tells specializations apart: the structure of each argument
/// (and the text of String arguments, which are compile-time constants).
void appendShapeKey(const Value &v, std::string &key) {
  key += v.isRecord ? "R" : v.isString() ? "S" : "N";
  for (int64_t d : v.dims)
    key += std::to_string(d) + ",";
  for (const std::string &s : v.strings)
    key += "\"" + s + "\"";
  if (v.isString() && !v.isRecord && static_cast<int64_t>(v.strings.size()) != v.count())
    key += "?"; // known only at run time
  for (const Value &item : v.items)
    appendShapeKey(item, key);
  for (const auto &[name, field] : v.fields) {
    key += name + "{";
    appendShapeKey(field, key);
    key += "}";
  }
  key += ";";
}

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

/// Symbolic execution of one function body (see the file comment). While it
/// exists, its variables are in scope for lowering and, when compiling,
/// expressions are built in the function's own pool.
class FunctionLowering {
public:
  FunctionLowering(Flattener &f, Instance *function, flat::Function *compiled)
      : f_(f), function_(function), compiled_(compiled) {
    frame_.function = function;
    frame_.compiled = compiled != nullptr;
    f_.frames.push_back(&frame_);
    savedIterators_.swap(f_.iterators); // no iterator of the caller is visible
    if (compiled_) {
      savedPool_ = f_.setPool(&compiled_->pool);
      current_ = &compiled_->body;
    }
    active_ = pool().one();
    returned_ = pool().zero();
  }
  ~FunctionLowering() {
    f_.frames.pop_back();
    f_.iterators.swap(savedIterators_);
    if (compiled_)
      f_.setPool(savedPool_);
  }
  FunctionLowering(const FunctionLowering &) = delete;
  FunctionLowering &operator=(const FunctionLowering &) = delete;

  /// Binds the inputs; in compiled mode `args` only give the shapes, and an
  /// input with a value in `constants` is that constant in the body.
  bool bindInputs(const std::vector<Value> &args,
                  const std::vector<std::optional<double>> &constants);
  /// Creates the outputs and protected variables (their sizes may depend
  /// on the inputs).
  bool declareLocals();
  bool declareLocal(inst::Member *m, bool output);
  /// Executes bindings of outputs and protected variables, then the
  /// algorithm; false on an error, or (inlining) on a construct that cannot
  /// be inlined (then `notInlinable` is set).
  bool run();
  std::vector<Value> outputs();
  bool notInlinable = false;
  std::string notInlinableReason;

  /// Lowers a model's algorithm section (MLS 11.1) instead of a function
  /// body: function_ is the model instance, the variables the statements
  /// assign are given their values at the start (setValue), and calls of
  /// assert, reinit and terminate go to the model (or to `branch`, the
  /// when-statement branch being lowered).
  void setModelAlgorithm(flat::WhenBranch *branch, bool initial) {
    modelAlgorithm_ = true;
    whenBranch_ = branch;
    initialAlgorithm_ = initial;
  }
  void setValue(Instance *var, Value value) { frame_.values[var] = std::move(value); }
  const Value &valueOf(Instance *var) { return frame_.values[var]; }
  bool runStatements(const std::vector<ast::StatementPtr> &body, inst::ClassNode *lexical) {
    return statements(body, lexical);
  }
  bool runStatement(const ast::Statement &s, inst::ClassNode *lexical) {
    return statement(s, lexical);
  }

private:
  std::optional<Value> makeSlots(Instance *var, const Value *shape, const std::string &name,
                                 flat::FunctionVariable::Kind kind);
  std::optional<std::vector<int64_t>> localDims(Instance *var, const Value *shape);
  bool statements(const std::vector<ast::StatementPtr> &body, inst::ClassNode *lexical);
  bool statement(const ast::Statement &s, inst::ClassNode *lexical);
  bool assign(const ast::Expr &target, const Value &value, Scope scope, SourceRange loc);
  bool assignIndexed(const ast::RefExpr &ref, Instance *var, const Value &value, Scope scope,
                     SourceRange loc);
  bool ifStatement(const ast::IfStatement &s, Scope scope, size_t branch);
  bool forStatement(const ast::ForStatement &s, Scope scope, size_t level);
  bool whileStatement(const ast::WhileStatement &s, Scope scope);
  bool forRange(const ast::ForStatement &s, Scope scope, size_t level, const Value &range);
  /// Assigns the bindings of a record variable's fields, recursively.
  bool fieldBindings(Instance *record, std::vector<std::string> path, SourceRange loc);
  bool assertStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  bool modelCallStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  bool callStatement(const ast::CallExpr &call, Scope scope, SourceRange loc);
  flat::Statement assertion(Flattener::ExpandedAssert &a);
  bool unsupported(const std::string &reason);
  bool externalCall(const ast::ExternalClause &ext);
  bool externalArgument(const ast::Expr &arg, flat::ExternalCall &call);
  bool variableArgument(Instance *var, bool withSizes, SourceRange loc, flat::ExternalCall &call);
  bool externalResult(Instance *var, SourceRange loc, flat::ExternalCall &call);
  void externalAnnotations(const ast::ExternalClause &ext, flat::ExternalCall &call);
  std::string resolveUri(const std::string &uri);
  void emit(flat::Statement s) { current_->push_back(std::move(s)); }
  Instance *variableOf(const ast::RefExpr &ref, Scope scope);
  uint32_t newSlot() { return compiled_->numSlots++; }
  sym::ExprPool &pool() { return f_.pool(); }

  Flattener &f_;
  Instance *function_;
  flat::Function *compiled_; ///< null when inlining
  FunctionFrame frame_;
  /// Compiled: each variable's slots (its value in frame_ may instead be a
  /// constant while that is known, for sizes that depend on it).
  std::unordered_map<Instance *, Value> slots_;
  sym::ExprPool *savedPool_ = nullptr;
  std::vector<std::pair<std::string, Value>> savedIterators_;
  std::vector<flat::Statement> *current_ = nullptr;
  ExprId active_;   ///< inlining: the condition under which statements run
  ExprId returned_; ///< inlining: the condition under which it returned
  int loopDepth_ = 0;
  bool modelAlgorithm_ = false;
  bool initialAlgorithm_ = false;
  flat::WhenBranch *whenBranch_ = nullptr;
};

bool FunctionLowering::unsupported(const std::string &reason) {
  if (!compiled_) {
    notInlinable = true;
    notInlinableReason = reason;
  }
  return false;
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
      if (!from || from->rank() <= static_cast<int>(i)) {
        f_.diags().error(expr->range, "the size of `" + var->name +
                                          "` is unknown: it has `:` and neither an argument nor "
                                          "its binding gives it");
        return std::nullopt;
      }
      dims.push_back(from->dims[i]);
      continue;
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
  // A functional input (MLS 12.4.2) holds the function passed to it; the
  // call is inlined, so it is known here.
  if (var->cls && !var->isBuiltin() &&
      (var->restriction() == ast::ClassRestrictionKind::Function ||
       var->restriction() == ast::ClassRestrictionKind::OperatorFunction)) {
    if (!shape || !shape->isFunction() || compiled_) {
      f_.diags().error(var->loc, "the functional input `" + var->name + "` needs a function as "
                                 "its argument");
      return std::nullopt;
    }
    return *shape;
  }
  auto dims = localDims(var, shape);
  if (!dims)
    return std::nullopt;
  bool negative = std::any_of(dims->begin(), dims->end(), [](int64_t d) { return d < 0; });
  auto count = elementCount(*dims);
  if (!negative && (!count || (compiled_ && var->isBuiltin() &&
                               compiled_->numSlots + *count > kMaxFunctionSlots))) {
    f_.diags().error(var->loc, "with `" + var->name + "` of shape " + shapeText(*dims) +
                                   ", the variables of `" + function_->cls->fullName() +
                                   "` take more than " + std::to_string(kMaxFunctionSlots) +
                                   " numbers, more than the stack frame of a call holds (" +
                                   std::to_string(kMaxFunctionSlots * 8 >> 20) + " MiB)");
    return std::nullopt;
  }
  if (shape && shape->dims != *dims) {
    f_.diags().error(var->loc, "the argument for `" + var->name + "` has shape " +
                                   shapeText(shape->dims) + " but the input has shape " +
                                   shapeText(*dims));
    return std::nullopt;
  }
  Value v;
  if (var->builtin == inst::BuiltinKind::ExternalObject) {
    // MLS 12.9.7: an input of any function, the output of its constructor.
    std::string cls = var->cls->fullName();
    bool constructorOutput = kind == flat::FunctionVariable::Kind::Output &&
                             function_->cls->name == "constructor" && function_->cls->parent &&
                             function_->cls->parent->fullName() == cls;
    if ((kind == flat::FunctionVariable::Kind::Protected && !compiled_) ||
        (kind == flat::FunctionVariable::Kind::Output && !constructorOutput) || !dims->empty()) {
      if (kind == flat::FunctionVariable::Kind::Protected) {
        unsupported("a protected external object"); // inlining gives way to compiling
        return std::nullopt;
      }
      f_.diags().error(var->loc, "the external object `" + var->name + "` of class `" + cls +
                                     "` can only be a scalar input, a protected variable, or "
                                     "the output of its constructor");
      return std::nullopt;
    }
    if (shape && (shape->type != ElementType::ExternalObject || shape->recordName != cls)) {
      f_.diags().error(var->loc, "the argument for `" + var->name +
                                     "` is not an external object of class `" + cls + "`");
      return std::nullopt;
    }
    v.type = ElementType::ExternalObject;
    v.recordName = cls;
  }
  if (var->isBuiltin()) {
    if (var->builtin != inst::BuiltinKind::ExternalObject)
      v.type = var->builtin == inst::BuiltinKind::Integer   ? ElementType::Integer
               : var->builtin == inst::BuiltinKind::Boolean ? ElementType::Boolean
               : var->builtin == inst::BuiltinKind::String  ? ElementType::String
               : var->builtin == inst::BuiltinKind::Real    ? ElementType::Real
                                                            : ElementType::Enumeration;
    v.dims = *dims;
    if (shape && (shape->isRecord || shape->isString() != v.isString() ||
                  (!v.isString() && static_cast<int64_t>(shape->elements.size()) != v.count()))) {
      f_.diags().error(var->loc, "the argument for `" + var->name + "` is " +
                                     (shape->isRecord ? "a record" : shape->isString() ? "a String"
                                                                                        : "a number") +
                                     ", which the input cannot take");
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
    flat::FunctionVariable fv{kind, name, v.type, *dims, compiled_ ? compiled_->numSlots : 0};
    for (int64_t k = 0; k < v.count(); ++k)
      v.elements.push_back(compiled_ ? pool().variable(sym::VarId{newSlot()})
                                     : (shape ? shape->elements[k] : pool().zero()));
    if (compiled_)
      compiled_->variables.push_back(fv);
    return v;
  }
  if (!var->isRecord() || !dims->empty()) {
    f_.diags().error(var->loc, "function variables of class `" +
                                   (var->cls ? var->cls->fullName() : std::string("?")) +
                                   "` are not supported (only built-in types and records)");
    return std::nullopt;
  }
  v.isRecord = true;
  v.recordName = var->cls->fullName();
  auto &members = var->members();
  size_t fieldIndex = 0;
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    const Value *fieldShape = shape && fieldIndex < shape->fields.size()
                                  ? &shape->fields[fieldIndex].second : nullptr;
    ++fieldIndex;
    auto field = makeSlots(var->memberInstance(m), fieldShape, name + "." + m.name, kind);
    if (!field)
      return std::nullopt;
    v.fields.push_back({m.name, std::move(*field)});
  }
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

bool FunctionLowering::run() {
  // Protected variables are created in declaration order, after the
  // bindings before them ran: their sizes may depend on those.
  auto &members = function_->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member *m = &members[i];
    if (m->kind != inst::Member::Kind::Component)
      continue;
    Instance *var = function_->memberInstance(*m);
    if (!var || frame_.values.count(var) == 0) {
      if (!m->isProtected && function_->causalityOf(*m) == ast::CausalityKind::Input)
        continue;
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
  return true;
}

// --- External functions (MLS 12.9) -----------------------------------------------------------

/// The call of an external C function: the C name and arguments of the
/// explicit call, or the default mapping (the inputs in order, each array
/// followed by its sizes; a single scalar output is the result, otherwise
/// the outputs follow as pointers).
bool FunctionLowering::externalCall(const ast::ExternalClause &ext) {
  if (!compiled_)
    return unsupported("an external function");
  bool fortran = ext.language == "FORTRAN 77";
  bool c = ext.language.empty() || ext.language == "C" || ext.language == "C89" ||
           ext.language == "C99" || ext.language == "C11";
  if (!c && !fortran) {
    f_.diags().error(ext.range, "external functions in the language \"" + ext.language +
                                    "\" are not supported (only \"C\" and \"FORTRAN 77\")");
    return false;
  }
  auto call = std::make_shared<flat::ExternalCall>();
  call->loc = ext.range;
  call->function = ext.hasCall ? ext.function : function_->cls->name;
  if (fortran) {
    call->language = flat::ExternalCall::Language::Fortran77;
    std::transform(call->function.begin(), call->function.end(), call->function.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    call->function += "_";
  }
  inst::ClassNode *owner = function_->cls->parent;
  call->isDestructor = function_->cls->name == "destructor" && owner &&
                       f_.instantiator().isExternalObjectClass(owner);
  if (ext.hasCall) {
    for (const ast::ExprPtr &arg : ext.args)
      if (!externalArgument(*arg, *call))
        return false;
    if (ext.output) {
      Instance *var = variableOf(*ext.output, Scope{function_, function_->cls});
      if (!var || !externalResult(var, ext.output->range, *call))
        return false;
    }
  } else {
    auto outputs = membersOf(function_, 1);
    Instance *result = nullptr;
    if (outputs.size() == 1) {
      Instance *out = function_->memberInstance(*outputs[0]);
      const Value &slots = slots_[out];
      if (slots.isScalar() && !slots.isRecord)
        result = out;
    }
    for (inst::Member *m : membersOf(function_, 0))
      if (!variableArgument(function_->memberInstance(*m), true, ext.range, *call))
        return false;
    for (inst::Member *m : outputs) {
      Instance *out = function_->memberInstance(*m);
      if (out == result ? !externalResult(out, ext.range, *call)
                        : !variableArgument(out, true, ext.range, *call))
        return false;
    }
  }
  externalAnnotations(ext, *call);
  compiled_->external = std::move(call);
  return true;
}

/// A variable of the function as an argument: a scalar input by value, a
/// String as its text, an array or an output by address (followed by its
/// sizes in the default mapping).
bool FunctionLowering::variableArgument(Instance *var, bool withSizes, SourceRange loc,
                                        flat::ExternalCall &call) {
  const Value &slots = slots_[var];
  bool input = var->prefixes.causality == ast::CausalityKind::Input && !var->prefixes.isProtected;
  flat::ExternalArgument arg;
  arg.type = slots.type;
  if (slots.isRecord) {
    f_.diags().error(loc, "the record `" + var->name +
                              "` cannot be passed to an external function (not supported)");
    return false;
  }
  const Value &current = frame_.values[var];
  bool knownText = static_cast<int64_t>(current.strings.size()) == slots.count();
  if (slots.isString() && input && knownText) { // a constant of the specialization
    arg.kind = flat::ExternalArgument::Kind::String;
    arg.strings = current.strings;
    arg.isArray = !slots.isScalar();
  } else if (slots.isString() && input && slots.isScalar()) { // a pointer known at run time
    arg.kind = flat::ExternalArgument::Kind::Value;
    arg.value = f_.stringPointers(current)[0];
  } else if (slots.isString()) {
    // The slots hold the pointers (`const char **`); an output's get the
    // one the C function stores.
    arg.kind = flat::ExternalArgument::Kind::Pointer;
    arg.count = static_cast<uint32_t>(slots.elements.size());
    arg.firstSlot = slots.elements.empty() ? 0 : pool().variableOf(slots.elements[0]).index;
    arg.writable = !input;
    arg.dims = slots.dims;
  } else if (slots.isScalar() && input) {
    arg.kind = flat::ExternalArgument::Kind::Value;
    arg.value = slots.elements[0];
  } else {
    arg.kind = flat::ExternalArgument::Kind::Pointer;
    arg.count = static_cast<uint32_t>(slots.elements.size());
    arg.dims = slots.dims;
    arg.firstSlot = slots.elements.empty() ? 0 : pool().variableOf(slots.elements[0]).index;
    arg.writable = !input;
  }
  call.args.push_back(std::move(arg));
  if (withSizes)
    for (int64_t d : slots.dims) {
      flat::ExternalArgument size;
      size.type = flat::TypeKind::Integer;
      size.value = pool().constant(static_cast<double>(d));
      call.args.push_back(std::move(size));
    }
  return true;
}

bool FunctionLowering::externalResult(Instance *var, SourceRange loc, flat::ExternalCall &call) {
  const Value &slots = slots_[var];
  if (var->prefixes.causality != ast::CausalityKind::Output || !slots.isScalar() ||
      slots.isRecord) {
    f_.diags().error(loc, "the result of the external function must be a scalar output "
                          "(`" + var->name + "` is not)");
    return false;
  }
  call.hasResult = true;
  call.resultType = slots.type;
  call.resultSlot = pool().variableOf(slots.elements[0]).index;
  return true;
}

/// An argument of an explicit external call: a variable of the function
/// (without subscripts), or an expression of them (`size(x, 1)`, a constant).
bool FunctionLowering::externalArgument(const ast::Expr &arg, flat::ExternalCall &call) {
  Scope scope{function_, function_->cls};
  if (const auto *ref = ast::dynCast<ast::RefExpr>(&arg);
      ref && ref->parts.size() == 1 && ref->parts[0].subscripts.empty() && !ref->global) {
    inst::Found found = f_.instantiator().lookupFirst(ref->parts[0].name, scope);
    if (found.kind == inst::Found::Kind::Component && slots_.count(found.instance))
      return variableArgument(found.instance, false, arg.range, call);
  }
  auto value = f_.lower(arg, scope);
  if (!value)
    return false;
  if (value->isRecord || !value->isScalar()) {
    f_.diags().error(arg.range, "an argument of an external call must be a variable of the "
                                "function or a scalar expression");
    return false;
  }
  flat::ExternalArgument a;
  a.type = value->type;
  if (value->isString() && value->strings.size() == 1) {
    a.kind = flat::ExternalArgument::Kind::String;
    a.strings = value->strings;
  } else if (value->isString()) { // a pointer known at run time
    a.value = f_.stringPointers(*value)[0];
  } else {
    a.value = value->elements[0];
  }
  call.args.push_back(std::move(a));
  return true;
}

std::string FunctionLowering::resolveUri(const std::string &uri) { return f_.resolveUri(uri); }

/// Library, LibraryDirectory, Include, IncludeDirectory and SourceDirectory
/// (MLS 12.9.4), from the external clause's annotation or the function's;
/// the directories default to modelica://TopPackage/Resources/Library,
/// Include and Source, TopPackage being the top-level class of the
/// function's definition.
void FunctionLowering::externalAnnotations(const ast::ExternalClause &ext,
                                           flat::ExternalCall &call) {
  // The class that wrote the clause (a function may inherit it): its
  // annotation, and its top-level package for the default directories.
  inst::ClassNode *writer = function_->externalClause().lexical ? function_->externalClause().lexical
                                                                : function_->cls;
  Scope scope{function_, function_->cls};
  auto strings = [&](const ast::Argument &arg) {
    std::vector<std::string> out;
    if (!arg.mod || !arg.mod->binding)
      return out;
    auto value = f_.lower(*arg.mod->binding, scope);
    if (value && value->isString())
      out = value->strings;
    else if (value)
      f_.diags().error(arg.mod->binding->range, "the annotation `" + arg.path.str() +
                                                    "` must be a String or an array of Strings");
    return out;
  };
  for (const ast::Modification *annotation :
       {ext.annotation.get(), writer->def ? writer->def->annotation.get() : nullptr}) {
    if (!annotation)
      continue;
    for (const ast::Argument &arg : annotation->arguments) {
      if (arg.path.parts.size() != 1)
        continue;
      const std::string &key = arg.path.parts[0];
      if (key == "Include") {
        const SourceManager &sources = f_.instantiator().tree().sources();
        SourceRange at = arg.mod && arg.mod->binding ? arg.mod->binding->range : arg.range;
        for (std::string &text : strings(arg))
          call.includes.push_back({std::move(text), sources.path(at.file),
                                   sources.lineColumn(at.start()).line});
        continue;
      }
      std::vector<std::string> *target = key == "Library"            ? &call.libraries
                                         : key == "LibraryDirectory" ? &call.libraryDirectories
                                         : key == "IncludeDirectory" ? &call.includeDirectories
                                         : key == "SourceDirectory"  ? &call.sourceDirectories
                                                                     : nullptr;
      if (!target)
        continue;
      for (std::string &text : strings(arg))
        target->push_back(key.find("Directory") != std::string::npos ? resolveUri(text) : text);
    }
  }
  inst::ClassNode *top = writer;
  while (top->parent)
    top = top->parent;
  std::string resources = resolveUri("modelica://" + top->name + "/Resources");
  if (call.libraryDirectories.empty())
    call.libraryDirectories.push_back(resources + "/Library");
  if (call.includeDirectories.empty())
    call.includeDirectories.push_back(resources + "/Include");
  if (call.sourceDirectories.empty())
    call.sourceDirectories.push_back(resources + "/Source");
  for (const std::string &dir : call.libraryDirectories) {
    std::string parent = dir.substr(0, dir.find_last_of('/'));
    if (std::find(call.resourceDirectories.begin(), call.resourceDirectories.end(), parent) ==
        call.resourceDirectories.end())
      call.resourceDirectories.push_back(parent);
  }
}

std::vector<Value> FunctionLowering::outputs() {
  std::vector<Value> result;
  for (inst::Member *m : membersOf(function_, 1))
    result.push_back(frame_.values[function_->memberInstance(*m)]);
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
  inst::Found found = ref.global ? inst::Found{} : f_.instantiator().lookupFirst(ref.parts[0].name, scope);
  if (found.kind == inst::Found::Kind::Component && found.instance->condition()) {
    f_.diags().error(ref.parts[0].range, "`" + found.instance->path() + "` is a conditional "
                                         "component; it may only be used in connect equations");
    return nullptr;
  }
  if (found.kind == inst::Found::Kind::Component && frame_.values.count(found.instance))
    return found.instance;
  if (modelAlgorithm_)
    f_.diags().error(ref.range, "`" + ref.str() + "` cannot be assigned in this algorithm");
  else
    f_.diags().error(ref.range, "`" + ref.str() + "` is not a variable of the function `" +
                                    function_->cls->fullName() + "` and cannot be assigned");
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
      f_.diags().error(s.range, "the function returns " + std::to_string(outputs->size()) +
                                    " output(s) for " + std::to_string(t.targets.size()) + " targets");
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
      f_.diags().error(s.range, "`terminate` in functions is not supported yet");
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
      f_.diags().error(s.range, "a when-statement cannot be nested in another when-statement or "
                                "inside if, for or while (MLS 11.2.7)");
    else
      f_.diags().error(s.range, "when-statements are not allowed in functions");
    return false;
  }
  return false;
}

bool FunctionLowering::assign(const ast::Expr &target, const Value &value, Scope scope,
                              SourceRange loc) {
  const auto *ref = ast::dynCast<ast::RefExpr>(&target);
  if (!ref) {
    f_.diags().error(target.range, "the target of an assignment must be a variable");
    return false;
  }
  Instance *var = variableOf(*ref, scope);
  if (!var)
    return false;
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
  if (current.isString()) {
    if (!value.isString() || value.dims != selected->dims) {
      f_.diags().error(loc, "a String variable needs a String value");
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
  bool compatible = selected->isRecord ? sameStructure(*selected, value)
                                       : (!value.isRecord && !value.isString() &&
                                          (value.dims == selected->dims || value.isScalar()));
  if (!compatible) {
    f_.diags().error(loc, "cannot assign " + describe(value) + " to " + describe(*selected));
    return false;
  }
  std::vector<ExprId> values;
  appendScalars(value, values);
  if (values.size() == 1 && where.size() > 1 && value.isScalar() && !selected->isRecord) {
    f_.diags().error(loc, "cannot assign a scalar to " + describe(*selected));
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
  return true;
}

bool FunctionLowering::assignIndexed(const ast::RefExpr &ref, Instance *var, const Value &value,
                                     Scope scope, SourceRange loc) {
  // x[i] := v, x[i, j] := v, x[i:i + 1] := {a, b} with i known only at run
  // time: one indexed assignment per element.
  Value &current = frame_.values[var];
  if (!compiled_ && !modelAlgorithm_)
    return unsupported("an assignment with a subscript known only at run time");
  if (ref.parts.size() != 1 || current.isRecord || current.isString() || value.isRecord ||
      value.isString() || ref.parts[0].subscripts.size() > current.dims.size()) {
    f_.diags().error(loc, "an assignment with a subscript known only at run time must assign "
                          "elements of an array of numbers");
    return false;
  }
  auto selection = f_.dynamicSelection(current.dims, ref.parts[0], scope);
  if (!selection)
    return false;
  if (value.dims != selection->resultDims) {
    f_.diags().error(loc, "cannot assign " + describe(value) + " to elements of shape " +
                              shapeText(selection->resultDims));
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
    f_.diags().error(b.condition->range, "the condition of an if-statement must be a scalar Boolean");
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
      f_.diags().error(index.range->range, "the range of `" + index.name + "` must be a vector");
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
    f_.diags().error(loc, "`assert` needs a condition and a message");
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
      f_.diags().error(loc, "`" + name + "` is only allowed inside a when-statement");
      return false;
    }
    if (name == "terminate") {
      if (call.args.size() != 1) {
        f_.diags().error(loc, "`terminate` takes one argument: the message");
        return false;
      }
      if (!always)
        return unsupported("terminate() inside an if-statement");
      whenBranch_->terminates.push_back(f_.messageParts(*call.args[0], scope));
      return true;
    }
    if (call.args.size() != 2) {
      f_.diags().error(loc, "`reinit` takes two arguments: a state and its new value");
      return false;
    }
    auto x = f_.lower(*call.args[0], scope), value = f_.lower(*call.args[1], scope);
    if (!x || !value)
      return false;
    if (x->elements.size() != value->elements.size()) {
      f_.diags().error(loc, "the two arguments of `reinit` have different sizes");
      return false;
    }
    for (size_t k = 0; k < x->elements.size(); ++k) {
      sym::VarId v = pool().variableOf(x->elements[k]);
      if (!v.valid() || !f_.model().var(v).derivative.valid()) {
        f_.diags().error(call.args[0]->range, "`reinit` needs a state (a variable that appears "
                                              "differentiated)");
        return false;
      }
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
    f_.diags().error(loc, "the impure function `" + call.callee->str() +
                              "` may only be called "
                              "inside a when-statement, an initial algorithm or another impure "
                              "function (MLS 12.3)");
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

/// The references the statements assign to, in order.
void collectTargets(const ast::Statement &s, std::vector<const ast::RefExpr *> &out);

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

} // namespace

// --- Algorithm sections of models ----------------------------------------------------------

/// The variables that `refs` assign (whole components), each with its
/// value, added to `targets` once; false after an error.
static bool algorithmTargets(Flattener &f, const std::vector<const ast::RefExpr *> &refs,
                             Scope scope, std::vector<std::pair<Instance *, Value>> &targets) {
  for (const ast::RefExpr *ref : refs) {
    inst::Found found = ref->global ? inst::Found{}
                                    : f.instantiator().lookupFirst(ref->parts[0].name, scope);
    if (found.kind != inst::Found::Kind::Component ||
        (ref->parts.size() > 1 && !found.instance->isRecord())) {
      f.diags().error(ref->range, "`" + ref->str() + "` cannot be assigned in an algorithm here: "
                                  "only variables of the model itself (and their elements) can");
      return false;
    }
    bool known = false;
    for (auto &t : targets)
      known |= t.first == found.instance;
    if (known)
      continue;
    auto value = f.instanceValue(found.instance, ref->range);
    if (!value)
      return false;
    targets.push_back({found.instance, std::move(*value)});
  }
  return true;
}

/// A value with each scalar replaced: `replace(variable, index)`.
static Value mapScalars(Flattener &f, const Value &value,
                        const std::function<ExprId(sym::VarId)> &replace) {
  std::vector<ExprId> scalars;
  appendScalars(value, scalars);
  for (ExprId &e : scalars)
    e = replace(f.pool().variableOf(e));
  size_t next = 0;
  return rebuild(value, scalars, next);
}

void Flattener::lowerAlgorithm(const ast::AlgorithmSection &section, Scope scope) {
  // An algorithm section is a set of equations for the variables it assigns
  // (MLS 11.1): the statements run symbolically, each assigned variable
  // starting from pre(v) if it is discrete and from its start value
  // otherwise (MLS 11.1.2), and v = (its final value) is the equation.
  // A when-statement becomes a when-clause whose branches assign the final
  // values of its body (from pre(v)); it runs at events only.
  std::vector<const ast::Statement *> plain;
  std::vector<const ast::WhenStatement *> whens;
  for (const auto &s : section.statements) {
    if (s->kind == ast::StatementKind::When)
      whens.push_back(&ast::cast<ast::WhenStatement>(*s));
    else
      plain.push_back(s.get());
  }
  if (section.initial && !whens.empty()) {
    diags_.error(whens[0]->range, "a when-statement is not allowed in an initial algorithm");
    return;
  }
  auto pre = [&](sym::VarId v) {
    const flat::Variable &var = model_.var(v);
    if (var.variability == flat::VariabilityKind::Parameter ||
        var.variability == flat::VariabilityKind::Constant)
      return pool_->variable(v);
    return pool_->variable(model_.preOf(v));
  };
  auto start = [&](sym::VarId v) {
    const flat::Variable &var = model_.var(v);
    bool discrete = var.variability == flat::VariabilityKind::Discrete ||
                    var.type != flat::TypeKind::Real;
    if (discrete && !section.initial)
      return pre(v);
    return var.attributes.start.valid() ? var.attributes.start : pool_->zero();
  };
  // Which variables the when-statements assign: they may not be assigned
  // elsewhere in the section (the equations would determine them twice).
  std::vector<std::vector<std::pair<Instance *, Value>>> whenTargets(whens.size());
  for (size_t w = 0; w < whens.size(); ++w) {
    std::vector<const ast::RefExpr *> refs;
    collectTargets(*whens[w], refs);
    if (!algorithmTargets(*this, refs, scope, whenTargets[w]))
      return;
  }
  std::vector<std::pair<Instance *, Value>> targets;
  {
    std::vector<const ast::RefExpr *> refs;
    for (const ast::Statement *s : plain)
      collectTargets(*s, refs);
    if (!algorithmTargets(*this, refs, scope, targets))
      return;
  }
  for (size_t w = 0; w < whens.size(); ++w)
    for (auto &[instance, value] : whenTargets[w]) {
      for (auto &t : targets)
        if (t.first == instance) {
          diags_.error(whens[w]->range, "`" + instance->path() + "` is assigned both inside and "
                                        "outside when-statements of this algorithm: not supported yet");
          return;
        }
    }
  // When-statements that assign the same variables become one when-clause
  // whose branches are theirs in reverse order: at an event where several
  // fire, the last in the algorithm wins, as sequential execution gives
  // (exact when each branch assigns every variable of the group without
  // reading them; checked below).
  std::vector<size_t> groupOf(whens.size());
  for (size_t w = 0; w < whens.size(); ++w) {
    groupOf[w] = w;
    for (size_t other = 0; other < w && groupOf[w] == w; ++other)
      for (auto &t : whenTargets[other])
        for (auto &mine : whenTargets[w])
          if (t.first == mine.first)
            groupOf[w] = groupOf[other];
    if (groupOf[w] == w)
      continue;
    bool same = whenTargets[w].size() == whenTargets[groupOf[w]].size();
    for (auto &mine : whenTargets[w]) {
      bool found = false;
      for (auto &t : whenTargets[groupOf[w]])
        found |= t.first == mine.first;
      same &= found;
    }
    if (!same) {
      diags_.error(whens[w]->range, "when-statements of this algorithm that assign some of the "
                                    "same variables must assign all the same: not supported yet");
      return;
    }
  }
  auto finish = [&](FunctionLowering &lowering, SourceRange loc) {
    if (lowering.notInlinable)
      diags_.error(loc, lowering.notInlinableReason + " in an algorithm section of a model is not "
                        "supported yet");
  };
  if (!plain.empty()) {
    FunctionLowering lowering(*this, scope.instance, nullptr);
    lowering.setModelAlgorithm(nullptr, section.initial);
    for (auto &[instance, value] : targets)
      lowering.setValue(instance, mapScalars(*this, value, start));
    for (const ast::Statement *s : plain)
      if (!lowering.runStatement(*s, scope.lexical)) {
        finish(lowering, s->range);
        return;
      }
    auto &list = section.initial ? model_.initialEquations : model_.equations;
    for (auto &[instance, value] : targets) {
      if (value.isString()) { // texts known while translating
        defineStrings(value, lowering.valueOf(instance), section.range);
        continue;
      }
      std::vector<ExprId> vars, finals;
      appendScalars(value, vars);
      appendScalars(lowering.valueOf(instance), finals);
      for (size_t k = 0; k < vars.size(); ++k)
        list.push_back({vars[k], finals[k], section.range,
                        section.initial ? flat::EquationOriginKind::Initial
                                        : flat::EquationOriginKind::Equation, 0});
    }
  }
  for (size_t first = 0; first < whens.size(); ++first) {
    if (groupOf[first] != first)
      continue;
    flat::WhenClause clause;
    clause.loc = whens[first]->range;
    std::vector<ExprId> groupScalars;
    for (auto &[instance, value] : whenTargets[first])
      appendScalars(value, groupScalars);
    for (size_t w = whens.size(); w-- > first;) {
      if (groupOf[w] != first)
        continue;
      bool grouped = w != first;
      for (size_t other = first + 1; other < whens.size(); ++other)
        grouped |= groupOf[other] == first && other != w;
      for (const ast::StatementBranch &b : whens[w]->branches) {
        flat::WhenBranch branch;
        branch.loc = b.range;
        auto conditions = whenConditions(b.condition.get(), scope, "when-statement");
        if (!conditions)
          return;
        branch.conditions = std::move(*conditions);
        FunctionLowering lowering(*this, scope.instance, nullptr);
        lowering.setModelAlgorithm(&branch, false);
        for (auto &[instance, value] : whenTargets[w])
          lowering.setValue(instance, mapScalars(*this, value, pre));
        if (!lowering.runStatements(b.body, scope.lexical)) {
          finish(lowering, b.range);
          return;
        }
        for (auto &[instance, value] : whenTargets[first]) { // the group's order
          std::vector<ExprId> vars, finals;
          appendScalars(value, vars);
          appendScalars(lowering.valueOf(instance), finals);
          for (size_t k = 0; k < vars.size(); ++k) {
            if (grouped && !independentOfGroup(groupScalars, finals[k])) {
              diags_.error(b.range, "`" + instance->path() + "` is assigned in two "
                                        "when-statements of this algorithm, and this one does "
                                        "not give it a value of its own: not supported yet");
              return;
            }
            branch.assignments.push_back(
                {vars[k], finals[k], b.range, flat::EquationOriginKind::Equation, 0});
          }
        }
        clause.branches.push_back(std::move(branch));
      }
    }
    model_.whenClauses.push_back(std::move(clause));
  }
}

/// Whether `value`, assigned to one of `targets` in a when-statement that
/// shares them with others, neither keeps the previous value nor reads
/// any of them (their pre()), so that the last statement that fires wins.
bool Flattener::independentOfGroup(const std::vector<ExprId> &targets, ExprId value) {
  for (sym::VarId v : sym::variablesOf(*pool_, value))
    for (ExprId t : targets) {
      sym::VarId target = pool_->variableOf(t);
      if (v == target || (model_.var(target).pre.valid() && v == model_.var(target).pre))
        return false;
    }
  return true;
}

// --- Calls ------------------------------------------------------------------------------------

static void collectNames(const ast::Expr &e, std::set<std::string> &out) {
  switch (e.kind) {
  case ast::ExprKind::Ref:
    out.insert(ast::cast<ast::RefExpr>(e).parts[0].name);
    return;
  case ast::ExprKind::Binary: { // a chain of left operands in a loop
    const ast::Expr *x = &e;
    for (const ast::BinaryExpr *b; (b = ast::dynCast<ast::BinaryExpr>(x)); x = b->lhs.get())
      collectNames(*b->rhs, out);
    collectNames(*x, out);
    return;
  }
  case ast::ExprKind::Unary:
    collectNames(*ast::cast<ast::UnaryExpr>(e).operand, out);
    return;
  case ast::ExprKind::If:
    for (const auto &b : ast::cast<ast::IfExpr>(e).branches) {
      collectNames(*b.condition, out);
      collectNames(*b.value, out);
    }
    collectNames(*ast::cast<ast::IfExpr>(e).elseValue, out);
    return;
  case ast::ExprKind::Call: {
    const auto &call = ast::cast<ast::CallExpr>(e);
    std::string callee = call.callee->str();
    bool shapeOnly = callee == "size" || callee == "ndims"; // size(v, 1) needs v's size only
    for (const auto &a : call.args)
      if (!shapeOnly || a->kind != ast::ExprKind::Ref)
        collectNames(*a, out);
    for (const auto &a : call.namedArgs)
      collectNames(*a.value, out);
    return;
  }
  default:
    return;
  }
}

/// Names in the array sizes of a function's outputs and protected
/// variables: inputs among them decide sizes by their value.
static std::set<std::string> namesInSizes(Instance *function) {
  std::set<std::string> names;
  for (int kind = 1; kind <= 2; ++kind)
    for (inst::Member *m : membersOf(function, kind)) {
      for (const auto &d : m->decl->dims)
        collectNames(*d, names);
      for (const auto &d : m->element->component->typeDims) // `output Integer[n] x`
        collectNames(*d, names);
    }
  return names;
}

/// Fills in missing arguments from the inputs' declaration bindings, which
/// may refer to earlier inputs.
static bool completeArguments(Flattener &f, Instance *function,
                              std::vector<std::optional<Value>> &args, SourceRange loc) {
  auto inputs = membersOf(function, 0);
  FunctionFrame frame;
  frame.function = function;
  for (size_t i = 0; i < inputs.size(); ++i) {
    Instance *var = function->memberInstance(*inputs[i]);
    if (!var)
      return false;
    if (!args[i]) {
      if (!var->mod.binding) {
        f.diags().error(loc, "missing argument for the input `" + inputs[i]->name + "` of `" +
                                 function->cls->fullName() + "`");
        return false;
      }
      f.frames.push_back(&frame);
      args[i] = f.lower(*var->mod.binding, var->mod.scope);
      f.frames.pop_back();
      if (!args[i])
        return false;
    }
    frame.values[var] = *args[i];
  }
  return true;
}

static std::optional<std::vector<Value>> inlineCall(Flattener &f, Instance *function,
                                                    const std::vector<Value> &args) {
  unsigned errors = f.diags().errorCount();
  FunctionLowering lowering(f, function, nullptr);
  std::vector<std::optional<double>> constants(args.size());
  if (!lowering.bindInputs(args, constants) || !lowering.declareLocals() || !lowering.run()) {
    if (lowering.notInlinable && f.diags().errorCount() == errors)
      return std::nullopt; // compile it instead
    return std::vector<Value>{}; // an error was reported
  }
  // Relations in a function body generate no events (MLS 8.5), inlined or
  // not: MultiBody's maxWithoutEvent(length, s_small) held its relation at
  // the start value while initialization solved for the length.
  std::vector<Value> outputs = lowering.outputs();
  std::function<void(Value &)> quiet = [&](Value &value) {
    for (sym::ExprId &e : value.elements)
      if (e.valid())
        e = sym::withoutEvents(f.pool(), e);
    for (auto &[name, field] : value.fields)
      quiet(field);
    for (Value &item : value.items)
      quiet(item);
  };
  for (Value &output : outputs)
    quiet(output);
  return outputs;
}

/// Lowers a specialization; on failure the entry stays (with an empty body)
/// and errors were reported.
static bool compileSpecialization(Flattener &f, Instance *function, uint32_t index,
                                  const std::vector<Value> &args,
                                  const std::vector<std::optional<double>> &constants) {
  flat::Function compiled;
  compiled.name = function->cls->fullName();
  compiled.loc = function->cls->def ? function->cls->def->nameRange : SourceRange{};
  compiled.inlineRequested = annotationFlag(function->cls->def, "Inline");
  if (const ast::ClassDef *def = function->cls->def)
    compiled.impure = def->prefixes.impure ||
                      (function->externalClause().node && !def->prefixes.pure);
  std::string symbol = compiled.name;
  for (char &c : symbol)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  compiled.symbol = "mocc_f" + std::to_string(index) + "_" + symbol;
  bool ok;
  {
    FunctionLowering lowering(f, function, &compiled);
    ok = lowering.bindInputs(args, constants) && lowering.declareLocals();
    // The output shapes are known before the body, for recursive calls.
    if (ok)
      f.outputShapes[index] = lowering.outputs();
    ok = ok && lowering.run();
  }
  f.model().functions[index] = std::move(compiled);
  return ok;
}

/// Records the `annotation(derivative(order = 1, noDerivative = x,
/// zeroDerivative = y) = df)` entries of a function (MLS 12.7.1) on its
/// specialization `index`: df is specialized for the arguments followed by
/// the derivatives of the inputs that are neither noDerivative nor
/// zeroDerivative. Index reduction calls df instead of differentiating the
/// algorithm (compiler/causalize/IndexReduction.cpp). Inputs that are not
/// Real (Integer, Boolean, external objects) have no derivative argument.
/// Only first-order entries whose differentiated inputs are Real scalars or
/// arrays (not records) are
/// recorded; for others the algorithm is differentiated.
static void recordDerivatives(Flattener &f, Instance *function, uint32_t index,
                              const std::vector<Value> &args, SourceRange loc) {
  const ast::ClassDef *def = function->cls->def;
  if (!def || !def->annotation)
    return;
  // A derivative function may have a derivative annotation too; a chain
  // longer than this is a cycle of annotations (each step adds inputs).
  static int depth = 0;
  if (depth >= 4)
    return;
  struct Nesting {
    Nesting() { ++depth; }
    ~Nesting() { --depth; }
  } nesting;
  auto inputs = membersOf(function, 0);
  // Whether an entry is of order 1 (without `order`, or order = 1).
  bool hasFirstOrder = false;
  for (const ast::Argument &arg : def->annotation->arguments) {
    if (arg.path.parts.size() != 1 || arg.path.parts[0] != "derivative" || !arg.mod)
      continue;
    bool first = true;
    for (const ast::Argument &setting : arg.mod->arguments)
      if (setting.path.parts.size() == 1 && setting.path.parts[0] == "order" && setting.mod &&
          setting.mod->binding)
        if (auto c = f.evaluate(*setting.mod->binding, Scope{nullptr, function->cls},
                                "a derivative order"))
          first = !c->isScalar() || c->isString() || f.pool().isConstant(c->elements[0], 1.0);
    hasFirstOrder = hasFirstOrder || first;
  }
  for (const ast::Argument &arg : def->annotation->arguments) {
    if (arg.path.parts.size() != 1 || arg.path.parts[0] != "derivative" || !arg.mod ||
        !arg.mod->binding)
      continue;
    auto *ref = ast::dynCast<ast::RefExpr>(arg.mod->binding.get());
    if (!ref)
      continue;
    flat::DerivativeInfo info;
    for (const ast::Argument &setting : arg.mod->arguments) {
      if (setting.path.parts.size() != 1 || !setting.mod || !setting.mod->binding)
        continue;
      const std::string &key = setting.path.parts[0];
      if (key == "order") {
        auto value = f.evaluate(*setting.mod->binding, Scope{nullptr, function->cls}, "a derivative order");
        if (value && value->isScalar() && !value->isString())
          if (auto c = f.pool().constantValue(value->elements[0]))
            info.order = static_cast<int>(*c);
      } else if (auto *name = ast::dynCast<ast::RefExpr>(setting.mod->binding.get())) {
        if (key == "noDerivative")
          info.noDerivative.push_back(name->str());
        else if (key == "zeroDerivative")
          info.zeroDerivative.push_back(name->str());
      }
    }
    auto listed = [](const std::vector<std::string> &names, const std::string &n) {
      return std::find(names.begin(), names.end(), n) != names.end();
    };
    auto differentiated = [&](size_t i) { // an input with a derivative argument
      const std::string &name = inputs[i]->name;
      if (listed(info.noDerivative, name) || listed(info.zeroDerivative, name))
        return false;
      Instance *input = function->memberInstance(*inputs[i]);
      return !(input && input->isBuiltin() && input->builtin != inst::BuiltinKind::Real);
    };
    if (info.order == 2 && !hasFirstOrder) {
      // On a first derivative f1(x, der_x) without an order-1 entry (as in
      // MLS 12.7.1's example, and the MSL's tables): f2(x, der_x, der2_x) is
      // d/dt f1, whose arguments beyond f1's are the derivatives of its last
      // differentiated inputs (the first derivatives); x's contribution is
      // in f2 itself, as for a noDerivative input.
      Instance *owner = nullptr;
      inst::ClassNode *cls = f.resolveCallee(*ref, Scope{nullptr, function->cls}, &owner);
      if (!cls)
        continue;
      size_t total = membersOf(f.functionInstance(cls, owner), 0).size();
      if (total <= inputs.size())
        continue;
      size_t extra = total - inputs.size();
      std::vector<size_t> withDerivative;
      for (size_t i = 0; i < inputs.size(); ++i)
        if (differentiated(i))
          withDerivative.push_back(i);
      if (extra > withDerivative.size())
        continue;
      for (size_t j = 0; j + extra < withDerivative.size(); ++j)
        info.noDerivative.push_back(inputs[withDerivative[j]]->name);
      info.order = 1;
    }
    if (info.order != 1)
      continue;
    std::vector<std::optional<Value>> derivativeArgs(args.begin(), args.end());
    bool supported = inputs.size() == args.size();
    for (size_t i = 0; supported && i < inputs.size(); ++i) {
      const std::string &name = inputs[i]->name;
      if (listed(info.noDerivative, name) || listed(info.zeroDerivative, name))
        continue;
      Instance *input = function->memberInstance(*inputs[i]);
      if (input && input->isBuiltin() && input->builtin != inst::BuiltinKind::Real)
        continue; // only Real inputs have derivatives (MLS 12.7.1)
      if (args[i].isRecord) {
        supported = false;
        break;
      }
      Value shape = args[i]; // only the shape matters for the specialization
      shape.type = ElementType::Real;
      std::fill(shape.elements.begin(), shape.elements.end(), f.pool().zero());
      derivativeArgs.push_back(std::move(shape));
    }
    if (!supported)
      continue;
    Instance *owner = nullptr;
    inst::ClassNode *cls = f.resolveCallee(*ref, Scope{nullptr, function->cls}, &owner);
    if (!cls)
      continue; // resolveCallee reported it
    Instance *derivative = f.functionInstance(cls, owner);
    if (membersOf(derivative, 0).size() != derivativeArgs.size())
      continue; // not a derivative of this shape: the algorithm is differentiated
    bool inlining = f.inlineFunctions;
    f.inlineFunctions = false; // a call, not the inlined body
    auto outputs = callFunction(f, derivative, derivativeArgs, loc);
    f.inlineFunctions = inlining;
    if (!outputs || outputs->empty() || outputs->front().elements.empty())
      continue;
    ExprId out = outputs->front().elements[0];
    if (f.pool().op(out) != sym::OpKind::Output)
      continue;
    info.function = f.pool().node(f.pool().operand(out, 0)).payload.index;
    f.model().functions[index].derivatives.push_back(std::move(info));
  }
}

/// Nested specializations of one function (a recursion whose sizes depend
/// on the values of its inputs) before translation gives up.
constexpr int kMaxRecursiveSpecializations = 1000;

std::optional<std::vector<Value>> callFunction(Flattener &f, Instance *function,
                                               std::vector<std::optional<Value>> &optionalArgs,
                                               SourceRange loc, uint32_t *specialization,
                                               std::vector<ExprId> *calls) {
  if (!completeArguments(f, function, optionalArgs, loc))
    return std::nullopt;
  NestingLevel level(loc, "the function call");
  std::vector<Value> args;
  for (auto &a : optionalArgs)
    args.push_back(std::move(*a));
  inst::ClassNode *cls = function->cls;
  bool wantsInline = f.inlineFunctions &&
                     (annotationFlag(cls->def, "Inline") || annotationFlag(cls->def, "LateInline") ||
                      annotationFlag(cls->def, "InlineAfterIndexReduction"));
  // A String result of a Modelica function is known while translating
  // through its inlined body (that of C code by calling it, Strings.cpp).
  if (!function->externalClause().node)
    for (inst::Member *m : membersOf(function, 1))
      if (Instance *out = function->memberInstance(*m);
          out && out->builtin == inst::BuiltinKind::String)
        wantsInline = true;
  // A function with functional arguments is inlined with them (MLS 12.4.2).
  bool functional = false;
  for (const Value &a : args)
    functional |= a.isFunction();
  // A functional argument may call the function again (a quadrature of a
  // quadrature); each level inlines with other arguments, to a bounded depth.
  auto depth = std::count(f.inlining.begin(), f.inlining.end(), cls);
  bool recursive = depth > (functional ? 8 : 0);
  if ((wantsInline || functional) && !recursive) {
    f.inlining.push_back(cls);
    auto outputs = inlineCall(f, function, args);
    f.inlining.pop_back();
    if (outputs && outputs->empty() && f.diags().hasErrors())
      return std::nullopt;
    if (outputs)
      return outputs;
  }
  if (functional) {
    f.diags().error(loc, "a call of `" + cls->fullName() + "` with a functional argument that "
                         "cannot be inlined is not supported yet");
    return std::nullopt;
  }
  // Compile one specialization per argument shape, and per value of the
  // inputs that sizes depend on (`output Real phi[if withResidues then 6 else 3]`).
  // The instance (class and owner) is part of the key too.
  std::string key = cls->fullName() + "@" + std::to_string(reinterpret_cast<uintptr_t>(function)) + "(";
  for (const Value &a : args)
    appendShapeKey(a, key);
  std::vector<std::optional<double>> constants(args.size());
  auto sizeInputs = namesInSizes(function);
  auto inputs = membersOf(function, 0);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!sizeInputs.count(inputs[i]->name) || !args[i].isScalar() || args[i].isRecord ||
        args[i].isString())
      continue;
    auto value = f.evaluate(args[i].elements[0]);
    if (!value) {
      f.diags().error(loc, "the sizes of `" + cls->fullName() + "` depend on its input `" +
                               inputs[i]->name + "`, which must be a parameter expression here");
      return std::nullopt;
    }
    args[i].elements[0] = f.pool().constant(*value);
    constants[i] = *value;
    key += inputs[i]->name + "=" + std::to_string(*value) + ";";
  }
  auto &specializations = f.specializations;
  auto it = specializations.find(key);
  uint32_t index;
  if (it == specializations.end()) {
    // A function whose sizes depend on its inputs and that calls itself
    // with other values makes a new specialization per value; without a
    // base case that the values reach, that never ends.
    int &nested = f.specializing[cls];
    if (nested >= kMaxRecursiveSpecializations) {
      f.diags().error(loc, "the function `" + cls->fullName() + "`, whose sizes depend on its "
                               "inputs, calls itself more than " +
                               std::to_string(kMaxRecursiveSpecializations) +
                               " levels deep with other sizes (does its recursion end?)");
      return std::nullopt;
    }
    index = static_cast<uint32_t>(f.model().functions.size());
    f.model().functions.emplace_back();
    specializations[key] = index;
    ++nested;
    bool compiled = compileSpecialization(f, function, index, args, constants);
    --f.specializing[cls];
    if (!compiled)
      return std::nullopt;
    recordDerivatives(f, function, index, args, loc);
  } else {
    index = it->second;
  }
  if (specialization)
    *specialization = index;
  auto shapesIt = f.outputShapes.find(index);
  if (shapesIt == f.outputShapes.end()) {
    f.diags().error(loc, "the recursive function `" + cls->fullName() +
                             "` is called before its output sizes are known");
    return std::nullopt;
  }
  std::vector<ExprId> flatArgs;
  for (const Value &a : args)
    appendScalars(a, flatArgs);
  ExprId call = f.pool().call(index, flatArgs);
  if (calls)
    calls->push_back(call);
  std::vector<Value> outputs;
  uint32_t k = 0;
  for (const Value &shape : shapesIt->second) {
    std::vector<ExprId> scalars;
    appendScalars(shape, scalars);
    std::vector<ExprId> outs;
    for (size_t j = 0; j < scalars.size(); ++j)
      outs.push_back(f.pool().output(call, k++));
    size_t next = 0;
    outputs.push_back(rebuild(shape, outs, next));
  }
  return outputs;
}

} // namespace mocc::flattening
