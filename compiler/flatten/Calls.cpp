// Calls of user-defined classes: resolving the callee (through lookup or a
// component: `world.gravityAcceleration(r)`), record constructors, and
// binding the arguments of a function call to its inputs (positional,
// named, defaults) before the function is inlined or compiled
// (Functions.cpp).
#include "compiler/flatten/Functions.h"

#include "compiler/flatten/Connections.h"

#include "compiler/ast/ASTPrinter.h"

namespace mocc::flattening {

inst::ClassNode *Flattener::resolveCallee(const ast::RefExpr &callee, Scope scope,
                                          Instance **owner) {
  inst::Found found;
  Instance *classOwner = nullptr;
  if (callee.global) {
    if (inst::ClassNode *cls = inst_.tree().lookupTopLevel(callee.parts[0].name))
      found = {inst::Found::Kind::Class, cls, nullptr};
  } else {
    found = inst_.lookupFirst(callee.parts[0].name, scope);
    if (found.kind == inst::Found::Kind::Class && scope.instance)
      if (inst::Member *m = scope.instance->findMember(callee.parts[0].name);
          m && m->kind == inst::Member::Kind::Class)
        classOwner = scope.instance; // a local or replaceable function
  }
  if (found.kind == inst::Found::Kind::Failed)
    return nullptr; // already reported
  if (!found) {
    diags_.report(diag::UndeclaredFunction, callee.range, {callee.str()});
    return nullptr;
  }
  inst::ClassNode *cls = found.cls;
  Instance *component = found.instance;
  for (size_t i = 1; i < callee.parts.size(); ++i) {
    const std::string &name = callee.parts[i].name;
    inst::ClassNode *enclosing = cls;
    if (cls) {
      if (!inst_.checkCompositeLookup(inst_.resolveAlias(cls), name, callee.parts[i].range, scope,
                                      callee.global ? std::string() : callee.parts[0].name))
        return nullptr;
      cls = inst_.findNestedClass(inst_.resolveAlias(cls), name, scope);
    } else if (component) {
      // MLS 5.3.2: a function is looked up through scalar components (or
      // elements of arrays of components) that exist.
      const ast::RefPart &through = callee.parts[i - 1];
      if (component->condition()) {
        diags_.report(diag::ConditionalComponentOutsideConnect, through.range, {component->path()});
        return nullptr;
      }
      if (component->isArray() && through.subscripts.empty()) {
        diags_.report(diag::FunctionThroughComponentArray, through.range, {name, through.name});
        return nullptr;
      }
      // A function declared (or redeclared) inside a component.
      inst::Member *m = component->findMember(name);
      if (m && m->isProtected) {
        diags_.report(diag::ProtectedElementAccessed, callee.parts[i].range,
                      {name, component->path()});
        return nullptr;
      }
      if (m && m->kind == inst::Member::Kind::Class) {
        cls = m->classNode;
        classOwner = component;
      }
      else if (m)
        component = component->memberInstance(*m);
      else
        component = nullptr;
      if (cls)
        component = nullptr;
    }
    if (!cls && !component && enclosing && enclosing->inBundledSubset()) {
      std::string missing = enclosing->fullName();
      for (size_t j = i; j < callee.parts.size(); ++j)
        missing += "." + callee.parts[j].name;
      diags_.report(diag::NotInBundledSubset, callee.range, {missing});
      return nullptr;
    }
    if (!cls && !component) {
      diags_.report(diag::NotAFunctionIn, callee.parts[i].range, {name, callee.str()});
      return nullptr;
    }
  }
  if (!cls) {
    diags_.report(diag::ComponentNotFunction, callee.range, {callee.str()});
    return nullptr;
  }
  if (owner)
    *owner = classOwner;
  if (inst_.isExternalObjectClass(cls))
    return cls; // a call of its constructor
  using R = ast::ClassRestrictionKind;
  R r = cls->restriction();
  if (cls->builtin == inst::BuiltinKind::Clock) {
    diags_.report(diag::ClockedFormUnsupported, callee.range, {"`Clock(...)` by this name"});
    return nullptr;
  }
  if (r != R::Function && r != R::OperatorFunction && r != R::Record && r != R::OperatorRecord) {
    diags_.report(diag::ClassNotFunction, callee.range, {cls->fullName(), ast::restrictionName(r)});
    return nullptr;
  }
  // MLS 12.2: a function called in a simulation model is not partial.
  if ((r == R::Function || r == R::OperatorFunction) && inst_.resolveAlias(cls)->def &&
      inst_.resolveAlias(cls)->def->prefixes.partial) {
    diags_.report(diag::PartialFunctionCalled, callee.range, {cls->fullName()});
    return nullptr;
  }
  return cls;
}

std::string Flattener::externalBuiltin(inst::ClassNode *function) {
  function = inst_.resolveAlias(function);
  const ast::ClassDef *def = function->def;
  if (!def || def->prefixes.restriction != ast::ClassRestrictionKind::Function)
    return "";
  // Its own clause, or the one it inherits (MSL: Files.loadResource extends
  // ModelicaServices.ExternalReferences.loadResource).
  const ast::ExternalClause *ext = def->external.get();
  if (!ext && !def->elements.empty())
    ext = functionInstance(function)->externalClause().node;
  if (!ext || ext->language != "builtin")
    return "";
  return ext->hasCall ? ext->function : function->name;
}

std::optional<Value> Flattener::constructExternalObject(inst::ClassNode *cls,
                                                       const ast::CallExpr &call, Scope scope) {
  auto value = lowerFunctionCall(cls, call, scope); // calls the constructor
  if (!value)
    return std::nullopt;
  if (value->type != ElementType::ExternalObject || value->recordName != cls->fullName()) {
    diags_.report(diag::ConstructorReturnType, call.range, {cls->fullName(), cls->fullName()});
    return std::nullopt;
  }
  return value;
}

Instance *Flattener::functionInstance(inst::ClassNode *function, Instance *owner) {
  auto key = std::make_pair(function, owner);
  if (auto it = functionInstances_.find(key); it != functionInstances_.end())
    return it->second;
  Instance *instance = inst_.instantiateModel(function, owner);
  functionInstances_[key] = instance;
  return instance;
}

std::optional<Value> Flattener::constructRecord(inst::ClassNode *record, const ast::CallExpr &call,
                                                Scope scope) {
  if (record->restriction() == ast::ClassRestrictionKind::OperatorRecord &&
      record->findChild("'constructor'")) {
    diags_.report(diag::OperatorRecordConstructorUnsupported, call.range, {record->fullName()});
    return std::nullopt;
  }
  Instance *shape = functionInstance(record);
  Value v;
  v.isRecord = true;
  v.recordName = record->fullName();
  size_t positional = 0;
  std::vector<bool> used(call.namedArgs.size(), false);
  auto &members = shape->members();
  // The arguments first; then the defaults in declaration order, which may
  // use the other fields (`Integer in2 = in3`, MLS 12.6).
  std::vector<std::pair<inst::Member *, std::optional<Value>>> fields;
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component || m.isProtected)
      continue;
    const ast::Expr *arg = nullptr;
    if (positional < call.args.size()) {
      arg = call.args[positional++].get();
    } else {
      for (size_t k = 0; k < call.namedArgs.size(); ++k)
        if (call.namedArgs[k].name == m.name) {
          arg = call.namedArgs[k].value.get();
          used[k] = true;
        }
    }
    fields.push_back({&m, std::nullopt});
    if (arg) {
      fields.back().second = lower(*arg, scope);
      if (!fields.back().second)
        return std::nullopt;
    }
  }
  FunctionFrame frame;
  frame.function = shape;
  for (auto &[m, value] : fields)
    if (value)
      if (Instance *c = shape->memberInstance(*m))
        frame.values[c] = *value;
  // A default is lowered once the fields it names have values.
  auto pendingNames = [&](const ast::Expr &binding) {
    bool waits = false;
    ast::forEachExpr(binding, [&](const ast::Expr &e) {
      const auto *ref = ast::dynCast<ast::RefExpr>(&e);
      if (!ref || ref->global)
        return;
      for (auto &[m, value] : fields)
        waits |= !value && m->name == ref->parts[0].name;
    });
    return waits;
  };
  frames.push_back(&frame);
  for (bool progress = true; progress;) {
    progress = false;
    for (auto &[m, value] : fields) {
      if (value)
        continue;
      Instance *c = shape->memberInstance(*m);
      if (!c || !c->mod.binding) {
        frames.pop_back();
        diags_.report(diag::RecordConstructorMissingValue, call.range,
                      {record->fullName(), m->name});
        return std::nullopt;
      }
      if (pendingNames(*c->mod.binding))
        continue;
      value = lower(*c->mod.binding, c->mod.scope);
      if (!value) {
        frames.pop_back();
        return std::nullopt;
      }
      frame.values[c] = *value;
      progress = true;
    }
  }
  frames.pop_back();
  for (auto &[m, value] : fields)
    if (!value) {
      diags_.report(diag::RecordConstructorDefaultsCyclic, call.range,
                    {record->fullName(), m->name});
      return std::nullopt;
    }
  for (auto &[m, value] : fields)
    v.fields.push_back({m->name, std::move(*value)});
  if (positional < call.args.size()) {
    diags_.report(diag::RecordConstructorTooManyArguments, call.args[positional]->range,
                  {record->fullName()});
    return std::nullopt;
  }
  for (size_t k = 0; k < call.namedArgs.size(); ++k)
    if (!used[k]) {
      diags_.report(diag::RecordHasNoField, call.namedArgs[k].range,
                    {record->fullName(), call.namedArgs[k].name});
      return std::nullopt;
    }
  return v;
}

