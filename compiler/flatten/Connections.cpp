// Implementation of connections: collecting connect-equations, connection
// sets by union-find over (variable, inside/outside) elements (MLS 9.2),
// and the virtual connection graph of overconstrained records (MLS 9.4):
// branches and connections form a spanning forest, each tree gets its root
// (a definite root, else the potential root of the best priority), and the
// connections that would close a loop contribute equalityConstraint
// residues instead of equalities.
#include "compiler/flatten/Connections.h"

#include "compiler/flatten/Functions.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <deque>
#include <unordered_map>

namespace mocc::flattening {

using sym::ExprId;

namespace {

bool mentionsConnections(const ast::Equation &eq);

bool anyMentions(const std::vector<ast::EquationPtr> &eqs) {
  for (const auto &eq : eqs)
    if (mentionsConnections(*eq))
      return true;
  return false;
}

/// Whether an equation is, or contains, a connect-equation or a
/// Connections.* statement (only those are lowered before the others).
bool mentionsConnections(const ast::Equation &eq) {
  switch (eq.kind) {
  case ast::EquationKind::Connect:
    return true;
  case ast::EquationKind::Call: {
    std::string name = operatorName(*ast::cast<ast::CallEquation>(eq).call->callee);
    return name.rfind("Connections.", 0) == 0;
  }
  case ast::EquationKind::For:
    return anyMentions(ast::cast<ast::ForEquation>(eq).body);
  case ast::EquationKind::If:
    for (const auto &branch : ast::cast<ast::IfEquation>(eq).branches)
      if (anyMentions(branch.body))
        return true;
    return false;
  default:
    return false;
  }
}

std::string indexSuffix(int64_t k, const std::vector<int64_t> &dims) {
  std::string out;
  for (size_t d = dims.size(); d-- > 0;) {
    out = std::to_string(k % dims[d] + 1) + (out.empty() ? "" : "," + out);
    k /= dims[d];
  }
  return dims.empty() ? "" : "[" + out + "]";
}

} // namespace

// --- Collecting ---------------------------------------------------------------------------------

static bool isOuterOnly(const inst::Member &m) { return m.element->outer && !m.element->inner; }

static bool isExpandable(const Instance *x) {
  return x->restriction() == ast::ClassRestrictionKind::ExpandableConnector;
}

void ConnectionGraph::walk(Instance *instance, int depth) {
  if (depth > 100)
    return;
  auto visit = [&](Instance *c) {
    if (!c || c->isBuiltin() || !c->cls || !f_.isEnabled(c) || !c->dims)
      return;
    if (c->dims->empty()) {
      walk(c, depth + 1);
      return;
    }
    for (auto &element : c->elements(*c->dims))
      walk(element.get(), depth + 1);
  };
  auto &members = instance->members();
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].kind == inst::Member::Kind::Component && !isOuterOnly(members[i]))
      visit(instance->memberInstance(members[i]));
  for (size_t i = 0; i < instance->implicitInners.size(); ++i)
    visit(instance->implicitInners[i].get());
  for (const auto &section : instance->equationSections())
    if (!section.node->initial)
      collectEquations(section.node->equations, Scope{instance, section.lexical});
}

void ConnectionGraph::collect(Instance *root) {
  root_ = root;
  walk(root, 0);
  connectExpandable();
  checkSources();
}

void ConnectionGraph::checkSources() {
  const flat::FlatModel &model = f_.model();
  std::map<uint32_t, std::vector<uint32_t>> sources; // set root -> its sources
  for (uint32_t i = 0; i < elements_.size(); ++i) {
    uint64_t key = elements_[i];
    const flat::Variable &v = model.var(sym::VarId{static_cast<uint32_t>(key / 2)});
    bool outside = key % 2;
    // A protected connector is never connected from outside, so its input
    // is no source (the MSL's `u1` set by `connect(pder, u1)` or `u1 = 0`).
    if ((v.causality == flat::CausalityKind::Output && !outside) ||
        (v.causality == flat::CausalityKind::Input && outside && !v.isProtected))
      sources[find(i)].push_back(i);
  }
  for (const auto &[root, list] : sources) {
    if (list.size() < 2)
      continue;
    auto describe = [&](uint32_t i) {
      uint64_t key = elements_[i];
      return std::string(key % 2 ? "the outside input `" : "the inside output `") +
             model.nameOf(sym::VarId{static_cast<uint32_t>(key / 2)}) + "`";
    };
    f_.diags().report(diag::SignalHasTwoSources, elementLoc_[list[1]],
                      {describe(list[0]), describe(list[1])});
  }
}

bool ConnectionGraph::isPresent(Instance *x) {
  if (x->isBuiltin())
    return f_.hasVariables(x);
  auto &members = x->members();
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].kind == inst::Member::Kind::Component)
      if (Instance *c = x->memberInstance(members[i]); c && isPresent(c))
        return true;
  return false;
}

void ConnectionGraph::makePresent(Instance *x) {
  if (x->isBuiltin()) {
    f_.varsOf(x);
    return;
  }
  std::vector<ConnectorLeaf> unused;
  leavesOf(x, -1, "", nullptr, unused); // declares every variable of a connector
}

