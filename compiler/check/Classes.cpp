// MLS chapter 4, classes and declarations: what each specialized class may
// contain (4.6), the type prefixes a component may have (4.4.2), names
// reserved for the predefined types (4.9), enumeration literals (4.9.5)
// and constants without a value (4.5).
#include "compiler/check/Checker.h"

#include "compiler/ast/ASTPrinter.h"

#include <functional>

namespace mocc::check {

namespace {

using R = ast::ClassRestrictionKind;

bool isReservedName(const std::string &name) {
  return name == "Real" || name == "Integer" || name == "Boolean" || name == "String";
}

bool isFunctionKind(R r) { return r == R::Function || r == R::OperatorFunction; }
bool isConnectorKind(R r) { return r == R::Connector || r == R::ExpandableConnector; }

/// The kinds whose restriction forbids equations, algorithms and
/// protected elements (4.6: "only public sections are allowed").
bool onlyPublicSections(R r) {
  return r == R::Record || r == R::OperatorRecord || r == R::Connector ||
         r == R::ExpandableConnector;
}

const char *prefixName(const ast::Element &e) {
  const ast::TypePrefix &p = e.component->prefix;
  if (e.inner)
    return "inner";
  if (e.outer)
    return "outer";
  if (p.causality == ast::CausalityKind::Input)
    return "input";
  if (p.causality == ast::CausalityKind::Output)
    return "output";
  if (p.connector == ast::ConnectorKind::Flow)
    return "flow";
  if (p.connector == ast::ConnectorKind::Stream)
    return "stream";
  return nullptr;
}

const char *variabilityName(ast::VariabilityKind v) {
  switch (v) {
  case ast::VariabilityKind::Constant: return "constant";
  case ast::VariabilityKind::Parameter: return "parameter";
  case ast::VariabilityKind::Discrete: return "discrete";
  case ast::VariabilityKind::Continuous: break;
  }
  return "";
}

} // namespace

void Checker::checkClass(ClassNode *cls) {
  const ast::ClassDef *def = cls ? cls->def : nullptr;
  if (!def || !checkedDecls_.insert(def).second)
    return;
  // 4.9: the names of the predefined types are reserved. The class itself
  // is reported here only for the model (and the classes of components,
  // which any model uses through an element named like it).
  if (isReservedName(cls->name))
    report(diag::PredefinedTypeNameDeclared, def->nameRange, {cls->name});
  for (const ast::Element &e : def->elements) {
    if (e.kind == ast::ElementKind::Component)
      for (const ast::ComponentDecl &decl : e.component->components)
        if (isReservedName(decl.name))
          report(diag::PredefinedTypeNameDeclared, decl.nameRange, {decl.name});
    if (e.kind == ast::ElementKind::Class && isReservedName(e.classDef->name))
      report(diag::PredefinedTypeNameDeclared, e.classDef->nameRange, {e.classDef->name});
  }
  // 4.9.5: literals are distinct and not named like an attribute.
  if (def->specifier == ast::ClassSpecifierKind::Enumeration) {
    for (size_t i = 0; i < def->literals.size(); ++i) {
      const ast::EnumLiteral &literal = def->literals[i];
      for (size_t j = 0; j < i; ++j)
        if (def->literals[j].name == literal.name) {
          report(diag::EnumerationLiteralTwice, literal.range, {literal.name});
          report(diag::NoteFirstDeclaration, def->literals[j].range);
        }
      for (const char *attribute : {"quantity", "min", "max", "start", "fixed"})
        if (literal.name == attribute)
          report(diag::EnumerationLiteralIsAttribute, literal.range, {literal.name});
    }
    return;
  }
  R r = def->prefixes.restriction;
  const char *kind = ast::restrictionName(r);
  // 4.6: records and connectors have only public sections.
  if (onlyPublicSections(r)) {
    for (const auto &section : def->equationSections)
      report(diag::SectionNotAllowed, section.range,
             {kind, section.initial ? "an initial equation" : "an equation"});
    for (const auto &section : def->algorithmSections)
      report(diag::SectionNotAllowed, section.range,
             {kind, section.initial ? "an initial algorithm" : "an algorithm"});
    for (const ast::Element &e : def->elements)
      if (e.isProtected && e.kind != ast::ElementKind::Import) {
        report(diag::ProtectedElementsNotAllowed, e.range, {kind});
        break;
      }
  }
  for (const ast::Element &e : def->elements) {
    if (e.kind != ast::ElementKind::Component)
      continue;
    const ast::ComponentDecl &first = e.component->components.front();
    // 4.6: a record's elements have no input, output, inner, outer,
    // stream or flow prefix; a connector's no inner or outer.
    if (r == R::Record || r == R::OperatorRecord) {
      if (const char *p = prefixName(e))
        report(diag::ElementPrefixNotAllowed, first.nameRange, {kind, p});
    } else if (isConnectorKind(r) || isFunctionKind(r)) {
      if (e.inner || e.outer)
        report(diag::ElementPrefixNotAllowed, first.nameRange, {kind, e.inner ? "inner" : "outer"});
    }
    // 4.6: a package holds classes and constants only.
    if (r == R::Package && e.component->prefix.variability != ast::VariabilityKind::Constant)
      report(diag::PackageNonConstant, first.nameRange, {first.name});
    // 9.1.3: the elements of an expandable connector are not flows.
    if (r == R::ExpandableConnector && e.component->prefix.connector == ast::ConnectorKind::Flow)
      report(diag::ExpandableConnectorFlow, first.nameRange, {first.name});
    // 15.1: stream variables are declared in connectors only.
    if (e.component->prefix.connector == ast::ConnectorKind::Stream && !isConnectorKind(r) &&
        r != R::Record && r != R::OperatorRecord)
      report(diag::StreamOutsideConnector, first.nameRange, {first.name});
  }
  // 4.6: an operator contains functions only.
  if (r == R::Operator)
    for (const ast::Element &e : def->elements) {
      if (e.kind == ast::ElementKind::Import)
        continue;
      if (e.kind == ast::ElementKind::Class && isFunctionKind(e.classDef->prefixes.restriction))
        continue;
      SourceRange at = e.kind == ast::ElementKind::Class ? e.classDef->nameRange : e.range;
      report(diag::OperatorNonFunction, at);
    }
}

void Checker::checkComponent(Instance *parent, Member &member, Instance *c) {
  if (!checkedDecls_.insert(member.decl).second)
    return;
  const ast::Element &element = *member.element;
  const ast::TypePrefix &written = element.component->prefix;
  SourceRange at = member.decl->nameRange;
  R declaredIn = member.declaredIn ? member.declaredIn->restriction() : parent->restriction();
  bool builtin = c->isBuiltin();
  R type = builtin ? R::Type : c->restriction();
  std::string typeName = c->cls ? c->cls->fullName() : "?";
  bool functionType = !builtin && isFunctionKind(type);
  // 4.7 (and 7.1.4): a simulation model instantiates no partial class; a
  // functional input may be of one.
  if (!builtin && !functionType && c->cls && c->cls->def && c->cls->def->prefixes.partial) {
    report(diag::InstanceOfPartialClass, at, {member.name, typeName});
    return;
  }
  // 4.6: what a record, connector or function may hold.
  auto allowed = [&](std::initializer_list<R> kinds) {
    if (builtin)
      return true;
    for (R k : kinds)
      if (type == k)
        return true;
    return false;
  };
  if ((declaredIn == R::Record || declaredIn == R::OperatorRecord) &&
      !allowed({R::Record, R::OperatorRecord, R::Type}))
    report(diag::RecordComponentNotAllowed, at, {member.name, ast::restrictionName(type)});
  if (isConnectorKind(declaredIn) &&
      !allowed({R::Record, R::OperatorRecord, R::Type, R::Connector, R::ExpandableConnector}))
    report(diag::ConnectorComponentNotAllowed, at, {member.name, ast::restrictionName(type)});
  if (isFunctionKind(declaredIn) &&
      !allowed({R::Record, R::OperatorRecord, R::Type, R::Function, R::OperatorFunction}))
    report(diag::FunctionComponentNotAllowed, at, {member.name, ast::restrictionName(type)});
  // 4.4.2.1: type prefixes apply to components of types, records and
  // connectors only (input also to functional arguments; parameter and
  // constant also to external objects).
  bool typeLike = allowed({R::Record, R::OperatorRecord, R::Type, R::Connector,
                           R::ExpandableConnector}) ||
                  c->builtin == inst::BuiltinKind::ExternalObject;
  auto prefixError = [&](const std::string &prefix) {
    report(diag::PrefixNotApplicable, at,
           {prefix, member.name, ast::restrictionName(type), typeName});
  };
  if (!typeLike) {
    if (written.variability != ast::VariabilityKind::Continuous)
      prefixError(variabilityName(written.variability));
    else if (c->prefixes.declaredCausality != ast::CausalityKind::None && !functionType)
      prefixError(c->prefixes.declaredCausality == ast::CausalityKind::Input ? "input" : "output");
    else if (written.connector != ast::ConnectorKind::Potential)
      prefixError(written.connector == ast::ConnectorKind::Flow ? "flow" : "stream");
    return;
  }
  // 9.3.1: a flow operator record defines an additive group: the
  // operators '+', '-' and '0'.
  if (written.connector == ast::ConnectorKind::Flow && !builtin && type == R::OperatorRecord &&
      c->cls && c->cls->def) {
    for (const char *op : {"'+'", "'-'", "'0'"}) {
      bool found = false;
      for (const ast::Element &e : c->cls->def->elements)
        found |= e.kind == ast::ElementKind::Class && e.classDef->name == op;
      if (!found)
        report(diag::FlowOperatorRecordIncomplete, at, {member.name, typeName, op});
    }
  }
  // 9.3: a connector component is not a parameter or constant.
  if (!builtin && isConnectorKind(type) &&
      (written.variability == ast::VariabilityKind::Parameter ||
       written.variability == ast::VariabilityKind::Constant))
    report(diag::ConnectorComponentVariability, at,
           {member.name, variabilityName(written.variability)});
  // 4.4.2.1: stream variables are Reals or records of Reals.
  if (written.connector == ast::ConnectorKind::Stream) {
    bool real = builtin ? c->builtin == inst::BuiltinKind::Real : isRecordClass(c->cls);
    if (!real)
      report(diag::StreamVariableNotReal, at, {member.name, typeName});
  }
  // 4.4.2.1: flow, input and output of a structured component: none of its
  // elements has any of these prefixes (nor stream).
  bool structuredPrefix = written.connector == ast::ConnectorKind::Flow ||
                          c->prefixes.declaredCausality != ast::CausalityKind::None;
  if (!builtin && structuredPrefix && !functionType) {
    auto &members = c->expandedMembers();
    for (size_t i = 0; i < members.size(); ++i) {
      Member &m = members[i];
      if (m.kind != Member::Kind::Component)
        continue;
      const ast::TypePrefix &p = m.element->component->prefix;
      bool prefixed = p.connector != ast::ConnectorKind::Potential ||
                      p.causality != ast::CausalityKind::None ||
                      (m.instance && m.instance->prefixes.declaredCausality != ast::CausalityKind::None);
      if (!prefixed)
        continue;
      std::string outerPrefix = written.connector == ast::ConnectorKind::Flow ? "flow"
                                : c->prefixes.declaredCausality == ast::CausalityKind::Input
                                    ? "input"
                                    : "output";
      report(diag::StructuredPrefixElementPrefixed, at, {member.name, outerPrefix, m.name});
      report(diag::NoteDeclaredHere, m.decl->nameRange);
      break;
    }
  }
  // 4.6: every public connector variable of a block that is not a
  // parameter or constant is an input or an output.
  if (parent->restriction() == R::Block && declaredIn == R::Block && !builtin &&
      type == R::Connector && !member.isProtected) {
    std::function<const Instance *(Instance *)> undirected = [&](Instance *x) -> const Instance * {
      auto &members = x->expandedMembers();
      for (size_t i = 0; i < members.size(); ++i) {
        Member &m = members[i];
        Instance *v = m.kind == Member::Kind::Component ? m.instance.get() : nullptr;
        if (!v || v->prefixes.variability == ast::VariabilityKind::Parameter ||
            v->prefixes.variability == ast::VariabilityKind::Constant)
          continue;
        if (!v->isBuiltin()) {
          if (const Instance *found = undirected(v))
            return found;
          continue;
        }
        if (v->prefixes.causality == ast::CausalityKind::None)
          return v;
      }
      return nullptr;
    };
    if (c->prefixes.causality == ast::CausalityKind::None)
      if (const Instance *v = undirected(c))
        report(diag::BlockConnectorNotCausal, at, {member.name, v->name});
  }
}

void Checker::checkConstantValue(Instance *c) {
  // 4.5: a constant has a value. A field of a record constant takes it
  // from the record's binding.
  const ast::Element *element = c->member ? c->member->element : nullptr;
  if (!element || element->kind != ast::ElementKind::Component || !c->isBuiltin() ||
      element->component->prefix.variability != ast::VariabilityKind::Constant || c->mod.binding)
    return;
  for (Instance *p = c->parent; p; p = p->parent) {
    if (p->mod.binding)
      return;
    if (p->kind != inst::InstanceKind::Component) {
      // Only in models: functions and record constructors leave it to
      // their arguments, packages report a constant when it is used.
      if (p->kind != inst::InstanceKind::Model || p->restriction() == R::Function ||
          p->restriction() == R::OperatorFunction || p->restriction() == R::Record ||
          p->restriction() == R::OperatorRecord)
        return;
    }
  }
  report(diag::ConstantWithoutValue, c->loc, {c->path()});

}

} // namespace mocc::check
