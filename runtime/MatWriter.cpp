// The MAT result file; see MatWriter.h. MATLAB's level 4 format is a
// sequence of matrices, each a header of five int32 (type, rows, columns,
// imaginary flag, length of the name with its NUL), the name, and the
// elements column by column. The type is M*1000 + P*10 + T: M the byte
// order (0 little-endian, 1 big-endian: the machine's own), P the element
// type (0 double, 2 int32, 5 uint8), T the kind (0 numeric, 1 text).
#include "runtime/MatWriter.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstring>
#include <unordered_map>

namespace mocc::rt {

namespace {

constexpr std::size_t bufferSize = std::size_t{1} << 20;
constexpr int32_t byteOrder = std::endian::native == std::endian::big ? 1000 : 0;
constexpr int32_t doubleMatrix = byteOrder + 0;
constexpr int32_t int32Matrix = byteOrder + 20;
constexpr int32_t textMatrix = byteOrder + 51;

/// The `description` of a column: the declaration's text, then
/// `[unit|displayUnit]` (`[unit]` when they agree or there is no display
/// unit), as Dymola writes it.
std::string describe(const OutputVariable &output) {
  std::string text = output.description;
  if (!output.unit.empty()) {
    if (!text.empty())
      text += ' ';
    text += '[' + output.unit;
    if (!output.displayUnit.empty() && output.displayUnit != output.unit)
      text += '|' + output.displayUnit;
    text += ']';
  }
  return text;
}

/// Where a column's values are: data matrix and signed 1-based row.
struct Place {
  int32_t matrix = 0;
  int32_t row = 0;
};

} // namespace

MatWriter::~MatWriter() { discard(); }

const std::string &MatWriter::error() const { return error_.empty() ? file_.error() : error_; }

bool MatWriter::open(const std::string &path, const CompiledModel &model,
                     const std::vector<int32_t> &columns) {
  discard();
  error_.clear();
  parameterSlots_.clear();
  variableSlots_.clear();
  if (path == "-") {
    error_ = "a MAT result cannot go to standard output (its sizes are completed at the end); "
             "write it to a file";
    return false;
  }
  if (columns.size() + 1 > static_cast<std::size_t>(INT32_MAX)) {
    error_ = "too many result columns for a MAT file";
    return false;
  }
  // The rows of data_1 and data_2: first every column that is not an alias
  // (or is one that must be stored: what it aliases is not), then the
  // aliases refer to the rows of what they alias.
  std::vector<Place> places(columns.size());
  std::unordered_map<int32_t, Place> ownRow; // by slot
  auto store = [&](std::size_t i) {
    const OutputVariable &output = model.outputs[columns[i]];
    std::vector<int32_t> &slots = output.parameter ? parameterSlots_ : variableSlots_;
    slots.push_back(output.slot);
    places[i] = {output.parameter ? 1 : 2, static_cast<int32_t>(slots.size()) + 1};
    ownRow.try_emplace(output.slot, places[i]);
  };
  for (std::size_t i = 0; i < columns.size(); ++i)
    if (model.outputs[columns[i]].aliasOf < 0)
      store(i);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const OutputVariable &output = model.outputs[columns[i]];
    if (output.aliasOf < 0)
      continue;
    auto it = ownRow.find(output.aliasOf);
    if (it == ownRow.end() || (it->second.matrix == 1) != output.parameter) {
      store(i); // what it aliases is not in the file
      continue;
    }
    places[i] = {it->second.matrix, output.negated ? -it->second.row : it->second.row};
  }
  read_ = variableSlots_;
  read_.insert(read_.end(), parameterSlots_.begin(), parameterSlots_.end());

  open_ = file_.open(path);
  if (!open_)
    return false;
  buffer_ = std::make_unique<char[]>(bufferSize);
  used_ = 0;
  offset_ = 0;
  points_ = 0;
  appendText("Aclass", {"Atrajectory", "1.1", "", "binTrans"});
  std::vector<std::string> names{"time"};
  std::vector<std::string> descriptions{"Simulation time [s]"};
  for (int32_t column : columns) {
    names.push_back(model.outputs[column].name);
    descriptions.push_back(describe(model.outputs[column]));
  }
  // binTrans: a string per column of the text matrix.
  auto transposed = [&](const char *name, const std::vector<std::string> &strings) {
    std::size_t length = 1;
    for (const std::string &s : strings)
      length = std::max(length, s.size());
    if (length > static_cast<std::size_t>(INT32_MAX) / strings.size()) {
      error_ = "the names are too long for a MAT file";
      return;
    }
    appendHeader(textMatrix, static_cast<int32_t>(length), static_cast<int32_t>(strings.size()),
                 name);
    std::string padded;
    for (const std::string &s : strings) {
      padded.assign(s);
      padded.resize(length, ' ');
      append(padded.data(), padded.size());
    }
  };
  transposed("name", names);
  transposed("description", descriptions);
  auto n = static_cast<int32_t>(names.size());
  appendHeader(int32Matrix, 4, n, "dataInfo");
  auto info = [&](int32_t matrix, int32_t row) {
    int32_t entry[4] = {matrix, row, 0, matrix == 1 ? 0 : -1};
    append(entry, sizeof entry);
  };
  info(0, 1);
  for (const Place &place : places)
    info(place.matrix, place.row);
  row_.resize(variableSlots_.size() + 1);
  if (!error_.empty()) {
    discard();
    return false;
  }
  return true;
}

