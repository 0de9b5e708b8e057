// Native code for lowered functions: one LLVM function per entry of the
// function table, `i32 (const double *in, double *out)`. Its slots live in
// allocas of the entry block, zeroed, one per run of slots that must be
// contiguous (a variable, or the range of an indexed statement), so that
// LLVM promotes scalars to registers; the inputs are copied in first, the
// outputs copied out on return. The table is checked first, so that code
// generation can take its ids and sizes for granted.
#include "compiler/codegen/Codegen.h"

#include "compiler/codegen/ExprEmitter.h"
#include "compiler/codegen/StatementEmitter.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Module.h>

#include <algorithm>

namespace mocc::codegen {

using flat::Statement;
using flat::StatementKind;
using sym::ExprId;
using sym::OpKind;

namespace {

/// Checks the nodes of a function's pool against its slots and the table.
std::string checkPool(const flat::Function &f, std::span<const flat::Function> table) {
  const sym::ExprPool &pool = f.pool;
  for (uint32_t i = 0; i < pool.size(); ++i) {
    const sym::Node &node = pool.node(ExprId{i});
    if (node.op == OpKind::Variable && node.payload.index >= f.numSlots)
      return "an expression reads slot " + std::to_string(node.payload.index) + " of " +
             std::to_string(f.numSlots);
    if (node.op == OpKind::Time)
      return "an expression uses `time`";
    if (node.op == OpKind::Call && node.payload.index >= table.size())
      return "a call of function " + std::to_string(node.payload.index) +
             ", which is not in the table";
  }
  return {};
}

/// Checks the ids and slots of statements; `loops` counts enclosing loops.
std::string checkStatements(const flat::Function &f, const std::vector<Statement> &body,
                            int loops) {
  auto validExpr = [&](ExprId id) { return id.index < f.pool.size(); };
  for (const Statement &s : body) {
    bool assigns = s.kind == StatementKind::Assign || s.kind == StatementKind::LoadIndexed ||
                   s.kind == StatementKind::For;
    bool indexed = s.kind == StatementKind::AssignIndexed || s.kind == StatementKind::LoadIndexed;
    bool valid = !(assigns && s.target.index >= f.numSlots) &&
                 !(indexed && (uint64_t{s.firstSlot} + s.size > f.numSlots || !validExpr(s.index)));
    for (ExprId id : {s.value, s.condition, s.start, s.step, s.stop})
      valid = valid && (!id.valid() || validExpr(id));
    for (const flat::MessagePart &part : s.message)
      valid = valid && (!part.value.valid() || validExpr(part.value));
    if (!valid)
      return "a statement has an invalid slot or expression";
    if (s.kind == StatementKind::Break && loops == 0)
      return "`break` outside a loop";
    bool loop = s.kind == StatementKind::While || s.kind == StatementKind::For;
    for (const std::vector<Statement> *inner : {&s.body, &s.elseBody}) {
      if (std::string problem = checkStatements(f, *inner, loops + loop); !problem.empty())
        return problem;
    }
  }
  return {};
}

std::string checkFunction(const flat::Function &f, std::span<const flat::Function> table) {
  for (const flat::FunctionVariable &v : f.variables) {
    if (v.firstSlot + v.count() > f.numSlots)
      return "variable `" + v.name + "` lies outside the slots";
  }
  for (const std::vector<uint32_t> *slots : {&f.inputSlots, &f.outputSlots}) {
    for (uint32_t slot : *slots) {
      if (slot >= f.numSlots)
        return "an input or output has slot " + std::to_string(slot) + " of " +
               std::to_string(f.numSlots);
    }
  }
  if (std::string problem = checkPool(f, table); !problem.empty())
    return problem;
  return checkStatements(f, f.body, 0);
}

/// Marks the slots that must share an alloca with the next one: within a
/// variable and within the array of an indexed statement.
void joinRanges(const std::vector<Statement> &body, std::vector<bool> &joined) {
  for (const Statement &s : body) {
    if (s.kind == StatementKind::AssignIndexed || s.kind == StatementKind::LoadIndexed) {
      for (uint32_t slot = s.firstSlot; slot + 1 < s.firstSlot + s.size; ++slot)
        joined[slot] = true;
    }
    joinRanges(s.body, joined);
    joinRanges(s.elseBody, joined);
  }
}

/// The address of every slot: zeroed allocas, one per run of joined slots.
std::vector<llvm::Value *> makeFrame(FunctionEmitter &emitter, const flat::Function &f) {
  std::vector<bool> joined(f.numSlots, false);
  for (const flat::FunctionVariable &v : f.variables) {
    for (int64_t i = 0; i + 1 < v.count(); ++i)
      joined[v.firstSlot + i] = true;
  }
  joinRanges(f.body, joined);
  for (uint32_t id = 0; id < f.pool.size(); ++id) { // arrays read at a run-time index
    const sym::Node &node = f.pool.node(ExprId{id});
    if (node.op != OpKind::Load)
      continue;
    uint32_t size = static_cast<uint32_t>(f.pool.constantValue(f.pool.operand(ExprId{id}, 1)).value_or(0));
    for (uint32_t slot = node.payload.index; slot + 1 < node.payload.index + size; ++slot)
      joined[slot] = true;
  }
  std::vector<llvm::Value *> frame(f.numSlots);
  llvm::IRBuilderBase &b = emitter.builder();
  for (uint32_t first = 0; first < f.numSlots;) {
    uint32_t end = first + 1;
    while (joined[end - 1] && end < f.numSlots)
      ++end;
    llvm::Value *run = emitter.entryArray(end - first, "slots");
    b.CreateMemSet(run, b.getInt8(0), uint64_t{end - first} * sizeof(double), llvm::MaybeAlign(8));
    for (uint32_t slot = first; slot < end; ++slot)
      frame[slot] = b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), run, slot - first);
    first = end;
  }
  return frame;
}

