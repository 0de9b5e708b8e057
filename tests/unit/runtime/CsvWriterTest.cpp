// Tests of the result-file writer: the header's quoting, numbers that read
// back bit-exact, the temporary file and its rename, and nothing left behind
// after a discarded run.
#include "runtime/CsvWriter.h"
#include "runtime/ResultWriter.h"

#include "TestSupport.h"

#include <doctest/doctest.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>

using namespace mocc::rt;
using namespace mocc::rt::test;

TEST_CASE("the header quotes every name and doubles quotes") {
  std::string path = scratchPath("header.csv");
  CsvWriter writer;
  REQUIRE(writer.open(path, {"time", "a\"b", "x,y", "body.r_0[1]"}));
  writer.writeRow(std::vector<double>{0.5, 1, -2, 3e-7});
  REQUIRE(writer.commit());
  CHECK(readText(path) == "\"time\",\"a\"\"b\",\"x,y\",\"body.r_0[1]\"\n0.5,1,-2,3e-07\n");
  CsvTable table = readCsv(path);
  CHECK(table.names == std::vector<std::string>{"time", "a\"b", "x,y", "body.r_0[1]"});
}

TEST_CASE("a row of runs: the numbers in order, each run's fixed text after them") {
  std::string path = scratchPath("runs.csv");
  CsvWriter writer;
  REQUIRE(writer.open(path, {"time", "p", "x", "y", "q", "r"}));
  std::vector<CsvWriter::RowRun> runs = {{1, ",2.5"}, {2, ",7,-1"}};
  writer.writeRow(std::vector<double>{0, 1, 2}, runs);
  writer.writeRow(std::vector<double>{0.5, 3, 4}, runs);
  REQUIRE(writer.commit());
  CHECK(readText(path) == "\"time\",\"p\",\"x\",\"y\",\"q\",\"r\"\n0,2.5,1,2,7,-1\n0.5,2.5,3,4,7,-1\n");
}

TEST_CASE("numbers read back bit-exact") {
  const double values[] = {0.1,
                           1.0 / 3.0,
                           M_PI,
                           -2.5e300,
                           1e-300,
                           std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::max(),
                           -std::numeric_limits<double>::min(),
                           -0.0,
                           123456789012345678.0,
                           std::nextafter(1.0, 2.0)};
  std::string path = scratchPath("roundtrip.csv");
  CsvWriter writer;
  std::vector<std::string> names(std::size(values), "v");
  REQUIRE(writer.open(path, names));
  writer.writeRow(values);
  REQUIRE(writer.commit());
  CsvTable table = readCsv(path);
  REQUIRE(table.rows.size() == 1);
  for (std::size_t i = 0; i < std::size(values); ++i)
    CHECK(std::bit_cast<uint64_t>(table.rows[0][i]) == std::bit_cast<uint64_t>(values[i]));
}

TEST_CASE("the file is written under a temporary name and renamed by commit") {
  std::string path = scratchPath("renamed.csv");
  CsvWriter writer;
  REQUIRE(writer.open(path, {"time"}));
  std::string temporary = writer.temporaryPath();
  CHECK(std::filesystem::exists(temporary));
  CHECK(std::filesystem::path(temporary).parent_path() ==
        std::filesystem::path(path).parent_path());
  CHECK_FALSE(std::filesystem::exists(path));
  writer.writeRow(std::vector<double>{1.0});
  REQUIRE(writer.commit());
  CHECK(std::filesystem::exists(path));
  CHECK_FALSE(std::filesystem::exists(temporary));
  CHECK(scratchFiles("renamed.csv") == std::vector<std::string>{"renamed.csv"});
}

TEST_CASE("a discarded or abandoned file leaves nothing behind") {
  std::string path = scratchPath("discarded.csv");
  {
    CsvWriter writer;
    REQUIRE(writer.open(path, {"time"}));
    writer.writeRow(std::vector<double>{1.0});
  } // destroyed without commit
  {
    CsvWriter writer;
    REQUIRE(writer.open(path, {"time"}));
    writer.discard();
    CHECK_FALSE(writer.commit());
  }
  CHECK(scratchFiles("discarded.csv").empty());
}

TEST_CASE("an unwritable directory is reported") {
  CsvWriter writer;
  CHECK_FALSE(writer.open(scratchPath("no-such-dir/out.csv"), {"time"}));
  CHECK(writer.error().find("cannot create the result file") != std::string::npos);
}

