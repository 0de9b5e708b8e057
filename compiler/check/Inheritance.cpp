// MLS chapter 7, inheritance: which specialized class may extend which
// (7.1.3), base class names that are replaceable or inherited (7.1.4,
// 5.6.1), operator records as base classes (4.6), and extends of simple
// types, array classes and prefixed classes combined with other contents
// (4.4.2.3, "combining base classes and other elements").
#include "compiler/check/Checker.h"

namespace mocc::check {

namespace {

using R = ast::ClassRestrictionKind;

/// The restriction a class has as a base class (a predefined type is a
/// type; ExternalObject a class).
R baseRestriction(const ClassNode *base) {
  if (base->builtin == inst::BuiltinKind::ExternalObject)
    return R::Class;
  if (base->builtin != inst::BuiltinKind::None)
    return R::Type;
  return base->restriction();
}

/// MLS 7.1.3, the table of legal combinations of specialized classes.
bool mayExtend(R derived, R base) {
  if (base == R::Class)
    return true;
  switch (derived) {
  case R::Package: return base == R::Package;
  case R::Operator: return base == R::Operator;
  case R::Function: return base == R::Function;
  case R::OperatorFunction: return base == R::Function || base == R::OperatorFunction;
  case R::Type: return base == R::Type;
  case R::Record: return base == R::Record;
  case R::OperatorRecord: return base == R::OperatorRecord;
  case R::ExpandableConnector: return base == R::ExpandableConnector;
  case R::Connector:
    return base == R::Type || base == R::Record || base == R::OperatorRecord ||
           base == R::Connector;
  case R::Block: return base == R::Record || base == R::Block;
  case R::Model: return base == R::Record || base == R::Block || base == R::Model;
  case R::Class:
    // MLS 3.6 lets a class extend only a class; earlier versions let the
    // general class extend any kind, as libraries still do
    // (`class C extends SomeModel`): allowed.
    return true;
  }
  return true;
}

} // namespace

void Checker::checkExtends(const inst::ExtendsUse &use) {
  ClassNode *derived = use.derived;
  ClassNode *base = use.base;
  if (!derived->def || !base)
    return;
  const ast::ClassDef &def = *derived->def;
  bool shortForm = def.specifier == ast::ClassSpecifierKind::Short;
  SourceRange at = use.element ? use.element->extends->base.range : def.baseType.range;
  std::string baseName = base->fullName();
  R d = def.prefixes.restriction;
  R b = baseRestriction(base);
  // A short class definition written with `class` takes the kind of its
  // base (4.5.1).
  if (!(shortForm && d == R::Class) && !mayExtend(d, b)) {
    report(diag::CannotExtendRestriction, at,
           {ast::restrictionName(d), ast::restrictionName(b), baseName});
    return;
  }
  // 4.6: an operator record is extended only by a short class definition
  // (an operator record or connector), and never from an enclosing scope.
  if (b == R::OperatorRecord && !shortForm)
    report(diag::OperatorRecordExtendedLong, at, {derived->fullName(), baseName});
  if (base->def && base->def->specifier != ast::ClassSpecifierKind::Short && b != R::OperatorRecord)
    for (const ast::Element &e : base->def->elements)
      if (e.kind == ast::ElementKind::Class &&
          e.classDef->prefixes.restriction == R::OperatorRecord) {
        report(diag::EnclosesOperatorRecord, at, {baseName, e.classDef->name});
        break;
      }
  if (!use.element || !use.instance)
    return;
  // 7.1.4: the base class name is transitively non-replaceable; 5.6.1:
  // it is not found among the inherited elements.
  const ast::Name &name = use.element->extends->base;
  if (name.global || name.parts.empty())
    return;
  Member *m = use.instance->findMember(name.parts[0]);
  if (!m || m->kind != Member::Kind::Class)
    return;
  if (m->element && m->element->replaceable && !m->element->redeclare) {
    report(diag::ReplaceableBaseClass, at, {name.str()});
    report(diag::NoteDeclaredReplaceableHere, m->element->range);
  } else if (use.instance->cls == derived && m->declaredIn && m->declaredIn != derived) {
    report(diag::InheritedBaseClassName, at, {name.str()});
    report(diag::NoteInheritedFrom, m->element->range, {m->declaredIn->fullName()});
  }
}

namespace {

/// What makes extends of a class exclusive: a simple type, an array class
/// or a class with a base prefix, directly or through its own base classes.
/// Null if none.
const char *exclusiveBase(inst::Instantiator &inst, ClassNode *cls, int depth = 0) {
  if (!cls || depth > 32)
    return nullptr;
  if (cls->builtin == inst::BuiltinKind::ExternalObject)
    return nullptr;
  if (cls->builtin != inst::BuiltinKind::None)
    return "the simple type";
  const ast::ClassDef *def = cls->def;
  if (!def)
    return nullptr;
  if (def->specifier == ast::ClassSpecifierKind::Enumeration)
    return "the simple type";
  if (def->specifier == ast::ClassSpecifierKind::Short) {
    if (!def->baseDims.empty())
      return "the array class";
    if (def->basePrefix.causality != ast::CausalityKind::None)
      return "the class with a prefix";
    return exclusiveBase(inst, inst.lookupClass(def->baseType, inst::Scope{nullptr, cls->parent},
                                                false),
                         depth + 1);
  }
  for (const ast::Element &e : def->elements)
    if (e.kind == ast::ElementKind::Extends)
      if (const char *why = exclusiveBase(
              inst, inst.lookupClass(e.extends->base, inst::Scope{nullptr, cls}, false), depth + 1))
        return why;
  return nullptr;
}

/// An empty class: no equations, algorithms or components, and only
/// empty base classes.
bool isEmptyClass(inst::Instantiator &inst, ClassNode *cls, int depth = 0) {
  if (!cls || depth > 32)
    return true;
  const ast::ClassDef *def = cls->def;
  if (!def)
    return false;
  if (def->specifier == ast::ClassSpecifierKind::Enumeration)
    return false;
  if (def->specifier == ast::ClassSpecifierKind::Short)
    return def->baseDims.empty() &&
           isEmptyClass(inst, inst.lookupClass(def->baseType, inst::Scope{nullptr, cls->parent}, false),
                        depth + 1);
  if (!def->equationSections.empty() || !def->algorithmSections.empty())
    return false;
  for (const ast::Element &e : def->elements) {
    if (e.kind == ast::ElementKind::Component)
      return false;
    if (e.kind == ast::ElementKind::Extends &&
        !isEmptyClass(inst, inst.lookupClass(e.extends->base, inst::Scope{nullptr, cls}, false),
                      depth + 1))
      return false;
  }
  return true;
}

} // namespace

void Checker::checkCombinedBases(ClassNode *cls) {
  const ast::ClassDef *def = cls->def;
  if (!def || (def->specifier != ast::ClassSpecifierKind::Long &&
               def->specifier != ast::ClassSpecifierKind::ExtendsLong))
    return;
  const ast::Element *exclusive = nullptr;
  const char *why = nullptr;
  for (const ast::Element &e : def->elements)
    if (e.kind == ast::ElementKind::Extends && !exclusive)
      if ((why = exclusiveBase(inst_, inst_.lookupClass(e.extends->base, inst::Scope{nullptr, cls},
                                                        false))))
        exclusive = &e;
  if (!exclusive)
    return;
  std::string base = exclusive->extends->base.str();
  auto cannotHave = [&](SourceRange at, const char *what) {
    report(diag::ExclusiveBaseCannotHave, at, {cls->name, why, base, what});
  };
  for (const ast::Element &e : def->elements) {
    if (&e == exclusive || e.kind == ast::ElementKind::Import || e.kind == ast::ElementKind::Class)
      continue;
    if (e.kind == ast::ElementKind::Component) {
      cannotHave(e.component->components.front().nameRange, "components");
      return;
    }
    if (e.kind == ast::ElementKind::Extends &&
        !isEmptyClass(inst_, inst_.lookupClass(e.extends->base, inst::Scope{nullptr, cls}, false))) {
      cannotHave(e.extends->base.range, "other non-empty base classes");
      return;
    }
  }
  if (!def->equationSections.empty())
    cannotHave(def->equationSections.front().range, "equations");
  else if (!def->algorithmSections.empty())
    cannotHave(def->algorithmSections.front().range, "algorithms");
}

} // namespace mocc::check

