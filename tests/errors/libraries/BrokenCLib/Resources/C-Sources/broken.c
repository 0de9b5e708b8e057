/* A C source with a mistake on line 4. */
double broken_f(double x) {
  double y = 2 * x;
  return y + z;
}
