// Lowering of expressions to values: names resolve to the scalar variables
// of components (or to constants of packages, or to for-loop iterators),
// subscripts select elements, and array operators are expanded element by
// element into scalar symbolic expressions (MLS chapter 10).
#include "compiler/flatten/Flattener.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Stack.h"

#include <cmath>
#include <functional>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

std::optional<Value> Flattener::lower(const ast::Expr &expr, Scope scope) {
  // Every recursion of lowering (nested expressions, constants bound to
  // constants, calls of functions that call functions) passes here.
  NestingLevel level(expr.range, "the expression");
  switch (expr.kind) {
  case ast::ExprKind::Integer: {
    const auto &e = ast::cast<ast::IntegerExpr>(expr);
    if (e.overflow)
      return Value::scalar(pool_->constant(std::stod(e.text)));
    return Value::scalar(pool_->constant(static_cast<double>(e.value)), ElementType::Integer);
  }
  case ast::ExprKind::Real:
    return Value::scalar(pool_->constant(ast::cast<ast::RealExpr>(expr).value));
  case ast::ExprKind::Boolean:
    return Value::scalar(pool_->constant(ast::cast<ast::BooleanExpr>(expr).value ? 1.0 : 0.0),
                         ElementType::Boolean);
  case ast::ExprKind::String:
    return Value::string(ast::cast<ast::StringExpr>(expr).value);
  case ast::ExprKind::Ref:
    return lowerRef(ast::cast<ast::RefExpr>(expr), scope);
  case ast::ExprKind::Call:
    return lowerCall(ast::cast<ast::CallExpr>(expr), scope);
  case ast::ExprKind::Unary:
    return lowerUnary(ast::cast<ast::UnaryExpr>(expr), scope);
  case ast::ExprKind::Binary:
    return lowerBinary(ast::cast<ast::BinaryExpr>(expr), scope);
  case ast::ExprKind::If:
    return lowerIf(ast::cast<ast::IfExpr>(expr), scope);
  case ast::ExprKind::Range:
    return lowerRange(ast::cast<ast::RangeExpr>(expr), scope);
  case ast::ExprKind::Array:
    return lowerArray(ast::cast<ast::ArrayExpr>(expr), scope);
  case ast::ExprKind::Matrix:
    return lowerMatrix(ast::cast<ast::MatrixExpr>(expr), scope);
  case ast::ExprKind::Comprehension:
    return lowerComprehension(ast::cast<ast::ComprehensionExpr>(expr), scope);
  case ast::ExprKind::End:
    if (endSizes.empty()) {
      diags_.report(diag::EndOutsideSubscript, expr.range);
      return std::nullopt;
    }
    return Value::scalar(pool_->constant(static_cast<double>(endSizes.back())), ElementType::Integer);
  case ast::ExprKind::Colon:
    diags_.report(diag::ColonOutsideSubscript, expr.range);
    return std::nullopt;
  case ast::ExprKind::Tuple:
    diags_.report(diag::TupleOutsideCallEquation, expr.range);
    return std::nullopt;
  case ast::ExprKind::PartialApp:
    return lowerPartialApplication(ast::cast<ast::PartialAppExpr>(expr), scope);
  }
  return std::nullopt;
}

/// Combines equally shaped values into an array with leading dims `outer`
/// (the values in row-major order).
static Value stackValues(std::vector<Value> &parts, const std::vector<int64_t> &outer) {
  if (outer.empty() && parts.size() == 1) // `pin[2].v`: the one value, not an array of it
    return std::move(parts[0]);
  Value r;
  r.dims = outer;
  if (parts.empty())
    return r;
  r.type = parts[0].type;
  r.isRecord = parts[0].isRecord;
  r.recordName = parts[0].recordName;
  r.dims.insert(r.dims.end(), parts[0].dims.begin(), parts[0].dims.end());
  for (Value &p : parts) {
    if (p.isRecord && p.dims.empty())
      r.items.push_back(std::move(p));
    else if (p.isRecord)
      r.items.insert(r.items.end(), p.items.begin(), p.items.end());
    r.elements.insert(r.elements.end(), p.elements.begin(), p.elements.end());
    r.strings.insert(r.strings.end(), p.strings.begin(), p.strings.end());
    if (p.type != r.type)
      r.type = ElementType::Real;
  }
  return r;
}

// --- Constant evaluation ----------------------------------------------------------------

std::optional<Value> Flattener::evaluate(const ast::Expr &expr, Scope scope, const char *what) {
  evaluationFailure_.clear();
  evaluationFailureLoc_ = {};
  auto value = lower(expr, scope);
  if (!value)
    return std::nullopt;
  for (ExprId &e : value->elements) {
    auto v = evaluate(e);
    if (!v) {
      diags_.report(diag::NotParameterExpression, expr.range, {what, ast::toString(expr)});
      if (!evaluationFailure_.empty())
        diags_.report(diag::NoteNotEvaluated,
                      evaluationFailureLoc_.valid() ? evaluationFailureLoc_ : expr.range,
                      {evaluationFailure_});
      return std::nullopt;
    }
    e = pool_->constant(*v);
  }
  for (auto &[name, field] : value->fields)
    for (ExprId &e : field.elements)
      if (auto v = evaluate(e))
        e = pool_->constant(*v);
  return value;
}

std::optional<int64_t> Flattener::evaluateInteger(const ast::Expr &expr, Scope scope,
                                                  const char *what) {
  auto value = evaluate(expr, scope, what);
  if (!value)
    return std::nullopt;
  if (!value->isScalar() || value->isString() || value->isRecord) {
    diags_.report(diag::NotScalarInteger, expr.range, {what});
    return std::nullopt;
  }
  double v = *pool_->constantValue(value->elements[0]);
  if (v != std::floor(v)) {
    diags_.report(diag::NotInteger, expr.range, {what, ast::toString(expr)});
    return std::nullopt;
  }
  return static_cast<int64_t>(v);
}

std::optional<bool> Flattener::evaluateBoolean(const ast::Expr &expr, Scope scope,
                                               const char *what) {
  auto value = evaluate(expr, scope, what);
  if (!value)
    return std::nullopt;
  if (!value->isScalar() || value->type != ElementType::Boolean || value->isRecord) {
    diags_.report(diag::NotScalarBoolean, expr.range, {what});
    return std::nullopt;
  }
  return *pool_->constantValue(value->elements[0]) != 0.0;
}

// --- Names ---------------------------------------------------------------------------------

static bool inPackage(const Instance *x);

std::optional<Value> Flattener::lowerRef(const ast::RefExpr &ref, Scope scope) {
  const ast::RefPart &first = ref.parts.front();
  if (!ref.global && ref.parts.size() == 1) {
    for (size_t i = iterators.size(); i-- > 0;)
      if (iterators[i].first == first.name)
        return applySubscripts(iterators[i].second, first, scope);
  }
  if (!ref.global && first.name == "time" && ref.parts.size() == 1 && first.subscripts.empty()) {
    // MLS 3.6.7 of 3.6 (and 12.2): time is not used in a function, record
    // or connector.
    using R = ast::ClassRestrictionKind;
    R r = scope.lexical ? scope.lexical->restriction() : R::Model;
    if (scope.lexical && scope.lexical->def &&
        (r == R::Function || r == R::OperatorFunction || r == R::Record ||
         r == R::OperatorRecord || r == R::Connector || r == R::ExpandableConnector)) {
      diags_.report(diag::TimeInRestriction, first.range, {ast::restrictionName(r)});
      return std::nullopt;
    }
    if (firstTimeDependence.what.empty())
      firstTimeDependence = {ref.range, "`time`"};
    return Value::scalar(pool_->time());
  }
  inst::Found found;
  if (ref.global) {
    if (inst::ClassNode *cls = inst_.tree().lookupTopLevel(first.name))
      found = {inst::Found::Kind::Class, cls, nullptr};
  } else {
    found = inst_.lookupFirst(first.name, scope);
  }
  if (found.kind == inst::Found::Kind::Failed)
    return std::nullopt; // already reported
  if (!found) {
    diags_.report(diag::UndeclaredIdentifier, first.range, {first.name});
    return std::nullopt;
  }
  if (found.kind == inst::Found::Kind::Component && !frames.empty()) {
    auto it = frames.back()->values.find(found.instance);
    if (it != frames.back()->values.end())
      return selectPath(it->second, ref, 0, scope);
    if (frames.back()->sizedByAssignment.count(found.instance)) {
      // Read before the assignment that gives its size.
      diags_.report(diag::FunctionVariableResizedUnsupported, first.range, {first.name});
      return std::nullopt;
    }
  }
  if (found.kind == inst::Found::Kind::Class)
    return lowerClassPath(found.cls, ref, 0, scope);
  // MLS 5.3.1: a name found in an enclosing class is a constant; a
  // non-constant component of an enclosing class in between is an error,
  // not a reason to look further out.
  if (!ref.global && inPackage(found.instance) && scope.lexical && found.instance->parent) {
    for (inst::ClassNode *c = scope.lexical; c && c->def; c = c->parent) {
      if (c == found.instance->parent->cls)
        break;
      if (c == scope.lexical)
        continue;
      if (inst::Member *m = inst_.packageInstance(c)->findMember(first.name);
          m && m->kind == inst::Member::Kind::Component && m->element &&
          m->element->component->prefix.variability != ast::VariabilityKind::Constant) {
        diags_.report(diag::EnclosingClassNonConstant, first.range, {first.name, c->fullName()});
        return std::nullopt;
      }
    }
  }
  return lowerInstance(found.instance, ref, 0, scope);
}

/// The literal names of an enumeration type (built-in or user-defined);
/// empty for any other class.
static std::vector<std::string> enumerationLiterals(inst::ClassNode *cls) {
  if (cls->builtin == inst::BuiltinKind::StateSelect)
    return {"never", "avoid", "default", "prefer", "always"};
  if (cls->builtin == inst::BuiltinKind::AssertionLevel)
    return {"error", "warning"};
  std::vector<std::string> names;
  if (cls->def && cls->def->specifier == ast::ClassSpecifierKind::Enumeration)
    for (const ast::EnumLiteral &literal : cls->def->literals)
      names.push_back(literal.name);
  return names;
}

