// Reading a MAT result file (MATLAB level 4, the layout of Dymola's
// dsres.mat and OpenModelica's _res.mat, version 1.1, "binTrans" or
// "binNormal"; MatWriter.h describes it) into a ResultTable, for `compare`
// and every command that reads results. Both byte orders and every numeric
// element type of MAT v4 (double, single, int32, int16, uint16, uint8) are
// read; data_2 is read a point at a time, keeping only the columns asked
// for.
#pragma once

#include "runtime/ResultCompare.h"

#include <optional>
#include <string>
#include <vector>

namespace mocc::rt {

/// Whether the file's first bytes are those of a MAT v4 file (a text file
/// has no NUL byte among its first four).
bool looksLikeMatFile(const std::string &path);

/// The trajectories of a MAT result: `time`, then every other variable in
/// the order of the file (or those named in `only`), sampled at data_2's
/// times; a parameter (data_1) is its value at every time, an alias the
/// values of what it aliases, negated where dataInfo says so. Nothing, with
/// `error` set, if the file is not such a result or is truncated.
std::optional<ResultTable> readMatResult(const std::string &path, std::string &error,
                                         const std::vector<std::string> *only = nullptr);

} // namespace mocc::rt
