// The flattening driver: declares the scalar variables of every component
// of a built-in type (first pass, so that variables keep declaration order),
// then defines them (attributes, bindings) and lowers the equations of every
// instance (second pass). Parameter values are evaluated on demand, for
// array sizes and other structural uses.
#include "compiler/flatten/Flattener.h"

#include <cmath>

namespace mocc {

std::optional<flat::FlatModel> flatten(inst::Instantiator &instantiator, inst::Instance *model,
                                       Diagnostics &diags) {
  flat::FlatModel result;
  flattening::Flattener flattener(instantiator, diags, result);
  if (!flattener.run(model))
    return std::nullopt;
  return result;
}

namespace flattening {

std::string shapeText(const std::vector<int64_t> &dims) {
  if (dims.empty())
    return "scalar";
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + "]";
}

/// "[i,j]" for the row-major element k of an array of shape dims.
static std::string indexSuffix(int64_t k, const std::vector<int64_t> &dims) {
  if (dims.empty())
    return "";
  std::vector<int64_t> index(dims.size());
  for (size_t i = dims.size(); i-- > 0;) {
    index[i] = k % dims[i] + 1;
    k /= dims[i];
  }
  std::string out = "[";
  for (size_t i = 0; i < index.size(); ++i)
    out += (i ? "," : "") + std::to_string(index[i]);
  return out + "]";
}

bool Flattener::run(Instance *root) {
  unsigned errorsBefore = diags_.errorCount();
  model_.name = root->name;
  model_.loc = root->loc;
  declare(root);
  define(root);
  readExperiment(root->cls);
  return diags_.errorCount() == errorsBefore;
}

// --- First pass: declarations ----------------------------------------------------

void Flattener::declare(Instance *instance) {
  if (declaring_.size() > 100) {
    diags_.error(instance->loc, "components are nested too deeply (does a class contain itself?)");
    return;
  }
  declaring_.push_back(instance);
  for (inst::Member &m : instance->members()) {
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *c = instance->memberInstance(m);
    if (!c || (!c->isBuiltin() && !c->cls))
      continue;
    if (c->isBuiltin()) {
      varsOf(c);
      continue;
    }
    auto dims = dimsOf(c);
    if (!dims)
      continue;
    if (dims->empty()) {
      declare(c);
      continue;
    }
    for (auto &element : c->elements(*dims))
      declare(element.get());
  }
  declaring_.pop_back();
}

static flat::VariabilityKind variabilityOf(const inst::ComponentPrefixes &p, flat::TypeKind type) {
  switch (p.variability) {
  case ast::VariabilityKind::Constant:
    return flat::VariabilityKind::Constant;
  case ast::VariabilityKind::Parameter:
    return flat::VariabilityKind::Parameter;
  case ast::VariabilityKind::Discrete:
    return flat::VariabilityKind::Discrete;
  case ast::VariabilityKind::Continuous:
    break;
  }
  return type == flat::TypeKind::Real ? flat::VariabilityKind::Continuous
                                      : flat::VariabilityKind::Discrete;
}

static flat::TypeKind typeOf(inst::BuiltinKind kind) {
  switch (kind) {
  case inst::BuiltinKind::Integer: return flat::TypeKind::Integer;
  case inst::BuiltinKind::Boolean: return flat::TypeKind::Boolean;
  case inst::BuiltinKind::String: return flat::TypeKind::String;
  case inst::BuiltinKind::StateSelect:
  case inst::BuiltinKind::AssertionLevel:
    return flat::TypeKind::Enumeration;
  default: return flat::TypeKind::Real;
  }
}

const VarRange *Flattener::varsOf(Instance *x) {
  if (auto it = vars_.find(x); it != vars_.end())
    return &it->second;
  auto dims = dimsOf(x);
  if (!dims)
    return nullptr;
  VarRange range;
  range.first = static_cast<uint32_t>(model_.variables.size());
  range.dims = *dims;
  range.type = typeOf(x->builtin);
  int64_t count = 1;
  for (int64_t d : *dims)
    count *= d;
  std::string path = x->path();
  std::string description = x->member ? x->member->decl->description.text : "";
  for (int64_t k = 0; k < count; ++k) {
    flat::Variable v;
    v.name = path + indexSuffix(k, *dims);
    v.type = range.type;
    v.variability = variabilityOf(x->prefixes, range.type);
    v.causality = x->prefixes.causality == ast::CausalityKind::Input    ? flat::CausalityKind::Input
                  : x->prefixes.causality == ast::CausalityKind::Output ? flat::CausalityKind::Output
                                                                        : flat::CausalityKind::None;
    v.loc = x->loc;
    v.description = description;
    v.isProtected = x->prefixes.isProtected;
    model_.addVariable(std::move(v));
  }
  owner_.resize(model_.variables.size(), nullptr);
  for (int64_t k = 0; k < count; ++k)
    owner_[range.first + k] = x;
  return &(vars_[x] = range);
}

std::optional<std::vector<int64_t>> Flattener::dimsOf(Instance *x) {
  if (x->dims)
    return x->dims;
  std::vector<int64_t> dims;
  std::optional<Value> binding;
  for (size_t i = 0; i < x->dimExprs.size(); ++i) {
    auto [expr, scope] = x->dimExprs[i];
    if (expr->kind == ast::ExprKind::Colon) {
      // `x[:] = {...}`: the size comes from the binding.
      if (!binding && x->mod.binding)
        binding = lower(*x->mod.binding, x->mod.scope);
      if (!binding || binding->rank() <= static_cast<int>(i)) {
        diags_.error(expr->range, "the size of dimension " + std::to_string(i + 1) + " of `" +
                                      x->name + "` is unknown: it has `:` and no binding gives it");
        return std::nullopt;
      }
      dims.push_back(binding->dims[i]);
      continue;
    }
    auto n = evaluateInteger(*expr, scope, "an array dimension");
    if (!n)
      return std::nullopt;
    if (*n < 0) {
      diags_.error(expr->range, "array dimension " + std::to_string(*n) + " is negative");
      return std::nullopt;
    }
    dims.push_back(*n);
  }
  x->dims = dims;
  return dims;
}

// --- Second pass: definitions ----------------------------------------------------

void Flattener::define(Instance *instance) {
  for (inst::Member &m : instance->members()) {
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *c = instance->memberInstance(m);
    if (!c || (!c->isBuiltin() && !c->cls))
      continue;
    if (c->isBuiltin()) {
      if (const VarRange *range = varsOf(c))
        defineVariables(c, *range);
      continue;
    }
    if (!c->dims)
      continue;
    if (c->dims->empty()) {
      define(c);
      continue;
    }
    for (auto &element : c->elements(*c->dims))
      define(element.get());
  }
  for (const auto &section : instance->equationSections())
    for (const auto &eq : section.node->equations)
      lowerEquation(*eq, Scope{instance, section.lexical}, section.node->initial);
  for (const auto &section : instance->algorithmSections()) {
    diags_.error(section.node->range, "algorithm sections in models are not supported yet");
  }
}

std::optional<Value> Flattener::bindingValue(Instance *x, const VarRange &range) {
  if (!x->mod.binding)
    return std::nullopt;
  auto value = lower(*x->mod.binding, x->mod.scope);
  if (!value)
    return std::nullopt;
  // An element of an array of components takes its element of the binding.
  for (int64_t index : x->mod.elementIndex) {
    if (value->rank() == 0 || index > value->dims[0]) {
      diags_.error(x->mod.bindingLoc, "the binding of `" + x->path() + "` has shape " +
                                          shapeText(value->dims) + ", which the array of components "
                                          "cannot split (use `each`?)");
      return std::nullopt;
    }
    int64_t stride = value->count() / value->dims[0];
    Value element;
    element.type = value->type;
    element.dims.assign(value->dims.begin() + 1, value->dims.end());
    if (value->isString())
      element.strings.assign(value->strings.begin() + (index - 1) * stride,
                             value->strings.begin() + index * stride);
    else
      element.elements.assign(value->elements.begin() + (index - 1) * stride,
                              value->elements.begin() + index * stride);
    value = std::move(element);
  }
  if (value->dims != range.dims) {
    diags_.error(x->mod.bindingLoc, "the binding of `" + x->path() + "` has shape " +
                                        shapeText(value->dims) + " but the variable has shape " +
                                        shapeText(range.dims));
    return std::nullopt;
  }
  if ((range.type == flat::TypeKind::String) != value->isString()) {
    diags_.error(x->mod.bindingLoc, std::string("type mismatch: `") + x->path() + "` is of type `" +
                                        flat::typeName(range.type) + "` but its binding is " +
                                        (value->isString() ? "a String" : "not a String"));
    return std::nullopt;
  }
  return value;
}

void Flattener::ensureParameterBinding(sym::VarId var) {
  if (var.index >= owner_.size() || !owner_[var.index])
    return;
  if (bindingState_.size() < model_.variables.size())
    bindingState_.resize(model_.variables.size(), 0);
  if (bindingState_[var.index] != 0)
    return;
  Instance *x = owner_[var.index];
  const VarRange &range = vars_.at(x);
  int64_t count = 1;
  for (int64_t d : range.dims)
    count *= d;
  for (int64_t k = 0; k < count; ++k)
    bindingState_[range.first + k] = 1;
  auto value = bindingValue(x, range);
  for (int64_t k = 0; k < count; ++k) {
    bindingState_[range.first + k] = 2;
    if (value && !value->isString())
      model_.variables[range.first + k].binding = value->elements[k];
  }
}

std::optional<double> Flattener::evaluate(sym::ExprId expr) {
  std::function<std::optional<double>(sym::VarId)> valueOf = [&](sym::VarId v) -> std::optional<double> {
    if (valueState_.size() < model_.variables.size()) {
      valueState_.resize(model_.variables.size(), 0);
      values_.resize(model_.variables.size(), 0.0);
    }
    switch (valueState_[v.index]) {
    case 2: return values_[v.index];
    case 1:
    case 3: return std::nullopt;
    default: break;
    }
    const flat::Variable &var = model_.var(v);
    if (var.variability != flat::VariabilityKind::Parameter &&
        var.variability != flat::VariabilityKind::Constant) {
      valueState_[v.index] = 3;
      return std::nullopt;
    }
    valueState_[v.index] = 1;
    ensureParameterBinding(v);
    sym::ExprId binding = model_.var(v).binding;
    std::optional<double> result;
    if (binding.valid())
      result = sym::evaluate(pool_, binding, valueOf);
    valueState_[v.index] = result ? 2 : 3;
    if (result)
      values_[v.index] = *result;
    return result;
  };
  return sym::evaluate(pool_, expr, valueOf);
}

void Flattener::defineVariables(Instance *x, const VarRange &range) {
  int64_t count = 1;
  for (int64_t d : range.dims)
    count *= d;
  if (count == 0)
    return;
  setAttributes(x, range);
  flat::VariabilityKind variability = model_.variables[range.first].variability;
  bool isParameter = variability == flat::VariabilityKind::Parameter ||
                     variability == flat::VariabilityKind::Constant;
  if (isParameter) {
    ensureParameterBinding(sym::VarId{range.first});
    for (int64_t k = 0; k < count; ++k) {
      flat::Variable &v = model_.variables[range.first + k];
      if (v.binding.valid() || v.attributes.fixed == false)
        continue; // fixed = false: computed by initialization
      if (k == 0)
        diags_.warning(x->loc, "parameter `" + x->path() + "` has no value; using its start value" +
                                   (v.attributes.start.valid() ? "" : " (0)"));
      v.binding = v.attributes.start.valid() ? v.attributes.start : pool_.zero();
    }
    return;
  }
  auto value = bindingValue(x, range);
  if (!value || value->isString())
    return;
  for (int64_t k = 0; k < count; ++k) {
    flat::Equation eq;
    eq.lhs = pool_.variable(sym::VarId{static_cast<uint32_t>(range.first + k)});
    eq.rhs = value->elements[k];
    eq.loc = x->mod.bindingLoc;
    eq.origin = flat::EquationOriginKind::Binding;
    model_.equations.push_back(eq);
  }
}

// --- Attributes ----------------------------------------------------------------------

namespace {

bool isAttributeOf(const std::string &name, flat::TypeKind type) {
  static const char *const kCommon[] = {"quantity", "start", "fixed"};
  static const char *const kNumeric[] = {"min", "max"};
  static const char *const kReal[] = {"unit", "displayUnit", "nominal", "stateSelect", "unbounded"};
  for (const char *a : kCommon)
    if (name == a)
      return true;
  if (type == flat::TypeKind::Boolean || type == flat::TypeKind::String)
    return false;
  for (const char *a : kNumeric)
    if (name == a)
      return true;
  if (type != flat::TypeKind::Real)
    return false;
  for (const char *a : kReal)
    if (name == a)
      return true;
  return false;
}

} // namespace

void Flattener::setAttributes(Instance *x, const VarRange &range) {
  int64_t count = 1;
  for (int64_t d : range.dims)
    count *= d;
  for (const auto &[name, mod] : x->mod.children) {
    if (!isAttributeOf(name, range.type)) {
      diags_.error(mod.loc, "`" + name + "` is not an attribute of `" +
                                flat::typeName(range.type) + "`");
      continue;
    }
    if (!mod.binding)
      continue;
    auto value = lower(*mod.binding, mod.scope);
    if (!value)
      continue;
    for (int64_t index : mod.elementIndex) // element of an array of components
      if (value->rank() > 0 && index <= value->dims[0]) {
        int64_t stride = value->count() / value->dims[0];
        Value element;
        element.type = value->type;
        element.dims.assign(value->dims.begin() + 1, value->dims.end());
        if (value->isString())
          element.strings.assign(value->strings.begin() + (index - 1) * stride,
                                 value->strings.begin() + index * stride);
        else
          element.elements.assign(value->elements.begin() + (index - 1) * stride,
                                  value->elements.begin() + index * stride);
        value = std::move(element);
      }
    bool broadcast = value->isScalar();
    if (!broadcast && value->dims != range.dims) {
      diags_.error(mod.bindingLoc, "attribute `" + name + "` of `" + x->path() + "` has shape " +
                                       shapeText(value->dims) + " but the variable has shape " +
                                       shapeText(range.dims));
      continue;
    }
    for (int64_t k = 0; k < count; ++k) {
      flat::Attributes &a = model_.variables[range.first + k].attributes;
      size_t i = broadcast ? 0 : static_cast<size_t>(k);
      if (name == "unit" || name == "displayUnit" || name == "quantity") {
        if (!value->isString())
          continue;
        (name == "unit" ? a.unit : name == "displayUnit" ? a.displayUnit : a.quantity) =
            value->strings[i];
        continue;
      }
      if (value->isString()) {
        diags_.error(mod.bindingLoc, "attribute `" + name + "` must not be a String");
        break;
      }
      sym::ExprId e = value->elements[i];
      if (name == "start") a.start = e;
      else if (name == "nominal") a.nominal = e;
      else if (name == "min") a.min = e;
      else if (name == "max") a.max = e;
      else if (name == "fixed" || name == "stateSelect") {
        auto v = evaluate(e);
        if (!v) {
          diags_.error(mod.bindingLoc, "attribute `" + name + "` must be a parameter expression");
          break;
        }
        if (name == "fixed")
          a.fixed = *v != 0.0;
        else
          a.stateSelect = static_cast<flat::StateSelectKind>(static_cast<int>(*v) - 1);
      }
    }
  }
}

// --- Experiment annotation ---------------------------------------------------------------

void Flattener::readExperiment(inst::ClassNode *cls) {
  if (!cls || !cls->def || !cls->def->annotation)
    return;
  for (const ast::Argument &arg : cls->def->annotation->arguments) {
    if (arg.kind != ast::ArgumentKind::Modification || arg.path.parts.size() != 1 ||
        arg.path.parts[0] != "experiment" || !arg.mod)
      continue;
    for (const ast::Argument &setting : arg.mod->arguments) {
      if (setting.path.parts.size() != 1 || !setting.mod || !setting.mod->binding)
        continue;
      const std::string &key = setting.path.parts[0];
      std::optional<double> *target = key == "StartTime"   ? &model_.experiment.startTime
                                      : key == "StopTime"  ? &model_.experiment.stopTime
                                      : key == "Interval"  ? &model_.experiment.interval
                                      : key == "Tolerance" ? &model_.experiment.tolerance
                                                           : nullptr;
      if (!target)
        continue;
      auto value = evaluate(*setting.mod->binding, Scope{nullptr, cls}, "an experiment setting");
      if (value && value->isScalar() && !value->isString())
        *target = pool_.constantValue(value->elements[0]);
    }
  }
}

} // namespace flattening
} // namespace mocc