/// Connections between expandable connectors: an element present in one is
/// present in the other, until nothing changes; then the present elements
/// are connected pairwise (MLS 9.1.3).
void ConnectionGraph::connectExpandable() {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < expandableConnections_.size(); ++k) {
      Instance *a = expandableConnections_[k].a.connector, *b = expandableConnections_[k].b.connector;
      // Each is augmented with the present elements only the other has.
      for (auto [from, to] : {std::pair{a, b}, std::pair{b, a}}) {
        auto &members = from->members();
        for (size_t i = 0; i < members.size(); ++i) {
          if (members[i].kind != inst::Member::Kind::Component || to->findMember(members[i].name))
            continue;
          Instance *c = from->memberInstance(members[i]);
          if (c && (isExpandable(c) || isPresent(c)) && f_.dimsOf(c) &&
              to->addElementLike(members[i].name, *c))
            changed = true;
        }
      }
      auto &members = a->members();
      for (size_t i = 0; i < members.size(); ++i) {
        if (members[i].kind != inst::Member::Kind::Component)
          continue;
        inst::Member *mb = b->findMember(members[i].name);
        Instance *ca = a->memberInstance(members[i]);
        Instance *cb = mb ? b->memberInstance(*mb) : nullptr;
        if (!ca || !cb)
          continue;
        if (isExpandable(ca) && isExpandable(cb)) {
          bool known = false;
          for (const Connection &c : expandableConnections_)
            known |= c.a.connector == ca && c.b.connector == cb;
          if (!known) {
            expandableConnections_.push_back({{ca, -1, false}, {cb, -1, false},
                                              expandableConnections_[k].loc});
            changed = true;
          }
          continue;
        }
        bool pa = isPresent(ca), pb = isPresent(cb);
        if (pa != pb) {
          makePresent(pa ? cb : ca);
          changed = true;
        }
      }
    }
  }
  for (const Connection &c : expandableConnections_) {
    auto &members = c.a.connector->members();
    for (size_t i = 0; i < members.size(); ++i) {
      if (members[i].kind != inst::Member::Kind::Component)
        continue;
      inst::Member *mb = c.b.connector->findMember(members[i].name);
      Instance *ca = c.a.connector->memberInstance(members[i]);
      Instance *cb = mb ? c.b.connector->memberInstance(*mb) : nullptr;
      if (ca && cb && !isExpandable(ca) && isPresent(ca))
        connectLeaves({ca, -1, c.a.outside}, {cb, -1, c.b.outside}, c.loc);
    }
  }
}

void ConnectionGraph::collectEquations(const std::vector<ast::EquationPtr> &eqs, Scope scope) {
  for (const auto &eq : eqs)
    if (mentionsConnections(*eq))
      collectEquation(*eq, scope);
}

void ConnectionGraph::collectEquation(const ast::Equation &eq, Scope scope) {
  switch (eq.kind) {
  case ast::EquationKind::Connect: {
    const auto &c = ast::cast<ast::ConnectEquation>(eq);
    for (const auto &[a, b] : scope.instance->brokenConnects)
      if ((a == c.a->str() && b == c.b->str()) || (a == c.b->str() && b == c.a->str()))
        if (scope.lexical != scope.instance->cls)
          return; // removed by `break connect(a, b)` of an extends clause
    addConnection(c, scope);
    return;
  }
  case ast::EquationKind::Call:
    collectCall(*ast::cast<ast::CallEquation>(eq).call, scope, eq.range);
    return;
  case ast::EquationKind::For: {
    const auto &e = ast::cast<ast::ForEquation>(eq);
    std::function<void(size_t)> unroll = [&](size_t level) {
      if (level == e.indices.size()) {
        collectEquations(e.body, scope);
        return;
      }
      const ast::ForIndex &index = e.indices[level];
      if (!index.range)
        return;
      auto range = f_.evaluate(*index.range, scope, "the range of a for-equation with connections");
      if (!range || range->rank() != 1)
        return;
      for (ExprId value : range->elements) {
        f_.iterators.push_back({index.name, Value::scalar(value, range->type)});
        unroll(level + 1);
        f_.iterators.pop_back();
      }
    };
    unroll(0);
    return;
  }
  case ast::EquationKind::If: {
    for (const auto &branch : ast::cast<ast::IfEquation>(eq).branches) {
      if (!branch.condition) {
        collectEquations(branch.body, scope);
        return;
      }
      auto c = f_.evaluateBoolean(*branch.condition, scope,
                                  "the condition of an if-equation with connections");
      if (!c)
        return;
      if (*c) {
        collectEquations(branch.body, scope);
        return;
      }
    }
    return;
  }
  default:
    return;
  }
}

Instance *ConnectionGraph::overconstrainedNode(const ast::Expr &arg, Scope scope) {
  const auto *ref = ast::dynCast<ast::RefExpr>(&arg);
  if (!ref) {
    f_.diags().report(diag::ConnectionsOperatorArgument, arg.range);
    return nullptr;
  }
  auto ends = resolveEnds(*ref, scope);
  if (!ends || ends->empty())
    return nullptr;
  // An overdetermined type may be an array (`type Orientation extends
  // Real[3, 3]`): its elements are one node.
  for (const ConnectorEnd &end : *ends)
    if (end.connector != ends->front().connector)
      return nullptr;
  // MLS 9.4.1: the argument is an overdetermined type or record, one with
  // an equalityConstraint function; anything else was ignored silently.
  if (!f_.instantiator().equalityConstraint(*ends->front().connector)) {
    f_.diags().report(diag::ConnectionsOperatorArgument, arg.range);
    return nullptr;
  }
  return (*ends)[0].connector;
}

