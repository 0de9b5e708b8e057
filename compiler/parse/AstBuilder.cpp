// Implementation of the parse-tree-to-AST builder. Functions follow the
// grammar (MLS Appendix A, in grammar/Modelica.g4) top-down; each quotes the
// rule it implements. Rules whose children come in a meaningful order (lists
// with separators, if/elseif/else branches, prefixes) are built by walking
// the children; the others pick children by type with child<>() and
// childToken(), which do what ANTLR's generated accessors do without their
// dynamic_casts (a tenth of the build time).
#include "compiler/parse/AstBuilder.h"

#include <tree/TerminalNodeImpl.h>

#include <charconv>
#include <typeinfo>

namespace mocc::parse {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using P = AstBuilder::P;

namespace {

/// Operands allowed in one chain of binary operators. The AST of a chain is
/// as deep as it is long; the later phases follow such chains in loops and
/// the expressions made of them without recursion (docs/pipeline.md,
/// "Limits"). The longest chain in the Modelica Standard Library has under
/// a hundred; a million operands is some 10 MB of text.
constexpr size_t kMaxChainOperands = 1000000;

/// The token of a leaf of the parse tree, or null for a rule node. In a
/// tree without errors every leaf is a TerminalNodeImpl; comparing type_info
/// is much cheaper than a dynamic_cast, which builds on string compares for
/// classes from another shared library.
Token *terminal(ParseTree *tree) {
  if (typeid(*tree) != typeid(antlr4::tree::TerminalNodeImpl))
    return nullptr;
  // TerminalNode is a virtual base of TerminalNodeImpl, but ParseTree is an
  // ordinary base of TerminalNode, so this downcast is static.
  return static_cast<antlr4::tree::TerminalNode *>(tree)->getSymbol();
}

/// The token type of a leaf, or 0 (never a token type) for a rule node.
size_t typeOf(ParseTree *tree) {
  Token *token = terminal(tree);
  return token ? token->getType() : 0;
}

/// The node as a `Context`, or null if it is another rule or a leaf.
template <class Context> Context *ruleAs(ParseTree *tree) {
  return typeid(*tree) == typeid(Context) ? static_cast<Context *>(tree)
                                          : nullptr;
}

/// The `index`-th child of `ctx` that is a `Context` node, or null. (The
/// generated accessors do the same with a dynamic_cast per child.)
template <class Context>
Context *child(ParserRuleContext *ctx, size_t index = 0) {
  for (ParseTree *node : ctx->children)
    if (typeid(*node) == typeid(Context) && index-- == 0)
      return static_cast<Context *>(node);
  return nullptr;
}

/// All children of `ctx` that are `Context` nodes.
template <class Context>
std::vector<Context *> childrenOf(ParserRuleContext *ctx) {
  std::vector<Context *> result;
  for (ParseTree *node : ctx->children)
    if (typeid(*node) == typeid(Context))
      result.push_back(static_cast<Context *>(node));
  return result;
}

/// The `index`-th token of type `type` among the children of `ctx`, or null.
Token *childToken(ParserRuleContext *ctx, size_t type, size_t index = 0) {
  for (ParseTree *node : ctx->children)
    if (Token *token = terminal(node);
        token && token->getType() == type && index-- == 0)
      return token;
  return nullptr;
}

/// All tokens of type `type` among the children of `ctx`.
std::vector<Token *> childTokens(ParserRuleContext *ctx, size_t type) {
  std::vector<Token *> result;
  for (ParseTree *node : ctx->children)
    if (Token *token = terminal(node); token && token->getType() == type)
      result.push_back(token);
  return result;
}

template <class Node> std::unique_ptr<Node> node(SourceRange range) {
  auto result = std::make_unique<Node>();
  result->range = range;
  return result;
}

template <class T>
void append(std::vector<std::unique_ptr<T>> &list, std::unique_ptr<T> item) {
  if (item)
    list.push_back(std::move(item));
}

/// Follows a chain of single-child rule nodes down to a primary, if there
/// is one: the simple-expression `f(x)` is such a chain, `f(x) + 1` is not.
P::PrimaryContext *solePrimary(ParserRuleContext *ctx) {
  while (ctx) {
    if (auto *primary = dynamic_cast<P::PrimaryContext *>(ctx))
      return primary;
    if (ctx->children.size() != 1)
      return nullptr;
    ctx = dynamic_cast<ParserRuleContext *>(ctx->children[0]);
  }
  return nullptr;
}

ast::BinaryOpKind binaryOp(size_t type) {
  switch (type) {
  case P::PLUS:
    return ast::BinaryOpKind::Add;
  case P::MINUS:
    return ast::BinaryOpKind::Sub;
  case P::DOTPLUS:
    return ast::BinaryOpKind::ElemAdd;
  case P::DOTMINUS:
    return ast::BinaryOpKind::ElemSub;
  case P::STAR:
    return ast::BinaryOpKind::Mul;
  case P::SLASH:
    return ast::BinaryOpKind::Div;
  case P::DOTSTAR:
    return ast::BinaryOpKind::ElemMul;
  case P::DOTSLASH:
    return ast::BinaryOpKind::ElemDiv;
  case P::POWER:
    return ast::BinaryOpKind::Pow;
  case P::DOTPOWER:
    return ast::BinaryOpKind::ElemPow;
  case P::AND:
    return ast::BinaryOpKind::And;
  case P::OR:
    return ast::BinaryOpKind::Or;
  case P::LESS:
    return ast::BinaryOpKind::Less;
  case P::LESSEQ:
    return ast::BinaryOpKind::LessEq;
  case P::GREATER:
    return ast::BinaryOpKind::Greater;
  case P::GREATEREQ:
    return ast::BinaryOpKind::GreaterEq;
  case P::EQ:
    return ast::BinaryOpKind::Equal;
  default:
    return ast::BinaryOpKind::NotEqual;
  }
}

bool isMulOperator(size_t type) {
  return type == P::STAR || type == P::SLASH || type == P::DOTSTAR ||
         type == P::DOTSLASH;
}

ast::UnaryOpKind unaryOp(size_t type) {
  switch (type) {
  case P::PLUS:
    return ast::UnaryOpKind::Plus;
  case P::DOTMINUS:
    return ast::UnaryOpKind::ElemMinus;
  case P::DOTPLUS:
    return ast::UnaryOpKind::ElemPlus;
  case P::NOT:
    return ast::UnaryOpKind::Not;
  default:
    return ast::UnaryOpKind::Minus;
  }
}

} // namespace

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
    errors_.report(range(childToken(ctx, Token::EOF)),
                   "file contains no class definition");
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
  errors_.report(range(endName), "`end " + name +
                                     "` does not match the class name `" +
                                     cls.name + "`");
  errors_.note(cls.nameRange, "class `" + cls.name + "` starts here");
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

// ===========================================================================
// Equations and statements
// ===========================================================================

// equation-section : [ initial ] equation { equation ";" }
ast::EquationSection
AstBuilder::equationSection(P::EquationSectionContext *ctx) {
  ast::EquationSection section;
  section.initial = childToken(ctx, P::INITIAL) != nullptr;
  section.range = range(ctx);
  for (P::EquationContext *eq : childrenOf<P::EquationContext>(ctx))
    append(section.equations, equation(eq));
  return section;
}

// algorithm-section : [ initial ] algorithm { statement ";" }
ast::AlgorithmSection
AstBuilder::algorithmSection(P::AlgorithmSectionContext *ctx) {
  ast::AlgorithmSection section;
  section.initial = childToken(ctx, P::INITIAL) != nullptr;
  section.range = range(ctx);
  for (P::StatementContext *stmt : childrenOf<P::StatementContext>(ctx))
    append(section.statements, statement(stmt));
  return section;
}

// equation :
//    ( simple-expression "=" expression
//    | if-equation | for-equation | connect-equation | when-equation
//    | component-reference function-call-args )
//    description
ast::EquationPtr AstBuilder::equation(P::EquationContext *ctx) {
  checkStack(ctx);
  ParseTree *first = ctx->children[0];
  ast::EquationPtr eq;
  if (auto *lhs = ruleAs<P::SimpleExpressionContext>(first)) {
    eq = simpleOrCallEquation(ctx, lhs);
  } else if (auto *ifCtx = ruleAs<P::IfEquationContext>(first)) {
    auto ifEq = std::make_unique<ast::IfEquation>();
    branches<ast::EquationBranch, P::EquationContext>(
        ifCtx, ifEq->branches,
        [this](P::EquationContext *c) { return equation(c); });
    eq = std::move(ifEq);
  } else if (auto *whenCtx = ruleAs<P::WhenEquationContext>(first)) {
    auto whenEq = std::make_unique<ast::WhenEquation>();
    branches<ast::EquationBranch, P::EquationContext>(
        whenCtx, whenEq->branches,
        [this](P::EquationContext *c) { return equation(c); });
    eq = std::move(whenEq);
  } else if (auto *forCtx = ruleAs<P::ForEquationContext>(first)) {
    eq = forEquation(forCtx);
  } else {
    eq = connectEquation(ruleAs<P::ConnectEquationContext>(first));
  }
  if (!eq)
    return nullptr;
  eq->range = range(ctx);
  eq->description = description(child<P::DescriptionContext>(ctx));
  return eq;
}

// The grammar left-factors `simple-expression "=" expression` and
// `component-reference function-call-args`; without "=" the simple
// expression must be exactly the second form.
ast::EquationPtr
AstBuilder::simpleOrCallEquation(P::EquationContext *ctx,
                                 P::SimpleExpressionContext *lhs) {
  if (P::ExpressionContext *rhs = child<P::ExpressionContext>(ctx)) {
    auto eq = std::make_unique<ast::SimpleEquation>();
    eq->lhs = simpleExpression(lhs);
    eq->rhs = expression(rhs);
    return eq;
  }
  P::PrimaryContext *primary = solePrimary(lhs);
  if (!primary || !child<P::ComponentReferenceContext>(primary) ||
      !child<P::FunctionCallArgsContext>(primary)) {
    SourceRange end = range(lhs);
    errors_.report(
        {file_, end.end, end.end},
        "expected `=`; only a function call can stand alone as an equation");
    return nullptr;
  }
  auto eq = std::make_unique<ast::CallEquation>();
  eq->call =
      call(componentReference(child<P::ComponentReferenceContext>(primary)),
           child<P::FunctionCallArgsContext>(primary), range(primary));
  return eq;
}

// for-equation : for for-indices loop { equation ";" } end for
ast::EquationPtr AstBuilder::forEquation(P::ForEquationContext *ctx) {
  auto eq = std::make_unique<ast::ForEquation>();
  eq->indices = forIndices(child<P::ForIndicesContext>(ctx));
  for (P::EquationContext *body : childrenOf<P::EquationContext>(ctx))
    append(eq->body, equation(body));
  return eq;
}

// connect-equation :
//    connect "(" component-reference "," component-reference ")"
ast::EquationPtr AstBuilder::connectEquation(P::ConnectEquationContext *ctx) {
  auto eq = std::make_unique<ast::ConnectEquation>();
  eq->a = componentReference(child<P::ComponentReferenceContext>(ctx, 0));
  eq->b = componentReference(child<P::ComponentReferenceContext>(ctx, 1));
  return eq;
}

// statement :
//    ( component-reference ( ":=" expression | function-call-args )
//    | "(" output-expression-list ")" ":="
//      component-reference function-call-args
//    | break | return
//    | if-statement | for-statement | while-statement | when-statement )
//    description
ast::StatementPtr AstBuilder::statement(P::StatementContext *ctx) {
  checkStack(ctx);
  ParseTree *first = ctx->children[0];
  ast::StatementPtr stmt;
  size_t type = typeOf(first);
  if (type == P::BREAK) {
    stmt = std::make_unique<ast::BreakStatement>();
  } else if (type == P::RETURN) {
    stmt = std::make_unique<ast::ReturnStatement>();
  } else if (type == P::LPAREN) {
    stmt = tupleAssignStatement(ctx);
  } else if (ruleAs<P::ComponentReferenceContext>(first)) {
    stmt = assignOrCallStatement(ctx);
  } else if (auto *ifCtx = ruleAs<P::IfStatementContext>(first)) {
    auto ifStmt = std::make_unique<ast::IfStatement>();
    branches<ast::StatementBranch, P::StatementContext>(
        ifCtx, ifStmt->branches,
        [this](P::StatementContext *c) { return statement(c); });
    stmt = std::move(ifStmt);
  } else if (auto *whenCtx = ruleAs<P::WhenStatementContext>(first)) {
    auto whenStmt = std::make_unique<ast::WhenStatement>();
    branches<ast::StatementBranch, P::StatementContext>(
        whenCtx, whenStmt->branches,
        [this](P::StatementContext *c) { return statement(c); });
    stmt = std::move(whenStmt);
  } else if (auto *forCtx = ruleAs<P::ForStatementContext>(first)) {
    stmt = forStatement(forCtx);
  } else {
    stmt = whileStatement(ruleAs<P::WhileStatementContext>(first));
  }
  stmt->range = range(ctx);
  stmt->description = description(child<P::DescriptionContext>(ctx));
  return stmt;
}

// component-reference ( ":=" expression | function-call-args )
ast::StatementPtr AstBuilder::assignOrCallStatement(P::StatementContext *ctx) {
  P::ComponentReferenceContext *target =
      child<P::ComponentReferenceContext>(ctx);
  if (P::ExpressionContext *value = child<P::ExpressionContext>(ctx)) {
    auto stmt = std::make_unique<ast::AssignStatement>();
    stmt->target = componentReference(target);
    stmt->value = expression(value);
    return stmt;
  }
  auto stmt = std::make_unique<ast::CallStatement>();
  stmt->call =
      call(componentReference(target), child<P::FunctionCallArgsContext>(ctx),
           SourceRange::cover(range(target),
                              range(child<P::FunctionCallArgsContext>(ctx))));
  return stmt;
}

// "(" output-expression-list ")" ":=" component-reference function-call-args
ast::StatementPtr AstBuilder::tupleAssignStatement(P::StatementContext *ctx) {
  auto stmt = std::make_unique<ast::TupleAssignStatement>();
  stmt->targets =
      outputExpressionList(child<P::OutputExpressionListContext>(ctx));
  P::ComponentReferenceContext *callee =
      child<P::ComponentReferenceContext>(ctx);
  stmt->call =
      call(componentReference(callee), child<P::FunctionCallArgsContext>(ctx),
           SourceRange::cover(range(callee),
                              range(child<P::FunctionCallArgsContext>(ctx))));
  return stmt;
}

// for-statement : for for-indices loop { statement ";" } end for
ast::StatementPtr AstBuilder::forStatement(P::ForStatementContext *ctx) {
  auto stmt = std::make_unique<ast::ForStatement>();
  stmt->indices = forIndices(child<P::ForIndicesContext>(ctx));
  for (P::StatementContext *body : childrenOf<P::StatementContext>(ctx))
    append(stmt->body, statement(body));
  return stmt;
}

// while-statement : while expression loop { statement ";" } end while
ast::StatementPtr AstBuilder::whileStatement(P::WhileStatementContext *ctx) {
  auto stmt = std::make_unique<ast::WhileStatement>();
  stmt->condition = expression(child<P::ExpressionContext>(ctx));
  for (P::StatementContext *body : childrenOf<P::StatementContext>(ctx))
    append(stmt->body, statement(body));
  return stmt;
}

// if-equation / if-statement :
//    if expression then { body ";" }
//    { elseif expression then { body ";" } }
//    [ else { body ";" } ] end if
// when-equation / when-statement :
//    when expression then { body ";" }
//    { elsewhen expression then { body ";" } } end when
// Each keyword opens a branch; the expression after it is the condition.
template <class Branch, class BodyContext, class Build>
void AstBuilder::branches(ParserRuleContext *ctx, std::vector<Branch> &out,
                          Build build) {
  for (ParseTree *child : ctx->children) {
    if (Token *token = terminal(child)) {
      size_t type = token->getType();
      if (type == P::END)
        return;
      if (type == P::IF || type == P::ELSEIF || type == P::ELSE ||
          type == P::WHEN || type == P::ELSEWHEN) {
        out.emplace_back();
        out.back().range = range(token);
      }
      continue;
    }
    Branch &branch = out.back();
    auto *rule = static_cast<ParserRuleContext *>(child);
    branch.range = SourceRange::cover(branch.range, range(rule));
    if (auto *condition = ruleAs<P::ExpressionContext>(child))
      branch.condition = expression(condition);
    else if (auto *body = ruleAs<BodyContext>(child))
      append(branch.body, build(body));
  }
}

// for-indices : for-index { "," for-index }
// for-index : IDENT [ in expression ]
std::vector<ast::ForIndex> AstBuilder::forIndices(P::ForIndicesContext *ctx) {
  std::vector<ast::ForIndex> indices;
  for (P::ForIndexContext *index : childrenOf<P::ForIndexContext>(ctx)) {
    ast::ForIndex &out = indices.emplace_back();
    out.name = identifier(childToken(index, P::IDENT));
    out.rangeLoc = range(index);
    if (P::ExpressionContext *in = child<P::ExpressionContext>(index))
      out.range = expression(in);
  }
  return indices;
}

// ===========================================================================
// Expressions
// ===========================================================================

// expression :
//    simple-expression
//    | if expression then expression { elseif expression then expression }
//      else expression
ast::ExprPtr AstBuilder::expression(P::ExpressionContext *ctx) {
  checkStack(ctx);
  if (terminal(ctx->children[0]))
    return ifExpression(ctx);
  return rangeExpression(ctx);
}

ast::ExprPtr AstBuilder::ifExpression(P::ExpressionContext *ctx) {
  auto result = node<ast::IfExpr>(range(ctx));
  std::vector<P::ExpressionContext *> parts =
      childrenOf<P::ExpressionContext>(ctx);
  // parts: condition, value, condition, value, ..., else value
  for (size_t i = 0; i + 1 < parts.size(); i += 2)
    result->branches.push_back(
        {expression(parts[i]), expression(parts[i + 1])});
  result->elseValue = expression(parts.back());
  return result;
}

// simple-expression :
//    logical-expression [ ":" logical-expression [ ":" logical-expression ] ]
ast::ExprPtr AstBuilder::simpleExpression(P::SimpleExpressionContext *ctx) {
  return rangeExpression(ctx);
}

/// The children of a simple-expression: one operand, or a range of two or
/// three.
ast::ExprPtr AstBuilder::rangeExpression(ParserRuleContext *ctx) {
  if (ctx->children.size() == 1)
    return logicalExpression(
        static_cast<P::LogicalExpressionContext *>(ctx->children[0]));
  auto result = node<ast::RangeExpr>(range(ctx));
  std::vector<ast::ExprPtr> parts;
  for (ParseTree *child : ctx->children)
    if (!terminal(child))
      parts.push_back(
          logicalExpression(static_cast<P::LogicalExpressionContext *>(child)));
  result->start = std::move(parts.front());
  if (parts.size() == 3)
    result->step = std::move(parts[1]);
  result->stop = std::move(parts.back());
  return result;
}

// logical-expression : logical-term { or logical-term }
// logical-term : logical-factor { and logical-factor }
// The grammar flattens both into one list of logical factors separated by
// `and` and `or`; `and` binds tighter, both associate to the left.
ast::ExprPtr AstBuilder::logicalExpression(P::LogicalExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() == 1)
    return arithmeticExpression(
        static_cast<P::ArithmeticExpressionContext *>(items[0]));
  if (items.size() > 2 * kMaxChainOperands)
    return chainTooLong(ctx);
  ast::ExprPtr disjunction, conjunction;
  Token *orOp = nullptr, *andOp = nullptr;
  for (size_t i = 0; i < items.size();) {
    ast::ExprPtr operand = logicalFactor(items, i);
    conjunction =
        conjunction ? binary(andOp, std::move(conjunction), std::move(operand))
                    : std::move(operand);
    Token *next = i < items.size() ? terminal(items[i++]) : nullptr;
    if (next && next->getType() == P::AND) {
      andOp = next;
      continue;
    }
    disjunction = disjunction ? binary(orOp, std::move(disjunction),
                                       std::move(conjunction))
                              : std::move(conjunction);
    orOp = next;
  }
  return disjunction;
}

