// Strings while translating: `String(x, ...)` of values known then (MLS
// 3.7.1.2 of 3.6: String conversion), a comparison of `String(x)` with a
// literal for an enumeration, Boolean or Integer x known only at run time
// (decided on x itself), and String variables whose equations, bindings or
// algorithms give them a text known while translating: they keep it as a
// String parameter does (the flat model's expressions hold no Strings;
// Strings known only at run time are not supported yet).
#include "compiler/flatten/Flattener.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Text.h"

#include <cmath>
#include <cstdio>

namespace mocc::flattening {

using sym::ExprId;

namespace {

/// The options of a String() call: positional after the value, or named.
struct StringOptions {
  int64_t minimumLength = 0;
  bool leftJustified = true;
  int64_t significantDigits = 6;
  std::string format;
};

/// Whether a printf conversion like "2.6f" or "-10.3e" is safe to use.
bool validFormat(const std::string &f) {
  if (f.empty())
    return false;
  size_t i = 0;
  while (i < f.size() && (f[i] == '-' || f[i] == '+' || f[i] == ' ' || f[i] == '0' || f[i] == '#'))
    ++i;
  while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i])))
    ++i;
  if (i < f.size() && f[i] == '.') {
    ++i;
    while (i < f.size() && std::isdigit(static_cast<unsigned char>(f[i])))
      ++i;
  }
  return i + 1 == f.size() && std::string("eEfgG").find(f[i]) != std::string::npos;
}

std::string pad(std::string text, const StringOptions &o) {
  if (static_cast<int64_t>(text.size()) >= o.minimumLength)
    return text;
  std::string fill(static_cast<size_t>(o.minimumLength) - text.size(), ' ');
  return o.leftJustified ? text + fill : fill + text;
}

} // namespace

bool Flattener::isStringConversion(const ast::CallExpr &call, Scope scope) {
  const ast::RefExpr &callee = *call.callee;
  if (callee.parts.size() != 1 || callee.parts[0].name != "String" || !call.iterators.empty())
    return false;
  if (callee.global)
    return true;
  inst::Found found = inst_.lookupFirst("String", scope);
  return found.kind == inst::Found::Kind::Class && found.cls->builtin == inst::BuiltinKind::String;
}

std::optional<std::string> Flattener::literalName(const Value &v, double index) {
  if (v.type == ElementType::Boolean)
    return index != 0 ? "true" : "false";
  for (const flat::EnumerationType &e : model_.enumerations)
    if (e.name == v.recordName && index >= 1 && index <= static_cast<double>(e.literals.size()))
      return e.literals[static_cast<size_t>(index) - 1];
  if (v.recordName == "StateSelect") {
    static const char *const names[] = {"never", "avoid", "default", "prefer", "always"};
    if (index >= 1 && index <= 5)
      return names[static_cast<int>(index) - 1];
  }
  if (!v.recordName.empty())
    if (inst::ClassNode *cls = inst_.tree().lookupPath(splitDotted(v.recordName));
        cls && cls->def && index >= 1 && index <= static_cast<double>(cls->def->literals.size()))
      return cls->def->literals[static_cast<size_t>(index) - 1].name;
  return std::nullopt;
}

