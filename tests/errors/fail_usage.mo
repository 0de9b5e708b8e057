// RUN: mocc simulate %s --stop-time abc
model Usage
  Real x = 1;
end Usage;
