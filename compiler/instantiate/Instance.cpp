// Instantiation: expanding a class into members (inherited elements in
// place of their extends clause), distributing modifications to members,
// resolving component types through short class definitions, and lookup of
// names in nested scopes, imports and enclosing classes (MLS chapter 5).
#include "compiler/instantiate/Instance.h"

#include "compiler/ast/ASTPrinter.h"
#include "compiler/support/Stack.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <sstream>

namespace mocc::inst {

// --- MemberIndex ---------------------------------------------------------------

size_t MemberIndex::find(const MemberList &members, const std::string &name) const {
  if (table_) {
    auto it = table_->find(name);
    return it == table_->end() ? npos : it->second;
  }
  for (size_t i = 0; i < members.size(); ++i)
    if (members[i].name == name)
      return i;
  return npos;
}

void MemberIndex::add(const MemberList &members, size_t index) {
  if (table_) {
    table_->emplace(members[index].name, index);
    return;
  }
  if (members.size() <= kScanned)
    return;
  table_ = std::make_unique<std::unordered_map<std::string, size_t>>();
  table_->reserve(2 * members.size());
  for (size_t i = 0; i < members.size(); ++i)
    table_->emplace(members[i].name, i);
}

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
  size_t index = memberIndex_.find(members_, memberName);
  return index == MemberIndex::npos ? nullptr : &members_[index];
}

