// Calls of Modelica functions during flattening (see Functions.h): a call
// is inlined (annotation(Inline = true), or a function-valued argument)
// when FunctionLowering can follow its body, else the function is compiled
// once per shape of its arguments (MLS 12.4: unknown sizes come from the
// arguments) into a flat::Function that the call names; derivative
// annotations (MLS 12.7.1) are recorded on each specialization.

#include "compiler/flatten/Functions.h"

#include "compiler/flatten/FunctionLowering.h"
#include "compiler/support/Stack.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace mocc::flattening {

using sym::ExprId;

namespace {

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
  if (v.isFunction()) {
    // A functional argument: the function (by its class node, as classes of
    // one name may differ by their package's modifiers) and the names and
    // shapes of the inputs it binds.
    key += "F" + v.function->fullName() + "@" +
           std::to_string(reinterpret_cast<uintptr_t>(v.function)) + "(";
    for (const auto &[name, bound] : v.bound) {
      key += name + "=";
      appendShapeKey(bound, key);
    }
    key += ");";
    return;
  }
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

} // namespace

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

/// Puts a record argument's fields in the order of the input's record, and
/// leaves out those it does not have: a record of another class with the
/// same component names fits (MLS 6.4), and the compiled function takes its
/// scalars in its own order. An argument lacking a component stays as it is
/// (binding the inputs reports it).
static void conformRecord(Instance *var, Value &arg) {
  if (!var || !var->isRecord() || !arg.isRecord)
    return;
  if (!arg.dims.empty()) {
    for (Value &item : arg.items)
      conformRecord(var, item);
    return;
  }
  std::vector<std::pair<std::string, Value>> fields;
  for (inst::Member &m : var->members()) {
    if (m.kind != inst::Member::Kind::Component)
      continue;
    auto it = std::find_if(arg.fields.begin(), arg.fields.end(),
                           [&](const auto &field) { return field.first == m.name; });
    if (it == arg.fields.end())
      return;
    Value field = it->second;
    conformRecord(var->memberInstance(m), field);
    fields.push_back({m.name, std::move(field)});
  }
  arg.fields = std::move(fields);
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
        f.diags().report(diag::MissingInputArgument, loc,
                         {inputs[i]->name, function->cls->fullName()});
        return false;
      }
      f.frames.push_back(&frame);
      args[i] = f.lower(*var->mod.binding, var->mod.scope);
      f.frames.pop_back();
      if (!args[i])
        return false;
    }
    conformRecord(var, *args[i]);
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
    // Outputs sized by their assignments have their shapes only now.
    if (ok && lowering.sizedByAssignments())
      f.outputShapes[index] = lowering.outputSlots();
  }
  f.model().functions[index] = std::move(compiled);
  return ok;
}

/// Whether the annotation of `def` has a derivative entry of order 1
/// (without `order`, or order = 1).
static bool hasFirstOrderEntry(Flattener &f, Instance *function, const ast::ClassDef *def) {
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
  return hasFirstOrder;
}

/// The settings of one derivative entry: order, noDerivative, zeroDerivative.
static flat::DerivativeInfo derivativeSettings(Flattener &f, Instance *function,
                                               const ast::Argument &arg) {
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
  return info;
}

