/* CLibFallback: no build description names it, so every C file of the
   source folder (Resources/Source, the MLS default) makes it up. */
double CLib_fallback(double x) { return x + 0.5; }

#include <stdio.h>
#include <string.h>
#include "ModelicaUtilities.h"

/* A String result (MLS 12.9.6): memory from ModelicaAllocateString. */
const char *CLib_greeting(const char *name) {
  char *text = ModelicaAllocateString(strlen(name) + 8);
  sprintf(text, "hello, %s!", name);
  return text;
}

/* A String output: the caller's pointer gets the text. */
void CLib_split(const char *text, const char **first, const char **rest) {
  size_t n = strcspn(text, " ");
  char *a = ModelicaAllocateString(n);
  memcpy(a, text, n);
  *first = a;
  *rest = ModelicaDuplicateString(text[n] ? text + n + 1 : "");
}

int CLib_length(const char *text) { return (int)strlen(text); }
