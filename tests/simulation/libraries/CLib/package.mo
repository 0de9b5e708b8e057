within;
package CLib "a library with C code of its own, for tests/simulation/CCodeTest.cpp: its C sources
  (Resources/C-Sources, listed by Resources/BuildProjects/gcc/Makefile), a source folder without a
  build description (Resources/Source), a header (Resources/Include) and Include annotations"
  function scaled "CLIB_SCALE * x; the Makefile defines CLIB_SCALE = 3"
    input Real x;
    output Real y;
  external "C" y = CLib_scaled(x) annotation(Library = "CLib");
  end scaled;

  function initialized "42 once the C constructor of clib_counter.c has run"
    output Integer n;
  external "C" n = CLib_initialized() annotation(Library = "CLib");
  end initialized;

  class Counter "counts the calls of next (an external object)"
    extends ExternalObject;
    function constructor
      input Integer start;
      output Counter counter;
    external "C" counter = CLib_counterNew(start) annotation(Library = "CLib");
    end constructor;
    function destructor
      input Counter counter;
    external "C" CLib_counterFree(counter) annotation(Library = "CLib");
    end destructor;
  end Counter;

  function counterStart
    input Counter counter;
    output Integer n;
  external "C" n = CLib_counterStart(counter) annotation(Library = "CLib");
  end counterStart;

  impure function live "the counters alive"
    output Integer n;
  external "C" n = CLib_counterLive() annotation(Library = "CLib");
  end live;

  impure function startOfNew "a protected external object: made by its binding, destroyed at the return"
    input Integer start;
    output Integer n;
  protected
    Counter counter = Counter(start);
  algorithm
    n := counterStart(counter) * 10 + live();
  end startOfNew;

  function fallback "x + 0.5, from Resources/Source (no build description names CLibFallback)"
    input Real x;
    output Real y;
  external "C" y = CLib_fallback(x) annotation(Library = "CLibFallback");
  end fallback;

  pure function greeting "a String result of C code"
    input String name;
    output String text;
  external "C" text = CLib_greeting(name) annotation(Library = "CLibFallback");
  end greeting;

  pure function split "String outputs of C code: the first word and the rest"
    input String text;
    output String first;
    output String rest;
  external "C" CLib_split(text, first, rest) annotation(Library = "CLibFallback");
  end split;

  pure function length "the length of a String, in C"
    input String text;
    output Integer n;
  external "C" n = CLib_length(text) annotation(Library = "CLibFallback");
  end length;

  function describe "Strings made at run time in a function: String(x), +, a relation, C"
    input Real x;
    output Integer n "the length of \"x = <x>\", negated where it reads \"x = 1\"";
  protected
    String s;
  algorithm
    s := "x = " + String(x);
    n := length(s);
    if s == "x = 1" then
      n := -n;
    end if;
  end describe;

  function secondWord "a String output of C code, used at run time"
    input String text;
    output Integer n;
  protected
    String first, rest;
  algorithm
    (first, rest) := split(text);
    n := length(rest);
  end secondWord;

  function digitsLength "String(x, significantDigits = d) with d known only at run time"
    input Real x;
    input Integer d;
    output Integer n;
  algorithm
    n := length(String(x, significantDigits = d));
  end digitsLength;

  function pickLength "an element of a String array whose index is known only at run time"
    input Integer i;
    output Integer n;
  protected
    String names[3] = {"a", "bb", "dddd"};
  algorithm
    n := length(names[i]);
  end pickLength;

  function madeLength "Strings made at run time in an array, read at a run-time index"
    input Real x;
    input Integer i;
    output Integer n;
  protected
    String texts[2];
  algorithm
    texts[1] := String(x);
    texts[2] := "x = " + String(x);
    n := length(texts[i]);
  end madeLength;

  function oneElement "a run-time subscript of one-element arrays whose elements are not slots"
    input Integer i;
    output Real y;
  protected
    String one[1] = {"=="};
    Real a[1] = {2.5};
  algorithm
    y := length(one[i]) + a[i];
  end oneElement;

  record Token "a record with a String field, as Modelica.Utilities.Types.TokenValue"
    Real real;
    String string;
    Integer integer;
  end Token;

  function scan "assigns the String field of a record output, under a run-time condition"
    input Real x;
    output Token token;
  algorithm
    token.real := x;
    token.string := "";
    token.integer := 1;
    if x > 0.5 then
      token.string := "x = " + String(x);
    end if;
  end scan;

  function tokenLength "the length of the String field of scan's token, plus its integer"
    input Real x;
    output Integer n;
  protected
    Token token;
  algorithm
    token := scan(x);
    n := length(token.string) + token.integer;
  end tokenLength;

  function twice "2 x, from a static function of Resources/Include/clib_inline.h"
    input Real x;
    output Real y;
  external "C" y = CLib_twice(x) annotation(Include = "#include \"clib_inline.h\"");
  end twice;

  function weightedSum "the C code is in the Include annotation: a static function whose
    prototype takes a size_t and a long, which the C thunk converts to"
    input Real w[:];
    input Integer k[size(w, 1)];
    output Real s;
  external "C" s = weighted_sum(w, k, size(w, 1)) annotation(Include = "
#include <stddef.h>
static double weighted_sum(const double *w, const int *k, size_t n) {
  double s = 0;
  size_t i;
  for (i = 0; i < n; ++i)
    s += w[i] * k[i];
  return s;
}");
  end weightedSum;

  function hypot "a function of the C library, declared by the Include"
    input Real x;
    input Real y;
    output Real z;
  external "C" z = hypot(x, y) annotation(Include = "#include <math.h>");
  end hypot;

  impure function push "adds x to a sum that the C code keeps"
    input Real x;
  external "C" CLib_push(x) annotation(Include = "
static double clib_sum = 0;
void CLib_push(double x) { clib_sum += x; }
double CLib_sum(void) { return clib_sum; }");
  end push;

  impure function total "the sum that push keeps"
    output Real s;
  external "C" s = CLib_sum() annotation(Include = "
static double clib_sum = 0;
void CLib_push(double x) { clib_sum += x; }
double CLib_sum(void) { return clib_sum; }");
  end total;

  impure function pushTwice "two statements call push: both calls run"
    input Real x;
    output Real s;
  algorithm
    push(x);
    push(x);
    s := total();
  end pushTwice;

  package Examples
    model Values
      parameter Counter counter = Counter(7);
      Real f = counterStart(counter) + initialized() * time "7 + 42 time";
      parameter String hello = greeting("mocc") "made by C while translating";
      Real g = if hello == "hello, mocc!" then describe(time) else 0;
      Real a = scaled(time);
      Real b = fallback(time);
      Real c = twice(time);
      Real d = weightedSum({1, 2, 3}, {3, 2, 1}) + time;
      Real e = hypot(3, 4) * time;
      annotation(experiment(StopTime = 1));
    end Values;
  end Examples;
end CLib;
