// The parse phase: Modelica source text to AST (compiler/ast/AST.h). The
// ANTLR grammar (grammar/Modelica.g4) recognizes the text; AstBuilder turns
// the parse tree into AST nodes with byte-accurate source ranges. Parsing
// runs in two stages: fast SLL prediction that bails out at the first
// problem, then, only if that failed, full LL prediction with error recovery
// so that a file with syntax errors gets one diagnostic per error.
#pragma once

#include "compiler/ast/AST.h"
#include "compiler/support/Diagnostics.h"

#include <memory>

namespace mocc {

/// Parses a whole .mo file. Syntax errors go to diags (several per file where
/// ANTLR recovers); returns null if there was any syntax error.
std::unique_ptr<ast::StoredDefinition>
parseFile(const SourceManager &sources, FileId file, Diagnostics &diags);

/// Parses one expression (the whole buffer must be one expression), for
/// `mocc eval`; null on error.
ast::ExprPtr parseExpression(const SourceManager &sources, FileId file,
                             Diagnostics &diags);

} // namespace mocc
