// Implementation of the source manager: file reading and offset-to-line
// mapping by binary search over lazily computed line starts.
#include "compiler/support/SourceManager.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace mocc {

SourceRange SourceRange::cover(SourceRange a, SourceRange b) {
  if (!a.valid())
    return b;
  if (!b.valid() || !(a.file == b.file))
    return a;
  return {a.file, std::min(a.begin, b.begin), std::max(a.end, b.end)};
}

std::optional<FileId> SourceManager::addFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    return std::nullopt;
  return addBuffer(path, buffer.str());
}

FileId SourceManager::addBuffer(std::string name, std::string text) {
  auto file = std::make_unique<File>();
  file->path = std::move(name);
  file->text = std::move(text);
  files_.push_back(std::move(file));
  return FileId{static_cast<uint32_t>(files_.size() - 1)};
}

const std::vector<uint32_t> &SourceManager::lineStarts(const File &file) const {
  if (file.lineStarts.empty()) {
    file.lineStarts.push_back(0);
    for (uint32_t i = 0; i < file.text.size(); ++i)
      if (file.text[i] == '\n')
        file.lineStarts.push_back(i + 1);
  }
  return file.lineStarts;
}

std::string SourceManager::shortLocation(SourceLocation loc) const {
  if (!loc.valid())
    return "";
  std::string name = path(loc.file);
  if (auto slash = name.rfind('/'); slash != std::string::npos)
    name = name.substr(slash + 1);
  LineColumn lc = lineColumn(loc);
  return name + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.column);
}

LineColumn SourceManager::lineColumn(SourceLocation loc) const {
  if (!loc.valid())
    return {};
  const File &file = *files_[loc.file.index];
  const auto &starts = lineStarts(file);
  uint32_t offset = std::min<uint32_t>(loc.offset, file.text.size());
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - starts.begin());
  uint32_t column = 1;
  for (uint32_t i = starts[line - 1]; i < offset; ++i)
    if ((static_cast<unsigned char>(file.text[i]) & 0xC0) != 0x80)
      ++column; // count code points, not UTF-8 continuation bytes
  return {line, column};
}

std::string_view SourceManager::lineText(FileId id, uint32_t line) const {
  const File &file = *files_[id.index];
  const auto &starts = lineStarts(file);
  if (line == 0 || line > starts.size())
    return {};
  uint32_t begin = starts[line - 1];
  uint32_t end = line < starts.size() ? starts[line] : file.text.size();
  std::string_view text(file.text.data() + begin, end - begin);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

} // namespace mocc