void ConnectionGraph::collectCall(const ast::CallExpr &call, Scope scope, SourceRange loc) {
  std::string name = operatorName(*call.callee);
  auto arg = [&](size_t i) { return i < call.args.size() ? call.args[i].get() : nullptr; };
  if (name == "Connections.branch") {
    Instance *a = arg(0) ? overconstrainedNode(*arg(0), scope) : nullptr;
    Instance *b = arg(1) ? overconstrainedNode(*arg(1), scope) : nullptr;
    if (a && b)
      edges_.push_back({a, b, true, {}, loc});
    return;
  }
  if (name == "Connections.root" || name == "Connections.potentialRoot") {
    Instance *node = arg(0) ? overconstrainedNode(*arg(0), scope) : nullptr;
    if (!node)
      return;
    int priority = -1;
    if (name == "Connections.potentialRoot") {
      priority = 0;
      const ast::Expr *p = arg(1);
      for (const ast::NamedArgument &named : call.namedArgs)
        if (named.name == "priority")
          p = named.value.get();
      if (p)
        if (auto v = f_.evaluateInteger(*p, scope, "the priority of a potential root"))
          priority = static_cast<int>(*v);
    }
    size_t index = nodeIndex(node);
    rootPriority_[index] = std::min(rootPriority_[index], priority);
    return;
  }
  if (name != "Connections.isRoot" && name != "Connections.rooted")
    f_.diags().report(diag::ConnectionsOperatorUnsupported, loc, {name});
}

size_t ConnectionGraph::nodeIndex(Instance *node) {
  auto [it, inserted] = nodeIndex_.try_emplace(node, nodes_.size());
  if (inserted) {
    nodes_.push_back(node);
    rootPriority_.push_back(INT_MAX);
  }
  return it->second;
}

// --- Connector references -----------------------------------------------------------------------

/// The 0-based linear indices of the elements that the subscripts of `part`
/// select (all of them when there are none), in row-major order. Computed from
/// the subscripts alone, so that `spring[i]` costs O(1) and not the size of
/// `spring`: a for-loop of connections over an array would be quadratic.
bool ConnectionGraph::selectElements(const std::vector<int64_t> &dims, const ast::RefPart &part,
                                     Scope scope, std::vector<int64_t> &selected) {
  int64_t count = 1;
  for (int64_t d : dims)
    count *= d;
  if (part.subscripts.empty()) {
    for (int64_t k = 0; k < count; ++k)
      selected.push_back(k);
    return true;
  }
  std::vector<bool> keep;
  auto indices = f_.subscriptIndices(part, dims, keep, scope);
  if (!indices)
    return false;
  forEachSelected(dims, *indices, [&](int64_t linear) {
    selected.push_back(linear);
    return true;
  });
  return true;
}

std::optional<std::vector<ConnectorEnd>> ConnectionGraph::resolveEnds(const ast::RefExpr &ref,
                                                                       Scope scope) {
  return resolveEnds(ref, scope, nullptr);
}

std::optional<std::vector<ConnectorEnd>> ConnectionGraph::resolveEnds(const ast::RefExpr &ref,
                                                                       Scope scope,
                                                                       MissingElement *missing) {
  inst::Found found = ref.global ? inst::Found{} : f_.instantiator().lookupFirst(ref.parts[0].name, scope);
  if (found.kind == inst::Found::Kind::Failed)
    return std::nullopt; // already reported
  if (found.kind != inst::Found::Kind::Component || !scope.instance ||
      !scope.instance->findMember(ref.parts[0].name)) {
    f_.diags().report(diag::NotAConnectorOfClass, ref.range, {ref.str()});
    return std::nullopt;
  }
  bool outside = found.instance->isConnector();
  std::vector<ConnectorEnd> items{{found.instance, -1, outside}};
  for (size_t p = 0; p < ref.parts.size(); ++p) {
    const ast::RefPart &part = ref.parts[p];
    std::vector<ConnectorEnd> next;
    for (const ConnectorEnd &item : items) {
      if (!f_.isEnabled(item.connector))
        return std::vector<ConnectorEnd>{}; // a disabled component: no connection
      auto dims = f_.dimsOf(item.connector);
      if (!dims)
        return std::nullopt;
      std::vector<int64_t> selected;
      if (!selectElements(*dims, part, scope, selected))
        return std::nullopt;
      for (int64_t k : selected) {
        if (dims->empty())
          next.push_back(item);
        else if (item.connector->isBuiltin())
          next.push_back({item.connector, k, outside});
        else
          next.push_back({item.connector->elements(*dims)[k].get(), -1, outside});
      }
    }
    if (p + 1 < ref.parts.size()) {
      for (ConnectorEnd &item : next) {
        inst::Member *m = item.connector->isBuiltin() ? nullptr
                                                      : item.connector->findMember(ref.parts[p + 1].name);
        Instance *child = m ? item.connector->memberInstance(*m) : nullptr;
        if (!m && missing && isExpandable(item.connector) && next.size() == 1 &&
            p + 2 == ref.parts.size() && ref.parts[p + 1].subscripts.empty()) {
          *missing = {item.connector, ref.parts[p + 1].name, outside};
          return std::vector<ConnectorEnd>{};
        }
        if (!child) {
          f_.diags().report(diag::NoComponentNamed, ref.parts[p + 1].range,
                            {item.connector->path(), ref.parts[p + 1].name});
          return std::nullopt;
        }
        item.connector = child;
      }
    }
    items = std::move(next);
  }
  return items;
}

