// Instantiation: expanding a class into members (inherited elements in
// place of their extends clause), distributing modifications to members,
// resolving component types through short class definitions, and lookup of
// names in nested scopes, imports and enclosing classes (MLS chapter 5).
#include "compiler/instantiate/Instance.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Stack.h"

#include <algorithm>

namespace mocc::inst {

// --- Instance ------------------------------------------------------------------

MemberList &Instance::members() {
  // During expansion (looking up an extends clause's base class) the
  // members found so far are visible.
  if (!expanded_ && !expanding_)
    inst_->expand(*this);
  return members_;
}

Member *Instance::findMember(const std::string &memberName) {
  members();
  auto it = memberIndex_.find(memberName);
  return it == memberIndex_.end() ? nullptr : &members_[it->second];
}

Member *Instance::addElementLike(const std::string &name, const Instance &like) {
  members();
  if (memberIndex_.count(name) || !like.member)
    return nullptr;
  Member &m = members_.emplace_back();
  m.kind = Member::Kind::Component;
  m.name = name;
  m.element = like.member->element;
  m.decl = like.member->decl;
  m.declaredIn = like.member->declaredIn;
  memberIndex_[name] = members_.size() - 1;
  auto c = std::make_unique<Instance>();
  c->kind = InstanceKind::Component;
  c->name = name;
  c->parent = this;
  c->cls = like.cls;
  c->builtin = like.builtin;
  c->member = &m;
  c->loc = like.loc;
  c->prefixes = like.prefixes;
  c->prefixes.causality = ast::CausalityKind::None;
  c->prefixes.isProtected = false;
  c->prefixes.inner = c->prefixes.outer = false;
  c->mod = like.mod;
  c->mod.binding = nullptr;
  c->mod.redeclare = nullptr;
  c->dims = like.dims;
  c->connectorType = like.connectorType;
  c->inst_ = inst_;
  m.instance = std::move(c);
  return &m;
}

Instance *Instance::memberInstance(Member &m) {
  if (m.kind != Member::Kind::Component)
    return nullptr;
  // An outer component is the inner one of an enclosing instance (MLS 5.4).
  if (m.element->outer && !m.element->inner)
    return inst_->resolveOuter(*this, m);
  if (!m.instance) {
    if (m.creating) {
      inst_->reportSelfReference(m);
      return nullptr;
    }
    // Components of components, and types whose lookup instantiates
    // other components, nest here.
    NestingLevel level(m.decl->nameRange, "the component");
    m.creating = true;
    m.instance = inst_->createComponent(*this, m);
    m.creating = false;
  }
  return m.instance.get();
}

bool Instance::isRecord() const {
  using R = ast::ClassRestrictionKind;
  return !isBuiltin() && cls && (restriction() == R::Record || restriction() == R::OperatorRecord);
}

bool Instance::isConnector() const {
  using R = ast::ClassRestrictionKind;
  return connectorType ||
         (cls && (restriction() == R::Connector || restriction() == R::ExpandableConnector));
}

const std::vector<Written<ast::EquationSection>> &Instance::equationSections() {
  members();
  return equations_;
}

const std::vector<Written<ast::AlgorithmSection>> &Instance::algorithmSections() {
  members();
  return algorithms_;
}

const Written<ast::ExternalClause> &Instance::externalClause() {
  members();
  return external_;
}

std::string Instance::path() const {
  if (kind != InstanceKind::Component)
    return "";
  std::string prefix = parent ? parent->path() : "";
  return prefix.empty() ? name : prefix + "." + name;
}

std::vector<std::unique_ptr<Instance>> &Instance::elements(const std::vector<int64_t> &shape) {
  if (!arrayElements.empty() || shape.empty())
    return arrayElements;
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  std::vector<int64_t> index(shape.size(), 1);
  for (int64_t k = 0; k < count; ++k) {
    auto element = std::make_unique<Instance>();
    element->kind = kind;
    element->parent = parent;
    element->cls = cls;
    element->builtin = builtin;
    element->member = member;
    element->enabled = enabled;
    element->loc = loc;
    element->prefixes = prefixes;
    element->connectorType = connectorType;
    element->inst_ = inst_;
    element->mod = mod;
    std::string suffix;
    for (size_t i = 0; i < index.size(); ++i) {
      element->mod = elementModifier(element->mod, index[i]);
      suffix += (i ? "," : "") + std::to_string(index[i]);
    }
    element->name = name + "[" + suffix + "]";
    element->elementIndex_ = index;
    arrayElements.push_back(std::move(element));
    for (size_t i = index.size(); i-- > 0;) { // row-major increment
      if (++index[i] <= shape[i])
        break;
      index[i] = 1;
    }
  }
  return arrayElements;
}

// --- Expansion ------------------------------------------------------------------

Instance *Instantiator::instantiateModel(ClassNode *cls, Instance *owner) {
  auto root = std::make_unique<Instance>();
  root->kind = InstanceKind::Model;
  root->name = cls->fullName();
  root->cls = cls;
  root->inst_ = this;
  root->loc = cls->def ? cls->def->nameRange : SourceRange{};
  resolveType(*root, cls, Scope{owner, cls->parent}, nullptr);
  roots_.push_back(std::move(root));
  return roots_.back().get();
}

Instance *Instantiator::packageInstance(ClassNode *cls) {
  if (auto it = packages_.find(cls); it != packages_.end())
    return it->second;
  auto package = std::make_unique<Instance>();
  package->kind = InstanceKind::Package;
  package->name = cls->fullName();
  package->cls = cls;
  package->inst_ = this;
  package->loc = cls->def ? cls->def->nameRange : SourceRange{};
  packages_[cls] = package.get();
  roots_.push_back(std::move(package));
  return roots_.back().get();
}

void Instantiator::expand(Instance &instance) {
  // Classes whose expansion looks up or instantiates other classes (base
  // classes, packages of imported names) nest here.
  NestingLevel level(instance.cls && instance.cls->def ? instance.cls->def->nameRange
                                                       : SourceRange{},
                     "the class");
  instance.expanding_ = true;
  if (!instance.isBuiltin() && instance.cls && instance.cls->def)
    expandClass(instance, instance.cls, nullptr, 0);
  instance.expanded_ = true;
  // Modifications from outside (the instance's own modifier) go to members.
  if (!instance.isBuiltin()) {
    for (const auto &[name, childMod] : instance.mod.children) {
      auto it = instance.memberIndex_.find(name);
      if (it == instance.memberIndex_.end()) {
        diags_.error(childMod.loc, "modifier `" + name + "` does not name an element of `" +
                                       (instance.cls ? instance.cls->fullName() : "?") + "`");
        continue;
      }
      mergeModifier(instance.members_[it->second].mod, childMod, diags_);
    }
  }
  applyRedeclarations(instance);
  instance.expanding_ = false;
}

void Instantiator::expandClass(Instance &instance, ClassNode *cls, Modifier *extendsMod, int depth) {
  const ast::ClassDef *def = cls->def;
  if (!def)
    return;
  if (depth > 64) {
    diags_.error(def->nameRange, "inheritance of `" + cls->fullName() + "` is too deep or cyclic");
    return;
  }
  if (def->specifier == ast::ClassSpecifierKind::Short) {
    // extends of a short class definition A = B(mod): extend B with mod.
    Modifier shortMod = makeModifier(def->baseMod.get(), Scope{&instance, cls->parent});
    if (extendsMod)
      mergeModifier(shortMod, *extendsMod, diags_);
    if (ClassNode *base = lookupClass(def->baseType, Scope{nullptr, cls->parent}))
      expandClass(instance, base, &shortMod, depth + 1);
    return;
  }
  bool inProtected = false;
  for (const ast::Element &element : def->elements) {
    if (element.kind == ast::ElementKind::Import)
      continue;
    if (element.kind != ast::ElementKind::Extends) {
      addElement(instance, cls, element, extendsMod, element.isProtected);
      continue;
    }
    const ast::ExtendsClause &ext = *element.extends;
    ClassNode *base = lookupClass(ext.base, Scope{&instance, cls});
    if (!base)
      continue;
    if (base->builtin != BuiltinKind::None)
      continue; // `extends Real(...)` in a type: handled by resolveType
    Modifier mod = makeModifier(ext.mod.get(), Scope{&instance, cls});
    if (extendsMod)
      mergeModifier(mod, *extendsMod, diags_);
    // `break x` removes an inherited element, `break connect(a, b)` an
    // inherited connection (MLS 7.4).
    std::vector<std::string> broken;
    if (ext.mod)
      for (const ast::Argument &arg : ext.mod->arguments) {
        if (arg.kind == ast::ArgumentKind::BreakComponent && !arg.path.parts.empty())
          broken.push_back(arg.path.parts[0]);
        if (arg.kind == ast::ArgumentKind::BreakConnect && arg.connectA && arg.connectB)
          instance.brokenConnects.push_back({arg.connectA->str(), arg.connectB->str()});
      }
    breakNames_.push_back(std::move(broken));
    expandClass(instance, base, &mod, depth + 1);
    breakNames_.pop_back();
  }
  (void)inProtected;
  for (const auto &section : def->equationSections)
    instance.equations_.push_back({&section, cls});
  for (const auto &section : def->algorithmSections)
    instance.algorithms_.push_back({&section, cls});
  if (def->external) // after the bases: a class's own clause replaces theirs
    instance.external_ = {def->external.get(), cls};
}

void Instantiator::addElement(Instance &instance, ClassNode *cls, const ast::Element &element,
                              Modifier *extendsMod, bool isProtected) {
  auto isBroken = [&](const std::string &name) {
    for (const auto &names : breakNames_)
      if (std::find(names.begin(), names.end(), name) != names.end())
        return true;
    return false;
  };
  auto add = [&](Member member) {
    if (isBroken(member.name))
      return;
    // MLS 4.8: the names of the predefined types are reserved (the class
    // tree leaves such classes out).
    if (isPredefinedTypeName(member.name)) {
      if (reportedReserved_.insert(member.element).second)
        diags_.error(element.range, "`" + member.name + "` is the name of a predefined type; "
                                    "no element may be declared with it");
      return;
    }
    auto [it, inserted] = instance.memberIndex_.try_emplace(member.name, instance.members_.size());
    if (!inserted) {
      Member &existing = instance.members_[it->second];
      if (existing.element == member.element)
        return; // the same element inherited twice
      // Identical declarations (but for comments and annotations), as two
      // base classes may both have: one is kept (MLS 7.3.3).
      if (existing.kind == member.kind && existing.element && member.element &&
          ast::toString(*existing.element, false) == ast::toString(*member.element, false)) {
        if (extendsMod)
          if (const Modifier *m = extendsMod->child(member.name))
            mergeModifier(existing.mod, *m, diags_);
        return;
      }
      diags_.error(element.range, "`" + member.name + "` is already declared in `" +
                                      cls->fullName() + "`");
      if (existing.element)
        diags_.note(existing.element->range, "the other declaration, which is not identical");
      return;
    }
    if (extendsMod)
      if (const Modifier *m = extendsMod->child(member.name))
        member.mod = *m;
    instance.members_.push_back(std::move(member));
  };
  if (element.kind == ast::ElementKind::Component) {
    for (const ast::ComponentDecl &decl : element.component->components) {
      Member m;
      m.kind = Member::Kind::Component;
      m.name = decl.name;
      m.element = &element;
      m.decl = &decl;
      m.declaredIn = cls;
      m.isProtected = isProtected;
      add(std::move(m));
    }
  } else if (element.kind == ast::ElementKind::Class) {
    Member m;
    m.kind = Member::Kind::Class;
    m.name = element.classDef->name;
    m.element = &element;
    m.classNode = cls->findChild(m.name);
    m.declaredIn = cls;
    m.isProtected = isProtected;
    add(std::move(m));
  }
}

void Instantiator::applyRedeclarations(Instance &instance) {
  for (Member &m : instance.members_) {
    if (!m.mod.redeclare || m.kind != Member::Kind::Class)
      continue;
    const ast::Argument &arg = *m.mod.redeclare;
    if (!m.element->replaceable) {
      diags_.error(arg.range, "`" + m.name + "` is redeclared but not declared `replaceable`");
      diags_.note(m.element->range, "declared here");
      continue;
    }
    if (arg.classDef) {
      m.classNode = tree_.makeNode(m.mod.scope.lexical, arg.classDef.get());
      m.redeclaredIn = m.mod.scope;
    }
  }
}

// --- Components -----------------------------------------------------------------

static ComponentPrefixes prefixesOf(const Member &member, const Instance &parent) {
  ComponentPrefixes p;
  const ast::Element &element = *member.element;
  const ast::TypePrefix &tp = element.component->prefix;
  p.variability = tp.variability;
  p.causality = tp.causality;
  p.connector = tp.connector;
  p.isFinal = element.final;
  p.inner = element.inner;
  p.outer = element.outer;
  p.isProtected = member.isProtected;
  // A component of a parameter (or constant) record is a parameter too.
  if (parent.kind == InstanceKind::Component &&
      static_cast<int>(parent.prefixes.variability) > static_cast<int>(p.variability))
    p.variability = parent.prefixes.variability;
  if (parent.kind == InstanceKind::Component && p.causality == ast::CausalityKind::None)
    p.causality = parent.prefixes.causality;
  // The fields of a flow (or stream) record are flow (stream) variables.
  if (parent.kind == InstanceKind::Component && p.connector == ast::ConnectorKind::Potential)
    p.connector = parent.prefixes.connector;
  return p;
}

std::unique_ptr<Instance> Instantiator::createComponent(Instance &parent, Member &member) {
  auto c = std::make_unique<Instance>();
  c->kind = InstanceKind::Component;
  c->name = member.name;
  c->parent = &parent;
  c->member = &member;
  c->inst_ = this;
  if (!member.decl->condition)
    c->enabled = true;
  c->loc = member.decl->nameRange;
  c->prefixes = prefixesOf(member, parent);
  Scope declScope{&parent, member.declaredIn};
  const ast::ComponentClause *clause = member.element->component.get();
  const ast::Name *typeName = &clause->type;
  // A redeclaration replaces the declared type and modification.
  const ast::ComponentDecl *decl = member.decl;
  if (member.mod.redeclare && member.mod.redeclare->component && !member.element->replaceable) {
    diags_.error(member.mod.redeclare->range,
                 "`" + member.name + "` is redeclared but not declared `replaceable`");
    diags_.note(member.element->range, "declared here");
  } else if (member.mod.redeclare && member.mod.redeclare->component) {
    const ast::ComponentClause &re = *member.mod.redeclare->component;
    typeName = &re.type;
    decl = &re.components.front();
    declScope = member.mod.scope;
  }
  c->mod = makeModifier(decl->mod.get(), declScope);
  if (decl != member.decl) {
    // The modification of the replaced declaration stays in force where
    // the redeclaration does not override it (MLS 7.3.2): `replaceable
    // PortA port(final m = m)` redeclared as `PortB port` keeps m = m.
    Modifier original = makeModifier(member.decl->mod.get(), Scope{&parent, member.declaredIn});
    original.binding = nullptr; // a binding belongs to the type it was written for
    for (auto &[name, child] : original.children)
      if (!c->mod.child(name))
        c->mod.children.push_back({name, child});
  }
  c->mod.final |= member.element->final; // `final parameter Real c = 2`
  Modifier outer = member.mod;
  outer.redeclare = nullptr;
  mergeModifier(c->mod, outer, diags_);
  for (const auto &d : decl->dims)
    c->dimExprs.push_back({d.get(), declScope});
  for (const auto &d : clause->typeDims)
    c->dimExprs.push_back({d.get(), declScope});
  ClassNode *type = lookupClass(*typeName, declScope);
  if (type)
    resolveType(*c, type, declScope, &member);
  return c;
}

/// A component whose own declaration reaches it while it is being created:
/// the type name finds the component itself (MLS 5.3.1 looks names up in
/// the class's elements first; MLS 4.4.4: a component may not have the
/// name of its type).
void Instantiator::reportSelfReference(const Member &member) {
  const ast::ComponentClause &clause = *member.element->component;
  if (!clause.type.global && !clause.type.parts.empty() && clause.type.parts[0] == member.name) {
    diags_.error(clause.type.range, "the type name `" + clause.type.str() + "` of component `" +
                                        member.name + "` refers to the component itself (a "
                                        "component may not have the name of its type)");
    return;
  }
  diags_.error(member.decl->nameRange,
               "the declaration of `" + member.name + "` refers to `" + member.name + "` itself");
}

void Instantiator::resolveType(Instance &instance, ClassNode *type, Scope typeScope,
                               const Member *member) {
  for (int depth = 0; type && depth < 64; ++depth) {
    if (type->builtin != BuiltinKind::None) {
      instance.builtin = type->builtin;
      instance.cls = type;
      return;
    }
    const ast::ClassDef *def = type->def;
    using R = ast::ClassRestrictionKind;
    if (def->prefixes.restriction == R::Connector || def->prefixes.restriction == R::ExpandableConnector)
      instance.connectorType = true; // connector RealInput = input Real
    if (def->specifier == ast::ClassSpecifierKind::Enumeration) {
      instance.builtin = BuiltinKind::Enumeration;
      instance.cls = type;
      return;
    }
    const ast::Modification *baseMod = nullptr;
    const ast::Name *base = nullptr;
    if (def->specifier == ast::ClassSpecifierKind::Short) {
      baseMod = def->baseMod.get();
      base = &def->baseType;
      for (const auto &d : def->baseDims)
        instance.dimExprs.push_back({d.get(), Scope{nullptr, type->parent}});
      if (def->basePrefix.causality != ast::CausalityKind::None &&
          instance.prefixes.causality == ast::CausalityKind::None)
        instance.prefixes.causality = def->basePrefix.causality;
    } else if (def->prefixes.restriction == ast::ClassRestrictionKind::Type &&
               def->specifier == ast::ClassSpecifierKind::Long) {
      // type T extends Real(...); end T;
      for (const ast::Element &e : def->elements)
        if (e.kind == ast::ElementKind::Extends) {
          base = &e.extends->base;
          baseMod = e.extends->mod.get();
        }
    }
    if (!base) {
      instance.cls = type;
      if (isExternalObjectClass(type)) {
        instance.builtin = BuiltinKind::ExternalObject;
        // An external object is constructed once and never assigned (MLS
        // 12.9.7), so one declared without a prefix does not vary either:
        // it is a parameter (in a model; a function's keep their causality).
        if (instance.prefixes.variability == ast::VariabilityKind::Continuous ||
            instance.prefixes.variability == ast::VariabilityKind::Discrete)
          instance.prefixes.variability = ast::VariabilityKind::Parameter;
      }
      return;
    }
    // The type's own modification is inner to the component's. A class
    // that is an element of an instance (a local or replaceable class)
    // sees that instance's components.
    Scope modScope{nullptr, type->parent};
    if (depth == 0 && typeScope.instance)
      if (Member *m = typeScope.instance->findMember(type->name); m && m->classNode == type)
        modScope = m->redeclaredIn ? *m->redeclaredIn : Scope{typeScope.instance, type->parent};
    Modifier typeMod = makeModifier(baseMod, modScope);
    mergeModifier(typeMod, instance.mod, diags_);
    instance.mod = std::move(typeMod);
    type = lookupClass(*base, Scope{nullptr, type->parent});
  }
  (void)member;
}

Instance *Instantiator::resolveOuter(Instance &instance, Member &member) {
  for (Instance *p = instance.parent; p; p = p->parent) {
    Member *m = p->findMember(member.name);
    if (m && m->element->inner && m->kind == Member::Kind::Component)
      return p->memberInstance(*m);
  }
  // No inner: MLS 5.4 lets a tool add one at the top level, with a warning.
  Instance *root = &instance;
  while (root->parent)
    root = root->parent;
  for (auto &implicit : root->implicitInners)
    if (implicit->name == member.name)
      return implicit.get();
  ClassNode *type = lookupClass(member.element->component->type, Scope{&instance, member.declaredIn});
  if (!type || (type->def && type->def->prefixes.partial)) {
    diags_.error(member.decl->nameRange, "no `inner` declaration for the outer component `" +
                                             member.name + "`" +
                                             (type ? " (and its class is partial)" : ""));
    return nullptr;
  }
  diags_.warning(member.decl->nameRange, "no `inner` declaration for the outer component `" +
                                             member.name + "`; using a default one at the top level");
  std::unique_ptr<Instance> inner = createComponent(*root, member);
  inner->prefixes.outer = false;
  inner->prefixes.inner = true;
  root->implicitInners.push_back(std::move(inner));
  return root->implicitInners.back().get();
}

bool Instantiator::isExternalObjectClass(ClassNode *cls) {
  if (!cls || !cls->def || cls->def->specifier != ast::ClassSpecifierKind::Long)
    return false;
  if (auto it = externalObjectClasses_.find(cls); it != externalObjectClasses_.end())
    return it->second;
  bool result = false;
  for (const ast::Element &e : cls->def->elements)
    if (e.kind == ast::ElementKind::Extends)
      if (ClassNode *base = lookupClass(e.extends->base, Scope{nullptr, cls->parent}, false))
        result = result || base->builtin == BuiltinKind::ExternalObject;
  externalObjectClasses_[cls] = result;
  return result;
}

ClassNode *Instantiator::resolveAlias(ClassNode *cls) {
  for (int depth = 0; cls && cls->def && depth < 64; ++depth) {
    const ast::ClassDef *def = cls->def;
    if (def->specifier != ast::ClassSpecifierKind::Short || !def->baseDims.empty() ||
        (def->baseMod && !def->baseMod->arguments.empty()))
      return cls;
    ClassNode *base = lookupClass(def->baseType, Scope{nullptr, cls->parent}, false);
    if (!base)
      return cls;
    cls = base;
  }
  return cls;
}

// --- Lookup ---------------------------------------------------------------------

Found Instantiator::lookupInPackage(ClassNode *cls, const std::string &name) {
  if (ClassNode *child = cls->findChild(name))
    return {Found::Kind::Class, child, nullptr};
  if (!cls->def)
    return {};
  Instance *package = packageInstance(cls);
  Member *m = package->findMember(name);
  if (!m)
    return {};
  if (m->kind == Member::Kind::Class)
    return {Found::Kind::Class, m->classNode, nullptr};
  if (m->element->component->prefix.variability != ast::VariabilityKind::Constant)
    return {};
  return {Found::Kind::Component, nullptr, package->memberInstance(*m)};
}

/// Resolves a global dotted name: a class, or a constant of a package.
static Found resolveGlobal(Instantiator &inst, const std::vector<std::string> &parts,
                           Found (Instantiator::*inPackage)(ClassNode *, const std::string &)) {
  ClassNode *cls = inst.tree().lookupPath(parts);
  if (cls)
    return {Found::Kind::Class, cls, nullptr};
  if (parts.size() < 2)
    return {};
  std::vector<std::string> prefix(parts.begin(), parts.end() - 1);
  ClassNode *package = inst.tree().lookupPath(prefix);
  if (!package)
    return {};
  return (inst.*inPackage)(package, parts.back());
}

Found Instantiator::lookupInImports(const std::string &name, ClassNode *cls) {
  for (const ast::ImportClause *import : cls->imports()) {
    const ast::ImportClause &imp = *import;
    std::vector<std::string> parts = imp.name.parts;
    switch (imp.kind) {
    case ast::ImportKind::Qualified:
      if (!parts.empty() && parts.back() == name)
        return resolveGlobal(*this, parts, &Instantiator::lookupInPackage);
      break;
    case ast::ImportKind::Named:
      if (imp.alias == name)
        return resolveGlobal(*this, parts, &Instantiator::lookupInPackage);
      break;
    case ast::ImportKind::Multiple:
      for (const std::string &n : imp.names)
        if (n == name) {
          parts.push_back(name);
          return resolveGlobal(*this, parts, &Instantiator::lookupInPackage);
        }
      break;
    case ast::ImportKind::Unqualified:
      if (ClassNode *package = tree_.lookupPath(parts))
        if (Found f = lookupInPackage(package, name))
          return f;
      break;
    }
  }
  return {};
}

Found Instantiator::lookupFirst(const std::string &name, Scope scope) {
  if (scope.instance) {
    if (Member *m = scope.instance->findMember(name)) {
      if (m->kind == Member::Kind::Class)
        return {Found::Kind::Class, m->classNode, nullptr};
      Instance *c = scope.instance->memberInstance(*m);
      return {c ? Found::Kind::Component : Found::Kind::Failed, nullptr, c};
    }
  }
  for (ClassNode *c = scope.lexical; c; c = c->parent) {
    if (c != scope.lexical || !scope.instance) {
      if (Found f = lookupInPackage(c, name))
        return f;
    } else if (ClassNode *local = c->findChild(name)) {
      // A class declared later in the class being expanded: `extends P`
      // of a local P (MLS 5.6.1 looks the base up in the class itself).
      return {Found::Kind::Class, local, nullptr};
    }
    if (Found f = lookupInImports(name, c))
      return f;
    if (c->isEncapsulated()) {
      // Only predefined names are visible beyond an encapsulated class.
      ClassNode *top = tree_.lookupTopLevel(name);
      if (top && top->builtin != BuiltinKind::None)
        return {Found::Kind::Class, top, nullptr};
      return {};
    }
  }
  if (ClassNode *top = tree_.lookupTopLevel(name))
    return {Found::Kind::Class, top, nullptr};
  return {};
}

ClassNode *Instantiator::findNestedClass(ClassNode *cls, const std::string &name, Scope scope) {
  if (ClassNode *child = cls->findChild(name))
    return child;
  if (!cls->def)
    return nullptr;
  Member *m = packageInstance(cls)->findMember(name);
  return m && m->kind == Member::Kind::Class ? m->classNode : nullptr;
}

ClassNode *Instantiator::lookupClass(const ast::Name &name, Scope scope, bool report) {
  if (name.parts.empty())
    return nullptr;
  ClassNode *cls = nullptr;
  if (name.global) {
    cls = tree_.lookupTopLevel(name.parts[0]);
  } else {
    Found f = lookupFirst(name.parts[0], scope);
    if (f.kind == Found::Kind::Failed)
      return nullptr; // already reported
    if (f.kind == Found::Kind::Class)
      cls = f.cls;
  }
  for (size_t i = 1; cls && i < name.parts.size(); ++i) {
    ClassNode *next = findNestedClass(cls, name.parts[i], scope);
    if (!next) {
      std::string close = report ? cls->closestChildName(name.parts[i]) : "";
      if (report && !close.empty()) {
        diags_.error(name.range, "class `" + cls->fullName() + "` has no class named `" +
                                     name.parts[i] + "`; did you mean `" + close + "`?");
      } else if (report && cls->inBundledSubset()) {
        std::string missing = cls->fullName(); // the whole name, from where it is missing
        for (size_t j = i; j < name.parts.size(); ++j)
          missing += "." + name.parts[j];
        diags_.error(name.range, notInBundledSubset(missing));
      } else if (report) {
        diags_.error(name.range, "class `" + cls->fullName() + "` has no class named `" +
                                     name.parts[i] + "`");
      }
      return nullptr;
    }
    cls = next;
  }
  if (!cls && report)
    diags_.error(name.range, "use of undeclared class `" + name.str() + "`");
  return cls;
}

} // namespace mocc::inst