// logical-factor : [ not ] relation
// relation :
//    arithmetic-expression [ relational-operator arithmetic-expression ]
// Reads one logical factor from `items`, starting at `i`.
ast::ExprPtr AstBuilder::logicalFactor(const std::vector<ParseTree *> &items,
                                       size_t &i) {
  Token *notOp = terminal(items[i]);
  if (notOp)
    ++i;
  auto arithmetic = [&](ParseTree *item) {
    return arithmeticExpression(
        static_cast<P::ArithmeticExpressionContext *>(item));
  };
  ast::ExprPtr result = arithmetic(items[i++]);
  Token *relOp = i < items.size() ? terminal(items[i]) : nullptr;
  if (relOp && relOp->getType() != P::AND && relOp->getType() != P::OR) {
    result = binary(relOp, std::move(result), arithmetic(items[i + 1]));
    i += 2;
  }
  return notOp ? unary(notOp, std::move(result)) : std::move(result);
}

// arithmetic-expression : [ add-operator ] term { add-operator term }
// term : factor { mul-operator factor }
// The grammar flattens both into one list of factors separated by add and
// mul operators: mul operators bind tighter, both associate to the left, and
// a leading sign applies to the first term.
ast::ExprPtr
AstBuilder::arithmeticExpression(P::ArithmeticExpressionContext *ctx) {
  const std::vector<ParseTree *> &items = ctx->children;
  if (items.size() == 1)
    return primary(static_cast<P::PrimaryContext *>(items[0]));
  if (items.size() > 2 * kMaxChainOperands)
    return chainTooLong(ctx);
  size_t i = 0;
  Token *sign = terminal(items[0]);
  if (sign)
    ++i;
  ast::ExprPtr sum, product;
  Token *addOp = nullptr, *mulOp = nullptr;
  while (i < items.size()) {
    ast::ExprPtr operand = factor(items, i);
    product = product ? binary(mulOp, std::move(product), std::move(operand))
                      : std::move(operand);
    Token *next = i < items.size() ? terminal(items[i++]) : nullptr;
    if (next && isMulOperator(next->getType())) {
      mulOp = next;
      continue;
    }
    if (!sum)
      sum = sign ? unary(sign, std::move(product)) : std::move(product);
    else
      sum = binary(addOp, std::move(sum), std::move(product));
    addOp = next;
  }
  return sum;
}

