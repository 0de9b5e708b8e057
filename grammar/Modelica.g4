// The concrete syntax of Modelica 3.6 (Modelica Language Specification,
// Appendix A), written from the specification for ANTLR 4. Rule names are the
// specification's productions in lowerCamelCase (`stored-definition` is
// `storedDefinition`). Where the specification's form would need unbounded
// lookahead, the rule is left-factored so that every decision is LL(1) or
// needs at most three tokens. Two rules accept a little more than the
// specification, call equations and string escapes; both are marked, and
// checked in compiler/parse/AstBuilder.cpp. The expression levels are
// flattened into fewer rules that accept exactly the same token sequences.
//
// The token stream is fed bytes, not code points (see ByteStream.h): every
// non-ASCII character is a run of bytes in 0x80-0xFF, which only strings,
// comments and error tokens accept.
grammar Modelica;

// Speed, on every rule entry and exit (together a fifth of the parse time):
// the runtime's Parser finds a rule's parent context with a dynamic_cast,
// and finds the rule's last token by scanning back through the token
// stream. Here every parent is a ParserRuleContext, so a static_cast does,
// and consume() remembers the last token. Generated rule functions call
// exitRule() unqualified, so this member hides the runtime's (non-virtual)
// one; the other three functions are virtual.
@parser::members {
  void exitRule() {
    _ctx->stop = _matchedEOF ? _input->LT(1) : lastConsumed_;
    if (!_parseListeners.empty())
      triggerExitRuleEvent();
    setState(_ctx->invokingState);
    _ctx = static_cast<antlr4::ParserRuleContext *>(_ctx->parent);
  }

  antlr4::Token *consume() override {
    return lastConsumed_ = antlr4::Parser::consume();
  }

  void reset() override {
    antlr4::Parser::reset();
    lastConsumed_ = nullptr;
  }

protected:
  void addContextToParseTree() override {
    if (_ctx->parent)
      static_cast<antlr4::ParserRuleContext *>(_ctx->parent)->addChild(_ctx);
  }

private:
  antlr4::Token *lastConsumed_ = nullptr;

public:
}

// ===========================================================================
// A.2.1 Stored definition - within
// ===========================================================================

// stored-definition :
//    [ within [ name ] ";" ] { [ final ] class-definition ";" }
storedDefinition
  : (WITHIN name? SEMI)? (FINAL? classDefinition SEMI)* EOF
  ;

// Entry point for `mocc eval`: a whole buffer holding one expression.
expressionEntry
  : expression EOF
  ;

// ===========================================================================
// A.2.2 Class definition
// ===========================================================================

// class-definition : [ encapsulated ] class-prefixes class-specifier
classDefinition
  : ENCAPSULATED? classPrefixes classSpecifier
  ;

// class-prefixes :
//    [ partial ] ( class | model | [ operator ] record | block
//    | [ expandable ] connector | type | package
//    | [ pure | impure ] [ operator ] function | operator )
classPrefixes
  : PARTIAL?
    ( CLASS
    | MODEL
    | OPERATOR? RECORD
    | BLOCK
    | EXPANDABLE? CONNECTOR
    | TYPE
    | PACKAGE
    | (PURE | IMPURE)? OPERATOR? FUNCTION
    | OPERATOR
    )
  ;

// class-specifier :
//    long-class-specifier | short-class-specifier | der-class-specifier
classSpecifier
  : longClassSpecifier
  | shortClassSpecifier
  | derClassSpecifier
  ;

// long-class-specifier :
//    IDENT description-string composition end IDENT
//    | extends IDENT [ class-modification ] description-string composition end IDENT
longClassSpecifier
  : IDENT descriptionString? composition END IDENT
  | EXTENDS IDENT classModification? descriptionString? composition END IDENT
  ;

// short-class-specifier :
//    IDENT "=" base-prefix type-specifier [ array-subscripts ]
//    [ class-modification ] description
//    | IDENT "=" enumeration "(" ( [ enum-list ] | ":" ) ")" description
shortClassSpecifier
  : IDENT EQUALS basePrefix typeSpecifier arraySubscripts? classModification? description?
  | IDENT EQUALS ENUMERATION LPAREN (enumList? | COLON) RPAREN description?
  ;

// der-class-specifier :
//    IDENT "=" der "(" type-specifier "," IDENT { "," IDENT } ")" description
derClassSpecifier
  : IDENT EQUALS DER LPAREN typeSpecifier COMMA IDENT (COMMA IDENT)* RPAREN description?
  ;