bool ConnectionGraph::leavesOf(Instance *x, int64_t element, const std::string &path,
                               Instance *oc, std::vector<ConnectorLeaf> &out) {
  if (!f_.isEnabled(x))
    return true;
  if (x->isBuiltin() && f_.instantiator().equalityConstraint(*x))
    oc = x; // an overconstrained type (MLS 9.4)
  if (x->isBuiltin()) {
    const VarRange *range = f_.varsOf(x);
    if (!range)
      return false;
    int64_t count = 1;
    for (int64_t d : range->dims)
      count *= d;
    for (int64_t k = element < 0 ? 0 : element; k < (element < 0 ? count : element + 1); ++k)
      out.push_back({sym::VarId{static_cast<uint32_t>(range->first + k)},
                     path + (element < 0 ? indexSuffix(k, range->dims) : ""), x->prefixes.connector,
                     oc});
    return true;
  }
  if (f_.instantiator().equalityConstraint(*x))
    oc = x; // an overconstrained record (MLS 9.4)
  auto dims = f_.dimsOf(x);
  if (!dims)
    return false;
  if (!dims->empty()) {
    auto &elements = x->elements(*dims);
    for (size_t k = 0; k < elements.size(); ++k)
      if (!leavesOf(elements[k].get(), -1, path + indexSuffix(static_cast<int64_t>(k), *dims), oc, out))
        return false;
    return true;
  }
  auto &members = x->members();
  for (size_t i = 0; i < members.size(); ++i) {
    inst::Member &m = members[i];
    if (m.kind != inst::Member::Kind::Component)
      continue;
    Instance *c = x->memberInstance(m);
    if (c && isExpandable(x) && !isPresent(c))
      continue;
    if (!leavesOf(c, -1, path + "." + m.name, oc, out))
      return false;
  }
  return true;
}

bool ConnectionGraph::leaves(const ConnectorEnd &end, std::vector<ConnectorLeaf> &out) {
  return leavesOf(end.connector, end.element, "", nullptr, out);
}

/// MLS 9.1: a connect argument is a connector of the class, or a connector
/// of one of its components; what follows are elements of connectors.
static bool validConnectForm(Flattener &f, const ast::RefExpr &ref, Scope scope) {
  if (ref.global || ref.parts.size() < 3)
    return true;
  inst::Found found = f.instantiator().lookupFirst(ref.parts[0].name, scope);
  Instance *x = found.kind == inst::Found::Kind::Component ? found.instance : nullptr;
  for (size_t p = 1; x && p + 1 < ref.parts.size(); ++p) {
    inst::Member *m = x->findMember(ref.parts[p].name);
    x = m ? x->memberInstance(*m) : nullptr;
    if (x && !x->isConnector()) {
      f.diags().report(diag::NotAConnectorOfComponents, ref.parts[p].range, {ref.str(), x->path()});
      return false;
    }
  }
  return true;
}

void ConnectionGraph::addConnection(const ast::ConnectEquation &c, Scope scope) {
  if (!validConnectForm(f_, *c.a, scope) || !validConnectForm(f_, *c.b, scope))
    return;
  MissingElement missingA, missingB;
  auto a = resolveEnds(*c.a, scope, &missingA);
  auto b = resolveEnds(*c.b, scope, &missingB);
  if (!a || !b)
    return;
  // An element of an expandable connector that the connection introduces
  // takes the type of the other end (MLS 9.1.3).
  if (missingA.bus && missingB.bus) {
    f_.diags().report(diag::ExpandableConnectionUndeclared, c.range, {c.a->str(), c.b->str()});
    return;
  }
  for (auto [missing, ends, other, ref] :
       {std::tuple{&missingA, &*a, &*b, c.a.get()}, std::tuple{&missingB, &*b, &*a, c.b.get()}}) {
    if (!missing->bus)
      continue;
    // The other end is one connector, or all the elements of one array of
    // connectors in order (`connect(m.ro, ec.ro)` with `m.ro[3]`).
    Instance *like = other->size() == 1 && (*other)[0].element < 0 ? (*other)[0].connector : nullptr;
    bool wholeArray = false;
    if (!like && !other->empty()) {
      Instance *first = (*other)[0].connector;
      bool builtin = (*other)[0].element >= 0;
      Instance *array = builtin ? first : first->parent;
      auto dims = array ? f_.dimsOf(array) : std::nullopt;
      if (dims && !dims->empty()) {
        int64_t count = 1;
        for (int64_t d : *dims)
          count *= d;
        wholeArray = static_cast<int64_t>(other->size()) == count;
        for (size_t k = 0; wholeArray && k < other->size(); ++k) {
          const ConnectorEnd &e = (*other)[k];
          wholeArray = builtin ? e.connector == array && e.element == static_cast<int64_t>(k)
                               : e.element < 0 && e.connector->parent == array &&
                                     e.connector == array->elements(*dims)[k].get();
        }
      }
      if (wholeArray)
        like = array;
    }
    if (like && !f_.dimsOf(like))
      return;
    inst::Member *added = like ? missing->bus->addElementLike(missing->name, *like) : nullptr;
    if (!added) {
      f_.diags().report(diag::NoComponentNamed, ref->range, {missing->bus->path(), missing->name});
      return;
    }
    Instance *element = missing->bus->memberInstance(*added);
    if (!wholeArray) {
      ends->push_back({element, -1, missing->outside});
      continue;
    }
    auto dims = element ? f_.dimsOf(element) : std::nullopt;
    if (!dims)
      return;
    for (size_t k = 0; k < other->size(); ++k)
      ends->push_back(element->isBuiltin()
                          ? ConnectorEnd{element, static_cast<int64_t>(k), missing->outside}
                          : ConnectorEnd{element->elements(*dims)[k].get(), -1, missing->outside});
  }
  if (a->empty() || b->empty())
    return;
  if (a->size() != b->size()) {
    f_.diags().report(diag::ConnectSizeMismatch, c.range,
                      {std::to_string(a->size()), std::to_string(b->size())});
    return;
  }
  for (size_t i = 0; i < a->size(); ++i) {
    const ConnectorEnd &ea = (*a)[i], &eb = (*b)[i];
    if (isExpandable(ea.connector) || isExpandable(eb.connector)) {
      if (!isExpandable(ea.connector) || !isExpandable(eb.connector)) {
        f_.diags().report(diag::ExpandableConnectedToNonExpandable, c.range);
        return;
      }
      expandableConnections_.push_back({ea, eb, c.range});
      ++cardinality_[ea.connector];
      ++cardinality_[eb.connector];
      continue;
    }
    // An element of an expandable connector connects like a connector.
    auto connectable = [](const Instance *x) {
      return x->isConnector() || (x->parent && isExpandable(x->parent));
    };
    if (!connectable(ea.connector) || !connectable(eb.connector)) {
      f_.diags().report(diag::NotAConnector, c.range,
                        {(connectable(ea.connector) ? eb : ea).connector->path()});
      return;
    }
    connectLeaves(ea, eb, c.range);
  }
}

