// The instance tree: classes instantiated with their modifications. An
// Instance is the model being flattened, one of its components (at any
// depth), or a package used for its constants and classes. Its members are
// the elements of its class after inheritance (`extends` expanded in place)
// and modification (MLS chapter 7); each member's own instance is created on
// first use, so only what the model needs is ever instantiated.
//
// Nothing here evaluates expressions: modifiers keep their AST expression and
// the scope to evaluate it in; flattening evaluates them.
#pragma once

#include "compiler/instantiate/ClassTree.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace mocc::inst {

class Instance;

/// Where a name in an expression is looked up: the instance whose members
/// come first, and the class whose text holds the expression (for lookup in
/// the enclosing classes and for its imports).
struct Scope {
  Instance *instance = nullptr;
  ClassNode *lexical = nullptr;
};

/// A modification of one element, with the scope of its binding.
struct Modifier {
  SourceRange loc;
  bool each = false;
  bool final = false;
  const ast::Expr *binding = nullptr; ///< `= expr`, or null
  SourceRange bindingLoc;
  Scope scope; ///< where `binding` is evaluated
  /// Where the redeclaration was written, where its type and modification
  /// are looked up: an outer binding (`z(re = 1)` of `record Z = C(redeclare
  /// Resistance re)`) moves `scope`, not this.
  Scope redeclareScope;
  /// For an element of an array of components: the binding is an array
  /// value and this element takes binding[elementIndex...].
  std::vector<int64_t> elementIndex;
  /// The size of each array of components that elementIndex indexes: the
  /// binding's dimension there must have it (MLS 7.2.5).
  std::vector<int64_t> elementSize;
  std::vector<std::pair<std::string, Modifier>> children; ///< in source order
  const ast::Argument *redeclare = nullptr; ///< redeclaration of this element
  /// Replaceable redeclarations that a later redeclaration replaced, with
  /// their scopes: each constrains the later ones (MLS 7.3.2).
  std::vector<std::pair<const ast::Argument *, Scope>> constraints;

  bool empty() const { return !binding && children.empty() && !redeclare; }
  Modifier *child(const std::string &name);
  const Modifier *child(const std::string &name) const;

  // A destructor declared here and defined below, where Modifier is
  // complete: clang (C++20, libstdc++ 12) instantiates the destructor of
  // `children` while it instantiates std::pair<std::string, Modifier>, in
  // which Modifier is still incomplete, and fails. Declaring it means
  // declaring the copies and moves too.
  Modifier() = default;
  Modifier(const Modifier &) = default;
  Modifier(Modifier &&) = default;
  Modifier &operator=(const Modifier &) = default;
  Modifier &operator=(Modifier &&) = default;
  ~Modifier();
};
inline Modifier::~Modifier() = default;

/// Builds a modifier from a modification written in `scope`.
Modifier makeModifier(const ast::Modification *mod, Scope scope);
/// Merges `outer` into `inner`: the outer modification wins (MLS 7.2.4).
/// Reports an error when it modifies an element that `inner` made final.
void mergeModifier(Modifier &inner, const Modifier &outer, Diagnostics &diags);
/// The modifier of element `index` of an array of components: every binding
/// not marked `each` selects its element.
Modifier elementModifier(const Modifier &arrayModifier, int64_t index, int64_t size);

enum class InstanceKind { Model, Component, Package };

/// One element of an instantiated class.
struct Member {
  enum class Kind { Component, Class } kind = Kind::Component;
  std::string name;
  const ast::Element *element = nullptr;
  const ast::ComponentDecl *decl = nullptr; ///< Component only
  ClassNode *classNode = nullptr;  ///< Class: the class (after redeclaration)
  /// Class: where a redeclaration wrote the class, whose names its
  /// modification uses (unset: the instance itself).
  std::optional<Scope> redeclaredIn;
  ClassNode *declaredIn = nullptr; ///< the class whose text declares it
  /// A `class extends` written without `redeclare`: the inherited class it
  /// extends, which names written in the base classes still find.
  ClassNode *extendedClass = nullptr;
  Modifier mod;       ///< modifications from extends clauses and from outside
  bool isProtected = false;
  /// How many extends clauses lie between the instance's class and the
  /// class that declares it: of two redeclarations of one element, the
  /// one nearer the instance's class wins (MLS 7.3).
  uint16_t depth = 0;
  /// While its instance is being created: a lookup that reaches it then
  /// is a declaration that refers to itself (`x x;`).
  bool creating = false;
  std::unique_ptr<Instance> instance; ///< created on first use
};

