// The SVG plot of result signals; see Plot.h.
#include "compiler/driver/Plot.h"

#include "compiler/driver/Driver.h"
#include "compiler/driver/Names.h"
#include "compiler/support/SourceManager.h"
#include "runtime/NumberFormat.h"
#include "runtime/OutputFile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace mocc::driver {

namespace {

/// Colors that stay apart from each other (the tab10 palette).
const char *const kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                               "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

/// More signals than this need to be named.
constexpr std::size_t maxDefaultSignals = 12;

std::string xml(const std::string &text) {
  std::string out;
  for (char c : text) {
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    default: out += c;
    }
  }
  return out;
}

std::string pixel(double p) {
  char text[24];
  std::snprintf(text, sizeof text, "%.1f", p);
  return text;
}

/// Maps time and value to the pixels of the plot area.
struct Frame {
  double t0, t1, y0, y1;
  double left = 90, top = 48, width = 780, height = 360;
  double x(double t) const { return left + (t - t0) / (t1 - t0) * width; }
  double y(double v) const { return top + (y1 - v) / (y1 - y0) * height; }
};

/// Tick values of [lo, hi]: multiples of 1, 2 or 5 times a power of ten,
/// about six of them.
std::vector<double> ticks(double lo, double hi) {
  double raw = (hi - lo) / 6;
  double power = std::pow(10.0, std::floor(std::log10(raw)));
  double step = power;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * power >= raw) {
      step = m * power;
      break;
    }
  std::vector<double> out;
  for (double k = std::ceil(lo / step); k * step <= hi + 1e-9 * step; ++k)
    out.push_back(std::fabs(k * step) < 1e-12 * step ? 0.0 : k * step);
  return out;
}

std::string tickLabel(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

/// The path of one signal, decimated by M4 per pixel column.
std::string signalPath(const std::vector<double> &t, const std::vector<double> &y, const Frame &f) {
  std::string d;
  auto point = [&](std::size_t i) {
    d += (d.empty() ? "M" : " L") + pixel(f.x(t[i])) + " " + pixel(f.y(y[i]));
  };
  std::size_t n = t.size();
  std::size_t i = 0;
  while (i < n) {
    // The points of one pixel column: [i, j).
    auto column = static_cast<long>(std::floor(f.x(t[i])));
    std::size_t j = i + 1, low = i, high = i;
    while (j < n && static_cast<long>(std::floor(f.x(t[j]))) == column) {
      if (y[j] < y[low])
        low = j;
      if (y[j] > y[high])
        high = j;
      ++j;
    }
    std::size_t picks[] = {i, std::min(low, high), std::max(low, high), j - 1};
    std::size_t last = SIZE_MAX;
    for (std::size_t k : picks)
      if (k != last) {
        point(k);
        last = k;
      }
    i = j;
  }
  return d;
}

} // namespace