// factor : primary [ ( "^" | ".^" ) primary ]
// Reads one factor from `items`, starting at `i`.
ast::ExprPtr AstBuilder::factor(const std::vector<ParseTree *> &items,
                                size_t &i) {
  ast::ExprPtr base = primary(static_cast<P::PrimaryContext *>(items[i++]));
  Token *op = i < items.size() ? terminal(items[i]) : nullptr;
  if (!op || (op->getType() != P::POWER && op->getType() != P::DOTPOWER))
    return base;
  i += 2;
  return binary(op, std::move(base),
                primary(static_cast<P::PrimaryContext *>(items[i - 1])));
}

/// Reports a chain of operators longer than kMaxChainOperands; the result
/// stands in for it (the whole file is rejected anyway).
ast::ExprPtr AstBuilder::chainTooLong(ParserRuleContext *ctx) {
  errors_.report(range(ctx), "expression has more than " +
                                 std::to_string(kMaxChainOperands) +
                                 " operands in a row; split it up");
  return node<ast::EndExpr>(range(ctx));
}

ast::ExprPtr AstBuilder::binary(Token *op, ast::ExprPtr lhs, ast::ExprPtr rhs) {
  auto result =
      node<ast::BinaryExpr>(SourceRange::cover(lhs->range, rhs->range));
  result->op = binaryOp(op->getType());
  result->lhs = std::move(lhs);
  result->rhs = std::move(rhs);
  return result;
}

