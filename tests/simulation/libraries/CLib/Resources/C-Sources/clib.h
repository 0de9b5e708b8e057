#ifndef CLIB_H
#define CLIB_H
double CLib_scaled(double x);
int CLib_initialized(void);
void *CLib_counterNew(int start);
void CLib_counterFree(void *counter);
int CLib_counterStart(void *counter);
int CLib_counterLive(void);
double CLib_unused(double x);
#endif