Member *Instance::addElementLike(const std::string &name, const Instance &like) {
  members();
  if (memberIndex_.find(members_, name) != MemberIndex::npos || !like.member)
    return nullptr;
  Member &m = members_.emplace_back();
  m.kind = Member::Kind::Component;
  m.name = name;
  m.element = like.member->element;
  m.decl = like.member->decl;
  m.declaredIn = like.member->declaredIn;
  memberIndex_.add(members_, members_.size() - 1);
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
  c->prefixes.declaredCausality = ast::CausalityKind::None;
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

ast::CausalityKind Instance::causalityOf(const Member &m) {
  ast::CausalityKind declared = m.element && m.element->component
                                    ? m.element->component->prefix.causality
                                    : ast::CausalityKind::None;
  if (declared != ast::CausalityKind::None || m.kind != Member::Kind::Component)
    return declared;
  Instance *x = memberInstance(const_cast<Member &>(m));
  return x ? x->prefixes.declaredCausality : declared;
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

Instance *Instance::referencedInstance(Member &m) {
  if (m.kind == Member::Kind::Component && m.element && m.element->inner && m.element->outer)
    return inst_->resolveOuter(*this, m);
  return memberInstance(m);
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
      element->mod = elementModifier(element->mod, index[i], shape[i]);
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
  if (cls->viewOf)
    return packageInstance(cls->viewOf);
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
  // Lookups are kept only while no package is half expanded (kept()).
  struct Counting {
    int &count;
    bool on;
    ~Counting() { count -= on; }
  } counting{packagesExpanding_, instance.kind == InstanceKind::Package};
  packagesExpanding_ += counting.on;
  if (!instance.isBuiltin() && instance.cls && instance.cls->def)
    expandClass(instance, instance.cls, nullptr, 0);
  instance.expanded_ = true;
  // Modifications from outside (the instance's own modifier) go to members.
  if (!instance.isBuiltin()) {
    for (const auto &[name, childMod] : instance.mod.children) {
      size_t index = instance.memberIndex_.find(instance.members_, name);
      if (index == MemberIndex::npos) {
        diags_.report(diag::ModifierNamesNoElement, childMod.loc,
                      {name, instance.cls ? instance.cls->fullName() : "?"});
        continue;
      }
      Member &target = instance.members_[index];
      // MLS 4.1: protected elements are modified only by the modifier of
      // an extends clause (and their own declaration), not from outside.
      if (target.isProtected && instance.kind == InstanceKind::Component) {
        diags_.report(diag::ProtectedElementModified, childMod.loc,
                      {name, instance.cls ? instance.cls->fullName() : "?",
                       childMod.redeclare ? "redeclared" : "modified"});
        continue;
      }
      mergeModifier(target.mod, childMod, diags_);
    }
  }
  applyRedeclarations(instance);
  if (instance.kind == InstanceKind::Package)
    placeInheritedClasses(instance);
  instance.expanding_ = false;
}

ClassNode *Instantiator::asElementOf(ClassNode *node, ClassNode *derived) {
  ClassNode *base = node->parent;
  ClassNode *&view = views_[{base, derived}];
  if (!view) {
    view = tree_.copyNode(base->parent, *base);
    view->viewOf = derived;
  }
  ClassNode *&placed = inheritedClasses_[{node, derived}];
  if (!placed) {
    // A class written in the base's text is the view's child of that name;
    // one a redeclaration or `class extends` made is copied into the view.
    ClassNode *child = base->findChild(node->name) == node ? view->findChild(node->name) : nullptr;
    placed = child ? child : tree_.copyNode(view, *node);
  }
  return placed;
}

void Instantiator::placeInheritedClasses(Instance &package) {
  const auto &expanded = package.expandedClasses_;
  auto inherited = [&](ClassNode *c) {
    return c && c->def && c->parent && c->parent != package.cls && !c->parent->viewOf &&
           std::find(expanded.begin(), expanded.end(), c->parent) != expanded.end();
  };
  // A `class extends` keeps the class it extends, placed in the package too
  // (a chain of them: the MSL's BaseProperties).
  auto place = [&](ClassNode *written) {
    ClassNode *result = written;
    for (ClassNode *c = written, *placedC = nullptr; c; ) {
      ClassNode *p = inherited(c) ? asElementOf(c, package.cls) : c;
      if (placedC)
        classExtendsBase_[placedC] = p;
      else
        result = p;
      auto it = classExtendsBase_.find(c);
      if (p == c || it == classExtendsBase_.end() || !it->second)
        break;
      placedC = p;
      c = it->second;
    }
    return result;
  };
  for (Member &m : package.members_) {
    if (m.kind != Member::Kind::Class || !m.classNode)
      continue;
    ClassNode *written = m.classNode;
    m.classNode = place(written);
    if (m.classNode == written)
      if (auto it = classExtendsBase_.find(written); it != classExtendsBase_.end() && it->second)
        classExtendsBase_[written] = place(it->second);
    if (inherited(m.extendedClass))
      m.extendedClass = asElementOf(m.extendedClass, package.cls);
  }
}

void Instantiator::expandClass(Instance &instance, ClassNode *cls, Modifier *extendsMod, int depth,
                               bool protectedBase) {
  const ast::ClassDef *def = cls->def;
  if (!def)
    return;
  if (depth > 64) {
    diags_.report(diag::InheritanceTooDeepOrCyclic, def->nameRange, {cls->fullName()});
    return;
  }
  noteClass(cls);
  if (instance.kind == InstanceKind::Package)
    instance.expandedClasses_.push_back(cls);
  // `model extends B(mod) ... end B`: first the inherited B it replaces.
  if (def->specifier == ast::ClassSpecifierKind::ExtendsLong) {
    if (auto it = classExtendsBase_.find(cls); it != classExtendsBase_.end() && it->second) {
      Modifier mod = makeModifier(def->extendsMod.get(), Scope{&instance, cls});
      if (extendsMod)
        mergeModifier(mod, *extendsMod, diags_);
      noteExtends(cls, nullptr, it->second, instance);
      expandClass(instance, it->second, &mod, depth + 1, protectedBase);
    } else {
      // Expanding only the body would silently lose the inherited elements
      // (a function's inputs).
      diags_.report(diag::ClassExtendsBaseUnknown, def->nameRange, {def->name});
    }
  }
  if (def->specifier == ast::ClassSpecifierKind::Short) {
    // extends of a short class definition A = B(mod): extend B with mod.
    Modifier shortMod = makeModifier(def->baseMod.get(), Scope{&instance, cls->parent});
    if (extendsMod)
      mergeModifier(shortMod, *extendsMod, diags_);
    if (ClassNode *base = lookupClass(def->baseType, Scope{nullptr, cls->parent})) {
      noteExtends(cls, nullptr, base, instance);
      expandClass(instance, base, &shortMod, depth + 1, protectedBase);
    }
    return;
  }
  for (const ast::Element &element : def->elements) {
    if (element.kind == ast::ElementKind::Import)
      continue;
    if (element.kind != ast::ElementKind::Extends) {
      addElement(instance, cls, element, extendsMod, element.isProtected || protectedBase, depth);
      continue;
    }
    const ast::ExtendsClause &ext = *element.extends;
    ClassNode *base = lookupClass(ext.base, Scope{&instance, cls});
    if (!base)
      continue;
    noteExtends(cls, &element, base, instance);
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
    // The elements inherited by a protected extends are protected (MLS 7.1.2).
    expandClass(instance, base, &mod, depth + 1, protectedBase || element.isProtected);
    breakNames_.pop_back();
  }
  for (const auto &section : def->equationSections)
    instance.equations_.push_back({&section, cls});
  for (const auto &section : def->algorithmSections)
    instance.algorithms_.push_back({&section, cls});
  if (def->external) // after the bases: a class's own clause replaces theirs
    instance.external_ = {def->external.get(), cls};
}

/// Whether a member is a `class extends` definition.
static bool isClassExtends(const Member &m) {
  return m.kind == Member::Kind::Class && m.element && m.element->classDef &&
         m.element->classDef->specifier == ast::ClassSpecifierKind::ExtendsLong;
}

/// A modifier's text for comparing two of them: its prefixes, its binding's
/// source text and its children's (sorted by name: the order of the
/// arguments of a modification does not matter). A redeclaration is known
/// by its argument only.
static void modifierKey(const Modifier &m, std::string &out) {
  if (m.final)
    out += "final ";
  if (m.each)
    out += "each ";
  if (m.binding) {
    out += "= ";
    out += ast::toString(*m.binding);
  }
  if (m.redeclare) {
    out += " redeclare@";
    out += std::to_string(reinterpret_cast<std::uintptr_t>(m.redeclare));
  }
  if (m.children.empty())
    return;
  std::vector<const std::pair<std::string, Modifier> *> children;
  children.reserve(m.children.size());
  for (const auto &child : m.children)
    children.push_back(&child);
  std::sort(children.begin(), children.end(),
            [](const auto *a, const auto *b) { return a->first < b->first; });
  out += '(';
  for (const auto *child : children) {
    out += child->first;
    out += ' ';
    modifierKey(child->second, out);
    out += ';';
  }
  out += ')';
}

bool Instantiator::sameComponentAfterModification(const Member &existing, const Member &member,
                                                  const Modifier *memberOuter) {
  // The declarations but for their modifications, comments and annotations.
  if (ast::toString(*existing.element, false, false) !=
      ast::toString(*member.element, false, false))
    return false;
  // Then each one's modification merged with the extends clauses' (errors
  // of the merge, a final element modified, are reported where the member
  // is instantiated: not here).
  std::ostringstream sink;
  Diagnostics scratch(diags_.sources(), sink);
  auto effective = [&](const Member &m, const Modifier *outer) {
    Modifier mod = makeModifier(m.decl->mod.get(), {});
    if (outer)
      mergeModifier(mod, *outer, scratch);
    std::string key;
    modifierKey(mod, key);
    return key;
  };
  return effective(existing, &existing.mod) == effective(member, memberOuter);
}

void Instantiator::addElement(Instance &instance, ClassNode *cls, const ast::Element &element,
                              Modifier *extendsMod, bool isProtected, int depth) {
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
        diags_.report(diag::ElementNamedAsPredefinedType, element.range, {member.name});
      return;
    }
    if (size_t found = instance.memberIndex_.find(instance.members_, member.name);
        found != MemberIndex::npos) {
      Member &existing = instance.members_[found];
      if (existing.element == member.element)
        return; // the same element inherited twice
      // Identical elements (but for comments and annotations), as two base
      // classes may both have: the first is kept (MLS 7.1). The elements
      // compared are those of the flattened base classes, after the extends
      // clauses' modifications: `extends A(x(min = 0)); extends B;` with
      // `Real x` in A and `Real x(min = 0)` in B declares one x (the MSL's
      // PartialTwoPortTransport and PartialLumpedFlow both declare m_flow).
      if (existing.kind == Member::Kind::Component && member.kind == Member::Kind::Component &&
          existing.element && member.element && existing.decl && member.decl) {
        const Modifier *outer = extendsMod ? extendsMod->child(member.name) : nullptr;
        if (sameComponentAfterModification(existing, member, outer))
          return;
      } else if (existing.kind == member.kind && existing.element && member.element &&
                 ast::toString(*existing.element, false) ==
                     ast::toString(*member.element, false)) {
        if (extendsMod)
          if (const Modifier *m = extendsMod->child(member.name))
            mergeModifier(existing.mod, *m, diags_);
        return;
      }
      // `model extends B ... end B` replaces the inherited replaceable
      // class B by a class that extends it (MLS 7.3.1), whichever of the
      // two is added first.
      // The class extends must be the nearer of the two: a redeclaration
      // written nearer replaces it like any (the MSL's DryAirNasa
      // redeclares SingleGasNasa's `redeclare replaceable function extends
      // dynamicViscosity`).
      if (existing.kind == Member::Kind::Class && member.kind == Member::Kind::Class &&
          ((isClassExtends(member) && member.depth < existing.depth) ||
           (isClassExtends(existing) && existing.depth < member.depth))) {
        bool replacing = isClassExtends(member) && member.depth < existing.depth;
        Member &inherited = replacing ? existing : member;
        const ast::Element &written = replacing ? *member.element : *existing.element;
        if (!inherited.element->replaceable) {
          diags_.report(diag::ClassExtendsNotReplaceable, written.classDef->nameRange,
                        {member.name});
          diags_.report(diag::NoteInheritedClass, inherited.element->range);
          return;
        }
        ClassNode *node = tree_.makeNode(replacing ? member.classNode->parent
                                                   : existing.classNode->parent,
                                         written.classDef.get());
        ClassNode *original = inherited.classNode;
        classExtendsBase_[node] = original;
        if (replacing) {
          Modifier kept = existing.mod;
          existing = std::move(member);
          if (existing.mod.empty())
            existing.mod = std::move(kept);
        }
        existing.classNode = node;
        // Without `redeclare` (MLS 7.3.1 asks for it) the new class is
        // only the derived class's own: the base classes keep theirs.
        existing.extendedClass = written.redeclare ? nullptr : original;
        return;
      }
      // `redeclare` in a class's body replaces the inherited replaceable
      // element of that name (MLS 7.3: the MSL's Media packages redeclare
      // their base's functions and records this way), whichever of the two
      // is added first; the extends clause's modification stays with it.
      if (existing.kind == member.kind && existing.element && member.element) {
        // Of two redeclarations (a base's `redeclare replaceable function
        // f` redeclared again by a class extending it: the MSL's Water
        // media), the one written nearer the instance's class wins.
        bool replacing = member.element->redeclare && existing.element->replaceable &&
                         (!existing.element->redeclare || member.depth < existing.depth);
        bool replaced = existing.element->redeclare && member.element->replaceable &&
                        (!member.element->redeclare || existing.depth < member.depth);
        if (replacing || replaced) {
          // MLS 7.3: a final element is not redeclared, a constant neither,
          // and a redeclaration keeps the element's visibility.
          const ast::Element &original = replacing ? *existing.element : *member.element;
          const ast::Element &redeclaration = replacing ? *member.element : *existing.element;
          std::optional<diag::Kind> problem;
          if (original.final)
            problem = diag::InheritedFinalRedeclared;
          else if (original.component &&
                   original.component->prefix.variability == ast::VariabilityKind::Constant)
            problem = diag::InheritedConstantRedeclared;
          else if (original.isProtected != redeclaration.isProtected)
            problem = original.isProtected ? diag::InheritedProtectedRedeclaredPublic
                                           : diag::InheritedPublicRedeclaredProtected;
          if (problem) {
            diags_.report(*problem, redeclaration.range, {member.name});
            diags_.report(diag::NoteInheritedDeclaration, original.range);
            return;
          }
        }
        if (replacing) {
          Modifier kept = existing.mod;
          existing = std::move(member);
          if (existing.mod.empty())
            existing.mod = std::move(kept);
          return;
        }
        if (replaced) {
          if (extendsMod)
            if (const Modifier *m = extendsMod->child(member.name))
              mergeModifier(existing.mod, *m, diags_);
          return;
        }
      }
      // A `redeclare` element whose inherited declaration is not
      // replaceable (or final, or a constant: reported above), or two
      // different redeclarations inherited from two bases at one depth:
      // errors of the model (MLS 7.3, 7.3.3).
      if (existing.kind == member.kind && existing.element && member.element &&
          existing.depth != member.depth) {
        bool existingNearer = existing.depth < member.depth;
        const ast::Element &original = existingNearer ? *member.element : *existing.element;
        const ast::Element &redeclaration = existingNearer ? *existing.element : *member.element;
        if (redeclaration.redeclare && !original.replaceable) {
          diags_.report(diag::RedeclaredNotReplaceable, redeclaration.range, {member.name});
          diags_.report(diag::NoteDeclaredHere, original.range);
          return;
        }
      }
      diags_.report(diag::AlreadyDeclared, element.range, {member.name, cls->fullName()});
      if (existing.element)
        diags_.report(diag::NoteOtherDeclaration, existing.element->range);
      return;
    }
    if (extendsMod)
      if (const Modifier *m = extendsMod->child(member.name))
        member.mod = *m;
    instance.members_.push_back(std::move(member));
    instance.memberIndex_.add(instance.members_, instance.members_.size() - 1);
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
      m.depth = static_cast<uint16_t>(depth);
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
    m.depth = static_cast<uint16_t>(depth);
    add(std::move(m));
  }
}

