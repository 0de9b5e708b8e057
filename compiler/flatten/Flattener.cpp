// The flattening driver: declares the scalar variables of every component
// of a built-in type (first pass, so that variables keep declaration order),
// then defines them (attributes, bindings) and lowers the equations of every
// instance (second pass). Parameter values are evaluated on demand, for
// array sizes and other structural uses.
#include "compiler/flatten/Flattener.h"

#include "compiler/flatten/Functions.h"

#include "compiler/flat/Evaluate.h"
#include "compiler/symbolic/NonFinite.h"
#include "compiler/support/Memory.h"

#include "compiler/flatten/Connections.h"

#include <atomic>
#include <set>
#include <cmath>
#include <unordered_map>

namespace mocc {

std::optional<flat::FlatModel> flatten(inst::Instantiator &instantiator, inst::Instance *model,
                                       Diagnostics &diags, flat::NativeEvaluator *native) {
  flat::FlatModel result;
  flattening::Flattener flattener(instantiator, diags, result);
  flattener.native = native;
  if (!flattener.run(model))
    return std::nullopt;
  return result;
}

std::optional<flattening::Value> lowerExpression(inst::Instantiator &instantiator,
                                                 const ast::Expr &expr, flat::FlatModel &model,
                                                 Diagnostics &diags, TimeDependence *timeDependence,
                                                 flat::NativeEvaluator *native) {
  flattening::Flattener flattener(instantiator, diags, model);
  flattener.native = native;
  flattener.inlineFunctions = false;
  unsigned errors = diags.errorCount();
  auto value = flattener.lower(expr, inst::Scope{});
  if (timeDependence)
    *timeDependence = flattener.firstTimeDependence;
  if (diags.errorCount() != errors)
    return std::nullopt;
  return value;
}

namespace flattening {

std::optional<int64_t> elementCount(const std::vector<int64_t> &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    if (d < 0 || __builtin_mul_overflow(n, d, &n) || n > kMaxArrayElements)
      return std::nullopt;
  return n;
}

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
  if (containsItself_)
    return false; // defining it would recurse as endlessly
  // Connections first: the connection graph decides Connections.isRoot().
  ConnectionGraph graph(*this);
  connections = &graph;
  graph.collect(root);
  graph.buildGraph();
  define(root);
  graph.generateEquations(root);
  connections = nullptr;
  readExperiment(root->cls);
  if (diags_.errorCount() == errorsBefore)
    resolveClocks();
  checkWhenAssignments();
  checkParameterValues();
  // reinit(x, ...) needs x to be a state; `der(x)` may come after the
  // when-clause, or in another equation section.
  for (const auto &[v, loc] : reinitTargets)
    if (!model_.var(v).derivative.valid())
      diags_.report(diag::ReinitNeedsState, loc);
  for (size_t i = 0; i < valueState_.size() && i < model_.variables.size(); ++i)
    if (valueState_[i] == 2)
      model_.variables[i].structural = true;
  return diags_.errorCount() == errorsBefore;
}

/// A parameter or constant whose value is known now must be a number: NaN
/// or infinite (div(1, 0), mod(5, 0), sqrt(-1)) is an error at its binding,
/// and so is an Integer outside the 32 bits of Integer. The values come in
/// dependency order (Kahn), each binding evaluated once with those before
/// it: no recursion along chains of parameters. A binding that calls a
/// function is judged only if the flattener already evaluated it; the rest
/// is checked when the run computes the parameters.
void Flattener::checkParameterValues() {
  size_t n = model_.size();
  auto checked = [&](uint32_t i) {
    const flat::Variable &v = model_.variables[i];
    return (v.variability == flat::VariabilityKind::Parameter ||
            v.variability == flat::VariabilityKind::Constant) &&
           v.binding.valid() && v.attributes.fixed != false &&
           v.special == flat::SpecialKind::None && v.type != flat::TypeKind::String &&
           v.type != flat::TypeKind::ExternalObject;
  };
  std::vector<int> pending(n, 0);
  std::vector<std::vector<uint32_t>> users(n);
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < n; ++i) {
    if (!checked(i))
      continue;
    for (sym::VarId dep : sym::variablesOf(*pool_, model_.variables[i].binding))
      if (dep.index < n && dep.index != i && checked(dep.index)) {
        users[dep.index].push_back(i);
        ++pending[i];
      }
    if (pending[i] == 0)
      order.push_back(i);
  }
  std::vector<std::optional<double>> value(n);
  auto valueOf = [&](sym::VarId v) -> std::optional<double> {
    if (v.index < n && value[v.index])
      return value[v.index];
    if (v.index < valueState_.size() && valueState_[v.index] == 2)
      return values_[v.index];
    return std::nullopt;
  };
  sym::ValueSource source;
  source.variable = valueOf;
  auto nameOf = [&](sym::VarId v) { return model_.nameOf(v); };
  auto functionName = [&](uint32_t f) { return model_.functions[f].name; };
  for (size_t k = 0; k < order.size(); ++k) {
    uint32_t i = order[k];
    for (uint32_t user : users[i])
      if (--pending[user] == 0)
        order.push_back(user);
    const flat::Variable &v = model_.variables[i];
    value[i] = sym::evaluate(*pool_, v.binding, valueOf);
    if (!value[i])
      value[i] = valueOf(sym::VarId{i});
    if (!value[i])
      continue;
    SourceRange where = v.bindingLoc.valid() ? v.bindingLoc : v.loc;
    std::string what =
        std::string(v.variability == flat::VariabilityKind::Constant ? "constant" : "parameter") +
        " `" + v.name + "`";
    if (!std::isfinite(*value[i])) {
      sym::NonFinite found = sym::explainNonFinite(*pool_, v.binding, source, nameOf, functionName);
      if (found.source.valid() && !(found.source == sym::VarId{i}))
        continue; // reported where it started
      diags_.report(
          diag::ValueNotFinite, where,
          {what, sym::formatValue(*value[i]), (found.why.empty() ? "" : ": " + found.why)});
    } else if (v.type == flat::TypeKind::Integer && !fitsInteger(*value[i])) {
      diags_.report(diag::IntegerValueOutOfRange, where,
                    {what, sym::formatValue(*value[i]), integerRange()});
    }
  }
}

