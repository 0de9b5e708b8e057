// The choice of a result format, and the CSV result (CsvWriter's rows made
// of a model's slots); see ResultWriter.h. The MAT result is MatWriter.cpp.
#include "runtime/ResultWriter.h"

#include "runtime/CsvWriter.h"
#include "runtime/MatWriter.h"
#include "runtime/NumberFormat.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace mocc::rt {

std::optional<ResultFormat> resultFormatOf(const std::string &path) {
  if (path == "-")
    return ResultFormat::Csv;
  size_t dot = path.find_last_of("./");
  if (dot == std::string::npos || path[dot] != '.')
    return std::nullopt;
  std::string extension = path.substr(dot + 1);
  for (char &c : extension)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == "csv")
    return ResultFormat::Csv;
  if (extension == "mat")
    return ResultFormat::Mat;
  return std::nullopt;
}

const char *resultFormatName(ResultFormat format) {
  return format == ResultFormat::Mat ? "mat" : "csv";
}

namespace {

/// CSV (CLI.md, "Result CSV"): a header row of the names, then per row the
/// time and each column's value in its shortest round-trip form. The
/// parameters' text is formatted once, at the first row (initialization has
/// fixed them), and copied into every row (CsvWriter::RowRun); a varying
/// column whose value did not change since the previous row copies its
/// text too (most columns of a MultiBody model are constant: 1,440 of
/// DoublePendulum's 1,708).
class CsvResultWriter final : public ResultWriter {
public:
  bool open(const std::string &path, const CompiledModel &model,
            const std::vector<int32_t> &columns) override;
  void write(double t, const std::vector<double> &v) override;
  const std::vector<int32_t> &slotsRead() const override { return read_; }
  bool commit() override { return csv_.commit(); }
  void discard() override { csv_.discard(); }
  const std::string &error() const override { return csv_.error(); }

private:
  /// The text of a varying column at the previous row.
  struct LastText {
    uint64_t bits = 0;
    uint8_t length = 0; ///< 0: none yet
    char text[maxNumberLength];
  };
  void formatParameters(const std::vector<double> &v);
  char *appendNumber(char *out, size_t column, double value);