ast::ExprPtr AstBuilder::unary(Token *op, ast::ExprPtr operand) {
  auto result =
      node<ast::UnaryExpr>(SourceRange::cover(range(op), operand->range));
  result->op = unaryOp(op->getType());
  result->operand = std::move(operand);
  return result;
}

// primary :
//    UNSIGNED-NUMBER | STRING | false | true
//    | ( component-reference | der | initial | pure ) function-call-args
//    | component-reference
//    | "(" output-expression-list ")"
//    | "[" expression-list { ";" expression-list } "]"
//    | "{" array-arguments "}"
//    | end
ast::ExprPtr AstBuilder::primary(P::PrimaryContext *ctx) {
  Token *first = terminal(ctx->children[0]);
  if (!first)
    return referenceOrCall(ctx);
  switch (first->getType()) {
  case P::UNSIGNED_INTEGER:
    return integerLiteral(first);
  case P::UNSIGNED_REAL:
    return realLiteral(first);
  case P::STRING: {
    auto result = node<ast::StringExpr>(range(first));
    result->value = stringValue(first);
    return result;
  }
  case P::FALSE:
  case P::TRUE: {
    auto result = node<ast::BooleanExpr>(range(first));
    result->value = first->getType() == P::TRUE;
    return result;
  }
  case P::LPAREN:
    return parenthesized(ctx);
  case P::LBRACK:
    return matrix(ctx);
  case P::LBRACE:
    return arrayConstructor(ctx);
  case P::END:
    return node<ast::EndExpr>(range(first));
  default: // der, initial, pure
    return builtinCall(ctx, first);
  }
}

