/* CLibFallback: no build description names it, so every C file of the
   source folder (Resources/Source, the MLS default) makes it up. */
double CLib_fallback(double x) { return x + 0.5; }
