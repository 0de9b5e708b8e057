// Reading a MAT result file; see MatReader.h and, for the layout,
// MatWriter.h.
#include "runtime/MatReader.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>

namespace mocc::rt {

namespace {

/// One matrix of the file: its header and where its elements start.
struct Matrix {
  std::string name;
  int32_t rows = 0;
  int32_t columns = 0;
  bool swapped = false; ///< elements in the other byte order than the machine's
  int precision = 0;    ///< P: 0 double, 1 single, 2 int32, 3 int16, 4 uint16, 5 uint8
  bool text = false;
  std::streamoff start = 0;
  uint64_t count() const { return static_cast<uint64_t>(rows) * static_cast<uint64_t>(columns); }
};

int elementSize(int precision) {
  static const int sizes[] = {8, 4, 4, 2, 2, 1};
  return sizes[precision];
}

uint32_t swap32(uint32_t x) {
  return (x >> 24) | ((x >> 8) & 0xff00) | ((x << 8) & 0xff0000) | (x << 24);
}

/// Converts `count` elements of `m`'s type at `bytes` to doubles.
void convert(const Matrix &m, const unsigned char *bytes, std::size_t count, double *out) {
  int size = elementSize(m.precision);
  unsigned char element[8];
  for (std::size_t i = 0; i < count; ++i, bytes += size) {
    for (int b = 0; b < size; ++b)
      element[b] = m.swapped ? bytes[size - 1 - b] : bytes[b];
    switch (m.precision) {
    case 0: {
      double d;
      std::memcpy(&d, element, 8);
      out[i] = d;
      break;
    }
    case 1: {
      float f;
      std::memcpy(&f, element, 4);
      out[i] = f;
      break;
    }
    case 2: {
      int32_t v;
      std::memcpy(&v, element, 4);
      out[i] = v;
      break;
    }
    case 3: {
      int16_t v;
      std::memcpy(&v, element, 2);
      out[i] = v;
      break;
    }
    case 4: {
      uint16_t v;
      std::memcpy(&v, element, 2);
      out[i] = v;
      break;
    }
    default:
      out[i] = element[0];
    }
  }
}

class Reader {
public:
  Reader(const std::string &path, std::string &error) : path_(path), error_(error) {}

  std::optional<ResultTable> read(const std::vector<std::string> *only);

private:
  bool fail(const std::string &what) {
    error_ = "`" + path_ + "` is not a MAT result file that mocc reads: " + what;
    return false;
  }
  bool readHeader(Matrix &m);
  bool readElements(const Matrix &m, uint64_t first, std::size_t count, double *out);
  bool readAll(const Matrix &m, std::vector<double> &out);
  std::vector<std::string> strings(const Matrix &m, const std::vector<double> &chars,
                                   bool transposed);