void Instantiator::applyRedeclarations(Instance &instance) {
  for (Member &m : instance.members_) {
    if (!m.mod.redeclare || m.kind != Member::Kind::Class)
      continue;
    const ast::Argument &arg = *m.mod.redeclare;
    if (!m.element->replaceable) {
      diags_.report(diag::RedeclaredNotReplaceable, arg.range, {m.name});
      diags_.report(diag::NoteDeclaredHere, m.element->range);
      continue;
    }
    if (m.element->final) {
      diags_.report(diag::FinalRedeclared, arg.range, {m.name});
      diags_.report(diag::NoteDeclaredHere, m.element->range);
      continue;
    }
    if (arg.classDef) {
      m.classNode = tree_.makeNode(m.mod.redeclareScope.lexical, arg.classDef.get());
      m.redeclaredIn = m.mod.redeclareScope;
      // `redeclare package Medium = Medium` names a class of the instance
      // that wrote the modification, which may itself have been redeclared
      // (MLS 7.3: the name is looked up where the modification is written):
      // a short definition without modification or dimensions is that
      // class, found now in the modification's scope; followed later from
      // the new node's enclosing class, it would find the enclosing class's
      // original declaration instead.
      const ast::ClassDef &def = *arg.classDef;
      if (def.specifier == ast::ClassSpecifierKind::Short && def.baseDims.empty() &&
          (!def.baseMod || def.baseMod->arguments.empty()) && m.mod.redeclareScope.instance &&
          def.basePrefix.causality == ast::CausalityKind::None &&
          def.basePrefix.connector == ast::ConnectorKind::Potential &&
          !def.basePrefix.variabilityWritten)
        if (ClassNode *target = lookupClass(def.baseType, m.mod.redeclareScope, false))
          m.classNode = target;
    }
  }
}

