// RUN: mocc flatten %s
model ForLoops "for-equations with several iterators and a parameter-dependent size"
  parameter Integer n = 3;
  Real x[n, 2];
equation
  for i in 1:n, j in 1:2 loop
    x[i, j] = i * 10 + j;
  end for;
end ForLoops;
