// Overloaded operators of operator records (MLS chapter 14): `a + b`,
// `-a`, relations, `and`/`or`/`not`, String(a) and constructor calls on
// operator records call the function of the record's operator whose
// inputs fit the operands (exact types first, then with Integer widened to
// Real, MLS 14.4); a binary operation with one record operand first tries
// the record's constructors on the other (implicit construction), and
// arrays of records that no function takes whole are operated on element by
// element (vectorization, 14.4).
#include "compiler/flatten/Functions.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Text.h"

namespace mocc::flattening {

namespace {

} // namespace

inst::ClassNode *Flattener::operatorRecordOf(const Value &v) {
  if (!v.isRecord || v.recordName.empty())
    return nullptr;
  inst::ClassNode *cls = inst_.tree().lookupPath(splitDotted(v.recordName));
  cls = cls ? inst_.resolveAlias(cls) : nullptr;
  return cls && cls->restriction() == ast::ClassRestrictionKind::OperatorRecord ? cls : nullptr;
}

std::vector<inst::ClassNode *> Flattener::operatorFunctions(inst::ClassNode *record,
                                                            const std::string &op) {
  std::vector<inst::ClassNode *> functions;
  inst::ClassNode *opClass = record ? record->findChild(op) : nullptr;
  if (!opClass || !opClass->def)
    return functions;
  using R = ast::ClassRestrictionKind;
  if (opClass->restriction() == R::OperatorFunction || opClass->restriction() == R::Function) {
    functions.push_back(opClass);
    return functions;
  }
  for (const ast::Element &e : opClass->def->elements)
    if (e.kind == ast::ElementKind::Class &&
        (e.classDef->prefixes.restriction == R::Function ||
         e.classDef->prefixes.restriction == R::OperatorFunction))
      if (inst::ClassNode *f = opClass->findChild(e.classDef->name))
        functions.push_back(f);
  return functions;
}

/// Whether an argument fits an input: the same record class, or the same
/// predefined type (an Integer for a Real unless `exact`), and as many
/// dimensions as the input declares.
static bool fits(Flattener &f, const Value &arg, Instance *input, bool exact) {
  if (!input || static_cast<int>(input->dimExprs.size()) != arg.rank())
    return false;
  if (input->isRecord())
    return arg.isRecord && input->cls &&
           f.instantiator().resolveAlias(input->cls)->fullName() == arg.recordName;
  if (arg.isRecord || !input->isBuiltin())
    return false;
  switch (input->builtin) {
  case inst::BuiltinKind::Real:
    return arg.type == ElementType::Real || (!exact && arg.type == ElementType::Integer);
  case inst::BuiltinKind::Integer:
    return arg.type == ElementType::Integer;
  case inst::BuiltinKind::Boolean:
    return arg.type == ElementType::Boolean;
  case inst::BuiltinKind::String:
    return arg.type == ElementType::String;
  case inst::BuiltinKind::Enumeration:
    return arg.type == ElementType::Enumeration && input->cls &&
           (arg.recordName.empty() || input->cls->fullName() == arg.recordName);
  default:
    return false;
  }
}

std::optional<Value> Flattener::callOverloaded(inst::ClassNode *record, const std::string &op,
                                               const std::vector<Value> &args,
                                               const std::vector<NamedValue> &named,
                                               SourceRange loc) {
  for (bool exact : {true, false}) {
    // The functions that fit; more than one is ambiguous (MLS 14.4).
    std::vector<std::pair<Instance *, std::vector<std::optional<Value>>>> fitting;
    for (inst::ClassNode *fn : operatorFunctions(record, op)) {
      Instance *function = functionInstance(fn);
      auto inputs = inputsOf(function);
      if (args.size() > inputs.size())
        continue;
      std::vector<std::optional<Value>> slots(inputs.size());
      bool ok = true;
      for (size_t i = 0; ok && i < args.size(); ++i) {
        ok = fits(*this, args[i], function->memberInstance(*inputs[i]), exact);
        slots[i] = args[i];
      }
      for (const auto &[name, value] : named) {
        size_t k = 0;
        while (k < inputs.size() && inputs[k]->name != name)
          ++k;
        ok = ok && k < inputs.size() && !slots[k] &&
             fits(*this, value, function->memberInstance(*inputs[k]), exact);
        if (ok)
          slots[k] = value;
      }
      // The inputs left out have defaults.
      for (size_t i = 0; ok && i < inputs.size(); ++i)
        ok = slots[i] || (inputs[i]->decl->mod && inputs[i]->decl->mod->binding);
      if (ok)
        fitting.push_back({function, std::move(slots)});
    }
    if (fitting.empty())
      continue;
    if (fitting.size() > 1) {
      diags_.report(diag::OperatorCallAmbiguous, loc,
                    {op, record->fullName(), fitting[0].first->cls->name,
                     fitting[1].first->cls->name});
      return std::nullopt;
    }
    auto &[function, slots] = fitting.front();
    size_t outputs = 0;
    auto &members = function->members();
    for (size_t i = 0; i < members.size(); ++i)
      outputs += members[i].kind == inst::Member::Kind::Component && !members[i].isProtected &&
                 function->causalityOf(members[i]) == ast::CausalityKind::Output;
    if (outputs != 1) {
      diags_.report(diag::OperatorFunctionOutputs, loc, {function->cls->fullName(), op, outputs});
      return std::nullopt;
    }
    auto values = callFunction(*this, function, slots, loc);
    if (!values || values->empty())
      return std::nullopt;
    return values->front();
  }
  return std::nullopt;
}

std::optional<Value> Flattener::construct(inst::ClassNode *record, const Value &arg,
                                          SourceRange loc) {
  if (arg.isRecord && arg.recordName == record->fullName())
    return arg;
  return callOverloaded(record, "'constructor'", {arg}, {}, loc);
}

std::optional<Value> Flattener::lowerOverloadedBinary(const ast::BinaryExpr &e, const Value &a,
                                                      const Value &b) {
  static const std::pair<ast::BinaryOpKind, const char *> kOperators[] = {
      {ast::BinaryOpKind::Add, "'+'"},       {ast::BinaryOpKind::Sub, "'-'"},
      {ast::BinaryOpKind::Mul, "'*'"},       {ast::BinaryOpKind::Div, "'/'"},
      {ast::BinaryOpKind::Pow, "'^'"},       {ast::BinaryOpKind::And, "'and'"},
      {ast::BinaryOpKind::Or, "'or'"},       {ast::BinaryOpKind::Less, "'<'"},
      {ast::BinaryOpKind::LessEq, "'<='"},   {ast::BinaryOpKind::Greater, "'>'"},
      {ast::BinaryOpKind::GreaterEq, "'>='"}, {ast::BinaryOpKind::Equal, "'=='"},
      {ast::BinaryOpKind::NotEqual, "'<>'"}, {ast::BinaryOpKind::ElemAdd, "'+'"},
      {ast::BinaryOpKind::ElemSub, "'-'"},   {ast::BinaryOpKind::ElemMul, "'*'"},
      {ast::BinaryOpKind::ElemDiv, "'/'"}};
  const char *op = nullptr;
  for (auto [kind, name] : kOperators)
    if (kind == e.op)
      op = name;
  inst::ClassNode *ra = operatorRecordOf(a.isRecord && !a.items.empty() ? a.items[0] : a);
  inst::ClassNode *rb = operatorRecordOf(b.isRecord && !b.items.empty() ? b.items[0] : b);
  if (!ra && a.isRecord && !a.recordName.empty())
    ra = operatorRecordOf(a);
  if (!op || (!ra && !rb)) {
    diags_.report(diag::BinaryOperatorUndefined, e.range,
                  {ast::binaryOpSpelling(e.op), describe(a), describe(b)});
    return std::nullopt;
  }
  // The operator as written, of either operand's record (MLS 14.4); an
  // element-wise operator on an array applies to the elements only (`a .*
  // b` of two vectors of Complex is not the scalar product `a * b` is).
  bool elementWise = e.op == ast::BinaryOpKind::ElemAdd || e.op == ast::BinaryOpKind::ElemSub ||
                     e.op == ast::BinaryOpKind::ElemMul || e.op == ast::BinaryOpKind::ElemDiv;
  bool whole = !elementWise || (a.rank() == 0 && b.rank() == 0);
  for (inst::ClassNode *record : {ra, rb})
    if (record && whole)
      if (auto r = callOverloaded(record, op, {a, b}, {}, e.range))
        return r;
  // Implicit construction of the other operand (MLS 14.4).
  if (ra && !b.isRecord && a.isScalar())
    if (auto made = construct(ra, b, e.range))
      if (auto r = callOverloaded(ra, op, {a, *made}, {}, e.range))
        return r;
  if (rb && !a.isRecord && b.isScalar())
    if (auto made = construct(rb, a, e.range))
      if (auto r = callOverloaded(rb, op, {*made, b}, {}, e.range))
        return r;
  // Element by element over arrays of records of one shape (or a scalar).
  bool arrayA = a.rank() > 0, arrayB = b.rank() > 0;
  if ((arrayA || arrayB) && (!arrayA || !arrayB || a.dims == b.dims)) {
    const Value &shape = arrayA ? a : b;
    std::vector<Value> items;
    for (int64_t k = 0; k < shape.count(); ++k) {
      auto part = [&](const Value &v) -> std::optional<Value> {
        if (v.rank() == 0)
          return v;
        if (v.isRecord) {
          if (static_cast<int64_t>(v.items.size()) != v.count())
            return std::nullopt; // not one item per element
          return v.items[static_cast<size_t>(k)];
        }
        if (static_cast<int64_t>(v.elements.size()) != v.count())
          return std::nullopt;
        Value s = Value::scalar(v.elements[static_cast<size_t>(k)], v.type);
        s.recordName = v.recordName;
        return s;
      };
      auto x = part(a), y = part(b);
      if (!x || !y)
        break;
      std::optional<Value> r;
      for (inst::ClassNode *record : {ra, rb})
        if (record && !r)
          r = callOverloaded(record, op, {*x, *y}, {}, e.range);
      if (!r && ra && !y->isRecord)
        if (auto made = construct(ra, *y, e.range))
          r = callOverloaded(ra, op, {*x, *made}, {}, e.range);
      if (!r && rb && !x->isRecord)
        if (auto made = construct(rb, *x, e.range))
          r = callOverloaded(rb, op, {*made, *y}, {}, e.range);
      if (!r)
        break;
      items.push_back(std::move(*r));
    }
    if (static_cast<int64_t>(items.size()) == shape.count() && !items.empty()) {
      Value r;
      r.dims = shape.dims;
      r.isRecord = items[0].isRecord;
      r.type = items[0].type;
      r.recordName = items[0].recordName;
      for (Value &item : items) {
        if (r.isRecord)
          r.items.push_back(item);
        else
          r.elements.insert(r.elements.end(), item.elements.begin(), item.elements.end());
      }
      return r;
    }
  }
  diags_.report(diag::NoOperatorFunctionTakes, e.range,
                {op, (ra ? ra : rb)->fullName(), describe(a), describe(b)});
  return std::nullopt;
}

std::optional<Value> Flattener::lowerOverloadedUnary(const ast::UnaryExpr &e, const Value &a) {
  const char *op = e.op == ast::UnaryOpKind::Not ? "'not'"
                   : e.op == ast::UnaryOpKind::Minus || e.op == ast::UnaryOpKind::ElemMinus
                       ? "'-'"
                       : nullptr;
  if (e.op == ast::UnaryOpKind::Plus || e.op == ast::UnaryOpKind::ElemPlus)
    return a;
  inst::ClassNode *record = operatorRecordOf(a.isRecord && !a.items.empty() ? a.items[0] : a);
  if (op && record)
    if (auto r = callOverloaded(record, op, {a}, {}, e.range))
      return r;
  diags_.report(diag::UnaryOperatorUndefined, e.range, {ast::unaryOpSpelling(e.op), describe(a)});

  return std::nullopt;
}

std::optional<Value> Flattener::lowerOverloadedConstructor(inst::ClassNode *record,
                                                           const ast::CallExpr &call, Scope scope) {
  std::vector<Value> args;
  for (const auto &arg : call.args) {
    auto v = lower(*arg, scope);
    if (!v)
      return std::nullopt;
    args.push_back(std::move(*v));
  }
  std::vector<NamedValue> named;
  for (const ast::NamedArgument &arg : call.namedArgs) {
    auto v = lower(*arg.value, scope);
    if (!v)
      return std::nullopt;
    named.push_back({arg.name, std::move(*v)});
  }
  if (auto r = callOverloaded(record, "'constructor'", args, named, call.range))
    return r;
  if (diags_.hasErrors())
    return std::nullopt;
  return std::nullopt;
}

} // namespace mocc::flattening
