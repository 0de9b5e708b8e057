// The number formats of the runtime: the shortest decimal form that reads
// back to the same double (std::to_chars), used in the result file and for
// values in messages, and a short form for model times in messages.
#pragma once

#include <charconv>
#include <string>

namespace mocc::rt {

/// Longest shortest-round-trip form of a double ("-2.2250738585072014e-308").
inline constexpr int maxNumberLength = 32;

/// Writes the shortest round-trip form of x at `out` (which must have room for
/// maxNumberLength characters) and returns the end of what was written.
inline char *writeNumber(char *out, double x) {
  return std::to_chars(out, out + maxNumberLength, x).ptr;
}

/// The shortest round-trip form of x as a string.
inline std::string formatNumber(double x) {
  char text[maxNumberLength];
  return std::string(text, writeNumber(text, x));
}

/// A model time in a message: six significant digits ("0.999978"), enough
/// to locate a failure and stable across machines whose last bits differ.
inline std::string formatTime(double t) {
  char text[maxNumberLength];
  return std::string(text, std::to_chars(text, text + maxNumberLength, t,
                                         std::chars_format::general, 6).ptr);
}

} // namespace mocc::rt