/// The 1-based index of an enumeration literal, or 0.
static int enumerationLiteral(inst::ClassNode *cls, const std::string &name) {
  auto names = enumerationLiterals(cls);
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return static_cast<int>(i) + 1;
  return 0;
}

std::optional<Value> Flattener::lowerClassPath(inst::ClassNode *cls, const ast::RefExpr &ref,
                                               size_t part, Scope scope) {
  while (true) {
    cls = inst_.resolveAlias(cls);
    if (part + 1 >= ref.parts.size()) {
      // An enumeration type (or Boolean) as a value: all its literals, as in
      // `for e in E loop` or `x[E]`.
      auto names = enumerationLiterals(cls);
      bool isBoolean = cls->builtin == inst::BuiltinKind::Boolean;
      // A function as a functional argument (MLS 12.4.2).
      if (cls->restriction() == ast::ClassRestrictionKind::Function ||
          cls->restriction() == ast::ClassRestrictionKind::OperatorFunction) {
        Value f;
        f.function = cls;
        f.recordName = cls->fullName();
        return f;
      }
      if (names.empty() && !isBoolean) {
        diags_.report(diag::ClassUsedAsValue, ref.range, {cls->fullName()});
        return std::nullopt;
      }
      Value all;
      all.type = isBoolean ? ElementType::Boolean : ElementType::Enumeration;
      if (!isBoolean)
        all.recordName = cls->fullName();
      size_t count = isBoolean ? 2 : names.size();
      for (size_t i = 0; i < count; ++i)
        all.elements.push_back(pool_->constant(static_cast<double>(isBoolean ? i : i + 1)));
      all.dims = {static_cast<int64_t>(count)};
      return all;
    }
    const ast::RefPart &next = ref.parts[part + 1];
    if (int literal = enumerationLiteral(cls, next.name)) {
      if (part + 2 != ref.parts.size()) {
        diags_.report(diag::EnumerationLiteralHasNoElements, ref.range);
        return std::nullopt;
      }
      Value v = Value::scalar(pool_->constant(literal), ElementType::Enumeration);
      v.recordName = cls->fullName();
      return v;
    }
    if (!inst_.checkCompositeLookup(cls, next.name, next.range, scope,
                                    ref.global ? std::string() : ref.parts[0].name))
      return std::nullopt;
    inst::Found found = inst_.lookupInPackage(cls, next.name);
    if (!found) {
      diags_.report(diag::ClassHasNoElement, next.range, {cls->fullName(), next.name});
      return std::nullopt;
    }
    ++part;
    if (found.kind == inst::Found::Kind::Component)
      return lowerInstance(found.instance, ref, part, scope);
    cls = found.cls;
  }
}

/// Whether an expression written in `scope` is inside the class `cls`
/// (or a class nested in it).
static bool writtenInside(Scope scope, const inst::ClassNode *cls) {
  for (const inst::ClassNode *c = scope.lexical; c; c = c->parent)
    if (c == cls)
      return true;
  return false;
}

/// True if the instance belongs to a package (a constant to inline), not to
/// the model.
static bool inPackage(const Instance *x) {
  while (x->parent)
    x = x->parent;
  return x->kind == inst::InstanceKind::Package;
}

/// A constant declared in a function (`protected constant Integer m = 3`,
/// read by the sizes of its inputs `v[m]` before the function's own frame
/// holds it): a value, never a variable of the model.
static bool constantInFunction(const Instance *x) {
  if (x->prefixes.variability != ast::VariabilityKind::Constant)
    return false;
  for (const Instance *p = x->parent; p; p = p->parent) {
    auto r = p->restriction();
    if (r == ast::ClassRestrictionKind::Function || r == ast::ClassRestrictionKind::OperatorFunction)
      return true;
  }
  return false;
}

std::optional<Value> Flattener::constantOf(Instance *x) {
  // Per pool: a constant used in a function body is built in its pool.
  auto key = std::make_pair(x, pool_->uniqueId());
  if (auto it = constants_.find(key); it != constants_.end()) {
    if (!it->second && evaluatingConstants_.count(key))
      diags_.report(diag::ConstantDependsOnItself, x->mod.binding ? x->mod.bindingLoc : x->loc,
                    {x->path()});
    return it->second;
  }
  evaluatingConstants_.insert(key);
  constants_[key] = std::nullopt; // guards against a constant defined by itself
  std::optional<Value> value;
  // A record constant given by modifications of its fields, without a
  // binding (`constant DataRecord N2(name = "N2", MM = 0.028)`): the
  // record of its fields' values.
  if (!x->mod.binding && !x->isBuiltin() && x->isRecord())
    value = compositeValue(x, x->loc);
  else if (!x->mod.binding)
    diags_.report(diag::ConstantHasNoValue, x->loc, {x->name});
  else
    value = lower(*x->mod.binding, x->mod.scope);
  // The binding has the declared shape (`constant Real t[2, 2, 2] = [1, 2;
  // 3, 4]` is an error, not a 2 x 2 constant that subscripts then fail on
  // or, worse, read).
  if (value && !value->isFunction() && (!x->dimExprs.empty() || value->rank() > 0) &&
      x->mod.binding) {
    auto dims = dimsOf(x);
    if (!dims) {
      value = std::nullopt;
    } else if (*dims != value->dims) {
      diags_.report(diag::BindingShapeMismatch, x->mod.bindingLoc,
                    {x->path(), shapeText(value->dims), shapeText(*dims)});
      value = std::nullopt;
    }
  }
  evaluatingConstants_.erase(key);
  constants_[key] = value;
  return value;
}

std::optional<Value> Flattener::instanceValue(Instance *x, SourceRange loc) {
  if (inPackage(x) || constantInFunction(x))
    return constantOf(x);
  // Defensive: every use of a conditional component by name is refused
  // before (ConditionalComponentOutsideConnect, MLS 4.4.5).
  if (!isEnabled(x)) {
    diags_.report(diag::ConditionalComponentDisabled, loc, {x->path()});
    return std::nullopt;
  }
  if (x->isBuiltin()) {
    const VarRange *range = varsOf(x);
    if (!range)
      return std::nullopt;
    // A String parameter or constant: the text of its binding, else of its
    // start value (the flat model's expressions hold no strings; messages,
    // String relations and external calls need the text).
    // A String variable that an equation gave a text while translating.
    if (range->type == flat::TypeKind::String) {
      Value texts;
      texts.type = ElementType::String;
      texts.dims = range->dims;
      for (int64_t k = 0, n = texts.count(); k < n; ++k)
        if (const auto &text = model_.variables[range->first + k].text; text &&
            model_.variables[range->first + k].variability == flat::VariabilityKind::Parameter &&
            !x->mod.binding)
          texts.strings.push_back(*text);
      if (!texts.strings.empty() && static_cast<int64_t>(texts.strings.size()) == texts.count())
        return texts;
    }
    const inst::Modifier *start = x->mod.child("start");
    const inst::Modifier *textMod =
        x->mod.binding ? &x->mod : start && start->binding ? start : nullptr;
    if (range->type == flat::TypeKind::String && textMod &&
        model_.variables[range->first].variability <= flat::VariabilityKind::Parameter &&
        !stringBindings_.count(x)) {
      stringBindings_.insert(x);
      auto text = lower(*textMod->binding, textMod->scope);
      // Computed by a function (C code): its text, called while translating.
      if (text && text->isString() && !inCompiledFunction())
        knowText(*text, loc, "");
      stringBindings_.erase(x);
      if (text && text->isString() && text->dims == range->dims &&
          static_cast<int64_t>(text->strings.size()) == text->count())
        return text;
    }
    Value all;
    all.type = range->type;
    all.dims = range->dims;
    if (range->type == ElementType::ExternalObject || range->type == ElementType::Enumeration)
      all.recordName = x->cls->fullName();
    int64_t count = all.count();
    for (int64_t k = 0; k < count; ++k)
      all.elements.push_back(pool_->variable(sym::VarId{static_cast<uint32_t>(range->first + k)}));
    return all;
  }
  return compositeValue(x, loc);
}

std::optional<Value> Flattener::compositeValue(Instance *x, SourceRange loc) {
  if (!x->cls)
    return std::nullopt; // its class was not found (reported)
  auto dims = dimsOf(x);
  if (!dims)
    return std::nullopt;
  Value v;
  v.isRecord = true;
  v.recordName = x->cls ? x->cls->fullName() : x->name;
  if (!dims->empty()) {
    v.dims = *dims;
    for (auto &element : x->elements(*dims)) {
      auto item = instanceValue(element.get(), loc);
      if (!item)
        return std::nullopt;
      v.items.push_back(std::move(*item));
    }
    return v;
  }
  auto &members = x->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *c = x->memberInstance(m);
    if (!c || !isEnabled(c))
      continue;
    auto field = instanceValue(c, loc);
    if (!field)
      return std::nullopt;
    v.fields.push_back({m.name, std::move(*field)});
  }
  return v;
}