/// An instance's members. A deque, so that pointers to members stay valid
/// as it grows, allocated with the first member: std::deque allocates its
/// map and a first block (512 bytes) when it is constructed, and most
/// instances (Real variables) have no members. Allocating it with the
/// first member took the peak for 100,000 equations of masses from 566 to
/// 502 MiB.
class MemberList {
public:
  using iterator = std::deque<Member>::iterator;
  using const_iterator = std::deque<Member>::const_iterator;

  size_t size() const { return members_ ? members_->size() : 0; }
  bool empty() const { return size() == 0; }
  Member &operator[](size_t i) { return (*members_)[i]; }
  const Member &operator[](size_t i) const { return (*members_)[i]; }
  iterator begin() { return members_ ? members_->begin() : iterator(); }
  iterator end() { return members_ ? members_->end() : iterator(); }
  const_iterator begin() const { return members_ ? members_->cbegin() : const_iterator(); }
  const_iterator end() const { return members_ ? members_->cend() : const_iterator(); }
  Member &emplace_back() { return storage().emplace_back(); }
  void push_back(Member member) { storage().push_back(std::move(member)); }

private:
  std::deque<Member> &storage() {
    if (!members_)
      members_ = std::make_unique<std::deque<Member>>();
    return *members_;
  }
  std::unique_ptr<std::deque<Member>> members_;
};

/// Where each member of an instance is, by name. Most instances have a few
/// members (a connector, a parameter record, a small component), and a
/// scan of their names costs less than a search tree's nodes, one
/// allocation per member (OneDHeatTransferTT_Modelica_N_10240's peak memory:
/// 606 -> 587 MiB without them); an instance with more members (a package)
/// gets a hash table.
class MemberIndex {
public:
  static constexpr size_t npos = SIZE_MAX;
  /// Up to this many members, `find` scans them.
  static constexpr size_t kScanned = 16;
  /// The index in `members` of the member named `name`, or npos.
  size_t find(const MemberList &members, const std::string &name) const;
  /// Records members[index], whose name no other member has.
  void add(const MemberList &members, size_t index);

private:
  std::unique_ptr<std::unordered_map<std::string, size_t>> table_;
};

/// An equation or algorithm section together with the class that wrote it.
template <class T> struct Written {
  const T *node = nullptr;
  ClassNode *lexical = nullptr;
};

/// Prefixes of a component after its type's prefixes are combined in.
struct ComponentPrefixes {
  ast::VariabilityKind variability = ast::VariabilityKind::Continuous;
  ast::CausalityKind causality = ast::CausalityKind::None;
  /// The causality written on the declaration or by its type's short class
  /// definitions (`connector RealInput = input Real`), not the enclosing
  /// component's.
  ast::CausalityKind declaredCausality = ast::CausalityKind::None;
  ast::ConnectorKind connector = ast::ConnectorKind::Potential;
  bool isFinal = false;
  bool inner = false;
  bool outer = false;
  bool isProtected = false;
};

class Instantiator;