namespace mocc::check {

namespace {

/// The elements a modification binds, by path ("x", "x.start"), with the
/// argument that binds each.
void boundPaths(const ast::Modification &mod, const std::string &prefix,
                std::vector<std::pair<std::string, const ast::Argument *>> &out) {
  for (const ast::Argument &arg : mod.arguments) {
    if (arg.kind != ast::ArgumentKind::Modification || !arg.mod)
      continue;
    std::string path = prefix + arg.path.str();
    if (arg.mod->binding)
      out.push_back({path, &arg});
    boundPaths(*arg.mod, path + ".", out);
  }
}

} // namespace

void Checker::checkModifications(ClassNode *cls) {
  const ast::ClassDef *def = cls->def;
  if (!def)
    return;
  // MLS 7.2.4: two arguments of a modification do not designate the same
  // element (or attribute).
  auto check = [&](const ast::Modification *mod) {
    if (!mod)
      return;
    std::vector<std::pair<std::string, const ast::Argument *>> paths;
    boundPaths(*mod, "", paths);
    for (size_t i = 0; i < paths.size(); ++i)
      for (size_t j = 0; j < i; ++j)
        if (paths[i].first == paths[j].first) {
          report(diag::ModifiedTwice, paths[i].second->range, {paths[i].first});
          report(diag::NoteFirstModification, paths[j].second->range);
          break;
        }
  };
  check(def->baseMod.get());
  for (const ast::Element &e : def->elements) {
    if (e.kind == ast::ElementKind::Extends)
      check(e.extends->mod.get());
    if (e.kind == ast::ElementKind::Component)
      for (const ast::ComponentDecl &decl : e.component->components)
        check(decl.mod.get());
  }
}

} // namespace mocc::check