/// A variable is assigned by one when-clause at most (MLS 8.3.5.2: else
/// two clauses that fire at the same instant would both define it). The
/// branches of one clause may each assign it. (Two when-statements of one
/// algorithm section that assign the same variable are reported when the
/// section is lowered: not supported yet.)
void Flattener::checkWhenAssignments() {
  std::unordered_map<uint32_t, size_t> clauseOf;
  for (size_t c = 0; c < model_.whenClauses.size(); ++c)
    for (const flat::WhenBranch &branch : model_.whenClauses[c].branches)
      for (const flat::Equation &a : branch.assignments) {
        sym::VarId v = pool_->variableOf(a.lhs);
        if (!v.valid())
          continue;
        auto [it, first] = clauseOf.emplace(v.index, c);
        if (first || it->second == c)
          continue;
        diags_.report(diag::AssignedInTwoWhenClauses, a.loc, {model_.nameOf(v)});
        diags_.report(diag::NoteOtherWhenClause, model_.whenClauses[it->second].loc);
        it->second = c; // report each further clause once
      }
}

// --- First pass: declarations ----------------------------------------------------

/// Whether a member is declared `outer` only: its instance is the inner
/// component of an enclosing instance, declared and defined there.
static bool isOuterOnly(const inst::Member &m) {
  return m.element->outer && !m.element->inner;
}

void Flattener::declare(Instance *instance) {
  if (declaring_.size() > 100) {
    diags_.report(diag::ComponentsNestTooDeeply, instance->loc);
    containsItself_ = true;
    return;
  }
  declaring_.push_back(instance);
  auto declareComponent = [&](Instance *c) {
    if (!c || (!c->isBuiltin() && !c->cls) || !isEnabled(c))
      return;
    // The elements of an expandable connector are only present when
    // connected or used (MLS 9.1.3): they are declared on first use.
    if (c->restriction() == ast::ClassRestrictionKind::ExpandableConnector) {
      dimsOf(c);
      return;
    }
    if (c->isBuiltin()) {
      varsOf(c);
      return;
    }
    auto dims = dimsOf(c);
    if (!dims)
      return;
    if (dims->empty()) {
      declare(c);
      return;
    }
    for (auto &element : c->elements(*dims))
      declare(element.get());
  };
  auto &members = instance->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind == inst::Member::Kind::Component && !isOuterOnly(m))
      declareComponent(instance->memberInstance(m));
  }
  // Inner components added for outer ones without an inner (at the top).
  for (size_t i = 0; i < instance->implicitInners.size(); ++i)
    declareComponent(instance->implicitInners[i].get());
  declaring_.pop_back();
}

bool Flattener::isEnabled(Instance *x) {
  if (x->enabled) // unconditional, or evaluated before
    return *x->enabled;
  const ast::Expr *condition = x->condition();
  if (!condition)
    return true;
  if (auto it = enabled_.find(x); it != enabled_.end())
    return it->second;
  enabled_[x] = true; // a condition that refers to its own component
  Scope scope{x->parent, x->member->declaredIn};
  auto value = evaluateBoolean(*condition, scope, "the condition of a conditional component");
  enabled_[x] = value.value_or(false);
  x->enabled = enabled_[x];
  return enabled_[x];
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
  case inst::BuiltinKind::Clock: return flat::TypeKind::Boolean; // until resolveClocks
  case inst::BuiltinKind::String: return flat::TypeKind::String;
  case inst::BuiltinKind::ExternalObject: return flat::TypeKind::ExternalObject;
  case inst::BuiltinKind::StateSelect:
  case inst::BuiltinKind::AssertionLevel:
  case inst::BuiltinKind::Enumeration:
    return flat::TypeKind::Enumeration;
  default: return flat::TypeKind::Real;
  }
}

std::optional<uint32_t> Flattener::destructorOf(inst::ClassNode *cls, SourceRange loc) {
  inst::ClassNode *destructor = inst_.findNestedClass(cls, "destructor", Scope{nullptr, cls});
  if (!destructor) {
    diags_.report(diag::ExternalObjectNoDestructor, loc, {cls->fullName()});
    return std::nullopt;
  }
  Value object = Value::scalar(pool_->zero(), ElementType::ExternalObject);
  object.recordName = cls->fullName();
  std::vector<std::optional<Value>> args{object};
  bool inlining = inlineFunctions;
  inlineFunctions = false;
  uint32_t index = 0;
  auto outputs = callFunction(*this, functionInstance(destructor), args,
                              destructor->def ? destructor->def->nameRange : loc, &index);
  inlineFunctions = inlining;
  if (!outputs)
    return std::nullopt;
  return index;
}

std::optional<uint32_t> Flattener::externalObjectIndex(Instance *x) {
  if (x->prefixes.variability != ast::VariabilityKind::Parameter &&
      x->prefixes.variability != ast::VariabilityKind::Constant) {
    if (!failedObjects_.insert(x).second)
      return std::nullopt; // reported
    diags_.report(diag::ExternalObjectNotParameter, x->loc, {x->path()});
    return std::nullopt;
  }
  inst::ClassNode *cls = x->cls;
  if (auto it = externalObjects_.find(cls); it != externalObjects_.end())
    return it->second;
  flat::ExternalObjectType type;
  type.name = cls->fullName();
  // The destructor, specialized once for the class: the runtime calls it.
  auto destructor = destructorOf(cls, x->loc);
  if (!destructor)
    return std::nullopt;
  type.destructor = *destructor;
  model_.externalObjects.push_back(std::move(type));
  uint32_t index = static_cast<uint32_t>(model_.externalObjects.size() - 1);
  externalObjects_[cls] = index;
  return index;
}