std::optional<Value> Flattener::lowerInstance(Instance *x, const ast::RefExpr &ref, size_t part,
                                              Scope scope) {
  const ast::RefPart &rp = ref.parts[part];
  bool last = part + 1 == ref.parts.size();
  // MLS 4.4.5: a conditional component is only used in connect equations
  // (and modified), whether its condition holds or not.
  if (!inPackage(x) && x->condition()) {
    diags_.report(diag::ConditionalComponentOutsideConnect, rp.range, {x->path()});
    return std::nullopt;
  }
  if (last || x->isBuiltin()) {
    if (!last) {
      diags_.report(diag::BuiltinTypeHasNoElement, ref.parts[part + 1].range,
                    {rp.name, ref.parts[part + 1].name});
      return std::nullopt;
    }
    if (x->isBuiltin() && !rp.subscripts.empty() && !inPackage(x))
      return subscriptVariables(x, rp, scope);
    auto value = instanceValue(x, rp.range);
    return value ? applySubscripts(*value, rp, scope) : std::nullopt;
  }
  if (inPackage(x)) { // a field of a record constant of a package
    // A record constant given by modifications of its fields, without a
    // binding: the field's own value, which may use the record's other
    // fields (`constant DataRecord H2O(MM = 0.018, R_s = R/H2O.MM)`).
    if (!x->mod.binding && x->isRecord() && rp.subscripts.empty())
      if (auto dims = dimsOf(x); dims && dims->empty()) {
        const ast::RefPart &next = ref.parts[part + 1];
        inst::Member *m = x->findMember(next.name);
        if (m && m->kind == inst::Member::Kind::Component && !m->isProtected)
          if (Instance *child = x->memberInstance(*m))
            return lowerInstance(child, ref, part + 1, scope);
      }
    auto value = constantOf(x);
    return value ? selectPath(*value, ref, part, scope) : std::nullopt;
  }
  auto dims = dimsOf(x);
  if (!dims)
    return std::nullopt;
  const ast::RefPart &next = ref.parts[part + 1];
  auto memberOf = [&](Instance *element) -> Instance * {
    inst::Member *m = element->findMember(next.name);
    if (!m || m->kind != inst::Member::Kind::Component) {
      diags_.report(diag::NoComponentNamed, next.range, {element->path(), next.name});
      return nullptr;
    }
    // MLS 4.1: a protected element is not accessed by dot notation, but
    // from inside its own class.
    if (m->isProtected && !writtenInside(scope, element->cls)) {
      diags_.report(diag::ProtectedElementAccessed, next.range, {next.name, element->path()});
      return nullptr;
    }
    return element->referencedInstance(*m);
  };
  if (dims->empty()) {
    if (!rp.subscripts.empty()) {
      diags_.report(diag::NotAnArray, rp.range, {rp.name});
      return std::nullopt;
    }
    Instance *child = memberOf(x);
    return child ? lowerInstance(child, ref, part + 1, scope) : std::nullopt;
  }
  // An array of components: select elements, then continue in each.
  std::vector<bool> keep;
  auto indices = subscriptIndices(rp, *dims, keep, scope, x);
  if (!indices)
    return std::nullopt;
  auto &elements = x->elements(*dims);
  std::vector<int64_t> resultDims;
  for (size_t d = 0; d < dims->size(); ++d)
    if (keep[d])
      resultDims.push_back(static_cast<int64_t>((*indices)[d].size()));
  std::vector<Value> parts;
  bool ok = forEachSelected(*dims, *indices, [&](int64_t linear) {
    Instance *child = memberOf(elements[linear].get());
    auto sub = child ? lowerInstance(child, ref, part + 1, scope) : std::nullopt;
    if (sub)
      parts.push_back(std::move(*sub));
    return sub.has_value();
  });
  if (!ok)
    return std::nullopt;
  if (parts.empty()) { // an empty array (`ports[0].m_flow`): no elements
    Value empty;
    empty.dims = resultDims;
    return empty;
  }
  return stackValues(parts, resultDims);
}

/// The fields `ref.parts[part + 1..]` of `base` subscripted by
/// `ref.parts[part]`. A field of an array of records is the array of that
/// field of each element (`data.MM` for a constant `DataRecord data[3]`,
/// MLS 10.6.1's component references), if the elements' fields have one
/// shape.
std::optional<Value> Flattener::selectPath(const Value &base, const ast::RefExpr &ref, size_t part,
                                           Scope scope) {
  std::function<std::optional<Value>(const Value &, size_t)> fields =
      [&](const Value &selected, size_t i) -> std::optional<Value> {
    if (i == ref.parts.size())
      return selected;
    if (selected.isRecord && !selected.dims.empty()) {
      std::vector<Value> parts;
      for (const Value &item : selected.items) {
        auto field = fields(item, i);
        if (!field)
          return std::nullopt;
        if (!parts.empty() &&
            (field->dims != parts[0].dims || field->isRecord != parts[0].isRecord))
          break;
        parts.push_back(std::move(*field));
      }
      if (parts.empty() || parts.size() != selected.items.size()) {
        diags_.report(diag::SelectRecordElementFirst, ref.parts[i].range, {ref.parts[i].name});
        return std::nullopt;
      }
      return stackValues(parts, selected.dims);
    }
    const Value *field = nullptr;
    for (const auto &[name, v] : selected.fields)
      if (name == ref.parts[i].name)
        field = &v;
    if (!field) {
      diags_.report(diag::NotAFieldOf, ref.parts[i].range,
                    {ref.parts[i].name, describe(selected)});
      return std::nullopt;
    }
    Value copy = *field;
    auto next = applySubscripts(copy, ref.parts[i], scope);
    return next ? fields(*next, i + 1) : std::nullopt;
  };
  auto selected = applySubscripts(base, ref.parts[part], scope);
  return selected ? fields(*selected, part + 1) : std::nullopt;
}

// --- Subscripts ------------------------------------------------------------------------------

const std::vector<std::pair<ElementType, std::string>> &Flattener::dimensionTypes(Instance *x) {
  if (auto it = dimTypes_.find(x); it != dimTypes_.end())
    return it->second;
  std::vector<std::pair<ElementType, std::string>> types;
  for (const auto &[expr, scope] : x->dimExprs) {
    std::pair<ElementType, std::string> t{ElementType::Integer, ""};
    if (const auto *ref = ast::dynCast<ast::RefExpr>(expr); ref && !ref->global) {
      inst::Found found = inst_.lookupFirst(ref->parts[0].name, scope);
      if (found.kind == inst::Found::Kind::Class && ref->parts.size() == 1) {
        inst::ClassNode *cls = inst_.resolveAlias(found.cls);
        if (cls->builtin == inst::BuiltinKind::Boolean)
          t = {ElementType::Boolean, ""};
        else
          t = {ElementType::Enumeration, cls->fullName()};
      }
    }
    types.push_back(std::move(t));
  }
  return dimTypes_[x] = std::move(types);
}

std::optional<std::vector<std::vector<int64_t>>>
Flattener::subscriptIndices(const ast::RefPart &part, const std::vector<int64_t> &dims,
                            std::vector<bool> &keep, Scope scope, Instance *owner) {
  if (part.subscripts.size() > dims.size()) {
    diags_.report(diag::SubscriptCountMismatch, part.range,
                  {part.name, std::to_string(dims.size()), std::to_string(part.subscripts.size())});
    return std::nullopt;
  }
  std::vector<std::vector<int64_t>> indices(dims.size());
  keep.assign(dims.size(), true);
  for (size_t d = 0; d < dims.size(); ++d) {
    if (d >= part.subscripts.size() || part.subscripts[d]->kind == ast::ExprKind::Colon) {
      for (int64_t i = 1; i <= dims[d]; ++i)
        indices[d].push_back(i);
      continue;
    }
    endSizes.push_back(dims[d]);
    auto value = evaluate(*part.subscripts[d], scope, "a subscript");
    endSizes.pop_back();
    if (!value)
      return std::nullopt;
    if (value->rank() > 1 || value->isString()) {
      diags_.report(diag::SubscriptNotInteger, part.subscripts[d]->range);
      return std::nullopt;
    }
    keep[d] = value->rank() == 1;
    // Boolean and enumeration dimensions take subscripts of their type.
    if (owner && owner->dimExprs.size() == dims.size()) {
      const auto &[type, enumName] = dimensionTypes(owner)[d];
      bool ok = type == ElementType::Integer
                    ? value->type == ElementType::Integer || value->type == ElementType::Real
                    : value->type == type &&
                          (type != ElementType::Enumeration || value->recordName.empty() ||
                           value->recordName == enumName);
      if (!ok) {
        diags_.report(diag::SubscriptTypeMismatch, part.subscripts[d]->range,
                      {std::to_string(d + 1), part.name,
                       (type == ElementType::Integer   ? std::string("Integer")
                        : type == ElementType::Boolean ? std::string("Boolean")
                                                       : "`" + enumName + "`"),
                       (value->type == ElementType::Enumeration && !value->recordName.empty()
                            ? value->recordName
                            : std::string(flat::typeName(value->type)))});
        return std::nullopt;
      }
    }
    for (ExprId e : value->elements) {
      double v = *pool_->constantValue(e);
      if (value->type == ElementType::Boolean)
        v += 1; // false is the first element of a Boolean dimension
      if (value->type == ElementType::Boolean && v != std::floor(v))
        v = 0;
      if (v != std::floor(v) || v < 1 || v > dims[d]) {
        diags_.report(
            diag::SubscriptOutOfBounds, part.subscripts[d]->range,
            {sym::print(*pool_, e, {}), part.name, std::to_string(d + 1), std::to_string(dims[d])});
        return std::nullopt;
      }
      indices[d].push_back(static_cast<int64_t>(v));
    }
  }
  return indices;
}

// --- Quick evaluation of loop-index expressions ----------------------------------------------
//
// The subscripts and conditions of a for-equation's body are mostly Integer
// arithmetic on its iterators: `T[i - 1, j, k]`, `if i > 1 then`. Lowering
// one built Values and pool nodes, folded them and evaluated the result,
// about a thousand instructions, and a subscript was lowered twice (whether
// it is known at compile time, then its value): on a 3-D grid, a third of
// flattening. These walks compute such values directly. They give nothing
// for anything else (a parameter, a Real, a division, an overflow), and then
// the caller takes the general path, so the results and the diagnostics are
// those of lowering.

/// Integers this large stay exact as the doubles the general path folds to.
static constexpr int64_t kQuickIntegerLimit = int64_t{1} << 52;