std::optional<Value> Flattener::lowerStringConversion(const ast::CallExpr &call, Scope scope) {
  if (call.args.empty()) {
    diags_.report(diag::StringNeedsValue, call.range);
    return std::nullopt;
  }
  auto x = lower(*call.args[0], scope);
  if (!x)
    return std::nullopt;
  if (x->isRecord) // an operator record's 'String' (MLS 14.3)
    if (inst::ClassNode *record = operatorRecordOf(*x)) {
      std::vector<Value> args{*x};
      for (size_t i = 1; i < call.args.size(); ++i)
        if (auto v = lower(*call.args[i], scope))
          args.push_back(std::move(*v));
      std::vector<NamedValue> named;
      for (const ast::NamedArgument &a : call.namedArgs)
        if (auto v = lower(*a.value, scope))
          named.push_back({a.name, std::move(*v)});
      if (auto r = callOverloaded(record, "'String'", args, named, call.range))
        return r;
    }
  if (!x->isScalar() || x->isRecord || x->isString()) {
    diags_.report(diag::StringConvertsScalars, call.args[0]->range, {describe(*x)});
    return std::nullopt;
  }
  bool isReal = x->type == ElementType::Real;
  StringOptions o;
  // Positional options: Real: significantDigits, minimumLength,
  // leftJustified; others: minimumLength, leftJustified.
  std::vector<std::string> order = isReal ? std::vector<std::string>{"significantDigits", "minimumLength", "leftJustified"}
                                          : std::vector<std::string>{"minimumLength", "leftJustified"};
  std::vector<std::pair<std::string, const ast::Expr *>> options;
  for (size_t i = 1; i < call.args.size(); ++i) {
    if (i - 1 >= order.size()) {
      diags_.report(diag::StringTooManyArguments, call.args[i]->range);
      return std::nullopt;
    }
    options.push_back({order[i - 1], call.args[i].get()});
  }
  for (const ast::NamedArgument &a : call.namedArgs)
    options.push_back({a.name, a.value.get()});
  for (const auto &[name, expr] : options) {
    if (name == "minimumLength" || name == "significantDigits") {
      // In a compiled function an option known only at run time (an
      // input `significantDigits`) makes the text at run time as well.
      if (inCompiledFunction() && x->type != ElementType::Enumeration) {
        auto option = lower(*expr, scope);
        if (option && option->isScalar() && !option->isString() && !option->isRecord &&
            !evaluate(option->elements[0]))
          return stringOf(call, scope);
      }
      auto n = evaluateInteger(*expr, scope, ("the `" + name + "` of String()").c_str());
      if (!n)
        return std::nullopt;
      (name == "minimumLength" ? o.minimumLength : o.significantDigits) = *n;
    } else if (name == "leftJustified") {
      auto b = evaluateBoolean(*expr, scope, "the `leftJustified` of String()");
      if (!b)
        return std::nullopt;
      o.leftJustified = *b;
    } else if (name == "format" && isReal) {
      auto f = lower(*expr, scope);
      if (!f || !f->isString() || f->strings.size() != 1 || !validFormat(f->strings[0])) {
        diags_.report(diag::StringFormatUnknown, expr->range);
        return std::nullopt;
      }
      o.format = f->strings[0];
    } else {
      diags_.report(diag::StringNoOptionFor, expr->range, {name, describe(*x)});
      return std::nullopt;
    }
  }
  auto value = evaluate(x->elements[0]);
  if (!value && inCompiledFunction())
    return stringOf(call, scope); // a run-time String (Strings.cpp)
  if (!value) {
    diags_.report(diag::StringOfRunTimeValueUnsupported, call.range,
                  {ast::toString(*call.args[0])});
    return std::nullopt;
  }
  char buffer[512];
  std::string text;
  switch (x->type) {
  case ElementType::Real:
    if (!o.format.empty())
      std::snprintf(buffer, sizeof buffer, ("%" + o.format).c_str(), *value);
    else
      std::snprintf(buffer, sizeof buffer, "%.*g", static_cast<int>(o.significantDigits), *value);
    text = buffer;
    break;
  case ElementType::Integer:
    text = std::to_string(static_cast<long long>(*value));
    break;
  default: {
    auto name = literalName(*x, *value);
    if (!name) {
      diags_.report(diag::StringOfValueUnsupported, call.range);
      return std::nullopt;
    }
    text = *name;
  }
  }
  return Value::string(pad(text, o));
}

