// Connections (MLS chapter 9): connect-equations are collected before the
// other equations are lowered, since the virtual connection graph of
// overconstrained connectors decides `Connections.isRoot` and `rooted`
// (MLS 9.4), which equations use. Afterwards the connection sets give the
// potential equalities and flow sums, unconnected flows are set to zero,
// and loop-closing connections of overconstrained records give
// equalityConstraint residues instead of equalities.
#pragma once

#include "compiler/flatten/Flattener.h"

#include <map>
#include <optional>
#include <unordered_set>

namespace mocc::flattening {

/// One end of a connection: a connector component (for an array of
/// built-in connectors such as RealInput u[3], one element of it).
struct ConnectorEnd {
  Instance *connector = nullptr;
  int64_t element = -1; ///< element of a built-in array connector, or -1
  bool outside = false; ///< a connector of the instance that wrote connect()
};

/// A scalar variable of a connector, as a connection set sees it.
struct ConnectorLeaf {
  sym::VarId var;
  std::string path; ///< relative to the connector, for compatibility checks
  ast::ConnectorKind kind = ast::ConnectorKind::Potential;
  Instance *overconstrained = nullptr; ///< the overconstrained record it is a field of
};

/// Everything collected before equations are lowered, and the outcome of
/// the virtual connection graph.
class ConnectionGraph {
public:
  explicit ConnectionGraph(Flattener &f) : f_(f) {}

  /// Walks the instance tree and records connect-equations and the
  /// Connections.branch/root/potentialRoot statements.
  void collect(Instance *root);
  /// Builds the spanning forest of the overconstrained connection graph.
  void buildGraph();
  /// Adds the connection equations and the zero flows to the model.
  void generateEquations(Instance *root);

  /// Connections.isRoot(node) and Connections.rooted(node); nothing if the
  /// node is not part of the graph.
  std::optional<bool> isRoot(Instance *node) const;
  std::optional<bool> rooted(Instance *node) const;
  /// cardinality(c): the number of connect-equations naming connector c.
  int cardinality(Instance *connector) const;

  /// inStream(v) of the stream variable v of a connector, seen as an inside
  /// connector (MLS 15.2): v itself when v's connector is connected to
  /// nothing, the other's stream variable when to one, else the mixture of
  /// the others weighted by the flows that enter the set through them.
  sym::ExprId inStream(sym::VarId var);
  /// actualStream(v) = if m_flow > 0 then inStream(v) else v (MLS 15.3),
  /// m_flow the flow variable of v's connector; v when unconnected.
  sym::ExprId actualStream(sym::VarId var);
  /// Whether v is a stream variable of a connector of the model.
  bool isStreamVariable(sym::VarId var);

  /// Resolves a connector reference of a connect-equation (also used for
  /// the arguments of Connections.* and cardinality).
  std::optional<std::vector<ConnectorEnd>> resolveEnds(const ast::RefExpr &ref, Scope scope);

  /// A connect-equation's reference to an element that its expandable
  /// connector does not have (yet): added by the connection (MLS 9.1.3).
  struct MissingElement {
    Instance *bus = nullptr;
    std::string name;
    bool outside = false;
  };
  std::optional<std::vector<ConnectorEnd>> resolveEnds(const ast::RefExpr &ref, Scope scope,
                                                       MissingElement *missing);

private:
  /// The linear indices of the elements a subscripted reference part selects.
  bool selectElements(const std::vector<int64_t> &dims, const ast::RefPart &part, Scope scope,
                      std::vector<int64_t> &selected);
  struct Connection {
    ConnectorEnd a, b;
    SourceRange loc;
  };
  struct Edge {
    Instance *a, *b;
    bool branch; ///< Connections.branch: required, no equations
    std::vector<std::pair<sym::VarId, sym::VarId>> pairs; ///< connect: field equalities
    SourceRange loc;
  };
  void collectEquations(const std::vector<ast::EquationPtr> &eqs, Scope scope);
  void connectExpandable();
  /// MLS 9.3: a connection set has at most one source of a signal (an
  /// output of an inside connector or an input of an outside one).
  void checkSources();
  void markBusInputs();
  void markBusInput(const std::vector<uint32_t> &set);
  bool isPresent(Instance *x);
  void makePresent(Instance *x);
  void connectLeaves(const ConnectorEnd &ea, const ConnectorEnd &eb, SourceRange loc);
  void collectEquation(const ast::Equation &eq, Scope scope);
  void collectCall(const ast::CallExpr &call, Scope scope, SourceRange loc);
  void addConnection(const ast::ConnectEquation &c, Scope scope);
  bool leaves(const ConnectorEnd &end, std::vector<ConnectorLeaf> &out);
  bool leavesOf(Instance *x, int64_t element, const std::string &path, Instance *oc,
                std::vector<ConnectorLeaf> &out);
  Instance *overconstrainedNode(const ast::Expr &arg, Scope scope);
  void walk(Instance *instance, int depth);
  void findConnectors(Instance *instance, std::vector<Instance *> &out, int depth);
  uint32_t find(uint32_t x);
  void unite(uint32_t a, uint32_t b);
  size_t nodeIndex(Instance *node);

  Flattener &f_;
  std::vector<Connection> connections_;
  std::vector<Connection> expandableConnections_; ///< both ends expandable
  std::vector<Edge> edges_;
  std::map<Instance *, int> cardinality_;
  std::vector<Instance *> nodes_;
  std::map<Instance *, size_t> nodeIndex_;
  std::vector<int> rootPriority_; ///< -1: definite root; >= 0 potential root; INT_MAX none
  std::vector<bool> isRoot_;
  std::vector<int> depth_;
  std::vector<bool> cut_; ///< per edge: a connection that closes a loop
  std::vector<size_t> nodeParent_; ///< union-find over nodes
  // Connection sets: union-find over elements (variable, outside).
  std::map<uint64_t, uint32_t> elementIndex_;
  std::vector<uint64_t> elements_;
  std::vector<uint32_t> parent_;
  std::vector<SourceRange> elementLoc_;
  std::vector<ast::ConnectorKind> elementKind_;
  /// Per stream element: the flow variable of its connector.
  std::vector<sym::VarId> elementFlow_;
  /// The elements of each element's connection set, made on first use
  /// (after every connection is collected).
  std::vector<std::vector<uint32_t>> members_;
  std::vector<uint32_t> setOf_;
  Instance *root_ = nullptr;
  std::optional<std::unordered_set<uint32_t>> streamVariables_; ///< made on first use
  const std::vector<uint32_t> &setMembers(uint32_t element);
  sym::ExprId mixture(const std::vector<uint32_t> &set, uint32_t except, int depth);
  sym::ExprId inStreamAt(sym::VarId var, int depth);
  void streamEquations(const std::vector<uint32_t> &set);
  /// Per element: a signal of an expandable connector, and whether that
  /// connector is a public connector of the model itself (MLS 9.1.3, 9.3).
  enum class BusKind : uint8_t { None, Inner, TopLevel };
  std::vector<BusKind> elementBus_;
  static BusKind busKind(const Instance *x);
};

} // namespace mocc::flattening