void ConnectionGraph::connectLeaves(const ConnectorEnd &ea, const ConnectorEnd &eb,
                                    SourceRange loc) {
  std::vector<ConnectorLeaf> la, lb;
  if (!leaves(ea, la) || !leaves(eb, lb))
    return;
  bool compatible = la.size() == lb.size();
  for (size_t k = 0; compatible && k < la.size(); ++k)
    compatible = la[k].path == lb[k].path && la[k].kind == lb[k].kind;
  if (!compatible) {
    f_.diags().report(diag::ConnectIncompatibleConnectors, loc,
                      {ea.connector->path(), eb.connector->path()});
    return;
  }
  // MLS 9.3: connected variables have the same type, constants and
  // parameters connect to their own kind, and a causal variable to causal
  // ones (elements of expandable connectors take what they are connected
  // to).
  auto onBus = [](const Instance *x) {
    return isExpandable(x) || (x->parent && isExpandable(x->parent));
  };
  const flat::FlatModel &model = f_.model();
  for (size_t k = 0; k < la.size(); ++k) {
    const flat::Variable &va = model.var(la[k].var), &vb = model.var(lb[k].var);
    std::string pair = "`" + va.name + "` and `" + vb.name + "`";
    if (va.type != vb.type || va.enumeration != vb.enumeration) {
      f_.diags().report(diag::ConnectDifferentTypes, loc, {pair});
      return;
    }
    bool constantA = va.variability == flat::VariabilityKind::Constant ||
                     va.variability == flat::VariabilityKind::Parameter;
    bool constantB = vb.variability == flat::VariabilityKind::Constant ||
                     vb.variability == flat::VariabilityKind::Parameter;
    if ((constantA || constantB) && va.variability != vb.variability) {
      f_.diags().report(diag::ConnectVariabilityMismatch, loc, {pair});
      return;
    }
    if (!onBus(ea.connector) && !onBus(eb.connector) &&
        (va.causality == flat::CausalityKind::None) != (vb.causality == flat::CausalityKind::None)) {
      f_.diags().report(diag::ConnectCausalityMismatch, loc, {pair});
      return;
    }
  }
  ++cardinality_[ea.connector];
  ++cardinality_[eb.connector];
  connections_.push_back({ea, eb, loc});
  // The flow variable of each end, which its stream variables go with
  // (MLS 15.1: a stream connector has exactly one, checked with the class).
  auto flowOf = [](const std::vector<ConnectorLeaf> &leaves) {
    for (const ConnectorLeaf &leaf : leaves)
      if (leaf.kind == ast::ConnectorKind::Flow)
        return leaf.var;
    return sym::VarId{UINT32_MAX};
  };
  sym::VarId flowA = flowOf(la), flowB = flowOf(lb);
  for (size_t k = 0; k < la.size(); ++k) {
    if (la[k].kind == ast::ConnectorKind::Stream &&
        (flowA.index == UINT32_MAX || flowB.index == UINT32_MAX)) {
      // MLS 15.1 (the class check reports it first, where it sees the class).
      f_.diags().report(diag::StreamConnectorFlowCount, loc,
                        {(flowA.index == UINT32_MAX ? ea : eb).connector->path(), "none"});
      return;
    }
    if (la[k].overconstrained && lb[k].overconstrained) {
      // Field equalities of overconstrained records go by graph edges.
      Instance *na = la[k].overconstrained, *nb = lb[k].overconstrained;
      if (edges_.empty() || edges_.back().branch || edges_.back().a != na || edges_.back().b != nb ||
          edges_.back().loc.begin != loc.begin) {
        nodeIndex(na);
        nodeIndex(nb);
        edges_.push_back({na, nb, false, {}, loc});
      }
      edges_.back().pairs.push_back({la[k].var, lb[k].var});
      continue;
    }
    uint64_t ka = uint64_t(la[k].var.index) * 2 + ea.outside;
    uint64_t kb = uint64_t(lb[k].var.index) * 2 + eb.outside;
    for (uint64_t key : {ka, kb})
      if (elementIndex_.try_emplace(key, static_cast<uint32_t>(elements_.size())).second) {
        elements_.push_back(key);
        parent_.push_back(static_cast<uint32_t>(parent_.size()));
        elementLoc_.push_back(loc);
        elementKind_.push_back(la[k].kind);
        elementFlow_.push_back(key == ka ? flowA : flowB);
        elementBus_.push_back(busKind(key == ka ? ea.connector : eb.connector));
      }
    unite(elementIndex_[ka], elementIndex_[kb]);
  }
}

/// A built-in signal of an expandable connector: TopLevel when every
/// enclosing connector up to the model is public (the model's own bus).
ConnectionGraph::BusKind ConnectionGraph::busKind(const Instance *x) {
  if (!x || !x->isBuiltin() || !x->parent || !isExpandable(x->parent))
    return BusKind::None;
  for (const Instance *p = x->parent; p->parent; p = p->parent)
    if (p->prefixes.isProtected || !p->isConnector())
      return BusKind::Inner;
  return BusKind::TopLevel;
}