/// Matches the arguments of a call to the inputs of a function, in the
/// order of the inputs; an input without argument has its default (null).
std::vector<inst::Member *> inputsOf(Instance *function) {
  std::vector<inst::Member *> inputs;
  for (inst::Member &m : function->members())
    if (m.kind == inst::Member::Kind::Component && !m.isProtected &&
        function->causalityOf(m) == ast::CausalityKind::Input)
      inputs.push_back(&m);
  return inputs;
}

static std::optional<std::vector<const ast::Expr *>>
matchArguments(Flattener &f, Instance *function, const ast::CallExpr &call) {
  std::vector<inst::Member *> inputs = inputsOf(function);
  std::string name = function->cls->fullName();
  if (call.args.size() > inputs.size()) {
    f.diags().report(diag::CallTooManyArguments, call.args[inputs.size()]->range,
                     {name, std::to_string(inputs.size())});
    return std::nullopt;
  }
  std::vector<const ast::Expr *> args(inputs.size(), nullptr);
  for (size_t i = 0; i < call.args.size(); ++i)
    args[i] = call.args[i].get();
  for (const ast::NamedArgument &named : call.namedArgs) {
    size_t k = 0;
    while (k < inputs.size() && inputs[k]->name != named.name)
      ++k;
    if (k == inputs.size()) {
      f.diags().report(diag::NoInputNamed, named.range, {name, named.name});
      return std::nullopt;
    }
    if (args[k]) {
      f.diags().report(diag::InputGivenTwice, named.range, {named.name, name});
      return std::nullopt;
    }
    args[k] = named.value.get();
  }
  return args;
}