// component-reference [ function-call-args ]
ast::ExprPtr AstBuilder::referenceOrCall(P::PrimaryContext *ctx) {
  std::unique_ptr<ast::RefExpr> ref =
      componentReference(child<P::ComponentReferenceContext>(ctx));
  if (P::FunctionCallArgsContext *args = child<P::FunctionCallArgsContext>(ctx))
    return call(std::move(ref), args, range(ctx));
  return ref;
}

// ( der | initial | pure ) function-call-args: a call of a one-part name.
ast::ExprPtr AstBuilder::builtinCall(P::PrimaryContext *ctx, Token *name) {
  auto callee = node<ast::RefExpr>(range(name));
  ast::RefPart &part = callee->parts.emplace_back();
  part.name = std::string(text(name));
  part.range = range(name);
  return call(std::move(callee), child<P::FunctionCallArgsContext>(ctx),
              range(ctx));
}

// "(" output-expression-list ")": one expression in parentheses is that
// expression; anything else is a tuple.
ast::ExprPtr AstBuilder::parenthesized(P::PrimaryContext *ctx) {
  std::vector<ast::ExprPtr> slots =
      outputExpressionList(child<P::OutputExpressionListContext>(ctx));
  if (slots.size() == 1 && slots[0])
    return std::move(slots[0]);
  auto tuple = node<ast::TupleExpr>(range(ctx));
  tuple->elements = std::move(slots);
  return tuple;
}