uint32_t Flattener::enumerationIndex(inst::ClassNode *cls) {
  if (auto it = enumerations_.find(cls); it != enumerations_.end())
    return it->second;
  flat::EnumerationType type;
  type.name = cls->fullName();
  if (cls->builtin == inst::BuiltinKind::StateSelect)
    type.literals = {"never", "avoid", "default", "prefer", "always"};
  else if (cls->builtin == inst::BuiltinKind::AssertionLevel)
    type.literals = {"error", "warning"};
  else if (cls->def)
    for (const ast::EnumLiteral &literal : cls->def->literals)
      type.literals.push_back(literal.name);
  model_.enumerations.push_back(std::move(type));
  uint32_t index = static_cast<uint32_t>(model_.enumerations.size() - 1);
  enumerations_[cls] = index;
  return index;
}

uint64_t Flattener::nextId() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}

/// About the memory a scalar variable of the flat model takes while it is
/// translated (measured on 2,000,000 of them: 650 bytes each declared,
/// 1.2 KB with an equation each).
constexpr uint64_t kBytesPerVariable = 1024;

/// Whether the model may get `count` more scalar variables for `x`: at most
/// kMaxArrayElements in all, and no more than the memory can hold, so that
/// a model too large fails at once and not after minutes of swapping (or
/// an out-of-memory kill). Reported once.
bool Flattener::checkElementCount(double count, diag::Kind kind, SourceRange range) {
  if (count <= static_cast<double>(kMaxArrayElements))
    return true;
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", count);
  diags_.report(kind, range, {text, std::to_string(kMaxArrayElements)});
  return false;
}

bool Flattener::checkVariableCount(Instance *x, int64_t count) {
  uint64_t total = model_.variables.size() + static_cast<uint64_t>(count);
  static const uint64_t memory = usableMemoryBytes();
  if (tooManyVariables_)
    return false;
  if (total > static_cast<uint64_t>(kMaxArrayElements)) {
    diags_.report(diag::ModelTooManyVariables, x->loc,
                  {x->path(), std::to_string(kMaxArrayElements)});
  } else if (total > memory / kBytesPerVariable) {
    auto gib = [](uint64_t bytes) {
      char text[32];
      std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
      return std::string(text);
    };
    diags_.report(diag::ModelExceedsMemory, x->loc,
                  {x->path(), std::to_string(total), gib(total * kBytesPerVariable), gib(memory)});
  } else {
    return true;
  }
  tooManyVariables_ = true;
  return false;
}

const VarRange *Flattener::varsOf(Instance *x) {
  if (x->flatOwner == id_)
    return &vars_[x->flatVars];
  auto dims = dimsOf(x);
  if (!dims)
    return nullptr;
  // Evaluating the dimensions may have declared the variables already: a
  // dimension that is a size of the variable itself (`A[:, size(A, 1)]`)
  // evaluates its binding. Declaring them again would give two of each.
  if (x->flatOwner == id_)
    return &vars_[x->flatVars];
  VarRange range;
  range.first = static_cast<uint32_t>(model_.variables.size());
  range.dims = *dims;
  range.type = typeOf(x->builtin);
  int64_t count = elementCount(*dims).value_or(0); // checked by evaluateDims
  if (!checkVariableCount(x, count))
    return nullptr;
  std::string path = x->path();
  std::string description = x->member ? x->member->decl->description.text : "";
  uint32_t enumeration = UINT32_MAX;
  if (range.type == flat::TypeKind::Enumeration)
    enumeration = enumerationIndex(x->cls);
  uint32_t externalObject = UINT32_MAX;
  if (range.type == flat::TypeKind::ExternalObject) {
    auto index = externalObjectIndex(x);
    if (!index)
      return nullptr;
    externalObject = *index;
  }
  // Inside connectors only, up to the model: an input of the model itself.
  bool topLevelInput = x->prefixes.causality == ast::CausalityKind::Input;
  for (Instance *p = x->parent; topLevelInput && p && p->parent; p = p->parent)
    topLevelInput = (p->restriction() == ast::ClassRestrictionKind::Connector ||
                     p->restriction() == ast::ClassRestrictionKind::ExpandableConnector) &&
                    !p->prefixes.isProtected;
  if (!model_.hasConnectors && !x->prefixes.isProtected && x->parent && x->parent->parent) {
    bool inConnector = true;
    for (Instance *p = x->parent; inConnector && p->parent; p = p->parent)
      inConnector = p->isConnector() && !p->prefixes.isProtected;
    model_.hasConnectors = inConnector;
  }
  for (int64_t k = 0; k < count; ++k) {
    flat::Variable v;
    v.topLevelInput = topLevelInput && !x->prefixes.isProtected;
    v.enumeration = enumeration;
    v.externalObject = externalObject;
    v.name = path + indexSuffix(k, *dims);
    v.type = range.type;
    v.variability = variabilityOf(x->prefixes, range.type);
    v.causality = x->prefixes.causality == ast::CausalityKind::Input    ? flat::CausalityKind::Input
                  : x->prefixes.causality == ast::CausalityKind::Output ? flat::CausalityKind::Output
                                                                        : flat::CausalityKind::None;
    v.loc = x->loc;
    v.description = description;
    v.isProtected = x->prefixes.isProtected;
    v.final = x->prefixes.isFinal || x->mod.final;
    model_.addVariable(std::move(v));
  }
  owner_.resize(model_.variables.size(), nullptr);
  for (int64_t k = 0; k < count; ++k)
    owner_[range.first + k] = x;
  // A Clock variable is a Boolean one until the partitions are resolved
  // (Clocks.cpp), which makes it a constant.
  clockVar_.resize(model_.variables.size(), 0);
  if (x->builtin == inst::BuiltinKind::Clock)
    for (int64_t k = 0; k < count; ++k)
      clockVar_[range.first + k] = 1;
  x->flatOwner = id_;
  x->flatVars = static_cast<uint32_t>(vars_.size());
  vars_.push_back(std::move(range));
  return &vars_.back();
}