/// An instantiated class.
class Instance {
public:
  InstanceKind kind = InstanceKind::Component;
  std::string name;           ///< component name; the class name for the model
  Instance *parent = nullptr; ///< enclosing instance (null for model and packages)
  ClassNode *cls = nullptr;   ///< the class of the instance (long class or builtin)
  BuiltinKind builtin = BuiltinKind::None;
  const Member *member = nullptr; ///< the declaration (components only)
  SourceRange loc;
  ComponentPrefixes prefixes;
  /// Merged modification: for a built-in type its attributes (start, fixed,
  /// unit, ...); for a class the modifications of its members.
  Modifier mod;
  /// Array dimensions as written (declaration first, then from the type's
  /// short class definitions), each with the scope to evaluate it in.
  std::vector<std::pair<const ast::Expr *, Scope>> dimExprs;
  /// The evaluated dimensions, set by flattening.
  std::optional<std::vector<int64_t>> dims;
  /// For an array of components of a class type: one instance per element,
  /// in row-major order, created by `elements()`.
  std::vector<std::unique_ptr<Instance>> arrayElements;
  /// Set when a class in the type's chain of short definitions is a
  /// connector (`connector RealInput = input Real`).
  bool connectorType = false;
  /// Whether the component exists: true from its creation for an
  /// unconditional component; for a conditional one, its condition as
  /// flattening evaluated it (unset before).
  std::optional<bool> enabled;
  /// Flattening's record of this component's variables: the index of its
  /// range in the flattener that declared them, and that flattener's id (an
  /// instance tree may be flattened more than once: `mocc eval` lowers each
  /// expression with a flattener of its own). A field rather than a hash map
  /// of the flattener: looking it up costs no cache miss.
  uint64_t flatOwner = 0;
  uint32_t flatVars = 0;
  /// The walk of the semantic check that visited this instance last
  /// (check::Checker): a field, not a set of visited instances, whose node
  /// and search per instance were about 40 % of the check of a large model
  /// (OneDHeatTransferTT_Modelica_N_10240: 0.09 -> 0.055 s).
  uint32_t checkWalk = 0;
  /// connect(a, b) equations that `extends B(break connect(a, b))` removes
  /// from the inherited equations, as written ("a", "b").
  std::vector<std::pair<std::string, std::string>> brokenConnects;
  /// Inner components created at the top level for outer components that
  /// found no inner (model instance only).
  std::vector<std::unique_ptr<Instance>> implicitInners;

  /// The members (expanded on first use).
  MemberList &members();
  /// An expandable connector gains an element by a connection to it (MLS
  /// 9.1.3): a new member `name` of the type, attributes and (evaluated)
  /// dimensions of `like`, without its causality or binding.
  Member *addElementLike(const std::string &name, const Instance &like);
  Member *findMember(const std::string &memberName);
  Instance *memberInstance(Member &m);
  /// The instance a name of member m means: memberInstance, but for a
  /// component declared `inner outer` the outer one (MLS 5.4: references
  /// name the outer element; the inner one is what the outer declarations
  /// inside find, and what declares the variables).
  Instance *referencedInstance(Member &m);
  /// The causality of a component member as declared: its own prefix, else
  /// its type's (`type InArgument = input Real`, MLS 4.5.1).
  ast::CausalityKind causalityOf(const Member &m);
  /// The members expanded so far, without expanding (for walking what
  /// flattening used).
  MemberList &expandedMembers() { return members_; }

  const std::vector<Written<ast::EquationSection>> &equationSections();
  const std::vector<Written<ast::AlgorithmSection>> &algorithmSections();
  /// The external clause of a function, its own or inherited (`function f
  /// extends g` of an external g); its `lexical` is the class that wrote it.
  /// Null for other classes.
  const Written<ast::ExternalClause> &externalClause();

  /// "a.b[2].c" relative to the model (empty for the model itself).
  std::string path() const;
  bool isBuiltin() const { return builtin != BuiltinKind::None; }
  /// The class restriction (Type for built-in types).
  ast::ClassRestrictionKind restriction() const {
    return cls ? cls->restriction() : ast::ClassRestrictionKind::Type;
  }
  bool isRecord() const;
  /// A connector, or a component of a type defined as a connector.
  bool isConnector() const;
  /// The condition of a conditional component, or null.
  const ast::Expr *condition() const { return member && member->decl ? member->decl->condition.get() : nullptr; }
  /// The index of an element of an array of components (1-based), if it is one.
  const std::optional<std::vector<int64_t>> &elementIndex() const { return elementIndex_; }
  bool isArray() const { return !dimExprs.empty(); }
  /// The element instances of an array of components, given its dimensions.
  std::vector<std::unique_ptr<Instance>> &elements(const std::vector<int64_t> &dims);

private:
  friend class Instantiator;
  Instantiator *inst_ = nullptr;
  bool expanded_ = false;
  bool expanding_ = false;
  MemberIndex memberIndex_;
  MemberList members_;
  std::vector<Written<ast::EquationSection>> equations_;
  std::vector<Written<ast::AlgorithmSection>> algorithms_;
  Written<ast::ExternalClause> external_;
  std::optional<std::vector<int64_t>> elementIndex_; ///< for array elements
  /// A package's class and the classes it extends, as expanded.
  std::vector<ClassNode *> expandedClasses_;
};