// "[" expression-list { ";" expression-list } "]"
ast::ExprPtr AstBuilder::matrix(P::PrimaryContext *ctx) {
  auto result = node<ast::MatrixExpr>(range(ctx));
  for (P::ExpressionListContext *row :
       childrenOf<P::ExpressionListContext>(ctx))
    result->rows.push_back(expressionList(row));
  return result;
}

// "{" array-arguments "}"
// array-arguments :
//    expression [ "," array-arguments-non-first | for for-indices ]
// array-arguments-non-first : expression [ "," array-arguments-non-first ]
ast::ExprPtr AstBuilder::arrayConstructor(P::PrimaryContext *ctx) {
  P::ArrayArgumentsContext *args = child<P::ArrayArgumentsContext>(ctx);
  if (P::ForIndicesContext *indices = child<P::ForIndicesContext>(args)) {
    auto result = node<ast::ComprehensionExpr>(range(ctx));
    result->body = expression(child<P::ExpressionContext>(args, 0));
    result->iterators = forIndices(indices);
    return result;
  }
  auto result = node<ast::ArrayExpr>(range(ctx));
  for (P::ExpressionContext *element : childrenOf<P::ExpressionContext>(args))
    result->elements.push_back(expression(element));
  return result;
}

// output-expression-list : [ expression ] { "," [ expression ] }
std::vector<ast::ExprPtr>
AstBuilder::outputExpressionList(P::OutputExpressionListContext *ctx) {
  std::vector<ast::ExprPtr> slots(1);
  for (ParseTree *child : ctx->children) {
    if (terminal(child))
      slots.emplace_back(); // ","
    else
      slots.back() = expression(static_cast<P::ExpressionContext *>(child));
  }
  return slots;
}

// expression-list : expression { "," expression }
std::vector<ast::ExprPtr>
AstBuilder::expressionList(P::ExpressionListContext *ctx) {
  std::vector<ast::ExprPtr> list;
  for (P::ExpressionContext *element : childrenOf<P::ExpressionContext>(ctx))
    list.push_back(expression(element));
  return list;
}

// function-call-args : "(" [ function-arguments ] ")"
std::unique_ptr<ast::CallExpr>
AstBuilder::call(std::unique_ptr<ast::RefExpr> callee,
                 P::FunctionCallArgsContext *args, SourceRange range) {
  auto result = node<ast::CallExpr>(range);
  result->callee = std::move(callee);
  if (P::FunctionArgumentsContext *list =
          child<P::FunctionArgumentsContext>(args))
    functionArguments(list, *result);
  return result;
}

