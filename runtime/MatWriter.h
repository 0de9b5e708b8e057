// The MAT result file (CLI.md, "Result MAT"): MATLAB level 4 matrices in
// the layout of Dymola's dsres.mat and OpenModelica's _res.mat, version 1.1
// "binTrans", which DyMat, ModelicaRes, OMPlot and Dymola read:
//
//   Aclass       4 x 11 text: "Atrajectory", "1.1", "", "binTrans"
//   name         maxLength x n text, a name per column, blank-padded
//   description  maxLength x n text, "text [unit|displayUnit]" per column
//   dataInfo     4 x n int32 per column: the data matrix (0: the abscissa,
//                time, in every matrix; 1: data_1; 2: data_2), the signed
//                1-based row in it (negative: the value negated), 0
//                (interpolation: linear), -1 (undefined outside the time
//                range; 0 for data_1, whose values hold at every time)
//   data_1       (1 + parameters) x 2 double: time and each parameter's
//                value at the start and at the end
//   data_2       (1 + variables) x points double: time and each variable
//                at each output point, a point per column
//
// An alias that alias elimination removed (CompiledModel.h,
// OutputVariable::aliasOf) has no row of its own when what it aliases is
// stored: its dataInfo refers to that row, negated for `a = -b`. A
// variable that alias elimination bound to a parameter expression goes to
// data_1.
//
// data_2 is written as the run goes (each point is a column, contiguous in
// MAT's column-major order), so a run longer than memory streams to disk;
// its number of columns and data_1's end time are filled in at the end.
// The file is an OutputFile: a temporary file next to the target, renamed
// only by commit(). It cannot go to standard output.
#pragma once

#include "runtime/OutputFile.h"
#include "runtime/ResultWriter.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mocc::rt {

class MatWriter final : public ResultWriter {
public:
  MatWriter() = default;
  ~MatWriter() override;

  bool open(const std::string &path, const CompiledModel &model,
            const std::vector<int32_t> &columns) override;
  void write(double t, const std::vector<double> &v) override;
  const std::vector<int32_t> &slotsRead() const override { return read_; }
  bool commit() override;
  void discard() override;
  const std::string &error() const override;

private:
  void append(const void *data, std::size_t size);
  void appendHeader(int32_t type, int32_t rows, int32_t columns, const char *name);
  void appendText(const char *name, const std::vector<std::string> &strings);
  void writeParameters(double t, const std::vector<double> &v);
  void flush();

  OutputFile file_;
  bool open_ = false;
  std::string error_;
  std::unique_ptr<char[]> buffer_;
  std::size_t used_ = 0;
  uint64_t offset_ = 0; ///< of the buffer's start in the file
  /// The slots of data_1's and data_2's rows after time.
  std::vector<int32_t> parameterSlots_;
  std::vector<int32_t> variableSlots_;
  std::vector<int32_t> read_;
  std::vector<double> row_;
  uint64_t points_ = 0;
  double lastTime_ = 0;
  uint64_t endTimeOffset_ = 0;  ///< of data_1's end time
  uint64_t pointsOffset_ = 0;   ///< of data_2's number of columns
};

} // namespace mocc::rt