static Instance *enclosingBoundRecord(Instance *x);

std::optional<std::vector<int64_t>> Flattener::dimsOf(Instance *x) {
  if (x->dims)
    return x->dims;
  // Dimensions that failed were reported once; the component is asked for
  // them again by each phase that meets it.
  if (failedDims_.count(x))
    return std::nullopt;
  if (!sizing_.insert(x).second) {
    // `A[:, size(A, 1)] = [1, 0; 0, 1]`: a size of x used in its own
    // dimensions comes from its binding's shape.
    if (x->mod.binding && !sizingFromBinding_.count(x)) {
      sizingFromBinding_.insert(x);
      auto binding = lower(*x->mod.binding, x->mod.scope);
      sizingFromBinding_.erase(x);
      if (binding && binding->rank() == static_cast<int>(x->dimExprs.size()))
        return binding->dims;
    }
    diags_.report(diag::SizeDependsOnItself, x->loc, {x->path()});
    failedDims_.insert(x);
    return std::nullopt;
  }
  auto dims = evaluateDims(x);
  sizing_.erase(x);
  if (!dims)
    failedDims_.insert(x);
  return dims;
}

std::optional<std::vector<int64_t>> Flattener::evaluateDims(Instance *x) {
  std::vector<int64_t> dims;
  std::optional<Value> binding;
  for (size_t i = 0; i < x->dimExprs.size(); ++i) {
    auto [expr, scope] = x->dimExprs[i];
    if (expr->kind == ast::ExprKind::Colon) {
      // `x[:] = {...}`: the size comes from the binding. A field of a
      // record component that has a binding (`CellData d = data`) takes
      // its value, and so its size, from that record's value, not from
      // the field's own declaration (the default of the record's
      // constructor), as bindingValue does.
      if (!binding && enclosingBoundRecord(x))
        binding = inheritedBinding(x);
      else if (!binding && x->mod.binding)
        binding = lower(*x->mod.binding, x->mod.scope);
      if (!binding || binding->rank() <= static_cast<int>(i)) {
        diags_.report(diag::DimensionSizeUnknown, expr->range, {std::to_string(i + 1), x->name});
        return std::nullopt;
      }
      dims.push_back(binding->dims[i]);
      continue;
    }
    if (auto *ref = ast::dynCast<ast::RefExpr>(expr)) {
      // x[E] for an enumeration E, x[Boolean]: the number of literals (the
      // type lowers to the array of them). A constant of a package
      // (`x[generator.nState]`) is a size like any other.
      inst::Found found = ref->global ? inst::Found{} : inst_.lookupFirst(ref->parts[0].name, scope);
      if (found.kind == inst::Found::Kind::Class) {
        auto value = lower(*expr, scope);
        if (!value)
          return std::nullopt;
        // A type (its literals); else a constant of a package (`Medium.nXi`).
        if (value->rank() == 1 &&
            (value->type == ElementType::Enumeration || value->type == ElementType::Boolean)) {
          dims.push_back(value->count());
          continue;
        }
      }
    }
    auto n = evaluateInteger(*expr, scope, "an array dimension");
    if (!n)
      return std::nullopt;
    if (*n < 0) {
      diags_.report(diag::NegativeDimension, expr->range, {std::to_string(*n)});
      return std::nullopt;
    }
    dims.push_back(*n);
  }
  if (!elementCount(dims)) {
    diags_.report(diag::ArrayTooLarge, x->loc,
                  {x->name, shapeText(dims), std::to_string(kMaxArrayElements)});
    return std::nullopt;
  }
  x->dims = dims;
  return dims;
}

// --- Second pass: definitions ----------------------------------------------------

void Flattener::define(Instance *instance) {
  bool expandable = instance->restriction() == ast::ClassRestrictionKind::ExpandableConnector;
  auto defineComponent = [&](Instance *c) {
    if (!c || (!c->isBuiltin() && !c->cls) || !isEnabled(c))
      return;
    if (expandable && c->isBuiltin() && !hasVariables(c))
      return; // an element of an expandable connector that nothing uses
    if (c->isBuiltin()) {
      if (const VarRange *range = varsOf(c))
        defineVariables(c, *range);
      return;
    }
    if (!c->dims)
      return;
    if (c->mod.binding)
      defineRecordBinding(c);
    if (c->dims->empty()) {
      define(c);
      return;
    }
    for (auto &element : c->elements(*c->dims))
      define(element.get());
  };
  auto &members = instance->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind == inst::Member::Kind::Component && !isOuterOnly(m))
      defineComponent(instance->memberInstance(m));
  }
  for (size_t i = 0; i < instance->implicitInners.size(); ++i)
    defineComponent(instance->implicitInners[i].get());
  for (const auto &section : instance->equationSections())
    for (const auto &eq : section.node->equations)
      lowerEquation(*eq, Scope{instance, section.lexical}, section.node->initial);
  for (const auto &section : instance->algorithmSections())
    lowerAlgorithm(*section.node, Scope{instance, section.lexical});
}

/// The name of the first String field of a record value (in an array of
/// records too), or null.
static const std::string *firstStringField(const Value &v) {
  for (const Value &item : v.items)
    if (const std::string *name = firstStringField(item))
      return name;
  for (const auto &[name, field] : v.fields) {
    if (field.isString())
      return &name;
    if (const std::string *inner = firstStringField(field))
      return inner;
  }
  return nullptr;
}