namespace mocc::check {

namespace {

/// A type as subtyping compares it: the class at the end of its short
/// class definitions (a predefined type, an enumeration or a long class)
/// and the number of dimensions on the way.
struct TypeInfo {
  ClassNode *cls = nullptr;
  size_t dims = 0;
};

TypeInfo typeInfo(inst::Instantiator &inst, ClassNode *cls, size_t dims = 0) {
  TypeInfo t{cls, dims};
  for (int depth = 0; t.cls && t.cls->def && depth < 32; ++depth) {
    const ast::ClassDef *def = t.cls->def;
    const ast::Name *base = nullptr;
    if (def->specifier == ast::ClassSpecifierKind::Short) {
      t.dims += def->baseDims.size();
      base = &def->baseType;
    } else if (def->prefixes.restriction == ast::ClassRestrictionKind::Type &&
               def->specifier == ast::ClassSpecifierKind::Long) {
      for (const ast::Element &e : def->elements)
        if (e.kind == ast::ElementKind::Extends)
          base = &e.extends->base;
    }
    if (!base)
      break;
    ClassNode *next = inst.lookupClass(*base, inst::Scope{nullptr, t.cls->parent}, false);
    if (!next)
      break;
    t.cls = next;
  }
  return t;
}

size_t declaredDims(const Member &m) {
  return m.decl ? m.decl->dims.size() + m.element->component->typeDims.size() : 0;
}

} // namespace

bool Checker::isSubtype(ClassNode *a, ClassNode *b, size_t dimsA, size_t dimsB, int depth,
                        std::string &why) {
  if (!a || !b || depth > 4)
    return true;
  TypeInfo ta = typeInfo(inst_, a, dimsA), tb = typeInfo(inst_, b, dimsB);
  if (!ta.cls || !tb.cls || ta.cls == tb.cls)
    return ta.dims == tb.dims || (why = "its dimensions differ", false);
  if (ta.dims != tb.dims) {
    why = "its dimensions differ";
    return false;
  }
  bool builtinA = ta.cls->builtin != inst::BuiltinKind::None;
  bool builtinB = tb.cls->builtin != inst::BuiltinKind::None;
  if (builtinA || builtinB) {
    if (ta.cls->builtin != tb.cls->builtin) {
      why = "`" + ta.cls->fullName() + "` is not `" + tb.cls->fullName() + "`";
      return false;
    }
    return true;
  }
  const ast::ClassDef *da = ta.cls->def, *db = tb.cls->def;
  if (!da || !db)
    return true;
  if (db->specifier == ast::ClassSpecifierKind::Enumeration ||
      da->specifier == ast::ClassSpecifierKind::Enumeration) {
    // Every enumeration is a subtype of enumeration(:) (MLS 4.9.5).
    if (db->unspecifiedEnumeration && da->specifier == ast::ClassSpecifierKind::Enumeration)
      return true;
    bool same = da->specifier == db->specifier && da->literals.size() == db->literals.size();
    for (size_t i = 0; same && i < da->literals.size(); ++i)
      same = da->literals[i].name == db->literals[i].name;
    if (!same)
      why = "the enumerations differ";
    return same;
  }
  // Every public component of b is a public component of a, of a subtype.
  Instance *pa = inst_.packageInstance(ta.cls), *pb = inst_.packageInstance(tb.cls);
  auto &members = pb->members();
  for (size_t i = 0; i < members.size(); ++i) {
    Member &mb = members[i];
    if (mb.kind != Member::Kind::Component || mb.isProtected)
      continue;
    Member *ma = pa->findMember(mb.name);
    if (!ma || ma->kind != Member::Kind::Component || ma->isProtected) {
      why = "it has no public component `" + mb.name + "`";
      return false;
    }
    ClassNode *ca = inst_.lookupClass(ma->element->component->type,
                                      inst::Scope{pa, ma->declaredIn}, false);
    ClassNode *cb = inst_.lookupClass(mb.element->component->type,
                                      inst::Scope{pb, mb.declaredIn}, false);
    std::string inner;
    if (!isSubtype(ca, cb, declaredDims(*ma), declaredDims(mb), depth + 1, inner)) {
      why = "its component `" + mb.name + "` differs: " + inner;
      return false;
    }
  }
  return true;
}

void Checker::checkConstraints(Instance *parent, Member &m) {
  const ast::Element &element = *m.element;
  if (!element.replaceable && !m.mod.redeclare)
    return;
  inst::Scope declScope{parent, m.declaredIn};
  bool component = m.kind == Member::Kind::Component;
  // The type a declaration or redeclaration gives, in its scope.
  auto typeOf = [&](const ast::ComponentClause *clause, const ast::ClassDef *classDef,
                    inst::Scope scope) -> ClassNode * {
    if (clause)
      return inst_.lookupClass(clause->type, scope, false);
    if (classDef && classDef->specifier == ast::ClassSpecifierKind::Short)
      return inst_.lookupClass(classDef->baseType, scope, false);
    return nullptr;
  };
  // The dimensions of a declaration (`x[2]`, or `T = Real3[2]`) are not
  // part of the type its constraining type constrains (MLS 7.3.2).
  auto dimsOf = [](const ast::ComponentClause *clause) -> size_t {
    return clause ? clause->typeDims.size() : 0;
  };
  // The original declaration and its constraining type (MLS 7.3.2).
  ClassNode *declared = component ? typeOf(element.component.get(), nullptr, declScope)
                                  : (m.declaredIn ? m.declaredIn->findChild(m.name) : nullptr);
  size_t declaredN = component ? m.element->component->typeDims.size() : 0;
  if (!component && declared && declared->def &&
      declared->def->specifier == ast::ClassSpecifierKind::Short)
    declared = typeOf(nullptr, declared->def, inst::Scope{parent, m.declaredIn});
  ClassNode *constraining = declared;
  size_t constrainingN = declaredN;
  std::string why;
  SourceRange at = component ? m.decl->nameRange : element.classDef->nameRange;
  if (element.constrainedBy) {
    constraining = inst_.lookupClass(element.constrainedBy->type, declScope, false);
    constrainingN = 0;
    if (!isSubtype(declared, constraining, declaredN, constrainingN, 0, why)) {
      report(diag::NotSubtypeOfConstrainingType, at,
             {m.name, element.constrainedBy->type.str(), why});
      return;
    }
  }
  // Redeclarations in turn: each within the constraining type before it.
  auto check = [&](const ast::Argument &arg, inst::Scope scope) {
    const ast::ComponentClause *clause = arg.component.get();
    ClassNode *type = typeOf(clause, arg.classDef.get(), scope);
    size_t n = dimsOf(clause);
    if (!isSubtype(type, constraining, n, constrainingN, 0, why)) {
      report(diag::RedeclarationNotSubtype, arg.range, {m.name, why});
      return false;
    }
    if (arg.constrainedBy) {
      ClassNode *next = inst_.lookupClass(arg.constrainedBy->type, scope, false);
      if (!isSubtype(next, constraining, 0, constrainingN, 0, why) ||
          !isSubtype(type, next, n, 0, 0, why)) {
        report(diag::NewConstrainingTypeDoesNotFit, arg.constrainedBy->range, {m.name, why});

        return false;
      }
      constraining = next;
      constrainingN = 0;
    }
    return true;
  };
  for (const auto &[arg, scope] : m.mod.constraints)
    if (!check(*arg, scope))
      return;
  if (m.mod.redeclare)
    check(*m.mod.redeclare, m.mod.redeclareScope);
}

} // namespace mocc::check