std::optional<int64_t> Flattener::quickInteger(const ast::Expr &e, int64_t endSize) const {
  switch (e.kind) {
  case ast::ExprKind::Integer: {
    const auto &literal = static_cast<const ast::IntegerExpr &>(e);
    if (literal.overflow || literal.value > kQuickIntegerLimit)
      return std::nullopt;
    return literal.value;
  }
  case ast::ExprKind::End:
    if (endSize < 0)
      return std::nullopt;
    return endSize;
  case ast::ExprKind::Ref: {
    const auto &ref = static_cast<const ast::RefExpr &>(e);
    if (ref.global || ref.parts.size() != 1 || !ref.parts[0].subscripts.empty())
      return std::nullopt;
    // As lowerRef: the innermost iterator of the name, before any component.
    for (size_t i = iterators.size(); i-- > 0;) {
      if (iterators[i].first != ref.parts[0].name)
        continue;
      const Value &v = iterators[i].second;
      if (v.type != ElementType::Integer || v.isRecord || !v.dims.empty() ||
          v.elements.size() != 1)
        return std::nullopt;
      auto c = pool_->constantValue(v.elements[0]);
      if (!c || *c != std::floor(*c) || std::fabs(*c) > static_cast<double>(kQuickIntegerLimit))
        return std::nullopt;
      return static_cast<int64_t>(*c);
    }
    return std::nullopt;
  }
  case ast::ExprKind::Unary: {
    const auto &u = static_cast<const ast::UnaryExpr &>(e);
    if (u.op != ast::UnaryOpKind::Minus && u.op != ast::UnaryOpKind::Plus)
      return std::nullopt;
    auto x = quickInteger(*u.operand, endSize);
    if (!x)
      return std::nullopt;
    return u.op == ast::UnaryOpKind::Minus ? -*x : *x;
  }
  case ast::ExprKind::Binary: {
    const auto &b = static_cast<const ast::BinaryExpr &>(e);
    if (b.op != ast::BinaryOpKind::Add && b.op != ast::BinaryOpKind::Sub &&
        b.op != ast::BinaryOpKind::Mul)
      return std::nullopt;
    auto x = quickInteger(*b.lhs, endSize);
    if (!x)
      return std::nullopt;
    auto y = quickInteger(*b.rhs, endSize);
    if (!y)
      return std::nullopt;
    int64_t r = 0;
    bool overflow = b.op == ast::BinaryOpKind::Add   ? __builtin_add_overflow(*x, *y, &r)
                    : b.op == ast::BinaryOpKind::Sub ? __builtin_sub_overflow(*x, *y, &r)
                                                     : __builtin_mul_overflow(*x, *y, &r);
    if (overflow || r > kQuickIntegerLimit || r < -kQuickIntegerLimit)
      return std::nullopt;
    return r;
  }
  default:
    return std::nullopt;
  }
}

std::optional<bool> Flattener::quickCondition(const ast::Expr &e) const {
  switch (e.kind) {
  case ast::ExprKind::Boolean:
    return static_cast<const ast::BooleanExpr &>(e).value;
  case ast::ExprKind::Unary: {
    const auto &u = static_cast<const ast::UnaryExpr &>(e);
    if (u.op != ast::UnaryOpKind::Not)
      return std::nullopt;
    auto x = quickCondition(*u.operand);
    if (!x)
      return std::nullopt;
    return !*x;
  }
  case ast::ExprKind::Binary: {
    const auto &b = static_cast<const ast::BinaryExpr &>(e);
    if (b.op == ast::BinaryOpKind::And || b.op == ast::BinaryOpKind::Or) {
      auto x = quickCondition(*b.lhs);
      if (!x)
        return std::nullopt;
      auto y = quickCondition(*b.rhs);
      if (!y)
        return std::nullopt;
      return b.op == ast::BinaryOpKind::And ? *x && *y : *x || *y;
    }
    auto x = quickInteger(*b.lhs, -1);
    if (!x)
      return std::nullopt;
    auto y = quickInteger(*b.rhs, -1);
    if (!y)
      return std::nullopt;
    switch (b.op) {
    case ast::BinaryOpKind::Less: return *x < *y;
    case ast::BinaryOpKind::LessEq: return *x <= *y;
    case ast::BinaryOpKind::Greater: return *x > *y;
    case ast::BinaryOpKind::GreaterEq: return *x >= *y;
    case ast::BinaryOpKind::Equal: return *x == *y;
    case ast::BinaryOpKind::NotEqual: return *x != *y;
    default: return std::nullopt;
    }
  }
  default:
    return std::nullopt;
  }
}

/// Whether a subscript is known only at run time: in a compiled function,
/// or a discrete variable in the model (`expr[firstActiveIndex]`).
static bool isDynamicSubscript(Flattener &f, const ast::Expr &subscript, int64_t size, Scope scope) {
  if (subscript.kind == ast::ExprKind::Colon || subscript.kind == ast::ExprKind::Integer ||
      subscript.kind == ast::ExprKind::End)
    return false;
  if (auto *range = ast::dynCast<ast::RangeExpr>(&subscript)) // x[i - 2:i - 1] in a loop
    return isDynamicSubscript(f, *range->start, size, scope) ||
           isDynamicSubscript(f, *range->stop, size, scope);
  if (f.quickInteger(subscript, size)) // known now: `i - 1` of a for-equation
    return false;
  f.endSizes.push_back(size);
  unsigned errors = f.diags().errorCount();
  auto value = f.lower(subscript, scope);
  f.endSizes.pop_back();
  if (!value || f.diags().errorCount() != errors)
    return false;
  for (ExprId e : value->elements)
    if (!f.evaluate(e))
      return true;
  return false;
}

/// `a - b` where both are the same expression plus constants (`i - 1` and
/// `i - 2`), else nothing.
static std::optional<double> constantDifference(const sym::ExprPool &pool, ExprId a, ExprId b) {
  auto split = [&](ExprId e) -> std::pair<ExprId, double> {
    double offset = 0; // constants added at any depth: (1 + 3 k) + 2
    while (true) {
      OpKind op = pool.op(e);
      if (auto c = pool.constantValue(e))
        return {ExprId{}, offset + *c};
      if (op != OpKind::Add && op != OpKind::Sub)
        return {e, offset};
      ExprId x = pool.operand(e, 0), y = pool.operand(e, 1);
      if (auto c = pool.constantValue(y)) {
        offset += op == OpKind::Add ? *c : -*c;
        e = x;
      } else if (auto c = pool.constantValue(x); c && op == OpKind::Add) {
        offset += *c;
        e = y;
      } else {
        return {e, offset};
      }
    }
  };
  auto [baseA, offsetA] = split(a);
  auto [baseB, offsetB] = split(b);
  if (baseA != baseB)
    return std::nullopt;
  return offsetA - offsetB;
}

std::optional<Flattener::DynamicSelection>
Flattener::dynamicSelection(const std::vector<int64_t> &dims, const ast::RefPart &part, Scope scope) {
  // The 1-based indices each subscript selects, as expressions: one for a
  // scalar subscript, a run of known length for a range (`x[i - 2:i - 1]`),
  // every index for `:` and the dimensions without subscript; those of
  // ranges and `:` stay dimensions of the result.
  std::vector<std::vector<ExprId>> selected(dims.size());
  DynamicSelection s;
  for (size_t d = 0; d < dims.size(); ++d) {
    const ast::Expr *subscript = d < part.subscripts.size() ? part.subscripts[d].get() : nullptr;
    if (!subscript || subscript->kind == ast::ExprKind::Colon) {
      for (int64_t k = 1; k <= dims[d]; ++k)
        selected[d].push_back(pool_->constant(static_cast<double>(k)));
      s.resultDims.push_back(dims[d]);
      continue;
    }
    endSizes.push_back(dims[d]);
    auto scalar = [&](const ast::Expr &e) -> std::optional<ExprId> {
      auto index = lower(e, scope);
      if (!index || !index->isScalar() || index->isRecord || index->isString()) {
        if (index)
          diags_.report(diag::RunTimeSubscriptNotScalar, e.range);
        return std::nullopt;
      }
      return index->elements[0];
    };
    if (auto *range = ast::dynCast<ast::RangeExpr>(subscript)) {
      auto first = scalar(*range->start);
      auto last = scalar(*range->stop);
      std::optional<double> step = 1.0;
      if (range->step) {
        auto st = scalar(*range->step);
        step = st ? pool_->constantValue(*st) : std::nullopt;
      }
      endSizes.pop_back();
      if (!first || !last)
        return std::nullopt;
      auto span = constantDifference(*pool_, *last, *first);
      // Ends that are parameter expressions (`mem[i, 1:n_data]`, n_data a
      // parameter) have their values now, as sizes do.
      if (!span)
        if (auto a = evaluate(*first), b = evaluate(*last); a && b)
          span = *b - *a;
      if (!step || *step == 0 || !span) {
        diags_.report(diag::RunTimeRangeSubscriptLength, subscript->range);
        return std::nullopt;
      }
      int64_t count = std::max<int64_t>(0, static_cast<int64_t>(std::floor(*span / *step)) + 1);
      for (int64_t k = 0; k < count; ++k)
        selected[d].push_back(pool_->add(*first, pool_->constant(static_cast<double>(k) * *step)));
      s.resultDims.push_back(count);
      continue;
    }
    auto index = scalar(*subscript);
    endSizes.pop_back();
    if (!index)
      return std::nullopt;
    selected[d].push_back(*index);
  }
  for (const auto &list : selected)
    if (list.empty())
      return s;
  std::vector<size_t> at(dims.size(), 0);
  // Row-major strides as products of the later dimensions (a dimension of
  // size 0, as the MSL's Xi of a medium without independent fractions,
  // made a division by zero; its subscripts are out of bounds at run time).
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;)
    strides[d - 1] = strides[d] * dims[d];
  while (true) {
    ExprId index = pool_->zero();
    std::vector<ExprId> indices;
    for (size_t d = 0; d < dims.size(); ++d) {
      int64_t stride = strides[d];
      indices.push_back(selected[d][at[d]]);
      ExprId zeroBased = pool_->sub(selected[d][at[d]], pool_->one());
      index = pool_->add(index, pool_->mul(zeroBased, pool_->constant(static_cast<double>(stride))));
    }
    s.linear.push_back(index);
    s.indices.push_back(std::move(indices));
    size_t d = dims.size();
    while (d-- > 0) {
      if (++at[d] < selected[d].size())
        break;
      at[d] = 0;
    }
    if (d == static_cast<size_t>(-1))
      return s;
  }
}

