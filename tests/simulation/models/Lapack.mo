within;
package Lapack "FORTRAN 77 external functions of the system's LAPACK (tests/simulation/CCodeTest.cpp)"
  function dgesv "solve A X = B"
    input Real A[:, size(A, 1)];
    input Real B[size(A, 1), :];
    output Real X[size(A, 1), size(B, 2)] = B;
    output Integer info;
  protected
    Real Awork[size(A, 1), size(A, 1)] = A;
    Integer ipiv[size(A, 1)];
  external "FORTRAN 77" dgesv(size(A, 1), size(B, 2), Awork, size(A, 1), ipiv, X, size(A, 1), info)
    annotation(Library = "lapack");
  end dgesv;

  function dlange "a norm of A: the character argument picks which"
    input String norm;
    input Real A[:, :];
    output Real value;
  protected
    Real work[size(A, 1)];
  external "FORTRAN 77" value = DLANGE(norm, size(A, 1), size(A, 2), A, size(A, 1), work)
    annotation(Library = "Lapack");
  end dlange;

  function normOf "dlange with a protected character argument, known or not while translating"
    input Boolean rows;
    input Real A[:, :];
    output Real value;
  protected
    String which = if rows then "I" else "1";
    Real work[size(A, 1)];
  external "FORTRAN 77" value = dlange(which, size(A, 1), size(A, 2), A, size(A, 1), work)
    annotation(Library = "lapack");
  end normOf;

  model Solve
    parameter Real A[3, 3] = [4, 1, 0; 2, 3, 1; 0, 5, 3];
    parameter Real B[3, 2] = [1, 0; 2, 1; 3, 7];
    Real X[3, 2];
    Integer info;
    Real oneNorm = dlange("1", A) "the largest column sum: 9";
    Real infNorm = dlange("I", A) "the largest row sum: 8";
    Real rowNorm = normOf(true, A) "8";
    Real switchedNorm = normOf(time > 0.5, A) "9, then 8";
  equation
    (X, info) = dgesv(A, (1 + time) * B);
  end Solve;
end Lapack;