std::optional<Value> Flattener::lowerPartialApplication(const ast::PartialAppExpr &e,
                                                        Scope scope) {
  // `function integrand(y = x)` of a functional input binds more of its inputs.
  if (!e.function.global && e.function.parts.size() == 1)
    if (const Value *fn = functionValueNamed(e.function.parts[0], scope)) {
      Value f = *fn;
      for (const ast::NamedArgument &arg : e.namedArgs) {
        auto v = lower(*arg.value, scope);
        if (!v)
          return std::nullopt;
        f.bound.push_back({arg.name, std::move(*v)});
      }
      return f;
    }
  inst::ClassNode *cls = inst_.lookupClass(e.function, scope);
  if (!cls)
    return std::nullopt;
  if (cls->restriction() != ast::ClassRestrictionKind::Function &&
      cls->restriction() != ast::ClassRestrictionKind::OperatorFunction) {
    diags_.report(diag::NotAFunction, e.function.range, {cls->fullName()});
    return std::nullopt;
  }
  Value f;
  f.function = cls;
  f.recordName = cls->fullName();
  Instance *function = functionInstance(cls);
  for (const ast::NamedArgument &arg : e.namedArgs) {
    bool isInput = false;
    for (const inst::Member &m : function->members())
      isInput |= m.kind == inst::Member::Kind::Component && !m.isProtected && m.name == arg.name &&
                 function->causalityOf(m) == ast::CausalityKind::Input;
    if (!isInput) {
      diags_.report(diag::NoInput, arg.range, {cls->fullName(), arg.name});
      return std::nullopt;
    }
    auto v = lower(*arg.value, scope);
    if (!v)
      return std::nullopt;
    f.bound.push_back({arg.name, std::move(*v)});
  }
  return f;
}

