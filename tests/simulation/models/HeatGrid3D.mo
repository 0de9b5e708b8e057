model HeatGrid3D "bench/generate grid3d 4: 3-D heat conduction of 4 x 4 x 4 volumes, explicit ODEs in nested for-equations"
  parameter Integer N = 4 "volumes along x";
  parameter Integer M = N "volumes along y";
  parameter Integer P = N "volumes along z (layers, 1 at the heat sink)";
  parameter Real Lx = 0.01, Ly = 0.01 "chip width and depth";
  parameter Real Lz = 0.002 "chip thickness";
  parameter Real lambda = 148 "thermal conductivity (silicon)";
  parameter Real rhoC = 1.63e6 "volumetric heat capacity (silicon)";
  parameter Real T_sink = 300 "temperature of the heat sink under the bottom face";
  parameter Real P_background = 20 "power spread over the top face";
  parameter Real P_hotspot = 30 "power of a hot spot on the middle ninth of the top face";
  parameter Real dx = Lx / N, dy = Ly / M, dz = Lz / P "volume sizes";
  parameter Real Gx = lambda * dy * dz / dx "conductance between neighbours along x";
  parameter Real Gy = lambda * dx * dz / dy "conductance between neighbours along y";
  parameter Real Gz = lambda * dx * dy / dz "conductance between neighbours along z";
  parameter Real C = rhoC * dx * dy * dz "heat capacity of a volume";
  parameter Real q[N, M] = {{P_background / (N * M) + (if 3 * i > N and 3 * i <= 2 * N and 3 * j > M
    and 3 * j <= 2 * M then P_hotspot / (N * M / 9) else 0) for j in 1:M} for i in 1:N}
    "heat input into each top volume";
  Real T[N, M, P](each start = T_sink, each fixed = true) "volume temperatures";
equation
  for i in 1:N, j in 1:M, k in 1:P loop
    C * der(T[i, j, k]) =
      (if i > 1 then Gx * (T[i - 1, j, k] - T[i, j, k]) else 0)
      + (if i < N then Gx * (T[i + 1, j, k] - T[i, j, k]) else 0)
      + (if j > 1 then Gy * (T[i, j - 1, k] - T[i, j, k]) else 0)
      + (if j < M then Gy * (T[i, j + 1, k] - T[i, j, k]) else 0)
      + (if k > 1 then Gz * (T[i, j, k - 1] - T[i, j, k]) else 2 * Gz * (T_sink - T[i, j, k]))
      + (if k < P then Gz * (T[i, j, k + 1] - T[i, j, k]) else q[i, j]);
  end for;
  annotation(experiment(StopTime = 0.01));
end HeatGrid3D;