void Instantiator::noteClass(ClassNode *cls) {
  if (usedClasses_.insert(cls).second)
    usage_.classes.push_back(cls);
}

void Instantiator::noteExtends(ClassNode *derived, const ast::Element *element, ClassNode *base,
                               Instance &instance) {
  if (usedExtends_.insert({derived, element, base}).second)
    usage_.extends.push_back({derived, element, base, &instance});
}

// --- Components -----------------------------------------------------------------

static ComponentPrefixes prefixesOf(const Member &member, const Instance &parent) {
  ComponentPrefixes p;
  const ast::Element &element = *member.element;
  const ast::TypePrefix &tp = element.component->prefix;
  p.variability = tp.variability;
  p.causality = tp.causality;
  p.declaredCausality = tp.causality;
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
  // A non-replaceable element may be redeclared with its own type, to
  // change dimensions or restrict variability (MLS 7.3.4).
  auto sameType = [&] {
    const ast::ComponentClause &re = *member.mod.redeclare->component;
    ClassNode *now = lookupClass(re.type, member.mod.redeclareScope, false);
    return now && now == lookupClass(clause->type, declScope, false);
  };
  if (member.mod.redeclare && member.mod.redeclare->component && !member.element->replaceable &&
      !sameType()) {
    diags_.report(diag::RedeclaredNotReplaceable, member.mod.redeclare->range, {member.name});
    diags_.report(diag::NoteDeclaredHere, member.element->range);
  } else if (member.mod.redeclare && member.mod.redeclare->component && member.element->final) {
    diags_.report(diag::FinalRedeclared, member.mod.redeclare->range, {member.name});
    diags_.report(diag::NoteDeclaredHere, member.element->range);
  } else if (member.mod.redeclare && member.mod.redeclare->component) {
    const ast::ComponentClause &re = *member.mod.redeclare->component;
    typeName = &re.type;
    decl = &re.components.front();
    declScope = member.mod.redeclareScope;
  }
  c->mod = makeModifier(decl->mod.get(), declScope);
  // The modification of the constraining type (MLS 7.3.2) applies to the
  // declaration and every redeclaration, under their own modifiers: that
  // of `constrainedby A(mod)`, else the replaced declaration's (a
  // redeclared `replaceable PortA port(final m = m)` keeps m = m), then
  // those of each replaceable redeclaration in between.
  Scope original{&parent, member.declaredIn};
  std::optional<Modifier> constraining;
  if (member.element->constrainedBy) {
    constraining = makeModifier(member.element->constrainedBy->mod.get(), original);
  } else if (decl != member.decl) {
    constraining = makeModifier(member.decl->mod.get(), original);
    // A binding belongs to the type it was written for; a non-replaceable
    // element keeps its type, and its modifiers merge (MLS 7.3).
    if (member.element->replaceable)
      constraining->binding = nullptr;
  }
  for (const auto &[arg, scope] : member.mod.constraints) {
    if (!arg->component)
      continue;
    Modifier next = arg->constrainedBy
                        ? makeModifier(arg->constrainedBy->mod.get(), scope)
                        : makeModifier(arg->component->components.front().mod.get(), scope);
    if (!arg->constrainedBy)
      next.binding = nullptr;
    if (!constraining)
      constraining = std::move(next);
    else
      mergeModifier(*constraining, next, diags_);
  }
  if (constraining) {
    Modifier merged = std::move(*constraining);
    mergeModifier(merged, c->mod, diags_);
    c->mod = std::move(merged);
  }
  c->mod.final |= member.element->final; // `final parameter Real c = 2`
  Modifier outer = member.mod;
  outer.redeclare = nullptr;
  mergeModifier(c->mod, outer, diags_);
  // A redeclaration without dimensions keeps those of the declaration it
  // replaces (`replaceable parameter Integer x[3]` redeclared as
  // `parameter Integer x = {1, 2, 3}`).
  if (decl != member.decl && decl->dims.empty())
    for (const auto &d : member.decl->dims)
      c->dimExprs.push_back({d.get(), Scope{&parent, member.declaredIn}});
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
    diags_.report(diag::TypeNameIsComponent, clause.type.range, {clause.type.str(), member.name});
    return;
  }
  diags_.report(diag::DeclarationRefersToItself, member.decl->nameRange, {member.name});
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
    noteClass(type);
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
    const ast::Element *baseElement = nullptr; // the extends of a long type definition
    if (def->specifier == ast::ClassSpecifierKind::Short) {
      baseMod = def->baseMod.get();
      base = &def->baseType;
      for (const auto &d : def->baseDims)
        instance.dimExprs.push_back({d.get(), Scope{nullptr, type->parent}});
      if (def->basePrefix.causality != ast::CausalityKind::None &&
          instance.prefixes.causality == ast::CausalityKind::None)
        instance.prefixes.causality = def->basePrefix.causality;
      if (def->basePrefix.causality != ast::CausalityKind::None &&
          instance.prefixes.declaredCausality == ast::CausalityKind::None)
        instance.prefixes.declaredCausality = def->basePrefix.causality;
    } else if (def->prefixes.restriction == ast::ClassRestrictionKind::Type &&
               def->specifier == ast::ClassSpecifierKind::Long) {
      // type T extends Real(...); end T;
      for (const ast::Element &e : def->elements)
        if (e.kind == ast::ElementKind::Extends) {
          base = &e.extends->base;
          baseMod = e.extends->mod.get();
          baseElement = &e;
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
    ClassNode *next = lookupClass(*base, Scope{nullptr, type->parent});
    if (next)
      noteExtends(type, baseElement, next, instance);
    type = next;
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
    diags_.report(type ? diag::NoInnerPartial : diag::NoInner, member.decl->nameRange,
                  {member.name});
    return nullptr;
  }
  diags_.report(diag::NoInnerDefaultUsed, member.decl->nameRange, {member.name});
  std::unique_ptr<Instance> inner = createComponent(*root, member);
  inner->prefixes.outer = false;
  inner->prefixes.inner = true;
  root->implicitInners.push_back(std::move(inner));
  return root->implicitInners.back().get();
}