const Value *Flattener::functionValueOf(const ast::RefExpr &callee, Scope scope) {
  if (callee.global || callee.parts.size() != 1 || !callee.parts[0].subscripts.empty())
    return nullptr;
  return functionValueNamed(callee.parts[0].name, scope);
}

const Value *Flattener::functionValueNamed(const std::string &name, Scope scope) {
  if (frames.empty())
    return nullptr;
  inst::Found found = inst_.lookupFirst(name, scope);
  if (found.kind != inst::Found::Kind::Component)
    return nullptr;
  auto it = frames.back()->values.find(found.instance);
  return it != frames.back()->values.end() && it->second.isFunction() ? &it->second : nullptr;
}

std::optional<std::vector<Value>> Flattener::callFunctionValue(const Value &fn,
                                                               const ast::CallExpr &call,
                                                               Scope scope) {
  Instance *function = functionInstance(fn.function);
  std::vector<inst::Member *> inputs;
  auto &members = function->members();
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].kind == inst::Member::Kind::Component && !members[i].isProtected &&
        function->causalityOf(members[i]) == ast::CausalityKind::Input)
      inputs.push_back(&members[i]);
  std::vector<std::optional<Value>> args(inputs.size());
  // The inputs a partial application bound are no longer inputs of the
  // function value: positional arguments fill the others in order (MLS 12.4.2.1).
  std::vector<bool> isBound(inputs.size(), false);
  for (const auto &b : fn.bound)
    for (size_t k = 0; k < inputs.size(); ++k)
      if (inputs[k]->name == b.first)
        isBound[k] = true;
  auto put = [&](const std::string &name, size_t position, Value v, SourceRange at) {
    size_t k = 0;
    if (!name.empty()) {
      for (; k < inputs.size() && inputs[k]->name != name; ++k) {
      }
    } else {
      for (size_t seen = 0; k < inputs.size(); ++k)
        if (!isBound[k] && seen++ == position)
          break;
    }
    if (k >= inputs.size() || args[k]) {
      diags_.report(diag::ArgumentDoesNotFitInput, at,
                    {(name.empty() ? std::to_string(position + 1) : "`" + name + "`"),
                     fn.function->fullName()});
      return false;
    }
    args[k] = std::move(v);
    return true;
  };
  for (size_t i = 0; i < call.args.size(); ++i) {
    auto v = lower(*call.args[i], scope);
    if (!v || !put("", i, std::move(*v), call.args[i]->range))
      return std::nullopt;
  }
  for (const ast::NamedArgument &named : call.namedArgs) {
    auto v = lower(*named.value, scope);
    if (!v || !put(named.name, 0, std::move(*v), named.range))
      return std::nullopt;
  }
  for (const auto &[name, value] : fn.bound)
    if (!put(name, 0, value, call.range))
      return std::nullopt;
  return callFunction(*this, function, args, call.range);
}

std::optional<std::vector<const ast::Expr *>>
Flattener::matchCallArguments(Instance *function, const ast::CallExpr &call) {
  return matchArguments(*this, function, call);
}

std::optional<std::vector<Value>> Flattener::lowerCallOutputs(const ast::CallExpr &call,
                                                              Scope scope,
                                                              std::vector<sym::ExprId> *calls) {
  if (const Value *fn = functionValueOf(*call.callee, scope))
    return callFunctionValue(*fn, call, scope);
  Instance *owner = nullptr;
  inst::ClassNode *cls = resolveCallee(*call.callee, scope, &owner);
  if (!cls)
    return std::nullopt;
  if (cls->restriction() == ast::ClassRestrictionKind::Record) {
    auto record = constructRecord(cls, call, scope);
    if (!record)
      return std::nullopt;
    return std::vector<Value>{std::move(*record)};
  }
  if (inst_.isExternalObjectClass(cls)) {
    inst::ClassNode *constructor = inst_.findNestedClass(cls, "constructor", Scope{nullptr, cls});
    if (!constructor) {
      diags_.report(diag::ExternalObjectNoConstructor, call.callee->range, {cls->fullName()});
      return std::nullopt;
    }
    cls = constructor;
    owner = nullptr;
  }
  Instance *function = functionInstance(cls, owner);
  auto args = matchArguments(*this, function, call);
  if (!args)
    return std::nullopt;
  std::vector<std::optional<Value>> values;
  for (const ast::Expr *arg : *args) {
    values.emplace_back();
    if (arg) {
      values.back() = lower(*arg, scope);
      if (!values.back())
        return std::nullopt;
    }
  }
  return vectorizedCall(function, values, call.range, calls);
}

