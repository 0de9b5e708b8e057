// For `mocc eval 'Forever.f(1)'`: a function that never returns.
package Forever
  function f
    input Real u;
    output Real y;
  algorithm
    y := abs(u);
    while y >= 0 loop
      y := y + 1;
    end while;
  end f;
end Forever;