/// `Orientation R = f(...)` on a record component that is not a parameter:
/// one equation per scalar. (Parameter records give their fields bindings.)
void Flattener::defineRecordBinding(Instance *x) {
  if (x->prefixes.variability == ast::VariabilityKind::Parameter ||
      x->prefixes.variability == ast::VariabilityKind::Constant)
    return;
  // An enclosing record's binding takes the place of this one (MLS 7.2.5).
  for (Instance *p = x->parent; p && p->kind == inst::InstanceKind::Component && p->isRecord();
       p = p->parent)
    if (p->mod.binding)
      return;
  auto lhs = instanceValue(x, x->mod.bindingLoc);
  auto rhs = ownBinding(x);
  if (!lhs || !rhs)
    return;
  if (!sameStructure(*lhs, *rhs)) {
    diags_.report(diag::BindingComponentMismatch, x->mod.bindingLoc,
                  {x->path(), describe(*rhs), describe(*lhs)});
    return;
  }
  // The record's equation holds its numeric scalars; a String field would
  // need an equation of Strings, which the flat model cannot hold.
  if (const std::string *field = firstStringField(*lhs)) {
    diags_.report(diag::RecordBindingStringFieldUnsupported, x->mod.bindingLoc,
                  {x->path(), *field});
    return;
  }
  std::vector<sym::ExprId> left, right;
  appendScalars(*lhs, left);
  appendScalars(*rhs, right);
  for (size_t k = 0; k < left.size(); ++k) {
    // Constant and parameter fields take the binding as theirs (below).
    sym::VarId v = pool_->variableOf(left[k]);
    if (v.valid() && (model_.var(v).variability == flat::VariabilityKind::Constant ||
                      model_.var(v).variability == flat::VariabilityKind::Parameter))
      continue;
    model_.equations.push_back({left[k], right[k], x->mod.bindingLoc,
                                flat::EquationOriginKind::Binding, 0});
  }
}

/// A component's own binding, with the element of an array of components
/// selected (MLS 7.2.5: modifiers of arrays of components apply elementwise).
std::optional<Value> Flattener::ownBinding(Instance *x) {
  if (!x->mod.binding)
    return std::nullopt;
  std::optional<Value> own;
  // An `each` binding of a parameter of an array of components is one
  // expression in one scope for all the elements: lowered once too.
  bool parameter = x->prefixes.variability == ast::VariabilityKind::Parameter ||
                   x->prefixes.variability == ast::VariabilityKind::Constant;
  bool shared = !x->mod.elementIndex.empty() || (x->mod.each && parameter);
  const Value *value = lowerShared(*x->mod.binding, x->mod.scope, shared, own);
  if (!value)
    return std::nullopt;
  if (!x->mod.elementIndex.empty() && value->rank() == 0) {
    diags_.report(diag::BindingCannotSplit, x->mod.bindingLoc,
                  {x->path(), shapeText(value->dims)});
    return std::nullopt;
  }
  value = bindingElement(x->mod, value, own, x);
  if (!value)
    return std::nullopt;
  return *value;
}

const Value *Flattener::bindingElement(const inst::Modifier &mod, const Value *value,
                                       std::optional<Value> &own, Instance *x) {
  // MLS 3.6 section 7.2.5: the modifier of an array of components applies
  // elementwise, so the binding's leading dimensions are the array's sizes
  // (`Part parts[2](y = {1, 2, 3})` took 1 and 2 and dropped 3). A scalar
  // is a value for each element (the caller decides whether that is
  // allowed).
  for (size_t i = 0; i < mod.elementIndex.size(); ++i) {
    if (value->rank() == 0)
      return value;
    int64_t size = i < mod.elementSize.size() ? mod.elementSize[i] : value->dims[0];
    if (value->dims[0] != size) {
      if (splitReported_.insert(mod.binding).second)
        diags_.report(diag::BindingSizeDiffersFromComponents, mod.bindingLoc,
                      {x->path(), shapeText(value->dims), std::to_string(size)});
      return nullptr;
    }
    own = value->element(mod.elementIndex[i]);
    value = &*own;
  }
  return value;
}

/// A modifier's binding, lowered; with `perElement` (the modifier of an array
/// of components, which each element indexes or, for a parameter, `each`
/// gives to every element) lowered once and kept, since
/// lowering `s(start = {i * d for i in 1:N})` again for each of the N elements
/// made flattening quadratic in N.
/// The result points into the cache or into `own`; null if lowering failed.
const Value *Flattener::lowerShared(const ast::Expr &binding, Scope scope, bool perElement,
                                    std::optional<Value> &own) {
  if (!perElement || !iterators.empty()) {
    own = lower(binding, scope);
    return own ? &*own : nullptr;
  }
  auto key = std::make_tuple(&binding, scope.instance, scope.lexical, pool_);
  if (auto it = shared_.find(key); it != shared_.end())
    return &it->second;
  auto value = lower(binding, scope);
  if (!value)
    return nullptr;
  return &shared_.emplace(key, std::move(*value)).first->second;
}

/// The binding a component gets from a record that encloses it:
/// `parameter Orientation R = f()` gives R.T the value f().T.
/// The outermost enclosing record component with a binding of its own: its
/// binding gives the value of every field below it, in place of their
/// declarations' bindings (`parameter CellData cellData = data` replaces
/// CellData's `rcData[nRC] = {RCData(R = 0, C = 0)}`), through elements of
/// arrays of records too. Null if none.
static Instance *enclosingBoundRecord(Instance *x) {
  Instance *bound = nullptr;
  for (Instance *p = x; p->parent && p->parent->kind == inst::InstanceKind::Component;
       p = p->parent) {
    if (!p->parent->isRecord())
      break;
    if (p->parent->mod.binding)
      bound = p->parent;
  }
  return bound;
}

