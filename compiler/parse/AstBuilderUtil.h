// Helpers that the files of the parse-tree-to-AST builder share
// (AstBuilder.cpp, AstBuilderEquations.cpp, AstBuilderExpressions.cpp):
// reading the children of parse-tree nodes by type without the generated
// accessors' dynamic_casts, making AST nodes, and the builder's source
// ranges and stack check, inline (the expression rules recurse through them:
// out of line, their frames grew and the deepest nesting that the depth
// tests parse no longer fit). Private to compiler/parse/.
#pragma once

#include "compiler/parse/AstBuilder.h"

#include <tree/TerminalNodeImpl.h>

#include <typeinfo>

namespace mocc::parse {

using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::ParseTree;
using P = AstBuilder::P;

/// The token of a leaf of the parse tree, or null for a rule node. In a
/// tree without errors every leaf is a TerminalNodeImpl; comparing type_info
/// is much cheaper than a dynamic_cast, which builds on string compares for
/// classes from another shared library.
inline Token *terminal(ParseTree *tree) {
  if (typeid(*tree) != typeid(antlr4::tree::TerminalNodeImpl))
    return nullptr;
  // TerminalNode is a virtual base of TerminalNodeImpl, but ParseTree is an
  // ordinary base of TerminalNode, so this downcast is static.
  return static_cast<antlr4::tree::TerminalNode *>(tree)->getSymbol();
}

/// The token type of a leaf, or 0 (never a token type) for a rule node.
inline size_t typeOf(ParseTree *tree) {
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
inline Token *childToken(ParserRuleContext *ctx, size_t type, size_t index = 0) {
  for (ParseTree *node : ctx->children)
    if (Token *token = terminal(node);
        token && token->getType() == type && index-- == 0)
      return token;
  return nullptr;
}

/// All tokens of type `type` among the children of `ctx`.
inline std::vector<Token *> childTokens(ParserRuleContext *ctx, size_t type) {
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
inline P::PrimaryContext *solePrimary(ParserRuleContext *ctx) {
  while (ctx) {
    if (auto *primary = dynamic_cast<P::PrimaryContext *>(ctx))
      return primary;
    if (ctx->children.size() != 1)
      return nullptr;
    ctx = dynamic_cast<ParserRuleContext *>(ctx->children[0]);
  }
  return nullptr;
}

// ===========================================================================
// Source text and ranges
// ===========================================================================

/// The recursive rules (classes, equations, statements, expressions) check
/// the stack before going deeper.
inline void AstBuilder::checkStack(ParserRuleContext *ctx) const {
  if (stack_.exceeded())
    throw NestingTooDeep{range(ctx)};
}

inline std::string_view AstBuilder::text(Token *token) const {
  size_t begin = token->getStartIndex();
  return text_.substr(begin, token->getStopIndex() + 1 - begin);
}

inline SourceRange AstBuilder::range(Token *token) const {
  uint32_t begin = static_cast<uint32_t>(token->getStartIndex());
  if (token->getType() == Token::EOF)
    return {file_, begin, begin};
  return {file_, begin, static_cast<uint32_t>(token->getStopIndex() + 1)};
}

/// From the first token of a rule to its last; an empty rule (a missing
/// description) gets an empty range where it would have started.
inline SourceRange AstBuilder::range(ParserRuleContext *ctx) const {
  Token *start = ctx->getStart(), *stop = ctx->getStop();
  uint32_t begin = static_cast<uint32_t>(start->getStartIndex());
  if (!stop || stop->getTokenIndex() < start->getTokenIndex() ||
      start->getType() == Token::EOF)
    return {file_, begin, begin};
  return {file_, begin, static_cast<uint32_t>(stop->getStopIndex() + 1)};
}

} // namespace mocc::parse