/// The result of looking up the first identifier of a name.
struct Found {
  /// Failed: the name exists but could not be instantiated (reported).
  enum class Kind { None, Class, Component, Failed } kind = Kind::None;
  ClassNode *cls = nullptr;   ///< Class
  Instance *instance = nullptr; ///< Component (or a package's constant)
  explicit operator bool() const { return kind != Kind::None && kind != Kind::Failed; }
};

/// An extends clause (or the base of a short class definition) as
/// instantiation resolved it.
struct ExtendsUse {
  ClassNode *derived = nullptr; ///< the class whose definition extends
  /// The extends element; null for the base of a short class definition.
  const ast::Element *element = nullptr;
  ClassNode *base = nullptr;
  Instance *instance = nullptr; ///< the first instance expanded with it
};

/// What instantiation used, in first-use order, for the semantic checks of
/// compiler/check: every class expanded into an instance or used as a
/// component's type, and every extends clause with the base it named.
struct Usage {
  std::vector<ClassNode *> classes;
  std::vector<ExtendsUse> extends;
};

/// Creates instances and performs lookup (MLS chapter 5).
class Instantiator {
public:
  Instantiator(ClassTree &tree, Diagnostics &diags) : tree_(tree), diags_(diags) {}

  /// The root instance of a model class. `owner` is the instance in which
  /// the class is an element (a local or replaceable class such as World's
  /// gravityAcceleration), whose components its modification may name.
  Instance *instantiateModel(ClassNode *cls, Instance *owner = nullptr);
  /// A package's instance (for its constants), created once per class.
  Instance *packageInstance(ClassNode *cls);

  /// Looks up the first identifier of a name in a scope.
  Found lookupFirst(const std::string &name, Scope scope);
  /// Looks up a whole dotted class name from a scope; null if not a class.
  /// `range` is where to report a failure (nothing is reported if invalid).
  ClassNode *lookupClass(const ast::Name &name, Scope scope, bool report = true);
  /// Looks up a class name's remaining parts inside a found class.
  ClassNode *findNestedClass(ClassNode *cls, const std::string &name, Scope scope);
  /// Whether `name` may be looked up inside the class `cls` as part of a
  /// composite name written in `scope` (MLS 5.3.2): `cls` is not partial,
  /// the element is public (or the name is written inside `cls`), and
  /// `cls` is a package or operator (or satisfies a package's
  /// requirements) unless the element is encapsulated. Reports at `at`.
  /// `first` is the name's first identifier: a class it names through a
  /// replaceable declaration may be partial (a redeclaration replaces it).
  bool checkCompositeLookup(ClassNode *cls, const std::string &name, SourceRange at, Scope scope,
                            const std::string &first);
  /// Whether the element `name` of the class is protected (declared or
  /// inherited).
  bool isProtectedElement(ClassNode *cls, const std::string &name);
  /// Follows short class definitions without modification or dimensions
  /// (`type E2 = E;`) to the class they name.
  ClassNode *resolveAlias(ClassNode *cls);
  /// An element of a package: a nested class or a constant.
  Found lookupInPackage(ClassNode *cls, const std::string &name);
  /// The equalityConstraint function of an overdetermined record or type
  /// (MLS 9.4.1) that a component is of, or null: for a record its member,
  /// for a type extending a predefined type (`type Angle extends Real;
  /// function equalityConstraint ...`) found along the component's
  /// declared type.
  ClassNode *equalityConstraint(Instance &x);
  /// Whether a class extends the predefined ExternalObject (MLS 12.9.7): a
  /// component of it is an external object (its Instance::builtin is
  /// ExternalObject, its cls the class) and a call of it calls its
  /// `constructor`.
  bool isExternalObjectClass(ClassNode *cls);