// base-prefix : [ input | output ]
basePrefix
  : (INPUT | OUTPUT)?
  ;

// enum-list : enumeration-literal { "," enumeration-literal }
enumList
  : enumerationLiteral (COMMA enumerationLiteral)*
  ;

// enumeration-literal : IDENT description
enumerationLiteral
  : IDENT description?
  ;

// composition :
//    element-list
//    { public element-list | protected element-list
//      | equation-section | algorithm-section }
//    [ external [ language-specification ]
//      [ external-function-call ] [ annotation-clause ] ";" ]
//    [ annotation-clause ";" ]
composition
  : elementList
    ( PUBLIC elementList
    | PROTECTED elementList
    | equationSection
    | algorithmSection
    )*
    ( EXTERNAL languageSpecification? externalFunctionCall? annotationClause? SEMI )?
    ( annotationClause SEMI )?
  ;

// language-specification : STRING
languageSpecification
  : STRING
  ;

// external-function-call :
//    [ component-reference "=" ] IDENT "(" [ expression-list ] ")"
externalFunctionCall
  : (componentReference EQUALS)? IDENT LPAREN expressionList? RPAREN
  ;

// element-list : { element ";" }
elementList
  : (element SEMI)*
  ;

// element :
//    import-clause
//    | extends-clause
//    | [ redeclare ] [ final ] [ inner ] [ outer ]
//      ( class-definition | component-clause
//      | replaceable ( class-definition | component-clause )
//        [ constraining-clause description ] )
element
  : importClause
  | extendsClause
  | REDECLARE? FINAL? INNER? OUTER?
    ( classDefinition
    | componentClause
    | REPLACEABLE (classDefinition | componentClause) (constrainingClause description?)?
    )
  ;

// import-clause :
//    import ( IDENT "=" name
//           | name [ ".*" | "." ( "*" | "{" import-list "}" ) ] ) description
// The dotted name is spelled out here rather than reusing `name`, so that
// `name` is never followed by "." and its loop stays LL(1) everywhere else.
importClause
  : IMPORT
    ( IDENT EQUALS name
    | IDENT (DOT IDENT)* (DOTSTAR | DOT (STAR | LBRACE importList RBRACE))?
    )
    description?
  ;

// import-list : IDENT { "," IDENT }
importList
  : IDENT (COMMA IDENT)*
  ;

// ===========================================================================
// A.2.3 Extends
// ===========================================================================

// extends-clause :
//    extends type-specifier [ class-or-inheritance-modification ] [ annotation-clause ]
extendsClause
  : EXTENDS typeSpecifier classOrInheritanceModification? annotationClause?
  ;

// constraining-clause : constrainedby type-specifier [ class-modification ]
constrainingClause
  : CONSTRAINEDBY typeSpecifier classModification?
  ;

// class-or-inheritance-modification :
//    "(" [ argument-or-inheritance-modification-list ] ")"
// argument-or-inheritance-modification-list :
//    ( argument | inheritance-modification )
//    { "," ( argument | inheritance-modification ) }
classOrInheritanceModification
  : LPAREN
    ( (argument | inheritanceModification)
      (COMMA (argument | inheritanceModification))*
    )?
    RPAREN
  ;

// inheritance-modification : break ( connect-equation | IDENT )
inheritanceModification
  : BREAK (connectEquation | IDENT)
  ;

// ===========================================================================
// A.2.4 Component clause
// ===========================================================================

// component-clause : type-prefix type-specifier [ array-subscripts ] component-list
componentClause
  : typePrefix typeSpecifier arraySubscripts? componentList
  ;

// type-prefix :
//    [ flow | stream ] [ discrete | parameter | constant ] [ input | output ]
typePrefix
  : (FLOW | STREAM)? (DISCRETE | PARAMETER | CONSTANT)? (INPUT | OUTPUT)?
  ;

// component-list : component-declaration { "," component-declaration }
componentList
  : componentDeclaration (COMMA componentDeclaration)*
  ;

// component-declaration : declaration [ condition-attribute ] description
componentDeclaration
  : declaration conditionAttribute? description?
  ;

// condition-attribute : if expression
conditionAttribute
  : IF expression
  ;

// declaration : IDENT [ array-subscripts ] [ modification ]
declaration
  : IDENT arraySubscripts? modification?
  ;

// ===========================================================================
// A.2.5 Modification
// ===========================================================================