/// Copies between the array `args` (element i) and the frame's slots[i]:
/// into the frame for the inputs, out of it for the outputs. Runs of
/// consecutive slots of one array are copied at once: an element at a time
/// made a basic block of thousands of loads and stores for an array input
/// (realFFT's 4,000 samples), on which LLVM's instruction scheduler is
/// quadratic.
void copyArguments(FunctionEmitter &emitter, std::span<const uint32_t> slots, llvm::Value *args,
                   bool in) {
  llvm::IRBuilderBase &b = emitter.builder();
  llvm::Type *real = b.getDoubleTy();
  for (size_t i = 0; i < slots.size();) {
    size_t n = 1;
    while (i + n < slots.size() && slots[i + n] == slots[i] + n &&
           llvm::getUnderlyingObject(emitter.slotAddress(slots[i + n])) ==
               llvm::getUnderlyingObject(emitter.slotAddress(slots[i])))
      ++n;
    llvm::Value *arg = b.CreateConstInBoundsGEP1_64(real, args, i);
    llvm::Value *frame = emitter.slotAddress(slots[i]);
    if (n >= 16) {
      if (in)
        b.CreateMemCpy(frame, llvm::Align(8), arg, llvm::Align(8), n * sizeof(double));
      else
        b.CreateMemCpy(arg, llvm::Align(8), frame, llvm::Align(8), n * sizeof(double));
      i += n;
      continue;
    }
    if (in)
      b.CreateStore(b.CreateLoad(real, arg), frame);
    else
      b.CreateStore(b.CreateLoad(real, frame), arg);
    ++i;
  }
}

/// The C type of a value of `type` (MLS 12.9.1): double, int, or a pointer
/// (String, external object). Scalar Integer inputs are passed as 64-bit
/// integers (see emitExternalCall).
llvm::Type *cType(llvm::LLVMContext &context, flat::TypeKind type) {
  switch (type) {
  case flat::TypeKind::Real: return llvm::Type::getDoubleTy(context);
  case flat::TypeKind::String:
  case flat::TypeKind::ExternalObject: return llvm::PointerType::getUnqual(context);
  default: return llvm::Type::getInt32Ty(context);
  }
}

