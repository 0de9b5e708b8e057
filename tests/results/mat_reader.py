"""A reader of MAT v4 result files (Dymola's dsres.mat and OpenModelica's
_res.mat layout, version 1.1 binTrans) written here with `struct` alone, so
that the tests check mocc's MAT files against a reader that is not mocc's.

    read(path) -> {"names": [...], "descriptions": [...], "info": [(matrix, row), ...],
                   "data": {1: [[...] per row], 2: [[...] per row]}}
    trajectories(mat) -> {name: [values at data_2's times]}
"""
import struct

TYPES = {0: ("d", 8), 1: ("f", 4), 2: ("i", 4), 3: ("h", 2), 4: ("H", 2), 5: ("B", 1)}


def matrices(path):
    """Every matrix of the file as (name, rows, columns, elements in column order)."""
    with open(path, "rb") as f:
        blob = f.read()
    at, out = 0, {}
    while at < len(blob):
        mopt, rows, cols, imag, namelen = struct.unpack_from("<5i", blob, at)
        assert mopt < 1000 and imag == 0, "little-endian real matrices expected"
        at += 20
        name = blob[at:at + namelen - 1].decode()
        at += namelen
        code, size = TYPES[(mopt // 10) % 10]
        count = rows * cols
        out[name] = (rows, cols, struct.unpack_from("<%d%s" % (count, code), blob, at))
        at += count * size
    return out


def strings(matrix):
    """The columns of a binTrans text matrix as strings, blanks stripped."""
    rows, cols, chars = matrix
    return ["".join(chr(int(c)) for c in chars[j * rows:(j + 1) * rows]).rstrip(" \0")
            for j in range(cols)]


def read(path):
    m = matrices(path)
    aclass = m["Aclass"]
    kinds = ["".join(chr(int(aclass[2][c * aclass[0] + r])) for c in range(aclass[1])).rstrip()
             for r in range(aclass[0])]
    assert kinds[:2] == ["Atrajectory", "1.1"] and kinds[3] == "binTrans", kinds
    names, descriptions = strings(m["name"]), strings(m["description"])
    rows, cols, info = m["dataInfo"]
    assert rows == 4 and cols == len(names)
    data = {}
    for k in (1, 2):
        r, c, values = m["data_%d" % k]
        data[k] = [values[p * r:(p + 1) * r] for p in range(c)]  # a list per time point
    return {"names": names, "descriptions": descriptions,
            "info": [(info[4 * j], info[4 * j + 1]) for j in range(cols)], "data": data}


def trajectories(mat):
    """Each variable's values at the times of data_2 (a parameter: its value throughout)."""
    points = mat["data"][2]
    out = {}
    for name, (matrix, row) in zip(mat["names"], mat["info"]):
        sign, index = (-1.0 if row < 0 else 1.0), abs(row) - 1
        if matrix == 1:
            out[name] = [sign * mat["data"][1][0][index]] * len(points)
        else:
            out[name] = [sign * p[index] for p in points]
    return out
