// The environment variable GLIBC_TUNABLES as the compiler's process sees
// it, through an external C function (for the cases compiler-huge-pages*).
package Tunables
  function value "GLIBC_TUNABLES, or (unset)"
    output String value;
    external "C" value = mocc_test_tunables()
      annotation(Include = "#include <stdlib.h>\nstatic const char *mocc_test_tunables(void) { const char *v = getenv(\"GLIBC_TUNABLES\"); return v ? v : \"(unset)\"; }");
  end value;
end Tunables;