/// The thunk that makes the C call: `void thunk(ptr context)`, where
/// context[i] points to the storage of argument i and context[n] to that
/// of the result. The runtime calls it through mocc_call_external, which
/// catches ModelicaError (see runtime/ModelicaUtilities.cpp).
llvm::Function *makeThunk(llvm::Module &module, const flat::Function &f,
                          const std::vector<llvm::Type *> &argTypes, llvm::Type *resultType) {
  const flat::ExternalCall &call = *f.external;
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *pointer = llvm::PointerType::getUnqual(context);
  auto *cFunctionType = llvm::FunctionType::get(resultType, argTypes, false);
  llvm::FunctionCallee callee = module.getOrInsertFunction(call.function, cFunctionType);
  auto *thunk = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(context), {pointer}, false),
      llvm::Function::InternalLinkage, functionSymbol(f) + ".thunk", module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", thunk));
  std::vector<llvm::Value *> args;
  for (size_t i = 0; i < argTypes.size(); ++i) {
    llvm::Value *cell = b.CreateLoad(pointer, b.CreateConstInBoundsGEP1_64(pointer, thunk->getArg(0), i));
    args.push_back(b.CreateLoad(argTypes[i], cell));
  }
  llvm::Value *result = b.CreateCall(callee, args);
  if (!resultType->isVoidTy()) {
    llvm::Value *cell =
        b.CreateLoad(pointer, b.CreateConstInBoundsGEP1_64(pointer, thunk->getArg(0), args.size()));
    b.CreateStore(result, cell);
  }
  b.CreateRetVoid();
  return thunk;
}

/// Whether values of `type` are pointers whose bits a slot holds: external
/// objects, and Strings known only at run time.
bool isPointer(flat::TypeKind type) {
  return type == flat::TypeKind::ExternalObject || type == flat::TypeKind::String;
}

/// Converts slot values (doubles) to C values of `type` and back.
llvm::Value *toC(llvm::IRBuilderBase &b, llvm::Value *v, flat::TypeKind type, llvm::Type *to) {
  if (type == flat::TypeKind::Real)
    return v;
  if (isPointer(type)) // the slot holds the pointer's bits
    return b.CreateIntToPtr(b.CreateBitCast(v, b.getInt64Ty()), to);
  return b.CreateFPToSI(v, to);
}
llvm::Value *fromC(llvm::IRBuilderBase &b, llvm::Value *v, flat::TypeKind type) {
  if (type == flat::TypeKind::Real)
    return v;
  if (isPointer(type))
    return b.CreateBitCast(b.CreatePtrToInt(v, b.getInt64Ty()), b.getDoubleTy());
  return b.CreateSIToFP(v, b.getDoubleTy());
}

/// One argument of a C call: its C type and value, and for an array that
/// goes through a buffer (Integer and Boolean arrays; for FORTRAN 77, every
/// array of rank 2 or more, in column-major order) the buffer to copy back
/// into the slots after the call.
struct CArgument {
  llvm::Type *type = nullptr;
  llvm::Value *value = nullptr;
  llvm::Value *copyBack = nullptr; ///< the buffer of a writable array
  llvm::Type *element = nullptr;   ///< the type of the buffer's elements
  std::vector<uint64_t> position;  ///< buffer index of slot k (empty: k)
};

/// The address of a String constant, or of an array of them.
llvm::Value *stringArgument(FunctionEmitter &emitter, const flat::ExternalArgument &arg) {
  llvm::IRBuilderBase &b = emitter.builder();
  if (!arg.isArray)
    return b.CreateGlobalString(arg.strings.empty() ? "" : arg.strings[0], "text");
  llvm::Value *array = emitter.entryArray(std::max<size_t>(arg.strings.size(), 1), "texts");
  for (size_t k = 0; k < arg.strings.size(); ++k)
    b.CreateStore(b.CreateGlobalString(arg.strings[k], "text"),
                  b.CreateConstInBoundsGEP1_64(b.getPtrTy(), array, k));
  return array;
}