TEST_CASE("writing is fast: 5,000 rows of 100 columns") {
  std::string path = scratchPath("fast.csv");
  std::vector<std::string> names(100, "x");
  std::vector<double> row(100);
  auto start = std::chrono::steady_clock::now();
  CsvWriter writer;
  REQUIRE(writer.open(path, names));
  for (int k = 0; k < 5000; ++k) {
    for (int i = 0; i < 100; ++i)
      row[i] = std::sin(0.001 * k + i) * 1e3;
    writer.writeRow(row);
  }
  REQUIRE(writer.commit());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("5,000 x 100 numbers written in " << seconds << " s");
  CsvTable table = readCsv(path);
  REQUIRE(table.rows.size() == 5000);
  CHECK(table.rows[4999][99] == std::sin(0.001 * 4999 + 99) * 1e3);
  CHECK(seconds < 2.0);
}

TEST_CASE("columns of the same magnitude share their text, each with its own sign") {
  // Four varying slots: a variable, its negated alias, its alias and an
  // unrelated value; the text of one column serves the others within a row
  // and across rows, and a changed value is formatted anew.
  CompiledModel model;
  model.numSlots = 4;
  model.outputs = {{"x", 0, false}, {"y", 1, false}, {"z", 2, false}, {"w", 3, false}};
  std::string path = scratchPath("same-magnitude.csv");
  std::unique_ptr<ResultWriter> writer = ResultWriter::create(ResultFormat::Csv);
  REQUIRE(writer->open(path, model, {0, 1, 2, 3}));
  writer->write(0, {1.5, -1.5, 1.5, 0.1});
  writer->write(1, {-0.25, 0.25, -0.25, -0.25});
  writer->write(2, {0.0, -0.0, 1.0 / 3.0, -1.0 / 3.0});
  writer->write(3, {0.0, -0.0, 1.0 / 3.0, 7.0});
  REQUIRE(writer->commit());
  CHECK(readText(path) == "\"time\",\"x\",\"y\",\"z\",\"w\"\n"
                          "0,1.5,-1.5,1.5,0.1\n"
                          "1,-0.25,0.25,-0.25,-0.25\n"
                          "2,0,-0,0.3333333333333333,-0.3333333333333333\n"
                          "3,0,-0,0.3333333333333333,7\n");
}

TEST_CASE("rows formatted beside the solver: every row in order, parameters in each") {
  // 100,000 rows of 3 varying columns and a parameter: many batches of the
  // writer's thread, each row read back as written (time, k, the parameter).
  CompiledModel model;
  model.numSlots = 4;
  model.outputs = {{"x", 0, false}, {"p", 3, true}, {"y", 1, false}, {"z", 2, false}};
  std::string path = scratchPath("many-rows.csv");
  std::unique_ptr<ResultWriter> writer = ResultWriter::create(ResultFormat::Csv);
  REQUIRE(writer->open(path, model, {0, 1, 2, 3}));
  constexpr int rows = 100000;
  std::vector<double> v(4);
  for (int k = 0; k < rows; ++k) {
    v = {static_cast<double>(k), -0.5 * k, k % 7 == 0 ? 1.0 : 2.0, 42.0};
    writer->write(0.25 * k, v);
    v[3] = -1.0; // only the first row's parameter value is written
  }
  REQUIRE(writer->commit());
  std::string text = readText(path);
  std::string expected = "\"time\",\"x\",\"p\",\"y\",\"z\"\n";
  for (int k = 0; k < rows; ++k) {
    char line[128];
    std::snprintf(line, sizeof line, "%.17g,%d,42,%.17g,%d\n", 0.25 * k, k, -0.5 * k,
                  k % 7 == 0 ? 1 : 2);
    expected += line;
  }
  // %.17g is the shortest form for these values (quarters and halves).
  CHECK(text.size() == expected.size());
  CHECK(text == expected);
}

TEST_CASE("a run discarded while rows wait to be formatted leaves nothing behind") {
  CompiledModel model;
  model.numSlots = 2;
  model.outputs = {{"x", 0, false}, {"y", 1, false}};
  std::string path = scratchPath("discarded-rows.csv");
  std::unique_ptr<ResultWriter> writer = ResultWriter::create(ResultFormat::Csv);
  REQUIRE(writer->open(path, model, {0, 1}));
  for (int k = 0; k < 200000; ++k)
    writer->write(k, {1.0 / (k + 1), static_cast<double>(k)});
  writer->discard();
  CHECK_FALSE(std::filesystem::exists(path));
  for (const auto &entry : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
    CHECK(entry.path().filename().string().find("discarded-rows") == std::string::npos);
}