// modification :
//    class-modification [ "=" modification-expression ]
//    | "=" modification-expression
//    | ":=" modification-expression
modification
  : classModification (EQUALS modificationExpression)?
  | EQUALS modificationExpression
  | ASSIGN modificationExpression
  ;

// modification-expression : expression | break
modificationExpression
  : expression
  | BREAK
  ;

// class-modification : "(" [ argument-list ] ")"
classModification
  : LPAREN argumentList? RPAREN
  ;

// argument-list : argument { "," argument }
argumentList
  : argument (COMMA argument)*
  ;

// argument : element-modification-or-replaceable | element-redeclaration
argument
  : elementModificationOrReplaceable
  | elementRedeclaration
  ;

// element-modification-or-replaceable :
//    [ each ] [ final ] ( element-modification | element-replaceable )
elementModificationOrReplaceable
  : EACH? FINAL? (elementModification | elementReplaceable)
  ;

// element-modification : name [ modification ] description-string
elementModification
  : name modification? descriptionString?
  ;

// element-redeclaration :
//    redeclare [ each ] [ final ]
//    ( short-class-definition | component-clause1 | element-replaceable )
elementRedeclaration
  : REDECLARE EACH? FINAL? (shortClassDefinition | componentClause1 | elementReplaceable)
  ;

// element-replaceable :
//    replaceable ( short-class-definition | component-clause1 ) [ constraining-clause ]
elementReplaceable
  : REPLACEABLE (shortClassDefinition | componentClause1) constrainingClause?
  ;

// component-clause1 : type-prefix type-specifier component-declaration1
componentClause1
  : typePrefix typeSpecifier componentDeclaration1
  ;

// component-declaration1 : declaration description
componentDeclaration1
  : declaration description?
  ;

// short-class-definition : class-prefixes short-class-specifier
shortClassDefinition
  : classPrefixes shortClassSpecifier
  ;

// ===========================================================================
// A.2.6 Equations
// ===========================================================================

// equation-section : [ initial ] equation { equation ";" }
equationSection
  : INITIAL? EQUATION (equation SEMI)*
  ;

// algorithm-section : [ initial ] algorithm { statement ";" }
algorithmSection
  : INITIAL? ALGORITHM (statement SEMI)*
  ;

// equation :
//    ( simple-expression "=" expression
//    | if-equation | for-equation | connect-equation | when-equation
//    | component-reference function-call-args )
//    description
// Left-factored: a call equation is a simple-expression without "=", and
// the AST builder checks that it is exactly `component-reference
// function-call-args` (telling the two apart here would need lookahead over
// the whole argument list).
equation
  : ( simpleExpression (EQUALS expression)?
    | ifEquation
    | forEquation
    | connectEquation
    | whenEquation
    )
    description?
  ;

// statement :
//    ( component-reference ( ":=" expression | function-call-args )
//    | "(" output-expression-list ")" ":=" component-reference function-call-args
//    | break | return
//    | if-statement | for-statement | while-statement | when-statement )
//    description
statement
  : ( componentReference (ASSIGN expression | functionCallArgs)
    | LPAREN outputExpressionList RPAREN ASSIGN componentReference functionCallArgs
    | BREAK
    | RETURN
    | ifStatement
    | forStatement
    | whileStatement
    | whenStatement
    )
    description?
  ;

// if-equation :
//    if expression then { equation ";" }
//    { elseif expression then { equation ";" } }
//    [ else { equation ";" } ]
//    end if
ifEquation
  : IF expression THEN (equation SEMI)*
    (ELSEIF expression THEN (equation SEMI)*)*
    (ELSE (equation SEMI)*)?
    END IF
  ;

// if-statement : (as if-equation, with statements)
ifStatement
  : IF expression THEN (statement SEMI)*
    (ELSEIF expression THEN (statement SEMI)*)*
    (ELSE (statement SEMI)*)?
    END IF
  ;

// for-equation : for for-indices loop { equation ";" } end for
forEquation
  : FOR forIndices LOOP (equation SEMI)* END FOR
  ;

// for-statement : for for-indices loop { statement ";" } end for
forStatement
  : FOR forIndices LOOP (statement SEMI)* END FOR
  ;

// for-indices : for-index { "," for-index }
forIndices
  : forIndex (COMMA forIndex)*
  ;

// for-index : IDENT [ in expression ]
forIndex
  : IDENT (IN expression)?
  ;

// while-statement : while expression loop { statement ";" } end while
whileStatement
  : WHILE expression LOOP (statement SEMI)* END WHILE
  ;

