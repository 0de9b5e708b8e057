// Modifiers: building them from the AST, merging outer into inner
// modifications (MLS 7.2.4), and splitting the modifier of an array of
// components into the modifiers of its elements (MLS 7.2.5, `each`).
#include "compiler/instantiate/Instance.h"

namespace mocc::inst {

Modifier *Modifier::child(const std::string &name) {
  for (auto &[childName, mod] : children)
    if (childName == name)
      return &mod;
  return nullptr;
}

const Modifier *Modifier::child(const std::string &name) const {
  for (const auto &[childName, mod] : children)
    if (childName == name)
      return &mod;
  return nullptr;
}

namespace {

/// The modifier for a dotted path `a.b.c`, created as needed.
Modifier &childPath(Modifier &root, const ast::Name &path, Scope scope) {
  Modifier *current = &root;
  for (const std::string &part : path.parts) {
    Modifier *next = current->child(part);
    if (!next) {
      current->children.emplace_back(part, Modifier{});
      next = &current->children.back().second;
      next->scope = scope;
      next->loc = path.range;
    }
    current = next;
  }
  return *current;
}

std::string argumentName(const ast::Argument &arg) {
  if (arg.classDef)
    return arg.classDef->name;
  if (arg.component && !arg.component->components.empty())
    return arg.component->components.front().name;
  return "";
}

void addArgument(Modifier &root, const ast::Argument &arg, Scope scope) {
  switch (arg.kind) {
  case ast::ArgumentKind::Modification: {
    Modifier &target = childPath(root, arg.path, scope);
    Modifier mod = makeModifier(arg.mod.get(), scope);
    mod.loc = arg.range;
    mod.each = arg.each;
    mod.final = arg.final;
    // Two modifications of the same element merge; a duplicate binding is
    // caught by the caller's checks (the later one wins here).
    if (target.empty() && target.children.empty()) {
      target = std::move(mod);
    } else {
      for (auto &child : mod.children)
        target.children.push_back(std::move(child));
      if (mod.binding) {
        target.binding = mod.binding;
        target.bindingLoc = mod.bindingLoc;
      }
      target.each |= mod.each;
      target.final |= mod.final;
    }
    return;
  }
  case ast::ArgumentKind::Redeclaration:
  case ast::ArgumentKind::Replaceable: {
    ast::Name path;
    path.parts.push_back(argumentName(arg));
    path.range = arg.range;
    Modifier &target = childPath(root, path, scope);
    target.redeclare = &arg;
    target.scope = scope;
    target.redeclareScope = scope;
    target.each = arg.each;
    target.final = arg.final;
    target.loc = arg.range;
    return;
  }
  case ast::ArgumentKind::BreakComponent:
  case ast::ArgumentKind::BreakConnect:
    return; // handled where extends clauses are expanded
  }
}

} // namespace

Modifier makeModifier(const ast::Modification *mod, Scope scope) {
  Modifier m;
  m.scope = scope;
  if (!mod)
    return m;
  m.loc = mod->range;
  if (mod->binding) {
    m.binding = mod->binding.get();
    m.bindingLoc = mod->bindingRange.valid() ? mod->bindingRange : mod->binding->range;
  }
  // Usually one child per argument (`a.b = 1` makes one child too): sized
  // once, not grown by doubling, for every typed variable of a model.
  m.children.reserve(mod->arguments.size());
  for (const ast::Argument &arg : mod->arguments)
    addArgument(m, arg, scope);
  return m;
}

void mergeModifier(Modifier &inner, const Modifier &outer, Diagnostics &diags) {
  if (outer.binding) {
    if (inner.final && inner.binding) {
      diags.report(diag::FinalElementModified, outer.bindingLoc);
      diags.report(diag::NoteDeclaredFinalHere, inner.bindingLoc);
    } else {
      inner.binding = outer.binding;
      inner.bindingLoc = outer.bindingLoc;
      inner.scope = outer.scope;
      inner.elementIndex = outer.elementIndex;
      inner.elementSize = outer.elementSize;
      inner.each = outer.each;
    }
  }
  if (outer.redeclare) {
    // A redeclaration without `replaceable` ends the element's
    // replaceability (MLS 7.3.2); a replaceable one constrains the next.
    if (inner.redeclare && inner.redeclare != outer.redeclare) {
      if (!inner.redeclare->replaceable) {
        diags.report(diag::RedeclaredAgainWithoutReplaceable, outer.redeclare->range);
        diags.report(diag::NoteEarlierRedeclaration, inner.redeclare->range);

      } else {
        inner.constraints.push_back({inner.redeclare, inner.redeclareScope});
      }
    }
    inner.redeclare = outer.redeclare;
    inner.redeclareScope = outer.redeclareScope;
    if (!outer.binding)
      inner.scope = outer.scope;
  }
  inner.constraints.insert(inner.constraints.end(), outer.constraints.begin(),
                           outer.constraints.end());
  inner.final |= outer.final;
  if (outer.loc.valid())
    inner.loc = outer.loc;
  for (const auto &[name, child] : outer.children) {
    if (Modifier *existing = inner.child(name))
      mergeModifier(*existing, child, diags);
    else
      inner.children.emplace_back(name, child);
  }
}

Modifier elementModifier(const Modifier &arrayModifier, int64_t index, int64_t size) {
  Modifier m = arrayModifier;
  if (m.binding && !m.each) {
    m.elementIndex.push_back(index);
    m.elementSize.push_back(size);
  }
  for (auto &[name, child] : m.children)
    if (!child.each)
      child = elementModifier(child, index, size);
  return m;
}

} // namespace mocc::inst