/// For each element of an array in row-major order, its index in
/// column-major order.
std::vector<uint64_t> columnMajorPositions(const std::vector<int64_t> &dims, uint32_t count) {
  std::vector<uint64_t> position(count);
  for (uint64_t k = 0; k < count; ++k) {
    uint64_t rest = k, index = 0, stride = 1;
    std::vector<uint64_t> subscripts(dims.size());
    for (size_t d = dims.size(); d-- > 0;) {
      subscripts[d] = rest % static_cast<uint64_t>(dims[d]);
      rest /= static_cast<uint64_t>(dims[d]);
    }
    for (size_t d = 0; d < dims.size(); ++d) {
      index += subscripts[d] * stride;
      stride *= static_cast<uint64_t>(dims[d]);
    }
    position[k] = index;
  }
  return position;
}

/// An argument in its C type. A scalar Integer passed by value is widened
/// to 64 bits: on x86-64 and AArch64 an `int` parameter reads its low half,
/// and a `size_t` one (as the MSL's C sources declare sizes) gets the whole
/// value. A Real array is passed as the address of its slots (one alloca);
/// an Integer or Boolean array goes through a buffer of ints. For FORTRAN 77
/// (`fortran`), scalars are passed by reference (the address of a copy,
/// INTEGER and LOGICAL as 32-bit ints) and arrays of rank 2 or more go
/// through a buffer in column-major order.
CArgument prepareArgument(FunctionEmitter &emitter, const flat::ExternalArgument &arg,
                          bool fortran) {
  llvm::IRBuilderBase &b = emitter.builder();
  llvm::LLVMContext &context = b.getContext();
  using K = flat::ExternalArgument::Kind;
  if (arg.kind == K::Value) {
    bool integral = arg.type != flat::TypeKind::Real && !isPointer(arg.type);
    llvm::Type *type = integral && !fortran ? b.getInt64Ty() : cType(context, arg.type);
    llvm::Value *value = toC(b, emitter.value(arg.value), arg.type, type);
    // A String (CHARACTER) goes to Fortran as its text's address, as in C.
    if (!fortran || arg.type == flat::TypeKind::String)
      return {type, value};
    llvm::Value *cell = emitter.entryArray(1, "byReference");
    b.CreateStore(value, cell);
    return {b.getPtrTy(), cell};
  }
  if (arg.kind == K::String)
    return {b.getPtrTy(), stringArgument(emitter, arg)};
  if (arg.count == 0)
    return {b.getPtrTy(), llvm::ConstantPointerNull::get(b.getPtrTy())};
  bool transpose = fortran && arg.dims.size() >= 2;
  // Real slots are the C array itself, and so are the slots of Strings
  // known only at run time (their pointers: `const char **`; an output
  // String gets the pointer the C function stores).
  if ((arg.type == flat::TypeKind::Real || arg.type == flat::TypeKind::String) && !transpose)
    return {b.getPtrTy(), emitter.slotAddress(arg.firstSlot)};
  llvm::Type *element = cType(context, arg.type);
  llvm::Value *buffer = emitter.entryArray(arg.count, "buffer"); // 8 bytes per element: enough
  std::vector<uint64_t> position;
  if (transpose)
    position = columnMajorPositions(arg.dims, arg.count);
  for (uint32_t k = 0; k < arg.count; ++k)
    b.CreateStore(toC(b, b.CreateLoad(b.getDoubleTy(), emitter.slotAddress(arg.firstSlot + k)),
                      arg.type, element),
                  b.CreateConstInBoundsGEP1_64(element, buffer, position.empty() ? k : position[k]));
  return {b.getPtrTy(), buffer, arg.writable ? buffer : nullptr, element, std::move(position)};
}