ClassNode *Instantiator::equalityConstraint(Instance &x) {
  if (!x.isBuiltin()) {
    if (!x.cls || !x.cls->def)
      return nullptr;
    Member *m = x.findMember("equalityConstraint");
    return m && m->kind == Member::Kind::Class ? m->classNode : nullptr;
  }
  if (!x.member || !x.member->element || x.member->element->kind != ast::ElementKind::Component ||
      !x.parent)
    return nullptr;
  Member *declared = x.parent->findMember(x.member->name);
  ClassNode *cls = lookupClass(x.member->element->component->type,
                               Scope{x.parent, declared ? declared->declaredIn : nullptr}, false);
  for (int depth = 0; cls && cls->def && depth < 32; ++depth) {
    for (const ast::Element &e : cls->def->elements)
      if (e.kind == ast::ElementKind::Class && e.classDef->name == "equalityConstraint")
        return cls->findChild("equalityConstraint");
    if (cls->def->specifier != ast::ClassSpecifierKind::Short)
      return nullptr;
    cls = lookupClass(cls->def->baseType, Scope{nullptr, cls->parent}, false);
  }
  return nullptr;
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

ClassNode *Instantiator::classExtendsMember(ClassNode *cls, ClassNode *child) {
  if (!child->def || child->def->specifier != ast::ClassSpecifierKind::ExtendsLong || !cls->def)
    return child;
  Member *m = packageInstance(cls)->findMember(child->name);
  return m && m->kind == Member::Kind::Class && m->classNode ? m->classNode : child;
}

Found Instantiator::lookupInPackage(ClassNode *cls, const std::string &name) {
  if (cls->viewOf)
    return lookupInPackage(cls->viewOf, name);
  if (ClassNode *child = cls->findChild(name))
    return {Found::Kind::Class, classExtendsMember(cls, child), nullptr};
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
  Found unqualified;
  const ast::ImportClause *firstImport = nullptr;
  for (const ast::ImportClause *import : cls->imports()) {
    const ast::ImportClause &imp = *import;
    const std::vector<std::string> &parts = imp.name.parts;
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
          std::vector<std::string> path = parts;
          path.push_back(name);
          return resolveGlobal(*this, path, &Instantiator::lookupInPackage);
        }
      break;
    case ast::ImportKind::Unqualified:
      // Only public elements are imported (MLS 13.2.1); a name found in
      // two unqualified imports is ambiguous (MLS 5.3.1).
      if (ClassNode *package = tree_.lookupPath(parts))
        if (Found f = lookupInPackage(package, name); f && !isProtectedElement(package, name)) {
          if (!unqualified) {
            unqualified = f;
            firstImport = &imp;
          } else if (f.cls != unqualified.cls || f.instance != unqualified.instance) {
            diags_.report(diag::AmbiguousUnqualifiedImport, imp.name.range, {name});
            diags_.report(diag::NoteOtherImport, firstImport->name.range);
            return {Found::Kind::Failed, nullptr, nullptr};
          }
        }
      break;
    }
  }
  return unqualified;
}