/// Whether `input` of `function` has a derivative argument in the entry
/// `info`: neither noDerivative nor zeroDerivative, and Real (only Real
/// inputs have derivatives, MLS 12.7.1).
static bool hasDerivativeArgument(Instance *function, inst::Member *input,
                                  const flat::DerivativeInfo &info) {
  auto listed = [](const std::vector<std::string> &names, const std::string &n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  if (listed(info.noDerivative, input->name) || listed(info.zeroDerivative, input->name))
    return false;
  Instance *instance = function->memberInstance(*input);
  return !(instance && instance->isBuiltin() && instance->builtin != inst::BuiltinKind::Real);
}

/// An order-2 entry on a first derivative f1(x, der_x) without an order-1
/// entry (as in MLS 12.7.1's example, and the MSL's tables): f2(x, der_x,
/// der2_x) is d/dt f1, whose arguments beyond f1's are the derivatives of
/// its last differentiated inputs (the first derivatives); x's
/// contribution is in f2 itself, as for a noDerivative input. Makes `info`
/// that order-1 entry; false if f2 does not fit.
static bool secondOrderAsFirst(Flattener &f, Instance *function,
                               const std::vector<inst::Member *> &inputs, const ast::RefExpr &ref,
                               flat::DerivativeInfo &info) {
  Instance *owner = nullptr;
  inst::ClassNode *cls = f.resolveCallee(ref, Scope{nullptr, function->cls}, &owner);
  if (!cls)
    return false;
  size_t total = membersOf(f.functionInstance(cls, owner), 0).size();
  if (total <= inputs.size())
    return false;
  size_t extra = total - inputs.size();
  std::vector<size_t> withDerivative;
  for (size_t i = 0; i < inputs.size(); ++i)
    if (hasDerivativeArgument(function, inputs[i], info))
      withDerivative.push_back(i);
  if (extra > withDerivative.size())
    return false;
  for (size_t j = 0; j + extra < withDerivative.size(); ++j)
    info.noDerivative.push_back(inputs[withDerivative[j]]->name);
  info.order = 1;
  return true;
}

/// The specialization of the derivative function `ref` of an order-1 entry
/// for `args` followed by the shapes of the derivative arguments; nothing
/// if the entry does not fit (the algorithm is differentiated instead).
static std::optional<uint32_t> derivativeFunction(Flattener &f, Instance *function,
                                                  const std::vector<inst::Member *> &inputs,
                                                  const std::vector<Value> &args,
                                                  const ast::RefExpr &ref,
                                                  const flat::DerivativeInfo &info,
                                                  SourceRange loc) {
  if (inputs.size() != args.size())
    return std::nullopt;
  std::vector<std::optional<Value>> derivativeArgs(args.begin(), args.end());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!hasDerivativeArgument(function, inputs[i], info))
      continue;
    if (args[i].isRecord)
      return std::nullopt;
    Value shape = args[i]; // only the shape matters for the specialization
    shape.type = ElementType::Real;
    std::fill(shape.elements.begin(), shape.elements.end(), f.pool().zero());
    derivativeArgs.push_back(std::move(shape));
  }
  Instance *owner = nullptr;
  inst::ClassNode *cls = f.resolveCallee(ref, Scope{nullptr, function->cls}, &owner);
  if (!cls)
    return std::nullopt; // resolveCallee reported it
  Instance *derivative = f.functionInstance(cls, owner);
  if (membersOf(derivative, 0).size() != derivativeArgs.size())
    return std::nullopt; // not a derivative of this shape
  bool inlining = f.inlineFunctions;
  f.inlineFunctions = false; // a call, not the inlined body
  auto outputs = callFunction(f, derivative, derivativeArgs, loc);
  f.inlineFunctions = inlining;
  if (!outputs || outputs->empty() || outputs->front().elements.empty())
    return std::nullopt;
  ExprId out = outputs->front().elements[0];
  if (f.pool().op(out) != sym::OpKind::Output)
    return std::nullopt;
  return f.pool().node(f.pool().operand(out, 0)).payload.index;
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
  bool hasFirstOrder = hasFirstOrderEntry(f, function, def);
  for (const ast::Argument &arg : def->annotation->arguments) {
    if (arg.path.parts.size() != 1 || arg.path.parts[0] != "derivative" || !arg.mod ||
        !arg.mod->binding)
      continue;
    auto *ref = ast::dynCast<ast::RefExpr>(arg.mod->binding.get());
    if (!ref)
      continue;
    flat::DerivativeInfo info = derivativeSettings(f, function, arg);
    if (info.order == 2 && !hasFirstOrder && !secondOrderAsFirst(f, function, inputs, *ref, info))
      continue;
    if (info.order != 1)
      continue;
    if (auto df = derivativeFunction(f, function, inputs, args, *ref, info, loc)) {
      info.function = *df;
      f.model().functions[index].derivatives.push_back(std::move(info));
    }
  }
}

/// The type of a variable of a function for messages: `Real[2]`, or its class.
static std::string typeText(Instance *var) {
  std::string text = var->cls ? var->cls->fullName() : std::string("?");
  if (!var->dimExprs.empty())
    text += "[" + std::string(var->dimExprs.size() - 1, ',') + "]";
  return text;
}