std::optional<Value> Flattener::dynamicSubscript(const Value &v, const ast::RefPart &part,
                                                 Scope scope) {
  if (v.isRecord && part.subscripts.size() <= v.dims.size())
    return dynamicRecordSubscript(v, part, scope);
  // A String array in a compiled function: its elements are pointers to
  // their characters (Strings.cpp), known texts becoming literals, and a
  // pointer is selected as a number is.
  if (v.isString() && !v.strings.empty() && inCompiledFunction() &&
      part.subscripts.size() <= v.dims.size()) {
    Value pointers;
    pointers.type = ElementType::String;
    pointers.dims = v.dims;
    pointers.elements = stringPointers(v);
    if (static_cast<int64_t>(pointers.elements.size()) != v.count()) {
      diags_.report(diag::RunTimeSubscriptOnNonNumbers, part.range);
      return std::nullopt;
    }
    return dynamicSubscript(pointers, part, scope);
  }
  bool pointers = v.isString() && inCompiledFunction() &&
                  static_cast<int64_t>(v.elements.size()) == v.count();
  if (v.isRecord || (v.isString() && !pointers) || part.subscripts.size() > v.dims.size()) {
    diags_.report(diag::RunTimeSubscriptOnNonNumbers, part.range);
    return std::nullopt;
  }
  auto selection = dynamicSelection(v.dims, part, scope);
  if (!selection)
    return std::nullopt;
  // Loads from consecutive slots in compiled functions; in the model, a
  // selection among the elements (whose variables stay visible to the
  // structural analysis).
  bool compiled = !frames.empty() && frames.back()->compiled;
  bool slots = compiled && !v.elements.empty();
  // Elements that are not variables (a literal, a call) have no slots: a
  // one-element array `{"="}` must not pass the test below with the
  // invalid slot index.
  slots = slots && pool_->variableOf(v.elements[0]).valid();
  uint32_t first = slots ? pool_->variableOf(v.elements[0]).index : 0;
  for (size_t k = 0; slots && k < v.elements.size(); ++k)
    slots = pool_->variableOf(v.elements[k]).index == first + k;
  Value r;
  r.type = v.type;
  r.dims = selection->resultDims;
  ExprId size = pool_->constant(static_cast<double>(v.count()));
  for (size_t e = 0; e < selection->linear.size(); ++e) {
    ExprId index = selection->linear[e];
    if (slots) {
      r.elements.push_back(pool_->load(first, index, size));
      continue;
    }
    // Not stored in consecutive slots: select among the elements that the
    // subscripts known only at run time can reach; a subscript out of
    // bounds (or not an integer) is a run-time error.
    const std::vector<ExprId> &indices = selection->indices[e];
    std::vector<int64_t> candidates = {0};
    ExprId inside = pool_->one(); // every subscript within its dimension
    bool knownInside = true;      // every subscript a known integer within its dimension
    for (size_t d = 0; d < v.dims.size(); ++d) {
      // The product of the later dimensions (not count / dims: a dimension
      // may have size 0, and its subscripts are out of bounds).
      int64_t stride = 1;
      for (size_t later = d + 1; later < v.dims.size(); ++later)
        stride *= v.dims[later];
      std::vector<int64_t> next;
      auto known = pool_->constantValue(indices[d]);
      knownInside = knownInside && known && *known >= 1 && *known <= v.dims[d] &&
                    *known == std::floor(*known);
      for (int64_t c : candidates) {
        if (known) {
          next.push_back(c + (static_cast<int64_t>(*known) - 1) * stride);
          continue;
        }
        for (int64_t i = 0; i < v.dims[d]; ++i)
          next.push_back(c + i * stride);
      }
      candidates = std::move(next);
      inside = pool_->binary(
          sym::OpKind::And, inside,
          pool_->binary(sym::OpKind::And, pool_->binary(sym::OpKind::GreaterEq, indices[d], pool_->one()),
                        pool_->binary(sym::OpKind::LessEq, indices[d],
                                      pool_->constant(static_cast<double>(v.dims[d])))));
    }
    if (knownInside) {
      r.elements.push_back(v.elements[candidates[0]]);
      continue;
    }
    ExprId error = subscriptError(indices, v.dims, part.name, part.range);
    ExprId chosen = error;
    for (auto k = candidates.rbegin(); k != candidates.rend(); ++k)
      if (*k >= 0 && *k < v.count())
        chosen = pool_->ifElse(pool_->binary(sym::OpKind::Equal, index,
                                             pool_->constant(static_cast<double>(*k))),
                               v.elements[*k], chosen);
    if (v.dims.size() > 1) // x[1, 4] of a 3 x 3 array must not select x[2, 1]
      chosen = pool_->ifElse(pool_->unary(sym::OpKind::NoEvent, inside), chosen, error);
    r.elements.push_back(chosen);
  }
  return r;
}

/// `a[i]` of an array of records with i known only at run time: each
/// scalar of the records (the same fields in every element) is an array of
/// numbers of a's shape, subscripted as such; the records are rebuilt from
/// the selected scalars. Records with String fields are not supported.
std::optional<Value> Flattener::dynamicRecordSubscript(const Value &v, const ast::RefPart &part,
                                                       Scope scope) {
  auto fail = [&]() -> std::optional<Value> {
    diags_.report(diag::RunTimeSubscriptOnNonNumbers, part.range);
    return std::nullopt;
  };
  if (v.items.empty() || static_cast<int64_t>(v.items.size()) != v.count())
    return fail();
  const Value &first = v.items[0];
  std::vector<std::vector<ExprId>> scalars(v.items.size());
  for (size_t k = 0; k < v.items.size(); ++k) {
    if (!sameStructure(v.items[k], first) || !v.items[k].strings.empty())
      return fail();
    appendScalars(v.items[k], scalars[k]);
  }
  std::function<bool(const Value &)> hasStrings = [&](const Value &r) {
    if (r.isString())
      return true;
    for (const auto &[name, field] : r.fields)
      if (hasStrings(field))
        return true;
    for (const Value &item : r.items)
      if (hasStrings(item))
        return true;
    return false;
  };
  if (hasStrings(first))
    return fail();
  size_t width = scalars[0].size();
  std::vector<std::vector<ExprId>> selected(width); // per scalar position: the selection
  std::vector<int64_t> resultDims;
  for (size_t p = 0; p < width; ++p) {
    Value column;
    column.dims = v.dims;
    for (const auto &item : scalars)
      column.elements.push_back(item[p]);
    auto r = dynamicSubscript(column, part, scope);
    if (!r)
      return std::nullopt;
    resultDims = r->dims;
    selected[p] = std::move(r->elements);
  }
  auto record = [&](size_t e) {
    std::vector<ExprId> parts;
    for (size_t p = 0; p < width; ++p)
      parts.push_back(selected[p][e]);
    size_t next = 0;
    return rebuild(first, parts, next);
  };
  if (width == 0)
    return fail();
  size_t count = selected[0].size();
  if (resultDims.empty())
    return record(0);
  Value r;
  r.isRecord = true;
  r.type = v.type;
  r.recordName = v.recordName;
  r.dims = resultDims;
  for (size_t e = 0; e < count; ++e)
    r.items.push_back(record(e));
  return r;
}

/// The value of a subscript out of bounds: a call of a function (one per
/// reference) whose only statement fails with "index 4 out of bounds for
/// `x` of size 3 (at file:line:col)", so that the run stops there with exit
/// code 3 as it does for an index out of bounds in a function. `indices`
/// are the 1-based subscripts of the first dimensions `dims` of `name`.
ExprId Flattener::subscriptError(const std::vector<ExprId> &indices,
                                 const std::vector<int64_t> &dims, const std::string &name,
                                 SourceRange loc) {
  std::string size, where;
  for (size_t d = 0; d < dims.size(); ++d)
    size += (d ? ", " : "") + std::to_string(dims[d]);
  if (dims.size() > 1)
    size = "[" + size + "]";
  if (loc.valid())
    where = " (at " + diags_.sources().shortLocation(loc.start()) + ")";
  std::string key = name + "|" + size + "|" + where;
  uint32_t index;
  if (auto it = subscriptErrors_.find(key); it != subscriptErrors_.end()) {
    index = it->second;
  } else {
    flat::Function f;
    f.name = "subscriptError";
    f.symbol = "mocc_f" + std::to_string(model_.functions.size()) + "_subscript_error";
    f.loc = loc;
    std::vector<flat::MessagePart> message{
        {"index " + std::string(dims.size() > 1 ? "[" : ""), {}, flat::TypeKind::String}};
    for (size_t d = 0; d < dims.size(); ++d) {
      f.variables.push_back({flat::FunctionVariable::Kind::Input,
                             "i" + std::to_string(d + 1),
                             flat::TypeKind::Integer,
                             {},
                             f.numSlots});
      f.inputSlots.push_back(f.numSlots);
      if (d > 0)
        message.push_back({", ", {}, flat::TypeKind::String});
      message.push_back({"", f.pool.variable(sym::VarId{f.numSlots}), flat::TypeKind::Integer});
      ++f.numSlots;
    }
    message.push_back({std::string(dims.size() > 1 ? "]" : "") + " out of bounds for `" + name +
                           "` of size " + size + where,
                       {},
                       flat::TypeKind::String});
    f.variables.push_back(
        {flat::FunctionVariable::Kind::Output, "y", flat::TypeKind::Real, {}, f.numSlots});
    f.outputSlots.push_back(f.numSlots++);
    flat::Statement check;
    check.kind = flat::StatementKind::Assert;
    check.loc = loc;
    check.condition = f.pool.zero();
    check.message = std::move(message);
    check.plainMessage = true;
    f.body.push_back(std::move(check));
    index = static_cast<uint32_t>(model_.functions.size());
    model_.functions.push_back(std::move(f));
    subscriptErrors_[key] = index;
  }
  return pool_->output(pool_->call(index, indices), 0);
}

std::optional<Value> Flattener::applySubscripts(const Value &v, const ast::RefPart &part,
                                                Scope scope) {
  if (part.subscripts.empty())
    return v;
  for (size_t d = 0; d < part.subscripts.size() && d < v.dims.size(); ++d)
    if (isDynamicSubscript(*this, *part.subscripts[d], v.dims[d], scope))
      return dynamicSubscript(v, part, scope);
  std::vector<bool> keep;
  auto indices = subscriptIndices(part, v.dims, keep, scope);
  if (!indices)
    return std::nullopt;
  Value result;
  result.type = v.type;
  result.isRecord = v.isRecord;
  result.recordName = v.recordName;
  for (size_t d = 0; d < v.dims.size(); ++d)
    if (keep[d])
      result.dims.push_back(static_cast<int64_t>((*indices)[d].size()));
  // A String value may have its texts, its variables (texts not known
  // yet), or both.
  bool texts = static_cast<int64_t>(v.strings.size()) == v.count();
  bool scalars = static_cast<int64_t>(v.elements.size()) == v.count();
  forEachSelected(v.dims, *indices, [&](int64_t linear) {
    if (v.isRecord) {
      result.items.push_back(v.items[linear]);
      return true;
    }
    if (v.isString() && texts)
      result.strings.push_back(v.strings[linear]);
    if (!v.isString() || scalars)
      result.elements.push_back(v.elements[linear]);
    return true;
  });
  if (result.isRecord && result.dims.empty() && result.items.size() == 1) {
    Value record = std::move(result.items[0]);
    return record;
  }
  return result;
}