// function-arguments :
//    expression [ "," function-arguments-non-first | for for-indices ]
//    | function-partial-application [ "," function-arguments-non-first ]
//    | named-arguments
// function-arguments-non-first :
//    function-argument [ "," function-arguments-non-first ] | named-arguments
void AstBuilder::functionArguments(P::FunctionArgumentsContext *ctx,
                                   ast::CallExpr &call) {
  for (ParseTree *child : ctx->children) {
    if (terminal(child))
      continue;
    if (auto *expr = ruleAs<P::ExpressionContext>(child))
      call.args.push_back(expression(expr));
    else if (auto *arg = ruleAs<P::FunctionArgumentContext>(child))
      call.args.push_back(functionArgument(arg));
    else if (auto *partial =
                 ruleAs<P::FunctionPartialApplicationContext>(child))
      call.args.push_back(functionPartialApplication(partial));
    else if (auto *named = ruleAs<P::NamedArgumentContext>(child))
      call.namedArgs.push_back(namedArgument(named));
    else if (auto *namedList = ruleAs<P::NamedArgumentsContext>(child))
      call.namedArgs = namedArguments(namedList);
    else if (auto *indices = ruleAs<P::ForIndicesContext>(child))
      call.iterators = forIndices(indices);
  }
}

// function-argument : function-partial-application | expression
ast::ExprPtr AstBuilder::functionArgument(P::FunctionArgumentContext *ctx) {
  if (auto *partial = child<P::FunctionPartialApplicationContext>(ctx))
    return functionPartialApplication(partial);
  return expression(child<P::ExpressionContext>(ctx));
}

// named-argument : IDENT "=" function-argument
ast::NamedArgument AstBuilder::namedArgument(P::NamedArgumentContext *ctx) {
  ast::NamedArgument arg;
  arg.name = identifier(childToken(ctx, P::IDENT));
  arg.value = functionArgument(child<P::FunctionArgumentContext>(ctx));
  arg.range = range(ctx);
  return arg;
}

// named-arguments : named-argument [ "," named-arguments ]
std::vector<ast::NamedArgument>
AstBuilder::namedArguments(P::NamedArgumentsContext *ctx) {
  std::vector<ast::NamedArgument> args;
  for (P::NamedArgumentContext *arg : childrenOf<P::NamedArgumentContext>(ctx))
    args.push_back(namedArgument(arg));
  return args;
}

// function-partial-application :
//    function type-specifier "(" [ named-arguments ] ")"
ast::ExprPtr AstBuilder::functionPartialApplication(
    P::FunctionPartialApplicationContext *ctx) {
  auto result = node<ast::PartialAppExpr>(range(ctx));
  result->function = typeSpecifier(child<P::TypeSpecifierContext>(ctx));
  if (P::NamedArgumentsContext *args = child<P::NamedArgumentsContext>(ctx))
    result->namedArgs = namedArguments(args);
  return result;
}

// array-subscripts : "[" subscript { "," subscript } "]"
// subscript : ":" | expression
std::vector<ast::ExprPtr>
AstBuilder::arraySubscripts(P::ArraySubscriptsContext *ctx) {
  std::vector<ast::ExprPtr> subs;
  for (P::SubscriptContext *sub : childrenOf<P::SubscriptContext>(ctx)) {
    if (P::ExpressionContext *expr = child<P::ExpressionContext>(sub))
      subs.push_back(expression(expr));
    else
      subs.push_back(node<ast::ColonExpr>(range(sub)));
  }
  return subs;
}

// component-reference :
//    [ "." ] IDENT [ array-subscripts ] { "." IDENT [ array-subscripts ] }
std::unique_ptr<ast::RefExpr>
AstBuilder::componentReference(P::ComponentReferenceContext *ctx) {
  auto ref = node<ast::RefExpr>(range(ctx));
  for (ParseTree *child : ctx->children) {
    Token *token = terminal(child);
    if (!token) {
      auto *subs = static_cast<P::ArraySubscriptsContext *>(child);
      ref->parts.back().subscripts = arraySubscripts(subs);
      ref->parts.back().range =
          SourceRange::cover(ref->parts.back().range, range(subs));
    } else if (token->getType() == P::IDENT) {
      ast::RefPart &part = ref->parts.emplace_back();
      part.name = identifier(token);
      part.range = range(token);
    } else if (ref->parts.empty()) {
      ref->global = true; // a leading "."
    }
  }
  return ref;
}

// ===========================================================================
// Names, descriptions and literals
// ===========================================================================

// type-specifier : [ "." ] name
ast::Name AstBuilder::typeSpecifier(P::TypeSpecifierContext *ctx) {
  ast::Name result = name(child<P::NameContext>(ctx));
  result.global = childToken(ctx, P::DOT) != nullptr;
  result.range = range(ctx);
  return result;
}

// name : IDENT { "." IDENT }
ast::Name AstBuilder::name(P::NameContext *ctx) {
  ast::Name result;
  result.range = range(ctx);
  for (ParseTree *child : ctx->children)
    if (Token *token = terminal(child); token->getType() == P::IDENT)
      result.parts.push_back(identifier(token));
  return result;
}

// description : description-string [ annotation-clause ]
// (null when the description is empty)
ast::Description AstBuilder::description(P::DescriptionContext *ctx) {
  ast::Description result;
  if (!ctx)
    return result;
  result.text = descriptionString(child<P::DescriptionStringContext>(ctx));
  if (P::AnnotationClauseContext *annotation =
          child<P::AnnotationClauseContext>(ctx))
    result.annotation = annotationClause(annotation);
  return result;
}

