// Variables of an operator record (MLS 14) in functions: scalars and
// arrays of it as inputs, outputs and protected variables, in loops, with
// its overloaded constructor, '+', '*', '0' and 'String', and sum().
package OperatorRecordArrays
  operator record Cx
    Real re;
    Real im;
    operator 'constructor'
      function fromReal
        input Real re;
        input Real im = 0;
        output Cx result(re = re, im = im);
      algorithm
        annotation(Inline = true);
      end fromReal;
    end 'constructor';
    operator function '+'
      input Cx a;
      input Cx b;
      output Cx c;
    algorithm
      c := Cx(a.re + b.re, a.im + b.im);
    end '+';
    operator '*'
      function multiply
        input Cx a;
        input Cx b;
        output Cx c;
      algorithm
        c := Cx(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
      end multiply;
      function scalarProduct "a[1] b[1] + ... (the vectors' product)"
        input Cx a[:];
        input Cx b[size(a, 1)];
        output Cx c;
      algorithm
        c := Cx(0);
        for i in 1:size(a, 1) loop
          c := c + multiply(a[i], b[i]);
        end for;
      end scalarProduct;
    end '*';
    operator function '0' "the zero of sum() of no element"
      output Cx z;
    algorithm
      z := Cx(0);
    end '0';
    operator function '0' "the zero of sum() of no element"
      output Cx z;
    algorithm
      z := Cx(0);
    end '0';
    operator function 'String'
      input Cx c;
      output String s;
    algorithm
      s := String(c.re) + "+" + String(c.im) + "j";
    end 'String';
  end Cx;

  // The scalar product of two vectors (a loop over arrays of Cx).
  function dot
    input Cx a[:];
    input Cx b[size(a, 1)];
    output Cx c;
  algorithm
    c := Cx(0);
    for i in 1:size(a, 1) loop
      c := c + a[i] * b[i];
    end for;
  end dot;

  // Each element rotated by phi (an array of Cx as output), through a
  // protected array; the while-loop makes it a compiled
  // function.
  function rotate
    input Cx a[:];
    input Real phi;
    output Cx b[size(a, 1)];
  protected
    Cx w[size(a, 1)] = fill(Cx(cos(phi), sin(phi)), size(a, 1));
    Integer k = 0;
  algorithm
    for i in 1:size(a, 1) loop
      b[i] := a[i] * w[i];
    end for;
    while k < 2 loop
      k := k + 1;
    end while;
    assert(String(b[1]) <> "", "String of a Cx is empty");
  end rotate;

  // The sum of the elements, read with a subscript known only at run time
  // (a while-loop is not unrolled).
  function total
    input Cx a[:];
    output Cx s = Cx(0);
  protected
    Integer k = 0;
  algorithm
    while k < size(a, 1) loop
      k := k + 1;
      s := s + a[k];
    end while;
  end total;

  model Test
    Cx d = dot({Cx(time, 1), Cx(2, time)}, {Cx(1), Cx(1, 1)});
    Cx z[2] = rotate({Cx(1), Cx(0, 1)}, time);
    Cx s = dot(z, {Cx(1), Cx(1)});
    Cx p = z * {Cx(1), Cx(1)}; // the scalar product again
    Cx q = total({z[1], z[2], Cx(time)});
    Cx u = sum(z) "with '+'";
    Cx none = sum(z[1:0]) "'0'";
    // Element-wise: each product on its own, not the scalar product
    // that `z * z` with an overloaded '*' of vectors would be.
    Cx e[2] = z .* {Cx(2), Cx(0, 1)};
  end Test;
end OperatorRecordArrays;