std::string plotSvg(const rt::ResultTable &table, const std::vector<std::size_t> &columns,
                    const std::string &title) {
  const std::vector<double> &t = table.columns[0];
  Frame f{t.front(), t.back(), INFINITY, -INFINITY};
  if (!(f.t1 > f.t0))
    f.t1 = f.t0 + 1;
  for (std::size_t c : columns)
    for (double v : table.columns[c]) {
      f.y0 = std::min(f.y0, v);
      f.y1 = std::max(f.y1, v);
    }
  double span = f.y1 - f.y0;
  if (!(span > 0)) {
    span = f.y0 != 0 ? std::fabs(f.y0) * 0.2 : 1;
    f.y0 -= span / 2;
    f.y1 += span / 2;
  } else {
    f.y0 -= 0.04 * span;
    f.y1 += 0.04 * span;
  }
  auto unitOf = [&](std::size_t c) { return c < table.units.size() ? table.units[c] : ""; };
  std::string unit = columns.empty() ? "" : unitOf(columns[0]);
  for (std::size_t c : columns)
    if (unitOf(c) != unit)
      unit.clear();
  double legendTop = f.top + f.height + 56;
  double height = legendTop + 20.0 * static_cast<double>(columns.size()) + 8;
  double width = f.left + f.width + 30;
  std::ostringstream svg;
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << " " << height
      << "\" font-family=\"sans-serif\" font-size=\"13\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      << "<text x=\"" << f.left << "\" y=\"28\" font-size=\"15\">" << xml(title) << "</text>\n";
  // The grid and the tick labels.
  svg << "<g stroke=\"#e4e4e4\" stroke-width=\"1\">\n";
  std::vector<double> timeTicks = ticks(f.t0, f.t1), valueTicks = ticks(f.y0, f.y1);
  for (double tick : timeTicks)
    svg << "<line x1=\"" << pixel(f.x(tick)) << "\" x2=\"" << pixel(f.x(tick)) << "\" y1=\""
        << f.top << "\" y2=\"" << f.top + f.height << "\"/>\n";
  for (double tick : valueTicks)
    svg << "<line x1=\"" << f.left << "\" x2=\"" << f.left + f.width << "\" y1=\""
        << pixel(f.y(tick)) << "\" y2=\"" << pixel(f.y(tick)) << "\"/>\n";
  svg << "</g>\n<g fill=\"#333\">\n";
  for (double tick : timeTicks)
    svg << "<text class=\"tick\" x=\"" << pixel(f.x(tick)) << "\" y=\"" << f.top + f.height + 18
        << "\" text-anchor=\"middle\">" << tickLabel(tick) << "</text>\n";
  for (double tick : valueTicks)
    svg << "<text class=\"tick\" x=\"" << f.left - 6 << "\" y=\"" << pixel(f.y(tick) + 4)
        << "\" text-anchor=\"end\">" << tickLabel(tick) << "</text>\n";
  svg << "<text x=\"" << f.left + f.width / 2 << "\" y=\"" << f.top + f.height + 40
      << "\" text-anchor=\"middle\">time [s]</text>\n";
  if (!unit.empty())
    svg << "<text x=\"18\" y=\"" << f.top + f.height / 2 << "\" text-anchor=\"middle\" "
        << "transform=\"rotate(-90 18 " << f.top + f.height / 2 << ")\">[" << xml(unit)
        << "]</text>\n";
  svg << "</g>\n";
  // The frame carries its coordinates, so that a reader can map the paths
  // back to values.
  svg << "<rect class=\"frame\" x=\"" << f.left << "\" y=\"" << f.top << "\" width=\"" << f.width
      << "\" height=\"" << f.height << "\" fill=\"none\" stroke=\"#888\" data-t0=\""
      << rt::formatNumber(f.t0) << "\" data-t1=\"" << rt::formatNumber(f.t1) << "\" data-y0=\""
      << rt::formatNumber(f.y0) << "\" data-y1=\"" << rt::formatNumber(f.y1) << "\"/>\n";
  svg << "<g fill=\"none\" stroke-width=\"1.5\" stroke-linejoin=\"round\">\n";
  for (std::size_t k = 0; k < columns.size(); ++k)
    svg << "<path class=\"signal\" data-name=\"" << xml(table.names[columns[k]]) << "\" stroke=\""
        << kColors[k % std::size(kColors)] << "\" d=\"" << signalPath(t, table.columns[columns[k]], f)
        << "\"/>\n";
  svg << "</g>\n";
  // The legend: a stroke in the signal's color, its name and unit.
  for (std::size_t k = 0; k < columns.size(); ++k) {
    double y = legendTop + 20.0 * static_cast<double>(k);
    std::string label = table.names[columns[k]];
    if (!unitOf(columns[k]).empty())
      label += " [" + unitOf(columns[k]) + "]";
    svg << "<line x1=\"" << f.left << "\" x2=\"" << f.left + 28 << "\" y1=\"" << y - 4
        << "\" y2=\"" << y - 4 << "\" stroke=\"" << kColors[k % std::size(kColors)]
        << "\" stroke-width=\"3\"/>\n"
        << "<text class=\"legend\" x=\"" << f.left + 36 << "\" y=\"" << y << "\">" << xml(label)
        << "</text>\n";
  }
  svg << "</svg>\n";
  return svg.str();
}

int runPlot(const PlotOptions &options, std::ostream &out, std::ostream &err) {
  if (std::string problem = unreadableFile(options.result); !problem.empty()) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  std::string output = options.output;
  if (output.empty()) {
    std::string base = options.result;
    std::size_t dot = base.find_last_of("./");
    if (dot != std::string::npos && base[dot] == '.')
      base.erase(dot);
    output = base + ".svg";
  }
  if (output == "-") {
    err << "mocc: error: `plot` writes a file; `-o -` is not supported\n";
    return ExitUsageError;
  }
  rt::RunInputs inputs{options.inputs, {}};
  inputs.files.push_back(options.result);
  if (std::string problem = rt::checkOutputPath(output, inputs); !problem.empty()) {
    err << "mocc: error: " << problem << "\n";
    return ExitUsageError;
  }
  std::string error;
  auto table = rt::readResultTable(options.result, error);
  if (!table) {
    err << "mocc: error: " << error << "\n";
    return ExitModelError;
  }
  std::vector<std::size_t> columns;
  std::vector<char> chosen(table->names.size(), 0);
  for (const std::string &pattern : options.patterns) {
    bool any = false;
    for (std::size_t i = 1; i < table->names.size(); ++i)
      if (globMatch(pattern, table->names[i])) {
        any = true;
        if (!chosen[i]) {
          chosen[i] = 1;
          columns.push_back(i);
        }
      }
    if (!any) {
      err << "mocc: error: no signal of `" << options.result << "` matches `" << pattern << "`\n";
      return ExitUsageError;
    }
  }
  if (options.patterns.empty()) {
    if (table->names.size() - 1 > maxDefaultSignals) {
      err << "mocc: error: `" << options.result << "` has " << table->names.size() - 1
          << " signals; name those to plot (names or glob patterns such as `body.r_0[*]`)\n";
      return ExitUsageError;
    }
    for (std::size_t i = 1; i < table->names.size(); ++i)
      columns.push_back(i);
  }
  std::string title = options.result;
  if (std::size_t slash = title.rfind('/'); slash != std::string::npos)
    title.erase(0, slash + 1);
  std::string svg = plotSvg(*table, columns, title);
  rt::OutputFile file;
  if (!file.open(output) || !file.write(svg.data(), svg.size()) || !file.commit()) {
    err << "mocc: error: " << file.error() << "\n";
    return ExitModelError;
  }
  out << "wrote " << output << "\n";
  return ExitSuccess;
}

} // namespace mocc::driver
