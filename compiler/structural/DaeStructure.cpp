// Construction and growth of the DAE structure, keeping the derivative maps
// and their inverses consistent.
#include "compiler/structural/DaeStructure.h"

#include <cassert>

namespace mocc::structural {

DaeStructure::DaeStructure(BipartiteGraph graphIn, std::vector<int> varToDiffIn)
    : graph(std::move(graphIn)), varToDiff(std::move(varToDiffIn)),
      diffToVar(graph.numVariables(), -1), eqToDiff(graph.numEquations(), -1),
      diffToEq(graph.numEquations(), -1) {
  assert(static_cast<int>(varToDiff.size()) == graph.numVariables());
  for (int var = 0; var < numVariables(); ++var) {
    int der = varToDiff[var];
    if (der < 0)
      continue;
    assert(der < numVariables() && der != var && diffToVar[der] < 0 &&
           "each variable is the derivative of at most one other");
    diffToVar[der] = var;
  }
#ifndef NDEBUG
  // Every chain starts at a variable that is no derivative: no cycles.
  int reached = 0;
  for (int var = 0; var < numVariables(); ++var)
    if (diffToVar[var] < 0)
      for (int v = var; v >= 0; v = varToDiff[v])
        ++reached;
  assert(reached == numVariables() && "varToDiff has a cycle");
#endif
}

int DaeStructure::addVariable() {
  int var = graph.addVariable();
  varToDiff.push_back(-1);
  diffToVar.push_back(-1);
  return var;
}

int DaeStructure::addEquation(std::span<const int> vars) {
  int eq = graph.addEquation(vars);
  eqToDiff.push_back(-1);
  diffToEq.push_back(-1);
  return eq;
}

int DaeStructure::addDerivativeVariable(int var) {
  assert(varToDiff[var] < 0);
  int der = graph.addVariable();
  varToDiff.push_back(-1);
  diffToVar.push_back(var);
  varToDiff[var] = der;
  return der;
}

int DaeStructure::addDerivativeEquation(int eq, std::span<const int> vars) {
  assert(eqToDiff[eq] < 0);
  int der = graph.addEquation(vars);
  eqToDiff.push_back(-1);
  diffToEq.push_back(eq);
  eqToDiff[eq] = der;
  return der;
}

int DaeStructure::baseVariable(int var) const {
  while (diffToVar[var] >= 0)
    var = diffToVar[var];
  return var;
}

int DaeStructure::variableOrder(int var) const {
  int order = 0;
  for (; diffToVar[var] >= 0; var = diffToVar[var])
    ++order;
  return order;
}

int DaeStructure::baseEquation(int eq) const {
  while (diffToEq[eq] >= 0)
    eq = diffToEq[eq];
  return eq;
}

int DaeStructure::equationOrder(int eq) const {
  int order = 0;
  for (; diffToEq[eq] >= 0; eq = diffToEq[eq])
    ++order;
  return order;
}

int DaeStructure::differentiationCount(int eq) const {
  return equationOrder(highestDerivative(eq)) - equationOrder(eq);
}

int DaeStructure::highestDerivative(int eq) const {
  while (eqToDiff[eq] >= 0)
    eq = eqToDiff[eq];
  return eq;
}

} // namespace mocc::structural