/// Copies what the C function wrote (buffers of arrays, the result) into
/// the slots.
void copyBack(FunctionEmitter &emitter, const flat::ExternalCall &call,
              const std::vector<CArgument> &args, llvm::Value *resultCell, llvm::Type *resultType) {
  llvm::IRBuilderBase &b = emitter.builder();
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (!args[i].copyBack)
      continue;
    const flat::ExternalArgument &arg = call.args[i];
    llvm::Type *element = args[i].element;
    for (uint32_t k = 0; k < arg.count; ++k) {
      uint64_t at = args[i].position.empty() ? k : args[i].position[k];
      b.CreateStore(
          fromC(b, b.CreateLoad(element, b.CreateConstInBoundsGEP1_64(element, args[i].copyBack, at)),
                arg.type),
          emitter.slotAddress(arg.firstSlot + k));
    }
  }
  if (call.hasResult)
    b.CreateStore(fromC(b, b.CreateLoad(resultType, resultCell), call.resultType),
                  emitter.slotAddress(call.resultSlot));
}

/// The call of an external C function (flat::ExternalCall): the arguments
/// are prepared in storage of their C types, the thunk (made here, or in C
/// with the Include text: see CThunk.cpp) runs under
/// mocc_call_external, then outputs are copied back into the slots. A
/// destructor skips a null object (one whose constructor never ran).
void emitExternalCall(llvm::Module &module, FunctionEmitter &emitter, const flat::Function &f) {
  const flat::ExternalCall &call = *f.external;
  llvm::IRBuilderBase &b = emitter.builder();
  llvm::Type *pointer = b.getPtrTy();
  std::vector<CArgument> args;
  std::vector<llvm::Type *> types;
  llvm::Value *object = nullptr;
  bool fortran = call.language == flat::ExternalCall::Language::Fortran77;
  for (const flat::ExternalArgument &arg : call.args) {
    args.push_back(prepareArgument(emitter, arg, fortran));
    types.push_back(args.back().type);
    if (arg.type == flat::TypeKind::ExternalObject && !object)
      object = args.back().value;
  }
  // gfortran passes the length of each CHARACTER argument after the others.
  for (size_t i = 0; fortran && i < call.args.size(); ++i) {
    const flat::ExternalArgument &arg = call.args[i];
    if (arg.kind == flat::ExternalArgument::Kind::String && !arg.isArray) {
      args.push_back({b.getInt64Ty(), b.getInt64(arg.strings.empty() ? 0 : arg.strings[0].size())});
      types.push_back(b.getInt64Ty());
    } else if (arg.kind == flat::ExternalArgument::Kind::Value &&
               arg.type == flat::TypeKind::String) { // a text known at run time
      auto strlen = module.getOrInsertFunction(
          "strlen", llvm::FunctionType::get(b.getInt64Ty(), {pointer}, false));
      args.push_back({b.getInt64Ty(), b.CreateCall(strlen, {args[i].value})});
      types.push_back(b.getInt64Ty());
    }
  }
  llvm::Type *resultType = call.hasResult ? cType(module.getContext(), call.resultType) : b.getVoidTy();
  llvm::Value *thunk =
      usesCThunk(call)
          ? module
                .getOrInsertFunction(externalThunkSymbol(f),
                                     llvm::FunctionType::get(b.getVoidTy(), {pointer}, false))
                .getCallee()
          : makeThunk(module, f, types, resultType);
  llvm::Value *cells = emitter.entryArray(args.size() + 1, "context");
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::Value *cell = emitter.entryArray(1, "argument");
    b.CreateStore(args[i].value, cell);
    b.CreateStore(cell, b.CreateConstInBoundsGEP1_64(pointer, cells, i));
  }
  llvm::Value *resultCell = emitter.entryArray(1, "result");
  b.CreateStore(resultCell, b.CreateConstInBoundsGEP1_64(pointer, cells, args.size()));
  auto runtimeCall = module.getOrInsertFunction(
      "mocc_call_external",
      llvm::FunctionType::get(b.getInt32Ty(), {pointer, pointer, pointer}, false));
  llvm::BasicBlock *after = nullptr;
  if (call.isDestructor && object) {
    llvm::Function *function = b.GetInsertBlock()->getParent();
    auto *callBlock = llvm::BasicBlock::Create(module.getContext(), "destroy", function);
    after = llvm::BasicBlock::Create(module.getContext(), "destroyed", function);
    b.CreateCondBr(b.CreateIsNull(object), after, callBlock);
    b.SetInsertPoint(callBlock);
  }
  llvm::Value *where = call.where.empty()
                           ? static_cast<llvm::Value *>(llvm::ConstantPointerNull::get(b.getPtrTy()))
                           : b.CreateGlobalString(call.where, "external.where");
  emitter.exitIfFailed(b.CreateCall(runtimeCall, {thunk, cells, where}));
  if (after) {
    b.CreateBr(after);
    b.SetInsertPoint(after);
  }
  emitter.forget(); // the callee wrote into slots
  copyBack(emitter, call, args, resultCell, resultType);
}

