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
  case TypeKind::ExternalObject: return "ExternalObject";
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

sym::VarId FlatModel::preOf(sym::VarId x) {
  if (variables[x.index].pre.valid())
    return variables[x.index].pre;
  Variable p;
  p.name = "pre(" + variables[x.index].name + ")";
  p.type = variables[x.index].type;
  p.variability = VariabilityKind::Discrete;
  p.loc = variables[x.index].loc;
  p.special = SpecialKind::Pre;
  p.preOf = x;
  p.isProtected = true;
  sym::VarId id = addVariable(std::move(p));
  variables[x.index].pre = id;
  return id;
}

sym::VarId FlatModel::specialVariable(SpecialKind kind) {
  for (size_t i = 0; i < variables.size(); ++i)
    if (variables[i].special == kind)
      return sym::VarId{static_cast<uint32_t>(i)};
  Variable v;
  v.name = kind == SpecialKind::Initial    ? "initial()"
           : kind == SpecialKind::Terminal ? "terminal()"
           : kind == SpecialKind::Homotopy ? "$homotopyLambda"
                                           : "$eventRepeat";
  v.type = kind == SpecialKind::Homotopy ? TypeKind::Real : TypeKind::Boolean;
  v.variability = VariabilityKind::Discrete;
  v.special = kind;
  v.isProtected = true;
  return addVariable(std::move(v));
}

std::vector<char> FlatModel::assignedInWhen() const {
  std::vector<char> assigned(variables.size(), 0);
  for (const WhenClause &w : whenClauses)
    for (const WhenBranch &b : w.branches)
      for (const Equation &eq : b.assignments)
        if (sym::VarId v = pool.variableOf(eq.lhs); v.valid())
          assigned[v.index] = 1;
  return assigned;
}