template <class T, class Compute>
T Instantiator::kept(KeptAnswers<T> &answers, ClassNode *cls, const std::string &name,
                     Compute compute) {
  // A lookup's answer depends on the class tree and on package instances
  // only, which do not change once expanded: it is kept, unless a package
  // is being expanded (its members found so far are visible, MLS 5.6.1,
  // and more may come). Flattening a component array looks the same names
  // up from the same classes once per element.
  if (auto byClass = answers.find(cls); byClass != answers.end())
    if (auto it = byClass->second.find(name); it != byClass->second.end())
      return it->second;
  bool keep = packagesExpanding_ == 0;
  T answer = compute();
  if (keep && packagesExpanding_ == 0)
    answers[cls].emplace(name, answer);
  return answer;
}

Found Instantiator::lookupFirst(const std::string &name, Scope scope) {
  if (scope.instance) {
    if (Member *m = scope.instance->findMember(name)) {
      if (m->kind == Member::Kind::Class && m->extendedClass) {
        // Written in the derived class itself (or in the new class's body).
        bool inDerived = scope.lexical == m->declaredIn;
        for (ClassNode *c = scope.lexical; c && !inDerived; c = c->parent)
          inDerived = c == m->classNode;
        return {Found::Kind::Class, inDerived ? m->classNode : m->extendedClass, nullptr};
      }
      // An outer class is the inner class of an enclosing instance (MLS 5.4).
      if (m->kind == Member::Kind::Class && m->element && m->element->outer && !m->element->inner)
        for (Instance *p = scope.instance->parent; p; p = p->parent)
          if (Member *inner = p->findMember(name);
              inner && inner->kind == Member::Kind::Class && inner->element &&
              inner->element->inner)
            return {Found::Kind::Class, inner->classNode, nullptr};
      if (m->kind == Member::Kind::Class)
        return {Found::Kind::Class, m->classNode, nullptr};
      // A component declared `inner outer` is two: the inner one, which the
      // outer declarations of the components inside find (resolveOuter),
      // and an outer one, which local references name (MLS 5.4: "local
      // references for elements with both the prefix inner and outer
      // references the outer element"). The StateGraph's composite steps
      // connect their own port to the enclosing stateGraphRoot so.
      Instance *c = scope.instance->referencedInstance(*m);
      return {c ? Found::Kind::Component : Found::Kind::Failed, nullptr, c};
    }
  }
  return lookupLexical(name, scope.lexical, scope.instance != nullptr);
}

