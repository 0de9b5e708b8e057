// RUN: mocc flatten --emit=plan %s
// Five pendulums whose angle is named twice, phi and phiRel = phi - c, both
// preferred as states: 32 equally good choices, so one selection matrix per
// pendulum and level, with x and y forced dummies. The forced columns'
// entries vary (sin, cos), but the rows left once they are eliminated are
// the tie phiRel = phi - c and its derivatives, constant: each matrix's
// choice is made once, at the start ("constant pivots"), and IDA runs in its
// normal mode without rating anything after each step.
model ConstantChoice
  parameter Integer n = 5;
  parameter Real c = 0.1;
  Real x[n], y[n], F[n];
  Real phi[n](each stateSelect = StateSelect.prefer, start = {0.1 * i for i in 1:n}, each fixed = true);
  Real phiRel[n](each stateSelect = StateSelect.prefer);
  Real w[n](each start = 0, each fixed = true);
equation
  for i in 1:n loop
    der(der(x[i])) = -F[i] * x[i];
    der(der(y[i])) = -F[i] * y[i] - 9.81;
    x[i] = sin(phiRel[i] + c);
    y[i] = -cos(phi[i]);
    phiRel[i] = phi[i] - c;
    w[i] = der(phi[i]);
  end for;
end ConstantChoice;

