// Writing the reports of `mocc test-library`; see TestReport.h. The HTML
// page has no scripts, fonts or other files: its styles are inline and its
// plots are SVG elements, so it can be mailed or attached as it is.
#include "compiler/driver/TestReport.h"

#include "runtime/NumberFormat.h"
#include "runtime/OutputFile.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mocc::driver {

namespace {

// --- JSON ------------------------------------------------------------------------------------

std::string jsonString(const std::string &text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (c < 0x20) {
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\u%04x", c);
        out += escape;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

/// A number, or null where JSON has none (NaN, infinities).
std::string jsonNumber(double x) { return std::isfinite(x) ? rt::formatNumber(x) : "null"; }

std::string jsonStrings(const std::vector<std::string> &items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + jsonString(items[i]);
  return out + "]";
}

void jsonFailure(const SignalFailure &f, std::ostream &out) {
  out << "{\"signal\": " << jsonString(f.name)
      << ", \"missing\": " << (f.missing ? "true" : "false") << ", \"time\": " << jsonNumber(f.time)
      << ", \"value\": " << jsonNumber(f.value) << ", \"lower\": " << jsonNumber(f.lower)
      << ", \"upper\": " << jsonNumber(f.upper) << ", \"samplesOutside\": " << f.outside
      << ", \"detail\": " << jsonString(f.detail) << "}";
}

void jsonModel(const ModelOutcome &o, std::ostream &out) {
  out << "    {\"name\": " << jsonString(o.name)
      << ", \"status\": " << jsonString(statusName(o.status))
      << ", \"message\": " << jsonString(o.message)
      << ", \"compileSeconds\": " << jsonNumber(o.compileSeconds)
      << ", \"runSeconds\": " << jsonNumber(o.runSeconds)
      << ", \"wallSeconds\": " << jsonNumber(o.wallSeconds)
      << ", \"exitCode\": " << (o.exitCode >= 0 ? std::to_string(o.exitCode) : "null")
      << ", \"signal\": " << (o.signal ? std::to_string(o.signal) : "null")
      << ", \"signalsCompared\": " << o.signalsCompared
      << ", \"notCompared\": " << jsonStrings(o.notCompared) << ", \"failures\": [";
  for (size_t i = 0; i < o.failures.size(); ++i) {
    out << (i ? ", " : "");
    jsonFailure(o.failures[i], out);
  }
  out << "]}";
}

std::string isoTime() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

std::map<TestStatusKind, size_t> countStatus(const std::vector<ModelOutcome> &outcomes) {
  std::map<TestStatusKind, size_t> counts;
  for (const ModelOutcome &o : outcomes)
    ++counts[o.status];
  return counts;
}

std::string html(const std::string &text);

// --- SVG plots -------------------------------------------------------------------------------

/// Maps model coordinates to the pixels of a plot.
struct Frame {
  double t0, t1, y0, y1;
  double left = 64, top = 24, width = 680, height = 220;
  double x(double t) const { return left + (t - t0) / (t1 - t0) * width; }
  double y(double v) const {
    double clamped = std::clamp(v, y0, y1); // a diverged result stays on the border
    return top + (y1 - clamped) / (y1 - y0) * height;
  }
};

std::string pixel(double p) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", p);
  return text;
}

/// The points of a curve as an SVG path in whole pixels ("M x y L x y x y
/// ...", an implicit lineto after the first), skipping values that are not
/// finite and points on the pixel of the one before.
std::string path(const Curve &c, const Frame &f, bool reverse = false, bool continueLine = false) {
  std::string d;
  size_t n = c.t.size();
  bool pen = continueLine, lineTo = false;
  long lastX = LONG_MIN, lastY = LONG_MIN;
  for (size_t k = 0; k < n; ++k) {
    size_t i = reverse ? n - 1 - k : k;
    if (!std::isfinite(c.y[i]) || !std::isfinite(c.t[i])) {
      pen = lineTo = false;
      continue;
    }
    long x = std::lround(f.x(c.t[i])), y = std::lround(f.y(c.y[i]));
    if (pen && x == lastX && y == lastY)
      continue;
    if (!pen)
      d += (d.empty() ? "M" : " M");
    else if (!lineTo)
      d += (d.empty() ? "L" : " L");
    else
      d += " ";
    d += std::to_string(x) + " " + std::to_string(y);
    lineTo = pen;
    pen = true;
    lastX = x;
    lastY = y;
  }
  return d;
}

/// Extends [lo, hi] by the finite values of a curve at times within
/// [t0, t1].
void extendRange(const Curve &c, double t0, double t1, double &lo, double &hi) {
  for (size_t i = 0; i < c.t.size(); ++i)
    if (std::isfinite(c.y[i]) && c.t[i] >= t0 && c.t[i] <= t1) {
      lo = std::min(lo, c.y[i]);
      hi = std::max(hi, c.y[i]);
    }
}

std::string tickLabel(double v, double span) {
  if (std::fabs(v) < 1e-9 * span)
    v = 0;
  char text[32];
  std::snprintf(text, sizeof text, "%.5g", v);
  return text;
}

/// The frame of a plot: the tube's time range (the reference's where
/// there is no tube), and the values of the tube, the reference and the
/// result in it, the result's at most two spans of the tube beyond it (a
/// diverged result would squash the tube into a line).
std::optional<Frame> frameOf(const PlotData &s, double width) {
  const Curve &times = s.tubeUpper.t.empty() ? s.reference : s.tubeUpper;
  if (times.t.empty())
    return std::nullopt;
  Frame f{times.t.front(), times.t.back(), INFINITY, -INFINITY};
  f.width = width - f.left - 16;
  double lo = INFINITY, hi = -INFINITY;
  for (const Curve *c : {&s.tubeLower, &s.tubeUpper, &s.reference})
    extendRange(*c, f.t0, f.t1, lo, hi);
  f.y0 = lo;
  f.y1 = hi;
  extendRange(s.result, f.t0, f.t1, f.y0, f.y1);
  if (!(f.t1 > f.t0) || !std::isfinite(f.y0) || !std::isfinite(f.y1))
    return std::nullopt;
  double span = std::max(hi - lo, 1e-12);
  f.y0 = std::max(f.y0, lo - 2 * span);
  f.y1 = std::min(f.y1, hi + 2 * span);
  double pad = 0.04 * std::max(f.y1 - f.y0, 1e-12);
  f.y0 -= pad;
  f.y1 += pad;
  return f;
}

/// The plot of one failing signal over the span of `s`: the tube (shaded
/// between its lower and upper curves), the reference (dashed) and the
/// result, and a circle at the first sample outside the tube.
std::string svgPlot(const SignalFailure &failure, const PlotData &s, int width,
                    const std::string &title) {
  auto frame = frameOf(s, width);
  if (!frame)
    return "";
  const Frame &f = *frame;
  static unsigned plots = 0; // ids of the clip paths, unique in the page
  std::string clip = "clip" + std::to_string(++plots);
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
      << "\" height=\"274\" viewBox=\"0 0 " << width
      << " 274\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" aria-label=\""
      << html(failure.name + ", " + title) << "\">\n";
  svg << "<clipPath id=\"" << clip << "\"><rect x=\"" << f.left << "\" y=\"" << f.top
      << "\" width=\"" << f.width << "\" height=\"" << f.height << "\"/></clipPath>\n";
  svg << "<rect x=\"" << f.left << "\" y=\"" << f.top << "\" width=\"" << f.width << "\" height=\""
      << f.height << "\" fill=\"#fff\" stroke=\"#999\"/>\n";
  for (int i = 0; i <= 4; ++i) {
    double t = f.t0 + (f.t1 - f.t0) * i / 4, v = f.y0 + (f.y1 - f.y0) * i / 4;
    svg << "<text x=\"" << pixel(f.x(t)) << "\" y=\"" << f.top + f.height + 16
        << "\" text-anchor=\"middle\">" << tickLabel(t, f.t1 - f.t0) << "</text>";
    svg << "<text x=\"" << f.left - 4 << "\" y=\"" << pixel(f.y(v) + 4) << "\" text-anchor=\"end\">"
        << tickLabel(v, f.y1 - f.y0) << "</text>\n";
    svg << "<line x1=\"" << f.left << "\" x2=\"" << f.left + f.width << "\" y1=\"" << pixel(f.y(v))
        << "\" y2=\"" << pixel(f.y(v)) << "\" stroke=\"#eee\"/>\n";
  }
  svg << "<g clip-path=\"url(#" << clip << ")\" fill=\"none\">\n";
  if (!s.tubeUpper.t.empty()) // the upper curve forward, the lower one back
    svg << "<path fill=\"#cde3f7\" d=\"" << path(s.tubeUpper, f) << " "
        << path(s.tubeLower, f, true, true) << " Z\" stroke=\"#8bb8e0\" stroke-width=\"0.8\"/>\n";
  svg << "<path stroke=\"#222\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\" d=\""
      << path(s.reference, f) << "\"/>\n";
  if (!s.result.t.empty())
    svg << "<path stroke=\"#d33\" stroke-width=\"1.4\" d=\"" << path(s.result, f) << "\"/>\n";
  if (!failure.missing && std::isfinite(failure.time) && std::isfinite(failure.value))
    svg << "<circle cx=\"" << pixel(f.x(failure.time)) << "\" cy=\"" << pixel(f.y(failure.value))
        << "\" r=\"5\" stroke=\"#d33\" stroke-width=\"2\"/>\n";
  svg << "</g>\n<text x=\"" << f.left << "\" y=\"" << f.top - 8 << "\">" << html(title)
      << "  <tspan fill=\"#d33\">— result</tspan>  <tspan fill=\"#222\">- - reference</tspan>"
         "  <tspan fill=\"#5b8fc0\">▒ tube</tspan></text>\n</svg>\n";
  return svg.str();
}

// --- HTML ------------------------------------------------------------------------------------

std::string html(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// An HTML id from a model name.
std::string anchor(const std::string &name) {
  std::string id = "m-";
  for (char c : name)
    id += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ? c : '-';
  return id;
}

const char *const kStyle = R"(
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:90%}
td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
td.num{text-align:right}
.pass{color:#060}.outside,.failed,.rejected,.timeout,.crash,.no-model{color:#b00;font-weight:bold}
.no-reference{color:#777}
.plots{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0 16px 0}
code{font-size:95%}
)";

void htmlSummary(const std::vector<ModelOutcome> &outcomes,
                 const std::vector<PackageSummary> &packages, const ReportInfo &info,
                 std::ostream &out) {
  auto counts = countStatus(outcomes);
  size_t total = outcomes.size() - counts[TestStatusKind::NoReference];
  out << "<p>" << counts[TestStatusKind::Pass] << " of " << total
      << " models pass; references <code>" << html(info.options.references) << "</code>";
  if (!info.options.filters.empty()) {
    out << "; filter";
    for (const std::string &f : info.options.filters)
      out << " <code>" << html(f) << "</code>";
  }
  out << "; "
      << (info.options.referenceSettings ? "the references' settings"
                                         : "the experiment annotations")
      << ", time limit " << rt::formatTime(info.options.timeout) << " s, " << info.jobs
      << " at once, " << rt::formatTime(info.wallSeconds) << " s in all; " << html(isoTime())
      << ".</p>\n<table>\n<tr><th>package</th><th>pass</th></tr>\n";
  for (const PackageSummary &p : packages)
    out << "<tr><td>" << html(p.name) << "</td><td class=\"num\">" << p.passed << "/" << p.total
        << "</td></tr>\n";
  out << "</table>\n";
}

void htmlTable(const std::vector<ModelOutcome> &outcomes, std::ostream &out) {
  out << "<h2>Models</h2>\n<table>\n<tr><th>model</th><th>status</th><th>compile</th>"
         "<th>run</th><th>message</th></tr>\n";
  char text[32];
  for (const ModelOutcome &o : outcomes) {
    std::string name = html(o.name);
    if (!o.failures.empty())
      name = "<a href=\"#" + anchor(o.name) + "\">" + name + "</a>";
    out << "<tr><td>" << name << "</td><td class=\"" << statusName(o.status) << "\">"
        << statusName(o.status) << "</td>";
    for (double s : {o.compileSeconds, o.runSeconds}) {
      std::snprintf(text, sizeof text, "%.1f s", s);
      out << "<td class=\"num\">" << (o.wallSeconds > 0 ? text : "") << "</td>";
    }
    out << "<td>" << html(o.status == TestStatusKind::Pass ? "" : o.message) << "</td></tr>\n";
  }
  out << "</table>\n";
}

void htmlFailures(const std::vector<ModelOutcome> &outcomes, std::ostream &out) {
  bool any = false;
  for (const ModelOutcome &o : outcomes) {
    if (o.failures.empty())
      continue;
    if (!any)
      out << "<h2>Signals outside the tube</h2>\n";
    any = true;
    out << "<h3 id=\"" << anchor(o.name) << "\">" << html(o.name) << "</h3>\n<p>"
        << o.failures.size() << " of " << o.signalsCompared << " signals fail.</p>\n";
    for (const SignalFailure &s : o.failures) {
      out << "<p><code>" << html(s.name) << "</code>: " << html(s.detail);
      if (s.outside > 1)
        out << " (" << s.outside << " samples outside)";
      out << "</p>\n";
      if (s.whole.reference.t.empty())
        continue;
      out << "<div class=\"plots\">" << svgPlot(s, s.whole, 560, "whole run");
      if (!s.zoom.reference.t.empty())
        out << svgPlot(s, s.zoom, 420, "around t = " + rt::formatTime(s.time));
      out << "</div>\n";
    }
  }
}

/// Writes `text` to `path` through a temporary file in the same folder,
/// renamed when complete.
/// Writes a report file through rt::OutputFile (a temporary file renamed
/// when complete), after the same checks as a result file.
bool writeSafely(const fs::path &path, const std::string &text, std::string &error) {
  error = rt::checkOutputPath(path.string(), {});
  if (!error.empty())
    return false;
  rt::OutputFile file;
  if (!file.open(path.string()) || !file.write(text.data(), text.size()) || !file.commit()) {
    error = file.error();
    return false;
  }
  return true;
}

} // namespace

std::string jsonReport(const std::vector<ModelOutcome> &outcomes,
                       const std::vector<PackageSummary> &packages, const ReportInfo &info) {
  std::ostringstream out;
  auto counts = countStatus(outcomes);
  const TestLibraryOptions &o = info.options;
  out << "{\n  \"tool\": \"mocc 0.1.0\",\n  \"date\": " << jsonString(isoTime())
      << ",\n  \"references\": " << jsonString(o.references)
      << ",\n  \"libraries\": " << jsonStrings(o.libraries)
      << ",\n  \"filters\": " << jsonStrings(o.filters)
      << ",\n  \"settings\": " << jsonString(o.referenceSettings ? "reference" : "experiment")
      << ",\n  \"tube\": " << jsonNumber(o.tube)
      << ",\n  \"timeoutSeconds\": " << jsonNumber(o.timeout) << ",\n  \"jobs\": " << info.jobs
      << ",\n  \"wallSeconds\": " << jsonNumber(info.wallSeconds) << ",\n  \"counts\": {";
  const TestStatusKind kinds[] = {TestStatusKind::Pass,    TestStatusKind::Outside,
                                  TestStatusKind::Failed,  TestStatusKind::Rejected,
                                  TestStatusKind::Timeout, TestStatusKind::Crash,
                                  TestStatusKind::NoModel, TestStatusKind::NoReference};
  for (size_t i = 0; i < std::size(kinds); ++i)
    out << (i ? ", " : "") << jsonString(statusName(kinds[i])) << ": " << counts[kinds[i]];
  out << "},\n  \"packages\": [";
  for (size_t i = 0; i < packages.size(); ++i)
    out << (i ? ",\n    " : "\n    ") << "{\"name\": " << jsonString(packages[i].name)
        << ", \"passed\": " << packages[i].passed << ", \"total\": " << packages[i].total << "}";
  out << "\n  ],\n  \"models\": [\n";
  for (size_t i = 0; i < outcomes.size(); ++i) {
    jsonModel(outcomes[i], out);
    out << (i + 1 < outcomes.size() ? ",\n" : "\n");
  }
  out << "  ]\n}\n";
  return out.str();
}

std::string htmlReport(const std::vector<ModelOutcome> &outcomes,
                       const std::vector<PackageSummary> &packages, const ReportInfo &info) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<title>mocc test-library</title>\n<style>"
      << kStyle << "</style>\n</head>\n<body>\n<h1>mocc test-library</h1>\n";
  htmlSummary(outcomes, packages, info, out);
  htmlTable(outcomes, out);
  htmlFailures(outcomes, out);
  out << "</body>\n</html>\n";
  return out.str();
}

bool writeReports(const fs::path &folder, const std::vector<ModelOutcome> &outcomes,
                  const std::vector<PackageSummary> &packages, const ReportInfo &info,
                  std::string &error) {
  return writeSafely(folder / "report.json", jsonReport(outcomes, packages, info), error) &&
         writeSafely(folder / "report.html", htmlReport(outcomes, packages, info), error);
}

} // namespace mocc::driver