/// `x[i]` for an array variable x: the variables the subscripts select, made
/// without the whole array first, so that `T[i - 1]` in a for-equation over
/// the N elements of T costs O(1) and not O(N) (which made flattening
/// quadratic). Subscripts known only at run time take the general path.
std::optional<Value> Flattener::subscriptVariables(Instance *x, const ast::RefPart &part,
                                                   Scope scope) {
  const VarRange *range = varsOf(x);
  if (!range)
    return std::nullopt;
  if (range->type == flat::TypeKind::String) { // texts known while translating
    auto value = instanceValue(x, part.range);
    return value ? applySubscripts(*value, part, scope) : std::nullopt;
  }
  // A scalar subscript per dimension, each known now and in bounds (as
  // `T[i - 1, j, k]` in a for-equation): the one variable, without lowering
  // the subscripts. Else the general path below, with its diagnostics.
  if (!part.subscripts.empty() && part.subscripts.size() == range->dims.size() &&
      range->type != ElementType::ExternalObject && range->type != ElementType::Enumeration) {
    const auto *types = x->dimExprs.size() == range->dims.size() ? &dimensionTypes(x) : nullptr;
    int64_t linear = 0;
    size_t d = 0;
    for (; d < range->dims.size(); ++d) {
      if (types && (*types)[d].first != ElementType::Integer)
        break;
      auto index = quickInteger(*part.subscripts[d], range->dims[d]);
      if (!index || *index < 1 || *index > range->dims[d])
        break;
      linear = linear * range->dims[d] + (*index - 1);
    }
    if (d == range->dims.size()) {
      Value result;
      result.type = range->type;
      result.elements.push_back(
          pool_->variable(sym::VarId{static_cast<uint32_t>(range->first + linear)}));
      return result;
    }
  }
  for (size_t d = 0; d < part.subscripts.size() && d < range->dims.size(); ++d)
    if (isDynamicSubscript(*this, *part.subscripts[d], range->dims[d], scope)) {
      auto value = instanceValue(x, part.range);
      return value ? dynamicSubscript(*value, part, scope) : std::nullopt;
    }
  std::vector<bool> keep;
  auto indices = subscriptIndices(part, range->dims, keep, scope, x);
  if (!indices)
    return std::nullopt;
  Value result;
  result.type = range->type;
  if (range->type == ElementType::ExternalObject || range->type == ElementType::Enumeration)
    result.recordName = x->cls->fullName();
  for (size_t d = 0; d < range->dims.size(); ++d)
    if (keep[d])
      result.dims.push_back(static_cast<int64_t>((*indices)[d].size()));
  forEachSelected(range->dims, *indices, [&](int64_t linear) {
    result.elements.push_back(
        pool_->variable(sym::VarId{static_cast<uint32_t>(range->first + linear)}));
    return true;
  });
  return result;
}

// --- Operators --------------------------------------------------------------------------------

Value Flattener::elementwise(const Value &a, const std::function<ExprId(ExprId)> &f) {
  Value r;
  r.type = a.type;
  r.dims = a.dims;
  r.elements.reserve(a.elements.size());
  for (ExprId e : a.elements)
    r.elements.push_back(f(e));
  return r;
}

std::optional<Value> Flattener::elementwise2(const Value &a, const Value &b, SourceRange loc,
                                             const std::function<ExprId(ExprId, ExprId)> &f,
                                             const char *opText) {
  if (a.isString() || b.isString() || a.isRecord || b.isRecord) {
    diags_.report(diag::OperatorNeedsNumericOperands, loc, {opText});
    return std::nullopt;
  }
  Value r;
  r.type = a.type == ElementType::Integer && b.type == ElementType::Integer ? ElementType::Integer
           : a.type == ElementType::Boolean && b.type == ElementType::Boolean ? ElementType::Boolean
                                                                               : ElementType::Real;
  if (a.isScalar() || b.isScalar()) {
    const Value &array = a.isScalar() ? b : a;
    r.dims = array.dims;
    for (size_t i = 0; i < array.elements.size(); ++i)
      r.elements.push_back(f(a.isScalar() ? a.elements[0] : a.elements[i],
                             b.isScalar() ? b.elements[0] : b.elements[i]));
    return r;
  }
  if (a.dims != b.dims) {
    diags_.report(diag::OperandShapesDiffer, loc, {opText, shapeText(a.dims), shapeText(b.dims)});
    return std::nullopt;
  }
  r.dims = a.dims;
  for (size_t i = 0; i < a.elements.size(); ++i)
    r.elements.push_back(f(a.elements[i], b.elements[i]));
  return r;
}

/// a * b for scalars, vectors and matrices (MLS 10.6.4).
std::optional<Value> Flattener::multiply(const Value &a, const Value &b, SourceRange loc) {
  if (a.isRecord || b.isRecord || a.isString() || b.isString()) {
    diags_.report(diag::OperatorNeedsNumericOperands, loc, {"*"});
    return std::nullopt;
  }
  if (a.isScalar() || b.isScalar())
    return elementwise2(a, b, loc, [&](ExprId x, ExprId y) { return pool_->mul(x, y); }, "*");
  auto sumOfProducts = [&](auto &&term, int64_t n) {
    ExprId s = pool_->zero();
    for (int64_t k = 0; k < n; ++k)
      s = pool_->add(s, term(k));
    return s;
  };
  int ra = a.rank(), rb = b.rank();
  int64_t inner = a.dims.back();
  if (inner != b.dims.front() || ra > 2 || rb > 2) {
    diags_.report(diag::MatrixProductShapes, loc, {shapeText(a.dims), shapeText(b.dims)});
    return std::nullopt;
  }
  Value r;
  r.type = a.type == ElementType::Integer && b.type == ElementType::Integer ? ElementType::Integer
                                                                             : ElementType::Real;
  int64_t rows = ra == 2 ? a.dims[0] : 1, cols = rb == 2 ? b.dims[1] : 1;
  if (ra == 2)
    r.dims.push_back(rows);
  if (rb == 2)
    r.dims.push_back(cols);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      r.elements.push_back(sumOfProducts(
          [&](int64_t k) {
            return pool_->mul(a.elements[i * inner + k], b.elements[k * cols + j]);
          },
          inner));
  return r;
}

/// Reports it if the operands of a binary operator have types it does not
/// take (MLS 3.3 to 3.5: arithmetic on numbers, logic on Booleans, relations
/// between two numbers, two Booleans, two Strings or two values of one
/// enumeration); true if it did.
static bool reportOperandTypeError(Diagnostics &diags, SourceRange range, ast::BinaryOpKind op,
                                   const Value &a, const Value &b) {
  using B = ast::BinaryOpKind;
  if (a.isRecord || b.isRecord)
    return false; // reported by the operator itself
  auto numeric = [](const Value &v) {
    return v.type == ElementType::Real || v.type == ElementType::Integer;
  };
  auto name = [](const Value &v) -> std::string {
    if (v.type == ElementType::Enumeration && !v.recordName.empty())
      return "`" + v.recordName + "`";
    return std::string("`") + flat::typeName(v.type) + "`";
  };
  std::string spelled = ast::binaryOpSpelling(op);
  switch (op) {
  case B::And:
  case B::Or:
    if (a.type == ElementType::Boolean && b.type == ElementType::Boolean)
      return false;
    diags.report(diag::OperatorNeedsBooleanOperands, range, {spelled, name(a), name(b)});
    return true;
  case B::Less:
  case B::LessEq:
  case B::Greater:
  case B::GreaterEq:
  case B::Equal:
  case B::NotEqual:
    if ((numeric(a) && numeric(b)) || (a.type == b.type && a.type != ElementType::Enumeration))
      return false;
    if (a.type == ElementType::Enumeration && b.type == ElementType::Enumeration &&
        (a.recordName == b.recordName || a.recordName.empty() || b.recordName.empty()))
      return false;
    diags.report(diag::RelationOperandTypes, range, {spelled, name(a), name(b)});
    return true;
  default:
    if (numeric(a) && numeric(b))
      return false;
    if (a.isString() && b.isString())
      return false; // `+` of Strings, or reported as a shape error
    diags.report(diag::OperatorOperandTypes, range, {spelled, name(a), name(b)});
    return true;
  }
}

/// A sum or product of many terms is a chain of left operands (`a + b + c`
/// is `(a + b) + c`, and parentheses are what the parser bounds): it is
/// lowered bottom-up in a loop, as long as it is, without recursion. A
/// comparison `String(x) == "text"` in the chain is lowered on its own.
std::optional<Value> Flattener::lowerBinary(const ast::BinaryExpr &e, Scope scope) {
  auto isEquality = [](const ast::BinaryExpr &x) {
    return x.op == ast::BinaryOpKind::Equal || x.op == ast::BinaryOpKind::NotEqual;
  };
  if (isEquality(e))
    if (auto decided = compareStringConversion(e, scope))
      return decided;
  std::vector<const ast::BinaryExpr *> chain{&e};
  while (chain.back()->lhs->kind == ast::ExprKind::Binary &&
         !isEquality(ast::cast<ast::BinaryExpr>(*chain.back()->lhs)))
    chain.push_back(&ast::cast<ast::BinaryExpr>(*chain.back()->lhs));
  std::optional<Value> value = lower(*chain.back()->lhs, scope);
  for (size_t i = chain.size(); value && i-- > 0;) {
    auto rhs = lower(*chain[i]->rhs, scope);
    if (!rhs)
      return std::nullopt;
    value = combineBinary(*chain[i], *value, *rhs);
  }
  return value;
}

