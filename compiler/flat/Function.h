// Functions of the flat model, ready for code generation. Flattening lowers
// each Modelica function once per distinct shape of its arguments
// (monomorphization), so every array in a lowered function has a size known
// at compile time: a function's variables live in a fixed set of scalar
// slots, and its algorithm is a list of structured statements over them.
// Array operations are expanded element by element while lowering; only an
// index computed at run time (`x[i]` in a while-loop) remains as a Load node
// or an indexed assignment.
//
// Calling convention: the flattened inputs in order (a record input is its
// fields, an array input its elements in row-major order) and the flattened
// outputs likewise; see Call and Output nodes in compiler/symbolic/Expr.h.
#pragma once

#include "compiler/flat/Types.h"
#include "compiler/support/SourceManager.h"
#include "compiler/symbolic/Expr.h"

#include <memory>
#include <string>
#include <vector>

namespace mocc::flat {

/// A variable of a lowered function: a fixed-size array of slots.
struct FunctionVariable {
  enum class Kind { Input, Output, Protected } kind = Kind::Protected;
  std::string name;          ///< "v", or "R.T" for a field of record input R
  TypeKind type = TypeKind::Real;
  std::vector<int64_t> dims; ///< static sizes; empty for a scalar
  uint32_t firstSlot = 0;    ///< slot of element 0 (row-major)
  int64_t count() const {
    int64_t n = 1;
    for (int64_t d : dims)
      n *= d;
    return n;
  }
};

/// One part of an assert or terminate message: literal text, or a value
/// formatted as Modelica's String() would.
struct MessagePart {
  std::string text;
  sym::ExprId value; ///< valid for a value part
  TypeKind type = TypeKind::Real;
};

enum class StatementKind {
  Assign,        ///< slot := value
  AssignIndexed, ///< slots[firstSlot + index] := value, index computed at run time
  If,            ///< if condition then body else elseBody
  While,         ///< while condition loop body
  For,           ///< for counter in start : step : stop loop body (bounds at run time)
  Break,
  Return,
  Assert, ///< if not condition: error (level 1) or warning (level 2) with message
  /// target := slots[firstSlot + index], index computed at run time. A
  /// stopgap until expressions have a Load node (see the comment above):
  /// lowering puts a run-time indexed read into a temporary slot first.
  LoadIndexed,
  /// value: a Call node, executed for its effects (the callee's asserts,
  /// external C code); its outputs are dropped. A statement `f(x);`.
  Call,
};

/// A statement of a lowered function. Expressions are nodes of the
/// function's own ExprPool, whose Variable nodes are the function's slots.
struct Statement {
  StatementKind kind = StatementKind::Assign;
  SourceRange loc;
  sym::VarId target;          ///< Assign, LoadIndexed: the slot; For: the counter's slot
  uint32_t firstSlot = 0;     ///< AssignIndexed, LoadIndexed: the array's first slot
  uint32_t size = 0;          ///< AssignIndexed, LoadIndexed: the array's number of slots
  sym::ExprId index;          ///< AssignIndexed, LoadIndexed: 0-based index into the array
  sym::ExprId value;          ///< Assign, AssignIndexed, Call
  sym::ExprId condition;      ///< If, While, Assert
  sym::ExprId start, step, stop; ///< For
  std::vector<Statement> body;   ///< If (then), While, For
  std::vector<Statement> elseBody;
  std::vector<MessagePart> message; ///< Assert
  int level = 1;                    ///< Assert: 1 error, 2 warning
  /// Assert: the message is the whole report, without "assertion failed: "
  /// (a check the compiler made, not an assert of the source).
  bool plainMessage = false;
};

/// One argument of the call of an external C function, in the mapping of
/// MLS 12.9.1: Real is double, Integer, Boolean and enumerations are int,
/// String is const char *, an external object is void *, an array is a
/// pointer to its elements (row-major), an output scalar a pointer to it.
struct ExternalArgument {
  enum class Kind {
    Value,   ///< a scalar passed by value: `value`, an expression over the slots
    Pointer, ///< the address of `count` slots from `firstSlot` (an array, or a scalar output)
    String,  ///< a String constant, or the address of an array of them
  } kind = Kind::Value;
  TypeKind type = TypeKind::Real;
  sym::ExprId value;
  uint32_t firstSlot = 0;
  uint32_t count = 0;
  bool writable = false;            ///< Pointer: the callee writes it (outputs, protected)
  std::vector<std::string> strings; ///< String: one text, or an array's elements
  bool isArray = false;             ///< String: pass the address of the array
  std::vector<int64_t> dims;        ///< Pointer: the array's sizes (FORTRAN 77 transposes)
};

/// The external clause of a function (MLS 12.9): the C function it calls,
/// with arguments and result, and the annotations that say where the
/// function is found. Code generation makes the call after the body (the
/// bindings of outputs and protected variables).
struct ExternalCall {
  /// The language of the external clause: C, or FORTRAN 77 (MLS 12.9.1:
  /// every argument by reference, arrays in column-major order, the symbol
  /// in lower case with an underscore, as gfortran names it).
  enum class Language { C, Fortran77 } language = Language::C;
  std::string function; ///< the C symbol (FORTRAN 77: `dgesv_`)
  /// " (at M.mo:3:5 in external function `f`)": appended to the message of
  /// a ModelicaError the call raises, so that the report names its source.
  std::string where;
  std::vector<ExternalArgument> args;
  bool hasResult = false;
  TypeKind resultType = TypeKind::Real;
  uint32_t resultSlot = 0;
  /// A destructor: not called on a null object (one whose constructor
  /// never ran).
  bool isDestructor = false;
  std::vector<std::string> libraries;   ///< annotation Library: "m" for libm
  /// annotation LibraryDirectory, resolved to a folder (default
  /// modelica://<TopPackage>/Resources/Library).
  std::vector<std::string> libraryDirectories;
  /// annotation Include: C text compiled with the call's thunk (see
  /// codegen::externalThunkSource), with where it stands in the Modelica
  /// source so that the C compiler's messages point there.
  struct Include {
    std::string text;
    std::string file; ///< the .mo file
    uint32_t line = 0; ///< the line of the string's opening quote
  };
  std::vector<Include> includes;
  /// annotation IncludeDirectory, resolved (default
  /// modelica://<TopPackage>/Resources/Include).
  std::vector<std::string> includeDirectories;
  /// annotation SourceDirectory, resolved (default
  /// modelica://<TopPackage>/Resources/Source).
  std::vector<std::string> sourceDirectories;
  /// The resource folders of the function's library (the parents of its
  /// LibraryDirectory folders), where build descriptions are looked for.
  std::vector<std::string> resourceDirectories;
  SourceRange loc; ///< the external clause
};

/// What is known about a function's derivatives (annotation(derivative)).
struct DerivativeInfo {
  uint32_t function = 0;          ///< index of the derivative function
  int order = 1;
  std::vector<std::string> noDerivative; ///< inputs whose derivative is not passed
  std::vector<std::string> zeroDerivative;
};

/// A function specialized for one shape of its arguments.
struct Function {
  std::string name;   ///< the Modelica name, "Modelica.Math.Vectors.length"
  std::string symbol; ///< unique name of this specialization in generated code
  SourceRange loc;
  sym::ExprPool pool;
  std::vector<FunctionVariable> variables;
  uint32_t numSlots = 0;
  std::vector<uint32_t> inputSlots;  ///< the flattened inputs, in order
  std::vector<uint32_t> outputSlots; ///< the flattened outputs, in order
  /// The algorithm, preceded by the declaration bindings of outputs and
  /// protected variables. Slots that are not inputs start at zero.
  std::vector<Statement> body;
  std::vector<DerivativeInfo> derivatives;
  /// An external function: the call made after `body`.
  std::shared_ptr<const ExternalCall> external;
  /// A protected external object (MLS 12.9.7): its destructor (an index in
  /// the table) runs on the object in `slot` when the function returns, or
  /// fails, in the order listed; a null object (not constructed yet) is
  /// skipped by the destructor.
  struct Cleanup {
    uint32_t destructor = 0;
    uint32_t slot = 0;
  };
  std::vector<Cleanup> cleanups;
  bool inlineRequested = false; ///< annotation(Inline = true)
  /// Declared impure, or external without `pure` (MLS 12.3 treats both as
  /// impure): never called while translating, since what it does (print,
  /// keep a state, read the clock) belongs to the run.
  bool impure = false;
  /// Index of the forward-mode derivative made from this function by
  /// functions::differentiateFunction (see compiler/functions), once one
  /// was added to the table; UINT32_MAX before.
  uint32_t forwardDerivative = UINT32_MAX;
};

} // namespace mocc::flat