std::optional<Value> Flattener::inheritedBinding(Instance *x) {
  Instance *record = enclosingBoundRecord(x);
  if (!record)
    return std::nullopt;
  // The fields from the record down to x, each with its element index.
  std::vector<std::pair<std::string, const std::vector<int64_t> *>> path;
  for (Instance *p = x; p != record; p = p->parent)
    path.push_back({p->member ? p->member->name : p->name,
                    p->elementIndex() ? &*p->elementIndex() : nullptr});
  auto value = ownBinding(record);
  for (size_t i = path.size(); value && i-- > 0;) {
    const Value *field = nullptr;
    for (const auto &[name, v] : value->fields)
      if (name == path[i].first)
        field = &v;
    if (!field)
      return std::nullopt;
    Value copy = *field;
    if (path[i].second)
      for (int64_t index : *path[i].second) {
        if (copy.rank() == 0 || index < 1 || index > copy.dims[0])
          return std::nullopt;
        copy = copy.element(index);
      }
    value = std::move(copy);
  }
  return value;
}

/// Why a value of type `value` cannot bind a variable of type `var`
/// (Integer widens to Real; nothing else converts implicitly), or null.
static const char *typeMismatch(flat::TypeKind var, flat::TypeKind value) {
  using T = flat::TypeKind;
  if (value == T::ExternalObject && var != value)
    return "an external object";
  if (var == T::ExternalObject && var != value)
    return "not an external object";
  if (var == value || var == T::String || value == T::String)
    return nullptr;
  if (var == T::Real && value == T::Integer)
    return nullptr;
  switch (value) {
  case T::Real: return "a Real expression";
  case T::Integer: return "an Integer expression";
  case T::Boolean: return "a Boolean expression";
  case T::Enumeration: return "an enumeration value";
  default: return nullptr;
  }
}

std::optional<Value> Flattener::bindingValue(Instance *x, const VarRange &range) {
  // The binding of an enclosing record (`R r = R(1, true)`) gives the
  // value of every field, in place of the fields' own declaration
  // equations (`Boolean z = false` in R is the default of R's
  // constructor). Parameters take their value from it; other variables
  // get it through the record's equation instead.
  bool isParameter = x->prefixes.variability == ast::VariabilityKind::Parameter ||
                     x->prefixes.variability == ast::VariabilityKind::Constant;
  Instance *record = enclosingBoundRecord(x);
  std::optional<Value> value = record       ? (isParameter ? inheritedBinding(x) : std::nullopt)
                               : x->mod.binding ? ownBinding(x)
                                                : std::nullopt;
  if (!value)
    return std::nullopt;
  SourceRange loc = record ? record->mod.bindingLoc : x->mod.bindingLoc;
  if (value->isRecord) {
    diags_.report(diag::BindingTypeMismatch, loc,
                  {x->path(), describe(*value), flat::typeName(range.type)});
    return std::nullopt;
  }
  if (value->dims != range.dims) {
    diags_.report(diag::BindingShapeMismatch, loc,
                  {x->path(), shapeText(value->dims), shapeText(range.dims)});
    return std::nullopt;
  }
  if (auto problem = typeMismatch(range.type, value->type)) {
    diags_.report(diag::VariableTypeBindingMismatch, loc,
                  {x->path(), flat::typeName(range.type), problem});
    return std::nullopt;
  }
  if (range.type == flat::TypeKind::Enumeration && !value->recordName.empty() &&
      model_.variables[range.first].enumeration < model_.enumerations.size() &&
      value->recordName != model_.enumerations[model_.variables[range.first].enumeration].name) {
    diags_.report(diag::EnumerationBindingMismatch, loc,
                  {x->path(), model_.enumerations[model_.variables[range.first].enumeration].name,
                   value->recordName});
    return std::nullopt;
  }
  if (range.type == flat::TypeKind::ExternalObject && !isTimeInvariant(value->elements[0])) {
    diags_.report(diag::ExternalObjectArgumentsVary, loc, {x->path()});
    return std::nullopt;
  }
  if (range.type == flat::TypeKind::ExternalObject &&
      value->recordName != model_.externalObjects[model_.variables[range.first].externalObject].name) {
    diags_.report(diag::ExternalObjectBindingClassMismatch, loc,
                  {x->path(),
                   model_.externalObjects[model_.variables[range.first].externalObject].name,
                   value->recordName});
    return std::nullopt;
  }
  if ((range.type == flat::TypeKind::String) != value->isString()) {
    diags_.report(
        diag::VariableTypeBindingMismatch, loc,
        {x->path(), flat::typeName(range.type), (value->isString() ? "a String" : "not a String")});
    return std::nullopt;
  }
  return value;
}

bool Flattener::isTimeInvariant(sym::ExprId expr) {
  std::vector<sym::ExprId> stack{expr};
  std::set<uint32_t> seen;
  while (!stack.empty()) {
    sym::ExprId e = stack.back();
    stack.pop_back();
    if (!seen.insert(e.index).second)
      continue;
    switch (pool_->op(e)) {
    case sym::OpKind::Time: return false;
    case sym::OpKind::Variable: {
      flat::VariabilityKind v = model_.var(pool_->variableOf(e)).variability;
      if (v != flat::VariabilityKind::Parameter && v != flat::VariabilityKind::Constant)
        return false;
      break;
    }
    default:
      for (sym::ExprId operand : pool_->operands(e))
        stack.push_back(operand);
    }
  }
  return true;
}

void Flattener::ensureParameterBinding(sym::VarId var) {
  if (var.index >= owner_.size() || !owner_[var.index])
    return;
  if (bindingState_.size() < model_.variables.size())
    bindingState_.resize(model_.variables.size(), 0);
  if (bindingState_[var.index] != 0)
    return;
  Instance *x = owner_[var.index];
  const VarRange &range = vars_[x->flatVars];
  int64_t count = 1;
  for (int64_t d : range.dims)
    count *= d;
  for (int64_t k = 0; k < count; ++k)
    bindingState_[range.first + k] = 1;
  auto value = bindingValue(x, range);
  for (int64_t k = 0; k < count; ++k) {
    bindingState_[range.first + k] = 2;
    if (value && !value->isString())
    {
      model_.variables[range.first + k].binding = value->elements[k];
      model_.variables[range.first + k].bindingLoc = x->mod.bindingLoc;
    }
  }
}

