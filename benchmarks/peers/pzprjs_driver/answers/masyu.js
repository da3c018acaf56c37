// Masyu (pzprjs "mashu"): pencilsat's rows are pipe letters; pzprjs keeps the loop as lines
// on the borders between cells.
"use strict";

var grid = require("./_grid.js");

exports.apply = grid.applyPipes;
exports.spoil = grid.spoilPipes;

exports.rows = grid.pipeRows;
