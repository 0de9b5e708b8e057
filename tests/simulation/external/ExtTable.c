/* A tiny C library for the tests of external functions and objects
   (tests/simulation/ExternalTest.cpp, tests/simulation/models/ExtTable.mo):
   a table object with linear interpolation, a function with arrays and
   Integer outputs, one with Strings, and one that calls ModelicaError. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void ModelicaError(const char *string);
void ModelicaFormatError(const char *format, ...);
char *ModelicaDuplicateString(const char *str);

typedef struct {
  char *name;
  double *x, *y;
  size_t n;
} Table;

/* The number of tables alive: the tests check that destructors ran. */
static int liveTables = 0;

void *ExtTable_create(const char *name, const double *points, size_t rows) {
  if (rows < 2)
    ModelicaFormatError("table `%s` needs at least 2 rows, not %d", name, (int)rows);
  Table *t = malloc(sizeof(Table));
  t->name = strdup(name);
  t->n = rows;
  t->x = malloc(rows * sizeof(double));
  t->y = malloc(rows * sizeof(double));
  for (size_t i = 0; i < rows; ++i) { /* row-major [rows, 2] */
    t->x[i] = points[2 * i];
    t->y[i] = points[2 * i + 1];
  }
  ++liveTables;
  return t;
}

void ExtTable_destroy(void *object) {
  Table *t = object;
  free(t->name);
  free(t->x);
  free(t->y);
  free(t);
  --liveTables;
}

int ExtTable_live(void) { return liveTables; }

double ExtTable_value(void *object, double u) {
  const Table *t = object;
  size_t i = 1;
  while (i + 1 < t->n && u > t->x[i])
    ++i;
  double s = (u - t->x[i - 1]) / (t->x[i] - t->x[i - 1]);
  return t->y[i - 1] + s * (t->y[i] - t->y[i - 1]);
}

/* The derivative of ExtTable_value along du. */
double ExtTable_slope(void *object, double u, double du) {
  const Table *t = object;
  size_t i = 1;
  while (i + 1 < t->n && u > t->x[i])
    ++i;
  return du * (t->y[i] - t->y[i - 1]) / (t->x[i] - t->x[i - 1]);
}

/* y = k * x, n = the number of elements: the default mapping passes
   (x, size(x, 1), k, y, size(y, 1), n). */
void ExtTable_scale(const double *x, size_t nx, int k, double *y, size_t ny, int *n) {
  for (size_t i = 0; i < nx && i < ny; ++i)
    y[i] = k * x[i];
  *n = (int)nx;
}

/* The length of a name plus the number of Booleans that are true. */
int ExtTable_count(const char *name, const int *flags, int nflags) {
  char *copy = ModelicaDuplicateString(name);
  int count = (int)strlen(copy);
  for (int i = 0; i < nflags; ++i)
    count += flags[i] != 0;
  return count;
}

double ExtTable_checked(double x) {
  if (x > 0.5)
    ModelicaFormatError("x = %g is too large", x);
  return 2 * x;
}

/* A log of the values passed to ExtTable_log, for the tests of call
   statements: a function without outputs called in a when-clause must run
   once each time the clause fires, one in an initial algorithm once. */
#define LOG_SIZE 64
static double logged[LOG_SIZE];
static int logCount = 0;

void ExtTable_log(double x) {
  if (logCount < LOG_SIZE)
    logged[logCount] = x;
  ++logCount;
}

int ExtTable_logCount(void) { return logCount; }

/* The i-th value logged (1-based), or -1e300 if there is none. */
double ExtTable_logged(int i) {
  return i >= 1 && i <= logCount && i <= LOG_SIZE ? logged[i - 1] : -1e300;
}
