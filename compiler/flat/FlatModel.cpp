// Implementation of the flat model: variable creation and the flat Modelica
// printer.
#include "compiler/flat/FlatModel.h"

#include <charconv>

namespace mocc::flat {

const char *typeName(TypeKind type) {
  switch (type) {
  case TypeKind::Real: return "Real";
  case TypeKind::Integer: return "Integer";
  case TypeKind::Boolean: return "Boolean";
  case TypeKind::String: return "String";
  case TypeKind::Enumeration: return "enumeration";
  }
  return "Real";
}

sym::VarId FlatModel::addVariable(Variable variable) {
  variables.push_back(std::move(variable));
  return sym::VarId{static_cast<uint32_t>(variables.size() - 1)};
}

sym::VarId FlatModel::derivativeOf(sym::VarId x) {
  if (variables[x.index].derivative.valid())
    return variables[x.index].derivative;
  Variable d;
  d.name = "der(" + variables[x.index].name + ")";
  d.type = TypeKind::Real;
  d.loc = variables[x.index].loc;
  d.derivativeOf = x;
  d.isProtected = variables[x.index].isProtected;
  sym::VarId id = addVariable(std::move(d));
  variables[x.index].derivative = id;
  return id;
}

std::string FlatModel::print(sym::ExprId expr) const {
  return sym::print(pool, expr, [this](sym::VarId v) { return variables[v.index].name; });
}

namespace {

const char *variabilityPrefix(VariabilityKind v) {
  switch (v) {
  case VariabilityKind::Constant: return "constant ";
  case VariabilityKind::Parameter: return "parameter ";
  case VariabilityKind::Discrete: return "discrete ";
  case VariabilityKind::Continuous: return "";
  }
  return "";
}

const char *stateSelectName(StateSelectKind s) {
  switch (s) {
  case StateSelectKind::Never: return "StateSelect.never";
  case StateSelectKind::Avoid: return "StateSelect.avoid";
  case StateSelectKind::Default: return "StateSelect.default";
  case StateSelectKind::Prefer: return "StateSelect.prefer";
  case StateSelectKind::Always: return "StateSelect.always";
  }
  return "StateSelect.default";
}

std::string quoted(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + '"';
}

std::string attributeList(const FlatModel &model, const Variable &v) {
  std::vector<std::string> items;
  const Attributes &a = v.attributes;
  auto expr = [&](const char *name, sym::ExprId e) {
    if (e.valid())
      items.push_back(std::string(name) + " = " + model.print(e));
  };
  auto text = [&](const char *name, const std::string &s) {
    if (!s.empty())
      items.push_back(std::string(name) + " = " + quoted(s));
  };
  text("quantity", a.quantity);
  text("unit", a.unit);
  text("displayUnit", a.displayUnit);
  expr("min", a.min);
  expr("max", a.max);
  expr("start", a.start);
  if (a.fixed)
    items.push_back(std::string("fixed = ") + (*a.fixed ? "true" : "false"));
  expr("nominal", a.nominal);
  if (a.stateSelect != StateSelectKind::Default)
    items.push_back(std::string("stateSelect = ") + stateSelectName(a.stateSelect));
  if (items.empty())
    return "";
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + items[i];
  return out + ")";
}

void printVariable(const FlatModel &model, const Variable &v, std::ostream &out) {
  out << "  ";
  if (v.isProtected)
    out << "protected ";
  // Integer and Boolean variables are discrete by nature: say so only for Real.
  if (v.variability != VariabilityKind::Discrete || v.type == TypeKind::Real)
    out << variabilityPrefix(v.variability);
  if (v.causality == CausalityKind::Input)
    out << "input ";
  else if (v.causality == CausalityKind::Output)
    out << "output ";
  out << typeName(v.type) << ' ' << v.name << attributeList(model, v);
  if (v.binding.valid()) {
    auto constant = model.pool.constantValue(v.binding);
    if (v.type == TypeKind::Boolean && constant)
      out << " = " << (*constant != 0 ? "true" : "false");
    else
      out << " = " << model.print(v.binding);
  }
  if (!v.description.empty())
    out << ' ' << quoted(v.description);
  out << ";\n";
}

const char *originName(EquationOriginKind origin) {
  switch (origin) {
  case EquationOriginKind::Equation: return "equation";
  case EquationOriginKind::Binding: return "binding";
  case EquationOriginKind::Connect: return "connect";
  case EquationOriginKind::FlowSum: return "flow sum";
  case EquationOriginKind::Initial: return "initial equation";
  case EquationOriginKind::FixedStart: return "fixed start value";
  case EquationOriginKind::Differentiated: return "differentiated";
  }
  return "equation";
}

void printEquations(const FlatModel &model, const std::vector<Equation> &equations,
                    const PrintOptions &options, std::ostream &out) {
  for (const Equation &eq : equations) {
    out << "  " << model.print(eq.lhs) << " = " << model.print(eq.rhs) << ';';
    if (options.origins && eq.loc.valid()) {
      LineColumn lc = options.origins->lineColumn(eq.loc.start());
      out << " // " << originName(eq.origin) << " at " << lc.line << ':' << lc.column;
    }
    out << '\n';
  }
}

} // namespace

void printFlatModel(const FlatModel &model, std::ostream &out, const PrintOptions &options) {
  out << "class " << model.name << '\n';
  for (const Variable &v : model.variables)
    if (!v.derivativeOf.valid())
      printVariable(model, v, out);
  if (!model.initialEquations.empty()) {
    out << "initial equation\n";
    printEquations(model, model.initialEquations, options, out);
  }
  if (!model.equations.empty()) {
    out << "equation\n";
    printEquations(model, model.equations, options, out);
  }
  out << "end " << model.name << ";\n";
}

} // namespace mocc::flat