std::string FlatModel::print(sym::ExprId expr, sym::PrintCache *cache) const {
  return sym::print(
      pool, expr, [this](sym::VarId v) { return variables[v.index].name; },
      [this](uint32_t f) { return functions[f].name; }, cache, [this](uint32_t f) {
        std::vector<uint32_t> sizes;
        if (f < functions.size())
          for (const FunctionVariable &v : functions[f].variables)
            if (v.kind == FunctionVariable::Kind::Input)
              sizes.push_back(static_cast<uint32_t>(v.count()));
        return sizes;
      });
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

std::string attributeList(const FlatModel &model, sym::PrintCache &cache, const Variable &v) {
  std::vector<std::string> items;
  const Attributes &a = v.attributes;
  auto expr = [&](const char *name, sym::ExprId e) {
    if (e.valid())
      items.push_back(std::string(name) + " = " + model.print(e, &cache));
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

void printVariable(const FlatModel &model, sym::PrintCache &cache, const Variable &v, std::ostream &out) {
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
  const EnumerationType *enumeration =
      v.enumeration < model.enumerations.size() ? &model.enumerations[v.enumeration] : nullptr;
  const ExternalObjectType *object = v.externalObject < model.externalObjects.size()
                                         ? &model.externalObjects[v.externalObject] : nullptr;
  out << (enumeration ? enumeration->name : object ? object->name : typeName(v.type)) << ' ' << v.name
      << attributeList(model, cache, v);
  if (v.type == TypeKind::String && v.text) {
    out << " = " << quoted(*v.text);
  } else if (v.binding.valid()) {
    auto constant = model.pool.constantValue(v.binding);
    if (v.type == TypeKind::Boolean && constant)
      out << " = " << (*constant != 0 ? "true" : "false");
    else if (enumeration && constant && *constant >= 1 && *constant <= enumeration->literals.size())
      out << " = " << enumeration->name << '.' << enumeration->literals[static_cast<size_t>(*constant) - 1];
    else
      out << " = " << model.print(v.binding, &cache);
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
  case EquationOriginKind::UnconnectedFlow: return "unconnected flow";
  case EquationOriginKind::Initial: return "initial equation";
  case EquationOriginKind::FixedStart: return "fixed start value";
  case EquationOriginKind::Differentiated: return "differentiated";
  }
  return "equation";
}

void printEquations(const FlatModel &model, sym::PrintCache &cache, const std::vector<Equation> &equations,
                    const PrintOptions &options, std::ostream &out) {
  for (const Equation &eq : equations) {
    out << "  " << model.print(eq.lhs, &cache) << " = " << model.print(eq.rhs, &cache) << ';';
    if (options.origins && eq.loc.valid()) {
      LineColumn lc = options.origins->lineColumn(eq.loc.start());
      out << " // " << originName(eq.origin) << " at " << lc.line << ':' << lc.column;
    }
    out << '\n';
  }
}

/// Names of a function's slots: its variables' elements, and "_t<n>" for
/// temporaries and loop counters.
std::vector<std::string> slotNames(const Function &f) {
  std::vector<std::string> names(f.numSlots);
  for (uint32_t i = 0; i < f.numSlots; ++i)
    names[i] = "_t" + std::to_string(i);
  for (const FunctionVariable &v : f.variables) {
    int64_t count = v.count();
    for (int64_t k = 0; k < count; ++k) {
      std::string suffix;
      int64_t rest = k;
      std::vector<int64_t> index(v.dims.size());
      for (size_t d = v.dims.size(); d-- > 0;) {
        index[d] = rest % v.dims[d] + 1;
        rest /= v.dims[d];
      }
      for (size_t d = 0; d < index.size(); ++d)
        suffix += (d ? "," : "[") + std::to_string(index[d]);
      names[v.firstSlot + k] = v.name + (suffix.empty() ? "" : suffix + "]");
    }
  }
  return names;
}

void printStatements(const FlatModel &model, const Function &f, const std::vector<std::string> &names,
                     const std::vector<Statement> &body, int indent, std::ostream &out) {
  auto str = [&](sym::ExprId e) {
    return sym::print(f.pool, e, [&](sym::VarId v) { return names[v.index]; },
                      [&](uint32_t i) { return model.functions[i].name; });
  };
  std::string pad(static_cast<size_t>(indent), ' ');
  for (const Statement &s : body) {
    switch (s.kind) {
    case StatementKind::Assign:
      out << pad << names[s.target.index] << " := " << str(s.value) << ";\n";
      break;
    case StatementKind::AssignIndexed:
      out << pad << "load(" << s.firstSlot << ", " << str(s.index) << ", " << s.size
          << ") := " << str(s.value) << ";\n";
      break;
    case StatementKind::LoadIndexed:
      out << pad << names[s.target.index] << " := load(" << s.firstSlot << ", " << str(s.index)
          << ", " << s.size << ");\n";
      break;
    case StatementKind::If:
      out << pad << "if " << str(s.condition) << " then\n";
      printStatements(model, f, names, s.body, indent + 2, out);
      if (!s.elseBody.empty()) {
        out << pad << "else\n";
        printStatements(model, f, names, s.elseBody, indent + 2, out);
      }
      out << pad << "end if;\n";
      break;
    case StatementKind::While:
      out << pad << "while " << str(s.condition) << " loop\n";
      printStatements(model, f, names, s.body, indent + 2, out);
      out << pad << "end while;\n";
      break;
    case StatementKind::For:
      out << pad << "for " << names[s.target.index] << " in " << str(s.start) << ":" << str(s.step)
          << ":" << str(s.stop) << " loop\n";
      printStatements(model, f, names, s.body, indent + 2, out);
      out << pad << "end for;\n";
      break;
    case StatementKind::Break:
      out << pad << "break;\n";
      break;
    case StatementKind::Return:
      out << pad << "return;\n";
      break;
    case StatementKind::Call:
      out << pad << str(s.value) << ";\n";
      break;
    case StatementKind::Assert: {
      out << pad << "assert(" << str(s.condition) << ", \"";
      for (const MessagePart &part : s.message)
        out << (part.value.valid() ? "\" + String(" + str(part.value) + ") + \"" : part.text);
      out << "\"" << (s.level == 2 ? ", AssertionLevel.warning" : "") << ");\n";
      break;
    }
    }
  }
}

/// `external "C" y = name(args);` as the C call sees it: arrays and
/// outputs by name, sizes and other expressions by value.
void printExternalCall(const FlatModel &model, const Function &f,
                       const std::vector<std::string> &names, std::ostream &out) {
  const ExternalCall &call = *f.external;
  out << "external \"C\" ";
  if (call.hasResult)
    out << names[call.resultSlot] << " = ";
  out << call.function << '(';
  for (size_t i = 0; i < call.args.size(); ++i) {
    const ExternalArgument &arg = call.args[i];
    out << (i ? ", " : "");
    if (arg.kind == ExternalArgument::Kind::String) {
      std::vector<std::string> texts;
      for (const std::string &text : arg.strings)
        texts.push_back(quoted(text));
      out << (arg.isArray ? "{" : "");
      for (size_t k = 0; k < texts.size(); ++k)
        out << (k ? ", " : "") << texts[k];
      out << (arg.isArray ? "}" : "");
    } else if (arg.kind == ExternalArgument::Kind::Value) {
      out << sym::print(f.pool, arg.value, [&](sym::VarId v) { return names[v.index]; },
                        [&](uint32_t k) { return model.functions[k].name; });
    } else {
      std::string name = arg.count ? names[arg.firstSlot] : "{}";
      for (const FunctionVariable &v : f.variables)
        if (v.firstSlot == arg.firstSlot && v.count() == arg.count)
          name = v.name;
      out << name;
    }
  }
  out << ')';
  if (!call.libraries.empty()) {
    out << " annotation(Library = {";
    for (size_t i = 0; i < call.libraries.size(); ++i)
      out << (i ? ", " : "") << quoted(call.libraries[i]);
    out << "})";
  }
  out << ";\n";
}

void printFunction(const FlatModel &model, const Function &f, std::ostream &out) {
  out << "function " << f.name << " \"" << f.symbol << "\"\n";
  for (const FunctionVariable &v : f.variables) {
    out << "  " << (v.kind == FunctionVariable::Kind::Input    ? "input "
                    : v.kind == FunctionVariable::Kind::Output ? "output "
                                                               : "protected ")
        << typeName(v.type) << ' ' << v.name;
    if (!v.dims.empty()) {
      out << '[';
      for (size_t d = 0; d < v.dims.size(); ++d)
        out << (d ? ", " : "") << v.dims[d];
      out << ']';
    }
    out << ";\n";
  }
  std::vector<std::string> names = slotNames(f);
  if (!f.body.empty() || !f.external)
    out << "algorithm\n";
  printStatements(model, f, names, f.body, 2, out);
  if (f.external)
    printExternalCall(model, f, names, out);
  out << "end " << f.name << ";\n\n";
}

std::string messageText(const FlatModel &model, sym::PrintCache &cache, const std::vector<MessagePart> &message) {
  std::string out;
  for (const MessagePart &part : message) {
    out += out.empty() ? "" : " + ";
    out += part.value.valid() ? "String(" + model.print(part.value, &cache) + ")" : quoted(part.text);
  }
  return out.empty() ? "\"\"" : out;
}

std::string assertText(const FlatModel &model, sym::PrintCache &cache, const Assertion &a) {
  return "assert(" + model.print(a.condition, &cache) + ", " + messageText(model, cache, a.message) +
         (a.level == 2 ? ", AssertionLevel.warning" : "") + ")";
}

void printWhenClauses(const FlatModel &model, sym::PrintCache &cache, std::ostream &out) {
  for (const WhenClause &w : model.whenClauses) {
    for (size_t b = 0; b < w.branches.size(); ++b) {
      const WhenBranch &branch = w.branches[b];
      out << (b == 0 ? "  when " : "  elsewhen ");
      if (branch.conditions.size() == 1) {
        out << model.print(branch.conditions[0], &cache);
      } else {
        out << '{';
        for (size_t i = 0; i < branch.conditions.size(); ++i)
          out << (i ? ", " : "") << model.print(branch.conditions[i], &cache);
        out << '}';
      }
      out << " then\n";
      for (const Equation &eq : branch.assignments)
        out << "    " << model.print(eq.lhs, &cache) << " = " << model.print(eq.rhs, &cache) << ";\n";
      for (const auto &[x, e] : branch.reinits)
        out << "    reinit(" << model.nameOf(x) << ", " << model.print(e, &cache) << ");\n";
      for (const CallEffect &c : branch.calls)
        out << "    " << model.print(c.call, &cache) << ";\n";
      for (const Assertion &a : branch.asserts)
        out << "    " << assertText(model, cache, a) << ";\n";
      for (const auto &message : branch.terminates)
        out << "    terminate(" << messageText(model, cache, message) << ");\n";
    }
    out << "  end when;\n";
  }
}

} // namespace

void printFlatModel(const FlatModel &model, std::ostream &out, const PrintOptions &options) {
  sym::PrintCache cache; // a call that several equations read is printed once
  for (const Function &f : model.functions)
    printFunction(model, f, out);
  out << "class " << model.name << '\n';
  for (const Variable &v : model.variables)
    if (!v.derivativeOf.valid() && v.special == SpecialKind::None)
      printVariable(model, cache, v, out);
  if (!model.initialEquations.empty()) {
    out << "initial equation\n";
    printEquations(model, cache, model.initialEquations, options, out);
  }
  if (!model.equations.empty() || !model.whenClauses.empty() || !model.assertions.empty() ||
      !model.calls.empty()) {
    out << "equation\n";
    printEquations(model, cache, model.equations, options, out);
    printWhenClauses(model, cache, out);
    for (const CallEffect &c : model.calls)
      out << "  " << model.print(c.call, &cache) << ";\n";
    for (const Assertion &a : model.assertions)
      out << "  " << assertText(model, cache, a) << ";\n";
  }
  out << "end " << model.name << ";\n";
}

} // namespace mocc::flat
