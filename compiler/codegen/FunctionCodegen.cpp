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

#include <llvm/IR/Module.h>

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

/// Emits the body of `f` into its declared function.
void emitFunction(llvm::Module &module, const flat::Function &f,
                  std::span<const flat::Function> table, std::string &error) {
  llvm::Function *function = declareLoweredFunction(module, f);
  PoolFacts facts(f.pool, false);
  FunctionEmitter emitter(module, f.pool, facts, table);
  emitter.beginFunction(function);
  emitter.setFrame(makeFrame(emitter, f));
  llvm::IRBuilderBase &b = emitter.builder();
  for (size_t i = 0; i < f.inputSlots.size(); ++i) {
    llvm::Value *in = b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), function->getArg(0), i);
    b.CreateStore(b.CreateLoad(b.getDoubleTy(), in), emitter.slotAddress(f.inputSlots[i]));
  }
  auto *returnBlock = llvm::BasicBlock::Create(module.getContext(), "return");
  StatementEmitter(emitter, f, returnBlock).emitBody(f.body);
  b.CreateBr(returnBlock);
  returnBlock->insertInto(function);
  b.SetInsertPoint(returnBlock);
  for (size_t i = 0; i < f.outputSlots.size(); ++i) {
    llvm::Value *out = b.CreateConstInBoundsGEP1_64(b.getDoubleTy(), function->getArg(1), i);
    b.CreateStore(b.CreateLoad(b.getDoubleTy(), emitter.slotAddress(f.outputSlots[i])), out);
  }
  emitter.finish();
  if (!emitter.error().empty())
    error = "function `" + f.name + "`: " + emitter.error();
}

} // namespace

std::unique_ptr<llvm::Module> generateFunctions(llvm::LLVMContext &context,
                                                std::span<const flat::Function> functions,
                                                std::string *error) {
  auto module = std::make_unique<llvm::Module>("mocc_functions", context);
  std::string message;
  for (const flat::Function &f : functions) {
    if (module->getFunction(functionSymbol(f))) {
      message = "two functions have the symbol `" + f.symbol + "`";
      break;
    }
    declareLoweredFunction(*module, f);
    if (std::string problem = checkFunction(f, functions); !problem.empty()) {
      message = "function `" + f.name + "`: " + problem;
      break;
    }
  }
  for (size_t i = 0; i < functions.size() && message.empty(); ++i)
    emitFunction(*module, functions[i], functions, message);
  if (message.empty())
    return module;
  if (error)
    *error = message;
  return nullptr;
}

} // namespace mocc::codegen