std::optional<Value> Flattener::compareStringConversion(const ast::BinaryExpr &e, Scope scope) {
  using B = ast::BinaryOpKind;
  if (e.op != B::Equal && e.op != B::NotEqual)
    return std::nullopt;
  const auto *call = ast::dynCast<ast::CallExpr>(e.lhs.get());
  const ast::Expr *other = e.rhs.get();
  if (!call || !isStringConversion(*call, scope)) {
    call = ast::dynCast<ast::CallExpr>(e.rhs.get());
    other = e.lhs.get();
  }
  if (!call || !isStringConversion(*call, scope) || call->args.size() != 1 ||
      !call->namedArgs.empty())
    return std::nullopt;
  auto text = lower(*other, scope);
  if (!text || !text->isString() || text->strings.size() != 1 || !text->isScalar())
    return std::nullopt;
  unsigned errors = diags_.errorCount();
  auto x = lower(*call->args[0], scope);
  if (!x || diags_.errorCount() != errors || !x->isScalar() || x->isRecord ||
      evaluate(x->elements[0]) ||
      (x->type != ElementType::Enumeration && x->type != ElementType::Boolean &&
       x->type != ElementType::Integer))
    return std::nullopt;
  // String(x) == "text" holds exactly when x is the value whose text it is.
  const std::string &s = text->strings[0];
  std::optional<double> match;
  if (x->type == ElementType::Integer) {
    char *end = nullptr;
    long long n = std::strtoll(s.c_str(), &end, 10);
    if (!s.empty() && *end == '\0' && std::to_string(n) == s)
      match = static_cast<double>(n);
  } else {
    size_t count = x->type == ElementType::Boolean ? 2 : 1000000;
    for (size_t i = x->type == ElementType::Boolean ? 0 : 1; i < count; ++i) {
      auto name = literalName(*x, static_cast<double>(i));
      if (!name)
        break;
      if (*name == s) {
        match = static_cast<double>(i);
        break;
      }
    }
  }
  ExprId result = match ? pool_->binary(sym::OpKind::Equal, x->elements[0], pool_->constant(*match))
                        : pool_->zero();
  if (e.op == B::NotEqual)
    result = pool_->unary(sym::OpKind::Not, result);
  return Value::scalar(result, ElementType::Boolean);
}

bool Flattener::defineStrings(const Value &variables, const Value &texts, SourceRange loc) {
  if (variables.dims != texts.dims || texts.strings.size() != static_cast<size_t>(texts.count()) ||
      variables.elements.size() != texts.strings.size()) {
    diags_.report(diag::RunTimeStringEquationUnsupported, loc);
    return false;
  }
  for (size_t k = 0; k < variables.elements.size(); ++k) {
    sym::VarId v = pool_->variableOf(variables.elements[k]);
    if (!v.valid()) {
      diags_.report(diag::RunTimeStringEquationUnsupported, loc);
      return false;
    }
    flat::Variable &var = model_.variables[v.index];
    if (var.text) {
      if (*var.text != texts.strings[k]) {
        diags_.report(diag::StringEquationContradicts, loc, {var.name, *var.text, texts.strings[k]});
        return false;
      }
      continue;
    }
    // Known while translating: a parameter of that text.
    var.text = texts.strings[k];
    var.variability = flat::VariabilityKind::Parameter;
  }
  return true;
}

void Flattener::lowerStringEquation(const Value &lhs, const Value &rhs, SourceRange loc) {
  if (inWhenBody) {
    diags_.report(diag::StringInWhenUnsupported, loc);
    return;
  }
  if (lhs.dims != rhs.dims) {
    diags_.report(diag::EquationShapesDiffer, loc, {shapeText(lhs.dims), shapeText(rhs.dims)});
    return;
  }
  auto known = [](const Value &v) {
    return v.isString() && v.strings.size() == static_cast<size_t>(v.count());
  };
  if (!lhs.isString() || !rhs.isString()) {
    diags_.report(diag::StringEquationTypeMismatch, loc, {describe(lhs.isString() ? rhs : lhs)});
    return;
  }
  if (known(lhs) && known(rhs)) {
    for (size_t k = 0; k < lhs.strings.size(); ++k)
      if (lhs.strings[k] != rhs.strings[k]) {
        diags_.report(diag::StringEquationDoesNotHold, loc, {lhs.strings[k], rhs.strings[k]});
        return;
      }
    return;
  }
  if (known(rhs))
    defineStrings(lhs, rhs, loc);
  else if (known(lhs))
    defineStrings(rhs, lhs, loc);
  else
    diags_.report(diag::RunTimeStringEquationUnsupported, loc);
}


} // namespace mocc::flattening