/// `a op b` of lowered operands.
std::optional<Value> Flattener::combineBinary(const ast::BinaryExpr &e, const Value &a,
                                              const Value &b) {
  if (a.isRecord || b.isRecord) // an operator record's operator (MLS 14)
    return lowerOverloadedBinary(e, a, b);
  using B = ast::BinaryOpKind;
  auto op = [&](OpKind k) {
    return [this, k](ExprId x, ExprId y) { return pool_->binary(k, x, y); };
  };
  const char *text = ast::binaryOpSpelling(e.op);
  if (e.op == B::Add && a.isString() && b.isString())
    return concatStrings(a, b, e.range);
  if (reportOperandTypeError(diags_, e.range, e.op, a, b))
    return std::nullopt;
  bool scalarOnly = false;
  std::optional<Value> r;
  switch (e.op) {
  case B::Add:
  case B::Sub:
    if (a.dims != b.dims) {
      diags_.report(diag::OperandShapesDiffer, e.range,
                    {text, shapeText(a.dims), shapeText(b.dims)});
      return std::nullopt;
    }
    [[fallthrough]];
  case B::ElemAdd:
  case B::ElemSub:
    return elementwise2(a, b, e.range,
                        op(e.op == B::Add || e.op == B::ElemAdd ? OpKind::Add : OpKind::Sub), text);
  case B::Mul:
    return multiply(a, b, e.range);
  case B::ElemMul:
    return elementwise2(a, b, e.range, op(OpKind::Mul), text);
  case B::Div:
    if (!b.isScalar()) {
      diags_.report(diag::DivisorNotScalar, e.rhs->range);
      return std::nullopt;
    }
    [[fallthrough]];
  case B::ElemDiv:
    r = elementwise2(a, b, e.range, op(OpKind::Div), text);
    if (r)
      r->type = ElementType::Real;
    return r;
  case B::Pow:
    scalarOnly = true;
    [[fallthrough]];
  case B::ElemPow:
    if (scalarOnly && a.rank() == 2 && b.isScalar()) {
      // A square matrix to a non-negative Integer power (MLS 10.6.8):
      // repeated squaring.
      auto n = evaluate(b.elements[0]);
      if (a.dims[0] != a.dims[1] || b.type != ElementType::Integer || !n || *n < 0) {
        diags_.report(diag::MatrixPowerNeedsSquare, e.range);
        return std::nullopt;
      }
      Value result = a;
      int64_t size = a.dims[0];
      for (int64_t i = 0; i < size; ++i)
        for (int64_t j = 0; j < size; ++j)
          result.elements[i * size + j] = i == j ? pool_->one() : pool_->zero();
      result.type = a.type;
      Value base = a;
      for (auto k = static_cast<int64_t>(*n); k > 0; k /= 2) {
        if (k % 2) {
          auto product = multiply(result, base, e.range);
          if (!product)
            return std::nullopt;
          result = std::move(*product);
        }
        if (k > 1) {
          auto square = multiply(base, base, e.range);
          if (!square)
            return std::nullopt;
          base = std::move(*square);
        }
      }
      return result;
    }
    if (scalarOnly && (!a.isScalar() || !b.isScalar())) {
      diags_.report(diag::ArrayPowerUndefined, e.range);
      return std::nullopt;
    }
    // The power of Integers is a Real (MLS 10.6.8 of 3.6, Table 3.? of
    // arithmetic operators: `^` yields Real).
    r = elementwise2(a, b, e.range, op(OpKind::Pow), text);
    if (r)
      r->type = ElementType::Real;
    return r;
  case B::And:
  case B::Or:
    r = elementwise2(a, b, e.range, op(e.op == B::And ? OpKind::And : OpKind::Or), text);
    if (r)
      r->type = ElementType::Boolean;
    return r;
  default:
    break;
  }
  // Relations: scalars only, of a built-in type (records have no order, and
  // overloaded operators are not supported).
  if (a.isRecord || b.isRecord) {
    diags_.report(diag::RelationComparesRecords, e.range, {text});
    return std::nullopt;
  }
  if (!a.isScalar() || !b.isScalar()) {
    diags_.report(diag::RelationNeedsScalars, e.range, {text});
    return std::nullopt;
  }
  static const std::pair<B, OpKind> kRelations[] = {
      {B::Less, OpKind::Less},       {B::LessEq, OpKind::LessEq}, {B::Greater, OpKind::Greater},
      {B::GreaterEq, OpKind::GreaterEq}, {B::Equal, OpKind::Equal}, {B::NotEqual, OpKind::NotEqual}};
  if (a.isString() || b.isString()) {
    // In lexicographic order: decided here for texts known while
    // translating, at run time in functions.
    if (!a.isString() || !b.isString()) {
      diags_.report(diag::RelationNeedsTwoStrings, e.range, {text});
      return std::nullopt;
    }
    for (auto [astOp, symOp] : kRelations)
      if (astOp == e.op)
        return compareStrings(symOp, a, b, e.range);
  }
  for (auto [astOp, symOp] : kRelations)
    if (astOp == e.op)
      return Value::scalar(pool_->binary(symOp, a.elements[0], b.elements[0]), ElementType::Boolean);
  return std::nullopt;
}

std::optional<Value> Flattener::lowerUnary(const ast::UnaryExpr &e, Scope scope) {
  auto a = lower(*e.operand, scope);
  if (!a)
    return std::nullopt;
  if (a->isRecord)
    return lowerOverloadedUnary(e, *a);
  if (a->isString()) {
    diags_.report(diag::UnaryOperatorNeedsNumeric, e.range, {ast::unaryOpSpelling(e.op)});
    return std::nullopt;
  }
  bool logical = e.op == ast::UnaryOpKind::Not;
  bool numeric = a->type == ElementType::Real || a->type == ElementType::Integer;
  if (logical ? a->type != ElementType::Boolean : !numeric) {
    diags_.report(diag::UnaryOperatorOperandType, e.range,
                  {ast::unaryOpSpelling(e.op), (logical ? "a Boolean" : "a numeric"),
                   flat::typeName(a->type)});
    return std::nullopt;
  }
  switch (e.op) {
  case ast::UnaryOpKind::Minus:
  case ast::UnaryOpKind::ElemMinus:
    return elementwise(*a, [&](ExprId x) { return pool_->neg(x); });
  case ast::UnaryOpKind::Plus:
  case ast::UnaryOpKind::ElemPlus:
    return a;
  case ast::UnaryOpKind::Not: {
    Value r = elementwise(*a, [&](ExprId x) { return pool_->unary(OpKind::Not, x); });
    r.type = ElementType::Boolean;
    return r;
  }
  }
  return std::nullopt;
}

std::optional<Value> Flattener::lowerIf(const ast::IfExpr &e, Scope scope) {
  // Conditions that are parameter expressions select a branch here, so the
  // branches may differ in shape; others become element-wise if-expressions.
  std::vector<std::pair<ExprId, Value>> branches;
  for (const ast::IfBranch &branch : e.branches) {
    if (auto known = quickCondition(*branch.condition)) { // `i > 1` in a for-equation
      if (!*known)
        continue;
      auto v = lower(*branch.value, scope);
      if (!v)
        return std::nullopt;
      if (branches.empty())
        return v;
      branches.push_back({pool_->one(), std::move(*v)});
      break;
    }
    auto c = lower(*branch.condition, scope);
    if (!c)
      return std::nullopt;
    if (!c->isScalar() || c->type != ElementType::Boolean || c->isRecord) {
      diags_.report(diag::IfExpressionConditionNotBoolean, branch.condition->range);
      return std::nullopt;
    }
    auto constant = evaluate(c->elements[0]);
    if (constant && *constant == 0.0)
      continue;
    auto v = lower(*branch.value, scope);
    if (!v)
      return std::nullopt;
    if (constant && branches.empty())
      return v;
    branches.push_back({constant ? pool_->one() : c->elements[0], std::move(*v)});
    if (constant)
      break;
  }
  std::optional<Value> result;
  if (branches.empty() || !pool_->isConstant(branches.back().first, 1.0))
    result = lower(*e.elseValue, scope);
  else {
    result = std::move(branches.back().second);
    branches.pop_back();
  }
  if (!result)
    return std::nullopt;
  for (size_t i = branches.size(); i-- > 0;) {
    const Value &then = branches[i].second;
    if (!sameStructure(then, *result)) {
      diags_.report(diag::IfExpressionBranchesDiffer, e.range, {describe(then), describe(*result)});
      return std::nullopt;
    }
    if (then.isString() && !inCompiledFunction()) {
      diags_.report(diag::RunTimeStringIfExpression, e.range);
      return std::nullopt;
    }
    if (then.isString()) { // pointers to the texts, chosen at run time
      std::vector<ExprId> a = stringPointers(then), b = stringPointers(*result);
      Value chosen;
      chosen.type = ElementType::String;
      chosen.dims = result->dims;
      for (size_t k = 0; k < a.size(); ++k)
        chosen.elements.push_back(pool_->ifElse(branches[i].first, a[k], b[k]));
      result = std::move(chosen);
      continue;
    }
    std::vector<ExprId> a, b;
    appendScalars(then, a);
    appendScalars(*result, b);
    for (size_t k = 0; k < a.size(); ++k)
      b[k] = pool_->ifElse(branches[i].first, a[k], b[k]);
    size_t next = 0;
    ElementType type = then.type != result->type ? ElementType::Real : result->type;
    result = rebuild(*result, b, next);
    result->type = type;
  }
  return result;
}

std::optional<Value> Flattener::lowerRange(const ast::RangeExpr &e, Scope scope) {
  auto start = evaluate(*e.start, scope, "the start of a range");
  auto step = e.step ? evaluate(*e.step, scope, "the step of a range")
                     : std::optional<Value>(Value::scalar(pool_->one(), ElementType::Integer));
  auto stop = evaluate(*e.stop, scope, "the end of a range");
  if (!start || !step || !stop)
    return std::nullopt;
  if (!start->isScalar() || !step->isScalar() || !stop->isScalar()) {
    diags_.report(diag::RangeBoundsNotScalar, e.range);
    return std::nullopt;
  }
  double a = *pool_->constantValue(start->elements[0]);
  double s = *pool_->constantValue(step->elements[0]);
  double b = *pool_->constantValue(stop->elements[0]);
  if (s == 0) {
    diags_.report(diag::RangeStepZero, e.range);
    return std::nullopt;
  }
  Value r;
  r.type = start->type == ElementType::Integer && step->type == ElementType::Integer
               ? ElementType::Integer
               : (start->type == ElementType::Enumeration ? ElementType::Enumeration
                  : start->type == ElementType::Boolean  ? ElementType::Boolean
                                                         : ElementType::Real);
  if (r.type == ElementType::Enumeration)
    r.recordName = start->recordName;
  double count = std::floor((b - a) / s + 1e-10) + 1;
  if (count > static_cast<double>(kMaxArrayElements)) {
    diags_.report(diag::RangeTooLarge, e.range, {std::to_string(kMaxArrayElements)});
    return std::nullopt;
  }
  for (int64_t k = 0; k < static_cast<int64_t>(count); ++k)
    r.elements.push_back(pool_->constant(a + k * s));
  r.dims = {static_cast<int64_t>(r.elements.size())};
  return r;
}

