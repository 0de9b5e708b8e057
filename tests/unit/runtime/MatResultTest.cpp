// Tests of the MAT result file: the matrices MatWriter writes, byte for byte
// where the layout says so (Aclass, the headers, dataInfo with the aliases'
// signed rows, data_1 with the end time completed, data_2's point count),
// that MatReader reads them back, that MatReader also reads what other
// tools write (binNormal, single precision, big-endian), and that failures
// leave nothing behind.
#include "runtime/MatReader.h"
#include "runtime/MatWriter.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>

using namespace mocc::rt;
using namespace mocc::rt::test;

namespace {

/// A model of five slots: x (0), y = -x (1, an alias), z = x (2, an
/// alias), p (3, a parameter), q = 2 p (4, bound to a parameter expression).
CompiledModel aliasModel() {
  CompiledModel model;
  model.numSlots = 5;
  model.outputs = {
      {"x", 0, false, "m", "mm", "position"},
      {"y", 1, false, "", "", "", 0, true},
      {"z", 2, false, "", "", "", 0, false},
      {"p", 3, true, "kg", "", ""},
      {"q", 4, true, "", "", "", -1, false},
  };
  return model;
}

std::string bytesOf(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

/// The int32 at a byte offset of a little-endian file.
int32_t int32At(const std::string &bytes, std::size_t at) {
  int32_t v;
  std::memcpy(&v, bytes.data() + at, 4);
  return v;
}

/// Appends a MAT v4 matrix to `out` as another tool would write it.
void appendMatrix(std::string &out, int32_t type, int32_t rows, int32_t columns,
                  const std::string &name, const std::string &elements, bool bigEndian = false) {
  int32_t header[5] = {type + (bigEndian ? 1000 : 0), rows, columns, 0,
                       static_cast<int32_t>(name.size() + 1)};
  for (int32_t h : header) {
    char b[4];
    std::memcpy(b, &h, 4);
    if (bigEndian)
      std::swap(b[0], b[3]), std::swap(b[1], b[2]);
    out.append(b, 4);
  }
  out += name;
  out += '\0';
  out += elements;
}

template <class T>
std::string elementsOf(const std::vector<T> &values, bool bigEndian = false) {
  std::string out;
  for (T v : values) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    if (bigEndian)
      std::reverse(b, b + sizeof(T));
    out.append(b, sizeof(T));
  }
  return out;
}

/// A text matrix of `strings` as rows (binNormal) or columns (binTrans).
std::string textElements(const std::vector<std::string> &strings, std::size_t length,
                         bool asColumns) {
  std::string out;
  if (asColumns) {
    for (const std::string &s : strings)
      out += s + std::string(length - s.size(), ' ');
  } else {
    for (std::size_t c = 0; c < length; ++c)
      for (const std::string &s : strings)
        out += c < s.size() ? s[c] : ' ';
  }
  return out;
}

} // namespace

TEST_CASE("a MAT result holds Aclass, names, descriptions, dataInfo and both data matrices") {
  std::string path = scratchPath("layout.mat");
  CompiledModel model = aliasModel();
  MatWriter writer;
  REQUIRE(writer.open(path, model, {0, 1, 2, 3, 4}));
  // x and the parameters are read; the aliases of x are not.
  CHECK(writer.slotsRead() == std::vector<int32_t>{0, 3, 4});
  std::vector<double> v = {1.5, -1.5, 1.5, 7, 14};
  writer.write(0, v);
  v[0] = 2.5;
  writer.write(0.5, v);
  writer.write(0.5, v); // an event: two points at one time
  v[0] = 3.5;
  writer.write(1, v);
  REQUIRE(writer.commit());
  std::string bytes = bytesOf(path);
  // Aclass: 4 x 11 text, the strings as rows.
  CHECK(int32At(bytes, 0) == 51);
  CHECK(int32At(bytes, 4) == 4);
  CHECK(int32At(bytes, 8) == 11);
  CHECK(bytes.substr(20, 7) == std::string("Aclass\0", 7));
  std::string aclass = bytes.substr(27, 44), row0, row3;
  for (int c = 0; c < 11; ++c) {
    row0 += aclass[c * 4];
    row3 += aclass[c * 4 + 3];
  }
  CHECK(row0 == "Atrajectory");
  CHECK(row3 == "binTrans   ");

  std::string error;
  auto table = readMatResult(path, error);
  REQUIRE_MESSAGE(table, error);
  CHECK(table->names == std::vector<std::string>{"time", "x", "y", "z", "p", "q"});
  CHECK(table->columns[0] == std::vector<double>{0, 0.5, 0.5, 1});
  CHECK(table->columns[1] == std::vector<double>{1.5, 2.5, 2.5, 3.5});
  CHECK(table->columns[2] == std::vector<double>{-1.5, -2.5, -2.5, -3.5});
  CHECK(table->columns[3] == table->columns[1]);
  CHECK(table->columns[4] == std::vector<double>(4, 7));
  CHECK(table->columns[5] == std::vector<double>(4, 14));

  // dataInfo, data_1 and data_2, found from the end: data_2 has 2 rows
  // (time, x) and 4 points; data_1 3 rows (time, p, q) and 2 columns.
  std::size_t data2 = bytes.size() - 4 * 2 * 8 - (20 + 7);
  CHECK(bytes.substr(data2 + 20, 7) == std::string("data_2\0", 7));
  CHECK(int32At(bytes, data2 + 4) == 2);
  CHECK(int32At(bytes, data2 + 8) == 4);
  std::size_t data1 = data2 - 3 * 2 * 8 - (20 + 7);
  CHECK(bytes.substr(data1 + 20, 7) == std::string("data_1\0", 7));
  double data1Values[6];
  std::memcpy(data1Values, bytes.data() + data1 + 27, sizeof data1Values);
  CHECK(std::vector<double>(data1Values, data1Values + 6) ==
        std::vector<double>{0, 7, 14, 1, 7, 14}); // the end time completed
  std::size_t info = data1 - 6 * 4 * 4 - (20 + 9);
  CHECK(bytes.substr(info + 20, 9) == std::string("dataInfo\0", 9));
  std::vector<int32_t> dataInfo;
  for (int i = 0; i < 24; ++i)
    dataInfo.push_back(int32At(bytes, info + 29 + 4 * i));
  CHECK(dataInfo == std::vector<int32_t>{0, 1, 0, -1,  // time
                                         2, 2, 0, -1,  // x
                                         2, -2, 0, -1, // y = -x
                                         2, 2, 0, -1,  // z = x
                                         1, 2, 0, 0,   // p
                                         1, 3, 0, 0}); // q
  // The descriptions: text [unit|displayUnit].
  CHECK(bytes.find("position [m|mm]") != std::string::npos);
  CHECK(bytes.find("Simulation time [s]") != std::string::npos);
  CHECK(bytes.find("[kg]") != std::string::npos);
}

