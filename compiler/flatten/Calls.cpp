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
    diags_.error(callee.range, "call of undeclared function `" + callee.str() + "`");
    return nullptr;
  }
  inst::ClassNode *cls = found.cls;
  Instance *component = found.instance;
  for (size_t i = 1; i < callee.parts.size(); ++i) {
    const std::string &name = callee.parts[i].name;
    inst::ClassNode *enclosing = cls;
    if (cls) {
      cls = inst_.findNestedClass(inst_.resolveAlias(cls), name, scope);
    } else if (component) {
      // A function declared (or redeclared) inside a component.
      inst::Member *m = component->findMember(name);
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
      diags_.error(callee.range, inst::notInBundledSubset(missing));
      return nullptr;
    }
    if (!cls && !component) {
      diags_.error(callee.parts[i].range, "`" + name + "` in `" + callee.str() +
                                              "` does not name a function");
      return nullptr;
    }
  }
  if (!cls) {
    diags_.error(callee.range, "`" + callee.str() + "` is a component, not a function");
    return nullptr;
  }
  if (owner)
    *owner = classOwner;
  if (inst_.isExternalObjectClass(cls))
    return cls; // a call of its constructor
  using R = ast::ClassRestrictionKind;
  R r = cls->restriction();
  if (r != R::Function && r != R::OperatorFunction && r != R::Record && r != R::OperatorRecord) {
    diags_.error(callee.range, "`" + cls->fullName() + "` is a " + ast::restrictionName(r) +
                                   ", not a function");
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
    diags_.error(call.range, "the constructor of `" + cls->fullName() + "` must return a `" +
                                 cls->fullName() + "`");
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
    diags_.error(call.range, "the overloaded constructor of the operator record `" +
                                 record->fullName() + "` is not supported yet");
    return std::nullopt;
  }
  Instance *shape = functionInstance(record);
  Value v;
  v.isRecord = true;
  v.recordName = record->fullName();
  size_t positional = 0;
  std::vector<bool> used(call.namedArgs.size(), false);
  auto &members = shape->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component || m.isProtected)
      continue;
    const ast::Expr *arg = nullptr;
    Scope argScope = scope;
    if (positional < call.args.size()) {
      arg = call.args[positional++].get();
    } else {
      for (size_t k = 0; k < call.namedArgs.size(); ++k)
        if (call.namedArgs[k].name == m.name) {
          arg = call.namedArgs[k].value.get();
          used[k] = true;
        }
    }
    std::optional<Value> field;
    if (arg) {
      field = lower(*arg, argScope);
    } else {
      Instance *c = shape->memberInstance(m);
      if (!c || !c->mod.binding) {
        diags_.error(call.range, "the record constructor `" + record->fullName() +
                                     "` needs a value for `" + m.name + "`");
        return std::nullopt;
      }
      field = lower(*c->mod.binding, c->mod.scope);
    }
    if (!field)
      return std::nullopt;
    v.fields.push_back({m.name, std::move(*field)});
  }
  if (positional < call.args.size()) {
    diags_.error(call.args[positional]->range, "too many arguments for the record constructor `" +
                                                   record->fullName() + "`");
    return std::nullopt;
  }
  for (size_t k = 0; k < call.namedArgs.size(); ++k)
    if (!used[k]) {
      diags_.error(call.namedArgs[k].range, "the record `" + record->fullName() +
                                                "` has no field named `" + call.namedArgs[k].name + "`");
      return std::nullopt;
    }
  return v;
}

/// Matches the arguments of a call to the inputs of a function, in the
/// order of the inputs; an input without argument has its default (null).
static std::optional<std::vector<const ast::Expr *>>
matchArguments(Flattener &f, Instance *function, const ast::CallExpr &call) {
  std::vector<inst::Member *> inputs;
  auto &members = function->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind == inst::Member::Kind::Component && !m.isProtected &&
        m.element->component->prefix.causality == ast::CausalityKind::Input)
      inputs.push_back(&m);
  }
  std::string name = function->cls->fullName();
  if (call.args.size() > inputs.size()) {
    f.diags().error(call.args[inputs.size()]->range,
                    "too many arguments: `" + name + "` has " + std::to_string(inputs.size()) +
                        " input(s)");
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
      f.diags().error(named.range, "`" + name + "` has no input named `" + named.name + "`");
      return std::nullopt;
    }
    if (args[k]) {
      f.diags().error(named.range, "the input `" + named.name + "` of `" + name +
                                       "` is given twice");
      return std::nullopt;
    }
    args[k] = named.value.get();
  }
  return args;
}

std::optional<std::vector<const ast::Expr *>>
Flattener::matchCallArguments(Instance *function, const ast::CallExpr &call) {
  return matchArguments(*this, function, call);
}

std::optional<std::vector<Value>> Flattener::lowerCallOutputs(const ast::CallExpr &call,
                                                              Scope scope,
                                                              std::vector<sym::ExprId> *calls) {
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
      diags_.error(call.callee->range, "the external object class `" + cls->fullName() +
                                           "` has no `constructor`");
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
        m.element->component->prefix.causality != ast::CausalityKind::Input)
      continue;
    const std::optional<Value> &arg = args[input++];
    Instance *var = function->memberInstance(m);
    if (!arg || !var || arg->isRecord)
      continue;
    int declared = static_cast<int>(var->dimExprs.size());
    if (arg->rank() <= declared)
      continue;
    std::vector<int64_t> outer(arg->dims.begin(), arg->dims.end() - declared);
    if (!extra.empty() && extra != outer) {
      diags_.error(loc, "the arguments of a vectorized call have different sizes");
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
      e.elements.assign(a.elements.begin() + k * inner, a.elements.begin() + (k + 1) * inner);
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
  for (const Value &r : results)
    stacked.elements.insert(stacked.elements.end(), r.elements.begin(), r.elements.end());
  return std::vector<Value>{std::move(stacked)};
}

std::optional<Value> Flattener::lowerFunctionCall(inst::ClassNode *cls, const ast::CallExpr &call,
                                                  Scope scope) {
  if (!call.iterators.empty()) {
    diags_.error(call.range, "`" + cls->fullName() + "` cannot be used as a reduction with `for`");
    return std::nullopt;
  }
  auto outputs = lowerCallOutputs(call, scope);
  if (!outputs)
    return std::nullopt;
  if (outputs->empty()) {
    diags_.error(call.range, "`" + cls->fullName() + "` has no output, so its call has no value");
    return std::nullopt;
  }
  return std::move(outputs->front());
}

} // namespace mocc::flattening