// description-string : [ STRING { "+" STRING } ]
// (null when the description string is empty; the strings are concatenated)
std::string AstBuilder::descriptionString(P::DescriptionStringContext *ctx) {
  std::string result;
  if (!ctx)
    return result;
  for (ParseTree *node : ctx->children)
    if (Token *token = terminal(node); token->getType() == P::STRING)
      result += stringValue(token);
  return result;
}

// annotation-clause : annotation class-modification
std::unique_ptr<ast::Modification>
AstBuilder::annotationClause(P::AnnotationClauseContext *ctx) {
  std::unique_ptr<ast::Modification> mod =
      classModification(child<P::ClassModificationContext>(ctx));
  mod->range = range(ctx);
  return mod;
}

// UNSIGNED-INTEGER : DIGIT { DIGIT }
// A literal too large for 64 bits is a Real (as other tools treat it).
ast::ExprPtr AstBuilder::integerLiteral(Token *token) {
  std::string_view digits = text(token);
  int64_t value = 0;
  auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size())
    return realLiteral(token);
  auto result = node<ast::IntegerExpr>(range(token));
  result->value = value;
  result->text = std::string(digits);
  return result;
}

// UNSIGNED-REAL (see the lexer); std::from_chars ignores the C locale.
ast::ExprPtr AstBuilder::realLiteral(Token *token) {
  std::string_view digits = text(token);
  auto result = node<ast::RealExpr>(range(token));
  result->text = std::string(digits);
  auto [end, error] = std::from_chars(
      digits.data(), digits.data() + digits.size(), result->value);
  if (error == std::errc::result_out_of_range) {
    // Underflow reads as zero; overflow has no value.
    size_t exponent = digits.find_first_of("eE");
    if (exponent != std::string_view::npos && digits[exponent + 1] == '-')
      result->value = 0;
    else
      errors_.report(range(token),
                     "real literal `" + result->text + "` is out of range");
  }
  return result;
}

// STRING : """ { S-CHAR | S-ESCAPE } """
// S-ESCAPE :
//    "\'" | "\"" | "\?" | "\\"
//    | "\a" | "\b" | "\f" | "\n" | "\r" | "\t" | "\v"
std::string AstBuilder::stringValue(Token *token) {
  std::string_view raw = text(token);
  raw = raw.substr(1, raw.size() - 2);
  std::string value;
  value.reserve(raw.size());
  size_t start = 0;
  for (size_t slash = raw.find('\\'); slash != std::string_view::npos;
       slash = raw.find('\\', start)) {
    value.append(raw.substr(start, slash - start));
    char escaped = raw[slash + 1]; // the lexer guarantees a character here
    static const std::string_view from = "'\"?\\abfnrtv",
                                  to = "'\"?\\\a\b\f\n\r\t\v";
    size_t which = from.find(escaped);
    if (which == std::string_view::npos) {
      uint32_t at = static_cast<uint32_t>(token->getStartIndex() + 1 + slash);
      errors_.report({file_, at, at + 2}, "unknown escape sequence `\\" +
                                              std::string(1, escaped) +
                                              "` in string");
      value += escaped;
    } else {
      value += to[which];
    }
    start = slash + 2;
  }
  value.append(raw.substr(start));
  return value;
}

// IDENT : NON-DIGIT { DIGIT | NON-DIGIT } | Q-IDENT
// The quotes are part of a quoted identifier; its redundant escapes `\"`
// and `\?` are the same as `"` and `?`, so they are normalized.
std::string AstBuilder::identifier(Token *token) const {
  std::string_view raw = text(token);
  if (raw[0] != '\'' || raw.find('\\') == std::string_view::npos)
    return std::string(raw);
  std::string result;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && (raw[i + 1] == '"' || raw[i + 1] == '?'))
      continue;
    result += raw[i];
    if (raw[i] == '\\')
      result += raw[++i];
  }
  return result;
}

// ===========================================================================
// Source text and ranges
// ===========================================================================

/// The recursive rules (classes, equations, statements, expressions) check
/// the stack before going deeper.
void AstBuilder::checkStack(ParserRuleContext *ctx) const {
  if (stack_.exceeded())
    throw NestingTooDeep{range(ctx)};
}

std::string_view AstBuilder::text(Token *token) const {
  size_t begin = token->getStartIndex();
  return text_.substr(begin, token->getStopIndex() + 1 - begin);
}

SourceRange AstBuilder::range(Token *token) const {
  uint32_t begin = static_cast<uint32_t>(token->getStartIndex());
  if (token->getType() == Token::EOF)
    return {file_, begin, begin};
  return {file_, begin, static_cast<uint32_t>(token->getStopIndex() + 1)};
}

/// From the first token of a rule to its last; an empty rule (a missing
/// description) gets an empty range where it would have started.
SourceRange AstBuilder::range(ParserRuleContext *ctx) const {
  Token *start = ctx->getStart(), *stop = ctx->getStop();
  uint32_t begin = static_cast<uint32_t>(start->getStartIndex());
  if (!stop || stop->getTokenIndex() < start->getTokenIndex() ||
      start->getType() == Token::EOF)
    return {file_, begin, begin};
  return {file_, begin, static_cast<uint32_t>(stop->getStopIndex() + 1)};
}

} // namespace mocc::parse
