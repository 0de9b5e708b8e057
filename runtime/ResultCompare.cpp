// Implementation of the tube comparison. The tube around a reference signal
// is the set swept by the rectangle [-dx, dx] x [-dy, dy] moved along the
// reference polyline (the linear interpolation of its points, with a
// vertical segment at an event, where two rows share a time). At a time t
// its upper curve is therefore max(y_ref(s) : |s - t| <= dx) + dy and its
// lower curve min(...) - dy: both are found from the reference points in
// the window and the interpolated values at its two ends.
#include "runtime/ResultCompare.h"

#include "runtime/MatReader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>
#include <unordered_map>

namespace mocc::rt {

const std::vector<double> *ResultTable::column(const std::string &name) const {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return &columns[i];
  return nullptr;
}

namespace {

std::vector<std::string> splitRecord(const std::string &line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(field);
      field.clear();
    } else if (c != '\r') {
      field += c;
    }
  }
  fields.push_back(field);
  return fields;
}

std::optional<double> parseNumber(const std::string &text) {
  size_t begin = text.find_first_not_of(' ');
  size_t end = text.find_last_not_of(' ');
  if (begin == std::string::npos)
    return std::nullopt;
  double value = 0;
  auto [ptr, ec] = std::from_chars(text.data() + begin, text.data() + end + 1, value);
  if (ec != std::errc() || ptr != text.data() + end + 1)
    return std::nullopt;
  return value;
}

/// The reference polyline's value at time t (the later value at an event).
double interpolate(const std::vector<double> &t, const std::vector<double> &y, double at) {
  auto it = std::upper_bound(t.begin(), t.end(), at);
  if (it == t.begin())
    return y.front();
  if (it == t.end())
    return y.back();
  size_t i = static_cast<size_t>(it - t.begin());
  double t0 = t[i - 1], t1 = t[i];
  if (t1 == t0)
    return y[i];
  return y[i - 1] + (y[i] - y[i - 1]) * (at - t0) / (t1 - t0);
}

/// Checks one signal; fills the comparison's detail and first failure.
void checkSignal(const std::vector<double> &rt, const std::vector<double> &ry,
                 const std::vector<double> &t, const std::vector<double> &y, double tolerance,
                 SignalComparison &c) {
  double tMin = t.front(), tMax = t.back();
  TubeSize size = tubeSize(t, y, tolerance);
  for (size_t k = 0; k < rt.size(); ++k) {
    double at = rt[k];
    if (at < tMin || at > tMax)
      continue; // outside the reference's range: not compared
    auto [lower, upper] = tubeBounds(t, y, size, at);
    if (!std::isnan(ry[k]) && ry[k] >= lower && ry[k] <= upper)
      continue;
    if (c.outside++ > 0)
      continue;
    c.time = at;
    c.value = ry[k];
    c.lower = lower;
    c.upper = upper;
    std::ostringstream detail;
    detail << "at time " << at << " the value " << ry[k] << " is outside the tube [" << lower
           << ", " << upper << "]";
    c.detail = detail.str();
  }
}

/// The columns of a table by name (the first of equal names).
class ColumnIndex {
public:
  explicit ColumnIndex(const ResultTable &table) : table_(table) {
    index_.reserve(table.names.size());
    for (size_t i = 0; i < table.names.size(); ++i)
      index_.try_emplace(table.names[i], i);
  }
  const std::vector<double> *find(const std::string &name) const {
    auto it = index_.find(name);
    return it == index_.end() ? nullptr : &table_.columns[it->second];
  }

private:
  const ResultTable &table_;
  std::unordered_map<std::string_view, size_t> index_;
};

} // namespace

TubeSize tubeSize(const std::vector<double> &t, const std::vector<double> &y, double tolerance) {
  double tMin = t.front(), tMax = t.back();
  auto [yMinIt, yMaxIt] = std::minmax_element(y.begin(), y.end());
  double baseX = std::max({tMax - tMin, std::fabs(tMin), 1e-12});
  double baseY = std::max({*yMaxIt - *yMinIt, std::fabs(*yMinIt), 0.001});
  return {tolerance * baseX, tolerance * baseY};
}

std::pair<double, double> tubeBounds(const std::vector<double> &t, const std::vector<double> &y,
                                     TubeSize size, double at) {
  double before = interpolate(t, y, at - size.dx), after = interpolate(t, y, at + size.dx);
  double lo = std::min(before, after), hi = std::max(before, after);
  auto first = std::lower_bound(t.begin(), t.end(), at - size.dx);
  auto last = std::upper_bound(t.begin(), t.end(), at + size.dx);
  for (auto it = first; it != last; ++it) {
    double v = y[static_cast<size_t>(it - t.begin())];
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  return {lo - size.dy, hi + size.dy};
}

std::optional<ResultTable> readResultTable(const std::string &path, std::string &error,
                                           const std::vector<std::string> *only) {
  if (looksLikeMatFile(path))
    return readMatResult(path, error, only);
  std::ifstream in(path);
  if (!in) {
    error = "cannot read `" + path + "`";
    return std::nullopt;
  }
  ResultTable table;
  std::string line;
  if (!std::getline(in, line)) {
    error = "`" + path + "` is empty";
    return std::nullopt;
  }
  std::vector<std::string> header = splitRecord(line);
  // The fields kept: time and the names asked for (all without `only`).
  std::vector<size_t> kept;
  std::vector<std::string> wanted = only ? *only : std::vector<std::string>{};
  std::sort(wanted.begin(), wanted.end());
  for (size_t i = 0; i < header.size(); ++i)
    if (!only || i == 0 || std::binary_search(wanted.begin(), wanted.end(), header[i])) {
      kept.push_back(i);
      table.names.push_back(header[i]);
    }
  table.columns.resize(table.names.size());
  for (size_t row = 2; std::getline(in, line); ++row) {
    if (line.empty() || line == "\r")
      continue;
    auto fields = splitRecord(line);
    if (fields.size() != header.size()) {
      error = path + ":" + std::to_string(row) + ": " + std::to_string(fields.size()) +
              " fields where the header has " + std::to_string(header.size());
      return std::nullopt;
    }
    for (size_t k = 0; k < kept.size(); ++k) {
      auto value = parseNumber(fields[kept[k]]);
      if (!value) {
        error = path + ":" + std::to_string(row) + ": `" + fields[kept[k]] + "` is not a number";
        return std::nullopt;
      }
      table.columns[k].push_back(*value);
    }
  }
  if (table.columns.empty() || table.columns[0].empty()) {
    error = "`" + path + "` has no rows";
    return std::nullopt;
  }
  return table;
}

std::vector<SignalComparison> compareResults(const ResultTable &result, const ResultTable &reference,
                                             const std::vector<std::string> &signals,
                                             double tolerance) {
  std::vector<SignalComparison> out;
  const std::vector<double> &rt = result.columns[0], &t = reference.columns[0];
  // The columns by name, hashed once: looking each signal up by a scan of
  // the header was quadratic (80,000 columns: 15 s).
  ColumnIndex resultColumns(result), referenceColumns(reference);
  for (const std::string &name : signals) {
    SignalComparison c{name, false, ""};
    const std::vector<double> *ref = referenceColumns.find(name);
    const std::vector<double> *res = resultColumns.find(name);
    if (!ref)
      c.detail = "not in the reference";
    else if (!res)
      c.detail = "missing from the result";
    else
      checkSignal(rt, *res, t, *ref, tolerance, c);
    c.passed = c.detail.empty();
    out.push_back(std::move(c));
  }
  return out;
}

} // namespace mocc::rt
