// Sudoku (pzprjs "sudoku"): pencilsat's rows hold a digit per cell (letters above 9, '#' a
// gap left empty); pzprjs keeps a player's digit as anum, a given as qnum (-2: a gap, '?').
"use strict";

module.exports = require("./number_cells.js").latin;