  ClassTree &tree() { return tree_; }
  Diagnostics &diags() { return diags_; }
  /// The classes and extends clauses used so far.
  const Usage &usage() const { return usage_; }
  /// The root instances created so far: models (also functions and record
  /// constructors instantiated for flattening) and packages.
  const std::vector<std::unique_ptr<Instance>> &roots() const { return roots_; }

private:
  friend class Instance;
  void expand(Instance &instance);
  void expandClass(Instance &instance, ClassNode *cls, Modifier *extendsMod, int depth,
                   bool protectedBase = false);
  /// Whether two components of one name, `existing` already added with its
  /// extends clauses' modification and `member` with `memberOuter`, are the
  /// same element after modification (MLS 7.1): one of them is kept.
  bool sameComponentAfterModification(const Member &existing, const Member &member,
                                      const Modifier *memberOuter);
  void addElement(Instance &instance, ClassNode *cls, const ast::Element &element,
                  Modifier *extendsMod, bool inProtected, int depth);
  std::unique_ptr<Instance> createComponent(Instance &parent, Member &member);
  void reportSelfReference(const Member &member);
  Instance *resolveOuter(Instance &instance, Member &member);
  void resolveType(Instance &instance, ClassNode *type, Scope typeScope, const Member *member);
  Found lookupInImports(const std::string &name, ClassNode *cls);
  /// lookupFirst past the scope's instance: `lexical` and its enclosing
  /// classes, their imports, the top level. `inInstance`: the scope had an
  /// instance, so `lexical` itself is searched by its text only.
  Found lookupLexical(const std::string &name, ClassNode *lexical, bool inInstance);
  Found lookupLexicalUncached(const std::string &name, ClassNode *lexical, bool inInstance);
  ClassNode *findNestedClassUncached(ClassNode *cls, const std::string &name, Scope scope);
  bool isProtectedElementUncached(ClassNode *cls, const std::string &name);
  void applyRedeclarations(Instance &instance);
  /// The classes of a package's members inherited from the classes it
  /// extends become children of views of those (ClassNode::viewOf).
  void placeInheritedClasses(Instance &package);
  /// A `class extends` written in `cls` (its textual child `child`) is the
  /// member of `cls` as a package, which knows the class it extends.
  ClassNode *classExtendsMember(ClassNode *cls, ClassNode *child);
  /// `node`, a class inherited from its parent, as an element of `derived`.
  ClassNode *asElementOf(ClassNode *node, ClassNode *derived);
  void noteClass(ClassNode *cls);
  void noteExtends(ClassNode *derived, const ast::Element *element, ClassNode *base,
                   Instance &instance);

  ClassTree &tree_;
  Diagnostics &diags_;
  std::vector<std::unique_ptr<Instance>> roots_;
  /// Element names removed by `break` in the extends clauses being expanded.
  std::vector<std::vector<std::string>> breakNames_;
  std::map<ClassNode *, Instance *> packages_;
  /// The views of base classes as parts of derived ones, by (base,
  /// derived), and the inherited classes placed in them, by (class,
  /// derived).
  std::map<std::pair<ClassNode *, ClassNode *>, ClassNode *> views_;
  std::map<std::pair<ClassNode *, ClassNode *>, ClassNode *> inheritedClasses_;
  std::map<ClassNode *, bool> externalObjectClasses_;
  /// Answers of lookups by class and name, kept (see `kept`): lookupLexical's
  /// (by inInstance), findNestedClass's and isProtectedElement's.
  template <class T>
  using KeptAnswers = std::unordered_map<ClassNode *, std::unordered_map<std::string, T>>;
  template <class T, class Compute>
  T kept(KeptAnswers<T> &answers, ClassNode *cls, const std::string &name, Compute compute);
  KeptAnswers<Found> lexicalLookups_[2];
  KeptAnswers<ClassNode *> nestedClasses_;
  KeptAnswers<bool> protectedElements_;
  /// Package instances being expanded (nested): while there are, no
  /// answer is kept.
  int packagesExpanding_ = 0;
  Usage usage_;
  /// The inherited class that each `class extends` definition extends.
  std::map<ClassNode *, ClassNode *> classExtendsBase_;
  std::set<ClassNode *> usedClasses_;
  std::set<std::tuple<ClassNode *, const ast::Element *, ClassNode *>> usedExtends_;
  /// Elements named like a predefined type, reported once each.
  std::set<const ast::Element *> reportedReserved_;
};

} // namespace mocc::inst
