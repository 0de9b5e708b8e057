// `mocc flatten --emit=index-reduced`: the model after alias elimination and
// index reduction, printed as flat Modelica with comments that say what the
// compiler did. The declarations are those of the flat model; then come the
// aliases, the chosen states and dummy derivatives (every alternative with
// dynamic state selection), and the equations: the model's, with aliases
// substituted, then each derivative with the equation it differentiates.
#include "compiler/causalize/Causalize.h"

#include <sstream>

namespace mocc::causalize {

namespace {

/// Prints the reduced system of one model.
class ReducedPrinter {
public:
  ReducedPrinter(flat::FlatModel &model, const ReducedSystem &system, std::ostream &out)
      : model_(model), system_(system), out_(out) {}

  void print();

private:
  void printDeclarations();
  void printChoices();
  void printEquations();
  std::string names(const std::vector<sym::VarId> &vars) const;
  std::string text(const flat::Equation &eq) const {
    return model_.print(eq.lhs) + " = " + model_.print(eq.rhs);
  }

  flat::FlatModel &model_;
  const ReducedSystem &system_;
  std::ostream &out_;
};

void ReducedPrinter::print() {
  printDeclarations();
  printChoices();
  printEquations();
  out_ << "end " << model_.name << ";\n";
}

void ReducedPrinter::printDeclarations() {
  // The flat printer without its equations and its last line.
  std::vector<flat::Equation> equations, initial;
  std::swap(model_.equations, equations);
  std::swap(model_.initialEquations, initial);
  std::ostringstream declarations;
  flat::printFlatModel(model_, declarations);
  std::swap(model_.equations, equations);
  std::swap(model_.initialEquations, initial);
  std::string text = declarations.str();
  text.erase(text.rfind("end "));
  out_ << text;
}

std::string ReducedPrinter::names(const std::vector<sym::VarId> &vars) const {
  std::string list;
  for (sym::VarId v : vars)
    list += (list.empty() ? "" : ", ") + model_.nameOf(v);
  return list.empty() ? "none" : list;
}

void ReducedPrinter::printChoices() {
  const auto &aliases = system_.aliases.aliases;
  size_t differentiated = system_.equations.size() - system_.numModelEquations;
  out_ << "  // index reduction: " << aliases.size() << " alias variable(s) removed, "
       << differentiated << " equation(s) differentiated\n";
  if (!aliases.empty())
    out_ << "  // alias variables (not in the reduced system; computed from the others):\n";
  for (const Alias &alias : aliases)
    out_ << "  //   " << model_.nameOf(alias.var) << " = " << model_.print(alias.value) << "\n";
  const StateChoice &first = system_.choices[0];
  out_ << "  // states: " << names(first.states) << "\n";
  out_ << "  // dummy derivatives (algebraic variables): " << names(first.dummyDerivatives)
       << "\n";
  for (size_t k = 0; k < system_.matrices.size(); ++k) {
    const SelectionMatrix &m = system_.matrices[k];
    std::vector<sym::VarId> states, initial;
    for (const std::vector<sym::VarId> &chain : m.stateChains)
      states.push_back(chain.front());
    for (int j : m.initial)
      initial.push_back(m.columnChains[static_cast<size_t>(j)].front());
    std::vector<sym::VarId> lower;
    for (const std::vector<sym::VarId> &chain : m.columnChains)
      lower.push_back(chain.front());
    out_ << "  // selection matrix " << k + 1 << ": " << names(states) << " = A * {"
         << names(lower) << "}, chosen at run time; at the start " << names(initial) << "\n";
  }
  if (system_.choices.size() < 2)
    return;
  out_ << "  // dynamic state selection between " << system_.choices.size()
       << " sets of states:\n";
  for (size_t k = 0; k < system_.choices.size(); ++k)
    out_ << "  //   set " << k + 1 << ": " << names(system_.choices[k].states)
         << "; dummy derivatives " << names(system_.choices[k].dummyDerivatives) << "\n";
}

void ReducedPrinter::printEquations() {
  if (!system_.aliases.initialEquations.empty()) {
    out_ << "initial equation\n";
    for (const flat::Equation &eq : system_.aliases.initialEquations)
      out_ << "  " << text(eq) << ";\n";
  }
  if (system_.equations.empty())
    return;
  out_ << "equation\n";
  for (size_t i = 0; i < system_.equations.size(); ++i) {
    const flat::Equation &eq = system_.equations[i];
    if (i == system_.numModelEquations)
      out_ << "  // added by index reduction (equation numbers count from 1 above):\n";
    out_ << "  " << text(eq) << ";";
    if (eq.origin == flat::EquationOriginKind::Differentiated)
      out_ << " // d/dt of equation " << eq.originIndex + 1;
    out_ << "\n";
  }
}

} // namespace

bool printIndexReduced(flat::FlatModel &model, Diagnostics &diags, std::ostream &out,
                       const CausalizeOptions &options) {
  takeHomotopyOut(model);
  auto reduced = reduceIndex(model, diags, options.reduction);
  if (!reduced)
    return false;
  ReducedPrinter(model, *reduced, out).print();
  return true;
}

} // namespace mocc::causalize