std::optional<double> Flattener::evaluate(sym::ExprId expr) {
  if (auto value = pool_->constantValue(expr)) // folded already: no walk, no lookup
    return value;
  if (pool_ != &model_.pool) // in a function: its slots are never constant
    return evaluateWithCalls(expr, [](sym::VarId) { return std::optional<double>(); });
  resolveParameters(expr);
  return evaluateWithCalls(expr, [&](sym::VarId v) { return knownValue(v); });
}

std::optional<double> Flattener::knownValue(sym::VarId v) {
  if (v.index >= valueState_.size() || valueState_[v.index] != 2)
    return std::nullopt;
  return values_[v.index];
}

/// Makes the value of every parameter (and constant) that `expr` uses known,
/// or known not to be constant, dependencies first. The walk keeps its own
/// stack: a chain of parameters each bound to the next is as long as the
/// model, and an evaluation nested per link held a traversal's marks per
/// level (20,000 parameters declared before those they depend on: 900 MB).
/// A parameter met again while its dependencies are walked is a binding
/// that refers back to itself: it has no value.
void Flattener::resolveParameters(sym::ExprId expr) {
  std::vector<std::pair<uint32_t, bool>> stack; // variable, its dependencies pushed
  auto pushUnknown = [&](sym::ExprId e) {
    std::vector<sym::VarId> vars = sym::variablesOf(model_.pool, e);
    if (valueState_.size() < model_.variables.size()) {
      valueState_.resize(model_.variables.size(), 0);
      values_.resize(model_.variables.size(), 0.0);
    }
    for (size_t i = vars.size(); i-- > 0;) // the lowest index first
      if (valueState_[vars[i].index] == 0)
        stack.push_back({vars[i].index, false});
  };
  pushUnknown(expr);
  while (!stack.empty()) {
    auto [v, expanded] = stack.back();
    if (!expanded) {
      if (valueState_[v] != 0) {
        stack.pop_back();
        continue;
      }
      flat::VariabilityKind variability = model_.var(sym::VarId{v}).variability;
      if (variability != flat::VariabilityKind::Parameter &&
          variability != flat::VariabilityKind::Constant) {
        valueState_[v] = 3;
        stack.pop_back();
        continue;
      }
      valueState_[v] = 1;
      stack.back().second = true;
      ensureParameterBinding(sym::VarId{v}); // may lower and evaluate other bindings
      if (sym::ExprId binding = model_.var(sym::VarId{v}).binding; binding.valid())
        pushUnknown(binding);
      continue;
    }
    stack.pop_back();
    sym::ExprId binding = model_.var(sym::VarId{v}).binding;
    std::optional<double> result;
    bool failedBefore = !evaluationFailure_.empty();
    if (binding.valid())
      result = evaluateWithCalls(binding, [&](sym::VarId d) { return knownValue(d); });
    if (!result && !failedBefore && !evaluationFailure_.empty()) {
      evaluationFailure_ = "the value of `" + model_.nameOf(sym::VarId{v}) + "`: " +
                           evaluationFailure_;
      evaluationFailureLoc_ = model_.var(sym::VarId{v}).bindingLoc;
    }
    valueState_[v] = result ? 2 : 3;
    if (result)
      values_[v] = *result;
  }
}