  CsvWriter csv_;
  std::vector<int32_t> slots_; ///< of the columns that vary, after time
  std::vector<LastText> last_; ///< per entry of slots_
  /// By a hash of |value|: the column of slots_ that last formatted a value
  /// of that magnitude (its LastText holds it while its bits match), or -1.
  std::vector<int32_t> sameMagnitude_;
  /// The row's layout: the columns that vary and the parameters' text
  /// between them, empty while there are no parameter columns.
  std::vector<CsvWriter::RowRun> runs_;
  std::vector<std::vector<int32_t>> parameterSlots_; ///< after each run's numbers
  bool parametersFormatted_ = false;
  std::vector<int32_t> read_;
  std::string row_;
};

bool CsvResultWriter::open(const std::string &path, const CompiledModel &model,
                           const std::vector<int32_t> &columns) {
  slots_.clear();
  runs_.clear();
  parameterSlots_.clear();
  parametersFormatted_ = false;
  std::vector<std::string> names{"time"};
  // Runs of columns that vary, each followed by the parameters after it;
  // time comes first.
  runs_.push_back({1, ""});
  parameterSlots_.emplace_back();
  bool anyParameter = false;
  for (int32_t column : columns) {
    const OutputVariable &output = model.outputs[column];
    names.push_back(output.name);
    if (output.parameter) {
      parameterSlots_.back().push_back(output.slot);
      anyParameter = true;
      continue;
    }
    if (!parameterSlots_.back().empty()) {
      runs_.push_back({0, ""});
      parameterSlots_.emplace_back();
    }
    ++runs_.back().numbers;
    slots_.push_back(output.slot);
  }
  if (!anyParameter) {
    runs_ = {{slots_.size() + 1, ""}};
    parameterSlots_ = {{}};
  }
  last_.assign(slots_.size(), LastText{});
  size_t buckets = 16;
  while (buckets < 2 * slots_.size())
    buckets *= 2;
  sameMagnitude_.assign(buckets, -1);
  read_ = slots_;
  for (const auto &slots : parameterSlots_)
    read_.insert(read_.end(), slots.begin(), slots.end());
  return csv_.open(path, names);
}

void CsvResultWriter::formatParameters(const std::vector<double> &v) {
  char number[maxNumberLength];
  for (size_t r = 0; r < runs_.size(); ++r)
    for (int32_t slot : parameterSlots_[r]) {
      runs_[r].text += ',';
      runs_[r].text.append(number, writeNumber(number, v[slot]));
    }
  parametersFormatted_ = true;
}

/// The text of a varying column's value: that of the previous row if the
/// value is the same (bit for bit), else formatted anew.
char *CsvResultWriter::appendNumber(char *out, size_t column, double value) {
  LastText &last = last_[column];
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  if (last.length == 0 || last.bits != bits) {
    last.bits = bits;
    last.length = 0;
    // Aliases of a variable (its own slots, the same value or its negation)
    // are most of the varying columns: DoublePendulum's 273 hold 40 values
    // up to sign. A column that holds the same magnitude gives its text.
    constexpr uint64_t sign = uint64_t{1} << 63;
    uint64_t magnitude = bits & ~sign;
    uint64_t hash = (magnitude * 0x9E3779B97F4A7C15ull) >> 32;
    int32_t &bucket = sameMagnitude_[hash & (sameMagnitude_.size() - 1)];
    if (bucket >= 0 && static_cast<size_t>(bucket) != column && std::isfinite(value)) {
      const LastText &other = last_[static_cast<size_t>(bucket)];
      if (other.length != 0 && (other.bits & ~sign) == magnitude) {
        bool otherNegative = (other.bits & sign) != 0, negative = (bits & sign) != 0;
        const char *text = other.text + (otherNegative && !negative ? 1 : 0);
        size_t length = other.length - (otherNegative && !negative ? 1 : 0);
        char *to = last.text;
        if (negative && !otherNegative)
          *to++ = '-';
        std::memcpy(to, text, length);
        last.length = static_cast<uint8_t>(to + length - last.text);
      }
    }
    if (last.length == 0) {
      last.length = static_cast<uint8_t>(writeNumber(last.text, value) - last.text);
      bucket = static_cast<int32_t>(column);
    }
  }
  // A fixed-size copy (two vector moves, no call): the row has room for
  // maxNumberLength characters after every comma, and what is copied past
  // the number is overwritten by what follows it.
  std::memcpy(out, last.text, maxNumberLength);
  return out + last.length;
}

void CsvResultWriter::write(double t, const std::vector<double> &v) {
  if (!parametersFormatted_)
    formatParameters(v);
  size_t size = (slots_.size() + 1) * (maxNumberLength + 1) + 1;
  for (const CsvWriter::RowRun &run : runs_)
    size += run.text.size();
  if (row_.size() < size)
    row_.resize(size);
  char *out = row_.data();
  size_t next = 0; // the column of slots_, time being before the first
  for (const CsvWriter::RowRun &run : runs_) {
    for (size_t i = 0; i < run.numbers; ++i, ++next) {
      if (next > 0)
        *out++ = ',';
      out = next == 0 ? writeNumber(out, t) : appendNumber(out, next - 1, v[slots_[next - 1]]);
    }
    std::memcpy(out, run.text.data(), run.text.size());
    out += run.text.size();
  }
  *out++ = '\n';
  csv_.writeText(row_.data(), static_cast<size_t>(out - row_.data()));
}

} // namespace

std::unique_ptr<ResultWriter> ResultWriter::create(ResultFormat format) {
  if (format == ResultFormat::Mat)
    return std::make_unique<MatWriter>();
  return std::make_unique<CsvResultWriter>();
}

} // namespace mocc::rt
