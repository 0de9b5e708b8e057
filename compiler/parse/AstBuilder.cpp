// Implementation of the parse-tree-to-AST builder. Functions follow the
// grammar (MLS Appendix A, in grammar/Modelica.g4) top-down; each quotes the
// rule it implements. Rules whose children come in a meaningful order (lists
// with separators, if/elseif/else branches, prefixes) are built by walking
// the children; the others pick children by type with child<>() and
// childToken(), which do what ANTLR's generated accessors do without their
// dynamic_casts (a tenth of the build time).
//
// This file builds classes, their elements and modifications;
// AstBuilderEquations.cpp equations and statements, AstBuilderExpressions.cpp
// expressions, names and literals.
#include "compiler/parse/AstBuilder.h"

#include "compiler/parse/AstBuilderUtil.h"


namespace mocc::parse {

// ===========================================================================
// Stored definition and classes
// ===========================================================================

// stored-definition :
//    [ within [ name ] ";" ] { [ final ] class-definition ";" }
std::unique_ptr<ast::StoredDefinition>
AstBuilder::storedDefinition(P::StoredDefinitionContext *ctx) {
  auto def = std::make_unique<ast::StoredDefinition>();
  def->file = file_;
  bool isFinal = false;
  for (ParseTree *child : ctx->children) {
    size_t type = typeOf(child);
    if (type == P::WITHIN) {
      def->hasWithin = true;
    } else if (type == P::FINAL) {
      isFinal = true;
    } else if (auto *within = ruleAs<P::NameContext>(child)) {
      def->within = name(within);
    } else if (auto *cls = ruleAs<P::ClassDefinitionContext>(child)) {
      def->classes.push_back(classDefinition(cls));
      def->classes.back()->prefixes.final = isFinal;
      isFinal = false;
    }
  }
  if (def->classes.empty())
    errors_.report(range(childToken(ctx, Token::EOF)), diag::NoClassDefinition);
  return def;
}

ast::ExprPtr AstBuilder::expressionEntry(P::ExpressionEntryContext *ctx) {
  return expression(child<P::ExpressionContext>(ctx));
}

// class-definition : [ encapsulated ] class-prefixes class-specifier
std::unique_ptr<ast::ClassDef>
AstBuilder::classDefinition(P::ClassDefinitionContext *ctx) {
  checkStack(ctx);
  auto cls = node<ast::ClassDef>(range(ctx));
  cls->prefixes.encapsulated = childToken(ctx, P::ENCAPSULATED) != nullptr;
  classPrefixes(child<P::ClassPrefixesContext>(ctx), cls->prefixes);
  P::ClassSpecifierContext *specifier = child<P::ClassSpecifierContext>(ctx);
  if (auto *longSpecifier = child<P::LongClassSpecifierContext>(specifier))
    longClassSpecifier(longSpecifier, *cls);
  else if (auto *shortSpecifier =
               child<P::ShortClassSpecifierContext>(specifier))
    shortClassSpecifier(shortSpecifier, *cls);
  else
    derClassSpecifier(child<P::DerClassSpecifierContext>(specifier), *cls);
  return cls;
}

// class-prefixes :
//    [ partial ] ( class | model | [ operator ] record | block
//    | [ expandable ] connector | type | package
//    | [ pure | impure ] [ operator ] function | operator )
void AstBuilder::classPrefixes(P::ClassPrefixesContext *ctx,
                               ast::ClassPrefixes &prefixes) {
  using Kind = ast::ClassRestrictionKind;
  bool isOperator = false, expandable = false;
  for (ParseTree *child : ctx->children) {
    switch (typeOf(child)) {
    case P::PARTIAL:
      prefixes.partial = true;
      break;
    case P::PURE:
      prefixes.pure = true;
      break;
    case P::IMPURE:
      prefixes.impure = true;
      break;
    case P::EXPANDABLE:
      expandable = true;
      break;
    case P::OPERATOR:
      isOperator = true;
      prefixes.restriction = Kind::Operator;
      break;
    case P::CLASS:
      prefixes.restriction = Kind::Class;
      break;
    case P::MODEL:
      prefixes.restriction = Kind::Model;
      break;
    case P::RECORD:
      prefixes.restriction = isOperator ? Kind::OperatorRecord : Kind::Record;
      break;
    case P::BLOCK:
      prefixes.restriction = Kind::Block;
      break;
    case P::CONNECTOR:
      prefixes.restriction =
          expandable ? Kind::ExpandableConnector : Kind::Connector;
      break;
    case P::TYPE:
      prefixes.restriction = Kind::Type;
      break;
    case P::PACKAGE:
      prefixes.restriction = Kind::Package;
      break;
    case P::FUNCTION:
      prefixes.restriction =
          isOperator ? Kind::OperatorFunction : Kind::Function;
      break;
    }
  }
}

// long-class-specifier :
//    IDENT description-string composition end IDENT
//    | extends IDENT [ class-modification ] description-string
//      composition end IDENT
void AstBuilder::longClassSpecifier(P::LongClassSpecifierContext *ctx,
                                    ast::ClassDef &cls) {
  cls.specifier = childToken(ctx, P::EXTENDS)
                      ? ast::ClassSpecifierKind::ExtendsLong
                      : ast::ClassSpecifierKind::Long;
  Token *nameToken = childToken(ctx, P::IDENT, 0);
  cls.name = identifier(nameToken);
  cls.nameRange = range(nameToken);
  if (auto *mod = child<P::ClassModificationContext>(ctx))
    cls.extendsMod = classModification(mod);
  cls.description.text =
      descriptionString(child<P::DescriptionStringContext>(ctx));
  composition(child<P::CompositionContext>(ctx), cls);
  checkEndName(cls, childToken(ctx, P::IDENT, 1));
}

void AstBuilder::checkEndName(const ast::ClassDef &cls, Token *endName) {
  std::string name = identifier(endName);
  if (name == cls.name)
    return;
  errors_.report(range(endName), diag::EndNameMismatch, {name, cls.name});
  errors_.note(cls.nameRange, diag::NoteClassStartsHere, {cls.name});

}

// short-class-specifier :
//    IDENT "=" base-prefix type-specifier [ array-subscripts ]
//    [ class-modification ] description
//    | IDENT "=" enumeration "(" ( [ enum-list ] | ":" ) ")" description
// base-prefix : [ input | output ]
void AstBuilder::shortClassSpecifier(P::ShortClassSpecifierContext *ctx,
                                     ast::ClassDef &cls) {
  cls.name = identifier(childToken(ctx, P::IDENT));
  cls.nameRange = range(childToken(ctx, P::IDENT));
  cls.description = description(child<P::DescriptionContext>(ctx));
  if (childToken(ctx, P::ENUMERATION)) {
    cls.specifier = ast::ClassSpecifierKind::Enumeration;
    cls.unspecifiedEnumeration = childToken(ctx, P::COLON) != nullptr;
    if (auto *list = child<P::EnumListContext>(ctx))
      for (auto *literal : childrenOf<P::EnumerationLiteralContext>(list))
        cls.literals.push_back(enumerationLiteral(literal));
    return;
  }
  cls.specifier = ast::ClassSpecifierKind::Short;
  P::BasePrefixContext *base = child<P::BasePrefixContext>(ctx);
  if (childToken(base, P::INPUT))
    cls.basePrefix.causality = ast::CausalityKind::Input;
  else if (childToken(base, P::OUTPUT))
    cls.basePrefix.causality = ast::CausalityKind::Output;
  cls.baseType = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (auto *subs = child<P::ArraySubscriptsContext>(ctx))
    cls.baseDims = arraySubscripts(subs);
  if (auto *mod = child<P::ClassModificationContext>(ctx))
    cls.baseMod = classModification(mod);
}

// der-class-specifier :
//    IDENT "=" der "(" type-specifier "," IDENT { "," IDENT } ")" description
void AstBuilder::derClassSpecifier(P::DerClassSpecifierContext *ctx,
                                   ast::ClassDef &cls) {
  cls.specifier = ast::ClassSpecifierKind::Der;
  std::vector<Token *> idents = childTokens(ctx, P::IDENT);
  cls.name = identifier(idents[0]);
  cls.nameRange = range(idents[0]);
  cls.derFunction = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  for (size_t i = 1; i < idents.size(); ++i)
    cls.derInputs.push_back(identifier(idents[i]));
  cls.description = description(child<P::DescriptionContext>(ctx));
}

// enumeration-literal : IDENT description
ast::EnumLiteral
AstBuilder::enumerationLiteral(P::EnumerationLiteralContext *ctx) {
  ast::EnumLiteral literal;
  literal.name = identifier(childToken(ctx, P::IDENT));
  literal.range = range(ctx);
  literal.description = description(child<P::DescriptionContext>(ctx));
  return literal;
}

// composition :
//    element-list
//    { public element-list | protected element-list
//      | equation-section | algorithm-section }
//    [ external [ language-specification ]
//      [ external-function-call ] [ annotation-clause ] ";" ]
//    [ annotation-clause ";" ]
void AstBuilder::composition(P::CompositionContext *ctx, ast::ClassDef &cls) {
  bool isProtected = false, inExternal = false;
  for (ParseTree *child : ctx->children) {
    if (Token *token = terminal(child)) {
      isProtected = token->getType() == P::PROTECTED ||
                    (isProtected && token->getType() != P::PUBLIC);
      if (token->getType() == P::EXTERNAL) {
        cls.external = node<ast::ExternalClause>(range(token));
        inExternal = true;
      } else if (token->getType() == P::SEMI && inExternal) {
        cls.external->range =
            SourceRange::cover(cls.external->range, range(token));
        inExternal = false;
      }
    } else if (auto *elements = ruleAs<P::ElementListContext>(child)) {
      elementList(elements, isProtected, cls);
    } else if (auto *equations = ruleAs<P::EquationSectionContext>(child)) {
      cls.equationSections.push_back(equationSection(equations));
    } else if (auto *algorithm = ruleAs<P::AlgorithmSectionContext>(child)) {
      cls.algorithmSections.push_back(algorithmSection(algorithm));
    } else if (auto *language =
                   ruleAs<P::LanguageSpecificationContext>(child)) {
      // language-specification : STRING
      cls.external->language = stringValue(childToken(language, P::STRING));
    } else if (auto *call = ruleAs<P::ExternalFunctionCallContext>(child)) {
      externalFunctionCall(call, *cls.external);
    } else if (auto *annotation = ruleAs<P::AnnotationClauseContext>(child)) {
      (inExternal ? cls.external->annotation : cls.annotation) =
          annotationClause(annotation);
    }
  }
}

// external-function-call :
//    [ component-reference "=" ] IDENT "(" [ expression-list ] ")"
void AstBuilder::externalFunctionCall(P::ExternalFunctionCallContext *ctx,
                                      ast::ExternalClause &ext) {
  ext.hasCall = true;
  if (auto *output = child<P::ComponentReferenceContext>(ctx))
    ext.output = componentReference(output);
  ext.function = identifier(childToken(ctx, P::IDENT));
  if (auto *args = child<P::ExpressionListContext>(ctx))
    ext.args = expressionList(args);
}

// element-list : { element ";" }
void AstBuilder::elementList(P::ElementListContext *ctx, bool isProtected,
                             ast::ClassDef &cls) {
  for (P::ElementContext *elementCtx : childrenOf<P::ElementContext>(ctx)) {
    cls.elements.push_back(element(elementCtx));
    cls.elements.back().isProtected = isProtected;
  }
}

// element :
//    import-clause
//    | extends-clause
//    | [ redeclare ] [ final ] [ inner ] [ outer ]
//      ( class-definition | component-clause
//      | replaceable ( class-definition | component-clause )
//        [ constraining-clause description ] )
ast::Element AstBuilder::element(P::ElementContext *ctx) {
  ast::Element element;
  element.range = range(ctx);
  for (ParseTree *child : ctx->children) {
    switch (typeOf(child)) {
    case P::REDECLARE:
      element.redeclare = true;
      continue;
    case P::FINAL:
      element.final = true;
      continue;
    case P::INNER:
      element.inner = true;
      continue;
    case P::OUTER:
      element.outer = true;
      continue;
    case P::REPLACEABLE:
      element.replaceable = true;
      continue;
    }
    if (auto *import = ruleAs<P::ImportClauseContext>(child)) {
      element.kind = ast::ElementKind::Import;
      element.import = importClause(import);
    } else if (auto *extends = ruleAs<P::ExtendsClauseContext>(child)) {
      element.kind = ast::ElementKind::Extends;
      element.extends = extendsClause(extends);
    } else if (auto *cls = ruleAs<P::ClassDefinitionContext>(child)) {
      element.kind = ast::ElementKind::Class;
      element.classDef = classDefinition(cls);
    } else if (auto *component = ruleAs<P::ComponentClauseContext>(child)) {
      element.kind = ast::ElementKind::Component;
      element.component = componentClause(component);
    } else if (auto *constraint = ruleAs<P::ConstrainingClauseContext>(child)) {
      element.constrainedBy = constrainingClause(constraint);
    } else if (auto *desc = ruleAs<P::DescriptionContext>(child)) {
      element.constrainedBy->description = description(desc);
    }
  }
  return element;
}

// import-clause :
//    import ( IDENT "=" name
//           | name [ ".*" | "." ( "*" | "{" import-list "}" ) ] ) description
// import-list : IDENT { "," IDENT }
std::unique_ptr<ast::ImportClause>
AstBuilder::importClause(P::ImportClauseContext *ctx) {
  auto import = std::make_unique<ast::ImportClause>();
  import->description = description(child<P::DescriptionContext>(ctx));
  if (auto *target = child<P::NameContext>(ctx)) {
    import->kind = ast::ImportKind::Named;
    import->alias = identifier(childToken(ctx, P::IDENT, 0));
    import->name = name(target);
    return import;
  }
  for (ParseTree *child : ctx->children) {
    Token *token = terminal(child);
    if (!token) {
      if (auto *list = ruleAs<P::ImportListContext>(child))
        for (Token *ident : childTokens(list, P::IDENT))
          import->names.push_back(identifier(ident));
    } else if (token->getType() == P::IDENT) {
      import->name.parts.push_back(identifier(token));
      import->name.range = SourceRange::cover(import->name.range, range(token));
    } else if (token->getType() == P::DOTSTAR || token->getType() == P::STAR) {
      import->kind = ast::ImportKind::Unqualified;
    } else if (token->getType() == P::LBRACE) {
      import->kind = ast::ImportKind::Multiple;
    }
  }
  return import;
}

// extends-clause :
//    extends type-specifier [ class-or-inheritance-modification ]
//    [ annotation-clause ]
std::unique_ptr<ast::ExtendsClause>
AstBuilder::extendsClause(P::ExtendsClauseContext *ctx) {
  auto extends = std::make_unique<ast::ExtendsClause>();
  extends->base = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (auto *mod = child<P::ClassOrInheritanceModificationContext>(ctx))
    extends->mod = classOrInheritanceModification(mod);
  if (auto *annotation = child<P::AnnotationClauseContext>(ctx))
    extends->annotation = annotationClause(annotation);
  return extends;
}

// constraining-clause : constrainedby type-specifier [ class-modification ]
std::unique_ptr<ast::ConstrainingClause>
AstBuilder::constrainingClause(P::ConstrainingClauseContext *ctx) {
  auto clause = std::make_unique<ast::ConstrainingClause>();
  clause->range = range(ctx);
  clause->type = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (auto *mod = child<P::ClassModificationContext>(ctx))
    clause->mod = classModification(mod);
  return clause;
}

// class-or-inheritance-modification :
//    "(" [ argument-or-inheritance-modification-list ] ")"
// argument-or-inheritance-modification-list :
//    ( argument | inheritance-modification )
//    { "," ( argument | inheritance-modification ) }
std::unique_ptr<ast::Modification> AstBuilder::classOrInheritanceModification(
    P::ClassOrInheritanceModificationContext *ctx) {
  auto mod = node<ast::Modification>(range(ctx));
  mod->hasClassModification = true;
  for (ParseTree *child : ctx->children) {
    if (auto *arg = ruleAs<P::ArgumentContext>(child))
      mod->arguments.push_back(argument(arg));
    else if (auto *inheritance =
                 ruleAs<P::InheritanceModificationContext>(child))
      mod->arguments.push_back(inheritanceModification(inheritance));
  }
  return mod;
}

// inheritance-modification : break ( connect-equation | IDENT )
ast::Argument
AstBuilder::inheritanceModification(P::InheritanceModificationContext *ctx) {
  ast::Argument arg;
  arg.range = range(ctx);
  if (auto *connect = child<P::ConnectEquationContext>(ctx)) {
    arg.kind = ast::ArgumentKind::BreakConnect;
    arg.connectA =
        componentReference(child<P::ComponentReferenceContext>(connect, 0));
    arg.connectB =
        componentReference(child<P::ComponentReferenceContext>(connect, 1));
    return arg;
  }
  arg.kind = ast::ArgumentKind::BreakComponent;
  Token *ident = childToken(ctx, P::IDENT);
  arg.path.parts.push_back(identifier(ident));
  arg.path.range = range(ident);
  return arg;
}

// ===========================================================================
// Component clauses and modifications
// ===========================================================================

// component-clause :
//    type-prefix type-specifier [ array-subscripts ] component-list
// component-list : component-declaration { "," component-declaration }
std::unique_ptr<ast::ComponentClause>
AstBuilder::componentClause(P::ComponentClauseContext *ctx) {
  auto clause = std::make_unique<ast::ComponentClause>();
  clause->range = range(ctx);
  clause->prefix = typePrefix(child<P::TypePrefixContext>(ctx));
  clause->type = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (auto *subs = child<P::ArraySubscriptsContext>(ctx))
    clause->typeDims = arraySubscripts(subs);
  for (auto *decl : childrenOf<P::ComponentDeclarationContext>(
           child<P::ComponentListContext>(ctx)))
    clause->components.push_back(componentDeclaration(decl));
  return clause;
}

// type-prefix :
//    [ flow | stream ] [ discrete | parameter | constant ] [ input | output ]
ast::TypePrefix AstBuilder::typePrefix(P::TypePrefixContext *ctx) {
  ast::TypePrefix prefix;
  for (ParseTree *child : ctx->children) {
    switch (typeOf(child)) {
    case P::FLOW:
      prefix.connector = ast::ConnectorKind::Flow;
      break;
    case P::STREAM:
      prefix.connector = ast::ConnectorKind::Stream;
      break;
    case P::DISCRETE:
      prefix.variability = ast::VariabilityKind::Discrete;
      prefix.variabilityWritten = true;
      break;
    case P::PARAMETER:
      prefix.variability = ast::VariabilityKind::Parameter;
      prefix.variabilityWritten = true;
      break;
    case P::CONSTANT:
      prefix.variability = ast::VariabilityKind::Constant;
      prefix.variabilityWritten = true;
      break;
    case P::INPUT:
      prefix.causality = ast::CausalityKind::Input;
      break;
    case P::OUTPUT:
      prefix.causality = ast::CausalityKind::Output;
      break;
    }
  }
  return prefix;
}

// component-declaration : declaration [ condition-attribute ] description
// condition-attribute : if expression
ast::ComponentDecl
AstBuilder::componentDeclaration(P::ComponentDeclarationContext *ctx) {
  ast::ComponentDecl decl;
  declaration(child<P::DeclarationContext>(ctx), decl);
  decl.range = range(ctx);
  if (auto *condition = child<P::ConditionAttributeContext>(ctx))
    decl.condition = expression(child<P::ExpressionContext>(condition));
  decl.description = description(child<P::DescriptionContext>(ctx));
  return decl;
}

// declaration : IDENT [ array-subscripts ] [ modification ]
void AstBuilder::declaration(P::DeclarationContext *ctx,
                             ast::ComponentDecl &decl) {
  Token *ident = childToken(ctx, P::IDENT);
  decl.name = identifier(ident);
  decl.nameRange = range(ident);
  if (auto *subs = child<P::ArraySubscriptsContext>(ctx))
    decl.dims = arraySubscripts(subs);
  if (auto *mod = child<P::ModificationContext>(ctx))
    decl.mod = modification(mod);
}

// modification :
//    class-modification [ "=" modification-expression ]
//    | "=" modification-expression
//    | ":=" modification-expression
// modification-expression : expression | break
std::unique_ptr<ast::Modification>
AstBuilder::modification(P::ModificationContext *ctx) {
  std::unique_ptr<ast::Modification> mod;
  if (auto *classMod = child<P::ClassModificationContext>(ctx))
    mod = classModification(classMod);
  else
    mod = std::make_unique<ast::Modification>();
  mod->range = range(ctx);
  if (P::ModificationExpressionContext *binding =
          child<P::ModificationExpressionContext>(ctx)) {
    mod->assignBinding = childToken(ctx, P::ASSIGN) != nullptr;
    mod->bindingRange = range(binding);
    if (childToken(binding, P::BREAK))
      mod->bindingIsBreak = true;
    else
      mod->binding = expression(child<P::ExpressionContext>(binding));
  }
  return mod;
}

// class-modification : "(" [ argument-list ] ")"
// argument-list : argument { "," argument }
std::unique_ptr<ast::Modification>
AstBuilder::classModification(P::ClassModificationContext *ctx) {
  auto mod = node<ast::Modification>(range(ctx));
  mod->hasClassModification = true;
  if (auto *list = child<P::ArgumentListContext>(ctx))
    for (P::ArgumentContext *arg : childrenOf<P::ArgumentContext>(list))
      mod->arguments.push_back(argument(arg));
  return mod;
}

// argument : element-modification-or-replaceable | element-redeclaration
ast::Argument AstBuilder::argument(P::ArgumentContext *ctx) {
  if (auto *redeclaration = child<P::ElementRedeclarationContext>(ctx))
    return elementRedeclaration(redeclaration);
  return elementModificationOrReplaceable(
      child<P::ElementModificationOrReplaceableContext>(ctx));
}

// element-modification-or-replaceable :
//    [ each ] [ final ] ( element-modification | element-replaceable )
// element-modification : name [ modification ] description-string
ast::Argument AstBuilder::elementModificationOrReplaceable(
    P::ElementModificationOrReplaceableContext *ctx) {
  ast::Argument arg;
  arg.range = range(ctx);
  arg.each = childToken(ctx, P::EACH) != nullptr;
  arg.final = childToken(ctx, P::FINAL) != nullptr;
  if (auto *replaceable = child<P::ElementReplaceableContext>(ctx)) {
    arg.kind = ast::ArgumentKind::Replaceable;
    elementReplaceable(replaceable, arg);
    return arg;
  }
  P::ElementModificationContext *mod =
      child<P::ElementModificationContext>(ctx);
  arg.kind = ast::ArgumentKind::Modification;
  arg.path = name(child<P::NameContext>(mod));
  if (auto *value = child<P::ModificationContext>(mod))
    arg.mod = modification(value);
  arg.description = descriptionString(child<P::DescriptionStringContext>(mod));
  return arg;
}

// element-redeclaration :
//    redeclare [ each ] [ final ]
//    ( short-class-definition | component-clause1 | element-replaceable )
ast::Argument
AstBuilder::elementRedeclaration(P::ElementRedeclarationContext *ctx) {
  ast::Argument arg;
  arg.kind = ast::ArgumentKind::Redeclaration;
  arg.range = range(ctx);
  arg.each = childToken(ctx, P::EACH) != nullptr;
  arg.final = childToken(ctx, P::FINAL) != nullptr;
  if (auto *cls = child<P::ShortClassDefinitionContext>(ctx))
    arg.classDef = shortClassDefinition(cls);
  else if (auto *component = child<P::ComponentClause1Context>(ctx))
    arg.component = componentClause1(component);
  else
    elementReplaceable(child<P::ElementReplaceableContext>(ctx), arg);
  return arg;
}

// element-replaceable :
//    replaceable ( short-class-definition | component-clause1 )
//    [ constraining-clause ]
void AstBuilder::elementReplaceable(P::ElementReplaceableContext *ctx,
                                    ast::Argument &arg) {
  arg.replaceable = true;
  if (auto *cls = child<P::ShortClassDefinitionContext>(ctx))
    arg.classDef = shortClassDefinition(cls);
  else
    arg.component = componentClause1(child<P::ComponentClause1Context>(ctx));
  if (auto *constraint = child<P::ConstrainingClauseContext>(ctx))
    arg.constrainedBy = constrainingClause(constraint);
}

// component-clause1 : type-prefix type-specifier component-declaration1
// component-declaration1 : declaration description
std::unique_ptr<ast::ComponentClause>
AstBuilder::componentClause1(P::ComponentClause1Context *ctx) {
  auto clause = std::make_unique<ast::ComponentClause>();
  clause->range = range(ctx);
  clause->prefix = typePrefix(child<P::TypePrefixContext>(ctx));
  clause->type = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  P::ComponentDeclaration1Context *declCtx =
      child<P::ComponentDeclaration1Context>(ctx);
  ast::ComponentDecl decl;
  declaration(child<P::DeclarationContext>(declCtx), decl);
  decl.range = range(declCtx);
  decl.description = description(child<P::DescriptionContext>(declCtx));
  clause->components.push_back(std::move(decl));
  return clause;
}

// short-class-definition : class-prefixes short-class-specifier
std::unique_ptr<ast::ClassDef>
AstBuilder::shortClassDefinition(P::ShortClassDefinitionContext *ctx) {
  auto cls = node<ast::ClassDef>(range(ctx));
  classPrefixes(child<P::ClassPrefixesContext>(ctx), cls->prefixes);
  shortClassSpecifier(child<P::ShortClassSpecifierContext>(ctx), *cls);
  return cls;
}

} // namespace mocc::parse