// CHECK:STDOUT: plan ConstantChoice: 117 slots, 6 kernels
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_residual (jvp)
// CHECK:STDOUT:   phiRel[1] := phi[1] - c
// CHECK:STDOUT:   res[0] := $stateSet6.x[1] - ($stateSet6.A[1,1] * phi[1] + $stateSet6.A[1,2] * phiRel[1])
// CHECK:STDOUT:   x[1] := sin(phiRel[1] + c)
// CHECK:STDOUT:   y[1] := -cos(phi[1])
// CHECK:STDOUT:   der(phiRel[1]) := der(phi[1])
// CHECK:STDOUT:   res[1] := $stateSet1.x[1] - ($stateSet1.A[1,1] * der(phi[1]) + $stateSet1.A[1,2] * der(phiRel[1]))
// CHECK:STDOUT:   der(der(x[1])) := -F[1] * x[1]
// CHECK:STDOUT:   der(der(y[1])) := -F[1] * y[1] - 9.81
// CHECK:STDOUT:   der(der(phi[1])) := der(der(phiRel[1]))
// CHECK:STDOUT:   res[2] := der(der(y[1])) - (cos(phi[1]) * der(phi[1]) * der(phi[1]) + sin(phi[1]) * der(der(phi[1])))
// CHECK:STDOUT:   res[3] := der(der(x[1])) - ((-sin(phiRel[1] + c) * der(phiRel[1])) * der(phiRel[1]) + cos(phiRel[1] + c) * der(der(phiRel[1])))
// CHECK:STDOUT:   w[1] := der(phi[1])
// CHECK:STDOUT:   phiRel[2] := phi[2] - c
// CHECK:STDOUT:   res[4] := $stateSet7.x[1] - ($stateSet7.A[1,1] * phi[2] + $stateSet7.A[1,2] * phiRel[2])
// CHECK:STDOUT:   x[2] := sin(phiRel[2] + c)
// CHECK:STDOUT:   y[2] := -cos(phi[2])
// CHECK:STDOUT:   der(phiRel[2]) := der(phi[2])
// CHECK:STDOUT:   res[5] := $stateSet2.x[1] - ($stateSet2.A[1,1] * der(phi[2]) + $stateSet2.A[1,2] * der(phiRel[2]))
// CHECK:STDOUT:   der(der(x[2])) := -F[2] * x[2]
// CHECK:STDOUT:   der(der(y[2])) := -F[2] * y[2] - 9.81
// CHECK:STDOUT:   der(der(phi[2])) := der(der(phiRel[2]))
// CHECK:STDOUT:   res[6] := der(der(y[2])) - (cos(phi[2]) * der(phi[2]) * der(phi[2]) + sin(phi[2]) * der(der(phi[2])))
// CHECK:STDOUT:   res[7] := der(der(x[2])) - ((-sin(phiRel[2] + c) * der(phiRel[2])) * der(phiRel[2]) + cos(phiRel[2] + c) * der(der(phiRel[2])))
// CHECK:STDOUT:   w[2] := der(phi[2])
// CHECK:STDOUT:   phiRel[3] := phi[3] - c
// CHECK:STDOUT:   res[8] := $stateSet8.x[1] - ($stateSet8.A[1,1] * phi[3] + $stateSet8.A[1,2] * phiRel[3])
// CHECK:STDOUT:   x[3] := sin(phiRel[3] + c)
// CHECK:STDOUT:   y[3] := -cos(phi[3])
// CHECK:STDOUT:   der(phiRel[3]) := der(phi[3])
// CHECK:STDOUT:   res[9] := $stateSet3.x[1] - ($stateSet3.A[1,1] * der(phi[3]) + $stateSet3.A[1,2] * der(phiRel[3]))
// CHECK:STDOUT:   der(der(x[3])) := -F[3] * x[3]
// CHECK:STDOUT:   der(der(y[3])) := -F[3] * y[3] - 9.81
// CHECK:STDOUT:   der(der(phi[3])) := der(der(phiRel[3]))
// CHECK:STDOUT:   res[10] := der(der(y[3])) - (cos(phi[3]) * der(phi[3]) * der(phi[3]) + sin(phi[3]) * der(der(phi[3])))
// CHECK:STDOUT:   res[11] := der(der(x[3])) - ((-sin(phiRel[3] + c) * der(phiRel[3])) * der(phiRel[3]) + cos(phiRel[3] + c) * der(der(phiRel[3])))
// CHECK:STDOUT:   w[3] := der(phi[3])
// CHECK:STDOUT:   phiRel[4] := phi[4] - c
// CHECK:STDOUT:   res[12] := $stateSet9.x[1] - ($stateSet9.A[1,1] * phi[4] + $stateSet9.A[1,2] * phiRel[4])
// CHECK:STDOUT:   x[4] := sin(phiRel[4] + c)
// CHECK:STDOUT:   y[4] := -cos(phi[4])
// CHECK:STDOUT:   der(phiRel[4]) := der(phi[4])
// CHECK:STDOUT:   res[13] := $stateSet4.x[1] - ($stateSet4.A[1,1] * der(phi[4]) + $stateSet4.A[1,2] * der(phiRel[4]))
// CHECK:STDOUT:   der(der(x[4])) := -F[4] * x[4]
// CHECK:STDOUT:   der(der(y[4])) := -F[4] * y[4] - 9.81
// CHECK:STDOUT:   der(der(phi[4])) := der(der(phiRel[4]))
// CHECK:STDOUT:   res[14] := der(der(y[4])) - (cos(phi[4]) * der(phi[4]) * der(phi[4]) + sin(phi[4]) * der(der(phi[4])))
// CHECK:STDOUT:   res[15] := der(der(x[4])) - ((-sin(phiRel[4] + c) * der(phiRel[4])) * der(phiRel[4]) + cos(phiRel[4] + c) * der(der(phiRel[4])))
// CHECK:STDOUT:   w[4] := der(phi[4])
// CHECK:STDOUT:   phiRel[5] := phi[5] - c
// CHECK:STDOUT:   res[16] := $stateSet10.x[1] - ($stateSet10.A[1,1] * phi[5] + $stateSet10.A[1,2] * phiRel[5])
// CHECK:STDOUT:   x[5] := sin(phiRel[5] + c)
// CHECK:STDOUT:   y[5] := -cos(phi[5])
// CHECK:STDOUT:   der(phiRel[5]) := der(phi[5])
// CHECK:STDOUT:   res[17] := $stateSet5.x[1] - ($stateSet5.A[1,1] * der(phi[5]) + $stateSet5.A[1,2] * der(phiRel[5]))
// CHECK:STDOUT:   der(der(x[5])) := -F[5] * x[5]
// CHECK:STDOUT:   der(der(y[5])) := -F[5] * y[5] - 9.81
// CHECK:STDOUT:   der(der(phi[5])) := der(der(phiRel[5]))
// CHECK:STDOUT:   res[18] := der(der(y[5])) - (cos(phi[5]) * der(phi[5]) * der(phi[5]) + sin(phi[5]) * der(der(phi[5])))
// CHECK:STDOUT:   res[19] := der(der(x[5])) - ((-sin(phiRel[5] + c) * der(phiRel[5])) * der(phiRel[5]) + cos(phiRel[5] + c) * der(der(phiRel[5])))
// CHECK:STDOUT:   w[5] := der(phi[5])
// CHECK:STDOUT:   der(y[1]) := sin(phi[1]) * der(phi[1])
// CHECK:STDOUT:   der(x[1]) := cos(phiRel[1] + c) * der(phiRel[1])
// CHECK:STDOUT:   der(y[2]) := sin(phi[2]) * der(phi[2])
// CHECK:STDOUT:   der(x[2]) := cos(phiRel[2] + c) * der(phiRel[2])
// CHECK:STDOUT:   der(y[3]) := sin(phi[3]) * der(phi[3])
// CHECK:STDOUT:   der(x[3]) := cos(phiRel[3] + c) * der(phiRel[3])
// CHECK:STDOUT:   der(y[4]) := sin(phi[4]) * der(phi[4])
// CHECK:STDOUT:   der(x[4]) := cos(phiRel[4] + c) * der(phiRel[4])
// CHECK:STDOUT:   der(y[5]) := sin(phi[5]) * der(phi[5])
// CHECK:STDOUT:   der(x[5]) := cos(phiRel[5] + c) * der(phiRel[5])
// CHECK:STDOUT:   res[20] := der($stateSet1.x[1]) - ($stateSet1.A[1,1] * der(der(phi[1])) + $stateSet1.A[1,2] * der(der(phiRel[1])))
// CHECK:STDOUT:   res[21] := der($stateSet2.x[1]) - ($stateSet2.A[1,1] * der(der(phi[2])) + $stateSet2.A[1,2] * der(der(phiRel[2])))
// CHECK:STDOUT:   res[22] := der($stateSet3.x[1]) - ($stateSet3.A[1,1] * der(der(phi[3])) + $stateSet3.A[1,2] * der(der(phiRel[3])))
// CHECK:STDOUT:   res[23] := der($stateSet4.x[1]) - ($stateSet4.A[1,1] * der(der(phi[4])) + $stateSet4.A[1,2] * der(der(phiRel[4])))
// CHECK:STDOUT:   res[24] := der($stateSet5.x[1]) - ($stateSet5.A[1,1] * der(der(phi[5])) + $stateSet5.A[1,2] * der(der(phiRel[5])))
// CHECK:STDOUT:   res[25] := der($stateSet6.x[1]) - ($stateSet6.A[1,1] * der(phi[1]) + $stateSet6.A[1,2] * der(phiRel[1]))
// CHECK:STDOUT:   der(der($stateSet6.x[1])) := $stateSet6.A[1,1] * der(der(phi[1])) + $stateSet6.A[1,2] * der(der(phiRel[1]))
// CHECK:STDOUT:   res[26] := der($stateSet7.x[1]) - ($stateSet7.A[1,1] * der(phi[2]) + $stateSet7.A[1,2] * der(phiRel[2]))
// CHECK:STDOUT:   der(der($stateSet7.x[1])) := $stateSet7.A[1,1] * der(der(phi[2])) + $stateSet7.A[1,2] * der(der(phiRel[2]))
// CHECK:STDOUT:   res[27] := der($stateSet8.x[1]) - ($stateSet8.A[1,1] * der(phi[3]) + $stateSet8.A[1,2] * der(phiRel[3]))
// CHECK:STDOUT:   der(der($stateSet8.x[1])) := $stateSet8.A[1,1] * der(der(phi[3])) + $stateSet8.A[1,2] * der(der(phiRel[3]))
// CHECK:STDOUT:   res[28] := der($stateSet9.x[1]) - ($stateSet9.A[1,1] * der(phi[4]) + $stateSet9.A[1,2] * der(phiRel[4]))
// CHECK:STDOUT:   der(der($stateSet9.x[1])) := $stateSet9.A[1,1] * der(der(phi[4])) + $stateSet9.A[1,2] * der(der(phiRel[4]))
// CHECK:STDOUT:   res[29] := der($stateSet10.x[1]) - ($stateSet10.A[1,1] * der(phi[5]) + $stateSet10.A[1,2] * der(phiRel[5]))
// CHECK:STDOUT:   der(der($stateSet10.x[1])) := $stateSet10.A[1,1] * der(der(phi[5])) + $stateSet10.A[1,2] * der(der(phiRel[5]))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_state_pivots (jvp)
// CHECK:STDOUT:   res[0] := der(y[1]) - sin(phi[1]) * der(phi[1])
// CHECK:STDOUT:   res[1] := der(x[1]) - cos(phiRel[1] + c) * der(phiRel[1])
// CHECK:STDOUT:   res[2] := der(phiRel[1]) - der(phi[1])
// CHECK:STDOUT:   res[3] := der(der(y[1])) - (cos(phi[1]) * der(phi[1]) * der(phi[1]) + sin(phi[1]) * der(der(phi[1])))
// CHECK:STDOUT:   res[4] := der(der(x[1])) - ((-sin(phiRel[1] + c) * der(phiRel[1])) * der(phiRel[1]) + cos(phiRel[1] + c) * der(der(phiRel[1])))
// CHECK:STDOUT:   res[5] := der(der(phiRel[1])) - der(der(phi[1]))
// CHECK:STDOUT:   res[6] := der(y[2]) - sin(phi[2]) * der(phi[2])
// CHECK:STDOUT:   res[7] := der(x[2]) - cos(phiRel[2] + c) * der(phiRel[2])
// CHECK:STDOUT:   res[8] := der(phiRel[2]) - der(phi[2])
// CHECK:STDOUT:   res[9] := der(der(y[2])) - (cos(phi[2]) * der(phi[2]) * der(phi[2]) + sin(phi[2]) * der(der(phi[2])))
// CHECK:STDOUT:   res[10] := der(der(x[2])) - ((-sin(phiRel[2] + c) * der(phiRel[2])) * der(phiRel[2]) + cos(phiRel[2] + c) * der(der(phiRel[2])))
// CHECK:STDOUT:   res[11] := der(der(phiRel[2])) - der(der(phi[2]))
// CHECK:STDOUT:   res[12] := der(y[3]) - sin(phi[3]) * der(phi[3])
// CHECK:STDOUT:   res[13] := der(x[3]) - cos(phiRel[3] + c) * der(phiRel[3])
// CHECK:STDOUT:   res[14] := der(phiRel[3]) - der(phi[3])
// CHECK:STDOUT:   res[15] := der(der(y[3])) - (cos(phi[3]) * der(phi[3]) * der(phi[3]) + sin(phi[3]) * der(der(phi[3])))
// CHECK:STDOUT:   res[16] := der(der(x[3])) - ((-sin(phiRel[3] + c) * der(phiRel[3])) * der(phiRel[3]) + cos(phiRel[3] + c) * der(der(phiRel[3])))
// CHECK:STDOUT:   res[17] := der(der(phiRel[3])) - der(der(phi[3]))
// CHECK:STDOUT:   res[18] := der(y[4]) - sin(phi[4]) * der(phi[4])
// CHECK:STDOUT:   res[19] := der(x[4]) - cos(phiRel[4] + c) * der(phiRel[4])
// CHECK:STDOUT:   res[20] := der(phiRel[4]) - der(phi[4])
// CHECK:STDOUT:   res[21] := der(der(y[4])) - (cos(phi[4]) * der(phi[4]) * der(phi[4]) + sin(phi[4]) * der(der(phi[4])))
// CHECK:STDOUT:   res[22] := der(der(x[4])) - ((-sin(phiRel[4] + c) * der(phiRel[4])) * der(phiRel[4]) + cos(phiRel[4] + c) * der(der(phiRel[4])))
// CHECK:STDOUT:   res[23] := der(der(phiRel[4])) - der(der(phi[4]))
// CHECK:STDOUT:   res[24] := der(y[5]) - sin(phi[5]) * der(phi[5])
// CHECK:STDOUT:   res[25] := der(x[5]) - cos(phiRel[5] + c) * der(phiRel[5])
// CHECK:STDOUT:   res[26] := der(phiRel[5]) - der(phi[5])
// CHECK:STDOUT:   res[27] := der(der(y[5])) - (cos(phi[5]) * der(phi[5]) * der(phi[5]) + sin(phi[5]) * der(der(phi[5])))
// CHECK:STDOUT:   res[28] := der(der(x[5])) - ((-sin(phiRel[5] + c) * der(phiRel[5])) * der(phiRel[5]) + cos(phiRel[5] + c) * der(der(phiRel[5])))
// CHECK:STDOUT:   res[29] := der(der(phiRel[5])) - der(der(phi[5]))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_parameters
// CHECK:STDOUT:   n := 5
// CHECK:STDOUT:   c := 0.1
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_start
// CHECK:STDOUT:   phi[1] := 0.1
// CHECK:STDOUT:   phi[2] := 0.2
// CHECK:STDOUT:   phi[3] := 0.30000000000000004
// CHECK:STDOUT:   phi[4] := 0.4
// CHECK:STDOUT:   phi[5] := 0.5
// CHECK:STDOUT:   w[1] := 0
// CHECK:STDOUT:   w[2] := 0
// CHECK:STDOUT:   w[3] := 0
// CHECK:STDOUT:   w[4] := 0
// CHECK:STDOUT:   w[5] := 0
// CHECK:STDOUT:   $stateSet1.A[1,1] := 1
// CHECK:STDOUT:   $stateSet1.A[1,2] := 0
// CHECK:STDOUT:   $stateSet2.A[1,1] := 1
// CHECK:STDOUT:   $stateSet2.A[1,2] := 0
// CHECK:STDOUT:   $stateSet3.A[1,1] := 1
// CHECK:STDOUT:   $stateSet3.A[1,2] := 0
// CHECK:STDOUT:   $stateSet4.A[1,1] := 1
// CHECK:STDOUT:   $stateSet4.A[1,2] := 0
// CHECK:STDOUT:   $stateSet5.A[1,1] := 1
// CHECK:STDOUT:   $stateSet5.A[1,2] := 0
// CHECK:STDOUT:   $stateSet6.A[1,1] := 1
// CHECK:STDOUT:   $stateSet6.A[1,2] := 0
// CHECK:STDOUT:   $stateSet7.A[1,1] := 1
// CHECK:STDOUT:   $stateSet7.A[1,2] := 0
// CHECK:STDOUT:   $stateSet8.A[1,1] := 1
// CHECK:STDOUT:   $stateSet8.A[1,2] := 0
// CHECK:STDOUT:   $stateSet9.A[1,1] := 1
// CHECK:STDOUT:   $stateSet9.A[1,2] := 0
// CHECK:STDOUT:   $stateSet10.A[1,1] := 1
// CHECK:STDOUT:   $stateSet10.A[1,2] := 0
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_0
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     phi[1] := 0.1
// CHECK:STDOUT:     w[1] := 0
// CHECK:STDOUT:     phi[2] := 0.2
// CHECK:STDOUT:     w[2] := 0
// CHECK:STDOUT:     phi[3] := 0.30000000000000004
// CHECK:STDOUT:     w[3] := 0
// CHECK:STDOUT:     phi[4] := 0.4
// CHECK:STDOUT:     w[4] := 0
// CHECK:STDOUT:     phi[5] := 0.5
// CHECK:STDOUT:     w[5] := 0
// CHECK:STDOUT:     phiRel[1] := phi[1] - c
// CHECK:STDOUT:     x[1] := sin(phiRel[1] + c)
// CHECK:STDOUT:     der(phi[1]) := w[1]
// CHECK:STDOUT:     der(phiRel[1]) := der(phi[1])
// CHECK:STDOUT:     y[1] := -cos(phi[1])
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     phiRel[2] := phi[2] - c
// CHECK:STDOUT:     x[2] := sin(phiRel[2] + c)
// CHECK:STDOUT:     der(phi[2]) := w[2]
// CHECK:STDOUT:     der(phiRel[2]) := der(phi[2])
// CHECK:STDOUT:     y[2] := -cos(phi[2])
// CHECK:STDOUT:   case 2
// CHECK:STDOUT:     phiRel[3] := phi[3] - c
// CHECK:STDOUT:     x[3] := sin(phiRel[3] + c)
// CHECK:STDOUT:     der(phi[3]) := w[3]
// CHECK:STDOUT:     der(phiRel[3]) := der(phi[3])
// CHECK:STDOUT:     y[3] := -cos(phi[3])
// CHECK:STDOUT:   case 3
// CHECK:STDOUT:     phiRel[4] := phi[4] - c
// CHECK:STDOUT:     x[4] := sin(phiRel[4] + c)
// CHECK:STDOUT:     der(phi[4]) := w[4]
// CHECK:STDOUT:     der(phiRel[4]) := der(phi[4])
// CHECK:STDOUT:     y[4] := -cos(phi[4])
// CHECK:STDOUT:   case 4
// CHECK:STDOUT:     phiRel[5] := phi[5] - c
// CHECK:STDOUT:     x[5] := sin(phiRel[5] + c)
// CHECK:STDOUT:     der(phi[5]) := w[5]
// CHECK:STDOUT:     der(phiRel[5]) := der(phi[5])
// CHECK:STDOUT:     y[5] := -cos(phi[5])
// CHECK:STDOUT:   case 5
// CHECK:STDOUT:     der(y[1]) := sin(phi[1]) * der(phi[1])
// CHECK:STDOUT:     der(x[1]) := cos(phiRel[1] + c) * der(phiRel[1])
// CHECK:STDOUT:     der(y[2]) := sin(phi[2]) * der(phi[2])
// CHECK:STDOUT:     der(x[2]) := cos(phiRel[2] + c) * der(phiRel[2])
// CHECK:STDOUT:     der(y[3]) := sin(phi[3]) * der(phi[3])
// CHECK:STDOUT:     der(x[3]) := cos(phiRel[3] + c) * der(phiRel[3])
// CHECK:STDOUT:     der(y[4]) := sin(phi[4]) * der(phi[4])
// CHECK:STDOUT:     der(x[4]) := cos(phiRel[4] + c) * der(phiRel[4])
// CHECK:STDOUT:     der(y[5]) := sin(phi[5]) * der(phi[5])
// CHECK:STDOUT:     der(x[5]) := cos(phiRel[5] + c) * der(phiRel[5])
// CHECK:STDOUT:     $stateSet1.x[1] := $stateSet1.A[1,1] * der(phi[1]) + $stateSet1.A[1,2] * der(phiRel[1])
// CHECK:STDOUT:     der($stateSet1.x[1]) := $stateSet1.A[1,1] * der(der(phi[1])) + $stateSet1.A[1,2] * der(der(phiRel[1]))
// CHECK:STDOUT:     $stateSet2.x[1] := $stateSet2.A[1,1] * der(phi[2]) + $stateSet2.A[1,2] * der(phiRel[2])
// CHECK:STDOUT:     der($stateSet2.x[1]) := $stateSet2.A[1,1] * der(der(phi[2])) + $stateSet2.A[1,2] * der(der(phiRel[2]))
// CHECK:STDOUT:     $stateSet3.x[1] := $stateSet3.A[1,1] * der(phi[3]) + $stateSet3.A[1,2] * der(phiRel[3])
// CHECK:STDOUT:     der($stateSet3.x[1]) := $stateSet3.A[1,1] * der(der(phi[3])) + $stateSet3.A[1,2] * der(der(phiRel[3]))
// CHECK:STDOUT:     $stateSet4.x[1] := $stateSet4.A[1,1] * der(phi[4]) + $stateSet4.A[1,2] * der(phiRel[4])
// CHECK:STDOUT:     der($stateSet4.x[1]) := $stateSet4.A[1,1] * der(der(phi[4])) + $stateSet4.A[1,2] * der(der(phiRel[4]))
// CHECK:STDOUT:     $stateSet5.x[1] := $stateSet5.A[1,1] * der(phi[5]) + $stateSet5.A[1,2] * der(phiRel[5])
// CHECK:STDOUT:     der($stateSet5.x[1]) := $stateSet5.A[1,1] * der(der(phi[5])) + $stateSet5.A[1,2] * der(der(phiRel[5]))
// CHECK:STDOUT:     $stateSet6.x[1] := $stateSet6.A[1,1] * phi[1] + $stateSet6.A[1,2] * phiRel[1]
// CHECK:STDOUT:     der($stateSet6.x[1]) := $stateSet6.A[1,1] * der(phi[1]) + $stateSet6.A[1,2] * der(phiRel[1])
// CHECK:STDOUT:     der(der($stateSet6.x[1])) := $stateSet6.A[1,1] * der(der(phi[1])) + $stateSet6.A[1,2] * der(der(phiRel[1]))
// CHECK:STDOUT:     $stateSet7.x[1] := $stateSet7.A[1,1] * phi[2] + $stateSet7.A[1,2] * phiRel[2]
// CHECK:STDOUT:     der($stateSet7.x[1]) := $stateSet7.A[1,1] * der(phi[2]) + $stateSet7.A[1,2] * der(phiRel[2])
// CHECK:STDOUT:     der(der($stateSet7.x[1])) := $stateSet7.A[1,1] * der(der(phi[2])) + $stateSet7.A[1,2] * der(der(phiRel[2]))
// CHECK:STDOUT:     $stateSet8.x[1] := $stateSet8.A[1,1] * phi[3] + $stateSet8.A[1,2] * phiRel[3]
// CHECK:STDOUT:     der($stateSet8.x[1]) := $stateSet8.A[1,1] * der(phi[3]) + $stateSet8.A[1,2] * der(phiRel[3])
// CHECK:STDOUT:     der(der($stateSet8.x[1])) := $stateSet8.A[1,1] * der(der(phi[3])) + $stateSet8.A[1,2] * der(der(phiRel[3]))
// CHECK:STDOUT:     $stateSet9.x[1] := $stateSet9.A[1,1] * phi[4] + $stateSet9.A[1,2] * phiRel[4]
// CHECK:STDOUT:     der($stateSet9.x[1]) := $stateSet9.A[1,1] * der(phi[4]) + $stateSet9.A[1,2] * der(phiRel[4])
// CHECK:STDOUT:     der(der($stateSet9.x[1])) := $stateSet9.A[1,1] * der(der(phi[4])) + $stateSet9.A[1,2] * der(der(phiRel[4]))
// CHECK:STDOUT:     $stateSet10.x[1] := $stateSet10.A[1,1] * phi[5] + $stateSet10.A[1,2] * phiRel[5]
// CHECK:STDOUT:     der($stateSet10.x[1]) := $stateSet10.A[1,1] * der(phi[5]) + $stateSet10.A[1,2] * der(phiRel[5])
// CHECK:STDOUT:     der(der($stateSet10.x[1])) := $stateSet10.A[1,1] * der(der(phi[5])) + $stateSet10.A[1,2] * der(der(phiRel[5]))
// CHECK:STDOUT:
// CHECK:STDOUT: kernel mocc_init_batch_1 (jvp)
// CHECK:STDOUT:   case 0
// CHECK:STDOUT:     der(der(x[1])) := -F[1] * x[1]
// CHECK:STDOUT:     der(der(y[1])) := -F[1] * y[1] - 9.81
// CHECK:STDOUT:     der(der(phiRel[1])) := der(der(phi[1]))
// CHECK:STDOUT:     res[0] := der(der(y[1])) - (cos(phi[1]) * der(phi[1]) * der(phi[1]) + sin(phi[1]) * der(der(phi[1])))
// CHECK:STDOUT:     res[1] := der(der(x[1])) - ((-sin(phiRel[1] + c) * der(phiRel[1])) * der(phiRel[1]) + cos(phiRel[1] + c) * der(der(phiRel[1])))
// CHECK:STDOUT:   case 1
// CHECK:STDOUT:     der(der(x[2])) := -F[2] * x[2]
// CHECK:STDOUT:     der(der(y[2])) := -F[2] * y[2] - 9.81
// CHECK:STDOUT:     der(der(phiRel[2])) := der(der(phi[2]))
// CHECK:STDOUT:     res[0] := der(der(y[2])) - (cos(phi[2]) * der(phi[2]) * der(phi[2]) + sin(phi[2]) * der(der(phi[2])))
// CHECK:STDOUT:     res[1] := der(der(x[2])) - ((-sin(phiRel[2] + c) * der(phiRel[2])) * der(phiRel[2]) + cos(phiRel[2] + c) * der(der(phiRel[2])))
// CHECK:STDOUT:   case 2
// CHECK:STDOUT:     der(der(x[3])) := -F[3] * x[3]
// CHECK:STDOUT:     der(der(y[3])) := -F[3] * y[3] - 9.81
// CHECK:STDOUT:     der(der(phiRel[3])) := der(der(phi[3]))
// CHECK:STDOUT:     res[0] := der(der(y[3])) - (cos(phi[3]) * der(phi[3]) * der(phi[3]) + sin(phi[3]) * der(der(phi[3])))
// CHECK:STDOUT:     res[1] := der(der(x[3])) - ((-sin(phiRel[3] + c) * der(phiRel[3])) * der(phiRel[3]) + cos(phiRel[3] + c) * der(der(phiRel[3])))
// CHECK:STDOUT:   case 3
// CHECK:STDOUT:     der(der(x[4])) := -F[4] * x[4]
// CHECK:STDOUT:     der(der(y[4])) := -F[4] * y[4] - 9.81
// CHECK:STDOUT:     der(der(phiRel[4])) := der(der(phi[4]))
// CHECK:STDOUT:     res[0] := der(der(y[4])) - (cos(phi[4]) * der(phi[4]) * der(phi[4]) + sin(phi[4]) * der(der(phi[4])))
// CHECK:STDOUT:     res[1] := der(der(x[4])) - ((-sin(phiRel[4] + c) * der(phiRel[4])) * der(phiRel[4]) + cos(phiRel[4] + c) * der(der(phiRel[4])))
// CHECK:STDOUT:   case 4
// CHECK:STDOUT:     der(der(x[5])) := -F[5] * x[5]
// CHECK:STDOUT:     der(der(y[5])) := -F[5] * y[5] - 9.81
// CHECK:STDOUT:     der(der(phiRel[5])) := der(der(phi[5]))
// CHECK:STDOUT:     res[0] := der(der(y[5])) - (cos(phi[5]) * der(phi[5]) * der(phi[5]) + sin(phi[5]) * der(der(phi[5])))
// CHECK:STDOUT:     res[1] := der(der(x[5])) - ((-sin(phiRel[5] + c) * der(phiRel[5])) * der(phiRel[5]) + cos(phiRel[5] + c) * der(der(phiRel[5])))
// CHECK:STDOUT:
// CHECK:STDOUT: parameters: mocc_parameters
// CHECK:STDOUT: constant slots: {n, c}
// CHECK:STDOUT: start values: mocc_start
// CHECK:STDOUT:
// CHECK:STDOUT: initialization
// CHECK:STDOUT:   assign mocc_init_batch_0 case 0
// CHECK:STDOUT:   solve mocc_init_batch_1 case 0 for {F[1], der(der(phi[1]))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {der(der(x[1])), der(der(y[1])), der(der(phiRel[1]))}
// CHECK:STDOUT:     the system of 5 equation(s) for `F[1]`, `der(der(phi[1]))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 1
// CHECK:STDOUT:   solve mocc_init_batch_1 case 1 for {F[2], der(der(phi[2]))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {der(der(x[2])), der(der(y[2])), der(der(phiRel[2]))}
// CHECK:STDOUT:     the system of 5 equation(s) for `F[2]`, `der(der(phi[2]))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 2
// CHECK:STDOUT:   solve mocc_init_batch_1 case 2 for {F[3], der(der(phi[3]))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {der(der(x[3])), der(der(y[3])), der(der(phiRel[3]))}
// CHECK:STDOUT:     the system of 5 equation(s) for `F[3]`, `der(der(phi[3]))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 3
// CHECK:STDOUT:   solve mocc_init_batch_1 case 3 for {F[4], der(der(phi[4]))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {der(der(x[4])), der(der(y[4])), der(der(phiRel[4]))}
// CHECK:STDOUT:     the system of 5 equation(s) for `F[4]`, `der(der(phi[4]))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 4
// CHECK:STDOUT:   solve mocc_init_batch_1 case 4 for {F[5], der(der(phi[5]))}
// CHECK:STDOUT:     jacobian 2 x 2, 4 nonzeros, 2 colors; assigns {der(der(x[5])), der(der(y[5])), der(der(phiRel[5]))}
// CHECK:STDOUT:     the system of 5 equation(s) for `F[5]`, `der(der(phi[5]))`
// CHECK:STDOUT:   assign mocc_init_batch_0 case 5
// CHECK:STDOUT:
// CHECK:STDOUT: dae: residual mocc_residual
// CHECK:STDOUT:   y (y'): {phi[1], der(phi[1]), F[1], der(der(phiRel[1])), phi[2], der(phi[2]), F[2], der(der(phiRel[2])), phi[3], der(phi[3]), F[3], der(der(phiRel[3])), phi[4], der(phi[4]), F[4], der(der(phiRel[4])), phi[5], der(phi[5]), F[5], der(der(phiRel[5])), $stateSet1.x[1] (der($stateSet1.x[1])), $stateSet2.x[1] (der($stateSet2.x[1])), $stateSet3.x[1] (der($stateSet3.x[1])), $stateSet4.x[1] (der($stateSet4.x[1])), $stateSet5.x[1] (der($stateSet5.x[1])), $stateSet6.x[1] (der($stateSet6.x[1])), $stateSet7.x[1] (der($stateSet7.x[1])), $stateSet8.x[1] (der($stateSet8.x[1])), $stateSet9.x[1] (der($stateSet9.x[1])), $stateSet10.x[1] (der($stateSet10.x[1]))}
// CHECK:STDOUT:   jacobian 30 x 30, 80 nonzeros, 4 colors
// CHECK:STDOUT:
// CHECK:STDOUT: state selection: pivot kernel mocc_state_pivots, 30 rows, columns {der(x[1]), der(der(x[1])), der(y[1]), der(der(y[1])), der(phi[1]), der(x[2]), der(der(x[2])), der(y[2]), der(der(y[2])), der(phi[2]), der(x[3]), der(der(x[3])), der(y[3]), der(der(y[3])), der(phi[3]), der(x[4]), der(der(x[4])), der(y[4]), der(der(y[4])), der(phi[4]), der(x[5]), der(der(x[5])), der(y[5]), der(der(y[5])), der(phi[5]), der(phiRel[1]), der(der(phi[1])), der(der(phiRel[1])), der(phiRel[2]), der(der(phi[2])), der(der(phiRel[2])), der(phiRel[3]), der(der(phi[3])), der(der(phiRel[3])), der(phiRel[4]), der(der(phi[4])), der(der(phiRel[4])), der(phiRel[5]), der(der(phi[5])), der(der(phiRel[5]))}
// CHECK:STDOUT:   selection matrix: 1 states of columns {26, 27}, forced {1, 3}, rows {3, 4, 5}, constant pivots
// CHECK:STDOUT:     A in {$stateSet1.A[1,1], $stateSet1.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {der(phi[1]), der(der(phi[1]))}
// CHECK:STDOUT:     column {der(phiRel[1]), der(der(phiRel[1]))}
// CHECK:STDOUT:     state {$stateSet1.x[1], der($stateSet1.x[1])}
// CHECK:STDOUT:   selection matrix: 1 states of columns {29, 30}, forced {6, 8}, rows {9, 10, 11}, constant pivots
// CHECK:STDOUT:     A in {$stateSet2.A[1,1], $stateSet2.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {der(phi[2]), der(der(phi[2]))}
// CHECK:STDOUT:     column {der(phiRel[2]), der(der(phiRel[2]))}
// CHECK:STDOUT:     state {$stateSet2.x[1], der($stateSet2.x[1])}
// CHECK:STDOUT:   selection matrix: 1 states of columns {32, 33}, forced {11, 13}, rows {15, 16, 17}, constant pivots
// CHECK:STDOUT:     A in {$stateSet3.A[1,1], $stateSet3.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {der(phi[3]), der(der(phi[3]))}
// CHECK:STDOUT:     column {der(phiRel[3]), der(der(phiRel[3]))}
// CHECK:STDOUT:     state {$stateSet3.x[1], der($stateSet3.x[1])}
// CHECK:STDOUT:   selection matrix: 1 states of columns {35, 36}, forced {16, 18}, rows {21, 22, 23}, constant pivots
// CHECK:STDOUT:     A in {$stateSet4.A[1,1], $stateSet4.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {der(phi[4]), der(der(phi[4]))}
// CHECK:STDOUT:     column {der(phiRel[4]), der(der(phiRel[4]))}
// CHECK:STDOUT:     state {$stateSet4.x[1], der($stateSet4.x[1])}
// CHECK:STDOUT:   selection matrix: 1 states of columns {38, 39}, forced {21, 23}, rows {27, 28, 29}, constant pivots
// CHECK:STDOUT:     A in {$stateSet5.A[1,1], $stateSet5.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {der(phi[5]), der(der(phi[5]))}
// CHECK:STDOUT:     column {der(phiRel[5]), der(der(phiRel[5]))}
// CHECK:STDOUT:     state {$stateSet5.x[1], der($stateSet5.x[1])}
// CHECK:STDOUT:   selection matrix: 1 states of columns {4, 25}, forced {0, 2}, rows {0, 1, 2}, constant pivots
// CHECK:STDOUT:     A in {$stateSet6.A[1,1], $stateSet6.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {phi[1], der(phi[1]), der(der(phi[1]))}
// CHECK:STDOUT:     column {phiRel[1], der(phiRel[1]), der(der(phiRel[1]))}
// CHECK:STDOUT:     state {$stateSet6.x[1], der($stateSet6.x[1]), der(der($stateSet6.x[1]))}
// CHECK:STDOUT:   selection matrix: 1 states of columns {9, 28}, forced {5, 7}, rows {6, 7, 8}, constant pivots
// CHECK:STDOUT:     A in {$stateSet7.A[1,1], $stateSet7.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {phi[2], der(phi[2]), der(der(phi[2]))}
// CHECK:STDOUT:     column {phiRel[2], der(phiRel[2]), der(der(phiRel[2]))}
// CHECK:STDOUT:     state {$stateSet7.x[1], der($stateSet7.x[1]), der(der($stateSet7.x[1]))}
// CHECK:STDOUT:   selection matrix: 1 states of columns {14, 31}, forced {10, 12}, rows {12, 13, 14}, constant pivots
// CHECK:STDOUT:     A in {$stateSet8.A[1,1], $stateSet8.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {phi[3], der(phi[3]), der(der(phi[3]))}
// CHECK:STDOUT:     column {phiRel[3], der(phiRel[3]), der(der(phiRel[3]))}
// CHECK:STDOUT:     state {$stateSet8.x[1], der($stateSet8.x[1]), der(der($stateSet8.x[1]))}
// CHECK:STDOUT:   selection matrix: 1 states of columns {19, 34}, forced {15, 17}, rows {18, 19, 20}, constant pivots
// CHECK:STDOUT:     A in {$stateSet9.A[1,1], $stateSet9.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {phi[4], der(phi[4]), der(der(phi[4]))}
// CHECK:STDOUT:     column {phiRel[4], der(phiRel[4]), der(der(phiRel[4]))}
// CHECK:STDOUT:     state {$stateSet9.x[1], der($stateSet9.x[1]), der(der($stateSet9.x[1]))}
// CHECK:STDOUT:   selection matrix: 1 states of columns {24, 37}, forced {20, 22}, rows {24, 25, 26}, constant pivots
// CHECK:STDOUT:     A in {$stateSet10.A[1,1], $stateSet10.A[1,2]}; initial columns {0}
// CHECK:STDOUT:     column {phi[5], der(phi[5]), der(der(phi[5]))}
// CHECK:STDOUT:     column {phiRel[5], der(phiRel[5]), der(der(phiRel[5]))}
// CHECK:STDOUT:     state {$stateSet10.x[1], der($stateSet10.x[1]), der(der($stateSet10.x[1]))}
// CHECK:STDOUT:
// CHECK:STDOUT: experiment: start 0, stop 1, interval 0, tolerance 1e-06
// CHECK:STDOUT: outputs
// CHECK:STDOUT:   n (parameter)
// CHECK:STDOUT:   c (parameter)
// CHECK:STDOUT:   x[1]
// CHECK:STDOUT:   x[2]
// CHECK:STDOUT:   x[3]
// CHECK:STDOUT:   x[4]
// CHECK:STDOUT:   x[5]
// CHECK:STDOUT:   y[1]
// CHECK:STDOUT:   y[2]
// CHECK:STDOUT:   y[3]
// CHECK:STDOUT:   y[4]
// CHECK:STDOUT:   y[5]
// CHECK:STDOUT:   F[1]
// CHECK:STDOUT:   F[2]
// CHECK:STDOUT:   F[3]
// CHECK:STDOUT:   F[4]
// CHECK:STDOUT:   F[5]
// CHECK:STDOUT:   phi[1]
// CHECK:STDOUT:   phi[2]
// CHECK:STDOUT:   phi[3]
// CHECK:STDOUT:   phi[4]
// CHECK:STDOUT:   phi[5]
// CHECK:STDOUT:   phiRel[1]
// CHECK:STDOUT:   phiRel[2]
// CHECK:STDOUT:   phiRel[3]
// CHECK:STDOUT:   phiRel[4]
// CHECK:STDOUT:   phiRel[5]
// CHECK:STDOUT:   w[1]
// CHECK:STDOUT:   w[2]
// CHECK:STDOUT:   w[3]
// CHECK:STDOUT:   w[4]
// CHECK:STDOUT:   w[5]
// CHECK:STDOUT:   der(x[1])
// CHECK:STDOUT:   der(der(x[1]))
// CHECK:STDOUT:   der(y[1])
// CHECK:STDOUT:   der(der(y[1]))
// CHECK:STDOUT:   der(phi[1])
// CHECK:STDOUT:   der(x[2])
// CHECK:STDOUT:   der(der(x[2]))
// CHECK:STDOUT:   der(y[2])
// CHECK:STDOUT:   der(der(y[2]))
// CHECK:STDOUT:   der(phi[2])
// CHECK:STDOUT:   der(x[3])
// CHECK:STDOUT:   der(der(x[3]))
// CHECK:STDOUT:   der(y[3])
// CHECK:STDOUT:   der(der(y[3]))
// CHECK:STDOUT:   der(phi[3])
// CHECK:STDOUT:   der(x[4])
// CHECK:STDOUT:   der(der(x[4]))
// CHECK:STDOUT:   der(y[4])
// CHECK:STDOUT:   der(der(y[4]))
// CHECK:STDOUT:   der(phi[4])
// CHECK:STDOUT:   der(x[5])
// CHECK:STDOUT:   der(der(x[5]))
// CHECK:STDOUT:   der(y[5])
// CHECK:STDOUT:   der(der(y[5]))
// CHECK:STDOUT:   der(phi[5])