/// Whether two variables of functions have compatible types (MLS 6.4): the
/// same built-in type and number of dimensions, or both records (their
/// fields are matched by name where the value is bound), or both functions.
static bool compatibleTypes(Instance *a, Instance *b) {
  if (a->dimExprs.size() != b->dimExprs.size())
    return false;
  if (a->isBuiltin() || b->isBuiltin())
    return a->builtin == b->builtin &&
           (a->builtin != inst::BuiltinKind::Enumeration || a->cls == b->cls ||
            (a->cls && b->cls && a->cls->fullName() == b->cls->fullName()));
  return a->isRecord() == b->isRecord() && a->restriction() == b->restriction();
}

/// Whether the function value `fn` passed to the functional input `var` of
/// `function` fits the input's type (MLS 12.4.2.1, 6.4): the inputs that
/// its partial application leaves take the type's inputs, in order, with
/// compatible types, and only inputs with defaults follow; its outputs
/// begin with outputs of the types of the type's outputs. A call of the
/// input passes its arguments by position, so names are not compared (the
/// MLS's own example passes `function f(y = x)` of a Surface(x, y) as an
/// Integrand(u)). Reported at `loc`.
static bool fitsFunctionalInput(Flattener &f, Instance *function, Instance *var, const Value &fn,
                                SourceRange loc) {
  if (!var->cls || var->isBuiltin() ||
      (var->restriction() != ast::ClassRestrictionKind::Function &&
       var->restriction() != ast::ClassRestrictionKind::OperatorFunction))
    return true; // not a functional input: the argument's kind is checked where it is bound
  Instance *passed = f.functionInstance(fn.function);
  if (!passed)
    return false;
  auto fail = [&](const std::string &why) {
    f.diags().report(diag::FunctionalArgumentMismatch, loc,
                     {fn.function->fullName(), var->name, function->cls->fullName(),
                      var->cls->fullName(), why});
    return false;
  };
  std::vector<inst::Member *> left;
  for (inst::Member *m : membersOf(passed, 0)) {
    bool bound = false;
    for (const auto &b : fn.bound)
      bound |= b.first == m->name;
    if (!bound)
      left.push_back(m);
  }
  auto wanted = membersOf(var, 0);
  for (size_t k = 0; k < wanted.size(); ++k) {
    Instance *want = var->memberInstance(*wanted[k]);
    if (k >= left.size())
      return fail("it leaves no input unbound for `" + wanted[k]->name + "`");
    Instance *have = passed->memberInstance(*left[k]);
    if (!want || !have)
      return false;
    if (!compatibleTypes(want, have))
      return fail("its input `" + left[k]->name + "` is of type `" + typeText(have) +
                  "`, not `" + typeText(want) + "`");
  }
  for (size_t k = wanted.size(); k < left.size(); ++k) {
    Instance *extra = passed->memberInstance(*left[k]);
    if (!extra)
      return false;
    if (!extra->mod.binding)
      return fail("its input `" + left[k]->name + "` is neither bound nor has a default");
  }
  auto outputs = membersOf(passed, 1);
  auto wantedOutputs = membersOf(var, 1);
  for (size_t k = 0; k < wantedOutputs.size(); ++k) {
    // A call of the functional input takes its outputs by position: the
    // names are not compared (the type's `y` may be the function's `r`).
    if (k >= outputs.size())
      return fail("it has no output number " + std::to_string(k + 1) + " (`" +
                  wantedOutputs[k]->name + "`)");
    Instance *want = var->memberInstance(*wantedOutputs[k]);
    Instance *have = passed->memberInstance(*outputs[k]);
    if (!want || !have)
      return false;
    if (!compatibleTypes(want, have))
      return fail("its output `" + outputs[k]->name + "` is of type `" + typeText(have) +
                  "`, not `" + typeText(want) + "`");
  }
  return true;
}

/// Nested specializations of one function (a recursion whose sizes depend
/// on the values of its inputs) before translation gives up.
constexpr int kMaxRecursiveSpecializations = 1000;

/// Whether a call of `function` is to be inlined: annotation(Inline = true)
/// (or LateInline, InlineAfterIndexReduction), or a String output.
static bool wantsInlining(Flattener &f, Instance *function) {
  const ast::ClassDef *def = function->cls->def;
  bool wantsInline = f.inlineFunctions &&
                     (annotationFlag(def, "Inline") || annotationFlag(def, "LateInline") ||
                      annotationFlag(def, "InlineAfterIndexReduction"));
  // A String result of a Modelica function is known while translating
  // through its inlined body (that of C code by calling it, Strings.cpp).
  if (!function->externalClause().node)
    for (inst::Member *m : membersOf(function, 1))
      if (Instance *out = function->memberInstance(*m);
          out && out->builtin == inst::BuiltinKind::String)
        wantsInline = true;
  return wantsInline;
}

