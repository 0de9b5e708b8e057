// The thunks of external functions with Include annotations, written in C
// (see Codegen.h). The cells hold the arguments as emitExternalCall
// prepares them (FunctionCodegen.cpp): a Real as double, an external object
// as void *, an Integer, Boolean or enumeration passed by value as a 64-bit
// integer, a String as const char * (an array of them as const char **),
// an array or an output as the address of its doubles (Real) or ints; the
// result cell holds a double, an int, a void * or a const char *. The C
// compiler converts each to the type that the Include's prototype asks for.
#include "compiler/codegen/Codegen.h"

#include <cctype>
#include <cstdio>

namespace mocc::codegen {

namespace {

/// The C type of an argument's cell.
std::string cellType(const flat::ExternalArgument &arg) {
  using K = flat::ExternalArgument::Kind;
  using T = flat::TypeKind;
  switch (arg.kind) {
  case K::Value:
    return arg.type == T::Real             ? "double"
           : arg.type == T::ExternalObject ? "void *"
           : arg.type == T::String         ? "const char *"
                                           : "long long";
  case K::String: return arg.isArray ? "const char **" : "const char *";
  case K::Pointer:
    return arg.type == T::Real ? "double *" : arg.type == T::String ? "const char **" : "int *";
  }
  return "double";
}

/// The C type of an argument in the prototype of MLS 12.9.1.
std::string parameterType(const flat::ExternalArgument &arg) {
  using K = flat::ExternalArgument::Kind;
  using T = flat::TypeKind;
  if (arg.kind == K::Value)
    return arg.type == T::Real             ? "double"
           : arg.type == T::ExternalObject ? "void *"
           : arg.type == T::String         ? "const char *"
                                           : "int";
  if (arg.kind == K::String)
    return arg.isArray ? "const char **" : "const char *";
  if (arg.type == T::String)
    return arg.writable ? "const char **" : "const char *const *";
  std::string element = arg.type == T::Real ? "double" : "int";
  return (arg.writable ? "" : "const ") + element + " *";
}

std::string resultType(const flat::ExternalCall &call) {
  using T = flat::TypeKind;
  if (!call.hasResult)
    return "void";
  switch (call.resultType) {
  case T::Real: return "double";
  case T::ExternalObject: return "void *";
  case T::String: return "const char *";
  default: return "int";
  }
}

} // namespace

bool usesCThunk(const flat::ExternalCall &call) {
  if (call.language != flat::ExternalCall::Language::C)
    return false;
  for (const flat::ExternalCall::Include &include : call.includes)
    if (include.text.find_first_not_of(" \t\r\n") != std::string::npos)
      return true;
  return false;
}

std::string externalThunkSymbol(const flat::Function &function) {
  std::string name = "mocc_ext_";
  for (char c : function.symbol)
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  // The replaced characters could make two symbols equal: a hash of the
  // original keeps them apart (FNV-1a, the same in every run).
  uint32_t hash = 2166136261u;
  for (char c : function.symbol)
    hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  char suffix[16];
  std::snprintf(suffix, sizeof suffix, "_%08x", hash);
  return name + suffix;
}

std::string externalThunkSource(const flat::Function &function, bool declare) {
  const flat::ExternalCall &call = *function.external;
  std::string text;
  if (declare) {
    text += resultType(call) + " " + call.function + "(";
    for (size_t i = 0; i < call.args.size(); ++i)
      text += (i ? ", " : "") + parameterType(call.args[i]);
    text += call.args.empty() ? "void);\n" : ");\n";
  }
  text += "void " + externalThunkSymbol(function) + "(void **mocc_cells) {\n  ";
  if (call.hasResult)
    text += "*(" + resultType(call) + " *)mocc_cells[" + std::to_string(call.args.size()) + "] = ";
  text += call.function + "(";
  for (size_t i = 0; i < call.args.size(); ++i)
    text += std::string(i ? ", " : "") + "*(" + cellType(call.args[i]) + " *)mocc_cells[" +
            std::to_string(i) + "]";
  text += ");\n}\n";
  return text;
}

} // namespace mocc::codegen