/// sym::evaluate, and if that fails on a function call, the interpreter of
/// the lowered functions (flat/Evaluate.h).
std::optional<double> Flattener::evaluateWithCalls(
    sym::ExprId expr, const std::function<std::optional<double>(sym::VarId)> &valueOf) {
  if (auto value = sym::evaluate(*pool_, expr, valueOf))
    return value;
  bool calls = false;
  sym::ExprId roots[] = {expr};
  sym::forEachNode(*pool_, roots, [&](sym::ExprId id) {
    calls = calls || pool_->op(id) == sym::OpKind::Call;
  });
  if (!calls)
    return std::nullopt;
  flat::FunctionInterpreter interpreter(model_.functions, native);
  auto value = interpreter.evaluate(*pool_, expr, valueOf);
  if (!value && evaluationFailure_.empty())
    evaluationFailure_ = interpreter.failure();
  return value;
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
    // A String parameter's value is a compile-time string, which the flat
    // model's expressions cannot hold: the variables keep its text.
    if (range.type == flat::TypeKind::String) {
      if (auto text = instanceValue(x, x->loc);
          text && text->isString() && static_cast<int64_t>(text->strings.size()) == count)
        for (int64_t k = 0; k < count; ++k)
          model_.variables[range.first + k].text = text->strings[k];
      if (x->mod.binding)
        return;
    }
    // A binding that failed was reported: no warning on top of the error.
    if (x->mod.binding && diags_.errorCount() != 0)
      return;
    for (int64_t k = 0; k < count; ++k) {
      flat::Variable &v = model_.variables[range.first + k];
      if (v.binding.valid() || v.attributes.fixed == false)
        continue; // fixed = false: computed by initialization
      bool stringStart = v.type == flat::TypeKind::String && x->mod.child("start") &&
                         x->mod.child("start")->binding;
      if (k == 0 && !x->mod.binding) // else its binding failed with an error
        diags_.report(diag::ParameterWithoutValue, x->loc,
                      {x->path(), (v.attributes.start.valid() || stringStart ? ""
                                   : v.type == flat::TypeKind::String        ? " (\"\")"
                                                                             : " (0)")});
      v.binding = v.attributes.start.valid() ? v.attributes.start : pool_->zero();
    }
    return;
  }
  auto value = bindingValue(x, range);
  if (!value)
    return;
  if (value->isString()) { // a String variable bound to a text known now
    if (auto variables = instanceValue(x, x->loc))
      defineStrings(*variables, *value, x->mod.bindingLoc);
    return;
  }
  for (int64_t k = 0; k < count; ++k) {
    flat::Equation eq;
    eq.lhs = pool_->variable(sym::VarId{static_cast<uint32_t>(range.first + k)});
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

bool Flattener::setLiteralAttribute(const std::string &name, const ast::Expr &binding,
                                    const VarRange &range, int64_t count) {
  // Most attributes of the MSL's types are literals (`unit = "K"`, `min =
  // 0`): their value is the same from any scope, so they are set without
  // lowering, as lowering would set them. Anything else takes the general
  // path, which also reports what is wrong.
  auto forEach = [&](auto set) {
    for (int64_t k = 0; k < count; ++k)
      set(model_.variables[range.first + k].attributes);
    return true;
  };
  bool text = name == "unit" || name == "displayUnit" || name == "quantity";
  if (binding.kind == ast::ExprKind::String) {
    if (!text)
      return false;
    const std::string &value = static_cast<const ast::StringExpr &>(binding).value;
    return forEach([&](flat::Attributes &a) {
      (name == "unit" ? a.unit : name == "displayUnit" ? a.displayUnit : a.quantity) = value;
    });
  }
  if (text)
    return false;
  if (name == "fixed") {
    if (binding.kind != ast::ExprKind::Boolean)
      return false;
    bool value = static_cast<const ast::BooleanExpr &>(binding).value;
    return forEach([&](flat::Attributes &a) { a.fixed = value; });
  }
  sym::ExprId flat::Attributes::*field = name == "start"     ? &flat::Attributes::start
                                    : name == "nominal" ? &flat::Attributes::nominal
                                    : name == "min"     ? &flat::Attributes::min
                                    : name == "max"     ? &flat::Attributes::max
                                                        : nullptr;
  if (!field)
    return false;
  std::optional<double> value;
  if (binding.kind == ast::ExprKind::Real)
    value = static_cast<const ast::RealExpr &>(binding).value;
  else if (binding.kind == ast::ExprKind::Integer &&
           !static_cast<const ast::IntegerExpr &>(binding).overflow)
    value = static_cast<double>(static_cast<const ast::IntegerExpr &>(binding).value);
  else if (binding.kind == ast::ExprKind::Boolean)
    value = static_cast<const ast::BooleanExpr &>(binding).value ? 1.0 : 0.0;
  if (!value)
    return false;
  sym::ExprId constant = pool_->constant(*value);
  return forEach([&](flat::Attributes &a) { a.*field = constant; });
}

void Flattener::setAttributes(Instance *x, const VarRange &range) {
  int64_t count = 1;
  for (int64_t d : range.dims)
    count *= d;
  for (const auto &[name, mod] : x->mod.children) {
    if (!isAttributeOf(name, range.type)) {
      diags_.report(diag::NotAnAttribute, mod.loc, {name, flat::typeName(range.type)});
      continue;
    }
    if (!mod.binding)
      continue;
    // A String's start value is text, which only instanceValue reads.
    if (range.type == flat::TypeKind::String && name == "start")
      continue;
    if (mod.elementIndex.empty() && setLiteralAttribute(name, *mod.binding, range, count))
      continue;
    std::optional<Value> own;
    const Value *value = lowerShared(*mod.binding, mod.scope, !mod.elementIndex.empty(), own);
    if (!value)
      continue;
    value = bindingElement(mod, value, own, x); // element of an array of components
    if (!value)
      continue;
    bool broadcast = value->isScalar();
    if (!broadcast && value->dims != range.dims) {
      diags_.report(diag::AttributeShapeMismatch, mod.bindingLoc,
                    {name, x->path(), shapeText(value->dims), shapeText(range.dims)});
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
        diags_.report(diag::AttributeIsString, mod.bindingLoc, {name});
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
          diags_.report(diag::AttributeNotParameter, mod.bindingLoc, {name});
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
        *target = pool_->constantValue(value->elements[0]);
    }
  }
}

} // namespace flattening
} // namespace mocc

namespace mocc::flattening {

void appendScalars(const Value &v, std::vector<sym::ExprId> &out) {
  // A functional argument passes the inputs its partial application binds
  // (hidden inputs of the specialization it calls, MLS 12.4.2).
  for (const auto &[name, bound] : v.bound)
    appendScalars(bound, out);
  if (!v.isRecord) {
    out.insert(out.end(), v.elements.begin(), v.elements.end());
    return;
  }
  for (const Value &item : v.items)
    appendScalars(item, out);
  for (const auto &[name, field] : v.fields)
    appendScalars(field, out);
}

bool sameStructure(const Value &a, const Value &b) {
  if (a.isRecord != b.isRecord || a.dims != b.dims || a.isString() != b.isString())
    return false;
  if (!a.isRecord)
    return true;
  if (a.items.size() != b.items.size() || a.fields.size() != b.fields.size())
    return false;
  for (size_t i = 0; i < a.items.size(); ++i)
    if (!sameStructure(a.items[i], b.items[i]))
      return false;
  for (size_t i = 0; i < a.fields.size(); ++i)
    if (a.fields[i].first != b.fields[i].first ||
        !sameStructure(a.fields[i].second, b.fields[i].second))
      return false;
  return true;
}

Value rebuild(const Value &shape, const std::vector<sym::ExprId> &scalars, size_t &next) {
  Value v = shape;
  if (!shape.isRecord) {
    for (sym::ExprId &e : v.elements)
      e = scalars[next++];
    return v;
  }
  for (Value &item : v.items)
    item = rebuild(item, scalars, next);
  for (auto &[name, field] : v.fields)
    field = rebuild(field, scalars, next);
  return v;
}

std::string describe(const Value &v) {
  if (v.isRecord)
    return (v.dims.empty() ? "a record `" : "an array " + shapeText(v.dims) + " of records `") +
           v.recordName + "`";
  if (v.isString())
    return v.dims.empty() ? "a String" : "a String array " + shapeText(v.dims);
  return v.dims.empty() ? "a scalar" : "an array " + shapeText(v.dims);
}

} // namespace mocc::flattening