/// The specialization of `function` for `args` (an index in the model's
/// functions), compiled on first use; inputs that sizes depend on become
/// constants in `args`. Nothing after an error.
static std::optional<uint32_t> specialize(Flattener &f, Instance *function,
                                          std::vector<Value> &args, SourceRange loc) {
  inst::ClassNode *cls = function->cls;
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
      f.diags().report(diag::FunctionSizeInputNotParameter, loc,
                       {cls->fullName(), inputs[i]->name});
      return std::nullopt;
    }
    args[i].elements[0] = f.pool().constant(*value);
    constants[i] = *value;
    key += inputs[i]->name + "=" + std::to_string(*value) + ";";
  }
  auto &specializations = f.specializations;
  if (auto it = specializations.find(key); it != specializations.end())
    return it->second;
  // A function whose sizes depend on its inputs and that calls itself
  // with other values makes a new specialization per value; without a
  // base case that the values reach, that never ends.
  int &nested = f.specializing[cls];
  if (nested >= kMaxRecursiveSpecializations) {
    f.diags().report(diag::FunctionSpecializationTooDeep, loc,
                     {cls->fullName(), std::to_string(kMaxRecursiveSpecializations)});
    return std::nullopt;
  }
  uint32_t index = static_cast<uint32_t>(f.model().functions.size());
  f.model().functions.emplace_back();
  specializations[key] = index;
  ++nested;
  bool compiled = compileSpecialization(f, function, index, args, constants);
  --f.specializing[cls];
  if (!compiled)
    return std::nullopt;
  recordDerivatives(f, function, index, args, loc);
  return index;
}

/// The Call node of specialization `index` on `args` (added to `calls` if
/// given), and an Output node per scalar of the outputs of shapes `shapes`.
static std::vector<Value> callOutputs(Flattener &f, uint32_t index, const std::vector<Value> &args,
                                      const std::vector<Value> &shapes,
                                      std::vector<ExprId> *calls) {
  std::vector<ExprId> flatArgs;
  for (const Value &a : args)
    appendScalars(a, flatArgs);
  ExprId call = f.pool().call(index, flatArgs);
  if (calls)
    calls->push_back(call);
  std::vector<Value> outputs;
  uint32_t k = 0;
  for (const Value &shape : shapes) {
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
  auto inputs = membersOf(function, 0);
  for (size_t i = 0; i < args.size() && i < inputs.size(); ++i)
    if (args[i].isFunction())
      if (Instance *var = function->memberInstance(*inputs[i]);
          !var || !fitsFunctionalInput(f, function, var, args[i], loc))
        return std::nullopt;
  bool wantsInline = wantsInlining(f, function);
  // A function with functional arguments is inlined with them (MLS 12.4.2).
  bool functional = false;
  for (const Value &a : args)
    functional |= a.isFunction();
  // A functional argument may call the function again (a quadrature of a
  // quadrature); each level inlines with other arguments, to a bounded depth.
  // A function that calls itself from its own inlined body (quadratureLobatto's
  // quadStep, six calls per level) is specialized instead: inlining it per
  // level copies the body exponentially often.
  auto depth = std::count(f.inlining.begin(), f.inlining.end(), cls);
  bool selfCall = !f.inlining.empty() && f.inlining.back() == cls;
  bool recursive = depth > (functional ? 8 : 0) || selfCall;
  if ((wantsInline || functional) && !recursive) {
    f.inlining.push_back(cls);
    auto outputs = inlineCall(f, function, args);
    f.inlining.pop_back();
    if (outputs && outputs->empty() && f.diags().hasErrors())
      return std::nullopt;
    if (outputs)
      return outputs;
  }
  // Else a functional argument makes a specialization on the function it
  // passes, whose bound inputs are hidden inputs (FunctionLowering::makeSlots).
  std::optional<uint32_t> index = specialize(f, function, args, loc);
  if (!index)
    return std::nullopt;
  if (specialization)
    *specialization = *index;
  auto shapes = f.outputShapes.find(*index);
  if (shapes == f.outputShapes.end()) {
    f.diags().report(diag::RecursiveFunctionSizesUnknown, loc, {cls->fullName()});
    return std::nullopt;
  }
  return callOutputs(f, *index, args, shapes->second, calls);
}

} // namespace mocc::flattening