/// The representative of x's set in a union-find forest (path halving).
static uint32_t findRoot(std::vector<uint32_t> &parent, uint32_t x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

uint32_t ConnectionGraph::find(uint32_t x) { return findRoot(parent_, x); }

void ConnectionGraph::unite(uint32_t a, uint32_t b) {
  a = find(a);
  b = find(b);
  if (a != b)
    parent_[std::max(a, b)] = std::min(a, b); // the earlier element represents the set
}

int ConnectionGraph::cardinality(Instance *connector) const {
  auto it = cardinality_.find(connector);
  return it == cardinality_.end() ? 0 : it->second;
}

// --- The virtual connection graph ------------------------------------------------------------

void ConnectionGraph::buildGraph() {
  size_t n = nodes_.size();
  for (const Edge &e : edges_) {
    nodeIndex(e.a);
    nodeIndex(e.b);
  }
  n = nodes_.size();
  nodeParent_.resize(n);
  for (size_t i = 0; i < n; ++i)
    nodeParent_[i] = i;
  auto findNode = [&](size_t x) {
    while (nodeParent_[x] != x)
      x = nodeParent_[x] = nodeParent_[nodeParent_[x]];
    return x;
  };
  // Branches are always in the tree; a connection that would close a loop
  // is cut (its pairs are cleared, it becomes an equalityConstraint).
  std::vector<std::vector<std::pair<size_t, size_t>>> adjacency(n);
  auto addTreeEdge = [&](size_t a, size_t b) {
    nodeParent_[findNode(a)] = findNode(b);
    adjacency[a].push_back({b, 0});
    adjacency[b].push_back({a, 0});
  };
  for (const Edge &e : edges_)
    if (e.branch)
      addTreeEdge(nodeIndex_[e.a], nodeIndex_[e.b]);
  cut_.assign(edges_.size(), false);
  for (size_t i = 0; i < edges_.size(); ++i) {
    const Edge &e = edges_[i];
    if (e.branch)
      continue;
    size_t a = nodeIndex_[e.a], b = nodeIndex_[e.b];
    if (findNode(a) == findNode(b))
      cut_[i] = true;
    else
      addTreeEdge(a, b);
  }
  // One root per tree: a definite root, else the best potential root.
  std::map<size_t, size_t> rootOfTree;
  for (size_t i = 0; i < n; ++i) {
    if (rootPriority_[i] == INT_MAX)
      continue;
    size_t tree = findNode(i);
    auto it = rootOfTree.find(tree);
    if (it == rootOfTree.end() || rootPriority_[i] < rootPriority_[it->second])
      rootOfTree[tree] = i;
  }
  isRoot_.assign(n, false);
  depth_.assign(n, -1);
  std::deque<size_t> queue;
  for (auto [tree, root] : rootOfTree) {
    isRoot_[root] = true;
    depth_[root] = 0;
    queue.push_back(root);
  }
  for (size_t i = 0; i < n; ++i)
    if (!rootOfTree.count(findNode(i)) && findNode(i) == i)
      f_.diags().report(diag::OverconstrainedGraphNoRoot, nodes_[i]->loc, {nodes_[i]->path()});
  while (!queue.empty()) {
    size_t u = queue.front();
    queue.pop_front();
    for (auto [v, unused] : adjacency[u])
      if (depth_[v] < 0) {
        depth_[v] = depth_[u] + 1;
        queue.push_back(v);
      }
  }
}

std::optional<bool> ConnectionGraph::isRoot(Instance *node) const {
  auto it = nodeIndex_.find(node);
  if (it == nodeIndex_.end() || it->second >= isRoot_.size())
    return std::nullopt;
  return isRoot_[it->second];
}

std::optional<bool> ConnectionGraph::rooted(Instance *node) const {
  auto it = nodeIndex_.find(node);
  if (it == nodeIndex_.end() || it->second >= depth_.size())
    return std::nullopt;
  // rooted(A): A is closer to the root than B of Connections.branch(A, B).
  for (const Edge &e : edges_) {
    if (!e.branch || (e.a != node && e.b != node))
      continue;
    Instance *other = e.a == node ? e.b : e.a;
    return depth_[it->second] < depth_[nodeIndex_.at(other)];
  }
  return depth_[it->second] == 0;
}

// --- Equations ----------------------------------------------------------------------------------

void ConnectionGraph::findConnectors(Instance *instance, std::vector<Instance *> &out, int depth) {
  if (depth > 100)
    return;
  auto visit = [&](Instance *c) {
    if (!c || !f_.isEnabled(c) || !c->dims)
      return;
    if (c->isConnector()) {
      // The connectors in an expandable connector (declared or added by
      // augmentation) have their flows as inside connectors too (MLS 9.2).
      if (!isExpandable(c))
        out.push_back(c);
      else if (c->dims->empty())
        findConnectors(c, out, depth + 1);
      return;
    }
    if (c->isBuiltin() || !c->cls)
      return;
    if (c->dims->empty()) {
      findConnectors(c, out, depth + 1);
      return;
    }
    for (auto &element : c->elements(*c->dims))
      findConnectors(element.get(), out, depth + 1);
  };
  auto &members = instance->members();
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].kind == inst::Member::Kind::Component && !isOuterOnly(members[i]))
      visit(instance->memberInstance(members[i]));
  for (size_t i = 0; i < instance->implicitInners.size(); ++i)
    visit(instance->implicitInners[i].get());
}