// when-equation :
//    when expression then { equation ";" }
//    { elsewhen expression then { equation ";" } }
//    end when
whenEquation
  : WHEN expression THEN (equation SEMI)*
    (ELSEWHEN expression THEN (equation SEMI)*)*
    END WHEN
  ;

// when-statement : (as when-equation, with statements)
whenStatement
  : WHEN expression THEN (statement SEMI)*
    (ELSEWHEN expression THEN (statement SEMI)*)*
    END WHEN
  ;

// connect-equation : connect "(" component-reference "," component-reference ")"
connectEquation
  : CONNECT LPAREN componentReference COMMA componentReference RPAREN
  ;

// ===========================================================================
// A.2.7 Expressions
// ===========================================================================

// expression :
//    simple-expression
//    | if expression then expression { elseif expression then expression }
//      else expression
// (The first alternative spells out simple-expression, which saves a level
// in the parse tree of every expression; simple-expression remains a rule
// of its own for the left side of equations.)
expression
  : logicalExpression (COLON logicalExpression (COLON logicalExpression)?)?
  | IF expression THEN expression (ELSEIF expression THEN expression)* ELSE expression
  ;

// simple-expression :
//    logical-expression [ ":" logical-expression [ ":" logical-expression ] ]
simpleExpression
  : logicalExpression (COLON logicalExpression (COLON logicalExpression)?)?
  ;

// logical-expression : logical-term { or logical-term }
// logical-term : logical-factor { and logical-factor }
// logical-factor : [ not ] relation
// relation : arithmetic-expression [ relational-operator arithmetic-expression ]
// relational-operator : "<" | "<=" | ">" | ">=" | "==" | "<>"
// The four levels are one rule here, accepting the same token sequences:
// logical factors separated by `and` and `or`. Each parse-tree level costs
// an allocation per operand, and these levels are mostly single-child
// chains. The AST builder applies the precedence (and before or, both left
// associative); a relation still has at most one relational operator.
logicalExpression
  : NOT? arithmeticExpression ((LESS | LESSEQ | GREATER | GREATEREQ | EQ | NEQ) arithmeticExpression)?
    ( (AND | OR)
      NOT? arithmeticExpression ((LESS | LESSEQ | GREATER | GREATEREQ | EQ | NEQ) arithmeticExpression)?
    )*
  ;

// arithmetic-expression : [ add-operator ] term { add-operator term }
// add-operator : "+" | "-" | ".+" | ".-"
// term : factor { mul-operator factor }
// mul-operator : "*" | "/" | ".*" | "./"
// factor : primary [ ( "^" | ".^" ) primary ]
// Flattened like logicalExpression: an optional sign, then factors
// separated by add and mul operators. The AST builder binds mul operators
// before add operators (both left associative) and the sign to the first
// term. A factor still has at most one `^`, so `a^b^c` is a syntax error.
arithmeticExpression
  : (PLUS | MINUS | DOTPLUS | DOTMINUS)? primary ((POWER | DOTPOWER) primary)?
    ( (PLUS | MINUS | DOTPLUS | DOTMINUS | STAR | SLASH | DOTSTAR | DOTSLASH)
      primary ((POWER | DOTPOWER) primary)?
    )*
  ;

// primary :
//    UNSIGNED-NUMBER | STRING | false | true
//    | ( component-reference | der | initial | pure ) function-call-args
//    | component-reference
//    | "(" output-expression-list ")"
//    | "[" expression-list { ";" expression-list } "]"
//    | "{" array-arguments "}"
//    | end
// (A component reference with and without call arguments share one
// alternative, so that no lookahead over the reference is needed.)
primary
  : UNSIGNED_INTEGER
  | UNSIGNED_REAL
  | STRING
  | FALSE
  | TRUE
  | componentReference functionCallArgs?
  | (DER | INITIAL | PURE) functionCallArgs
  | LPAREN outputExpressionList RPAREN
  | LBRACK expressionList (SEMI expressionList)* RBRACK
  | LBRACE arrayArguments RBRACE
  | END
  ;

// type-specifier : [ "." ] name
typeSpecifier
  : DOT? name
  ;

// name : IDENT { "." IDENT }
name
  : IDENT (DOT IDENT)*
  ;

// component-reference :
//    [ "." ] IDENT [ array-subscripts ] { "." IDENT [ array-subscripts ] }
componentReference
  : DOT? IDENT arraySubscripts? (DOT IDENT arraySubscripts?)*
  ;