/// Concatenates values of equal shape along a new first dimension.
static std::optional<Value> stack(std::vector<Value> &parts, SourceRange loc, Diagnostics &diags) {
  if (parts.empty()) {
    Value r;
    r.dims = {0};
    return r;
  }
  for (const Value &p : parts)
    if (!sameStructure(p, parts[0]) &&
        !(p.dims == parts[0].dims && !p.isRecord && !parts[0].isRecord && !p.isString() &&
          !parts[0].isString())) {
      diags.report(diag::ArrayElementsDiffer, loc, {describe(parts[0]), describe(p)});
      return std::nullopt;
    }
  return stackValues(parts, {static_cast<int64_t>(parts.size())});
}

std::optional<Value> Flattener::lowerArray(const ast::ArrayExpr &e, Scope scope) {
  std::vector<Value> parts;
  for (const auto &element : e.elements) {
    auto v = lower(*element, scope);
    if (!v)
      return std::nullopt;
    parts.push_back(std::move(*v));
  }
  return stack(parts, e.range, diags_);
}

/// The indices of dimension `k` of the component that ref.parts[0..j]
/// names (its literals for a dimension given by Boolean or an
/// enumeration), or nothing if that is not a component known here.
static std::optional<Value> dimensionRange(Flattener &f, const ast::RefExpr &ref, size_t j,
                                           size_t k, Scope scope) {
  if (ref.global)
    return std::nullopt;
  for (const auto &[name, value] : f.iterators)
    if (name == ref.parts[0].name)
      return std::nullopt;
  inst::Found found = f.instantiator().lookupFirst(ref.parts[0].name, scope);
  if (found.kind != inst::Found::Kind::Component || !found.instance)
    return std::nullopt;
  Instance *x = found.instance;
  std::optional<std::vector<int64_t>> dims;
  if (j == 0 && !f.frames.empty())
    if (auto it = f.frames.back()->values.find(x); it != f.frames.back()->values.end())
      dims = it->second.dims;
  for (size_t p = 1; p <= j && !dims; ++p) {
    inst::Member *m = x->findMember(ref.parts[p].name);
    if (!m || m->kind != inst::Member::Kind::Component)
      return std::nullopt;
    x = x->memberInstance(*m);
    if (!x)
      return std::nullopt;
  }
  if (!dims)
    dims = f.dimsOf(x);
  if (!dims || k >= dims->size())
    return std::nullopt;
  if (k < x->dimExprs.size())
    if (auto *dimRef = ast::dynCast<ast::RefExpr>(x->dimExprs[k].first)) {
      inst::Found cls = dimRef->global ? inst::Found{}
                                       : f.instantiator().lookupFirst(dimRef->parts[0].name,
                                                                      x->dimExprs[k].second);
      if (cls.kind == inst::Found::Kind::Class) {
        auto literals = f.lower(*dimRef, x->dimExprs[k].second);
        if (literals && literals->rank() == 1 &&
            (literals->type == ElementType::Enumeration || literals->type == ElementType::Boolean))
          return literals;
      }
    }
  Value r;
  r.type = ElementType::Integer;
  r.dims = {(*dims)[k]};
  for (int64_t i = 1; i <= (*dims)[k]; ++i)
    r.elements.push_back(f.pool().constant(static_cast<double>(i)));
  return r;
}

std::optional<Value> Flattener::deduceRange(
    const std::string &name, const std::function<void(const ast::ExprVisitor &)> &walkBody,
    Scope scope, SourceRange at) {
  std::optional<Value> result;
  bool conflict = false;
  walkBody([&](const ast::Expr &e) {
    const auto *ref = ast::dynCast<ast::RefExpr>(&e);
    if (!ref)
      return;
    for (size_t j = 0; j < ref->parts.size(); ++j)
      for (size_t k = 0; k < ref->parts[j].subscripts.size(); ++k) {
        const auto *s = ast::dynCast<ast::RefExpr>(ref->parts[j].subscripts[k].get());
        if (!s || s->global || s->parts.size() != 1 || s->parts[0].name != name ||
            !s->parts[0].subscripts.empty())
          continue;
        auto range = dimensionRange(*this, *ref, j, k, scope);
        if (!range)
          continue;
        if (!result) {
          result = std::move(range);
          continue;
        }
        bool same = result->type == range->type && result->dims == range->dims;
        for (size_t i = 0; same && i < result->elements.size(); ++i)
          same = pool_->constantValue(result->elements[i]) ==
                 pool_->constantValue(range->elements[i]);
        conflict = conflict || !same;
      }
  });
  if (conflict) {
    diags_.report(diag::IteratorRangeSizesDiffer, at, {name});
    return std::nullopt;
  }
  if (!result)
    diags_.report(diag::IteratorRangeNotDeducible, at, {name});
  return result;
}

std::optional<Value> Flattener::lowerComprehension(const ast::ComprehensionExpr &e, Scope scope) {
  // {body for i in r, j in s}: the first iterator varies slowest.
  std::vector<Value> ranges;
  for (const ast::ForIndex &index : e.iterators) {
    auto r = index.range ? lower(*index.range, scope)
                         : deduceRange(index.name,
                                       [&](const ast::ExprVisitor &v) { ast::forEachExpr(*e.body, v); },
                                       scope, e.range);
    if (!r)
      return std::nullopt;
    if (r->rank() != 1) {
      diags_.report(diag::IteratorRangeNotVector, index.range->range, {index.name});
      return std::nullopt;
    }
    ranges.push_back(std::move(*r));
  }
  // As many elements as the model may have variables, at most: each is
  // lowered (sum(i * j for i in 1:N, j in 1:N) with N = 100000 ran for
  // minutes and gigabytes).
  double elements = 1;
  for (const Value &r : ranges)
    elements *= static_cast<double>(r.dims[0]);
  if (!checkElementCount(elements, diag::ComprehensionTooLarge, e.range))
    return std::nullopt;
  std::function<std::optional<Value>(size_t)> build = [&](size_t level) -> std::optional<Value> {
    if (level == ranges.size())
      return lower(*e.body, scope);
    std::vector<Value> parts;
    for (int64_t k = 0; k < ranges[level].dims[0]; ++k) {
      Value item = Value::scalar(ranges[level].elements[k], ranges[level].type);
      item.recordName = ranges[level].recordName;
      iterators.push_back({e.iterators[level].name, item});
      auto v = build(level + 1);
      iterators.pop_back();
      if (!v)
        return std::nullopt;
      parts.push_back(std::move(*v));
    }
    return stack(parts, e.range, diags_);
  };
  return build(0);
}

/// cat(k, parts...) of values of one rank (MLS 10.4.2): the parts' sizes
/// along k add up, every other size must agree (`differs` is told which
/// part did not). Numbers, texts and records alike.
static std::optional<Value> concatenate(std::vector<Value> &parts, size_t k, size_t &differs) {
  Value r;
  r.type = parts[0].type;
  r.isRecord = parts[0].isRecord;
  r.recordName = parts[0].recordName;
  r.dims = parts[0].dims;
  r.dims[k] = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Value &p = parts[i];
    for (size_t d = 0; d < p.dims.size(); ++d)
      if (d != k && p.dims[d] != parts[0].dims[d]) {
        differs = i;
        return std::nullopt;
      }
    r.dims[k] += p.dims[k];
    if (p.type != r.type)
      r.type = ElementType::Real; // Integer and Real cells make a Real matrix
  }
  int64_t outer = 1;
  for (size_t d = 0; d < k; ++d)
    outer *= r.dims[d];
  for (int64_t o = 0; o < outer; ++o)
    for (const Value &p : parts) {
      int64_t block = p.count() / std::max<int64_t>(outer, 1);
      if (outer == 0 || block == 0)
        continue;
      auto copy = [&](const auto &from, auto &to) {
        if (static_cast<int64_t>(from.size()) == p.count())
          to.insert(to.end(), from.begin() + o * block, from.begin() + (o + 1) * block);
      };
      copy(p.elements, r.elements);
      copy(p.strings, r.strings);
      copy(p.items, r.items);
    }
  return r;
}

std::optional<Value> Flattener::lowerMatrix(const ast::MatrixExpr &e, Scope scope) {
  // [a, b; c, d] (MLS 10.4.2): every element promoted to n = max(2, the
  // largest rank) dimensions (trailing sizes 1), each row concatenated
  // along the second dimension, then the rows along the first. A cell of
  // rank 3 (`[{{{...}}}]`, the MSL's Digital tables) keeps its shape.
  std::vector<std::vector<Value>> cells;
  size_t n = 2;
  for (const auto &row : e.rows) {
    cells.emplace_back();
    for (const auto &cell : row) {
      auto v = lower(*cell, scope);
      if (!v)
        return std::nullopt;
      n = std::max(n, static_cast<size_t>(v->rank()));
      cells.back().push_back(std::move(*v));
    }
  }
  std::vector<Value> rows;
  for (size_t r = 0; r < cells.size(); ++r) {
    for (Value &v : cells[r])
      while (v.dims.size() < n)
        v.dims.push_back(1);
    if (cells[r].empty()) {
      Value empty;
      empty.dims.assign(n, 0);
      rows.push_back(std::move(empty));
      continue;
    }
    size_t differs = 0;
    auto row = concatenate(cells[r], 1, differs);
    if (!row) {
      diags_.report(diag::MatrixRowRowsDiffer, e.rows[r][differs]->range);
      return std::nullopt;
    }
    rows.push_back(std::move(*row));
  }
  if (rows.empty()) {
    Value empty;
    empty.dims = {0, 0};
    return empty;
  }
  size_t differs = 0;
  auto r = concatenate(rows, 0, differs);
  if (!r) {
    diags_.report(diag::MatrixRowsColumnsDiffer, e.range);
    return std::nullopt;
  }
  return r;
}

} // namespace mocc::flattening
