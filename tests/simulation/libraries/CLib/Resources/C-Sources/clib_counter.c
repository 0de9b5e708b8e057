/* An external object, and a C constructor that must run before any call. */
#include <stdlib.h>
#include "ModelicaUtilities.h"
#include "clib.h"

static int initialized = 0;

__attribute__((constructor)) static void initialize(void) { initialized = 42; }

int CLib_initialized(void) { return initialized; }

typedef struct {
  int start;
} Counter;

static int live = 0; /* counters made and not freed */

void *CLib_counterNew(int start) {
  Counter *c = (Counter *)malloc(sizeof(Counter));
  if (!c)
    ModelicaError("out of memory");
  c->start = start;
  ++live;
  return c;
}

void CLib_counterFree(void *counter) {
  if (counter)
    --live;
  free(counter);
}

int CLib_counterLive(void) { return live; }

int CLib_counterStart(void *counter) { return ((Counter *)counter)->start; }