TEST_CASE("an alias whose variable is not written has a row of its own") {
  std::string path = scratchPath("lonely-alias.mat");
  CompiledModel model = aliasModel();
  MatWriter writer;
  REQUIRE(writer.open(path, model, {1}));
  CHECK(writer.slotsRead() == std::vector<int32_t>{1});
  writer.write(0, {1, -1, 1, 7, 14});
  writer.write(1, {2, -2, 2, 7, 14});
  REQUIRE(writer.commit());
  std::string error;
  auto table = readMatResult(path, error);
  REQUIRE_MESSAGE(table, error);
  CHECK(table->names == std::vector<std::string>{"time", "y"});
  CHECK(table->columns[1] == std::vector<double>{-1, -2});
}

TEST_CASE("a MAT result is not written to standard output, nor left behind") {
  CompiledModel model = aliasModel();
  {
    MatWriter writer;
    CHECK_FALSE(writer.open("-", model, {0}));
    CHECK(writer.error().find("standard output") != std::string::npos);
  }
  std::string path = scratchPath("discarded.mat");
  {
    MatWriter writer;
    REQUIRE(writer.open(path, model, {0, 3}));
    writer.write(0, {1, 0, 0, 7, 0});
    // destroyed without commit(): a failed run
  }
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK(scratchFiles("discarded.mat").empty());
  MatWriter writer;
  REQUIRE(writer.open(path, model, {0}));
  CHECK_FALSE(writer.commit()); // no point at all
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("MAT files of other tools: binNormal, single precision, big-endian") {
  for (bool bigEndian : {false, true}) {
    CAPTURE(bigEndian);
    // Dymola's "binNormal": a name per row, dataInfo n x 4, data points x variables.
    std::vector<std::string> names = {"Time", "a", "b", "k"};
    std::string file;
    appendMatrix(file, 51, 4, 11, "Aclass",
                 textElements({"Atrajectory", "1.1", "", "binNormal"}, 11, false), bigEndian);
    appendMatrix(file, 51, 4, 4, "name", textElements(names, 4, false), bigEndian);
    // rows: Time (0,1), a (2,2), b (2,-2), k (1,2); column-major.
    appendMatrix(file, 20, 4, 4, "dataInfo",
                 elementsOf<int32_t>({0, 2, 2, 1, 1, 2, -2, 2, 0, 0, 0, 0, -1, -1, -1, 0}, bigEndian),
                 bigEndian);
    appendMatrix(file, 10, 2, 2, "data_1", elementsOf<float>({0, 2, 5, 5}, bigEndian), bigEndian);
    appendMatrix(file, 10, 3, 2, "data_2", elementsOf<float>({0, 1, 2, 0.5f, 0.25f, 0}, bigEndian),
                 bigEndian);
    std::string path = scratchPath(bigEndian ? "big.mat" : "normal.mat");
    std::ofstream(path, std::ios::binary) << file;
    std::string error;
    CHECK(looksLikeMatFile(path));
    auto table = readResultTable(path, error);
    REQUIRE_MESSAGE(table, error);
    CHECK(table->names == std::vector<std::string>{"time", "a", "b", "k"});
    CHECK(table->columns[0] == std::vector<double>{0, 1, 2});
    CHECK(table->columns[1] == std::vector<double>{0.5, 0.25, 0});
    CHECK(table->columns[2] == std::vector<double>{-0.5, -0.25, -0.0});
    CHECK(table->columns[3] == std::vector<double>{5, 5, 5});
  }
}

TEST_CASE("a MAT file cut short or without its matrices is an error, not a result") {
  std::string path = scratchPath("cut.mat");
  CompiledModel model = aliasModel();
  MatWriter writer;
  REQUIRE(writer.open(path, model, {0, 3}));
  writer.write(0, {1, 0, 0, 7, 0});
  writer.write(1, {2, 0, 0, 7, 0});
  REQUIRE(writer.commit());
  std::string bytes = bytesOf(path);
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() - 3);
  std::string error;
  CHECK_FALSE(readMatResult(path, error));
  CHECK(error.find("cut short") != std::string::npos);
  std::ofstream(path, std::ios::binary) << std::string("\x33\0\0\0", 4);
  CHECK_FALSE(readMatResult(path, error));
  std::string noInfo;
  appendMatrix(noInfo, 51, 1, 1, "name", "x");
  std::ofstream(path, std::ios::binary) << noInfo;
  CHECK_FALSE(readMatResult(path, error));
  CHECK(error.find("Aclass") != std::string::npos);
}
