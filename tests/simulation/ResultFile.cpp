// A small RFC 4180 reader for result files (quoted header, numeric rows).
#include "ResultFile.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mocc::test {

const std::vector<double> &ResultFile::operator[](const std::string &name) const {
  auto it = columns.find(name);
  if (it == columns.end())
    throw std::runtime_error("no column `" + name + "` in the result file");
  return it->second;
}

static std::vector<std::string> splitRecord(const std::string &line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
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

ResultFile readResultFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot open `" + path + "`");
  ResultFile result;
  std::string line;
  std::getline(in, line);
  result.names = splitRecord(line);
  while (std::getline(in, line)) {
    auto fields = splitRecord(line);
    if (fields.size() != result.names.size())
      throw std::runtime_error("a row of `" + path + "` has the wrong number of fields");
    for (size_t i = 0; i < fields.size(); ++i)
      result.columns[result.names[i]].push_back(std::stod(fields[i]));
  }
  return result;
}

} // namespace mocc::test
