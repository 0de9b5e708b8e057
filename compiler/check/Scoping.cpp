// MLS chapter 5, inner and outer (5.4): an outer component has no
// modification, and its inner component is of a subtype of its type, not
// partial, with the same dimensions.
#include "compiler/check/Checker.h"

namespace mocc::check {

namespace {

/// The class a type name denotes after short class definitions without
/// dimensions or prefixes, and the dimensions those definitions add (null
/// entries are sizes that are not integer literals).
struct ResolvedType {
  ClassNode *cls = nullptr;
  std::vector<const ast::Expr *> dims;
};

ResolvedType resolveType(inst::Instantiator &inst, ClassNode *cls) {
  ResolvedType t;
  for (int depth = 0; cls && depth < 32; ++depth) {
    t.cls = cls;
    const ast::ClassDef *def = cls->def;
    if (!def || def->specifier != ast::ClassSpecifierKind::Short)
      break;
    for (const auto &d : def->baseDims)
      t.dims.push_back(d.get());
    cls = inst.lookupClass(def->baseType, inst::Scope{nullptr, cls->parent}, false);
  }
  return t;
}

std::optional<int64_t> literalSize(const ast::Expr *e) {
  if (auto *i = ast::dynCast<ast::IntegerExpr>(e))
    return i->value;
  return std::nullopt;
}

} // namespace

void Checker::checkOuter(Instance *parent, Member &member) {
  if (!checkedDecls_.insert(member.decl).second)
    return;
  // 5.4: an outer element has no modification, in its declaration or
  // from outside.
  if (member.decl->mod)
    report(diag::OuterWithModification, member.decl->mod->range, {member.name});
  else if (!member.mod.empty()) {
    SourceRange at = member.mod.loc;
    if (!at.valid() && !member.mod.children.empty())
      at = member.mod.children.front().second.loc;
    report(diag::OuterModified, at, {member.name});
  }
  Instance *inner = parent->memberInstance(member);
  if (!inner)
    return;
  ClassNode *declared = inst_.lookupClass(member.element->component->type,
                                          inst::Scope{parent, member.declaredIn}, false);
  if (!declared)
    return;
  ResolvedType outerType = resolveType(inst_, declared);
  for (const auto &d : member.element->component->typeDims)
    outerType.dims.insert(outerType.dims.begin(), d.get());
  for (size_t i = member.decl->dims.size(); i-- > 0;)
    outerType.dims.insert(outerType.dims.begin(), member.decl->dims[i].get());
  SourceRange at = member.decl->nameRange;
  std::string innerPath = inner->path().empty() ? inner->name : inner->path();
  auto noteInner = [&] {
    if (inner->member)
      report(diag::NoteInnerDeclaration, inner->member->decl->nameRange);
  };
  // The types: the same predefined type or enumeration, else a subtype.
  ClassNode *innerCls = inner->cls;
  ClassNode *outerCls = outerType.cls;
  if (inner->isBuiltin() || (outerCls && outerCls->builtin != inst::BuiltinKind::None)) {
    ClassNode *a = innerCls ? inst_.resolveAlias(innerCls) : nullptr;
    ClassNode *b = outerCls ? inst_.resolveAlias(outerCls) : nullptr;
    bool sameBuiltin = a && b && a->builtin != inst::BuiltinKind::Enumeration &&
                       a->builtin == b->builtin && a->builtin != inst::BuiltinKind::None;
    if (!sameBuiltin && a != b) {
      report(diag::InnerOuterTypeMismatch, at,
             {member.name, innerPath, b ? b->fullName() : std::string("?"),
              a ? a->fullName() : std::string("?")});
      noteInner();
      return;
    }
  }
  // A partial inner class is reported as any partial instance (Classes.cpp).
  // The dimensions, where both are known.
  if (inner->dims) {
    const std::vector<int64_t> &dims = *inner->dims;
    if (dims.size() != outerType.dims.size()) {
      report(diag::InnerOuterRankMismatch, at,
             {member.name, innerPath, outerType.dims.size(), dims.size()});
      noteInner();
      return;
    }
    for (size_t i = 0; i < dims.size(); ++i)
      if (auto n = literalSize(outerType.dims[i]); n && *n != dims[i]) {
        report(diag::InnerOuterSizeMismatch, at, {member.name, innerPath, i + 1, *n, dims[i]});
        noteInner();
        return;

      }
  }
}

} // namespace mocc::check
