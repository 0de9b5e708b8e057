// 3-D heat conduction in 14 x 12 x 13 = 2,184 volumes as explicit ODEs (the
// bench's grid3d at a small size, not a cube): large enough for the automatic
// choice of GMRES with ILU(0), small enough for KLU.
model HeatGrid3DSmall
  parameter Integer N = 14, M = 12, P = 13;
  parameter Real Lx = 0.01, Ly = 0.01, Lz = 0.002;
  parameter Real lambda = 148, rhoC = 1.63e6, T_sink = 300;
  parameter Real dx = Lx / N, dy = Ly / M, dz = Lz / P;
  parameter Real Gx = lambda * dy * dz / dx, Gy = lambda * dx * dz / dy, Gz = lambda * dx * dy / dz;
  parameter Real C = rhoC * dx * dy * dz;
  parameter Real q[N, M] = {{(if i == 7 and j == 6 then 5 else 0.02) * (1 + 0.1 * i / N) for j in 1:M} for i in 1:N};
  Real T[N, M, P](each start = T_sink, each fixed = true);
equation
  for i in 1:N, j in 1:M, k in 1:P loop
    C * der(T[i, j, k]) =
      (if i > 1 then Gx * (T[i - 1, j, k] - T[i, j, k]) else 0)
      + (if i < N then Gx * (T[i + 1, j, k] - T[i, j, k]) else 0)
      + (if j > 1 then Gy * (T[i, j - 1, k] - T[i, j, k]) else 0)
      + (if j < M then Gy * (T[i, j + 1, k] - T[i, j, k]) else 0)
      + (if k > 1 then Gz * (T[i, j, k - 1] - T[i, j, k]) else 2 * Gz * (T_sink - T[i, j, k]))
      + (if k < P then Gz * (T[i, j, k + 1] - T[i, j, k]) else q[i, j] * (1 + sin(500 * time)));
  end for;
  annotation(experiment(StopTime = 0.02, Tolerance = 1e-6));
end HeatGrid3DSmall;