/// Signals of the model's own buses, if it has any: the connection sets of
/// one variable's inside and outside elements taken together (a signal
/// passes through an inner bus), each given to markBusInput.
void ConnectionGraph::markBusInputs() {
  if (std::find(elementBus_.begin(), elementBus_.end(), BusKind::TopLevel) == elementBus_.end())
    return;
  std::vector<uint32_t> group(elements_.size());
  for (uint32_t i = 0; i < elements_.size(); ++i)
    group[i] = find(i);
  std::unordered_map<uint32_t, uint32_t> groupOfVar; // a potential element of each variable
  for (uint32_t i = 0; i < elements_.size(); ++i) {
    if (elementKind_[i] == ast::ConnectorKind::Flow)
      continue;
    auto [it, fresh] = groupOfVar.try_emplace(static_cast<uint32_t>(elements_[i] / 2), i);
    if (!fresh) {
      uint32_t a = findRoot(group, it->second), b = findRoot(group, i);
      if (a != b)
        group[std::max(a, b)] = std::min(a, b);
    }
  }
  std::vector<std::vector<uint32_t>> signals(elements_.size());
  for (uint32_t i = 0; i < elements_.size(); ++i)
    if (elementKind_[i] != ast::ConnectorKind::Flow)
      signals[findRoot(group, i)].push_back(i);
  for (const auto &set : signals)
    if (!set.empty())
      markBusInput(set);
}

/// A signal of the model's own expandable connector whose connection set
/// has no source inside the model (only inputs of components and signals
/// of inner buses) is provided from outside: an input of the model (MLS
/// 9.1.3 gives it the causality its connections need; 9.3 allows an
/// outside public expandable connector as the source of a set).
void ConnectionGraph::markBusInput(const std::vector<uint32_t> &set) {
  auto &model = f_.model();
  int top = -1;
  for (uint32_t e : set) {
    const flat::Variable &v = model.variables[elements_[e] / 2];
    if (elementBus_[e] == BusKind::TopLevel) {
      if (top < 0)
        top = static_cast<int>(e);
      continue;
    }
    bool insideInput = v.causality == flat::CausalityKind::Input && !v.topLevelInput;
    if (!insideInput && elementBus_[e] != BusKind::Inner)
      return; // an output, or a variable that equations determine
    if (v.variability != flat::VariabilityKind::Continuous &&
        v.variability != flat::VariabilityKind::Discrete)
      return;
  }
  if (top < 0)
    return;
  flat::Variable &input = model.variables[elements_[top] / 2];
  input.topLevelInput = true;
  input.causality = flat::CausalityKind::Input;
}

void ConnectionGraph::generateEquations(Instance *root) {
  auto &pool = f_.model().pool;
  auto variable = [&](uint64_t key) { return pool.variable(sym::VarId{static_cast<uint32_t>(key / 2)}); };
  auto add = [&](ExprId lhs, ExprId rhs, SourceRange loc, flat::EquationOriginKind origin) {
    f_.model().equations.push_back({lhs, rhs, loc, origin, 0});
  };
  // Connection sets, each represented by its earliest element.
  std::vector<std::vector<uint32_t>> sets(elements_.size());
  for (uint32_t i = 0; i < elements_.size(); ++i)
    sets[find(i)].push_back(i);
  for (const auto &set : sets) {
    if (set.size() < 2)
      continue;
    if (elementKind_[set[0]] == ast::ConnectorKind::Stream) {
      streamEquations(set);
      continue;
    }
    if (elementKind_[set[0]] == ast::ConnectorKind::Flow) {
      // Sum of the flows: inside elements count positive, outside negative.
      std::vector<ExprId> terms;
      for (uint32_t e : set) {
        ExprId v = variable(elements_[e]);
        terms.push_back(elements_[e] % 2 ? pool.neg(v) : v);
      }
      ExprId sum = terms[0];
      for (size_t k = 1; k < terms.size(); ++k)
        sum = pool.add(sum, terms[k]);
      add(sum, pool.zero(), elementLoc_[set[0]], flat::EquationOriginKind::FlowSum);
      continue;
    }
    // Parameters and constants of connectors are not unknowns: connected,
    // they must be equal (MLS 9.3), which is checked here when their values
    // are known.
    auto isParameter = [&](uint32_t e) {
      auto variability = f_.model().variables[elements_[e] / 2].variability;
      return variability == flat::VariabilityKind::Parameter ||
             variability == flat::VariabilityKind::Constant;
    };
    for (size_t k = 1; k < set.size(); ++k) {
      if (isParameter(set[0]) || isParameter(set[k])) {
        auto a = f_.evaluate(variable(elements_[set[0]]));
        auto b = f_.evaluate(variable(elements_[set[k]]));
        if (a && b && *a != *b)
          f_.diags().report(
              diag::ConnectedParametersDiffer, elementLoc_[set[k]],
              {f_.model().nameOf(sym::VarId{static_cast<uint32_t>(elements_[set[0]] / 2)}),
               f_.model().nameOf(sym::VarId{static_cast<uint32_t>(elements_[set[k]] / 2)})});
        continue;
      }
      add(variable(elements_[set[0]]), variable(elements_[set[k]]), elementLoc_[set[k]],
          flat::EquationOriginKind::Connect);
    }
  }
  markBusInputs();
  // Flows of inside connectors that nothing connects are zero.
  std::vector<Instance *> connectors;
  findConnectors(root, connectors, 0);
  for (Instance *c : connectors) {
    std::vector<ConnectorLeaf> leaves;
    if (!leavesOf(c, -1, "", nullptr, leaves))
      continue;
    for (const ConnectorLeaf &leaf : leaves)
      if (leaf.kind == ast::ConnectorKind::Flow &&
          !elementIndex_.count(uint64_t(leaf.var.index) * 2))
        add(pool.variable(leaf.var), pool.zero(), c->loc, flat::EquationOriginKind::UnconnectedFlow);
  }
  // Overconstrained records: equalities along the tree, residues on cuts.
  for (size_t i = 0; i < edges_.size(); ++i) {
    const Edge &e = edges_[i];
    if (e.branch)
      continue;
    if (!cut_[i]) {
      for (auto [a, b] : e.pairs)
        add(pool.variable(a), pool.variable(b), e.loc, flat::EquationOriginKind::Connect);
      continue;
    }
    inst::ClassNode *constraint = f_.instantiator().equalityConstraint(*e.a);
    if (!constraint)
      continue;
    Instance *function = f_.functionInstance(constraint);
    auto a = f_.instanceValue(e.a, e.loc), b = f_.instanceValue(e.b, e.loc);
    if (!a || !b)
      continue;
    std::vector<std::optional<Value>> args{std::move(*a), std::move(*b)};
    auto outputs = callFunction(f_, function, args, e.loc);
    if (!outputs || outputs->empty())
      continue;
    std::vector<ExprId> residues;
    appendScalars(outputs->front(), residues);
    for (ExprId r : residues)
      add(pool.zero(), r, e.loc, flat::EquationOriginKind::Connect);
  }
}