// result-reference :
//    component-reference
//    | der "(" component-reference [ "," UNSIGNED-INTEGER ] ")"
// No other production of Appendix A uses it (the specification refers to it
// from the text); it is here so that the grammar is complete.
resultReference
  : componentReference
  | DER LPAREN componentReference (COMMA UNSIGNED_INTEGER)? RPAREN
  ;

// function-call-args : "(" [ function-arguments ] ")"
functionCallArgs
  : LPAREN functionArguments? RPAREN
  ;

// function-arguments :
//    expression [ "," function-arguments-non-first | for for-indices ]
//    | function-partial-application [ "," function-arguments-non-first ]
//    | named-arguments
// function-arguments-non-first :
//    function-argument [ "," function-arguments-non-first ] | named-arguments
// (The right recursion is written as loops: positional arguments first,
// then named ones.)
functionArguments
  : expression
    ( FOR forIndices
    | (COMMA functionArgument)* (COMMA namedArgument)*
    )
  | functionPartialApplication (COMMA functionArgument)* (COMMA namedArgument)*
  | namedArguments
  ;

// named-arguments : named-argument [ "," named-arguments ]
namedArguments
  : namedArgument (COMMA namedArgument)*
  ;

// named-argument : IDENT "=" function-argument
namedArgument
  : IDENT EQUALS functionArgument
  ;

// function-argument : function-partial-application | expression
functionArgument
  : functionPartialApplication
  | expression
  ;

// function-partial-application :
//    function type-specifier "(" [ named-arguments ] ")"
functionPartialApplication
  : FUNCTION typeSpecifier LPAREN namedArguments? RPAREN
  ;

// array-arguments :
//    expression [ "," array-arguments-non-first | for for-indices ]
// array-arguments-non-first : expression [ "," array-arguments-non-first ]
arrayArguments
  : expression (FOR forIndices | (COMMA expression)*)
  ;

// output-expression-list : [ expression ] { "," [ expression ] }
outputExpressionList
  : expression? (COMMA expression?)*
  ;

// expression-list : expression { "," expression }
expressionList
  : expression (COMMA expression)*
  ;

// array-subscripts : "[" subscript { "," subscript } "]"
arraySubscripts
  : LBRACK subscript (COMMA subscript)* RBRACK
  ;

// subscript : ":" | expression
subscript
  : COLON
  | expression
  ;

// description : description-string [ annotation-clause ]
// description-string : [ STRING { "+" STRING } ]
// Neither matches the empty string here: the rules that use them write
// `description?` and `descriptionString?` instead, which accepts the same
// text without an empty parse-tree node for every declaration.
description
  : descriptionString annotationClause?
  | annotationClause
  ;

descriptionString
  : STRING (PLUS STRING)*
  ;

// annotation-clause : annotation class-modification
annotationClause
  : ANNOTATION classModification
  ;

// ===========================================================================
// A.1 Lexical conventions
// ===========================================================================

// Keywords (MLS 2.3.3).
ALGORITHM     : 'algorithm' ;
AND           : 'and' ;
ANNOTATION    : 'annotation' ;
BLOCK         : 'block' ;
BREAK         : 'break' ;
CLASS         : 'class' ;
CONNECT       : 'connect' ;
CONNECTOR     : 'connector' ;
CONSTANT      : 'constant' ;
CONSTRAINEDBY : 'constrainedby' ;
DER           : 'der' ;
DISCRETE      : 'discrete' ;
EACH          : 'each' ;
ELSE          : 'else' ;
ELSEIF        : 'elseif' ;
ELSEWHEN      : 'elsewhen' ;
ENCAPSULATED  : 'encapsulated' ;
END           : 'end' ;
ENUMERATION   : 'enumeration' ;
EQUATION      : 'equation' ;
EXPANDABLE    : 'expandable' ;
EXTENDS       : 'extends' ;
EXTERNAL      : 'external' ;
FALSE         : 'false' ;
FINAL         : 'final' ;
FLOW          : 'flow' ;
FOR           : 'for' ;
FUNCTION      : 'function' ;
IF            : 'if' ;
IMPORT        : 'import' ;
IMPURE        : 'impure' ;
IN            : 'in' ;
INITIAL       : 'initial' ;
INNER         : 'inner' ;
INPUT         : 'input' ;
LOOP          : 'loop' ;
MODEL         : 'model' ;
NOT           : 'not' ;
OPERATOR      : 'operator' ;
OR            : 'or' ;
OUTER         : 'outer' ;
OUTPUT        : 'output' ;
PACKAGE       : 'package' ;
PARAMETER     : 'parameter' ;
PARTIAL       : 'partial' ;
PROTECTED     : 'protected' ;
PUBLIC        : 'public' ;
PURE          : 'pure' ;
RECORD        : 'record' ;
REDECLARE     : 'redeclare' ;
REPLACEABLE   : 'replaceable' ;
RETURN        : 'return' ;
STREAM        : 'stream' ;
THEN          : 'then' ;
TRUE          : 'true' ;
TYPE          : 'type' ;
WHEN          : 'when' ;
WHILE         : 'while' ;
WITHIN        : 'within' ;

