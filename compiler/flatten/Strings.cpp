// Strings known only at run time. In the model, every String is known while
// translating (parameters and constants keep their text in the flat model);
// inside compiled functions, a String may come from C code (an external
// function's String result, MLS 12.9.6) or be made from one, and then its
// value is the pointer to its characters, whose bits a slot holds (as for
// external objects). The operations on such Strings are external functions
// of the runtime (runtime/ModelicaUtilities.h: mocc_string_concat, ...),
// each lowered once per model into the function table, so that the
// expression pool, code generation and the JIT need nothing new. A known
// text that meets a run-time String becomes a literal: a call that returns
// the address of the text, which lives as long as the code.
//
// Where the model needs the text of a String that a function computes
// (`parameter String file = f(...)`, `if isEmpty(file) then ...`), the call
// is made while translating (Flattener::native).
#include "compiler/flatten/Flattener.h"

#include <cmath>
#include <cstdio>

namespace mocc::flattening {

using sym::ExprId;
using sym::OpKind;

namespace {

struct OperationShape {
  const char *name;   ///< the runtime's C function
  std::vector<ElementType> inputs;
  ElementType result;
};

OperationShape shapeOf(Flattener::StringOp op) {
  using T = ElementType;
  switch (op) {
  case Flattener::StringOp::Literal: return {"mocc_string_literal", {}, T::String};
  case Flattener::StringOp::Concat: return {"mocc_string_concat", {T::String, T::String}, T::String};
  case Flattener::StringOp::Compare: return {"mocc_string_compare", {T::String, T::String}, T::Integer};
  case Flattener::StringOp::Real:
    return {"mocc_string_real", {T::Real, T::Integer, T::Integer, T::Boolean}, T::String};
  case Flattener::StringOp::Integer:
    return {"mocc_string_integer", {T::Integer, T::Integer, T::Boolean}, T::String};
  case Flattener::StringOp::Boolean:
    return {"mocc_string_boolean", {T::Boolean, T::Integer, T::Boolean}, T::String};
  case Flattener::StringOp::Format: return {"mocc_string_format", {T::Real}, T::String};
  }
  return {"", {}, T::String};
}

/// String(x) as the runtime formats it (mocc_string_real and its kin):
/// significantDigits digits ("%.*g"), padded to minimumLength.
std::string formatNumber(double x, ElementType type, int significantDigits, int minimumLength,
                         bool leftJustified) {
  std::string text;
  if (type == ElementType::Boolean) {
    text = x != 0 ? "true" : "false";
  } else if (type == ElementType::Integer || type == ElementType::Enumeration) {
    text = std::to_string(static_cast<long long>(x));
  } else {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", std::max(1, significantDigits), x);
    text = buffer;
  }
  if (minimumLength > 0 && text.size() < static_cast<size_t>(minimumLength)) {
    std::string pad(static_cast<size_t>(minimumLength) - text.size(), ' ');
    text = leftJustified ? text + pad : pad + text;
  }
  return text;
}

} // namespace

ExprId Flattener::stringOperation(StringOp op, const std::vector<ExprId> &args,
                                  const std::string &text) {
  OperationShape shape = shapeOf(op);
  std::string key = std::string("mocc.string:") + shape.name + ":" + text;
  uint32_t index;
  if (auto it = specializations.find(key); it != specializations.end()) {
    index = it->second;
  } else {
    index = static_cast<uint32_t>(model_.functions.size());
    specializations[key] = index;
    flat::Function f;
    f.name = std::string("String operation ") + shape.name;
    f.symbol = "mocc_string" + std::to_string(index) + "_" + shape.name;
    auto call = std::make_shared<flat::ExternalCall>();
    call->function = shape.name;
    uint32_t slot = 0;
    for (ElementType type : shape.inputs) {
      f.variables.push_back({flat::FunctionVariable::Kind::Input, "x" + std::to_string(slot), type,
                             {}, slot});
      f.inputSlots.push_back(slot);
      flat::ExternalArgument arg;
      arg.type = type;
      arg.value = f.pool.variable(sym::VarId{slot});
      call->args.push_back(std::move(arg));
      ++slot;
    }
    if (op == StringOp::Literal || op == StringOp::Format) {
      flat::ExternalArgument arg;
      arg.kind = flat::ExternalArgument::Kind::String;
      arg.type = ElementType::String;
      arg.strings = {text};
      call->args.push_back(std::move(arg));
    }
    f.variables.push_back({flat::FunctionVariable::Kind::Output, "result", shape.result, {}, slot});
    f.outputSlots.push_back(slot);
    call->hasResult = true;
    call->resultType = shape.result;
    call->resultSlot = slot;
    f.numSlots = slot + 1;
    f.external = std::move(call);
    model_.functions.push_back(std::move(f));
  }
  return pool_->output(pool_->call(index, args), 0);
}

std::vector<ExprId> Flattener::stringPointers(const Value &v) {
  if (static_cast<int64_t>(v.strings.size()) != v.count())
    return v.elements;
  std::vector<ExprId> pointers;
  for (const std::string &text : v.strings)
    pointers.push_back(stringOperation(StringOp::Literal, {}, text));
  return pointers;
}

bool Flattener::knowText(Value &v, SourceRange loc, const std::string &what) {
  if (static_cast<int64_t>(v.strings.size()) == v.count())
    return true;
  std::vector<std::string> texts;
  for (ExprId e : v.elements) {
    std::optional<double> bits = native ? evaluate(e) : std::nullopt;
    if (!bits) {
      if (!what.empty())
        diags_.report(diag::TextNotKnownWhileTranslating, loc, {what});
      return false;
    }
    texts.push_back(native->text(*bits));
  }
  v.strings = std::move(texts);
  v.elements.clear();
  return true;
}

std::optional<Value> Flattener::concatStrings(const Value &a, const Value &b, SourceRange loc) {
  if (!a.isScalar() || !b.isScalar()) {
    diags_.report(diag::StringArrayPlusUnsupported, loc);
    return std::nullopt;
  }
  Value x = a, y = b;
  bool known = x.strings.size() == 1 && y.strings.size() == 1;
  if (!known && inCompiledFunction()) {
    Value r;
    r.type = ElementType::String;
    r.elements = {stringOperation(StringOp::Concat, {stringPointers(x)[0], stringPointers(y)[0]})};
    return r;
  }
  if (!knowText(x, loc, "the left operand of `+`") || !knowText(y, loc, "the right operand of `+`"))
    return std::nullopt;
  return Value::string(x.strings[0] + y.strings[0]);
}

std::optional<Value> Flattener::compareStrings(OpKind relation, const Value &a, const Value &b,
                                               SourceRange loc) {
  Value x = a, y = b;
  bool known = x.strings.size() == 1 && y.strings.size() == 1;
  if (!known && inCompiledFunction()) {
    ExprId c = stringOperation(StringOp::Compare, {stringPointers(x)[0], stringPointers(y)[0]});
    return Value::scalar(pool_->binary(relation, c, pool_->zero()), ElementType::Boolean);
  }
  if (!knowText(x, loc, "a compared String") || !knowText(y, loc, "a compared String"))
    return std::nullopt;
  int c = x.strings[0].compare(y.strings[0]);
  bool result = relation == OpKind::Less      ? c < 0
                : relation == OpKind::LessEq  ? c <= 0
                : relation == OpKind::Greater ? c > 0
                : relation == OpKind::GreaterEq ? c >= 0
                : relation == OpKind::Equal   ? c == 0
                                              : c != 0;
  return Value::scalar(pool_->constant(result ? 1.0 : 0.0), ElementType::Boolean);
}

/// String(x, significantDigits = 6, minimumLength = 0, leftJustified =
/// true) and String(x, format = "...") (MLS 3.7.5): known while
/// translating when x is, else (in a function) made at run time.
std::optional<Value> Flattener::stringOf(const ast::CallExpr &call, Scope scope) {
  if (call.args.empty() || call.args.size() > 4) {
    diags_.report(diag::StringArguments, call.range);
    return std::nullopt;
  }
  auto x = lower(*call.args[0], scope);
  if (!x)
    return std::nullopt;
  if (x->isString())
    return x;
  if (x->isRecord || !x->isScalar()) {
    diags_.report(diag::StringNeedsScalar, call.range);
    return std::nullopt;
  }
  if (x->type == ElementType::Enumeration) {
    diags_.report(diag::StringOfEnumerationUnsupported, call.range);
    return std::nullopt;
  }
  // The options, positional after x or named.
  static const char *const names[] = {"significantDigits", "minimumLength", "leftJustified"};
  std::optional<Value> options[3];
  std::optional<Value> format;
  for (size_t i = 1; i < call.args.size(); ++i) {
    bool real = x->type == ElementType::Real;
    size_t slot = real ? i - 1 : i; // Integer and Boolean have no significantDigits
    if (slot > 2)
      break;
    options[slot] = lower(*call.args[i], scope);
    if (!options[slot])
      return std::nullopt;
  }
  for (const ast::NamedArgument &arg : call.namedArgs) {
    auto value = lower(*arg.value, scope);
    if (!value)
      return std::nullopt;
    if (arg.name == "format") {
      format = std::move(value);
      continue;
    }
    size_t k = 0;
    while (k < 3 && arg.name != names[k])
      ++k;
    if (k == 3) {
      diags_.report(diag::StringNoSuchOption, arg.range, {arg.name});
      return std::nullopt;
    }
    options[k] = std::move(value);
  }
  if (format && !(format->isString() && format->strings.size() == 1)) {
    diags_.report(diag::StringFormatNotKnown, call.range);
    return std::nullopt;
  }
  const double defaults[3] = {6, 0, 1};
  ExprId values[3];
  for (int k = 0; k < 3; ++k) {
    if (options[k] && (!options[k]->isScalar() || options[k]->isString() || options[k]->isRecord)) {
      diags_.report(diag::StringOptionNotScalar, call.range, {names[k]});
      return std::nullopt;
    }
    values[k] = options[k] ? options[k]->elements[0] : pool_->constant(defaults[k]);
  }
  // Known while translating: formatted here.
  auto known = evaluate(x->elements[0]);
  auto digits = evaluate(values[0]), length = evaluate(values[1]), left = evaluate(values[2]);
  if (known && digits && length && left) {
    if (format) {
      char buffer[256];
      std::snprintf(buffer, sizeof buffer, ("%" + format->strings[0]).c_str(), *known);
      return Value::string(buffer);
    }
    return Value::string(formatNumber(*known, x->type, static_cast<int>(*digits),
                                      static_cast<int>(*length), *left != 0));
  }
  if (!inCompiledFunction()) {
    diags_.report(diag::StringAtRunTimeUnsupported, call.range);

    return std::nullopt;
  }
  Value r;
  r.type = ElementType::String;
  if (format)
    r.elements = {stringOperation(StringOp::Format, {x->elements[0]}, format->strings[0])};
  else if (x->type == ElementType::Real)
    r.elements = {stringOperation(StringOp::Real, {x->elements[0], values[0], values[1], values[2]})};
  else
    r.elements = {stringOperation(x->type == ElementType::Boolean ? StringOp::Boolean
                                                                   : StringOp::Integer,
                                  {x->elements[0], values[1], values[2]})};
  return r;
}

/// A `modelica://Package/path` URI as a path: the folder of the top-level
/// package (or of the file that defines it) followed by the path; other
/// text (a plain path, `file://`) as it is. `modelica:/Package/path`
/// (MLS 13.5's newer form) is the same.
std::string Flattener::resolveUri(const std::string &uri) {
  const std::string fileScheme = "file://";
  if (uri.rfind(fileScheme, 0) == 0)
    return uri.substr(fileScheme.size());
  if (uri.rfind("modelica:/", 0) != 0)
    return uri;
  std::string rest = uri.substr(std::string("modelica:").size());
  while (!rest.empty() && rest[0] == '/')
    rest.erase(0, 1);
  size_t slash = rest.find('/');
  std::string package = rest.substr(0, slash);
  std::string path = slash == std::string::npos ? "" : rest.substr(slash);
  std::string top = package.substr(0, package.find('.'));
  inst::ClassNode *cls = inst_.tree().lookupTopLevel(top);
  if (!cls)
    return uri;
  std::string folder = cls->packageDirectory();
  if (folder.empty() && cls->def) {
    std::string file = inst_.tree().sources().path(cls->def->range.file);
    size_t end = file.find_last_of('/');
    folder = end == std::string::npos ? "." : file.substr(0, end);
  }
  // Nested packages below the top one are folders of their own.
  for (size_t dot = package.find('.'); dot != std::string::npos; dot = package.find('.', dot + 1)) {
    size_t next = package.find('.', dot + 1);
    folder += "/" + package.substr(dot + 1, next == std::string::npos ? std::string::npos
                                                                     : next - dot - 1);
  }
  return folder + path;
}

} // namespace mocc::flattening
