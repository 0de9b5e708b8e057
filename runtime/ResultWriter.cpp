// The choice of a result format, and the CSV result (CsvWriter's rows made
// of a model's slots); see ResultWriter.h. The MAT result is MatWriter.cpp.
#include "runtime/ResultWriter.h"

#include "runtime/CsvWriter.h"
#include "runtime/MatWriter.h"
#include "runtime/NumberFormat.h"

#include "runtime/Signals.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <deque>
#include <mutex>
#include <pthread.h>
#include <system_error>
#include <thread>

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
///
/// The rows are formatted and written on a thread of their own while the
/// solver goes on: write() only copies the row's varying values into a
/// batch, and the thread formats full batches and writes them to the file
/// (DoublePendulum: 5 of the 19 ms of a run from the model cache were the
/// formatting and the file's writes). At most `maxPendingBatches` wait, so
/// a long run's rows never pile up in memory: the solver waits for the
/// writer instead. commit() and discard() end the thread. Without a thread
/// (one cannot be made) the rows are formatted in write() itself.
class CsvResultWriter final : public ResultWriter {
public:
  ~CsvResultWriter() override { stopWorker(); }
  bool open(const std::string &path, const CompiledModel &model,
            const std::vector<int32_t> &columns) override;
  void write(double t, const std::vector<double> &v) override;
  const std::vector<int32_t> &slotsRead() const override { return read_; }
  bool commit() override;
  void discard() override;
  const std::string &error() const override { return csv_.error(); }

private:
  /// The text of a varying column at the previous row.
  struct LastText {
    uint64_t bits = 0;
    uint8_t length = 0; ///< 0: none yet
    char text[maxNumberLength];
  };
  /// Rows waiting to be formatted: per row the time, then the value of
  /// each entry of slots_.
  struct Batch {
    std::vector<double> values;
    size_t rows = 0;
  };
  static constexpr size_t maxPendingBatches = 4;

  void formatParameters(const std::vector<double> &v);
  char *appendNumber(char *out, size_t column, double value);
  /// Formats one row (the time, then the varying values in slots_'s
  /// order) and hands it to the file.
  void formatRow(const double *row);
  void startWorker();
  void stopWorker();
  void submit();
  void work();

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

  // The writer thread and what it shares with write() under mutex_.
  std::thread worker_;
  bool threaded_ = false;
  size_t batchRows_ = 1;
  Batch filling_; ///< the batch write() fills (not shared)
  std::mutex mutex_;
  std::condition_variable wake_;   ///< the worker: a batch came, or the end
  std::condition_variable drained_; ///< write(): a batch was taken
  std::deque<Batch> pending_;
  std::vector<Batch> spare_; ///< formatted batches, for reuse
  bool ending_ = false;
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
  stopWorker();
  if (!csv_.open(path, names))
    return false;
  startWorker();
  return true;
}

/// About 64 Ki values a batch: a few hundred rows of a MultiBody model.
void CsvResultWriter::startWorker() {
  batchRows_ = std::max<size_t>(1, (size_t{1} << 16) / (slots_.size() + 1));
  filling_ = Batch{};
  filling_.values.reserve(batchRows_ * (slots_.size() + 1));
  ending_ = false;
  pending_.clear();
  try {
    // The stop signals go to the solver's thread, which polls for them;
    // the writer inherits the mask it is started with.
    sigset_t stops, previous;
    sigemptyset(&stops);
    for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGALRM})
      sigaddset(&stops, signal);
    pthread_sigmask(SIG_BLOCK, &stops, &previous);
    try {
      worker_ = std::thread([this] { work(); });
    } catch (...) {
      pthread_sigmask(SIG_SETMASK, &previous, nullptr);
      throw;
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    threaded_ = true;
  } catch (const std::system_error &) {
    threaded_ = false; // no thread: rows are formatted in write()
  }
}

/// Ends the worker after the batches handed to it.
void CsvResultWriter::stopWorker() {
  if (!threaded_)
    return;
  {
    std::lock_guard lock(mutex_);
    ending_ = true;
  }
  wake_.notify_one();
  worker_.join();
  threaded_ = false;
}

/// Hands the filled batch to the worker, waiting while maxPendingBatches
/// are not formatted yet.
void CsvResultWriter::submit() {
  if (filling_.rows == 0)
    return;
  Batch next;
  {
    std::unique_lock lock(mutex_);
    drained_.wait(lock, [&] { return pending_.size() < maxPendingBatches; });
    pending_.push_back(std::move(filling_));
    if (!spare_.empty()) {
      next = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  wake_.notify_one();
  filling_ = std::move(next);
  filling_.values.clear();
  filling_.values.reserve(batchRows_ * (slots_.size() + 1));
  filling_.rows = 0;
}

void CsvResultWriter::work() {
  installAlternateStack(); // the crash handler runs on this thread too
  size_t width = slots_.size() + 1;
  for (;;) {
    Batch batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return !pending_.empty() || ending_; });
      if (pending_.empty())
        return;
      batch = std::move(pending_.front());
      pending_.pop_front();
    }
    drained_.notify_one();
    for (size_t r = 0; r < batch.rows; ++r)
      formatRow(batch.values.data() + r * width);
    std::lock_guard lock(mutex_);
    spare_.push_back(std::move(batch));
  }
}

bool CsvResultWriter::commit() {
  submit();
  stopWorker();
  return csv_.commit();
}

void CsvResultWriter::discard() {
  {
    std::lock_guard lock(mutex_);
    pending_.clear(); // nothing more is formatted
  }
  filling_.rows = 0;
  filling_.values.clear();
  stopWorker();
  csv_.discard();
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
    formatParameters(v); // before the first batch: the worker reads runs_ after it
  if (!threaded_) {
    filling_.values.resize(slots_.size() + 1);
    double *row = filling_.values.data();
    row[0] = t;
    for (size_t i = 0; i < slots_.size(); ++i)
      row[i + 1] = v[slots_[i]];
    formatRow(row);
    return;
  }
  size_t at = filling_.values.size();
  filling_.values.resize(at + slots_.size() + 1);
  double *row = filling_.values.data() + at;
  row[0] = t;
  for (size_t i = 0; i < slots_.size(); ++i)
    row[i + 1] = v[slots_[i]];
  if (++filling_.rows == batchRows_)
    submit();
}

void CsvResultWriter::formatRow(const double *values) {
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
      out = next == 0 ? writeNumber(out, values[0]) : appendNumber(out, next - 1, values[next]);
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