/// Emits the body of `f` into its declared function.
void emitFunction(llvm::Module &module, const flat::Function &f,
                  std::span<const flat::Function> table, diag::Message &error) {
  llvm::Function *function = declareLoweredFunction(module, f);
  PoolFacts facts(f.pool, false);
  FunctionEmitter emitter(module, f.pool, facts, table);
  emitter.beginFunction(function);
  emitter.setFrame(makeFrame(emitter, f));
  // The destructors of protected external objects, on return and failure.
  auto destroy = [&](llvm::IRBuilderBase &b) {
    for (const flat::Function::Cleanup &c : f.cleanups) {
      if (c.destructor >= table.size())
        continue;
      const flat::Function &destructor = table[c.destructor];
      llvm::Value *in = emitter.entryArray(1, "object");
      llvm::Value *out = emitter.entryArray(std::max<size_t>(destructor.outputSlots.size(), 1), "none");
      b.CreateStore(b.CreateLoad(b.getDoubleTy(), emitter.slotAddress(c.slot)), in);
      b.CreateCall(declareLoweredFunction(module, destructor), {in, out});
    }
  };
  if (!f.cleanups.empty())
    emitter.setFailureCleanup(destroy);
  llvm::IRBuilderBase &b = emitter.builder();
  copyArguments(emitter, f.inputSlots, function->getArg(0), true);
  auto *returnBlock = llvm::BasicBlock::Create(module.getContext(), "return");
  StatementEmitter(emitter, f, returnBlock).emitBody(f.body);
  if (f.external)
    emitExternalCall(module, emitter, f);
  b.CreateBr(returnBlock);
  returnBlock->insertInto(function);
  b.SetInsertPoint(returnBlock);
  destroy(b);
  copyArguments(emitter, f.outputSlots, function->getArg(1), false);
  emitter.finish();
  if (emitter.error())
    error = {diag::InFunction, {f.name, emitter.error().text()}};
}

} // namespace

std::unique_ptr<llvm::Module> generateFunctions(llvm::LLVMContext &context,
                                                std::span<const flat::Function> functions,
                                                diag::Message *error, const std::vector<bool> *only) {
  auto module = std::make_unique<llvm::Module>("mocc_functions", context);
  diag::Message message;
  auto chosen = [&](size_t i) { return !only || (i < only->size() && (*only)[i]); };
  for (size_t i = 0; i < functions.size(); ++i) {
    const flat::Function &f = functions[i];
    if (!chosen(i))
      continue;
    if (module->getFunction(functionSymbol(f))) {
      message = {diag::FunctionsShareSymbol, {f.symbol}};
      break;
    }
    declareLoweredFunction(*module, f);
    if (std::string problem = checkFunction(f, functions); !problem.empty()) {
      message = {diag::InFunction, {f.name, diag::format(diag::FunctionFormBroken, {problem})}};
      break;
    }
  }
  for (size_t i = 0; i < functions.size() && !message; ++i)
    if (chosen(i))
      emitFunction(*module, functions[i], functions, message);
  if (!message)
    return module;
  if (error)
    *error = message;
  return nullptr;
}

} // namespace mocc::codegen