  std::string path_;
  std::string &error_;
  std::ifstream in_;
  uint64_t fileSize_ = 0;
  std::vector<unsigned char> bytes_;
};

bool Reader::readHeader(Matrix &m) {
  uint32_t header[5];
  if (!in_.read(reinterpret_cast<char *>(header), sizeof header))
    return fail("a matrix header is cut short");
  bool swapped = header[0] > 4999;
  if (swapped)
    for (uint32_t &h : header)
      h = swap32(h);
  uint32_t type = header[0];
  int order = static_cast<int>(type / 1000), precision = static_cast<int>(type / 10 % 10);
  if (type > 4999 || (order != 0 && order != 1) || type / 100 % 10 != 0 || precision > 5 ||
      type % 10 > 1)
    return fail("a matrix has the unknown type " + std::to_string(type));
  bool bigEndian = order == 1;
  m.swapped = bigEndian != (std::endian::native == std::endian::big);
  m.precision = precision;
  m.text = type % 10 == 1;
  auto rows = static_cast<int32_t>(header[1]), columns = static_cast<int32_t>(header[2]);
  if (rows < 0 || columns < 0 || header[3] != 0 || header[4] < 1 || header[4] > 4096)
    return fail("a matrix header is malformed (or holds complex numbers)");
  m.rows = rows;
  m.columns = columns;
  std::string name(header[4], '\0');
  if (!in_.read(name.data(), static_cast<std::streamsize>(name.size())))
    return fail("a matrix name is cut short");
  m.name = name.substr(0, name.find('\0'));
  m.start = in_.tellg();
  uint64_t size = m.count() * static_cast<uint64_t>(elementSize(precision));
  if (static_cast<uint64_t>(m.start) + size > fileSize_)
    return fail("the matrix `" + m.name + "` is cut short");
  in_.seekg(m.start + static_cast<std::streamoff>(size));
  return true;
}

bool Reader::readElements(const Matrix &m, uint64_t first, std::size_t count, double *out) {
  auto size = static_cast<std::size_t>(elementSize(m.precision));
  bytes_.resize(count * size);
  in_.seekg(m.start + static_cast<std::streamoff>(first * size));
  if (!in_.read(reinterpret_cast<char *>(bytes_.data()), static_cast<std::streamsize>(bytes_.size())))
    return fail("the matrix `" + m.name + "` cannot be read");
  convert(m, bytes_.data(), count, out);
  return true;
}

bool Reader::readAll(const Matrix &m, std::vector<double> &out) {
  out.resize(m.count());
  return readElements(m, 0, out.size(), out.data());
}

/// The strings of a text matrix: its columns if `transposed` (binTrans),
/// else its rows; trailing blanks and NULs removed.
std::vector<std::string> Reader::strings(const Matrix &m, const std::vector<double> &chars,
                                         bool transposed) {
  auto count = static_cast<std::size_t>(transposed ? m.columns : m.rows);
  auto length = static_cast<std::size_t>(transposed ? m.rows : m.columns);
  auto rows = static_cast<std::size_t>(m.rows);
  std::vector<std::string> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::string &s = out[i];
    for (std::size_t c = 0; c < length; ++c)
      s += static_cast<char>(chars[transposed ? i * rows + c : c * rows + i]);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\0'))
      s.pop_back();
  }
  return out;
}

std::optional<ResultTable> Reader::read(const std::vector<std::string> *only) {
  in_.open(path_, std::ios::binary);
  if (!in_) {
    error_ = "cannot read `" + path_ + "`";
    return std::nullopt;
  }
  in_.seekg(0, std::ios::end);
  fileSize_ = static_cast<uint64_t>(in_.tellg());
  in_.seekg(0);
  std::map<std::string, Matrix> matrices;
  while (static_cast<uint64_t>(in_.tellg()) < fileSize_) {
    Matrix m;
    if (!readHeader(m))
      return std::nullopt;
    matrices.try_emplace(m.name, m);
  }
  for (const char *name : {"Aclass", "name", "dataInfo"})
    if (!matrices.count(name))
      return fail(std::string("it has no matrix `") + name + "`"), std::nullopt;
  std::vector<double> values;
  const Matrix &aclass = matrices["Aclass"];
  if (!aclass.text || !readAll(aclass, values))
    return fail("`Aclass` is not text"), std::nullopt;
  std::vector<std::string> kind = strings(aclass, values, false);
  if (kind.size() < 4 || kind[0] != "Atrajectory" || kind[1] != "1.1" ||
      (kind[3] != "binTrans" && kind[3] != "binNormal"))
    return fail("`Aclass` is not Atrajectory, version 1.1, binTrans or binNormal"), std::nullopt;
  bool transposed = kind[3] == "binTrans";
  const Matrix &nameMatrix = matrices["name"];
  if (!readAll(nameMatrix, values))
    return std::nullopt;
  std::vector<std::string> names = strings(nameMatrix, values, transposed);
  // The units, from the descriptions' last `[unit|displayUnit]`.
  std::vector<std::string> units(names.size());
  if (auto it = matrices.find("description"); it != matrices.end() && it->second.text) {
    if (!readAll(it->second, values))
      return std::nullopt;
    std::vector<std::string> descriptions = strings(it->second, values, transposed);
    for (std::size_t i = 0; i < descriptions.size() && i < units.size(); ++i) {
      const std::string &d = descriptions[i];
      std::size_t open = d.rfind('[');
      if (d.empty() || d.back() != ']' || open == std::string::npos)
        continue;
      units[i] = d.substr(open + 1, d.size() - open - 2);
      units[i] = units[i].substr(0, units[i].find('|'));
    }
  }
  const Matrix &info = matrices["dataInfo"];
  auto n = names.size();
  if (static_cast<std::size_t>(transposed ? info.columns : info.rows) != n ||
      (transposed ? info.rows : info.columns) < 2 || !readAll(info, values))
    return fail("`dataInfo` does not match `name`"), std::nullopt;
  auto infoAt = [&](std::size_t variable, std::size_t k) {
    return static_cast<int64_t>(transposed ? values[variable * static_cast<std::size_t>(info.rows) + k]
                                           : values[k * n + variable]);
  };
  // Each data matrix: its number of variables and of points, and the values.
  struct Data {
    const Matrix *matrix = nullptr;
    std::size_t variables = 0, points = 0;
  };
  Data data[3];
  for (int k = 1; k <= 2; ++k) {
    auto it = matrices.find("data_" + std::to_string(k));
    if (it == matrices.end())
      continue;
    const Matrix &m = it->second;
    data[k] = {&m, static_cast<std::size_t>(transposed ? m.rows : m.columns),
               static_cast<std::size_t>(transposed ? m.columns : m.rows)};
  }
  int timeMatrix = data[2].matrix && data[2].points > 0 ? 2 : 1;
  if (!data[timeMatrix].matrix || data[timeMatrix].points == 0 || data[timeMatrix].variables == 0)
    return fail("it has no data"), std::nullopt;
  // The columns wanted, each with where its values are.
  struct Column {
    int matrix;
    std::size_t row;
    double sign;
  };
  std::vector<std::string> wanted = only ? *only : std::vector<std::string>{};
  std::sort(wanted.begin(), wanted.end());
  ResultTable table;
  std::vector<Column> columns;
  table.names.push_back("time");
  table.units.push_back("s");
  columns.push_back({timeMatrix, 0, 1.0});
  for (std::size_t i = 0; i < n; ++i) {
    int64_t matrix = infoAt(i, 0), row = infoAt(i, 1);
    if (matrix == 0)
      continue; // the abscissa: time
    if (only && !std::binary_search(wanted.begin(), wanted.end(), names[i]))
      continue;
    std::size_t index = static_cast<std::size_t>(row < 0 ? -row : row);
    if ((matrix != 1 && matrix != 2) || !data[matrix].matrix || index < 1 ||
        index > data[matrix].variables)
      return fail("`dataInfo` of `" + names[i] + "` refers to no data"), std::nullopt;
    table.names.push_back(names[i]);
    table.units.push_back(units[i]);
    columns.push_back({static_cast<int>(matrix), index - 1, row < 0 ? -1.0 : 1.0});
  }
  std::size_t points = data[timeMatrix].points;
  table.columns.assign(columns.size(), {});
  for (auto &column : table.columns)
    column.reserve(points);
  // data_1: the values at the start, as the parameters have them throughout.
  std::vector<double> first;
  if (data[1].matrix && data[1].points > 0) {
    first.resize(data[1].variables);
    const Data &d = data[1];
    if (transposed) {
      if (!readElements(*d.matrix, 0, d.variables, first.data()))
        return std::nullopt;
    } else {
      for (std::size_t r = 0; r < d.variables; ++r)
        if (!readElements(*d.matrix, r * d.points, 1, &first[r]))
          return std::nullopt;
    }
  }
  // The points of the time matrix, one at a time (binTrans: contiguous).
  const Data &d = data[timeMatrix];
  std::vector<double> point(d.variables);
  std::vector<double> series;
  if (!transposed) { // a column per variable: read those wanted whole
    series.resize(d.variables * points);
    for (const Column &c : columns)
      if (c.matrix == timeMatrix &&
          !readElements(*d.matrix, c.row * points, points, &series[c.row * points]))
        return std::nullopt;
  }
  for (std::size_t p = 0; p < points; ++p) {
    if (transposed && !readElements(*d.matrix, p * d.variables, d.variables, point.data()))
      return std::nullopt;
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const Column &c = columns[k];
      double value = c.matrix != timeMatrix ? first[c.row]
                     : transposed         ? point[c.row]
                                          : series[c.row * points + p];
      table.columns[k].push_back(c.sign * value);
    }
  }
  return table;
}

} // namespace

bool looksLikeMatFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  char start[4];
  if (!in.read(start, sizeof start))
    return false;
  return std::memchr(start, '\0', sizeof start) != nullptr;
}

std::optional<ResultTable> readMatResult(const std::string &path, std::string &error,
                                         const std::vector<std::string> *only) {
  Reader reader(path, error);
  return reader.read(only);
}

} // namespace mocc::rt