/// Calls a function, applying it element by element when arguments have
/// more dimensions than their inputs declare (MLS 12.4.6).
std::optional<std::vector<Value>> Flattener::vectorizedCall(Instance *function,
                                                            std::vector<std::optional<Value>> &args,
                                                            SourceRange loc,
                                                            std::vector<sym::ExprId> *calls) {
  std::vector<int64_t> extra;
  std::vector<size_t> vectorized;
  auto &members = function->members();
  size_t input = 0;
  for (size_t i = 0; i < members.size() && input < args.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component || m.isProtected ||
        function->causalityOf(m) != ast::CausalityKind::Input)
      continue;
    const std::optional<Value> &arg = args[input++];
    Instance *var = function->memberInstance(m);
    if (!arg || !var || (arg->isRecord && arg->dims.empty()))
      continue;
    int declared = static_cast<int>(var->dimExprs.size());
    if (arg->rank() <= declared)
      continue;
    std::vector<int64_t> outer(arg->dims.begin(), arg->dims.end() - declared);
    if (!extra.empty() && extra != outer) {
      diags_.report(diag::VectorizedCallSizesDiffer, loc);
      return std::nullopt;
    }
    extra = outer;
    vectorized.push_back(input - 1);
  }
  if (extra.empty())
    return callFunction(*this, function, args, loc, nullptr, calls);
  int64_t count = 1;
  for (int64_t d : extra)
    count *= d;
  std::vector<Value> results;
  for (int64_t k = 0; k < count; ++k) {
    std::vector<std::optional<Value>> elementArgs = args;
    for (size_t i : vectorized) {
      const Value &a = *args[i];
      int64_t inner = a.count() / count;
      Value e;
      e.type = a.type;
      e.dims.assign(a.dims.begin() + extra.size(), a.dims.end());
      if (a.isRecord) { // an array of records (Complex phasors): its items
        if (static_cast<int64_t>(a.items.size()) != a.count())
          return std::nullopt;
        if (e.dims.empty()) {
          elementArgs[i] = a.items[static_cast<size_t>(k)];
          continue;
        }
        e.isRecord = true;
        e.recordName = a.recordName;
        e.items.assign(a.items.begin() + k * inner, a.items.begin() + (k + 1) * inner);
      } else {
        e.elements.assign(a.elements.begin() + k * inner, a.elements.begin() + (k + 1) * inner);
      }
      elementArgs[i] = std::move(e);
    }
    auto outputs = callFunction(*this, function, elementArgs, loc, nullptr, calls);
    if (!outputs)
      return outputs;
    if (outputs->empty())
      continue; // no outputs: called for its effects, element by element
    results.push_back(std::move(outputs->front()));
  }
  if (results.empty())
    return results;
  Value stacked;
  stacked.type = results[0].type;
  stacked.dims = extra;
  stacked.dims.insert(stacked.dims.end(), results[0].dims.begin(), results[0].dims.end());
  if (results[0].isRecord) { // a record output: an array of records
    stacked.isRecord = true;
    stacked.recordName = results[0].recordName;
    for (Value &r : results) {
      if (r.dims.empty())
        stacked.items.push_back(std::move(r));
      else
        stacked.items.insert(stacked.items.end(), r.items.begin(), r.items.end());
    }
    return std::vector<Value>{std::move(stacked)};
  }
  for (const Value &r : results)
    stacked.elements.insert(stacked.elements.end(), r.elements.begin(), r.elements.end());
  return std::vector<Value>{std::move(stacked)};
}

std::optional<Value> Flattener::lowerFunctionCall(inst::ClassNode *cls, const ast::CallExpr &call,
                                                  Scope scope) {
  if (!call.iterators.empty()) {
    diags_.report(diag::NotAReduction, call.range, {cls->fullName()});
    return std::nullopt;
  }
  auto outputs = lowerCallOutputs(call, scope);
  if (!outputs)
    return std::nullopt;
  if (outputs->empty()) {
    diags_.report(diag::FunctionHasNoOutput, call.range, {cls->fullName()});
    return std::nullopt;
  }
  return std::move(outputs->front());
}

} // namespace mocc::flattening