// --- Stream connectors (MLS chapter 15) --------------------------------------------------------

/// The flow below which a connector counts as carrying no flow into a
/// connection set of three or more connectors (the ε of MLS 15.2's
/// max(-m_j, ε)): the mixture stays defined when every flow is zero.
constexpr double kStreamFlowEpsilon = 1e-7;

const std::vector<uint32_t> &ConnectionGraph::setMembers(uint32_t element) {
  if (setOf_.size() != elements_.size()) {
    members_.assign(elements_.size(), {});
    setOf_.assign(elements_.size(), 0);
    for (uint32_t i = 0; i < elements_.size(); ++i) {
      setOf_[i] = find(i);
      members_[setOf_[i]].push_back(i);
    }
  }
  return members_[setOf_[element]];
}

/// What flows out of the set through element `except` (MLS 15.2): the
/// others' contributions, weighted by the flow that enters the set through
/// each (an inside connector's stream leaves its component when its flow is
/// negative; an outside connector brings what arrives from outside when
/// its flow is positive).
ExprId ConnectionGraph::mixture(const std::vector<uint32_t> &set, uint32_t except, int depth) {
  auto &pool = f_.model().pool;
  std::vector<uint32_t> others;
  for (uint32_t e : set)
    if (e != except)
      others.push_back(e);
  auto value = [&](uint32_t e) {
    sym::VarId var{static_cast<uint32_t>(elements_[e] / 2)};
    return elements_[e] % 2 ? inStreamAt(var, depth + 1) : pool.variable(var);
  };
  if (others.size() == 1) // exact, without the regularization
    return value(others[0]);
  ExprId numerator = pool.zero(), denominator = pool.zero();
  ExprId epsilon = pool.constant(kStreamFlowEpsilon);
  for (uint32_t e : others) {
    ExprId flow = pool.variable(elementFlow_[e]);
    ExprId entering = elements_[e] % 2 ? flow : pool.neg(flow);
    ExprId weight = pool.binary(sym::OpKind::Max, entering, epsilon);
    numerator = pool.add(numerator, pool.mul(weight, value(e)));
    denominator = pool.add(denominator, weight);
  }
  return pool.div(numerator, denominator);
}

ExprId ConnectionGraph::inStreamAt(sym::VarId var, int depth) {
  auto &pool = f_.model().pool;
  auto it = elementIndex_.find(uint64_t(var.index) * 2); // as an inside connector
  if (it == elementIndex_.end() || depth > 64)
    return pool.variable(var);
  const std::vector<uint32_t> &set = setMembers(it->second);
  if (set.size() < 2)
    return pool.variable(var);
  return mixture(set, it->second, depth);
}

ExprId ConnectionGraph::inStream(sym::VarId var) { return inStreamAt(var, 0); }

bool ConnectionGraph::isStreamVariable(sym::VarId var) {
  if (!streamVariables_) {
    streamVariables_.emplace();
    std::vector<Instance *> connectors;
    if (root_)
      findConnectors(root_, connectors, 0);
    for (Instance *c : connectors) {
      std::vector<ConnectorLeaf> leaves;
      if (leavesOf(c, -1, "", nullptr, leaves))
        for (const ConnectorLeaf &leaf : leaves)
          if (leaf.kind == ast::ConnectorKind::Stream)
            streamVariables_->insert(leaf.var.index);
    }
  }
  return streamVariables_->count(var.index) > 0;
}

ExprId ConnectionGraph::actualStream(sym::VarId var) {
  auto &pool = f_.model().pool;
  auto it = elementIndex_.find(uint64_t(var.index) * 2);
  if (it == elementIndex_.end() || elementFlow_[it->second].index == UINT32_MAX)
    return pool.variable(var);
  ExprId flow = pool.variable(elementFlow_[it->second]);
  // Continuous where the flow changes sign only if the two agree there,
  // which is the model's business: no event, as other tools (smooth 0).
  return pool.smooth(0, pool.ifElse(pool.binary(sym::OpKind::Greater, flow, pool.zero()),
                                    inStream(var), pool.variable(var)));
}

/// The equations of a set of stream variables: each outside connector's
/// stream variable is what flows out through it (MLS 15.2); the inside
/// ones are given by their components' equations.
void ConnectionGraph::streamEquations(const std::vector<uint32_t> &set) {
  auto &pool = f_.model().pool;
  for (uint32_t e : set) {
    if (elements_[e] % 2 == 0)
      continue;
    sym::VarId var{static_cast<uint32_t>(elements_[e] / 2)};
    f_.model().equations.push_back({pool.variable(var), mixture(set, e, 0), elementLoc_[e],
                                    flat::EquationOriginKind::Connect, 0});
  }
}

} // namespace mocc::flattening