void MatWriter::append(const void *data, std::size_t size) {
  if (!open_)
    return;
  auto bytes = static_cast<const char *>(data);
  while (size > 0) {
    if (used_ == bufferSize)
      flush();
    std::size_t count = std::min(size, bufferSize - used_);
    std::memcpy(buffer_.get() + used_, bytes, count);
    used_ += count;
    bytes += count;
    size -= count;
  }
}

void MatWriter::appendHeader(int32_t type, int32_t rows, int32_t columns, const char *name) {
  auto nameLength = static_cast<int32_t>(std::strlen(name) + 1);
  int32_t header[5] = {type, rows, columns, 0, nameLength};
  append(header, sizeof header);
  append(name, static_cast<std::size_t>(nameLength));
}

/// A text matrix of one string per row, as Aclass is (not transposed).
void MatWriter::appendText(const char *name, const std::vector<std::string> &strings) {
  std::size_t length = 1;
  for (const std::string &s : strings)
    length = std::max(length, s.size());
  auto rows = static_cast<int32_t>(strings.size());
  appendHeader(textMatrix, rows, static_cast<int32_t>(length), name);
  for (std::size_t c = 0; c < length; ++c)
    for (const std::string &s : strings) {
      char ch = c < s.size() ? s[c] : ' ';
      append(&ch, 1);
    }
}

/// data_1 (with the end time to be completed) and data_2's header, at the
/// first point: initialization has fixed the parameters.
void MatWriter::writeParameters(double t, const std::vector<double> &v) {
  auto rows = static_cast<int32_t>(parameterSlots_.size() + 1);
  appendHeader(doubleMatrix, rows, 2, "data_1");
  std::vector<double> column{t};
  for (int32_t slot : parameterSlots_)
    column.push_back(v[slot]);
  append(column.data(), column.size() * sizeof(double));
  endTimeOffset_ = offset_ + used_;
  append(column.data(), column.size() * sizeof(double));
  pointsOffset_ = offset_ + used_ + 2 * sizeof(int32_t);
  appendHeader(doubleMatrix, static_cast<int32_t>(row_.size()), 0, "data_2");
}

void MatWriter::write(double t, const std::vector<double> &v) {
  if (!open_ || !error_.empty())
    return;
  if (points_ == 0)
    writeParameters(t, v);
  if (points_ == static_cast<uint64_t>(INT32_MAX)) {
    error_ = "the result has more than 2147483647 output points, more than a MAT file holds";
    return;
  }
  row_[0] = t;
  for (std::size_t i = 0; i < variableSlots_.size(); ++i)
    row_[i + 1] = v[variableSlots_[i]];
  append(row_.data(), row_.size() * sizeof(double));
  ++points_;
  lastTime_ = t;
}

void MatWriter::flush() {
  if (open_ && used_ > 0)
    file_.write(buffer_.get(), used_);
  offset_ += used_;
  used_ = 0;
}

bool MatWriter::commit() {
  if (!open_)
    return false;
  if (error_.empty() && points_ == 0)
    error_ = "the run gave no output point to write";
  if (!error_.empty()) {
    discard();
    return false;
  }
  flush();
  auto points = static_cast<int32_t>(points_);
  file_.writeAt(endTimeOffset_, reinterpret_cast<const char *>(&lastTime_), sizeof lastTime_);
  file_.writeAt(pointsOffset_, reinterpret_cast<const char *>(&points), sizeof points);
  open_ = false;
  buffer_.reset();
  return file_.commit();
}

void MatWriter::discard() {
  file_.discard();
  open_ = false;
  used_ = 0;
  buffer_.reset();
}

} // namespace mocc::rt
