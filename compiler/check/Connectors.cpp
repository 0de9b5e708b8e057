// MLS chapter 9 and 15, connectors: a connector is balanced (9.3.1: as
// many flow variables as variables that are neither parameter, constant,
// input, output, stream nor flow; an overdetermined record counts as the
// size of its equalityConstraint's result, 9.4.1), and a stream connector
// has exactly one flow variable, a scalar (15.1).
#include "compiler/check/Checker.h"

namespace mocc::check {

namespace {

using R = ast::ClassRestrictionKind;

struct Balance {
  int64_t flows = 0;
  int64_t potentials = 0;
  bool known = true; ///< false if a size was not evaluated
  /// Whether it has a flow, stream, input or output variable: a connector
  /// without any is simple, and unbalanced by design (9.3.1).
  bool causalOrFlow = false;
};

int64_t product(const std::vector<int64_t> &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

/// The size of the result of an equalityConstraint function when its
/// dimensions are integer literals (nothing otherwise).
std::optional<int64_t> equalityConstraintSize(const ClassNode *function, bool &isOverdetermined) {
  isOverdetermined = function && function->def;
  if (!isOverdetermined)
    return std::nullopt;
  for (const ast::Element &f : function->def->elements) {
    if (f.kind != ast::ElementKind::Component ||
        f.component->prefix.causality != ast::CausalityKind::Output)
      continue;
    int64_t n = 1;
    for (const auto &d : f.component->components.front().dims) {
      auto *i = ast::dynCast<ast::IntegerExpr>(d.get());
      if (!i)
        return std::nullopt;
      n *= i->value;
    }
    return n;
  }
  return std::nullopt;
}

/// The prefixes that decide how a variable counts, from the declarations
/// inside the connector class: what a connector's own declaration adds
/// (`flow C c`) is not part of the class's balance.
struct Counted {
  bool flow = false;
  bool excluded = false; ///< parameter, constant, input, output or stream
};

void count(inst::Instantiator &inst, Instance *x, Balance &b, Counted outer, int depth = 0) {
  if (depth > 32 || !b.known)
    return;
  auto &members = x->expandedMembers();
  for (size_t i = 0; i < members.size(); ++i) {
    Member &m = members[i];
    if (m.kind != Member::Kind::Component)
      continue;
    Instance *v = m.element->outer && !m.element->inner ? nullptr : m.instance.get();
    if (!v) {
      b.known = false;
      return;
    }
    if (v->enabled && !*v->enabled)
      continue;
    const ast::TypePrefix &written = m.element->component->prefix;
    b.causalOrFlow |= written.connector != ast::ConnectorKind::Potential ||
                      v->prefixes.declaredCausality != ast::CausalityKind::None;
    Counted here = outer;
    here.flow |= written.connector == ast::ConnectorKind::Flow;
    here.excluded |= written.variability == ast::VariabilityKind::Parameter ||
                     written.variability == ast::VariabilityKind::Constant ||
                     v->prefixes.declaredCausality != ast::CausalityKind::None ||
                     written.connector == ast::ConnectorKind::Stream;
    if (here.excluded)
      continue;
    if (!v->dims) {
      b.known = false;
      return;
    }
    int64_t n = product(*v->dims);
    bool overdetermined = false;
    std::optional<int64_t> size;
    if (ClassNode *constraint = inst.equalityConstraint(*v))
      size = equalityConstraintSize(constraint, overdetermined);
    if (v->isBuiltin() && overdetermined) {
      // An overdetermined type is one unit whatever its dimensions; those
      // of the declaration count.
      size_t declared = m.decl->dims.size() + m.element->component->typeDims.size();
      n = 1;
      for (size_t d = 0; d < declared && d < v->dims->size(); ++d)
        n *= (*v->dims)[d];
    }
    if (v->isBuiltin() && !overdetermined) {
      (here.flow ? b.flows : b.potentials) += n;
      continue;
    }
    if (overdetermined) {
      if (!size) {
        b.known = false;
        return;
      }
      (here.flow ? b.flows : b.potentials) += n * *size;
      continue;
    }
    if (n == 0)
      continue;
    if (v->restriction() == R::ExpandableConnector) {
      b.known = false;
      return;
    }
    Balance inner;
    count(inst, v->arrayElements.empty() ? v : v->arrayElements.front().get(), inner, here,
          depth + 1);
    if (!inner.known) {
      b.known = false;
      return;
    }
    b.flows += n * inner.flows;
    b.potentials += n * inner.potentials;
    b.causalOrFlow |= inner.causalOrFlow;
  }
}

} // namespace

void Checker::checkConnector(Instance *connector) {
  ClassNode *cls = connector->cls;
  if (!cls || !cls->def || connector->restriction() != R::Connector || cls->def->prefixes.partial)
    return;
  if (!checkedConnectors_.insert(cls).second)
    return;
  // 15.1: a stream connector has exactly one flow variable, a scalar.
  int64_t flows = 0;
  bool hasStream = false;
  auto &members = connector->expandedMembers();
  for (size_t i = 0; i < members.size(); ++i) {
    Member &m = members[i];
    Instance *v = m.kind == Member::Kind::Component ? m.instance.get() : nullptr;
    if (!v)
      continue;
    const ast::TypePrefix &written = m.element->component->prefix;
    if (written.connector == ast::ConnectorKind::Stream)
      hasStream = true;
    if (written.connector == ast::ConnectorKind::Flow)
      flows += v->dims ? product(*v->dims) : 1;
  }
  SourceRange at = connector->member ? connector->member->decl->nameRange : connector->loc;
  if (hasStream && flows != 1) {
    report(diag::StreamConnectorFlowCount, cls->def->nameRange, {cls->fullName(), flows});
    return;
  }
  // 9.3.1: the connector is balanced.
  Balance b;
  count(inst_, connector, b, Counted{});
  if (!b.known || b.flows == b.potentials || !b.causalOrFlow)
    return;
  report(diag::ConnectorNotBalanced, cls->def->nameRange, {cls->fullName(), b.flows, b.potentials});
  report(diag::NoteUsedHere, at);

}

} // namespace mocc::check