Found Instantiator::lookupLexical(const std::string &name, ClassNode *lexical, bool inInstance) {
  return kept(lexicalLookups_[inInstance ? 1 : 0], lexical, name,
              [&] { return lookupLexicalUncached(name, lexical, inInstance); });
}

Found Instantiator::lookupLexicalUncached(const std::string &name, ClassNode *lexical,
                                          bool inInstance) {
  for (ClassNode *c = lexical; c; c = c->parent) {
    if (c != lexical || !inInstance) {
      if (Found f = lookupInPackage(c, name))
        return f;
    } else if (ClassNode *local = c->findChild(name)) {
      // A class declared later in the class being expanded: `extends P`
      // of a local P (MLS 5.6.1 looks the base up in the class itself).
      return {Found::Kind::Class, local, nullptr};
    }
    if (Found f = lookupInImports(name, c); f || f.kind == Found::Kind::Failed)
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
  return kept(nestedClasses_, cls, name, [&] { return findNestedClassUncached(cls, name, scope); });
}

ClassNode *Instantiator::findNestedClassUncached(ClassNode *cls, const std::string &name,
                                                 Scope scope) {
  if (cls->viewOf)
    return findNestedClass(cls->viewOf, name, scope);
  if (ClassNode *child = cls->findChild(name))
    return classExtendsMember(cls, child);
  if (!cls->def)
    return nullptr;
  Member *m = packageInstance(cls)->findMember(name);
  return m && m->kind == Member::Kind::Class ? m->classNode : nullptr;
}

bool Instantiator::isProtectedElement(ClassNode *cls, const std::string &name) {
  return kept(protectedElements_, cls, name, [&] { return isProtectedElementUncached(cls, name); });
}

bool Instantiator::isProtectedElementUncached(ClassNode *cls, const std::string &name) {
  if (cls->viewOf)
    return isProtectedElement(cls->viewOf, name);
  if (!cls->def)
    return false;
  for (const ast::Element &e : cls->def->elements) {
    if (e.kind == ast::ElementKind::Class && e.classDef->name == name)
      return e.isProtected;
    if (e.kind == ast::ElementKind::Component)
      for (const ast::ComponentDecl &decl : e.component->components)
        if (decl.name == name)
          return e.isProtected;
  }
  if (cls->def->specifier == ast::ClassSpecifierKind::Enumeration)
    return false;
  Member *m = packageInstance(cls)->findMember(name);
  return m && m->isProtected;
}

/// MLS 4.6: a package contains only classes and constants (and so may be
/// looked inside like one).
static bool satisfiesPackage(Instantiator &inst, ClassNode *cls, int depth = 0) {
  if (!cls || !cls->def || depth > 32)
    return false;
  const ast::ClassDef *def = cls->def;
  using R = ast::ClassRestrictionKind;
  if (def->prefixes.restriction == R::Package || def->prefixes.restriction == R::Operator)
    return true;
  if (def->specifier == ast::ClassSpecifierKind::Short)
    return satisfiesPackage(inst, inst.lookupClass(def->baseType, Scope{nullptr, cls->parent}, false),
                            depth + 1);
  if (def->specifier == ast::ClassSpecifierKind::Enumeration || !def->equationSections.empty() ||
      !def->algorithmSections.empty() || def->external)
    return false;
  for (const ast::Element &e : def->elements) {
    if (e.kind == ast::ElementKind::Component &&
        e.component->prefix.variability != ast::VariabilityKind::Constant)
      return false;
    if (e.kind == ast::ElementKind::Extends &&
        !satisfiesPackage(inst, inst.lookupClass(e.extends->base, Scope{nullptr, cls}, false),
                          depth + 1))
      return false;
  }
  return true;
}

/// Whether the first identifier of a name denotes a replaceable class: a
/// member of the instance, or an element of a lexically enclosing class.
static bool namesReplaceableClass(const std::string &first, Scope scope) {
  if (scope.instance)
    if (Member *m = scope.instance->findMember(first))
      return m->kind == Member::Kind::Class && m->element && m->element->replaceable;
  for (ClassNode *c = scope.lexical; c; c = c->parent)
    if (c->def)
      for (const ast::Element &e : c->def->elements)
        if (e.kind == ast::ElementKind::Class && e.classDef->name == first)
          return e.replaceable;
  return false;
}

bool Instantiator::checkCompositeLookup(ClassNode *cls, const std::string &name, SourceRange at,
                                        Scope scope, const std::string &first) {
  if (!cls || !cls->def || cls->def->specifier == ast::ClassSpecifierKind::Enumeration)
    return true;
  // Written inside cls: its protected elements and its partial state do
  // not matter (the rule on packages does).
  bool inside = false;
  for (ClassNode *c = scope.lexical; c && !inside; c = c->parent)
    inside = c == cls;
  if (!inside && cls->def->prefixes.partial && !namesReplaceableClass(first, scope)) {
    diags_.report(diag::LookupInPartialClass, at, {name, cls->fullName()});
    return false;
  }
  if (!inside && isProtectedElement(cls, name)) {
    diags_.report(diag::ProtectedElementAccessed, at, {name, cls->fullName()});
    return false;
  }
  if (satisfiesPackage(*this, cls))
    return true;
  ClassNode *child = findNestedClass(cls, name, scope);
  if (child && child->isEncapsulated())
    return true;
  diags_.report(diag::LookupInNonPackage, at,
                {name, ast::restrictionName(cls->restriction()), cls->fullName()});
  return false;
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
    if (report && !checkCompositeLookup(cls, name.parts[i], name.range, scope,
                                        name.global ? std::string() : name.parts[0]))
      return nullptr;
    ClassNode *next = findNestedClass(cls, name.parts[i], scope);
    if (!next) {
      std::string close = report ? cls->closestChildName(name.parts[i]) : "";
      if (report && !close.empty()) {
        diags_.report(diag::NoNestedClassDidYouMean, name.range,
                      {cls->fullName(), name.parts[i], close});
      } else if (report && cls->inBundledSubset()) {
        std::string missing = cls->fullName(); // the whole name, from where it is missing
        for (size_t j = i; j < name.parts.size(); ++j)
          missing += "." + name.parts[j];
        diags_.report(diag::NotInBundledSubset, name.range, {missing});
      } else if (report) {
        diags_.report(diag::NoNestedClass, name.range, {cls->fullName(), name.parts[i]});
      }
      return nullptr;
    }
    cls = next;
  }
  if (!cls && report)
    diags_.report(diag::UndeclaredClass, name.range, {name.str()});

  return cls;
}

} // namespace mocc::inst