// Punctuation and operators.
LPAREN    : '(' ;
RPAREN    : ')' ;
LBRACK    : '[' ;
RBRACK    : ']' ;
LBRACE    : '{' ;
RBRACE    : '}' ;
SEMI      : ';' ;
COMMA     : ',' ;
DOT       : '.' ;
COLON     : ':' ;
EQUALS    : '=' ;
ASSIGN    : ':=' ;
PLUS      : '+' ;
MINUS     : '-' ;
STAR      : '*' ;
SLASH     : '/' ;
POWER     : '^' ;
DOTPLUS   : '.+' ;
DOTMINUS  : '.-' ;
DOTSTAR   : '.*' ;
DOTSLASH  : './' ;
DOTPOWER  : '.^' ;
LESS      : '<' ;
LESSEQ    : '<=' ;
GREATER   : '>' ;
GREATEREQ : '>=' ;
EQ        : '==' ;
NEQ       : '<>' ;

// UNSIGNED-INTEGER : DIGIT { DIGIT }
UNSIGNED_INTEGER : DIGIT+ ;

// UNSIGNED-REAL :
//    UNSIGNED-INTEGER "." [ UNSIGNED-INTEGER ]
//    | UNSIGNED-INTEGER [ "." [ UNSIGNED-INTEGER ] ] ( "e" | "E" ) [ "+" | "-" ] UNSIGNED-INTEGER
//    | "." UNSIGNED-INTEGER [ ( "e" | "E" ) [ "+" | "-" ] UNSIGNED-INTEGER ]
UNSIGNED_REAL
  : DIGIT+ '.' DIGIT* EXPONENT?
  | DIGIT+ EXPONENT
  | '.' DIGIT+ EXPONENT?
  ;

// IDENT : NON-DIGIT { DIGIT | NON-DIGIT } | Q-IDENT
// Q-IDENT : "'" { Q-CHAR | S-ESCAPE } "'"
IDENT
  : NON_DIGIT (DIGIT | NON_DIGIT)*
  | '\'' (Q_CHAR | S_ESCAPE)* '\''
  ;

// STRING : """ { S-CHAR | S-ESCAPE } """
// Any character after a backslash is accepted here; the AST builder reports
// escapes that are not S-ESCAPE, with a better message than the lexer could.
STRING
  : '"' (~["\\] | '\\' .)* '"'
  ;

fragment DIGIT : [0-9] ;
fragment NON_DIGIT : [_a-zA-Z] ;
fragment EXPONENT : [eE] [+-]? DIGIT+ ;
// Q-CHAR: printable ASCII except "'", "\" and "`".
fragment Q_CHAR : [ !"#$%&()*+,\-./0-9:;<=>?@A-Z[\]^_a-z{|}~] ;
fragment S_ESCAPE : '\\' ['"?\\abfnrtv] ;

// White space and comments separate tokens and are dropped.
WS : [ \t\r\n\f\u000B]+ -> skip ;
LINE_COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'+ '/' -> skip ;

// Error tokens: the lexer never fails. Each of these matches only where no
// valid token does (a valid token is always longer), goes to the hidden
// channel, and is reported by the parser driver before parsing.
UNTERMINATED_STRING : '"' (~["\\] | '\\' .)* '\\'? -> channel(HIDDEN) ;
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* -> channel(HIDDEN) ;
// A quote that does not start a valid Q-IDENT: with a character that Q-CHAR
// excludes before the closing quote, or (the quote alone) unterminated.
BAD_QIDENT : ('\'' ~['\r\n]* '\'' | '\'') -> channel(HIDDEN) ;
ERROR_CHAR : ([\u0080-\u00FF]+ | .) -> channel(HIDDEN) ;
